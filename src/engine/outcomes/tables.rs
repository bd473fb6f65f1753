//! The tables `turns` counts with: the visited states of a turn's search, in slots of
//! four or eight bytes ([`Visited`]), the ends' ranks among the placements of the
//! mover's men ([`rank`], [`end_key`]), and the distinct values gathered in buckets
//! ([`Buckets`]).

use super::{Square, SquareSet, mix};

/// Distinct values below 2^40 gathered for counting: each value is spread over its
/// 40 bits by a bijection ([`Buckets::mix40`]) and goes straight into one of 256
/// buckets by the top 8 of them, the bucket keeping only the low 32 bits (a value is
/// its bucket and those bits, so nothing is lost, and the values take half the memory
/// of whole words). Each bucket is then counted with a small open-addressing table
/// that stays in the cache (one large table would miss the cache on every probe), and
/// no second copy of the values is needed to sort them into buckets.
pub(super) struct Buckets(Box<[Vec<u32>; Buckets::COUNT]>);

impl Buckets {
    pub(super) const BITS: u32 = 8;
    pub(super) const COUNT: usize = 1 << Buckets::BITS;
    const MASK40: u64 = (1 << 40) - 1;

    pub(super) fn new() -> Buckets {
        Buckets(Box::new(std::array::from_fn(|_| Vec::new())))
    }

    /// A bijection of the values below 2^40 that spreads every bit over all 40
    /// (odd multipliers and right xorshifts by half the width, modulo 2^40).
    #[inline]
    pub(super) fn mix40(mut x: u64) -> u64 {
        x ^= x >> 20;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd) & Buckets::MASK40;
        x ^= x >> 20;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53) & Buckets::MASK40;
        x ^ (x >> 20)
    }

    /// The inverse of [`Buckets::mix40`]: the value whose mixed form is `x`. (A right
    /// xorshift by half the width undoes itself; the multipliers' inverses modulo
    /// 2^40 undo them.)
    pub(super) fn unmix40(mut x: u64) -> u64 {
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
    pub(super) fn push(&mut self, v: u64) {
        debug_assert!(v <= Buckets::MASK40);
        let x = Buckets::mix40(v);
        // The top 8 of the 40 bits: the index needs no bounds check.
        self.0[(x >> 32) as u8 as usize].push(x as u32);
    }

    /// The `index`-th distinct value in a fixed order (by its mixed form: bucket by
    /// bucket, each ascending), with the distinct count of each bucket from
    /// [`Buckets::distinct_by_bucket`]: only the bucket that holds it is sorted.
    pub(super) fn nth(&mut self, counts: &[usize], mut index: usize) -> Option<u64> {
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
    pub(super) fn count_distinct(&self) -> usize {
        self.distinct_by_bucket().iter().sum()
    }

    /// The number of distinct values in each bucket.
    pub(super) fn distinct_by_bucket(&self) -> Vec<usize> {
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
pub(super) const fn inverse40(a: u64) -> u64 {
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
pub(super) fn unkey(key: u64) -> SquareSet {
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
pub(super) fn rank(set: u64) -> u64 {
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

/// Calls `each(to, rank)` with the [`rank`] of `mine` with its man on `from` moved to
/// `to`, for each square `to` of `targets` (none of them in `mine`), from `rank`, the
/// rank of `mine`, and `place`, the number of its squares below `from`, without
/// ranking each set anew: only the terms of `from`, `to` and the men between them
/// change (those men each move one place, down when `to` is above `from`, up when it
/// is below). The targets above `from` are taken going up and those below going down,
/// so that the men passed are added to the change once each.
#[inline(always)]
pub(super) fn ranks_moved(
    rank: u64,
    mine: u64,
    from: Square,
    place: usize,
    targets: u64,
    mut each: impl FnMut(Square, u64),
) {
    let f = from.index() as usize;
    let base = rank.wrapping_sub(BINOMIAL[place + 1][f]);
    let above = !0u64 << f << 1;
    // Going up: each man passed moves one place down.
    let (mut change, mut k, mut men) = (base, place + 1, mine & above);
    let mut up = targets & above;
    while up != 0 {
        let to = up.trailing_zeros() as usize;
        while men != 0 && (men.trailing_zeros() as usize) < to {
            let sq = men.trailing_zeros() as usize;
            change = change
                .wrapping_add(BINOMIAL[k][sq])
                .wrapping_sub(BINOMIAL[k + 1][sq]);
            men &= men - 1;
            k += 1;
        }
        each(Square::ALL[to], change.wrapping_add(BINOMIAL[k][to]));
        up &= up - 1;
    }
    // Going down: each man passed moves one place up.
    let below = (1u64 << f) - 1;
    let (mut change, mut k, mut men) = (base, place + 1, mine & below);
    let mut down = targets & below;
    while down != 0 {
        let to = 63 - down.leading_zeros() as usize;
        while men != 0 && 63 - (men.leading_zeros() as usize) > to {
            let sq = 63 - men.leading_zeros() as usize;
            change = change
                .wrapping_add(BINOMIAL[k][sq])
                .wrapping_sub(BINOMIAL[k - 1][sq]);
            men &= !(1 << sq);
            k -= 1;
        }
        each(Square::ALL[to], change.wrapping_add(BINOMIAL[k][to]));
        down &= !(1 << to);
    }
}

/// The [`rank`] of the set of squares `set`, and which of its squares are in `moved`
/// (a subset of it) as bits by their place in `set`, from the lowest square up.
#[inline(always)]
pub(super) fn rank_which(set: u64, moved: u64) -> (u64, u64) {
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
pub(super) const SMALLER: [u64; 12] = {
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
pub(super) fn end_key(men: SquareSet, rank: u64) -> u64 {
    rank + SMALLER[men.count() as usize]
}

/// `BINOMIAL[k][n]` = n choose k, for ranking sets of squares: by `k` first, so that
/// in the rank's unrolled loop each man's term is a fixed offset from his square's.
pub(super) const BINOMIAL: [[u64; 65]; 11] = {
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
pub(super) struct Visited {
    slots: Slots,
    len: usize,
    /// The table has 2^`bits` slots.
    bits: u32,
    /// The bits of the largest key.
    key_bits: u32,
}

/// A table's slots: 4 bytes when the rest of every key fits, else 8.
pub(super) enum Slots {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

/// A slot's word.
pub(super) trait Slot: Copy {
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
pub(super) enum Probe {
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
pub(super) const MAX_DISTANCE: u64 = 31;

/// Probes (and records) `key`, with `used` squares counted, in the table `slots` of
/// 2^`bits` slots.
#[inline(always)]
pub(super) fn probe<W: Slot>(slots: &mut [W], bits: u32, key: u64, used: u8) -> Probe {
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
    pub(super) fn for_entries(entries: u64, men: u32) -> Visited {
        let slots = (entries.saturating_mul(8) / 5).max(1);
        let bits = (64 - (slots - 1).leading_zeros()).clamp(12, 18);
        let most = BINOMIAL[men.min(10) as usize][64] << men.min(10);
        Visited::with_bits(bits, 64 - (most - 1).leading_zeros())
    }

    #[allow(clippy::slow_vector_initialization, reason = "see the comment")]
    pub(super) fn with_bits(bits: u32, key_bits: u32) -> Visited {
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
    pub(super) fn visit(&mut self, rank: u64, which: u64, men: u32, used: u8) -> bool {
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
    pub(super) fn entries<W: Slot>(slots: &[W], bits: u32) -> impl Iterator<Item = (u64, u8)> + '_ {
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
    pub(super) fn grow(&mut self) {
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
