//! A position: the men on the board, whose action is next, the Mark and the phase of
//! the Rendezvous; its position string (parsed with precise errors, written
//! canonically); and the actions that are not man's moves: setting the Mark (Rules 2
//! and 4), the interchange (Rule 5) and passing (D-6).

use super::rendezvous::{FIRST_MARK_SQUARES, Line, MarkProblem, Rendezvous, all_placements};
use super::side::{BySide, Side};
use super::square::Square;
use super::squareset::SquareSet;
use super::turn::TurnInProgress;
use super::violation::{InterchangeTiming, RuleViolation};
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// What the side to act is to do next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Set the Mark for the next Rendezvous.
    Mark,
    /// Play the first turn of this Rendezvous (allowance 2); an interchange may still be
    /// demanded before it.
    First,
    /// Play any later turn.
    Play,
}

impl Phase {
    /// The word used in position strings: `mark`, `first`, `play`.
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Mark => "mark",
            Phase::First => "first",
            Phase::Play => "play",
        }
    }
}

/// The most men a game can have on the board: a 9-square Rendezvous needs 10.
pub const MAX_MEN: u32 = 10;

/// The start of every game (Rule 2), Black to set the first Mark (D-3).
pub const START: &str = "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark";

/// A position of the game.
///
/// It always satisfies: no square holds two men; at most [`MAX_MEN`] men; when a Mark is
/// set, the Rendezvous has one square fewer than there are men on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    men: BySide<SquareSet>,
    to_act: Side,
    rendezvous: Option<Rendezvous>,
    phase: Phase,
    interchanged: bool,
}

/// The part of a position its string shows: two positions with the same key have the
/// same position string (the interchange flag is left out). Used for repetitions (D-9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PositionKey {
    men: BySide<SquareSet>,
    to_act: Side,
    rendezvous: Option<Rendezvous>,
    phase: Phase,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start of the game (Rule 2) with Black to set the first Mark (D-3).
    pub fn start() -> Position {
        Position::start_with_setter(Side::Black)
    }

    /// The start of the game with `setter` to set the first Mark.
    pub fn start_with_setter(setter: Side) -> Position {
        let set = |s: &str| -> SquareSet {
            s.split(' ')
                .filter_map(|t| t.parse::<Square>().ok())
                .collect()
        };
        Position {
            men: BySide::new(set("b8 h8 a4 h2 d1"), set("e8 a7 h5 a1 g1")),
            to_act: setter,
            rendezvous: None,
            phase: Phase::Mark,
            interchanged: false,
        }
    }

    /// A position with these men and `to_act` to set the Mark.
    ///
    /// # Errors
    /// When the sets overlap or hold more than [`MAX_MEN`] men.
    pub fn with_men(
        black: SquareSet,
        yellow: SquareSet,
        to_act: Side,
    ) -> Result<Position, PositionErrorKind> {
        if !(black & yellow).is_empty() {
            return Err(PositionErrorKind::Overlap);
        }
        let total = black.count() + yellow.count();
        if total > MAX_MEN {
            return Err(PositionErrorKind::TooManyMen { count: total });
        }
        Ok(Position {
            men: BySide::new(black, yellow),
            to_act,
            rendezvous: None,
            phase: Phase::Mark,
            interchanged: false,
        })
    }

    /// The men of `side`.
    pub const fn men(&self, side: Side) -> SquareSet {
        self.men.of(side)
    }

    /// Every man on the board.
    pub const fn occupied(&self) -> SquareSet {
        SquareSet(self.men.of(Side::Black).0 | self.men.of(Side::Yellow).0)
    }

    /// Whose man is on `sq`, if any.
    pub const fn man_at(&self, sq: Square) -> Option<Side> {
        self.men.owner(sq)
    }

    /// The number of men of `side` on the board.
    pub const fn count(&self, side: Side) -> u8 {
        self.men.of(side).count() as u8
    }

    /// The number of men on the board.
    pub const fn total(&self) -> u8 {
        self.occupied().count() as u8
    }

    /// The side whose action is next.
    pub const fn to_act(&self) -> Side {
        self.to_act
    }

    /// What is due next.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The current Rendezvous, once the Mark is set.
    pub const fn rendezvous(&self) -> Option<&Rendezvous> {
        self.rendezvous.as_ref()
    }

    /// Whether an interchange was made for the current Rendezvous.
    pub const fn interchanged(&self) -> bool {
        self.interchanged
    }

    /// The side that set the current Mark, during the first turn of a Rendezvous (the
    /// other side plays first).
    pub fn setter(&self) -> Option<Side> {
        (self.phase == Phase::First).then_some(!self.to_act)
    }

    /// The winner under Rule 9, when one side has only one man (or none) left.
    pub fn winner(&self) -> Option<Side> {
        if self.count(Side::Black) <= 1 {
            Some(Side::Yellow)
        } else if self.count(Side::Yellow) <= 1 {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// The size the next (or current) Rendezvous has: one less than the men on the
    /// board (Def. 1).
    pub fn rendezvous_size(&self) -> u8 {
        self.total().saturating_sub(1)
    }

    /// Whether the Mark due is the game's first (a 9-square Rendezvous, Rule 2: with
    /// ten men on the board no Rendezvous has yet been won).
    pub fn first_mark_due(&self) -> bool {
        self.phase == Phase::Mark && self.total() as u32 == MAX_MEN
    }

    /// The allowance of the side to act for a turn (Rule 3, D-4): 2 in the first turn
    /// for a Rendezvous, otherwise 5, 4 or 3 by his men on the board.
    pub fn allowance(&self) -> u8 {
        if self.phase == Phase::First {
            return 2;
        }
        match self.count(self.to_act) {
            n if n > 4 => 5,
            4 => 4,
            _ => 3,
        }
    }

    /// The men of `side` outside the Rendezvous (all of them when no Mark is set).
    pub fn outside(&self, side: Side) -> SquareSet {
        match &self.rendezvous {
            Some(r) => self.men(side) - r.squares(),
            None => self.men(side),
        }
    }

    /// The key of the position string, for repetitions.
    pub fn key(&self) -> PositionKey {
        PositionKey {
            men: self.men,
            to_act: self.to_act,
            rendezvous: self.rendezvous,
            phase: self.phase,
        }
    }

    /// The Rendezvous the side to act would make by setting the Mark on `mark` (with
    /// `towards`, a neighbour naming the line, for a 3-square Rendezvous).
    ///
    /// # Errors
    /// Why the Mark may not stand there now.
    pub fn mark_rendezvous(
        &self,
        mark: Square,
        towards: Option<Square>,
    ) -> Result<Rendezvous, RuleViolation> {
        if self.winner().is_some() {
            return Err(RuleViolation::GameOver);
        }
        if let Some(r) = &self.rendezvous {
            return Err(RuleViolation::MarkAlreadySet { mark: r.mark() });
        }
        let size = self.rendezvous_size();
        let bad = |problem| RuleViolation::BadMark {
            square: mark,
            size,
            problem,
        };
        if self.first_mark_due() && !FIRST_MARK_SQUARES.contains(mark) {
            return Err(bad(MarkProblem::NotFirstSquare));
        }
        let line = match towards {
            None => None,
            Some(t) if size != 3 => {
                let _ = t;
                return Err(bad(MarkProblem::LineNotAllowed));
            }
            Some(t) => Some(Line::through(mark, t).ok_or(bad(MarkProblem::NotAdjacent(t)))?),
        };
        Rendezvous::new(size, mark, line).map_err(bad)
    }

    /// Sets the Mark (Rules 2 and 4): the other side then plays the first turn.
    ///
    /// # Errors
    /// Why the Mark may not stand there now; the position is unchanged.
    pub fn set_mark(
        &self,
        mark: Square,
        towards: Option<Square>,
    ) -> Result<Position, RuleViolation> {
        let r = self.mark_rendezvous(mark, towards)?;
        Ok(self.with_rendezvous(r))
    }

    /// The position after the side to act sets the Mark making `r` (no checks).
    fn with_rendezvous(&self, r: Rendezvous) -> Position {
        Position {
            rendezvous: Some(r),
            to_act: !self.to_act,
            phase: Phase::First,
            interchanged: false,
            ..*self
        }
    }

    /// Every Rendezvous the side to act may make by setting the Mark now, in a stable
    /// order (empty unless a Mark is due).
    pub fn mark_options(&self) -> Vec<Rendezvous> {
        if self.phase != Phase::Mark || self.winner().is_some() {
            return Vec::new();
        }
        all_placements(self.rendezvous_size(), self.first_mark_due())
    }

    /// Every position reached by setting the Mark now, with its Rendezvous.
    pub fn mark_outcomes(&self) -> Vec<(Rendezvous, Position)> {
        self.mark_options()
            .into_iter()
            .map(|r| (r, self.with_rendezvous(r)))
            .collect()
    }

    /// Whether the side to act may demand an interchange now (Rule 5), and if not, why.
    ///
    /// # Errors
    /// Why no interchange may be demanded now.
    pub fn can_interchange(&self) -> Result<(), RuleViolation> {
        if self.winner().is_some() {
            return Err(RuleViolation::GameOver);
        }
        match self.phase {
            Phase::Mark => Err(RuleViolation::InterchangeNotNow(InterchangeTiming::NoMark)),
            Phase::Play => Err(RuleViolation::InterchangeNotNow(
                InterchangeTiming::AfterFirstTurn,
            )),
            Phase::First if self.interchanged => Err(RuleViolation::InterchangeNotNow(
                InterchangeTiming::AlreadyMade,
            )),
            Phase::First => {
                let setter = !self.to_act;
                let (s, o) = (self.count(setter), self.count(self.to_act));
                if s > o {
                    Err(RuleViolation::SetterHasMoreMen {
                        setter,
                        setter_men: s,
                        other_men: o,
                    })
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Whether an interchange now needs the setter's choice of men: `Some(k)` when the
    /// setter has `k` men, fewer than the other side (who may demand it).
    pub fn interchange_choice_needed(&self) -> Option<u8> {
        let setter = !self.to_act;
        let k = self.count(setter);
        (k < self.count(self.to_act)).then_some(k)
    }

    /// The interchange (Rule 5), demanded by the side to act before the first turn: the
    /// setter's men all change colour, and so do `chosen` of the demanding side's men
    /// (required exactly when the setter has fewer men: as many as he has).
    ///
    /// # Errors
    /// Why the interchange is not allowed; the position is unchanged.
    pub fn interchange(&self, chosen: &[Square]) -> Result<Position, RuleViolation> {
        self.can_interchange()?;
        let demander = self.to_act;
        let setter = !demander;
        let k = self.count(setter);
        let others = self.men(demander);
        let taken: SquareSet = if k == self.count(demander) {
            if !chosen.is_empty() {
                return Err(RuleViolation::InterchangeNoChoice);
            }
            others
        } else {
            let mut set = SquareSet::EMPTY;
            for &sq in chosen {
                if !others.contains(sq) {
                    return Err(RuleViolation::InterchangeNotOthersMan { square: sq });
                }
                if set.contains(sq) {
                    return Err(RuleViolation::InterchangeRepeated { square: sq });
                }
                set.insert(sq);
            }
            if set.count() as u8 != k {
                return Err(RuleViolation::InterchangeWrongCount {
                    expected: k,
                    given: chosen.len() as u8,
                });
            }
            set
        };
        let setters = self.men(setter);
        let mut men = self.men;
        *men.get_mut(setter) = taken;
        *men.get_mut(demander) = (others - taken) | setters;
        Ok(Position {
            men,
            interchanged: true,
            ..*self
        })
    }

    /// Starts a turn for the side to act, to be built man's move by man's move.
    ///
    /// # Errors
    /// When no turn may be played now (no Mark set, or the game is over).
    pub fn begin_turn(&self) -> Result<TurnInProgress, RuleViolation> {
        if self.winner().is_some() {
            return Err(RuleViolation::GameOver);
        }
        if self.rendezvous.is_none() {
            return Err(RuleViolation::MarkNotSet {
                setter: self.to_act,
            });
        }
        Ok(TurnInProgress::new(*self))
    }

    /// Passes (D-6): allowed only when the side to act has no legal man's move and no
    /// take is due.
    ///
    /// # Errors
    /// [`RuleViolation::PassNotAllowed`] with a legal move when one exists.
    pub fn pass(&self) -> Result<Position, RuleViolation> {
        let turn = self.begin_turn()?;
        if let Some(choices) = turn.take_choices() {
            return Err(RuleViolation::TakeDue {
                choices,
                full: turn.take_is_forced(),
            });
        }
        if let Some(m) = turn.legal_moves().first() {
            return Err(RuleViolation::PassNotAllowed {
                example: (m.from, m.to),
            });
        }
        Ok(self.after_turn(self.men))
    }

    /// The position after a turn of the side to act that ended with `men` on the board
    /// and the Rendezvous still in play.
    pub(crate) fn after_turn(&self, men: BySide<SquareSet>) -> Position {
        Position {
            men,
            to_act: !self.to_act,
            rendezvous: self.rendezvous,
            phase: Phase::Play,
            interchanged: self.interchanged,
        }
    }

    /// The position after the Rendezvous was won under Rule 8 by the side to act:
    /// `men` is the board after the outlying man was removed. The player with fewer
    /// men sets the next Mark; with equal numbers, the one who just lost a man.
    pub(crate) fn after_rendezvous(&self, men: BySide<SquareSet>) -> Position {
        let winner = self.to_act;
        let (w, l) = (men.of(winner).count(), men.of(!winner).count());
        let setter = if w < l { winner } else { !winner };
        Position {
            men,
            to_act: setter,
            rendezvous: None,
            phase: Phase::Mark,
            interchanged: false,
        }
    }

    /// The men of both sides.
    pub(crate) const fn all_men(&self) -> BySide<SquareSet> {
        self.men
    }

    /// Parses a position string (see [`Position::to_string`] for the form).
    ///
    /// # Errors
    /// A [`PositionError`] with the byte range of the offending part of `s`.
    pub fn parse(s: &str) -> Result<Position, PositionError> {
        parse_position(s)
    }
}

impl fmt::Display for Position {
    /// The canonical position string: `<placement> <side> <mark> <phase>`, or
    /// `<placement> <side> mark` before a Mark is set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let Some(sq) = Square::from_coords(file, rank) else {
                    continue;
                };
                match self.man_at(sq) {
                    Some(side) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", side.letter())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.to_act.letter())?;
        match &self.rendezvous {
            Some(r) => write!(f, " {} {}", r, self.phase.word()),
            None => f.write_str(" mark"),
        }
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        parse_position(s)
    }
}

/// A malformed or impossible position string, with the byte range at fault.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    /// What is wrong.
    pub kind: PositionErrorKind,
    /// The bytes of the string at fault.
    pub span: Range<usize>,
}

/// What is wrong with a position string.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionErrorKind {
    /// The string has the wrong number of fields.
    FieldCount {
        /// How many fields were found.
        found: usize,
    },
    /// The placement does not have 8 ranks.
    RankCount {
        /// How many ranks were found.
        found: usize,
    },
    /// A character that is neither `B`, `Y` (or `W`) nor a digit 1-8.
    BadChar {
        /// The character.
        found: char,
        /// The rank it is in (1-8).
        rank: u8,
    },
    /// A rank covers more than 8 squares.
    RankTooLong {
        /// The rank (1-8).
        rank: u8,
    },
    /// A rank covers fewer than 8 squares.
    RankTooShort {
        /// The rank (1-8).
        rank: u8,
        /// The squares it covers.
        squares: u8,
    },
    /// The side field is not `B`, `Y` or `W`.
    BadSide,
    /// The Mark field is not a square (or `square:square`).
    BadMark,
    /// The phase is not `first` or `play`.
    BadPhase,
    /// A Mark was given without a phase.
    MissingPhase,
    /// Two men on one square (only from [`Position::with_men`]).
    Overlap,
    /// More than 10 men: no Rendezvous could be formed.
    TooManyMen {
        /// The men counted.
        count: u32,
    },
    /// The Mark cannot stand there for the Rendezvous size the men give.
    Mark {
        /// The size (men on the board − 1).
        size: u8,
        /// What is wrong.
        problem: MarkProblem,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.kind, f)
    }
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind::*;
        match self {
            FieldCount { found } => write!(
                f,
                "a position string has 4 fields, `<placement> <side> <mark> <phase>`, or 3 before a Mark is set, `<placement> <side> mark`; found {found}"
            ),
            RankCount { found } => write!(
                f,
                "the placement needs 8 ranks separated by `/`, found {found}"
            ),
            BadChar { found, rank } => write!(
                f,
                "unexpected {found:?} in rank {rank}: expected `B`, `Y` (or `W`) for a man or a digit 1-8 for empty squares"
            ),
            RankTooLong { rank } => write!(f, "rank {rank} covers more than 8 squares"),
            RankTooShort { rank, squares } => {
                write!(f, "rank {rank} covers only {squares} squares, not 8")
            }
            BadSide => write!(
                f,
                "expected the side to act: `B` or `Y` (or `W` for Yellow)"
            ),
            BadMark => write!(
                f,
                "expected the Mark: a square like `d5`, `d5:d6` for a 3-square line, or the word `mark`"
            ),
            BadPhase => write!(f, "expected the phase: `first` or `play`"),
            MissingPhase => write!(f, "a Mark needs a phase after it: `first` or `play`"),
            Overlap => write!(f, "two men on one square"),
            TooManyMen { count } => write!(
                f,
                "{count} men on the board: a game has at most 10, since the largest Rendezvous has 9 squares"
            ),
            Mark { size, problem } => match problem {
                MarkProblem::NoSuchSize => write!(
                    f,
                    "the men on the board give a Rendezvous of {size} squares, which does not exist"
                ),
                MarkProblem::NeedsField => write!(
                    f,
                    "the Mark of {} {size}-square Rendezvous must be on a field square, not the border",
                    super::rendezvous::article(*size)
                ),
                MarkProblem::LineOffBoard(l) => {
                    write!(
                        f,
                        "the {} line of three through the Mark leaves the board",
                        l.name()
                    )
                }
                MarkProblem::LineRequired => write!(
                    f,
                    "the men give a 3-square Rendezvous: write the Mark with its line, like `d5:d6`"
                ),
                MarkProblem::LineNotAllowed => write!(
                    f,
                    "the men give a {size}-square Rendezvous, which has no line: write just the Mark's square"
                ),
                MarkProblem::NotAdjacent(sq) => {
                    write!(f, "the line's square {sq} is not next to the Mark")
                }
                MarkProblem::NotFirstSquare => {
                    write!(f, "the first Mark must be on c6, d5, e4 or f3")
                }
            },
        }
    }
}

impl std::error::Error for PositionError {}

fn parse_position(s: &str) -> Result<Position, PositionError> {
    let err = |kind, span: Range<usize>| PositionError { kind, span };
    let fields: Vec<(usize, &str)> = s
        .split_ascii_whitespace()
        .map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w))
        .collect();
    let whole = 0..s.len();
    if !(3..=4).contains(&fields.len()) {
        return Err(err(
            PositionErrorKind::FieldCount {
                found: fields.len(),
            },
            whole,
        ));
    }
    let (p_at, placement) = fields[0];
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(
            PositionErrorKind::RankCount { found: ranks.len() },
            p_at..p_at + placement.len(),
        ));
    }
    let mut men = BySide::new(SquareSet::EMPTY, SquareSet::EMPTY);
    let mut offset = p_at;
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for (j, c) in text.char_indices() {
            let at = offset + j;
            let span = at..at + c.len_utf8();
            match c {
                '1'..='8' => {
                    file += c as u8 - b'0';
                    if file > 8 {
                        return Err(err(PositionErrorKind::RankTooLong { rank: rank + 1 }, span));
                    }
                }
                _ => {
                    let Some(side) = Side::from_letter(c) else {
                        return Err(err(
                            PositionErrorKind::BadChar {
                                found: c,
                                rank: rank + 1,
                            },
                            span,
                        ));
                    };
                    let Some(sq) = Square::from_coords(file, rank) else {
                        return Err(err(PositionErrorKind::RankTooLong { rank: rank + 1 }, span));
                    };
                    men.get_mut(side).insert(sq);
                    file += 1;
                }
            }
        }
        if file < 8 {
            let end = offset + text.len();
            let span = offset..end;
            return Err(err(
                PositionErrorKind::RankTooShort {
                    rank: rank + 1,
                    squares: file,
                },
                span,
            ));
        }
        offset += text.len() + 1;
    }
    let (s_at, side_text) = fields[1];
    let to_act = side_text
        .parse::<Side>()
        .map_err(|_| err(PositionErrorKind::BadSide, s_at..s_at + side_text.len()))?;
    let total = men.of(Side::Black).count() + men.of(Side::Yellow).count();
    if total > MAX_MEN {
        return Err(err(
            PositionErrorKind::TooManyMen { count: total },
            p_at..p_at + placement.len(),
        ));
    }
    let (m_at, mark_text) = fields[2];
    let m_span = m_at..m_at + mark_text.len();
    if mark_text == "mark" {
        if fields.len() == 4 {
            return Err(err(
                PositionErrorKind::FieldCount { found: 4 },
                fields[3].0..fields[3].0 + fields[3].1.len(),
            ));
        }
        return Ok(Position {
            men,
            to_act,
            rendezvous: None,
            phase: Phase::Mark,
            interchanged: false,
        });
    }
    let (mark, towards) = match mark_text.split_once(':') {
        Some((a, b)) => (a.parse::<Square>(), Some(b.parse::<Square>())),
        None => (mark_text.parse::<Square>(), None),
    };
    let mark = mark.map_err(|_| err(PositionErrorKind::BadMark, m_span.clone()))?;
    let towards = match towards {
        Some(t) => Some(t.map_err(|_| err(PositionErrorKind::BadMark, m_span.clone()))?),
        None => None,
    };
    let Some(&(ph_at, phase_text)) = fields.get(3) else {
        return Err(err(PositionErrorKind::MissingPhase, m_span));
    };
    let phase = match phase_text {
        "first" => Phase::First,
        "play" => Phase::Play,
        _ => {
            return Err(err(
                PositionErrorKind::BadPhase,
                ph_at..ph_at + phase_text.len(),
            ));
        }
    };
    let size = (total as u8).saturating_sub(1);
    let bad = |problem| err(PositionErrorKind::Mark { size, problem }, m_span.clone());
    let line = match towards {
        Some(t) if size == 3 => {
            Some(Line::through(mark, t).ok_or(bad(MarkProblem::NotAdjacent(t)))?)
        }
        Some(_) => return Err(bad(MarkProblem::LineNotAllowed)),
        None => None,
    };
    let rendezvous = Rendezvous::new(size, mark, line).map_err(bad)?;
    Ok(Position {
        men,
        to_act,
        rendezvous: Some(rendezvous),
        phase,
        interchanged: false,
    })
}
