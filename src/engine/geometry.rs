//! Precomputed geometry of the board, shared by move generation and the outcome
//! search: the rays from each square, the squares between two squares in line, the
//! direction and distance of each straight move, the squares within a number of
//! king steps, and the runs of squares round the border ring. Every table is built at
//! compile time from [`Square::line_to`], [`Square::distance`], [`Direction::delta`]
//! and [`RING`], so the geometry is defined once.

use super::rendezvous::RING;
use super::square::{Direction, Square};

/// `RAYS[sq][dir]`: the squares from `sq` (excluded) to the edge of the board in the
/// direction `Direction::ALL[dir]` (the direction's discriminant).
pub(crate) static RAYS: [[u64; 8]; 64] = {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let mut at = Square::ALL[sq].step(Direction::ALL[d]);
            while let Some(next) = at {
                rays[sq][d] |= 1 << next.index();
                at = next.step(Direction::ALL[d]);
            }
            d += 1;
        }
        sq += 1;
    }
    rays
};

/// `LINE[from][to]`: the direction and distance of the straight move `from`-`to` when
/// the squares are in line ([`Square::line_to`], looked up instead of worked out for
/// every move generated); a distance of 0 otherwise.
pub(crate) static LINE: [[(Direction, u8); 64]; 64] = {
    let mut t = [[(Direction::North, 0u8); 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if let Some(line) = Square::ALL[a].line_to(Square::ALL[b]) {
                t[a][b] = line;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they are in line:
/// where the ray from `a` towards `b` meets the ray from `b` towards `a`.
pub(crate) static BETWEEN: [[u64; 64]; 64] = {
    let mut between = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (dir, dist) = LINE[a][b];
            if dist > 0 {
                between[a][b] = RAYS[a][dir as usize] & RAYS[b][dir.reverse() as usize];
            }
            b += 1;
        }
        a += 1;
    }
    between
};

/// `WITHIN[sq][k]`: the squares at most `k` king steps from `sq` (`k` up to 7).
pub(crate) static WITHIN: [[u64; 8]; 64] = {
    let mut within = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut other = 0;
        while other < 64 {
            let mut k = Square::ALL[sq].distance(Square::ALL[other]) as usize;
            while k < 8 {
                within[sq][k] |= 1 << other;
                k += 1;
            }
            other += 1;
        }
        sq += 1;
    }
    within
};

/// `RING_STEPS[w][i][l]`: the squares 1 to `l` steps on from place `i` of the [`RING`]
/// (`l` below 28), up the ring's index for `w` = 0 (anticlockwise) and down it for
/// `w` = 1.
pub(crate) static RING_STEPS: [[[u64; 28]; 28]; 2] = {
    let mut steps = [[[0u64; 28]; 28]; 2];
    let mut w = 0;
    while w < 2 {
        let mut i = 0;
        while i < 28 {
            let mut l = 1;
            while l < 28 {
                let place = if w == 0 {
                    (i + l) % 28
                } else {
                    (i + 28 - l) % 28
                };
                steps[w][i][l] = steps[w][i][l - 1] | 1 << RING[place].index();
                l += 1;
            }
            i += 1;
        }
        w += 1;
    }
    steps
};

/// The squares named in `s` (separated by spaces) as a mask, for tests.
#[cfg(test)]
pub(crate) fn set(s: &str) -> u64 {
    s.split_whitespace()
        .map(|t| 1u64 << t.parse::<Square>().map(Square::index).unwrap_or(0))
        .fold(0, |a, b| a | b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SquareSet;

    #[test]
    fn tables_agree_with_the_squares() {
        let sq = |s: &str| s.parse::<Square>().map(Square::index).unwrap_or(0) as usize;
        assert_eq!(BETWEEN[sq("a1")][sq("d4")], set("b2 c3"));
        assert_eq!(BETWEEN[sq("h5")][sq("h1")], set("h4 h3 h2"));
        assert_eq!(BETWEEN[sq("a1")][sq("b3")], 0);
        assert_eq!(LINE[sq("d4")][sq("a7")], (Direction::NorthWest, 3));
        assert_eq!(LINE[sq("d4")][sq("d4")].1, 0);
        assert_eq!(RAYS[sq("f6")][Direction::NorthEast as usize], set("g7 h8"));
        assert_eq!(WITHIN[sq("a1")][1], set("a1 b1 a2 b2"));
        assert_eq!(RING_STEPS[0][0][3], set("b1 c1 d1"));
        assert_eq!(RING_STEPS[1][0][2], set("a2 a3"));
        assert_eq!(RING_STEPS[0][27][27], SquareSet::BORDER.0 & !set("a2"));
    }
}
