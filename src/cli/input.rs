//! The inputs of `check` and `fmt`: files named, `*.lanrick` files found under
//! directories, and `-` (standard input); a path that cannot be read is kept in its
//! place as an unreadable input, so that every other one is still read.

use super::report;
use crate::interp::{Code, Problem};
use crate::syntax::ast::Span;
use std::path::{Path, PathBuf};

/// Why a path could not be read.
fn io_problem(message: String) -> Problem {
    Problem::new(Code::IoRead, message, Span::new(0, 0), "")
}

/// A checked file that could not be read.
pub(crate) fn unreadable(name: String, message: String) -> report::Checked {
    report::Checked {
        name,
        outcome: report::Outcome::Unreadable(io_problem(message)),
        time: std::time::Duration::ZERO,
    }
}

/// The name standard input goes by in reports.
pub const STDIN_NAME: &str = "<stdin>";

/// One input of `check` or `fmt`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Input {
    /// A file named or found.
    File(PathBuf),
    /// Standard input (`-`).
    Stdin,
    /// A path that could not be read: its name and why.
    Unreadable(String, String),
}

/// Whether a path argument means standard input.
pub(crate) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The inputs the given paths name, in a stable order: each file, the `*.lanrick` files
/// under each directory, standard input for `-`. A path that cannot be read is kept as
/// an [`Input::Unreadable`] in its place, so that everything else is still read.
pub(crate) fn collect(paths: &[PathBuf]) -> Vec<Input> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut stdin = false;
    for p in paths {
        if is_stdin(p) {
            if stdin {
                out.push(Input::Unreadable(
                    STDIN_NAME.into(),
                    "standard input (`-`) can be read only once".into(),
                ));
            } else {
                out.push(Input::Stdin);
            }
            stdin = true;
            continue;
        }
        match std::fs::metadata(p) {
            Ok(meta) if meta.is_dir() => walk(p, &mut out, &mut seen),
            Ok(_) => out.push(Input::File(p.clone())),
            Err(e) => out.push(Input::Unreadable(
                p.display().to_string(),
                format!("cannot read {}: {e}", p.display()),
            )),
        }
    }
    out
}

/// Adds the `*.lanrick` regular files under `dir` to `out`, sorted, reading each
/// directory once however many links lead to it (so a symlink loop ends). A directory
/// that cannot be read is added as [`Input::Unreadable`].
fn walk(dir: &Path, out: &mut Vec<Input>, seen: &mut std::collections::HashSet<PathBuf>) {
    let cannot = |e: std::io::Error| {
        Input::Unreadable(
            dir.display().to_string(),
            format!("cannot read {}: {e}", dir.display()),
        )
    };
    let canonical = match std::fs::canonicalize(dir) {
        Ok(c) => c,
        Err(e) => return out.push(cannot(e)),
    };
    if !seen.insert(canonical) {
        // A symlink loop, or a directory reached twice: read it once.
        return;
    }
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(e) => return out.push(cannot(e)),
    };
    entries.sort();
    for path in entries {
        match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() => walk(&path, out, seen),
            // Only regular files: reading a FIFO or a device named `*.lanrick` found by the
            // walk could block for ever.
            Ok(m) if m.is_file() && path.extension().is_some_and(|x| x == "lanrick") => {
                out.push(Input::File(path))
            }
            // Dangling links, unreadable entries and other files are skipped.
            _ => {}
        }
    }
}
