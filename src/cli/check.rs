//! `lanrick check`: its options, and replaying and verifying every input (files in
//! parallel, a single file's games in parallel), reported as human text, JSON, GitHub
//! workflow commands, JUnit XML or SARIF.

use super::input::{Input, STDIN_NAME, collect, unreadable};
use super::{
    ColorChoice, EXIT_ERROR, EXIT_FAILED, EXIT_OK, args, report, sarif, solve, stream, use_color,
};
use crate::term::visible::{visible, visible_line};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

/// The options of `lanrick check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Files, or directories searched recursively for `*.lanrick`; `-` is standard
    /// input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Print only problems (no per-file lines, no summary).
    #[arg(long, short)]
    pub quiet: bool,
    /// Colour in diagnostics.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Worker threads (default: `LANRICK_JOBS`, else the number of cores).
    #[arg(long, hide = true, value_parser = args::count(1, args::MAX_THREADS))]
    pub jobs: Option<usize>,
    /// Only replay puzzles' solutions: do not prove them.
    #[arg(long)]
    pub no_prove: bool,
    /// The prover's budget.
    #[command(flatten)]
    pub budget: solve::Budget,
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
    /// SARIF 2.1.0 on stdout (for code scanning).
    Sarif,
}

/// `lanrick check`: the exit code (1 when a file failed, 2 when one could not be read).
pub fn run(args: CheckArgs) -> u8 {
    let limits = (!args.no_prove).then(|| args.budget.limits());
    check(
        &args.paths,
        args.format,
        args.quiet,
        use_color(args.color, true),
        args.jobs,
        limits.as_ref(),
    )
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
        Format::Sarif => writeln!(out, "{}", sarif::sarif(&checked)),
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
/// ...`), when its games were proved; a game whose written line has problems of its
/// own beside the verdict says how many (`...; the written line has 1 problem`).
fn proved(games: &[report::GameCase]) -> Option<String> {
    let lines: Vec<String> = games
        .iter()
        .filter_map(|g| {
            let p = g.proof.as_ref()?;
            let verdict_problems = usize::from(p.verdict != crate::prover::Verdict::Sound.name());
            let own = g.problems.len().saturating_sub(verdict_problems);
            Some(match own {
                0 => p.line.clone(),
                n => format!(
                    "{}; the written line has {n} problem{}",
                    p.line,
                    if n == 1 { "" } else { "s" }
                ),
            })
        })
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
