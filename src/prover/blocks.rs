//! The defences that may block the attacker's winning turns, searched before the rest
//! are generated ([`super::Limits::blocks`], 1879).

use super::{Goal, Search, Target, Val, bound, last, settle};
use crate::engine::search::visit_turns_ending_in;
use crate::engine::turn::{ManMove, Way};
use crate::engine::{Action, Direction, OutcomeAction, Position, SquareSet};
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
    /// One of the attacker's winning turns cannot be blocked and the defender cannot
    /// win first: every defence loses ([`Limits::unstoppable`](super::Limits::unstoppable)).
    Unstoppable,
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

/// The squares the defender's men (the side to act in `p`) might stand on or pass over
/// in his turn, with every line counted from each of his men for as many squares as
/// his allowance, up to a man of the other side (who stands still through the turn:
/// no man jumps, 1879 E-10, and none ends on a held square) when `blocked`; his own
/// men are counted as out of the way (one may move first). A superset: what he cannot
/// touch, no defence of his can block.
fn defender_reach(p: &Position, blocked: bool) -> SquareSet {
    let me = p.to_act();
    let others = if blocked {
        p.men(!me)
    } else {
        SquareSet::EMPTY
    };
    let most = p.allowance();
    let mut out = SquareSet::EMPTY;
    for from in p.men(me) {
        for dir in Direction::ALL {
            let mut at = from;
            for _ in 0..most {
                match at.step(dir) {
                    Some(next) if !others.contains(next) => {
                        out.insert(next);
                        at = next;
                    }
                    _ => break,
                }
            }
        }
    }
    out
}

/// Whether the shortcut of [`Blocks::Unstoppable`] may be taken at `p` (the defender
/// to act before the attacker's last turn, 1879): a Rendezvous goal (the winning turn
/// meets it whatever the take and the wanderers), no position yet repeated on the
/// path (so no defence can be a third occurrence, a draw, D-9), and the defender
/// unable to get all his men in first (counted as [`can_win_after_defence`]
/// counts it).
///
/// [`can_win_after_defence`]: super::can_win_after_defence
fn may_be_unstoppable(p: &Position, goal: &Goal, repeats: u32, blocked: bool) -> bool {
    goal.target == Target::Rendezvous
        && !goal.help
        && repeats == 0
        && p.to_act() != goal.side
        && !bound::defender_may_get_all_in(p, goal, blocked)
}

/// Whether the defender, to act at `p` before the attacker's last turn (1879, a
/// Rendezvous goal in 1), loses whatever he does because one of the attacker's winning
/// turns (were the defender to let his turn go) passes over and ends only on squares
/// none of his men can reach in his turn, and he cannot get all his men in first:
/// what [`Limits::unstoppable`](super::Limits::unstoppable) concludes without generating a
/// defence (there also only with no position repeated on the path). `false` when it
/// cannot say.
pub fn unstoppable_threat(p: &Position, goal: &Goal) -> bool {
    if !matches!(bound::Reach::of(p), Some(bound::Reach::R1879))
        || !may_be_unstoppable(p, goal, 0, true)
    {
        return false;
    }
    let Some(threat) = p.passed_over() else {
        return false;
    };
    let free = !defender_reach(p, true);
    let mut found = false;
    let _ = last::visit_goal_turns(&threat, |a, c| {
        if settle(goal, &threat, c) == Some(Val::Win)
            && let OutcomeAction::Turn { moves, .. } = a
            && moves.iter().all(|m| (way_of(m) - free).is_empty())
        {
            found = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
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
        // The squares no defence can touch, when the shortcut may be taken.
        let untouchable = (self.limits.unstoppable
            && may_be_unstoppable(p, &goal, self.hist.repeats(), blocked))
        .then(|| !defender_reach(p, blocked));
        let mut unstoppable = false;
        let _ = last::visit_goal_turns(&threat, |a, c| {
            if !self.tick() {
                aborted = true;
                return ControlFlow::Break(());
            }
            if settle(&goal, &threat, c) == Some(Val::Win)
                && let OutcomeAction::Turn { moves, .. } = a
            {
                let mut way = SquareSet::EMPTY;
                for m in *moves {
                    way |= way_of(m);
                }
                need |= way;
                if untouchable.is_some_and(|free| (way - free).is_empty()) {
                    unstoppable = true;
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        if aborted {
            return Blocks::Abort;
        }
        if unstoppable {
            return Blocks::Unstoppable;
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
