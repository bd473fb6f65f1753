//! All distinct outcomes of the next action of the side to act: for a turn, every
//! position the turn can end in (two outcomes differ when their position strings
//! differ, so orders of the same moves count once and every Rule 7 choice counts
//! apart); for a Mark, every Rendezvous the setter may make.
//!
//! The search walks the turn man's move by man's move and never visits the same state
//! of a turn twice: a state is the mover's men, which of them have moved, and the
//! squares counted, since nothing else changes during a turn.

use super::action::Action;
use super::geometry::{BETWEEN, LINE, RAYS};
use super::position::{Phase, Position};
pub use super::search::{Outcome, OutcomeAction};
use super::side::{BySide, Side};
use super::square::Square;
use super::squareset::SquareSet;
pub(crate) use super::table::{FastMap, mix};
use super::turn::{ManMove, MoveContext};
use super::violation::RuleViolation;

/// Distinct values below 2^40 gathered for counting: each value is spread over its
/// 40 bits by a bijection ([`Buckets::mix40`]) and goes straight into one of 256
/// buckets by the top 8 of them, the bucket keeping only the low 32 bits (a value is
/// its bucket and those bits, so nothing is lost, and the values take half the memory
/// of whole words). Each bucket is then counted with a small open-addressing table
/// that stays in the cache (one large table would miss the cache on every probe), and
/// no second copy of the values is needed to sort them into buckets.
struct Buckets(Box<[Vec<u32>; Buckets::COUNT]>);

impl Buckets {
    const BITS: u32 = 8;
    const COUNT: usize = 1 << Buckets::BITS;
    const MASK40: u64 = (1 << 40) - 1;

    fn new() -> Buckets {
        Buckets(Box::new(std::array::from_fn(|_| Vec::new())))
    }

    /// A bijection of the values below 2^40 that spreads every bit over all 40
    /// (odd multipliers and right xorshifts by half the width, modulo 2^40).
    #[inline]
    fn mix40(mut x: u64) -> u64 {
        x ^= x >> 20;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd) & Buckets::MASK40;
        x ^= x >> 20;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53) & Buckets::MASK40;
        x ^ (x >> 20)
    }

    /// The inverse of [`Buckets::mix40`]: the value whose mixed form is `x`. (A right
    /// xorshift by half the width undoes itself; the multipliers' inverses modulo
    /// 2^40 undo them.)
    fn unmix40(mut x: u64) -> u64 {
        const A: u64 = inverse40(0xff51_afd7_ed55_8ccd);
        const B: u64 = inverse40(0xc4ce_b9fe_1a85_ec53);
        x ^= x >> 20;
        x = x.wrapping_mul(B) & Buckets::MASK40;
        x ^= x >> 20;
        x = x.wrapping_mul(A) & Buckets::MASK40;
        x ^ (x >> 20)
    }

    /// Adds `v`, which must be below 2^40.
    #[inline]
    fn push(&mut self, v: u64) {
        debug_assert!(v <= Buckets::MASK40);
        let x = Buckets::mix40(v);
        // The top 8 of the 40 bits: the index needs no bounds check.
        self.0[(x >> 32) as u8 as usize].push(x as u32);
    }

    /// The `index`-th distinct value in a fixed order (by its mixed form: bucket by
    /// bucket, each ascending), with the distinct count of each bucket from
    /// [`Buckets::distinct_by_bucket`]: only the bucket that holds it is sorted.
    fn nth(&mut self, counts: &[usize], mut index: usize) -> Option<u64> {
        for (b, (bucket, &n)) in self.0.iter_mut().zip(counts).enumerate() {
            if index < n {
                bucket.sort_unstable();
                bucket.dedup();
                let low = *bucket.get(index)?;
                return Some(Buckets::unmix40(((b as u64) << 32) | u64::from(low)));
            }
            index -= n;
        }
        None
    }

    /// The number of distinct values pushed.
    fn count_distinct(&self) -> usize {
        self.distinct_by_bucket().iter().sum()
    }

    /// The number of distinct values in each bucket.
    fn distinct_by_bucket(&self) -> Vec<usize> {
        let largest = self.0.iter().map(Vec::len).max().unwrap_or(0);
        // Slots hold a value's low 32 bits, 0 meaning empty (a value of 0 is counted
        // apart), so that a bucket's table is small enough for the first-level cache.
        let mut table = vec![0u32; (largest * 2).next_power_of_two().max(2)];
        let mut counts = Vec::with_capacity(Buckets::COUNT);
        for bucket in self.0.iter() {
            let size = (bucket.len() * 2).next_power_of_two().max(2);
            let mask = size - 1;
            let table = &mut table[..size];
            table.fill(0);
            let mut zero = false;
            let mut distinct = 0;
            for &v in bucket {
                if v == 0 {
                    zero = true;
                    continue;
                }
                // One exit for a value found and a slot filled, the count added without
                // a branch: about half the values are repeats, so a branch between the
                // two would be mispredicted on every other value. `k` is `v` or 0
                // exactly when `(k ^ v) * k` is 0 (two factors below 2^32, in 64 bits),
                // one test the compiler cannot split into two branches.
                let mut i = v as usize & mask;
                loop {
                    let k = table[i];
                    if u64::from(k ^ v) * u64::from(k) == 0 {
                        table[i] = v;
                        distinct += usize::from(k == 0);
                        break;
                    }
                    i = (i + 1) & mask;
                }
            }
            counts.push(distinct + usize::from(zero));
        }
        counts
    }
}

/// The inverse modulo 2^40 of the odd number `a` (Newton's iteration: each step
/// doubles the bits that are right, from the 3 of `a` itself).
const fn inverse40(a: u64) -> u64 {
    let mut inv = a;
    let mut i = 0;
    while i < 5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(inv)));
        i += 1;
    }
    inv & Buckets::MASK40
}

/// The set of squares whose [`end_key`] is `key` (the inverse of `end_key`): its size
/// by the offsets of [`SMALLER`], then its squares from the highest down, each the
/// highest whose binomial term still fits in what is left of the rank.
fn unkey(key: u64) -> SquareSet {
    let Some(k) = (1..SMALLER.len()).rev().find(|&k| SMALLER[k] <= key) else {
        return SquareSet::EMPTY;
    };
    let mut rest = key - SMALLER[k];
    let mut set = 0u64;
    for i in (1..=k.min(BINOMIAL.len() - 1)).rev() {
        let c = (0..64).rev().find(|&c| BINOMIAL[i][c] <= rest).unwrap_or(0);
        rest -= BINOMIAL[i][c];
        set |= 1 << c;
    }
    SquareSet(set)
}

/// The rank of the set of squares `set` (at most 10 of them) among all sets of as
/// many squares, in the combinatorial number system: below C(64, 10) < 2^38.
#[inline(always)]
fn rank(set: u64) -> u64 {
    let mut rank = 0;
    let mut rest = set;
    let mut k = 1;
    while rest != 0 {
        rank += BINOMIAL[k][rest.trailing_zeros() as usize];
        rest &= rest - 1;
        k += 1;
    }
    rank
}

/// The [`rank`] of the set of squares `set`, and which of its squares are in `moved`
/// (a subset of it) as bits by their place in `set`, from the lowest square up.
#[inline(always)]
fn rank_which(set: u64, moved: u64) -> (u64, u64) {
    let mut rank = 0;
    let mut which = 0;
    let mut rest = set;
    let mut k = 1;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rank += BINOMIAL[k][sq as usize];
        which |= (moved >> sq & 1) << (k - 1);
        rest &= rest - 1;
        k += 1;
    }
    (rank, which)
}

/// `SMALLER[k]`: the number of sets of fewer than `k` squares (the sum of 64 choose
/// `i` for `i` below `k`).
const SMALLER: [u64; 12] = {
    let mut t = [0u64; 12];
    let mut k = 1;
    while k < 12 {
        t[k] = t[k - 1] + BINOMIAL[k - 1][64];
        k += 1;
    }
    t
};

/// The key of an end whose mover's men are `men` (at most 10 of them) with rank
/// `rank` ([`rank`]`(men)`): their place among all sets of squares ordered by size,
/// then by rank, below 2^38. A rank alone is shared by sets of different sizes, and
/// an end after a Rule 7 take has one man more than the others.
#[inline]
fn end_key(men: SquareSet, rank: u64) -> u64 {
    rank + SMALLER[men.count() as usize]
}

/// `BINOMIAL[k][n]` = n choose k, for ranking sets of squares: by `k` first, so that
/// in the rank's unrolled loop each man's term is a fixed offset from his square's.
const BINOMIAL: [[u64; 65]; 11] = {
    let mut t = [[0u64; 65]; 11];
    let mut n = 0;
    while n < 65 {
        t[0][n] = 1;
        let mut k = 1;
        while k < 11 {
            t[k][n] = if n == 0 {
                0
            } else {
                t[k - 1][n - 1] + t[k][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The states of a turn already searched: for each (mover's men, men moved) the
/// fewest squares counted with which it was reached. A state reached again with as
/// many squares counted or more can lead nowhere new (the same men may still move,
/// with no more allowance), so it is not searched again.
///
/// A state's key is the mover's men by their rank among all sets of as many squares
/// (below C(64, 10) < 2^38) and which of them have moved (a bit each). The table is
/// kept small, so that it stays in the cache: the slot a key starts from is its low
/// bits mixed with a hash of the rest, so a slot holds only that rest, the distance
/// from the slot the key started from (linear probing, at most 31: the table grows
/// beyond) and the squares counted (1 to 7, so a used slot is never 0). With up to 24
/// bits of rest (most positions: 6 men's keys have 33 bits) a slot is 4 bytes, else 8.
struct Visited {
    slots: Slots,
    len: usize,
    /// The table has 2^`bits` slots.
    bits: u32,
    /// The bits of the largest key.
    key_bits: u32,
}

/// A table's slots: 4 bytes when the rest of every key fits, else 8.
enum Slots {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

/// A slot's word.
trait Slot: Copy {
    fn get(self) -> u64;
    fn set(x: u64) -> Self;
}

impl Slot for u32 {
    #[inline]
    fn get(self) -> u64 {
        u64::from(self)
    }
    #[inline]
    fn set(x: u64) -> u32 {
        x as u32
    }
}

impl Slot for u64 {
    #[inline]
    fn get(self) -> u64 {
        self
    }
    #[inline]
    fn set(x: u64) -> u64 {
        x
    }
}

/// What a probe of [`Visited`] found.
#[derive(PartialEq, Eq)]
enum Probe {
    /// The state was there with as many squares counted or fewer.
    Seen,
    /// The state was there with more squares counted, now replaced.
    Fewer,
    /// The state was not there, and is now.
    New,
    /// The state is not there, and every slot within reach of its start is taken.
    Full,
}

/// The most slots a key may be stored past its start.
const MAX_DISTANCE: u64 = 31;

/// Probes (and records) `key`, with `used` squares counted, in the table `slots` of
/// 2^`bits` slots.
#[inline(always)]
fn probe<W: Slot>(slots: &mut [W], bits: u32, key: u64, used: u8) -> Probe {
    let mask = (1u64 << bits) - 1;
    let rest = key >> bits;
    let mut i = ((key ^ mix(rest)) & mask) as usize;
    let tag = rest << 8;
    let used = u64::from(used);
    for d in 0..=MAX_DISTANCE {
        let Some(slot) = slots.get_mut(i) else {
            return Probe::Full;
        };
        let e = slot.get();
        if e == 0 {
            *slot = W::set(tag | d << 3 | used);
            return Probe::New;
        }
        if e & !7 == tag | d << 3 {
            if used < e & 7 {
                *slot = W::set(tag | d << 3 | used);
                return Probe::Fewer;
            }
            return Probe::Seen;
        }
        i = (i + 1) & mask as usize;
    }
    Probe::Full
}

impl Visited {
    /// A table for about `entries` states of `men` men, so that a large search does
    /// not start small and rehash (and fault in) every size on the way up.
    fn for_entries(entries: u64, men: u32) -> Visited {
        let slots = (entries.saturating_mul(8) / 5).max(1);
        let bits = (64 - (slots - 1).leading_zeros()).clamp(12, 18);
        let most = BINOMIAL[men.min(10) as usize][64] << men.min(10);
        Visited::with_bits(bits, 64 - (most - 1).leading_zeros())
    }

    #[allow(clippy::slow_vector_initialization, reason = "see the comment")]
    fn with_bits(bits: u32, key_bits: u32) -> Visited {
        // Zeroed by writing rather than by `vec![0; n]`: freshly mapped zero pages
        // would each take two page faults (a read maps the shared zero page, then the
        // first write copies it), and the probes read every slot before writing it.
        let slots = if key_bits <= bits + 24 {
            let mut slots = Vec::with_capacity(1 << bits);
            slots.resize(1 << bits, 0u32);
            Slots::Narrow(slots)
        } else {
            let mut slots = Vec::with_capacity(1 << bits);
            slots.resize(1 << bits, 0u64);
            Slots::Wide(slots)
        };
        Visited {
            slots,
            len: 0,
            bits,
            key_bits,
        }
    }

    /// Records the state; whether it is to be searched (new, or reached with fewer
    /// squares counted than before). `rank` and `which` are [`rank_which`] of the
    /// mover's men and the men moved, `men` their number; `used` is at least 1 and
    /// below 8.
    #[inline(always)]
    fn visit(&mut self, rank: u64, which: u64, men: u32, used: u8) -> bool {
        let key = rank << men | which;
        loop {
            let found = match &mut self.slots {
                Slots::Narrow(s) => probe(s, self.bits, key, used),
                Slots::Wide(s) => probe(s, self.bits, key, used),
            };
            match found {
                Probe::Seen => return false,
                Probe::Fewer => return true,
                Probe::New => {
                    self.len += 1;
                    if self.len * 8 > (5 << self.bits) {
                        self.grow();
                    }
                    return true;
                }
                Probe::Full => self.grow(),
            }
        }
    }

    /// Every key in the table, with its squares counted.
    fn entries<W: Slot>(slots: &[W], bits: u32) -> impl Iterator<Item = (u64, u8)> + '_ {
        let mask = (1u64 << bits) - 1;
        slots.iter().enumerate().filter_map(move |(i, e)| {
            let e = e.get();
            (e != 0).then(|| {
                let rest = e >> 8;
                let start = (i as u64).wrapping_sub(e >> 3 & MAX_DISTANCE) & mask;
                let key = rest << bits | ((start ^ mix(rest)) & mask);
                (key, (e & 7) as u8)
            })
        })
    }

    /// Doubles the table (again, until every entry has a slot within reach).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let mut bits = self.bits;
        'size: loop {
            bits += 1;
            let mut new = Visited::with_bits(bits, self.key_bits);
            let old: Vec<(u64, u8)> = match &self.slots {
                Slots::Narrow(s) => Visited::entries(s, self.bits).collect(),
                Slots::Wide(s) => Visited::entries(s, self.bits).collect(),
            };
            for (key, used) in old {
                let found = match &mut new.slots {
                    Slots::Narrow(s) => probe(s, bits, key, used),
                    Slots::Wide(s) => probe(s, bits, key, used),
                };
                if found == Probe::Full {
                    continue 'size;
                }
            }
            new.len = self.len;
            *self = new;
            return;
        }
    }
}

/// What the search reports for each end of a turn it reaches.
trait Sink {
    /// Whether the search may leave out last moves of a turn that reach an end also
    /// reached by another order of the same moves (see [`Search::commute`]): then
    /// ends are still all reported, but not always first by the first move sequence
    /// in the fixed order.
    const REDUCE: bool;

    /// Whether [`Sink::end`] reads its `path` (when not, the search does not keep it).
    const PATH: bool;

    /// A turn that ends with the mover's men on `mine` (whose [`rank`] is `rank`) and
    /// the opponent's on `other`. `path` is the moves that reach it; `take` the man
    /// taken, if any. The same end
    /// may be reported more than once; the first report comes first in the search's
    /// fixed order.
    fn end(
        &mut self,
        mine: SquareSet,
        rank: u64,
        other: SquareSet,
        path: &[ManMove],
        take: Option<Square>,
    );

    /// The squares a man's move may end on: a sink that wants only the ends whose
    /// mover's men are within a set (each man moves once, so every move ends on a
    /// square of its end) lets the search leave out every other move.
    #[inline]
    fn targets(&self) -> u64 {
        !0
    }

    /// Whether the sink has what it wants: the search then stops generating.
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// The move that led to a state, as [`Search::commute`] needs it: its man's square, its
/// two squares as a set, and its ways; and what [`Last::keep`] needs besides.
#[derive(Clone, Copy)]
struct Last {
    from: Square,
    to: Square,
    squares: u64,
    ways: u64,
    /// The mover's man outside the Rendezvous before this move, when he was the only
    /// one (else empty).
    lone: u64,
    /// The Rendezvous squares.
    rendezvous: u64,
    /// Whether slides are allowed and this move's squares touch the border.
    border: bool,
}

impl Last {
    /// The targets of the man on `from` (who may count at most `limit`) that
    /// [`Search::commute`] does not leave out after this move, so that the moves left
    /// out are never generated. For a man below this move's, a move commutes unless
    /// its target is on this move's ways or squares, or its ways touch this move's
    /// squares (its target at or beyond one of them, in line; or any border square
    /// when both its squares are on the border and slides are allowed), or it brings
    /// the last man outside in; every target is kept when the man stands on this
    /// move's ways or may count more than 3 (a lone man outside, D-5).
    #[inline]
    fn keep(&self, from: Square, limit: u8) -> u64 {
        let f = 1u64 << from.index();
        if from > self.from || limit > 3 || self.ways & f != 0 {
            return !0;
        }
        let mut keep = self.ways | self.squares | beyond(from, self.from) | beyond(from, self.to);
        if self.lone == f {
            keep |= self.rendezvous;
        }
        if self.border && from.is_border() {
            keep |= SquareSet::BORDER.0;
        }
        keep
    }
}

/// The squares `t` with `x` strictly between `from` and `t` (in line, beyond `x`).
#[inline]
fn beyond(from: Square, x: Square) -> u64 {
    let (dir, dist) = LINE[from.index() as usize][x.index() as usize];
    if dist == 0 {
        0
    } else {
        RAYS[x.index() as usize][dir as usize]
    }
}

struct Search<'a, S: Sink> {
    ctx: MoveContext,
    allowance: u8,
    visited: Visited,
    /// The mover's men.
    men: u32,
    /// Whether any man's move was found.
    any: bool,
    path: Vec<ManMove>,
    sink: &'a mut S,
}

impl<S: Sink> Search<'_, S> {
    fn all_in(&self, mine: SquareSet) -> bool {
        (mine - self.ctx.rendezvous).is_empty()
    }

    /// Every square whose man (or lack of one) can change whether, and how cheaply,
    /// the man's move `m` can be made: the squares on each way it can take, its target
    /// included.
    #[inline]
    fn ways(&self, m: &ManMove) -> u64 {
        let (f, t) = (m.from.index() as usize, m.to.index() as usize);
        let mut ways = BETWEEN[f][t] | 1 << t;
        if self.ctx.open && m.from.is_border() && m.to.is_border() {
            ways |= SquareSet::BORDER.0;
        }
        ways
    }

    /// Whether the move `b`, found after the move `a` (which led from the mover's men
    /// `before` to the present state), can be left out because playing `b` before `a`
    /// is legal too and leads to the same state with the same squares counted.
    ///
    /// It is so when neither move's ways touch the other's squares (so each is open,
    /// with the same cheapest count, in either order), both count at most 3 (so the
    /// limit of one man, Rule 3 and D-5, holds in either order), and `b` alone does
    /// not bring all the mover's men in (which would end the turn before `a`).
    /// Only a move of a man on a lower square than `a`'s is left out, so that the
    /// other order comes first in the search (see [`Search::walk`]).
    /// (`a` counts at most 3: a [`Last`] is made only for such a move.) The search
    /// itself uses [`Last::keep`]; debug builds check that the two agree.
    #[inline]
    fn commute(&self, before: SquareSet, a: &Last, b: &ManMove) -> bool {
        b.from < a.from
            && b.count <= 3
            && self.ways(b) & a.squares == 0
            && a.ways & (1 << b.from.index() | 1 << b.to.index()) == 0
            && !self.all_in(before.without(b.from).with(b.to))
    }

    /// A rough guess at the number of states the search will store: with `n` first
    /// moves that leave squares to count, at most `n` choose `k` sets of `k` moves,
    /// for `k` up to one less than the allowance. Most such sets are not playable
    /// (a man moves once, moves block one another, the allowance runs out), so the
    /// sum is divided by 64, which stays at or below the number of states stored on
    /// the benchmark positions (the reference: 2.68 M / 64 = 42 K against 62 K).
    fn estimate(&self, mine: SquareSet) -> u64 {
        let mut n = 0u64;
        self.ctx
            .generate(mine, SquareSet::EMPTY, self.allowance, |m| {
                n += u64::from(m.count < self.allowance);
            });
        let mut states = 1u64;
        let mut total = 0u64;
        for k in 1..u64::from(self.allowance) {
            states = states.saturating_mul(n.saturating_sub(k - 1)) / k;
            total = total.saturating_add(states);
        }
        total / 64
    }

    /// The takes due when all the mover's men are in.
    fn takes(&mut self, mine: SquareSet) {
        let outlying = self.ctx.other - self.ctx.rendezvous;
        if outlying.count() == 1 {
            let other = self.ctx.other - outlying;
            self.sink
                .end(mine, rank(mine.0), other, &self.path, outlying.first());
        } else {
            for sq in outlying {
                let mine = mine.with(sq);
                self.sink.end(
                    mine,
                    rank(mine.0),
                    self.ctx.other.without(sq),
                    &self.path,
                    Some(sq),
                );
            }
        }
    }

    /// Searches on from a state of the turn: every man's move, in the fixed order of
    /// [`MoveContext::generate`], depth first. `last` is the move that led here.
    ///
    /// With [`Sink::REDUCE`], a move that commutes with `last` (see
    /// [`Search::commute`]) is left out, and is not even generated ([`Last::keep`]).
    /// No end is lost, by induction over the move sequences in the order the search
    /// follows them (by the first move's man and target, then the second's, ...):
    /// take a legal sequence and its longest beginning the search reached. If that
    /// state was not searched because the table had it already, the search reached it
    /// earlier by another sequence of as many moves, with no more squares counted,
    /// and the same rest of the moves follows that one, to the same end, and comes
    /// first in the order. If the next move was left out, swapping it with `last`
    /// gives a legal sequence, with the same end, that also comes first (its man
    /// stands on a lower square than `last`'s). Otherwise the search follows the move.
    fn walk(&mut self, mine: SquareSet, moved: SquareSet, used: u8, last: Option<ManMove>) {
        let ctx = self.ctx;
        let remaining = self.allowance - used;
        // What `commute` needs of `last` (none when `last` counts more than 3: then
        // nothing commutes with it).
        let last_ = match last {
            Some(a) if S::REDUCE && a.count <= 3 => {
                let before = mine.without(a.to).with(a.from);
                let outside = before - ctx.rendezvous;
                let squares = 1 << a.from.index() | 1 << a.to.index();
                Some(Last {
                    from: a.from,
                    to: a.to,
                    squares,
                    ways: self.ways(&a),
                    // (Not `count() == 1`: this build's `count_ones` is a long
                    // sequence of instructions.)
                    lone: if outside.0 & outside.0.wrapping_sub(1) == 0 {
                        outside.0
                    } else {
                        0
                    },
                    rendezvous: ctx.rendezvous.0,
                    border: ctx.open && squares & SquareSet::BORDER.0 != 0,
                })
            }
            _ => None,
        };
        if cfg!(debug_assertions)
            && let (Some(a), Some(l)) = (&last_, last)
        {
            self.check_keep(mine, moved, remaining, l, a);
        }
        let targets = self.sink.targets();
        let keep = |from: Square, limit: u8| match &last_ {
            Some(a) => a.keep(from, limit) & targets,
            None => targets,
        };
        ctx.generate_masked(mine, moved, remaining, keep, |m| {
            self.any = true;
            if self.sink.done() {
                return;
            }
            let mine2 = mine.without(m.from).with(m.to);
            let used2 = used + m.count;
            let all_in = self.all_in(mine2);
            let more = used2 < self.allowance && !all_in;
            if all_in {
                if S::PATH {
                    self.path.push(m);
                }
                self.takes(mine2);
                if S::PATH {
                    self.path.pop();
                }
                return;
            }
            let moved2 = moved.without(m.from).with(m.to);
            // Both the table and the ends need the rank: it is worked out once.
            let (rank2, which2) = if more {
                rank_which(mine2.0, moved2.0)
            } else {
                (rank(mine2.0), 0)
            };
            if more && !self.visited.visit(rank2, which2, self.men, used2) {
                return;
            }
            if S::PATH {
                self.path.push(m);
            }
            self.sink
                .end(mine2, rank2, self.ctx.other, &self.path, None);
            if more {
                self.walk(mine2, moved2, used2, Some(m));
            }
            if S::PATH {
                self.path.pop();
            }
        });
    }

    /// Checks (in debug builds) that [`Last::keep`] leaves out exactly the moves that
    /// [`Search::commute`] allows to leave out, but for those of a man who may count
    /// more than 3, which it keeps.
    fn check_keep(&self, mine: SquareSet, moved: SquareSet, remaining: u8, l: ManMove, a: &Last) {
        let before = mine.without(l.to).with(l.from);
        let kept = std::cell::Cell::new((0u64, 0u8));
        let keep = |from: Square, limit: u8| {
            kept.set((a.keep(from, limit), limit));
            !0
        };
        self.ctx.generate_masked(mine, moved, remaining, keep, |m| {
            let (keep, limit) = kept.get();
            let left_out = keep & 1 << m.to.index() == 0;
            let commute = self.commute(before, a, &m);
            assert!(
                left_out == commute || (limit > 3 && keep == !0),
                "keep and commute disagree on {m} after {l}"
            );
        });
    }
}

/// Runs the search over the turn of the side to act in `pos`; returns whether any
/// end was reached (false means the side can only pass).
fn search<S: Sink>(pos: &Position, sink: &mut S) -> Result<bool, RuleViolation> {
    let turn = pos.begin_turn()?;
    let mover = pos.to_act();
    let rendezvous = turn.rendezvous().squares();
    let mut s = Search {
        ctx: MoveContext::new(rendezvous, turn.rendezvous().is_open(), pos.men(!mover)),
        allowance: turn.allowance(),
        visited: Visited::with_bits(0, 0),
        men: 0,
        any: false,
        path: Vec::new(),
        sink,
    };
    let mine = pos.men(mover);
    if s.all_in(mine) {
        s.takes(mine);
        return Ok(true);
    }
    s.men = mine.count();
    s.visited = Visited::for_entries(s.estimate(mine), s.men);
    s.walk(mine, SquareSet::EMPTY, 0, None);
    Ok(s.any)
}

fn placement(mover: Side, mine: SquareSet, other: SquareSet) -> (u64, u64) {
    match mover {
        Side::Black => (mine.0, other.0),
        Side::Yellow => (other.0, mine.0),
    }
}

/// Counts distinct ends by the mover's men alone: the opponent's men follow from them
/// (unchanged without a take; with a Rule 7 take the replaced man's square is added to
/// the mover's men; a Rule 8 take happens only with all the mover's men in, which no
/// other end has), so two ends differ exactly when the mover's men do.
/// The ends are pushed by their [`end_key`]; `smaller` is `SMALLER[k]` for the `k` men
/// the mover has, the offset of every end without a take (worked out once: this
/// build's `count_ones` is not one instruction).
struct Counter {
    ends: Buckets,
    smaller: u64,
}

impl Sink for Counter {
    const REDUCE: bool = true;
    const PATH: bool = false;
    #[inline]
    fn end(
        &mut self,
        mine: SquareSet,
        rank: u64,
        _: SquareSet,
        _: &[ManMove],
        take: Option<Square>,
    ) {
        let key = match take {
            None => rank + self.smaller,
            Some(_) => end_key(mine, rank),
        };
        debug_assert_eq!(key, end_key(mine, rank));
        self.ends.push(key);
    }
}

impl Counter {
    /// An empty counter for the turn of the side to act in `pos`.
    fn new(pos: &Position) -> Counter {
        Counter {
            ends: Buckets::new(),
            smaller: SMALLER[pos.men(pos.to_act()).count() as usize],
        }
    }
}

/// Counts distinct ends as [`Counter`] does, in half its memory and without hashing,
/// for a mover with few enough men that the rank of his men's squares has at most
/// [`Ranks::MOST_BITS`] bits (six men or fewer): an end without a take goes by its
/// rank into one of 256 to 2,048 buckets by the bits above the lowest 16, the bucket
/// keeping those 16 bits, and a bucket is counted with a bitmap of its 2^16 values
/// (8 KiB, in the first-level cache; no probe, so no branch on the values). Ends found
/// one after the other are often near in rank, so they go to few buckets at a time.
/// Buckets are chains of small chunks taken from one pool, so that no bucket is ever
/// copied to grow. The ends after a take (the one end with a man more, or all the
/// mover's men in, which no other end has) are kept apart by their [`end_key`]. It
/// only counts: [`outcome_by_index`] draws from [`Counter`]'s fixed order.
struct Ranks {
    /// The bits of the largest rank (at least 24).
    bits: u32,
    /// Each bucket's chunk being filled (`u32::MAX`: none yet) and how many of its
    /// values are set.
    heads: Vec<(u32, u32)>,
    /// The chunks of every bucket.
    chunks: Vec<[u16; Ranks::CHUNK]>,
    /// Each chunk's predecessor in its bucket (`u32::MAX`: none).
    previous: Vec<u32>,
    /// The [`end_key`]s of the ends after a take.
    takes: Vec<u64>,
}

impl Ranks {
    const CHUNK: usize = 64;
    const MOST_BITS: u32 = 27;

    /// Counts for a mover with `men` men, if their ranks are narrow enough.
    fn for_men(men: u32) -> Option<Ranks> {
        let ranks = *BINOMIAL.get(men as usize)?.get(64)?;
        let bits = (64 - ranks.saturating_sub(1).leading_zeros()).max(24);
        (bits <= Ranks::MOST_BITS).then(|| Ranks {
            bits,
            heads: vec![(u32::MAX, Ranks::CHUNK as u32); 1 << (bits - 16)],
            chunks: Vec::new(),
            previous: Vec::new(),
            takes: Vec::new(),
        })
    }

    /// Adds the rank of an end without a take.
    #[inline]
    fn push(&mut self, rank: u64) {
        debug_assert!(rank >> self.bits == 0);
        // (Always there: the rank is below 2^`bits`.)
        let Some(head) = self.heads.get_mut((rank >> 16) as usize) else {
            return;
        };
        if head.1 as usize == Ranks::CHUNK {
            self.previous.push(head.0);
            *head = (self.chunks.len() as u32, 0);
            self.chunks.push([0; Ranks::CHUNK]);
        }
        if let Some(chunk) = self.chunks.get_mut(head.0 as usize) {
            chunk[head.1 as usize % Ranks::CHUNK] = rank as u16;
        }
        head.1 += 1;
    }

    /// The number of distinct ends pushed.
    fn count_distinct(&mut self) -> usize {
        self.takes.sort_unstable();
        self.takes.dedup();
        let mut distinct = self.takes.len();
        // A bit for each of a bucket's 2^16 values: set, counted when new, and cleared
        // again for the next bucket (only the words set), with no branch on the
        // values.
        let mut seen = vec![0u64; 1 << 10];
        for &(last, fill) in &self.heads {
            // The bucket's chunks, from the one being filled back to its first (none
            // when `last` is `u32::MAX`).
            let mut n = 0usize;
            let (mut chunk, mut used) = (last, fill as usize);
            while let Some(values) = self.chunks.get(chunk as usize) {
                for &v in &values[..used.min(Ranks::CHUNK)] {
                    let word = &mut seen[usize::from(v >> 6)];
                    let bit = 1u64 << (v & 63);
                    n += usize::from(*word & bit == 0);
                    *word |= bit;
                }
                chunk = self
                    .previous
                    .get(chunk as usize)
                    .copied()
                    .unwrap_or(u32::MAX);
                used = Ranks::CHUNK;
            }
            distinct += n;
            let (mut chunk, mut used) = (last, fill as usize);
            while let Some(values) = self.chunks.get(chunk as usize) {
                for &v in &values[..used.min(Ranks::CHUNK)] {
                    seen[usize::from(v >> 6)] = 0;
                }
                chunk = self
                    .previous
                    .get(chunk as usize)
                    .copied()
                    .unwrap_or(u32::MAX);
                used = Ranks::CHUNK;
            }
        }
        distinct
    }
}

impl Sink for Ranks {
    const REDUCE: bool = true;
    const PATH: bool = false;
    #[inline]
    fn end(
        &mut self,
        mine: SquareSet,
        rank: u64,
        _: SquareSet,
        _: &[ManMove],
        take: Option<Square>,
    ) {
        match take {
            None => self.push(rank),
            Some(_) => self.takes.push(end_key(mine, rank)),
        }
    }
}

/// A turn's man's moves as the action writes them (from, to), and its take.
type Moves = (Vec<(Square, Square)>, Option<Square>);

/// Each end's man's moves are kept as the action writes them (from, to), so that the
/// outcome takes the list as it is.
struct Collector(FastMap<(u64, u64), Moves>, Side);

impl Sink for Collector {
    const REDUCE: bool = false;
    const PATH: bool = true;
    fn end(
        &mut self,
        mine: SquareSet,
        _: u64,
        other: SquareSet,
        path: &[ManMove],
        take: Option<Square>,
    ) {
        self.0
            .entry(placement(self.1, mine, other))
            .or_insert_with(|| (path.iter().map(|m| (m.from, m.to)).collect(), take));
    }
}

/// The number of distinct outcomes of the next action of the side to act (see the
/// module documentation); 0 when the game is over.
pub fn count_outcomes(pos: &Position) -> usize {
    if pos.winner().is_some() {
        return 0;
    }
    if pos.phase() == Phase::Set {
        return usize::try_from(super::search::setup_count(pos)).unwrap_or(usize::MAX);
    }
    if !counts_fast(pos.rules()) {
        return super::search::count_by_walk(pos);
    }
    if pos.phase() == Phase::Mark {
        return pos.mark_options().len();
    }
    if let Some(mut r) = Ranks::for_men(pos.men(pos.to_act()).count()) {
        return match search(pos, &mut r) {
            Ok(true) => r.count_distinct(),
            Ok(false) => 1,
            Err(_) => 0,
        };
    }
    let mut c = Counter::new(pos);
    match search(pos, &mut c) {
        Ok(true) => c.ends.count_distinct(),
        Ok(false) => 1,
        Err(_) => 0,
    }
}

/// A turn's end as the search reports it: the placement (Black's men, Yellow's), the
/// moves that reach it and the man taken.
type Found = ((u64, u64), Vec<ManMove>, Option<Square>);

/// Looks for the end whose [`end_key`] is `key` and keeps the first path that
/// reaches it (the search's fixed order, as [`Collector`] keeps). `within` is that
/// end's squares of the mover: only moves onto them are searched. That leaves the
/// first path unchanged: every state on a path to the end has its moved men on those
/// squares, so only such paths reached it first in the whole search too.
struct Finder {
    mover: Side,
    key: u64,
    within: u64,
    found: Option<Found>,
}

impl Finder {
    /// A finder for the end whose [`end_key`] is `key`.
    fn new(mover: Side, key: u64) -> Finder {
        Finder {
            mover,
            key,
            within: unkey(key).0,
            found: None,
        }
    }
}

impl Sink for Finder {
    const REDUCE: bool = false;
    const PATH: bool = true;
    fn end(
        &mut self,
        mine: SquareSet,
        rank: u64,
        other: SquareSet,
        path: &[ManMove],
        take: Option<Square>,
    ) {
        if self.found.is_none() && end_key(mine, rank) == self.key {
            self.found = Some((placement(self.mover, mine, other), path.to_vec(), take));
        }
    }

    fn targets(&self) -> u64 {
        self.within
    }

    fn done(&self) -> bool {
        self.found.is_some()
    }
}

/// One outcome of the next action of the side to act, picked by index without
/// listing them all: `pick` is given the number of distinct outcomes, `n`, and
/// returns the index wanted, below `n` (or `None`: no outcome is wanted, and none is
/// returned). The order is fixed (the same position, the same outcome for an index),
/// so a uniform `pick` draws a uniform outcome. In a 1893 turn this costs the fast
/// count and one small search (of the moves onto the drawn end's squares alone), a
/// fraction of [`outcomes_unordered`]; elsewhere it walks the outcomes once. `None`
/// also when the game is over.
pub fn outcome_by_index(
    pos: &Position,
    pick: impl FnOnce(usize) -> Option<usize>,
) -> Option<Outcome> {
    if pos.winner().is_some() {
        return None;
    }
    if !counts_fast(pos.rules()) || matches!(pos.phase(), Phase::Set | Phase::Mark) {
        let mut all = outcomes_unordered(pos);
        let i = pick(all.len()).filter(|&i| i < all.len())?;
        return Some(all.swap_remove(i));
    }
    let mover = pos.to_act();
    let mut c = Counter::new(pos);
    match search(pos, &mut c) {
        Ok(true) => {}
        Ok(false) => {
            pick(1).filter(|&i| i == 0)?;
            return pos.pass().ok().map(|position| Outcome {
                action: Action::Pass,
                position,
            });
        }
        Err(_) => return None,
    }
    let counts = c.ends.distinct_by_bucket();
    let n = counts.iter().sum();
    let i = pick(n).filter(|&i| i < n)?;
    let mut f = Finder::new(mover, c.ends.nth(&counts, i)?);
    drop(c);
    search(pos, &mut f).ok()?;
    let ((black, yellow), moves, take) = f.found?;
    let moves = moves.iter().map(|m| (m.from, m.to)).collect();
    Some(turn_outcome(pos, black, yellow, moves, take))
}

/// The outcome of a turn that leaves Black on `black` and Yellow on `yellow`, reached
/// by `moves` with `take`: the search reached the placement legally, and only a Rule 8
/// take (the one end with a man fewer) finishes the Rendezvous.
fn turn_outcome(
    pos: &Position,
    black: u64,
    yellow: u64,
    moves: Vec<(Square, Square)>,
    take: Option<Square>,
) -> Outcome {
    let men = BySide::new(SquareSet(black), SquareSet(yellow));
    let position = if (black | yellow).count_ones() < u32::from(pos.total()) {
        pos.after_rendezvous(men)
    } else {
        pos.after_turn(men, true)
    };
    Outcome {
        action: Action::Turn {
            moves,
            take,
            wanderers: Vec::new(),
            radiate: None,
        },
        position,
    }
}

/// Every distinct outcome of the next action of the side to act, ordered by the
/// canonical action's text; empty when the game is over.
pub fn outcomes(pos: &Position) -> Vec<Outcome> {
    let mut out = outcomes_unordered(pos);
    out.sort_by_cached_key(|o| (o.action.to_string(), o.position.to_string()));
    out
}

/// Whether the fast counter and its lists serve games played by `rules`: its pruning
/// is proved for Rule 3's limit of 3 squares a man (1893, D-5), so the editions
/// without that limit are walked by the visitor (`search::visit_outcomes`).
pub fn counts_fast(rules: super::rules::Rules) -> bool {
    rules.limits_each_man()
}

/// The outcomes of [`outcomes`] in the search's own fixed order (the same for the same
/// position on every run), without the cost of sorting them by text: what a player
/// that looks at every outcome needs.
pub fn outcomes_unordered(pos: &Position) -> Vec<Outcome> {
    if pos.winner().is_some() {
        return Vec::new();
    }
    if !counts_fast(pos.rules()) || pos.phase() == Phase::Set {
        let mut out = Vec::new();
        let _ = super::search::visit_outcomes(pos, |action, position| {
            out.push(Outcome {
                action: action.to_action(),
                position: *position,
            });
            std::ops::ControlFlow::Continue(())
        });
        return out;
    }
    if pos.phase() == Phase::Mark {
        return pos
            .mark_outcomes()
            .into_iter()
            .map(|(r, position)| Outcome {
                action: Action::from(&r),
                position,
            })
            .collect();
    }
    let mover = pos.to_act();
    let mut c = Collector(FastMap::default(), mover);
    match search(pos, &mut c) {
        Ok(true) => {}
        Ok(false) => {
            return pos
                .pass()
                .map(|position| Outcome {
                    action: Action::Pass,
                    position,
                })
                .into_iter()
                .collect();
        }
        Err(_) => return Vec::new(),
    }
    let out: Vec<Outcome> =
        c.0.into_iter()
            .map(|((black, yellow), (moves, take))| turn_outcome(pos, black, yellow, moves, take))
            .collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_visited_table_keeps_the_fewest_squares_of_each_state_as_it_grows() {
        // For 1, 6 and 9 men (4-byte slots, and 8-byte ones for 9: 44-bit keys; 6 men's
        // start in 8-byte ones too, the table too small for 4), from a table of two slots, states drawn from a few thousand, each reached several
        // times with squares counted at random: the table answers as a map would.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for men in [1u32, 6, 9] {
            let ranks = BINOMIAL[men as usize][64];
            let most = ranks << men;
            let mut table = Visited::with_bits(1, 64 - (most - 1).leading_zeros());
            let states: Vec<(u64, u64)> = (0..3000)
                .map(|_| (next() % ranks, next() & ((1 << men) - 1)))
                .collect();
            let mut model = std::collections::HashMap::new();
            for _ in 0..20_000 {
                let (rank, which) = states[(next() % states.len() as u64) as usize];
                let used = (next() % 7 + 1) as u8;
                let fewest = model.entry((rank, which)).or_insert(u8::MAX);
                let expected = used < *fewest;
                *fewest = (*fewest).min(used);
                assert_eq!(table.visit(rank, which, men, used), expected, "{men} men");
            }
            assert_eq!(table.len, model.len());
            // Grown to 2^13 slots: 4-byte slots but for the 9 men's keys.
            let narrow = matches!(table.slots, Slots::Narrow(_));
            assert_eq!(narrow, men < 9, "{men} men");
        }
    }

    #[test]
    fn the_rank_counter_counts_each_distinct_end_once() {
        // Ranks of 1 to 6 men with many repeats, some crowded into a few buckets (more
        // than a chunk each), and takes, some repeated: the count is the number of
        // distinct ranks and take keys, as a set has it.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for men in 1..=6u32 {
            let ranks = BINOMIAL[men as usize][64];
            let mut counter = Ranks::for_men(men).expect("at most 27 bits");
            let mut model = std::collections::HashSet::new();
            for i in 0..30_000u64 {
                let rank = match i % 3 {
                    0 => next() % ranks,
                    1 => next() % 5_000,
                    _ => next() % 300 + ranks / 2,
                };
                let rank = rank.min(ranks - 1);
                if i % 97 == 0 {
                    let key = next() % 50 + SMALLER[men as usize + 1];
                    counter.takes.push(key);
                    model.insert((true, key));
                } else {
                    counter.push(rank);
                    model.insert((false, rank));
                }
            }
            assert_eq!(counter.count_distinct(), model.len(), "{men} men");
        }
        assert!(Ranks::for_men(7).is_none());
    }

    #[test]
    fn end_keys_are_distinct_across_sizes() {
        // Ranks alone repeat between sizes: {b1} and {a1, c1}.
        assert_eq!(rank(0b10), rank(0b101));
        let mut keys = crate::engine::table::FastSet::default();
        let mut sets = 0;
        for set in 0u64..1 << 14 {
            if set.count_ones() <= 10 {
                sets += 1;
                let men = SquareSet(set.rotate_left(25));
                assert!(keys.insert(end_key(men, rank(men.0))), "{men}");
            }
        }
        assert_eq!(keys.len(), sets);
        let largest = SquareSet(0xffc0_0000_0000_0000);
        assert!(end_key(largest, rank(largest.0)) < 1 << 38);
    }

    #[test]
    fn a_key_gives_back_its_squares_through_the_mix() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for size in 0..=10 {
            for _ in 0..500 {
                // A random set of `size` squares.
                let mut set = 0u64;
                while set.count_ones() < size {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    set |= 1 << (x % 64);
                }
                let men = SquareSet(set);
                let key = end_key(men, rank(set));
                let mixed = Buckets::mix40(key);
                assert_eq!(Buckets::unmix40(mixed), key, "{men}");
                assert_eq!(unkey(key), men, "{men}");
            }
        }
        let largest = SquareSet(0xffc0_0000_0000_0000);
        assert_eq!(unkey(end_key(largest, rank(largest.0))), largest);
    }
}
