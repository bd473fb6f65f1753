//! The rules of Lanrick (1893 edition): squares, sides, the Rendezvous, positions,
//! turns, outcomes and whole games.
//!
//! This module knows no text beyond position strings and square names, no spans, no
//! parser and no terminal: it takes actions as values and answers with positions or
//! [`RuleViolation`]s carrying the facts that explain them.

pub mod game;
mod geometry;
pub mod outcomes;
pub mod position;
pub mod rendezvous;
pub mod side;
pub mod square;
pub mod squareset;
pub mod turn;
pub mod violation;

pub use game::{Action, DrawReason, Game, GameResult, Played, WinReason};
pub use outcomes::{Outcome, OutcomeAction, count_outcomes, outcomes};
pub use position::{Phase, Position, PositionError, PositionErrorKind, START};
pub use rendezvous::{Kind, Line, MarkProblem, Rendezvous};
pub use side::{BySide, Side};
pub use square::{Direction, Square};
pub use squareset::SquareSet;
pub use turn::{ManMove, TurnEnd, TurnInProgress, TurnResult, Way};
pub use violation::{RuleRef, RuleViolation};
