//! `lanrick fmt`: its options, and rewriting files in canonical form (or, with
//! `--check` and `--diff`, saying where they are not).

use super::input::{Input, STDIN_NAME, collect};
use super::{
    ColorChoice, EXIT_ERROR, EXIT_FAILED, EXIT_OK, decode, diff, finish, read_source, use_color,
    write_atomically,
};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// The options of `lanrick fmt`.
#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Files, or directories searched recursively for `*.lanrick`; `-` reads
    /// standard input and writes the canonical text to standard output.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Write nothing; for each file that is not canonical, print its first line
    /// that differs, and exit 1 if any.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a unified diff from each file that is not canonical to
    /// its canonical text, and exit 1 if any (implies --check).
    #[arg(long)]
    pub diff: bool,
    /// Colour in diagnostics.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// `lanrick fmt`: the exit code (1 when `--check` or `--diff` found a file that is not
/// canonical, or a file has a syntax error).
pub fn run(args: FmtArgs) -> u8 {
    let how = match (args.check, args.diff) {
        (_, true) => FmtMode::Diff,
        (true, false) => FmtMode::Check,
        (false, false) => FmtMode::Write,
    };
    fmt(&args.files, how, use_color(args.color, true))
}

/// What `fmt` does with a file that is not canonical.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FmtMode {
    /// Rewrite it (standard input: write the canonical text to standard output).
    Write,
    /// Print its first line that differs.
    Check,
    /// Print a unified diff.
    Diff,
}

fn fmt(paths: &[PathBuf], how: FmtMode, color: bool) -> u8 {
    let inputs = collect(paths);
    if inputs.is_empty() {
        say!("error: no .lanrick files found");
        return EXIT_ERROR;
    }
    let mut code = EXIT_OK;
    for input in inputs {
        code = code.max(fmt_one(&input, how, color));
    }
    code
}

/// Formats one input; returns its exit code.
fn fmt_one(input: &Input, how: FmtMode, color: bool) -> u8 {
    let (name, read) = match input {
        Input::Unreadable(_, why) => {
            say!("error: {why}");
            return EXIT_ERROR;
        }
        Input::File(path) => {
            // Rewriting in place is for files: a FIFO would be waited on, then written
            // back into.
            if how == FmtMode::Write
                && let Err(msg) = crate::term::regular_file(path)
            {
                say!(
                    "error: {msg}; `fmt` rewrites files in place (`lanrick fmt - < FILE` \
                     prints the canonical text)"
                );
                return EXIT_ERROR;
            }
            (path.display().to_string(), read_source(path))
        }
        Input::Stdin => {
            let read =
                crate::term::read_bounded(std::io::stdin().lock(), "standard input").map(decode);
            (STDIN_NAME.to_owned(), read)
        }
    };
    let (src, file) = match super::read_and_parse(&name, read, color) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    let ends = crate::fmt::LineEnd::of(&src);
    let formatted = ends.apply(crate::fmt::format_file(&file));
    let explained = match how {
        FmtMode::Write => None,
        FmtMode::Check => diff::first_difference(&name, &src, &formatted),
        FmtMode::Diff => diff::unified(&name, &src, &formatted),
    };
    if how != FmtMode::Write {
        return match explained {
            None => EXIT_OK,
            Some(text) => {
                let mut out = std::io::stdout().lock();
                match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                    Ok(()) => EXIT_FAILED,
                    Err(_) => EXIT_ERROR,
                }
            }
        };
    }
    match input {
        Input::File(path) if formatted != src => match write_atomically(path, &formatted) {
            Ok(()) => EXIT_OK,
            Err(msg) => {
                say!("error: {msg}");
                EXIT_ERROR
            }
        },
        Input::Stdin => {
            let mut out = std::io::stdout().lock();
            finish(
                out.write_all(formatted.as_bytes())
                    .and_then(|()| out.flush()),
            )
        }
        _ => EXIT_OK,
    }
}
