//! The Rendezvous (Def. 1–3): the set of squares the men race into, fixed by the Mark
//! and by how many men are on the board; where the Mark may stand (Rules 2 and 4); and
//! the border ring of Rule 6.
//!
//! Close shapes (odd sizes), the players at the upper and lower edges, `m` the Mark:
//!
//! ```text
//!  9        7        5        3 (a line through m, in the setter's direction)
//!  * * *    * * *    *   *    *
//!  * m *      m        m      m
//!  * * *    * * *    *   *    *
//! ```
//!
//! Open shapes (even sizes) are border squares in line with the Mark as a queen would
//! see them (rays are geometric, D-2): 8 uses all eight rays, 6 leaves out the two
//! along the Mark's rank, 4 keeps the four diagonals.

use super::square::{Direction, Square};
use super::squareset::SquareSet;
use std::fmt;

/// The direction of a 3-square Rendezvous through its Mark.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Line {
    /// Along the file: the Mark and the squares above and below.
    Vertical,
    /// Along the rank: the Mark and the squares left and right.
    Horizontal,
    /// The slant rising to the right (`c4`, `d5`, `e6`).
    Rising,
    /// The slant falling to the right (`c6`, `d5`, `e4`).
    Falling,
}

impl Line {
    /// All four lines.
    pub const ALL: [Line; 4] = [
        Line::Vertical,
        Line::Horizontal,
        Line::Rising,
        Line::Falling,
    ];

    /// The direction from the Mark to the neighbour written in position strings: the
    /// one on the rank above, or for a horizontal line the one on the file to the right.
    pub const fn canonical_direction(self) -> Direction {
        match self {
            Line::Vertical => Direction::North,
            Line::Horizontal => Direction::East,
            Line::Rising => Direction::NorthEast,
            Line::Falling => Direction::NorthWest,
        }
    }

    /// The line on which `neighbour` lies next to `mark`, if it is adjacent.
    pub fn through(mark: Square, neighbour: Square) -> Option<Line> {
        match mark.line_to(neighbour)? {
            (dir, 1) => Some(match dir {
                Direction::North | Direction::South => Line::Vertical,
                Direction::East | Direction::West => Line::Horizontal,
                Direction::NorthEast | Direction::SouthWest => Line::Rising,
                Direction::NorthWest | Direction::SouthEast => Line::Falling,
            }),
            _ => None,
        }
    }

    /// A word for the line: `vertical`, `horizontal`, `rising`, `falling`.
    pub const fn name(self) -> &'static str {
        match self {
            Line::Vertical => "vertical",
            Line::Horizontal => "horizontal",
            Line::Rising => "rising diagonal",
            Line::Falling => "falling diagonal",
        }
    }
}

/// Whether a Rendezvous is close (odd size, squares round the Mark) or open (even size,
/// border squares in line with the Mark).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// Odd sizes 9, 7, 5, 3 (Def. 2).
    Close,
    /// Even sizes 8, 6, 4 (Def. 3).
    Open,
}

/// Why a Mark cannot stand where it was put, for the Rendezvous size due.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MarkProblem {
    /// No Rendezvous of this size exists (sizes run 3 to 9).
    NoSuchSize,
    /// The shape needs a field square for its Mark (sizes 9, 7, 5 and every open one).
    NeedsField,
    /// The 3-square line would leave the board.
    LineOffBoard(Line),
    /// A 3-square Rendezvous needs the line's direction (a second square).
    LineRequired,
    /// Only a 3-square Rendezvous takes a second square.
    LineNotAllowed,
    /// The second square is not next to the Mark.
    NotAdjacent(Square),
    /// The first Mark of a game must be on `c6`, `d5`, `e4` or `f3` (Rule 2).
    NotFirstSquare,
    /// Only a 7-square Rendezvous may be turned (option `turned`).
    NotTurnable,
    /// The Rendezvous may not be turned: the option `turned` is off.
    TurnedOff,
    /// Squares were chosen for the Rendezvous, but the option `open-choice` is off or
    /// the Rendezvous due is not open.
    ChoiceNotAllowed,
    /// A chosen square is not a border square in line with the Mark (open-choice).
    ChosenNotInLine(Square),
    /// A chosen square is named twice (open-choice).
    ChosenRepeated(Square),
    /// The wrong number of squares was chosen (open-choice): the size is needed.
    ChosenCount {
        /// How many were named.
        given: u8,
    },
    /// The 3×3 set round the Mark holds a man, which the first Mark's set may not
    /// (option `free-first`).
    FirstSetHoldsMan(Square),
    /// The Rendezvous would hold one of the setter's own men (1880 Rule 3, or the
    /// option `setter-clear`).
    HoldsOwnMan(Square),
}

impl fmt::Display for MarkProblem {
    /// What is wrong, without the rule or the Mark's square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MarkProblem::NoSuchSize => write!(f, "no Rendezvous of that size exists"),
            MarkProblem::NeedsField => write!(f, "the Mark must stand on a field square"),
            MarkProblem::LineOffBoard(l) => {
                write!(f, "the {} line of three would leave the board", l.name())
            }
            MarkProblem::LineRequired => write!(f, "a 3-square Rendezvous needs its line"),
            MarkProblem::LineNotAllowed => {
                write!(f, "only a 3-square Rendezvous takes a second square")
            }
            MarkProblem::NotAdjacent(sq) => write!(f, "{sq} is not next to the Mark"),
            MarkProblem::NotFirstSquare => write!(f, "the first Mark goes on c6, d5, e4 or f3"),
            MarkProblem::NotTurnable => write!(
                f,
                "only the 7-square Rendezvous may be turned, and this one is not of 7 squares"
            ),
            MarkProblem::TurnedOff => write!(
                f,
                "the Rendezvous may be turned only with the option `turned`"
            ),
            MarkProblem::ChoiceNotAllowed => write!(
                f,
                "squares may be chosen only for an open Rendezvous with the option `open-choice`"
            ),
            MarkProblem::ChosenNotInLine(sq) => write!(
                f,
                "{sq} is not a border square in line with the Mark (the end of one of its eight rays)"
            ),
            MarkProblem::ChosenRepeated(sq) => write!(f, "{sq} is chosen twice"),
            MarkProblem::ChosenCount { given } => write!(
                f,
                "{given} squares were chosen, but the Rendezvous needs as many as its size"
            ),
            MarkProblem::FirstSetHoldsMan(sq) => write!(
                f,
                "the first Mark's 3×3 set must hold no man, and it holds the man on {sq}"
            ),
            MarkProblem::HoldsOwnMan(sq) => write!(
                f,
                "the setter may have no man in the Rendezvous, and his man on {sq} is in it"
            ),
        }
    }
}

/// The squares the first Mark may be set on (Rule 2): the central four of the
/// diagonal `a8`–`h1`.
pub const FIRST_MARK_SQUARES: SquareSet = SquareSet((1 << 42) | (1 << 35) | (1 << 28) | (1 << 21));

/// How a Rendezvous' squares were chosen beyond its size and Mark.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Form {
    /// Carroll's shape for the size (with the line for size 3).
    Standard,
    /// The 7-square shape turned 90° (option `turned`): the Mark and the three squares
    /// of the file on each side.
    Turned,
    /// Open squares chosen by the setter among the ends of the Mark's rays (option
    /// `open-choice`), other than the standard ones.
    Chosen,
}

/// A Rendezvous: its Mark, its line (size 3 only), its size, its form and its squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rendezvous {
    mark: Square,
    line: Option<Line>,
    size: u8,
    form: Form,
    squares: SquareSet,
}

impl Rendezvous {
    /// The Rendezvous of `size` squares with its Mark on `mark` (and, for size 3, the
    /// direction `line`), if the shape fits there (Rule 4).
    ///
    /// # Errors
    /// A [`MarkProblem`] saying why the shape cannot stand there.
    pub fn new(size: u8, mark: Square, line: Option<Line>) -> Result<Rendezvous, MarkProblem> {
        if !(3..=9).contains(&size) {
            return Err(MarkProblem::NoSuchSize);
        }
        match (size, line) {
            (3, None) => return Err(MarkProblem::LineRequired),
            (3, Some(_)) => {}
            (_, Some(_)) => return Err(MarkProblem::LineNotAllowed),
            (_, None) => {}
        }
        let squares = match line {
            Some(l) => {
                let d = l.canonical_direction();
                match (mark.step(d), mark.step(d.reverse())) {
                    (Some(a), Some(b)) => SquareSet::from_square(mark).with(a).with(b),
                    _ => return Err(MarkProblem::LineOffBoard(l)),
                }
            }
            None => {
                if mark.is_border() {
                    return Err(MarkProblem::NeedsField);
                }
                shape(size, mark)
            }
        };
        Ok(Rendezvous {
            mark,
            line,
            size,
            form: Form::Standard,
            squares,
        })
    }

    /// The 7-square Rendezvous turned 90° round a field square `mark` (option
    /// `turned`): the Mark and the three squares of the file on each side of it.
    ///
    /// # Errors
    /// [`MarkProblem::NeedsField`] on a border square.
    pub fn turned(mark: Square) -> Result<Rendezvous, MarkProblem> {
        if mark.is_border() {
            return Err(MarkProblem::NeedsField);
        }
        use Direction::*;
        let squares = [NorthEast, East, SouthEast, SouthWest, West, NorthWest]
            .iter()
            .filter_map(|&d| mark.step(d))
            .fold(SquareSet::from_square(mark), SquareSet::with);
        Ok(Rendezvous {
            mark,
            line: None,
            size: 7,
            form: Form::Turned,
            squares,
        })
    }

    /// The open Rendezvous of the border squares `chosen` round a field square `mark`
    /// (option `open-choice`): each must be the end of one of the Mark's rays. When
    /// they are the standard shape's squares, the result is the standard Rendezvous.
    ///
    /// # Errors
    /// Why the choice is not allowed for a Rendezvous of `size`.
    pub fn chosen(size: u8, mark: Square, chosen: &[Square]) -> Result<Rendezvous, MarkProblem> {
        if !matches!(size, 4 | 6 | 8) {
            return Err(MarkProblem::ChoiceNotAllowed);
        }
        if mark.is_border() {
            return Err(MarkProblem::NeedsField);
        }
        let ends = ray_ends(mark);
        let mut squares = SquareSet::EMPTY;
        for &sq in chosen {
            if !ends.contains(sq) {
                return Err(MarkProblem::ChosenNotInLine(sq));
            }
            if squares.contains(sq) {
                return Err(MarkProblem::ChosenRepeated(sq));
            }
            squares.insert(sq);
        }
        if squares.count() != u32::from(size) {
            return Err(MarkProblem::ChosenCount {
                given: chosen.len().min(255) as u8,
            });
        }
        let form = if squares == shape(size, mark) {
            Form::Standard
        } else {
            Form::Chosen
        };
        Ok(Rendezvous {
            mark,
            line: None,
            size,
            form,
            squares,
        })
    }

    /// How its squares were chosen.
    pub const fn form(&self) -> Form {
        self.form
    }

    /// The square the Mark is on.
    pub const fn mark(&self) -> Square {
        self.mark
    }

    /// The line of a 3-square Rendezvous.
    pub const fn line(&self) -> Option<Line> {
        self.line
    }

    /// The square next to the Mark that names the line in position strings
    /// (`d5:d6`), for a 3-square Rendezvous.
    pub fn line_square(&self) -> Option<Square> {
        self.line
            .and_then(|l| self.mark.step(l.canonical_direction()))
    }

    /// How many squares it has.
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Close or open.
    pub const fn kind(&self) -> Kind {
        if self.size % 2 == 1 {
            Kind::Close
        } else {
            Kind::Open
        }
    }

    /// Whether it is open (even size: border squares, Rule 6 applies).
    pub const fn is_open(&self) -> bool {
        self.size.is_multiple_of(2)
    }

    /// Its squares.
    pub const fn squares(&self) -> SquareSet {
        self.squares
    }

    /// The fewest squares a man on `from` must count to stand in it: his king distance
    /// to its nearest square, or one for a border man when `slide` (an open Rendezvous
    /// he may slide into along the border, Rule 6). Blocking is ignored: a lower bound,
    /// for the tests that drop what cannot win.
    pub fn fewest_squares_from(&self, from: Square, slide: bool) -> u32 {
        if slide && from.is_border() {
            return 1;
        }
        self.squares
            .into_iter()
            .map(|to| u32::from(from.distance(to)))
            .min()
            .unwrap_or(u32::MAX / 64)
    }

    /// Whether `sq` is one of its squares.
    pub const fn contains(&self, sq: Square) -> bool {
        self.squares.contains(sq)
    }
}

impl fmt::Display for Rendezvous {
    /// The Mark as written in a position string: `d5`, or `d5:d6` for a 3-square line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.form, self.line_square()) {
            (Form::Turned, _) => write!(f, "{}:t", self.mark),
            (Form::Chosen, _) => {
                write!(f, "{}:", self.mark)?;
                for (i, sq) in self.squares.into_iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{sq}")?;
                }
                Ok(())
            }
            (Form::Standard, Some(l)) => write!(f, "{}:{}", self.mark, l),
            (Form::Standard, None) => write!(f, "{}", self.mark),
        }
    }
}

/// The border square at the end of the ray from `mark` in `dir` (the square a queen on
/// the Mark would check on the border).
fn ray_end(mark: Square, dir: Direction) -> Square {
    let mut sq = mark;
    while let Some(next) = sq.step(dir) {
        sq = next;
    }
    sq
}

/// The border squares at the ends of the eight rays from `mark`.
pub fn ray_ends(mark: Square) -> SquareSet {
    Direction::ALL
        .iter()
        .map(|&d| ray_end(mark, d))
        .fold(SquareSet::EMPTY, SquareSet::with)
}

/// The squares of the shape of `size` round a field square `mark`.
fn shape(size: u8, mark: Square) -> SquareSet {
    use Direction::*;
    let around = |dirs: &[Direction]| -> SquareSet {
        dirs.iter()
            .filter_map(|&d| mark.step(d))
            .fold(SquareSet::from_square(mark), SquareSet::with)
    };
    let rays = |dirs: &[Direction]| -> SquareSet {
        dirs.iter()
            .map(|&d| ray_end(mark, d))
            .fold(SquareSet::EMPTY, SquareSet::with)
    };
    match size {
        9 => around(&Direction::ALL),
        7 => around(&[North, NorthEast, NorthWest, South, SouthEast, SouthWest]),
        5 => around(&[NorthEast, NorthWest, SouthEast, SouthWest]),
        8 => rays(&Direction::ALL),
        6 => rays(&[North, NorthEast, SouthEast, South, SouthWest, NorthWest]),
        _ => rays(&[NorthEast, SouthEast, SouthWest, NorthWest]),
    }
}

/// Every Rendezvous of `size` the Mark may make by Rule 4 (or, with `first`, by Rule 2),
/// in a stable order: by Mark square, then by line.
pub fn all_placements(size: u8, first: bool) -> Vec<Rendezvous> {
    let mut out = Vec::new();
    for sq in Square::ALL {
        if first && !FIRST_MARK_SQUARES.contains(sq) {
            continue;
        }
        if size == 3 {
            for l in Line::ALL {
                if let Ok(r) = Rendezvous::new(size, sq, Some(l)) {
                    out.push(r);
                }
            }
        } else if let Ok(r) = Rendezvous::new(size, sq, None) {
            out.push(r);
        }
    }
    out
}

/// The 28 border squares as one ring (Rule 6), in order: `a1` … `h1`, `h2` … `h8`,
/// `g8` … `a8`, `a7` … `a2`.
pub const RING: [Square; 28] = {
    let mut ring = [Square::ALL[0]; 28];
    let mut i = 0;
    let mut f = 0;
    while f < 8 {
        ring[i] = Square::ALL[f];
        i += 1;
        f += 1;
    }
    let mut r = 1;
    while r < 8 {
        ring[i] = Square::ALL[r * 8 + 7];
        i += 1;
        r += 1;
    }
    let mut f = 6i32;
    while f >= 0 {
        ring[i] = Square::ALL[56 + f as usize];
        i += 1;
        f -= 1;
    }
    let mut r = 6;
    while r >= 1 {
        ring[i] = Square::ALL[r * 8];
        i += 1;
        r -= 1;
    }
    ring
};

/// The place of each square on the [`RING`], or 255 for field squares.
pub const RING_INDEX: [u8; 64] = {
    let mut idx = [255u8; 64];
    let mut i = 0;
    while i < 28 {
        idx[RING[i].index() as usize] = i as u8;
        i += 1;
    }
    idx
};

/// The indefinite article before a Rendezvous size in words: "an 8-square", "a 9-square".
pub const fn article(size: u8) -> &'static str {
    if size == 8 { "an" } else { "a" }
}

/// The place on the [`RING`] one step on from place `i`: up the index (`a1` → `h1`,
/// anticlockwise as the board is drawn) or down it.
pub const fn ring_step(i: usize, anticlockwise: bool) -> usize {
    if anticlockwise {
        (i + 1) % 28
    } else {
        (i + 27) % 28
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn set(s: &str) -> SquareSet {
        s.split_whitespace().map(sq).collect()
    }

    #[test]
    fn ring_goes_round_the_border() {
        let ring: SquareSet = RING.iter().copied().collect();
        assert_eq!(ring, SquareSet::BORDER);
        for w in 0..28 {
            let a = RING[w];
            let b = RING[(w + 1) % 28];
            assert_eq!(a.distance(b), 1, "{a} {b}");
        }
        assert_eq!(RING_INDEX[sq("a2").index() as usize], 27);
    }

    #[test]
    fn first_mark_squares() {
        assert_eq!(FIRST_MARK_SQUARES, set("c6 d5 e4 f3"));
    }

    #[test]
    fn open_shapes_match_carrolls_diagrams() {
        let at = |size| Rendezvous::new(size, sq("c5"), None).unwrap().squares();
        assert_eq!(at(8), set("c8 f8 h5 g1 c1 a3 a5 a7"));
        assert_eq!(at(6), set("c8 f8 g1 c1 a3 a7"));
        assert_eq!(at(4), set("f8 g1 a3 a7"));
    }
}
