//! The repetition history (D-9: the third occurrence of a position in one Rendezvous
//! is a draw): the positions of the current Rendezvous and how often each occurred.
//! The one history of a [`super::Game`] (and so of the REPL, which asks its game), and
//! of the prover's search path.
//!
//! A position counts only in play; a new Rendezvous (a Mark set, or play leaving the
//! Rendezvous) starts the count afresh. Two stores serve the two uses, behind one
//! type: a game ([`History::indexed`]) keeps a count per position, so a long
//! Rendezvous costs one hash per action; a search path ([`History::path`]) keeps its
//! positions in order and scans the few of the current Rendezvous, and can go back to
//! any earlier point ([`History::save`], [`History::restore`]) as the search leaves a
//! branch.

use super::position::PositionKey;
use super::table::FastMap;

/// The positions a game's index holds before it first grows.
const INDEX_ROOM: usize = 48;

/// The positions of the current Rendezvous and their occurrences (D-9).
#[derive(Clone, Debug, Default)]
pub struct History {
    /// A path's positions in order (a game's index leaves it empty); the current
    /// Rendezvous from `start`.
    keys: Vec<PositionKey>,
    /// Where the current Rendezvous begins in `keys`.
    start: usize,
    /// How many positions of the current Rendezvous have occurred more than once.
    repeats: u32,
    /// A game's count per position of the current Rendezvous.
    index: Option<FastMap<PositionKey, u8>>,
}

/// A point of a path's history to go back to ([`History::restore`]).
#[derive(Clone, Copy, Debug)]
pub struct Saved {
    len: usize,
    start: usize,
    repeats: u32,
}

impl History {
    /// A game's history: a count per position (a game holds at most a few thousand
    /// positions, and hashing was cheaper than scanning them; the fast hash, because
    /// SipHash was 4 % of replaying a collection). It cannot go back
    /// ([`History::restore`]).
    pub fn indexed() -> History {
        History {
            // Room for a Rendezvous of a few dozen actions from the start: growing from
            // nothing rehashed the map five times a game, 2 % of checking a collection.
            index: Some(FastMap::with_capacity_and_hasher(
                INDEX_ROOM,
                Default::default(),
            )),
            ..History::default()
        }
    }

    /// A search path's history: its positions in order, scanned (a path holds a few
    /// positions per Rendezvous), that can go back to any saved point.
    pub fn path() -> History {
        History::default()
    }

    /// Starts a new Rendezvous: no position has occurred in it yet.
    #[inline]
    pub fn new_rendezvous(&mut self) {
        match &mut self.index {
            Some(index) => index.clear(),
            None => self.start = self.keys.len(),
        }
        self.repeats = 0;
    }

    /// How many times `key` has occurred in the current Rendezvous.
    #[inline]
    pub fn occurrences(&self, key: &PositionKey) -> u8 {
        match &self.index {
            Some(index) => index.get(key).copied().unwrap_or(0),
            None => self.keys[self.start..]
                .iter()
                .filter(|k| *k == key)
                .count()
                .min(usize::from(u8::MAX)) as u8,
        }
    }

    /// Records one more occurrence of `key` in the current Rendezvous; returns how many
    /// times it has now occurred (3: a draw).
    #[inline]
    pub fn record(&mut self, key: PositionKey) -> u8 {
        let n = match &mut self.index {
            Some(index) => {
                let n = index.entry(key).or_insert(0);
                *n = n.saturating_add(1);
                *n
            }
            None => {
                let n = self.occurrences(&key).saturating_add(1);
                self.keys.push(key);
                n
            }
        };
        if n == 2 {
            self.repeats += 1;
        }
        n
    }

    /// Records `key` unless this would be its third occurrence in the current
    /// Rendezvous (a draw, D-9, which a search does not enter): whether it was
    /// recorded.
    #[inline]
    pub fn admit(&mut self, key: PositionKey) -> bool {
        let seen = self.occurrences(&key);
        if seen >= 2 {
            return false;
        }
        match &mut self.index {
            Some(index) => {
                index.insert(key, seen + 1);
            }
            None => self.keys.push(key),
        }
        if seen == 1 {
            self.repeats += 1;
        }
        true
    }

    /// How many positions of the current Rendezvous have occurred more than once
    /// (none: no position can come a third time before two more actions repeat one).
    #[inline]
    pub fn repeats(&self) -> u32 {
        self.repeats
    }

    /// The positions recorded on a path, in every Rendezvous (a game's: 0).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether nothing is recorded on a path (a game's: always).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Every position of the current Rendezvous with how many times it has occurred, in
    /// no particular order.
    pub fn occurred(&self) -> Vec<(PositionKey, u8)> {
        match &self.index {
            Some(index) => index.iter().map(|(k, n)| (*k, *n)).collect(),
            None => {
                let mut v: Vec<(PositionKey, u8)> = Vec::new();
                for k in &self.keys[self.start..] {
                    match v.iter_mut().find(|(seen, _)| seen == k) {
                        Some((_, n)) => *n = n.saturating_add(1),
                        None => v.push((*k, 1)),
                    }
                }
                v
            }
        }
    }

    /// This point of a path's history, to come back to.
    #[inline]
    pub fn save(&self) -> Saved {
        Saved {
            len: self.keys.len(),
            start: self.start,
            repeats: self.repeats,
        }
    }

    /// Goes back to a point saved on this path: what was recorded since is forgotten,
    /// and a Rendezvous begun since is left.
    ///
    /// # Panics
    /// In debug builds, on a game's history, which keeps no order to go back through.
    #[inline]
    pub fn restore(&mut self, saved: Saved) {
        debug_assert!(self.index.is_none(), "a game's history cannot go back");
        self.keys.truncate(saved.len);
        self.start = saved.start;
        self.repeats = saved.repeats;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;

    fn keys() -> (PositionKey, PositionKey) {
        let p: Position = "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play"
            .parse()
            .expect("a position");
        let q: Position = "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 B c6 play"
            .parse()
            .expect("a position");
        (p.key(), q.key())
    }

    /// Both stores count alike: occurrences, repeats, a new Rendezvous.
    #[test]
    fn a_game_and_a_path_count_alike() {
        let (p, q) = keys();
        for mut h in [History::indexed(), History::path()] {
            assert_eq!(h.record(p), 1);
            assert_eq!(h.record(q), 1);
            assert_eq!(h.repeats(), 0);
            assert_eq!(h.record(p), 2);
            assert_eq!(h.repeats(), 1);
            assert_eq!(h.occurrences(&p), 2);
            assert_eq!(h.occurrences(&q), 1);
            let mut seen = h.occurred();
            seen.sort_by_key(|(_, n)| *n);
            assert_eq!(seen, vec![(q, 1), (p, 2)]);
            assert!(!h.admit(p), "a third occurrence");
            assert!(h.admit(q));
            assert_eq!(h.repeats(), 2);
            assert_eq!(h.record(p), 3);
            h.new_rendezvous();
            assert_eq!((h.occurrences(&p), h.repeats()), (0, 0));
            assert_eq!(h.record(p), 1);
        }
    }

    /// A game's index counts as a path does in a long Rendezvous (past the index's
    /// first room), positions coming back at every distance, and again after a new one.
    #[test]
    fn a_long_rendezvous_counts_alike() {
        use crate::engine::position::Phase;
        use crate::engine::{BySide, Rules, Side, SquareSet};
        let key = |i: u64| {
            // Now and then Black's men rather than Yellow's carry the number.
            let (b, y) = if i.is_multiple_of(7) {
                (i.rotate_left(23), 0)
            } else {
                (0, i)
            };
            let side = if i.is_multiple_of(2) {
                Side::Black
            } else {
                Side::Yellow
            };
            Position::from_state(
                Rules::default(),
                BySide::new(SquareSet(b | 1 << 63), SquareSet(y)),
                side,
                None,
                Phase::Play,
            )
            .key()
        };
        let (mut game, mut path) = (History::indexed(), History::path());
        for round in 0..2 {
            for step in 0..600u64 {
                // Positions come back at every distance, some a third time.
                let k = key(if step.is_multiple_of(3) {
                    step / 5
                } else {
                    step
                });
                assert_eq!(game.record(k), path.record(k), "round {round}, step {step}");
                let probe = key(step / 2);
                assert_eq!(game.occurrences(&probe), path.occurrences(&probe));
                assert_eq!(game.repeats(), path.repeats());
            }
            let (a, b) = (game.occurred(), path.occurred());
            assert_eq!(a.len(), b.len());
            assert!(a.iter().all(|seen| b.contains(seen)));
            game.new_rendezvous();
            path.new_rendezvous();
        }
    }

    /// A path goes back to a saved point, across a new Rendezvous too.
    #[test]
    fn a_path_goes_back() {
        let (p, q) = keys();
        let mut h = History::path();
        h.record(p);
        let before = h.save();
        h.record(q);
        h.record(p);
        h.new_rendezvous();
        h.record(q);
        assert_eq!((h.occurrences(&p), h.occurrences(&q)), (0, 1));
        h.restore(before);
        assert_eq!(
            (h.occurrences(&p), h.occurrences(&q), h.repeats()),
            (1, 0, 0)
        );
        assert_eq!(h.len(), 1);
    }
}
