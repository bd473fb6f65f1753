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
            "::error file=bad%2C file.lanrick,line=4,col=1,endLine=4,endColumn=6,title=lanrick%3A%3Arule%3A%3Anot_in_line::Rule 1 (1893)",
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
    assert!(xml.contains("<testcase classname=\"coll.lanrick\" name=\"Good\" time=\""));
    assert!(xml.contains("name=\"Bad\" time=\""));
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
        .filter(|e| e.path().is_file())
        // The games (`library.rs` beside them is the library's example).
        .filter(|e| e.path().extension().is_some_and(|x| x == "lanrick"))
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

// ---------------------------------------------------------------------------------------
// Issue #12: no work lost, no report missing.

/// The scene of a CI glob with a typo: a good file, a bad one and a path that is not there.
fn good_bad_missing() -> Scene {
    Scene::new()
        .file("good.lanrick", GOOD)
        .file("bad.lanrick", BAD)
}

fn stdout_of(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(a.get_output().stdout.clone()).unwrap()
}

#[test]
fn an_unreadable_path_is_reported_with_every_other_file_in_every_format() {
    let scene = good_bad_missing();
    let args = ["good.lanrick", "missing.lanrick", "bad.lanrick"];
    let run = |format: &str| {
        let mut a = vec!["check", "--format", format];
        a.extend(args);
        scene.run(&a).code(2)
    };
    // Human: every file named on stdout, both problems on stderr.
    let human = run("human")
        .stderr(predicate::str::contains("cannot read missing.lanrick"))
        .stderr(predicate::str::contains("lanrick::rule::not_in_line"));
    let text = stdout_of(&human);
    assert!(text.contains("ok good.lanrick"), "{text}");
    assert!(text.contains("ERROR missing.lanrick"), "{text}");
    assert!(text.contains("FAILED bad.lanrick"), "{text}");
    assert!(
        text.contains("3 files: 1 passed, 1 failed, 1 unreadable"),
        "{text}"
    );
    // JSON: the three files, both diagnostics.
    let doc: serde_json::Value = serde_json::from_str(&stdout_of(&run("json"))).unwrap();
    let status: Vec<&str> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["status"].as_str().unwrap())
        .collect();
    assert_eq!(status, ["passed", "unreadable", "failed"]);
    let codes: Vec<&str> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["lanrick::io::read", "lanrick::rule::not_in_line"]);
    assert_eq!(doc["summary"]["unreadable"], 1);
    // GitHub: an annotation for each.
    let gh = stdout_of(&run("github"));
    assert!(gh.contains("::error file=missing.lanrick,"), "{gh}");
    assert!(gh.contains("::error file=bad.lanrick,line=4,"), "{gh}");
    // JUnit: the unreadable file is an error, the bad game a failure.
    let xml = stdout_of(&run("junit"));
    assert!(
        xml.contains("<testsuites name=\"lanrick check\" tests=\"3\" failures=\"1\" errors=\"1\""),
        "{xml}"
    );
    assert!(xml.contains("<error type=\"lanrick::io::read\""), "{xml}");
    assert!(
        xml.contains("<testcase classname=\"good.lanrick\" name=\"Good\""),
        "{xml}"
    );
}

#[test]
fn fmt_keeps_crlf_line_ends_and_passes_a_canonical_crlf_file() {
    let messy = "[Event   \"Messy\"]\r\nmark d5 ;  Y:a7-b6 {  note  }\r\n";
    let canonical = "[Event \"Messy\"]\r\n\r\nmark d5\r\nY: a7-b6 { note }\r\n";
    let scene = Scene::new()
        .file("m.lanrick", messy)
        .file("c.lanrick", canonical);
    scene.run(&["fmt", "--check", "c.lanrick"]).code(0);
    scene.run(&["fmt", "m.lanrick"]).code(0);
    assert_eq!(
        std::fs::read_to_string(scene.path("m.lanrick")).unwrap(),
        canonical
    );
    scene.run(&["fmt", "--check", "m.lanrick"]).code(0);
    // An LF file stays LF.
    let scene = Scene::new().file("lf.lanrick", "mark d5;a7-b6\n");
    scene.run(&["fmt", "lf.lanrick"]).code(0);
    assert_eq!(
        std::fs::read_to_string(scene.path("lf.lanrick")).unwrap(),
        "mark d5\na7-b6\n"
    );
}

#[test]
fn fmt_check_says_why_a_file_is_not_canonical() {
    let messy = "[Event \"Messy\"]\n\nmark d5 ;  Y:a7-b6\n";
    let scene = Scene::new().file("m.lanrick", messy);
    scene.run(&["fmt", "--check", "m.lanrick"]).code(1).stdout(
        "m.lanrick:3: not canonical\n  found:     `mark d5 ;  Y:a7-b6`\n  canonical: `mark d5`\n",
    );
    scene.run(&["fmt", "--diff", "m.lanrick"]).code(1).stdout(
        "--- a/m.lanrick\n+++ b/m.lanrick\n@@ -1,3 +1,4 @@\n [Event \"Messy\"]\n \n-mark d5 ;  Y:a7-b6\n+mark d5\n+Y: a7-b6\n",
    );
    // Neither writes.
    assert_eq!(
        std::fs::read_to_string(scene.path("m.lanrick")).unwrap(),
        messy
    );
}

#[test]
fn fmt_takes_directories_like_check() {
    let scene = Scene::new()
        .file("d/a.lanrick", "mark d5;a7-b6\n")
        .file("d/sub/b.lanrick", "mark  d5\n")
        .file("d/notes.txt", "mark  d5\n");
    scene
        .run(&["fmt", "--check", "d"])
        .code(1)
        .stdout(predicate::str::contains("a.lanrick:1: not canonical"))
        .stdout(predicate::str::contains("b.lanrick:1: not canonical"));
    // A path that cannot be read does not stop the others.
    scene
        .run(&["fmt", "--check", "missing.lanrick", "d"])
        .code(2)
        .stderr(predicate::str::contains("cannot read missing.lanrick"))
        .stdout(predicate::str::contains("a.lanrick:1: not canonical"));
    scene.run(&["fmt", "d"]).code(0);
    scene.run(&["fmt", "--check", "d"]).code(0).stdout("");
    assert_eq!(
        std::fs::read_to_string(scene.path("d/notes.txt")).unwrap(),
        "mark  d5\n"
    );
}

#[test]
fn a_dash_is_standard_input_for_check_fmt_and_replay() {
    let scene = Scene::new();
    let piped = |args: &[&str], input: &str| {
        Command::cargo_bin("lanrick")
            .unwrap()
            .current_dir(scene.dir.path())
            .env("NO_COLOR", "1")
            .args(args)
            .write_stdin(input)
            .assert()
    };
    piped(&["check", "-"], BAD)
        .code(1)
        .stderr(predicate::str::contains("<stdin>:4:1"))
        .stdout(predicate::str::contains("FAILED <stdin>"));
    piped(&["check", "-"], GOOD)
        .code(0)
        .stdout(predicate::str::contains("ok <stdin>"));
    // Format on save: the canonical text on stdout, the CRLF kept.
    piped(&["fmt", "-"], "mark d5 ;  a7-b6\r\n")
        .code(0)
        .stdout("mark d5\r\na7-b6\r\n");
    piped(&["fmt", "-"], "mark d5\n")
        .code(0)
        .stdout("mark d5\n");
    piped(&["fmt", "--check", "-"], "mark d5 ;  a7-b6\n")
        .code(1)
        .stdout(predicate::str::contains("<stdin>:1: not canonical"));
    piped(&["fmt", "-"], "mark d9\n")
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("lanrick::syntax::"));
    piped(&["replay", "-"], GOOD)
        .code(0)
        .stdout(predicate::str::contains(
            "1B2Y2B/8/1Y6/7Y/B7/8/7B/Y2B2Y1 B d5 play",
        ));
    // Standard input is read once.
    piped(&["check", "-", "-"], GOOD)
        .code(2)
        .stderr(predicate::str::contains("read only once"));
}

/// A collection whose first game has syntax errors on several lines (one inside a
/// variation over two lines, after a comment over two lines), whose second game is
/// legal and whose third has a syntax error and an illegal move after it.
const SYNTAX_ERRORS: &str = "[Event \"One\"]

mark d5
a7-b9
Y: zz
{ a comment
  over lines } a7-b6 ( bogus
  still )
1. B: b8-c7 $999

[Event \"Two\"]

mark d5
Y: a7-b6

[Event \"Three\"]

mark d5 $0
";

#[test]
fn every_syntax_error_of_a_file_is_reported_and_the_other_games_are_checked() {
    let scene = Scene::new().file("s.lanrick", SYNTAX_ERRORS).file(
        "t.lanrick",
        &format!("{SYNTAX_ERRORS}\n[Event \"Four\"]\n\nmark d5\na7-c6\n"),
    );
    let places = [
        "s.lanrick:4:4",
        "s.lanrick:5:4",
        "s.lanrick:7:24",
        "s.lanrick:9:13",
        "s.lanrick:18:9",
    ];
    for cmd in ["check", "replay", "fmt"] {
        let a = scene.run(&[cmd, "s.lanrick"]).code(1);
        let err = String::from_utf8(a.get_output().stderr.clone()).unwrap();
        for p in places {
            assert!(err.contains(p), "{cmd}: {p} missing in\n{err}");
        }
        assert_eq!(err.matches("  × ").count(), places.len(), "{cmd}:\n{err}");
    }
    // A game with a syntax error is named by its Event tag all the same.
    scene
        .run(&["check", "s.lanrick"])
        .stderr(predicate::str::contains("game 3 \"Three\": expected a NAG"));
    // The legal game passes; a later illegal game is still checked.
    let a = scene
        .run(&["check", "--format", "junit", "t.lanrick"])
        .code(1);
    let xml = stdout_of(&a);
    assert!(xml.contains("tests=\"4\" failures=\"3\""), "{xml}");
    assert!(xml.contains("name=\"Two\" time="), "{xml}");
    assert!(xml.contains("name=\"Three\" time="), "{xml}");
    assert!(
        xml.contains("<failure type=\"lanrick::rule::not_in_line\""),
        "{xml}"
    );
}

#[test]
fn the_result_tag_is_checked() {
    let game = |tag: &str| format!("[Result \"{tag}\"]\n\nmark d5\nY: resign\n");
    let scene = Scene::new()
        .file("b.lanrick", &game("B"))
        .file("y.lanrick", &game("Y"))
        .file("star.lanrick", &game("*"))
        .file("bad.lanrick", &game("1-0"))
        .file("open.lanrick", "[Result \"*\"]\n\nmark d5\n")
        .file("early.lanrick", "[Result \"Y\"]\n\nmark d5\n");
    scene
        .run(&["check", "b.lanrick", "open.lanrick", "early.lanrick"])
        .code(0);
    for f in ["y.lanrick", "star.lanrick"] {
        scene
            .run(&["check", f])
            .code(1)
            .stderr(predicate::str::contains("lanrick::tag::result_mismatch"))
            .stderr(predicate::str::contains("write [Result \"B\"]"));
    }
    scene
        .run(&["check", "bad.lanrick"])
        .code(1)
        .stderr(predicate::str::contains("lanrick::tag::result\n"))
        .stderr(predicate::str::contains("\"1-0\" is not a result"));
}

#[test]
fn reports_count_alike_and_carry_what_ci_tools_use() {
    let coll = format!("{GOOD}\n{BAD}\n{GOOD}");
    let puzzle = examples().join("carroll-hint-1.lanrick");
    let puzzle = puzzle.to_str().unwrap();
    let scene = Scene::new()
        .file("coll.lanrick", &coll)
        .file("good.lanrick", GOOD)
        .file("empty.lanrick", "# nothing yet\n");
    let files = ["coll.lanrick", "good.lanrick", "empty.lanrick", puzzle];
    let run = |format: &str| {
        let mut a = vec!["check", "--format", format];
        a.extend(files);
        scene.run(&a).code(1)
    };
    // Human: the failed file named on stdout; files and games counted as JUnit does.
    let human = stdout_of(&run("human"));
    assert!(
        human.contains("FAILED coll.lanrick (1 of 3 games failed)"),
        "{human}"
    );
    assert!(
        human.contains("4 files: 3 passed, 1 failed; 5 games: 4 passed, 1 failed"),
        "{human}"
    );
    let xml = stdout_of(&run("junit"));
    assert!(
        xml.contains("tests=\"5\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\""),
        "{xml}"
    );
    assert!(
        xml.contains("<testsuite name=\"empty.lanrick\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\""),
        "{xml}"
    );
    assert!(
        xml.contains("<testcase classname=\"coll.lanrick\" name=\"Bad\" time=\""),
        "{xml}"
    );
    // JSON: end positions, a message without the game's name, per-game status, goals.
    let doc: serde_json::Value = serde_json::from_str(&stdout_of(&run("json"))).unwrap();
    let d = &doc["diagnostics"][0];
    assert_eq!(
        (d["line"].clone(), d["column"].clone()),
        (9.into(), 1.into())
    );
    assert_eq!(
        (d["end_line"].clone(), d["end_column"].clone()),
        (9.into(), 6.into())
    );
    assert_eq!(d["game"]["number"], 2);
    assert!(!d["message"].as_str().unwrap().contains("game 2"), "{d}");
    let games = &doc["files"][0]["game_results"];
    let passed: Vec<bool> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["passed"].as_bool().unwrap())
        .collect();
    assert_eq!(passed, [true, false, true]);
    assert_eq!(games[1]["name"], "Bad");
    assert_eq!(doc["files"][3]["game_results"][0]["goal"], "met");
    assert_eq!(
        doc["files"][0]["game_results"][0]["goal"],
        serde_json::Value::Null
    );
    assert_eq!(doc["summary"]["games"]["passed"], 4);
    // GitHub: the end of the span.
    let gh = stdout_of(&run("github"));
    assert!(
        gh.contains("::error file=coll.lanrick,line=9,col=1,endLine=9,endColumn=6,title="),
        "{gh}"
    );
    assert!(gh.contains("5 games: 4 passed, 1 failed"), "{gh}");
}

#[test]
fn an_unmet_or_unchecked_goal_is_said_in_json() {
    let unmet = "[Position \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"]\n[Goal \"Y wins rendezvous in 1\"]\n\nY: e7-f7\n";
    let stopped = "[Position \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"]\n[Goal \"Y wins rendezvous in 1\"]\n\nY: e7-e1\n";
    let scene = Scene::new()
        .file("unmet.lanrick", unmet)
        .file("stopped.lanrick", stopped);
    let a = scene
        .run(&[
            "check",
            "--format",
            "json",
            "unmet.lanrick",
            "stopped.lanrick",
        ])
        .code(1);
    let doc: serde_json::Value = serde_json::from_str(&stdout_of(&a)).unwrap();
    assert_eq!(doc["files"][0]["game_results"][0]["goal"], "unmet", "{doc}");
    assert_eq!(
        doc["files"][1]["game_results"][0]["goal"], "unchecked",
        "{doc}"
    );
}

#[test]
fn completions_and_a_manual_page_come_from_the_argument_definitions() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let a = Scene::new().run(&["completions", shell]).code(0);
        let text = stdout_of(&a);
        for word in ["check", "replay", "fmt", "format", "selfplay"] {
            assert!(text.contains(word), "{shell}: no {word}");
        }
    }
    Scene::new().run(&["completions", "tcsh"]).code(2);
    let a = Scene::new().run(&["manpage"]).code(0);
    let page = stdout_of(&a);
    assert!(
        page.starts_with(".ie") || page.contains(".TH lanrick"),
        "{page}"
    );
    assert!(page.contains("check"), "{page}");
    // A page for each subcommand, as the main page's list names them.
    let scene = Scene::new();
    scene.run(&["manpage", "--out-dir", "."]).code(0);
    for name in ["lanrick", "lanrick-check", "lanrick-fmt", "lanrick-replay"] {
        let page = std::fs::read_to_string(scene.path(&format!("{name}.1"))).unwrap();
        assert!(page.contains(&format!(".TH {name} 1")), "{page}");
    }
    let check = std::fs::read_to_string(scene.path("lanrick-check.1")).unwrap();
    assert!(check.contains("lanrick check"), "{check}");
    assert!(check.contains("\\-\\-format"), "{check}");
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

#[test]
fn turns_by_the_1879_rules_in_every_phase() {
    // The first player's own set-ups: C(28, 5), listed (at most 100,000 lines).
    Scene::new()
        .run(&["turns", "--rules", "1879", "8/8/8/8/8/8/8/8 B set 0-0 B"])
        .code(0)
        .stdout("98280\n");
    Scene::new()
        .run(&[
            "turns",
            "--rules",
            "1879",
            "8/8/8/8/8/7B/8/B1B1B1B1 Y set 0-0 B",
            "--list",
        ])
        .code(0)
        .stdout(predicate::str::starts_with(
            "33649\nset a2 a3 a4 a5 a6\t8/8/Y7/Y7/Y7/Y6B/Y7/B1B1B1B1 B mark 0-0 B\n",
        ));
    // The die's sixteen squares.
    Scene::new()
        .run(&[
            "turns",
            "--rules",
            "1879",
            "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B mark 0-0 B",
            "--list",
        ])
        .code(0)
        .stdout(predicate::str::starts_with(
            "16\nmark c3\tY3Y3/7Y/8/8/B6B/8/8/1B2B2B B c3 play 0-0 B\n",
        ));
    // A winning turn's outcomes hold every take, placement and radiating choice (which
    // man was taken is not shown by the position: one outcome).
    Scene::new()
        .run(&[
            "turns",
            "--rules",
            "1879",
            "Y7/8/7B/3YY3/4B3/3BBB2/8/Y6Y B e4 play 0-0 B",
            "--list",
        ])
        .code(0)
        .stdout(predicate::str::contains(
            "h6-f4 x a1 wanderers h1-d4 a8-f5 radiate c8\tY1B1Y3/7Y/8/8/Y6B/8/8/1B2B2B B bonus:4 0-0 B",
        ))
        .stdout(predicate::str::starts_with("29099\n"));
    // The bonus, `pass` included.
    Scene::new()
        .run(&[
            "turns",
            "--rules",
            "1879",
            "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B",
            "--list",
        ])
        .code(0)
        .stdout(predicate::str::contains(
            "\npass\tY3Y3/7Y/8/8/B6B/8/8/1B2B2B B mark 0-0 B\n",
        ))
        .stdout(predicate::str::contains(
            "\nb1-a3\tY3Y3/7Y/8/8/B6B/B7/8/4B2B B mark 0-0 B\n",
        ));
}

#[test]
fn selfplay_1879_writes_checked_matches_with_either_die() {
    for die in ["plain", "nb"] {
        let scene = Scene::new();
        scene
            .run(&[
                "selfplay",
                "--rules",
                "1879",
                "--games",
                "2",
                "--seed",
                "5",
                "--die",
                die,
                "--out",
                "m.lanrick",
            ])
            .code(0);
        let text = std::fs::read_to_string(scene.path("m.lanrick")).unwrap();
        assert!(text.contains("[Rules \"1879\"]") && text.contains("\nmark "));
        scene
            .run(&["check", "m.lanrick"])
            .code(0)
            .stdout(predicate::str::contains("2 passed, 0 failed"));
        scene
            .run(&["replay", "m.lanrick"])
            .code(0)
            .stdout(predicate::str::contains("Score: Black "));
    }
}

#[test]
fn render_reads_a_position_by_the_given_rules() {
    Scene::new()
        .run(&[
            "render",
            "--rules",
            "1879",
            "--position",
            "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B",
        ])
        .code(0)
        .stdout(predicate::str::contains("Score: Black 0, Yellow 0"));
    Scene::new()
        .run(&[
            "render",
            "--position",
            "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B",
        ])
        .code(2);
}

/// `lanrick --version` in a checkout of the repository names the commit it was built
/// from: `git rev-parse --short=12 HEAD` of the checkout. (From the published tarball
/// it names none: `tests/package/run.sh`.)
#[test]
fn version_names_the_commit_built_from() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let head = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["rev-parse", "--short=12", "HEAD"])
        .output();
    let Some(head) = head
        .ok()
        .filter(|o| o.status.success() && dir.join(".git").exists())
        .map(|o| String::from_utf8(o.stdout).unwrap().trim().to_owned())
    else {
        eprintln!("not a git checkout: nothing to compare");
        return;
    };
    let out = Command::cargo_bin("lanrick")
        .unwrap()
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("lanrick {} ({head})\n", env!("CARGO_PKG_VERSION"))
    );
}
