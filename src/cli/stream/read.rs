//! Cutting what a reader gives into games, a block at a time: the shortcut reader
//! reads each game onto a tape and so finds its end; [`GameSplitter`] cuts the games
//! it declines.

use super::{BLOCK, Piece, ReadError};
use crate::cli::report::Window;
use crate::interp::Options;
use crate::syntax::{self, GameSplitter};
use crate::term::MAX_INPUT_BYTES;
use crate::term::report::{count_breaks, count_lone_returns, count_newlines};
use std::io::Read;

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

/// What the reading keeps between games to cut each game's piece: the line
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
/// which finds where the game ends as it reads it, and [`run_piece`](super::run_piece) replays the
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
pub(super) struct PieceReader<R> {
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
    pub(super) fn new(input: R, taped: Option<Options>) -> Self {
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
    pub(super) fn step(
        &mut self,
        pieces: &mut impl FnMut(Piece) -> bool,
    ) -> Result<bool, ReadError> {
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
