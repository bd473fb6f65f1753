//! A position: the rules it is played by, the men on the board, whose action is next,
//! the Mark and the phase of the Rendezvous; its position string (parsed with precise
//! errors, written canonically); and the actions that are not man's moves: setting
//! the men (1880), setting and moving the Mark, and the interchange (1893 Rule 5).
//!
//! The state lives here; what the rules make of it is asked of
//! [`super::editions`], so this file holds no edition's constants.

use super::editions::{self, MarkSpec};
use super::rendezvous::{Line, MarkProblem, Rendezvous};
use super::rules::{OptionFlag, Rules};
use super::side::{BySide, Side};
use super::square::Square;
use super::squareset::SquareSet;
use super::violation::{InterchangeTiming, RuleViolation};
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// What the side to act is to do next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Set the men on the border (1880: the arranger sets all ten).
    Set,
    /// Set the Mark for the next Rendezvous (1880: select it).
    Mark,
    /// Play the first turn of this Rendezvous (1893: allowance 2); an interchange may
    /// still be demanded before it.
    First,
    /// Play the second player's first turn of this Rendezvous (option `both-first`:
    /// allowance 2).
    Second,
    /// Play any later turn.
    Play,
    /// Play a turn while the named side, who plays first in this Rendezvous, has not yet
    /// moved any of his men, so that on his turns he may move the Mark (1880 Rule 5).
    Shift(Side),
}

impl Phase {
    /// The word used in position strings: `set`, `mark`, `first`, `second`, `play`,
    /// `shift-B`, `shift-Y`.
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Set => "set",
            Phase::Mark => "mark",
            Phase::First => "first",
            Phase::Second => "second",
            Phase::Play => "play",
            Phase::Shift(Side::Black) => "shift-B",
            Phase::Shift(Side::Yellow) => "shift-Y",
        }
    }

    /// Whether a Mark is in play (a turn may be played).
    pub const fn in_play(self) -> bool {
        matches!(
            self,
            Phase::First | Phase::Second | Phase::Play | Phase::Shift(_)
        )
    }
}

/// The most men a game can have on the board: a 9-square Rendezvous needs 10.
pub const MAX_MEN: u32 = 10;

/// The start of every game (Rule 2), Black to set the first Mark (D-3).
pub const START: &str = "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark";

/// A position of the game.
///
/// It always satisfies: no square holds two men; at most [`MAX_MEN`] men; in 1893,
/// when a Mark is set, the Rendezvous has one square fewer than there are men.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    rules: Rules,
    men: BySide<SquareSet>,
    to_act: Side,
    rendezvous: Option<Rendezvous>,
    phase: Phase,
    interchanged: bool,
}

/// The part of a position its string shows: two positions of one game with the same
/// key have the same position string (the interchange flag is left out, and so are
/// the rules, which a game never changes). Used for repetitions (D-9).
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
        editions::e1893::start(Rules::R1893, setter)
    }

    /// The start of a game played by `rules` (1893 with options: Rule 2's men, Black to
    /// set the Mark; 1880: the empty board, Black to arrange).
    pub fn start_for(rules: Rules) -> Position {
        editions::start(rules)
    }

    /// The start of a game played by `rules` with `side` first to act: the setter of
    /// the first Mark (1893, D-3) or the arranger (1880, E-1).
    pub fn start_for_side(rules: Rules, side: Side) -> Position {
        let p = editions::start(rules);
        Position { to_act: side, ..p }
    }

    /// A position from its parts, for the editions (no checks).
    pub(crate) const fn from_state(
        rules: Rules,
        men: BySide<SquareSet>,
        to_act: Side,
        rendezvous: Option<Rendezvous>,
        phase: Phase,
    ) -> Position {
        Position {
            rules,
            men,
            to_act,
            rendezvous,
            phase,
            interchanged: false,
        }
    }

    /// This position's rules with other state (no checks).
    pub(crate) const fn with_state(
        &self,
        men: BySide<SquareSet>,
        to_act: Side,
        rendezvous: Option<Rendezvous>,
        phase: Phase,
        interchanged: bool,
    ) -> Position {
        Position {
            rules: self.rules,
            men,
            to_act,
            rendezvous,
            phase,
            interchanged,
        }
    }

    /// The same position played by other rules (no checks; for building positions).
    pub fn with_rules(&self, rules: Rules) -> Position {
        Position { rules, ..*self }
    }

    /// The rules the game is played by.
    pub const fn rules(&self) -> Rules {
        self.rules
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
            rules: Rules::R1893,
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

    /// The side that set the current Mark, during the first turns of a 1893
    /// Rendezvous (the other side plays first).
    pub fn setter(&self) -> Option<Side> {
        match self.phase {
            Phase::First => Some(!self.to_act),
            Phase::Second => Some(self.to_act),
            _ => None,
        }
    }

    /// The winner, when the position ends the game (1893 Rule 9: one man left; 1880
    /// Rule 6: no men left).
    pub fn winner(&self) -> Option<Side> {
        editions::winner(self)
    }

    /// The size the next (or current) Rendezvous has: in 1893 one less than the men on
    /// the board (Def. 1); in the early editions always 9.
    pub fn rendezvous_size(&self) -> u8 {
        editions::rendezvous_size(self)
    }

    /// Whether the Mark due is the game's first in 1893 (a 9-square Rendezvous, Rule 2:
    /// with ten men on the board no Rendezvous has yet been won).
    pub fn first_mark_due(&self) -> bool {
        self.rules.is_1893() && self.phase == Phase::Mark && self.total() as u32 == MAX_MEN
    }

    /// The allowance of the side to act for a turn, as the edition counts it (1893
    /// Rule 3 and D-4; 1880 Rule 4: his men).
    pub fn allowance(&self) -> u8 {
        editions::allowance(self)
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
        let spec = MarkSpec {
            squares: towards.into_iter().collect(),
            turned: false,
        };
        self.mark_rendezvous_with(mark, &spec)
    }

    /// The Rendezvous the side to act would make by setting the Mark on `mark` with
    /// the squares and options written after it.
    ///
    /// # Errors
    /// Why the Mark may not stand there now.
    pub fn mark_rendezvous_with(
        &self,
        mark: Square,
        spec: &MarkSpec,
    ) -> Result<Rendezvous, RuleViolation> {
        if self.winner().is_some() {
            return Err(RuleViolation::GameOver);
        }
        if let Some(r) = &self.rendezvous {
            return Err(RuleViolation::MarkAlreadySet { mark: r.mark() });
        }
        if self.phase == Phase::Set {
            return Err(RuleViolation::MenNotSet {
                arranger: self.to_act,
            });
        }
        editions::mark_rendezvous(self, mark, spec)
    }

    /// Sets the Mark (1893 Rules 2 and 4; 1880 Rule 3): the other side then plays
    /// first.
    ///
    /// # Errors
    /// Why the Mark may not stand there now; the position is unchanged.
    pub fn set_mark(
        &self,
        mark: Square,
        towards: Option<Square>,
    ) -> Result<Position, RuleViolation> {
        let r = self.mark_rendezvous(mark, towards)?;
        Ok(editions::after_mark(self, r))
    }

    /// Sets the Mark with the squares and options written after it.
    ///
    /// # Errors
    /// Why the Mark may not stand there now; the position is unchanged.
    pub fn set_mark_with(&self, mark: Square, spec: &MarkSpec) -> Result<Position, RuleViolation> {
        let r = self.mark_rendezvous_with(mark, spec)?;
        Ok(editions::after_mark(self, r))
    }

    /// Every Rendezvous the side to act may make by setting the Mark now, in a stable
    /// order (empty unless a Mark is due).
    pub fn mark_options(&self) -> Vec<Rendezvous> {
        if self.phase != Phase::Mark || self.winner().is_some() {
            return Vec::new();
        }
        editions::mark_options(self)
    }

    /// Every position reached by setting the Mark now, with its Rendezvous.
    pub fn mark_outcomes(&self) -> Vec<(Rendezvous, Position)> {
        self.mark_options()
            .into_iter()
            .map(|r| (r, editions::after_mark(self, r)))
            .collect()
    }

    /// The arranger's set-up (1880 Rule 2): five men of each colour on border squares.
    ///
    /// # Errors
    /// Why the men may not be set so; the position is unchanged.
    pub fn set_men(&self, black: &[Square], yellow: &[Square]) -> Result<Position, RuleViolation> {
        if self.rules.is_1893() {
            return Err(RuleViolation::NotInEdition {
                what: "setting the men",
            });
        }
        editions::e1880::set_men(self, black, yellow)
    }

    /// Moves the Mark one square from `from` to `to`, with the men in its set (1880
    /// Rule 5): a turn of the first player's while he has not moved his own men.
    ///
    /// # Errors
    /// Why the Mark may not be moved so; the position is unchanged.
    pub fn move_mark(&self, from: Square, to: Square) -> Result<Position, RuleViolation> {
        editions::e1880::move_mark(self, from, to)
    }

    /// Every Mark move the side to act may make now (1880 Rule 5), with its position.
    pub fn mark_moves(&self) -> Vec<(Square, Square, Position)> {
        if !self.rules.is_1880() || editions::e1880::may_move_mark(self).is_err() {
            return Vec::new();
        }
        editions::e1880::mark_moves(self)
    }

    /// Whether the side to act may demand an interchange now (Rule 5), and if not, why.
    ///
    /// # Errors
    /// Why no interchange may be demanded now.
    pub fn can_interchange(&self) -> Result<(), RuleViolation> {
        if self.winner().is_some() {
            return Err(RuleViolation::GameOver);
        }
        if !self.rules.is_1893() {
            return Err(RuleViolation::NotInEdition {
                what: "the interchange",
            });
        }
        match self.phase {
            Phase::Mark | Phase::Set => {
                Err(RuleViolation::InterchangeNotNow(InterchangeTiming::NoMark))
            }
            Phase::Play | Phase::Second | Phase::Shift(_) => Err(RuleViolation::InterchangeNotNow(
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

    /// The position after a turn of the side to act that ended with `men` on the board
    /// and the Rendezvous still in play (`moved_men`: whether he moved any man).
    pub(crate) fn after_turn(&self, men: BySide<SquareSet>, moved_men: bool) -> Position {
        editions::after_turn(self, men, moved_men)
    }

    /// The position after the side to act won the Rendezvous, `men` being the board
    /// after the take and whatever his edition does next.
    pub(crate) fn after_rendezvous(&self, men: BySide<SquareSet>) -> Position {
        editions::after_rendezvous(self, men)
    }

    /// The men of both sides.
    pub(crate) const fn all_men(&self) -> BySide<SquareSet> {
        self.men
    }

    /// Parses a 1893 position string (see [`Position::to_string`] for the form).
    ///
    /// # Errors
    /// A [`PositionError`] with the byte range of the offending part of `s`.
    pub fn parse(s: &str) -> Result<Position, PositionError> {
        parse_position(Rules::R1893, s)
    }

    /// Parses a position string of a game played by `rules`.
    ///
    /// # Errors
    /// A [`PositionError`] with the byte range of the offending part of `s`.
    pub fn parse_as(rules: Rules, s: &str) -> Result<Position, PositionError> {
        parse_position(rules, s)
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
            None => write!(f, " {}", self.phase.word()),
        }
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        parse_position(Rules::R1893, s)
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
    /// The phase is not one of the edition's.
    BadPhase {
        /// The rules the string is read by.
        rules: Rules,
        /// Whether a Mark came before it (so a phase of play is expected).
        after_mark: bool,
    },
    /// A Mark was given without a phase.
    MissingPhase,
    /// A phase of play was given without a Mark.
    MissingMark,
    /// A side has more men than the edition gives him.
    TooManyForSide {
        /// The side.
        side: Side,
        /// His men.
        count: u32,
    },
    /// In phase `set` the board is empty.
    SetNotEmpty,
    /// The side not to act has all his men in the Rendezvous: he would have won it.
    CompleteNotToAct {
        /// The side.
        side: Side,
    },
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
            BadPhase { rules, after_mark } => write!(
                f,
                "expected the phase: {}",
                phase_words(*rules, *after_mark)
            ),
            MissingPhase => write!(f, "a Mark needs a phase after it, such as `play`"),
            MissingMark => write!(f, "a phase of play needs the Mark's square before it"),
            TooManyForSide { side, count } => write!(
                f,
                "{side} has {count} men on the board, but each side has 5 in this edition"
            ),
            SetNotEmpty => write!(f, "in phase `set` the board is empty: no man is set yet"),
            CompleteNotToAct { side } => write!(
                f,
                "{side}, who is not to act, has all his men in the Rendezvous: he would have won it already"
            ),
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
                other => write!(f, "{other}"),
            },
        }
    }
}

impl std::error::Error for PositionError {}

/// The phases a position string of `rules` may have, for messages.
fn phase_words(rules: Rules, after_mark: bool) -> &'static str {
    match (rules.is_1893(), after_mark) {
        (false, true) => "`play`, `shift-B` or `shift-Y` (1880)",
        (false, false) => "`set` or `mark`, or a Mark and `play`, `shift-B` or `shift-Y` (1880)",
        (true, true) if rules.has(OptionFlag::BothFirst) => "`first`, `second` or `play`",
        (true, true) => "`first` or `play`",
        (true, false) => "`mark`, or a Mark and `first` or `play`",
    }
}

fn parse_position(rules: Rules, s: &str) -> Result<Position, PositionError> {
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
    let early = !rules.is_1893();
    if early {
        for side in Side::BOTH {
            let count = men.of(side).count();
            if count > editions::e1880::MEN {
                return Err(err(
                    PositionErrorKind::TooManyForSide { side, count },
                    p_at..p_at + placement.len(),
                ));
            }
        }
    }
    let phase_of = |word: &str| -> Option<Phase> {
        Some(match word {
            "set" if early => Phase::Set,
            "mark" => Phase::Mark,
            "first" if !early => Phase::First,
            "second" if rules.has(OptionFlag::BothFirst) => Phase::Second,
            "play" => Phase::Play,
            "shift-B" if rules.is_1880() => Phase::Shift(Side::Black),
            "shift-Y" if rules.is_1880() => Phase::Shift(Side::Yellow),
            _ => return None,
        })
    };
    if fields.len() == 3 {
        let phase = match phase_of(mark_text) {
            Some(p @ (Phase::Set | Phase::Mark)) => p,
            Some(_) => return Err(err(PositionErrorKind::MissingMark, m_span)),
            None if mark_text.parse::<Square>().is_ok() || mark_text.contains(':') => {
                return Err(err(PositionErrorKind::MissingPhase, m_span));
            }
            None => {
                return Err(err(
                    PositionErrorKind::BadPhase {
                        rules,
                        after_mark: false,
                    },
                    m_span,
                ));
            }
        };
        if phase == Phase::Set && !(men.of(Side::Black) | men.of(Side::Yellow)).is_empty() {
            return Err(err(
                PositionErrorKind::SetNotEmpty,
                p_at..p_at + placement.len(),
            ));
        }
        return Ok(Position {
            rules,
            men,
            to_act,
            rendezvous: None,
            phase,
            interchanged: false,
        });
    }
    if matches!(phase_of(mark_text), Some(Phase::Set | Phase::Mark)) {
        return Err(err(
            PositionErrorKind::FieldCount { found: 4 },
            fields[3].0..fields[3].0 + fields[3].1.len(),
        ));
    }
    let (mark_sq, after) = match mark_text.split_once(':') {
        Some((a, b)) => (a, Some(b)),
        None => (mark_text, None),
    };
    let mark = mark_sq
        .parse::<Square>()
        .map_err(|_| err(PositionErrorKind::BadMark, m_span.clone()))?;
    let mut spec = MarkSpec::default();
    match after {
        None => {}
        Some("t") => spec.turned = true,
        Some(list) => {
            for part in list.split(',') {
                let sq = part
                    .parse::<Square>()
                    .map_err(|_| err(PositionErrorKind::BadMark, m_span.clone()))?;
                spec.squares.push(sq);
            }
        }
    }
    let (ph_at, phase_text) = fields[3];
    let phase = match phase_of(phase_text) {
        Some(p) if p.in_play() => p,
        _ => {
            return Err(err(
                PositionErrorKind::BadPhase {
                    rules,
                    after_mark: true,
                },
                ph_at..ph_at + phase_text.len(),
            ));
        }
    };
    let size = editions::rendezvous_size(&Position {
        rules,
        men,
        to_act,
        rendezvous: None,
        phase: Phase::Mark,
        interchanged: false,
    });
    let bad = |problem| err(PositionErrorKind::Mark { size, problem }, m_span.clone());
    let rendezvous = if early {
        if spec.turned || !spec.squares.is_empty() {
            return Err(bad(MarkProblem::LineNotAllowed));
        }
        Rendezvous::new(9, mark, None).map_err(bad)?
    } else if spec.turned {
        if !rules.has(OptionFlag::Turned) {
            return Err(bad(MarkProblem::TurnedOff));
        }
        if size != 7 {
            return Err(bad(MarkProblem::NotTurnable));
        }
        Rendezvous::turned(mark).map_err(bad)?
    } else {
        match spec.squares.as_slice() {
            [] => Rendezvous::new(size, mark, None).map_err(bad)?,
            [t] if size == 3 => {
                let line = Line::through(mark, *t).ok_or(bad(MarkProblem::NotAdjacent(*t)))?;
                Rendezvous::new(size, mark, Some(line)).map_err(bad)?
            }
            [_] if !rules.has(OptionFlag::OpenChoice) || size % 2 == 1 => {
                return Err(bad(MarkProblem::LineNotAllowed));
            }
            list if rules.has(OptionFlag::OpenChoice) && size.is_multiple_of(2) => {
                Rendezvous::chosen(size, mark, list).map_err(bad)?
            }
            _ => return Err(bad(MarkProblem::ChoiceNotAllowed)),
        }
    };
    if early {
        let not_acting = !to_act;
        let his = men.of(not_acting);
        if !his.is_empty() && (his - rendezvous.squares()).is_empty() {
            return Err(err(
                PositionErrorKind::CompleteNotToAct { side: not_acting },
                p_at..p_at + placement.len(),
            ));
        }
    }
    Ok(Position {
        rules,
        men,
        to_act,
        rendezvous: Some(rendezvous),
        phase,
        interchanged: false,
    })
}
