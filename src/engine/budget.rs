//! The one search budget: what a search over the engine's positions may spend before
//! it stops — a node count, an optional deadline read from an injectable [`Clock`],
//! and an optional stop flag (Ctrl-C at the prompt). The prover's proofs and the
//! player's thinking both run on a [`Budget`], so a stop flag set while the player
//! waits for the prover stops the prover too. It also names the limit that cut a
//! search short ([`Cut`]). Nothing here reads the board: only `std`.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Where a search reads the time for its deadline: the system's clock, or a test's
/// (which makes a deadline's effect deterministic).
pub trait Clock: fmt::Debug + Send + Sync {
    /// The current instant.
    fn now(&self) -> Instant;
}

/// The system's monotonic clock ([`Instant::now`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

/// Which limit cut a search short.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Cut {
    /// The node budget ([`Budget::max_nodes`]) was spent.
    Nodes,
    /// The deadline ([`Budget::deadline`]) passed.
    Time,
    /// The stop flag ([`Budget::stop`]) was set.
    Stop,
}

impl Cut {
    /// Its name: `nodes`, `time` or `stop`.
    pub const fn name(self) -> &'static str {
        match self {
            Cut::Nodes => "nodes",
            Cut::Time => "time",
            Cut::Stop => "stop",
        }
    }
}

/// What a search may spend: nodes, time (a deadline on a clock) and a stop flag.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The most nodes the search may count (deterministic: the same on every machine).
    pub max_nodes: u64,
    /// The instant the time runs out (`None`: no time limit).
    pub deadline: Option<Instant>,
    /// The clock the deadline is read from.
    pub clock: Arc<dyn Clock>,
    /// A flag that stops the search when set (Ctrl-C at the prompt).
    pub stop: Option<&'static AtomicBool>,
}

impl Budget {
    /// A budget of `max_nodes` nodes, with no deadline and no stop flag, on the
    /// system's clock.
    pub fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            deadline: None,
            clock: Arc::new(SystemClock),
            stop: None,
        }
    }

    /// Whether the stop flag is set.
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Whether the deadline has passed (reads the clock when there is one).
    pub fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| self.clock.now() >= d)
    }

    /// Which of the stop flag and the deadline ends the search now, the flag first;
    /// `None` while neither does (the node count is the caller's).
    pub fn interrupted(&self) -> Option<Cut> {
        if self.stopped() {
            Some(Cut::Stop)
        } else if self.past_deadline() {
            Some(Cut::Time)
        } else {
            None
        }
    }

    /// The same budget allowed at most `max_nodes` nodes.
    pub fn with_nodes(&self, max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            ..self.clone()
        }
    }
}

impl Default for Budget {
    /// No limit at all: [`u64::MAX`] nodes, no deadline, no stop flag.
    fn default() -> Budget {
        Budget::nodes(u64::MAX)
    }
}
