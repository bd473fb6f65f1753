//! The shared state of one proof ([`Shared`]): its goal, its one budget, the tables of
//! the keys' searches and the proof's own table of the results they pass on, and how
//! a search is started on them.

use super::*;

/// The shared state of one proof: the goal, the budget (the deadline, the stop flag,
/// the nodes spent, which limit cut it) and the tables.
pub(super) struct Shared<'a> {
    pub(super) goal: Goal,
    pub(super) limits: &'a Limits,
    /// The proof's budget: its nodes, deadline, clock and stop flag.
    pub(super) budget: Budget,
    /// Set once the deadline has passed or the stop flag was seen: every search stops.
    pub(super) stopped: AtomicBool,
    /// Nodes charged to the proof's budget so far.
    pub(super) spent: AtomicU64,
    /// Whether some part of the proof was given up for want of nodes.
    pub(super) nodes_out: AtomicBool,
    pub(super) tables: Vec<Mutex<Table>>,
    /// The most results one search passes on to `proved` (its deepest).
    pub(super) passed_on: usize,
    /// The proof's own table ([`Limits::shared_results`]): what the keys' searches
    /// proved, merged in after each batch; read by every search, written by none.
    pub(super) proved: Option<RwLock<Table>>,
    pub(super) generation: AtomicU64,
}

/// The generation of the proof's own table (it is never shared with another proof).
pub(super) const PROVED: u32 = 1;

/// The bytes one result passed on from a key's search takes while it waits for the
/// merge ([`Limits::shared_results`]).
const PASSED_BYTES: usize = std::mem::size_of::<(u64, u16)>();

impl<'a> Shared<'a> {
    /// The shared state of a proof of `goal` starting now, with `tables`
    /// transposition tables sharing [`Limits::hash_mib`] (none when the table is off).
    pub(super) fn new(goal: Goal, limits: &'a Limits, tables: usize) -> Shared<'a> {
        let per = (limits.hash_mib.max(1) * 1024 * 1024) / tables.max(1);
        Shared {
            goal,
            limits,
            budget: limits.budget(goal.turns),
            stopped: AtomicBool::new(false),
            spent: AtomicU64::new(0),
            nodes_out: AtomicBool::new(false),
            tables: if limits.table {
                (0..tables)
                    .map(|_| Mutex::new(Table::with_bytes(per)))
                    .collect()
            } else {
                Vec::new()
            },
            proved: None,
            passed_on: 0,
            generation: AtomicU64::new(0),
        }
    }

    /// [`Shared::new`] for the keys of a proof searched `threads` at a time: with
    /// [`Limits::shared_results`], the proof's own table takes three quarters of
    /// [`Limits::hash_mib`], the searches' tables share an eighth, and the results a
    /// batch of keys passes on the last eighth. (The proof's table is what saves the
    /// most: a quarter to the searches and half to the proof cost in-4 #23 of the
    /// bench set 8 % more nodes, half and a quarter 40 % more.)
    pub(super) fn for_keys(goal: Goal, limits: &'a Limits, threads: usize) -> Shared<'a> {
        if !(limits.shared_results && limits.table) {
            return Shared::new(goal, limits, threads);
        }
        let total = limits.hash_mib.max(1) * 1024 * 1024;
        let eighth = total / 8;
        let per = eighth / threads.max(1);
        Shared {
            tables: (0..threads.max(1))
                .map(|_| Mutex::new(Table::with_bytes(per)))
                .collect(),
            passed_on: eighth / (entry::SEED_BATCH * PASSED_BYTES),
            proved: Some(RwLock::new(Table::with_bytes(total - 2 * eighth))),
            ..Shared::new(goal, limits, 0)
        }
    }

    /// Merges what the keys' searches stored ([`Search::passed_on`]) into the proof's
    /// table, in the order given.
    pub(super) fn merge<'r>(&self, results: impl IntoIterator<Item = &'r Vec<(u64, u16)>>) {
        let Some(proved) = &self.proved else {
            return;
        };
        let mut table = proved.write().unwrap_or_else(|e| e.into_inner());
        for r in results {
            table.merge(r, PROVED);
        }
    }

    /// The nodes of the budget not yet spent.
    pub(super) fn remaining(&self) -> u64 {
        self.budget
            .max_nodes
            .saturating_sub(self.spent.load(Ordering::Relaxed))
    }

    /// Whether the stop flag is set or the deadline has passed (reading the clock;
    /// remembered).
    pub(super) fn expired(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        if self.budget.interrupted().is_some() {
            self.stopped.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// Which of the stop flag and the deadline stopped the proof, once one did.
    pub(super) fn stop_cut(&self) -> Cut {
        if self.budget.stopped() {
            Cut::Stop
        } else {
            Cut::Time
        }
    }

    /// Which limit cut the proof, if one did: the stop flag or the time first (they
    /// stop everything).
    pub(super) fn cut(&self) -> Option<Cut> {
        if self.stopped.load(Ordering::Relaxed) {
            Some(self.stop_cut())
        } else if self.nodes_out.load(Ordering::Relaxed) {
            Some(Cut::Nodes)
        } else {
            None
        }
    }

    /// Runs `f` on a fresh search for `start` with a table of the pool, allowed what
    /// is left of the budget. Its nodes are charged to the budget; when it runs out of
    /// them, the proof is marked as cut by the node budget.
    pub(super) fn with_search<R>(
        &self,
        start: &Position,
        f: impl FnOnce(&mut Search<'_>) -> R,
    ) -> R {
        self.with_search_cap(start, self.remaining(), true, f)
    }

    /// Runs `f` on a fresh search allowed `cap` nodes, charged to the budget. `last`:
    /// a search that runs out of nodes marks the proof as cut (otherwise the caller
    /// may try again with a larger share).
    pub(super) fn with_search_cap<R>(
        &self,
        start: &Position,
        cap: u64,
        last: bool,
        f: impl FnOnce(&mut Search<'_>) -> R,
    ) -> R {
        self.with_table(|table, proved, generation| {
            let mut s = Search::new(self, table, proved, generation, start);
            // A search counts the node that finds the budget spent: one less keeps
            // the nodes charged within `cap`.
            s.cap = cap.saturating_sub(1);
            let r = f(&mut s);
            s.flush();
            self.spent.fetch_add(s.nodes.min(cap), Ordering::Relaxed);
            if last && s.cut == Some(Cut::Nodes) {
                self.nodes_out.store(true, Ordering::Relaxed);
            }
            r
        })
    }

    /// The children of `start` and a report with nothing proved yet (its nodes are the
    /// ones spent finding the children): where direct and help play both begin.
    pub(super) fn root(&self, start: &Position) -> (Option<Vec<Kid>>, Report) {
        let mut nodes = 0u64;
        let kids = self.with_search(start, |s| {
            let k = s.kids(start);
            nodes += s.nodes;
            k
        });
        let report = Report {
            goal: self.goal,
            verdict: Verdict::Unproven,
            keys: Vec::new(),
            written: None,
            refutations: Vec::new(),
            trees: Vec::new(),
            tree_keys: Vec::new(),
            lines: Vec::new(),
            line_count: 0,
            shortest: None,
            duals: 0,
            nodes,
            time: Default::default(),
            complete: false,
            cut: None,
            max_nodes: self.budget.max_nodes,
            max_time: self.limits.max_time,
            written_text: None,
        };
        (kids, report)
    }

    /// Runs `f` with a table of the pool (a free one), under a fresh generation, and
    /// the proof's own table to read, if it keeps one.
    pub(super) fn with_table<R>(
        &self,
        f: impl FnOnce(Option<&mut Table>, Option<&Table>, u32) -> R,
    ) -> R {
        let gen_ =
            (self.generation.fetch_add(1, Ordering::Relaxed) % u64::from(u32::MAX)) as u32 + 1;
        if !self.limits.table || self.tables.is_empty() {
            return f(None, None, gen_);
        }
        let proved = self
            .proved
            .as_ref()
            .map(|t| t.read().unwrap_or_else(|e| e.into_inner()));
        let keep = proved.is_some();
        loop {
            for t in &self.tables {
                if let Ok(mut guard) = t.try_lock() {
                    guard.begin(keep);
                    return f(Some(&mut guard), proved.as_deref(), gen_);
                }
            }
            std::thread::yield_now();
        }
    }
}
