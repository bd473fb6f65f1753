//! The puzzle prover: an exact AND/OR search that proves (or refutes) a goal — "Y wins
//! rendezvous in 2", with or without help — from a position, for every edition.
//!
//! It takes the engine's goal ([`Goal`], re-exported; when a goal is met or lost is the
//! engine's [`Goal::settle`], which `check` and the REPL use too), and owns its limits
//! ([`Limits`]: the engine's one search [`Budget`] — nodes, a deadline, a stop flag —
//! and the search's switches), the verdicts and their order ([`Verdict`], NOTATION.md "Puzzles") and the search
//! itself. It uses only the engine: the turns come from [`visit_outcomes`] (so every
//! rule of every edition applies as in play), the winner and the end of a Rendezvous
//! from the positions the engine returns, and the interchange from
//! [`Position::interchange`]. Its actions are the engine's [`Action`] (an interchange
//! too), whose text the engine writes; it writes none.
//!
//! The search:
//! - iterative deepening on the attacker's turns across all keys: every key at one
//!   depth before any at the next (which gives `short` at its own depth);
//! - at the attacker's last turn, only the turns that may meet the goal
//!   ([`last::visit_goal_turns`]: in the 1893 family every man's move ends in the
//!   Rendezvous), tested with early stop, behind an admissible test ([`can_win_now`]) that needs no move generation: the defender's
//!   men outside, and each outside man of the attacker's reaching the Rendezvous in one
//!   straight move within the allowance (1893 family; other editions are searched
//!   without it);
//! - before it, at every depth, for a Rendezvous goal, the fewest turns the
//!   attacker needs to bring all his men in ([`can_win_within`]);
//! - defences ordered by the refutations found before (per ply, by what the defence
//!   changed on the board), and at an OR node the reply that won last at the same ply
//!   played first, then the few that won there before it; all kept from one depth to
//!   the next for each key (killers);
//! - a transposition table of depth-bounded results, of a fixed size (`table`), used
//!   only where the path's repetition history cannot matter (see `Search::node`);
//! - one deterministic node budget and one optional deadline for the whole proof
//!   (every phase: keys, refutations, trees; `tries` takes what is left), and the keys
//!   proved in parallel, each depth for every key before the next depth (each search
//!   with its own table and a share of the budget fixed before it starts, so results
//!   never depend on scheduling);
//! - the results the keys' searches proved passed on to the proof's own table after
//!   each batch of keys, in the keys' order, and read by the searches after it
//!   ([`Limits::shared_results`]): a key searched again finds what it proved before,
//!   and a position two keys reach is proved once.

mod blocks;
mod bound;
mod defend;
mod entry;
mod killers;
pub mod last;
mod limits;
mod report;
pub mod sample;
mod shared;
mod step;
mod sweep;
pub mod table;

use crate::engine::game::play_turn_full;
use crate::engine::history::Saved;
use crate::engine::search::{
    fewest_moves_to, visit_outcomes, visit_taking_turns, visit_turns_pruned,
};
use crate::engine::{Action, History, OutcomeAction, Position, Side, SquareSet};
use rayon::prelude::*;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};
use table::Table;

pub use crate::engine::budget::{Budget, Clock, Cut, SystemClock};
pub use crate::engine::goal::{Goal, Target};
use blocks::Blocks;
pub use blocks::{blocking_defences, leaves_no_lane, unstoppable_threat};
pub use bound::{
    TurnNeed, can_win_after_defence, can_win_now, can_win_within, last_turn_prune,
    second_last_prune, turn_need,
};
pub use defend::{DefenceReport, Defended, defend};
pub use entry::{Forcing, Tries, forcing_key, solve, tries};
use entry::{deepen_keys, par_map};
use killers::Killers;
pub use limits::{
    DEFAULT_HASH_MIB, DEFAULT_MAX_NODES, DEFAULT_MAX_NODES_DEEP, DEFAULT_MAX_NODES_IN_3, Limits,
    default_max_nodes,
};
pub use report::{Key, Omitted, Report, SetupError, Tree, Verdict, Wants};
use shared::{PROVED, Shared};
pub(crate) use step::Step;
use step::StepKind;
use sweep::SWEEP_AFTER;

/// A defence at an AND node: one action (what the search asks of it) and its
/// position, or an interchange with the setter's choices (boxed: an AND node may hold
/// 10^5 defences, and at most one is an interchange).
#[derive(Clone, Debug)]
enum Defence {
    One(StepKind, Position),
    Demand(Box<Kid>),
}

/// One child of a node: a single action and its position, or an interchange whose
/// men the setter (the other side) chooses.
#[derive(Clone, Debug)]
enum Kid {
    One(Action, Position),
    /// The demand, then the setter's choices.
    Demand(Vec<(Action, Position)>),
}

impl Kid {
    /// The positions this child may lead to.
    fn positions(&self) -> Vec<Position> {
        match self {
            Kid::One(_, p) => vec![*p],
            Kid::Demand(v) => v.iter().map(|(_, p)| *p).collect(),
        }
    }

    fn first_act(&self) -> Action {
        match self {
            Kid::One(a, _) => a.clone(),
            Kid::Demand(v) => v
                .first()
                .map(|(a, _)| a.clone())
                .unwrap_or(Action::Interchange(Vec::new())),
        }
    }
}

/// The value of a node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Val {
    /// The goal is forced (help play: reachable).
    Win,
    /// It is not.
    Fail,
    /// The budget ran out.
    Abort,
}

/// What the bounds say of a node before its moves are generated (`Search::bounds`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bounds {
    /// The goal is out of reach.
    Fail,
    /// Only the attacker's turns that get all his men in can keep it in reach.
    AllIn,
    /// Nothing is known.
    Any,
}

/// What a position does to a goal when an action leads to it from `parent`: the goal
/// met, the goal lost, or play goes on — the engine's one definition
/// ([`Goal::settle`]), shared with the replay of a written solution and the REPL.
#[inline]
pub(crate) fn settle(goal: &Goal, parent: &Position, child: &Position) -> Option<Val> {
    goal.settle(parent, child)
        .map(|met| if met { Val::Win } else { Val::Fail })
}

/// A defence's effect on the board, for ordering: the squares the defender left and
/// the squares he came to.
type Effect = (SquareSet, SquareSet);

fn effect(parent: &Position, child: &Position) -> Effect {
    let s = parent.to_act();
    (parent.men(s) - child.men(s), child.men(s) - parent.men(s))
}

/// One single-threaded search (one key's proof): the path's history for repetitions,
/// the killers, the node count.
pub(crate) struct Search<'a> {
    goal: Goal,
    limits: &'a Limits,
    /// The proof's budget (its deadline and stop flag; the nodes are `cap`).
    budget: &'a Budget,
    stopped: &'a AtomicBool,
    /// Which limit stopped this search, if one did.
    cut: Option<Cut>,
    table: Option<&'a mut Table>,
    /// The proof's own table, read where `table` has nothing ([`Limits::shared_results`]).
    proved: Option<&'a Table>,
    /// The most results this search passes on to `proved`.
    pass_on: usize,
    generation: u32,
    /// Nodes (positions generated) so far.
    pub(crate) nodes: u64,
    unreported: u64,
    cap: u64,
    /// The node count at which the attacker's reply being tried in a sweep
    /// ([`Limits::reply_sweep`]) is given up: the search unwinds as if aborted, but
    /// only that reply is left undecided (`u64::MAX`: none).
    local: u64,
    aborted: bool,
    /// The path's repetition history (D-9): the engine's, as the game keeps it.
    pub(crate) hist: History,
    killers: Vec<[Option<Effect>; 2]>,
    /// Per ply, the attacker's (help play: either side's) turns that won there, most
    /// recent first: the last one, and up to [`SPARES`] before it
    /// ([`Limits::spare_replies`]).
    replies: Vec<Vec<Action>>,
    /// Per ply, the defender's turn that refuted last there ([`Limits::refuters`]).
    refuters: Vec<Option<Action>>,
    ply: usize,
}

impl<'a> Search<'a> {
    /// A search of `shared`'s proof from `root`, allowed the whole node budget (the
    /// caller sets `cap` to its share). It starts stopped when the deadline has
    /// passed.
    fn new(
        shared: &'a Shared<'a>,
        table: Option<&'a mut Table>,
        proved: Option<&'a Table>,
        generation: u32,
        root: &Position,
    ) -> Search<'a> {
        let limits = shared.limits;
        let expired = shared.expired();
        let mut s = Search {
            goal: shared.goal,
            limits,
            budget: &shared.budget,
            stopped: &shared.stopped,
            cut: expired.then(|| shared.stop_cut()),
            table,
            proved,
            pass_on: shared.passed_on,
            generation,
            nodes: 0,
            unreported: 0,
            cap: shared.budget.max_nodes,
            local: u64::MAX,
            aborted: expired,
            hist: History::path(),
            killers: Vec::new(),
            replies: Vec::new(),
            refuters: Vec::new(),
            ply: 0,
        };
        if root.phase().in_play() {
            s.hist.record(root.key());
        }
        s
    }

    /// Counts a node; `false` when the budget is spent.
    fn tick(&mut self) -> bool {
        if self.aborted {
            return false;
        }
        self.nodes += 1;
        self.unreported += 1;
        if self.nodes > self.cap {
            self.aborted = true;
            self.cut = Some(Cut::Nodes);
            return false;
        }
        if self.nodes > self.local {
            return false;
        }
        if self.unreported >= 4096 {
            if let Some(p) = &self.limits.progress {
                p.fetch_add(self.unreported, Ordering::Relaxed);
            }
            self.unreported = 0;
            if self.stopped.load(Ordering::Relaxed) {
                self.aborted = true;
                self.cut = Some(if self.budget.stopped() {
                    Cut::Stop
                } else {
                    Cut::Time
                });
                return false;
            }
            if let Some(cut) = self.budget.interrupted() {
                self.stopped.store(true, Ordering::Relaxed);
                self.aborted = true;
                self.cut = Some(cut);
                return false;
            }
        }
        true
    }

    /// The results this search stored, to be merged into the proof's table
    /// ([`Shared::merge`]); none when the proof keeps no table.
    fn passed_on(&self) -> Vec<(u64, u16)> {
        match (&self.table, self.proved) {
            (Some(t), Some(_)) => t.written(self.generation, self.pass_on),
            _ => Vec::new(),
        }
    }

    fn flush(&mut self) {
        if let Some(p) = &self.limits.progress {
            p.fetch_add(self.unreported, Ordering::Relaxed);
        }
        self.unreported = 0;
    }

    /// Enters `child`, reached by `act`: `None` when it is the third occurrence of a
    /// position in this Rendezvous (a draw, D-9).
    fn enter(&mut self, act: &impl Step, child: &Position) -> Option<Saved> {
        let saved = self.hist.save();
        if act.is_mark() || !child.phase().in_play() {
            self.hist.new_rendezvous();
        }
        if child.phase().in_play() && !self.hist.admit(child.key()) {
            self.hist.restore(saved);
            return None;
        }
        self.ply += 1;
        Some(saved)
    }

    fn leave(&mut self, s: Saved) {
        self.hist.restore(s);
    }

    /// The children of `p`: the visitor's outcomes and the interchange, if allowed.
    /// `None` when the budget ran out while generating them.
    fn kids(&mut self, p: &Position) -> Option<Vec<Kid>> {
        self.kids_with(p, false)
    }

    /// The children of `p` that may matter with `t` of the attacker's turns left: at
    /// his last turn (when [`Limits::goal_turns`] is on) only the turns that may meet
    /// the goal, as in the search itself; elsewhere every child. Building solution
    /// trees and listing help lines use it, so they never generate the thousands of
    /// last turns that cannot win.
    fn kids_at(&mut self, p: &Position, t: u32) -> Option<Vec<Kid>> {
        if self.directed(p, t) {
            self.kids_with(p, true)
        } else {
            self.kids(p)
        }
    }

    /// Whether `p` is the attacker's last turn and the goal-directed generator is on.
    fn directed(&self, p: &Position, t: u32) -> bool {
        t == 1 && self.limits.goal_turns && p.to_act() == self.goal.side
    }

    /// The children of `p` from the goal-directed generator (`directed`) or from the
    /// engine's visitor, and the interchange.
    fn kids_with(&mut self, p: &Position, directed: bool) -> Option<Vec<Kid>> {
        let mut v = Vec::new();
        let mut ok = true;
        let mut each = |a: &OutcomeAction<'_>, c: &Position| {
            if !self.tick() {
                ok = false;
                return ControlFlow::Break(());
            }
            v.push(Kid::One(a.to_action(), *c));
            ControlFlow::Continue(())
        };
        let _ = if directed {
            last::visit_goal_turns(p, &mut each)
        } else {
            visit_outcomes(p, &mut each)
        };
        if !ok {
            return None;
        }
        if let Some(k) = interchange_kid(p) {
            v.push(k);
        }
        Some(v)
    }

    /// The value of action `act` from `parent` leading to `child`, with `t` of the
    /// attacker's turns left before it.
    fn after(&mut self, parent: &Position, act: &impl Step, child: &Position, t: u32) -> Val {
        if let Some(v) = settle(&self.goal, parent, child) {
            return v;
        }
        let t2 = if parent.to_act() == self.goal.side && act.is_turn() {
            t - 1
        } else {
            t
        };
        if t2 == 0 {
            return Val::Fail;
        }
        let Some(saved) = self.enter(act, child) else {
            return Val::Fail;
        };
        let v = self.node(child, t2);
        self.ply -= 1;
        self.leave(saved);
        v
    }

    /// The value of a child (an interchange's is its setter's choice).
    fn kid_value(&mut self, parent: &Position, kid: &Kid, t: u32) -> Val {
        match kid {
            Kid::One(a, c) => self.after(parent, a, c, t),
            Kid::Demand(choices) => {
                let setter = !parent.to_act();
                let any = self.goal.help || setter == self.goal.side;
                combine(any, choices.iter().map(|(a, c)| (a, c)), |a, c| {
                    self.after(parent, a, c, t)
                })
            }
        }
    }

    /// Whether the value of `p` with `t` of the attacker's turns left depends on `p`
    /// and `t` alone — no position has come twice on the path in this Rendezvous, and
    /// `p` is one of the nodes below — so the table may keep it and give it back on
    /// another path (D-9).
    ///
    /// A third occurrence below `p` needs a position twice on one line below it (the
    /// path holds each once). In `p`'s Rendezvous no line below `p` can hold one twice
    /// when it enters at most four positions there, alternately of each side to act
    /// (no interchange below `p`: it comes only before a Rendezvous' first turn), since
    /// a position never comes back two actions later: after a side's turn moves a man,
    /// the other side's action cannot undo it (it may take a man, never add one, and
    /// carries men only by moving the Mark); a Mark move changes the Mark, which only
    /// the first player moves; and two passes cannot follow each other (a side passes
    /// only with every man walled in by men or the board's edge, and walling in every
    /// man of both sides takes sixteen men: the men furthest towards each corner must
    /// stand on it, each with three neighbours). A new Rendezvous starts its count afresh, from positions of
    /// the line alone. The attacker's last turn enters nothing (it meets the goal or
    /// fails), so the nodes with at most four positions ahead are: any with at most
    /// one of his turns left; his own with two (the defender's turn and his last lie
    /// ahead, two positions, which are also safe at a Rendezvous' first turn, where
    /// the interchange adds one of its own colours); and, with
    /// [`Limits::deep_table`], the defender's with two (three positions) and the
    /// attacker's with three (four). Help play keeps only the first kind.
    fn history_free(&self, p: &Position, t: u32) -> bool {
        if self.hist.repeats() > 0 {
            return false;
        }
        let attacker = p.to_act() == self.goal.side;
        match t {
            0 | 1 => true,
            2 if attacker => !self.goal.help,
            2 | 3 => {
                self.limits.deep_table
                    && !self.goal.help
                    && (t == 2 || attacker)
                    && p.can_interchange().is_err()
            }
            _ => false,
        }
    }

    /// What the admissible bounds say of `p` with `t >= 1` of the attacker's turns
    /// left, before any move is generated: the goal out of reach, only the attacker's
    /// turns that get all his men in can keep it in reach, or nothing.
    fn bounds(&self, p: &Position, t: u32) -> Bounds {
        let attacker = p.to_act() == self.goal.side;
        // Each Rendezvous the attacker wins takes one of his turns, and a game may
        // need several (1879: the score and the round).
        if self.limits.bound
            && self.goal.target == Target::Game
            && p.rendezvous_to_game(self.goal.side) > t
        {
            return Bounds::Fail;
        }
        if t >= 2 && self.limits.deep_bound && !can_win_within(p, &self.goal, t) {
            return Bounds::Fail;
        }
        if t == 1
            && self.limits.bound
            && if attacker {
                !bound::win_now(p, &self.goal, self.limits.blocked)
            } else {
                !bound::after_defence(p, &self.goal, self.limits.blocked)
            }
        {
            return Bounds::Fail;
        }
        // Before his last turn, the turns that cannot keep the goal in reach (1893,
        // 1879).
        if attacker && t >= 2 && self.limits.all_in {
            return match turn_need(p, &self.goal, t) {
                TurnNeed::Hopeless => Bounds::Fail,
                TurnNeed::AllIn => Bounds::AllIn,
                TurnNeed::Any => Bounds::Any,
            };
        }
        Bounds::Any
    }

    /// The value of the non-terminal position `p` with `t >= 1` of the attacker's
    /// turns left.
    ///
    /// The table is used only where the path's repetition history cannot change the
    /// result (D-9, the Graph History Interaction): no position repeated yet on the
    /// path in this Rendezvous, and `p` one of the nodes [`Search::history_free`]
    /// names. (Results deeper than that are not kept: a line below them may come back
    /// to a position of the path, and a result proved along one path would be wrong
    /// along another; `tests::the_table_keeps_no_result_a_repetition_decided`.)
    fn node(&mut self, p: &Position, t: u32) -> Val {
        if !self.tick() {
            return Val::Abort;
        }
        let attacker = p.to_act() == self.goal.side;
        let all_in = match self.bounds(p, t) {
            Bounds::Fail => return Val::Fail,
            Bounds::AllIn => true,
            Bounds::Any => false,
        };
        let safe = self.table.is_some() && self.history_free(p, t);
        let key = if safe { table::key_of(p) } else { 0 };
        if safe
            && let Some(tab) = self.table.as_deref()
            && let Some(v) = tab.probe_key(key, t, self.generation).or_else(|| {
                self.proved
                    .and_then(|proved| proved.probe_key(key, t, PROVED))
            })
        {
            return v;
        }
        let v = if throws(&self.goal, p) {
            self.chance_node(p, t)
        } else if self.goal.help || attacker {
            self.or_node(p, t, all_in)
        } else {
            self.and_node(p, t)
        };
        if safe
            && v != Val::Abort
            && let Some(tab) = self.table.as_deref_mut()
        {
            tab.store_key(key, t, v == Val::Win, self.generation);
        }
        v
    }

    /// A throw of the die (1879 Rules 3 and 8; see [`throws`]): the goal is forced only
    /// if it is forced after every square the die may give, whichever side plays first.
    fn chance_node(&mut self, p: &Position, t: u32) -> Val {
        // A square after which the bounds already fail the attacker settles the throw
        // before any square is searched ([`Limits::bound_first`]).
        let outcomes = p.mark_outcomes();
        if self.limits.bound_first && self.throw_fails_at_once(p, &outcomes, t) {
            return Val::Fail;
        }
        for (r, c) in outcomes {
            match self.after(p, &OutcomeAction::Mark(r), &c, t) {
                Val::Win => {}
                v => return v,
            }
        }
        Val::Win
    }

    /// Whether a throw of the die at `p` ([`throws`]) fails the attacker before any
    /// search: some square the die may give ends the goal against him, or leaves a
    /// position whose bounds fail him, or one where only a turn getting all his men in
    /// can help him and none may ([`bound::may_get_all_in_now`]: a test that costs
    /// more than it saves at every node, but not here, where one square refutes the
    /// throw and, streamed from a set-up, thousands of set-ups).
    fn throw_fails_at_once(
        &self,
        p: &Position,
        outcomes: &[(crate::engine::Rendezvous, Position)],
        t: u32,
    ) -> bool {
        outcomes
            .iter()
            .any(|(_, c)| match settle(&self.goal, p, c) {
                Some(v) => v == Val::Fail,
                None => match self.bounds(c, t) {
                    Bounds::Fail => true,
                    Bounds::AllIn => !bound::may_get_all_in_now(c, self.limits.blocked),
                    Bounds::Any => false,
                },
            })
    }

    /// An OR node: the attacker's (help play: either side's) choice. `all_in`: only the
    /// turns whose every move ends in the Rendezvous can keep the goal in reach
    /// ([`TurnNeed::AllIn`]).
    fn or_node(&mut self, p: &Position, t: u32, all_in: bool) -> Val {
        // The reply that won last at this ply (for another defence, or at a shallower
        // depth) is tried first: played straight from its moves, one node instead of
        // the turn's thousands of outcomes when it wins again. Then the replies that
        // won there before it.
        let tried = match (self.limits.killers, self.limits.spare_replies) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 1 + SPARES,
        };
        for i in 0..tried {
            let Some(reply) = self.replies.get(self.ply).and_then(|v| v.get(i)).cloned() else {
                break;
            };
            let Some(r) = replay(p, &reply) else {
                continue;
            };
            if !self.tick() {
                return Val::Abort;
            }
            match self.after(p, &reply, &r, t) {
                Val::Win => {
                    // (The first is at the front already.)
                    if i > 0 {
                        self.won_with(reply);
                    }
                    return Val::Win;
                }
                Val::Abort => return Val::Abort,
                Val::Fail => {}
            }
        }
        let mut aborted = false;
        let mut won = false;
        // At the attacker's last turn only a turn that meets the goal counts; before
        // it, when only a turn getting all his men in can do, only those.
        let directed = self.directed(p, t) || all_in;
        // At his second-last turn (1879), only the turns the bound one action before his
        // last lets through (`Limits::second_last`); not when he may have to pass.
        let prune = if !directed
            && t == 2
            && self.limits.bound
            && self.limits.second_last
            && p.pass().is_err()
        {
            second_last_prune(p, &self.goal)
        } else {
            None
        };
        // Where only a turn getting all his men in counts (1879, 1880), only towards those
        // (`Limits::all_in_walk`).
        let taking = if directed && self.limits.all_in_walk && p.phase().in_play() {
            last_turn_prune(p).zip(p.rendezvous().map(|r| r.squares()))
        } else {
            None
        };
        let mut each = |a: &OutcomeAction<'_>, c: &Position| {
            if !self.tick() {
                aborted = true;
                return ControlFlow::Break(());
            }
            match self.after(p, a, c, t) {
                Val::Win => {
                    won = true;
                    if self.limits.killers && matches!(a, OutcomeAction::Turn { .. }) {
                        self.won_with(a.to_action());
                    }
                    ControlFlow::Break(())
                }
                Val::Fail => ControlFlow::Continue(()),
                Val::Abort => {
                    aborted = true;
                    ControlFlow::Break(())
                }
            }
        };
        let _ = match (prune, taking) {
            (Some(prune), _) => visit_turns_pruned(p, prune, &mut each),
            (None, Some((prune, squares))) => visit_taking_turns(p, squares, prune, &mut each),
            (None, None) if directed => last::visit_goal_turns(p, &mut each),
            (None, None) => visit_outcomes(p, &mut each),
        };
        if won {
            return Val::Win;
        }
        if aborted {
            return Val::Abort;
        }
        if let Some(k) = interchange_kid(p) {
            return self.kid_value(p, &k, t);
        }
        Val::Fail
    }

    /// Notes `reply` as the attacker's turn that won last at this ply: it moves to the
    /// front of the ply's replies, and the others keep their order behind it
    /// ([`Limits::spare_replies`]; without it only the last is kept).
    fn won_with(&mut self, reply: Action) {
        if self.replies.len() <= self.ply {
            self.replies.resize(self.ply + 1, Vec::new());
        }
        let kept = if self.limits.spare_replies {
            1 + SPARES
        } else {
            1
        };
        let v = &mut self.replies[self.ply];
        v.retain(|a| *a != reply);
        v.insert(0, reply);
        v.truncate(kept);
    }

    fn and_node(&mut self, p: &Position, t: u32) -> Val {
        // Before the attacker's last turn, a defence is often refuted by the cheap
        // test alone: stream the defences, stop at the first such refutation, and keep
        // the others for the full search. A defence is kept as its position and what
        // the search asks of its action (no move list: an AND node may hold 10^5).
        let cheap = t == 1 && self.limits.bound;
        // Deeper, the defences that end the attacker's hope at once (the defender
        // wins the Rendezvous or the game first) are found as they stream, before any
        // other defence is searched.
        let first = !cheap && self.limits.defender_first;
        // Deeper still, a defence after which the attacker's node fails its bounds at
        // once (`Search::bounds`) refutes as it streams out too.
        let bound_first = !cheap && self.limits.bound_first;
        // The defender sets his men up (1879): the die may come next.
        let setting_up = p.phase() == crate::engine::Phase::Set && p.rules().has_die();
        let blocked = self.limits.blocked;
        let goal = self.goal;
        // The defence that refuted last at this ply, played straight from its moves:
        // one node instead of the defender's thousands when it refutes again.
        let mut tried: Option<Position> = None;
        if self.limits.refuters
            && let Some(Some(act)) = self.refuters.get(self.ply).cloned()
            && let Some(c) = replay(p, &act)
        {
            if !self.tick() {
                return Val::Abort;
            }
            // Refuted by the cheap test alone, or else by its search (at the last turn
            // too: a defence that blocks is not seen by the cheap test).
            let cheaply = cheap
                && match settle(&goal, p, &c) {
                    Some(v) => v == Val::Fail,
                    None => {
                        c.to_act() == goal.side && !bound::win_now(&c, &goal, self.limits.blocked)
                    }
                };
            let refutes = cheaply || {
                match self.after(p, &act, &c, t) {
                    Val::Fail => true,
                    Val::Abort => return Val::Abort,
                    Val::Win => {
                        tried = Some(c);
                        false
                    }
                }
            };
            if refutes {
                if self.limits.ordering {
                    self.killer(effect(p, &c));
                }
                return Val::Fail;
            }
        }
        // At the defender's last turn before the attacker's, the defences that may block
        // his winning turns are searched before the others are generated
        // (`Limits::blocks`); with none to block, each defence is searched as it comes.
        let mut stream = false;
        // With nothing to block, the squares the attacker's winning turns may use
        // (`Limits::vacated`): a defence leaving none of them refutes.
        let mut lanes: Option<SquareSet> = None;
        // Only in 1879 and in 1880 while the Mark stands still, where the cheap test
        // cannot see a block and a winning attacker needs nothing of the defender (in
        // the 1893 family a quiet defence keeping two men outside refutes, and the
        // cheap test sees it as it streams).
        if cheap && self.limits.blocks && bound::Reach::straight_in(p) {
            match self.blocks(p, t) {
                Blocks::Refuted(a) => {
                    self.refuter(a);
                    return Val::Fail;
                }
                Blocks::Abort => return Val::Abort,
                Blocks::Unstoppable | Blocks::Lost => return Val::Win,
                Blocks::Nothing(l) => {
                    stream = true;
                    lanes = l;
                }
                Blocks::Held => {}
            }
        }
        let quiet_first = self.limits.quiet_first;
        let mut kids: Vec<Defence> = Vec::new();
        let mut refuted: Option<Action> = None;
        let mut aborted = false;
        let mut each = |a: &OutcomeAction<'_>, c: &Position| {
            if !self.tick() {
                aborted = true;
                return ControlFlow::Break(());
            }
            if cheap {
                match settle(&goal, p, c) {
                    Some(Val::Fail) => {
                        refuted = Some(a.to_action());
                        return ControlFlow::Break(());
                    }
                    Some(_) => return ControlFlow::Continue(()),
                    None => {}
                }
                if c.to_act() == goal.side && !bound::win_now(c, &goal, blocked) {
                    refuted = Some(a.to_action());
                    return ControlFlow::Break(());
                }
            } else {
                match settle(&goal, p, c) {
                    Some(Val::Fail) if first => {
                        refuted = Some(a.to_action());
                        return ControlFlow::Break(());
                    }
                    // A defence after which the bounds already refute the attacker:
                    // its search would end at once, so it refutes here, before any
                    // other defence is searched. (After a 1879 set-up the die is due:
                    // its sixteen squares are looked at too, as one of tens of
                    // thousands of set-ups may refute at once; after a bonus, where
                    // the search soon finds the same, the look costs more than it
                    // saves.)
                    None if bound_first
                        && (self.bounds(c, t) == Bounds::Fail
                            || (setting_up
                                && throws(&goal, c)
                                && self.throw_fails_at_once(c, &c.mark_outcomes(), t))) =>
                    {
                        refuted = Some(a.to_action());
                        return ControlFlow::Break(());
                    }
                    _ => {}
                }
            }
            if tried.as_ref() == Some(c) {
                // Searched already (it did not refute).
                return ControlFlow::Continue(());
            }
            if stream {
                if lanes.is_some_and(|l| blocks::opens_no_lane(l, p, c)) {
                    refuted = Some(a.to_action());
                    return ControlFlow::Break(());
                }
                return match self.after(p, a, c, t) {
                    Val::Win => ControlFlow::Continue(()),
                    Val::Fail => {
                        refuted = Some(a.to_action());
                        ControlFlow::Break(())
                    }
                    Val::Abort => {
                        aborted = true;
                        ControlFlow::Break(())
                    }
                };
            }
            kids.push(Defence::One(StepKind::of(a), *c));
            ControlFlow::Continue(())
        };
        // With nothing to block, the turns that vacate no lane square first
        // (`Limits::quiet_first`): the first of them that settles nothing refutes
        // unsearched, where the generator's order may put hundreds of defences that
        // open a lane (each searched) before it. Then every defence, as before.
        let quiet = match lanes {
            Some(l) if stream && quiet_first => {
                let me = p.to_act();
                let mine = p.men(me);
                visit_turns_pruned(p, |s| !((mine - s.men(me)) & l).is_empty(), &mut each)
            }
            _ => ControlFlow::Continue(()),
        };
        if quiet.is_continue() {
            let _ = visit_outcomes(p, &mut each);
        }
        if let Some(a) = refuted {
            self.refuter(a);
            return Val::Fail;
        }
        if aborted {
            return Val::Abort;
        }
        if let Some(k) = interchange_kid(p) {
            kids.push(Defence::Demand(Box::new(k)));
        }
        if self.limits.ordering {
            let by_promise = (!cheap && self.limits.defence_order).then_some(&self.goal);
            self.order(p, &mut kids, by_promise);
        }
        // Once the first defences are all lost, those the attacker's last winning reply
        // beats are lost too; the others are searched in full (`Limits::reply_sweep`).
        let swept =
            self.limits.reply_sweep && self.limits.killers && !cheap && kids.len() > SWEEP_AFTER;
        let mut open: Vec<&Defence> = kids.iter().collect();
        let mut i = 0;
        while i < open.len() {
            if swept && i == SWEEP_AFTER {
                let Some(rest) = self.unbeaten(p, &kids[SWEEP_AFTER..], t) else {
                    return Val::Abort;
                };
                open.truncate(SWEEP_AFTER);
                open.extend(rest);
                if i == open.len() {
                    break;
                }
            }
            let k = open[i];
            i += 1;
            let v = match k {
                Defence::One(a, c) => self.after(p, a, c, t),
                Defence::Demand(kid) => self.kid_value(p, kid, t),
            };
            match v {
                Val::Win => {}
                Val::Fail => {
                    if let Defence::One(kind, c) = k {
                        if self.limits.ordering {
                            self.killer(effect(p, c));
                        }
                        // The action is not kept with the defence (an AND node may
                        // hold 10^5): it is found again, once, for the next node.
                        if self.limits.refuters
                            && kind.is_turn()
                            && let Some(a) = fewest_moves_to(p, c, usize::from(p.count(p.to_act())))
                        {
                            self.refuter(a);
                        }
                    }
                    return Val::Fail;
                }
                Val::Abort => return Val::Abort,
            }
        }
        Val::Win
    }
}

/// How many of the replies that won before the last a ply keeps
/// ([`Limits::spare_replies`]): one to six were measured (`docs/performance.md`,
/// Round 25); three gained nearly all that six did.
const SPARES: usize = 3;

/// A turn remembered from another node (a killer reply, a refuter) played again from
/// its moves in `p`: the position it leads to, or `None` when it is not a turn or not
/// legal here.
fn replay(p: &Position, a: &Action) -> Option<Position> {
    match a {
        Action::Turn {
            moves,
            take,
            wanderers,
            radiate,
        } => play_turn_full(p, moves, *take, wanderers, *radiate)
            .ok()
            .map(|r| r.position),
        _ => None,
    }
}

/// Combines the values of choices: any (OR) or all (AND), with abort.
fn combine<'x, I: Iterator<Item = (&'x Action, &'x Position)>>(
    any: bool,
    it: I,
    mut f: impl FnMut(&Action, &Position) -> Val,
) -> Val {
    let mut aborted = false;
    for (a, c) in it {
        match (f(a, c), any) {
            (Val::Win, true) => return Val::Win,
            (Val::Fail, false) => return Val::Fail,
            (Val::Abort, _) => aborted = true,
            _ => {}
        }
        if aborted {
            return Val::Abort;
        }
    }
    if any { Val::Fail } else { Val::Win }
}

/// Whether the next action at `p` is a throw of the die (1879 Rules 3 and 8) in direct
/// play. The record writes the die's Mark as the first player's action, but no one
/// chooses it: a forced goal must hold after every square, so the search takes all
/// sixteen (an AND node) whoever plays first. Help play searches it as any action.
pub(super) fn throws(goal: &Goal, p: &Position) -> bool {
    !goal.help && p.due() == crate::engine::Due::Throw
}

/// Whether the goal's side chooses the next action at `p`: he is to act and it is not
/// a throw of the die ([`throws`]).
pub(super) fn attacker_chooses(goal: &Goal, p: &Position) -> bool {
    p.to_act() == goal.side && !throws(goal, p)
}

/// The interchange the side to act may demand in `p` (1893 Rule 5), with every choice
/// the setter has.
fn interchange_kid(p: &Position) -> Option<Kid> {
    p.can_interchange().ok()?;
    match p.interchange_choice_needed() {
        None => {
            let c = p.interchange(&[]).ok()?;
            Some(Kid::One(Action::Interchange(Vec::new()), c))
        }
        Some(k) => {
            let mut out = Vec::new();
            p.men(p.to_act()).each_subset(usize::from(k), |s| {
                if let Ok(c) = p.interchange(s) {
                    out.push((Action::Interchange(s.to_vec()), c));
                }
            });
            (!out.is_empty()).then_some(Kid::Demand(out))
        }
    }
}

mod direct;
mod help;

#[cfg(test)]
mod tests;
