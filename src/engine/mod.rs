//! The rules of Lanrick in each edition Carroll wrote (1893 with its options, December
//! 1880, February 1879): squares, sides, the Rendezvous, positions, turns, outcomes and whole games.
//!
//! This module knows no text beyond position strings and square names, no spans, no
//! parser and no terminal: it takes actions as values and answers with positions or
//! [`RuleViolation`]s carrying the facts that explain them.

pub mod action;
mod action_text;
pub mod budget;
pub mod chance;
pub mod due;
pub mod editions;
pub mod game;
mod geometry;
pub mod goal;
pub mod history;
pub mod outcomes;
pub mod position;
pub mod rendezvous;
pub mod rules;
pub mod search;
pub mod side;
pub mod square;
pub mod squareset;
pub(crate) mod table;
pub mod turn;
pub mod violation;

pub use budget::{Budget, Clock, Cut, SystemClock};
pub use chance::{Rng, throw_die};
pub use due::{Due, DueForm, TurnOf};
pub use editions::{
    DieRule, MarkSpec, bonus_reach, bonus_state, bonus_targets, die_number, die_square,
};
pub use game::{Action, DrawReason, Game, GameResult, Played, WinReason};
pub use goal::{Goal, Lost, Progress, Settled, Target};
pub use history::History;
pub use outcomes::{
    Outcome, OutcomeAction, count_outcomes, counts_fast, outcome_by_index, outcomes,
    outcomes_unordered,
};
pub use position::{Phase, Position, PositionError, PositionErrorKind, Round, START};
pub use rendezvous::{Form, Kind, Line, MarkProblem, Rendezvous};
pub use rules::{Edition, OptionFlag, Options, Rules, RulesError, RulesErrorKind};
pub use side::{BySide, Side};
pub use square::{Direction, Square};
pub use squareset::SquareSet;
pub use turn::{ManMove, TurnEnd, TurnInProgress, TurnResult, Way};
pub use violation::{
    BonusProblem, Ended, MarkMoveBan, RadiateProblem, RuleRef, RuleViolation, SetProblem,
    WandererProblem,
};
