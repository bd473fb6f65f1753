//! The prover's transposition table: depth-bounded results per position, bounded in
//! memory (when full it starts afresh, which keeps every result deterministic).

use crate::engine::Position;
use crate::engine::table::FastMap;

use super::Val;

/// One entry: the fewest of the attacker's turns a win was proved in (0: none), and
/// the most a failure was proved at.
#[derive(Clone, Copy, Default, Debug)]
struct Bounds {
    win_at: u8,
    fail_at: u8,
}

/// Results of positions at bounded depths: a win within `t` turns holds for any
/// deeper search, a failure at `t` for any shallower one.
pub(crate) struct Table {
    map: FastMap<Position, Bounds>,
    max: usize,
    generation: u32,
}

impl Table {
    /// A table using about `bytes` of memory.
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        // A hashbrown entry of a Position and its bounds, with its control byte and the
        // load factor: about 64 bytes.
        let max = (bytes / 64).max(1024);
        Table {
            map: FastMap::default(),
            max,
            generation: 0,
        }
    }

    /// Starts a new proof: forgets everything when `generation` differs.
    fn sync(&mut self, generation: u32) {
        if self.generation != generation {
            self.map.clear();
            self.generation = generation;
        }
    }

    /// The result stored for `p` with `t` turns left, if it decides.
    pub(crate) fn probe(&self, p: &Position, t: u32, generation: u32) -> Option<Val> {
        if self.generation != generation {
            return None;
        }
        let b = self.map.get(p)?;
        if b.win_at != 0 && u32::from(b.win_at) <= t {
            Some(Val::Win)
        } else if u32::from(b.fail_at) >= t {
            Some(Val::Fail)
        } else {
            None
        }
    }

    /// Stores a result for `p` with `t` turns left.
    pub(crate) fn store(&mut self, p: &Position, t: u32, win: bool, generation: u32) {
        self.sync(generation);
        if self.map.len() >= self.max {
            self.map.clear();
        }
        let t = u8::try_from(t).unwrap_or(u8::MAX);
        let b = self.map.entry(*p).or_default();
        if win {
            if b.win_at == 0 || t < b.win_at {
                b.win_at = t;
            }
        } else if t > b.fail_at {
            b.fail_at = t;
        }
    }
}
