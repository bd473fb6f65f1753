//! Names the git commit lanrick is built from, for `lanrick --version`.
//!
//! The commit is given (as `LANRICK_VERSION`, `0.2.0 (abc123def456)`) only when this
//! package's own directory is the top of a git work tree whose `HEAD` holds this
//! crate's `Cargo.toml`: a build from a checkout. A build from the published tarball
//! (unpacked anywhere, even inside some other repository, as `cargo package` does
//! under `target/package/`) names no commit rather than a wrong one. The script asks
//! cargo to run it again when `HEAD` or the branch it points to moves, so that the
//! commit shown stays the one built.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let line = match commit(&dir) {
        Some(commit) => format!("{version} ({commit})"),
        None => version,
    };
    println!("cargo:rustc-env=LANRICK_VERSION={line}");
}

/// `git` in `dir` with `args`: its standard output, trimmed, when it succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    Some(text.trim().to_owned())
}

/// The short commit of `HEAD` when `dir` is the top of a git work tree whose `HEAD`
/// holds this crate; `None` otherwise (no git, no repository, a tarball).
fn commit(dir: &Path) -> Option<String> {
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if !same(Path::new(&top), dir) {
        return None;
    }
    // Cargo runs this again when HEAD or its branch moves (a commit, a checkout), and
    // when the refs are packed. Only files that exist: a missing one would make cargo
    // run the script on every build.
    let mut watched = vec!["HEAD".to_owned(), "packed-refs".to_owned()];
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
    }
    for name in watched {
        if let Some(path) = git(dir, &["rev-parse", "--git-path", &name]) {
            let path = dir.join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    // The committed tree must hold this crate (not a fresh `git init` over a tarball).
    git(dir, &["cat-file", "-e", "HEAD:Cargo.toml"])?;
    git(dir, &["rev-parse", "--short=12", "HEAD"]).filter(|c| !c.is_empty())
}
