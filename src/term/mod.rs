//! The edge services the command line and the REPL share, so that neither imports the
//! other: the board diagram, the rendering of diagnostics and reports, colour and exit
//! codes, and reading and writing files (a file is never half-replaced). It prints
//! nothing itself.

pub mod board;
pub mod interrupt;
pub mod report;
pub mod sarif;
mod signals;
pub mod spool;
pub mod visible;

use crate::interp::Problem;
use crate::syntax::ast::Span;
use clap::ValueEnum;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// When to colour output.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// When writing to a terminal and `NO_COLOR` is not set.
    #[default]
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

/// Reads a game file as UTF-8, at most `MAX_INPUT_BYTES`. A file that is not UTF-8
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
                crate::interp::Code::IoUtf8,
                format!("the file is not valid UTF-8: bad byte at offset {at}"),
                Span::new(at, (at + 1).min(lossy.len())),
                "not UTF-8",
            )
            .with_help("save the file as UTF-8");
            Err((lossy, p))
        }
    }
}

/// A path as shown in messages: control characters (a newline, an escape) are written
/// as escapes, so that a hostile file name cannot break a line or drive the terminal.
pub fn shown_path(path: &Path) -> String {
    let mut out = String::new();
    for c in path.display().to_string().chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `a` and `b` name the same existing file (after links; on Unix also two hard
/// links to one file). A path that does not exist is nobody's input.
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if ma.dev() == mb.dev() && ma.ino() == mb.ino() {
            return true;
        }
    }
    let _ = (ma, mb);
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// What kind of file a path is, in words: "a file", "a directory", "a FIFO", ...
fn kind_words(kind: std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        return "a directory";
    }
    if kind.is_file() {
        return "a file";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Checks that `path` is a regular file (a link followed) before it is read as a game
/// file where waiting on a FIFO or a device is no use: `fmt` rewriting it in place,
/// `:load` at the prompt.
///
/// # Errors
/// What the path is instead, with the path; or why it cannot be read.
pub fn regular_file(path: &Path) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) => Err(format!(
            "{} is {}, not a game file",
            shown_path(path),
            kind_words(m.file_type())
        )),
        Err(e) => Err(format!("cannot read {}: {e}", shown_path(path))),
    }
}

/// Checks an output directory (`--out-dir`, `render --each -o`) before any work is
/// done, making it (and its parents) when `create` is set: a link is followed, and a
/// file, a dangling link or (unless made) a missing directory is an error that says so.
///
/// # Errors
/// Why files cannot be written into it.
pub fn output_dir(dir: &Path, create: bool) -> Result<(), String> {
    let shown = shown_path(dir);
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(m) => Err(format!(
            "cannot write into {shown}: it is {}, not a directory",
            kind_words(m.file_type())
        )),
        Err(e) => {
            if let Ok(to) = std::fs::read_link(dir) {
                return Err(format!(
                    "cannot write into {shown}: it is a symbolic link to {}, which does not exist",
                    shown_path(&to)
                ));
            }
            if e.kind() != std::io::ErrorKind::NotFound {
                return Err(format!("cannot write into {shown}: {e}"));
            }
            if !create {
                return Err(format!(
                    "cannot write into {shown}: the directory does not exist"
                ));
            }
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {shown}: {e}"))
        }
    }
}

/// What writing to a path does, decided from the path before anything is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteTarget {
    /// Nothing is there yet: a new file is made at this path.
    New(PathBuf),
    /// A regular file (the one a symbolic link leads to): it is replaced whole, by a
    /// temporary file beside it and a rename.
    File(PathBuf),
    /// Standard output (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`).
    Stdout,
    /// Standard error (`/dev/stderr`, `/dev/fd/2`, `/proc/self/fd/2`).
    Stderr,
    /// A FIFO or a character device (`/dev/null`, a terminal): written in place, never
    /// replaced. A FIFO that no process reads is refused rather than waited on.
    Stream {
        /// Whether it is a FIFO.
        fifo: bool,
    },
}

impl WriteTarget {
    /// Whether the write replaces a regular file that is there.
    pub fn replaces_a_file(&self) -> bool {
        matches!(self, WriteTarget::File(_))
    }
}

/// Where a write to `path` goes: a new or an existing regular file (a link followed),
/// standard output or error by their `/dev` names, a FIFO or a character device. A
/// directory, a socket, a block device, a dangling link or a missing directory is an
/// error that says so.
///
/// # Errors
/// Why nothing can be written there, with the path.
pub fn write_target(path: &Path) -> Result<WriteTarget, String> {
    let shown = shown_path(path);
    let refuse = |why: String| Err(format!("cannot write {shown}: {why}"));
    #[cfg(unix)]
    {
        let name = path.as_os_str();
        if ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]
            .map(std::ffi::OsStr::new)
            .contains(&name)
        {
            return Ok(WriteTarget::Stdout);
        }
        if ["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"]
            .map(std::ffi::OsStr::new)
            .contains(&name)
        {
            return Ok(WriteTarget::Stderr);
        }
    }
    match std::fs::metadata(path) {
        Ok(meta) => {
            let kind = meta.file_type();
            if kind.is_file() {
                let is_link =
                    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
                if !is_link {
                    return Ok(WriteTarget::File(path.to_path_buf()));
                }
                // Replace what the link leads to, not the link itself.
                return match std::fs::canonicalize(path) {
                    Ok(real) => Ok(WriteTarget::File(real)),
                    Err(e) => refuse(io_reason(&e)),
                };
            }
            if kind.is_dir() {
                return refuse("it is a directory".into());
            }
            #[cfg(unix)]
            {
                use std::os::unix::fs::FileTypeExt;
                if kind.is_fifo() {
                    return Ok(WriteTarget::Stream { fifo: true });
                }
                if kind.is_char_device() {
                    return Ok(WriteTarget::Stream { fifo: false });
                }
                if kind.is_block_device() {
                    return refuse(
                        "it is a block device, and lanrick does not write over disks \
                         (redirect standard output if that is really meant)"
                            .into(),
                    );
                }
                if kind.is_socket() {
                    return refuse("it is a socket, not a file".into());
                }
            }
            refuse("it is not a regular file".into())
        }
        Err(e) => {
            if let Ok(m) = std::fs::symlink_metadata(path)
                && m.file_type().is_symlink()
            {
                return match std::fs::read_link(path) {
                    Ok(to) if e.kind() == std::io::ErrorKind::NotFound => refuse(format!(
                        "it is a symbolic link to {}, which does not exist",
                        shown_path(&to)
                    )),
                    _ => refuse(io_reason(&e)),
                };
            }
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            match std::fs::metadata(dir) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => return refuse(format!("{} is not a directory", shown_path(dir))),
                Err(_) => {
                    return refuse(format!("the directory {} does not exist", shown_path(dir)));
                }
            }
            if e.kind() == std::io::ErrorKind::NotFound {
                Ok(WriteTarget::New(path.to_path_buf()))
            } else {
                refuse(io_reason(&e))
            }
        }
    }
}

/// An I/O error's words without the temporary file's path that `tempfile` adds.
fn io_reason(e: &std::io::Error) -> String {
    let mut msg = e.to_string();
    if let Some(i) = msg.find(" at path ") {
        msg.truncate(i);
    }
    msg
}

/// Writes `text` to `path`: a regular file atomically (a temporary file in the same
/// directory, then a rename), a FIFO or device in place; see
/// [`write_atomically_with`].
///
/// # Errors
/// The I/O error, with the path.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    write_atomically_with(path, |w| w.write_all(text.as_bytes()))
}

/// Writes the bytes `write` gives to `path`, never half-replacing a file. Where it goes
/// is `write_target`'s answer:
///
/// - a regular file (or none yet) is replaced atomically: the bytes go to a temporary
///   file in the same directory, which is renamed over the file. When `write` fails at
///   any point (a full disk, say), or Ctrl-C (`SIGINT`), `SIGTERM` or `SIGHUP` comes
///   during the write, the temporary file is removed and `path` is left as it was; the
///   signal then takes its usual effect. A symbolic link is followed: the file it
///   leads to is replaced and the link kept. An existing file keeps its permissions;
///   a new one gets the usual 0666 less the umask;
/// - `/dev/stdout` and `/dev/stderr` (and their `/dev/fd` names) are the process's own
///   streams;
/// - a FIFO or a character device (`/dev/null`) is written in place; a FIFO no process
///   reads is an error at once rather than a wait;
/// - anything else (a directory, a socket, a block device, a dangling link, a missing
///   directory) is an error and nothing is written.
///
/// # Errors
/// The I/O error or the refusal, with the path.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), String> {
    let shown = shown_path(path);
    let failed = |e: &std::io::Error| format!("cannot write {shown}: {}", io_reason(e));
    match write_target(path)? {
        WriteTarget::New(target) | WriteTarget::File(target) => replace(&target, &shown, write),
        WriteTarget::Stdout => {
            let mut out = std::io::stdout().lock();
            write(&mut out)
                .and_then(|()| out.flush())
                .map_err(|e| failed(&e))
        }
        WriteTarget::Stderr => {
            let mut out = std::io::stderr().lock();
            write(&mut out)
                .and_then(|()| out.flush())
                .map_err(|e| failed(&e))
        }
        WriteTarget::Stream { fifo } => in_place(path, fifo, write).map_err(|e| {
            if fifo && e.raw_os_error() == Some(NO_READER) {
                format!("cannot write {shown}: it is a FIFO and no process is reading it")
            } else {
                failed(&e)
            }
        }),
    }
}

/// `ENXIO`, the answer to opening a FIFO for writing without blocking when no process
/// has it open for reading (the same number on Linux, the BSDs and macOS).
const NO_READER: i32 = 6;

/// The `O_NONBLOCK` flag of `open`, where its value is known.
#[cfg(all(
    any(target_os = "linux", target_os = "android"),
    not(any(
        target_arch = "mips",
        target_arch = "mips64",
        target_arch = "sparc",
        target_arch = "sparc64"
    ))
))]
const O_NONBLOCK: Option<i32> = Some(0o4000);
#[cfg(any(
    target_os = "macos",
    target_os = "ios",
    target_os = "freebsd",
    target_os = "openbsd",
    target_os = "netbsd",
    target_os = "dragonfly"
))]
const O_NONBLOCK: Option<i32> = Some(0x4);
#[cfg(not(any(
    all(
        any(target_os = "linux", target_os = "android"),
        not(any(
            target_arch = "mips",
            target_arch = "mips64",
            target_arch = "sparc",
            target_arch = "sparc64"
        ))
    ),
    target_os = "macos",
    target_os = "ios",
    target_os = "freebsd",
    target_os = "openbsd",
    target_os = "netbsd",
    target_os = "dragonfly"
)))]
const O_NONBLOCK: Option<i32> = None;

/// Writes into a FIFO or a device as it is (no temporary file, no truncation). A FIFO
/// is opened without blocking, so that one nobody reads is an error at once; its
/// writes then wait for the reader as usual.
fn in_place(
    path: &Path,
    fifo: bool,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    if fifo {
        use std::os::unix::fs::OpenOptionsExt;
        match O_NONBLOCK {
            Some(flag) => {
                options.custom_flags(flag);
            }
            None => {
                return Err(std::io::Error::other(
                    "writing into a FIFO is not supported on this system",
                ));
            }
        }
    }
    let mut out = Patient(options.open(path)?);
    write(&mut out)?;
    out.flush()
}

/// A writer into a FIFO opened without blocking: when the pipe is full it waits a
/// moment and tries again, as a blocking write would.
struct Patient(std::fs::File);

impl Write for Patient {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        loop {
            match self.0.write(buf) {
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                other => return other,
            }
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Replaces the regular file `target` (or makes it) through a temporary file beside
/// it, with the signals that end the process held off until the temporary file is
/// gone or renamed.
fn replace(
    target: &Path,
    shown: &str,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), String> {
    let failed = |e: &std::io::Error| format!("cannot write {shown}: {}", io_reason(e));
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let held = signals::hold();
    let result = (|| {
        let mut builder = tempfile::Builder::new();
        builder.prefix(".lanrick-").suffix(".tmp");
        // A new file gets the mode any program's new file gets (0666 less the umask),
        // not the private 0600 of a temporary file; an existing file keeps its own.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let mut tmp = builder.tempfile_in(&dir).map_err(|e| failed(&e))?;
        // On an error below, dropping `tmp` removes the temporary file.
        let mut out = Interruptible(tmp.as_file_mut());
        write(&mut out)
            .and_then(|()| out.flush())
            .and_then(|()| tmp.as_file().sync_all())
            .map_err(|e| failed(&e))?;
        if signals::caught().is_some() {
            return Err(format!(
                "cannot write {shown}: interrupted; it is left as it was"
            ));
        }
        if let Ok(meta) = std::fs::metadata(target) {
            let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
        }
        tmp.persist(target).map_err(|e| failed(&e.error))?;
        Ok(())
    })();
    // The temporary file is gone or renamed: a signal caught meanwhile ends the
    // process now, as it would have.
    held.release();
    result
}

/// The temporary file's writer, which stops at the first signal [`signals`] caught.
struct Interruptible<'a>(&'a mut std::fs::File);

impl Write for Interruptible<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if signals::caught().is_some() {
            // Not `ErrorKind::Interrupted`, which `write_all` would retry.
            return Err(std::io::Error::other("interrupted by a signal"));
        }
        self.0.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}
