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

pub mod args;
pub mod diff;
pub mod pictures;
pub mod solve;
pub mod stream;

pub use crate::term::{
    ColorChoice, EXIT_ERROR, EXIT_FAILED, EXIT_OK, board, decode, read_source, report, use_color,
    write_atomically, write_atomically_with,
};

use crate::engine::{Position, Rules, count_outcomes, outcomes};
use crate::interp::{self, Options, Problem};
use crate::syntax::ast::Span;
use crate::term::visible::{visible, visible_line};
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Lewis Carroll's Lanrick (the 1893 rules with their options, and December 1880): check,
/// replay, format and explore games.
#[derive(Parser, Debug)]
#[command(name = "lanrick", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// How `check` reports.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Rendered diagnostics on stderr and a summary line.
    Human,
    /// One JSON document on stdout.
    Json,
    /// GitHub Actions `::error` workflow commands on stdout.
    Github,
    /// JUnit XML on stdout.
    Junit,
}

/// How `match` reports.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchFormat {
    /// One line: the score, the Elo difference and its interval.
    Human,
    /// One JSON document on stdout.
    Json,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay and verify game files: every event legal, every directive and goal met.
    Check {
        /// Files, or directories searched recursively for `*.lanrick`; `-` is standard
        /// input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Print only problems (no per-file lines, no summary).
        #[arg(long, short)]
        quiet: bool,
        /// Colour in diagnostics.
        #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
        color: ColorChoice,
        /// Worker threads (default: `LANRICK_JOBS`, else the number of cores).
        #[arg(long, hide = true, value_parser = args::count(1, args::MAX_THREADS))]
        jobs: Option<usize>,
        /// Only replay puzzles' solutions: do not prove them.
        #[arg(long)]
        no_prove: bool,
        /// The prover's budget.
        #[command(flatten)]
        budget: solve::Budget,
    },
    /// Prove a puzzle: every key with its solution tree, tries, short solutions, duals.
    Solve {
        /// A puzzle file (its Position, Goal and Rules; the written solution is ignored).
        #[arg(conflicts_with = "position")]
        file: Option<PathBuf>,
        /// Which game of the file (1-based).
        #[arg(long, requires = "file", value_parser = args::at_least(1))]
        game: Option<usize>,
        /// A position string instead of a file.
        #[arg(long, requires = "goal")]
        position: Option<String>,
        /// The goal, e.g. "Y wins rendezvous in 2" (overrides the file's).
        #[arg(long)]
        goal: Option<String>,
        /// The rules of --position.
        #[arg(long, default_value = "1893", value_parser = parse_rules)]
        rules: Rules,
        /// Show every defence of large trees.
        #[arg(long)]
        full: bool,
        /// List the tries: first actions that fail against few defences, with every
        /// refutation.
        #[arg(long)]
        tries: bool,
        /// With --tries: the most refutations a try may have.
        #[arg(long, value_name = "D", default_value_t = 1, value_parser = args::at_least(1))]
        defences: usize,
        /// Count the duals of the last turn too.
        #[arg(long)]
        duals: bool,
        /// The prover's budget.
        #[command(flatten)]
        budget: solve::Budget,
    },
    /// Search random positions for puzzles with exactly one key and write them.
    Compose {
        /// The seed: the same seed gives the same puzzles.
        #[arg(long)]
        seed: u64,
        /// How many puzzles to find (at most --attempts).
        #[arg(long, default_value_t = 1, value_parser = args::count(1, args::MAX_COMPOSE_COUNT))]
        count: usize,
        /// The most positions to try.
        #[arg(long, default_value_t = 200, value_parser = args::count(1, args::MAX_ATTEMPTS))]
        attempts: usize,
        /// The most men on the board (at least the men a position in play has: 4 in
        /// 1893, 2 in 1880, 6 in 1879).
        #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u8).range(1..=i64::from(args::MAX_MEN)))]
        max_men: u8,
        /// The longest goal tried (turns).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=i64::from(args::MAX_COMPOSE_TURNS)))]
        max_turns: u32,
        /// The shortest goal tried (turns, at most --max-turns).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(args::MAX_COMPOSE_TURNS)))]
        min_turns: u32,
        /// Write each position tried, its goal, verdict, nodes and time to stderr.
        #[arg(long)]
        trace: bool,
        /// Try help-play goals only.
        #[arg(long)]
        help_only: bool,
        /// The rules of the games the positions come from.
        #[arg(long, default_value = "1893", value_parser = parse_rules)]
        rules: Rules,
        /// Write each puzzle as DIR/composed-SEED-NN.lanrick (else standard output).
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
        /// The prover's budget.
        #[command(flatten)]
        budget: solve::Budget,
    },
    /// Replay a game and print its final position (or every position).
    Replay {
        /// The game file; `-` is standard input.
        file: PathBuf,
        /// Print every position of the main line.
        #[arg(long)]
        each: bool,
        /// Which game of a collection (1-based); all games when left out.
        #[arg(long, value_parser = args::at_least(1))]
        game: Option<usize>,
        /// Colour on the board and in diagnostics.
        #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
        color: ColorChoice,
        /// Write a self-contained HTML page replaying the file to OUT (atomically)
        /// instead of printing boards.
        #[arg(long, value_name = "OUT")]
        html: Option<PathBuf>,
        /// With --html: Black at the bottom of the board.
        #[arg(long, requires = "html")]
        flip: bool,
    },
    /// Draw a position as an SVG diagram: a position string, or a game file's main line
    /// at its end, after N actions, or at every step.
    Render {
        /// The game file (`-`: standard input).
        #[arg(required_unless_present = "position", conflicts_with = "position")]
        file: Option<PathBuf>,
        /// A position string to draw instead of a game file.
        #[arg(long)]
        position: Option<String>,
        /// The rules the --position string is read by: `1893` (default), `1880`, `1879`,
        /// `1893-es`, ... (a game file's `Rules` tag wins).
        #[arg(long, default_value = "1893", value_parser = parse_rules)]
        rules: Rules,
        /// The position after N actions of the main line (0: the start); default: its end.
        #[arg(long, value_name = "N", conflicts_with = "each")]
        after: Option<usize>,
        /// Every position of the main line, as DIR/000.svg, DIR/001.svg, … (needs --out DIR).
        #[arg(long)]
        each: bool,
        /// Which game of a collection (1-based); needed when the file has several.
        #[arg(long, value_parser = args::at_least(1))]
        game: Option<usize>,
        /// Black at the bottom (rank 8 nearest the reader); default: Yellow, rank 1.
        #[arg(long)]
        flip: bool,
        /// The width in pixels (the picture scales to any size).
        #[arg(long, default_value_t = 480, value_parser = clap::value_parser!(u32).range(64..=8192))]
        size: u32,
        /// No caption under the board.
        #[arg(long)]
        no_caption: bool,
        /// Write to this file (atomically), or with --each into this directory,
        /// instead of standard output.
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// Colour in diagnostics.
        #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
        color: ColorChoice,
    },
    /// Rewrite files in canonical form, comments, variations and line ends kept.
    Fmt {
        /// Files, or directories searched recursively for `*.lanrick`; `-` reads
        /// standard input and writes the canonical text to standard output.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write nothing; for each file that is not canonical, print its first line
        /// that differs, and exit 1 if any.
        #[arg(long)]
        check: bool,
        /// Write nothing; print a unified diff from each file that is not canonical to
        /// its canonical text, and exit 1 if any (implies --check).
        #[arg(long)]
        diff: bool,
        /// Colour in diagnostics.
        #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
        color: ColorChoice,
    },
    /// Count (and with --list show) the distinct outcomes of the next turn.
    Turns {
        /// A position string, e.g. "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first".
        position: String,
        /// Also print one line per outcome: a canonical turn, a tab, the position.
        #[arg(long)]
        list: bool,
        /// The rules the position is played by: `1893` (default), `1880`, `1879`,
        /// `1893 turned both-first`, `1893-es`.
        #[arg(long, default_value = "1893", value_parser = parse_rules)]
        rules: Rules,
    },
    /// The interactive prompt: play events, undo, save, explore (`:help` inside).
    Repl {
        /// Continue from the end of this game file's main line.
        file: Option<PathBuf>,
        /// The rules of a new game (a loaded file's `Rules` tag wins).
        #[arg(long, default_value = "1893", value_parser = parse_rules)]
        rules: Rules,
        /// Which game of a collection: its number (from 1) or its `Event`.
        #[arg(long, requires = "file", value_parser = args::non_empty())]
        game: Option<String>,
        /// Draw no boards (for scripts); diagnostics and messages stay.
        #[arg(long, short)]
        quiet: bool,
        /// How the 1879 die treats throws below three: `plain` (neglected) or `nb`
        /// (Carroll's N.B. rule).
        #[arg(long, value_enum, default_value_t = DieChoice::Plain)]
        die: DieChoice,
        /// The seed of the 1879 die (the same seed gives the same throws).
        #[arg(long, default_value_t = 1879)]
        die_seed: u64,
    },
    /// Play complete random legal games from the start and write them in notation.
    Selfplay {
        /// How many games (1 to 1,000,000), written as each is played.
        #[arg(long, value_parser = args::count(1, args::MAX_GAMES))]
        games: usize,
        /// The seed: the same seed gives the same games.
        #[arg(long)]
        seed: u64,
        /// Write to this file (atomically) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// The rules to play by: `1893` (default), `1880`, `1879`, `1893-es`, ...
        #[arg(long, default_value = "1893", value_parser = parse_rules)]
        rules: Rules,
        /// How the 1879 die treats throws below three: `plain` (neglected) or `nb`
        /// (Carroll's N.B. rule: throw again; below three again, twice the first and
        /// the second).
        #[arg(long, value_enum, default_value_t = DieChoice::Plain)]
        die: DieChoice,
        /// Add an annotation (comment, glyph, NAG or variation) after this share of
        /// the events, 0 to 1 (e.g. 0.08); the games themselves do not change.
        #[arg(long, value_name = "RATE", value_parser = annotate_rate)]
        annotate: Option<f64>,
    },
    /// Play a game against lanrick at the prompt: a REPL session in which lanrick
    /// answers each of your actions.
    Play {
        /// The rules to play by: `1893` (default), `1880`, `1893-es`, ...
        #[arg(long, default_value = "1893", value_parser = parse_rules)]
        rules: Rules,
        /// lanrick's level: 0 (random) to 4 (strongest).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=4))]
        level: u8,
        /// The side you play (lanrick takes the other): `B` sets the first Mark (1893)
        /// or the men (1880).
        #[arg(long, default_value = "B", value_parser = parse_side)]
        side: crate::engine::Side,
        /// The seed of lanrick's choices: the same seed, level and moves give the same
        /// game.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Draw no boards (for scripts); diagnostics and messages stay.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Play a match between two levels of lanrick's player (colours alternated,
    /// openings varied by the seed) and report the score and Elo difference.
    Match {
        /// Player A's level (0 to 4).
        #[arg(long, value_parser = clap::value_parser!(u8).range(0..=4))]
        a: u8,
        /// Player B's level (0 to 4).
        #[arg(long, value_parser = clap::value_parser!(u8).range(0..=4))]
        b: u8,
        /// How many games, 1 to 1,000,000 (A has Black in the first of each pair,
        /// Yellow in the second).
        #[arg(long, value_parser = args::count(1, args::MAX_GAMES))]
        games: usize,
        /// The seed: the same seed gives the same games and score.
        #[arg(long)]
        seed: u64,
        /// The rules to play by: `1893` (default), `1880`, `1893-es`, ...
        #[arg(long, default_value = "1893", value_parser = parse_rules)]
        rules: Rules,
        /// Output format.
        #[arg(long, value_enum, default_value_t = MatchFormat::Human)]
        format: MatchFormat,
        /// Also write the games in notation to this file (atomically), for `check`.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Print a shell completion script: `lanrick completions bash > lanrick.bash`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `lanrick manpage > lanrick.1`.
    Manpage {
        /// Write `lanrick.1` and a page for each subcommand (`lanrick-check.1`, ...)
        /// into this directory instead.
        #[arg(long)]
        out_dir: Option<PathBuf>,
    },
}

/// Reads a `--rules` value; the error lists the editions and options that exist.
fn parse_rules(s: &str) -> Result<Rules, String> {
    s.parse::<Rules>().map_err(|e| e.to_string())
}

/// `--annotate`'s value: a number from 0 to 1.
fn annotate_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if (0.0..=1.0).contains(&rate) => Ok(rate),
        _ => Err(format!("expected a number from 0 to 1, got `{text}`")),
    }
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
    let code = match cli.command {
        Some(Command::Check {
            paths,
            format,
            quiet,
            color,
            jobs,
            no_prove,
            budget,
        }) => {
            let limits = (!no_prove).then(|| budget.limits());
            check(
                &paths,
                format,
                quiet,
                use_color(color, true),
                jobs,
                limits.as_ref(),
            )
        }
        Some(Command::Solve {
            file,
            game,
            position,
            goal,
            rules,
            full,
            tries,
            defences,
            duals,
            budget,
        }) => solve::solve(&solve::SolveArgs {
            file,
            game,
            position,
            goal,
            rules,
            full,
            tries,
            defences,
            duals,
            budget,
        }),
        Some(Command::Compose {
            seed,
            count,
            attempts,
            max_men,
            max_turns,
            min_turns,
            trace,
            help_only,
            rules,
            out_dir,
            budget,
        }) => {
            if let Err(msg) =
                args::check_compose(rules, count, attempts, max_men, min_turns, max_turns)
            {
                return usage_error("compose", &msg);
            }
            solve::compose(&solve::ComposeArgs {
                seed,
                count,
                attempts,
                max_men,
                max_turns,
                min_turns,
                trace,
                help_only,
                rules,
                out_dir,
                budget,
            })
        }
        Some(Command::Replay {
            file,
            game,
            color,
            html: Some(out),
            flip,
            ..
        }) => pictures::replay_html(&file, game, &out, flip, use_color(color, true)),
        Some(Command::Replay {
            file,
            each,
            game,
            color,
            html: None,
            ..
        }) => replay(&file, each, game, use_color(color, false)),
        Some(Command::Render {
            file,
            position,
            rules,
            after,
            each,
            game,
            flip,
            size,
            no_caption,
            out,
            color,
        }) => pictures::render(pictures::RenderArgs {
            file,
            position,
            rules,
            after,
            each,
            game,
            options: crate::render::svg::Options {
                flip,
                width: size,
                caption: !no_caption,
                title: None,
            },
            out,
            color: use_color(color, true),
        }),
        Some(Command::Fmt {
            files,
            check,
            diff,
            color,
        }) => {
            let how = match (check, diff) {
                (_, true) => FmtMode::Diff,
                (true, false) => FmtMode::Check,
                (false, false) => FmtMode::Write,
            };
            fmt(&files, how, use_color(color, true))
        }
        Some(Command::Turns {
            position,
            list,
            rules,
        }) => turns(&position, list, rules),
        Some(Command::Repl {
            file,
            rules,
            game,
            quiet,
            die,
            die_seed,
        }) => crate::repl::run_with(crate::repl::Options {
            file: file.as_deref(),
            game: game.as_deref(),
            quiet,
            rules,
            die: die.rule(),
            die_seed,
            lanrick: None,
            seed: 0,
        }),
        Some(Command::Play {
            rules,
            level,
            side,
            seed,
            quiet,
        }) => crate::repl::run_with(crate::repl::Options {
            file: None,
            game: None,
            quiet,
            rules,
            lanrick: Some((!side, level)),
            seed,
            die: crate::engine::DieRule::Plain,
            die_seed: seed,
        }),
        None if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() => {
            crate::repl::run(None)
        }
        Some(Command::Selfplay {
            games,
            seed,
            out,
            rules,
            die,
            annotate,
        }) => selfplay(games, seed, annotate, out.as_deref(), rules, die.rule()),
        Some(Command::Match {
            a,
            b,
            games,
            seed,
            rules,
            format,
            out,
        }) => play_match(a, b, games, seed, rules, format, out.as_deref()),
        Some(Command::Completions { shell }) => {
            let mut out = std::io::stdout().lock();
            clap_complete::generate(shell, &mut Cli::command(), "lanrick", &mut out);
            finish(out.flush())
        }
        Some(Command::Manpage { out_dir }) => manpages(out_dir.as_deref()),
        None => {
            say!("lanrick: give a command; see `lanrick --help`");
            EXIT_ERROR
        }
    };
    ExitCode::from(code)
}

/// Prints `message` as clap prints a usage error (`error: …`, the usage line) and
/// returns exit code 2, for arguments that parse one by one but not together.
fn usage_error(command: &str, message: &str) -> ExitCode {
    let mut cli = Cli::command();
    cli.build();
    let e = match cli.find_subcommand_mut(command) {
        Some(sub) => sub.error(clap::error::ErrorKind::ArgumentConflict, message),
        None => cli.error(clap::error::ErrorKind::ArgumentConflict, message),
    };
    let _ = e.print();
    ExitCode::from(EXIT_ERROR)
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

/// The manual page on standard output, or into `dir` with one page per subcommand
/// (each written atomically; their names are printed).
fn manpages(dir: Option<&Path>) -> u8 {
    let cli = Cli::command();
    let Some(dir) = dir else {
        let mut out = std::io::stdout().lock();
        let page = clap_mangen::Man::new(cli);
        return finish(page.render(&mut out).and_then(|()| out.flush()));
    };
    if let Err(msg) = crate::term::output_dir(dir, false) {
        say!("error: --out-dir: {msg}");
        return EXIT_ERROR;
    }
    let mut pages = vec![("lanrick".to_owned(), cli.clone())];
    for sub in cli.get_subcommands() {
        let page = sub
            .clone()
            .display_name(format!("lanrick-{}", sub.get_name()))
            .bin_name(format!("lanrick {}", sub.get_name()));
        pages.push((format!("lanrick-{}", sub.get_name()), page));
    }
    for (name, page) in pages {
        let path = dir.join(format!("{name}.1"));
        let man =
            clap_mangen::Man::new(page).source(format!("lanrick {}", env!("CARGO_PKG_VERSION")));
        if let Err(msg) = write_atomically_with(&path, |w| man.render(w)) {
            say!("error: {msg}");
            return EXIT_ERROR;
        }
        println!("{}", path.display());
    }
    EXIT_OK
}

/// Why a path could not be read.
fn io_problem(message: String) -> Problem {
    Problem::new("lanrick::io::read", message, Span::new(0, 0), "")
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
enum Input {
    /// A file named or found.
    File(PathBuf),
    /// Standard input (`-`).
    Stdin,
    /// A path that could not be read: its name and why.
    Unreadable(String, String),
}

/// Whether a path argument means standard input.
fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The inputs the given paths name, in a stable order: each file, the `*.lanrick` files
/// under each directory, standard input for `-`. A path that cannot be read is kept as
/// an [`Input::Unreadable`] in its place, so that everything else is still read.
fn collect(paths: &[PathBuf]) -> Vec<Input> {
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

/// Runs `f` over `items` on all cores, keeping the results in order.
fn parallel_map<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let threads = jobs.max(1).min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    if let Ok(mut v) = results.lock() {
                        v[i] = Some(r);
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

fn check(
    paths: &[PathBuf],
    format: Format,
    quiet: bool,
    color: bool,
    jobs: Option<usize>,
    prove: Option<&crate::prover::Limits>,
) -> u8 {
    let inputs = collect(paths);
    if inputs.is_empty() {
        say!("error: no .lanrick files found");
        return EXIT_ERROR;
    }
    let jobs = jobs.unwrap_or_else(stream::default_jobs);
    // Several files: one thread per file. One file: its games on `jobs` threads.
    let per_file = if inputs.len() > 1 { 1 } else { jobs };
    let checked = parallel_map(&inputs, jobs, |input| match input {
        Input::File(p) => stream::check_file_proving(p, per_file, prove),
        Input::Stdin => stream::check_input(STDIN_NAME.into(), std::io::stdin(), per_file, prove),
        Input::Unreadable(name, why) => unreadable(name.clone(), why.clone()),
    });
    let summary = report::Summary::of(&checked);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut err = std::io::stderr().lock();
    let written = match format {
        Format::Human => {
            for c in &checked {
                if let report::Outcome::Unreadable(p) = &c.outcome {
                    let _ = writeln!(err, "error: {}", visible(&p.message));
                }
                for f in c.problems() {
                    let _ = write!(
                        err,
                        "{}",
                        report::render_human(&f.problem, &c.name, f.window.src(), color)
                    );
                }
                if !quiet {
                    let _ = writeln!(out, "{}", visible_line(&file_line(c)));
                }
            }
            if quiet {
                Ok(())
            } else {
                writeln!(out, "{}", summary.line())
            }
        }
        Format::Json => writeln!(out, "{}", json_report(&checked, &summary)),
        Format::Github => {
            for c in &checked {
                if let report::Outcome::Unreadable(p) = &c.outcome {
                    let _ = writeln!(out, "{}", report::github_line(p, &c.name, ""));
                }
                for f in c.problems() {
                    let _ = writeln!(
                        out,
                        "{}",
                        report::github_line(&f.problem, &c.name, f.window.src())
                    );
                }
                if let report::Outcome::Games(games) = &c.outcome {
                    for g in games {
                        if let Some(proof) = &g.proof
                            && proof.verdict == "sound"
                        {
                            let _ = writeln!(out, "{}", report::github_notice(&c.name, g, proof));
                        }
                    }
                }
            }
            if quiet {
                Ok(())
            } else {
                writeln!(out, "{}", summary.line())
            }
        }
        Format::Junit => write!(out, "{}", report::junit(&checked)),
    };
    if written.and_then(|()| out.flush()).is_err() {
        return EXIT_ERROR;
    }
    if summary.files_unreadable > 0 {
        EXIT_ERROR
    } else if summary.files_failed > 0 {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}

/// The line `check` prints for a file: `ok NAME (...)`, `FAILED NAME (...)` or
/// `ERROR NAME (...)`.
fn file_line(c: &report::Checked) -> String {
    match &c.outcome {
        report::Outcome::Unreadable(_) => format!("ERROR {} (could not be read)", c.name),
        report::Outcome::Failed(f) => format!("FAILED {} ({})", c.name, f.problem.message),
        report::Outcome::Games(games) if c.passed() => match proved(games) {
            Some(v) => format!("ok {}: {v}", c.name),
            None => format!("ok {}{}", c.name, describe(games)),
        },
        report::Outcome::Games(games) if proved(games).is_some() => {
            format!("FAILED {}: {}", c.name, proved(games).unwrap_or_default())
        }
        report::Outcome::Games(games) => {
            let failed = games.iter().filter(|g| !g.problems.is_empty()).count();
            let of = if games.len() == 1 {
                "the game failed".to_owned()
            } else {
                format!("{failed} of {} games failed", games.len())
            };
            format!("FAILED {} ({of})", c.name)
        }
    }
}

/// The proofs' verdict lines of a file's games (`sound — Y wins rendezvous in 2, key
/// ...`), when its games were proved.
fn proved(games: &[report::GameCase]) -> Option<String> {
    let lines: Vec<String> = games
        .iter()
        .filter_map(|g| g.proof.as_ref().map(|p| p.line.clone()))
        .collect();
    (!lines.is_empty()).then(|| lines.join("; "))
}

/// ` (3 games; goal met: ...)` for the per-file line.
fn describe(games: &[report::GameCase]) -> String {
    let mut parts = Vec::new();
    if games.len() != 1 {
        parts.push(format!("{} games", games.len()));
    }
    parts.extend(games.iter().filter_map(|g| g.goal.clone()));
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join("; "))
    }
}

/// A proof in the JSON report.
fn proof_json(p: &report::ProofInfo) -> serde_json::Value {
    serde_json::json!({
        "verdict": p.verdict,
        "summary": p.line,
        "keys": p.keys,
        "written_key": p.written,
        "refutations": p.refutations,
        "duals": p.duals,
        "shortest": p.shortest,
        "lines": p.lines,
        "nodes": p.nodes,
        "time": p.time.as_secs_f64(),
        "budget": { "max_nodes": p.max_nodes, "max_time": p.max_time.map(|d| d.as_secs_f64()) },
        "complete": p.complete,
        "cut": p.cut,
        "all_keys": p.all_keys,
    })
}

/// The JSON document of `check --format json` (schema version 1).
fn json_report(checked: &[report::Checked], summary: &report::Summary) -> serde_json::Value {
    let diags: Vec<serde_json::Value> = checked
        .iter()
        .flat_map(|c| {
            let io = match &c.outcome {
                report::Outcome::Unreadable(p) => Some(report::json_diagnostic(p, &c.name, "")),
                _ => None,
            };
            io.into_iter().chain(
                c.problems()
                    .into_iter()
                    .map(move |f| report::json_diagnostic(&f.problem, &c.name, f.window.src())),
            )
        })
        .collect();
    let files: Vec<serde_json::Value> = checked
        .iter()
        .map(|c| {
            let results: Vec<serde_json::Value> = match &c.outcome {
                report::Outcome::Games(games) => games
                    .iter()
                    .map(|g| {
                        serde_json::json!({
                            "number": g.number,
                            "name": g.name(),
                            "event": g.event,
                            "passed": g.problems.is_empty(),
                            "problems": g.problems.len(),
                            "goal": g.goal_verdict(),
                            "goal_detail": g.goal,
                            "proof": g.proof.as_deref().map(proof_json),
                        })
                    })
                    .collect(),
                _ => Vec::new(),
            };
            serde_json::json!({
                "file": c.name,
                "status": c.status(),
                "passed": c.passed(),
                "games": c.games(),
                "game_results": results,
            })
        })
        .collect();
    serde_json::json!({
        "schema_version": 1,
        "files": files,
        "diagnostics": diags,
        "summary": {
            "passed": summary.files_passed,
            "failed": summary.files_failed,
            "unreadable": summary.files_unreadable,
            "games": {
                "passed": summary.games_passed,
                "failed": summary.games_failed,
                "not_run": summary.games_errors,
            },
        },
    })
}

/// Output of `replay` not yet written: stdout and stderr text in order.
#[derive(Default)]
struct Pending {
    parts: Vec<(bool, String)>,
    bytes: usize,
}

impl Pending {
    fn out(&mut self, text: String) {
        self.bytes += text.len();
        self.parts.push((false, text));
    }
    fn err(&mut self, text: String) {
        self.bytes += text.len();
        self.parts.push((true, text));
    }
    fn flush(&mut self, out: &mut impl Write) {
        for (is_err, text) in self.parts.drain(..) {
            if is_err {
                let _ = out.flush();
                eprint!("{text}");
            } else {
                let _ = out.write_all(text.as_bytes());
            }
        }
        self.bytes = 0;
    }
}

/// Output held back before it is written: a syntax error later in the file replaces
/// it. Past this size it is written anyway (see docs/performance.md).
const REPLAY_HOLD: usize = 2 << 20;

/// Writes one game of `replay`.
fn replay_game(
    to: &mut Pending,
    g: &interp::GameRun,
    window: &report::Window,
    (name, many, each, color): (&str, bool, bool, bool),
) -> bool {
    if many {
        to.out(format!("== {} ==\n", visible_line(&g.name())));
    }
    if each {
        for (span, pos) in &g.positions {
            match span {
                Some(s) => {
                    let text = window
                        .text
                        .get(s.start.saturating_sub(window.base)..s.end.saturating_sub(window.base))
                        .unwrap_or("");
                    to.out(format!(
                        "after {}:\n",
                        visible(&text.split_whitespace().collect::<Vec<_>>().join(" "))
                    ));
                }
                None => to.out("start:\n".into()),
            }
            to.out(format!("{}{pos}\n\n", board::diagram(pos, color)));
        }
    } else if let Some(r) = &g.runner {
        to.out(format!(
            "{}{}\n",
            board::diagram_of(r.position(), r.game().result().is_some(), color),
            r.position()
        ));
    }
    if let Some(r) = g.runner.as_ref().and_then(|r| r.game().result()) {
        to.out(format!("Result: {r}\n"));
    }
    for p in &g.problems {
        to.err(report::render_human(p, name, window.src(), color));
    }
    !g.problems.is_empty()
}

/// Every syntax error of a file, or the bad byte of one that is not UTF-8, with the
/// text each is rendered against.
type Fatal = Vec<(Problem, report::Window)>;

fn replay(path: &Path, each: bool, game: Option<usize>, color: bool) -> u8 {
    use std::sync::atomic::Ordering;
    use stream::PieceRun;
    let (name, input): (String, Box<dyn Read + Send>) = if is_stdin(path) {
        (STDIN_NAME.into(), Box::new(std::io::stdin()))
    } else {
        if path.is_dir() {
            say!("error: {} is a directory; give a game file", path.display());
            return EXIT_ERROR;
        }
        match std::fs::File::open(path) {
            Ok(f) => (path.display().to_string(), Box::new(f)),
            Err(e) => {
                say!("error: cannot read {}: {e}", path.display());
                return EXIT_ERROR;
            }
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut pending = Pending::default();
    // The first game waits until we know whether there is a second ("== name ==").
    let mut first: Option<(Box<interp::GameRun>, report::Window)> = None;
    let mut count = 0usize;
    let mut failed = false;
    // Once a syntax error is found no board is printed: the later games are only read
    // for their own syntax errors.
    let mut fatal: Fatal = Vec::new();
    let opts = Options { each };
    let result = stream::pipeline(
        input,
        stream::default_jobs(),
        |piece, skip| {
            if skip {
                stream::syntax_only(piece)
            } else {
                stream::run_piece(piece, opts)
            }
        },
        |piece, run, skip| {
            match run {
                PieceRun::BadUtf8(at) => {
                    fatal.push((stream::utf8_problem(at), piece.window));
                    return false;
                }
                PieceRun::Syntax(problems) => {
                    let windows = piece.window.around(&problems);
                    fatal.extend(problems.into_iter().zip(windows));
                    skip.store(true, Ordering::Relaxed);
                }
                PieceRun::Skipped | PieceRun::Game(None) => {}
                PieceRun::Game(Some(g)) => {
                    count += 1;
                    if !fatal.is_empty() {
                        return true;
                    }
                    let selected = match game {
                        Some(n) => n == count,
                        None => true,
                    };
                    if !selected {
                        return true;
                    }
                    if game.is_none() && count == 1 {
                        first = Some((g, piece.window));
                        return true;
                    }
                    if let Some((g1, w1)) = first.take() {
                        failed |= replay_game(&mut pending, &g1, &w1, (&name, true, each, color));
                    }
                    let many = game.is_none();
                    failed |=
                        replay_game(&mut pending, &g, &piece.window, (&name, many, each, color));
                    if pending.bytes > REPLAY_HOLD {
                        pending.flush(&mut out);
                    }
                }
            }
            true
        },
    );
    if let Err(e) = result {
        if let Some((p, window)) = e.problem() {
            eprint!("{}", report::render_human(&p, &name, window.src(), color));
            return EXIT_FAILED;
        }
        say!("error: cannot read {name}: {e}");
        return EXIT_ERROR;
    }
    if !fatal.is_empty() {
        for (p, window) in &fatal {
            eprint!("{}", report::render_human(p, &name, window.src(), color));
        }
        return EXIT_FAILED;
    }
    if let Some((g1, w1)) = first.take() {
        failed |= replay_game(&mut pending, &g1, &w1, (&name, false, each, color));
    }
    if let Some(n) = game
        && (n == 0 || n > count)
    {
        say!("error: {name} has {count} game(s); --game {n} does not exist");
        return EXIT_ERROR;
    }
    pending.flush(&mut out);
    let _ = out.flush();
    if failed { EXIT_FAILED } else { EXIT_OK }
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
    let src = match read {
        Err(msg) => {
            say!("error: {msg}");
            return EXIT_ERROR;
        }
        Ok(Err((src, p))) => {
            eprint!("{}", report::render_human(&p, &name, &src, color));
            return EXIT_FAILED;
        }
        Ok(Ok(src)) => src,
    };
    let file = match crate::syntax::parse_file_all_errors(&src) {
        Ok(f) => f,
        Err(errors) => {
            let problems: Vec<Problem> = errors.iter().map(interp::syntax_problem).collect();
            let whole = report::Window::whole(src);
            for (p, window) in problems.iter().zip(whole.around(&problems)) {
                eprint!("{}", report::render_human(p, &name, window.src(), color));
            }
            return EXIT_FAILED;
        }
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

/// The most lines `turns --list` writes for the set-up phase of an early edition.
const SETUP_LIST_LIMIT: u64 = 100_000;

fn turns(text: &str, list: bool, rules: Rules) -> u8 {
    let position = match Position::parse_as(rules, text) {
        Ok(p) => p,
        Err(e) => {
            let p = interp::position_problem_for(&e, Span::new(0, 0), rules);
            eprint!(
                "{}",
                report::render_human(&p, "position", text, use_color(ColorChoice::Auto, true))
            );
            return EXIT_ERROR;
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if list && position.phase() == crate::engine::Phase::Set {
        let n = crate::engine::search::setup_count(&position);
        if n > SETUP_LIST_LIMIT {
            say!(
                "error: {} has {n} set-ups, too many to list (at most {SETUP_LIST_LIMIT}); `turns` without --list counts them",
                if !position.rules().sets_own_men() {
                    "the arranger".to_string()
                } else {
                    position.to_act().to_string()
                }
            );
            return EXIT_ERROR;
        }
    }
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
        Ok(()) => EXIT_OK,
        Err(_) => EXIT_ERROR,
    }
}

/// How the 1879 die treats throws below three (Rule 3 and its N.B.).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DieChoice {
    /// Throws below three are neglected.
    Plain,
    /// Carroll's N.B.: below three, throw again; below three again, twice the first
    /// throw and the second.
    Nb,
}

impl DieChoice {
    /// The engine's rule.
    pub fn rule(self) -> crate::engine::DieRule {
        match self {
            DieChoice::Plain => crate::engine::DieRule::Plain,
            DieChoice::Nb => crate::engine::DieRule::CarrollNb,
        }
    }
}

/// `selfplay`: each game is written as soon as it is played, so memory holds one game
/// whatever the count, and the run stops when the reader goes away.
fn selfplay(
    games: usize,
    seed: u64,
    annotate: Option<f64>,
    out: Option<&Path>,
    rules: Rules,
    die: crate::engine::DieRule,
) -> u8 {
    if let Some(msg) = out.and_then(|p| crate::term::write_target(p).err()) {
        say!("error: {msg}");
        return EXIT_ERROR;
    }
    let play = |w: &mut dyn Write| -> std::io::Result<()> {
        let mut stats = crate::selfplay::Stats::default();
        for i in 0..games {
            let g = crate::selfplay::play_numbered(i, seed, rules, die, &mut stats);
            let text = crate::selfplay::game_text(i, &g, seed, rules, annotate);
            w.write_all(text.as_bytes())?;
        }
        w.flush()
    };
    match out {
        None => {
            let stdout = std::io::stdout();
            let mut lock = std::io::BufWriter::new(stdout.lock());
            finish(play(&mut lock))
        }
        Some(path) => match write_atomically_with(path, play) {
            Ok(()) => EXIT_OK,
            Err(e) => {
                say!("error: cannot write the games: {e}");
                EXIT_ERROR
            }
        },
    }
}

/// A side as `B` or `Y` (`W` is Yellow's other name).
fn parse_side(s: &str) -> Result<crate::engine::Side, String> {
    match s {
        "B" | "b" => Ok(crate::engine::Side::Black),
        "Y" | "y" | "W" | "w" => Ok(crate::engine::Side::Yellow),
        _ => Err(format!("`{s}` is not a side: write B or Y")),
    }
}

/// The `match` command: plays the games, writes them if asked (each as it is played),
/// reports the score.
fn play_match(
    a: u8,
    b: u8,
    games: usize,
    seed: u64,
    rules: Rules,
    format: MatchFormat,
    out: Option<&Path>,
) -> u8 {
    // A path that cannot take the games is said before they are played.
    if let Some(msg) = out.and_then(|p| crate::term::write_target(p).err()) {
        say!("error: {msg}");
        return EXIT_ERROR;
    }
    use crate::player::arena;
    let (mut wins, mut losses) = (0usize, 0usize);
    let mut tally = |g: &arena::MatchGame| {
        if g.a_points == 1.0 {
            wins += 1;
        } else if g.a_points == 0.0 {
            losses += 1;
        }
    };
    let score = match out {
        None => arena::play_match_each(a, b, games, seed, rules, |_, g| {
            tally(&g);
            true
        }),
        Some(path) => {
            let mut score = None;
            let written = write_atomically_with(path, |w| {
                let mut result = Ok(());
                score = Some(arena::play_match_each(a, b, games, seed, rules, |i, g| {
                    tally(&g);
                    result = w.write_all(match_game_text(i, &g, a, b, seed, rules).as_bytes());
                    result.is_ok()
                }));
                result
            });
            match (written, score) {
                (Ok(()), Some(score)) => score,
                (Err(e), _) => {
                    say!("error: cannot write the games: {e}");
                    return EXIT_ERROR;
                }
                (Ok(()), None) => unreachable!("write_atomically_with calls its writer"),
            }
        }
    };
    let n = score.games;
    let points: f64 = score.points.iter().sum();
    let draws = n - wins - losses;
    let text = match format {
        MatchFormat::Json => serde_json::json!({
            "games": n,
            "a": a,
            "b": b,
            "seed": seed,
            "rules": rules.to_string(),
            "a_wins": wins,
            "a_losses": losses,
            "draws": draws,
            "a_points": points,
            "a_score": score.a_score,
            "elo": score.elo,
            "elo_low": score.elo_low,
            "elo_high": score.elo_high,
        })
        .to_string(),
        MatchFormat::Human => format!(
            "level {a} vs level {b}, {n} games ({rules}, seed {seed}): {points} - {} (+{wins} ={draws} -{losses}), score {:.1} %, Elo {:+.0} [{:+.0}, {:+.0}] (95 %)",
            n as f64 - points,
            100.0 * score.a_score,
            score.elo,
            score.elo_low,
            score.elo_high
        ),
    };
    let mut out = std::io::stdout().lock();
    finish(writeln!(out, "{text}").and_then(|_| out.flush()))
}

/// Game `i` (from 0) of a match in notation, with tags naming the levels and the
/// result (and the blank line that separates it from the game before).
fn match_game_text(
    i: usize,
    g: &crate::player::arena::MatchGame,
    a: u8,
    b: u8,
    seed: u64,
    rules: Rules,
) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    if i > 0 {
        text.push('\n');
    }
    let (black, yellow) = if g.a_side == crate::engine::Side::Black {
        (a, b)
    } else {
        (b, a)
    };
    let _ = writeln!(text, "[Event \"match {seed} #{}\"]", i + 1);
    if rules != Rules::default() {
        let _ = writeln!(text, "[Rules \"{rules}\"]");
    }
    let _ = writeln!(text, "[Black \"lanrick level {black}\"]");
    let _ = writeln!(text, "[Yellow \"lanrick level {yellow}\"]");
    let result = g.result.map_or("draw", crate::fmt::result_tag);
    let _ = writeln!(text, "[Result \"{result}\"]\n");
    for e in &g.events {
        text.push_str(e);
        text.push('\n');
    }
    if g.result.is_none() {
        text.push_str("draw\n");
    }
    text
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
            Some(super::Command::Repl { file: Some(ref f), .. }) if f.as_os_str() == "game.lanrick"
        ));
        let cli = super::Cli::try_parse_from(["lanrick", "repl"]).expect("parses");
        assert!(matches!(
            cli.command,
            Some(super::Command::Repl {
                file: None,
                quiet: false,
                ..
            })
        ));
    }
}
