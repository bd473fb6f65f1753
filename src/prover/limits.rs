//! The prover's limits: its budget (nodes, time, the stop flag, the table's size and
//! the threads) and the switches of every optimisation of the search.

use super::{Budget, Clock, SystemClock};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

/// The default node budget of a whole proof of a goal in 1 or 2 turns, and of each
/// proof `compose` makes (a few seconds at most).
pub const DEFAULT_MAX_NODES: u64 = 20_000_000;

/// The default node budget of a whole proof of a goal in 3 turns (under half a minute
/// at the slowest rate measured, 2.3 M nodes a second on a 1879 puzzle).
pub const DEFAULT_MAX_NODES_IN_3: u64 = 64_000_000;

/// The default node budget of a whole proof of a goal in 4 turns or more (under a
/// minute on the seeded in-4 sets, whose hardest take about 120 M nodes in 1880 and
/// 310 M in 1893).
pub const DEFAULT_MAX_NODES_DEEP: u64 = 400_000_000;

/// The default node budget of a whole proof of a goal in `turns` turns. Each turn
/// more multiplies the work by one to two orders of magnitude, so one budget for
/// every depth would either cut deep proofs that would finish or let a hopeless
/// shallow one run for a minute; a terminal shows a spinner while a proof runs.
pub fn default_max_nodes(turns: u32) -> u64 {
    match turns {
        0..=2 => DEFAULT_MAX_NODES,
        3 => DEFAULT_MAX_NODES_IN_3,
        _ => DEFAULT_MAX_NODES_DEEP,
    }
}

/// The default transposition table size in MiB.
pub const DEFAULT_HASH_MIB: usize = 64;

/// The budget and the switches of the search. Every optimisation can be switched off
/// without changing a verdict (only the work done).
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most search nodes (positions generated) for the whole proof (every key at
    /// every depth, the refutations and the trees; [`tries`](super::tries) takes what the proof
    /// left): hitting it is `unproven`. Deterministic: the same on every machine and
    /// under any load, whatever the number of threads. ([`forcing_key`](super::forcing_key): its one
    /// search.) `None`: [`default_max_nodes`] for the goal's turns.
    pub max_nodes: Option<u64>,
    /// A wall-clock limit (not deterministic; off by default). It counts from
    /// [`Limits::deadline`] when that is set (a whole command, several calls), else
    /// from the start of each call.
    pub max_time: Option<Duration>,
    /// The instant the time runs out, for a whole command: set once at its start by
    /// [`Limits::start_clock`], so that every call and every phase shares it.
    pub deadline: Option<Instant>,
    /// The clock the deadline is read from (the system's; a test's in tests).
    pub clock: Arc<dyn Clock>,
    /// The transposition tables' total size in MiB (shared out among the threads).
    pub hash_mib: usize,
    /// Worker threads for the keys (0: one per core).
    pub threads: usize,
    /// Use the transposition table.
    pub table: bool,
    /// Keep in the table, besides the results of the attacker's last two turns, those
    /// of the defender's turn before the attacker's second-last and of the attacker's
    /// third-last turn, in a Rendezvous already begun (direct goals; needs
    /// [`Limits::table`]): no line below them can come back to a position a third time
    /// whatever the path, since a position never comes back two actions later.
    pub deep_table: bool,
    /// Use the lower bound at the attacker's last turn.
    pub bound: bool,
    /// In the bound at the attacker's last turn, and in the defender's getting all in
    /// one turn earlier, the other side's men block the lines (they stand still through
    /// the turn); off, the bounds ignore every man in the way.
    pub blocked: bool,
    /// Use the lower bound at every depth before it ([`can_win_within`](super::can_win_within): the fewest
    /// turns the attacker needs to bring all his men in).
    pub deep_bound: bool,
    /// Order defences by earlier refutations.
    pub ordering: bool,
    /// At the attacker's last turn, generate only the turns that may reach the goal
    /// ([`last::visit_goal_turns`](super::last::visit_goal_turns)) instead of every turn.
    pub goal_turns: bool,
    /// Before the attacker's last turn (the 1893 family, 1879), generate only his turns
    /// that get all his men in when nothing else can keep the goal in reach, and none
    /// when nothing can ([`turn_need`](super::turn_need): the defender's men outside,
    /// the Rendezvous still to win for the game).
    pub all_in: bool,
    /// At the attacker's second-last turn (1879, 1880 in phase `play`), walk only the turns after which the
    /// bound one action before his last ([`can_win_after_defence`](super::can_win_after_defence))
    /// may hold, the walk cut short where no turn from a state could
    /// ([`second_last_prune`](super::second_last_prune)); every other turn would fail that bound
    /// at once. Needs [`Limits::bound`].
    pub second_last: bool,
    /// Where only a turn getting all the attacker's men in can count (his last turn, and
    /// [`Limits::all_in`]'s turns) in 1879 and 1880 (where every win takes a man, so
    /// ends with a take due), walk only towards such turns
    /// ([`visit_taking_turns`](crate::engine::search::visit_taking_turns) with
    /// [`last_turn_prune`](super::last_turn_prune)): no end of a turn that leaves a man
    /// outside, and no state from which the men still outside cannot all come in.
    pub all_in_walk: bool,
    /// Killers: at an OR node, the turn that won last at the same ply is played
    /// first; the killers (these and the refuting defences of [`Limits::ordering`])
    /// are kept from one depth to the next for each key.
    pub killers: bool,
    /// Before the attacker's last turn, refute an attacker's action as soon as a
    /// defence that settles the goal against him (the defender winning first) comes
    /// out of the generator, before the other defences are searched.
    pub defender_first: bool,
    /// Before the attacker's last turn, refute an attacker's action as soon as a defence
    /// comes out of the generator after which the bounds already fail him (the search of
    /// the position it leads to would end at once), before the other defences are
    /// searched.
    pub bound_first: bool,
    /// Before the attacker's last turn, the defences no killer names are searched in
    /// the order of how promising each looks as a refutation (1893 family and 1879: the
    /// defender threatening to get all in first, then the squares the attacker's men
    /// still need by clear straight moves), not the generator's.
    pub defence_order: bool,
    /// Before the attacker's last turn, every defence is first met with the
    /// attacker's reply that won last at the next ply (with [`Limits::killers`]): the
    /// defences it beats are lost, and only the others are searched in full.
    pub reply_sweep: bool,
    /// At the goal's depth, when every key is wanted (`solve`), the keys are first
    /// searched in fixed batches until two force the goal, so the verdict `cooked` is
    /// known before the budget goes on the keys left (a cut then leaves the list of
    /// keys incomplete, not the verdict unproven).
    pub verdict_first: bool,
    /// Blocks (1879, and 1880 while the Mark stands still): at the defender's turn before the attacker's last, the defences that
    /// end on the squares the attacker's winning turns would need (or in the
    /// Rendezvous) are searched before the others are generated; when the attacker
    /// would have no winning turn, each defence is searched as it comes.
    pub blocks: bool,
    /// Unstoppable threats (1879 and 1880, with [`Limits::blocks`]): at the defender's turn before
    /// the attacker's last, for a Rendezvous goal, the node is won without generating a
    /// defence when one of the attacker's winning turns (were the defender to let his
    /// turn go) passes over and ends on squares none of the defender's men can reach in
    /// his turn, the defender cannot get all his men in first, and no position has yet
    /// repeated on the path (so no defence can draw by a third occurrence).
    pub unstoppable: bool,
    /// Blocking every threat (1879 and 1880, with [`Limits::blocks`]): at the defender's turn
    /// before the attacker's last, for a Rendezvous goal, when the defender cannot get
    /// all his men in and no position has yet repeated on the path, only the defences
    /// whose men end on the way of every one of the attacker's turns that would get
    /// all his men in (were the defender to let his turn go) are generated and
    /// searched ([`blocking_defences`](super::blocking_defences)): against any other
    /// he plays the turn it leaves open. When none of them refutes, every defence
    /// loses.
    pub block_all: bool,
    /// Counted blocks (with [`Limits::block_all`]): the walk of the defences that may
    /// stand on the way of every one of the attacker's winning turns also leaves a
    /// state of the defender's turn once more of those ways are still open, sharing no
    /// square he can reach two by two, than he has men still to move or squares left
    /// (each man ends one move, on one square); off, only once one of them is out of
    /// his reach.
    pub block_count: bool,
    /// Vacated squares (1879 and 1880, with [`Limits::blocks`]): at the defender's turn before
    /// the attacker's last, for a Rendezvous goal, a defence that blocks every one of
    /// the attacker's turns that would get all his men in (were the defender to let
    /// his turn go; trivially when there is none) refutes without a search when none
    /// of the squares his men left lies on a line along which a turn getting all the
    /// attacker's men in could pass (the Rendezvous, and each line from one of his men
    /// outside it into it within his allowance): every such turn after it would have
    /// been open before it.
    pub vacated: bool,
    /// Quiet defences first (with [`Limits::vacated`]): at the defender's turn before
    /// the attacker's last, when the attacker has no winning turn to block, the
    /// defender's turns that leave every square of the attacker's lanes where it was
    /// (none of his men moves off one) are generated first: the first of them that
    /// does not settle the goal refutes unsearched. The other defences follow, in the
    /// generator's order, only when none of these refutes.
    pub quiet_first: bool,
    /// Refuters: at an AND node, the defence that refuted last at the same ply is
    /// played first, straight from its moves, before the defences are generated; and
    /// the killers of the keys already searched at a depth (in fixed batches, in the
    /// keys' order, so the result depends on no thread's timing) seed the next keys'
    /// at that depth: a defence that refutes one first action often refutes the next.
    pub refuters: bool,
    /// Spare replies (with [`Limits::killers`]): at an OR node, after the reply that
    /// won last at the same ply, the few that won there before it are played too,
    /// straight from their moves, before the turns are generated.
    pub spare_replies: bool,
    /// Growing shares: in the first pass over the keys of a depth each key's search is
    /// allowed at most a thousand nodes, and in each pass after it four times as many
    /// (never more than an equal share of what is left), so the cheap keys are decided
    /// first and a key searched again has wasted at most a third of what it needs;
    /// off, every pass shares out all that is left.
    pub growing_shares: bool,
    /// Shared results: the keys' searches of a proof (each with its own table, so
    /// that no result depends on the threads) also read the results the keys searched
    /// before them proved, in one table the proof keeps: what a key's search stored
    /// is merged into it after each batch of keys, in the keys' order (the deepest
    /// results first, as many as an eighth of the table holds for the batch). A key
    /// searched again in a later pass finds what its last search proved, and a
    /// position reached from two keys (their turns in another order) is proved once.
    /// The table ([`Limits::hash_mib`]) is then shared out: three quarters to the
    /// proof's, an eighth among the keys' searches, an eighth to the results waiting
    /// for the merge.
    pub shared_results: bool,
    /// Count the duals of the attacker's last turn too.
    pub final_duals: bool,
    /// Nodes searched so far, for a progress display (added to as the search goes).
    pub progress: Option<Arc<AtomicU64>>,
    /// A flag that stops the proof when set (the player's Ctrl-C): its report is then
    /// cut by [`Cut::Stop`](super::Cut::Stop).
    pub stop: Option<&'static AtomicBool>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: None,
            max_time: None,
            deadline: None,
            clock: Arc::new(SystemClock),
            hash_mib: DEFAULT_HASH_MIB,
            threads: 0,
            table: true,
            deep_table: true,
            bound: true,
            blocked: true,
            deep_bound: true,
            ordering: true,
            goal_turns: true,
            all_in: true,
            second_last: true,
            all_in_walk: true,
            killers: true,
            defender_first: true,
            bound_first: true,
            defence_order: true,
            reply_sweep: true,
            verdict_first: true,
            blocks: true,
            unstoppable: true,
            block_all: true,
            block_count: true,
            vacated: true,
            quiet_first: true,
            refuters: true,
            spare_replies: true,
            growing_shares: true,
            shared_results: true,
            final_duals: false,
            progress: None,
            stop: None,
        }
    }
}

impl Limits {
    /// Starts the clock of a whole command: the deadline is [`Limits::max_time`] from
    /// now, shared by every call made with these limits (none without a time limit).
    pub fn start_clock(&mut self) {
        self.deadline = self.max_time.map(|d| self.clock.now() + d);
    }

    /// The deadline of a call starting now: the command's, else `max_time` from now.
    fn deadline_from_now(&self) -> Option<Instant> {
        self.deadline
            .or_else(|| self.max_time.map(|d| self.clock.now() + d))
    }

    /// The node budget of a whole proof of a goal in `turns` turns:
    /// [`Limits::max_nodes`], else [`default_max_nodes`].
    pub fn max_nodes_for(&self, turns: u32) -> u64 {
        self.max_nodes.unwrap_or_else(|| default_max_nodes(turns))
    }

    /// The budget of a call starting now for a goal in `turns` turns:
    /// [`Limits::max_nodes_for`], the deadline (the command's, else `max_time` from
    /// now), the clock and the stop flag.
    pub fn budget(&self, turns: u32) -> Budget {
        Budget {
            max_nodes: self.max_nodes_for(turns),
            deadline: self.deadline_from_now(),
            clock: Arc::clone(&self.clock),
            stop: self.stop,
        }
    }

    /// The default switches with `budget`'s nodes, deadline, clock and stop flag: how
    /// a caller that keeps its own [`Budget`] (the player) hands it to the prover.
    pub fn within(budget: &Budget) -> Limits {
        Limits {
            max_nodes: Some(budget.max_nodes),
            deadline: budget.deadline,
            clock: Arc::clone(&budget.clock),
            stop: budget.stop,
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_node_budget_grows_with_the_goal_and_a_given_one_is_kept() {
        let limits = Limits::default();
        for (turns, want) in [
            (0, DEFAULT_MAX_NODES),
            (1, DEFAULT_MAX_NODES),
            (2, DEFAULT_MAX_NODES),
            (3, DEFAULT_MAX_NODES_IN_3),
            (4, DEFAULT_MAX_NODES_DEEP),
            (5, DEFAULT_MAX_NODES_DEEP),
            (u32::MAX, DEFAULT_MAX_NODES_DEEP),
        ] {
            assert_eq!(limits.max_nodes_for(turns), want);
            assert_eq!(limits.budget(turns).max_nodes, want);
        }
        let given = Limits {
            max_nodes: Some(1234),
            ..Limits::default()
        };
        assert!((0..8).all(|t| given.budget(t).max_nodes == 1234));
        assert_eq!(Limits::within(&given.budget(9)).max_nodes, Some(1234));
    }
}
