//! Robustness: no input crashes lanrick, loses a file, or hangs it. Each test feeds the
//! real binary (or the library) something hostile and expects a clear answer: an exit
//! code, a diagnostic, and files left as they were. Regression tests for what fuzzing
//! found are at the end.

use assert_cmd::Command;
use lanrick::cli::{write_atomically, write_atomically_with};
use lanrick::interp::{Options, run_file};
use lanrick::syntax::{self, MAX_NESTING, SyntaxErrorKind};
use predicates::str::contains;
use std::io::Write;
use std::path::{Path, PathBuf};

fn lanrick() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lanrick"));
    cmd.env_remove("NO_COLOR")
        .timeout(std::time::Duration::from_secs(120));
    cmd
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("the directory reads")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) {
    std::fs::write(path, bytes).expect("the test file is written");
}

/// A short legal game that is not in canonical form (so `fmt` rewrites it).
const UNFORMATTED: &str = "mark   d5\n1.   Y: a7-b6 h5-h4\n";

// ---------------------------------------------------------------------------------------
// Limits: clear errors, not crashes.

#[test]
fn a_hundred_thousand_open_parentheses_are_a_nesting_error() {
    let src = format!("mark d5 {}", "(".repeat(100_000));
    let err = syntax::parse_file(&src).expect_err("too deep");
    assert_eq!(err.kind, SyntaxErrorKind::Nesting { limit: MAX_NESTING });
    assert!(syntax::parse_line(&src).is_err());

    let dir = temp();
    let path = dir.path().join("deep.lanrick");
    write(&path, &src);
    lanrick()
        .args(["check", "--color", "never"])
        .arg(&path)
        .assert()
        .code(1)
        .stderr(contains("lanrick::syntax::nesting"));
    lanrick()
        .args(["fmt", "--color", "never"])
        .arg(&path)
        .assert()
        .code(1);
    assert_eq!(std::fs::read_to_string(&path).ok(), Some(src));
}

#[test]
fn nesting_at_the_limit_is_accepted_and_formatted() {
    let mut src = String::from("mark d5\n");
    for _ in 0..MAX_NESTING {
        src.push_str("a7-b6 (");
    }
    src.push_str("a7-a6");
    src.push_str(&")".repeat(MAX_NESTING));
    src.push('\n');
    let file = syntax::parse_file(&src).expect("64 deep parses");
    let formatted = lanrick::fmt::format_file(&file);
    let again = syntax::parse_file(&formatted).expect("its formatting parses");
    assert_eq!(syntax::without_spans(&again), syntax::without_spans(&file));
    let _ = run_file(&src, Options { each: true });
}

#[test]
fn a_ten_megabyte_line_is_read() {
    let dir = temp();
    // A comment 10 MB long on the line of a legal event.
    let ok = dir.path().join("long-comment.lanrick");
    let mut src = String::from("mark d5 { ");
    src.push_str(&"carroll ".repeat(10 << 17));
    src.push_str("}\n");
    write(&ok, &src);
    lanrick().arg("check").arg(&ok).assert().code(0);

    // 1 MB of man's moves on one line (more is slow in a debug build): the second is
    // illegal, and the diagnostic still comes.
    let bad = dir.path().join("long-turns.lanrick");
    let src = format!("mark d5\n{}\n", "a7-b6 ".repeat((1 << 20) / 6));
    assert!(src.len() > 1 << 19);
    write(&bad, &src);
    let out = lanrick()
        .args(["check", "--color", "never"])
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(contains("lanrick::rule"))
        .get_output()
        .stderr
        .clone();
    // The long line is shown around the label, not whole.
    assert!(out.len() < 2_000, "{} bytes of diagnostic", out.len());
}

/// A diagnostic on a long line shows the part of the line around the label, marked
/// with `…`, under the real line and column; a label on a short line next to a long one
/// shows its own line alone.
#[test]
fn long_lines_are_cut_down_around_the_label() {
    let dir = temp();
    // What `check` prints on standard error for a file with one problem.
    let diagnostic = |name: &str, src: String| {
        let path = dir.path().join(name);
        write(&path, src);
        let out = lanrick()
            .args(["check", "--color", "never"])
            .arg(&path)
            .assert()
            .code(1)
            .get_output()
            .stderr
            .clone();
        assert!(out.len() < 1_000, "{} bytes", out.len());
        String::from_utf8_lossy(&out).into_owned()
    };
    let text = diagnostic(
        "one-line.lanrick",
        format!("mark d5\n{} zz\n", vec!["a1-a2"; 2000].join(" ")),
    );
    assert!(text.contains("one-line.lanrick:2:12001]"), "{text}");
    assert!(text.contains(" 2 │ … a1-a2 "), "{text}");
    assert!(text.contains("a1-a2 zz\n"), "{text}");

    let text = diagnostic(
        "after-long.lanrick",
        format!("mark d5 {{ {} }}\nzz\n", "carroll ".repeat(1000)),
    );
    assert!(text.contains(" 2 │ zz\n"), "{text}");
    assert!(!text.contains("carroll"), "{text}");
}

/// A long run of unexpected characters is named by its first forty.
#[test]
fn a_long_unexpected_word_is_named_by_its_start() {
    let src = format!("mark d5 {}\n", "é".repeat(3000));
    let Err(e) = syntax::parse_file(&src) else {
        panic!("should not parse")
    };
    let msg = e.to_string();
    assert!(
        msg.ends_with(&format!("found `{}…`", "é".repeat(40))),
        "{msg}"
    );
    assert_eq!((e.span.start, e.span.len()), (8, 80));
    let p = lanrick::interp::syntax_problem(&e);
    assert_eq!(p.code, "lanrick::syntax::expected");
    assert_eq!(p.primary.span, e.span);
    assert_eq!(p.help, None);
}

#[test]
fn a_twenty_megabyte_file_is_checked() {
    let dir = temp();
    let path = dir.path().join("big.lanrick");
    let mut src = String::from("mark d5\n");
    let line = "assert to-move Y { a directive that holds }\n";
    while src.len() < 20 << 20 {
        src.push_str(line);
    }
    write(&path, &src);
    lanrick()
        .args(["check"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout(contains("1 passed, 0 failed"));
}

#[test]
fn a_syntax_error_on_every_line_is_reported_in_linear_time() {
    // Each error is rendered against its own lines, not the whole game: 20,000 errors in
    // one 180 KB game took minutes when each was rendered against the whole game.
    let dir = temp();
    let path = dir.path().join("noise.lanrick");
    let mut src = String::from("[Event \"noise\"]\n\nmark d5\n");
    let lines = 20_000;
    for _ in 0..lines {
        src.push_str("a7-b6 zz\n");
    }
    write(&path, &src);
    for cmd in ["check", "fmt"] {
        let started = std::time::Instant::now();
        let out = lanrick()
            .args([cmd, "--color", "never"])
            .arg(&path)
            .output()
            .expect("it runs");
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.matches("lanrick::syntax::expected").count(),
            lines,
            "{cmd}"
        );
        // The last error, on the last line, with its line number.
        assert!(
            err.contains(&format!("noise.lanrick:{}:7]", lines + 3)),
            "{cmd}"
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "{cmd}"
        );
    }
}

#[test]
fn bytes_that_are_not_utf8_give_their_offset() {
    let dir = temp();
    let path = dir.path().join("latin1.lanrick");
    write(&path, b"mark d5\n{ caf\xe9 }\n");
    for cmd in ["check", "replay", "fmt"] {
        lanrick()
            .args([cmd, "--color", "never"])
            .arg(&path)
            .assert()
            .code(1)
            .stderr(contains("lanrick::io::utf8"))
            .stderr(contains("offset 13"));
    }
    // The offset of a bad byte after multi-byte characters, and a lone bad last byte.
    let path = dir.path().join("tail.lanrick");
    write(
        &path,
        "mark d5 { é }\n\u{fffd}"
            .bytes()
            .chain([0xc3])
            .collect::<Vec<u8>>(),
    );
    lanrick()
        .args(["check", "--color", "never"])
        .arg(&path)
        .assert()
        .code(1)
        .stderr(contains("offset 18"));
}

#[test]
fn an_empty_file_is_handled() {
    let dir = temp();
    let path = dir.path().join("empty.lanrick");
    write(&path, "");
    let out = lanrick().arg("check").arg(&path).output().expect("it runs");
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    let out = lanrick()
        .arg("replay")
        .arg(&path)
        .output()
        .expect("it runs");
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    lanrick()
        .args(["fmt", "--check"])
        .arg(&path)
        .assert()
        .code(0);
    lanrick().arg("fmt").arg(&path).assert().code(0);
    assert_eq!(std::fs::read(&path).ok(), Some(Vec::new()));
}

#[test]
fn a_directory_given_as_a_file_is_an_error() {
    let dir = temp();
    lanrick()
        .arg("replay")
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(contains("is a directory"));
    // `check` and `fmt` search a directory; an empty one has no games.
    for cmd in ["check", "fmt"] {
        lanrick()
            .arg(cmd)
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(contains("no .lanrick files"));
    }
}

#[cfg(unix)]
#[test]
fn a_file_gone_before_it_is_read_is_an_error() {
    // A dangling link given directly stands for a file removed between the listing of
    // the arguments and the reading.
    let dir = temp();
    let path = dir.path().join("gone.lanrick");
    std::os::unix::fs::symlink(dir.path().join("removed.lanrick"), &path).expect("a link");
    for cmd in ["check", "replay", "fmt"] {
        lanrick()
            .arg(cmd)
            .arg(&path)
            .assert()
            .code(2)
            .stderr(contains("cannot read"));
    }
    // One missing file among good ones: the good one is still checked.
    let good = dir.path().join("good.lanrick");
    write(&good, "mark d5\n");
    lanrick()
        .arg("check")
        .arg(&good)
        .arg(dir.path().join("nowhere.lanrick"))
        .assert()
        .code(2);
}

#[cfg(unix)]
#[test]
fn check_ends_in_a_symlink_loop() {
    let dir = temp();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).expect("a directory");
    write(&games.join("a.lanrick"), "mark d5\n");
    std::os::unix::fs::symlink(&games, games.join("again")).expect("a loop");
    std::os::unix::fs::symlink(dir.path(), games.join("up")).expect("a loop");
    // A link to itself, named like a game file.
    std::os::unix::fs::symlink(games.join("self.lanrick"), games.join("self.lanrick"))
        .expect("a self loop");
    lanrick()
        .arg("check")
        .arg(&games)
        .assert()
        .code(0)
        .stdout(contains("1 passed, 0 failed"));
}

#[cfg(unix)]
#[test]
fn check_skips_a_fifo_named_like_a_game_file() {
    let dir = temp();
    write(&dir.path().join("a.lanrick"), "mark d5\n");
    let fifo = dir.path().join("pipe.lanrick");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available; skipping the FIFO case");
        return;
    }
    lanrick()
        .arg("check")
        .arg(dir.path())
        .timeout(std::time::Duration::from_secs(30))
        .assert()
        .code(0)
        .stdout(contains("1 passed, 0 failed"));
}

// ---------------------------------------------------------------------------------------
// No data lost: writes go to a temporary file in the same directory, then a rename.

/// A writer that accepts `room` bytes and then fails as a full disk does.
struct FullDisk<'a> {
    inner: &'a mut dyn Write,
    room: usize,
}

impl Write for FullDisk<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.room == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "no space left on device",
            ));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        self.inner.write(&buf[..n])
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[test]
fn a_full_disk_leaves_the_original_untouched() {
    let dir = temp();
    let path = dir.path().join("game.lanrick");
    write(&path, UNFORMATTED);
    let text = "mark d5\n".repeat(10_000);
    for room in [0, 1, 4096, text.len() - 1] {
        let result = write_atomically_with(&path, |w| {
            FullDisk { inner: w, room }.write_all(text.as_bytes())
        });
        let msg = result.expect_err("the write fails");
        assert!(
            msg.contains("cannot write") && msg.contains("no space"),
            "{msg}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some(UNFORMATTED)
        );
        assert_eq!(
            names(dir.path()),
            ["game.lanrick"],
            "a temporary file was left"
        );
    }
    // With room enough, the file is replaced.
    write_atomically_with(&path, |w| {
        FullDisk {
            inner: w,
            room: text.len(),
        }
        .write_all(text.as_bytes())
    })
    .expect("the write succeeds");
    assert_eq!(std::fs::read_to_string(&path).ok(), Some(text));
    assert_eq!(names(dir.path()), ["game.lanrick"]);
}

#[test]
fn a_new_file_is_not_created_when_writing_fails() {
    let dir = temp();
    let path = dir.path().join("new.lanrick");
    let result = write_atomically_with(&path, |w| {
        FullDisk { inner: w, room: 3 }.write_all(b"mark d5\n")
    });
    assert!(result.is_err());
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

/// Whether the permissions of a read-only directory are enforced for this process
/// (they are not for root).
#[cfg(unix)]
fn read_only_is_enforced(dir: &Path) -> bool {
    let probe = dir.join("probe");
    match std::fs::File::create(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            false
        }
        Err(_) => true,
    }
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

#[cfg(unix)]
#[test]
fn fmt_in_a_read_only_directory_keeps_the_file() {
    let dir = temp();
    let sub = dir.path().join("ro");
    std::fs::create_dir(&sub).expect("a directory");
    let path = sub.join("game.lanrick");
    write(&path, UNFORMATTED);
    set_mode(&sub, 0o555);
    let enforced = read_only_is_enforced(&sub);
    if enforced {
        lanrick()
            .arg("fmt")
            .arg(&path)
            .assert()
            .code(2)
            .stderr(contains("cannot write"));
        let mut session = lanrick::repl::session::Session::new(false);
        let _ = session.handle("mark d5");
        let out = session.handle(&format!(":save! {}", path.display()));
        assert!(out.failed, "{}", out.text);
    } else {
        // Running as root, where a read-only directory can still be written: the
        // refusal is simulated by a writer that is denied at its first byte.
        let result = write_atomically_with(&path, |_| {
            Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "permission denied",
            ))
        });
        assert!(result.is_err_and(|m| m.contains("permission denied")));
    }
    set_mode(&sub, 0o755);
    assert_eq!(
        std::fs::read_to_string(&path).ok().as_deref(),
        Some(UNFORMATTED)
    );
    assert_eq!(names(&sub), ["game.lanrick"]);
}

#[test]
fn fmt_rewrites_a_file_and_leaves_nothing_else() {
    let dir = temp();
    let path = dir.path().join("game.lanrick");
    write(&path, UNFORMATTED);
    lanrick().arg("fmt").arg(&path).assert().code(0);
    let formatted = std::fs::read_to_string(&path).expect("still there");
    assert_ne!(formatted, UNFORMATTED);
    lanrick()
        .args(["fmt", "--check"])
        .arg(&path)
        .assert()
        .code(0);
    assert_eq!(names(dir.path()), ["game.lanrick"]);
}

#[cfg(unix)]
#[test]
fn fmt_through_a_symlink_keeps_the_link() {
    let dir = temp();
    let real = dir.path().join("real.lanrick");
    let link = dir.path().join("link.lanrick");
    write(&real, UNFORMATTED);
    std::os::unix::fs::symlink(&real, &link).expect("a link");
    lanrick().arg("fmt").arg(&link).assert().code(0);
    assert!(
        std::fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()),
        "the link was replaced by a file"
    );
    let formatted = std::fs::read_to_string(&real).expect("the target is there");
    assert_ne!(formatted, UNFORMATTED);
    assert_eq!(names(dir.path()), ["link.lanrick", "real.lanrick"]);
}

#[test]
fn repl_save_replaces_a_file_whole() {
    let dir = temp();
    let path = dir.path().join("saved.lanrick");
    write(&path, UNFORMATTED);
    let mut session = lanrick::repl::session::Session::new(false);
    let _ = session.handle("mark d5");
    let out = session.handle(&format!(":save {}", path.display()));
    assert!(
        out.failed,
        "an existing different file is kept: {}",
        out.text
    );
    assert_eq!(
        std::fs::read_to_string(&path).ok().as_deref(),
        Some(UNFORMATTED)
    );
    let out = session.handle(&format!(":save! {}", path.display()));
    assert!(!out.failed, "{}", out.text);
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(run_file(&saved, Options::default()).passed(), "{saved}");
    assert_eq!(names(dir.path()), ["saved.lanrick"]);
    // Saving into a directory that does not exist fails cleanly.
    let out = session.handle(&format!(
        ":save {}",
        dir.path().join("no/such.lanrick").display()
    ));
    assert!(out.failed);
}

#[test]
fn write_atomically_replaces_and_keeps_permissions() {
    let dir = temp();
    let path = dir.path().join("game.lanrick");
    write(&path, "old\n");
    #[cfg(unix)]
    set_mode(&path, 0o640);
    write_atomically(&path, "new\n").expect("written");
    assert_eq!(
        std::fs::read_to_string(&path).ok().as_deref(),
        Some("new\n")
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).map(|m| m.permissions().mode() & 0o777);
        assert_eq!(mode.ok(), Some(0o640));
    }
    // Writing over a directory fails and leaves it.
    let sub: PathBuf = dir.path().join("sub");
    std::fs::create_dir(&sub).expect("a directory");
    write(&sub.join("inside"), "x");
    assert!(write_atomically(&sub, "text").is_err());
    assert!(sub.join("inside").exists());
    assert_eq!(names(dir.path()), ["game.lanrick", "sub"]);
}

/// A new file is readable as any new file is (0666 less the umask), not private like a
/// temporary file: `selfplay --out` and `:save` results are meant to be shared.
#[cfg(unix)]
#[test]
fn write_atomically_gives_a_new_file_the_usual_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp();
    let plain = dir.path().join("plain");
    std::fs::File::create(&plain).expect("a plain file");
    let usual = std::fs::metadata(&plain).map(|m| m.permissions().mode() & 0o777);
    let path = dir.path().join("new.lanrick");
    write_atomically(&path, "mark d5\n").expect("written");
    let mode = std::fs::metadata(&path).map(|m| m.permissions().mode() & 0o777);
    assert_eq!(mode.ok(), usual.ok());
}

// ---------------------------------------------------------------------------------------
// Regressions found by fuzzing (fuzz/): each input once crashed or broke an invariant.

/// Found by the `notation` fuzz target: an error inside a quoted position string that
/// holds escapes (`\\`, `\"`) was placed by its offset in the unescaped value, so the
/// label could land inside a multi-byte character. Spans now follow the written text.
#[test]
fn position_errors_in_escaped_strings_point_at_the_written_text() {
    let src = include_str!("cases/fuzz/escaped-position-span.lanrick");
    let run = lanrick::interp::run_file(src, lanrick::interp::Options { each: true });
    let problems: Vec<_> = run.problems().collect();
    assert!(!problems.is_empty());
    for p in problems {
        for label in std::iter::once(&p.primary).chain(&p.secondary) {
            let s = label.span;
            assert!(s.start <= s.end && s.end <= src.len(), "{s:?}");
            assert!(
                src.is_char_boundary(s.start) && src.is_char_boundary(s.end),
                "{s:?}"
            );
        }
    }
    // A malformed rank after escapes: the label sits on the written character.
    let src = "mark d5\nassert position \"\\\\\\\"é/8/8/8/8/8/8/8 B mark\"\n";
    let run = lanrick::interp::run_file(src, lanrick::interp::Options::default());
    let p = run.problems().next().expect("a problem");
    assert_eq!(p.code, "lanrick::position::bad_char");
    assert_eq!(&src[p.primary.span.start..p.primary.span.end], "\\\\");
}
