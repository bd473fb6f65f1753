//! A hint: the action suggested for the side to act and the facts that explain it,
//! each computed by the engine, the prover or the player's race count — never a raw
//! score. A front end words the facts ([`Hint`]); tests check the facts.
//!
//! The facts: a forced win of the Rendezvous or the game in one or two turns, proved
//! by the prover (the suggestion is then its key, and a win in two is shown against
//! the most stubborn defence: the one leaving the fewest winning replies); the action winning the Rendezvous
//! or the game at once; the other side's threat to win the Rendezvous in his next turn
//! and whether the action stops it; the side's men brought into the Rendezvous and the
//! squares his men outside still need, before and after.

use crate::engine::{Budget, Game, Position, Side, Target};
use crate::player::{self, Choice, Limits};
use crate::prover;
use std::sync::atomic::AtomicBool;

/// The most nodes the prover may search for each forced win or threat a hint looks
/// for, so that a hint answers within a second or two.
const PROOF_NODES: u64 = 200_000;

/// A forced win found for the side to act.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forced {
    /// What is won.
    pub target: Target,
    /// In how many of the side's turns (counting this one).
    pub turns: u32,
    /// A line of it, in canonical notation: the key, then (in two turns) the most
    /// stubborn defence (the one leaving the fewest winning replies) and the reply
    /// that wins after it.
    pub line: Vec<String>,
}

/// The other side's threat: he could win the Rendezvous in his next turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The side that threatens.
    pub by: Side,
    /// Whether the suggested action stops it (after it, he cannot win the Rendezvous
    /// in his next turn).
    pub stopped: bool,
}

/// The suggested action and the facts that explain it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The side the hint is for.
    pub side: Side,
    /// The action, in canonical notation.
    pub action: String,
    /// The level it was thought at.
    pub level: u8,
    /// A forced win the action begins, proved.
    pub forced: Option<Forced>,
    /// What the action wins at once, if anything.
    pub wins_now: Option<Target>,
    /// The other side's threat to win the Rendezvous next turn, and whether the action
    /// stops it.
    pub threat: Option<Threat>,
    /// The side's men in the Rendezvous before and after the action (a Rendezvous in
    /// play on both sides of it).
    pub men_in: Option<(u8, u8)>,
    /// The squares the side's men outside still need, all together, before and after
    /// (the player's race count).
    pub squares: Option<(u16, u16)>,
    /// Whether lanrick's evaluation finds every action lost (a win for the other side
    /// it sees no way to stop).
    pub lost: bool,
    /// Positions looked at.
    pub nodes: u64,
}

/// Thinks for the side to act in `game` at `level` (`seed` for its choices; `stop`,
/// set by Ctrl-C, ends the thinking with the best action found so far) and explains
/// the action it suggests. `None` when the game is over.
pub fn hint(game: &Game, level: u8, seed: u64, stop: Option<&'static AtomicBool>) -> Option<Hint> {
    let limits = Limits {
        time: (level >= player::SLOW_LEVEL).then(|| std::time::Duration::from_millis(1900)),
        ..Limits::level(level, seed)
    };
    let choice: Choice = player::choose(game, &limits, stop)?;
    let before = *game.position();
    let me = before.to_act();
    let mut nodes = choice.nodes;
    // A forced win proved beats the evaluation: the game first, then the Rendezvous.
    let mut forced = None;
    let mut action = choice.action.clone();
    if level > 0 {
        'targets: for target in [Target::Game, Target::Rendezvous] {
            for turns in 1..=2 {
                let found = prove(game, target, turns, stop);
                nodes += found.nodes;
                if let Some(key) = found.key {
                    let turns = key.depth.unwrap_or(turns);
                    let line = line_of(game, &key.act, target, turns, seed, stop, &mut nodes);
                    action = key.act;
                    forced = Some(Forced {
                        target,
                        turns,
                        line,
                    });
                    break 'targets;
                }
            }
        }
    }
    let mut after_game = game.clone();
    let played = after_game.play(&action).ok()?;
    let after = *after_game.position();
    let won_game = matches!(
        played.result,
        Some(crate::engine::GameResult::Won { winner, .. }) if winner == me
    );
    let wins_now = if won_game {
        Some(Target::Game)
    } else if matches!(
        played.turn.as_ref().map(|t| t.end),
        Some(crate::engine::TurnEnd::Removed(_))
    ) {
        Some(Target::Rendezvous)
    } else {
        None
    };
    // A Rendezvous won ends the threat with it.
    let threat = if wins_now.is_none() {
        threat(&before, &after_game, me, stop, &mut nodes)
    } else {
        None
    };
    let (men_in, squares) = match (before.rendezvous(), after.rendezvous()) {
        (Some(rb), Some(ra)) if wins_now.is_none() => {
            let b = player::race(&before, rb, me);
            let a = player::race(&after, ra, me);
            (Some((b.inside, a.inside)), Some((b.squares, a.squares)))
        }
        _ => (None, None),
    };
    Some(Hint {
        side: me,
        action: action.to_string(),
        level,
        lost: forced.is_none() && choice.score <= -player::WIN / 2,
        forced,
        wins_now,
        threat,
        men_in,
        squares,
        nodes,
    })
}

/// A line of a forced win beginning with `key`: the key, and in two turns the most
/// stubborn defence ([`stubborn_defence`]; where it cannot be found, the one lanrick
/// would choose at level 2) and the reply that then wins in one. The line stops where
/// a step cannot be found within the budget.
fn line_of(
    game: &Game,
    key: &crate::engine::Action,
    target: Target,
    turns: u32,
    seed: u64,
    stop: Option<&'static AtomicBool>,
    nodes: &mut u64,
) -> Vec<String> {
    let mut line = vec![key.to_string()];
    if turns < 2 {
        return line;
    }
    let mut g = game.clone();
    if g.play(key).is_err() || g.result().is_some() {
        return line;
    }
    let me = game.position().to_act();
    if let Some(defence) = stubborn_defence(&g, target, stop, nodes) {
        if g.play(&defence).is_err() {
            return line;
        }
        line.push(defence.to_string());
    }
    // The other side's actions until the attacker acts again (a Mark set after a win
    // changes nothing here: the goal is won within this Rendezvous or the game).
    while g.result().is_none() && g.position().to_act() != me {
        let Some(defence) = player::choose(&g, &Limits::level(2, seed), stop) else {
            return line;
        };
        *nodes += defence.nodes;
        if g.play(&defence.action).is_err() {
            return line;
        }
        line.push(defence.event);
    }
    let found = prove(&g, target, 1, stop);
    *nodes += found.nodes;
    if let Some(k) = found.key {
        line.push(k.act.to_string());
    }
    line
}

/// The most defences weighed for the most stubborn one.
const MOST_DEFENCES: usize = 5_000;

/// The most turn states the walks counting the attacker's winning replies may visit,
/// over all the defences: a deterministic bound that keeps a hint within a second or
/// two (past it, the level-2 defence is shown).
const MOST_STATES: u64 = 3_000_000;

/// The defence that resists longest, in `game` after the key (the defender to act,
/// the attacker acting next): one after which the prover finds no win of `target` in
/// the attacker's next turn, if there is one; else (every defence loses in one, as in a
/// win in two) the one that leaves the attacker the fewest winning actions — the
/// hardest to meet. Ties go to the first in the engine's order. `None` when the
/// defender's action is not one choice followed by the attacker's (a die, a Mark and a
/// turn), when there are more than [`MOST_DEFENCES`], when counting the replies would
/// visit more than [`MOST_STATES`] turn states, or when Ctrl-C stopped it.
fn stubborn_defence(
    game: &Game,
    target: Target,
    stop: Option<&'static AtomicBool>,
    nodes: &mut u64,
) -> Option<crate::engine::Action> {
    use std::ops::ControlFlow;
    let pos = *game.position();
    let attacker = !pos.to_act();
    // 1879: a die throws the Mark and a win walks every take and radiating choice.
    if pos.rules().has_die() {
        return None;
    }
    let mut defences = Vec::new();
    let whole = crate::engine::search::visit_outcomes(&pos, |a, after| {
        defences.push((crate::engine::Action::from(a), *after));
        if defences.len() > MOST_DEFENCES {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_continue();
    if !whole || defences.iter().any(|(_, after)| after.to_act() != attacker) {
        return None;
    }
    let interrupted = || stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
    // (loses in one, winning actions left to the attacker): the least is the stubbornest.
    let mut best: Option<((bool, usize), crate::engine::Action, Position)> = None;
    let mut states = 0u64;
    for (defence, after) in defences {
        if interrupted() || states > MOST_STATES {
            return None;
        }
        *nodes += 1;
        let (winning, visited) = winning_actions(&after, target, attacker);
        states += visited;
        let loses_in_one = winning > 0 || {
            let mut g = game.clone();
            g.play(&defence).is_ok() && {
                let found = prove(&g, target, 1, stop);
                *nodes += found.nodes;
                found.key.is_some()
            }
        };
        let rank = (loses_in_one, winning);
        if best.as_ref().is_none_or(|(b, _, _)| rank < *b) {
            best = Some((rank, defence, after));
        }
    }
    // Written with the fewest man's moves that reach it, as every action shown.
    best.map(|(_, d, after)| match &d {
        crate::engine::Action::Turn { moves, .. } if moves.len() >= 2 => {
            crate::engine::search::fewest_moves_to(&pos, &after, moves.len()).unwrap_or(d)
        }
        _ => d,
    })
}

/// The winning replies counted for each defence: past this many, a defence is as easy
/// to meet as any other (the walk stops there, which keeps a hint quick).
pub const REPLIES_COUNTED: usize = 4;

/// The number of distinct turns of `attacker` (to act in `pos`) that win the Rendezvous
/// at once (for `target` the game: that win the game), counted up to
/// [`REPLIES_COUNTED`], and the turn states the walk visited to find them.
fn winning_actions(pos: &Position, target: Target, attacker: Side) -> (usize, u64) {
    let most = match target {
        Target::Rendezvous => REPLIES_COUNTED,
        // A Rendezvous won need not win the game (a man replaced, Rule 7, where one
        // removed would): more are looked at.
        Target::Game => 4 * REPLIES_COUNTED,
    };
    let (turns, states) = player::winning_turns_up_to(pos, most);
    let n = turns
        .iter()
        .filter(|c| match target {
            Target::Game => c.position.winner() == Some(attacker),
            Target::Rendezvous => true,
        })
        .count();
    (n.min(REPLIES_COUNTED), states)
}

/// A forced win of `target` within `turns` for the side to act, on a small budget.
fn prove(
    game: &Game,
    target: Target,
    turns: u32,
    stop: Option<&'static AtomicBool>,
) -> prover::Forcing {
    let mut budget = Budget::nodes(PROOF_NODES);
    budget.stop = stop;
    let limits = prover::Limits {
        hash_mib: 8,
        threads: 1,
        ..prover::Limits::within(&budget)
    };
    let me = game.position().to_act();
    prover::forcing_key(game, target, turns, &limits, |p| player::evaluate(p, me))
}

/// The other side's threat to win the Rendezvous in his next turn, were the side to
/// act to leave the men as they are, and whether `after` (the game after the
/// suggested action, the other side to act) still lets him. `None` when there is no
/// threat (his men cannot all be in within one turn now).
fn threat(
    before: &Position,
    after: &Game,
    me: Side,
    stop: Option<&'static AtomicBool>,
    nodes: &mut u64,
) -> Option<Threat> {
    let them = !me;
    let rv = before.rendezvous()?;
    if after.result().is_some() || after.position().to_act() != them {
        return None;
    }
    // His race now: every man outside in within one turn of his allowance.
    if player::race(before, rv, them).turns > 1 {
        return None;
    }
    let found = prove(after, Target::Rendezvous, 1, stop);
    *nodes += found.nodes;
    Some(Threat {
        by: them,
        stopped: found.complete && found.key.is_none(),
    })
}
