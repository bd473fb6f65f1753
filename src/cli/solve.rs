//! `lanrick solve` and `lanrick compose`, and the prover's command-line budget: the
//! options, the progress line on a terminal, and the solution trees written in the
//! notation so that they paste into a puzzle file.

use super::args::{self, parse_rules};
use crate::engine::{Game, Position, Rules};
use crate::interp::{self, proof};
use crate::prover::{self, Goal, Limits, Report, Target, Verdict, Wants};
use crate::selfplay::{self, Rng};
use clap::Args;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// The prover's budget and switches, shared by `check`, `solve` and `compose`.
#[derive(Args, Debug, Clone)]
pub struct Budget {
    /// The most search nodes for each puzzle's whole proof (every key at every depth,
    /// refutations, trees and tries); hitting it gives `unproven`. A node count, so the
    /// verdict never depends on the machine or its load. Default: 20000000 for goals
    /// in 1 or 2 turns, 64000000 in 3, 400000000 in 4 or more (`compose`: 20000000 a
    /// proof).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// A wall-clock limit in seconds for the whole command (`compose`: for each proof),
    /// up to a year; not deterministic.
    #[arg(long, value_name = "S", value_parser = super::args::seconds)]
    pub max_time: Option<Duration>,
    /// The transposition table size in MiB.
    #[arg(long, value_name = "MIB", default_value_t = prover::DEFAULT_HASH_MIB,
          value_parser = super::args::count(1, super::args::MAX_HASH_MIB))]
    pub hash: usize,
    /// Threads proving keys, 1 to 256 (default: one per core).
    #[arg(long, value_name = "N", value_parser = super::args::count(1, super::args::MAX_THREADS))]
    pub threads: Option<usize>,
    /// Switch the transposition table off (for testing: the verdict must not change).
    #[arg(long, hide = true)]
    pub no_table: bool,
    /// Switch the last-turn bound off (for testing).
    #[arg(long, hide = true)]
    pub no_bound: bool,
    /// Switch off the other side's men blocking lines in the last-turn bounds (for
    /// testing).
    #[arg(long, hide = true)]
    pub no_blocked: bool,
    /// Switch off searching the defences that may block first (for testing).
    #[arg(long, hide = true)]
    pub no_blocks: bool,
    /// Switch off winning the defender's node at once when a winning turn of the
    /// attacker's cannot be blocked (for testing).
    #[arg(long, hide = true)]
    pub no_unstoppable: bool,
    /// Switch off searching, before the attacker's last turn, only the defences that
    /// block every one of his winning turns (for testing).
    #[arg(long, hide = true)]
    pub no_block_all: bool,
    /// Switch off refuting, before the attacker's last turn, by a defence that blocks
    /// his winning turns and leaves no square his turns could use (for testing).
    #[arg(long, hide = true)]
    pub no_vacated: bool,
    /// Switch off playing, after the reply that won last at a ply, the few that won
    /// there before it (for testing).
    #[arg(long, hide = true)]
    pub no_spare_replies: bool,
    /// Switch off counting, before the attacker's last turn, the ways a block must
    /// stand on against the men the defender has left to move (for testing).
    #[arg(long, hide = true)]
    pub no_block_count: bool,
    /// Switch off trying first, before the attacker's last turn, the defences that
    /// leave every square his turns could use stood on (for testing).
    #[arg(long, hide = true)]
    pub no_quiet_first: bool,
    /// Switch off the growing shares of the node budget among the keys (for testing).
    #[arg(long, hide = true)]
    pub no_growing_shares: bool,
    /// Switch off the results the keys' searches share (for testing).
    #[arg(long, hide = true)]
    pub no_shared_results: bool,
    /// Switch the defence ordering off (for testing).
    #[arg(long, hide = true)]
    pub no_ordering: bool,
    /// Switch the goal-directed last turn off (for testing).
    #[arg(long, hide = true)]
    pub no_goal_turns: bool,
    /// Switch off generating only the turns that get all the attacker's men in, before
    /// his last, when nothing else can keep the goal in reach (for testing).
    #[arg(long, hide = true)]
    pub no_all_in: bool,
    /// Switch off walking only the attacker's second-last turns that the bound one
    /// action before his last lets through (for testing).
    #[arg(long, hide = true)]
    pub no_second_last: bool,
    /// Switch off walking only towards the turns that get all the attacker's men in,
    /// where no other turn can count (for testing).
    #[arg(long, hide = true)]
    pub no_all_in_walk: bool,
    /// Switch the bound before the last turn off (for testing).
    #[arg(long, hide = true)]
    pub no_deep_bound: bool,
    /// Switch the killers off (for testing).
    #[arg(long, hide = true)]
    pub no_killers: bool,
    /// Switch off refuting at once by a defence that wins first (for testing).
    #[arg(long, hide = true)]
    pub no_defender_first: bool,
    /// Switch off refuting at once by a defence after which the bounds fail the
    /// attacker (for testing).
    #[arg(long, hide = true)]
    pub no_bound_first: bool,
    /// Switch off ordering the defences by how promising each looks as a refutation
    /// (for testing).
    #[arg(long, hide = true)]
    pub no_defence_order: bool,
    /// Switch off sweeping the defences with the attacker's last winning reply before
    /// searching them in full (for testing).
    #[arg(long, hide = true)]
    pub no_reply_sweep: bool,
    /// Switch off keeping the results of the defender's turn before the attacker's
    /// second-last and of his third-last turn in the table (for testing).
    #[arg(long, hide = true)]
    pub no_deep_table: bool,
    /// Switch off searching the keys in batches until the verdict is known before
    /// the rest (for testing).
    #[arg(long, hide = true)]
    pub no_verdict_first: bool,
    /// Switch off playing the defence that refuted last first, and seeding a key's
    /// killers from the keys before it (for testing).
    #[arg(long, hide = true)]
    pub no_refuters: bool,
}

impl Budget {
    /// The prover's limits, the clock started: the time limit counts from now, for
    /// every proof made with them.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits {
            max_nodes: self.max_nodes,
            max_time: self.max_time,
            hash_mib: self.hash,
            threads: self.threads.unwrap_or(0),
            table: !self.no_table,
            deep_table: !self.no_deep_table,
            bound: !self.no_bound,
            blocked: !self.no_blocked,
            blocks: !self.no_blocks,
            unstoppable: !self.no_unstoppable,
            block_all: !self.no_block_all,
            vacated: !self.no_vacated,
            spare_replies: !self.no_spare_replies,
            block_count: !self.no_block_count,
            quiet_first: !self.no_quiet_first,
            growing_shares: !self.no_growing_shares,
            shared_results: !self.no_shared_results,
            ordering: !self.no_ordering,
            goal_turns: !self.no_goal_turns,
            all_in: !self.no_all_in,
            second_last: !self.no_second_last,
            all_in_walk: !self.no_all_in_walk,
            deep_bound: !self.no_deep_bound,
            killers: !self.no_killers,
            defender_first: !self.no_defender_first,
            bound_first: !self.no_bound_first,
            defence_order: !self.no_defence_order,
            reply_sweep: !self.no_reply_sweep,
            verdict_first: !self.no_verdict_first,
            refuters: !self.no_refuters,
            ..Limits::default()
        };
        limits.start_clock();
        limits
    }
}

/// Shows a progress line on stderr while `f` runs, when stderr is a terminal and the
/// run takes longer than a second.
pub fn with_progress<R>(limits: &mut Limits, what: &str, f: impl FnOnce(&Limits) -> R) -> R {
    if !std::io::stderr().is_terminal() {
        return f(limits);
    }
    let nodes = Arc::new(AtomicU64::new(0));
    limits.progress = Some(Arc::clone(&nodes));
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let done = Arc::clone(&done);
        let what = what.to_owned();
        std::thread::spawn(move || {
            let start = std::time::Instant::now();
            let mut bar: Option<indicatif::ProgressBar> = None;
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100));
                if start.elapsed() < Duration::from_secs(1) {
                    continue;
                }
                let b = bar.get_or_insert_with(|| {
                    let b = indicatif::ProgressBar::new_spinner();
                    b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                    b
                });
                b.set_message(format!(
                    "{what}: {} nodes, {:.1} s",
                    nodes.load(Ordering::Relaxed),
                    start.elapsed().as_secs_f64()
                ));
                b.tick();
            }
            if let Some(b) = bar {
                b.finish_and_clear();
            }
        })
    };
    let r = f(limits);
    done.store(true, Ordering::Relaxed);
    let _ = watcher.join();
    r
}

/// The options of `lanrick solve`.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// A puzzle file (its Position, Goal and Rules; the written solution is ignored).
    #[arg(conflicts_with = "position")]
    pub file: Option<PathBuf>,
    /// Which game of the file (1-based).
    #[arg(long, requires = "file", value_parser = args::at_least(1))]
    pub game: Option<usize>,
    /// A position string instead of a file.
    #[arg(long, requires = "goal")]
    pub position: Option<String>,
    /// The goal, e.g. "Y wins rendezvous in 2" (overrides the file's).
    #[arg(long)]
    pub goal: Option<String>,
    /// The rules of --position.
    #[arg(long, default_value = "1893", value_parser = parse_rules)]
    pub rules: Rules,
    /// Show every defence of large trees.
    #[arg(long)]
    pub full: bool,
    /// List the tries: first actions that fail against few defences, with every
    /// refutation.
    #[arg(long)]
    pub tries: bool,
    /// With --tries: the most refutations a try may have.
    #[arg(long, value_name = "D", default_value_t = 1, value_parser = args::at_least(1))]
    pub defences: usize,
    /// Count the duals of the last turn too.
    #[arg(long)]
    pub duals: bool,
    /// Output format: the solution as a puzzle file (text), or one JSON document.
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    /// The prover's budget.
    #[command(flatten)]
    pub budget: Budget,
}

/// How `solve` writes its report.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveFormat {
    /// The solution as chess problem solvers write it, in the notation: a puzzle file
    /// that `check` replays.
    Text,
    /// One JSON document: the verdict, the keys with their positions and trees, the
    /// tries with their refutations, the budget used.
    Json,
}

/// `lanrick solve`.
pub fn solve(args: &SolveArgs) -> u8 {
    let (start, goal, name) = match puzzle_of(args) {
        Ok(x) => x,
        Err(Unsolvable::Said(e)) => {
            say!("error: {e}");
            return super::EXIT_ERROR;
        }
        Err(Unsolvable::Problem { problem, name, src }) => {
            let color = super::use_color(super::ColorChoice::Auto, true);
            eprint!(
                "{}",
                super::report::render_human(&problem, &name, &src, color)
            );
            return super::EXIT_ERROR;
        }
    };
    let mut limits = args.budget.limits();
    limits.final_duals = args.duals;
    let wants = Wants {
        written: None,
        trees: !goal.help,
        line_cap: if args.full { u64::MAX } else { 1000 },
        written_text: None,
        verdict_only: false,
        // The text shows a few defences of each node unless --full: keep only those.
        keep: (!args.full && args.format == SolveFormat::Text)
            .then_some(crate::render::solution::SHOWN + 1),
    };
    let result = with_progress(&mut limits, "solving", |l| {
        prover::solve(&start, goal, l, &wants)
    });
    let report = match result {
        Ok(r) => r,
        Err(e) => {
            say!("error: {name}: {e}");
            return super::EXIT_ERROR;
        }
    };
    let tries = if args.tries && !goal.help {
        with_progress(&mut limits, "tries", |l| {
            prover::tries(&start, goal, l, &report, args.defences)
        })
    } else {
        prover::Tries::default()
    };
    let asked = args.tries.then_some(args.defences);
    let text = match args.format {
        SolveFormat::Text => {
            crate::render::solution::text(&start, &report, &tries, asked, args.full)
        }
        SolveFormat::Json => format!(
            "{:#}\n",
            crate::render::solution::json(&start, &report, &tries, asked)
        ),
    };
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return super::EXIT_ERROR;
    }
    match report.verdict {
        Verdict::Sound | Verdict::Cooked | Verdict::Short => super::EXIT_OK,
        Verdict::Unproven => super::EXIT_ERROR,
        _ => super::EXIT_FAILED,
    }
}

/// Why `solve` has no puzzle to prove.
enum Unsolvable {
    /// A message.
    Said(String),
    /// A diagnostic of the file's game or of `--goal`, with the text it points into.
    Problem {
        /// The diagnostic.
        problem: interp::Problem,
        /// The file's name, or `--goal`.
        name: String,
        /// The text.
        src: String,
    },
}

impl From<String> for Unsolvable {
    fn from(s: String) -> Self {
        Unsolvable::Said(s)
    }
}

/// The start, the goal and a name for messages, from a file or the options.
fn puzzle_of(args: &SolveArgs) -> Result<(Position, Goal, String), Unsolvable> {
    if let Some(path) = &args.file {
        let src = match super::read_source(path)? {
            Ok(s) => s,
            Err((_, p)) => return Err(format!("{}: {}", path.display(), p.message).into()),
        };
        let file =
            crate::syntax::parse_file(&src).map_err(|e| format!("{}: {e}", path.display()))?;
        let g = match (args.game, file.games.len()) {
            (Some(n), len) if n >= 1 && n <= len => &file.games[n - 1],
            (Some(n), len) => {
                return Err(format!("{}: no game {n} (the file has {len})", path.display()).into());
            }
            (None, 1) => &file.games[0],
            (None, len) => {
                return Err(
                    format!("{}: {len} games; choose one with --game N", path.display()).into(),
                );
            }
        };
        let run = interp::run_game(g, 1, interp::Options::default());
        let Some(pz) = run.puzzle else {
            if let Some(p) = run.problems.first() {
                if p.code == interp::Code::GoalInvalid.as_str() {
                    return Err(Unsolvable::Problem {
                        problem: p.clone(),
                        name: path.display().to_string(),
                        src,
                    });
                }
                return Err(format!("{}: {}", path.display(), p.message).into());
            }
            return Err(format!(
                "{}: not a puzzle (no Position and Goal tags)",
                path.display()
            )
            .into());
        };
        let mut goal = proof::prover_goal(&pz.goal);
        if let Some(text) = &args.goal {
            goal = parse_goal(text)?;
        }
        return Ok((pz.start, goal, path.display().to_string()));
    }
    let (Some(pos), Some(goal)) = (&args.position, &args.goal) else {
        return Err(Unsolvable::Said(
            "give a puzzle file, or --position and --goal".into(),
        ));
    };
    let start = Position::parse_as(args.rules, pos).map_err(|e| format!("--position: {e}"))?;
    Ok((start, parse_goal(goal)?, "the position".into()))
}

/// `--goal`'s value; a goal no play can meet is the diagnostic `check` gives for it.
fn parse_goal(text: &str) -> Result<Goal, Unsolvable> {
    let g = crate::syntax::parse_goal(text).map_err(|e| format!("--goal: {e}"))?;
    if let Some(problem) = interp::invalid_goal(&g) {
        return Err(Unsolvable::Problem {
            problem,
            name: "--goal".into(),
            src: text.to_owned(),
        });
    }
    Ok(proof::prover_goal(&g))
}

/// The options of `lanrick compose`.
#[derive(Args, Debug, Clone)]
pub struct ComposeArgs {
    /// The seed: the same seed gives the same puzzles.
    #[arg(long)]
    pub seed: u64,
    /// How many puzzles to find (at most --attempts).
    #[arg(long, default_value_t = 1, value_parser = args::count(1, args::MAX_COMPOSE_COUNT))]
    pub count: usize,
    /// The most positions to try.
    #[arg(long, default_value_t = 200, value_parser = args::count(1, args::MAX_ATTEMPTS))]
    pub attempts: usize,
    /// The most men on the board (at least the men a position in play has: 4 in
    /// 1893, 2 in 1880, 6 in 1879).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u8).range(1..=i64::from(args::MAX_MEN)))]
    pub max_men: u8,
    /// The longest goal tried (turns).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=i64::from(args::MAX_COMPOSE_TURNS)))]
    pub max_turns: u32,
    /// The shortest goal tried (turns, at most --max-turns).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(args::MAX_COMPOSE_TURNS)))]
    pub min_turns: u32,
    /// Write each position tried, its goal, verdict, nodes and time to stderr.
    #[arg(long)]
    pub trace: bool,
    /// Try help-play goals only.
    #[arg(long)]
    pub help_only: bool,
    /// The rules of the games the positions come from.
    #[arg(long, default_value = "1893", value_parser = parse_rules)]
    pub rules: Rules,
    /// Write each puzzle as DIR/composed-SEED-NN.lanrick (else standard output).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// The prover's budget.
    #[command(flatten)]
    pub budget: Budget,
}

/// `lanrick compose`: random late positions of random games, each tried against a
/// goal; the ones with exactly one key (verdict `sound`) are written as puzzle files.
pub fn compose(args: &ComposeArgs) -> u8 {
    if let Err(msg) = super::args::check_compose(
        args.rules,
        args.count,
        args.attempts,
        args.max_men,
        args.min_turns,
        args.max_turns,
    ) {
        return super::usage_error("compose", &msg);
    }
    // A directory that cannot take the puzzles is said before the search, not after.
    if let Some(dir) = &args.out_dir
        && let Err(msg) = crate::term::output_dir(dir, false)
    {
        say!("error: --out-dir: {msg}");
        return super::EXIT_ERROR;
    }
    let mut rng = Rng::new(args.seed);
    let mut limits = args.budget.limits();
    limits.threads = 1;
    // Many candidates are proved: one too hard for a few seconds is skipped, whatever
    // its depth, unless a budget is given.
    limits.max_nodes.get_or_insert(prover::DEFAULT_MAX_NODES);
    let mut found = 0usize;
    let mut attempts = 0usize;
    let mut game_no = 0u64;
    let mut texts = Vec::new();
    // Every game gives positions to try once --max-men allows a position in play
    // (checked before), but a game without one must not make the loop endless: at most
    // a hundred games per attempt.
    let most_games = u64::try_from(args.attempts)
        .unwrap_or(u64::MAX)
        .saturating_mul(100);
    while found < args.count && attempts < args.attempts && game_no < most_games {
        game_no += 1;
        let (games, _) = selfplay::play_games_with(1, args.seed.wrapping_add(game_no), args.rules);
        let Some(g) = games.first() else { continue };
        // Positions of the game with few men and a Mark in play.
        let mut game = Game::new(Position::start_for(args.rules));
        let mut candidates = Vec::new();
        for a in &g.actions {
            if game.play(a).is_err() {
                break;
            }
            let p = *game.position();
            if p.winner().is_none() && p.phase().in_play() && p.total() <= args.max_men {
                candidates.push(p);
            }
        }
        if candidates.is_empty() {
            continue;
        }
        let p = candidates[rng.below(candidates.len())];
        attempts += 1;
        let goal = Goal {
            side: p.to_act(),
            target: if rng.chance(70) {
                Target::Rendezvous
            } else {
                Target::Game
            },
            turns: {
                let lo = args.min_turns.clamp(1, args.max_turns.max(1));
                let hi = args.max_turns.max(lo);
                lo + rng.below((hi - lo + 1) as usize) as u32
            },
            // The draw is made either way, so other choices stay seeded alike.
            help: rng.chance(25) || args.help_only,
        };
        let wants = Wants {
            written: None,
            trees: !goal.help,
            line_cap: 2,
            written_text: None,
            verdict_only: true,
            keep: None,
        };
        // Each proof has its own time limit (a slow one is skipped, the next tried).
        limits.start_clock();
        let Ok(r) = with_progress(&mut limits, "composing", |l| {
            prover::solve(&p, goal, l, &wants)
        }) else {
            continue;
        };
        if args.trace {
            say!(
                "compose: {p} | {goal} | {} | {} nodes | {:.3} s",
                r.verdict,
                r.nodes,
                r.time.as_secs_f64()
            );
        }
        if r.verdict != Verdict::Sound {
            continue;
        }
        found += 1;
        let text = puzzle_text(&p, &r, args.seed, found);
        match &args.out_dir {
            Some(dir) => {
                let path = dir.join(format!("composed-{}-{found:02}.lanrick", args.seed));
                if let Err(e) = super::write_atomically(&path, &text) {
                    say!("error: {e}");
                    return super::EXIT_ERROR;
                }
                println!("{}: {}", path.display(), proof::verdict_line(&r));
            }
            None => texts.push(text),
        }
    }
    if args.out_dir.is_none() {
        let mut out = std::io::stdout().lock();
        if out
            .write_all(texts.join("\n").as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            return super::EXIT_ERROR;
        }
    }
    say!(
        "compose: {found} puzzle{} from {attempts} position{} (seed {})",
        if found == 1 { "" } else { "s" },
        if attempts == 1 { "" } else { "s" },
        args.seed
    );
    if found == args.count {
        super::EXIT_OK
    } else {
        super::EXIT_FAILED
    }
}

/// A sound puzzle as a file: tags, the verdict as a comment, and the solution.
fn puzzle_text(p: &Position, r: &Report, seed: u64, n: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Composed by `lanrick compose --seed {seed}` (puzzle {n})."
    );
    let _ = writeln!(s, "# {}", proof::verdict_line(r));
    let _ = writeln!(s, "[Event \"Composed {seed}-{n}\"]");
    if p.rules() != Rules::default() {
        let _ = writeln!(s, "[Rules \"{}\"]", p.rules());
    }
    let _ = writeln!(s, "[Position \"{p}\"]");
    let _ = writeln!(s, "[Goal \"{}\"]", r.goal);
    let _ = writeln!(s);
    for line in crate::render::solution::solution_lines(r, &prover::Tries::default(), false) {
        let _ = writeln!(s, "{line}");
    }
    s
}
