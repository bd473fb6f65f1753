//! Syntax errors: where (a [`Span`]) and what (a [`SyntaxErrorKind`]), with messages in
//! plain words. This is also our own adapter from pest's errors: rule names never reach
//! the user.

use std::fmt;

use super::ast::Span;
use super::parser::Rule;

/// A syntax error: the input is not well-formed notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SyntaxError {
    /// Where: the offending character or token (empty at the end of the input or of a
    /// line).
    pub span: Span,
    /// What.
    pub kind: SyntaxErrorKind,
    /// A help line: "did you mean …" for a near miss of the notation (`A7-B6`).
    pub help: Option<String>,
}

/// What is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SyntaxErrorKind {
    /// Something else was written where the notation expected one of these things.
    Expected {
        /// What would have been accepted, in words (e.g. "a square like `d4`").
        expected: Vec<&'static str>,
        /// What was found, in words (e.g. "`zz`" or "the end of the line").
        found: String,
    },
    /// Variations nested deeper than the limit.
    Nesting {
        /// The deepest nesting allowed.
        limit: usize,
    },
    /// A NAG outside `$1`…`$255`.
    BadNag {
        /// The NAG as written.
        text: String,
    },
    /// A number too large to read (turn numbers, counts).
    BadNumber {
        /// The number as written.
        text: String,
    },
    /// A square-like token that is not on the board, such as `i9` or `a10`.
    BadSquare {
        /// The token as written.
        text: String,
    },
    /// An escape other than `\"` or `\\` in a string.
    BadEscape {
        /// The escape as written.
        text: String,
    },
    /// A `{` comment that is never closed.
    UnclosedComment,
    /// A `"` string that is not closed on its line.
    UnclosedString,
    /// The parser gave up for lack of resources (should not happen: nesting is
    /// limited before parsing).
    Limit {
        /// The parser's explanation.
        message: String,
    },
}

impl SyntaxError {
    /// An error of `kind` at `span`.
    pub const fn new(span: Span, kind: SyntaxErrorKind) -> SyntaxError {
        SyntaxError {
            span,
            kind,
            help: None,
        }
    }

    /// A stable code naming the concept; callers prefix it with `lanrick::syntax::`.
    pub fn code(&self) -> &'static str {
        match self.kind {
            SyntaxErrorKind::Expected { .. } => "expected",
            SyntaxErrorKind::Nesting { .. } => "nesting",
            SyntaxErrorKind::BadNag { .. } => "bad_nag",
            SyntaxErrorKind::BadNumber { .. } => "bad_number",
            SyntaxErrorKind::BadSquare { .. } => "bad_square",
            SyntaxErrorKind::BadEscape { .. } => "bad_escape",
            SyntaxErrorKind::UnclosedComment => "unclosed_comment",
            SyntaxErrorKind::UnclosedString => "unclosed_string",
            SyntaxErrorKind::Limit { .. } => "limit",
        }
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            SyntaxErrorKind::Expected { expected, found } => {
                f.write_str("expected ")?;
                write_alternatives(f, expected)?;
                write!(f, ", found {found}")
            }
            SyntaxErrorKind::Nesting { limit } => {
                write!(f, "variations are nested more than {limit} deep")
            }
            SyntaxErrorKind::BadNag { text } => {
                write!(f, "expected a NAG from `$1` to `$255`, found `{text}`")
            }
            SyntaxErrorKind::BadNumber { text } => {
                write!(f, "the number `{text}` is too large")
            }
            SyntaxErrorKind::BadSquare { text } => write!(
                f,
                "expected a square like `d4` (file `a`-`h`, rank `1`-`8`), found `{text}`"
            ),
            SyntaxErrorKind::BadEscape { text } => write!(
                f,
                "unknown escape `{text}` in a string: only `\\\"` and `\\\\` are allowed"
            ),
            SyntaxErrorKind::UnclosedComment => {
                f.write_str("this `{` comment is never closed: expected `}`")
            }
            SyntaxErrorKind::UnclosedString => {
                f.write_str("this string is not closed on its line: expected `\"`")
            }
            SyntaxErrorKind::Limit { message } => {
                write!(f, "the input is too complex to read ({message})")
            }
        }
    }
}

impl std::error::Error for SyntaxError {}

/// Writes `a`, `a or b`, `a, b or c`.
fn write_alternatives(f: &mut fmt::Formatter<'_>, items: &[&str]) -> fmt::Result {
    match items {
        [] => f.write_str("something else"),
        [one] => f.write_str(one),
        [init @ .., last] => {
            f.write_str(&init.join(", "))?;
            write!(f, " or {last}")
        }
    }
}

/// What an event looks like, for messages.
const AN_EVENT: &str = "an event: a move like `a7-b6`, `mark d5`, `interchange`, `pass`, `resign`, `draw`, `assert ...`";

/// What an action looks like (after a prefix), for messages.
const AN_ACTION: &str =
    "an action: a move like `a7-b6`, `x e6`, `mark d5`, `interchange`, `pass`, `resign`, `draw`";

/// The end of a line, for messages.
const END_OF_LINE: &str = "the end of the line";

/// The end of the input, for messages.
const END_OF_INPUT: &str = "the end of the input";

/// A tag pair, for messages.
const A_TAG: &str = "a tag pair like `[Event \"...\"]`";

/// The words for what a rule stands for in messages (none for rules never worth
/// naming, such as comments). Each word comes with its rank: words are listed in rank
/// order.
fn describe(rule: Rule) -> &'static [(u8, &'static str)] {
    match rule {
        // A whole input that failed at its very start.
        Rule::file => &[(0, A_TAG), (3, AN_EVENT)],
        Rule::line_input => &[(3, AN_EVENT)],
        Rule::goal => &[(4, "a goal like `Y wins rendezvous in 1`")],
        Rule::tag => &[(0, A_TAG)],
        Rule::tag_name => &[(1, "a tag name")],
        Rule::string | Rule::string_text => &[(2, "a quoted string like `\"...\"`")],
        Rule::event | Rule::prefix | Rule::turn_number | Rule::directive | Rule::kw_assert => {
            &[(3, AN_EVENT)]
        }
        Rule::side_prefix
        | Rule::action
        | Rule::mark
        | Rule::kw_mark
        | Rule::interchange
        | Rule::kw_interchange
        | Rule::pass
        | Rule::resign
        | Rule::set
        | Rule::kw_set
        | Rule::turn => &[(5, AN_ACTION)],
        Rule::move_ => &[(6, "another move like `a7-b6`")],
        Rule::take | Rule::kw_x => &[(7, "a take like `x e6`")],
        Rule::wanderers | Rule::kw_wanderers => &[(
            7,
            "the wanderers sent to the border, like `wanderers e4-e1`",
        )],
        Rule::radiate | Rule::kw_radiate => &[(7, "a radiating choice like `radiate e8`")],
        Rule::kw_turned => &[(8, "`turned`")],
        Rule::set_group => &[(8, "a side and its squares, like `B a1 c1 e1 g1 h3`")],
        Rule::square => &[(8, "a square like `d4`")],
        Rule::assert_position
        | Rule::assert_to_move
        | Rule::assert_men
        | Rule::assert_winner
        | Rule::assert_illegal
        | Rule::kw_position
        | Rule::kw_to_move
        | Rule::kw_men
        | Rule::kw_winner
        | Rule::kw_illegal => &[(
            9,
            "what to assert: `position`, `to-move`, `men`, `winner` or `illegal`",
        )],
        Rule::side => &[(10, "a side (`B` or `Y`)")],
        Rule::draw => &[(11, "`draw`")],
        Rule::count => &[(12, "a number")],
        Rule::goal_target => &[(13, "`rendezvous` or `game`")],
        Rule::kw_wins => &[(14, "`wins`")],
        Rule::kw_in => &[(15, "`in`")],
        Rule::goal_help | Rule::kw_with | Rule::kw_help => &[(15, "`with help`")],
        Rule::glyph | Rule::nag => &[(16, "an annotation like `!` or `$1`")],
        Rule::variation | Rule::next_line_variation => &[(17, "a variation `( ... )`")],
        Rule::semi => &[(18, "`;`")],
        Rule::rbracket => &[(19, "`]`")],
        Rule::rparen => &[(20, "`)`")],
        Rule::nl => &[(21, END_OF_LINE)],
        Rule::EOI => &[(22, END_OF_INPUT)],
        // Comments may come anywhere, so they are never worth naming; the other rules
        // are silent, and pest never reports them.
        // The Mark's move is a square with more after it: "a square" says enough.
        Rule::mark_move => &[],
        Rule::COMMENT
        | Rule::WHITESPACE
        | Rule::brace_comment
        | Rule::line_comment
        | Rule::bom
        | Rule::word_char
        | Rule::file_line
        | Rule::events
        | Rule::events_line
        | Rule::square_text => &[],
    }
}

/// Turns a pest error into ours: the expected rules become words, and the span covers
/// the token found where they were expected.
pub(crate) fn from_pest(src: &str, err: pest::error::Error<Rule>) -> SyntaxError {
    let pos = match err.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((start, _)) => start,
    };
    match err.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut described: Vec<(u8, &'static str)> = positives
                .into_iter()
                .flat_map(|r| describe(r).iter().copied())
                .collect();
            described.sort();
            described.dedup();
            // An action includes `draw`; an event includes an action.
            if described.iter().any(|d| d.1 == AN_ACTION) {
                described.retain(|d| d.1 != "`draw`");
            }
            if described.iter().any(|d| d.1 == AN_EVENT) {
                described.retain(|d| d.1 != AN_ACTION);
            }
            // Where a line may end, the input may end too: one is enough.
            if described.iter().any(|d| d.1 == END_OF_LINE) {
                described.retain(|d| d.1 != END_OF_INPUT);
            }
            let expected = described.into_iter().map(|d| d.1).collect();
            let (span, found) = found_at(src, pos);
            SyntaxError::new(span, SyntaxErrorKind::Expected { expected, found })
        }
        pest::error::ErrorVariant::CustomError { message } => {
            let (span, _) = found_at(src, pos);
            SyntaxError::new(span, SyntaxErrorKind::Limit { message })
        }
    }
}

/// How many characters of a word `found_at` names at most.
const LONGEST_FOUND: usize = 40;

/// The token at byte `pos` and how to name it: the end of the input or of a line get an
/// empty span; otherwise the span covers a word (letters, digits, `-`, `_`, `.`, `$`) or
/// a single other character.
pub(crate) fn found_at(src: &str, pos: usize) -> (Span, String) {
    let pos = pos.min(src.len());
    let rest = &src[pos..];
    let Some(first) = rest.chars().next() else {
        return (Span::new(pos, pos), END_OF_INPUT.to_owned());
    };
    if first == '\n' || rest.starts_with("\r\n") {
        // Before the CR of a CRLF line end, where the line's text ends.
        let pos = if first == '\n' && src[..pos].ends_with('\r') {
            pos - 1
        } else {
            pos
        };
        return (Span::new(pos, pos), END_OF_LINE.to_owned());
    }
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '$' | ':');
    let len = if is_word(first) {
        rest.find(|c: char| !is_word(c)).unwrap_or(rest.len())
    } else {
        first.len_utf8()
    };
    // A very long word is named and underlined by its first characters only.
    let (len, more) = match rest[..len].char_indices().nth(LONGEST_FOUND) {
        Some((cut, _)) => (cut, "…"),
        None => (len, ""),
    };
    let token = &rest[..len];
    (Span::new(pos, pos + len), format!("`{token}{more}`"))
}
