//! Hostile numbers and endless input at the command line and the REPL: every number an
//! option takes is checked by the parser (range, finite, no overflow), impossible
//! combinations are refused before any work, nothing is allocated by a user's count up
//! front, and endless input ends with a clear error instead of the memory limit.

use assert_cmd::Command;
use std::path::Path;
use std::time::Duration;

fn lanrick() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lanrick"));
    cmd.env("NO_COLOR", "1").timeout(Duration::from_secs(120));
    cmd
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// The text of a run's standard error.
fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs lanrick with `args` and expects a usage error (exit 2) that names `flag`, and
/// no panic.
fn refused(args: &[&str], flag: &str) {
    let out = lanrick()
        .args(args)
        .timeout(Duration::from_secs(30))
        .output()
        .expect("lanrick runs");
    let err = stderr(&out);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?} should be refused with exit 2\nstderr: {err}\nstdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(
        err.contains(flag),
        "{args:?}: the error should name {flag}: {err}"
    );
}

/// A puzzle: Yellow to act, a direct goal.
const POSITION: &str = "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first";

fn puzzle(dir: &Path, goal: &str) -> std::path::PathBuf {
    let path = dir.join("puzzle.lanrick");
    std::fs::write(
        &path,
        format!("[Position \"{POSITION}\"]\n[Goal \"{goal}\"]\n\n"),
    )
    .expect("writes");
    path
}

// ---------------------------------------------------------------------------------
// Point 8: compose's impossible arguments

#[test]
fn compose_refuses_fewer_men_than_a_game_in_play_has() {
    // 1893: each side keeps two men until the game is won (Rule 9), so four at least.
    for men in ["0", "1", "2", "3"] {
        refused(
            &[
                "compose",
                "--seed",
                "1",
                "--max-men",
                men,
                "--attempts",
                "2",
            ],
            "--max-men",
        );
    }
    // 1879: a round ends when a side is down to two men, so six at least in play.
    refused(
        &[
            "compose",
            "--seed",
            "1",
            "--rules",
            "1879",
            "--max-men",
            "3",
            "--attempts",
            "2",
        ],
        "--max-men",
    );
    // 1880: one man a side.
    refused(
        &[
            "compose",
            "--seed",
            "1",
            "--rules",
            "1880",
            "--max-men",
            "1",
            "--attempts",
            "2",
        ],
        "--max-men",
    );
}

#[test]
fn compose_refuses_min_turns_above_max_turns_and_zero_counts() {
    refused(
        &[
            "compose",
            "--seed",
            "1",
            "--min-turns",
            "3",
            "--max-turns",
            "1",
        ],
        "--min-turns",
    );
    refused(
        &["compose", "--seed", "1", "--min-turns", "0"],
        "--min-turns",
    );
    refused(
        &["compose", "--seed", "1", "--max-turns", "0"],
        "--max-turns",
    );
    refused(&["compose", "--seed", "1", "--attempts", "0"], "--attempts");
    refused(&["compose", "--seed", "1", "--count", "0"], "--count");
    refused(
        &["compose", "--seed", "1", "--count", "5", "--attempts", "3"],
        "--count",
    );
    refused(&["compose", "--seed", "1", "--max-men", "11"], "--max-men");
}

// ---------------------------------------------------------------------------------
// Point 10: every number at the command line

#[test]
fn max_time_must_be_finite_seconds_up_to_a_year() {
    let dir = temp();
    let file = puzzle(dir.path(), "Y wins rendezvous in 1");
    let file = file.to_str().expect("UTF-8 path");
    for bad in [
        "1e20", "NaN", "nan", "inf", "-inf", "1e309", "-1", "", " 5", "1_000", "31622400",
    ] {
        let time = format!("--max-time={bad}");
        refused(&["solve", file, &time], "--max-time");
        refused(&["check", file, &time], "--max-time");
        refused(&["compose", "--seed", "1", &time], "--max-time");
    }
    // A year is still accepted, and so is zero (an immediate `unproven`).
    let year = lanrick()
        .args(["solve", file, "--max-time", "31536000"])
        .output()
        .expect("runs");
    // The verdict (this position has no solution: exit 1), not a usage error.
    assert!(
        matches!(year.status.code(), Some(0 | 1)),
        "{}",
        stderr(&year)
    );
    let zero = lanrick()
        .args(["solve", file, "--max-time", "0"])
        .output()
        .expect("runs");
    assert!(
        matches!(zero.status.code(), Some(0..=2)),
        "{}",
        stderr(&zero)
    );
    assert!(!stderr(&zero).contains("panicked"));
}

#[test]
fn the_prover_budget_numbers_are_checked() {
    let dir = temp();
    let file = puzzle(dir.path(), "Y wins rendezvous in 1");
    let file = file.to_str().expect("UTF-8 path");
    for (flag, bad) in [
        ("--max-nodes", "0"),
        ("--max-nodes", "18446744073709551616"),
        ("--max-nodes", "-5"),
        ("--hash", "0"),
        ("--hash", "18446744073709551615"),
        ("--hash", "17592186044416"),
        ("--threads", "0"),
        ("--threads", "18446744073709551615"),
        ("--threads", "100000"),
    ] {
        let arg = format!("{flag}={bad}");
        refused(&["solve", file, &arg], flag);
        refused(&["check", file, &arg], flag);
    }
    for (flag, bad) in [
        ("--game", "0"),
        ("--game", "18446744073709551616"),
        ("--defences", "0"),
    ] {
        refused(&["solve", file, &format!("{flag}={bad}")], flag);
    }
}

#[test]
fn game_numbers_and_jobs_are_checked() {
    let dir = temp();
    let file = puzzle(dir.path(), "Y wins rendezvous in 1");
    let file = file.to_str().expect("UTF-8 path");
    refused(&["replay", file, "--game", "0"], "--game");
    refused(&["replay", file, "--game", "-1"], "-1");
    refused(&["render", file, "--game", "0"], "--game");
    refused(&["render", file, "--after", "-1"], "-1");
    refused(&["check", file, "--jobs", "0"], "--jobs");
    refused(&["check", file, "--jobs", "18446744073709551615"], "--jobs");
    refused(&["repl", file, "--game", ""], "--game");
}

#[test]
fn game_counts_are_bounded() {
    for cmd in [
        &["selfplay", "--seed", "1"][..],
        &["match", "--a", "0", "--b", "0", "--seed", "1"][..],
    ] {
        for bad in ["18446744073709551615", "100000000", "0", "-1", "1e3", ""] {
            let mut args = cmd.to_vec();
            let games = format!("--games={bad}");
            args.push(&games);
            refused(&args, "--games");
        }
    }
}

#[test]
fn seeds_and_levels_are_checked() {
    for (args, named) in [
        (
            &["selfplay", "--games", "1", "--seed", "18446744073709551616"][..],
            "--seed",
        ),
        (&["selfplay", "--games", "1", "--seed=-1"][..], "-1"),
        (
            &["selfplay", "--games", "1", "--seed", "1_000"][..],
            "--seed",
        ),
        (&["selfplay", "--games", "1", "--seed", " 5"][..], "--seed"),
        (&["selfplay", "--games", "1", "--seed", ""][..], "--seed"),
        (
            &[
                "selfplay",
                "--games",
                "1",
                "--seed",
                "1",
                "--annotate",
                "NaN",
            ][..],
            "--annotate",
        ),
        (
            &[
                "selfplay",
                "--games",
                "1",
                "--seed",
                "1",
                "--annotate",
                "1e309",
            ][..],
            "--annotate",
        ),
        (
            &[
                "match", "--a", "6", "--b", "0", "--games", "2", "--seed", "1",
            ][..],
            "--a",
        ),
        (&["play", "--level", "255"][..], "--level"),
        (&["play", "--seed", "NaN"][..], "--seed"),
        (&["repl", "--die-seed", "inf"][..], "--die-seed"),
        (
            &["render", "--position", POSITION, "--size", "1e309"][..],
            "--size",
        ),
    ] {
        refused(args, named);
    }
}

#[test]
fn selfplay_streams_its_games_instead_of_holding_them() {
    // A million games: written one by one, so the reader gets the first at once and
    // lanrick stops when the reader goes away (before: all games played and held
    // first, 64 bytes each reserved up front).
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "timeout 60 '{}' selfplay --games 1000000 --seed 1 | head -c 200",
            env!("CARGO_BIN_EXE_lanrick")
        ))
        .output()
        .expect("sh runs");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("[Event \"selfplay 1 #1\"]"));
}

// ---------------------------------------------------------------------------------
// Point 13: match's games and formats

#[test]
fn match_refuses_zero_games_and_formats_it_cannot_write() {
    refused(
        &[
            "match", "--a", "0", "--b", "0", "--games", "0", "--seed", "1",
        ],
        "--games",
    );
    for format in ["junit", "github"] {
        refused(
            &[
                "match", "--a", "0", "--b", "0", "--games", "2", "--seed", "1", "--format", format,
            ],
            "--format",
        );
    }
    let out = lanrick()
        .args([
            "match", "--a", "0", "--b", "0", "--games", "2", "--seed", "1", "--format", "json",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["games"], 2);
}

// ---------------------------------------------------------------------------------
// Point 9: endless input

/// Runs `script` (with `$L` the binary) under a memory limit of about 4 GB, so that a
/// regression fails at the limit instead of taking the machine's memory.
fn limited(script: &str) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v 4000000; timeout 120 sh -c '{script}'"))
        .env("L", env!("CARGO_BIN_EXE_lanrick"))
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs")
}

#[test]
fn check_and_replay_refuse_a_game_larger_than_the_limit() {
    for script in [
        "\"$L\" check /dev/zero",
        "\"$L\" check --format json /dev/zero",
        "\"$L\" replay /dev/zero",
        "yes | \"$L\" check -",
        "yes | \"$L\" replay -",
    ] {
        let out = limited(script);
        let err = stderr(&out);
        let all = format!("{err}{}", String::from_utf8_lossy(&out.stdout));
        assert!(
            matches!(out.status.code(), Some(1 | 2)),
            "{script}: exit {:?}\n{err}",
            out.status.code()
        );
        assert!(!err.contains("memory allocation"), "{script}: {err}");
        assert!(
            all.contains("lanrick::io::too_large") && all.contains("256 MiB"),
            "{script}: the error should name the limit: {all}"
        );
    }
}

#[test]
fn whole_file_readers_refuse_endless_input() {
    for script in [
        "\"$L\" fmt --check /dev/zero",
        "\"$L\" replay --html \"$TMPDIR/out.html\" /dev/zero",
        "\"$L\" render /dev/zero",
        "\"$L\" solve /dev/zero",
        "yes | \"$L\" fmt -",
    ] {
        let dir = temp();
        let script = script.replace("$TMPDIR", dir.path().to_str().expect("UTF-8"));
        let out = limited(&script);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{script}: {err}");
        assert!(
            err.contains("MiB"),
            "{script}: the error names the limit: {err}"
        );
    }
}

// ---------------------------------------------------------------------------------
// Point 16: a goal of no turns

#[test]
fn a_goal_in_zero_turns_is_invalid_for_check_and_solve_alike() {
    let dir = temp();
    let file = puzzle(dir.path(), "Y wins rendezvous in 0");
    let check = lanrick().arg("check").arg(&file).output().expect("runs");
    let err = stderr(&check);
    assert_eq!(check.status.code(), Some(1), "{err}");
    assert!(err.contains("lanrick::goal::invalid"), "{err}");
    assert!(!err.contains("lanrick::goal::unmet"), "{err}");
    let solve = lanrick().arg("solve").arg(&file).output().expect("runs");
    let err = stderr(&solve);
    assert_eq!(solve.status.code(), Some(2), "{err}");
    assert!(err.contains("lanrick::goal::invalid"), "{err}");
    let solve = lanrick()
        .args([
            "solve",
            "--position",
            POSITION,
            "--goal",
            "Y wins rendezvous in 0",
        ])
        .output()
        .expect("runs");
    let err = stderr(&solve);
    assert_eq!(solve.status.code(), Some(2), "{err}");
    assert!(err.contains("lanrick::goal::invalid"), "{err}");
}

// ---------------------------------------------------------------------------------
// The REPL's numbers

#[test]
fn repl_numbers_never_overflow_or_hang() {
    let out = lanrick()
        .args(["repl", "-q"])
        .write_stdin(
            ":undo 18446744073709551615\n:undo 18446744073709551616\n:undo -1\n:undo 0\n\
             :redo 99999999999999999999999\n:play B 256\n:play B -1\n:play B 1e309\n\
             :undo  5\n:load nothing.lanrick 18446744073709551616\n:quit!\n",
        )
        .timeout(Duration::from_secs(30))
        .output()
        .expect("runs");
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.contains("`18446744073709551616` is not a positive count"),
        "{err}"
    );
    assert!(err.contains("`-1` is not a positive count"), "{err}");
    assert!(err.contains("`0` is not a positive count"), "{err}");
    assert!(err.contains("`256` is not a level"), "{err}");
    assert!(err.contains("`1e309` is not a level"), "{err}");
}

/// An endless line piped to the REPL used to be held whole until the memory ran out;
/// now the reading stops at the line limit with an error naming it.
#[test]
fn an_endless_line_piped_to_the_repl_is_refused() {
    let out = limited("tr \"\\000\" a < /dev/zero | \"$L\" repl");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("line 1 of standard input is longer than 16 MiB"),
        "{err}"
    );
    // A long line under the limit is still read, and the lines after it too.
    let out = limited(
        "(head -c 2000000 /dev/zero | tr \"\\000\" a; echo; echo mark d5; echo :board) | \"$L\" repl",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("d5"), "{text}");
}
