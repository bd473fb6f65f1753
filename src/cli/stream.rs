//! Reading a collection game by game: the file is read in blocks and cut into games,
//! workers interpret the games, and the results come back in file order. Memory holds
//! a few games at a time, not the file. The bytes are read once: the shortcut reader
//! finds each game's end as it reads the game onto a tape (`syntax::Tape`), which is
//! then replayed; [`GameSplitter`] cuts only the games the shortcut reader declines.
//! The workers take turns at reading, so that each replays the tapes it wrote.
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

/// What the reader thread keeps between games to cut each game's piece: the line
/// before the next game, the lines and line breaks read so far, the games' count.
#[derive(Default)]
struct Cutter {
    prev_line: Vec<u8>,
    newlines: usize,
    breaks: usize,
    index: usize,
}

impl Cutter {
    /// The piece of the game `buf[from..cut]` (`buf[0]` is at file offset `buf_start`),
    /// with the next game's first line as context after it.
    fn piece(
        &mut self,
        buf: &[u8],
        buf_start: usize,
        from: usize,
        cut: usize,
        tape: Option<syntax::Tape>,
    ) -> Piece {
        let game = buf.get(from..cut).unwrap_or(&[]);
        let rest = buf.get(cut..).unwrap_or(&[]);
        let next_line = match memchr::memchr(b'\n', rest) {
            Some(i) => rest.get(..=i).unwrap_or(rest),
            None => rest,
        };
        let prev_line = &self.prev_line;
        let mut bytes = Vec::with_capacity(prev_line.len() + game.len() + next_line.len());
        bytes.extend_from_slice(prev_line);
        bytes.extend_from_slice(game);
        bytes.extend_from_slice(next_line);
        // One check of the bytes when they are all UTF-8, as nearly always.
        let (text, bad_utf8) = match String::from_utf8(bytes) {
            Ok(s) => (s, None),
            Err(e) => {
                let bad = std::str::from_utf8(game)
                    .err()
                    .map(|e| buf_start + from + e.valid_up_to());
                (String::from_utf8_lossy(e.as_bytes()).into_owned(), bad)
            }
        };
        // Lossy text is longer only after the bad byte: the game's range holds.
        let game_range = prev_line.len()..prev_line.len() + game.len();
        let piece = Piece {
            index: self.index,
            window: Window {
                text,
                base: buf_start + from - prev_line.len(),
                newlines: self.newlines - count_newlines(prev_line),
                breaks: self.breaks - count_breaks(prev_line),
            },
            game: game_range,
            bad_utf8,
            tape: tape.filter(|_| bad_utf8.is_none()),
        };
        let game_newlines = count_newlines(game);
        self.newlines += game_newlines;
        self.breaks += game_newlines + count_lone_returns(game);
        let last_line_start = match game.split_last() {
            Some((_, head)) => memchr::memrchr(b'\n', head).map_or(0, |i| i + 1),
            None => 0,
        };
        if !game.is_empty() {
            self.prev_line.clear();
            self.prev_line
                .extend_from_slice(game.get(last_line_start..).unwrap_or(&[]));
        }
        self.index += 1;
        piece
    }
}

/// Cuts what a reader gives into games. `pieces` is called with each game in order; it
/// returns `false` to stop reading. A game longer than `MAX_INPUT_BYTES` stops the
/// read as soon as it is seen, so an endless input ends.
///
/// With `taped` (the options the games will be replayed with), the bytes are read
/// once: each game is read by the shortcut reader onto a tape (`syntax::Tape`),
/// which finds where the game ends as it reads it, and [`run_piece`] replays the
/// tape instead of reading the text again. [`GameSplitter`] cuts only the games the
/// shortcut reader declines and those not yet read to their end when a block of the
/// input ends. Without `taped`, the splitter cuts every game.
///
/// # Errors
/// The I/O error's message, or the game past the limit.
pub fn read_pieces(
    input: impl Read,
    taped: Option<Options>,
    mut pieces: impl FnMut(Piece) -> bool,
) -> Result<(), ReadError> {
    let mut reader = PieceReader::new(input, taped);
    while reader.step(&mut pieces)? {}
    Ok(())
}

/// [`read_pieces`] a block at a time: what it keeps between blocks.
struct PieceReader<R> {
    input: R,
    taped: Option<Options>,
    /// Cuts the game at the start of `buf` while it is set.
    splitter: Option<GameSplitter>,
    cuts: Vec<usize>,
    buf: Vec<u8>,
    /// The file offset of `buf[0]`.
    buf_start: usize,
    cutter: Cutter,
    block: Vec<u8>,
    eof: bool,
    /// The file offset of a game the shortcut reader read to the end of the bytes read
    /// so far: it is read once more with the next block, then left to the splitter (so
    /// that a long game is not read again with every block).
    deferred: Option<usize>,
}

impl<R: Read> PieceReader<R> {
    fn new(input: R, taped: Option<Options>) -> Self {
        PieceReader {
            input,
            taped,
            splitter: if taped.is_some() {
                None
            } else {
                Some(GameSplitter::new())
            },
            cuts: Vec::new(),
            buf: Vec::with_capacity(2 * BLOCK),
            buf_start: 0,
            cutter: Cutter::default(),
            block: vec![0u8; BLOCK],
            eof: false,
            deferred: None,
        }
    }

    /// Reads one block and hands `pieces` each game it completes, in order. `false`
    /// once the input is read to its end or `pieces` said stop.
    fn step(&mut self, pieces: &mut impl FnMut(Piece) -> bool) -> Result<bool, ReadError> {
        if self.eof {
            return Ok(false);
        }
        let n = loop {
            match self.input.read(&mut self.block) {
                Ok(0) => {
                    self.eof = true;
                    break 0;
                }
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(ReadError::Io(e.to_string())),
            }
        };
        let PieceReader {
            taped,
            splitter,
            cuts,
            buf,
            buf_start,
            cutter,
            block,
            eof,
            deferred,
            ..
        } = self;
        let (taped, eof) = (*taped, *eof);
        buf.extend_from_slice(block.get(..n).unwrap_or(&[]));
        // Where the game being read starts in `buf`.
        let mut consumed = 0usize;
        // The UTF-8 text at the start of `buf` and where its last whole line ends, for
        // the shortcut reader: looked at once a block, and only while games are read
        // by it (not while the splitter waits for the end of a long game, which may be
        // far).
        let mut text: Option<(&str, usize)> = None;
        loop {
            if let Some(sp) = splitter.as_mut() {
                let fed = sp.position().saturating_sub(*buf_start);
                let new = buf.get(fed..).unwrap_or(&[]);
                if taped.is_some() {
                    // Only the game at `consumed` is the splitter's.
                    sp.feed_to_cut(new, cuts);
                } else {
                    sp.feed(new, cuts);
                }
                if eof && (taped.is_none() || cuts.is_empty()) {
                    sp.finish(cuts);
                    cuts.push(*buf_start + buf.len());
                }
                if taped.is_some() {
                    cuts.truncate(1);
                }
                for &cut in cuts.iter() {
                    let cut = cut - *buf_start;
                    let piece = cutter.piece(buf, *buf_start, consumed, cut, None);
                    consumed = cut;
                    if !pieces(piece) {
                        return Ok(false);
                    }
                }
                let any = !cuts.is_empty();
                cuts.clear();
                if taped.is_some() && any {
                    *splitter = None;
                    continue;
                }
                break;
            }
            let Some(opts) = taped else { break };
            // At the end, an empty input still gives one (empty) piece, as the
            // splitter's cuts do.
            if consumed >= buf.len() && !(eof && cutter.index == 0) {
                break;
            }
            let (valid, lines) = *text.get_or_insert_with(|| {
                let valid = match std::str::from_utf8(buf) {
                    Ok(t) => t,
                    Err(e) => buf
                        .get(..e.valid_up_to())
                        .and_then(|b| std::str::from_utf8(b).ok())
                        .unwrap_or(""),
                };
                // Before the end, the reader sees whole lines only: a line cut by the
                // block's end would look wrong to it, not unfinished.
                let lines = if eof {
                    valid.len()
                } else {
                    memchr::memrchr(b'\n', valid.as_bytes()).map_or(0, |i| i + 1)
                };
                (valid, lines)
            });
            let here = Some(*buf_start + consumed);
            if valid.len() <= consumed && consumed < buf.len() {
                // Not UTF-8 here: for the splitter (the piece reports the byte).
                *splitter = Some(GameSplitter::starting_at(*buf_start + consumed));
                continue;
            }
            let rest = valid.get(consumed..lines).unwrap_or("");
            if rest.is_empty() && !eof {
                // The rest of a line: wait for its end, once.
                if *deferred != here {
                    *deferred = here;
                    break;
                }
                *splitter = Some(GameSplitter::starting_at(*buf_start + consumed));
                continue;
            }
            let whole = |end: usize| {
                if end < rest.len() {
                    // The game ends before the next one's tag line; the line after it
                    // is its window's last (and the splitter's cut came only after the
                    // tag line's end).
                    eof || memchr::memchr(b'\n', rest.as_bytes().get(end..).unwrap_or(&[]))
                        .is_some()
                } else {
                    // It ends with the input.
                    eof && consumed + rest.len() == buf.len()
                }
            };
            let here = Some(*buf_start + consumed);
            match syntax::Tape::record(rest, !opts.each) {
                Some((tape, end)) if whole(end) => {
                    let cut = consumed + end;
                    let piece = cutter.piece(buf, *buf_start, consumed, cut, Some(tape));
                    consumed = cut;
                    if !pieces(piece) {
                        return Ok(false);
                    }
                }
                // Not all here yet, the first time: read again with the next block.
                Some(_) if !eof && *deferred != here => {
                    *deferred = here;
                    break;
                }
                // Declined, or a long game: the splitter finds its end.
                _ => *splitter = Some(GameSplitter::starting_at(*buf_start + consumed)),
            }
        }
        buf.drain(..consumed);
        *buf_start += consumed;
        if buf.capacity() > 8 * BLOCK && buf.len() <= BLOCK {
            // A long game has been cut: its room is not kept for the rest.
            buf.shrink_to(2 * BLOCK);
        }
        if buf.len() > MAX_INPUT_BYTES {
            let head = head_of(buf);
            return Err(ReadError::TooLarge {
                game: cutter.index + 1,
                at: *buf_start,
                head: Window {
                    text: head,
                    base: *buf_start,
                    newlines: cutter.newlines,
                    breaks: cutter.breaks,
                },
            });
        }
        Ok(!eof)
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
    let (done_tx, done_rx) = mpsc::sync_channel::<(usize, Vec<(Piece, R)>)>(jobs * 2);
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
    std::thread::scope(|s| {
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
                    let outs = batch
                        .drain(..)
                        .map(|mut piece| {
                            let out = work(&mut piece, skip.load(Ordering::Relaxed));
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
                        // Whatever a worker waits for, it may go on to see the stop.
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
    });
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A reader that gives `data` at most `size` bytes a call, as a pipe may.
    struct Trickle<'a> {
        data: &'a [u8],
        size: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.size.min(out.len()).min(self.data.len());
            let (head, rest) = self.data.split_at(n);
            out.get_mut(..n).unwrap_or_default().copy_from_slice(head);
            self.data = rest;
            Ok(n)
        }
    }

    /// What a piece is, but its tape: (number, window text, base, newlines, breaks,
    /// game range, bad byte).
    type Shape = (
        usize,
        String,
        usize,
        usize,
        usize,
        std::ops::Range<usize>,
        Option<usize>,
    );

    fn shape(p: &Piece) -> Shape {
        let w = &p.window;
        let (text, base, newlines, breaks) = (w.text.clone(), w.base, w.newlines, w.breaks);
        (
            p.index,
            text,
            base,
            newlines,
            breaks,
            p.game.clone(),
            p.bad_utf8,
        )
    }

    /// The pieces of `data` read `size` bytes at a time, taped (with `each`) or not,
    /// each with what `run_piece` makes of it; and how many were taped.
    fn pieces(data: &[u8], size: usize, taped: Option<Options>) -> (Vec<(Shape, String)>, usize) {
        let mut out = Vec::new();
        let mut with_tape = 0;
        let opts = taped.unwrap_or_default();
        let r = read_pieces(Trickle { data, size }, taped, |mut p| {
            with_tape += usize::from(p.tape.is_some());
            out.push((shape(&p), format!("{:?}", run_piece(&mut p, opts))));
            true
        });
        assert!(r.is_ok(), "{r:?}");
        (out, with_tape)
    }

    /// Reading once (the shortcut reader cutting the games) gives the pieces the
    /// splitter cuts, and each piece's check is the one its text gives, whatever
    /// size the reads come in, with every position kept or not. How many games were
    /// read once when the reads are whole blocks.
    fn one_scan_agrees(data: &[u8]) -> usize {
        let mut taped_whole = 0;
        for each in [false, true] {
            let opts = Options { each };
            for size in [1, 3, 17, 256, BLOCK] {
                let (split, none) = pieces(data, size, None);
                assert_eq!(none, 0);
                let (once, taped) = pieces(data, size, Some(opts));
                let (split, once): (Vec<_>, Vec<_>) = if each {
                    // `run_piece` with every position kept: both read with it.
                    (
                        pieces_with(data, size, None, opts),
                        pieces_with(data, size, Some(opts), opts),
                    )
                } else {
                    (split, once)
                };
                assert_eq!(
                    once,
                    split,
                    "{:?} in reads of {size}",
                    String::from_utf8_lossy(data)
                );
                if size == BLOCK && !each {
                    taped_whole = taped;
                }
            }
        }
        taped_whole
    }

    /// [`pieces`] with `run_piece` given `opts`.
    fn pieces_with(
        data: &[u8],
        size: usize,
        taped: Option<Options>,
        opts: Options,
    ) -> Vec<(Shape, String)> {
        let mut out = Vec::new();
        let r = read_pieces(Trickle { data, size }, taped, |mut p| {
            out.push((shape(&p), format!("{:?}", run_piece(&mut p, opts))));
            true
        });
        assert!(r.is_ok(), "{r:?}");
        out
    }

    /// A reader that gives `data` in reads of `size` bytes and then fails.
    struct Failing<'a>(Trickle<'a>);

    impl Read for Failing<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            match self.0.read(out)? {
                0 => Err(std::io::Error::other("the disk went away")),
                n => Ok(n),
            }
        }
    }

    /// What `pipeline` on `jobs` threads hands `collect`, in order, stopping after
    /// `stop_after` pieces: each piece's shape and check, and the pipeline's result.
    fn through_pipeline(
        input: impl Read + Send,
        jobs: usize,
        stop_after: usize,
    ) -> (Vec<(Shape, String)>, Result<(), ReadError>) {
        let opts = Options::default();
        let mut out = Vec::new();
        let r = pipeline(
            input,
            jobs,
            Some(opts),
            |p, _| format!("{:?}", run_piece(p, opts)),
            |p, run, _| {
                out.push((shape(&p), run));
                out.len() < stop_after
            },
        );
        (out, r)
    }

    /// Every number of workers hands `collect` every piece in file order, each with the
    /// check its text gives; a stop stops; an I/O error comes after every piece read
    /// before it.
    fn pipeline_agrees(data: &[u8]) {
        let (alone, _) = pieces(data, BLOCK, Some(Options::default()));
        for jobs in [1, 2, 3] {
            for size in [7, 4096, BLOCK] {
                let (got, r) = through_pipeline(Trickle { data, size }, jobs, usize::MAX);
                assert!(r.is_ok(), "{r:?}");
                assert_eq!(got, alone, "{jobs} jobs, reads of {size}");
                let half = alone.len() / 2 + 1;
                let (got, r) = through_pipeline(Trickle { data, size }, jobs, half);
                assert!(r.is_ok(), "{r:?}");
                assert_eq!(got, alone[..half.min(alone.len())], "{jobs} jobs, stopped");
                let (got, r) = through_pipeline(Failing(Trickle { data, size }), jobs, usize::MAX);
                assert!(
                    matches!(&r, Err(ReadError::Io(m)) if m.contains("went away")),
                    "{r:?}"
                );
                // What was read whole before the failure, in order.
                assert!(alone.starts_with(&got), "{jobs} jobs, reads of {size}");
            }
        }
    }

    #[test]
    fn every_worker_count_collects_every_game_in_file_order() {
        // Several blocks' worth of games, and one game longer than a block.
        let (text, _) = crate::selfplay::generate(120, 14);
        assert!(text.len() > 3 * BLOCK, "{} bytes", text.len());
        pipeline_agrees(text.as_bytes());
        let (annotated, _) = crate::selfplay::generate_annotated(60, 3, 0.3);
        let mut long = annotated.clone();
        let body: String = "{ a long comment }\n".repeat(BLOCK / 16);
        long.insert_str(long.find("\n\n[Event").map_or(0, |i| i + 1), &body);
        pipeline_agrees(long.as_bytes());
        pipeline_agrees(b"");
        pipeline_agrees(b"[Event \"a\"]\nmark d5\n[Event \"b\xff\"]\nmark d5\n");
    }

    #[test]
    fn a_collection_is_cut_in_one_scan_where_the_splitter_cuts_it() {
        let (text, _) = crate::selfplay::generate(30, 1878);
        let games = one_scan_agrees(text.as_bytes());
        // Read whole, every game is read once, by the shortcut reader.
        assert_eq!(games, 30);
        let (annotated, _) = crate::selfplay::generate_annotated(30, 7, 0.3);
        assert_eq!(one_scan_agrees(annotated.as_bytes()), 30);
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(one_scan_agrees(crlf.as_bytes()), 30);
    }

    #[test]
    fn games_the_shortcut_declines_are_cut_by_the_splitter() {
        let cases: &[&[u8]] = &[
            b"",
            b"\n\n",
            b"# only a comment\n",
            "\u{FEFF}[Event \"bom\"]\n\nmark d5\n\n[Event \"two\"]\nmark e4\n".as_bytes(),
            // A tag line inside a comment that spans lines is not a game's start.
            b"[Event \"a\"]\nmark d5 {see\n[Event \"not a game\"]\n}\n[Event \"b\"]\nmark e4\n",
            // Comment lines between games go to the next game.
            b"[Event \"a\"]\nmark d5\n# about b\n{ and more }\n\n[Event \"b\"]\nmark e4",
            // A syntax error in the middle game.
            b"[Event \"a\"]\nmark d5\n[Event \"b\"]\nmark z9 !!!\n[Event \"c\"]\nmark e4\n",
            // Not UTF-8 in the second game.
            b"[Event \"a\"]\nmark d5\n[Event \"b\xff\"]\nmark d5\n[Event \"c\"]\nmark e4\n",
            // An illegal turn, a game of tags only, a tag line at the very end.
            b"[Event \"a\"]\nmark d5\na1-h8\n[Event \"b\"]\n\n[Event \"c\"]\nmark d5\n[Event \"d\"]",
            // A variation over several lines; a string left open.
            b"[Event \"a\"]\nmark d5 (mark e4\n mark e5)\n[Event \"b\"]\nmark e4\n[Event \"c\nmark d5\n",
        ];
        for &case in cases {
            one_scan_agrees(case);
        }
    }

    /// Lines a collection may hold, right and wrong.
    const LINES: &[&[u8]] = &[
        b"[Event \"g\"]",
        b"[Result \"B\"]",
        b"[Rules \"1880\"]",
        b"",
        b"  ",
        b"mark d5",
        b"mark e4",
        b"mark z9",
        b"1. B: mark d5",
        b"pass",
        b"a1-b2 x c3",
        b"h8-h7",
        b"mark d5 { a comment }",
        b"mark d5 {open",
        b"}",
        b"mark d5 (mark e4",
        b")",
        b"# a line comment",
        b"mark d5 ! $3",
        b"[Event \"x\xff\"]",
        b"[Broken",
        b"\"",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn any_collection_is_cut_alike_in_one_scan(
            lines in prop::collection::vec((0..LINES.len(), any::<bool>()), 0..40),
        ) {
            let mut data = Vec::new();
            for (i, crlf) in lines {
                data.extend_from_slice(LINES[i]);
                data.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
            }
            one_scan_agrees(&data);
        }
    }
}
