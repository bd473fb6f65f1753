//! `lanrick analyse`: its options, reading the file, the progress line on a terminal,
//! and writing the review ([`crate::session::analyse`]) as the annotated file or as
//! JSON, to standard output or a file (atomically).

use super::input::is_stdin;
use super::{EXIT_ERROR, EXIT_FAILED, EXIT_OK, args, decode, finish, read_source, report};
use crate::engine::{Budget, Target};
use crate::interp::{self, Problem};
use crate::session::analyse::{self, GameReview, Options, Stopped};
use clap::{Args, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

/// The options of `lanrick analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The game file; `-` is standard input.
    pub file: PathBuf,
    /// Output format: the annotated file, or JSON.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The level lanrick thinks at: 0 (random) to 4 (strongest).
    #[arg(long, default_value_t = crate::player::MAX_LEVEL,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(crate::player::MAX_LEVEL)))]
    pub level: u8,
    /// A wall-clock limit in seconds for the whole file; the actions not reached are
    /// left unreviewed, and the output says so.
    #[arg(long, value_name = "S", value_parser = args::seconds)]
    pub max_time: Option<Duration>,
    /// Games of a collection reviewed at once, 1 to 256 (default: one per core).
    #[arg(long, value_name = "N", value_parser = args::count(1, args::MAX_THREADS))]
    pub threads: Option<usize>,
    /// The seed of lanrick's choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// What `analyse` writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The file with the review written into it, in canonical notation.
    Text,
    /// One JSON document: each game's actions weighed.
    Json,
}

/// `lanrick analyse`: 0 when written, 1 when the file does not parse or a game's main
/// line has an illegal event (the review, up to it, is still written), 2 when it
/// cannot be read or written.
pub fn run(args: AnalyseArgs) -> u8 {
    if let Some(msg) = args
        .out
        .as_deref()
        .and_then(|p| crate::term::write_target(p).err())
    {
        say!("error: {msg}");
        return EXIT_ERROR;
    }
    let name = args.file.display().to_string();
    let read = if is_stdin(&args.file) {
        crate::term::read_bounded(std::io::stdin().lock(), "standard input").map(decode)
    } else {
        read_source(&args.file)
    };
    let color = super::use_color(super::ColorChoice::Auto, true);
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
    let mut file = match crate::syntax::parse_file_all_errors(&src) {
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
    let mut budget = Budget::nodes(u64::MAX);
    budget.deadline = args.max_time.map(|t| budget.clock.now() + t);
    let opts = Options {
        level: args.level,
        seed: args.seed,
        budget,
    };
    let total = analyse::count_actions(&file);
    let bar = (std::io::stderr().is_terminal() && total > 0).then(|| {
        let b = indicatif::ProgressBar::new(total as u64);
        b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("analysing {pos}/{len} actions {elapsed}")
        {
            b.set_style(style);
        }
        b
    });
    let threads = args.threads.unwrap_or_else(super::stream::default_jobs);
    let reviews = analyse::analyse(&mut file, &opts, threads, &|| {
        if let Some(b) = &bar {
            b.inc(1);
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let left: usize = reviews
        .iter()
        .filter(|r| r.stopped == Some(Stopped::Time))
        .map(|r| r.unanalysed)
        .sum();
    if left > 0 {
        say!("lanrick: the time (--max-time) ran out: {left} of {total} actions left unreviewed");
    }
    let mut code = EXIT_OK;
    for (i, r) in reviews.iter().enumerate() {
        if r.stopped == Some(Stopped::Illegal) {
            code = EXIT_FAILED;
            say!(
                "lanrick: game {}: an event is not legal; the review stops there (`lanrick check` shows why)",
                i + 1
            );
        }
    }
    let text = match args.format {
        Format::Text => crate::fmt::LineEnd::of(&src).apply(crate::fmt::format_file(&file)),
        Format::Json => json(&reviews, args.level, total, left),
    };
    let written = match args.out {
        None => {
            let mut out = std::io::stdout().lock();
            finish(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
        }
        Some(path) => match crate::term::write_atomically(&path, &text) {
            Ok(()) => EXIT_OK,
            Err(msg) => {
                say!("error: {msg}");
                EXIT_ERROR
            }
        },
    };
    if written == EXIT_OK { code } else { written }
}

/// The review as one JSON document.
fn json(reviews: &[GameReview], level: u8, total: usize, left: usize) -> String {
    use serde_json::{Value, json};
    let games: Vec<Value> = reviews
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let actions: Vec<Value> = g
                .actions
                .iter()
                .map(|a| {
                    json!({
                        "index": a.index,
                        "side": a.side.letter().to_string(),
                        "number": a.number,
                        "played": a.played,
                        "best": a.best,
                        "played_score": a.played_score,
                        "best_score": a.best_score,
                        "loss": a.loss,
                        "class": a.class.map(|c| c.name()),
                        "missed_win": a.missed.as_ref().map(|m| json!({
                            "target": match m.target {
                                Target::Game => "game",
                                Target::Rendezvous => "rendezvous",
                            },
                            "turns": m.turns,
                            "key": m.key,
                        })),
                    })
                })
                .collect();
            json!({
                "game": i + 1,
                "actions": actions,
                "unanalysed": g.unanalysed,
                "stopped": g.stopped.map(|s| match s {
                    Stopped::Time => "time",
                    Stopped::Illegal => "illegal",
                }),
            })
        })
        .collect();
    let doc = json!({
        "level": level,
        "thresholds": {
            "inaccuracy": analyse::INACCURACY,
            "mistake": analyse::MISTAKE,
            "blunder": analyse::BLUNDER,
        },
        "actions": total,
        "unanalysed": left,
        "complete": left == 0 && reviews.iter().all(|r| r.stopped.is_none()),
        "games": games,
    });
    let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    text.push('\n');
    text
}
