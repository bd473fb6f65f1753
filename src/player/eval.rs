//! The evaluation: how good a position is for one side, from material (men on the
//! board, since the game is lost with too few) and the race for the Rendezvous (the
//! squares and turns each side still needs to get all his men in, the free
//! Rendezvous squares, lines blocked by men). Each edition's strategy scores a
//! position not won (`editions/`): 1893 and 1880 by [`race_score`] here, 1879 by its
//! own evaluation (the chance of winning a match of rounds); the leaves of the top
//! level's deeper search in 1880 by [`race_score_1880`], the race as the 1880 rules
//! count it, with a bonus for the side it brings in first.

use crate::engine::{Position, Rendezvous, Side, Square, SquareSet};

/// A won game, from the winner's side (far above any other score).
pub const WIN: i32 = 1_000_000;

/// What one man more on the board is worth.
pub const MAN: i32 = 1000;

/// The score of `pos` for `side`: positive when `side` stands better.
pub fn evaluate(pos: &Position, side: Side) -> i32 {
    if let Some(w) = pos.winner() {
        return if w == side { WIN } else { -WIN };
    }
    super::editions::strategy(pos.rules()).evaluate(pos, side)
}

/// The score of `pos` (a game not over) for `side` by men and the race for the
/// Rendezvous: the evaluation of 1893 and 1880.
pub(crate) fn race_score(pos: &Position, side: Side) -> i32 {
    race_score_by(pos, side, race, 0)
}

/// [`race_score`] with each side's race by `race_of`, and `first_in` more for the
/// side that gets all his men in first by those races (less for the other).
fn race_score_by(
    pos: &Position,
    side: Side,
    race_of: fn(&Position, &Rendezvous, Side) -> Race,
    first_in: i32,
) -> i32 {
    let other = !side;
    let mut score = MAN * (i32::from(pos.count(side)) - i32::from(pos.count(other)));
    if let Some(rv) = pos.rendezvous() {
        let mine = race_of(pos, rv, side);
        let theirs = race_of(pos, rv, other);
        // Turns count most (a race is won by turns); squares break ties between
        // positions needing the same number of turns.
        score += 150 * (i32::from(theirs.turns) - i32::from(mine.turns));
        score += 12 * (i32::from(theirs.squares) - i32::from(mine.squares));
        score += 40 * (i32::from(mine.inside) - i32::from(theirs.inside));
        if pos.to_act() == side {
            score += 60;
        } else {
            score -= 60;
        }
        if first_in != 0 && pos.phase().in_play() {
            score += if first_home(pos.to_act() == side, mine.turns, theirs.turns) {
                first_in
            } else {
                -first_in
            };
        }
    }
    score
}

/// Whether a side needing `mine` turns gets all his men in before the other, who
/// needs `theirs`, turn by turn from now (`to_act`: the side is the one to act): the
/// side to act is in first when he needs no more turns than the other.
fn first_home(to_act: bool, mine: u16, theirs: u16) -> bool {
    if to_act {
        mine <= theirs
    } else {
        mine < theirs
    }
}

/// One side's state in the race for the Rendezvous.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    /// Squares its men outside still need (at least), all together.
    pub squares: u16,
    /// Turns it needs at least (by its allowance and the three squares a man may move).
    pub turns: u16,
    /// Its men already in the Rendezvous.
    pub inside: u8,
}

/// The race of `side`: the squares each man outside needs to reach a free Rendezvous
/// square (a man on the border of an open Rendezvous slides in for 1), a penalty
/// when there are fewer free squares than men to bring in, and the turns it takes.
pub fn race(pos: &Position, rv: &Rendezvous, side: Side) -> Race {
    race_by(pos, rv, side, rv.is_open(), |_, d, _, _, _| d.div_ceil(3))
}

/// The race of `side` with the turns each man outside needs at least given by
/// `man_turns(man, squares, free, occupied, allowance)`: the squares of every man
/// (`open`: a border man slides in for 1), four more for each man with no free square
/// left for him, and the turns, at least the squares over the allowance and at least
/// the slowest man's.
fn race_by(
    pos: &Position,
    rv: &Rendezvous,
    side: Side,
    open: bool,
    man_turns: impl Fn(Square, u16, SquareSet, SquareSet, u16) -> u16,
) -> Race {
    let squares_rv = rv.squares();
    let men = pos.men(side);
    let inside = (men.0 & squares_rv.0).count_ones() as u8;
    let occupied = pos.occupied();
    let free = SquareSet(squares_rv.0 & !occupied.0);
    let outside = SquareSet(men.0 & !squares_rv.0);
    let allowance = u16::from(pos.count(side).clamp(1, 5));
    let mut squares = 0u16;
    let mut slowest = 0u16;
    for man in outside.iter() {
        let d = distance_in(man, free, squares_rv, open, occupied);
        squares += d;
        slowest = slowest.max(man_turns(man, d, free, occupied, allowance));
    }
    let missing = outside.count().saturating_sub(free.count()) as u16;
    squares += 4 * missing;
    Race {
        squares,
        turns: squares.div_ceil(allowance).max(slowest),
        inside,
    }
}

/// What getting all one's men in first is worth at the leaves of level 5's search in
/// 1880, over the turns counted (about a third of a man): the winner of the race
/// takes a man (Rule 6) and the side to act wins a race of equal turns, which the
/// tally of turns and squares alone weighs at a few squares.
pub(crate) const FIRST_IN_1880: i32 = 300;

/// The score of an 1880 position (a game not over) for `side`, as [`race_score`] but
/// with each side's turns counted as the 1880 rules allow (see [`race_1880`]), and
/// [`FIRST_IN_1880`] for the side those turns bring in first (less for the other):
/// the evaluation at the leaves of level 5's deeper search in 1880.
pub(crate) fn race_score_1880(pos: &Position, side: Side) -> i32 {
    race_score_by(pos, side, race_1880, FIRST_IN_1880)
}

/// The race of `side` in 1880, where a man may count the whole allowance (no limit
/// of three squares a man) but moves once a turn and along one line: the turns are
/// at least the squares over the allowance, and for each man outside, his squares
/// over the allowance, or two when no free square of the Rendezvous is on a clear
/// line from him (a bend takes a second move, so a second turn).
pub(crate) fn race_1880(pos: &Position, rv: &Rendezvous, side: Side) -> Race {
    race_by(pos, rv, side, false, |man, d, free, occupied, allowance| {
        // `distance_in` adds one square when no free square is on a clear line.
        let bends = free.is_empty() || !free.iter().any(|t| clear_line(man, t, occupied));
        d.div_ceil(allowance).max(if bends { 2 } else { 1 })
    })
}

/// The squares a man on `from` needs to reach one of `free` (or, if none is free, the
/// Rendezvous), by king steps, one more when the straight line to it is blocked; a
/// border man of an open Rendezvous slides in for 1.
fn distance_in(
    from: Square,
    free: SquareSet,
    all: SquareSet,
    open: bool,
    occupied: SquareSet,
) -> u16 {
    if open && SquareSet::BORDER.contains(from) {
        return 1;
    }
    let targets = if free.is_empty() { all } else { free };
    let mut best = u16::MAX;
    for t in targets.iter() {
        let mut d = u16::from(from.distance(t));
        if !clear_line(from, t, occupied) {
            d += 1;
        }
        best = best.min(d);
    }
    if best == u16::MAX { 8 } else { best }
}

/// Whether `from` and `to` are on one straight line with no man between them.
fn clear_line(from: Square, to: Square, occupied: SquareSet) -> bool {
    let (f0, r0) = (i32::from(from.file()), i32::from(from.rank()));
    let (f1, r1) = (i32::from(to.file()), i32::from(to.rank()));
    let (df, dr) = (f1 - f0, r1 - r0);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return false;
    }
    let steps = df.abs().max(dr.abs());
    let (sf, sr) = (df.signum(), dr.signum());
    for i in 1..steps {
        if let Some(sq) = Square::from_coords((f0 + sf * i) as u8, (r0 + sr * i) as u8)
            && occupied.contains(sq)
        {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn race_of(text: &str) -> (Race, Race) {
        let rules: Rules = "1880".parse().expect("known rules");
        let pos = Position::parse_as(rules, text).expect("valid position");
        let rv = pos.rendezvous().expect("in play");
        (
            race(&pos, rv, Side::Black),
            race_1880(&pos, rv, Side::Black),
        )
    }

    #[test]
    fn in_1880_a_last_man_four_squares_off_on_a_clear_line_comes_in_in_one_turn() {
        // Black, five men (allowance 5), four in the set round c5, the fifth on h5: he
        // may go h5-d5 at once (no limit of three squares a man in 1880).
        let (common, fine) = race_of("Y1Y1Y1YY/8/8/1B5B/1BBB4/8/8/8 B c5 play");
        assert_eq!(fine.turns, 1);
        assert_eq!(fine.squares, 4);
        // The common race counts three squares a man, as 1893 does.
        assert_eq!(common.turns, 2);
    }

    #[test]
    fn in_1880_a_man_off_every_clear_line_into_the_set_needs_two_turns() {
        // The fifth man on g1: no free square of the set is on a clear line from him
        // (d4 blocks the diagonal to c5), so he needs two moves, one a turn.
        let (_, fine) = race_of("Y1Y1Y1YY/8/8/1B6/1BBB4/8/8/6B1 B c5 play");
        assert_eq!(fine.turns, 2);
    }

    #[test]
    fn in_1880_level_5_weighs_who_gets_all_his_men_in_first() {
        // Round c5 each side has four men in and one on a clear line to d5, the one
        // free square (h5-d5, h1-d5: one turn each): the side to act is in first.
        let rules: Rules = "1880".parse().expect("known rules");
        for (text, first) in [
            ("8/8/1YYY4/2Y4B/1BBB4/8/8/7Y B c5 play", Side::Black),
            ("8/8/1YYY4/2Y4B/1BBB4/8/8/7Y Y c5 play", Side::Yellow),
        ] {
            let pos = Position::parse_as(rules, text).expect("valid position");
            let rv = pos.rendezvous().expect("in play");
            assert_eq!(race_1880(&pos, rv, Side::Black).turns, 1);
            assert_eq!(race_1880(&pos, rv, Side::Yellow).turns, 1);
            for side in [Side::Black, Side::Yellow] {
                let tally = race_score_by(&pos, side, race_1880, 0);
                let bonus = if side == first {
                    FIRST_IN_1880
                } else {
                    -FIRST_IN_1880
                };
                assert_eq!(race_score_1880(&pos, side), tally + bonus, "{text}");
            }
        }
    }

    #[test]
    fn the_side_to_act_is_in_first_on_equal_turns() {
        assert!(first_home(true, 2, 2));
        assert!(!first_home(false, 2, 2));
        assert!(first_home(false, 1, 2));
        assert!(!first_home(true, 3, 2));
    }
}
