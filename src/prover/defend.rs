//! The defender's side of a proof, for a puzzle trainer: in a game where the defender
//! is to act and the attacker has some of his goal's turns left, a defence after which
//! the goal can no longer be forced (a refutation), or, when every defence loses, the
//! one that holds out longest ([`defend`]).

use super::*;

/// What [`defend`] found for the side to act.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Defended {
    /// After this defence the attacker can no longer force the goal in the turns he
    /// has left (proved).
    Refutes(Action),
    /// Every defence loses: this one holds out longest, and the attacker still forces
    /// the goal after it within this many of his turns (proved; the turns left when
    /// the budget ran out while the defences were ranked).
    Holds(Action, u32),
    /// Neither was proved: the budget or the stop flag cut the search, or there is
    /// nothing to defend (the attacker to act, help play, no turns, the game over,
    /// no action).
    Unknown,
}

/// What [`defend`] gives back: its finding, the nodes it searched and the limit that
/// cut it, if one did.
#[derive(Clone, Debug)]
pub struct DefenceReport {
    /// The defence found, if any.
    pub found: Defended,
    /// The nodes searched.
    pub nodes: u64,
    /// Which limit cut the search, if one did.
    pub cut: Option<Cut>,
}

/// The defence of the side to act in `game` against `goal` (the attacker's goal, its
/// `turns` the attacker's turns left): the first defence, in the visitor's order,
/// after which the goal is not forced ([`Defended::Refutes`]); when there is none,
/// the defence after which the attacker needs the most turns ([`Defended::Holds`]).
/// The game's history counts (D-9), as in [`forcing_key`]. One thread, one search
/// within [`Limits::max_nodes`], [`Limits::max_time`] and the stop flag.
pub fn defend(game: &crate::engine::Game, goal: Goal, limits: &Limits) -> DefenceReport {
    let start = game.position();
    let nothing = DefenceReport {
        found: Defended::Unknown,
        nodes: 0,
        cut: None,
    };
    if goal.help
        || goal.turns == 0
        || start.to_act() == goal.side
        || super::throws(&goal, start)
        || start.winner().is_some()
        || game.result().is_some()
    {
        return nothing;
    }
    let shared = Shared::new(goal, limits, 1);
    let (found, nodes, cut) = shared.with_search(start, |s| {
        s.cap = s.budget.max_nodes;
        // The game's history: the start is already on the path once.
        let root = start.key();
        for (key, n) in game.occurred() {
            let earlier = if key == root { n.saturating_sub(1) } else { n };
            for _ in 0..earlier {
                s.hist.record(key);
            }
        }
        let found = defences(s, start, goal.turns);
        (found, s.nodes, s.cut)
    });
    DefenceReport {
        found,
        nodes,
        cut: cut.or_else(|| shared.cut()),
    }
}

/// The search behind [`defend`], from `start` with `turns` of the attacker's left.
fn defences(s: &mut Search<'_>, start: &Position, turns: u32) -> Defended {
    let Some(kids) = s.kids(start) else {
        return Defended::Unknown;
    };
    for kid in &kids {
        match s.kid_value(start, kid, turns) {
            Val::Fail => return Defended::Refutes(direct::canonical_kid(start, kid)),
            Val::Abort => return Defended::Unknown,
            Val::Win => {}
        }
    }
    // Every defence loses: rank them by the fewest turns the attacker needs after
    // each, keeping those that hold out at each depth.
    let mut alive: Vec<&Kid> = kids.iter().collect();
    for depth in 1..turns {
        let mut next = Vec::new();
        for kid in &alive {
            match s.kid_value(start, kid, depth) {
                Val::Fail => next.push(*kid),
                Val::Win => {}
                Val::Abort => return holds(start, &alive, turns),
            }
        }
        if next.is_empty() {
            return holds(start, &alive, depth);
        }
        alive = next;
    }
    holds(start, &alive, turns)
}

/// The first of `alive`, holding out for `turns`.
fn holds(start: &Position, alive: &[&Kid], turns: u32) -> Defended {
    match alive.first() {
        Some(kid) => Defended::Holds(direct::canonical_kid(start, kid), turns),
        None => Defended::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::prover::tests::{goal, pos};

    fn limits() -> Limits {
        Limits {
            threads: 1,
            hash_mib: 4,
            ..Limits::default()
        }
    }

    /// The game after `key` (in its canonical form) from `start`.
    fn after(start: &str, key: &str) -> Game {
        let start = pos(start);
        let mut found = None;
        let _ = visit_outcomes(&start, |a, c| {
            let act = direct::canonical(&start, &a.to_action(), c);
            if act.to_string() == key {
                found = Some(act);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        let mut game = Game::new(start);
        game.play(&found.expect("the key is an outcome"))
            .expect("legal");
        game
    }

    #[test]
    fn a_try_is_answered_by_a_refutation_the_tries_find_too() {
        // composed-102-01: B wins rendezvous in 2; g6-f5 h6-g6 x e8 is a try, refuted.
        let game = after("4Y2Y/5B1Y/6BB/8/8/8/8/8 B g6 play", "g6-f5 h6-g6 x e8");
        let d = defend(&game, goal(Side::Black, 1), &limits());
        let Defended::Refutes(a) = &d.found else {
            panic!("no refutation: {d:?}");
        };
        // The tries of the puzzle (another search) name it as the try's refutation.
        let start = pos("4Y2Y/5B1Y/6BB/8/8/8/8/8 B g6 play");
        let report =
            solve(&start, goal(Side::Black, 2), &limits(), &Wants::default()).expect("a puzzle");
        let tries = tries(&start, goal(Side::Black, 2), &limits(), &report, 1);
        assert!(
            tries
                .found
                .iter()
                .any(|(t, refs)| t.to_string() == "g6-f5 h6-g6 x e8" && refs.contains(a)),
            "{a} is not among {:?}",
            tries.found
        );
    }

    #[test]
    fn after_the_key_every_defence_loses_and_one_is_still_played() {
        let game = after("4Y2Y/5B1Y/6BB/8/8/8/8/8 B g6 play", "h6-h5 x e8");
        let d = defend(&game, goal(Side::Black, 1), &limits());
        assert!(matches!(d.found, Defended::Holds(_, 1)), "{:?}", d.found);
        assert!(d.cut.is_none());
    }

    #[test]
    fn a_spent_budget_says_so_and_the_attacker_to_act_has_nothing_to_defend() {
        let game = after("4Y2Y/5B1Y/6BB/8/8/8/8/8 B g6 play", "g6-f5 h6-g6 x e8");
        let tiny = Limits {
            max_nodes: Some(2),
            ..limits()
        };
        let d = defend(&game, goal(Side::Black, 1), &tiny);
        assert_eq!(d.found, Defended::Unknown);
        assert_eq!(d.cut, Some(Cut::Nodes));
        let start = Game::new(pos("4Y2Y/5B1Y/6BB/8/8/8/8/8 B g6 play"));
        assert_eq!(
            defend(&start, goal(Side::Black, 2), &limits()).found,
            Defended::Unknown
        );
    }
}
