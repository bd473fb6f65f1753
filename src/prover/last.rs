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
//! the takes and the 1879 wanderers and radiating apply as in play). 1880 (whose Mark
//! moves) and phases other than play fall back to the engine's visitor of every
//! outcome.

use crate::engine::search::{visit_outcomes, visit_turns_ending_in};
use crate::engine::{OutcomeAction, Position};
use std::ops::ControlFlow;

/// Calls `visit` on the outcomes of the next action of the side to act that may meet
/// a goal of winning the Rendezvous or the game in this turn: in the 1893 family and
/// 1879, each distinct outcome of a turn whose moves all end in the Rendezvous (a
/// superset of the winning ones); elsewhere every outcome. Stops when `visit` breaks.
pub fn visit_goal_turns(
    pos: &Position,
    visit: impl FnMut(&OutcomeAction, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match pos.rendezvous() {
        Some(r) if super::bound::Reach::of(pos).is_some() => {
            visit_turns_ending_in(pos, r.squares(), visit)
        }
        _ => visit_outcomes(pos, visit),
    }
}
