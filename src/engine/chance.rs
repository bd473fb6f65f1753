//! Chance in the game: the seeded pseudo-random generator that self-play, the die and
//! the player draw from (one generator, so the same seed gives the same game wherever
//! it is used), and [`throw_die`], the one throw of the 1879 die that the player, the
//! REPL and self-play all call. Uses only `std`.

use super::editions::{DieRule, die_square};
use super::square::Square;

/// A small, fast pseudo-random generator (splitmix64): the same seed always gives the
/// same numbers.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// True with the given chance in percent.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// An index into `weights`, each chosen in proportion to its weight (not all zero).
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| w as u64).sum();
        let mut pick = self.next_u64() % total.max(1);
        for (i, &w) in weights.iter().enumerate() {
            if pick < w as u64 {
                return i;
            }
            pick -= w as u64;
        }
        weights.len() - 1
    }
}

/// Throws the die for a Mark (1879 Rule 3): two throws of a six-sided die from `rng`
/// (more when `die` neglects some), read as a row and a column by `die`. The one
/// throw of the die: the player, the REPL (`:roll`) and self-play all call it, so the
/// same generator gives the same Mark everywhere.
pub fn throw_die(die: DieRule, rng: &mut Rng) -> Square {
    die_square(die, || 1 + rng.below(6) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The throws for seed 14 are those the three callers drew before they shared
    /// this function (`die_square(die, || 1 + rng.below(6) as u8)`), so games replay
    /// the same.
    #[test]
    fn throw_die_keeps_the_draws_of_a_seed() {
        for die in [DieRule::Plain, DieRule::CarrollNb] {
            let mut old = Rng::new(14);
            let mut new = Rng::new(14);
            for _ in 0..64 {
                let before = die_square(die, || 1 + old.below(6) as u8);
                assert_eq!(throw_die(die, &mut new), before);
            }
            assert_eq!(old.next_u64(), new.next_u64());
        }
        let mut rng = Rng::new(14);
        let squares: Vec<String> = (0..8)
            .map(|_| throw_die(DieRule::Plain, &mut rng).to_string())
            .collect();
        assert_eq!(squares.join(" "), "e3 e6 c6 f4 e3 c4 c6 d6");
    }
}
