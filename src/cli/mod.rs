//! The command line: argument parsing (clap), reading files, exit codes and printing.
//! With the REPL, the only place that reads files or writes to the terminal.
//!
//! Exit codes: 0 when everything passed, 1 when a check failed, 2 when the command
//! could not run (unreadable file, bad arguments). `check` and `fmt` take files,
//! directories and `-` (standard input); a path that cannot be read is reported in its
//! place and every other one is still read.

/// `eprintln!` with the user text in the line (file names, words quoted from input) in
/// visible form, so that it never reaches the terminal raw ([`crate::term::visible`]).
macro_rules! say {
    ($($arg:tt)*) => {
        eprintln!("{}", $crate::term::visible::visible(&format!($($arg)*)))
    };
}
mod analyse;
pub mod args;
mod check;
pub mod diff;
mod fmt;
mod input;
mod manual;
pub mod pictures;
mod play;
mod play_match;
mod repl;
mod replay;
mod selfplay;
mod serve;
pub mod solve;
pub mod stream;
mod turns;

pub use crate::term::{
    ColorChoice, EXIT_ERROR, EXIT_FAILED, EXIT_OK, board, decode, read_source, report, sarif,
    use_color, write_atomically, write_atomically_with,
};
pub use input::STDIN_NAME;

use clap::{CommandFactory, Parser, Subcommand};
use std::io::IsTerminal;
use std::process::ExitCode;

/// Lewis Carroll's Lanrick (the 1893 rules with their options, December 1880 and
/// February 1879 with the die): check, replay, format, prove and play games.
#[derive(Parser, Debug)]
// `--version`: the version, and the commit built from when built in a checkout
// (`build.rs`).
#[command(name = "lanrick", version = env!("LANRICK_VERSION"), about)]
pub(crate) struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands: each one's options are a struct in the file that runs it.
#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Replay and verify game files: every event legal, every directive and goal met.
    Check(check::CheckArgs),
    /// Review games as a computer would: each action weighed against lanrick's best,
    /// mistakes marked (`?!`, `?`, `??`) with the better action, missed wins named.
    Analyse(analyse::AnalyseArgs),
    /// Prove a puzzle: every key with its solution tree, tries, short solutions, duals.
    Solve(solve::SolveArgs),
    /// Search random positions for puzzles with exactly one key and write them.
    Compose(solve::ComposeArgs),
    /// Replay a game and print its final position (or every position).
    Replay(replay::ReplayArgs),
    /// Draw a position as an SVG diagram: a position string, or a game file's main line
    /// at its end, after N actions, or at every step.
    Render(pictures::RenderArgs),
    /// Rewrite files in canonical form, comments, variations and line ends kept.
    Fmt(fmt::FmtArgs),
    /// Count (and with --list show) the distinct outcomes of the next turn.
    Turns(turns::TurnsArgs),
    /// The interactive prompt: play events, undo, save, explore (`:help` inside).
    Repl(repl::ReplArgs),
    /// Play complete random legal games from the start and write them in notation.
    Selfplay(selfplay::SelfplayArgs),
    /// Play a game against lanrick at the prompt: a REPL session in which lanrick
    /// answers each of your actions.
    Play(play::PlayArgs),
    /// Play a match between two levels of lanrick's player (colours alternated,
    /// openings varied by the seed) and report the score and Elo difference.
    Match(play_match::MatchArgs),
    /// Run the language server on standard input and output, for editors
    /// (docs/editors.md).
    Lsp,
    /// A board in the browser: play against lanrick, take back, hints, keep the game
    /// (docs/serve.md).
    Serve(serve::ServeArgs),
    /// Print a shell completion script: `lanrick completions bash > lanrick.bash`.
    Completions(manual::CompletionsArgs),
    /// Print the manual page (roff): `lanrick manpage > lanrick.1`.
    Manpage(manual::ManpageArgs),
}

/// Whether clap's own error message is styled: as clap decides (`CLICOLOR_FORCE`,
/// `NO_COLOR`, then whether standard error is a terminal).
fn clap_color() -> bool {
    use std::io::IsTerminal;
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    if set("CLICOLOR_FORCE") {
        return true;
    }
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        return false;
    }
    std::io::stderr().is_terminal()
}

/// `text` without its colour sequences (`ESC [ digits ; … m`).
fn without_colour(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("\x1b[") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(after.len());
        if after[len..].starts_with('m') {
            rest = &after[len + 1..];
        } else {
            out.push_str("\\u{1b}[");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Runs the command line and returns the process exit code.
pub fn run() -> ExitCode {
    run_with(|_| {})
}

/// [`run`], calling `setup` once the arguments are read and before the command starts,
/// with whether the command reads collections game by game (`check`, `replay`: held
/// to a small peak of memory) rather than searching (building and dropping large sets
/// over and over). The binary sets its memory allocator there.
pub fn run_with(setup: impl FnOnce(bool)) -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            if !e.use_stderr() {
                // `--help` and `--version`: lanrick's own text.
                let _ = e.print();
                return ExitCode::from(EXIT_OK);
            }
            // A refused argument is quoted back: shown visibly, so that an escape
            // sequence typed or pasted into it is never obeyed by the terminal.
            let styled = e.render().ansi().to_string();
            let shown = crate::term::visible::for_terminal(&styled, true);
            if clap_color() {
                eprint!("{shown}");
            } else {
                eprint!("{}", without_colour(&shown));
            }
            return ExitCode::from(EXIT_ERROR);
        }
    };
    setup(matches!(
        cli.command,
        Some(Command::Check(_) | Command::Replay(_))
    ));
    let code = match cli.command {
        Some(Command::Check(args)) => check::run(args),
        Some(Command::Analyse(args)) => analyse::run(args),
        Some(Command::Solve(args)) => solve::solve(&args),
        Some(Command::Compose(args)) => solve::compose(&args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::Render(args)) => pictures::render(args),
        Some(Command::Fmt(args)) => fmt::run(args),
        Some(Command::Turns(args)) => turns::run(args),
        Some(Command::Repl(args)) => repl::run(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Selfplay(args)) => selfplay::run(args),
        Some(Command::Match(args)) => play_match::run(args),
        Some(Command::Lsp) => crate::lsp::run(),
        Some(Command::Serve(args)) => serve::run(args),
        Some(Command::Completions(args)) => manual::completions(args),
        Some(Command::Manpage(args)) => manual::manpage(args),
        None if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() => {
            crate::repl::run(None)
        }
        None => {
            say!("lanrick: give a command; see `lanrick --help`");
            EXIT_ERROR
        }
    };
    ExitCode::from(code)
}

/// Prints `message` as clap prints a usage error (`error: …`, the usage line) and
/// returns exit code 2, for arguments that parse one by one but not together.
fn usage_error(command: &str, message: &str) -> u8 {
    let mut cli = Cli::command();
    cli.build();
    let e = match cli.find_subcommand_mut(command) {
        Some(sub) => sub.error(clap::error::ErrorKind::ArgumentConflict, message),
        None => cli.error(clap::error::ErrorKind::ArgumentConflict, message),
    };
    let _ = e.print();
    EXIT_ERROR
}

/// The exit code after writing to standard output: 2 if the write failed (said on
/// stderr unless the reader went away, as `head` does).
fn finish(written: std::io::Result<()>) -> u8 {
    match written {
        Ok(()) => EXIT_OK,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_ERROR,
        Err(e) => {
            say!("error: cannot write to standard output: {e}");
            EXIT_ERROR
        }
    }
}

/// A file's text as read (`read_source`, or standard input decoded) parsed whole:
/// the syntax tree and the text, or, after printing why (the read error, the
/// encoding's problem, or every syntax error with its context), the exit code.
pub(crate) fn read_and_parse(
    name: &str,
    read: Result<Result<String, (String, crate::interp::Problem)>, String>,
    color: bool,
) -> Result<(String, crate::syntax::ast::File), u8> {
    let src = match read {
        Err(msg) => {
            say!("error: {msg}");
            return Err(EXIT_ERROR);
        }
        Ok(Err((src, p))) => {
            eprint!("{}", report::render_human(&p, name, &src, color));
            return Err(EXIT_FAILED);
        }
        Ok(Ok(src)) => src,
    };
    match crate::syntax::parse_file_all_errors(&src) {
        Ok(f) => Ok((src, f)),
        Err(errors) => {
            let problems: Vec<crate::interp::Problem> =
                errors.iter().map(crate::interp::syntax_problem).collect();
            let whole = report::Window::whole(src);
            for (p, window) in problems.iter().zip(whole.around(&problems)) {
                eprint!("{}", report::render_human(p, name, window.src(), color));
            }
            Err(EXIT_FAILED)
        }
    }
}

/// The diagnostic for `--game N` past the last game of a file holding `total` games.
pub(crate) fn no_such_game(n: usize, total: usize) -> crate::interp::Problem {
    let holds = match total {
        0 => "no game".to_owned(),
        1 => "1 game".to_owned(),
        t => format!("{t} games"),
    };
    let p = crate::interp::Problem::new(
        crate::interp::Code::NoSuchGame,
        format!("--game {n} does not exist: the file holds {holds}"),
        crate::syntax::ast::Span::new(0, 0),
        "",
    );
    match total {
        0 => p,
        1 => p.with_help("leave --game out, or give --game 1"),
        t => p.with_help(format!("choose a game from 1 to {t}")),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_repl_subcommand_parses() {
        use clap::{CommandFactory, Parser};
        super::Cli::command().debug_assert();
        let cli = super::Cli::try_parse_from(["lanrick", "repl", "game.lanrick"]).expect("parses");
        assert!(matches!(
            cli.command,
            Some(super::Command::Repl(super::repl::ReplArgs { file: Some(ref f), .. })) if f.as_os_str() == "game.lanrick"
        ));
        let cli = super::Cli::try_parse_from(["lanrick", "repl"]).expect("parses");
        assert!(matches!(
            cli.command,
            Some(super::Command::Repl(super::repl::ReplArgs {
                file: None,
                quiet: false,
                ..
            }))
        ));
    }

    /// `--version`'s line: the version and the commit in a checkout of the repository
    /// (`git rev-parse` of the crate's directory, which must be the top of the work
    /// tree), the version alone anywhere else (the published tarball, unpacked).
    #[test]
    fn version_line_names_the_commit_only_in_a_checkout() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let git = |args: &[&str]| {
            std::process::Command::new("git")
                .arg("-C")
                .arg(dir)
                .args(args)
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        };
        let line = env!("LANRICK_VERSION");
        let top = git(&["rev-parse", "--show-toplevel"])
            .and_then(|t| std::path::Path::new(&t).canonicalize().ok());
        if dir.join(".git").exists() && top == dir.canonicalize().ok() {
            let head = git(&["rev-parse", "--short=12", "HEAD"]).expect("a commit");
            assert_eq!(line, format!("{} ({head})", env!("CARGO_PKG_VERSION")));
        } else {
            assert_eq!(line, env!("CARGO_PKG_VERSION"));
        }
    }
}
