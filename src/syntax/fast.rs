//! A shortcut for plain files: a byte-level reader for the narrow, comment-free form
//! that `lanrick fmt` and `lanrick selfplay` write, so that large collections are not
//! read one pest rule call at a time.
//!
//! It defines nothing. `grammar/lanrick.pest` stays the only definition of the
//! notation: [`file`] either returns exactly the tree that the grammar and the lowering
//! give for the same text (spans included), or declines with `None`, and the caller
//! then parses the text with pest. It declines anything outside this form:
//!
//! - lines end with `\n` or `\r\n` (no other `\r`, no trailing blanks, no BOM);
//! - a line is empty, or one tag `[Name "value"]` with no escapes in the value, or one
//!   event with single spaces between its tokens;
//! - an event is an optional prefix (`12.`, `12. B:`, `Y:`, `B`) then `mark d5`,
//!   `mark d5 d6`, `interchange` with squares, `pass`, `resign`, `draw`, or moves
//!   `a7-b6 …` with an optional take `x e6`, or a take alone;
//! - every square is on the board.
//!
//! Anything else (comments, `;`, commas, variations, annotations, directives, errors of
//! any kind) is left to pest, which also gives every diagnostic. Tests compare the two
//! on generated text and on whole self-play corpora.

use super::ast::{
    Event, EventKind, File, Game, HeaderItem, Item, MoveNode, Prefix, Span, Spanned, Tag, Take,
};
use crate::engine::{Side, Square};

/// Reads `src` if all of it is in the plain form; `None` otherwise.
pub(crate) fn file(src: &str) -> Option<File> {
    let bytes = src.as_bytes();
    let mut out = File::default();
    // The game being built, and whether it has events yet.
    let mut game: Option<(Game, bool)> = None;
    let mut pos = 0;
    loop {
        let next = memchr_nl(bytes, pos);
        // The `\r` of a CRLF line end is a blank to the grammar, outside every token.
        let end = if next > pos && bytes[next - 1] == b'\r' {
            next - 1
        } else {
            next
        };
        let line = &bytes[pos..end];
        match line.first() {
            None => {}
            Some(b'[') => {
                let t = tag(src, pos, end)?;
                let starts_new = game.as_ref().is_none_or(|(_, has_events)| *has_events);
                if starts_new {
                    if let Some((g, _)) = game.take() {
                        out.games.push(finish(g));
                    }
                    game = Some((new_game(t.span), false));
                }
                let (g, _) = game.as_mut()?;
                g.header.push(HeaderItem::Tag(t));
            }
            Some(_) => {
                let ev = event(bytes, pos, end)?;
                let (g, has_events) =
                    game.get_or_insert_with(|| (new_game(Span::new(pos, pos)), false));
                *has_events = true;
                g.body.push(Item::Event(ev));
            }
        }
        if next == bytes.len() {
            break;
        }
        pos = next + 1;
    }
    if let Some((g, _)) = game {
        out.games.push(finish(g));
    }
    Some(out)
}

/// The index of the next `\n` at or after `from`, or the length of `bytes`.
fn memchr_nl(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| from + i)
}

/// A game starting at `start`, with nothing in it yet.
fn new_game(start: Span) -> Game {
    Game {
        header: Vec::new(),
        body: Vec::new(),
        span: start,
    }
}

/// Sets the game's span: from its first tag or event to the end of its last item.
fn finish(mut g: Game) -> Game {
    let tag_span = |h: &HeaderItem| match h {
        HeaderItem::Tag(t) => Some(t.span),
        HeaderItem::Comment(_) => None,
    };
    let event_span = |i: &Item| match i {
        Item::Event(e) => Some(e.span),
        Item::Comment(_) => None,
    };
    let first = g.header.first().and_then(tag_span);
    let first = first.or_else(|| g.body.first().and_then(event_span));
    let last = g.body.last().and_then(event_span);
    let last = last.or_else(|| g.header.last().and_then(tag_span));
    g.span = match (first, last) {
        (Some(a), Some(b)) => a.to(b),
        _ => Span::default(),
    };
    g
}

/// A line `[Name "value"]` from `start` to `end`: one space between name and value,
/// nothing after the `]`, no `\` in the value.
fn tag(src: &str, start: usize, end: usize) -> Option<Tag> {
    let bytes = src.as_bytes();
    let line = &bytes[start..end];
    // `[`, a name of at least one letter, ` "`, the value, `"]`.
    if line.len() < 6 || line[line.len() - 2..] != *b"\"]" {
        return None;
    }
    let name_len = line[1..]
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))?;
    if name_len == 0 || !line[1].is_ascii_alphabetic() {
        return None;
    }
    let quote = 1 + name_len + 1;
    if line.get(1 + name_len) != Some(&b' ') || line.get(quote) != Some(&b'"') {
        return None;
    }
    let value_start = quote + 1;
    let value_end = line.len() - 2;
    if value_end < value_start
        || line[value_start..value_end]
            .iter()
            .any(|&b| b == b'"' || b == b'\\')
    {
        return None;
    }
    let name = src.get(start + 1..start + 1 + name_len)?;
    let value = src.get(start + value_start..start + value_end)?;
    Some(Tag {
        name: Spanned::new(name.to_owned(), Span::new(start + 1, start + 1 + name_len)),
        value: Spanned::new(
            value.to_owned(),
            Span::new(start + value_start, start + value_end),
        ),
        span: Span::new(start, end),
    })
}

/// A cursor over one line of events.
struct Line<'a> {
    bytes: &'a [u8],
    pos: usize,
    end: usize,
}

impl Line<'_> {
    /// Whether the line is read to its end.
    fn at_end(&self) -> bool {
        self.pos == self.end
    }

    /// Consumes one space that must be followed by more of the line.
    fn space(&mut self) -> Option<()> {
        if self.pos + 1 < self.end && self.bytes[self.pos] == b' ' {
            self.pos += 1;
            Some(())
        } else {
            None
        }
    }

    /// Whether the text at the cursor is `word` followed by a space or the line's end;
    /// consumes it if so.
    fn keyword(&mut self, word: &[u8]) -> bool {
        let after = self.pos + word.len();
        if after <= self.end
            && &self.bytes[self.pos..after] == word
            && (after == self.end || self.bytes[after] == b' ')
        {
            self.pos = after;
            true
        } else {
            false
        }
    }

    /// A square on the board, `a1` to `h8`, followed by a space, the line's end, or
    /// `-` when `dash` (a move's first square).
    fn square(&mut self, dash: bool) -> Option<Spanned<Square>> {
        let p = self.pos;
        if p + 2 > self.end {
            return None;
        }
        let (f, r) = (self.bytes[p], self.bytes[p + 1]);
        if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
            return None;
        }
        let next = self.bytes.get(p + 2).copied();
        let ok = if p + 2 == self.end {
            !dash
        } else if dash {
            next == Some(b'-')
        } else {
            next == Some(b' ')
        };
        if !ok {
            return None;
        }
        self.pos = p + 2;
        let sq = Square::from_coords(f - b'a', r - b'1')?;
        Some(Spanned::new(sq, Span::new(p, p + 2)))
    }
}

/// One event line from `start` to `end`.
fn event(bytes: &[u8], start: usize, end: usize) -> Option<Event> {
    let mut l = Line {
        bytes,
        pos: start,
        end,
    };
    let prefix = prefix(&mut l)?;
    let kind_start = l.pos;
    let kind = if l.keyword(b"mark") {
        l.space()?;
        let square = l.square(false)?;
        let towards = if l.at_end() {
            None
        } else {
            l.space()?;
            Some(l.square(false)?)
        };
        EventKind::Mark { square, towards }
    } else if l.keyword(b"interchange") {
        let mut squares = Vec::new();
        while !l.at_end() {
            l.space()?;
            squares.push(l.square(false)?);
        }
        EventKind::Interchange { squares }
    } else if l.keyword(b"pass") {
        EventKind::Pass
    } else if l.keyword(b"resign") {
        EventKind::Resign
    } else if l.keyword(b"draw") {
        EventKind::Draw
    } else {
        turn(&mut l)?
    };
    if !l.at_end() {
        return None;
    }
    Some(Event {
        prefix,
        kind,
        kind_span: Span::new(kind_start, end),
        annotations: Vec::new(),
        comments: Vec::new(),
        variations: Vec::new(),
        span: Span::new(start, end),
    })
}

/// An optional prefix: `12.`, `12. B:`, `Y:` or `B`, followed by a space.
fn prefix(l: &mut Line<'_>) -> Option<Prefix> {
    let mut out = Prefix::default();
    let p = l.pos;
    let digits = l.bytes[p..l.end]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits > 0 {
        // Nine digits always fit a u32; longer numbers are left to the lowering's check.
        if digits > 9 || l.bytes.get(p + digits) != Some(&b'.') {
            return None;
        }
        let mut n = 0u32;
        for &b in &l.bytes[p..p + digits] {
            n = n * 10 + u32::from(b - b'0');
        }
        out.number = Some(Spanned::new(n, Span::new(p, p + digits + 1)));
        l.pos = p + digits + 1;
        l.space()?;
    }
    let p = l.pos;
    if let Some(side) = l.bytes[p..l.end].first().and_then(|&b| side_letter(b)) {
        let after = match l.bytes.get(p + 1) {
            Some(b':') => p + 2,
            Some(b' ') => p + 1,
            _ => return None,
        };
        out.side = Some(Spanned::new(side, Span::new(p, p + 1)));
        l.pos = after;
        l.space()?;
    }
    Some(out)
}

/// The side for a prefix letter.
fn side_letter(b: u8) -> Option<Side> {
    match b {
        b'B' => Some(Side::Black),
        b'Y' | b'W' => Some(Side::Yellow),
        _ => None,
    }
}

/// Moves `a7-b6 …` then an optional take, or a take alone.
fn turn(l: &mut Line<'_>) -> Option<EventKind> {
    // Each move takes at least six bytes with its space: room for exactly that many.
    let mut moves = Vec::with_capacity((l.end - l.pos + 1) / 6);
    loop {
        if l.bytes.get(l.pos) == Some(&b'x') {
            let start = l.pos;
            l.pos += 1;
            l.space()?;
            let square = l.square(false)?;
            let take = Take {
                square,
                span: Span::new(start, square.span.end),
            };
            return Some(EventKind::Turn {
                moves,
                take: Some(take),
                wanderers: Vec::new(),
            });
        }
        let from = l.square(true)?;
        l.pos += 1;
        let to = l.square(false)?;
        moves.push(MoveNode {
            from,
            to,
            span: Span::new(from.span.start, to.span.end),
        });
        if l.at_end() {
            return Some(EventKind::Turn {
                moves,
                take: None,
                wanderers: Vec::new(),
            });
        }
        l.space()?;
    }
}
