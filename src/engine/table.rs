//! Hashing for the engine's tables: a small fast hasher for integer keys and the map
//! built on it, shared by the outcome search and the game's repetition table.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::marker::PhantomData;

/// How a [`WordHasher`] takes in each word written to it, and what it returns at the
/// end.
pub(crate) trait Mixing {
    /// The state after `word` is taken into `state`.
    fn step(state: u64, word: u64) -> u64;
    /// The hash of the final `state`.
    fn finish(state: u64) -> u64;
}

/// A hasher of whole words: every integer written to it is widened to a word and
/// taken in by `M`'s step (bytes one word each), and `M` finishes the state.
pub(crate) struct WordHasher<M>(u64, PhantomData<M>);

impl<M> Default for WordHasher<M> {
    fn default() -> Self {
        WordHasher(0, PhantomData)
    }
}

impl<M: Mixing> Hasher for WordHasher<M> {
    #[inline]
    fn finish(&self) -> u64 {
        M::finish(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = M::step(self.0, n);
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    #[inline]
    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }
}

/// The engine's fast mixing: a rotate, an exclusive or and one multiply a word, and
/// [`mix`] at the end. Good enough where the keys are compared after the hash.
pub(crate) struct Fold;

impl Mixing for Fold {
    #[inline]
    fn step(state: u64, word: u64) -> u64 {
        (state.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95)
    }
    #[inline]
    fn finish(state: u64) -> u64 {
        mix(state)
    }
}

/// A small fast hasher for the search's integer keys.
pub(crate) type FoldHasher = WordHasher<Fold>;

/// A finaliser that spreads every bit of `x` over the whole result (MurmurHash3's
/// `fmix64`), so that the low bits a hash table uses depend on all of the key.
#[inline]
pub(crate) fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// A map on the fast hasher.
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FoldHasher>>;

/// A set on the fast hasher: the visitor's distinct ends and the bonus walk's states.
pub(crate) type FastSet<K> = HashSet<K, BuildHasherDefault<FoldHasher>>;
