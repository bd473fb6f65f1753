//! The REPL through the real binary with standard input piped: no prompts, no colour,
//! and an exit code that says whether a line failed.

use assert_cmd::Command;
use predicates::prelude::*;

fn lanrick() -> Command {
    let mut cmd = Command::cargo_bin("lanrick").expect("the lanrick binary is built");
    cmd.env_remove("NO_COLOR");
    cmd
}

#[test]
fn a_short_game_with_an_illegal_move_undo_and_save_checks_clean() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("game.lanrick");
    let script = format!(
        "mark d5\n\
         a7-a4\n\
         a7-a6 h5-h4\n\
         :undo\n\
         a7-b6\n\
         d1-d2\n\
         :save {}\n",
        file.display()
    );
    let out = lanrick()
        .arg("repl")
        .write_stdin(script)
        .assert()
        .code(1)
        // The diagnostic names the input line it came from (the second).
        .stderr(predicate::str::contains("[input:2:4]"))
        .stdout(predicate::str::contains("undone: Y: a7-a6 h5-h4"))
        .stdout(predicate::str::contains(
            "note: the 1 action undone kept as a variation of this one",
        ))
        .stdout(predicate::str::contains("saved 3 actions"))
        .get_output()
        .clone();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains('\x1b'), "no escape codes when piped");
    assert!(!stdout.contains("> "), "no prompts when piped");
    let saved = std::fs::read_to_string(&file).expect("the game was saved");
    assert!(
        saved.ends_with("\nB: mark d5\n1. Y: a7-b6 ( 1. Y: a7-a6 h5-h4 )\n2. B: d1-d2\n"),
        "{saved}"
    );
    lanrick().arg("check").arg(&file).assert().success();
}

#[test]
fn a_clean_script_exits_zero() {
    lanrick()
        .arg("repl")
        .write_stdin(":rules\nmark d5\n:position\nassert to-move Y\n:quit\nnot reached\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first",
        ))
        .stdout(predicate::str::contains("Rule 9"));
}

#[test]
fn a_failed_line_exits_one_but_the_session_goes_on() {
    lanrick()
        .arg("repl")
        .write_stdin(":nonsense\n:position\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no command `:nonsense`"))
        .stdout(predicate::str::contains(
            "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark",
        ));
}

#[test]
fn repl_starts_from_the_end_of_a_game_file() {
    let hint = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/carroll-hint-1.lanrick"
    );
    lanrick()
        .arg("repl")
        .arg(hint)
        .write_stdin(":position\n:undo\n:position\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("1 action on its main line"))
        .stdout(predicate::str::contains(
            "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play",
        ));
}

#[test]
fn no_command_without_a_terminal_is_an_error() {
    lanrick()
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give a command"));
}

#[test]
fn piped_output_has_no_banner_and_quiet_drops_the_boards() {
    let out = lanrick()
        .arg("repl")
        .write_stdin("mark d5\n:position\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("lanrick repl:"), "no banner: {stdout}");
    assert!(stdout.contains("a  b  c  d"), "boards by default: {stdout}");
    let out = lanrick()
        .args(["repl", "--quiet"])
        .write_stdin("mark d5\n:position\na7-a6 h5-h4\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("a  b  c  d"), "no boards: {stdout}");
    assert_eq!(stdout, "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first\n");
}

#[test]
fn piped_input_ending_with_unsaved_work_warns_on_stderr() {
    lanrick()
        .arg("repl")
        .write_stdin("mark d5\n")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "unsaved work in the current game (1 action)",
        ));
    // `quit` cannot be asked again when nobody answers: it warns and leaves.
    lanrick()
        .arg("repl")
        .write_stdin("mark d5\n:new\nquit\n:position\n")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "the game put aside by :new (1 action)",
        ))
        .stdout(predicate::str::contains("B mark").not());
    // Nothing unsaved: no warning.
    lanrick()
        .arg("repl")
        .write_stdin(":position\n")
        .assert()
        .success()
        .stderr(predicate::str::is_empty());
}

#[test]
fn a_game_of_a_collection_is_picked_by_number_or_event() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("two.lanrick");
    std::fs::write(
        &file,
        "[Event \"First\"]\n\nmark d5\n\n[Event \"Second\"]\n\nmark f3\n",
    )
    .expect("written");
    lanrick()
        .arg("repl")
        .arg(&file)
        .write_stdin(":position\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("it holds 2 games"))
        .stderr(predicate::str::contains("2  Second"));
    lanrick()
        .args(["repl", "--game", "Second"])
        .arg(&file)
        .write_stdin(":position\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("2B2Y1 Y f3 first"));
    // Quiet: the messages stay, the boards go.
    let out = lanrick()
        .args(["repl", "--quiet", "--game", "2"])
        .arg(&file)
        .write_stdin(":undo\n:position\n")
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "loaded {} (game 2 of 2): 1 action on its main line\nundone: B: mark f3\n\
             1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark\n",
            file.display()
        )
    );
}

#[test]
fn lanrick_play_answers_each_action_and_the_saved_game_checks_clean() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("played.lanrick");
    // The hint at level 3: from level 4 a hint at the prompt has a time limit as well as
    // its nodes, so on a loaded machine it may stop sooner and differ from run to run.
    let script = format!("mark d5\n:hint 3\n:go\n:game\n:save {}\n", file.display());
    let out = lanrick()
        .args(["play", "--level", "1", "--seed", "7", "--quiet"])
        .write_stdin(script.clone())
        .assert()
        .success()
        .stdout(predicate::str::contains("lanrick (Yellow) plays: "))
        .stdout(predicate::str::contains("hint: "))
        .stdout(predicate::str::contains("lanrick (Black) plays: "))
        .get_output()
        .clone();
    let text = std::fs::read_to_string(&file).expect("saved");
    // lanrick's actions are recorded as normal events, and the file replays.
    lanrick().arg("check").arg(&file).assert().success();
    assert!(
        text.lines().filter(|l| !l.starts_with('[')).count() >= 4,
        "{text}"
    );
    // The same seed and level give the same answers.
    let again = lanrick()
        .args(["play", "--level", "1", "--seed", "7", "--quiet"])
        .write_stdin(script)
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(out.stdout, again.stdout);
}

#[test]
fn play_go_and_hint_in_any_repl_session() {
    lanrick()
        .args(["repl", "--quiet"])
        .write_stdin(":play Y 1\n:play\nmark d5\n:play off\n:hint\n:play Q\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("lanrick plays Yellow at level 1"))
        .stdout(predicate::str::contains("lanrick (Yellow) plays: "))
        .stdout(predicate::str::contains("lanrick plays no side"))
        .stdout(predicate::str::contains("hint: "))
        .stderr(predicate::str::contains("`Q` is not a side"));
}
