//! Hostile output paths: every writer (`selfplay --out`, `match --out`, `render -o`,
//! `replay --html`, `fmt`, `:save`, `manpage --out-dir`) either writes where the user
//! pointed or refuses with a clear error, and never replaces what is not a regular
//! file, overwrites one of its own inputs, drops the other games of a collection or
//! leaves a temporary file behind (not even when interrupted).
//!
//! Every test works in its own temporary directory. Device nodes are made there with
//! `mknod` when running as root (as CI does); otherwise that part is skipped with a
//! note.

use assert_cmd::Command;
use predicates::str::contains;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn lanrick() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lanrick"));
    cmd.env_remove("NO_COLOR").timeout(Duration::from_secs(60));
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

/// The temporary files lanrick's writer left in `dir`.
fn leftovers(dir: &Path) -> Vec<String> {
    names(dir)
        .into_iter()
        .filter(|n| n.starts_with(".lanrick-"))
        .collect()
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) {
    std::fs::write(path, bytes).expect("the test file is written");
}

/// A short legal game.
const GAME: &str = "mark d5\n1. Y: a7-b6\n";

/// Makes a FIFO at `path`; false (with a note) when `mkfifo` is not available.
fn mkfifo(path: &Path) -> bool {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    let ok = made.is_ok_and(|s| s.success());
    if !ok {
        eprintln!("note: mkfifo is not available; skipping the FIFO case");
    }
    ok
}

/// Makes a device node at `path` (`kind` is `c` or `b`) when running as root; false
/// (with a note) otherwise.
fn mknod(path: &Path, kind: &str, major: u32, minor: u32) -> bool {
    let made = std::process::Command::new("mknod")
        .arg(path)
        .arg(kind)
        .arg(major.to_string())
        .arg(minor.to_string())
        .status();
    let ok = made.is_ok_and(|s| s.success());
    if !ok {
        eprintln!("note: cannot make a device node (not root?); skipping the device case");
    }
    ok
}

#[cfg(unix)]
fn file_type(path: &Path) -> std::fs::FileType {
    std::fs::symlink_metadata(path)
        .expect("the path is still there")
        .file_type()
}

// ---------------------------------------------------------------------------------------
// Point 1: a target that is not a regular file is written in place or refused.

#[cfg(unix)]
#[test]
fn out_to_a_character_device_writes_in_place_and_keeps_the_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp();
    // The null device's numbers (1, 3), made in the temporary directory.
    let null = dir.path().join("null");
    if !mknod(&null, "c", 1, 3) {
        return;
    }
    lanrick()
        .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
        .arg(&null)
        .assert()
        .code(0);
    lanrick()
        .args([
            "match", "--a", "0", "--b", "0", "--games", "1", "--seed", "1",
        ])
        .arg("--out")
        .arg(&null)
        .assert()
        .code(0);
    let game = dir.path().join("game.lanrick");
    write(&game, GAME);
    lanrick()
        .arg("render")
        .arg(&game)
        .arg("-o")
        .arg(&null)
        .assert()
        .code(0);
    lanrick()
        .arg("replay")
        .arg(&game)
        .arg("--html")
        .arg(&null)
        .assert()
        .code(0);
    lanrick()
        .args(["repl", "--quiet"])
        .write_stdin(format!("mark d5\n:save {}\n", null.display()))
        .assert()
        .code(0);
    assert!(file_type(&null).is_char_device(), "the device was replaced");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn out_to_a_block_device_is_refused() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp();
    // A loop device's numbers; nothing is ever written to it.
    let disk = dir.path().join("disk");
    if !mknod(&disk, "b", 7, 200) {
        return;
    }
    lanrick()
        .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
        .arg(&disk)
        .assert()
        .code(2)
        .stderr(contains("block device"));
    assert!(file_type(&disk).is_block_device());
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn out_to_dev_stdout_writes_to_standard_output() {
    let out = lanrick()
        .args([
            "selfplay",
            "--games",
            "1",
            "--seed",
            "1",
            "--out",
            "/dev/stdout",
        ])
        .assert()
        .code(0);
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(text.contains("[Result"), "{text}");
    let out = lanrick()
        .args(["render", "--position"])
        .arg("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first")
        .args(["-o", "/dev/stdout"])
        .assert()
        .code(0);
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(text.contains("<svg"), "{text}");
}

#[cfg(unix)]
#[test]
fn out_to_a_fifo_with_a_reader_writes_into_it() {
    let dir = temp();
    let fifo = dir.path().join("pipe");
    if !mkfifo(&fifo) {
        return;
    }
    // The reader is a process, so that it can be ended if nothing ever reaches it.
    let mut reader = std::process::Command::new("cat")
        .arg(&fifo)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("cat starts");
    // Give the reader time to open its end.
    std::thread::sleep(Duration::from_millis(200));
    let written = lanrick()
        .args(["selfplay", "--games", "3", "--seed", "1", "--out"])
        .arg(&fifo)
        .output()
        .expect("lanrick runs");
    let started = std::time::Instant::now();
    while reader.try_wait().ok().flatten().is_none() && started.elapsed() < Duration::from_secs(10)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = reader.kill();
    let read = reader.wait_with_output().expect("the reader ends");
    assert!(written.status.success(), "{written:?}");
    let text = String::from_utf8_lossy(&read.stdout).into_owned();
    assert_eq!(text.matches("[Result").count(), 3, "{text}");
    use std::os::unix::fs::FileTypeExt;
    assert!(file_type(&fifo).is_fifo(), "the FIFO was replaced");
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[cfg(unix)]
#[test]
fn out_to_a_fifo_without_a_reader_is_refused_at_once() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp();
    let fifo = dir.path().join("pipe");
    if !mkfifo(&fifo) {
        return;
    }
    lanrick()
        .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
        .arg(&fifo)
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(contains("no process is reading"));
    // `:save` to it neither hangs nor replaces it.
    lanrick()
        .args(["repl", "--quiet"])
        .write_stdin(format!("mark d5\n:save {}\n", fifo.display()))
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stderr(contains("no process is reading"));
    assert!(file_type(&fifo).is_fifo(), "the FIFO was replaced");
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[cfg(unix)]
#[test]
fn out_to_a_socket_is_refused() {
    let dir = temp();
    let sock = dir.path().join("sock");
    let _listener = std::os::unix::net::UnixListener::bind(&sock).expect("a socket");
    lanrick()
        .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
        .arg(&sock)
        .assert()
        .code(2)
        .stderr(contains("socket"));
    use std::os::unix::fs::FileTypeExt;
    assert!(file_type(&sock).is_socket());
    assert_eq!(names(dir.path()), ["sock"]);
}

#[test]
fn out_to_a_directory_or_a_link_to_one_is_refused() {
    let dir = temp();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).expect("a directory");
    let mut targets = vec![sub.clone()];
    #[cfg(unix)]
    {
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&sub, &link).expect("a link");
        targets.push(link);
    }
    for target in &targets {
        lanrick()
            .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
            .arg(target)
            .assert()
            .code(2)
            .stderr(contains("is a directory"));
        lanrick()
            .args(["repl", "--quiet"])
            .write_stdin(format!("mark d5\n:save! {}\n", target.display()))
            .assert()
            .code(1)
            .stderr(contains("is a directory"));
    }
    assert!(names(&sub).is_empty());
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn out_through_a_link_replaces_its_file_and_keeps_the_link() {
    let dir = temp();
    let real = dir.path().join("real.lanrick");
    write(&real, "old\n");
    let link = dir.path().join("link.lanrick");
    std::os::unix::fs::symlink("real.lanrick", &link).expect("a link");
    lanrick()
        .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
        .arg(&link)
        .assert()
        .code(0);
    assert!(file_type(&link).is_symlink(), "the link was replaced");
    let text = std::fs::read_to_string(&real).expect("the file");
    assert!(text.contains("[Result"), "{text}");
    assert_eq!(names(dir.path()), ["link.lanrick", "real.lanrick"]);
}

#[cfg(unix)]
#[test]
fn out_to_a_dangling_link_is_refused_with_its_target_named() {
    let dir = temp();
    let link = dir.path().join("link.lanrick");
    std::os::unix::fs::symlink("missing/real.lanrick", &link).expect("a link");
    lanrick()
        .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
        .arg(&link)
        .assert()
        .code(2)
        .stderr(contains("missing/real.lanrick"))
        .stderr(contains("does not exist"));
    assert!(file_type(&link).is_symlink());
    assert_eq!(names(dir.path()), ["link.lanrick"]);
}

#[test]
fn out_into_a_directory_that_does_not_exist_says_so() {
    let dir = temp();
    let path = dir.path().join("no").join("such.lanrick");
    lanrick()
        .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("does not exist"));
    lanrick()
        .arg("manpage")
        .arg("--out-dir")
        .arg(dir.path().join("no"))
        .assert()
        .code(2)
        .stderr(contains("does not exist"));
    assert!(names(dir.path()).is_empty());
}

#[test]
fn out_to_a_path_with_control_characters_is_written_and_shown_escaped() {
    let dir = temp();
    let path = dir.path().join("new\nline\u{1b}[2J.lanrick");
    lanrick()
        .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
        .arg(&path)
        .assert()
        .code(0);
    assert!(std::fs::read_to_string(&path).is_ok_and(|t| t.contains("[Result")));
    // An error about such a path shows it escaped: no raw escape reaches the terminal.
    let missing = dir.path().join("no\u{1b}[2J").join("x.lanrick");
    lanrick()
        .args(["selfplay", "--games", "1", "--seed", "1", "--out"])
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(contains("\\u{1b}[2J"))
        .stderr(predicates::str::contains("\u{1b}[2J").not());
}

// ---------------------------------------------------------------------------------------
// Point 3: an output that is one of the inputs is refused.

#[test]
fn an_output_that_is_the_input_is_refused_and_the_game_kept() {
    let dir = temp();
    let game = dir.path().join("game.lanrick");
    write(&game, GAME);
    let mut same = vec![game.clone()];
    // The same file by another spelling, through a link and by a hard link.
    same.push(dir.path().join(".").join("game.lanrick"));
    #[cfg(unix)]
    {
        let link = dir.path().join("link.lanrick");
        std::os::unix::fs::symlink(&game, &link).expect("a link");
        same.push(link);
        let hard = dir.path().join("hard.lanrick");
        std::fs::hard_link(&game, &hard).expect("a hard link");
        same.push(hard);
    }
    for out in &same {
        lanrick()
            .arg("replay")
            .arg(&game)
            .arg("--html")
            .arg(out)
            .assert()
            .code(2)
            .stderr(contains("is the input"));
        lanrick()
            .arg("render")
            .arg(&game)
            .arg("-o")
            .arg(out)
            .assert()
            .code(2)
            .stderr(contains("is the input"));
        assert_eq!(std::fs::read_to_string(&game).ok().as_deref(), Some(GAME));
    }
    // With --each, a picture that would land on the input is refused too.
    let each = dir.path().join("each");
    std::fs::create_dir(&each).expect("a directory");
    let input = each.join("000.svg");
    write(&input, GAME);
    lanrick()
        .arg("render")
        .arg(&input)
        .arg("--each")
        .arg("-o")
        .arg(&each)
        .assert()
        .code(2)
        .stderr(contains("is the input"));
    assert_eq!(std::fs::read_to_string(&input).ok().as_deref(), Some(GAME));
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------
// Point 2: saving a loaded game over its collection replaces that game alone.

const TOUR: &str = include_str!("../examples/rules-tour.lanrick");

#[test]
fn saving_a_game_over_its_collection_replaces_that_game_alone() {
    let dir = temp();
    let path = dir.path().join("tour.lanrick");
    write(&path, TOUR);
    let spans = lanrick::syntax::split::split_games(TOUR);
    assert!(spans.len() >= 3, "the tour has several games");
    let out = lanrick()
        .args(["repl", "--quiet"])
        .write_stdin(format!(":load {p} 2\n:save! {p}\n", p = path.display()))
        .assert()
        .code(0);
    let said = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(said.contains("game 2"), "{said}");
    let saved = std::fs::read_to_string(&path).expect("the file");
    let after = lanrick::syntax::split::split_games(&saved);
    assert_eq!(after.len(), spans.len(), "games were lost:\n{saved}");
    // Every other game is kept byte for byte.
    for (i, (a, b)) in spans.iter().zip(&after).enumerate() {
        if i != 1 {
            assert_eq!(
                &TOUR[a.start..a.end],
                &saved[b.start..b.end],
                "game {}",
                i + 1
            );
        }
    }
    // The game played on and saved again replaces game 2 again.
    lanrick()
        .args(["repl", "--quiet"])
        .write_stdin(format!(
            ":load {p} 2\n:save! {p}\n:undo\n:save! {p}\n",
            p = path.display()
        ))
        .assert()
        .code(0);
    let again = std::fs::read_to_string(&path).expect("the file");
    assert_eq!(
        lanrick::syntax::split::split_games(&again).len(),
        spans.len()
    );
    lanrick().arg("check").arg(&path).assert().code(0);
}

#[test]
fn saving_over_a_collection_changed_since_load_is_refused() {
    let dir = temp();
    let path = dir.path().join("tour.lanrick");
    write(&path, TOUR);
    let mut session = lanrick::repl::session::Session::new(false);
    let out = session.handle(&format!(":load {} 2", path.display()));
    assert!(!out.failed, "{}", out.error);
    let changed = format!("{TOUR}\n[Event \"added\"]\n\nmark d5\n");
    write(&path, &changed);
    let out = session.handle(&format!(":save! {}", path.display()));
    assert!(out.failed, "{}", out.text);
    assert!(out.error.contains("changed"), "{}", out.error);
    assert_eq!(std::fs::read_to_string(&path).ok(), Some(changed));
}

// ---------------------------------------------------------------------------------------
// Point 4: an interrupted write leaves no temporary file and the old file whole.

/// Run by [`ctrl_c_during_a_write_leaves_no_temporary_file`] in a child process: writes
/// slowly to `LANRICK_SLOW_WRITE` until a signal ends it.
#[test]
#[ignore = "a helper run by ctrl_c_during_a_write_leaves_no_temporary_file"]
fn slow_writer_helper() {
    let Some(path) = std::env::var_os("LANRICK_SLOW_WRITE") else {
        return;
    };
    let result = lanrick::cli::write_atomically_with(Path::new(&path), |w| {
        for _ in 0..600 {
            w.write_all(&[b'x'; 1024])?;
            w.flush()?;
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(())
    });
    println!("the write ended: {result:?}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_a_write_leaves_no_temporary_file() {
    let dir = temp();
    let target: PathBuf = dir.path().join("game.lanrick");
    write(&target, GAME);
    let mut helper = std::process::Command::new(std::env::current_exe().expect("this test"));
    helper
        .args(["--ignored", "--exact", "slow_writer_helper", "--nocapture"])
        .env("LANRICK_SLOW_WRITE", &target)
        .stdout(std::process::Stdio::null());
    // A job started in the background by a shell without job control (`cmd &` in a
    // script) inherits Ctrl-C ignored, and lanrick rightly keeps it ignored: the helper
    // gets the default action, as a program run from a terminal has.
    {
        use std::os::unix::process::CommandExt;
        unsafe extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        // SAFETY: `signal` is async-signal-safe; SIGINT (2) back to its default (0).
        unsafe {
            helper.pre_exec(|| {
                signal(2, 0);
                Ok(())
            });
        }
    }
    let mut child = helper.spawn().expect("the helper starts");
    // Wait until the temporary file is there, then press Ctrl-C.
    let started = std::time::Instant::now();
    while leftovers(dir.path()).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the helper wrote no temporary file"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(100));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let status = child.wait().expect("the helper ends");
    assert!(
        !status.success(),
        "the interrupted write went on: {status:?}"
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    assert_eq!(std::fs::read_to_string(&target).ok().as_deref(), Some(GAME));
}

use predicates::prelude::PredicateBooleanExt;

// ---------------------------------------------------------------------------------------
// Every other path argument, as a hostile user would give it.

#[test]
fn render_each_into_a_file_or_a_dangling_link_says_why() {
    let dir = temp();
    let game = dir.path().join("game.lanrick");
    write(&game, GAME);
    let file = dir.path().join("file");
    write(&file, "keep");
    lanrick()
        .arg("render")
        .arg(&game)
        .arg("--each")
        .arg("-o")
        .arg(&file)
        .assert()
        .code(2)
        .stderr(contains("it is a file, not a directory"));
    assert_eq!(std::fs::read_to_string(&file).ok().as_deref(), Some("keep"));
    #[cfg(unix)]
    {
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("missing", &link).expect("a link");
        lanrick()
            .arg("render")
            .arg(&game)
            .arg("--each")
            .arg("-o")
            .arg(&link)
            .assert()
            .code(2)
            .stderr(contains("symbolic link"))
            .stderr(contains("does not exist"));
    }
    // A link to a directory is followed.
    #[cfg(unix)]
    {
        let real = dir.path().join("real");
        std::fs::create_dir(&real).expect("a directory");
        let to = dir.path().join("to-real");
        std::os::unix::fs::symlink(&real, &to).expect("a link");
        lanrick()
            .arg("render")
            .arg(&game)
            .arg("--each")
            .arg("-o")
            .arg(&to)
            .assert()
            .code(0);
        assert_eq!(names(&real), ["000.svg", "001.svg", "002.svg"]);
    }
}

#[test]
fn out_dirs_that_are_not_directories_fail_before_any_work() {
    let dir = temp();
    let file = dir.path().join("file");
    write(&file, "keep");
    for out_dir in [dir.path().join("missing"), file.clone()] {
        // compose says so before trying a single position (--trace prints each).
        lanrick()
            .args([
                "compose",
                "--seed",
                "1",
                "--count",
                "1",
                "--trace",
                "--out-dir",
            ])
            .arg(&out_dir)
            .assert()
            .code(2)
            .stderr(contains("--out-dir"))
            .stderr(contains("compose:").not());
        lanrick()
            .args(["manpage", "--out-dir"])
            .arg(&out_dir)
            .assert()
            .code(2)
            .stderr(contains("--out-dir"));
    }
    assert_eq!(names(dir.path()), ["file"]);
    assert_eq!(std::fs::read_to_string(&file).ok().as_deref(), Some("keep"));
}

#[cfg(unix)]
#[test]
fn fmt_and_load_of_a_fifo_are_refused_at_once() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp();
    let fifo = dir.path().join("pipe.lanrick");
    if !mkfifo(&fifo) {
        return;
    }
    // Rewriting in place is for files: `fmt` does not wait for a writer.
    lanrick()
        .arg("fmt")
        .arg(&fifo)
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(contains("FIFO"));
    // Nor does `:load` at the prompt, where waiting could only end by Ctrl-C and the
    // game being played would be lost.
    lanrick()
        .args(["repl", "--quiet"])
        .write_stdin(format!("mark d5\n:load {}\n:save x\n", fifo.display()))
        .current_dir(dir.path())
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stderr(contains("FIFO"));
    assert!(file_type(&fifo).is_fifo());
    assert_eq!(names(dir.path()), ["pipe.lanrick", "x"]);
}

#[test]
fn a_bad_out_path_fails_before_the_games_are_played() {
    let dir = temp();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).expect("a directory");
    for out in [dir.path().join("missing").join("games.lanrick"), sub] {
        // A long match: the path is refused before a single game is played.
        lanrick()
            .args([
                "match", "--a", "4", "--b", "4", "--games", "200", "--seed", "1",
            ])
            .arg("--out")
            .arg(&out)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(contains("cannot write"));
        lanrick()
            .args(["selfplay", "--games", "100000", "--seed", "1", "--out"])
            .arg(&out)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(contains("cannot write"));
    }
}
