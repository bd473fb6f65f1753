//! The goal-directed generator of the attacker's last turn: only the turns that can
//! reach the goal, instead of every turn.
//!
//! In the 1893 rules (and their options) a turn wins the Rendezvous, and so the game,
//! only if it ends with every one of the mover's men in the Rendezvous (Rules 7 and 8,
//! D-8), and each man moves at most once in a turn. So a man's move to a square outside
//! the Rendezvous can never be part of a winning turn: the man would stay outside. The
//! generator walks the turn man's move by man's move through [`TurnInProgress`], as the
//! engine's visitor does (so blocking, each man's limit and the allowance apply as in
//! play), but tries only the moves that end on a Rendezvous square, and every take
//! after the Rendezvous closes. Other editions (and phases other than play) fall back
//! to the engine's visitor.

use crate::engine::search::visit_outcomes;
use crate::engine::{BySide, OutcomeAction, Position, Side, SquareSet, TurnEnd, TurnInProgress};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// Calls `visit` on the outcomes of the next action of the side to act that may meet
/// a goal of winning the Rendezvous or the game in this turn: in the 1893 family, each
/// distinct outcome of a turn whose moves all end in the Rendezvous (a superset of the
/// winning ones); elsewhere every outcome. Stops when `visit` breaks.
pub fn visit_goal_turns(
    pos: &Position,
    mut visit: impl FnMut(&OutcomeAction, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(r) = pos.rendezvous() else {
        return visit_outcomes(pos, visit);
    };
    if !pos.rules().is_1893() || !pos.phase().in_play() || pos.winner().is_some() {
        return visit_outcomes(pos, visit);
    }
    let Ok(turn) = pos.begin_turn() else {
        return ControlFlow::Continue(());
    };
    let mut walk = GoalWalk {
        inside: r.squares(),
        seen_states: HashSet::new(),
        seen_ends: HashSet::new(),
        visit: &mut visit,
    };
    walk.turn(&turn)
}

type StateKey = (BySide<SquareSet>, SquareSet, u8, bool);

struct GoalWalk<'v, V> {
    inside: SquareSet,
    seen_states: HashSet<StateKey>,
    seen_ends: HashSet<Position>,
    visit: &'v mut V,
}

impl<V: FnMut(&OutcomeAction, &Position) -> ControlFlow<()>> GoalWalk<'_, V> {
    fn end(&mut self, t: &TurnInProgress) -> ControlFlow<()> {
        let Ok(result) = t.finish() else {
            return ControlFlow::Continue(());
        };
        if self.seen_ends.insert(result.position) {
            let action = OutcomeAction::Turn {
                moves: result.moves,
                take: match result.end {
                    TurnEnd::Played => None,
                    TurnEnd::Replaced(sq) | TurnEnd::Removed(sq) => Some(sq),
                },
                wanderers: result.wanderers,
                radiate: result.radiate,
            };
            (self.visit)(&action, &result.position)?;
        }
        ControlFlow::Continue(())
    }

    fn turn(&mut self, t: &TurnInProgress) -> ControlFlow<()> {
        let key = (
            BySide::new(t.men(Side::Black), t.men(Side::Yellow)),
            t.moved(),
            t.used(),
            t.is_closed(),
        );
        if !self.seen_states.insert(key) {
            return ControlFlow::Continue(());
        }
        if let Some(choices) = t.take_choices() {
            for c in choices {
                let mut next = t.clone();
                if next.take(c).is_ok() {
                    self.end(&next)?;
                }
            }
            return ControlFlow::Continue(());
        }
        if t.is_closed() {
            return self.end(t);
        }
        if !t.moves().is_empty() {
            self.end(t)?;
        }
        for m in t.legal_moves() {
            if !self.inside.contains(m.to) {
                continue;
            }
            let mut next = t.clone();
            if next.play_move(m.from, m.to).is_ok() {
                self.turn(&next)?;
            }
        }
        ControlFlow::Continue(())
    }
}
