//! The status lines under the board once the game is over (`lanrick replay`): nothing
//! due, no next Rendezvous, `1 man`, and the result said once.

use assert_cmd::Command;

fn replay(text: &str) -> String {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("game.lanrick");
    std::fs::write(&file, text).expect("written");
    let out = Command::cargo_bin("lanrick")
        .expect("the lanrick binary is built")
        .env("NO_COLOR", "1")
        .arg("replay")
        .arg(&file)
        .assert()
        .success()
        .get_output()
        .clone();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_resigned_game_says_nothing_is_due() {
    let out = replay("mark d5\nresign\n");
    assert!(!out.contains("to play"), "{out}");
    assert_eq!(out.matches("resigned").count(), 1, "{out}");
}

#[test]
fn a_game_won_to_the_last_man_has_no_next_rendezvous() {
    // Yellow is down to one man: Black has won.
    let out = replay("[Position \"8/8/8/3B4/2BB4/8/8/Y7 Y mark\"]\n\nassert winner B\n");
    assert!(out.contains("Yellow: 1 man"), "{out}");
    assert!(!out.contains("1 men"), "{out}");
    assert!(!out.contains("next Rendezvous"), "{out}");
    assert!(!out.contains("sets the Mark"), "{out}");
    assert_eq!(out.matches("Rule 9").count(), 1, "said once: {out}");
}
