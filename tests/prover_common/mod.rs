//! Helpers shared by the prover's reference tests (`tests/prover_reference.rs`,
//! `tests/prover_bounds.rs`): the rule sets, a naive AND/OR solver over the engine's
//! visitor, its keys and the prover's, and the goals drawn for a position.
#![allow(dead_code)]

use lanrick::engine::position::PositionKey;
use lanrick::engine::search::visit_outcomes;
use lanrick::engine::{Due, Edition, OutcomeAction, Position, Rules, Side, Square};
use lanrick::prover::sample::random_position;
use lanrick::prover::{self, Goal, Limits, Target, Wants};
use lanrick::selfplay::Rng;
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// The rule sets the positions are played by: one more entry per edition.
pub fn editions() -> Vec<Rules> {
    vec![
        Rules::default(),
        "1893 turned both-first".parse().expect("a rules value"),
        "1893-es".parse().expect("a rules value"),
        "1880".parse().expect("a rules value"),
        "1879".parse().expect("a rules value"),
    ]
}

/// Every child of `p`: the visitor's outcomes and every interchange (demand and the
/// setter's choice), each with whether it is a turn, a Mark, and who chooses.
pub fn children(p: &Position) -> Vec<(bool, bool, Position, bool)> {
    let mut v = Vec::new();
    let _ = visit_outcomes(p, |a, c| {
        let turn = matches!(
            a,
            OutcomeAction::Turn { .. } | OutcomeAction::Pass | OutcomeAction::MoveMark { .. }
        );
        let mark = matches!(a, OutcomeAction::Mark(_));
        v.push((turn, mark, *c, false));
        ControlFlow::Continue(())
    });
    if p.can_interchange().is_ok() {
        match p.interchange_choice_needed() {
            None => {
                if let Ok(c) = p.interchange(&[]) {
                    v.push((false, false, c, false));
                }
            }
            Some(k) => {
                let men: Vec<Square> = p.men(p.to_act()).into_iter().collect();
                for mask in 0u32..(1 << men.len()) {
                    if mask.count_ones() != u32::from(k) {
                        continue;
                    }
                    let chosen: Vec<Square> = (0..men.len())
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| men[i])
                        .collect();
                    if let Ok(c) = p.interchange(&chosen) {
                        v.push((false, false, c, true));
                    }
                }
            }
        }
    }
    v
}

/// Plain AND/OR: can `goal.side` force (help: reach) the goal with `t` turns left
/// from `p`, the path's positions of this Rendezvous in `hist`.
pub fn naive(p: &Position, goal: &Goal, t: u32, hist: &mut Vec<PositionKey>) -> bool {
    let kids = children(p);
    let attacker = p.to_act() == goal.side;
    // No one chooses the die's Mark (1879): in direct play every square must serve.
    let or = goal.help || (attacker && p.due() != Due::Throw);
    // An interchange with a choice: the setter (the other side) chooses.
    let choice_any = goal.help || !attacker;
    let mut demand: Option<bool> = None;
    for (turn, mark, c, chosen) in &kids {
        let v = after(p, *turn, *mark, c, goal, t, hist);
        if *chosen {
            let d = demand.get_or_insert(!choice_any);
            *d = if choice_any { *d || v } else { *d && v };
            continue;
        }
        if or && v {
            return true;
        }
        if !or && !v {
            return false;
        }
    }
    if let Some(d) = demand {
        if or && d {
            return true;
        }
        if !or && !d {
            return false;
        }
    }
    !or
}

pub fn after(
    p: &Position,
    turn: bool,
    mark: bool,
    c: &Position,
    goal: &Goal,
    t: u32,
    hist: &mut Vec<PositionKey>,
) -> bool {
    if let Some(w) = c.winner() {
        return w == goal.side;
    }
    if goal.target == Target::Rendezvous && p.phase().in_play() && !c.phase().in_play() {
        return p.to_act() == goal.side;
    }
    let t2 = if p.to_act() == goal.side && turn {
        t - 1
    } else {
        t
    };
    if t2 == 0 {
        return false;
    }
    let saved = hist.clone();
    if mark || !c.phase().in_play() {
        hist.clear();
    }
    if c.phase().in_play() {
        if hist.iter().filter(|k| **k == c.key()).count() >= 2 {
            *hist = saved;
            return false;
        }
        hist.push(c.key());
    }
    let v = naive(c, goal, t2, hist);
    *hist = saved;
    v
}

/// The fewest turns each first action forces the goal in, by the naive solver.
pub fn naive_keys(p: &Position, goal: &Goal) -> BTreeMap<String, Option<u32>> {
    let mut out = BTreeMap::new();
    let kids = children(p);
    // An interchange whose men the setter chooses is one key: it forces the goal
    // when every choice does.
    let chosen: Vec<_> = kids.iter().filter(|k| k.3).collect();
    if !chosen.is_empty() {
        let mut depth = None;
        for d in 1..=goal.turns {
            let all = chosen.iter().all(|(turn, mark, c, _)| {
                let mut hist = if p.phase().in_play() {
                    vec![p.key()]
                } else {
                    Vec::new()
                };
                after(p, *turn, *mark, c, goal, d, &mut hist)
            });
            if all {
                depth = Some(d);
                break;
            }
        }
        for k in &chosen {
            out.insert(k.2.to_string(), depth);
        }
    }
    for (turn, mark, c, _) in kids.iter().filter(|k| !k.3).cloned() {
        let mut depth = None;
        for d in 1..=goal.turns {
            let mut hist = if p.phase().in_play() {
                vec![p.key()]
            } else {
                Vec::new()
            };
            if after(p, turn, mark, &c, goal, d, &mut hist) {
                depth = Some(d);
                break;
            }
        }
        out.insert(c.to_string(), depth);
    }
    out
}

pub fn prover_keys(p: &Position, goal: &Goal, limits: &Limits) -> BTreeMap<String, Option<u32>> {
    let r = prover::solve(p, *goal, limits, &Wants::default()).expect("a puzzle");
    assert!(r.complete, "{p} {goal}: incomplete");
    let mut out = BTreeMap::new();
    for k in &r.keys {
        for q in &k.positions {
            out.insert(q.to_string(), k.depth);
        }
    }
    out
}

/// The men of a generated position: four or (`more`) five; in 1879, whose rounds
/// have three to five men a side, six or seven.
pub fn few_men(rules: Rules, more: bool) -> usize {
    usize::from(more)
        + if rules.edition() == Edition::E1879 {
            6
        } else {
            4
        }
}

/// Whether a game goal in 2 from `p` could reach the next round of a 1879 game (a
/// round won that does not end the game), whose set-ups the naive solver would list
/// (98,280 times 33,649) with a turn still to come: the prover's bound on the score
/// cuts them off (`the_1879_score_bounds_a_game_goal`), the naive solver cannot.
pub fn next_round_in_reach(p: &Position, target: Target) -> bool {
    p.rules().edition() == Edition::E1879
        && target == Target::Game
        && [Side::Black, Side::Yellow]
            .into_iter()
            .any(|s| p.round().score.of(s) + p.count(s) < 5)
}

/// The most outcomes a position may have to get a goal in 2 from the naive solver,
/// whose work grows as their cube; in 1879 always (a round keeps three men a side or
/// more, so a thousand turns is common: a minute in a release build), elsewhere only
/// in the quick test (`cap`).
pub fn too_many_for_two(p: &Position, cap: usize) -> bool {
    let cap = if p.rules().edition() == Edition::E1879 {
        cap.min(100)
    } else {
        cap
    };
    cap < usize::MAX && lanrick::engine::count_outcomes(p) > cap
}

pub fn goals(p: &Position, rng: &mut Rng, cap: usize) -> Vec<Goal> {
    let side = p.to_act();
    let target = if rng.chance(70) {
        Target::Rendezvous
    } else {
        Target::Game
    };
    // Direct play cannot start at a throw of the die (no first action to be a key).
    let die = p.due() == Due::Throw;
    let mut v = if die {
        Vec::new()
    } else {
        vec![direct(side, target, 1)]
    };
    if rng.chance(8) && !die && !next_round_in_reach(p, target) && !too_many_for_two(p, cap) {
        v.push(direct(side, target, 2));
    }
    if rng.chance(15) {
        v.push(Goal {
            side,
            target,
            turns: 1,
            help: true,
        });
    }
    v
}

/// A direct-play goal: `side` wins `target` in `turns`.
pub fn direct(side: Side, target: Target, turns: u32) -> Goal {
    Goal {
        side,
        target,
        turns,
        help: false,
    }
}

/// A random position by `rules` with few men and at most 60 outcomes a turn (a goal in
/// 2 stays cheap for the naive solver), with a side and a target for a goal, each
/// either at random; `None` when the draw is not such a position.
pub fn small_case(rng: &mut Rng, rules: Rules) -> Option<(Position, Side, Target)> {
    let men = few_men(rules, rng.chance(50));
    let p = random_position(rng, rules, men)?;
    if too_many_for_two(&p, 60) {
        return None;
    }
    let side = if rng.chance(50) {
        p.to_act()
    } else {
        !p.to_act()
    };
    let target = if rng.chance(50) {
        Target::Rendezvous
    } else {
        Target::Game
    };
    Some((p, side, target))
}
