//! The edge services the command line and the REPL share, so that neither imports the
//! other: the board diagram, the rendering of diagnostics and reports, colour and exit
//! codes, and reading and writing files (a file is never half-replaced). It prints
//! nothing itself.

pub mod board;
pub mod report;
pub mod visible;

use crate::interp::Problem;
use crate::syntax::ast::Span;
use clap::ValueEnum;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// When to colour output.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// When writing to a terminal and `NO_COLOR` is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Exit code when everything passed.
pub const EXIT_OK: u8 = 0;
/// Exit code when a check failed.
pub const EXIT_FAILED: u8 = 1;
/// Exit code when the command could not run.
pub const EXIT_ERROR: u8 = 2;

/// Whether to colour: `always`/`never` as said; `auto` when the stream is a terminal
/// and `NO_COLOR` is unset or empty.
pub fn use_color(choice: ColorChoice, stderr: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            let tty = if stderr {
                std::io::stderr().is_terminal()
            } else {
                std::io::stdout().is_terminal()
            };
            tty && !no_color
        }
    }
}

/// The most bytes lanrick holds of one input at a time: a whole file for the readers
/// that need all of it (`fmt`, `render`, `solve`, `replay --html`, the REPL's `:load`),
/// one game for the readers that stream a collection (`check`, `replay`). Checking a
/// game takes about 27 times its size in memory, so a larger one could not be checked
/// anyway; past it (an endless pipe, `/dev/zero`) the read stops with an error naming
/// the limit instead of taking the machine's memory.
pub const MAX_INPUT_BYTES: usize = 256 * 1024 * 1024;

/// [`MAX_INPUT_BYTES`] in MiB, for messages.
pub const MAX_INPUT_MIB: usize = MAX_INPUT_BYTES / (1024 * 1024);

/// Reads all of `input`, at most [`MAX_INPUT_BYTES`]; `name` names it in the errors.
///
/// # Errors
/// The I/O error, or that the input is larger than the limit.
pub fn read_bounded(input: impl std::io::Read, name: &str) -> Result<Vec<u8>, String> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    input
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(format!(
            "cannot read {name}: it is larger than {MAX_INPUT_MIB} MiB, the most lanrick reads \
             at once (lanrick::io::too_large)"
        ));
    }
    Ok(bytes)
}

/// Reads a game file as UTF-8, at most [`MAX_INPUT_BYTES`]. A file that is not UTF-8
/// gives the text read so far (for context) and a problem at the first bad byte.
///
/// # Errors
/// The file cannot be read, or it is larger than the limit.
pub fn read_source(path: &Path) -> Result<Result<String, (String, Problem)>, String> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    Ok(decode(read_bounded(file, &name)?))
}

/// The text of `bytes`, or the text so far and a problem at the first byte that is not
/// UTF-8.
pub fn decode(bytes: Vec<u8>) -> Result<String, (String, Problem)> {
    match String::from_utf8(bytes) {
        Ok(s) => Ok(s),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let p = Problem::new(
                "lanrick::io::utf8",
                format!("the file is not valid UTF-8: bad byte at offset {at}"),
                Span::new(at, (at + 1).min(lossy.len())),
                "not UTF-8",
            )
            .with_help("save the file as UTF-8");
            Err((lossy, p))
        }
    }
}

/// Writes `text` to `path` atomically: a temporary file in the same directory, then a
/// rename. On any error the original file is untouched and no temporary file is left.
///
/// # Errors
/// The I/O error, with the path.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    write_atomically_with(path, |w| w.write_all(text.as_bytes()))
}

/// [`write_atomically`] with the bytes written by `write`, which may fail at any point
/// (a full disk, say): then the temporary file is removed and `path` is left as it was.
///
/// When `path` is a symbolic link, the file it points to is replaced and the link kept.
///
/// # Errors
/// The I/O error, with the path.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), String> {
    let failed = |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", path.display());
    // Replace what a link points to, not the link itself.
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            std::fs::canonicalize(path).map_err(|e| failed(&e))?
        }
        _ => path.to_path_buf(),
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".lanrick-").suffix(".tmp");
    // A new file gets the mode any program's new file gets (0666 less the umask), not
    // the private 0600 of a temporary file; an existing file keeps its own (below).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(&dir).map_err(|e| failed(&e))?;
    // On an error below, dropping `tmp` removes the temporary file.
    write(tmp.as_file_mut())
        .and_then(|()| tmp.as_file_mut().flush())
        .and_then(|()| tmp.as_file().sync_all())
        .map_err(|e| failed(&e))?;
    if let Ok(meta) = std::fs::metadata(&target) {
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(&target).map_err(|e| failed(&e.error))?;
    Ok(())
}
