//! Text to syntax tree: the only module that knows pest. It reads the notation defined
//! by `grammar/lanrick.pest` and lowers it into the [`ast`], spans on every node.
//! It never checks legality.
//!
//! Three entry points: [`parse_file`] for `.lanrick` files, [`parse_line`] for one line
//! of REPL input, [`parse_goal`] for the value of a `Goal` tag. Each returns a
//! [`SyntaxError`] whose span points at the offending token.
//!
//! Variations may nest at most [`MAX_NESTING`] deep. A cheap scan of the input checks
//! this before pest runs, so neither the parser nor the lowering can exhaust the stack
//! however many `(` the input holds.

pub mod ast;
mod error;
mod fast;
mod lower;
pub mod near_miss;
mod parser;
pub mod split;
mod tape;

use pest::Parser as _;

pub use error::{SyntaxError, SyntaxErrorKind};
pub(crate) use fast::{Lines, PlainTurn, stream};
use parser::{LanrickParser, Rule};
pub use split::{GameSplitter, file_line_end, split_games};
pub(crate) use tape::Tape;

/// The deepest nesting of variations accepted: `( ( ... ) )` is depth 2.
pub const MAX_NESTING: usize = 64;

/// Done with a parsed file: its parts that the next [`parse_file`] on this thread can
/// fill again are kept (a collection's games are then read without allocating a move
/// list per turn). Dropping the file instead is always correct.
pub fn recycle(file: ast::File) {
    fast::recycle(file);
}

/// Parses a whole `.lanrick` file: tags, events, directives, comments, variations, one
/// game or a collection. Spans are byte offsets into `src` (a BOM counts).
///
/// # Errors
///
/// A [`SyntaxError`] at the first thing that is not well-formed notation.
pub fn parse_file(src: &str) -> Result<ast::File, SyntaxError> {
    match fast::file(src) {
        Some(file) => Ok(file),
        None => parse_file_with_pest(src),
    }
}

/// Parses a whole file like [`parse_file`]; on a syntax error, reads on to find every
/// other one. The grammar is a flat sequence of lines, so each *file line* (a line, or
/// more when a `{ }` comment or a variation spans lines, see [`file_line_end`]) parses
/// on its own as it does in the file: after an error the file is read again file line
/// by file line, and each line's first error is reported (the whole parse's error for
/// its own line; errors the lowering finds in lines before it, which the whole parse
/// never reached, are found too). An unclosed `{` comment takes the rest of the text.
///
/// # Errors
///
/// Every [`SyntaxError`] found, in file order (at least one).
pub fn parse_file_all_errors(src: &str) -> Result<ast::File, Vec<SyntaxError>> {
    let first = match parse_file(src) {
        Ok(file) => return Ok(file),
        Err(e) => e,
    };
    let mut errors = Vec::new();
    let mut from = 0;
    let mut first = Some(first);
    while from < src.len() {
        let end = file_line_end(src, from);
        let holds_first = first
            .as_ref()
            .is_some_and(|f| f.span.start < end || end >= src.len());
        let found = if holds_first {
            // The whole parse's own words for it.
            first.take()
        } else {
            line_error(src, from, end)
        };
        if let Some(e) = found {
            let unclosed = e.kind == SyntaxErrorKind::UnclosedComment;
            errors.push(e);
            if unclosed {
                break;
            }
        }
        // A file line holds at least one byte: `end > from`.
        from = end.max(from + 1);
    }
    if let Some(f) = first {
        // Not expected: every error is on some file line. Kept all the same, in order.
        errors.push(f);
        errors.sort_by_key(|e| e.span.start);
    }
    Err(errors)
}

/// The first syntax error of the file line `src[from..end]`, parsed alone but after a
/// newline, as it stands in the file (so that the error says what the file's parse
/// would say there); spans are offsets into `src`.
fn line_error(src: &str, from: usize, end: usize) -> Option<SyntaxError> {
    let line = src.get(from..end)?;
    if from == 0 {
        return parse_file(line).err();
    }
    let mut text = String::with_capacity(line.len() + 1);
    text.push('\n');
    text.push_str(line);
    let mut e = parse_file(&text).err()?;
    let at = |offset: usize| (offset + from).saturating_sub(1).max(from);
    e.span = ast::Span::new(at(e.span.start), at(e.span.end));
    Some(e)
}

/// The same as [`parse_file`], always through the pest grammar. [`parse_file`] first
/// tries a byte-level reader for the plain, comment-free form that `fmt` and
/// `selfplay` write, which gives the same tree (it is tested against this function)
/// or declines; this entry point is for those tests and for benchmarks.
///
/// # Errors
///
/// A [`SyntaxError`] at the first thing that is not well-formed notation.
pub fn parse_file_with_pest(src: &str) -> Result<ast::File, SyntaxError> {
    parse_with(src, Rule::file, lower::file)
}

/// Parses one line of REPL input: events and directives separated by `;`, comments
/// allowed (no tags). Spans are relative to `src`.
///
/// # Errors
///
/// A [`SyntaxError`] at the first thing that is not well-formed notation.
pub fn parse_line(src: &str) -> Result<Vec<ast::Item>, SyntaxError> {
    parse_with(src, Rule::line_input, lower::line_input)
}

/// Parses the value of a `Goal` tag: `Y wins rendezvous in 1`, `B wins game in 3`.
/// Spans are relative to `value`; add the tag value's span start to place them in the
/// file.
///
/// # Errors
///
/// A [`SyntaxError`] when the value is not a goal.
pub fn parse_goal(value: &str) -> Result<ast::Goal, SyntaxError> {
    parse_with(value, Rule::goal, lower::goal)
}

/// Scans, parses with `rule` and lowers the single top pair with `lower`.
fn parse_with<T>(
    src: &str,
    rule: Rule,
    lower: impl FnOnce(pest::iterators::Pair<'_, Rule>) -> Result<T, SyntaxError>,
) -> Result<T, SyntaxError> {
    let unclosed = scan(src)?;
    let mut pairs = match LanrickParser::parse(rule, src) {
        Ok(pairs) => pairs,
        Err(e) => {
            let mut err = error::from_pest(src, e);
            err.help = near_miss::help(src, err.span.start, rule);
            // An unclosed comment or string explains any failure at or after it.
            return Err(match unclosed {
                Some(u) if u.span.start <= err.span.start => u,
                _ => err,
            });
        }
    };
    let Some(top) = pairs.next() else {
        unreachable!("pest returns the entry rule's pair on success")
    };
    lower(top)
}

/// Checks the nesting of variations before parsing (an error if deeper than
/// [`MAX_NESTING`]), and finds the first unclosed `{` comment or `"` string, returned
/// to explain a parse error should one occur. Comments and strings are skipped as the
/// grammar reads them, so parentheses inside them do not count.
fn scan(src: &str) -> Result<Option<SyntaxError>, SyntaxError> {
    #[derive(Clone, Copy)]
    enum State {
        Code,
        Brace(usize),
        Line,
        Str(usize),
    }
    let bytes = src.as_bytes();
    let mut state = State::Code;
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        state = match state {
            State::Code => match b {
                b'{' => State::Brace(i),
                b'#' => State::Line,
                b'"' => State::Str(i),
                b'(' => {
                    depth += 1;
                    if depth > MAX_NESTING {
                        return Err(SyntaxError::new(
                            ast::Span::new(i, i + 1),
                            SyntaxErrorKind::Nesting { limit: MAX_NESTING },
                        ));
                    }
                    State::Code
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    State::Code
                }
                _ => State::Code,
            },
            State::Brace(start) => match b {
                b'}' => State::Code,
                _ => State::Brace(start),
            },
            State::Line => match b {
                b'\n' => State::Code,
                _ => State::Line,
            },
            State::Str(start) => match b {
                b'"' => State::Code,
                b'\n' => {
                    return Ok(Some(unclosed(start, SyntaxErrorKind::UnclosedString)));
                }
                b'\\' if bytes.get(i + 1).is_some_and(|&n| n != b'\n') => {
                    i += 1;
                    State::Str(start)
                }
                _ => State::Str(start),
            },
        };
        i += 1;
    }
    Ok(match state {
        State::Brace(start) => Some(unclosed(start, SyntaxErrorKind::UnclosedComment)),
        State::Str(start) => Some(unclosed(start, SyntaxErrorKind::UnclosedString)),
        State::Code | State::Line => None,
    })
}

/// An error on the one-byte opening delimiter at `start`.
fn unclosed(start: usize, kind: SyntaxErrorKind) -> SyntaxError {
    SyntaxError::new(ast::Span::new(start, start + 1), kind)
}

/// A copy of `file` with every span zeroed and every comment's text replaced by its
/// [normalized](ast::Comment::normalized_text) form: two files that mean the same and
/// differ only in layout compare equal. Used to check that `fmt` keeps the meaning.
pub fn without_spans(file: &ast::File) -> ast::File {
    ast::File {
        games: file.games.iter().map(strip::game).collect(),
        trailing: file.trailing.iter().map(strip::comment).collect(),
    }
}

/// The same as [`without_spans`] for REPL items.
pub fn items_without_spans(items: &[ast::Item]) -> Vec<ast::Item> {
    items.iter().map(strip::item).collect()
}

/// The visitor behind [`without_spans`].
mod strip {
    use super::ast::*;

    const Z: Span = Span { start: 0, end: 0 };

    fn s<T: Clone>(x: &Spanned<T>) -> Spanned<T> {
        Spanned::new(x.node.clone(), Z)
    }

    pub(super) fn game(g: &Game) -> Game {
        Game {
            header: g
                .header
                .iter()
                .map(|h| match h {
                    HeaderItem::Tag(t) => HeaderItem::Tag(Tag {
                        name: s(&t.name),
                        value: s(&t.value),
                        span: Z,
                    }),
                    HeaderItem::Comment(c) => HeaderItem::Comment(comment(c)),
                })
                .collect(),
            body: g.body.iter().map(item).collect(),
            span: Z,
        }
    }

    pub(super) fn comment(c: &Comment) -> Comment {
        Comment {
            text: c.normalized_text(),
            kind: c.kind,
            span: Z,
        }
    }

    pub(super) fn item(i: &Item) -> Item {
        match i {
            Item::Event(e) => Item::Event(event(e)),
            Item::Comment(c) => Item::Comment(comment(c)),
        }
    }

    fn event(e: &Event) -> Event {
        Event {
            prefix: Prefix {
                number: e.prefix.number.as_ref().map(s),
                side: e.prefix.side.as_ref().map(s),
            },
            kind: kind(&e.kind),
            kind_span: Z,
            annotations: e.annotations.iter().map(s).collect(),
            comments: e.comments.iter().map(comment).collect(),
            variations: e
                .variations
                .iter()
                .map(|v| Variation {
                    body: v.body.iter().map(item).collect(),
                    span: Z,
                })
                .collect(),
            span: Z,
        }
    }

    fn mv(m: &MoveNode) -> MoveNode {
        MoveNode {
            from: s(&m.from),
            to: s(&m.to),
            span: Z,
        }
    }

    fn kind(k: &EventKind) -> EventKind {
        match k {
            EventKind::Mark { square, towards } => EventKind::Mark {
                square: s(square),
                towards: towards.as_ref().map(s),
            },
            EventKind::Interchange { squares } => EventKind::Interchange {
                squares: squares.iter().map(s).collect(),
            },
            EventKind::Turn {
                moves,
                take,
                wanderers,
                radiate,
            } => EventKind::Turn {
                moves: moves.iter().map(mv).collect(),
                take: take.as_ref().map(|t| Take {
                    square: s(&t.square),
                    span: Z,
                }),
                wanderers: wanderers.iter().map(mv).collect(),
                radiate: radiate.as_deref().map(|r| Box::new(s(r))),
            },
            EventKind::MarkWith {
                square,
                squares,
                turned,
            } => EventKind::MarkWith {
                square: s(square),
                squares: squares.iter().map(s).collect(),
                turned: turned.map(|_| Z),
            },
            EventKind::MoveMark(m) => EventKind::MoveMark(mv(m)),
            EventKind::Set { groups } => EventKind::Set {
                groups: groups
                    .iter()
                    .map(|g| SetGroup {
                        side: g.side.as_ref().map(s),
                        squares: g.squares.iter().map(s).collect(),
                    })
                    .collect(),
            },
            EventKind::Pass => EventKind::Pass,
            EventKind::Resign => EventKind::Resign,
            EventKind::Draw => EventKind::Draw,
            EventKind::Assert(d) => EventKind::Assert(match d {
                Directive::Position(p) => Directive::Position(s(p)),
                Directive::ToMove(side) => Directive::ToMove(s(side)),
                Directive::Men(men) => {
                    Directive::Men(men.iter().map(|(a, b)| (s(a), s(b))).collect())
                }
                Directive::Winner(w) => Directive::Winner(s(w)),
                Directive::Illegal(e) => Directive::Illegal(Box::new(event(e))),
            }),
        }
    }
}

#[cfg(test)]
mod tests;
