//! All distinct outcomes of the next action of the side to act: for a turn, every
//! position the turn can end in (two outcomes differ when their position strings
//! differ, so orders of the same moves count once and every Rule 7 choice counts
//! apart); for a Mark, every Rendezvous the setter may make.
//!
//! The search walks the turn man's move by man's move and never visits the same state
//! of a turn twice: a state is the mover's men, which of them have moved, and the
//! squares counted, since nothing else changes during a turn.

use super::position::{Phase, Position};
use super::rendezvous::Rendezvous;
use super::side::Side;
use super::square::Square;
use super::squareset::SquareSet;
use super::turn::{ManMove, MoveContext};
use super::violation::RuleViolation;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// The action that leads to an outcome, in a form the notation writes directly.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OutcomeAction {
    /// Setting the Mark (with its line square for a 3-square Rendezvous).
    Mark(Rendezvous),
    /// A turn: the man's moves and the man taken under Rule 7 or 8, if any.
    Turn {
        /// The man's moves in order.
        moves: Vec<ManMove>,
        /// The man replaced (Rule 7) or removed (Rule 8).
        take: Option<Square>,
    },
    /// A pass (D-6).
    Pass,
}

impl fmt::Display for OutcomeAction {
    /// The action in canonical notation: `mark d5`, `mark d5 d6`, `a7-b6 e8-e7 x e6`,
    /// `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutcomeAction::Mark(r) => {
                write!(f, "mark {}", r.mark())?;
                if let Some(l) = r.line_square() {
                    write!(f, " {l}")?;
                }
                Ok(())
            }
            OutcomeAction::Turn { moves, take } => {
                let mut first = true;
                for m in moves {
                    if !first {
                        f.write_str(" ")?;
                    }
                    first = false;
                    write!(f, "{m}")?;
                }
                if let Some(t) = take {
                    if !first {
                        f.write_str(" ")?;
                    }
                    write!(f, "x {t}")?;
                }
                Ok(())
            }
            OutcomeAction::Pass => f.write_str("pass"),
        }
    }
}

/// One distinct outcome: an action that reaches it and the position it leads to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// A canonical action reaching the outcome (the first found in a fixed order).
    pub action: OutcomeAction,
    /// The resulting position.
    pub position: Position,
}

/// A small fast hasher for the search's integer keys.
#[derive(Default, Clone, Copy)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }
}

type FastSet<K> = HashSet<K, BuildHasherDefault<FoldHasher>>;
type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FoldHasher>>;

/// What the search reports for each end of a turn it reaches.
trait Sink {
    /// A turn that ends with the mover's men on `mine` and the opponent's on `other`.
    /// `path` is the moves that reach it; `take` the man taken, if any.
    fn end(&mut self, mine: SquareSet, other: SquareSet, path: &[ManMove], take: Option<Square>);
}

struct Search<'a, S: Sink> {
    ctx: MoveContext,
    allowance: u8,
    visited: FastSet<(u64, u64, u8)>,
    path: Vec<ManMove>,
    sink: &'a mut S,
}

impl<S: Sink> Search<'_, S> {
    fn all_in(&self, mine: SquareSet) -> bool {
        (mine - self.ctx.rendezvous).is_empty()
    }

    /// The takes due when all the mover's men are in.
    fn takes(&mut self, mine: SquareSet) {
        let outlying = self.ctx.other - self.ctx.rendezvous;
        if outlying.count() == 1 {
            let other = self.ctx.other - outlying;
            self.sink.end(mine, other, &self.path, outlying.first());
        } else {
            for sq in outlying {
                self.sink.end(
                    mine.with(sq),
                    self.ctx.other.without(sq),
                    &self.path,
                    Some(sq),
                );
            }
        }
    }

    fn walk(&mut self, mine: SquareSet, moved: SquareSet, used: u8) {
        let mut next: Vec<ManMove> = Vec::new();
        self.ctx
            .generate(mine, moved, self.allowance - used, |m| next.push(m));
        for m in next {
            let mine2 = mine.without(m.from).with(m.to);
            let moved2 = moved.without(m.from).with(m.to);
            let used2 = used + m.count;
            if !self.visited.insert((mine2.0, moved2.0, used2)) {
                continue;
            }
            self.path.push(m);
            if self.all_in(mine2) {
                self.takes(mine2);
            } else {
                self.sink.end(mine2, self.ctx.other, &self.path, None);
                if used2 < self.allowance {
                    self.walk(mine2, moved2, used2);
                }
            }
            self.path.pop();
        }
    }
}

/// Runs the search over the turn of the side to act in `pos`; returns whether any
/// end was reached (false means the side can only pass).
fn search<S: Sink>(pos: &Position, sink: &mut S) -> Result<bool, RuleViolation> {
    let turn = pos.begin_turn()?;
    let mover = pos.to_act();
    let rendezvous = turn.rendezvous().squares();
    let mut s = Search {
        ctx: MoveContext {
            rendezvous,
            open: turn.rendezvous().is_open(),
            other: pos.men(!mover),
        },
        allowance: turn.allowance(),
        visited: FastSet::default(),
        path: Vec::new(),
        sink,
    };
    let mine = pos.men(mover);
    if s.all_in(mine) {
        s.takes(mine);
        return Ok(true);
    }
    let before = s.visited.len();
    s.walk(mine, SquareSet::EMPTY, 0);
    Ok(s.visited.len() > before)
}

fn placement(mover: Side, mine: SquareSet, other: SquareSet) -> (u64, u64) {
    match mover {
        Side::Black => (mine.0, other.0),
        Side::Yellow => (other.0, mine.0),
    }
}

struct Counter(FastSet<(u64, u64)>, Side);

impl Sink for Counter {
    fn end(&mut self, mine: SquareSet, other: SquareSet, _: &[ManMove], _: Option<Square>) {
        self.0.insert(placement(self.1, mine, other));
    }
}

struct Collector(FastMap<(u64, u64), (Vec<ManMove>, Option<Square>)>, Side);

impl Sink for Collector {
    fn end(&mut self, mine: SquareSet, other: SquareSet, path: &[ManMove], take: Option<Square>) {
        self.0
            .entry(placement(self.1, mine, other))
            .or_insert_with(|| (path.to_vec(), take));
    }
}

/// The number of distinct outcomes of the next action of the side to act (see the
/// module documentation); 0 when the game is over.
pub fn count_outcomes(pos: &Position) -> usize {
    if pos.winner().is_some() {
        return 0;
    }
    if pos.phase() == Phase::Mark {
        return pos.mark_options().len();
    }
    let mut c = Counter(FastSet::default(), pos.to_act());
    match search(pos, &mut c) {
        Ok(true) => c.0.len(),
        Ok(false) => 1,
        Err(_) => 0,
    }
}

/// Every distinct outcome of the next action of the side to act, ordered by the
/// canonical action's text; empty when the game is over.
pub fn outcomes(pos: &Position) -> Vec<Outcome> {
    if pos.winner().is_some() {
        return Vec::new();
    }
    if pos.phase() == Phase::Mark {
        return pos
            .mark_outcomes()
            .into_iter()
            .map(|(r, position)| Outcome {
                action: OutcomeAction::Mark(r),
                position,
            })
            .collect();
    }
    let mover = pos.to_act();
    let mut c = Collector(FastMap::default(), mover);
    match search(pos, &mut c) {
        Ok(true) => {}
        Ok(false) => {
            return pos
                .pass()
                .map(|position| Outcome {
                    action: OutcomeAction::Pass,
                    position,
                })
                .into_iter()
                .collect();
        }
        Err(_) => return Vec::new(),
    }
    let mut out: Vec<Outcome> =
        c.0.into_iter()
            .filter_map(|(_, (moves, take))| {
                let mut turn = pos.begin_turn().ok()?;
                for m in &moves {
                    turn.play_move(m.from, m.to).ok()?;
                }
                if let Some(t) = take {
                    turn.take(t).ok()?;
                }
                let result = turn.finish().ok()?;
                Some(Outcome {
                    action: OutcomeAction::Turn { moves, take },
                    position: result.position,
                })
            })
            .collect();
    out.sort_by_cached_key(|o| (o.action.to_string(), o.position.to_string()));
    out
}
