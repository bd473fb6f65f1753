//! Help play: both sides cooperate. The shortest line (deepening), every line that
//! reaches the goal (up to a cap), and whether one passes through the written key.

use super::{
    Action, Kid, Report, Search, Shared, Step, Val, Verdict, Wants, deepen_keys, par_map, settle,
};
use crate::engine::{Position, Side};

/// A line in progress: the actions so far and whether the attacker has acted yet.
struct Lines<'w> {
    out: Vec<Vec<(Side, Action)>>,
    count: u64,
    cap: u64,
    /// Only lines whose first action of the attacker leads here.
    through: Option<&'w Position>,
    aborted: bool,
}

/// The lines through one first action: the lines kept, their count, whether the
/// budget ran out, the nodes.
type Found = (Vec<Vec<(Side, Action)>>, u64, bool, u64);

/// Proves a help-play goal from `start`.
pub(super) fn solve_help(
    start: &Position,
    shared: &Shared<'_>,
    wants: &Wants,
    threads: usize,
) -> Report {
    let goal = shared.goal;
    let (kids, mut report) = shared.root(start);
    let Some(kids) = kids else {
        return report;
    };
    // Each first action, deepening: the fewest turns a line through it needs.
    let keys = deepen_keys(start, &kids, shared, wants, threads);
    let any_abort = keys.iter().any(|k| k.aborted);
    report.shortest = keys.iter().filter_map(|k| k.depth).min();
    let cap = wants.line_cap.max(2);
    // Every line, per first action that has one (or whose search ran out), in
    // parallel; then the written key's lines. When only the verdict is wanted, a
    // shorter line decides it, and otherwise two lines are enough to show a cook.
    let with_lines: Vec<&Kid> = kids
        .iter()
        .zip(&keys)
        .filter(|(_, k)| k.depth.is_some() || k.aborted)
        .map(|(kid, _)| kid)
        .collect();
    // In parallel, each search has an equal share of the nodes left, fixed before
    // they start; one by one, what is left.
    let share = shared.remaining() / (with_lines.len() as u64).max(1);
    let lines_of = |kid: &&Kid, nodes: u64| {
        shared.with_search_cap(start, nodes, true, |s| {
            let mut l = Lines {
                out: Vec::new(),
                count: 0,
                cap,
                through: None,
                aborted: false,
            };
            let mut prefix = Vec::new();
            enumerate_kid(s, start, kid, goal.turns, &mut prefix, &mut l, false);
            (l.out, l.count, l.aborted, s.nodes)
        })
    };
    let found: Vec<Found> = if !wants.verdict_only {
        par_map(&with_lines, threads, |kid| lines_of(kid, share))
    } else if report.shortest.is_some_and(|d| d < goal.turns) || any_abort {
        Vec::new()
    } else {
        let mut found = Vec::new();
        let mut count = 0u64;
        for kid in &with_lines {
            let f = lines_of(kid, shared.remaining());
            count = count.saturating_add(f.1);
            found.push(f);
            if count >= cap {
                break;
            }
        }
        found
    };
    let mut lines_aborted = false;
    for (out, count, aborted, _) in found {
        report.line_count = report.line_count.saturating_add(count).min(cap);
        lines_aborted |= aborted;
        for l in out {
            if (report.lines.len() as u64) < cap {
                report.lines.push(l);
            }
        }
    }
    let mut written_lines = None;
    if let Some(w) = &wants.written {
        let (count, aborted) = shared.with_search(start, |s| {
            let mut l = Lines {
                out: Vec::new(),
                count: 0,
                cap: 1,
                through: Some(w),
                aborted: false,
            };
            let mut prefix = Vec::new();
            enumerate(s, start, goal.turns, &mut prefix, &mut l, false);
            (l.count, l.aborted)
        });
        written_lines = Some((count, aborted));
        report.written = keys.iter().position(|k| k.positions.contains(w));
    }
    let incomplete = any_abort || lines_aborted || written_lines.is_some_and(|(_, a)| a);
    report.complete = !incomplete;
    report.verdict = if report.shortest.is_none() {
        if any_abort {
            Verdict::Unproven
        } else {
            Verdict::NoSolution
        }
    } else if written_lines.is_some_and(|(c, a)| c == 0 && !a) {
        Verdict::Refuted
    } else if written_lines.is_some_and(|(_, a)| a) {
        Verdict::Unproven
    } else if report.shortest.is_some_and(|d| d < goal.turns) {
        Verdict::Short
    } else if report.line_count > 1
        && !keys
            .iter()
            .any(|k| k.aborted && k.may_be_shorter(goal.turns))
    {
        // Two lines found are a cook, whatever a limit cut later (no cut first
        // action may reach the goal sooner).
        Verdict::Cooked
    } else if any_abort || lines_aborted {
        Verdict::Unproven
    } else {
        Verdict::Sound
    };
    report.keys = keys;
    for k in &mut report.keys {
        if k.depth.is_some()
            && let [child] = k.positions[..]
        {
            k.act = super::direct::canonical(start, &k.act, &child);
        }
    }
    for line in &mut report.lines {
        canonical_line(start, line);
    }
    report
}

/// A help line's actions in their canonical form ([`super::direct::canonical`]),
/// replayed from `start`; an action that does not replay (it cannot happen) ends the
/// rewriting and keeps the rest as found.
fn canonical_line(start: &Position, line: &mut [(Side, Action)]) {
    let mut game = crate::engine::Game::new(*start);
    for (_, act) in line.iter_mut() {
        let before = *game.position();
        if game.play(act).is_err() {
            return;
        }
        *act = super::direct::canonical(&before, act, game.position());
    }
}

fn enumerate_kid(
    s: &mut Search<'_>,
    parent: &Position,
    kid: &Kid,
    t: u32,
    prefix: &mut Vec<(Side, Action)>,
    l: &mut Lines<'_>,
    attacked: bool,
) {
    match kid {
        Kid::One(a, c) => step(s, parent, a, c, t, prefix, l, attacked),
        Kid::Demand(v) => {
            for (a, c) in v {
                step(s, parent, a, c, t, prefix, l, attacked);
            }
        }
    }
}

/// Follows `act` from `parent` to `child` and collects the lines through it.
#[allow(clippy::too_many_arguments)]
fn step(
    s: &mut Search<'_>,
    parent: &Position,
    act: &Action,
    child: &Position,
    t: u32,
    prefix: &mut Vec<(Side, Action)>,
    l: &mut Lines<'_>,
    attacked: bool,
) {
    if l.count >= l.cap || l.aborted {
        return;
    }
    let goal = s.goal;
    let by_attacker = parent.to_act() == goal.side;
    if let Some(w) = l.through
        && by_attacker
        && !attacked
        && child != w
    {
        return;
    }
    let attacked = attacked || by_attacker;
    prefix.push((parent.to_act(), act.clone()));
    match settle(&goal, parent, child) {
        Some(Val::Win) => {
            l.count += 1;
            if (l.out.len() as u64) < l.cap {
                l.out.push(prefix.clone());
            }
        }
        Some(_) => {}
        None => {
            let t2 = if by_attacker && act.is_turn() {
                t - 1
            } else {
                t
            };
            if t2 > 0
                && let Some(saved) = s.enter(act, child)
            {
                enumerate(s, child, t2, prefix, l, attacked);
                s.ply -= 1;
                s.leave(saved);
            }
        }
    }
    prefix.pop();
}

/// Collects the lines from the non-terminal `p` with `t` turns left.
fn enumerate(
    s: &mut Search<'_>,
    p: &Position,
    t: u32,
    prefix: &mut Vec<(Side, Action)>,
    l: &mut Lines<'_>,
    attacked: bool,
) {
    if !s.tick() {
        l.aborted = true;
        return;
    }
    // Prune where no line can reach the goal (the exact search, with its table).
    match s.node(p, t) {
        Val::Fail => return,
        Val::Abort => {
            l.aborted = true;
            return;
        }
        Val::Win => {}
    }
    let Some(kids) = s.kids_at(p, t) else {
        l.aborted = true;
        return;
    };
    for k in &kids {
        enumerate_kid(s, p, k, t, prefix, l, attacked);
        if l.count >= l.cap || l.aborted {
            return;
        }
    }
}
