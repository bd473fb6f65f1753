//! Direct play: every key proved (in parallel, deepening), the verdict, the written
//! key's refutations and the solution trees.

use super::{
    Action, Key, Kid, Omitted, Report, Search, Shared, Step, Tree, Val, Verdict, Wants,
    attacker_chooses, deepen_keys, par_map, settle,
};
use crate::engine::Position;
use crate::engine::search::fewest_moves_to;

/// Proves every key of `start` (the attacker to act).
pub(super) fn solve_direct(
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
    let keys = deepen_keys(start, &kids, shared, wants, threads);
    report.written = wants
        .written
        .and_then(|w| keys.iter().position(|k| k.positions.contains(&w)));
    let any_abort = keys.iter().any(|k| k.aborted);
    report.complete = !any_abort;
    report.shortest = keys.iter().filter_map(|k| k.depth).min();
    report.verdict = verdict(&keys, report.written, wants.written.is_some(), goal.turns);
    if report.verdict == Verdict::Refuted
        && let Some(i) = report.written
    {
        let (refs, whole) = refutations(start, shared, &kids[i], 8, shared.remaining());
        report.refutations = refs;
        report.complete &= whole;
    }
    if wants.trees {
        let (true_kids, key_index): (Vec<&Kid>, Vec<usize>) = kids
            .iter()
            .zip(&keys)
            .enumerate()
            .filter(|(_, (_, k))| k.depth.is_some())
            .map(|(i, (kid, _))| (kid, i))
            .unzip();
        // Each tree an equal share of the nodes left, fixed before they start.
        let share = shared.remaining() / (true_kids.len() as u64).max(1);
        let trees: Vec<Vec<Tree>> = par_map(&true_kids, threads, |kid| {
            shared.with_search_cap(start, share, true, |s| {
                build_kid(s, start, kid, goal.turns, wants.keep)
            })
        });
        for (t, i) in trees.into_iter().zip(key_index) {
            report.tree_keys.extend(std::iter::repeat_n(i, t.len()));
            report.trees.extend(t);
        }
        report.duals = report.trees.iter().map(Tree::total_duals).sum();
        report.complete &= !report.trees.iter().any(Tree::is_incomplete);
    }
    report.keys = keys;
    canonical_keys(start, &mut report);
    report
}

/// An action in its canonical form: a turn that reaches `child` from `parent` with the
/// fewest man's moves ([`fewest_moves_to`]), so that one key has one text wherever a
/// report writes it. Any other action is its own form.
pub(super) fn canonical(parent: &Position, act: &Action, child: &Position) -> Action {
    match act {
        Action::Turn { moves, .. } if moves.len() >= 2 => {
            fewest_moves_to(parent, child, moves.len()).unwrap_or_else(|| act.clone())
        }
        _ => act.clone(),
    }
}

/// A child's first action in its canonical form.
pub(super) fn canonical_kid(parent: &Position, kid: &Kid) -> Action {
    match kid {
        Kid::One(a, c) => canonical(parent, a, c),
        Kid::Demand(_) => kid.first_act(),
    }
}

/// The report's keys that are shown (those that force the goal, and the written one)
/// and its trees, written in their canonical form: one key, one text, wherever the
/// report writes it.
fn canonical_keys(start: &Position, report: &mut Report) {
    let written = report.written;
    for (i, k) in report.keys.iter_mut().enumerate() {
        if (k.depth.is_some() || Some(i) == written)
            && let [child] = k.positions[..]
        {
            k.act = canonical(start, &k.act, &child);
        }
    }
    // Every action of every tree, however large: each is a walk of its parent's
    // turns restricted to the squares the mover holds after it, cheap beside the
    // proof (docs/puzzles.md gives the figures).
    for t in &mut report.trees {
        canonical_tree(start, t);
    }
}

/// A solution tree's actions in their canonical form.
fn canonical_tree(parent: &Position, t: &mut Tree) {
    t.act = canonical(parent, &t.act, &t.position);
    let here = t.position;
    for n in &mut t.next {
        canonical_tree(&here, n);
    }
}

/// The verdict of direct play from its keys (`written`: the written key's index;
/// `has_written`: whether one was written), in the order of [`Verdict`]. What a key
/// proved before a limit cut the proof counts: two keys forcing the goal make it
/// `cooked` when no cut key may force it in fewer turns and the written key forces
/// it, and a key forcing it in fewer turns makes it `short` when the written key does
/// not fail.
pub(super) fn verdict(
    keys: &[Key],
    written: Option<usize>,
    has_written: bool,
    turns: u32,
) -> Verdict {
    let any_abort = keys.iter().any(|k| k.aborted);
    let shortest = keys.iter().filter_map(|k| k.depth).min();
    let n_true = keys.iter().filter(|k| k.depth.is_some()).count();
    let w = written.map(|i| &keys[i]);
    // No cut key may be shorter than the goal (then no `short` is missed).
    let none_shorter = !keys.iter().any(|k| k.aborted && k.may_be_shorter(turns));
    if n_true == 0 {
        if any_abort {
            Verdict::Unproven
        } else {
            Verdict::NoSolution
        }
    } else if w.is_some_and(|w| w.depth.is_none() && !w.aborted && !w.unproved) {
        Verdict::Refuted
    } else if w.is_some_and(|w| w.aborted) {
        Verdict::Unproven
    } else if shortest.is_some_and(|d| d < turns) {
        Verdict::Short
    } else if n_true > 1 && none_shorter && (w.is_some() || !has_written) {
        Verdict::Cooked
    } else if any_abort {
        Verdict::Unproven
    } else if has_written && w.is_none() {
        // The written key is no first action of the position (cannot happen after a
        // clean replay); the true key is not the written one.
        Verdict::Refuted
    } else {
        Verdict::Sound
    }
}

/// The defences that refute a key (up to `cap`): after it, the defender's actions
/// after which the attacker cannot force the goal in the turns left; and whether the
/// list is whole (no limit cut it). The search is allowed `nodes` of the budget.
pub(super) fn refutations(
    start: &Position,
    shared: &Shared<'_>,
    kid: &Kid,
    cap: usize,
    nodes: u64,
) -> (Vec<Action>, bool) {
    let goal = shared.goal;
    shared.with_search_cap(start, nodes, true, |s| {
        let mut out = Vec::new();
        let choices: Vec<(Action, Position)> = match kid {
            Kid::One(a, c) => vec![(a.clone(), *c)],
            Kid::Demand(v) => {
                // The setter (the defender) chooses: a refuting choice is a refutation.
                let mut whole = true;
                for (a, c) in v {
                    match s.after(start, a, c, goal.turns) {
                        Val::Fail => out.push(a.clone()),
                        Val::Abort => whole = false,
                        Val::Win => {}
                    }
                }
                return (out, whole);
            }
        };
        let mut whole = true;
        for (a, c) in choices {
            if settle(&goal, start, &c).is_some() {
                continue;
            }
            let t = if a.is_turn() {
                goal.turns - 1
            } else {
                goal.turns
            };
            if t == 0 || c.to_act() == goal.side {
                continue;
            }
            let Some(saved) = s.enter(&a, &c) else {
                continue;
            };
            match s.kids(&c) {
                Some(defs) => {
                    for d in &defs {
                        match s.kid_value(&c, d, t) {
                            Val::Fail => {
                                out.push(canonical_kid(&c, d));
                                if out.len() >= cap {
                                    break;
                                }
                            }
                            Val::Abort => {
                                whole = false;
                                break;
                            }
                            Val::Win => {}
                        }
                    }
                }
                None => whole = false,
            }
            s.ply -= 1;
            s.leave(saved);
        }
        (out, whole)
    })
}

/// The trees of a key child (an interchange with a choice gives one per choice).
fn build_kid(
    s: &mut Search<'_>,
    parent: &Position,
    kid: &Kid,
    t: u32,
    keep: Option<usize>,
) -> Vec<Tree> {
    match kid {
        Kid::One(a, c) => vec![build(s, parent, a, c, t, keep)],
        Kid::Demand(v) => {
            let setter = !parent.to_act();
            let mut out = Vec::new();
            for (a, c) in v {
                if s.after(parent, a, c, t) == Val::Win {
                    out.push(build(s, parent, a, c, t, keep));
                    if setter == s.goal.side {
                        break;
                    }
                }
            }
            if s.aborted
                && let Some((a, c)) = v.first()
                && out.iter().all(|t| !t.is_incomplete())
            {
                // A limit cut the setter's choices: the tree says so.
                out.push(Tree {
                    act: a.clone(),
                    side: parent.to_act(),
                    position: *c,
                    next: Vec::new(),
                    duals: 0,
                    threat: None,
                    incomplete: true,
                    omitted: Omitted::default(),
                });
            }
            out
        }
    }
}

/// The threat after an attacker's action that leaves `after` to the defender: the
/// first turn (canonical) that would meet the goal at once were the attacker to act
/// again in `after` ([`Position::passed_over`]); `None` when none would (a quiet key)
/// or the budget ran out.
fn threat(s: &mut Search<'_>, after: &Position) -> Option<Action> {
    let goal = s.goal;
    let null = after.passed_over()?;
    let kids = s.kids_at(&null, 1)?;
    kids.iter().find_map(|k| match k {
        Kid::One(a, c) if settle(&goal, &null, c) == Some(Val::Win) => Some(canonical(&null, a, c)),
        _ => None,
    })
}

/// The solution tree after `act` (known to force the goal with `t` turns left),
/// keeping at most `keep` defences at each node ([`Wants::keep`]).
fn build(
    s: &mut Search<'_>,
    parent: &Position,
    act: &Action,
    child: &Position,
    t: u32,
    keep: Option<usize>,
) -> Tree {
    let goal = s.goal;
    let mut tree = Tree {
        act: act.clone(),
        side: parent.to_act(),
        position: *child,
        next: Vec::new(),
        duals: 0,
        threat: None,
        incomplete: false,
        omitted: Omitted::default(),
    };
    if settle(&goal, parent, child).is_some() {
        return tree;
    }
    let t2 = if parent.to_act() == goal.side && act.is_turn() {
        t - 1
    } else {
        t
    };
    if t2 == 0 {
        return tree;
    }
    let Some(saved) = s.enter(act, child) else {
        return tree;
    };
    if let Some(kids) = s.kids_at(child, t2) {
        if attacker_chooses(&goal, child) {
            let count_all = t2 >= 2 || s.limits.final_duals;
            let mut wins = 0u64;
            for k in &kids {
                if s.kid_value(child, k, t2) == Val::Win {
                    wins += 1;
                    if wins == 1 {
                        tree.next.extend(build_kid(s, child, k, t2, keep));
                    }
                    if !count_all {
                        break;
                    }
                }
            }
            tree.duals = wins.saturating_sub(1);
        } else {
            if parent.to_act() == goal.side {
                tree.threat = threat(s, child);
            }
            for k in &kids {
                for d in build_kid(s, child, k, t2, keep) {
                    if keep.is_some_and(|n| tree.next.len() >= n) {
                        tree.omitted.defences += 1;
                        tree.omitted.duals += d.total_duals();
                        tree.omitted.incomplete |= d.is_incomplete();
                    } else {
                        tree.next.push(d);
                    }
                }
            }
        }
    }
    s.ply -= 1;
    s.leave(saved);
    // Once a limit stops the search it stays stopped: a node finished after that may
    // lack defences, its reply or duals.
    tree.incomplete = s.aborted;
    tree
}
