//! Sets of squares as 64-bit boards: one bit per square, bit `i` for the square with
//! index `i` (`a1` = bit 0, `h8` = bit 63).
//!
//! ```text
//!   BORDER            FIELD
//! 8 x x x x x x x x   . . . . . . . .
//! 7 x . . . . . . x   . x x x x x x .
//! 6 x . . . . . . x   . x x x x x x .
//! 5 x . . . . . . x   . x x x x x x .
//! 4 x . . . . . . x   . x x x x x x .
//! 3 x . . . . . . x   . x x x x x x .
//! 2 x . . . . . . x   . x x x x x x .
//! 1 x x x x x x x x   . . . . . . . .
//!   a b c d e f g h   a b c d e f g h
//! ```

use super::side::{BySide, Side};
use super::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// Calls `f` with every choice of `k` squares of the set, each in square order
    /// (the setter's choices of men in an interchange, for instance).
    pub fn each_subset(self, k: usize, mut f: impl FnMut(&[Square])) {
        fn go(
            items: &[Square],
            k: usize,
            start: usize,
            chosen: &mut Vec<Square>,
            f: &mut impl FnMut(&[Square]),
        ) {
            if chosen.len() == k {
                f(chosen);
                return;
            }
            for i in start..items.len() {
                chosen.push(items[i]);
                go(items, k, i + 1, chosen, f);
                chosen.pop();
            }
        }
        let items: Vec<Square> = self.iter().collect();
        go(&items, k, 0, &mut Vec::with_capacity(k), &mut f);
    }

    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 64 squares.
    pub const FULL: SquareSet = SquareSet(!0);
    /// The 28 border squares: files `a`, `h` and ranks 1, 8.
    pub const BORDER: SquareSet = SquareSet(0xff81_8181_8181_81ff);
    /// The 36 field squares: everything not on the border.
    pub const FIELD: SquareSet = SquareSet(!0xff81_8181_8181_81ff);

    /// The set holding only `sq`.
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1 << sq.index())
    }

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// The set with `sq` added.
    pub const fn with(self, sq: Square) -> SquareSet {
        SquareSet(self.0 | (1 << sq.index()))
    }

    /// The set with `sq` taken out.
    pub const fn without(self, sq: Square) -> SquareSet {
        SquareSet(self.0 & !(1 << sq.index()))
    }

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// How many squares the set holds.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every square of `self` is in `other`.
    pub const fn is_subset(self, other: SquareSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest square of the set (`a1` first), if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The squares in ascending order (`a1`, `b1`, … `h8`).
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

impl BySide<SquareSet> {
    /// Whose man stands on `sq`, if anyone's.
    pub const fn owner(&self, sq: Square) -> Option<Side> {
        if self.of(Side::Black).contains(sq) {
            Some(Side::Black)
        } else if self.of(Side::Yellow).contains(sq) {
            Some(Side::Yellow)
        } else {
            None
        }
    }
}

/// Iterator over the squares of a [`SquareSet`], in ascending order.
#[derive(Clone, Debug)]
pub struct SquareSetIter(u64);

impl Iterator for SquareSetIter {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Square::from_index(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl BitXor for SquareSet {
    type Output = SquareSet;
    fn bitxor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 ^ rhs.0)
    }
}

impl Sub for SquareSet {
    type Output = SquareSet;
    fn sub(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & !rhs.0)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

impl BitAndAssign for SquareSet {
    fn bitand_assign(&mut self, rhs: SquareSet) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for SquareSet {
    /// The squares in ascending order, separated by spaces: `a1 c5 h8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn border_and_field_partition_the_board() {
        assert_eq!(SquareSet::BORDER.count(), 28);
        assert_eq!(SquareSet::FIELD.count(), 36);
        for sq in Square::ALL {
            assert_eq!(SquareSet::BORDER.contains(sq), sq.is_border(), "{sq}");
            assert_ne!(
                SquareSet::BORDER.contains(sq),
                SquareSet::FIELD.contains(sq)
            );
        }
    }

    #[test]
    fn set_operations() {
        let a: SquareSet = ["a1", "c5", "h8"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(a.count(), 3);
        assert_eq!(a.to_string(), "a1 c5 h8");
        assert_eq!((a & SquareSet::BORDER).to_string(), "a1 h8");
        assert_eq!((a - SquareSet::BORDER).to_string(), "c5");
    }
}
