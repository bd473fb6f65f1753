//! Using lanrick as a library: read a game file, replay it, ask for the legal turns of
//! the position it reaches, and prove a puzzle.
//!
//! ```sh
//! cargo run --example library                       # the shipped game and puzzle
//! cargo run --example library -- GAME.lanrick PUZZLE.lanrick
//! ```
//!
//! `cargo test --examples` runs it (with the shipped files) as a test.

use lanrick::engine::outcomes;
use lanrick::interp::{Options, proof, run_file};
use lanrick::prover::{self, Limits, Verdict, Wants};
use std::path::{Path, PathBuf};

/// A file shipped beside this example.
fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// Replays every game of `path`, then lists the legal outcomes of the last game's
/// last action (from the position before it); whether the action played is one of
/// them.
fn replay(path: &Path) -> Result<bool, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    // Parse and interpret: every event checked against the game's rules; `each` keeps
    // every position of the main lines.
    let file = run_file(&text, Options { each: true });
    for problem in file.problems() {
        println!("{}: {problem} [{}]", path.display(), problem.code);
    }
    if !file.passed() {
        return Err(format!("{} does not replay", path.display()));
    }
    let last = file.games.last().ok_or("no game in the file")?;
    let runner = last.runner.as_ref().ok_or("the game was not replayed")?;
    println!(
        "{}: {} game(s) replayed; {} ends at {}",
        path.display(),
        file.games.len(),
        last.name(),
        runner.position()
    );
    let [.., (_, before), (_, after)] = last.positions.as_slice() else {
        return Err("the game has no action".into());
    };
    // The legal outcomes of the action due before the last one played, each with one
    // action reaching it (distinct resulting positions).
    let legal = outcomes::outcomes(before);
    println!("  from {before}: {} distinct outcomes", legal.len());
    for o in legal.iter().take(3) {
        println!("  legal: {}", o.action);
    }
    let played = legal.iter().find(|o| o.position == *after);
    if let Some(o) = played {
        println!("  the game played one of them: {}", o.action);
    }
    Ok(played.is_some())
}

/// Proves the puzzle of the first game of `path`: its verdict.
fn prove(path: &Path) -> Result<Verdict, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = run_file(&text, Options::default());
    let game = file.games.first().ok_or("no game in the file")?;
    let puzzle = game.puzzle.as_deref().ok_or("the game has no Goal tag")?;
    let goal = proof::prover_goal(&puzzle.goal);
    let wants = Wants {
        written: puzzle.key.as_ref().map(|(_, after)| *after),
        trees: true,
        ..Wants::default()
    };
    let report = prover::solve(&puzzle.start, goal, &Limits::default(), &wants)
        .map_err(|e| format!("{}: {e:?}", path.display()))?;
    println!(
        "{}: {} — {} key(s) force the goal, {} nodes",
        path.display(),
        report.verdict.name(),
        report.true_keys().count(),
        report.nodes
    );
    Ok(report.verdict)
}

fn main() -> Result<(), String> {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let game = args
        .next()
        .unwrap_or_else(|| shipped("complete-game.lanrick"));
    let puzzle = args
        .next()
        .unwrap_or_else(|| shipped("puzzles/composed-1-01.lanrick"));
    replay(&game)?;
    prove(&puzzle)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped game replays, its last action is among the legal outcomes the
    /// engine lists, and the shipped puzzle is proved sound.
    #[test]
    fn the_example_replays_lists_and_proves() {
        assert_eq!(replay(&shipped("complete-game.lanrick")), Ok(true));
        assert_eq!(replay(&shipped("1880-game.lanrick")), Ok(true));
        assert_eq!(
            prove(&shipped("puzzles/composed-1-01.lanrick")),
            Ok(Verdict::Sound)
        );
        assert_eq!(
            prove(&shipped("puzzles/composed-2-01.lanrick")),
            Ok(Verdict::Sound)
        );
    }
}
