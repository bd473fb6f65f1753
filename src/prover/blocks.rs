//! The defences that may block the attacker's winning turns, searched before the rest
//! are generated ([`super::Limits::blocks`], 1879).

use super::{Search, Val, bound, last, settle};
use crate::engine::search::visit_turns_ending_in;
use crate::engine::turn::{ManMove, Way};
use crate::engine::{Action, OutcomeAction, Position, SquareSet};
use std::ops::ControlFlow;

/// What the defences that may block found ([`Search::blocks`]).
#[derive(Clone, Debug)]
pub(super) enum Blocks {
    /// This one refutes.
    Refuted(Action),
    /// None of them refutes (the others are still to search).
    Held,
    /// The attacker has no winning turn to block: any defence may refute.
    Nothing,
    /// The budget ran out.
    Abort,
}

/// The squares a man's move passes over and stops on (a straight move's; a slide's
/// end only: an order of the search, not a bound).
fn way_of(m: &ManMove) -> SquareSet {
    let mut out = SquareSet::EMPTY;
    out.insert(m.to);
    if let Way::Straight(dir) = m.way {
        let mut at = m.from.step(dir);
        while let Some(sq) = at
            && sq != m.to
        {
            out.insert(sq);
            at = sq.step(dir);
        }
    }
    out
}

impl Search<'_> {
    /// At the defender's turn `p` before the attacker's last ([`Limits::blocks`]): the
    /// squares the attacker's winning turns need were the defender to let his turn go
    /// (each move's way and end), and the defences whose every move ends on one of
    /// them or in the Rendezvous (a block, or winning first), each tested and searched
    /// as it comes until one refutes. Only an order of the search: a defence left out
    /// is generated and searched after, unless one of these refutes.
    pub(super) fn blocks(&mut self, p: &Position, t: u32) -> Blocks {
        let (Some(threat), Some(r)) = (p.passed_over(), p.rendezvous()) else {
            return Blocks::Held;
        };
        let goal = self.goal;
        let blocked = self.limits.blocked;
        let mut need = SquareSet::EMPTY;
        let mut aborted = false;
        let _ = last::visit_goal_turns(&threat, |a, c| {
            if !self.tick() {
                aborted = true;
                return ControlFlow::Break(());
            }
            if settle(&goal, &threat, c) == Some(Val::Win)
                && let OutcomeAction::Turn { moves, .. } = a
            {
                for m in *moves {
                    need |= way_of(m);
                }
            }
            ControlFlow::Continue(())
        });
        if aborted {
            return Blocks::Abort;
        }
        if need.is_empty() {
            return Blocks::Nothing;
        }
        let mut found = Blocks::Held;
        let _ = visit_turns_ending_in(p, need | r.squares(), |a, c| {
            if !self.tick() {
                found = Blocks::Abort;
                return ControlFlow::Break(());
            }
            let refutes = match settle(&goal, p, c) {
                Some(v) => v == Val::Fail,
                None if c.to_act() == goal.side && !bound::win_now(c, &goal, blocked) => true,
                None => match self.after(p, a, c, t) {
                    Val::Fail => true,
                    Val::Win => false,
                    Val::Abort => {
                        found = Blocks::Abort;
                        return ControlFlow::Break(());
                    }
                },
            };
            if refutes {
                found = Blocks::Refuted(a.to_action());
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        found
    }
}
