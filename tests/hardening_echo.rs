//! Hostile text echoed back: control characters (ESC, OSC, BEL, NUL, a lone CR), bidi
//! overrides, characters XML forbids and very long lines, from files, file names and
//! typed lines. Nothing of it may reach a terminal raw; JSON keeps it faithfully
//! (escaped by JSON itself); JUnit and SVG stay well-formed XML 1.0.

use assert_cmd::Command;
use std::path::Path;

fn lanrick() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lanrick"));
    cmd.env_remove("NO_COLOR")
        .timeout(std::time::Duration::from_secs(120));
    cmd
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) {
    std::fs::write(path, bytes).expect("the test file is written");
}

/// Characters that must never reach a terminal raw: C0 and C1 controls other than
/// tab and line feed (a CR only as part of CRLF), DEL, bidi controls, line and
/// paragraph separators.
fn hidden(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t' && c != '\r')
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

/// Panics when `text` holds a hidden character or a CR not followed by LF. With
/// `sgr`, ESC may start a colour sequence `ESC [ digits;… m` (lanrick's own colour).
fn assert_shown(text: &str, sgr: bool, what: &str) {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\x1b' && sgr && chars.get(i + 1) == Some(&'[') {
            let mut j = i + 2;
            while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == ';') {
                j += 1;
            }
            assert!(
                chars.get(j) == Some(&'m'),
                "{what}: an escape that is not a colour at char {i}: {text:?}"
            );
            i = j + 1;
            continue;
        }
        assert!(
            !hidden(c),
            "{what}: raw {c:?} at char {i}: {:?}",
            text.chars()
                .skip(i.saturating_sub(40))
                .take(80)
                .collect::<String>()
        );
        if c == '\r' {
            assert_eq!(chars.get(i + 1), Some(&'\n'), "{what}: a lone CR: {text:?}");
        }
        i += 1;
    }
}

/// A file whose Event tag sets the window title, whose comment clears the screen and
/// whose faulty token is an escape sequence.
const HOSTILE: &str = "[Event \"x\x1b]0;PWNED\x07y\"]\n\nmark d5 { \x00 nul }\n# clear \x1b[2J\x1b[H here \u{202e}gnp.exe\n1. Y: a7-b6 \x1b[31m zz\n";

#[test]
fn control_characters_in_a_file_are_shown_escaped_in_diagnostics() {
    let dir = temp();
    let path = dir.path().join("hostile.lanrick");
    write(&path, HOSTILE);
    let out = lanrick()
        .args(["check", "--color", "never"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_shown(&err, false, "stderr");
    assert_shown(&stdout, false, "stdout");
    // One visible form: the character's code as Rust writes it.
    assert!(err.contains("`\\u{1b}`"), "{err}");
    assert!(
        err.contains("# clear \\u{1b}[2J\\u{1b}[H here \\u{202e}gnp.exe"),
        "{err}"
    );
    // The underline stands under the escaped character, and the place is the file's.
    assert!(err.contains("hostile.lanrick:5:13]"), "{err}");
    let line = err
        .lines()
        .find(|l| l.contains("1. Y: a7-b6 \\u{1b}[31m zz"))
        .expect("the faulty line is shown");
    let under = err
        .lines()
        .find(|l| l.contains('┬'))
        .expect("the label is drawn");
    // The underline covers the code from its first character.
    let col = |l: &str, c: char| l.chars().position(|x| x == c);
    assert_eq!(col(line, '\\'), col(under, '─'), "{err}");

    // With colour, only lanrick's own colour sequences.
    let out = lanrick()
        .args(["check", "--color", "always"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_shown(&err, true, "stderr in colour");
    assert!(err.contains("\\u{1b}[2J"), "{err}");
}

#[test]
fn a_lone_carriage_return_is_shown_not_obeyed() {
    let dir = temp();
    let path = dir.path().join("cr.lanrick");
    // The CR alone would send the cursor back and let `ok` hide the line's start.
    write(&path, "mark d5 { secret \r ok }\n1. Y: a7-b6 zz\r\n");
    let out = lanrick()
        .args(["check", "--color", "never"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_shown(&err, false, "stderr");
    assert!(err.contains("secret \\u{d} ok"), "{err}");
    // Lines are counted as lanrick counts them (by line feeds), as in JSON.
    assert!(err.contains("cr.lanrick:2:13]"), "{err}");
}

#[test]
fn file_names_with_control_characters_are_shown_escaped() {
    let dir = temp();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).expect("a directory");
    let name = "t\x1b]0;PWNED\x07.lanrick";
    write(&games.join(name), "mark d5\n1. Y: a7-b6 zz\n");
    for format in ["human", "github"] {
        let out = lanrick()
            .args(["check", "--color", "never", "--format", format])
            .arg(&games)
            .assert()
            .code(1)
            .get_output()
            .clone();
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_shown(&all, false, format);
        assert!(all.contains("t\\u{1b}]0;PWNED\\u{7}.lanrick"), "{all}");
    }
    // JSON keeps the name faithfully (JSON escapes it itself).
    let out = lanrick()
        .args(["check", "--format", "json"])
        .arg(&games)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(
        doc["files"][0]["file"]
            .as_str()
            .is_some_and(|f| f.ends_with(name)),
        "{doc}"
    );
    // fmt --check names the file too.
    write(&games.join(name), "mark   d5\n");
    let out = lanrick()
        .args(["fmt", "--check"])
        .arg(&games)
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert_shown(&String::from_utf8_lossy(&out.stdout), false, "fmt --check");
}

#[test]
fn github_annotations_show_control_characters_escaped() {
    let dir = temp();
    let path = dir.path().join("hostile.lanrick");
    write(&path, HOSTILE);
    let out = lanrick()
        .args(["check", "--format", "github"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_shown(&text, false, "github");
    assert!(text.contains("`\\u{1b}`"), "{text}");
    // JSON: raw and faithful.
    let out = lanrick()
        .args(["check", "--format", "json"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        doc["files"][0]["game_results"][0]["event"],
        "x\x1b]0;PWNED\x07y"
    );
}

/// Whether `c` is a character XML 1.0 allows.
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

#[test]
fn junit_stays_xml_whatever_the_game_name() {
    let dir = temp();
    let path = dir.path().join("names.lanrick");
    write(
        &path,
        "[Event \"a\u{fffe}b\u{ffff}c\x1bd\"]\nmark d5\n1. Y: a7-b6 zz \u{ffff}\n",
    );
    let out = lanrick()
        .args(["check", "--format", "junit"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let xml = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    if let Some(c) = xml.chars().find(|&c| !xml_char(c)) {
        panic!("{c:?} is not an XML 1.0 character: {xml}");
    }
    // Replaced visibly, not silently lost.
    assert!(
        xml.contains("name=\"a\\u{fffe}b\\u{ffff}c\\u{1b}d\""),
        "{xml}"
    );
}

#[test]
fn typed_lines_and_command_arguments_are_echoed_escaped() {
    let out = lanrick()
        .arg("repl")
        .write_stdin(
            "mark d5\na7-b6\x1b]0;PWNED\x07\n:foo\x1b[2J\n:load /nonexistent/\x1b[2Jx.lanrick\n:new \x1b[1m\n:game \x1b[H\u{202e}\n",
        )
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_shown(&err, false, "stderr");
    assert_shown(&String::from_utf8_lossy(&out.stdout), false, "stdout");
    assert!(err.contains("a7-b6\\u{1b}]0;PWNED\\u{7}"), "{err}");
    assert!(err.contains(":foo\\u{1b}[2J"), "{err}");
    assert!(err.contains("/nonexistent/\\u{1b}[2Jx.lanrick"), "{err}");
}

#[test]
fn a_long_typed_line_is_cut_in_errors() {
    let long = "x".repeat(1 << 20);
    let script = format!(
        "mark d5\nassert position \"{long}\"\n:load {long}\n:new {long}\n:foo{long}\n:game {long}\n"
    );
    let out = lanrick()
        .arg("repl")
        .write_stdin(script)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.len() < 20_000, "{} bytes of errors", err.len());
    assert!(err.contains('…'), "{err}");
}

#[test]
fn fmt_check_cuts_a_long_line_around_its_difference() {
    let dir = temp();
    let path = dir.path().join("long.lanrick");
    // A 10 MB comment on a line that is not canonical (two blanks after `mark`).
    let mut src = String::from("mark  d5 { ");
    src.push_str(&"carroll ".repeat(10 << 17));
    src.push_str("\x1b[2J }\n");
    write(&path, &src);
    for flags in [&["fmt", "--check"][..], &["fmt", "--check", "--diff"]] {
        let out = lanrick()
            .args(flags)
            .arg(&path)
            .assert()
            .code(1)
            .get_output()
            .clone();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(text.len() < 2_000, "{flags:?}: {} bytes", text.len());
        assert!(text.contains("mark  d5 { carroll"), "{flags:?}: {text}");
        assert!(text.contains('…'), "{flags:?}: {text}");
        assert_shown(&text, false, "fmt --check");
    }
    // The difference deep in a long line is shown, with what is around it.
    let path = dir.path().join("deep.lanrick");
    write(
        &path,
        format!("mark d5 {{ {}}}  # end\n", "carroll ".repeat(10_000)),
    );
    let out = lanrick()
        .args(["fmt", "--check"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.len() < 1_000, "{} bytes", text.len());
    assert!(text.contains("carroll }  # end`"), "{text}");
    assert!(text.contains("carroll } # end`"), "{text}");
}

#[test]
fn render_of_one_game_too_long_does_not_ask_for_a_game() {
    let dir = temp();
    let path = dir.path().join("long.lanrick");
    // One game of more than 20,000 positions: a move and 21,000 variations of it.
    let src = format!("mark d5\n1. Y: a7-b6 {}\n", "(1. Y: a7-a6) ".repeat(21_000));
    write(&path, &src);
    let out = lanrick()
        .args(["render", "--color", "never"])
        .arg(&path)
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.contains("lanrick::render::too_large"), "{err}");
    assert!(!err.contains("--game"), "{err}");
    assert!(err.contains("split"), "{err}");
}

/// The replay page reads its state from the URL: a malformed `%` escape
/// (`#step=%E0`) makes `decodeURIComponent` throw, which blanked the page. Every
/// call of it must be guarded (the browser case is in tests/browser/run.sh).
#[test]
fn the_replay_page_survives_a_malformed_escape_in_its_url() {
    use lanrick::render::{html, tree};
    let src = "mark d5\n1. Y: a7-b6\n";
    let page = html::page(
        "g.lanrick",
        src,
        &tree::build(src, None).expect("built"),
        false,
    );
    let script = page
        .rsplit("<script>")
        .next()
        .and_then(|s| s.split("</script>").next())
        .expect("the page has its script");
    let calls: Vec<usize> = script
        .match_indices("decodeURIComponent(")
        .map(|(i, _)| i)
        .collect();
    assert!(!calls.is_empty(), "the script decodes the URL");
    for at in calls {
        // Inside a `try` whose `catch` comes after the call.
        let before = &script[..at];
        let after = &script[at..];
        let open = before.rfind("try {").expect("the call is in a try block");
        assert!(
            !before[open..].contains('}'),
            "the try block closes before the call"
        );
        assert!(
            after
                .find("catch")
                .is_some_and(|c| !after[..c].contains("try {")),
            "the call's try has a catch"
        );
    }
}

/// Pictures take text from the file (the Event tag, comments, the refused event) into
/// SVG and HTML: markup is escaped and characters XML forbids never get in.
#[test]
fn pictures_stay_well_formed_with_hostile_text() {
    let dir = temp();
    let path = dir.path().join("p.lanrick");
    write(
        &path,
        "[Event \"<b>\x1b]0;T\x07\u{ffff}\u{202e}</b>\"]\nmark d5 { \x00\u{fffe} </svg> }\n1. Y: a7-b6 e8-e7\n2. B: h8-d4 { \x1b[2J too far }\n",
    );
    let out = lanrick()
        .args(["render", "--color", "never"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let svg = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    assert!(svg.contains("<svg"), "{svg}");
    if let Some(c) = svg.chars().find(|&c| !xml_char(c)) {
        panic!("{c:?} in the SVG");
    }
    assert_shown(
        &String::from_utf8_lossy(&out.stderr),
        false,
        "render stderr",
    );
    let page = dir.path().join("p.html");
    lanrick()
        .args(["replay", "--color", "never"])
        .arg(&path)
        .arg("--html")
        .arg(&page)
        .assert()
        .code(1);
    let html = std::fs::read_to_string(&page).expect("the page is written");
    if let Some(c) = html.chars().find(|&c| !xml_char(c)) {
        panic!("{c:?} in the page");
    }
    assert!(!html.contains("<b>"), "markup from the file is escaped");
}

/// clap quotes a refused argument back; with colour forced (as on a terminal) it used
/// to pass an escape sequence in the argument to the terminal raw.
#[test]
fn refused_arguments_are_quoted_back_escaped() {
    for force in ["1", "0"] {
        let out = lanrick()
            .env("CLICOLOR_FORCE", force)
            .args(["check", "--max-time", "\x1b]0;PWNED\x07"])
            .arg("x.lanrick")
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("\\u{1b}]0;PWNED\\u{7}"), "{err}");
        assert_shown(&err, true, "a refused --max-time");
        let out = lanrick()
            .env("CLICOLOR_FORCE", force)
            .arg("\x1b[2J\x1b[Hcheck")
            .assert()
            .code(2)
            .get_output()
            .clone();
        assert_shown(
            &String::from_utf8_lossy(&out.stderr),
            true,
            "an unknown subcommand",
        );
    }
    // Help is lanrick's own text and still printed as clap writes it.
    lanrick().arg("--help").assert().success();
}
