//! The one action type of the engine: [`Action`], something a player does (a Mark,
//! a set-up, an interchange, a turn, a bonus, a pass, resigning, a draw). The game
//! plays it ([`Game::play`](super::Game::play)), the visitor's view of an outcome's
//! action turns into it ([`OutcomeAction`](super::OutcomeAction)), the prover and the
//! player search with it, and its text has one writer (`action_text.rs`).

use super::editions::MarkSpec;
use super::square::Square;

/// Something a player does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Action {
    /// Set the Mark (`towards`: the neighbour naming a 3-square line).
    Mark {
        /// The Mark's square.
        square: Square,
        /// The line's second square, for a 3-square Rendezvous.
        towards: Option<Square>,
    },
    /// Set the Mark with the squares or options written after it: `mark d5 turned`,
    /// `mark c5 c8 f8 g1 c1 a3 a7` (the 1893 options).
    MarkWith {
        /// The Mark's square.
        square: Square,
        /// What follows it.
        spec: MarkSpec,
    },
    /// Move the Mark one square, with the men in its set (1880 Rule 5): a turn.
    MoveMark {
        /// The Mark's square.
        from: Square,
        /// Its new square.
        to: Square,
    },
    /// Set the men on the border (1880 Rule 2: the arranger sets all ten).
    Set {
        /// Black's squares.
        black: Vec<Square>,
        /// Yellow's squares.
        yellow: Vec<Square>,
    },
    /// Demand an interchange; the squares are the setter's choice of the demanding
    /// side's men (needed when the setter has fewer men).
    Interchange(Vec<Square>),
    /// A turn: man's moves in order, and the man taken under Rule 7 or 8.
    Turn {
        /// The man's moves as (from, to).
        moves: Vec<(Square, Square)>,
        /// The man taken, if written.
        take: Option<Square>,
        /// The wanderers sent to the border after the take (1880), or set in the
        /// Rendezvous (1879), in order.
        wanderers: Vec<(Square, Square)>,
        /// The centre man's border square after radiating (1879, E-8).
        radiate: Option<Square>,
    },
    /// The bonus of the last Rendezvous' winner (1879 Rule 7): his men's moves to
    /// border squares, not numbered; no moves is the bonus `pass`.
    Bonus(Vec<(Square, Square)>),
    /// Pass (D-6).
    Pass,
    /// The side to act resigns.
    Resign,
    /// The players agree a draw.
    Draw,
}

impl Action {
    /// Whether the action is one of a side's turns, numbered in the notation: a turn
    /// of man's moves (or a take alone), a pass, or a 1880 Mark move.
    pub fn is_numbered(&self) -> bool {
        matches!(
            self,
            Action::Turn { .. } | Action::Pass | Action::MoveMark { .. }
        )
    }

    /// Whether the action sets a Mark (a new Rendezvous: repetitions start afresh).
    pub fn is_mark(&self) -> bool {
        matches!(self, Action::Mark { .. } | Action::MarkWith { .. })
    }
}
