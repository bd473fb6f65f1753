//! A position: the rules it is played by, the men on the board, whose action is next,
//! the Mark and the phase of the Rendezvous; its position string (parsed with precise
//! errors, written canonically); and the actions that are not man's moves: setting
//! the men (1880), setting and moving the Mark, and the interchange (1893 Rule 5).
//!
//! The state lives here; what the rules make of it is asked of
//! [`super::editions`], so this file holds no edition's constants.

use super::rendezvous::{MarkProblem, Rendezvous};
use super::rules::Rules;
use super::side::{BySide, Side};
use super::square::Square;
use super::squareset::SquareSet;
use std::fmt;
use std::ops::Range;

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
    /// The winner of the last Rendezvous may move his men to other border squares, up
    /// to this many squares in all (1879 Rule 7, the bonus).
    Bonus(u8),
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
            Phase::Bonus(n) => match n {
                0 => "bonus:0",
                1 => "bonus:1",
                2 => "bonus:2",
                3 => "bonus:3",
                4 => "bonus:4",
                5 => "bonus:5",
                6 => "bonus:6",
                7 => "bonus:7",
                _ => "bonus:8",
            },
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

/// The score of a 1879 game and the player who set his men first in the current
/// round (Rules 2, 9 and 10, 1879); the other editions keep the default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Round {
    /// Each side's points.
    pub score: BySide<u8>,
    /// The player who set his men first in this round.
    pub first: Side,
}

impl Round {
    /// No points, Black first.
    pub const NEW: Round = Round {
        score: BySide::new(0, 0),
        first: Side::Black,
    };
}

impl Default for Round {
    fn default() -> Self {
        Round::NEW
    }
}

/// The highest score a position holds: a round adds at most five to at most four.
pub const MAX_SCORE: u8 = 9;

/// A [`Round`] packed into two bytes (the scores as two nibbles), so that a position
/// stays as small as the 1893 engine needs (40 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct PackedRound {
    scores: u8,
    first: Side,
}

impl PackedRound {
    const NEW: PackedRound = PackedRound {
        scores: 0,
        first: Side::Black,
    };

    const fn pack(r: Round) -> PackedRound {
        let b = r.score.of(Side::Black);
        let y = r.score.of(Side::Yellow);
        let b = if b > 15 { 15 } else { b };
        let y = if y > 15 { 15 } else { y };
        PackedRound {
            scores: b | (y << 4),
            first: r.first,
        }
    }

    const fn unpack(self) -> Round {
        Round {
            score: BySide::new(self.scores & 15, self.scores >> 4),
            first: self.first,
        }
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
    round: PackedRound,
}

/// The part of a position its string shows: two positions of one game with the same
/// key have the same position string (the interchange flag is left out, and so are
/// the rules, which a game never changes). Used for repetitions (D-9).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PositionKey {
    men: BySide<SquareSet>,
    to_act: Side,
    rendezvous: Option<Rendezvous>,
    phase: Phase,
}

/// Hashes the men and the side to act only: keys that are equal hash alike, and the
/// positions of one Rendezvous that a game compares rarely differ in nothing else.
/// Hashing every field was 1 % of checking a file.
impl std::hash::Hash for PositionKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.men.hash(state);
        self.to_act.hash(state);
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
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
            round: PackedRound::NEW,
        }
    }

    /// This position with another score and first player (1879; no checks).
    pub(crate) const fn with_round(&self, round: Round) -> Position {
        Position {
            round: PackedRound::pack(round),
            ..*self
        }
    }

    /// The score and the round's first player (1879; the default elsewhere).
    pub const fn round(&self) -> Round {
        self.round.unpack()
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
            round: self.round,
        }
    }

    /// The same position played by other rules (no checks; for building positions).
    pub fn with_rules(&self, rules: Rules) -> Position {
        Position { rules, ..*self }
    }

    /// The same position with the other side to act, once play is under way (phase
    /// `play`, no winner): what a side would face if the other could let his turn go.
    /// No rule gives such a position in a game; the prover asks it for a key's threat.
    pub fn passed_over(&self) -> Option<Position> {
        (self.phase == Phase::Play && self.winner().is_none()).then(|| Position {
            to_act: !self.to_act,
            ..*self
        })
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
            round: PackedRound::NEW,
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

    /// The men of both sides.
    pub(crate) const fn all_men(&self) -> BySide<SquareSet> {
        self.men
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
        }?;
        if self.rules.plays_rounds() {
            let round = self.round.unpack();
            write!(
                f,
                " {}-{} {}",
                round.score.of(Side::Black),
                round.score.of(Side::Yellow),
                round.first.letter()
            )?;
        }
        Ok(())
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
    /// A 1879 position string has the score and the round's first player after the
    /// phase: 5 or 6 fields.
    FieldCountRound {
        /// How many fields were found.
        found: usize,
    },
    /// The score field is not `<B>-<Y>` with two numbers from 0 to 9.
    BadScore,
    /// The round's first player is not `B` or `Y`.
    BadFirst,
    /// In 1879 a score of five or more ends the game: only the cleared board of the next
    /// round may show it (both sides at five never happens).
    ScoreOver,
    /// A man off the border where every man stands on the border (1879 phases `set`,
    /// `mark`, `bonus:N`).
    OffBorder {
        /// The square.
        square: Square,
    },
    /// A side with fewer men than the phase allows (1879: three to five in a round).
    TooFewMen {
        /// The side.
        side: Side,
        /// His men.
        count: u32,
    },
    /// The men on the board in phase `set` do not match who sets next (1879: the side to
    /// act has none; the other has his five exactly when he set first).
    SetMen,
    /// The 1879 Mark is on one of c3…f6, the squares the die can give.
    DieSquare {
        /// The square written.
        square: Square,
    },
    /// `bonus:N` needs N from 1 to 8 (twice at most four wanderers).
    BonusRange,
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
                super::editions::phase_words(*rules, *after_mark)
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
            FieldCountRound { found } => write!(
                f,
                "a 1879 position string has 5 or 6 fields, `<placement> <side> [<mark>] <phase> <B>-<Y> <first>`; found {found}"
            ),
            BadScore => write!(
                f,
                "expected the score: Black's and Yellow's points (0 to 9 each), like `0-0` or `3-2`"
            ),
            BadFirst => write!(
                f,
                "expected the round's first player, `B` or `Y`, after the score"
            ),
            ScoreOver => write!(
                f,
                "a score of five ends the game: the position must be the cleared board of the next round in phase `set`, with one side at five or more"
            ),
            OffBorder { square } => write!(
                f,
                "{square} is in the field, but in this phase every man stands on the border"
            ),
            TooFewMen { side, count } => write!(
                f,
                "{side} has {count} men, but in a 1879 round each side has three to five (the round ends when a side is down to two)"
            ),
            SetMen => write!(
                f,
                "in phase `set` the side to act has not set his men yet, and the other side's five are on the board only when he set first"
            ),
            DieSquare { square } => write!(
                f,
                "the Mark is on {square}, but the die gives only c3 to f6 (rows and columns 3 to 6)"
            ),
            BonusRange => write!(f, "`bonus:N` takes N from 1 to 8 (twice the wanderers)"),
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
