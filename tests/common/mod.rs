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
    Action::Turn {
        moves,
        take,
        wanderers: vec![],
        radiate: None,
    }
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

/// A random turn built man's move by man's move from `legal_moves`, or a pass when no
/// man can move. After the first move the turn stops one time in `stop_one_in`; a move
/// into the Rendezvous is preferred unless one time in `stray_one_in`, so that
/// Rendezvous are won and games go on to the small sizes.
pub fn biased_turn(
    p: &Position,
    rng: &mut Lcg,
    stop_one_in: usize,
    stray_one_in: usize,
) -> TurnResult {
    let mut t = p.begin_turn().expect("a turn can begin");
    let inside = t.rendezvous().squares();
    loop {
        if let Some(choices) = t.take_choices() {
            let choices: Vec<Square> = choices.iter().collect();
            t.take(choices[rng.below(choices.len())])
                .expect("a listed choice");
            break;
        }
        let moves = t.legal_moves();
        if moves.is_empty() || (!t.moves().is_empty() && rng.below(stop_one_in) == 0) {
            break;
        }
        let entering: Vec<ManMove> = moves
            .iter()
            .copied()
            .filter(|m| inside.contains(m.to) && !inside.contains(m.from))
            .collect();
        let m = if !entering.is_empty() && rng.below(stray_one_in) != 0 {
            entering[rng.below(entering.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let played = t.play_move(m.from, m.to).expect("a listed move is legal");
        assert_eq!(played, m);
    }
    match t.finish() {
        Ok(r) => r,
        Err(RuleViolation::EmptyTurn) => TurnResult {
            moves: Vec::new(),
            end: TurnEnd::Played,
            wanderers: Vec::new(),
            radiate: None,
            radiated: Vec::new(),
            position: p.pass().expect("no move at all: pass"),
        },
        Err(e) => panic!("finish refused a turn of legal moves: {e}"),
    }
}

/// Whether a turn of at most `left` more man's moves from `t` reaches `target` (the
/// take, then the end; no wanderers, as in the 1893 rules), by brute force over every
/// move.
pub fn reaches_within(t: &TurnInProgress, target: &Position, left: usize) -> bool {
    if let Some(choices) = t.take_choices() {
        return choices.into_iter().any(|sq| {
            let mut next = t.clone();
            next.take(sq).is_ok() && next.finish().is_ok_and(|r| r.position == *target)
        });
    }
    if !t.moves().is_empty() && t.finish().is_ok_and(|r| r.position == *target) {
        return true;
    }
    left > 0
        && t.legal_moves().into_iter().any(|m| {
            let mut next = t.clone();
            next.play_move(m.from, m.to).is_ok() && reaches_within(&next, target, left - 1)
        })
}
