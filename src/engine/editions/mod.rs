//! The rules that differ between editions, each in its edition's file, and the one
//! place that dispatches on [`Rules`]: the state types (`Position`, `TurnInProgress`)
//! ask these functions, never an edition's constants directly.
//!
//! How an edition plugs in: its file (`e1893.rs`, `e1880.rs`, next `e1879.rs`) gives
//! the start position, the winner, the allowance and the per-man limit, where a Mark
//! may stand and its options, what follows a turn and a won Rendezvous, and the
//! citation of every violation; each function below gains one match arm.

pub(crate) mod e1880;
pub(crate) mod e1893;

use super::position::{Phase, Position};
use super::rendezvous::Rendezvous;
use super::rules::{Edition, Rules};
use super::side::{BySide, Side};
use super::square::Square;
use super::squareset::SquareSet;
use super::violation::{RuleRef, RuleViolation};

/// What a `mark` event names beyond its square.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MarkSpec {
    /// Squares after the Mark's: a 3-square line's neighbour, or (open-choice) the
    /// chosen open squares.
    pub squares: Vec<Square>,
    /// `turned` (option `turned`, a 7-square Rendezvous).
    pub turned: bool,
}

/// The start of a game under `rules`.
pub(crate) fn start(rules: Rules) -> Position {
    match rules.edition() {
        Edition::E1880 | Edition::E1879 => e1880::start(rules),
        Edition::E1893 => e1893::start(rules, Side::Black),
    }
}

/// The winner of the game in `pos`, when the position ends it.
pub(crate) fn winner(pos: &Position) -> Option<Side> {
    match pos.rules().edition() {
        Edition::E1880 | Edition::E1879 => e1880::winner(pos),
        Edition::E1893 => e1893::winner(pos),
    }
}

/// The number of squares of the Rendezvous due or in play.
pub(crate) fn rendezvous_size(pos: &Position) -> u8 {
    match pos.rules().edition() {
        Edition::E1880 | Edition::E1879 => 9,
        Edition::E1893 => pos.total().saturating_sub(1),
    }
}

/// The allowance of the side to act for a turn.
pub(crate) fn allowance(pos: &Position) -> u8 {
    match pos.rules().edition() {
        Edition::E1880 | Edition::E1879 => e1880::allowance(pos),
        Edition::E1893 => e1893::allowance(pos),
    }
}

/// Whether a man may count at most 3 squares unless he is the only one outside
/// (1893, D-5); the early editions have no limit per man.
pub(crate) fn limits_each_man(rules: Rules) -> bool {
    rules.is_1893()
}

/// The Rendezvous the side to act would make by setting the Mark on `mark`.
pub(crate) fn mark_rendezvous(
    pos: &Position,
    mark: Square,
    spec: &MarkSpec,
) -> Result<Rendezvous, RuleViolation> {
    match pos.rules().edition() {
        Edition::E1880 | Edition::E1879 => e1880::mark_rendezvous(pos, mark, spec),
        Edition::E1893 => e1893::mark_rendezvous(pos, mark, spec),
    }
}

/// Every Rendezvous the side to act may make now, in a stable order.
pub(crate) fn mark_options(pos: &Position) -> Vec<Rendezvous> {
    match pos.rules().edition() {
        Edition::E1880 | Edition::E1879 => e1880::mark_options(pos),
        Edition::E1893 => e1893::mark_options(pos),
    }
}

/// The position after the side to act set the Mark making `r`.
pub(crate) fn after_mark(pos: &Position, r: Rendezvous) -> Position {
    let first = !pos.to_act();
    let phase = match pos.rules().edition() {
        Edition::E1880 | Edition::E1879 => Phase::Shift(first),
        Edition::E1893 => Phase::First,
    };
    pos.with_state(pos.all_men(), first, Some(r), phase, false)
}

/// The position after a turn of the side to act that left `men` on the board with the
/// Rendezvous still in play; `moved_men` says whether he moved any of his men.
pub(crate) fn after_turn(pos: &Position, men: BySide<SquareSet>, moved_men: bool) -> Position {
    let mover = pos.to_act();
    let phase = match (pos.phase(), pos.rules().edition()) {
        (Phase::First, Edition::E1893) if pos.rules().has(super::rules::OptionFlag::BothFirst) => {
            Phase::Second
        }
        (Phase::Shift(first), _) if first != mover || !moved_men => Phase::Shift(first),
        _ => Phase::Play,
    };
    pos.with_state(
        men,
        !mover,
        pos.rendezvous().copied(),
        phase,
        pos.interchanged(),
    )
}

/// The position after the side to act won the Rendezvous, `men` being the board once
/// the take (and whatever the edition does after it) is done.
pub(crate) fn after_rendezvous(pos: &Position, men: BySide<SquareSet>) -> Position {
    let winner = pos.to_act();
    let setter = match pos.rules().edition() {
        Edition::E1880 | Edition::E1879 => !winner,
        Edition::E1893 => e1893::next_setter(winner, men),
    };
    pos.with_state(men, setter, None, Phase::Mark, false)
}

/// The rule a violation breaks, cited in the edition of `rules`.
pub(crate) fn cite(v: &RuleViolation, rules: Rules) -> RuleRef {
    match rules.edition() {
        Edition::E1880 | Edition::E1879 => e1880::cite(v),
        Edition::E1893 => v.rule(),
    }
}
