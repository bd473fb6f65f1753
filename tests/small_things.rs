//! Small things of issue 27 (point 10) through the command line: `compose` counts its
//! puzzles in good English, and `repl` (and `play`) take `--color` like `check` does.

use assert_cmd::Command;

fn lanrick() -> Command {
    let mut c = Command::cargo_bin("lanrick").expect("the lanrick binary");
    c.env_remove("NO_COLOR");
    c
}

/// `compose: 1 puzzle from 7 positions`, not `1 puzzles`.
#[test]
fn compose_counts_one_puzzle_in_the_singular() {
    let out = lanrick()
        .args([
            "compose",
            "--seed",
            "100",
            "--count",
            "1",
            "--min-turns",
            "1",
            "--max-turns",
            "1",
            "--max-men",
            "6",
            "--attempts",
            "40",
            "--max-nodes",
            "200000",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("compose: 1 puzzle from "), "{err}");
    assert!(!err.contains("1 puzzles"), "{err}");
    let out = lanrick()
        .args([
            "compose",
            "--seed",
            "1",
            "--count",
            "1",
            "--max-turns",
            "1",
            "--max-men",
            "6",
            "--attempts",
            "1",
            "--max-nodes",
            "200000",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(" from 1 position (seed 1)"), "{err}");
}

/// `repl --color always` colours even lines read from a pipe; `never` and the default
/// (a pipe is no terminal) do not; a bad value is a usage error. `play` takes it too.
#[test]
fn repl_and_play_take_color() {
    let escape = |args: &[&str], input: &str| {
        let out = lanrick().args(args).write_stdin(input).output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        text.contains("\u{1b}[")
    };
    assert!(escape(&["repl", "--color", "always"], "mark d5\n:board\n"));
    assert!(!escape(&["repl", "--color", "never"], "mark d5\n:board\n"));
    assert!(!escape(&["repl"], "mark d5\n:board\n"));
    assert!(escape(
        &["play", "--color", "always", "--level", "0"],
        "mark d5\n"
    ));
    assert!(!escape(
        &["play", "--color", "never", "--level", "0"],
        "mark d5\n"
    ));
    lanrick()
        .args(["repl", "--color", "sometimes"])
        .assert()
        .code(2);
}

#[test]
fn game_listing_ends_with_a_newline() {
    for script in ["mark d5\n:game\n", ":game\n"] {
        let out = Command::cargo_bin("lanrick")
            .expect("the lanrick binary is built")
            .args(["repl", "--quiet"])
            .write_stdin(script)
            .output()
            .expect("lanrick runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.ends_with('\n'), "{script:?}: {text:?}");
    }
}
