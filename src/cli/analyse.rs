//! `lanrick analyse`: its options, reading the file (or one game of it), the progress
//! line on a terminal, Ctrl-C (the review stops and what was weighed is written), and
//! writing the review ([`crate::session::analyse`]) as the annotated file or as JSON,
//! to standard output or a file (atomically), and as the replay page with the review
//! beside the moves (`--html`).

use super::input::is_stdin;
use super::{EXIT_ERROR, EXIT_FAILED, EXIT_OK, args, decode, finish, read_source, report};
use crate::engine::{Budget, Target};
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
    /// The level lanrick thinks at: 0 (random) to 5 (strongest); 4 unless told (a
    /// review thinks twice an action: level 5 doubles its time).
    #[arg(long, default_value_t = 4,
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
    /// Review only this game of a collection (1-based); the output holds it alone.
    #[arg(long, value_name = "N", value_parser = args::at_least(1))]
    pub game: Option<usize>,
    /// Write the replay page of the reviewed file to OUT (atomically): each action's
    /// evaluation and mark beside the moves, the better action and a missed win at
    /// each step. Standard output then gets nothing (`--out` still writes the file).
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,
}

/// What `analyse` writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The file with the review written into it, in canonical notation.
    Text,
    /// One JSON document: each game's actions weighed.
    Json,
}

/// The exit code after Ctrl-C stopped the review (128 + SIGINT, as a shell says).
pub const EXIT_INTERRUPTED: u8 = 130;

/// `lanrick analyse`: 0 when written, 1 when the file does not parse or a game's main
/// line has an illegal event (the review, up to it, is still written), 2 when it
/// cannot be read or written or `--game` names no game, 130 when Ctrl-C stopped the
/// review (what was weighed is written).
pub fn run(args: AnalyseArgs) -> u8 {
    if let Some(msg) = [args.out.as_deref(), args.html.as_deref()]
        .into_iter()
        .flatten()
        .find_map(|p| crate::term::write_target(p).err())
        .or_else(|| {
            // The page never replaces the game it reviews.
            let page = args.html.as_deref()?;
            super::pictures::refuse_input(&args.file, page).err()
        })
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
    let (src, mut file) = match super::read_and_parse(&name, read, color) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    let first = match args.game {
        None => 1,
        Some(n) if n <= file.games.len() => {
            file.games = vec![file.games.swap_remove(n - 1)];
            n
        }
        Some(n) => {
            let p = super::no_such_game(n, file.games.len());
            eprint!("{}", report::render_human(&p, &name, "", color));
            return EXIT_ERROR;
        }
    };
    let mut budget = Budget::nodes(u64::MAX);
    budget.deadline = args.max_time.map(|t| budget.clock.now() + t);
    // Ctrl-C stops the review as the deadline does (one stop flag, the thinking's).
    budget.stop = Some(&crate::term::interrupt::STOP);
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
    let reviews = {
        let _ctrl_c = crate::term::interrupt::catch();
        analyse::analyse(&mut file, &opts, threads, &|| {
            if let Some(b) = &bar {
                b.inc(1);
            }
        })
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let cut = |why: Stopped| -> usize {
        reviews
            .iter()
            .filter(|r| r.stopped == Some(why))
            .map(|r| r.unanalysed)
            .sum()
    };
    let (timed_out, interrupted) = (cut(Stopped::Time), cut(Stopped::Interrupted));
    let left = timed_out + interrupted;
    let mut code = EXIT_OK;
    if reviews
        .iter()
        .any(|r| r.stopped == Some(Stopped::Interrupted))
    {
        say!(
            "lanrick: the review was stopped (Ctrl-C): {left} of {total} actions left unreviewed; the review so far is written"
        );
        code = EXIT_INTERRUPTED;
    } else if left > 0 {
        say!("lanrick: the time (--max-time) ran out: {left} of {total} actions left unreviewed");
    }
    for (i, r) in reviews.iter().enumerate() {
        if r.stopped == Some(Stopped::Illegal) {
            if code == EXIT_OK {
                code = EXIT_FAILED;
            }
            say!(
                "lanrick: game {}: an event is not legal; the review stops there (`lanrick check` shows why)",
                first + i
            );
        }
    }
    let reviewed = crate::fmt::LineEnd::of(&src).apply(crate::fmt::format_file(&file));
    if let Some(page) = &args.html {
        let title = match args.file.file_name() {
            Some(f) if !is_stdin(&args.file) => f.to_string_lossy().into_owned(),
            _ => name.clone(),
        };
        let html = review_page(&title, &reviewed, &reviews, args.level);
        if let Err(msg) = crate::term::write_atomically(page, &html) {
            say!("error: {msg}");
            return EXIT_ERROR;
        }
    }
    let text = match args.format {
        Format::Text => reviewed,
        Format::Json => json(&reviews, first, args.level, total, left),
    };
    let written = match args.out {
        None if args.html.is_some() => EXIT_OK,
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

/// The replay page of the reviewed file `text` (the review written into it), with each
/// game's review placed beside its moves: the page shows the texts the review wrote.
fn review_page(title: &str, text: &str, reviews: &[GameReview], level: u8) -> String {
    use crate::render::tree::{self, Review, StepReview};
    let mut page_tree = match tree::build(text, None) {
        Ok(t) => t,
        // Too large to draw: the page says so, as `replay --html` does.
        Err(p) => tree::FileTree {
            syntax: Some(p),
            ..tree::FileTree::default()
        },
    };
    for (g, r) in page_tree.games.iter_mut().zip(reviews) {
        let by = format!("lanrick level {level}: ");
        let mut review = Review {
            by: format!("lanrick level {level}"),
            ..Review::default()
        };
        for a in &r.actions {
            let Some(&step) = g.main.get(a.index) else {
                continue;
            };
            // The panel and the move list show the review itself: its comment, the
            // same facts in words, is not repeated beside it.
            if let Some(s) = g.steps.get_mut(step) {
                s.comments.retain(|c| !c.starts_with(&by));
            }
            let marked = a.loss > 0 || a.missed.is_some();
            review.steps.insert(
                step,
                StepReview {
                    side: a.side.letter().to_string(),
                    eval: analyse::shown(a.played_score),
                    class: a.class.map(|c| c.name().to_owned()),
                    glyph: a.class.map(|c| c.glyph().to_owned()),
                    best: marked.then(|| (a.best.clone(), analyse::shown(a.best_score))),
                    loss: (a.loss > 0).then(|| analyse::shown_loss(a.loss)),
                    missed: a.missed.as_ref().map(analyse::Missed::describe),
                },
            );
        }
        review.left = match r.stopped {
            Some(Stopped::Time) => Some((r.unanalysed, "the time (--max-time) ran out".into())),
            Some(Stopped::Interrupted) => {
                Some((r.unanalysed, "the review was stopped (Ctrl-C)".into()))
            }
            Some(Stopped::Illegal) => Some((r.unanalysed, "an event is not legal".into())),
            None => None,
        };
        g.review = Some(review);
    }
    crate::render::html::page(title, text, &page_tree, false)
}

/// The review as one JSON document; the games are numbered from `first`.
fn json(reviews: &[GameReview], first: usize, level: u8, total: usize, left: usize) -> String {
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
                "game": first + i,
                "actions": actions,
                "unanalysed": g.unanalysed,
                "stopped": g.stopped.map(|s| match s {
                    Stopped::Time => "time",
                    Stopped::Interrupted => "interrupted",
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
