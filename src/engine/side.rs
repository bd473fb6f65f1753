//! The two players, Black and Yellow, and a container holding one value per side.
//!
//! Carroll's second edition calls Yellow "White": `W` is accepted as Yellow on input,
//! and `Y` is always written.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// A player, and the colour of his men.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// Black, who sits at rank 8 and sets the first Mark unless a record says otherwise.
    Black,
    /// Yellow ("White" in the second edition), who sits at rank 1.
    Yellow,
}

impl Side {
    /// Both sides, Black first.
    pub const BOTH: [Side; 2] = [Side::Black, Side::Yellow];

    /// The letter written for this side: `B` or `Y`.
    pub const fn letter(self) -> char {
        match self {
            Side::Black => 'B',
            Side::Yellow => 'Y',
        }
    }

    /// The side's name in words: `Black` or `Yellow`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::Yellow => "Yellow",
        }
    }

    /// The side for a letter: `B`, `Y`, or `W` (the second edition's White) for Yellow.
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'B' => Some(Side::Black),
            'Y' | 'W' => Some(Side::Yellow),
            _ => None,
        }
    }

    const fn idx(self) -> usize {
        match self {
            Side::Black => 0,
            Side::Yellow => 1,
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        match self {
            Side::Black => Side::Yellow,
            Side::Yellow => Side::Black,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSideError;

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a side: `B`, `Y` (or `W` for Yellow)")
    }
}

impl std::error::Error for ParseSideError {}

impl FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Side::from_letter(c).ok_or(ParseSideError),
            _ => Err(ParseSideError),
        }
    }
}

/// One value for each side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySide<T> {
    values: [T; 2],
}

impl<T> BySide<T> {
    /// A container with Black's and Yellow's values.
    pub const fn new(black: T, yellow: T) -> BySide<T> {
        BySide {
            values: [black, yellow],
        }
    }

    /// The value for `side`.
    pub const fn get(&self, side: Side) -> &T {
        &self.values[side.idx()]
    }

    /// The value for `side`, to change it.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        &mut self.values[side.idx()]
    }
}

impl<T: Copy> BySide<T> {
    /// A copy of the value for `side`.
    pub const fn of(&self, side: Side) -> T {
        self.values[side.idx()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters() {
        assert_eq!("W".parse(), Ok(Side::Yellow));
        assert_eq!("Y".parse(), Ok(Side::Yellow));
        assert_eq!("B".parse(), Ok(Side::Black));
        assert!("b".parse::<Side>().is_err());
        assert_eq!(Side::Yellow.letter(), 'Y');
        assert_eq!(!Side::Black, Side::Yellow);
    }
}
