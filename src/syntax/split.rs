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
    pub fn feed(&mut self, bytes: &[u8], cuts: &mut Vec<usize>) {
        for &b in bytes {
            let at = self.pos;
            self.pos += 1;
            if at < BOM.len() && b == BOM[at] && self.kind == LineKind::Blank {
                // Possibly the byte order mark: blank if the whole mark is there. A
                // lone 0xEF at the start is no token the grammar accepts anyway.
                continue;
            }
            match self.state {
                State::Code => match b {
                    b' ' | b'\t' | b'\r' => {}
                    b'\n' => {
                        if self.depth == 0 {
                            self.end_line(cuts);
                        }
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
                            _ => {}
                        }
                    }
                },
                State::Brace => {
                    if b == b'}' {
                        self.state = State::Code;
                    }
                }
                State::Line => {
                    if b == b'\n' {
                        self.state = State::Code;
                        if self.depth == 0 {
                            self.end_line(cuts);
                        }
                    }
                }
                State::Str => match b {
                    b'"' => self.state = State::Code,
                    // An unclosed string: the line ends here for the grammar too.
                    b'\n' => {
                        self.state = State::Code;
                        if self.depth == 0 {
                            self.end_line(cuts);
                        }
                    }
                    b'\\' => self.state = State::Escape,
                    _ => {}
                },
                State::Escape => {
                    self.state = State::Str;
                    if b == b'\n' {
                        self.state = State::Code;
                        if self.depth == 0 {
                            self.end_line(cuts);
                        }
                    }
                }
            }
        }
    }

    /// Ends the file (its last line may lack a newline); pushes a last game start if
    /// that line is a tag line after an event line.
    pub fn finish(&mut self, cuts: &mut Vec<usize>) {
        self.end_line(cuts);
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
