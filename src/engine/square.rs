//! Squares of the board (`a1` … `h8`), files, ranks and the eight directions a man
//! may move in.
//!
//! Files run `a`–`h` from left to right as Yellow sees the board, ranks `1`–`8` from
//! Yellow's side (rank 1) to Black's (rank 8). A [`Square`] can never hold an invalid
//! value: its field is private and every constructor checks its input.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares. Index `rank * 8 + file`, so `a1` is 0 and `h8` is 63.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// All 64 squares, `a1`, `b1`, … `h8`.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index (0 = `a1`, 63 = `h8`), if the index is below 64.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `file` (0 = `a`) and `rank` (0 = rank 1), if both are below 8.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The index 0..64 of this square.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 for `a` up to 7 for `h`.
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 for rank 1 up to 7 for rank 8.
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The letter of the file, `'a'`–`'h'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The digit of the rank, `'1'`–`'8'`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// The neighbouring square one step in `dir`, if it is on the board.
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let (df, dr) = dir.delta();
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// Whether the square lies on the border (files `a`, `h` or ranks 1, 8).
    pub const fn is_border(self) -> bool {
        // The border squares as a bit set (`SquareSet::BORDER`).
        (0xff81_8181_8181_81ff_u64 >> self.index()) & 1 != 0
    }

    /// The direction and distance from `self` to `to` when they share a rank, a file or
    /// a diagonal (and differ); `None` otherwise.
    pub const fn line_to(self, to: Square) -> Option<(Direction, u8)> {
        let df = to.file() as i8 - self.file() as i8;
        let dr = to.rank() as i8 - self.rank() as i8;
        if df != 0 && dr != 0 && df.abs() != dr.abs() {
            return None;
        }
        // Two equal squares have no direction: `from_delta(0, 0)` is `None`.
        match Direction::from_delta(df.signum(), dr.signum()) {
            Some(dir) => Some((dir, self.distance(to))),
            None => None,
        }
    }

    /// Chebyshev distance (king steps) between two squares.
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        if df > dr { df } else { dr }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square like `d4`: a file `a`-`h` then a rank `1`-`8`")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(ParseSquareError),
        }
    }
}

/// The eight directions of a straight move: along ranks and files (like a rook) or
/// along diagonals (like a bishop). North is towards rank 8 (Black's side).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Direction {
    /// Towards rank 8.
    North,
    /// Towards rank 8 and file `h`.
    NorthEast,
    /// Towards file `h`.
    East,
    /// Towards rank 1 and file `h`.
    SouthEast,
    /// Towards rank 1.
    South,
    /// Towards rank 1 and file `a`.
    SouthWest,
    /// Towards file `a`.
    West,
    /// Towards rank 8 and file `a`.
    NorthWest,
}

impl Direction {
    /// All eight directions, clockwise from North.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The change of (file, rank) of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// The direction with this step, if it is one of the eight.
    pub const fn from_delta(df: i8, dr: i8) -> Option<Direction> {
        Some(match (df, dr) {
            (0, 1) => Direction::North,
            (1, 1) => Direction::NorthEast,
            (1, 0) => Direction::East,
            (1, -1) => Direction::SouthEast,
            (0, -1) => Direction::South,
            (-1, -1) => Direction::SouthWest,
            (-1, 0) => Direction::West,
            (-1, 1) => Direction::NorthWest,
            _ => return None,
        })
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Direction {
        let (df, dr) = self.delta();
        match Direction::from_delta(-df, -dr) {
            Some(d) => d,
            None => self,
        }
    }

    /// Whether the direction is diagonal (bishop-like).
    pub const fn is_diagonal(self) -> bool {
        let (df, dr) = self.delta();
        df != 0 && dr != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        for sq in Square::ALL {
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("h8".parse::<Square>().map(Square::index), Ok(63));
        for bad in ["", "a", "a9", "i1", "A1", "a10", "1a", "a0"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn lines_between_squares() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(sq("c1").line_to(sq("c5")), Some((Direction::North, 4)));
        assert_eq!(sq("a1").line_to(sq("h8")), Some((Direction::NorthEast, 7)));
        assert_eq!(sq("d4").line_to(sq("a7")), Some((Direction::NorthWest, 3)));
        assert_eq!(sq("d4").line_to(sq("e6")), None);
        assert_eq!(sq("d4").line_to(sq("d4")), None);
        assert!(sq("a5").is_border() && sq("d8").is_border() && !sq("b2").is_border());
    }
}
