//! Finding the games of a collection without parsing it: a byte scan that mirrors the
//! grammar's lines and the lowering's grouping, so that `check` and `replay` can read a
//! large file game by game.
//!
//! A *file line* ends at a newline outside any `{ ... }` comment, string and variation
//! (a `{` comment and a variation may span physical lines). A file line whose first
//! token is `[` is a tag line; one with any other token is an event line; one with only
//! blanks and comments is blank. As in `super::lower`, a tag line after an event line
//! starts the next game. The cut is put right after the last event line, so that the
//! comment lines before the tag line go to the next game, as the lowering does.
//!
//! Each piece, parsed alone with [`super::parse_file`], gives the same games as the
//! whole file (spans moved by the piece's start). A file with a syntax error may be cut
//! differently, but the first error is in the same piece and at the same place.

use super::ast::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Code,
    Brace,
    Line,
    Str,
    /// In a string, just after a `\`.
    Escape,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineKind {
    Blank,
    Tag,
    Event,
}

/// An incremental game splitter: feed it the bytes of a file in order, in pieces of
/// any size, and it reports the offsets where games after the first one start.
#[derive(Clone, Debug)]
pub struct GameSplitter {
    state: State,
    depth: usize,
    kind: LineKind,
    /// Whether the game being read has an event line.
    has_events: bool,
    /// Just after the last event line's newline.
    after_event: usize,
    /// Bytes fed so far.
    pos: usize,
}

impl Default for GameSplitter {
    fn default() -> Self {
        GameSplitter::new()
    }
}

/// The UTF-8 byte order mark, skipped at the start of a file.
const BOM: &[u8] = "\u{FEFF}".as_bytes();

/// The bytes that change the splitter's state on a line that has begun, outside
/// comments and strings: the newline, what opens a comment or a string, and the
/// variation's parentheses.
const MATTERS_IN_CODE: [bool; 256] = {
    let mut t = [false; 256];
    t[b'\n' as usize] = true;
    t[b'{' as usize] = true;
    t[b'#' as usize] = true;
    t[b'"' as usize] = true;
    t[b'(' as usize] = true;
    t[b')' as usize] = true;
    t
};

/// The index of the first byte at or after `from` that changes the state of a line
/// that has begun ([`MATTERS_IN_CODE`]), or the length of `bytes`. Eight bytes are
/// tested at a time: a byte of `w ^ c·0x0101…` is zero where `w` holds `c`, and
/// `(x - 0x0101…) & !x & 0x8080…` flags the zero bytes of `x` (the lowest flag is
/// always a true one: a false flag needs a borrow from a zero byte below it).
fn next_that_matters(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let w = u64::from_le_bytes(word);
        // `"` and `#`, `(` and `)` differ only in their lowest bit: with that bit set
        // in every byte, one test finds either of a pair (no other byte becomes `#`
        // or `)`), so four tests do for the six bytes.
        let odd = w | ONES;
        let mut flags = 0u64;
        for (v, c) in [(w, b'\n'), (w, b'{'), (odd, b'#'), (odd, b')')] {
            let x = v ^ (ONES * u64::from(c));
            flags |= x.wrapping_sub(ONES) & !x & HIGHS;
        }
        if flags != 0 {
            return i + (flags.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    let rest = bytes.get(i..).unwrap_or(&[]);
    i + rest
        .iter()
        .position(|&c| MATTERS_IN_CODE[usize::from(c)])
        .unwrap_or(rest.len())
}

impl GameSplitter {
    /// A splitter at the start of a file.
    pub fn new() -> GameSplitter {
        GameSplitter {
            state: State::Code,
            depth: 0,
            kind: LineKind::Blank,
            has_events: false,
            after_event: 0,
            pos: 0,
        }
    }

    /// Bytes fed so far.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Reads the next `bytes` of the file; pushes to `cuts` the offset (from the start
    /// of the file) of every game start found, in order. A start is found when the tag
    /// line that opens the game ends (or at [`GameSplitter::finish`]).
    ///
    /// Most bytes change nothing: the rest of an event line after its first token, the
    /// inside of a comment or a string. Those runs are skipped whole (a table of the
    /// bytes that matter, `memchr` inside comments and strings), so the scan costs a few
    /// instructions a byte.
    pub fn feed(&mut self, bytes: &[u8], cuts: &mut Vec<usize>) {
        self.feed_until(bytes, cuts, false);
    }

    /// [`GameSplitter::feed`], stopping at the first game start found (pushed to
    /// `cuts`): the bytes after it are not read, and the splitter is no longer of use
    /// (start another at the cut). For a reader that cuts only some games with it.
    pub fn feed_to_cut(&mut self, bytes: &[u8], cuts: &mut Vec<usize>) {
        self.feed_until(bytes, cuts, true);
    }

    /// A splitter at byte `at` of a file, where a game starts (a cut it gave, or
    /// another reader's that mirrors it).
    pub fn starting_at(at: usize) -> GameSplitter {
        GameSplitter {
            pos: at,
            ..GameSplitter::new()
        }
    }

    #[inline(always)]
    fn feed_until(&mut self, bytes: &[u8], cuts: &mut Vec<usize>, first: bool) {
        let start = self.pos;
        let before = cuts.len();
        let mut i = 0usize;
        while let Some(&b) = bytes.get(i) {
            if first && cuts.len() > before {
                return;
            }
            let at = start + i;
            i += 1;
            if at < BOM.len() && b == BOM[at] && self.kind == LineKind::Blank {
                // Possibly the byte order mark: blank if the whole mark is there. A
                // lone 0xEF at the start is no token the grammar accepts anyway.
                continue;
            }
            match self.state {
                State::Code => match b {
                    b' ' | b'\t' | b'\r' => {}
                    b'\n' => {
                        self.newline(start + i, cuts);
                    }
                    b'{' => self.state = State::Brace,
                    b'#' => self.state = State::Line,
                    _ => {
                        if self.kind == LineKind::Blank {
                            self.kind = if b == b'[' {
                                LineKind::Tag
                            } else {
                                LineKind::Event
                            };
                        }
                        match b {
                            b'"' => self.state = State::Str,
                            b'(' => self.depth += 1,
                            b')' => self.depth = self.depth.saturating_sub(1),
                            _ => {
                                // The line has begun: up to the next byte that matters,
                                // nothing changes.
                                i = next_that_matters(bytes, i);
                            }
                        }
                    }
                },
                State::Brace => {
                    // From this byte on, to the closing brace.
                    let here = bytes.get(i - 1..).unwrap_or(&[]);
                    match memchr::memchr(b'}', here) {
                        Some(k) => {
                            i += k;
                            self.state = State::Code;
                        }
                        None => i = bytes.len(),
                    }
                }
                State::Line => {
                    let here = bytes.get(i - 1..).unwrap_or(&[]);
                    match memchr::memchr(b'\n', here) {
                        Some(k) => {
                            i += k;
                            self.state = State::Code;
                            self.newline(start + i, cuts);
                        }
                        None => i = bytes.len(),
                    }
                }
                State::Str => {
                    let here = bytes.get(i - 1..).unwrap_or(&[]);
                    let Some(k) = memchr::memchr3(b'"', b'\\', b'\n', here) else {
                        i = bytes.len();
                        continue;
                    };
                    i += k;
                    match here.get(k) {
                        Some(b'"') => self.state = State::Code,
                        // An unclosed string: the line ends here for the grammar too.
                        Some(b'\n') => {
                            self.state = State::Code;
                            self.newline(start + i, cuts);
                        }
                        _ => self.state = State::Escape,
                    }
                }
                State::Escape => {
                    self.state = State::Str;
                    if b == b'\n' {
                        self.state = State::Code;
                        self.newline(start + i, cuts);
                    }
                }
            }
        }
        self.pos = start + bytes.len();
    }

    /// Ends the file (its last line may lack a newline); pushes a last game start if
    /// that line is a tag line after an event line.
    pub fn finish(&mut self, cuts: &mut Vec<usize>) {
        self.end_line(cuts);
    }

    /// A newline outside comments and strings, just before byte `after` of the file:
    /// it ends the file line unless a variation is open.
    #[inline]
    fn newline(&mut self, after: usize, cuts: &mut Vec<usize>) {
        if self.depth == 0 {
            self.pos = after;
            self.end_line(cuts);
        }
    }

    fn end_line(&mut self, cuts: &mut Vec<usize>) {
        match self.kind {
            LineKind::Tag => {
                if self.has_events {
                    cuts.push(self.after_event);
                    self.has_events = false;
                }
            }
            LineKind::Event => {
                self.has_events = true;
                self.after_event = self.pos;
            }
            LineKind::Blank => {}
        }
        self.kind = LineKind::Blank;
    }
}

/// Where the file line that starts at byte `start` of `src` ends: just after the newline
/// that ends it, or at the end of `src`. As for the splitter, a newline inside a `{ }`
/// comment or a variation does not end a file line, nor does one before a line that opens
/// a variation, and an unclosed string ends at its line's end. Used to read on after a
/// syntax error ([`super::parse_file_all_errors`]).
pub fn file_line_end(src: &str, start: usize) -> usize {
    let bytes = src.as_bytes();
    let mut state = State::Code;
    let mut depth = 0usize;
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        i += 1;
        let newline_ends_line = match state {
            State::Code => {
                match b {
                    b'{' => state = State::Brace,
                    b'#' => state = State::Line,
                    b'"' => state = State::Str,
                    b'(' => depth += 1,
                    b')' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                b == b'\n'
            }
            State::Brace => {
                if b == b'}' {
                    state = State::Code;
                }
                false
            }
            State::Line | State::Str | State::Escape if b == b'\n' => {
                state = State::Code;
                true
            }
            State::Line => false,
            State::Str => {
                match b {
                    b'"' => state = State::Code,
                    b'\\' => state = State::Escape,
                    _ => {}
                }
                false
            }
            State::Escape => {
                state = State::Str;
                false
            }
        };
        if newline_ends_line && depth == 0 && !next_line_opens_variation(bytes, i) {
            return i;
        }
    }
    bytes.len()
}

/// Whether the line starting at `at` begins (after blanks) with `(`: a variation
/// written on the line after its event belongs to that event's line.
fn next_line_opens_variation(bytes: &[u8], at: usize) -> bool {
    bytes[at.min(bytes.len())..]
        .iter()
        .find(|&&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .is_some_and(|&b| b == b'(')
}

/// The pieces of `src`, one per game (one piece when the file holds at most one game),
/// covering the whole text in order.
pub fn split_games(src: &str) -> Vec<Span> {
    let mut s = GameSplitter::new();
    let mut cuts = Vec::new();
    s.feed(src.as_bytes(), &mut cuts);
    s.finish(&mut cuts);
    let mut out = Vec::with_capacity(cuts.len() + 1);
    let mut start = 0;
    for c in cuts {
        out.push(Span::new(start, c));
        start = c;
    }
    out.push(Span::new(start, src.len()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The splitter's definition, one byte at a time with no skipping: what the fast
    /// scan must agree with.
    fn cuts_byte_by_byte(src: &[u8]) -> Vec<usize> {
        let mut s = GameSplitter::new();
        let mut cuts = Vec::new();
        for (at, &b) in src.iter().enumerate() {
            s.pos = at + 1;
            if at < BOM.len() && b == BOM[at] && s.kind == LineKind::Blank {
                continue;
            }
            let mut newline_ends = false;
            match s.state {
                State::Code => match b {
                    b' ' | b'\t' | b'\r' => {}
                    b'\n' => newline_ends = true,
                    b'{' => s.state = State::Brace,
                    b'#' => s.state = State::Line,
                    _ => {
                        if s.kind == LineKind::Blank {
                            s.kind = if b == b'[' {
                                LineKind::Tag
                            } else {
                                LineKind::Event
                            };
                        }
                        match b {
                            b'"' => s.state = State::Str,
                            b'(' => s.depth += 1,
                            b')' => s.depth = s.depth.saturating_sub(1),
                            _ => {}
                        }
                    }
                },
                State::Brace if b == b'}' => s.state = State::Code,
                State::Brace => {}
                State::Line | State::Str | State::Escape if b == b'\n' => {
                    s.state = State::Code;
                    newline_ends = true;
                }
                State::Line => {}
                State::Str if b == b'"' => s.state = State::Code,
                State::Str if b == b'\\' => s.state = State::Escape,
                State::Str => {}
                State::Escape => s.state = State::Str,
            }
            if newline_ends && s.depth == 0 {
                s.end_line(&mut cuts);
            }
        }
        s.finish(&mut cuts);
        cuts
    }

    fn cuts_in_chunks(src: &[u8], chunk: usize) -> Vec<usize> {
        let mut s = GameSplitter::new();
        let mut cuts = Vec::new();
        for part in src.chunks(chunk.max(1)) {
            s.feed(part, &mut cuts);
        }
        s.finish(&mut cuts);
        cuts
    }

    /// Text made of the bytes the splitter cares about, and a few it does not.
    fn lanrick_like() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop::sample::select(vec![
            "[Event \"a\"]",
            "[Event \"x\\\"y\"]",
            "[",
            "]",
            "\"",
            "\\",
            "{",
            "}",
            "{ c }",
            "#",
            "# c",
            "(",
            ")",
            "\n",
            "\r\n",
            "\r",
            " ",
            "\t",
            "a1-b2",
            "mark d5",
            "x c3",
            "\u{FEFF}",
            "é",
        ]);
        prop::collection::vec(piece, 0..60).prop_map(|v| v.concat().into_bytes())
    }

    proptest! {
        #[test]
        fn the_fast_scan_cuts_where_the_byte_by_byte_scan_does(
            src in lanrick_like(),
            chunk in 1usize..40,
        ) {
            let expected = cuts_byte_by_byte(&src);
            prop_assert_eq!(&cuts_in_chunks(&src, src.len().max(1)), &expected);
            prop_assert_eq!(&cuts_in_chunks(&src, chunk), &expected);
        }
    }

    proptest! {
        #[test]
        fn eight_bytes_at_a_time_find_the_byte_one_at_a_time_does(
            bytes in prop::collection::vec(any::<u8>(), 0..40),
            from in 0usize..40,
        ) {
            let from = from.min(bytes.len());
            let expected = bytes[from..]
                .iter()
                .position(|&c| MATTERS_IN_CODE[usize::from(c)])
                .map_or(bytes.len(), |k| from + k);
            prop_assert_eq!(next_that_matters(&bytes, from), expected);
        }
    }

    #[test]
    fn every_byte_at_every_place_of_a_word_is_found_exactly_when_it_matters() {
        for b in 0..=255u8 {
            for at in 0..16 {
                let mut bytes = [b'a'; 16];
                bytes[at] = b;
                let expected = if MATTERS_IN_CODE[usize::from(b)] {
                    at
                } else {
                    16
                };
                assert_eq!(
                    next_that_matters(&bytes, 0),
                    expected,
                    "byte {b:#04x} at {at}"
                );
            }
        }
    }

    #[test]
    fn a_file_fed_in_pieces_of_any_size_is_cut_the_same() {
        let src = "\u{FEFF}[Event \"a # b\"]\n\nmark d5 { a\n\n[b] } # c\na1-b2 (b2-c3\n\n[x]\nc3-d4)\n\
                   [Event \"two\"]\n\"\\\n[Event]\nmark e5\n# end\n[Event \"three\"]\nmark f3";
        let expected = cuts_byte_by_byte(src.as_bytes());
        assert_eq!(expected.len(), 3, "{expected:?}");
        for chunk in 1..=src.len() {
            assert_eq!(
                cuts_in_chunks(src.as_bytes(), chunk),
                expected,
                "chunk {chunk}"
            );
        }
    }
}
