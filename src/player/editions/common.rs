//! The common play, for 1893 with its options and for 1880: the race evaluation
//! (`player/eval.rs`) and every provided method of [`Strategy`]; 1880's top level
//! weighs the leaves of its deeper search by the 1880 race (who gets all his men in
//! first included) and a leaf waiting for the Mark by the selector's best selection.

use super::Strategy;
use crate::engine::{Position, Side};
use crate::player::eval::race_score_1880;

/// The strategy of 1893 (with its options).
pub(crate) struct Common;

impl Strategy for Common {}

/// The strategy of 1880: the common play, but the top level's deeper search weighs
/// its leaves by the 1880 race ([`race_score_1880`]: a man may count the whole
/// allowance, and the side in first gains) and a leaf waiting for the Mark by the
/// selector's best selection. The evaluation of every level below is the common one.
pub(crate) struct Common1880;

impl Strategy for Common1880 {
    fn evaluate_deep(&self, pos: &Position, side: Side) -> i32 {
        race_score_1880(pos, side)
    }

    /// The loser of a Rendezvous selects the next (Rule 3) and plays second: what
    /// a Rendezvous won is worth depends on the Mark he can find.
    fn selects_at_leaves(&self) -> bool {
        true
    }
}
