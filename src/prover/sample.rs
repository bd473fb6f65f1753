//! The seeded generator of benchmark puzzles: positions with few men made by chance,
//! each with a direct goal for the side to act, so that the prover's speed is measured
//! on a set nobody chose (`benches/deep.rs`, `docs/performance.md`). The same seed
//! always gives the same set; whether each goal can be forced is for the prover to
//! find.

use crate::engine::search::visit_outcomes;
use crate::engine::{Position, Rng, Rules, Side, Square, SquareSet};
use std::ops::ControlFlow;

use super::{Goal, Target};

/// One generated puzzle: a position in play and a goal for its side to act.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// The goal: the side to act wins the Rendezvous or the game within `turns`.
    pub goal: Goal,
}

/// `per` puzzles for each edition (1893, 1880, 1879) and each target (the Rendezvous,
/// the game), in that order, with goals in `turns`, from `seed`. Each position has
/// four to `max_men` men (1879: three a side at least, as its rounds require), a Mark
/// drawn from the legal ones and up to two random turns played after it; a position
/// that is no longer in play, or that the random draw cannot set up, is drawn again.
pub fn benchmark_set(seed: u64, per: usize, turns: u32, max_men: usize) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let editions = [
        Rules::default(),
        "1880".parse().unwrap_or_default(),
        "1879".parse().unwrap_or_default(),
    ];
    for rules in editions {
        for target in [Target::Rendezvous, Target::Game] {
            let mut made = 0;
            let mut guard = 0;
            while made < per && guard < 100_000 {
                guard += 1;
                // A game of rounds (1879) ends its round at two men a side: at least
                // three each in play.
                let least = if rules.plays_rounds() { 6 } else { 4 };
                let top = max_men.max(least);
                let men = least + rng.below(top - least + 1);
                let Some(position) = random_position(&mut rng, rules, men) else {
                    continue;
                };
                out.push(Sample {
                    position,
                    goal: Goal {
                        side: position.to_act(),
                        target,
                        turns,
                        help: false,
                    },
                });
                made += 1;
            }
        }
    }
    out
}

/// A position under `rules` with `men` men on random squares (alternately Black's and
/// Yellow's), a random side to act, a random legal Mark and up to two random turns
/// after it; in a game of rounds (1879) a random score. `None` when the draw gives no
/// position in play. The prover's reference tests draw their positions with it too.
pub fn random_position(rng: &mut Rng, rules: Rules, men: usize) -> Option<Position> {
    let mut squares: Vec<u8> = (0..64).collect();
    let mut black = SquareSet::EMPTY;
    let mut yellow = SquareSet::EMPTY;
    for i in 0..men.min(64) {
        let j = i + rng.below(64 - i);
        squares.swap(i, j);
        let sq = Square::from_index(squares[i])?;
        if i % 2 == 0 {
            black.insert(sq);
        } else {
            yellow.insert(sq);
        }
    }
    let side = if rng.chance(50) {
        Side::Black
    } else {
        Side::Yellow
    };
    let p = Position::with_men(black, yellow, side)
        .ok()?
        .with_rules(rules);
    let marks = p.mark_outcomes();
    if marks.is_empty() {
        return None;
    }
    let mut p = marks[rng.below(marks.len())].1;
    for _ in 0..rng.below(3) {
        let mut next = Vec::new();
        let _ = visit_outcomes(&p, |_, c| {
            next.push(*c);
            ControlFlow::Continue(())
        });
        if next.is_empty() {
            break;
        }
        let q = next[rng.below(next.len())];
        if q.winner().is_some() || !q.phase().in_play() {
            break;
        }
        p = q;
    }
    if p.winner().is_some() || !p.phase().in_play() {
        return None;
    }
    if rules.plays_rounds() {
        return with_score(&p, rng);
    }
    Some(p)
}

/// A 1879 position with a random score (each side 0 to 4): the position string's
/// score field rewritten and read back, so the engine accepts the position.
fn with_score(p: &Position, rng: &mut Rng) -> Option<Position> {
    let (b, y) = (rng.below(5), rng.below(5));
    let text: Vec<String> = p
        .to_string()
        .split(' ')
        .map(|f| {
            if f.contains('-') && f.chars().all(|c| c.is_ascii_digit() || c == '-') {
                format!("{b}-{y}")
            } else {
                f.to_string()
            }
        })
        .collect();
    Position::parse_as(p.rules(), &text.join(" ")).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ten puzzles per edition and target, at most eight men, in play, the goal's side
    /// to act; the same seed gives the same set, another seed another.
    #[test]
    fn the_benchmark_set_is_seeded_and_covers_every_edition_and_target() {
        let set = benchmark_set(26, 10, 3, 8);
        assert_eq!(set.len(), 60);
        for (i, s) in set.iter().enumerate() {
            let edition = ["1893", "1880", "1879"][i / 20];
            assert_eq!(s.position.rules().edition().to_string(), edition, "{i}");
            let target = [Target::Rendezvous, Target::Game][(i / 10) % 2];
            assert_eq!(s.goal.target, target);
            let men = s.position.count(Side::Black) + s.position.count(Side::Yellow);
            assert!((2..=8).contains(&men), "{}", s.position);
            assert!(s.position.phase().in_play() && s.position.winner().is_none());
            assert_eq!(s.goal.side, s.position.to_act());
            assert_eq!((s.goal.turns, s.goal.help), (3, false));
        }
        let again = benchmark_set(26, 10, 3, 8);
        assert!(
            set.iter()
                .zip(&again)
                .all(|(a, b)| a.position == b.position)
        );
        let other = benchmark_set(27, 10, 3, 8);
        assert!(
            set.iter()
                .zip(&other)
                .any(|(a, b)| a.position != b.position)
        );
    }
}
