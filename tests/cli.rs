//! The `lanrick` binary as users and CI run it: every exit code, every `--format`,
//! `replay`, `fmt` and `turns`, through a small builder around the real binary.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// A scratch directory with files, and the `lanrick` binary run inside it.
struct Scene {
    dir: tempfile::TempDir,
}

impl Scene {
    fn new() -> Scene {
        Scene {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn file(self, name: &str, text: &str) -> Scene {
        let path = self.dir.path().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(path, text).unwrap();
        self
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn run(&self, args: &[&str]) -> assert_cmd::assert::Assert {
        Command::cargo_bin("lanrick")
            .unwrap()
            .current_dir(self.dir.path())
            .env("NO_COLOR", "1")
            .args(args)
            .assert()
    }
}

const GOOD: &str = "[Event \"Good\"]\n\nmark d5\nY: a7-b6\n";
const BAD: &str = "[Event \"Bad\"]\n\nmark d5\na7-c6\n";

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples")
}

#[test]
fn check_exit_0_when_all_pass() {
    Scene::new()
        .file("good.lanrick", GOOD)
        .run(&["check", "good.lanrick"])
        .code(0)
        .stdout(predicate::str::contains("1 passed, 0 failed"));
}

#[test]
fn check_exit_1_with_a_diagnostic_on_stderr() {
    Scene::new()
        .file("good.lanrick", GOOD)
        .file("bad.lanrick", BAD)
        .run(&["check", "good.lanrick", "bad.lanrick"])
        .code(1)
        .stdout(predicate::str::contains("1 passed, 1 failed"))
        .stderr(predicate::str::contains("lanrick::rule::not_in_line"))
        .stderr(predicate::str::contains("bad.lanrick:4:1"))
        .stderr(predicate::str::contains("help:"));
}

#[test]
fn check_exit_2_when_it_cannot_run() {
    Scene::new()
        .run(&["check", "missing.lanrick"])
        .code(2)
        .stderr(predicate::str::contains("cannot read missing.lanrick"));
    Scene::new().run(&["check"]).code(2);
    Scene::new()
        .run(&["check", "--format", "yaml", "x"])
        .code(2);
    Scene::new().run(&["frobnicate"]).code(2);
}

#[test]
fn check_walks_directories_in_a_stable_order() {
    let out = Scene::new()
        .file("d/b.lanrick", GOOD)
        .file("d/a.lanrick", GOOD)
        .file("d/sub/c.lanrick", GOOD)
        .file("d/notes.txt", "not a game")
        .run(&["check", "d"])
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let a = text.find("a.lanrick").unwrap();
    let b = text.find("b.lanrick").unwrap();
    let c = text.find("c.lanrick").unwrap();
    assert!(a < b && b < c, "{text}");
    assert!(text.contains("3 passed, 0 failed"));
}

#[test]
fn check_examples_pass() {
    let ex = examples();
    Scene::new()
        .run(&["check", ex.to_str().unwrap()])
        .code(0)
        .stdout(predicate::str::contains("0 failed"));
}

#[test]
fn quiet_prints_only_problems() {
    Scene::new()
        .file("good.lanrick", GOOD)
        .run(&["check", "-q", "good.lanrick"])
        .code(0)
        .stdout(predicate::str::is_empty());
}

#[test]
fn json_format() {
    let out = Scene::new()
        .file("bad.lanrick", BAD)
        .run(&["check", "--format", "json", "bad.lanrick"])
        .code(1)
        .get_output()
        .stdout
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(doc["schema_version"], 1);
    let d = &doc["diagnostics"][0];
    assert_eq!(d["schema_version"], 1);
    assert_eq!(d["code"], "lanrick::rule::not_in_line");
    assert_eq!(d["file"], "bad.lanrick");
    assert_eq!(d["line"], 4);
    assert_eq!(d["column"], 1);
    let start = BAD.find("a7-c6").unwrap();
    assert_eq!(d["span"]["start"], start);
    assert_eq!(d["span"]["end"], start + 5);
    assert!(d["message"].as_str().unwrap().contains("Rule 1 (1893)"));
    assert!(d["help"].as_str().unwrap().contains("a7 may go to"));
    assert_eq!(doc["summary"]["failed"], 1);
}

#[test]
fn github_format_escapes() {
    Scene::new()
        .file("bad, file.lanrick", BAD)
        .run(&["check", "--format", "github", "bad, file.lanrick"])
        .code(1)
        .stdout(predicate::str::contains(
            "::error file=bad%2C file.lanrick,line=4,col=1,title=lanrick%3A%3Arule%3A%3Anot_in_line::Rule 1 (1893)",
        ))
        .stdout(predicate::str::contains("%0Ahelp: "));
}

#[test]
fn junit_format_has_a_case_per_game() {
    let coll = format!("{GOOD}\n{BAD}");
    let out = Scene::new()
        .file("coll.lanrick", &coll)
        .run(&["check", "--format", "junit", "coll.lanrick"])
        .code(1)
        .get_output()
        .stdout
        .clone();
    let xml = String::from_utf8(out).unwrap();
    assert!(xml.starts_with("<?xml"));
    assert!(xml.contains("tests=\"2\" failures=\"1\""), "{xml}");
    assert!(xml.contains("<testcase classname=\"coll.lanrick\" name=\"Good\"/>"));
    assert!(xml.contains("name=\"Bad\">"));
    assert!(xml.contains("<failure type=\"lanrick::rule::not_in_line\""));
}

#[test]
fn collections_name_the_game_and_check_later_games() {
    let coll = format!("{BAD}\n{GOOD}\n[Event \"Also bad\"]\n\nmark b2\n");
    Scene::new()
        .file("coll.lanrick", &coll)
        .run(&["check", "coll.lanrick"])
        .code(1)
        .stderr(predicate::str::contains("game 1 \"Bad\""))
        .stderr(predicate::str::contains("game 3 \"Also bad\""));
}

#[test]
fn color_never_gives_no_escape_codes_and_always_does() {
    Scene::new()
        .file("bad.lanrick", BAD)
        .run(&["check", "--color", "never", "bad.lanrick"])
        .stderr(predicate::str::contains("\x1b[").not());
    Scene::new()
        .file("bad.lanrick", BAD)
        .run(&["check", "--color", "always", "bad.lanrick"])
        .stderr(predicate::str::contains("\x1b["));
}

#[test]
fn non_utf8_gives_the_byte_offset() {
    let scene = Scene::new();
    std::fs::write(scene.path("bin.lanrick"), b"mark d5\n\xff\xfe\n").unwrap();
    scene
        .run(&["check", "bin.lanrick"])
        .code(1)
        .stderr(predicate::str::contains("offset 8"));
}

#[test]
fn replay_prints_board_and_position() {
    let ex = examples().join("carroll-hint-1.lanrick");
    Scene::new()
        .run(&["replay", ex.to_str().unwrap()])
        .code(0)
        .stdout(predicate::str::contains(
            "8/1YYY4/1BYB4/1BBY4/8/8/8/8 B mark",
        ))
        .stdout(predicate::str::contains("a  b  c  d  e  f  g  h"));
}

#[test]
fn replay_each_and_game_selection() {
    let coll = format!("{GOOD}\n[Event \"Second\"]\n\nmark c6\n");
    let scene = Scene::new().file("coll.lanrick", &coll);
    scene
        .run(&["replay", "--game", "2", "coll.lanrick"])
        .code(0)
        .stdout(predicate::str::contains(
            "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y c6 first",
        ))
        .stdout(predicate::str::contains("Y d5").not());
    scene
        .run(&["replay", "--each", "--game", "1", "coll.lanrick"])
        .code(0)
        .stdout(predicate::str::contains("start:"))
        .stdout(predicate::str::contains("after mark d5:"))
        .stdout(predicate::str::contains("after a7-b6:"));
    scene
        .run(&["replay", "--game", "3", "coll.lanrick"])
        .code(2);
    scene.run(&["replay", "."]).code(2);
}

#[test]
fn replay_of_an_illegal_game_fails() {
    Scene::new()
        .file("bad.lanrick", BAD)
        .run(&["replay", "bad.lanrick"])
        .code(1)
        .stderr(predicate::str::contains("not_in_line"));
}

#[test]
fn fmt_rewrites_and_check_lists() {
    let messy = "[Event   \"Messy\"]\nmark d5 ;  Y:a7-b6 {  note  }\n";
    let scene = Scene::new().file("m.lanrick", messy);
    scene
        .run(&["fmt", "--check", "m.lanrick"])
        .code(1)
        .stdout(predicate::str::contains("m.lanrick"));
    assert_eq!(
        std::fs::read_to_string(scene.path("m.lanrick")).unwrap(),
        messy
    );
    scene.run(&["fmt", "m.lanrick"]).code(0);
    let formatted = std::fs::read_to_string(scene.path("m.lanrick")).unwrap();
    assert!(formatted.contains("{ note }"), "{formatted}");
    scene.run(&["fmt", "--check", "m.lanrick"]).code(0);
    scene.run(&["check", "m.lanrick"]).code(0);
}

#[test]
fn fmt_refuses_broken_files_and_keeps_them() {
    let broken = "mark d5\na7-b9\n";
    let scene = Scene::new().file("b.lanrick", broken);
    scene
        .run(&["fmt", "b.lanrick"])
        .code(1)
        .stderr(predicate::str::contains("lanrick::syntax::"));
    assert_eq!(
        std::fs::read_to_string(scene.path("b.lanrick")).unwrap(),
        broken
    );
    scene.run(&["fmt", "nothing.lanrick"]).code(2);
}

#[test]
fn turns_counts_and_lists() {
    Scene::new()
        .run(&["turns", "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first"])
        .code(0)
        .stdout("215\n");
    let out = Scene::new()
        .run(&["turns", "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play", "--list"])
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let mut lines = text.lines();
    let n: usize = lines.next().unwrap().parse().unwrap();
    let rest: Vec<&str> = lines.collect();
    assert_eq!(rest.len(), n);
    assert!(rest.iter().all(|l| l.split('\t').count() == 2));
    assert!(
        rest.iter()
            .any(|l| l.ends_with("\t8/1YYY4/1BYB4/1BBY4/8/8/8/8 B mark"))
    );
}

#[test]
fn turns_rejects_a_malformed_position_with_exit_2() {
    Scene::new()
        .run(&["turns", "1B2Y2B/Y7/8/7Z/B7/8/7B/Y2B2Y1 B mark"])
        .code(2)
        .stderr(predicate::str::contains("lanrick::position::bad_char"))
        .stderr(predicate::str::contains("rank 5"));
}

#[test]
fn fmt_is_idempotent_and_keeps_meaning_on_examples_and_selfplay() {
    use lanrick::syntax::{parse_file, without_spans};
    let mut texts: Vec<String> = std::fs::read_dir(examples())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .collect();
    texts.push(lanrick::selfplay::generate(20, 99).0);
    for text in texts {
        let ast = parse_file(&text).unwrap();
        let once = lanrick::fmt::format_file(&ast);
        let reparsed = parse_file(&once).unwrap();
        assert_eq!(without_spans(&reparsed), without_spans(&ast));
        assert_eq!(lanrick::fmt::format_file(&reparsed), once);
    }
}

#[test]
fn selfplay_annotate_writes_annotated_games_that_check() {
    let s = Scene::new();
    s.run(&[
        "selfplay",
        "--games",
        "4",
        "--seed",
        "5",
        "--out",
        "plain.lanrick",
    ])
    .success();
    s.run(&[
        "selfplay",
        "--games",
        "4",
        "--seed",
        "5",
        "--annotate",
        "0.3",
        "--out",
        "a.lanrick",
    ])
    .success();
    let plain = std::fs::read_to_string(s.path("plain.lanrick")).unwrap();
    let annotated = std::fs::read_to_string(s.path("a.lanrick")).unwrap();
    assert_eq!(plain, lanrick::selfplay::generate(4, 5).0);
    assert_eq!(
        annotated,
        lanrick::selfplay::generate_annotated(4, 5, 0.3).0
    );
    assert!(annotated.len() > plain.len());
    s.run(&["check", "a.lanrick"])
        .success()
        .stdout(predicate::str::contains("ok a.lanrick (4 games)"));
    for bad in ["1.5", "NaN", "x"] {
        s.run(&["selfplay", "--games", "1", "--seed", "1", "--annotate", bad])
            .code(2)
            .stderr(predicate::str::contains("expected a number from 0 to 1"));
    }
}
