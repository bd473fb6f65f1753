//! The command line: argument parsing (clap), exit codes and printing. The only place,
//! with the REPL, that reads files or writes to the terminal.

use crate::engine::{Position, count_outcomes, outcomes};
use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Lewis Carroll's Lanrick (1893 rules): check, replay and explore games.
#[derive(Parser, Debug)]
#[command(name = "lanrick", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count (and with --list show) the distinct outcomes of the next turn.
    Turns {
        /// A position string, e.g. "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first".
        position: String,
        /// Also print one line per outcome: a canonical turn, a tab, the position.
        #[arg(long)]
        list: bool,
    },
}

/// Exit code when everything passed.
pub const EXIT_OK: u8 = 0;
/// Exit code when a check failed.
pub const EXIT_FAILED: u8 = 1;
/// Exit code when the command could not run.
pub const EXIT_ERROR: u8 = 2;

/// Runs the command line and returns the process exit code.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_ERROR } else { EXIT_OK };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Some(Command::Turns { position, list }) => turns(&position, list),
        None => {
            eprintln!("lanrick: give a command; see `lanrick --help`");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn turns(text: &str, list: bool) -> ExitCode {
    let position = match Position::parse(text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: invalid position string: {e}");
            eprintln!("  {text}");
            eprintln!(
                "  {}{}",
                " ".repeat(e.span.start),
                "^".repeat((e.span.end - e.span.start).max(1))
            );
            return ExitCode::from(EXIT_ERROR);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = if list {
        let all = outcomes(&position);
        writeln!(out, "{}", all.len()).and_then(|_| {
            for o in &all {
                writeln!(out, "{}\t{}", o.action, o.position)?;
            }
            Ok(())
        })
    } else {
        writeln!(out, "{}", count_outcomes(&position))
    };
    match result.and_then(|_| out.flush()) {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(_) => ExitCode::from(EXIT_ERROR),
    }
}
