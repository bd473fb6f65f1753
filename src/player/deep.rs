//! Level 5's search: several whole turns deep on the heuristic generator's shortlists,
//! by alpha-beta with iterative deepening, the edition's evaluation for these leaves
//! (`Strategy::evaluate_deep`: in 1880 the 1880 race and who gets all his men in
//! first; a leaf waiting for the selector's Mark worth his best selection; the
//! shortlists ordered by the same evaluation) after a
//! quiescence step (the side to act there may win a Rendezvous at once, which the
//! evaluation alone does not see), a transposition table for the choice, and the
//! prover's forced wins (at the root, in `choose`). Every limit is a node count, so
//! a choice depends only on the game and the seed (a time limit, when set, or Ctrl-C
//! only cut it short).

use super::editions::strategy;
use super::generate::{Candidate, heuristic_candidates, winning_turns_up_to};
use super::{Search, WIN, evaluate};
use crate::engine::table::FastMap;
use crate::engine::{Phase, Position, Side};

/// The widths of level 5's search, ply by ply from the root's children.
pub(super) struct Plan {
    /// Children kept at each ply (index 0: the other side's replies to a root
    /// candidate); every Rendezvous-winning turn is kept besides.
    pub widths: &'static [usize],
    /// Man's moves tried at each step of a turn by the generator, by ply.
    pub beams: &'static [usize],
    /// The most winning turns the quiescence step weighs at a leaf.
    pub quiet: usize,
}

/// Level 5's plan: the other side's replies as wide as level 4's, narrower after.
pub(super) const PLAN: Plan = Plan {
    widths: &[64, 16, 8],
    beams: &[5, 3, 3],
    quiet: 8,
};

/// What the table holds of a position searched: its value for the searching side, how
/// many actions deep, and whether it is exact or a bound.
#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    value: i32,
    bound: Bound,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least this (a cut at a node of the searching side).
    Lower,
    /// The value is at most this.
    Upper,
}

/// The most positions the table of one choice keeps (about 2 MiB); past it, new
/// positions are not stored.
const TABLE_CAP: usize = 1 << 16;

/// The value for `me` of `pos` at a leaf of the deeper search: a game won or lost,
/// else the edition's evaluation for these leaves; a position waiting for the
/// selector's Mark, where the edition asks it (1880), is worth the selector's best
/// selection by that evaluation.
fn leaf(pos: &Position, me: Side) -> i32 {
    if pos.winner().is_some() {
        return evaluate(pos, me);
    }
    let edition = strategy(pos.rules());
    if pos.phase() == Phase::Mark && edition.selects_at_leaves() {
        let selector = pos.to_act();
        let values = pos
            .mark_outcomes()
            .into_iter()
            .map(|(_, p)| edition.evaluate_deep(&p, me));
        let best = if selector == me {
            values.max()
        } else {
            values.min()
        };
        if let Some(v) = best {
            return v;
        }
    }
    edition.evaluate_deep(pos, me)
}

/// The search state of one level-5 choice.
pub(super) struct Deep<'a> {
    pub search: &'a mut Search,
    pub plan: &'a Plan,
    table: FastMap<Position, Entry>,
}

impl<'a> Deep<'a> {
    pub fn new(search: &'a mut Search, plan: &'a Plan) -> Deep<'a> {
        Deep {
            search,
            plan,
            table: FastMap::default(),
        }
    }

    /// The value for `me` of `pos` (after a root candidate) searched `depth` actions
    /// deep, `ply` actions below the root; `alpha` and `beta` bound `me`'s score.
    pub fn value(
        &mut self,
        pos: &Position,
        me: Side,
        ply: usize,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.search.nodes += 1;
        if pos.winner().is_some() {
            return leaf(pos, me);
        }
        // 1879: the die, not a player, gives the Mark: the evaluation of a position
        // waiting for it is already the mean over the sixteen squares.
        let chance = pos.phase() == Phase::Mark && pos.rules().has_die();
        if chance || self.search.out_of_time() {
            return leaf(pos, me);
        }
        if depth == 0 {
            return self.quiesce(pos, me);
        }
        let (a0, b0) = (alpha, beta);
        if let Some(e) = self.table.get(pos)
            && e.depth >= depth
        {
            match e.bound {
                Bound::Exact => return e.value,
                Bound::Lower => alpha = alpha.max(e.value),
                Bound::Upper => beta = beta.min(e.value),
            }
            if alpha >= beta {
                return e.value;
            }
        }
        let mover = pos.to_act();
        let beam = self.plan.beams.get(ply).copied().unwrap_or(3);
        let width = self.plan.widths.get(ply).copied().unwrap_or(8);
        let children = self.children(pos, mover, beam, width);
        if children.is_empty() {
            return leaf(pos, me);
        }
        let maximise = mover == me;
        let mut best = if maximise { -WIN - 1 } else { WIN + 1 };
        for c in &children {
            let v = self.value(&c.position, me, ply + 1, depth - 1, alpha, beta);
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta || self.search.out_of_time() {
                break;
            }
        }
        if !self.search.out_of_time()
            && (self.table.len() < TABLE_CAP || self.table.contains_key(pos))
        {
            let bound = if best <= a0 {
                Bound::Upper
            } else if best >= b0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.insert(
                *pos,
                Entry {
                    depth,
                    value: best,
                    bound,
                },
            );
        }
        best
    }

    /// The shortlist of `pos`'s actions for `mover`: the generator's candidates
    /// ordered by the mover's value of them as leaves ([`leaf`]), every
    /// Rendezvous-winning turn first and the best `width` others.
    fn children(
        &mut self,
        pos: &Position,
        mover: Side,
        beam: usize,
        width: usize,
    ) -> Vec<Candidate> {
        let s = &mut *self.search;
        let children = heuristic_candidates(pos, beam, &mut s.rng, s.extra, &s.budget);
        s.nodes += children.len() as u64;
        super::shortlist_by(pos, mover, children, width, leaf)
    }

    /// The value for `me` of a leaf: the evaluation, or, when the side to act can win
    /// a Rendezvous (or the game) at once, the best of those wins for him if it is
    /// better for him than the evaluation.
    fn quiesce(&mut self, pos: &Position, me: Side) -> i32 {
        let stand = leaf(pos, me);
        if !pos.phase().in_play() || self.plan.quiet == 0 {
            return stand;
        }
        let mover = pos.to_act();
        let (wins, states) = winning_turns_up_to(pos, self.plan.quiet);
        // The walk's turn states count as nodes (a few hundred at most usually).
        self.search.nodes += wins.len() as u64 + states / 16;
        let best = wins.iter().map(|c| leaf(&c.position, me));
        if mover == me {
            best.fold(stand, i32::max)
        } else {
            best.fold(stand, i32::min)
        }
    }
}

/// The most nodes one level-5 choice may count (the two-action search, the prover's
/// win in two and the deeper iterations together).
pub(super) const LEVEL5_NODES: u64 = 3_000_000;

/// Level 5's deeper iterations, 3 to `deepest` actions: the root candidates
/// `scored[..values.len()]` in the order of their values so far (the two-action
/// search's), each searched by alpha-beta on a window above the best so far. An
/// iteration the node budget cuts short counts only when it finished its first
/// candidate (the best of the iteration before): then the candidates it reached keep
/// its values and the others are dropped; else the values stay those before it.
pub(super) fn deepen(
    search: &mut Search,
    scored: &[(i32, Candidate)],
    values: &mut [Option<i32>],
    reasons: &mut [String],
    me: Side,
    deepest: u32,
) {
    let width = values.len();
    let mut deep = Deep::new(search, &PLAN);
    for depth in 3..=deepest {
        let mut order: Vec<usize> = (0..width).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(values[i].unwrap_or(scored[i].0)));
        let mut found: Vec<Option<i32>> = vec![None; width];
        let mut alpha = -WIN - 1;
        for &i in &order {
            let v = deep.value(&scored[i].1.position, me, 0, depth - 1, alpha, WIN + 1);
            if deep.search.out_of_time() {
                break;
            }
            found[i] = Some(v);
            alpha = alpha.max(v);
        }
        if found[order[0]].is_none() {
            return;
        }
        for i in 0..width {
            values[i] = Some(found[i].unwrap_or(-WIN - 1));
            if found[i].is_some() {
                reasons[i] = format!("searched {depth} actions deep");
            }
        }
        if deep.search.out_of_time() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    #[test]
    fn in_1880_a_leaf_waiting_for_the_mark_is_worth_the_selectors_best_selection() {
        // Black selects the next Rendezvous (Rule 3), four men a side: the leaf is
        // worth his best Mark by the 1880 race, not the men alone.
        let rules: Rules = "1880".parse().expect("known rules");
        let pos = Position::parse_as(rules, "Y1Y1Y1Y1/8/8/8/8/8/8/B1B1B1B1 B mark")
            .expect("valid position");
        let edition = strategy(rules);
        let by_mark: Vec<i32> = pos
            .mark_outcomes()
            .into_iter()
            .map(|(_, p)| edition.evaluate_deep(&p, Side::Black))
            .collect();
        let best = by_mark.iter().copied().max().expect("a Mark to select");
        assert_eq!(leaf(&pos, Side::Black), best);
        // For Yellow the same leaf is the selector's best, seen from the other side.
        let worst = pos
            .mark_outcomes()
            .into_iter()
            .map(|(_, p)| edition.evaluate_deep(&p, Side::Yellow))
            .min()
            .expect("a Mark to select");
        assert_eq!(leaf(&pos, Side::Yellow), worst);
        // The men alone (four against four) would call it even.
        assert_eq!(edition.evaluate_deep(&pos, Side::Black), 0);
        assert_ne!(best, 0);
    }
}
