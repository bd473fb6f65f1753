//! The command line: argument parsing (clap), reading files, exit codes and printing.
//! With the REPL, the only place that reads files or writes to the terminal.
//!
//! Exit codes: 0 when everything passed, 1 when a check failed, 2 when the command
//! could not run (unreadable file, bad arguments).

pub mod board;
pub mod report;
pub mod stream;

use crate::engine::{Position, count_outcomes, outcomes};
use crate::interp::{self, Options, Problem};
use crate::syntax::ast::Span;
use clap::{Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Lewis Carroll's Lanrick (1893 rules): check, replay, format and explore games.
#[derive(Parser, Debug)]
#[command(name = "lanrick", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

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

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay and verify game files: every event legal, every directive and goal met.
    Check {
        /// Files, or directories searched recursively for `*.lanrick`.
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
        #[arg(long, hide = true)]
        jobs: Option<usize>,
    },
    /// Replay a game and print its final position (or every position).
    Replay {
        /// The game file.
        file: PathBuf,
        /// Print every position of the main line.
        #[arg(long)]
        each: bool,
        /// Which game of a collection (1-based); all games when left out.
        #[arg(long)]
        game: Option<usize>,
        /// Colour on the board and in diagnostics.
        #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
        color: ColorChoice,
    },
    /// Rewrite files in canonical form, comments and variations kept.
    Fmt {
        /// The files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write nothing; list the files that are not canonical and exit 1 if any.
        #[arg(long)]
        check: bool,
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
    },
    /// The interactive prompt: play events, undo, save, explore (`:help` inside).
    Repl {
        /// Continue from the end of this game file's main line.
        file: Option<PathBuf>,
    },
    /// Play complete random legal games from the start and write them in notation.
    Selfplay {
        /// How many games.
        #[arg(long)]
        games: usize,
        /// The seed: the same seed gives the same games.
        #[arg(long)]
        seed: u64,
        /// Write to this file (atomically) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Add an annotation (comment, glyph, NAG or variation) after this share of
        /// the events, 0 to 1 (e.g. 0.08); the games themselves do not change.
        #[arg(long, value_name = "RATE", value_parser = annotate_rate)]
        annotate: Option<f64>,
    },
}

/// `--annotate`'s value: a number from 0 to 1.
fn annotate_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if (0.0..=1.0).contains(&rate) => Ok(rate),
        _ => Err(format!("expected a number from 0 to 1, got `{text}`")),
    }
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
    let code = match cli.command {
        Some(Command::Check {
            paths,
            format,
            quiet,
            color,
            jobs,
        }) => check(&paths, format, quiet, use_color(color, true), jobs),
        Some(Command::Replay {
            file,
            each,
            game,
            color,
        }) => replay(&file, each, game, use_color(color, false)),
        Some(Command::Fmt {
            files,
            check,
            color,
        }) => fmt(&files, check, use_color(color, true)),
        Some(Command::Turns { position, list }) => turns(&position, list),
        Some(Command::Repl { file }) => crate::repl::run(file.as_deref()),
        None if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() => {
            crate::repl::run(None)
        }
        Some(Command::Selfplay {
            games,
            seed,
            out,
            annotate,
        }) => selfplay(games, seed, annotate, out.as_deref()),
        None => {
            eprintln!("lanrick: give a command; see `lanrick --help`");
            EXIT_ERROR
        }
    };
    ExitCode::from(code)
}

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

/// Why a path could not be read.
fn io_problem(message: String) -> Problem {
    Problem::new("lanrick::io::read", message, Span::new(0, 0), "")
}

/// Reads a game file as UTF-8. A file that is not UTF-8 gives the text read so far
/// (for context) and a problem at the first bad byte.
pub fn read_source(path: &Path) -> Result<Result<String, (String, Problem)>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    match String::from_utf8(bytes) {
        Ok(s) => Ok(Ok(s)),
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
            Ok(Err((lossy, p)))
        }
    }
}

/// Collects the `*.lanrick` files under the given paths, in a stable order.
fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        if meta.is_dir() {
            let mut seen = std::collections::HashSet::new();
            walk(p, &mut out, &mut seen)?;
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Adds the `*.lanrick` regular files under `dir` to `out`, sorted, reading each
/// directory once however many links lead to it (so a symlink loop ends).
fn walk(
    dir: &Path,
    out: &mut Vec<PathBuf>,
    seen: &mut std::collections::HashSet<PathBuf>,
) -> Result<(), String> {
    let canonical =
        std::fs::canonicalize(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    if !seen.insert(canonical) {
        // A symlink loop, or a directory reached twice: read it once.
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() => walk(&path, out, seen)?,
            // Only regular files: reading a FIFO or a device named `*.lanrick` found by the
            // walk could block for ever.
            Ok(m) if m.is_file() && path.extension().is_some_and(|x| x == "lanrick") => {
                out.push(path)
            }
            // Dangling links, unreadable entries and other files are skipped.
            _ => {}
        }
    }
    Ok(())
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

fn check(paths: &[PathBuf], format: Format, quiet: bool, color: bool, jobs: Option<usize>) -> u8 {
    let files = match collect(paths) {
        Ok(f) => f,
        Err(msg) => {
            eprintln!("error: {msg}");
            return EXIT_ERROR;
        }
    };
    if files.is_empty() {
        eprintln!("error: no .lanrick files found");
        return EXIT_ERROR;
    }
    let jobs = jobs.unwrap_or_else(stream::default_jobs);
    // Several files: one thread per file. One file: its games on `jobs` threads.
    let per_file = if files.len() > 1 { 1 } else { jobs };
    let checked = parallel_map(&files, jobs, |p| stream::check_file(p, per_file));
    let unreadable = checked.iter().any(report::Checked::unreadable);
    let passed = checked.iter().filter(|c| c.passed()).count();
    let failed = checked.len() - passed;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut err = std::io::stderr().lock();
    let _ = match format {
        Format::Human => {
            for c in &checked {
                if let report::Outcome::Unreadable(p) = &c.outcome {
                    let _ = writeln!(err, "error: {}", p.message);
                }
                for f in c.problems() {
                    let _ = write!(
                        err,
                        "{}",
                        report::render_human(&f.problem, &c.name, f.window.src(), color)
                    );
                }
                if !quiet
                    && c.passed()
                    && let report::Outcome::Games(games) = &c.outcome
                {
                    let _ = writeln!(out, "ok {}{}", c.name, describe(games));
                }
            }
            if quiet {
                Ok(())
            } else {
                writeln!(out, "{passed} passed, {failed} failed")
            }
        }
        Format::Json => {
            let diags: Vec<serde_json::Value> =
                checked
                    .iter()
                    .flat_map(|c| {
                        let io = match &c.outcome {
                            report::Outcome::Unreadable(p) => {
                                Some(report::json_diagnostic(p, &c.name, ""))
                            }
                            _ => None,
                        };
                        io.into_iter().chain(c.problems().into_iter().map(move |f| {
                            report::json_diagnostic(&f.problem, &c.name, f.window.src())
                        }))
                    })
                    .collect();
            let files: Vec<serde_json::Value> = checked
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "file": c.name,
                        "passed": c.passed(),
                        "games": c.games(),
                    })
                })
                .collect();
            let doc = serde_json::json!({
                "schema_version": 1,
                "files": files,
                "diagnostics": diags,
                "summary": { "passed": passed, "failed": failed },
            });
            writeln!(out, "{doc}")
        }
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
            }
            if quiet {
                Ok(())
            } else {
                writeln!(out, "{passed} passed, {failed} failed")
            }
        }
        Format::Junit => write!(out, "{}", report::junit(&checked)),
    };
    let _ = out.flush();
    if unreadable {
        EXIT_ERROR
    } else if failed > 0 {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
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
        to.out(format!("== {} ==\n", g.name()));
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
                        text.split_whitespace().collect::<Vec<_>>().join(" ")
                    ));
                }
                None => to.out("start:\n".into()),
            }
            to.out(format!("{}{pos}\n\n", board::diagram(pos, color)));
        }
    } else if let Some(r) = &g.runner {
        to.out(format!(
            "{}{}\n",
            board::diagram(r.position(), color),
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

fn replay(path: &Path, each: bool, game: Option<usize>, color: bool) -> u8 {
    use std::sync::atomic::Ordering;
    use stream::PieceRun;
    if path.is_dir() {
        eprintln!("error: {} is a directory; give a game file", path.display());
        return EXIT_ERROR;
    }
    let name = path.display().to_string();
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return EXIT_ERROR;
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut pending = Pending::default();
    // The first game waits until we know whether there is a second ("== name ==").
    let mut first: Option<(Box<interp::GameRun>, report::Window)> = None;
    let mut count = 0usize;
    let mut failed = false;
    let mut fatal: Option<(Problem, report::Window)> = None;
    let opts = Options { each };
    let result = stream::pipeline(
        file,
        stream::default_jobs(),
        |piece, skip| {
            if skip && piece.bad_utf8.is_none() {
                PieceRun::Skipped
            } else {
                stream::run_piece(piece, opts)
            }
        },
        |piece, run, skip| {
            match run {
                PieceRun::BadUtf8(at) => {
                    fatal = Some((stream::utf8_problem(at), piece.window));
                    return false;
                }
                PieceRun::Syntax(p) => {
                    if fatal.is_none() {
                        fatal = Some((p, piece.window));
                        skip.store(true, Ordering::Relaxed);
                    }
                }
                PieceRun::Skipped | PieceRun::Game(None) => {}
                PieceRun::Game(Some(g)) => {
                    count += 1;
                    if fatal.is_some() {
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
        eprintln!("error: cannot read {}: {e}", path.display());
        return EXIT_ERROR;
    }
    if let Some((p, window)) = fatal {
        eprint!("{}", report::render_human(&p, &name, window.src(), color));
        return EXIT_FAILED;
    }
    if let Some((g1, w1)) = first.take() {
        failed |= replay_game(&mut pending, &g1, &w1, (&name, false, each, color));
    }
    if let Some(n) = game
        && (n == 0 || n > count)
    {
        eprintln!("error: {name} has {count} game(s); --game {n} does not exist");
        return EXIT_ERROR;
    }
    pending.flush(&mut out);
    let _ = out.flush();
    if failed { EXIT_FAILED } else { EXIT_OK }
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

fn fmt(files: &[PathBuf], check: bool, color: bool) -> u8 {
    let mut code = EXIT_OK;
    for path in files {
        let name = path.display().to_string();
        if path.is_dir() {
            eprintln!("error: {name} is a directory; give game files");
            return EXIT_ERROR;
        }
        let src = match read_source(path) {
            Err(msg) => {
                eprintln!("error: {msg}");
                return EXIT_ERROR;
            }
            Ok(Err((src, p))) => {
                eprint!("{}", report::render_human(&p, &name, &src, color));
                code = code.max(EXIT_FAILED);
                continue;
            }
            Ok(Ok(src)) => src,
        };
        let file = match crate::syntax::parse_file(&src) {
            Ok(f) => f,
            Err(e) => {
                let p = interp::syntax_problem(&e);
                eprint!("{}", report::render_human(&p, &name, &src, color));
                code = code.max(EXIT_FAILED);
                continue;
            }
        };
        let formatted = crate::fmt::format_file(&file);
        if formatted == src {
            continue;
        }
        if check {
            println!("{name}");
            code = code.max(EXIT_FAILED);
        } else if let Err(msg) = write_atomically(path, &formatted) {
            eprintln!("error: {msg}");
            return EXIT_ERROR;
        }
    }
    code
}

fn turns(text: &str, list: bool) -> u8 {
    let position = match Position::parse(text) {
        Ok(p) => p,
        Err(e) => {
            let p = interp::position_problem(&e, Span::new(0, 0));
            eprint!(
                "{}",
                report::render_human(&p, "position", text, use_color(ColorChoice::Auto, true))
            );
            return EXIT_ERROR;
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
        Ok(()) => EXIT_OK,
        Err(_) => EXIT_ERROR,
    }
}

fn selfplay(games: usize, seed: u64, annotate: Option<f64>, out: Option<&Path>) -> u8 {
    let (text, _) = match annotate {
        None => crate::selfplay::generate(games, seed),
        Some(rate) => crate::selfplay::generate_annotated(games, seed, rate),
    };
    let written = match out {
        None => {
            let stdout = std::io::stdout();
            let mut lock = stdout.lock();
            lock.write_all(text.as_bytes())
                .and_then(|_| lock.flush())
                .map_err(|e| e.to_string())
        }
        Some(path) => write_atomically(path, &text),
    };
    match written {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("error: cannot write the games: {e}");
            EXIT_ERROR
        }
    }
}
