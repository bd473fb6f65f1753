//! The candidate actions the player looks at: every distinct outcome (the engine's
//! lists and its visitor), an exact walk for the turns that win a Rendezvous (or the
//! game) now, and a heuristic generator of purposeful turns for the inner nodes of
//! the search, which always holds every winning turn.

use super::Rng;
use super::editions::{Extra, Strategy, strategy};
use super::eval;
use crate::engine::Budget;
use crate::engine::search::visit_outcomes;
use crate::engine::{
    Action, Phase, Position, Side, Square, SquareSet, TurnEnd, TurnInProgress, TurnResult,
    outcome_by_index, outcomes_unordered,
};
use std::ops::ControlFlow;

/// A candidate: the engine's action (an outcome of the engine, or an interchange
/// demand with the setter's choice of men, as the prover's search knows them too) and
/// the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// What is done.
    pub kind: Action,
    /// The position after it.
    pub position: Position,
}

impl Candidate {
    /// The action for [`crate::engine::Game::play`].
    pub fn action(&self) -> Action {
        self.kind.clone()
    }

    /// The action in canonical notation, by the engine's one writer of actions.
    pub fn event(&self) -> String {
        self.action().to_string()
    }
}

/// The turn `r` played, with the man taken, as an [`Action`].
fn turn_action(r: TurnResult, take: Option<Square>) -> Action {
    Action::Turn {
        moves: r.moves.iter().map(|m| (m.from, m.to)).collect(),
        take,
        wanderers: r.wanderers,
        radiate: r.radiate,
    }
}

/// Every distinct outcome of the next action (up to `cap` of them; the 1893 lists
/// are exact and fast, the other editions walk the visitor), with the interchange
/// demands when one may be made. In a `set` phase, `samples` random set-ups.
pub fn all_candidates(pos: &Position, cap: usize, rng: &mut Rng, samples: usize) -> Vec<Candidate> {
    let mut out = Vec::new();
    if pos.winner().is_some() {
        return out;
    }
    if pos.phase() == Phase::Set {
        return setups(pos, rng, samples);
    }
    if crate::engine::counts_fast(pos.rules()) {
        out.extend(outcomes_unordered(pos).into_iter().map(|o| Candidate {
            kind: o.action,
            position: o.position,
        }));
        out.truncate(cap);
    } else {
        let _ = visit_outcomes(pos, |a, p| {
            out.push(Candidate {
                kind: a.to_action(),
                position: *p,
            });
            if out.len() >= cap {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    out.extend(interchanges(pos));
    out
}

/// One action drawn uniformly among the distinct outcomes and the interchange demands
/// (level 0), without listing them: in a 1893 turn by index from the fast count (see
/// [`outcome_by_index`]), elsewhere by reservoir sampling over the engine's walk;
/// `None` when there is none.
pub fn random_candidate(pos: &Position, rng: &mut Rng) -> Option<Candidate> {
    if pos.winner().is_some() {
        return None;
    }
    if pos.phase() == Phase::Set {
        return setups(pos, rng, 1).pop();
    }
    let mut extra = interchanges(pos);
    if !crate::engine::counts_fast(pos.rules()) {
        // The early editions' visitor: one walk, keeping the i-th outcome with
        // probability 1/i (reservoir sampling), so nothing is listed.
        let mut kept: Option<Candidate> = None;
        let mut seen = 0usize;
        let _ = visit_outcomes(pos, |a, p| {
            seen += 1;
            if rng.below(seen) == 0 {
                kept = Some(Candidate {
                    kind: a.to_action(),
                    position: *p,
                });
            }
            ControlFlow::Continue(())
        });
        for c in extra {
            seen += 1;
            if rng.below(seen) == 0 {
                kept = Some(c);
            }
        }
        return kept;
    }
    let mut other = None;
    let outcome = outcome_by_index(pos, |n| {
        let total = n + extra.len();
        if total == 0 {
            return None;
        }
        let k = rng.below(total);
        if k < n {
            Some(k)
        } else {
            other = Some(k - n);
            None
        }
    });
    if let Some(o) = outcome {
        return Some(Candidate {
            kind: o.action,
            position: o.position,
        });
    }
    other
        .filter(|&i| i < extra.len())
        .map(|i| extra.swap_remove(i))
}

/// `samples` random set-ups (uniform over the arranger's choices).
pub(super) fn setups(pos: &Position, rng: &mut Rng, samples: usize) -> Vec<Candidate> {
    let mut out = Vec::new();
    for _ in 0..samples.max(1) {
        // 1879 Rule 2: the side to act sets his own men, on vacant border squares.
        let own_only = pos.rules().sets_own_men();
        let mut border: Vec<Square> = (SquareSet::BORDER - pos.occupied()).iter().collect();
        let mut pick = |n: usize| -> Vec<Square> {
            let mut set = SquareSet::EMPTY;
            for _ in 0..n {
                set.insert(border.swap_remove(rng.below(border.len())));
            }
            set.iter().collect()
        };
        let (black, yellow) = if own_only {
            let own = pick(5);
            match pos.to_act() {
                Side::Black => (own, Vec::new()),
                Side::Yellow => (Vec::new(), own),
            }
        } else {
            (pick(5), pick(5))
        };
        if let Ok(p) = pos.set_men(&black, &yellow) {
            out.push(Candidate {
                kind: Action::Set { black, yellow },
                position: p,
            });
        }
    }
    out
}

/// The interchange demands the side to act may make now: one, or (when the setter has
/// fewer men and chooses which of the demander's men change) the setter's choice that
/// is worst for the demander by the evaluation.
pub fn interchanges(pos: &Position) -> Vec<Candidate> {
    if pos.can_interchange().is_err() {
        return Vec::new();
    }
    let me = pos.to_act();
    match pos.interchange_choice_needed() {
        None => pos
            .interchange(&[])
            .map(|p| Candidate {
                kind: Action::Interchange(Vec::new()),
                position: p,
            })
            .into_iter()
            .collect(),
        Some(k) => {
            let mut worst: Option<(i32, Candidate)> = None;
            pos.men(me).each_subset(usize::from(k), |chosen| {
                if let Ok(p) = pos.interchange(chosen) {
                    let v = eval::evaluate(&p, me);
                    if worst.as_ref().is_none_or(|(w, _)| v < *w) {
                        worst = Some((
                            v,
                            Candidate {
                                kind: Action::Interchange(chosen.to_vec()),
                                position: p,
                            },
                        ));
                    }
                }
            });
            worst.map(|(_, c)| c).into_iter().collect()
        }
    }
}

/// Every distinct outcome of the next turn in which the side to act wins the
/// Rendezvous (gets all his men in, Rule 7 or 8; in 1880 the take and wanderers), or
/// the Mark move that does: exact, by a walk that drops a turn's state as soon as the
/// men still outside outnumber the squares left to move (each needs at least one).
/// With `first_only`, stops at the first found.
pub fn winning_turns(pos: &Position, first_only: bool) -> Vec<Candidate> {
    winning_turns_counted(pos, first_only).0
}

/// [`winning_turns`] and the number of turn states the walk visited (its cost).
pub fn winning_turns_counted(pos: &Position, first_only: bool) -> (Vec<Candidate>, u64) {
    let (out, states) = winning_walk(pos, first_only);
    (out, states)
}

/// The first `most` of [`winning_turns`] (not the 1879 variants), and the number of
/// turn states the walk visited: the walk stops at the `most`-th.
pub fn winning_turns_up_to(pos: &Position, most: usize) -> (Vec<Candidate>, u64) {
    winning_walk_with(pos, most.max(1), false)
}

fn winning_walk(pos: &Position, first_only: bool) -> (Vec<Candidate>, u64) {
    winning_walk_with(pos, if first_only { 1 } else { usize::MAX }, false)
}

/// Every distinct outcome of the next turn that wins a 1879 Rendezvous, with every
/// take, every choice of the squares the wanderers are set on and every radiating
/// choice of the winner's centre man (the other side's centre man goes where is best
/// for him: his owner chooses, Rule 6). Other editions: [`winning_turns`].
pub fn winning_turns_1879(pos: &Position) -> Vec<Candidate> {
    winning_walk_with(pos, usize::MAX, true).0
}

/// The sets a walk last used, kept (emptied) for the next walk on the same thread: a
/// level that walks the other side's wins after each of its candidates makes
/// thousands of walks, and growing two fresh tables each time was a third of its time.
/// Tables grown past [`KEEP_WALK_SETS`] entries are not kept.
type WalkSets = (FastSet<StateKey>, FastSet<Position>);

thread_local! {
    static WALK_SETS: std::cell::RefCell<WalkSets> = std::cell::RefCell::default();
}

/// The most entries a kept walk set may hold room for (about 24 MiB of states).
const KEEP_WALK_SETS: usize = 1 << 20;

/// The winning walk, stopped at the `most`-th winning turn found.
fn winning_walk_with(pos: &Position, most: usize, variants: bool) -> (Vec<Candidate>, u64) {
    let (seen, ends) = WALK_SETS.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let mut w = WinWalk {
        out: Vec::new(),
        seen,
        ends,
        most,
        variants: Some(strategy(pos.rules())).filter(|s| variants && s.walks_win_variants()),
        hopeless: strategy(pos.rules()).hopeless_turn(),
    };
    let states = w.walk(pos);
    let WinWalk {
        out,
        mut seen,
        mut ends,
        ..
    } = w;
    if seen.capacity() <= KEEP_WALK_SETS && ends.capacity() <= KEEP_WALK_SETS {
        seen.clear();
        ends.clear();
        WALK_SETS.with(|s| *s.borrow_mut() = (seen, ends));
    }
    (out, states)
}

type StateKey = (u64, u64, u64, u8);

/// A set hashed by the engine's small fast hasher (the walk only asks membership, so
/// the hasher changes nothing but the time).
pub(super) use crate::engine::table::FastSet;

struct WinWalk {
    out: Vec<Candidate>,
    seen: FastSet<StateKey>,
    ends: FastSet<Position>,
    /// The walk stops once this many winning turns are found.
    most: usize,
    /// Every take, placement of the wanderers and radiating choice, walked by the
    /// edition's strategy (1879), when it has them and they are asked for.
    variants: Option<&'static dyn Strategy>,
    /// The edition's test that a turn state can no longer win (1879: the squares
    /// left are fewer than the men outside need).
    hopeless: Option<fn(&TurnInProgress) -> bool>,
}

impl WinWalk {
    /// Walks `pos`'s next turn (and its Mark moves, 1880) for the turns that win;
    /// returns the states walked.
    fn walk(&mut self, pos: &Position) -> u64 {
        if pos.winner().is_some() || !pos.phase().in_play() {
            return 0;
        }
        let me = pos.to_act();
        for (from, to, p) in pos.mark_moves() {
            if p.count(!me) < pos.count(!me) || p.winner() == Some(me) {
                self.out.push(Candidate {
                    kind: Action::MoveMark { from, to },
                    position: p,
                });
                if self.out.len() >= self.most {
                    return 1;
                }
            }
        }
        if let Ok(t) = pos.begin_turn() {
            let _ = self.turn(&t);
        }
        self.seen.len() as u64
    }

    fn turn(&mut self, t: &TurnInProgress) -> ControlFlow<()> {
        let key = (
            t.men(Side::Black).0,
            t.men(Side::Yellow).0,
            t.moved().0,
            t.used(),
        );
        if !self.seen.insert(key) {
            return ControlFlow::Continue(());
        }
        if let Some(choices) = t.take_choices() {
            if let Some(strategy) = self.variants {
                strategy.win_variants(t, choices, &mut |next, take| {
                    self.push_finished(next, take);
                });
                return ControlFlow::Continue(());
            }
            for c in choices.iter() {
                let mut next = t.clone();
                if next.take(c).is_ok() {
                    finish_wanderers(&mut next);
                    if let Ok(r) = next.finish()
                        && matches!(r.end, TurnEnd::Replaced(_) | TurnEnd::Removed(_))
                        && self.push_result(r, c)
                        && self.out.len() >= self.most
                    {
                        return ControlFlow::Break(());
                    }
                }
            }
            return ControlFlow::Continue(());
        }
        if t.is_closed() {
            return ControlFlow::Continue(());
        }
        let rv = t.rendezvous().squares();
        let outside = SquareSet(t.men(t.mover()).0 & !rv.0);
        if outside.count() > u32::from(t.remaining()) || cannot_all_come_in(t, outside) {
            return ControlFlow::Continue(());
        }
        if let Some(hopeless) = self.hopeless
            && hopeless(t)
        {
            return ControlFlow::Continue(());
        }
        // One copy of the state, its room kept from move to move.
        let mut next: Option<TurnInProgress> = None;
        for m in t.legal_moves() {
            self.turn(t.play_into(&mut next, m))?;
        }
        ControlFlow::Continue(())
    }
}

/// Whether the mover's men `outside` the Rendezvous can no longer all come in this
/// turn: a man moves once a turn, so one that moved and stands outside stays there;
/// and each of the others needs at least his king distance to the nearest square of
/// the Rendezvous (one, for a border man of an open Rendezvous, who may slide in), the
/// whole within the allowance left. Blocking is ignored, so it never drops a state
/// that could still win.
fn cannot_all_come_in(t: &TurnInProgress, outside: SquareSet) -> bool {
    if SquareSet(outside.0 & t.moved().0).count() > 0 {
        return true;
    }
    let r = t.rendezvous();
    let left = u32::from(t.remaining());
    let mut need = 0u32;
    for man in outside {
        need += r.fewest_squares_from(man, r.is_open());
        if need > left {
            return true;
        }
    }
    false
}

impl WinWalk {
    fn push_finished(&mut self, t: &TurnInProgress, take: Square) {
        if let Ok(r) = t.finish() {
            self.push_result(r, take);
        }
    }

    /// Keeps the finished winning turn `r` (with its take), once per end position;
    /// whether it was new.
    fn push_result(&mut self, r: TurnResult, take: Square) -> bool {
        if !self.ends.insert(r.position) {
            return false;
        }
        self.out.push(Candidate {
            position: r.position,
            kind: turn_action(r, Some(take)),
        });
        true
    }
}

/// Sends the pending wanderers (1880) to the border, each to its first legal square
/// in a fixed order.
fn finish_wanderers(t: &mut TurnInProgress) {
    loop {
        let Some(from) = t.pending_wanderers().first() else {
            // 1879: the centre man's owner's radiating choice, when one is due.
            if let Some(to) = t.radiate_choices().and_then(|c| c.first()) {
                let _ = t.radiate(to);
            }
            return;
        };
        let Some(to) = t.wanderer_targets(from).first() else {
            return;
        };
        if t.send_wanderer(from, to).is_err() {
            return;
        }
    }
}

/// The candidates of the inner nodes: every winning turn (exact), the turns built by
/// a beam over the most purposeful man's moves (`beam` of them at each step), the
/// Mark, Mark moves, interchanges and the pass. Set-ups are sampled. The edition's
/// strategy adds `extra`'s wider choices where it has them (1879; the other
/// editions ignore it). The edition's own candidates stop improving when `budget`'s
/// deadline passes or its stop flag is set.
pub fn heuristic_candidates(
    pos: &Position,
    beam: usize,
    rng: &mut Rng,
    extra: Extra,
    budget: &Budget,
) -> Vec<Candidate> {
    let strategy = strategy(pos.rules());
    if pos.winner().is_some() {
        return Vec::new();
    }
    if let Some(own) = strategy.own_candidates(pos, rng, extra, budget) {
        return own;
    }
    match pos.phase() {
        Phase::Set => return setups(pos, rng, 8),
        Phase::Mark => {
            return pos
                .mark_outcomes()
                .into_iter()
                .map(|(r, p)| Candidate {
                    kind: Action::from(&r),
                    position: p,
                })
                .collect();
        }
        _ => {}
    }
    let mut out = if extra.variants && strategy.walks_win_variants() {
        winning_turns_1879(pos)
    } else {
        winning_turns(pos, false)
    };
    let mut ends: FastSet<Position> = out.iter().map(|c| c.position).collect();
    if let Ok(t) = pos.begin_turn() {
        let mut seen = FastSet::default();
        beam_turns(&t, beam, &mut seen, &mut ends, &mut out);
    }
    for (from, to, p) in pos.mark_moves() {
        if ends.insert(p) {
            out.push(Candidate {
                kind: Action::MoveMark { from, to },
                position: p,
            });
        }
    }
    out.extend(interchanges(pos));
    if out.is_empty()
        && let Ok(p) = pos.pass()
    {
        out.push(Candidate {
            kind: Action::Pass,
            position: p,
        });
    }
    out
}

/// How purposeful a man's move is: into the Rendezvous first, then nearer to it;
/// out of it last.
fn move_score(rv: SquareSet, from: Square, to: Square) -> i32 {
    let near = |s: Square| {
        rv.iter()
            .map(|t| i32::from(s.distance(t)))
            .min()
            .unwrap_or(0)
    };
    match (rv.contains(from), rv.contains(to)) {
        (false, true) => 100 + near(from),
        (true, false) => -50,
        (true, true) => -10,
        (false, false) => 10 * (near(from) - near(to)),
    }
}

fn beam_turns(
    t: &TurnInProgress,
    beam: usize,
    seen: &mut FastSet<StateKey>,
    ends: &mut FastSet<Position>,
    out: &mut Vec<Candidate>,
) {
    let key = (
        t.men(Side::Black).0,
        t.men(Side::Yellow).0,
        t.moved().0,
        t.used(),
    );
    if !seen.insert(key) || t.is_closed() || t.take_choices().is_some() {
        // A closed turn is a Rendezvous won: the exact walk has it already.
        return;
    }
    if !t.moves().is_empty()
        && let Ok(r) = t.finish()
        && ends.insert(r.position)
    {
        out.push(Candidate {
            position: r.position,
            kind: turn_action(r, None),
        });
    }
    let rv = t.rendezvous().squares();
    let mut moves = t.legal_moves();
    moves.sort_by_key(|m| {
        (
            -move_score(rv, m.from, m.to),
            m.count,
            m.from.index(),
            m.to.index(),
        )
    });
    for m in moves.into_iter().take(beam) {
        if move_score(rv, m.from, m.to) < 0 && !t.moves().is_empty() {
            break;
        }
        let mut next = t.clone();
        if next.play_move(m.from, m.to).is_ok() {
            beam_turns(&next, beam, seen, ends, out);
        }
    }
}
