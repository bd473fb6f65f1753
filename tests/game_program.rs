//! The game program as a player meets it (issue 27), through the real binary with
//! standard input piped: take-back against lanrick, each edition in its own words,
//! announcements before the board they lead to, and records that say who played what.

use assert_cmd::Command;

fn lanrick() -> Command {
    let mut cmd = Command::cargo_bin("lanrick").expect("the lanrick binary is built");
    cmd.env_remove("NO_COLOR").env("LANRICK_PLAYER", "Anna");
    cmd
}

/// Runs `args` with `script` on standard input; standard output and error.
fn run(args: &[&str], script: &str) -> (String, String) {
    let out = lanrick()
        .args(args)
        .write_stdin(script.to_string())
        .output()
        .expect("lanrick runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn undo_against_lanrick_takes_back_to_the_users_last_decision_and_waits() {
    let script = "mark d5\n:undo\n:game\n:redo\n:game\n";
    let (out, err) = run(&["play", "--level", "0", "--seed", "3", "--quiet"], script);
    // lanrick answered the Mark once; the undo takes back its reply and the Mark.
    assert_eq!(
        out.matches("lanrick (Yellow) plays: ").count(),
        1,
        "{out}{err}"
    );
    let undone = out
        .lines()
        .find(|l| l.starts_with("undone: "))
        .expect("the undo says what it took back");
    assert!(undone.starts_with("undone: Y: "), "{undone}");
    assert!(undone.ends_with("; B: mark d5"), "{undone}");
    // Nothing played again after the undo: the game is empty until the redo.
    let after_undo = &out[out.find("undone: ").expect("undone")..];
    let redone_at = after_undo.find("redone: ").expect("the redo answers");
    assert!(
        !after_undo[..redone_at].contains("plays: "),
        "lanrick must wait after an undo: {after_undo}"
    );
    // The redo brings back the same decision: the Mark and lanrick's reply.
    let redone = after_undo[redone_at..].lines().next().expect("a line");
    assert!(redone.starts_with("redone: B: mark d5; Y: "), "{redone}");
    assert!(!after_undo[redone_at..].contains("plays: "), "{after_undo}");
}

#[test]
fn without_lanrick_undo_takes_back_one_action_at_a_time() {
    let (out, _) = run(&["repl", "--quiet"], "mark d5\na7-a6\n:undo\n:undo\n");
    let undone: Vec<&str> = out.lines().filter(|l| l.starts_with("undone: ")).collect();
    assert_eq!(undone, ["undone: Y: a7-a6", "undone: B: mark d5"], "{out}");
}

#[test]
fn a_1879_round_is_told_in_its_own_rules_before_the_board() {
    let script = ":setup \"8/8/8/3Y4/3B4/3BBB2/8/Y6Y B e4 play 0-0 Y\"\nx a1\n";
    let (out, err) = run(&["repl", "--rules", "1879"], script);
    let won = out
        .find("Black wins the Rendezvous: Yellow's man on a1 is removed (Rule 5, 1879).")
        .unwrap_or_else(|| panic!("the win cites the 1879 rule: {out}{err}"));
    let round = out
        .find("The round is over: Black 4, Yellow 0")
        .unwrap_or_else(|| panic!("the round's end is told: {out}"));
    assert!(
        !out.contains("(Rule 8)"),
        "1893's rule in a 1879 game: {out}"
    );
    // Cause before effect: both are told before the board that follows them, the
    // empty board of the next round's set-ups.
    let board_after = out[round..]
        .find("sets his own men")
        .unwrap_or_else(|| panic!("the board after the round: {out}"));
    assert!(won < round && board_after > 0, "{out}");
    // The setter of the next round is told by the board, not as "sets the next Mark".
    assert!(!out.contains("sets the next Mark"), "{out}");
}

#[test]
fn a_1893_rendezvous_won_is_told_before_the_board() {
    let script = ":setup \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"\nc6-d5 d7-c6 e7-d7 x e6\n";
    let (out, err) = run(&["repl"], script);
    let won = out
        .find("Yellow wins the Rendezvous: Black's man on e6 is removed (Rule 8).")
        .unwrap_or_else(|| panic!("the win is told: {out}{err}"));
    // The board after the take follows the announcement: the last diagram comes after.
    let last_board = out
        .rfind("a  b  c  d  e  f  g  h")
        .expect("boards are drawn");
    assert!(won < last_board, "{out}");
}

#[test]
fn a_game_saved_from_play_says_who_played_what() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("game.lanrick");
    let script = format!("mark d5\n:go\n:save {}\n", file.display());
    let (out, err) = run(
        &[
            "play", "--level", "1", "--seed", "5", "--quiet", "--side", "B",
        ],
        &script,
    );
    assert!(out.contains("saved"), "{out}{err}");
    let text = std::fs::read_to_string(&file).expect("saved");
    assert!(text.contains("[Black \"Anna, lanrick level 1\"]"), "{text}");
    assert!(text.contains("[Yellow \"lanrick level 1\"]"), "{text}");
    assert!(text.contains("[Date \""), "{text}");
    let body: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.is_empty())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(body.first(), Some(&"B: mark d5"), "{text}");
    assert!(
        body.get(1).is_some_and(|l| l.starts_with("1. Y: ")),
        "{text}"
    );
    assert!(
        body.get(2).is_some_and(|l| l.starts_with("2. B: ")),
        "{text}"
    );
    // The prefixes are checked when the file is read again: it checks clean.
    lanrick().arg("check").arg(&file).assert().success();
}

#[test]
fn a_1880_and_a_1879_game_saved_name_their_rules() {
    for rules in ["1880", "1879"] {
        let dir = tempfile::tempdir().expect("temporary directory");
        let file = dir.path().join("game.lanrick");
        let script = format!(":go\n:save {}\n", file.display());
        let (out, err) = run(&["repl", "--rules", rules, "--quiet"], &script);
        assert!(out.contains("saved"), "{rules}: {out}{err}");
        let text = std::fs::read_to_string(&file).expect("saved");
        assert!(text.contains(&format!("[Rules \"{rules}\"]")), "{text}");
        assert!(text.contains("lanrick level 3"), "{text}");
        lanrick().arg("check").arg(&file).assert().success();
    }
}

#[test]
fn a_hint_thinks_at_the_level_asked_and_explains_without_a_score() {
    // lanrick plays Yellow at level 0; the hint thinks at the strongest level unless
    // told, and `:hint 2` at level 2.
    let script = "mark d5\n:hint\n:hint 2\n:hint 9\n";
    let (out, err) = run(&["play", "--level", "0", "--seed", "2", "--quiet"], script);
    let hints: Vec<&str> = out.lines().filter(|l| l.starts_with("hint: ")).collect();
    assert_eq!(hints.len(), 2, "{out}{err}");
    let strongest = format!("(level {})", lanrick::player::MAX_LEVEL);
    assert!(hints[0].ends_with(&strongest), "{}", hints[0]);
    assert!(hints[1].ends_with("(level 2)"), "{}", hints[1]);
    assert!(err.contains("`9` is not a level"), "{err}");
    assert!(!out.contains("score"), "no raw score: {out}");
    // Each hint is followed by its facts.
    assert!(out.contains("  - "), "{out}");
}

#[test]
fn a_hint_names_a_forced_win_in_words() {
    let script = ":setup \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"\n:hint\n";
    let (out, err) = run(&["repl", "--quiet"], script);
    assert!(
        out.contains("  - it forces a win of the Rendezvous in 1 turn (proved)"),
        "{out}{err}"
    );
    assert!(out.contains("  - it wins the Rendezvous now"), "{out}");
}

#[test]
fn an_interchange_says_which_men_changed_colour_and_why() {
    let (out, err) = run(&["repl", "--quiet"], "mark d5\ninterchange\n");
    let line = out
        .lines()
        .find(|l| l.starts_with("Yellow demands an interchange (Rule 5): "))
        .unwrap_or_else(|| panic!("the interchange is told: {out}{err}"));
    // At the start both sides have five men: every man changes colour.
    assert!(
        line.contains("Black exchanges his 5 men for as many of Yellow's"),
        "{line}"
    );
    let squares = line.matches(|c: char| c.is_ascii_digit()).count();
    assert!(squares >= 10, "ten squares named: {line}");
}

/// The line of a forced win in two shows the most stubborn defence (issue 27, point
/// 4): by brute force over every defence after the key and every reply after each,
/// every defence loses in one (the win is forced), and the one shown leaves the
/// attacker the fewest winning replies (counted up to four); the reply shown wins
/// after it.
#[test]
fn a_win_in_two_is_shown_against_the_most_stubborn_defence() {
    let (mut differ, mut checked) = (false, 0);
    for start in [
        "8/8/8/3Y4/4B1B1/2Y3B1/4Y3/8 Y e4 play",
        "8/6B1/5B1Y/8/5B1Y/8/8/8 Y d4 play",
        "4Y2Y/5B1Y/6BB/8/8/8/8/8 B g6 play",
        // Composed (`compose --seed 7 --min-turns 2 --max-men 5`): c1-g1 leaves two
        // winning replies, c1-h2 one.
        "8/8/3Y4/B3B3/8/B7/8/2Y5 B d6 play",
    ] {
        if let Some(d) = stubborn_defence_shown(start) {
            checked += 1;
            differ |= d;
        }
    }
    assert!(checked >= 3, "only {checked} lines of a win in two");
    assert!(differ, "some defences resist more than others");
}

/// Checks the line shown for `start`; whether its defences leave different numbers of
/// winning replies (`None`: the hint shows no win in two there).
fn stubborn_defence_shown(start: &str) -> Option<bool> {
    use lanrick::engine::search::visit_outcomes;
    use lanrick::engine::{Game, Position};
    use std::ops::ControlFlow;
    let (out, err) = run(
        &["repl", "--quiet"],
        &format!(":setup \"{start}\"\n:hint\n"),
    );
    let Some((game_won, line)) = out.lines().find_map(|l| {
        l.strip_prefix("  - it forces a win of the game in 2 turns (proved): ")
            .map(|rest| (true, rest))
            .or_else(|| {
                l.strip_prefix("  - it forces a win of the Rendezvous in 2 turns (proved): ")
                    .map(|rest| (false, rest))
            })
    }) else {
        // The hint found a shorter win, or none within its budget: nothing to weigh.
        let _ = err;
        return None;
    };
    let steps: Vec<&str> = line.split("; ").collect();
    assert_eq!(steps.len(), 3, "key; defence; reply: {line}");
    let play = |game: &mut Game, text: &str| {
        let mut runner = lanrick::interp::Runner::from_position(*game.position());
        for item in lanrick::syntax::parse_line(text).expect("parses") {
            if let lanrick::syntax::ast::Item::Event(e) = item {
                runner
                    .apply(&e)
                    .unwrap_or_else(|_| panic!("`{text}` is legal"));
            }
        }
        *game = Game::new(*runner.position());
    };
    let mut game = Game::new(start.parse::<Position>().expect("a position"));
    let attacker = game.position().to_act();
    // What the attacker's reply must do: win the game, or the Rendezvous (a man of
    // the other side taken).
    let wins = move |before: &Position, after: &Position| {
        after.winner() == Some(attacker)
            || !game_won && after.count(!attacker) < before.count(!attacker)
    };
    play(&mut game, steps[0]);
    let after_key = *game.position();
    // Every defence, and the attacker's winning replies after each.
    let wins_after = |p: &Position| {
        let mut n = 0usize;
        let _ = visit_outcomes(p, |_, after| {
            if wins(p, after) {
                n += 1;
            }
            ControlFlow::Continue(())
        });
        n
    };
    let mut counts = Vec::new();
    let _ = visit_outcomes(&after_key, |_, after| {
        counts.push((*after, wins_after(after)));
        ControlFlow::Continue(())
    });
    assert!(counts.len() > 10, "a choice of defences");
    assert!(
        counts.iter().all(|(_, n)| *n > 0),
        "{start}: every defence loses in one"
    );
    // The hint counts up to four replies: past that, defences are alike.
    let counted = |n: usize| n.min(lanrick::session::hint::REPLIES_COUNTED);
    let fewest = counts
        .iter()
        .map(|(_, n)| counted(*n))
        .min()
        .expect("defences");
    let mut shown = game.clone();
    play(&mut shown, steps[1]);
    let shown_count = counts
        .iter()
        .find(|(p, _)| p == shown.position())
        .map(|(_, n)| counted(*n))
        .expect("the defence shown is a defence");
    assert_eq!(
        shown_count, fewest,
        "{start}: `{}` leaves {shown_count} winning replies; another defence leaves {fewest}",
        steps[1]
    );
    let before_reply = *shown.position();
    play(&mut shown, steps[2]);
    assert!(wins(&before_reply, shown.position()), "{start}: {line}");
    Some(counts.iter().any(|(_, n)| counted(*n) > fewest))
}
