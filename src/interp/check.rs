//! One game's text checked as `check` checks it: parsed alone (every syntax error), or
//! replayed with [`run_game`], its spans moved to where the game stands in its file;
//! and a replayed puzzle proved, the verdict's diagnostic put first among its problems.
//! `check` (game by game as it reads a file) and the language server (game by game as
//! a document changes) both call these, so they report the same problems.

use super::{GameRun, Options, Problem, proof, run_game, syntax_problem};
use crate::prover::{Limits, Report};
use crate::syntax;

/// What checking one game's text gives.
#[derive(Debug)]
pub enum GameCheck {
    /// Its syntax errors, every one (not replayed).
    Syntax(Vec<Problem>),
    /// The game replayed (`None`: the text holds no game, only blank lines or
    /// comments).
    Game(Option<Box<GameRun>>),
}

/// Checks one game's `text`, the `number`th (from 1) of its file, which starts at byte
/// `at` of the file: every span of the answer is a file offset.
pub fn check_game_text(text: &str, number: usize, at: usize, opts: Options) -> GameCheck {
    let file = match syntax::parse_file_all_errors(text) {
        Ok(f) => f,
        Err(errors) => {
            return GameCheck::Syntax(
                errors
                    .iter()
                    .map(|e| syntax_problem(e).shifted(at))
                    .collect(),
            );
        }
    };
    let Some(g) = file.games.first() else {
        return GameCheck::Game(None);
    };
    let mut run = run_game(g, number, opts);
    run.span = run.span.shift(at);
    run.problems = std::mem::take(&mut run.problems)
        .into_iter()
        .map(|p| p.shifted(at))
        .collect();
    for (span, _) in &mut run.positions {
        if let Some(s) = span {
            *s = s.shift(at);
        }
    }
    if let Some(pz) = &mut run.puzzle {
        pz.goal_span = pz.goal_span.shift(at);
        if let Some((s, _)) = &mut pz.key {
            *s = s.shift(at);
        }
    }
    GameCheck::Game(Some(Box::new(run)))
}

/// The `Event` tag of a game that has a syntax error, for its name in reports: read
/// from its tag lines that parse, each on its own, up to its first event line.
pub fn event_tag(text: &str) -> Option<String> {
    let mut from = 0;
    while from < text.len() {
        let end = syntax::file_line_end(text, from);
        if let Ok(file) = syntax::parse_file(text.get(from..end)?)
            && let Some(game) = file.games.first()
        {
            if !game.body.is_empty() {
                return None;
            }
            if let Some(t) = game.tag("Event") {
                return Some(t.value.node.clone());
            }
        }
        from = end.max(from + 1);
    }
    None
}

/// Proves a game's puzzle, whatever its written line (`check` proves every puzzle):
/// the verdict's diagnostic goes first into its problems, the line's own problems (an
/// illegal action, a goal the line does not reach) stay beside it, and the prover's
/// report is returned (`None`: no puzzle, or one that cannot be set up, whose problem
/// is then first). A line that gives only the key (or the key and some defences) and
/// stops before the goal is settled is a partial solution: the verdict on the key
/// judges it, and its `lanrick::goal::unmet` is dropped.
pub fn prove_into(run: &mut GameRun, limits: &Limits) -> Option<Report> {
    let pz = run.puzzle.as_ref()?;
    match proof::prove(pz, limits) {
        Err(p) => {
            run.problems.insert(0, p);
            None
        }
        Ok(r) => {
            if run.goal_open && pz.key.is_some() {
                let unmet = super::Code::GoalUnmet.as_str();
                run.problems.retain(|p| p.code != unmet);
            }
            if let Some(p) = proof::verdict_problem(pz, &r) {
                run.problems.insert(0, p);
            }
            Some(r)
        }
    }
}
