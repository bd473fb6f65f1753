//! The evaluation for the February 1879 rules: the chance of winning the game.
//!
//! A 1879 game is a match of rounds: each Rendezvous won takes one of the loser's men,
//! a round ends when a side is down to two men and its winner scores the men he has
//! left, and five points win. The side with fewer men races with the same allowance
//! as the other (the smaller side's men), so losing men makes the next race easier,
//! and the winner of a Rendezvous plays first in the next one. The evaluation is
//! therefore a probability:
//!
//! - the chance that each side wins the Rendezvous being played, from the race (the
//!   turns and squares each side still needs with the 1879 allowance, every man along
//!   one line and as far as the allowance goes);
//! - between Rendezvous (`mark`, `bonus:N`) the same chance averaged over the sixteen
//!   squares the die gives with equal chance (c3 … f6), the first player to move;
//! - then the chance of winning the game from the state each result leads to (the
//!   score, the men each side has, who plays first), from a table computed once over
//!   every score and men count with the chance a first player wins a Rendezvous
//!   measured in self-play.
//!
//! The score is `SCALE` times (2 × chance − 1): 0 is even, `SCALE` a won game.

use crate::engine::editions::DIE_SQUARES;
use crate::engine::{Direction, Phase, Position, Rendezvous, Side, Square, SquareSet};
use std::sync::OnceLock;

/// The evaluation of a certain win (far below [`crate::player::WIN`], which is kept
/// for a game already won on the board).
pub const SCALE: f64 = 100_000.0;

/// One side's state in a 1879 race.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Race1879 {
    /// Men on the board.
    pub men: u8,
    /// Men outside the Rendezvous.
    pub outside: u8,
    /// Squares they need at least (king steps, each to his own free square).
    pub squares: u16,
    /// Turns needed at least: 0 when all are in, 1 when one turn can bring every man
    /// in along a clear line within the allowance, otherwise at least 2 (a man needing
    /// two lines moves once a turn) and at least the squares over the allowance.
    pub turns: u8,
}

/// The 1879 race of `side` for the Rendezvous `set` (its squares), the board holding
/// `occupied`, with `allowance` squares a turn.
pub fn race_1879(men: SquareSet, occupied: SquareSet, set: SquareSet, allowance: u8) -> Race1879 {
    let outside = men - set;
    let n = outside.count() as usize;
    if n == 0 {
        return Race1879 {
            men: men.count() as u8,
            ..Race1879::default()
        };
    }
    let free = set - occupied;
    let a = allowance.max(1);
    // Each man's one-move entries (free squares of the set on a clear line).
    let mut opts: [[(u8, u8); 9]; 5] = [[(0, 0); 9]; 5];
    let mut counts = [0usize; 5];
    let mut nearest = [u8::MAX; 5];
    let mut men_sq = [Square::ALL[0]; 5];
    for (i, m) in outside.iter().take(5).enumerate() {
        men_sq[i] = m;
        for d in Direction::ALL {
            let mut sq = m;
            let mut dist = 0u8;
            while let Some(next) = sq.step(d) {
                dist += 1;
                if free.contains(next) {
                    if counts[i] < 9 {
                        opts[i][counts[i]] = (next.index(), dist);
                        counts[i] += 1;
                    }
                } else if occupied.contains(next) {
                    break;
                }
                sq = next;
            }
        }
        for t in free.iter() {
            nearest[i] = nearest[i].min(m.distance(t));
        }
    }
    let n = n.min(5);
    // Squares: each man, nearest first, to the nearest free square not yet given.
    let mut order: [usize; 5] = [0, 1, 2, 3, 4];
    order[..n].sort_by_key(|&i| nearest[i]);
    let mut taken = SquareSet::EMPTY;
    let mut squares = 0u16;
    for &i in &order[..n] {
        let m = men_sq[i];
        let mut best: Option<(u8, Square)> = None;
        for t in (free - taken).iter() {
            let d = m.distance(t);
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, t));
            }
        }
        match best {
            Some((d, t)) => {
                squares += u16::from(d);
                taken.insert(t);
            }
            // No free square left for him: he waits for one (a few turns).
            None => squares += 2 * u16::from(a),
        }
    }
    let one_turn = n <= usize::from(a)
        && counts[..n].iter().all(|&c| c > 0)
        && cheapest_entry(&opts, &counts, n, 0, 0, a).is_some();
    let turns = if one_turn {
        1
    } else {
        squares.div_ceil(u16::from(a)).clamp(2, 20) as u8
    };
    Race1879 {
        men: men.count() as u8,
        outside: n as u8,
        squares,
        turns,
    }
}

/// Whether men `i..n` can each enter a different free square in one move, with at
/// most `budget` squares in all (`used` the squares already given): the least total.
fn cheapest_entry(
    opts: &[[(u8, u8); 9]; 5],
    counts: &[usize; 5],
    n: usize,
    i: usize,
    used: u64,
    budget: u8,
) -> Option<u8> {
    if i == n {
        return Some(0);
    }
    let mut best: Option<u8> = None;
    for &(sq, d) in &opts[i][..counts[i]] {
        if used & (1 << sq) != 0 || d > budget {
            continue;
        }
        if let Some(rest) = cheapest_entry(opts, counts, n, i + 1, used | (1 << sq), budget - d) {
            let total = d + rest;
            if best.is_none_or(|b| total < b) {
                best = Some(total);
            }
        }
    }
    best
}

/// The chance that the side to move (`mover`'s race) wins the Rendezvous against
/// `other`'s race, `allowance` squares a turn.
pub fn rendezvous_chance(mover: &Race1879, other: &Race1879, allowance: u8) -> f64 {
    if mover.turns == 0 {
        return 1.0;
    }
    if other.turns == 0 {
        return 0.0;
    }
    if mover.turns == 1 {
        // One turn brings every man in (by the estimate; a man's move may block
        // another's line, so not always).
        return if other.turns == 1 { 0.89 } else { 0.96 };
    }
    let a = f64::from(allowance.max(1));
    let ds = (f64::from(other.squares) - f64::from(mover.squares)) / a;
    let dm = f64::from(other.men) - f64::from(mover.men);
    let threat = if other.turns == 1 { P_THREAT } else { 0.0 };
    let z = P_BIAS + P_SQUARES * ds + P_MEN * dm - threat;
    1.0 / (1.0 + (-z).exp())
}

// The logistic's weights, fitted (maximum likelihood) to the 13,862 positions of 200
// games of level 2 against level 2 (the sixth session's player) in which the side to
// move could not bring every man in at once: the side to move wins a tie, the
// squares each side needs over the allowance decide, a side with more men does worse
// than its squares say, and a side that can win on his next turn must be stopped.
// The two chances above for a side that can are the same games' rates (1,824
// positions: 626 with the other side able to win at once too, 1,198 without).
const P_BIAS: f64 = 0.64;
const P_SQUARES: f64 = 1.19;
const P_MEN: f64 = 0.34;
const P_THREAT: f64 = 0.44;

/// The chance that the first player (`first`, to move) wins a Rendezvous on each of
/// the sixteen die squares, averaged: the board as it stands between Rendezvous.
pub fn die_chance(pos: &Position, first: Side) -> f64 {
    let a = pos.count(Side::Black).min(pos.count(Side::Yellow));
    let occupied = pos.occupied();
    let mut sum = 0.0;
    let mut n = 0u32;
    for mark in DIE_SQUARES.iter() {
        let Ok(r) = Rendezvous::new(9, mark, None) else {
            continue;
        };
        let set = r.squares();
        let me = race_1879(pos.men(first), occupied, set, a);
        let them = race_1879(pos.men(!first), occupied, set, a);
        sum += rendezvous_chance(&me, &them, a);
        n += 1;
    }
    if n == 0 { 0.5 } else { sum / f64::from(n) }
}

/// The squares five men set at random need on average at the start of a
/// Rendezvous (13.6 in self-play): the reference a first set-up is measured against.
const TYPICAL_SQUARES: u16 = 14;

/// The chance that five men set on `men` (alone on the board), moving first, win a
/// Rendezvous against a typical set-up, averaged over the die squares.
fn solo_chance(men: SquareSet) -> f64 {
    let typical = Race1879 {
        men: 5,
        outside: 5,
        squares: TYPICAL_SQUARES,
        turns: 3,
    };
    let mut sum = 0.0;
    let mut n = 0u32;
    for mark in DIE_SQUARES.iter() {
        let Ok(r) = Rendezvous::new(9, mark, None) else {
            continue;
        };
        let me = race_1879(men, men, r.squares(), 5);
        sum += rendezvous_chance(&me, &typical, 5);
        n += 1;
    }
    if n == 0 { 0.5 } else { sum / f64::from(n) }
}

/// The chance a first player with `mf` men wins a Rendezvous against `ms`: the rates
/// of 2,248 Rendezvous of 200 games of level 2 against level 2 (the sixth session's
/// player). The first player is the last winner (or, at 5 against 5, the round's
/// first setter), so he never has fewer men than the other but at 3 against 4;
/// 4 against 5 and 3 against 5 cannot happen and get the rate of the nearest case.
fn first_wins(mf: u8, ms: u8) -> f64 {
    match (mf, ms) {
        (5, 5) => 0.71,
        (5, 4) => 0.50,
        (5, 3) | (4, 3) => 0.15,
        (4, 4) | (3, 3) => 0.68,
        _ => 0.96,
    }
}

/// The chance `me` wins the game from the start of a Rendezvous (before its Mark):
/// scores, men, whether `me` plays first, whether `me` set first this round.
struct Table {
    v: Vec<f64>,
}

const POINTS: usize = 5;

fn index(sm: u8, sh: u8, mm: u8, mh: u8, me_first: bool, me_round_first: bool) -> usize {
    let i = usize::from(sm.min(4));
    let i = i * POINTS + usize::from(sh.min(4));
    let i = i * 3 + usize::from(mm.clamp(3, 5) - 3);
    let i = i * 3 + usize::from(mh.clamp(3, 5) - 3);
    let i = i * 2 + usize::from(me_first);
    i * 2 + usize::from(me_round_first)
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Table {
            v: vec![0.5; POINTS * POINTS * 3 * 3 * 2 * 2],
        };
        // Rounds only add points and Rendezvous only take men: fill from the highest
        // scores and the fewest men.
        for total in (0..=8u8).rev() {
            for men_total in 6..=10u8 {
                for sm in 0..=4u8 {
                    if total < sm || total - sm > 4 {
                        continue;
                    }
                    let sh = total - sm;
                    for mm in 3..=5u8 {
                        if men_total < mm || men_total - mm < 3 || men_total - mm > 5 {
                            continue;
                        }
                        let mh = men_total - mm;
                        for me_first in [false, true] {
                            for rf in [false, true] {
                                let v = rendezvous_start(&t, sm, sh, mm, mh, me_first, rf);
                                t.v[index(sm, sh, mm, mh, me_first, rf)] = v;
                            }
                        }
                    }
                }
            }
        }
        t
    })
}

fn rendezvous_start(t: &Table, sm: u8, sh: u8, mm: u8, mh: u8, me_first: bool, rf: bool) -> f64 {
    let p = if me_first {
        first_wins(mm, mh)
    } else {
        1.0 - first_wins(mh, mm)
    };
    p * after_win(t, sm, sh, mm, mh, rf) + (1.0 - p) * (1.0 - after_win(t, sh, sm, mh, mm, !rf))
}

/// The chance `me` wins the game just after `me` won a Rendezvous (before the take's
/// consequences): the round ends when the other side is left with two men.
fn after_win(t: &Table, sm: u8, sh: u8, mm: u8, mh: u8, me_round_first: bool) -> f64 {
    if mh <= 3 {
        new_round(t, sm.saturating_add(mm), sh, me_round_first)
    } else {
        t.v[index(sm, sh, mm, mh - 1, true, me_round_first)]
    }
}

/// The chance `me` wins the game at the start of a new round (the player who set
/// second in the last round sets first, and plays first).
fn new_round(t: &Table, sm: u8, sh: u8, me_was_round_first: bool) -> f64 {
    if sm >= 5 {
        return 1.0;
    }
    if sh >= 5 {
        return 0.0;
    }
    let me_first = !me_was_round_first;
    t.v[index(sm, sh, 5, 5, me_first, me_first)]
}

/// The chance `side` wins the game from the start of the next Rendezvous.
fn state_value(pos: &Position, side: Side, me_first: bool) -> f64 {
    let round = pos.round();
    let t = table();
    t.v[index(
        round.score.of(side),
        round.score.of(!side),
        pos.count(side),
        pos.count(!side),
        me_first,
        round.first == side,
    )]
}

/// The chance `side` wins the game once the Rendezvous being played is over, won by
/// `side` (`won`) or by the other.
fn after_rendezvous(pos: &Position, side: Side, won: bool) -> f64 {
    after_rendezvous_with(pos, side, won, pos.count(side), pos.count(!side))
}

/// [`after_rendezvous`] with `side` holding `mm` men and the other `mh`.
fn after_rendezvous_with(pos: &Position, side: Side, won: bool, mm: u8, mh: u8) -> f64 {
    let round = pos.round();
    let t = table();
    let (sm, sh) = (round.score.of(side), round.score.of(!side));
    let rf = round.first == side;
    if won {
        after_win(t, sm, sh, mm, mh, rf)
    } else {
        1.0 - after_win(t, sh, sm, mh, mm, !rf)
    }
}

/// The least a Rendezvous is worth winning, as a chance of winning the game.
///
/// In some states the table says the loser of a Rendezvous does better (at four men
/// against four the winner then races with more men and as first player, and so loses
/// the next Rendezvous most of the time). Played by that, both sides stop racing and
/// the game is drawn by repetition; so a side always wants to win the Rendezvous, by
/// at least this much, and the table decides how much more.
const LEAST_STAKES: f64 = 0.05;

/// The chance of winning the game when the Rendezvous being played is won with chance
/// `p`, leading to `win`, or lost, leading to `lose` (see [`LEAST_STAKES`]).
fn combine(p: f64, win: f64, lose: f64) -> f64 {
    let mid = 0.5 * (win + lose);
    let stakes = (win - lose).max(LEAST_STAKES);
    (mid + (p - 0.5) * stakes).clamp(0.0, 1.0)
}

/// The 1879 score of `pos` for `side` (see the module's description).
pub fn evaluate_1879(pos: &Position, side: Side) -> i32 {
    let p = chance_1879(pos, side);
    (SCALE * (2.0 * p - 1.0)).round() as i32
}

/// The chance `side` wins the game from `pos` (not yet won).
pub fn chance_1879(pos: &Position, side: Side) -> f64 {
    let round = pos.round();
    match pos.phase() {
        Phase::Set => {
            // A new round: the one who set first plays first.
            let first = round.first;
            let me_first = first == side;
            let t = table();
            let (sm, sh) = (round.score.of(side), round.score.of(!side));
            if sm >= 5 {
                return 1.0;
            }
            if sh >= 5 {
                return 0.0;
            }
            if pos.men(first).is_empty() {
                return t.v[index(sm, sh, 5, 5, me_first, me_first)];
            }
            // The first player's men are set: his race on each die square against a
            // typical set-up's.
            let p = solo_chance(pos.men(first));
            let v = combine(
                p,
                after_rendezvous_with(pos, first, true, 5, 5),
                after_rendezvous_with(pos, first, false, 5, 5),
            );
            if me_first { v } else { 1.0 - v }
        }
        Phase::Mark | Phase::Bonus(_) => {
            let first = pos.to_act();
            let p = die_chance(pos, first);
            let (win, lose) = (
                after_rendezvous(pos, first, true),
                after_rendezvous(pos, first, false),
            );
            let v = combine(p, win, lose);
            if first == side { v } else { 1.0 - v }
        }
        _ => {
            let Some(rv) = pos.rendezvous() else {
                return state_value(pos, side, pos.to_act() == side);
            };
            let a = pos.count(Side::Black).min(pos.count(Side::Yellow));
            let occupied = pos.occupied();
            let mover = pos.to_act();
            let me = race_1879(pos.men(mover), occupied, rv.squares(), a);
            let them = race_1879(pos.men(!mover), occupied, rv.squares(), a);
            let p = rendezvous_chance(&me, &them, a);
            let v = combine(
                p,
                after_rendezvous(pos, mover, true),
                after_rendezvous(pos, mover, false),
            );
            if mover == side { v } else { 1.0 - v }
        }
    }
}
