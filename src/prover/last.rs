//! The goal-directed generator of the attacker's last turn: only the turns that can
//! reach the goal, instead of every turn.
//!
//! In the 1893 rules (and their options) a turn wins the Rendezvous, and so the game,
//! only if it ends with every one of the mover's men in the Rendezvous (Rules 7 and 8,
//! D-8); in 1879 likewise (Rule 5: all his men in the set), and in both each man moves
//! at most once in a turn (1879: E-10). So a man's move to a square outside the
//! Rendezvous can never be part of a winning turn: the man would stay outside. The
//! engine's walk of a turn ([`visit_turns_ending_in`]) is asked for the turns whose
//! moves all end on a Rendezvous square (blocking, each man's limit, the allowance,
//! the takes and the 1879 wanderers and radiating apply as in play). In 1880 too: a
//! Rendezvous is won as soon as all the mover's men stand in the set (E-4), each man
//! moves at most once in a turn, and the attacker's own Mark move can never complete
//! him (E-3: it may not bring one of his men in), so a winning last turn is again one
//! whose moves all end in the set — or the take alone, when a Mark move of the other
//! side completed him (the walk gives the take at the start of the turn whatever the
//! squares). Phases other than play fall back to the engine's visitor of every
//! outcome.

use crate::engine::search::{visit_outcomes, visit_turns_ending_in};
use crate::engine::{OutcomeAction, Position};
use std::ops::ControlFlow;

/// Calls `visit` on the outcomes of the next action of the side to act that may meet
/// a goal of winning the Rendezvous or the game in this turn: in play, each distinct
/// outcome of a turn whose moves all end in the Rendezvous (a superset of the winning
/// ones); otherwise every outcome. Stops when `visit` breaks.
pub fn visit_goal_turns(
    pos: &Position,
    visit: impl FnMut(&OutcomeAction, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match pos.rendezvous() {
        Some(r) if pos.phase().in_play() => visit_turns_ending_in(pos, r.squares(), visit),
        _ => visit_outcomes(pos, visit),
    }
}
