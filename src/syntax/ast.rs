//! The syntax tree of a `.lanrick` file, exactly as written: every node carries its
//! [`Span`] (byte offsets into the source), and comments, annotations, variations and
//! unknown tags are all kept so that `fmt` can write the file back.
//!
//! Nothing here says whether an event is legal: a well-formed file may be an illegal
//! game. That is the interpreter's business.

use crate::engine::{Side, Square};

/// A byte range `start..end` in the source text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// Its length in bytes.
    pub const fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether it covers no bytes.
    pub const fn is_empty(&self) -> bool {
        self.end == self.start
    }

    /// The span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// The same span moved `by` bytes further into the text.
    pub const fn shift(self, by: usize) -> Span {
        Span::new(self.start + by, self.end + by)
    }
}

/// A value and where it was written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `node` with `span`.
    pub const fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

/// A whole file: one game or a collection of games.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct File {
    /// The games in order. A file with no tags and no events has none.
    pub games: Vec<Game>,
    /// Comments after the last game's last event that belong to no game (rare: only
    /// when the file has no game at all).
    pub trailing: Vec<Comment>,
}

/// One game: its tag pairs (with comments between them), then its body.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    /// Tags and the comments written among them, in order.
    pub header: Vec<HeaderItem>,
    /// Events, directives and comments on lines of their own, in order.
    pub body: Vec<Item>,
    /// From the first tag (or first item) to the end of the last item.
    pub span: Span,
}

impl Game {
    /// The tags in order.
    pub fn tags(&self) -> impl Iterator<Item = &Tag> {
        self.header.iter().filter_map(|h| match h {
            HeaderItem::Tag(t) => Some(t),
            HeaderItem::Comment(_) => None,
        })
    }

    /// The first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags().find(|t| t.name.node == name)
    }
}

/// Something in a game's header.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HeaderItem {
    /// `[Name "value"]`.
    Tag(Tag),
    /// A comment among the tags.
    Comment(Comment),
}

/// A tag pair `[Name "value"]`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tag {
    /// The name, e.g. `Event`.
    pub name: Spanned<String>,
    /// The value with escapes (`\"`, `\\`) resolved; its span covers the text between
    /// the quotes.
    pub value: Spanned<String>,
    /// The whole `[...]`.
    pub span: Span,
}

/// Something in a game's body or a variation.
///
/// Events are nearly every item, so boxing them to shrink the rare comment would cost
/// an allocation per event for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Item {
    /// An event (a game action or a directive).
    Event(Event),
    /// A comment standing between events.
    Comment(Comment),
}

/// A comment: `{ ... }` or `# ...` to the end of the line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Comment {
    /// The text inside the braces, or after `#`, as written (not trimmed).
    pub text: String,
    /// Which form.
    pub kind: CommentKind,
    /// The whole comment including its delimiters.
    pub span: Span,
}

impl Comment {
    /// The text as `fmt` writes it. For a `{ ... }` comment: each line trimmed, blank
    /// lines at either end dropped, runs of blank lines inside kept as one. For a `#`
    /// comment: trimmed. Normalizing twice changes nothing.
    pub fn normalized_text(&self) -> String {
        match self.kind {
            CommentKind::Line => self.text.trim().to_owned(),
            CommentKind::Brace => {
                let mut lines: Vec<&str> = Vec::new();
                for line in self.text.split('\n').map(str::trim) {
                    let blank_before = lines.last().is_none_or(|l| l.is_empty());
                    if !(line.is_empty() && blank_before) {
                        lines.push(line);
                    }
                }
                while lines.last().is_some_and(|l| l.is_empty()) {
                    lines.pop();
                }
                lines.join("\n")
            }
        }
    }
}

/// The two forms of comment.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CommentKind {
    /// `{ ... }`, may span lines.
    Brace,
    /// `# ...` to the end of the line.
    Line,
}

/// An optional turn number and side before an event: `12.`, `B`, `Y:`, `3. W:`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Prefix {
    /// The turn number, if written.
    pub number: Option<Spanned<u32>>,
    /// The side, if written (`W` is read as Yellow).
    pub side: Option<Spanned<Side>>,
}

/// One event with what may follow it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Event {
    /// Turn number and side, if written.
    pub prefix: Prefix,
    /// What the event is.
    pub kind: EventKind,
    /// Span of the event itself (without prefix, annotations, comments, variations).
    pub kind_span: Span,
    /// Annotation glyphs and NAGs after it, in order.
    pub annotations: Vec<Spanned<Annotation>>,
    /// Comments written inside or after the event (before the next event), in order.
    pub comments: Vec<Comment>,
    /// Alternatives to this event, each played from the position before it.
    pub variations: Vec<Variation>,
    /// From the prefix (or the event) to the end of the last thing belonging to it.
    pub span: Span,
}

/// The kinds of event.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EventKind {
    /// `mark d5` or `mark d5 d6`.
    Mark {
        /// The Mark's square.
        square: Spanned<Square>,
        /// The second square naming a 3-square line.
        towards: Option<Spanned<Square>>,
    },
    /// `mark d5 turned` or `mark c5 c8 f8 g1 c1 a3 a7`: a Mark with an option of the
    /// 1893 reading (two or more squares after it, or `turned`).
    MarkWith {
        /// The Mark's square.
        square: Spanned<Square>,
        /// The squares after it.
        squares: Vec<Spanned<Square>>,
        /// The `turned` keyword, if written.
        turned: Option<Span>,
    },
    /// `mark d5-e6`: the Mark moved one square (1880).
    MoveMark(MoveNode),
    /// `set B a1 c1 e1 g1 h3 Y a8 c8 e8 g8 h6` or `set a1 c1 e1 g1 h3`.
    Set {
        /// The groups of squares, each with its side letter if written.
        groups: Vec<SetGroup>,
    },
    /// `interchange` or `interchange c3 e5 f6`.
    Interchange {
        /// The squares chosen, if any.
        squares: Vec<Spanned<Square>>,
    },
    /// Man's moves, then optionally `x square`.
    Turn {
        /// The man's moves in order (at least one, unless `take` is present).
        moves: Vec<MoveNode>,
        /// The man taken under Rule 7 or 8.
        take: Option<Take>,
        /// The wanderers sent to the border after the take (1880), or set in the
        /// Rendezvous (1879), in order. A boxed slice and a boxed `radiate` keep an
        /// event as small as it was before 1879 (copying events is on the path of
        /// every 1893 file).
        wanderers: Box<[MoveNode]>,
        /// `radiate e8`: the centre man's border square (1879, E-8).
        radiate: Option<Box<Spanned<Square>>>,
    },
    /// `pass`.
    Pass,
    /// `resign`.
    Resign,
    /// `draw`.
    Draw,
    /// A directive `assert ...`.
    Assert(Directive),
}

/// One side's squares in a `set`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetGroup {
    /// The side letter, if written.
    pub side: Option<Spanned<Side>>,
    /// The squares.
    pub squares: Vec<Spanned<Square>>,
}

/// One man's move `from-to` as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveNode {
    /// Where the man stands.
    pub from: Spanned<Square>,
    /// Where he goes.
    pub to: Spanned<Square>,
    /// The whole `from-to`.
    pub span: Span,
}

/// The take `x square` at the end of a turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Take {
    /// The man taken.
    pub square: Spanned<Square>,
    /// The whole `x square`.
    pub span: Span,
}

/// An annotation after a turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Annotation {
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
    /// `$n`, 1 to 255.
    Nag(u8),
}

/// A directive: a check for scripts and CI.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Directive {
    /// `assert position "<position string>"`; the span covers the text between the
    /// quotes.
    Position(Spanned<String>),
    /// `assert to-move B`.
    ToMove(Spanned<Side>),
    /// `assert men B 4 Y 5` (one or both sides, in any order).
    Men(Vec<(Spanned<Side>, Spanned<u32>)>),
    /// `assert winner Y` or `assert winner draw`.
    Winner(Spanned<Option<Side>>),
    /// `assert illegal <event>`: the event must be rejected by the rules.
    Illegal(Box<Event>),
}

/// `( ... )` after an event: alternative events from the position before it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Variation {
    /// The events and comments inside.
    pub body: Vec<Item>,
    /// The whole `( ... )`.
    pub span: Span,
}

/// A puzzle goal, the value of a `Goal` tag: `Y wins rendezvous in 1`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Goal {
    /// Who must reach it.
    pub side: Spanned<Side>,
    /// What must be won.
    pub target: Spanned<GoalTarget>,
    /// Within how many of that side's turns.
    pub turns: Spanned<u32>,
    /// `with help` (help play: both sides cooperate), with its span.
    pub help: Option<Span>,
}

/// What a goal asks to win.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GoalTarget {
    /// The current Rendezvous (Rule 8).
    Rendezvous,
    /// The game (Rule 9).
    Game,
}
