//! A game read once and replayed later: what the shortcut reader hands on a line at a
//! time ([`Lines`]), written down as it reads, so that the thread that cuts a
//! collection into games reads each game only once and a worker replays it from the
//! tape instead of reading its text again.
//!
//! A tape holds each plain turn's squares and each other line's items, in order, and
//! what the reader gave back at the game's end (its header and span). Played into a
//! [`Lines`], it makes the same calls the reader would have made on the game's text,
//! as long as that `Lines` takes every plain turn; where it refuses one (a turn it
//! must see as an event), [`Tape::play`] says so, and the caller reads the text again.
//!
//! Tapes are kept for reuse by the thread that drops them (a few dozen, none of a large
//! game), so that reading a collection does not allocate a tape for every game.

use super::ast::{Event, EventKind, File, Game, Item, MoveNode, Span};
use super::fast::{Lines, PlainTurn, give_spare, stream_first};
use crate::engine::{Side, Square};
use std::cell::RefCell;

/// One call of [`Lines`], written down.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// [`Lines::header`] with the tape's game.
    Header,
    /// [`Lines::plain_turn`]: the turn's moves are `moves[from..to]` of the tape, its
    /// action's span `kind_span`.
    Plain {
        moves: (u32, u32),
        number: Option<u32>,
        kind_span: (u32, u32),
        side: Option<Side>,
        take: Option<Square>,
    },
    /// [`Lines::items`]: the items are `items[from..to]` of the tape.
    Items(u32, u32),
}

/// A game as the shortcut reader read it (see the module's doc).
#[derive(Debug, Default)]
pub(crate) struct Tape {
    steps: Vec<Step>,
    moves: Vec<(Square, Square)>,
    items: Vec<Item>,
    /// What the reader gave back at the end, the game's span set to nothing (as the
    /// game was when the reader gave its header): the game's header.
    file: File,
    /// The game's span, as the reader gave it back.
    span: Span,
    /// Whether plain turns are taken as such (false: every line is read as items).
    plain: bool,
    /// The move lists of the items' turns, emptied when the tape was dropped, for the
    /// reader of the next game (so that its turns do not allocate them again).
    spare_moves: Vec<Vec<MoveNode>>,
}

thread_local! {
    /// Tapes dropped on this thread, emptied, for the next games it reads (a tape is
    /// written and replayed on one thread).
    static SPARE: RefCell<Vec<Tape>> = const { RefCell::new(Vec::new()) };
}

/// At most this many tapes are kept in [`SPARE`].
const SPARE_TAPES: usize = 64;

/// A tape holding more steps or items than this is not kept (a large game's).
const KEEP_STEPS: usize = 1 << 10;
const KEEP_ITEMS: usize = 1 << 7;

impl Drop for Tape {
    fn drop(&mut self) {
        if self.steps.capacity() > KEEP_STEPS || self.items.capacity() > KEEP_ITEMS {
            return;
        }
        // Not kept while the thread's pool is being dropped, or is borrowed.
        let _ = SPARE.try_with(|spare| {
            let Ok(mut spare) = spare.try_borrow_mut() else {
                return;
            };
            if spare.len() >= SPARE_TAPES {
                return;
            }
            let mut spare_moves = std::mem::take(&mut self.spare_moves);
            for item in &mut self.items {
                if let Item::Event(Event {
                    kind: EventKind::Turn { moves, .. },
                    ..
                }) = item
                    && spare_moves.len() < KEEP_ITEMS
                {
                    moves.clear();
                    spare_moves.push(std::mem::take(moves));
                }
            }
            let mut kept = Tape {
                steps: std::mem::take(&mut self.steps),
                moves: std::mem::take(&mut self.moves),
                items: std::mem::take(&mut self.items),
                spare_moves,
                file: File::default(),
                span: Span::default(),
                plain: false,
            };
            kept.steps.clear();
            kept.moves.clear();
            kept.items.clear();
            spare.push(kept);
        });
    }
}

impl Lines for Tape {
    fn wants_plain(&self) -> bool {
        self.plain
    }

    // Offsets and counts are below the text's length, which `record` has checked fits
    // in 32 bits: the casts keep every value.
    #[allow(clippy::cast_possible_truncation)]
    fn plain_turn(&mut self, turn: PlainTurn<'_>) -> bool {
        let from = self.moves.len() as u32;
        self.moves.extend(turn.moves.iter().copied());
        self.steps.push(Step::Plain {
            moves: (from, self.moves.len() as u32),
            number: turn.number,
            kind_span: (turn.kind_span.start as u32, turn.kind_span.end as u32),
            side: turn.side,
            take: turn.take,
        });
        true
    }

    fn header(&mut self, _game: &Game) {
        // The header is the one the reader gives back at the end (a tag line after an
        // event line starts another game): kept once, there.
        self.steps.push(Step::Header);
    }

    // As for `plain_turn`: an item takes at least a byte of the text.
    #[allow(clippy::cast_possible_truncation)]
    fn take_items(&mut self, items: &mut Vec<Item>) {
        let from = self.items.len() as u32;
        self.items.append(items);
        self.steps.push(Step::Items(from, self.items.len() as u32));
    }

    fn items(&mut self, items: &[Item]) {
        self.take_items(&mut items.to_vec());
    }
}

impl Tape {
    /// Reads the first game of `src` with the shortcut reader onto a tape; `plain`:
    /// whether plain turns are kept as squares (the replay takes them) or read as
    /// items. The tape and where the next game starts (see
    /// [`super::fast::stream_first`]); `None` where the reader declines the game.
    pub(crate) fn record(src: &str, plain: bool) -> Option<(Tape, usize)> {
        if u32::try_from(src.len()).is_err() {
            // The tape's offsets are 32 bits (`MAX_INPUT_BYTES` is far below).
            return None;
        }
        let spare = SPARE.try_with(|s| s.try_borrow_mut().ok().and_then(|mut s| s.pop()));
        let mut tape = spare.ok().flatten().unwrap_or_default();
        tape.plain = plain;
        give_spare(&mut tape.spare_moves);
        // What the reader's pool had no room for.
        tape.spare_moves.clear();
        let (mut file, end) = stream_first(src, &mut tape)?;
        if let Some(g) = file.games.first_mut() {
            tape.span = g.span;
            if matches!(tape.steps.first(), Some(Step::Header)) {
                // The header was given before the game's span was known.
                g.span = Span::default();
            }
        }
        tape.file = file;
        Some((tape, end))
    }

    /// Makes `to` the calls the reader made, in order, and gives back what the reader
    /// gave back: the game, if the text holds one (its header; its body is empty, as a
    /// stream leaves it), and its span. `None` when `to` refused a plain turn or did
    /// not want one: the game must then be read again from its text, by a `to` made
    /// anew.
    pub(crate) fn play<L: Lines>(&self, to: &mut L) -> Option<(Option<&Game>, Span)> {
        let game = self.file.games.first();
        for step in &self.steps {
            match *step {
                Step::Header => to.header(game?),
                Step::Plain {
                    moves: (from, end),
                    number,
                    kind_span: (start, stop),
                    side,
                    take,
                } => {
                    let moves = self.moves.get(from as usize..end as usize)?;
                    if !to.wants_plain()
                        || !to.plain_turn(PlainTurn {
                            number,
                            side,
                            moves,
                            take,
                            kind_span: Span::new(start as usize, stop as usize),
                        })
                    {
                        return None;
                    }
                }
                Step::Items(from, end) => to.items(self.items.get(from as usize..end as usize)?),
            }
        }
        Some((game, self.span))
    }
}
