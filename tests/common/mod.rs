//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

use lanrick::engine::*;

/// A square from its name.
pub fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|_| panic!("bad square {s:?}"))
}

/// A set of squares from names separated by spaces.
pub fn set(s: &str) -> SquareSet {
    s.split_whitespace().map(sq).collect()
}

/// A position from its string.
pub fn pos(s: &str) -> Position {
    Position::parse(s).unwrap_or_else(|e| panic!("bad position {s:?}: {e} at {:?}", e.span))
}

/// Plays a turn written as `a1-b2 c3-c4 x e6` from `p`: the moves in order, then the
/// take if written, then finish.
pub fn turn(p: &Position, text: &str) -> Result<TurnResult, RuleViolation> {
    let mut t = p.begin_turn()?;
    let mut words = text.split_whitespace();
    while let Some(w) = words.next() {
        if w == "x" {
            let target = words.next().expect("square after x");
            t.take(sq(target))?;
        } else {
            let (a, b) = w.split_once('-').expect("from-to");
            t.play_move(sq(a), sq(b))?;
        }
    }
    t.finish()
}

/// The moves of a turn text as pairs, and the take.
pub fn action(text: &str) -> Action {
    let mut moves = Vec::new();
    let mut take = None;
    let mut words = text.split_whitespace();
    while let Some(w) = words.next() {
        if w == "x" {
            take = Some(sq(words.next().expect("square after x")));
        } else {
            let (a, b) = w.split_once('-').expect("from-to");
            moves.push((sq(a), sq(b)));
        }
    }
    Action::Turn { moves, take }
}

/// A tiny linear congruential generator for reproducible random play.
#[derive(Clone, Debug)]
pub struct Lcg(pub u64);

impl Lcg {
    /// The next raw value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    /// A value below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// One random legal action from `p` (which must not be finished): a Mark from
/// `mark_options`, sometimes an interchange, otherwise a turn from `outcomes`.
pub fn random_step(p: &Position, rng: &mut Lcg) -> Position {
    if p.phase() == Phase::Mark {
        let opts = p.mark_options();
        let r = opts[rng.below(opts.len())];
        return p
            .set_mark(r.mark(), r.line_square())
            .expect("mark_options gives legal marks");
    }
    if p.can_interchange().is_ok() && rng.below(4) == 0 {
        let chosen: Vec<Square> = match p.interchange_choice_needed() {
            None => Vec::new(),
            Some(k) => {
                let mut men: Vec<Square> = p.men(p.to_act()).iter().collect();
                let mut out = Vec::new();
                for _ in 0..k {
                    out.push(men.remove(rng.below(men.len())));
                }
                out
            }
        };
        return p.interchange(&chosen).expect("legal interchange");
    }
    let outs = outcomes(p);
    assert!(!outs.is_empty(), "no outcome from {p}");
    outs[rng.below(outs.len())].position
}
