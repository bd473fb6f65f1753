//! The prover's transposition table: depth-bounded results per position in a
//! fixed-size array of buckets, allocated once at the size asked for (`--hash`) and
//! never grown, so its memory is known before the search starts.
//!
//! A position is stored under a 64-bit key (`key_of`: every word of the position
//! mixed in with a full-avalanche step, so that two positions share a key only by
//! chance, about one pair in 2^64): its top bits pick a bucket of four entries (one
//! 64-byte cache line), the
//! whole key is kept to tell positions apart. When a bucket is full the entry proved
//! at the fewest turns is replaced (depth-preferred: a deeper result cost more to
//! prove). Each search starts a new generation; an entry of another generation is
//! empty, so a search never sees another's results (and its node count never depends
//! on which thread ran what before it) without the table ever being cleared.
//!
//! A table can also write down the places its results newly take
//! (`Table::begin`), so that a search's results (`Table::written`) can be merged
//! into another table (`Table::merge`): how the keys' searches pass what they
//! proved on to the proof's own table.

use std::hash::{BuildHasher, BuildHasherDefault};

use crate::engine::Position;
use crate::engine::table::{Mixing, WordHasher, mix};

use super::Val;

/// Entries per bucket: four of 16 bytes, one cache line.
const WAYS: usize = 4;

/// One bucket: four entries of two words each, the key then the packed result
/// (generation in the low 32 bits, `win_at` in the next 8, `fail_at` in the next 8).
/// An array of integers, so the whole table is allocated zeroed (and its pages are
/// touched only when used).
type Bucket = [u64; 2 * WAYS];

/// Results of positions at bounded depths: a win within `t` turns holds for any
/// deeper search, a failure at `t` for any shallower one.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    /// How many buckets the table may hold (allocated at the first store).
    len: usize,
    /// The places newly taken since [`Table::begin`] (bucket and way): each at most
    /// once, so never more than the table holds.
    journal: Vec<u32>,
    /// Whether newly taken places are written down.
    journaling: bool,
}

/// The key of `p`: [`KeyHasher`] over the whole position, never 0 (0 marks an empty
/// entry). Only the key is kept, so two positions with one key would share a result.
pub(crate) fn key_of(p: &Position) -> u64 {
    BuildHasherDefault::<KeyHasher>::default()
        .hash_one(p)
        .max(1)
}

/// The table's mixing: each word is added to the state and the sum passed through a
/// full-avalanche bijection (MurmurHash3's `fmix64`), so a difference in any word
/// reaches every bit of the state before the next. The engine's fast mixing (a rotate,
/// an exclusive or and one multiply a word) is good enough where the full positions
/// are compared after the hash, but not as the only name of a position: its keys
/// collided on pairs of positions reached in one proof (a 1880 goal in 3 lost three of
/// its keys to results stored for other positions).
pub(crate) struct Avalanche;

impl Mixing for Avalanche {
    #[inline]
    fn step(state: u64, word: u64) -> u64 {
        mix(state.wrapping_add(word).wrapping_add(0x2545_f491_4f6c_dd1d))
    }
    #[inline]
    fn finish(state: u64) -> u64 {
        mix(state ^ 0x9e37_79b9_7f4a_7c15)
    }
}

/// The table's hasher ([`Avalanche`] over whole words).
pub(crate) type KeyHasher = WordHasher<Avalanche>;

/// A packed result: its generation, the fewest turns a win was proved in (0: none)
/// and the most a failure was proved at.
#[derive(Clone, Copy)]
struct Packed {
    generation: u32,
    win_at: u8,
    fail_at: u8,
}

impl Packed {
    fn from_word(w: u64) -> Packed {
        Packed {
            generation: w as u32,
            win_at: (w >> 32) as u8,
            fail_at: (w >> 40) as u8,
        }
    }

    fn word(self) -> u64 {
        u64::from(self.generation)
            | (u64::from(self.win_at) << 32)
            | (u64::from(self.fail_at) << 40)
    }

    /// Takes in a win at `win_at` turns (0: none) and a failure at `fail_at`: the
    /// fewest turns a win is known in, the most a failure is.
    fn absorb(&mut self, win_at: u8, fail_at: u8) {
        if win_at != 0 && (self.win_at == 0 || win_at < self.win_at) {
            self.win_at = win_at;
        }
        self.fail_at = self.fail_at.max(fail_at);
    }

    /// How deep the result reaches: what the replacement keeps.
    fn depth(self) -> u8 {
        self.win_at.max(self.fail_at)
    }
}

impl Table {
    /// A table of at most `bytes` of memory (at least one bucket). Nothing is
    /// allocated before the first store.
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        let len = (bytes / std::mem::size_of::<Bucket>()).max(1);
        Table {
            buckets: Vec::new(),
            len,
            journal: Vec::new(),
            journaling: false,
        }
    }

    /// The bytes the table holds once allocated.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<Bucket>()
    }

    /// The bucket of `key`: its top bits, scaled to the number of buckets.
    fn bucket(&self, key: u64) -> usize {
        ((u128::from(key) * self.len as u128) >> 64) as usize
    }

    /// The result stored for `p` with `t` turns left, if it decides.
    #[cfg(test)]
    pub(crate) fn probe(&self, p: &Position, t: u32, generation: u32) -> Option<Val> {
        self.probe_key(key_of(p), t, generation)
    }

    /// The result stored under `key` (see [`key_of`]) with `t` turns left, if it
    /// decides.
    pub(crate) fn probe_key(&self, key: u64, t: u32, generation: u32) -> Option<Val> {
        if self.buckets.is_empty() {
            return None;
        }
        let b = &self.buckets[self.bucket(key)];
        for w in 0..WAYS {
            if b[2 * w] != key {
                continue;
            }
            let e = Packed::from_word(b[2 * w + 1]);
            if e.generation != generation {
                return None;
            }
            return if e.win_at != 0 && u32::from(e.win_at) <= t {
                Some(Val::Win)
            } else if u32::from(e.fail_at) >= t {
                Some(Val::Fail)
            } else {
                None
            };
        }
        None
    }

    /// Stores a result for `p` with `t` turns left: merged into its entry, else in an
    /// empty (or another generation's) place of its bucket, else over the entry of the
    /// bucket that reaches the fewest turns.
    #[cfg(test)]
    pub(crate) fn store(&mut self, p: &Position, t: u32, win: bool, generation: u32) {
        self.store_key(key_of(p), t, win, generation);
    }

    /// [`Table::store`] under `key` (see [`key_of`]).
    pub(crate) fn store_key(&mut self, key: u64, t: u32, win: bool, generation: u32) {
        let t = u8::try_from(t).unwrap_or(u8::MAX).max(1);
        let (win_at, fail_at) = if win { (t, 0) } else { (0, t) };
        self.update(key, generation, |e| e.absorb(win_at, fail_at));
    }

    /// Updates the entry of `key` in `generation` with `f`, making one where there is
    /// none (an empty place or another generation's first, else over the bucket's
    /// shallowest result). A place newly taken is written down when
    /// [`Table::begin`] asked for it (each place once a generation).
    fn update(&mut self, key: u64, generation: u32, f: impl FnOnce(&mut Packed)) {
        if self.buckets.is_empty() {
            // Zeroed: the pages are touched only as buckets are used.
            self.buckets = vec![[0u64; 2 * WAYS]; self.len];
        }
        let at = self.bucket(key);
        let b = &mut self.buckets[at];
        let mut place = None;
        let mut shallowest = u8::MAX;
        let mut fresh = false;
        for w in 0..WAYS {
            let e = Packed::from_word(b[2 * w + 1]);
            let live = b[2 * w] != 0 && e.generation == generation;
            if live && b[2 * w] == key {
                place = Some((w, e));
                fresh = false;
                break;
            }
            let blank = Packed {
                generation,
                win_at: 0,
                fail_at: 0,
            };
            if !live {
                if shallowest > 0 {
                    place = Some((w, blank));
                    shallowest = 0;
                    fresh = true;
                }
            } else if e.depth() < shallowest {
                shallowest = e.depth();
                place = Some((w, blank));
                fresh = false;
            }
        }
        let Some((w, mut e)) = place else {
            return;
        };
        f(&mut e);
        b[2 * w] = key;
        b[2 * w + 1] = e.word();
        if fresh
            && self.journaling
            && let Ok(i) = u32::try_from(at * WAYS + w)
        {
            self.journal.push(i);
        }
    }

    /// Starts writing down the places this table's next results take (`keep`), or
    /// stops, for [`Table::written`].
    pub(crate) fn begin(&mut self, keep: bool) {
        self.journal.clear();
        self.journaling = keep;
        if self.journal.capacity() > 1 << 16 {
            self.journal.shrink_to(1 << 16);
        }
    }

    /// The results of `generation` written down since [`Table::begin`] and still
    /// held, as keys and results, for [`Table::merge`] into another table: at most
    /// `most`, the deepest (they cost the most to prove), in the order they were first
    /// stored.
    pub(crate) fn written(&self, generation: u32, most: usize) -> Vec<(u64, u16)> {
        let live = || {
            self.journal.iter().filter_map(move |&i| {
                let i = i as usize;
                let b = self.buckets.get(i / WAYS)?;
                let (key, e) = (b[2 * (i % WAYS)], Packed::from_word(b[2 * (i % WAYS) + 1]));
                (key != 0 && e.generation == generation).then_some((key, e))
            })
        };
        // The shallowest depth taken: every result deeper, and of it the first ones.
        let mut count = [0usize; 256];
        for (_, e) in live() {
            count[usize::from(e.depth())] += 1;
        }
        let mut room = most;
        let mut floor = 0u8;
        for d in (0..=255u8).rev() {
            floor = d;
            if count[usize::from(d)] >= room {
                break;
            }
            room -= count[usize::from(d)];
        }
        let mut out = Vec::with_capacity(most.min(self.journal.len()));
        for (key, e) in live() {
            let d = e.depth();
            if d > floor || (d == floor && room > 0) {
                if d == floor {
                    room -= 1;
                }
                out.push((key, u16::from(e.win_at) | (u16::from(e.fail_at) << 8)));
            }
        }
        out
    }

    /// Merges results another table wrote down ([`Table::written`]) into this one's
    /// `generation`: a win at the fewest turns either knows, a failure at the most.
    pub(crate) fn merge(&mut self, results: &[(u64, u16)], generation: u32) {
        for &(key, r) in results {
            let (win_at, fail_at) = ((r & 0xff) as u8, (r >> 8) as u8);
            self.update(key, generation, |e| e.absorb(win_at, fail_at));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions() -> Vec<Position> {
        [
            "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play",
            "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 B c6 play",
            "4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play",
        ]
        .iter()
        .map(|s| s.parse().expect("a position"))
        .collect()
    }

    /// A win holds for deeper searches, a failure for shallower ones; another
    /// generation sees nothing.
    #[test]
    fn results_hold_by_depth_and_generation() {
        let ps = positions();
        let mut t = Table::with_bytes(1 << 16);
        t.store(&ps[0], 2, true, 1);
        t.store(&ps[1], 2, false, 1);
        assert_eq!(t.probe(&ps[0], 2, 1), Some(Val::Win));
        assert_eq!(t.probe(&ps[0], 3, 1), Some(Val::Win));
        assert_eq!(t.probe(&ps[0], 1, 1), None);
        assert_eq!(t.probe(&ps[1], 1, 1), Some(Val::Fail));
        assert_eq!(t.probe(&ps[1], 3, 1), None);
        assert_eq!(t.probe(&ps[2], 1, 1), None);
        assert_eq!(t.probe(&ps[0], 2, 2), None);
        // Both bounds on one entry.
        t.store(&ps[1], 3, true, 1);
        assert_eq!(t.probe(&ps[1], 2, 1), Some(Val::Fail));
        assert_eq!(t.probe(&ps[1], 3, 1), Some(Val::Win));
    }

    /// A table of one bucket keeps the deepest results when more positions come than
    /// it holds, and never grows past its size.
    #[test]
    fn a_full_bucket_keeps_the_deepest() {
        let mut t = Table::with_bytes(1);
        assert_eq!(t.bytes(), 64);
        let base: Position = "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play"
            .parse()
            .expect("a position");
        // Positions that differ: the same men on other Rendezvous squares.
        let ps: Vec<Position> = ["c6", "d6", "e6", "f6", "c5", "d5"]
            .iter()
            .filter_map(|sq| {
                format!("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y {sq} play")
                    .parse()
                    .ok()
            })
            .collect();
        assert!(ps.len() >= 5);
        assert_eq!(ps[0], base);
        for (i, p) in ps.iter().enumerate().take(4) {
            t.store(p, 4 + i as u32, false, 7);
        }
        t.store(&ps[4], 1, false, 7);
        // The shallowest of the four (depth 4) made way.
        assert_eq!(t.probe(&ps[0], 4, 7), None);
        for (i, p) in ps.iter().enumerate().take(4).skip(1) {
            assert_eq!(t.probe(p, 4 + i as u32, 7), Some(Val::Fail));
        }
        assert_eq!(t.probe(&ps[4], 1, 7), Some(Val::Fail));
        assert_eq!(t.buckets.len(), 1);
    }

    /// What a table writes down since `begin` (its own generation's results only, at
    /// most as many as asked, the deepest first) merges into another table with every
    /// bound kept, and a merge keeps the better of two bounds.
    #[test]
    fn written_results_merge_into_another_table() {
        let ps = positions();
        let mut a = Table::with_bytes(1 << 16);
        a.store(&ps[2], 1, false, 3);
        a.begin(true);
        a.store(&ps[0], 3, true, 4);
        a.store(&ps[0], 2, false, 4);
        a.store(&ps[1], 2, true, 4);
        a.store(&ps[2], 1, true, 4);
        // At most two: the deepest (ps[0] at 3, ps[1] at 2), not ps[2] (at 1).
        let w = a.written(4, 2);
        assert_eq!(w.len(), 2);
        assert_eq!(a.written(4, 8).len(), 3);
        assert!(a.written(5, 8).is_empty());
        let mut b = Table::with_bytes(1 << 16);
        b.store(&ps[0], 1, false, 1);
        b.store(&ps[1], 1, true, 1);
        b.merge(&w, 1);
        // ps[0]: the failure at 2 (deeper than b's at 1) and the win at 3 merged in.
        assert_eq!(b.probe(&ps[0], 2, 1), Some(Val::Fail));
        assert_eq!(b.probe(&ps[0], 3, 1), Some(Val::Win));
        // ps[1]: b's win at 1 kept over the one at 2.
        assert_eq!(b.probe(&ps[1], 1, 1), Some(Val::Win));
        assert_eq!(b.probe(&ps[2], 2, 1), None);
        // A new `begin` forgets what was written down.
        a.begin(true);
        assert!(a.written(4, 8).is_empty());
    }

    /// Two positions never share a key but by chance: the pair on which the engine's
    /// fast hasher collided (a 1880 goal in 3 then lost three of its keys), and every
    /// distinct position two actions from a few 1880 and 1893 positions.
    #[test]
    fn distinct_positions_have_distinct_keys() {
        use crate::engine::Rules;
        use crate::engine::search::visit_outcomes;
        use std::collections::HashMap;
        use std::ops::ControlFlow;
        let r1880: Rules = "1880".parse().expect("a rules value");
        let a = Position::parse_as(r1880, "5Y1B/8/8/3Y4/1Y3B2/8/6B1/2Y1B3 B b3 play")
            .expect("a position");
        let b = Position::parse_as(r1880, "3YB3/8/8/3Y4/1Y3B2/8/6B1/1Y2B3 Y b3 play")
            .expect("a position");
        assert_ne!(key_of(&a), key_of(&b));
        let starts = [
            Position::parse_as(r1880, "5Y1B/8/8/2Y1Y3/5B2/8/6B1/1Y2B3 Y b3 play"),
            Position::parse("4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play"),
        ];
        let mut seen: HashMap<u64, Position> = HashMap::new();
        for start in starts {
            let start = start.expect("a position");
            let mut first = Vec::new();
            let _ = visit_outcomes(&start, |_, c| {
                first.push(*c);
                ControlFlow::Continue(())
            });
            for c in first.iter().step_by(401) {
                let _ = visit_outcomes(c, |_, d| {
                    let old = seen.insert(key_of(d), *d);
                    assert!(old.is_none_or(|o| o == *d), "{d} and {old:?} share a key");
                    ControlFlow::Continue(())
                });
            }
        }
        assert!(seen.len() > 5_000, "{}", seen.len());
    }
}
