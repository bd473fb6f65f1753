//! Reading a collection game by game: a reader cuts the file into games with
//! [`GameSplitter`] as it reads it in blocks, workers parse and interpret the games,
//! and the results come back in file order. Memory holds a few games at a time, not
//! the file.
//!
//! Each game is parsed alone; its problems are moved to file offsets and rendered
//! against a [`Window`]: the game's text with one line of context either side, and the
//! number of lines before it, so that diagnostics read as if the whole file had been
//! parsed.

use super::report::{Found, ProofInfo, Window};
use crate::interp::{self, GameRef, GameRun, Options, Problem};
use crate::prover::Limits;
use crate::syntax::{self, GameSplitter};
use crate::term::report::{count_breaks, count_lone_returns, count_newlines};
use crate::term::{MAX_INPUT_BYTES, MAX_INPUT_MIB};
use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc;

/// How many bytes are read at a time.
const BLOCK: usize = 256 * 1024;

/// About how many bytes of games a worker takes at a time.
const BATCH: usize = 64 * 1024;

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

/// The first line of `game` (at most 60 bytes, cut at a character), control characters
/// shown as `.` so that the diagnostic prints no NUL or escape.
fn head_of(game: &[u8]) -> String {
    let line = game.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let cut = line.get(..line.len().min(60)).unwrap_or(&[]);
    let text = match std::str::from_utf8(cut) {
        Ok(t) => t.to_owned(),
        Err(e) => String::from_utf8_lossy(cut.get(..e.valid_up_to()).unwrap_or(&[])).into_owned(),
    };
    text.chars()
        .map(|c| if c.is_control() && c != '\t' { '.' } else { c })
        .collect()
}

/// Cuts what a reader gives into games. `pieces` is called with each game in order; it
/// returns `false` to stop reading. A game longer than `MAX_INPUT_BYTES` stops the
/// read as soon as it is seen, so an endless input ends.
///
/// # Errors
/// The I/O error's message, or the game past the limit.
pub fn read_pieces(
    mut input: impl Read,
    mut pieces: impl FnMut(Piece) -> bool,
) -> Result<(), ReadError> {
    let mut splitter = GameSplitter::new();
    let mut cuts = Vec::new();
    let mut buf: Vec<u8> = Vec::with_capacity(2 * BLOCK);
    let mut buf_start = 0usize; // file offset of buf[0]
    let mut prev_line: Vec<u8> = Vec::new();
    let mut newlines = 0usize;
    let mut breaks = 0usize;
    let mut index = 0usize;
    let mut block = vec![0u8; BLOCK];
    let mut eof = false;
    while !eof {
        let n = match input.read(&mut block) {
            Ok(0) => {
                eof = true;
                0
            }
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e.to_string())),
        };
        let new = block.get(..n).unwrap_or(&[]);
        splitter.feed(new, &mut cuts);
        buf.extend_from_slice(new);
        if eof {
            splitter.finish(&mut cuts);
            cuts.push(buf_start + buf.len());
        }
        let mut consumed = 0usize;
        for &cut in &cuts {
            let game = buf.get(consumed..cut - buf_start).unwrap_or(&[]);
            let rest = buf.get(cut - buf_start..).unwrap_or(&[]);
            let next_line = match rest.iter().position(|&b| b == b'\n') {
                Some(i) => rest.get(..=i).unwrap_or(rest),
                None => rest,
            };
            let mut bytes = Vec::with_capacity(prev_line.len() + game.len() + next_line.len());
            bytes.extend_from_slice(&prev_line);
            bytes.extend_from_slice(game);
            bytes.extend_from_slice(next_line);
            // One check of the bytes when they are all UTF-8, as nearly always.
            let (text, bad_utf8) = match String::from_utf8(bytes) {
                Ok(s) => (s, None),
                Err(e) => {
                    let bad = std::str::from_utf8(game)
                        .err()
                        .map(|e| buf_start + consumed + e.valid_up_to());
                    (String::from_utf8_lossy(e.as_bytes()).into_owned(), bad)
                }
            };
            // Lossy text is longer only after the bad byte: the game's range holds.
            let game_range = prev_line.len()..prev_line.len() + game.len();
            let piece = Piece {
                index,
                window: Window {
                    text,
                    base: buf_start + consumed - prev_line.len(),
                    newlines: newlines - count_newlines(&prev_line),
                    breaks: breaks - count_breaks(&prev_line),
                },
                game: game_range,
                bad_utf8,
            };
            let game_newlines = count_newlines(game);
            newlines += game_newlines;
            breaks += game_newlines + count_lone_returns(game);
            let last_line_start = match game.split_last() {
                Some((_, head)) => head.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1),
                None => 0,
            };
            if !game.is_empty() {
                prev_line.clear();
                prev_line.extend_from_slice(game.get(last_line_start..).unwrap_or(&[]));
            }
            consumed = cut - buf_start;
            index += 1;
            if !pieces(piece) {
                return Ok(());
            }
        }
        cuts.clear();
        buf.drain(..consumed);
        buf_start += consumed;
        if buf.len() > MAX_INPUT_BYTES {
            let head = head_of(&buf);
            return Err(ReadError::TooLarge {
                game: index + 1,
                at: buf_start,
                head: Window {
                    text: head,
                    base: buf_start,
                    newlines,
                    breaks,
                },
            });
        }
    }
    Ok(())
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

/// Parses and interprets one piece (as [`interp::check_game_text`] does).
pub fn run_piece(piece: &Piece, opts: Options) -> PieceRun {
    if let Some(at) = piece.bad_utf8 {
        return PieceRun::BadUtf8(at);
    }
    match interp::check_game_text(piece.text(), piece.index + 1, piece.start(), opts) {
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

/// Runs `work` on every piece of `input` on `jobs` threads (the reader is one more)
/// and hands the results to `collect` in file order. `collect` returns `false` to stop.
/// `skip` is read by workers before each piece: when it is set, they call `work` with
/// `skip = true` (to do only what is cheap).
///
/// # Errors
/// The reader's I/O error.
pub fn pipeline<R: Send>(
    input: impl Read + Send,
    jobs: usize,
    work: impl Fn(&Piece, bool) -> R + Sync,
    mut collect: impl FnMut(Piece, R, &std::sync::atomic::AtomicBool) -> bool,
) -> Result<(), ReadError> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let skip = AtomicBool::new(false);
    if jobs <= 1 {
        let mut result = Ok(());
        let r = read_pieces(input, |piece| {
            let out = work(&piece, skip.load(Ordering::Relaxed));
            collect(piece, out, &skip)
        });
        if let Err(e) = r {
            result = Err(e);
        }
        return result;
    }
    let stop = AtomicBool::new(false);
    // Pieces travel in batches of about `BATCH` bytes: one hand-over per game cost more
    // in thread wake-ups than the games themselves once parsing was fast.
    let (batch_tx, batch_rx) = mpsc::sync_channel::<(usize, Vec<Piece>)>(jobs * 2);
    let batch_rx = std::sync::Mutex::new(batch_rx);
    let (done_tx, done_rx) = mpsc::sync_channel::<(usize, Vec<(Piece, R)>)>(jobs * 2);
    // A token for each batch that may be out at once (read and not yet collected), so
    // that a worker held up cannot leave the others' results piling up behind it.
    let in_flight = jobs * 4;
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        let _ = token_tx.send(());
    }
    std::thread::scope(|s| {
        let reader = s.spawn(|| {
            let tx = batch_tx;
            let tokens = token_rx;
            let mut batch = Vec::new();
            let mut bytes = 0usize;
            let mut number = 0usize;
            let r = read_pieces(input, |p| {
                bytes += p.game.len();
                batch.push(p);
                if bytes >= BATCH {
                    bytes = 0;
                    let full = std::mem::take(&mut batch);
                    if tokens.recv().is_err() || tx.send((number, full)).is_err() {
                        return false;
                    }
                    number += 1;
                }
                !stop.load(Ordering::Relaxed)
            });
            if !batch.is_empty() && !stop.load(Ordering::Relaxed) {
                // A closed channel means the collector stopped: nothing is lost.
                let _ = tx.send((number, batch));
            }
            r
        });
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let batch_rx = &batch_rx;
            let work = &work;
            let skip = &skip;
            s.spawn(move || {
                loop {
                    let (number, pieces) = match batch_rx.lock() {
                        Ok(rx) => match rx.recv() {
                            Ok(b) => b,
                            Err(_) => break,
                        },
                        Err(_) => break,
                    };
                    let outs = pieces
                        .into_iter()
                        .map(|piece| {
                            let out = work(&piece, skip.load(Ordering::Relaxed));
                            (piece, out)
                        })
                        .collect();
                    if done_tx.send((number, outs)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        // Reorder: keep batches that came early until their turn.
        let mut waiting: std::collections::BTreeMap<usize, Vec<(Piece, R)>> = Default::default();
        let mut next = 0usize;
        let mut go_on = true;
        for (number, outs) in done_rx.iter() {
            if !go_on {
                let _ = token_tx.try_send(());
                continue;
            }
            waiting.insert(number, outs);
            while let Some(outs) = waiting.remove(&next) {
                next += 1;
                // The batch is collected: another may be read.
                let _ = token_tx.try_send(());
                for (p, r) in outs {
                    if !collect(p, r, &skip) {
                        go_on = false;
                        stop.store(true, Ordering::Relaxed);
                        waiting.clear();
                        // Whatever the reader waits for, it may go on to its end.
                        for _ in 0..in_flight {
                            let _ = token_tx.try_send(());
                        }
                        break;
                    }
                }
                if !go_on {
                    break;
                }
            }
        }
        reader
            .join()
            .unwrap_or_else(|_| Err(ReadError::Io("the reader thread panicked".into())))
    })
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
