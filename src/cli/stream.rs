//! Reading a collection game by game: the file is read in blocks and cut into games,
//! workers interpret the games, and the results come back in file order. Memory holds
//! a few games at a time, not the file. The bytes are read once: the shortcut reader
//! finds each game's end as it reads the game onto a tape (`syntax::Tape`), which is
//! then replayed; [`GameSplitter`](syntax::GameSplitter) cuts only the games the shortcut reader declines.
//! The workers take turns at reading, so that each replays the tapes it wrote.
//!
//! Each game is parsed alone; its problems are moved to file offsets and rendered
//! against a [`Window`]: the game's text with one line of context either side, and the
//! number of lines before it, so that diagnostics read as if the whole file had been
//! parsed.

use super::report::{Found, ProofInfo, Window};
use crate::interp::{self, GameRef, GameRun, Options, Problem};
use crate::prover::Limits;
use crate::syntax;
use crate::term::MAX_INPUT_MIB;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc;

mod read;
use read::PieceReader;
pub use read::read_pieces;

/// How many bytes are read at a time: a worker takes the games of one block (or of
/// more, when a game is longer) at a time.
const BLOCK: usize = 64 * 1024;

/// One game's text cut out of a file.
#[derive(Debug)]
pub struct Piece {
    /// 0-based number of the game in the file.
    pub index: usize,
    /// The game with a line of context either side.
    pub window: Window,
    /// Where the game is in `window.text`.
    pub game: std::ops::Range<usize>,
    /// The first byte that is not UTF-8, as a file offset.
    pub bad_utf8: Option<usize>,
    /// The game as the shortcut reader read it, when the reader read it whole
    /// ([`read_pieces`] with `taped`): replayed instead of the text.
    pub(crate) tape: Option<syntax::Tape>,
}

impl Piece {
    /// The game's own text.
    pub fn text(&self) -> &str {
        self.window.text.get(self.game.clone()).unwrap_or("")
    }

    /// The file offset of the game's text.
    pub fn start(&self) -> usize {
        self.window.base + self.game.start
    }
}

/// The problem for a file that is not UTF-8 at `at`.
pub fn utf8_problem(at: usize) -> Problem {
    Problem::new(
        interp::Code::IoUtf8,
        format!("the file is not valid UTF-8: bad byte at offset {at}"),
        crate::syntax::ast::Span::new(at, at + 1),
        "not UTF-8",
    )
    .with_help("save the file as UTF-8")
}

/// Why a collection could not be read to its end.
#[derive(Clone, Debug)]
pub enum ReadError {
    /// The reader failed: its message.
    Io(String),
    /// A game grew past `MAX_INPUT_BYTES` without ending (an endless pipe,
    /// `/dev/zero`, a file without game breaks).
    TooLarge {
        /// The game's number (from 1).
        game: usize,
        /// The file offset where it starts.
        at: usize,
        /// Its first line (at most 60 bytes, control characters shown as `.`), with the
        /// lines and line breaks before it, for the diagnostic.
        head: Window,
    },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(message) => f.write_str(message),
            ReadError::TooLarge { game, .. } => write!(
                f,
                "game {game} is larger than {MAX_INPUT_MIB} MiB, the most lanrick reads of one game"
            ),
        }
    }
}

impl ReadError {
    /// The diagnostic of a game past the limit (`lanrick::io::too_large`) and the text
    /// it is rendered against; `None` for an I/O error.
    pub fn problem(&self) -> Option<(Problem, Window)> {
        let ReadError::TooLarge { at, head, .. } = self else {
            return None;
        };
        let first = head
            .text
            .chars()
            .next()
            .map_or(0, char::len_utf8)
            .min(head.text.len());
        let problem = Problem::new(
            interp::Code::IoTooLarge,
            self.to_string(),
            crate::syntax::ast::Span::new(*at, *at + first),
            "this game does not end",
        )
        .with_help(format!(
            "games are separated by a blank line; a single game may hold at most {MAX_INPUT_MIB} MiB \
             (is the input endless?)"
        ));
        Some((problem, head.clone()))
    }
}

/// What a worker made of one piece.
#[derive(Debug)]
pub enum PieceRun {
    /// Not UTF-8 at this file offset.
    BadUtf8(usize),
    /// The piece's syntax errors, every one (spans are file offsets).
    Syntax(Vec<Problem>),
    /// The game, if the piece holds one (problems' spans are file offsets).
    Game(Option<Box<GameRun>>),
    /// Not interpreted: only its syntax was read ([`syntax_only`]), and it has no error.
    Skipped,
}

/// Parses and interprets one piece (as [`interp::check_game_text`] does), replaying
/// its tape if it has one. The tape is used up: dropped here, on the thread that
/// replays, which keeps it for the next games.
pub fn run_piece(piece: &mut Piece, opts: Options) -> PieceRun {
    let tape = piece.tape.take();
    if let Some(at) = piece.bad_utf8 {
        return PieceRun::BadUtf8(at);
    }
    let (text, number, at) = (piece.text(), piece.index + 1, piece.start());
    let check = match &tape {
        Some(tape) => interp::check_game_tape(text, tape, number, at, opts),
        None => interp::check_game_text(text, number, at, opts),
    };
    match check {
        interp::GameCheck::Syntax(problems) => PieceRun::Syntax(problems),
        interp::GameCheck::Game(run) => PieceRun::Game(run),
    }
}

/// The problems for a piece's syntax errors, at file offsets.
fn syntax_problems(piece: &Piece, errors: &[syntax::SyntaxError]) -> Vec<Problem> {
    errors
        .iter()
        .map(|e| interp::syntax_problem(e).shifted(piece.start()))
        .collect()
}

/// Only looks for a piece's syntax errors (it does not replay the game): `Syntax` with
/// them, `BadUtf8`, or `Skipped` when there are none.
pub fn syntax_only(piece: &Piece) -> PieceRun {
    if let Some(at) = piece.bad_utf8 {
        return PieceRun::BadUtf8(at);
    }
    match syntax::parse_file_all_errors(piece.text()) {
        Ok(_) => PieceRun::Skipped,
        Err(errors) => PieceRun::Syntax(syntax_problems(piece, &errors)),
    }
}

/// Runs `work` on every piece of `input` on `jobs` threads and hands the results to
/// `collect` in file order. `collect` returns `false` to stop. `skip` is read by
/// workers before each piece: when it is set, they call `work` with `skip = true` (to
/// do only what is cheap). `taped`: the options the games will be replayed with, for
/// each game to be read once, onto a tape that [`run_piece`] replays
/// ([`read_pieces`]); `None` when `work` reads the text itself.
///
/// The workers take turns at the input: one reads the next block's games while the
/// others work on theirs, and then works on the games it read.
///
/// # Errors
/// The reader's I/O error, after every piece read before it was collected.
pub fn pipeline<R: Send>(
    input: impl Read + Send,
    jobs: usize,
    taped: Option<Options>,
    work: impl Fn(&mut Piece, bool) -> R + Sync,
    mut collect: impl FnMut(Piece, R, &std::sync::atomic::AtomicBool) -> bool,
) -> Result<(), ReadError> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Mutex, PoisonError};
    let skip = AtomicBool::new(false);
    if jobs <= 1 {
        return read_pieces(input, taped, |mut piece| {
            let out = work(&mut piece, skip.load(Ordering::Relaxed));
            collect(piece, out, &skip)
        });
    }
    let stop = AtomicBool::new(false);
    // The workers take turns at the reader: one reads the next block's games (onto
    // tapes: the one scan) and then works on them itself while another reads, so that a
    // game's tape and text are written and read on one core, and its memory freed where
    // it was taken. A reader thread of its own, handing the tapes over, cost more CPU
    // than reading every game twice (docs/performance.md, "One scan").
    struct Turns<R> {
        reader: PieceReader<R>,
        /// The next batch's number.
        number: usize,
        /// No more to read: the input's end, an error, or a stop.
        done: bool,
        error: Option<ReadError>,
    }
    let turns = Mutex::new(Turns {
        reader: PieceReader::new(input, taped),
        number: 0,
        done: false,
        error: None,
    });
    // A batch's results, or what a worker's `work` panicked with (passed on once the
    // others have stopped, so that a panic ends the run rather than hangs it).
    type Done<R> = (usize, std::thread::Result<Vec<(Piece, R)>>);
    let (done_tx, done_rx) = mpsc::sync_channel::<Done<R>>(jobs * 2);
    // A token for each batch that may be out at once (read and not yet collected), so
    // that a worker held up cannot leave the others' results piling up behind it.
    let in_flight = jobs * 4;
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        let _ = token_tx.send(());
    }
    let token_rx = Mutex::new(token_rx);
    // The next batch: the games of one block or more (a block may end inside a game).
    let next_batch = |batch: &mut Vec<Piece>| -> Option<usize> {
        let mut t = turns.lock().unwrap_or_else(PoisonError::into_inner);
        let Turns {
            reader,
            number,
            done,
            error,
        } = &mut *t;
        while !*done && batch.is_empty() {
            let read = reader.step(&mut |p| {
                batch.push(p);
                !stop.load(Ordering::Relaxed)
            });
            match read {
                Ok(more) => *done = !more,
                Err(e) => {
                    *error = Some(e);
                    *done = true;
                }
            }
        }
        if batch.is_empty() {
            return None;
        }
        *number += 1;
        Some(*number - 1)
    };
    let panic = std::thread::scope(|s| {
        // Owned here, so that if `collect` panics they are dropped before the workers
        // are waited for, and a worker waiting to send or for a token stops.
        let (done_rx, token_tx) = (done_rx, token_tx);
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let (work, skip, stop) = (&work, &skip, &stop);
            let (token_rx, next_batch) = (&token_rx, &next_batch);
            s.spawn(move || {
                let mut batch = Vec::new();
                loop {
                    let token = token_rx
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .recv();
                    if token.is_err() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(number) = next_batch(&mut batch) else {
                        break;
                    };
                    let outs = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        batch
                            .drain(..)
                            .map(|mut piece| {
                                let out = work(&mut piece, skip.load(Ordering::Relaxed));
                                (piece, out)
                            })
                            .collect()
                    }));
                    batch.clear();
                    let panicked = outs.is_err();
                    if done_tx.send((number, outs)).is_err() || panicked {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        // Reorder: keep batches that came early until their turn.
        let mut waiting: std::collections::BTreeMap<usize, Vec<(Piece, R)>> = Default::default();
        let mut next = 0usize;
        // Stops the workers: whatever one waits for, it may go on to see the stop.
        let halt = |waiting: &mut std::collections::BTreeMap<usize, Vec<(Piece, R)>>| {
            stop.store(true, Ordering::Relaxed);
            waiting.clear();
            for _ in 0..in_flight {
                let _ = token_tx.try_send(());
            }
        };
        let mut go_on = true;
        let mut panic = None;
        for (number, outs) in done_rx.iter() {
            if !go_on {
                let _ = token_tx.try_send(());
                continue;
            }
            let outs = match outs {
                Ok(outs) => outs,
                Err(payload) => {
                    // A worker panicked: stop the others, then pass the panic on.
                    panic = Some(payload);
                    go_on = false;
                    halt(&mut waiting);
                    continue;
                }
            };
            waiting.insert(number, outs);
            while let Some(outs) = waiting.remove(&next) {
                next += 1;
                // The batch is collected: another may be read.
                let _ = token_tx.try_send(());
                for (p, r) in outs {
                    if !collect(p, r, &skip) {
                        go_on = false;
                        halt(&mut waiting);
                        break;
                    }
                }
                if !go_on {
                    break;
                }
            }
        }
        panic
    });
    if let Some(payload) = panic {
        std::panic::resume_unwind(payload);
    }
    let error = turns
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .error;
    error.map_or(Ok(()), Err)
}

/// The number of worker threads: `LANRICK_JOBS` if set, else the cores.
pub fn default_jobs() -> usize {
    std::env::var("LANRICK_JOBS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        })
}

/// Checks one file game by game on `jobs` threads (replaying only).
pub fn check_file(path: &Path, jobs: usize) -> super::report::Checked {
    check_file_proving(path, jobs, None)
}

/// Checks one file game by game on `jobs` threads, proving each puzzle whose
/// solution replays clean when `prove` gives the budget.
pub fn check_file_proving(
    path: &Path,
    jobs: usize,
    prove: Option<&Limits>,
) -> super::report::Checked {
    let name = path.display().to_string();
    match std::fs::File::open(path) {
        Ok(file) => check_input(name, file, jobs, prove),
        Err(e) => {
            let message = format!("cannot read {name}: {e}");
            super::input::unreadable(name, message)
        }
    }
}

/// Checks what `input` gives, game by game on `jobs` threads, under the name `name`.
/// A game with syntax errors is reported with all of them and not replayed; the other
/// games are checked all the same. A file that is not UTF-8 stops at the bad byte.
pub fn check_input(
    name: String,
    input: impl Read + Send,
    jobs: usize,
    prove: Option<&Limits>,
) -> super::report::Checked {
    use super::report::{Checked, Outcome};
    let mut games = Vec::new();
    match check_input_each(&name, input, jobs, prove, |g| games.push(g)) {
        Ok(time) => Checked {
            name,
            outcome: Outcome::Games(games),
            time,
        },
        Err(failed) => failed,
    }
}

/// Checks what `input` gives as [`check_input`] does, handing each game's report to
/// `each` in file order as soon as it is known, so that nothing is kept of a game once
/// it is handed on. The first game is held until a second one comes: the problems of
/// a file of several games name their game, those of a file of one game do not.
/// The wall time of the whole file, or, when the file failed as a whole (not UTF-8, a
/// game too large, an I/O error), the file's report without its games: what was
/// handed to `each` before does not count.
///
/// # Errors
/// The report of a file that failed as a whole.
pub fn check_input_each(
    name: &str,
    input: impl Read + Send,
    jobs: usize,
    prove: Option<&Limits>,
    mut each: impl FnMut(super::report::GameCase),
) -> Result<std::time::Duration, super::report::Checked> {
    use super::report::{Checked, GameCase, Outcome};
    use std::time::{Duration, Instant};
    let started = Instant::now();
    let mut failed: Option<Found> = None;
    let mut count = 0usize;
    let mut first: Option<GameCase> = None;
    let name_games = |g: &mut GameCase| {
        for f in &mut g.problems {
            f.problem.game = Some(GameRef {
                number: g.number,
                event: g.event.clone(),
            });
        }
    };
    let mut hand_on = |mut g: GameCase| {
        count += 1;
        if count == 1 {
            first = Some(g);
            return;
        }
        if let Some(mut f) = first.take() {
            name_games(&mut f);
            each(f);
        }
        name_games(&mut g);
        each(g);
    };
    let mut number = 0usize;
    let result = pipeline(
        input,
        jobs,
        Some(Options::default()),
        |piece, _| {
            let t = Instant::now();
            let mut run = run_piece(piece, Options::default());
            let proof = match (prove, &mut run) {
                (Some(limits), PieceRun::Game(Some(g))) => prove_run(g, limits),
                _ => None,
            };
            (run, t.elapsed(), proof)
        },
        |piece, (run, time, proof): (PieceRun, Duration, Option<ProofInfo>), _| match run {
            PieceRun::BadUtf8(at) => {
                failed = Some(Found {
                    problem: utf8_problem(at),
                    window: Arc::new(piece.window),
                });
                false
            }
            PieceRun::Syntax(problems) => {
                // A window each: a game may have a syntax error on every line.
                let windows = piece.window.around(&problems);
                number += 1;
                let event = interp::event_tag(piece.text());
                hand_on(GameCase {
                    number,
                    event,
                    problems: problems
                        .into_iter()
                        .zip(windows)
                        .map(|(problem, window)| Found {
                            problem,
                            window: Arc::new(window),
                        })
                        .collect(),
                    time,
                    ..GameCase::default()
                });
                true
            }
            PieceRun::Skipped | PieceRun::Game(None) => true,
            PieceRun::Game(Some(run)) => {
                number += 1;
                hand_on(game_case(&run, number, piece.window, time, proof));
                true
            }
        },
    );
    if let Err(e) = result {
        if let Some((problem, window)) = e.problem() {
            return Err(Checked {
                name: name.to_owned(),
                outcome: Outcome::Failed(Found {
                    problem,
                    window: Arc::new(window),
                }),
                time: started.elapsed(),
            });
        }
        return Err(super::input::unreadable(
            name.to_owned(),
            format!("cannot read {name}: {e}"),
        ));
    }
    if let Some(f) = failed {
        return Err(Checked {
            name: name.to_owned(),
            outcome: Outcome::Failed(f),
            time: started.elapsed(),
        });
    }
    if let Some(f) = first {
        each(f);
    }
    Ok(started.elapsed())
}

/// The report of one game: its problems with its window, and the goal it met.
fn game_case(
    run: &GameRun,
    number: usize,
    window: Window,
    time: std::time::Duration,
    proof: Option<ProofInfo>,
) -> super::report::GameCase {
    let window = Arc::new(window);
    super::report::GameCase {
        number,
        event: run.event.clone(),
        problems: run
            .problems
            .iter()
            .map(|p| Found {
                problem: p.clone(),
                window: Arc::clone(&window),
            })
            .collect(),
        goal: run.goal.as_ref().map(|reached| {
            let target = match reached.goal.target.node {
                crate::syntax::ast::GoalTarget::Rendezvous => "rendezvous",
                crate::syntax::ast::GoalTarget::Game => "game",
            };
            format!(
                "goal met: {} wins {target} in {} (within {})",
                reached.goal.side.node.letter(),
                reached.turns,
                reached.goal.turns.node
            )
        }),
        has_goal: run.has_goal,
        goal_open: run.goal_open,
        proof: proof.map(Box::new),
        time,
    }
}

/// Proves a game's puzzle ([`interp::prove_into`]) and returns what the reports show
/// of the proof.
pub fn prove_run(run: &mut GameRun, limits: &Limits) -> Option<ProofInfo> {
    interp::prove_into(run, limits).map(|r| proof_info(&r))
}

/// What the reports show of a proof.
pub fn proof_info(r: &crate::prover::Report) -> ProofInfo {
    ProofInfo {
        verdict: r.verdict.name(),
        line: interp::proof::verdict_line(r),
        keys: r.true_keys().map(|k| k.act.to_string()).collect(),
        written: r.written.map(|i| r.keys[i].act.to_string()),
        refutations: r.refutations.iter().map(ToString::to_string).collect(),
        duals: r.duals,
        shortest: r.shortest,
        lines: r.line_count,
        nodes: r.nodes,
        time: r.time,
        max_nodes: r.max_nodes,
        max_time: r.max_time,
        complete: r.complete,
        cut: r.cut.map(crate::prover::Cut::name),
        all_keys: r.all_keys(),
    }
}

#[cfg(test)]
mod tests;
