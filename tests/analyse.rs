//! `lanrick analyse` through the binary: the review written into the file (which
//! `check` still accepts, every original comment kept), a missed Rendezvous named with
//! its winning action as a variation, the JSON form, and the deadline for the whole
//! file.

use assert_cmd::Command;
use std::path::Path;
use std::time::{Duration, Instant};

fn lanrick() -> Command {
    let mut cmd = Command::cargo_bin("lanrick").expect("the lanrick binary is built");
    cmd.env("NO_COLOR", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

const SHORT: &str = "tests/cases/analyse/short-game.lanrick";
const MISSED: &str = "tests/cases/analyse/missed-rendezvous.lanrick";

/// The comments of a file as written, in order (`{ … }` and `# …`), by the parser.
fn comments(text: &str) -> Vec<String> {
    let file = lanrick::syntax::parse_file(text).expect("the file parses");
    let mut out = Vec::new();
    fn items(list: &[lanrick::syntax::ast::Item], out: &mut Vec<String>) {
        for item in list {
            match item {
                lanrick::syntax::ast::Item::Comment(c) => out.push(c.normalized_text()),
                lanrick::syntax::ast::Item::Event(e) => {
                    out.extend(e.comments.iter().map(|c| c.normalized_text()));
                    for v in &e.variations {
                        items(&v.body, out);
                    }
                }
            }
        }
    }
    for g in &file.games {
        for h in &g.header {
            if let lanrick::syntax::ast::HeaderItem::Comment(c) = h {
                out.push(c.normalized_text());
            }
        }
        items(&g.body, &mut out);
    }
    out
}

fn analyse(args: &[&str]) -> (String, String) {
    let out = lanrick().arg("analyse").args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "analyse {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

#[test]
fn an_analysed_game_passes_check_and_keeps_every_comment_and_variation() {
    let original = std::fs::read_to_string(SHORT).expect("read");
    let (text, _) = analyse(&[SHORT, "--level", "3"]);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("reviewed.lanrick");
    std::fs::write(&path, &text).expect("write");
    lanrick().arg("check").arg(&path).assert().success();
    let before = comments(&original);
    let after = comments(&text);
    let mut rest = after.iter();
    for c in &before {
        assert!(
            rest.any(|a| a == c),
            "the comment {c:?} is lost or out of order in:\n{text}"
        );
    }
    // Every action has its evaluation, and the game's own glyph and variation stay.
    assert_eq!(
        after
            .iter()
            .filter(|c| c.starts_with("lanrick level 3:"))
            .count(),
        5,
        "{text}"
    );
    assert!(text.contains("g1-f2 h5-g4 !?"), "{text}");
    assert!(
        text.contains("( g1-g2 { one square is enough } )"),
        "{text}"
    );
    assert!(
        text.contains("[Annotator \"lanrick analyse, level 3\"]"),
        "{text}"
    );
}

#[test]
fn a_shipped_game_cut_short_by_the_deadline_still_passes_check_with_its_comments() {
    let example = "examples/complete-game.lanrick";
    let original = std::fs::read_to_string(example).expect("read");
    let (text, err) = analyse(&[example, "--level", "3", "--max-time", "2"]);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("reviewed.lanrick");
    std::fs::write(&path, &text).expect("write");
    lanrick().arg("check").arg(&path).assert().success();
    let after = comments(&text);
    let mut rest = after.iter();
    for c in comments(&original) {
        assert!(rest.any(|a| *a == c), "the comment {c:?} is lost");
    }
    assert!(err.contains("left unreviewed"), "{err}");
}

#[test]
fn a_rendezvous_not_won_in_one_is_a_blunder_with_the_win_as_a_variation() {
    let (text, _) = analyse(&[MISSED, "--level", "3"]);
    assert!(text.contains("B: c6-c7 ??"), "{text}");
    assert!(
        text.contains("missed a forced win of the Rendezvous in 1 turn: c6-a8 x c4"),
        "{text}"
    );
    assert!(text.contains("( c6-a8 x c4 )"), "{text}");
    assert!(text.contains("{ a waiting move }"), "{text}");
    // The variation is legal: check replays it.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("reviewed.lanrick");
    std::fs::write(&path, &text).expect("write");
    lanrick().arg("check").arg(&path).assert().success();
}

#[test]
fn the_json_review_has_each_actions_fields() {
    let (text, _) = analyse(&[MISSED, "--level", "3", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(doc["complete"], true);
    let actions = doc["games"][0]["actions"].as_array().expect("actions");
    assert_eq!(actions.len(), 1);
    let a = &actions[0];
    assert_eq!(a["side"], "B");
    assert_eq!(a["number"], 1);
    assert_eq!(a["played"], "c6-c7");
    assert_eq!(a["best"], "c6-a8 x c4");
    assert_eq!(a["class"], "blunder");
    let (best, played, loss) = (
        a["best_score"].as_i64().expect("best_score"),
        a["played_score"].as_i64().expect("played_score"),
        a["loss"].as_i64().expect("loss"),
    );
    assert_eq!(loss, best - played);
    assert!(loss > 0);
    assert_eq!(a["missed_win"]["target"], "rendezvous");
    assert_eq!(a["missed_win"]["turns"], 1);
    assert_eq!(a["missed_win"]["key"], "c6-a8 x c4");

    // A good action: no class, no loss.
    let (text, _) = analyse(&[SHORT, "--level", "3", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let actions = doc["games"][0]["actions"].as_array().expect("actions");
    assert_eq!(actions.len(), 5);
    for a in actions {
        for field in [
            "index",
            "side",
            "number",
            "played",
            "best",
            "best_score",
            "played_score",
            "loss",
            "class",
            "missed_win",
        ] {
            assert!(a.get(field).is_some(), "{field} missing in {a}");
        }
        if a["loss"] == 0 {
            assert!(a["class"].is_null(), "{a}");
        }
    }
}

#[test]
fn the_deadline_ends_a_long_review_quickly_and_says_what_was_left() {
    let started = Instant::now();
    let (text, err) = analyse(&[
        "examples/complete-game.lanrick",
        "--max-time",
        "0.5",
        "--format",
        "json",
    ]);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "took {:?}",
        started.elapsed()
    );
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(doc["complete"], false);
    let left = doc["unanalysed"].as_u64().expect("unanalysed");
    assert!(left > 0);
    assert_eq!(doc["games"][0]["stopped"], "time");
    assert!(err.contains(&format!("{left} of")), "{err}");
}

#[test]
fn the_review_goes_to_out_and_a_bad_file_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out.lanrick");
    lanrick()
        .args(["analyse", MISSED, "--level", "3", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stdout("");
    assert!(
        std::fs::read_to_string(&out)
            .expect("written")
            .contains("c6-c7 ??")
    );
    lanrick()
        .args(["analyse", "no/such/file.lanrick"])
        .assert()
        .code(2);
    let bad = dir.path().join("bad.lanrick");
    std::fs::write(&bad, "[Event \"x\"\n").expect("write");
    lanrick().arg("analyse").arg(&bad).assert().code(1);
    assert!(Path::new(MISSED).exists());
}

#[test]
fn bad_options_are_refused_before_any_thinking() {
    for bad in [
        &["--level", "6"][..],
        &["--level", "-1"],
        &["--max-time", "-1"],
        &["--max-time", "inf"],
        &["--format", "xml"],
    ] {
        let out = lanrick()
            .arg("analyse")
            .arg(MISSED)
            .args(bad)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty(), "{bad:?}");
    }
    // An output path that cannot be written (a directory) is refused at once.
    let dir = tempfile::tempdir().expect("tempdir");
    let out = lanrick()
        .args(["analyse", MISSED, "--out"])
        .arg(dir.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error:"));
}

#[test]
fn an_illegal_event_ends_the_review_there_and_fails() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("illegal.lanrick");
    let original = std::fs::read_to_string(MISSED).expect("read");
    // Black plays twice in a row: the second action is not legal.
    std::fs::write(&path, format!("{original}B: c7-c6\n")).expect("write");
    let out = lanrick()
        .args(["analyse", "--level", "3", "--format", "json"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not legal"));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(doc["complete"], false);
    assert_eq!(doc["games"][0]["stopped"], "illegal");
    assert_eq!(doc["games"][0]["actions"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_collection_reviewed_on_several_threads_is_the_same_as_on_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("two.lanrick");
    let text = format!(
        "{}\n{}",
        std::fs::read_to_string(MISSED).expect("read"),
        std::fs::read_to_string(SHORT).expect("read")
    );
    std::fs::write(&path, text).expect("write");
    let path = path.to_str().expect("UTF-8 path");
    let (one, _) = analyse(&[path, "--level", "3", "--threads", "1"]);
    let (two, _) = analyse(&[path, "--level", "3", "--threads", "2"]);
    assert_eq!(one, two);
    assert!(one.contains("c6-c7 ??"), "{one}");
    assert_eq!(one.matches("lanrick level 3:").count(), 6, "{one}");
}

/// The review data the page carries, step by step: the JSON the page's script reads.
fn page_data(html: &str) -> serde_json::Value {
    let start = html
        .find("<script type=\"application/json\" id=\"lanrick-data\">")
        .expect("the page has its data")
        + "<script type=\"application/json\" id=\"lanrick-data\">".len();
    let end = start + html[start..].find("</script>").expect("the data ends");
    serde_json::from_str(&html[start..end]).expect("the page's data is JSON")
}

#[test]
fn the_review_page_shows_each_actions_evaluation_mark_and_better_action() {
    let dir = tempfile::tempdir().expect("tempdir");
    let two = dir.path().join("two.lanrick");
    let text = format!(
        "{}\n{}",
        std::fs::read_to_string(SHORT).expect("read"),
        std::fs::read_to_string(MISSED).expect("read")
    );
    std::fs::write(&two, text).expect("write");
    let page = dir.path().join("review.html");
    let out = lanrick()
        .args(["analyse", "--level", "3", "--html"])
        .arg(&page)
        .arg(&two)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stdout.is_empty(),
        "--html writes the page, not standard output"
    );
    let html = std::fs::read_to_string(&page).expect("the page is written");
    let data = page_data(&html);
    // The same review as the JSON form, action by action, on the main-line steps.
    let (json, _) = analyse(&[
        two.to_str().expect("UTF-8"),
        "--level",
        "3",
        "--format",
        "json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let mut marks = 0;
    for (g, game) in doc["games"].as_array().expect("games").iter().enumerate() {
        let steps = data[g]["steps"].as_array().expect("steps");
        for a in game["actions"].as_array().expect("actions") {
            let i = a["index"].as_u64().expect("index") as usize;
            let r = &steps[i]["review"];
            assert_eq!(r["side"], a["side"], "{r}");
            assert_eq!(r["class"], a["class"], "{r}");
            assert!(
                steps[i]["label"]
                    .as_str()
                    .expect("label")
                    .ends_with(a["played"].as_str().expect("played")),
                "step {i} is not the action reviewed: {} / {}",
                steps[i]["label"],
                a["played"]
            );
            let detail = steps[i]["detail"].as_str().expect("detail");
            assert!(detail.contains("class=\"review\""), "{detail}");
            if let Some(class) = a["class"].as_str() {
                marks += 1;
                assert!(
                    detail.contains(&format!("data-class=\"{class}\"")),
                    "{detail}"
                );
                assert!(
                    html.contains(&format!("rev-{class}")),
                    "the move list marks it"
                );
                assert_eq!(r["best"], a["best"], "{r}");
            }
            if a["missed_win"].is_object() {
                let missed = r["missed"].as_str().expect("the missed win is shown");
                assert!(missed.ends_with(a["missed_win"]["key"].as_str().expect("key")));
            }
        }
    }
    assert!(
        marks >= 2,
        "the review marks the blunder and the inaccuracy"
    );
    // The summary counts the blunder of game 2.
    assert!(html.contains("Computer review"), "{html}");
}

#[test]
fn an_analysed_file_replays_with_its_review_on_the_page() {
    let dir = tempfile::tempdir().expect("tempdir");
    let reviewed = dir.path().join("reviewed.lanrick");
    lanrick()
        .args(["analyse", MISSED, "--level", "3", "--out"])
        .arg(&reviewed)
        .assert()
        .success();
    let page = dir.path().join("replay.html");
    lanrick()
        .arg("replay")
        .arg(&reviewed)
        .arg("--html")
        .arg(&page)
        .assert()
        .success();
    let data = page_data(&std::fs::read_to_string(&page).expect("written"));
    let steps = data[0]["steps"].as_array().expect("steps");
    let played = &steps[1];
    let detail = played["detail"].as_str().expect("detail");
    // The glyph, the evaluation comment and the better action as a variation.
    assert!(detail.contains("<span class=\"ann\">??</span>"), "{detail}");
    assert!(detail.contains("lanrick level 3: B "), "{detail}");
    assert!(
        steps.iter().any(|s| s["label"]
            .as_str()
            .is_some_and(|l| l.ends_with("c6-a8 x c4"))),
        "the better action is a variation on the page"
    );
}

#[test]
fn ctrl_c_stops_the_review_and_writes_what_was_weighed() {
    use std::os::unix::process::ExitStatusExt;
    let bin = assert_cmd::cargo::cargo_bin("lanrick");
    // A signal that arrives before the handler is installed ends the process: wait
    // longer and try again then (a loaded machine starts slowly).
    for wait in [1500u64, 3000, 6000] {
        let child = std::process::Command::new(&bin)
            .args([
                "analyse",
                "examples/complete-game.lanrick",
                "--format",
                "json",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("NO_COLOR", "1")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("starts");
        std::thread::sleep(Duration::from_millis(wait));
        let sent = Instant::now();
        let killed = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let out = child.wait_with_output().expect("ends");
        if out.status.signal() == Some(2) {
            continue;
        }
        assert!(
            sent.elapsed() < Duration::from_secs(20),
            "the review went on {:?} after Ctrl-C",
            sent.elapsed()
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{err}");
        assert!(err.contains("stopped (Ctrl-C)"), "{err}");
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON written");
        assert_eq!(doc["complete"], false);
        assert_eq!(doc["games"][0]["stopped"], "interrupted");
        let left = doc["unanalysed"].as_u64().expect("unanalysed");
        let done = doc["games"][0]["actions"]
            .as_array()
            .expect("actions")
            .len() as u64;
        assert!(left > 0);
        assert_eq!(done + left, doc["actions"].as_u64().expect("actions"));
        assert!(err.contains(&format!("{left} of")), "{err}");
        return;
    }
    panic!("analyse never caught Ctrl-C");
}

#[test]
fn ctrl_c_leaves_the_text_review_readable_with_where_it_stopped() {
    let bin = assert_cmd::cargo::cargo_bin("lanrick");
    for wait in [1500u64, 3000, 6000] {
        let child = std::process::Command::new(&bin)
            .args(["analyse", "examples/complete-game.lanrick"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("starts");
        std::thread::sleep(Duration::from_millis(wait));
        std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        let out = child.wait_with_output().expect("ends");
        if out.status.code() != Some(130) {
            continue;
        }
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(
            text.contains("the review was stopped (Ctrl-C); the review stops here"),
            "{text}"
        );
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("partial.lanrick");
        std::fs::write(&path, &text).expect("write");
        lanrick().arg("check").arg(&path).assert().success();
        return;
    }
    panic!("analyse never caught Ctrl-C");
}

#[test]
fn the_deadline_holds_on_an_1879_set_up() {
    // Each 1879 set-up weighs some 10^5 set-ups: every one of those searches reads the
    // shared deadline. The bound is generous: a loaded machine, a debug build.
    let started = Instant::now();
    let (text, err) = analyse(&[
        "examples/1879-game.lanrick",
        "--max-time",
        "1",
        "--format",
        "json",
    ]);
    let took = started.elapsed();
    assert!(took < Duration::from_secs(3), "--max-time 1 took {took:?}");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(doc["games"][0]["stopped"], "time", "{err}");
}

#[test]
fn game_picks_one_game_and_a_game_past_the_last_is_a_diagnostic() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("two.lanrick");
    let text = format!(
        "{}\n{}",
        std::fs::read_to_string(SHORT).expect("read"),
        std::fs::read_to_string(MISSED).expect("read")
    );
    std::fs::write(&path, text).expect("write");
    let path = path.to_str().expect("UTF-8 path");
    let (json, _) = analyse(&[path, "--level", "3", "--game", "2", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let games = doc["games"].as_array().expect("games");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["game"], 2);
    assert_eq!(games[0]["actions"][0]["played"], "c6-c7");
    let (text, _) = analyse(&[path, "--level", "3", "--game", "2"]);
    assert!(
        text.contains("A Rendezvous let slip") && !text.contains("The opening"),
        "{text}"
    );
    for command in ["analyse", "replay"] {
        let out = lanrick()
            .args([command, path, "--game", "3"])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("lanrick::io::no_such_game"),
            "{command}: {err}"
        );
        assert!(err.contains("holds 2 games"), "{command}: {err}");
        assert!(err.contains("from 1 to 2"), "{command}: {err}");
        assert!(out.stdout.is_empty(), "{command}");
    }
}

#[test]
fn the_review_page_never_replaces_the_game_it_reviews() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.lanrick");
    let original = std::fs::read_to_string(MISSED).expect("read");
    std::fs::write(&path, &original).expect("write");
    let out = lanrick()
        .args(["analyse", "--level", "3", "--html"])
        .arg(&path)
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("it is the input file"));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), original);
}
