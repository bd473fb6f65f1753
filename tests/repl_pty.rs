//! The REPL on a pseudo-terminal: a prompt, tab completion, the board, Ctrl-D.

#![cfg(unix)]

use expectrl::session::OsSession;
use expectrl::{Eof, Expect, Session};
use std::process::Command;
use std::time::Duration;

fn spawn(args: &[&str], data: &std::path::Path) -> OsSession {
    spawn_in(args, data, None)
}

/// The REPL on a pseudo-terminal, run in `dir` when given.
fn spawn_in(args: &[&str], data: &std::path::Path, dir: Option<&std::path::Path>) -> OsSession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lanrick"));
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    cmd.args(args)
        .env("XDG_DATA_HOME", data)
        .env("NO_COLOR", "1")
        .env("TERM", "xterm");
    let mut session = Session::spawn(cmd).expect("the REPL starts on a pseudo-terminal");
    session.set_expect_timeout(Some(Duration::from_secs(10)));
    session
}

#[test]
fn play_a_turn_with_completion_and_see_the_board() {
    let data = tempfile::tempdir().expect("temporary directory");
    let mut p = spawn(&["repl"], data.path());
    p.expect(":help").expect("the banner mentions :help");
    p.expect("Black sets the Mark> ").expect("the first prompt");
    // Tab completes `mark d` to `mark d5`, the only first Mark square on file d.
    p.send("mark d\t").expect("typed");
    p.expect("mark d5").expect("completed");
    p.send("\r").expect("entered");
    p.expect("a  b  c  d  e  f  g  h")
        .expect("the board is shown");
    p.expect("Yellow (first turn, 2 squares)> ")
        .expect("Yellow plays first");
    p.send("a7-a6 h5-h4\r").expect("a turn");
    p.expect("Black (5 squares)> ").expect("Black's turn");
    // Unsaved actions: the first Ctrl-D warns, the second leaves.
    p.send("\x04").expect("Ctrl-D");
    p.expect("unsaved").expect("a warning");
    // Wait for the prompt to come back before the second Ctrl-D: sent earlier, it can
    // arrive before the line editor reads again, and be lost.
    p.expect("Black (5 squares)> ").expect("the prompt again");
    p.send("\x04").expect("Ctrl-D again");
    p.expect(Eof).expect("the REPL ends");
    let history = data.path().join("lanrick").join("history");
    let kept = std::fs::read_to_string(&history).expect("the history is written");
    assert!(kept.contains("a7-a6 h5-h4"), "{kept}");
}

#[test]
fn no_arguments_on_a_terminal_start_the_repl() {
    let data = tempfile::tempdir().expect("temporary directory");
    let mut p = spawn(&[], data.path());
    p.expect("Black sets the Mark> ").expect("the prompt");
    p.send(":po\t\r").expect("typed");
    p.expect("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark")
        .expect("the position");
    p.send("quit\r").expect("typed");
    p.expect(Eof).expect("the REPL ends");
}

#[test]
fn ctrl_d_after_new_warns_about_the_game_put_aside() {
    let data = tempfile::tempdir().expect("temporary directory");
    let mut p = spawn(&["repl"], data.path());
    // The board is drawn at the start, with a legend.
    p.expect("{ } the Mark's square").expect("the legend");
    p.expect("Black sets the Mark> ").expect("the prompt");
    p.send("mark d5\r").expect("typed");
    p.expect("Yellow (first turn, 2 squares)> ")
        .expect("Yellow's turn");
    p.send(":new\r").expect("typed");
    p.expect("Black sets the Mark> ").expect("a new game");
    p.send("\x04").expect("Ctrl-D");
    p.expect("the game put aside by :new (1 action)")
        .expect("a warning about the game put aside");
    p.expect("Black sets the Mark> ").expect("still there");
    p.send(":position\r").expect("typed");
    p.expect("B mark").expect("the position");
    // `quit` too asks again.
    p.send("quit\r").expect("typed");
    p.expect("unsaved work").expect("warned again");
    p.expect("Black sets the Mark> ").expect("the prompt again");
    p.send("quit\r").expect("typed");
    p.expect(Eof).expect("the REPL ends");
}

#[test]
fn completion_lists_candidates_and_file_names_and_an_illegal_line_comes_back() {
    let data = tempfile::tempdir().expect("temporary directory");
    let work = tempfile::tempdir().expect("temporary directory");
    std::fs::write(
        work.path().join("mygame.lanrick"),
        "[Event \"Mine\"]\n\nmark d5\n",
    )
    .expect("written");
    let mut p = spawn_in(&["repl"], data.path(), Some(work.path()));
    p.expect("Black sets the Mark> ").expect("the prompt");
    // Two candidates: the second Tab lists both side by side.
    p.send(":s\t").expect("typed");
    std::thread::sleep(Duration::from_millis(300));
    p.send("\t").expect("typed");
    p.expect(expectrl::Regex(":setup +:save"))
        .expect("the candidates listed");
    p.send("\x15").expect("Ctrl-U clears the line");
    // A file name after `:load`.
    p.send(":load myg\t").expect("typed");
    p.expect("mygame.lanrick").expect("the file name completed");
    p.send("\r").expect("entered");
    p.expect("loaded mygame.lanrick").expect("loaded");
    p.expect("Yellow (first turn, 2 squares)> ")
        .expect("Yellow's turn");
    // An illegal line comes back for editing.
    p.send("a7-a4\r").expect("typed");
    p.expect("occupied").expect("the diagnostic");
    p.expect("Yellow (first turn, 2 squares)> a7-a4")
        .expect("the line offered again");
    p.send("\x15a7-a6 h5-h4\r").expect("edited");
    p.expect("Black (5 squares)> ").expect("Black's turn");
    p.send("\x04").expect("Ctrl-D");
    p.expect("unsaved").expect("warned");
    // Wait for the prompt to come back before the second Ctrl-D: sent earlier, it can
    // arrive before the line editor reads again.
    p.expect("Black (5 squares)> ").expect("the prompt again");
    p.send("\x04").expect("Ctrl-D again");
    p.expect(Eof).expect("the REPL ends");
}

#[test]
fn lanrick_thinks_with_a_spinner_and_its_actions_are_saved() {
    let data = tempfile::tempdir().expect("temporary directory");
    let work = tempfile::tempdir().expect("temporary directory");
    let mut p = spawn_in(
        &["play", "--level", "4", "--side", "Y"],
        data.path(),
        Some(work.path()),
    );
    // lanrick has Black and sets the first Mark at once, showing that it thinks.
    p.expect("lanrick is thinking").expect("the spinner");
    p.expect("lanrick (Black) plays: mark").expect("its Mark");
    p.expect("Yellow (first turn, 2 squares)> ")
        .expect("your turn");
    // `:hint` thinks for Yellow the same way and plays nothing.
    p.send(":hint\r").expect("typed");
    p.expect("lanrick is thinking")
        .expect("the spinner for the hint");
    p.expect("hint: ").expect("the hint");
    p.expect("Yellow (first turn, 2 squares)> ")
        .expect("still your turn");
    p.send(":go\r").expect("typed");
    p.expect("lanrick (Yellow) plays: ")
        .expect("lanrick plays Yellow's next action");
    // lanrick's actions are normal events that `check` replays.
    let saved = save_quit_and_check(&mut p, "> ", work.path());
    assert!(saved.contains("mark"), "{saved}");
}

/// At `prompt`: saves the game to `dir/g.lanrick`, quits, and asserts that `check`
/// passes the file; returns its text.
fn save_quit_and_check(p: &mut OsSession, prompt: &str, dir: &std::path::Path) -> String {
    p.expect(prompt).expect("the prompt");
    p.send(":save g.lanrick\r").expect("typed");
    p.expect("saved").expect("saved");
    p.expect(prompt).expect("the prompt");
    p.send("quit\r").expect("typed");
    p.expect(Eof).expect("the REPL ends");
    let saved = std::fs::read_to_string(dir.join("g.lanrick")).expect("the game file");
    let out = Command::new(env!("CARGO_BIN_EXE_lanrick"))
        .args(["check", "g.lanrick"])
        .current_dir(dir)
        .output()
        .expect("check runs");
    assert!(
        out.status.success(),
        "{saved}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    saved
}

#[test]
fn ctrl_c_stops_the_thinking_and_lanrick_plays_the_best_found_so_far() {
    let data = tempfile::tempdir().expect("temporary directory");
    let work = tempfile::tempdir().expect("temporary directory");
    let mut p = spawn_in(&["repl"], data.path(), Some(work.path()));
    p.expect("Black sets the Mark> ").expect("the prompt");
    // The engine bench's reference position (248,640 outcomes): the top level
    // thinks long here (in a debug build, most of the prompt's two seconds).
    p.send(":setup \"4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play\"\r")
        .expect("typed");
    p.expect("Yellow (5 squares)> ").expect("Yellow to play");
    p.send(":play Y 4\r").expect("typed");
    p.expect("lanrick is thinking").expect("the spinner");
    std::thread::sleep(Duration::from_millis(200));
    p.send("\x03").expect("Ctrl-C");
    p.expect("thinking stopped by Ctrl-C")
        .expect("the stop is said");
    p.expect("lanrick (Yellow) plays: ")
        .expect("the best action found so far is played");
    // The REPL goes on, and the game is saved with lanrick's action in it.
    save_quit_and_check(&mut p, "Black (3 squares)> ", work.path());
}
