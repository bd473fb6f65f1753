//! A shortcut for plain and annotated files: a byte-level reader for the form that
//! `lanrick fmt` and `lanrick selfplay` write, so that large collections are not read
//! one pest rule call at a time.
//!
//! It defines nothing. `grammar/lanrick.pest` stays the only definition of the
//! notation: [`file`] either returns exactly the tree that the grammar and the lowering
//! give for the same text (spans included), or declines with `None`, and the caller
//! then parses the text with pest. It declines anything outside this form:
//!
//! - lines end with `\n` or `\r\n` (no BOM); tokens are separated by blanks of any
//!   length (spaces, tabs, carriage returns that do not end the line), and blanks
//!   may start and end a line, as a person lays a file out (or tokens touch, where
//!   the grammar allows it and the second one starts with punctuation: `a7-b6!`,
//!   `a7-b6; pass`);
//! - a line is empty, or one tag `[Name "value"]` (blanks around its parts) with no
//!   escapes in the value, or a line of events and comments;
//! - an event is an optional prefix (`12.`, `12. B:`, `Y:`, `B`) then `mark d5`,
//!   `mark d5 d6`, `interchange` with squares, `pass`, `resign`, `draw`, or moves
//!   `a7-b6 …` with an optional take `x e6`, or a take alone; every square is on the
//!   board; events on one line are separated by `;`;
//! - after an event's action: glyphs (`!` `?` `!!` `??` `!?` `?!`), NAGs `$1` to
//!   `$255`, `{ … }` comments (which may span lines), variations `( … )` opened on
//!   the event's line, holding lines of the same over one line or several (at most
//!   [`MAX_DEPTH`] deep), and a `#` comment ending the line;
//! - comments may also stand before a line's first event, or alone on a line.
//!
//! [`stream_first`] reads the first game of a text the same way and says where the
//! next one starts, so that a collection is cut into games by the reading itself.
//!
//! [`stream`] reads one game the same way but hands its body on a line at a time, a
//! line that holds a turn and nothing else (but its prefix) as bare squares
//! ([`PlainTurn`]), so that
//! `check` replays a game without building its tree (no event is built, moved or
//! dropped for such a line).
//!
//! Anything else (comments inside an action or on a tag line, commas, directives, a
//! variation that opens on the line after its event, errors of any kind) is left to
//! pest, which also gives every diagnostic. Tests compare the two on generated text,
//! on whole self-play corpora, plain and annotated, and on those games laid out by
//! hand.

use super::ast::{
    Annotation, Comment, CommentKind, Event, EventKind, File, Game, HeaderItem, Item, MoveNode,
    Prefix, Span, Spanned, Tag, Take, Variation,
};
use crate::engine::{Side, Square};

/// Variations nested deeper than this are left to pest (which accepts up to
/// [`MAX_NESTING`](super::MAX_NESTING)).
pub(crate) const MAX_DEPTH: usize = 8;

mod spare;
use spare::SPARE_LISTS;
pub(crate) use spare::{give_spare, recycle};

/// Reads `src` if all of it is in the form above; `None` otherwise.
pub(crate) fn file(src: &str) -> Option<File> {
    with_reader(src, |r| read(r, None, None))
}

/// A line of a game's body that holds one turn and nothing else: an optional prefix,
/// then men's moves and a take, no annotation, comment or variation (what `selfplay`
/// writes, and what a person numbers by hand).
pub(crate) struct PlainTurn<'a> {
    /// The turn number of the prefix, if written.
    pub number: Option<u32>,
    /// The side of the prefix, if written.
    pub side: Option<Side>,
    /// The men's moves in order, as (from, to).
    pub moves: &'a [(Square, Square)],
    /// The man taken, if written.
    pub take: Option<Square>,
    /// The action's span, after the prefix.
    pub kind_span: Span,
}

/// What [`stream`] hands a game's body to, a file line at a time.
pub(crate) trait Lines {
    /// Whether plain turns are wanted now ([`Lines::plain_turn`] may still refuse
    /// one): when not, a line is read as events at once, not twice.
    fn wants_plain(&self) -> bool;
    /// The next line of the game's body when it is a plain turn, with the comment
    /// lines before it (whose spans only are given, to the game's span): true when
    /// taken, false to have the line as [`Lines::items`] instead.
    fn plain_turn(&mut self, turn: PlainTurn<'_>) -> bool;
    /// The game's header is read and its first event line comes next (not called
    /// for a game without events).
    fn header(&mut self, game: &Game);
    /// The next items of the game's body, in order: the events of one line with
    /// the comment lines before them.
    fn items(&mut self, items: &[Item]);
    /// [`Lines::items`] for a `Lines` that may keep them: it may take them out of
    /// `items` (which the reader empties and reuses either way).
    fn take_items(&mut self, items: &mut Vec<Item>) {
        self.items(items);
    }
}

/// Reads `src`, which must hold at most one game, as [`file`] does, but hands the
/// game's body to `to` a line at a time instead of building it, so that no body is
/// ever held: the answer's game has its header and its span, and an empty body.
/// `None` where [`file`] declines, or where a second game starts (after `to` may
/// have been given part of the text: the caller starts again).
pub(crate) fn stream(src: &str, to: &mut dyn Lines) -> Option<File> {
    with_reader(src, |r| read(r, Some(to), None))
}

/// Reads the first game of `src` as [`stream`] does, and stops where a second game
/// starts: the answer holds that game (as [`stream`] gives it for the text up to
/// there) and the offset where the next game's text starts, just after the first
/// game's last event line (as [`super::GameSplitter`] cuts it), or the length of `src`
/// when no second game starts in it. `None` where [`stream`] declines the first game.
/// This is how a collection is cut into games and read in one scan: the reader finds
/// each game's end as it reads the game.
pub(crate) fn stream_first(src: &str, to: &mut dyn Lines) -> Option<(File, usize)> {
    let mut end = src.len();
    let file = with_reader(src, |r| read(r, Some(to), Some(&mut end)))?;
    Some((file, end))
}

/// Runs `f` with a reader on `src` that takes its spare move lists from this thread's
/// pool and gives back what is left.
fn with_reader<T>(src: &str, f: impl FnOnce(&mut Reader<'_>) -> T) -> T {
    let mut r = Reader {
        src,
        bytes: src.as_bytes(),
        pos: 0,
        spare: spare::take(),
        plain: Vec::new(),
        plain_prefix: None,
    };
    let out = f(&mut r);
    spare::give_back(std::mem::take(&mut r.spare));
    out
}

/// [`file`]'s reading, with the reader set up; with `to`, [`stream`]'s; with
/// `next_game` too, [`stream_first`]'s (where the next game starts is written there).
fn read(
    r: &mut Reader<'_>,
    mut to: Option<&mut dyn Lines>,
    mut next_game: Option<&mut usize>,
) -> Option<File> {
    let src = r.src;
    // The events of the current line, before they go to the game's body.
    let mut line_items = Vec::new();
    let mut out = File::default();
    // The game being built, and whether it has events yet.
    let mut game: Option<(Game, bool)> = None;
    // Streamed: what the game's body has covered so far, for its span.
    let mut streamed: Option<Span> = None;
    // Lines holding only comments, not yet placed: they go to the header of a tag
    // line that follows before any event line, and to the body otherwise.
    let mut pending: Vec<Comment> = Vec::new();
    // Just after the last line that held events (for `next_game`).
    let mut after_events = 0usize;
    loop {
        let start = r.blanks_end(r.pos);
        r.pos = start;
        // Whether this line holds events (for `after_events`).
        let mut events_here = false;
        if r.at_eol() {
            // A blank line.
        } else if r.bytes[start] == b'['
            && let Some(next) = next_game.as_deref_mut()
            && game.as_ref().is_some_and(|(_, has_events)| *has_events)
        {
            // A tag line after an event line: the next game starts after the last
            // event line (the comment lines between go to it).
            *next = after_events;
            pending.clear();
            break;
        } else if r.bytes[start] == b'[' {
            let next = memchr(r.bytes, b'\n', start);
            // Blanks after the tag (the `\r` of a CRLF line end among them) are outside
            // every token.
            let mut end = next;
            while end > start && matches!(r.bytes[end - 1], b' ' | b'\t' | b'\r') {
                end -= 1;
            }
            let t = tag(src, start, end)?;
            r.pos = next;
            let starts_new = game.as_ref().is_none_or(|(_, has_events)| *has_events);
            if starts_new {
                if let Some((g, _)) = game.take() {
                    if to.is_some() {
                        // A stream holds one game.
                        return None;
                    }
                    out.games.push(finish(g, None));
                }
                game = Some((new_game(), false));
            }
            let (g, _) = game.as_mut()?;
            g.header.extend(pending.drain(..).map(HeaderItem::Comment));
            g.header.push(HeaderItem::Tag(t));
        } else if to.is_none()
            && let Some((g, true)) = game.as_mut()
            && pending.is_empty()
        {
            // The game has events and no comment line waits: the line's events go
            // straight to its body (a line of comments only leaves it as it was).
            let comments = r.line(0, &mut g.body)?;
            pending.extend(comments);
        } else if let Some(to) = to.as_deref_mut()
            && to.wants_plain()
            && let Some((take, span, kind_span)) = r.plain_turn()
            && {
                let (g, has_events) = game.get_or_insert_with(|| (new_game(), false));
                if !*has_events {
                    to.header(g);
                    *has_events = true;
                }
                let prefix = r.plain_prefix.unwrap_or_default();
                to.plain_turn(PlainTurn {
                    number: prefix.number.map(|n| n.node),
                    side: prefix.side.map(|s| s.node),
                    moves: &r.plain,
                    take,
                    kind_span,
                })
            }
        {
            // Taken as a plain turn: the comment lines before it are only spans.
            events_here = true;
            streamed = pending
                .drain(..)
                .map(|c| c.span)
                .chain([span])
                .fold(streamed, cover);
        } else {
            // Not a plain turn, or one the stream wants as items: read it whole.
            r.pos = start;
            let comments = r.line(0, &mut line_items)?;
            if line_items.is_empty() {
                pending.extend(comments);
            } else {
                let (g, has_events) = game.get_or_insert_with(|| (new_game(), false));
                match to.as_deref_mut() {
                    None => {
                        if !*has_events {
                            // Sized once from the bytes left: growing a body of a
                            // hundred large events by doubling was 4 % of checking
                            // a file.
                            g.body.reserve(game_items(r.bytes, start));
                        }
                        g.body.extend(pending.drain(..).map(Item::Comment));
                        g.body.append(&mut line_items);
                    }
                    Some(to) => {
                        if !*has_events {
                            to.header(g);
                        }
                        if !pending.is_empty() {
                            line_items.splice(0..0, pending.drain(..).map(Item::Comment));
                        }
                        streamed = line_items.iter().map(item_span).fold(streamed, cover);
                        to.take_items(&mut line_items);
                        r.reuse(&mut line_items);
                    }
                }
                *has_events = true;
                events_here = true;
            }
        }
        let more = r.next_line();
        if events_here {
            after_events = r.pos;
        }
        if !more {
            break;
        }
    }
    match game {
        Some((mut g, _)) => {
            if to.is_some() {
                streamed = pending.iter().map(|c| c.span).fold(streamed, cover);
            } else {
                g.body.extend(pending.into_iter().map(Item::Comment));
            }
            out.games.push(finish(g, streamed));
        }
        None => out.trailing = pending,
    }
    Some(out)
}

/// An item's span.
fn item_span(i: &Item) -> Span {
    match i {
        Item::Event(e) => e.span,
        Item::Comment(c) => c.span,
    }
}

/// `span` covered too.
fn cover(so_far: Option<Span>, span: Span) -> Option<Span> {
    Some(so_far.map_or(span, |s| s.to(span)))
}

/// The index of the next `byte` at or after `from`, or the length of `bytes`.
fn memchr(bytes: &[u8], byte: u8, from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == byte)
        .map_or(bytes.len(), |i| from + i)
}

/// A bound on the items of a game whose events start at `from`, from the bytes left:
/// a line `fmt` writes holds one event in at least 12 bytes. Kept under 480 items
/// (120 KiB of events, below the allocator's default threshold for mapping memory);
/// a longer game grows by doubling from there.
fn game_items(bytes: &[u8], from: usize) -> usize {
    (bytes.len().saturating_sub(from) / 12 + 1).min(480)
}

/// A game with nothing in it yet.
fn new_game() -> Game {
    Game {
        header: Vec::new(),
        body: Vec::new(),
        span: Span::default(),
    }
}

/// Sets the game's span: from its first header or body item to the end of its last
/// (`streamed`: what a body handed on by [`stream`] covered).
fn finish(mut g: Game, streamed: Option<Span>) -> Game {
    let header = g.header.iter().map(|h| match h {
        HeaderItem::Tag(t) => t.span,
        HeaderItem::Comment(c) => c.span,
    });
    let body = g.body.iter().map(item_span);
    g.span = header
        .chain(body)
        .chain(streamed)
        .reduce(Span::to)
        .unwrap_or_default();
    if g.body.capacity() > 2 * g.body.len() + 16 {
        // A long comment, or the games after this one, made the bound loose.
        g.body.shrink_to_fit();
    }
    g
}

/// A line `[Name "value"]` from `start` to `end` (which ends at the `]`): blanks (spaces
/// and tabs) may stand around the name and the value, nothing after the `]`, no `\`
/// in the value.
fn tag(src: &str, start: usize, end: usize) -> Option<Tag> {
    let bytes = src.as_bytes();
    let line = &bytes[start..end];
    let blanks = |mut i: usize| {
        while matches!(line.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    };
    // `[`, a name of at least one letter, `"`, the value, `"`, `]`.
    if line.len() < 5 || line[line.len() - 1] != b']' {
        return None;
    }
    let name_start = blanks(1);
    let name_len = line[name_start..]
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))?;
    if name_len == 0 || !line[name_start].is_ascii_alphabetic() {
        return None;
    }
    let quote = blanks(name_start + name_len);
    if line.get(quote) != Some(&b'"') {
        return None;
    }
    let value_start = quote + 1;
    let mut close = line.len() - 1;
    while close > value_start && matches!(line[close - 1], b' ' | b'\t') {
        close -= 1;
    }
    // `close` is just after the closing quote.
    if close <= value_start || line[close - 1] != b'"' {
        return None;
    }
    let value_end = close - 1;
    if line[value_start..value_end]
        .iter()
        .any(|&b| b == b'"' || b == b'\\' || b == b'\r')
    {
        return None;
    }
    let name = src.get(start + name_start..start + name_start + name_len)?;
    let value = src.get(start + value_start..start + value_end)?;
    Some(Tag {
        name: Spanned::new(
            name.to_owned(),
            Span::new(start + name_start, start + name_start + name_len),
        ),
        value: Spanned::new(
            value.to_owned(),
            Span::new(start + value_start, start + value_end),
        ),
        span: Span::new(start, end),
    })
}

/// A cursor over the whole text.
struct Reader<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// Empty move lists to fill rather than allocate ([`recycle`]).
    spare: Vec<Vec<MoveNode>>,
    /// The moves of the last plain turn read ([`Reader::plain_turn`]).
    plain: Vec<(Square, Square)>,
    /// The prefix of the last plain turn read, when it had one.
    plain_prefix: Option<Prefix>,
}

impl Reader<'_> {
    /// Empties `items`, keeping its turns' move lists for the turns read next.
    fn reuse(&mut self, items: &mut Vec<Item>) {
        for item in items.iter_mut() {
            if let Item::Event(Event {
                kind: EventKind::Turn { moves, .. },
                ..
            }) = item
                && self.spare.len() < SPARE_LISTS
            {
                moves.clear();
                self.spare.push(std::mem::take(moves));
            }
        }
        items.clear();
    }

    /// The byte at `p`, if any.
    fn at(&self, p: usize) -> Option<u8> {
        self.bytes.get(p).copied()
    }

    /// Whether `p` is at the end of a line: the end of the text, `\n`, or the `\r` of
    /// `\r\n` (or a `\r` ending the text).
    fn eol_at(&self, p: usize) -> bool {
        match self.at(p) {
            None | Some(b'\n') => true,
            Some(b'\r') => matches!(self.at(p + 1), None | Some(b'\n')),
            Some(_) => false,
        }
    }

    /// Whether the cursor is at the end of a line.
    fn at_eol(&self) -> bool {
        self.eol_at(self.pos)
    }

    /// Moves from the end of a line to the start of the next; false at the end of the
    /// text.
    fn next_line(&mut self) -> bool {
        match self.at(self.pos) {
            Some(b'\n') => {
                self.pos += 1;
                true
            }
            Some(b'\r') if self.at(self.pos + 1) == Some(b'\n') => {
                self.pos += 2;
                true
            }
            _ => false,
        }
    }

    /// Whether no word character (`word_char` in the grammar) is at `p`: a keyword,
    /// square or move may end there.
    fn word_ends(&self, p: usize) -> bool {
        !matches!(self.at(p), Some(b) if b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    }

    /// Whether the byte at `p` is a blank the grammar skips between tokens: a space, a
    /// tab, or a carriage return that does not end the line.
    fn blank_at(&self, p: usize) -> bool {
        match self.at(p) {
            Some(b' ' | b'\t') => true,
            Some(b'\r') => !self.eol_at(p),
            _ => false,
        }
    }

    /// The first byte at or after `p` that is not a blank.
    #[inline(always)]
    fn blanks_end(&self, p: usize) -> usize {
        // Most often none, or one space before a token.
        match self.bytes.get(p) {
            Some(b' ') if !matches!(self.bytes.get(p + 1), Some(b' ' | b'\t' | b'\r')) => p + 1,
            Some(b' ' | b'\t' | b'\r') => self.blank_run_end(p),
            _ => p,
        }
    }

    /// [`Reader::blanks_end`] for a run of more than one space, or other blanks.
    #[cold]
    fn blank_run_end(&self, mut p: usize) -> usize {
        while let Some(&b) = self.bytes.get(p) {
            match b {
                b' ' | b'\t' => p += 1,
                b'\r' if !matches!(self.bytes.get(p + 1), None | Some(b'\n')) => p += 1,
                _ => break,
            }
        }
        p
    }

    /// After a token: any blanks, then the next token or the line's end (which may
    /// also touch it).
    fn separator(&mut self) -> Option<()> {
        self.pos = self.blanks_end(self.pos);
        Some(())
    }

    /// At least one blank, followed by more of the line.
    fn space(&mut self) -> Option<()> {
        let end = self.blanks_end(self.pos);
        if end > self.pos && !self.eol_at(end) {
            self.pos = end;
            Some(())
        } else {
            None
        }
    }

    /// Where a token after blanks starts, when at least one blank is at the cursor.
    fn after_blanks(&self) -> Option<usize> {
        let end = self.blanks_end(self.pos);
        (end > self.pos).then_some(end)
    }

    /// Whether the text at the cursor is `word` with no word character after it;
    /// consumes it if so.
    fn keyword(&mut self, word: &[u8]) -> bool {
        let after = self.pos + word.len();
        if self.bytes.get(self.pos..after) == Some(word) && self.word_ends(after) {
            self.pos = after;
            true
        } else {
            false
        }
    }

    /// A square on the board, `a1` to `h8`, followed by no word character.
    fn square(&mut self) -> Option<Spanned<Square>> {
        let p = self.pos;
        let (f, r) = (self.at(p)?, self.at(p + 1)?);
        if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) || !self.word_ends(p + 2) {
            return None;
        }
        self.pos = p + 2;
        let sq = Square::from_coords(f - b'a', r - b'1')?;
        Some(Spanned::new(sq, Span::new(p, p + 2)))
    }

    /// Whether a square `a1`–`h8` followed by no word character starts at `p`.
    fn square_at(&self, p: usize) -> bool {
        matches!(self.at(p), Some(b'a'..=b'h'))
            && matches!(self.at(p + 1), Some(b'1'..=b'8'))
            && self.word_ends(p + 2)
    }

    /// Whether a move's first square `a1`–`h8` and its `-` start at `p`.
    fn move_at(&self, p: usize) -> bool {
        matches!(self.at(p), Some(b'a'..=b'h'))
            && matches!(self.at(p + 1), Some(b'1'..=b'8'))
            && self.at(p + 2) == Some(b'-')
    }

    /// One line of events and comments from the cursor to the line's end, or, in a
    /// variation (`depth` > 0), to its `)`. The events are pushed to `items` (after
    /// what it holds); comments before the first event belong to it, later ones to the event
    /// before them, as the lowering places them. Returns the comments of a line
    /// without events (none if it has events).
    fn line(&mut self, depth: usize, items: &mut Vec<Item>) -> Option<Vec<Comment>> {
        // The line's events are those pushed after `base`.
        let base = items.len();
        let mut leading: Vec<Comment> = Vec::new();
        // A `;` was read: only an event (or a comment, or the end) may follow.
        let mut after_semi = false;
        self.pos = self.blanks_end(self.pos);
        loop {
            if self.at_eol() {
                // In a variation, its next line follows ([`Reader::variation`]).
                break;
            }
            let b = self.at(self.pos)?;
            if depth > 0 && b == b')' {
                break;
            }
            match b {
                b'{' => {
                    let c = self.brace_comment()?;
                    attach(&mut items[base..], &mut leading, c);
                }
                b'#' => {
                    let c = self.line_comment();
                    attach(&mut items[base..], &mut leading, c);
                    // The comment runs to the line's end.
                    continue;
                }
                b';' => {
                    if after_semi || items.len() == base {
                        return None;
                    }
                    self.pos += 1;
                    after_semi = true;
                }
                b'!' | b'?' | b'$' | b'(' => {
                    if after_semi {
                        return None;
                    }
                    let Some(Item::Event(ev)) = items[base..].last_mut() else {
                        return None;
                    };
                    match b {
                        b'(' => {
                            if depth >= MAX_DEPTH {
                                return None;
                            }
                            let v = self.variation(depth + 1)?;
                            ev.variations.push(v);
                        }
                        b'$' => ev.annotations.push(self.nag()?),
                        _ => ev.annotations.push(self.glyph()),
                    }
                    ev.span.end = self.pos;
                }
                _ => {
                    if !(items.len() == base || after_semi) {
                        return None;
                    }
                    let mut ev = self.event()?;
                    if items.len() == base {
                        ev.comments = std::mem::take(&mut leading);
                    }
                    items.push(Item::Event(ev));
                    after_semi = false;
                }
            }
            self.separator()?;
        }
        Some(leading)
    }

    /// `{ ... }` at the cursor, to the first `}` (it may span lines).
    fn brace_comment(&mut self) -> Option<Comment> {
        let start = self.pos;
        let close = memchr(self.bytes, b'}', start + 1);
        if close == self.bytes.len() {
            // Unclosed: pest gives the error.
            return None;
        }
        let text = self.src.get(start + 1..close)?;
        self.pos = close + 1;
        Some(Comment {
            text: text.to_owned(),
            kind: CommentKind::Brace,
            span: Span::new(start, close + 1),
        })
    }

    /// `# ...` at the cursor, to the line's end (the `\r` of a CRLF is not part of it).
    fn line_comment(&mut self) -> Comment {
        let start = self.pos;
        let next = memchr(self.bytes, b'\n', start);
        let end = if next > start + 1 && self.bytes[next - 1] == b'\r' {
            next - 1
        } else {
            next
        };
        self.pos = end;
        Comment {
            // `#` and `\r` are ASCII: both ends fall on character boundaries.
            text: self.src.get(start + 1..end).unwrap_or_default().to_owned(),
            kind: CommentKind::Line,
            span: Span::new(start, end),
        }
    }

    /// A glyph at the cursor (which is at `!` or `?`): two characters when the next one
    /// is also `!` or `?`, as the grammar's ordered choice reads them.
    fn glyph(&mut self) -> Spanned<Annotation> {
        let start = self.pos;
        let first = self.bytes[start];
        let second = self.at(start + 1).filter(|b| matches!(b, b'!' | b'?'));
        let a = match (first, second) {
            (b'!', Some(b'!')) => Annotation::Brilliant,
            (b'?', Some(b'?')) => Annotation::Blunder,
            (b'!', Some(_)) => Annotation::Interesting,
            (b'?', Some(_)) => Annotation::Dubious,
            (b'!', None) => Annotation::Good,
            _ => Annotation::Mistake,
        };
        self.pos = start + 1 + usize::from(second.is_some());
        Spanned::new(a, Span::new(start, self.pos))
    }

    /// A NAG `$1` to `$255` at the cursor; `None` for any other number (the lowering's
    /// error).
    fn nag(&mut self) -> Option<Spanned<Annotation>> {
        let start = self.pos;
        let digits = self.bytes[start + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = start + 1 + digits;
        let n = self.src.get(start + 1..end)?.parse::<u8>().ok()?;
        if n == 0 {
            return None;
        }
        self.pos = end;
        Some(Spanned::new(Annotation::Nag(n), Span::new(start, end)))
    }

    /// `( ... )` at the cursor, on one line or several: each line of it read as a
    /// line of the file is (its comments on its events, or standing alone).
    fn variation(&mut self, depth: usize) -> Option<Variation> {
        let start = self.pos;
        self.pos += 1;
        self.separator()?;
        let mut body = Vec::new();
        let mut items = Vec::new();
        loop {
            let comments = self.line(depth, &mut items)?;
            if items.is_empty() {
                body.extend(comments.into_iter().map(Item::Comment));
            } else {
                body.append(&mut items);
            }
            if self.at(self.pos) == Some(b')') {
                break;
            }
            // The line ended inside the variation; an unclosed one is pest's to report.
            if !self.next_line() {
                return None;
            }
        }
        self.pos += 1;
        Some(Variation {
            body,
            span: Span::new(start, self.pos),
        })
    }

    /// One event's prefix and action at the cursor, with nothing after it yet.
    fn event(&mut self) -> Option<Event> {
        let start = self.pos;
        let prefix = self.prefix()?;
        let kind_start = self.pos;
        // Nearly every event is a turn: no keyword starts with a square or `x `.
        let kind = if self.move_at(self.pos) || self.at(self.pos) == Some(b'x') {
            self.turn()?
        } else if self.keyword(b"mark") {
            self.space()?;
            let square = self.square()?;
            // A second square after blanks; anything else is left to the separator.
            let towards = if let Some(q) = self.after_blanks().filter(|&q| self.square_at(q)) {
                self.pos = q;
                Some(self.square()?)
            } else {
                None
            };
            EventKind::Mark { square, towards }
        } else if self.keyword(b"interchange") {
            let mut squares = Vec::new();
            while let Some(q) = self.after_blanks().filter(|&q| self.square_at(q)) {
                self.pos = q;
                squares.push(self.square()?);
            }
            EventKind::Interchange { squares }
        } else if self.keyword(b"pass") {
            EventKind::Pass
        } else if self.keyword(b"resign") {
            EventKind::Resign
        } else if self.keyword(b"draw") {
            EventKind::Draw
        } else {
            self.turn()?
        };
        let end = self.pos;
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
    fn prefix(&mut self) -> Option<Prefix> {
        let mut out = Prefix::default();
        let p = self.pos;
        let digits = self.bytes[p..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits > 0 {
            // Nine digits always fit a u32; longer numbers are left to the lowering's
            // check.
            if digits > 9 || self.at(p + digits) != Some(b'.') {
                return None;
            }
            let mut n = 0u32;
            for &b in &self.bytes[p..p + digits] {
                n = n * 10 + u32::from(b - b'0');
            }
            out.number = Some(Spanned::new(n, Span::new(p, p + digits + 1)));
            self.pos = p + digits + 1;
            self.space()?;
        }
        let p = self.pos;
        if let Some(side) = self.at(p).and_then(side_letter) {
            let after = match self.at(p + 1) {
                Some(b':') => p + 2,
                _ if self.blank_at(p + 1) => p + 1,
                _ => return None,
            };
            out.side = Some(Spanned::new(side, Span::new(p, p + 1)));
            self.pos = after;
            self.space()?;
        }
        Some(out)
    }

    /// A man's move `a7-b6` at the cursor, followed by no word character: its five
    /// bytes tested at once.
    fn man_move(&mut self) -> Option<MoveNode> {
        let p = self.pos;
        let [f1, r1, dash, f2, r2]: [u8; 5] = self.bytes.get(p..p + 5)?.try_into().ok()?;
        let file = |f: u8| (b'a'..=b'h').contains(&f);
        let rank = |r: u8| (b'1'..=b'8').contains(&r);
        if !(file(f1) && rank(r1) && dash == b'-' && file(f2) && rank(r2) && self.word_ends(p + 5))
        {
            return None;
        }
        let from = Square::from_coords(f1 - b'a', r1 - b'1')?;
        let to = Square::from_coords(f2 - b'a', r2 - b'1')?;
        self.pos = p + 5;
        Some(MoveNode {
            from: Spanned::new(from, Span::new(p, p + 2)),
            to: Spanned::new(to, Span::new(p + 3, p + 5)),
            span: Span::new(p, p + 5),
        })
    }

    /// A line from the cursor that [`Reader::line`] reads as one turn event with
    /// nothing else (a prefix, then no annotation, comment or variation): its prefix
    /// in [`Reader::plain_prefix`], its moves in [`Reader::plain`], its take, its span
    /// and its action's span, the cursor left at the line's end. `None` for any other
    /// line, the cursor then anywhere on it.
    fn plain_turn(&mut self) -> Option<(Option<Square>, Span, Span)> {
        let start = self.pos;
        // Most lines start with their action; the moves below refuse anything else.
        self.plain_prefix = None;
        if !matches!(self.at(start), Some(b'a'..=b'h' | b'x')) {
            self.plain_prefix = Some(self.turn_prefix()?);
        }
        let kind_start = self.pos;
        self.plain.clear();
        let take = loop {
            if self.at(self.pos) == Some(b'x') {
                self.pos += 1;
                self.space()?;
                break Some(self.square()?.node);
            }
            let m = self.man_move()?;
            self.plain.push((m.from.node, m.to.node));
            // Another move or the take after blanks; anything else ends the turn.
            match self.after_blanks() {
                Some(q) if self.move_at(q) || self.at(q) == Some(b'x') => self.pos = q,
                _ => break None,
            }
        };
        let end = self.pos;
        self.pos = self.blanks_end(end);
        self.at_eol()
            .then_some((take, Span::new(start, end), Span::new(kind_start, end)))
    }

    /// A prefix followed by a turn's first move or its take (for
    /// [`Reader::plain_turn`], out of its way).
    #[cold]
    #[inline(never)]
    fn turn_prefix(&mut self) -> Option<Prefix> {
        let prefix = self.prefix()?;
        (self.move_at(self.pos) || self.at(self.pos) == Some(b'x')).then_some(prefix)
    }

    /// Moves `a7-b6 …` then an optional take, or a take alone.
    fn turn(&mut self) -> Option<EventKind> {
        // A spare list (from games already checked, [`recycle`]) or a new one with
        // room for the usual turn.
        let mut moves = self.spare.pop().unwrap_or_else(|| Vec::with_capacity(4));
        loop {
            if self.at(self.pos) == Some(b'x') {
                let start = self.pos;
                self.pos += 1;
                self.space()?;
                let square = self.square()?;
                let take = Take {
                    square,
                    span: Span::new(start, square.span.end),
                };
                return Some(EventKind::Turn {
                    moves,
                    take: Some(take),
                    wanderers: Box::default(),
                    radiate: None,
                });
            }
            moves.push(self.man_move()?);
            // Another move or the take after blanks; anything else ends the turn.
            let next = self.after_blanks();
            let more = next.is_some_and(|q| self.move_at(q) || self.at(q) == Some(b'x'));
            if !more {
                return Some(EventKind::Turn {
                    moves,
                    take: None,
                    wanderers: Box::default(),
                    radiate: None,
                });
            }
            self.pos = next.unwrap_or(self.pos);
        }
    }
}

/// Places a comment as the lowering does: on the line's last event (whose span then
/// reaches it), or before the first event if none has come yet.
fn attach(items: &mut [Item], leading: &mut Vec<Comment>, c: Comment) {
    match items.last_mut() {
        Some(Item::Event(ev)) => {
            ev.span.end = c.span.end;
            ev.comments.push(c);
        }
        _ => leading.push(c),
    }
}

/// The side for a prefix letter.
fn side_letter(b: u8) -> Option<Side> {
    match b {
        b'B' => Some(Side::Black),
        b'Y' | b'W' => Some(Side::Yellow),
        _ => None,
    }
}
