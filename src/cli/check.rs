//! `lanrick check`: its options, and replaying and verifying every input (files in
//! parallel, a single file's games in parallel), reported as human text, JSON, GitHub
//! workflow commands, JUnit XML or SARIF.

use super::input::{Input, STDIN_NAME, collect, unreadable};
use super::{
    ColorChoice, EXIT_ERROR, EXIT_FAILED, EXIT_OK, args, report, sarif, solve, stream, use_color,
};
use crate::term::spool::Spool;
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

/// Runs `f` over `items` on `jobs` threads and hands the results to `each` in order,
/// each as soon as those before it are handed on.
fn parallel_each<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    f: impl Fn(&T) -> R + Sync,
    mut each: impl FnMut(R),
) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let threads = jobs.max(1).min(items.len().max(1));
    if threads == 1 {
        items.iter().for_each(|item| each(f(item)));
        return;
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, R)>();
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, f) = (&next, &f);
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    if tx.send((i, f(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting = std::collections::BTreeMap::new();
        let mut head = 0usize;
        for (i, r) in rx {
            waiting.insert(i, r);
            while let Some(r) = waiting.remove(&head) {
                each(r);
                head += 1;
            }
        }
    });
}

/// How the report is written.
#[derive(Clone, Copy, Debug)]
struct Style {
    format: Format,
    quiet: bool,
    color: bool,
}

/// A string in the report's JSON documents that stands for a part written apart
/// (never produced otherwise: the documents hold no user text outside those parts).
const PART: &str = "\u{1}lanrick part\u{1}";

/// Writes the compact JSON of `doc`, with each `PART` string in it replaced, in order,
/// by a JSON array of the elements in the matching spool (written each with a leading
/// comma but the first).
fn write_with_parts(
    out: &mut impl Write,
    doc: &serde_json::Value,
    parts: &mut [&mut Spool],
) -> std::io::Result<()> {
    let text = doc.to_string();
    let marker = serde_json::Value::from(PART).to_string();
    let mut rest = text.as_str();
    for part in parts.iter_mut() {
        let Some(at) = rest.find(&marker) else { break };
        out.write_all(&rest.as_bytes()[..at])?;
        out.write_all(b"[")?;
        part.copy_to(out)?;
        out.write_all(b"]")?;
        rest = &rest[at + marker.len()..];
    }
    out.write_all(rest.as_bytes())
}

/// Writes `v` into `spool` as one element of a JSON array.
fn push_element(spool: &mut Spool, v: &serde_json::Value) {
    if !spool.is_empty() {
        spool.push_str(",");
    }
    spool.push_str(&v.to_string());
}

/// Moves the elements of `from` (see [`push_element`]) to the end of `to`.
fn append_elements(to: &mut Spool, from: &mut Spool) {
    if from.is_empty() {
        return;
    }
    if !to.is_empty() {
        to.push_str(",");
    }
    // Copying between spools fails only by a temporary file's I/O: the part is lost
    // and the report short, as when standard output fails.
    let _ = from.copy_to(to);
}

/// One file's part of the report, written as its games come (in memory up to a
/// limit, then in temporary files: [`Spool`]), so that memory does not grow with the
/// number of games. What is kept of a game is what the format writes of it.
struct FileReport {
    name: String,
    style: Style,
    /// Games handed on.
    games: usize,
    /// Games with problems.
    failed: usize,
    /// Human: the verdict lines of proved games, joined by `; ` (visible form).
    proved: Spool,
    /// Human: the goals met, each after `; ` (visible form).
    goals: Spool,
    /// The problems as the format writes them (human: rendered diagnostics for
    /// standard error; JSON: diagnostics; GitHub: `::error` lines; JUnit: test
    /// cases; SARIF: results).
    problems: Spool,
    /// What the format writes after the problems (GitHub: notices; JSON: the games'
    /// results; SARIF: the sound verdicts).
    after: Spool,
    /// The file's report when it failed as a whole.
    whole: Option<report::Checked>,
    /// Wall time.
    time: std::time::Duration,
}

impl FileReport {
    fn new(name: String, style: Style) -> FileReport {
        FileReport {
            name,
            style,
            games: 0,
            failed: 0,
            proved: Spool::new(),
            goals: Spool::new(),
            problems: Spool::new(),
            after: Spool::new(),
            whole: None,
            time: std::time::Duration::ZERO,
        }
    }

    /// The report of one input.
    fn of(input: &Input, style: Style, jobs: usize, prove: Option<&crate::prover::Limits>) -> Self {
        let name = match input {
            Input::File(p) => p.display().to_string(),
            Input::Stdin => STDIN_NAME.to_owned(),
            Input::Unreadable(name, _) => name.clone(),
        };
        let mut r = FileReport::new(name.clone(), style);
        let ended = match input {
            Input::File(p) => match std::fs::File::open(p) {
                Ok(file) => stream::check_input_each(&name, file, jobs, prove, |g| r.game(&g)),
                Err(e) => Err(unreadable(name.clone(), format!("cannot read {name}: {e}"))),
            },
            Input::Stdin => {
                stream::check_input_each(&name, std::io::stdin(), jobs, prove, |g| r.game(&g))
            }
            Input::Unreadable(name, why) => Err(unreadable(name.clone(), why.clone())),
        };
        match ended {
            Ok(time) => r.time = time,
            Err(whole) => {
                r.time = whole.time;
                r.games = 0;
                r.failed = 0;
                for s in [&mut r.proved, &mut r.goals, &mut r.problems, &mut r.after] {
                    s.clear();
                }
                r.whole = Some(whole);
            }
        }
        r
    }

    /// Writes what the format says of one game.
    fn game(&mut self, g: &report::GameCase) {
        self.games += 1;
        if !g.problems.is_empty() {
            self.failed += 1;
        }
        let name = self.name.as_str();
        let sound = g
            .proof
            .as_deref()
            .filter(|p| p.verdict == crate::prover::Verdict::Sound.name());
        match self.style.format {
            Format::Human => {
                for f in &g.problems {
                    self.problems.push_str(&report::render_human(
                        &f.problem,
                        name,
                        f.window.src(),
                        self.style.color,
                    ));
                }
                if let Some(line) = proved_line(g) {
                    if !self.proved.is_empty() {
                        self.proved.push_str("; ");
                    }
                    self.proved.push_str(&visible_line(&line));
                }
                if let Some(goal) = &g.goal {
                    self.goals.push_str("; ");
                    self.goals.push_str(&visible_line(goal));
                }
            }
            Format::Json => {
                for f in &g.problems {
                    let d = report::json_diagnostic(&f.problem, name, f.window.src());
                    push_element(&mut self.problems, &d);
                }
                push_element(&mut self.after, &game_json(g));
            }
            Format::Github => {
                for f in &g.problems {
                    self.problems
                        .push_str(&report::github_line(&f.problem, name, f.window.src()));
                    self.problems.push_str("\n");
                }
                if let Some(proof) = sound {
                    self.after.push_str(&report::github_notice(name, g, proof));
                    self.after.push_str("\n");
                }
            }
            Format::Junit => self.problems.push_str(&report::Case::game(g).junit(name)),
            Format::Sarif => {
                for f in &g.problems {
                    let r = sarif::problem(&f.problem, name, Some(f.window.src()));
                    push_element(&mut self.problems, &r);
                }
                if let Some(proof) = sound {
                    push_element(
                        &mut self.after,
                        &sarif::sound_note(name, &g.name(), &proof.line),
                    );
                }
            }
        }
    }

    /// `passed`, `failed` or `unreadable`.
    fn status(&self) -> &'static str {
        match &self.whole {
            Some(c) => c.status(),
            None if self.failed == 0 => "passed",
            None => "failed",
        }
    }

    /// The line `check` prints for the file (visible form): `ok NAME (...)`,
    /// `FAILED NAME (...)` or `ERROR NAME (...)`.
    fn line(&mut self) -> String {
        let name = &self.name;
        let mut line = match &self.whole {
            Some(whole) => return visible_line(&whole_line(whole)).into_owned(),
            None if !self.proved.is_empty() => {
                let verdict = if self.failed == 0 { "ok" } else { "FAILED" };
                format!("{}: ", visible_line(&format!("{verdict} {name}")))
            }
            None if self.failed == 0 => {
                let mut line = visible_line(&format!("ok {name}")).into_owned();
                let many = self.games != 1;
                if many || !self.goals.is_empty() {
                    line.push_str(" (");
                    if many {
                        line.push_str(&format!("{} games", self.games));
                    }
                    let mut goals = Vec::new();
                    let _ = self.goals.copy_to(&mut goals);
                    let goals = String::from_utf8_lossy(&goals);
                    // Each goal comes after `; `: the first needs none without a count.
                    line.push_str(if many { &goals } else { &goals[2..] });
                    line.push(')');
                }
                return line;
            }
            None => {
                let of = if self.games == 1 {
                    "the game failed".to_owned()
                } else {
                    format!("{} of {} games failed", self.failed, self.games)
                };
                return visible_line(&format!("FAILED {name} ({of})")).into_owned();
            }
        };
        let mut proved = Vec::new();
        let _ = self.proved.copy_to(&mut proved);
        line.push_str(&String::from_utf8_lossy(&proved));
        line
    }
}

/// A game's verdict line for the per-file line, when it was proved
/// (`sound — Y wins rendezvous in 2, key ...`); a game whose written line has problems
/// of its own beside the verdict says how many (`...; the written line has 1 problem`).
fn proved_line(g: &report::GameCase) -> Option<String> {
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
}

/// A game in the JSON report.
fn game_json(g: &report::GameCase) -> serde_json::Value {
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
}

/// The whole report, written file by file in order.
struct Report<'a> {
    style: Style,
    summary: report::Summary,
    total: std::time::Duration,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    /// JSON: the diagnostics; JUnit: the test suites; SARIF: the results.
    first: Spool,
    /// JSON: the files.
    second: Spool,
    /// SARIF: the artifacts (one a file).
    artifacts: Vec<serde_json::Value>,
}

impl Report<'_> {
    /// Adds a finished file.
    fn add(&mut self, mut f: FileReport) {
        let status = f.status();
        let (passed, failed, errors) = match &f.whole {
            Some(c) if c.unreadable() => (0, 0, 1),
            Some(_) => (0, 1, 0),
            None => (f.games - f.failed, f.failed, 0),
        };
        self.summary.add_file(status, passed, failed, errors);
        self.total += f.time;
        let name = f.name.clone();
        let line = (self.style.format == Format::Human && !self.style.quiet).then(|| f.line());
        let whole = f.whole.take();
        let whole_problem = whole.as_ref().and_then(|c| match &c.outcome {
            report::Outcome::Unreadable(p) => Some((p, None)),
            report::Outcome::Failed(x) => Some((&x.problem, Some(x.window.src()))),
            report::Outcome::Games(_) => None,
        });
        match self.style.format {
            Format::Human => {
                match whole_problem {
                    Some((p, None)) => {
                        let _ = writeln!(self.err, "error: {}", visible(&p.message));
                    }
                    Some((p, Some(src))) => {
                        let _ = write!(
                            self.err,
                            "{}",
                            report::render_human(p, &name, src, self.style.color)
                        );
                    }
                    None => {
                        let _ = f.problems.copy_to(&mut self.err);
                    }
                }
                if let Some(line) = line {
                    let _ = writeln!(self.out, "{line}");
                }
            }
            Format::Github => match whole_problem {
                Some((p, src)) => {
                    let src = src.unwrap_or_else(|| report::Src::from(""));
                    let _ = writeln!(self.out, "{}", report::github_line(p, &name, src));
                }
                None => {
                    let _ = f.problems.copy_to(&mut self.out);
                    let _ = f.after.copy_to(&mut self.out);
                }
            },
            Format::Json => {
                if let Some((p, src)) = whole_problem {
                    let src = src.unwrap_or_else(|| report::Src::from(""));
                    push_element(&mut f.problems, &report::json_diagnostic(p, &name, src));
                }
                append_elements(&mut self.first, &mut f.problems);
                let file = serde_json::json!({
                    "file": name,
                    "status": status,
                    "passed": status == "passed",
                    "games": f.games,
                    "game_results": PART,
                });
                if !self.second.is_empty() {
                    self.second.push_str(",");
                }
                let _ = write_with_parts(&mut self.second, &file, &mut [&mut f.after]);
            }
            Format::Junit => {
                let (tests, failures, errors) = match &whole {
                    Some(_) => (1, failed, errors),
                    None => (f.games, f.failed, 0),
                };
                self.first.push_str(&report::junit_suite_open(
                    &name, tests, failures, errors, f.time,
                ));
                match whole.as_ref().and_then(report::Case::whole) {
                    Some(case) => self.first.push_str(&case.junit(&name)),
                    None => {
                        let _ = f.problems.copy_to(&mut self.first);
                    }
                }
                self.first.push_str("  </testsuite>\n");
            }
            Format::Sarif => {
                if let Some((p, src)) = whole_problem {
                    push_element(&mut f.problems, &sarif::problem(p, &name, src));
                }
                append_elements(&mut self.first, &mut f.problems);
                append_elements(&mut self.first, &mut f.after);
                self.artifacts.push(sarif::artifact(&name));
            }
        }
    }

    /// Writes the end of the report: the summary line, or the documents whose
    /// headers needed the counts.
    fn end(mut self) -> std::io::Result<()> {
        let s = &self.summary;
        match self.style.format {
            Format::Human | Format::Github if self.style.quiet => Ok(()),
            Format::Human | Format::Github => writeln!(self.out, "{}", s.line()),
            Format::Json => {
                let doc = serde_json::json!({
                    "schema_version": 1,
                    "files": PART,
                    "diagnostics": PART,
                    "summary": {
                        "passed": s.files_passed,
                        "failed": s.files_failed,
                        "unreadable": s.files_unreadable,
                        "games": {
                            "passed": s.games_passed,
                            "failed": s.games_failed,
                            "not_run": s.games_errors,
                        },
                    },
                });
                // The parts in the order the document puts them.
                let text = doc.to_string();
                let files_first = text.find("\"files\"") < text.find("\"diagnostics\"");
                let (a, b) = (&mut self.first, &mut self.second);
                let mut parts = if files_first { [b, a] } else { [a, b] };
                write_with_parts(&mut self.out, &doc, &mut parts)?;
                writeln!(self.out)
            }
            Format::Junit => {
                write!(self.out, "{}", report::junit_open(s, self.total))?;
                self.first.copy_to(&mut self.out)?;
                writeln!(self.out, "</testsuites>")
            }
            Format::Sarif => {
                let unreadable = s.files_unreadable > 0;
                let doc =
                    sarif::sarif(std::mem::take(&mut self.artifacts), unreadable, PART.into());
                write_with_parts(&mut self.out, &doc, &mut [&mut self.first])?;
                writeln!(self.out)
            }
        }
    }
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
    let style = Style {
        format,
        quiet,
        color,
    };
    // Several files: one thread per file. One file: its games on `jobs` threads.
    let per_file = if inputs.len() > 1 { 1 } else { jobs };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut err = std::io::stderr().lock();
    let mut report = Report {
        style,
        summary: report::Summary::default(),
        total: std::time::Duration::ZERO,
        out: &mut out,
        err: &mut err,
        first: Spool::new(),
        second: Spool::new(),
        artifacts: Vec::new(),
    };
    parallel_each(
        &inputs,
        jobs,
        |input| FileReport::of(input, style, per_file, prove),
        |f| report.add(f),
    );
    let summary = report.summary;
    let written = report.end();
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

/// The line `check` prints for a file that failed as a whole: `ERROR NAME (...)` or
/// `FAILED NAME (...)`.
fn whole_line(c: &report::Checked) -> String {
    match &c.outcome {
        report::Outcome::Unreadable(_) => format!("ERROR {} (could not be read)", c.name),
        report::Outcome::Failed(f) => format!("FAILED {} ({})", c.name, f.problem.message),
        report::Outcome::Games(_) => format!("ok {}", c.name),
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
