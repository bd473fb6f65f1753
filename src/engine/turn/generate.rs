//! Generating a turn's legal man's moves fast ([`MoveContext`]): every target of each
//! man not yet moved, by straight lines and Rule 6 slides round the ring, for the
//! searches that try every move (the turn itself checks one move at a time).

use super::super::geometry::{LINE, RAYS, RING_STEPS, WITHIN};
use super::super::rendezvous::{RING, RING_INDEX};
use super::super::square::Square;
use super::super::squareset::SquareSet;
use super::{ManMove, Way};

/// What move generation needs to know besides the mover's men: fixed for a whole turn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveContext {
    /// The Rendezvous squares.
    pub rendezvous: SquareSet,
    /// Whether Rule 6 slides are allowed.
    pub open: bool,
    /// The opponent's men.
    pub other: SquareSet,
    /// The Rendezvous squares' places on the
    /// [`RING`](super::super::rendezvous::RING), as [`ring_places`] gives them.
    ring_rendezvous: [u32; 2],
    /// The opponent's men's places on the ring, likewise.
    ring_other: [u32; 2],
    /// Whether one man may count at most 3 unless he is the only one outside (1893
    /// Rule 3, D-5); the early editions have no per-man limit.
    limit_each: bool,
}

/// The places on the [`RING`](super::super::rendezvous::RING) of the border squares of
/// `set`, as bits of two 28-bit rings: bit `i` of the first for place `i`, bit `27 - i`
/// of the second, so that going down the ring's index is going up the second's.
fn ring_places(set: SquareSet) -> [u32; 2] {
    let mut places = [0u32; 2];
    for sq in set & SquareSet::BORDER {
        let i = RING_INDEX[sq.index() as usize];
        places[0] |= 1 << i;
        places[1] |= 1 << (27 - i);
    }
    places
}

/// The places of `places` (one of the rings of [`ring_places`]) seen from place
/// `start` of that ring: bit k - 1 for the place k steps on (the ring written twice,
/// one after the other, read from `start + 1`: at most 28 steps, so no remainder is
/// needed).
#[inline]
fn ahead(places: u32, start: usize) -> u32 {
    const RING_MASK: u32 = (1 << 28) - 1;
    let x = u64::from(places);
    ((x | x << 28) >> (start + 1)) as u32 & RING_MASK
}

/// How far a Rule 6 slide goes one way round the ring from place `start` of `ring`
/// (one of the rings of [`ring_places`]), whose occupied places are `occupied` and
/// Rendezvous places `rendezvous`, for a man who may count at most `limit` (at
/// least 1): the number of steps that count 1 (up to the first man in the way, and up
/// to the first Rendezvous square, which counts 1 too) and the number of steps that
/// can be taken at all (beyond that Rendezvous square every step counts, up to
/// `limit`).
#[inline]
fn slide_reach(occupied: u32, rendezvous: u32, start: usize, limit: u8) -> (usize, usize) {
    // The man's own place is 28 steps on, so a man is always found.
    let free = ahead(occupied, start).trailing_zeros() as usize;
    let first_in = ahead(rendezvous, start).trailing_zeros() as usize + 1;
    if first_in < free {
        (first_in, first_in.max(free.min(usize::from(limit))))
    } else {
        (free, free)
    }
}

impl MoveContext {
    /// The most the man on `from` may count with `remaining` squares left, the
    /// mover's men outside the Rendezvous being `outside`: 3 at most (Rule 3), unless
    /// he is the only one outside (D-5) or the edition has no such limit.
    #[inline]
    fn limit(&self, outside: SquareSet, from: Square, remaining: u8) -> u8 {
        if !self.limit_each || outside == SquareSet::from_square(from) {
            remaining
        } else {
            remaining.min(3)
        }
    }

    /// How many steps a man counting at most 3 may slide one way round the ring (`w`
    /// as in [`RING_STEPS`]) from place `start`: up to the first Rendezvous square
    /// (the slide counts 1 up to there), or 3 if that is nearer (beyond it every step
    /// counts); at most 27.
    #[inline]
    fn slide_steps(&self, w: usize, start: usize) -> usize {
        let at = if w == 0 { start } else { 27 - start };
        let first_in = ahead(self.ring_rendezvous[w], at).trailing_zeros() as usize + 1;
        first_in.clamp(3, 27)
    }

    /// The steps from place `start` to place `place` going `w` round the ring.
    #[inline]
    fn ring_steps(w: usize, start: usize, place: usize) -> usize {
        if w == 0 {
            (place + 28 - start) % 28
        } else {
            (start + 28 - place) % 28
        }
    }

    /// The squares inside each way round the ring from `from` to `to` (two border
    /// squares, not neighbours, in an open Rendezvous) that a man counting at most 3
    /// could slide: a way that counts 1 (it meets no Rendezvous square before `to`),
    /// or one of at most 3 steps. A man on any of them can change whether, or how
    /// cheaply, such a move is made; the other way, long and past a Rendezvous
    /// square, is never the cheapest for him.
    #[inline(never)]
    pub(crate) fn slide_ways(&self, from: Square, to: Square) -> u64 {
        let start = RING_INDEX[from.index() as usize] as usize;
        let place = RING_INDEX[to.index() as usize] as usize;
        let mut ways = 0;
        for (w, steps) in RING_STEPS.iter().enumerate() {
            let k = MoveContext::ring_steps(w, start, place);
            if k <= self.slide_steps(w, start) {
                ways |= steps[start][k - 1];
            }
        }
        ways
    }

    /// The targets of the man on the border square `from` whose
    /// [`MoveContext::slide_ways`] hold a square of `squares`: those past one of
    /// them round the ring, within the steps a way may have (see `slide_ways`), but
    /// his neighbours.
    #[inline(never)]
    pub(crate) fn slide_ways_through(&self, from: Square, squares: u64) -> u64 {
        let start = RING_INDEX[from.index() as usize] as usize;
        let on_ring = squares & SquareSet::BORDER.0 & !(1 << from.index());
        let mut keep = 0;
        for (w, steps) in RING_STEPS.iter().enumerate() {
            let steps = &steps[start];
            let reach = self.slide_steps(w, start);
            for s in SquareSet(on_ring) {
                let j = MoveContext::ring_steps(w, start, RING_INDEX[s.index() as usize] as usize);
                if j < reach {
                    keep |= steps[reach] & !steps[j];
                }
            }
        }
        keep & !WITHIN[from.index() as usize][1]
    }

    /// [`MoveContext::slide_ways`] and [`MoveContext::slide_ways_through`] for every
    /// pair of places on the ring, worked out once for a search that asks at many
    /// states.
    pub(crate) fn slide_table(&self) -> SlideTable {
        let mut table = SlideTable {
            ways: [[0; 32]; 32],
            through: [[0; 32]; 32],
        };
        for (x, &from) in RING.iter().enumerate() {
            for (p, &to) in RING.iter().enumerate() {
                if x != p {
                    table.ways[x][p] = self.slide_ways(from, to);
                    table.through[x][p] = self.slide_ways_through(from, 1 << to.index());
                }
            }
        }
        table
    }

    /// The places on the ring of every man, the mover's being `mine`.
    #[inline]
    fn ring_places_with(&self, mine: SquareSet) -> [u32; 2] {
        let [a, b] = ring_places(mine);
        [a | self.ring_other[0], b | self.ring_other[1]]
    }

    /// The context of a turn in a Rendezvous on `rendezvous`, open (slides allowed) or
    /// not, against the opponent's men `other`.
    pub(crate) fn new(rendezvous: SquareSet, open: bool, other: SquareSet) -> MoveContext {
        MoveContext {
            rendezvous,
            open,
            other,
            ring_rendezvous: ring_places(rendezvous),
            ring_other: ring_places(other),
            limit_each: true,
        }
    }

    /// The same context without the per-man limit (the early editions).
    pub(crate) fn without_man_limit(self) -> MoveContext {
        MoveContext {
            limit_each: false,
            ..self
        }
    }
}

/// [`MoveContext::slide_ways`] and [`MoveContext::slide_ways_through`] of one
/// context, looked up by the places on the ring ([`MoveContext::slide_table`]).
/// (32 places a row, so that a place masked to 5 bits needs no bounds check.)
pub(crate) struct SlideTable {
    /// By the two squares' places.
    ways: [[u64; 32]; 32],
    /// By the man's place and one square's.
    through: [[u64; 32]; 32],
}

impl SlideTable {
    /// [`MoveContext::slide_ways`]`(from, to)`: two border squares, not the same.
    #[inline]
    pub(crate) fn ways(&self, from: Square, to: Square) -> u64 {
        self.ways[place(from)][place(to)]
    }

    /// [`MoveContext::slide_ways_through`]`(from, squares)`, from `from` (a border
    /// square): the union over each border square of `squares` but `from`.
    #[inline]
    pub(crate) fn through(&self, from: Square, squares: u64) -> u64 {
        let row = &self.through[place(from)];
        let mut keep = 0;
        for s in SquareSet(squares & SquareSet::BORDER.0 & !(1 << from.index())) {
            keep |= row[place(s)];
        }
        keep
    }
}

/// The place on the ring of a border square, below 32.
#[inline]
fn place(sq: Square) -> usize {
    RING_INDEX[sq.index() as usize] as usize & 31
}

/// The squares a man on `from` reaches in straight lines through the empty squares
/// (`occupied` holds every man), at most `limit` squares away.
#[inline]
fn straight_targets(from: Square, occupied: u64, limit: u8) -> u64 {
    if limit == 1 {
        // One square away: every neighbour is in line, with nothing between.
        return WITHIN[from.index() as usize][1] & !occupied;
    }
    let rays = &RAYS[from.index() as usize];
    let mut reach = 0u64;
    for (d, &ray) in rays.iter().enumerate() {
        let blockers = ray & occupied;
        let beyond = if blockers == 0 {
            0
        } else {
            // North, NorthEast, East and NorthWest run to higher indices; the others
            // to lower ones.
            let b = if matches!(d, 0 | 1 | 2 | 7) {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            } as usize;
            RAYS[b][d] | (1 << b)
        };
        reach |= ray & !beyond;
    }
    reach & WITHIN[from.index() as usize][limit.min(7) as usize]
}

impl MoveContext {
    /// Calls `emit` once for every legal man's move of the unmoved men in `mine`, each
    /// target once with its cheapest count (D-7), when `remaining` squares are left.
    /// Moves come by the man's square, then by the target, both ascending.
    #[inline]
    pub(crate) fn generate(
        &self,
        mine: SquareSet,
        moved: SquareSet,
        remaining: u8,
        emit: impl FnMut(ManMove),
    ) {
        self.generate_masked(mine, moved, remaining, |_, _| !0, emit);
    }

    /// As [`MoveContext::generate`], but only the moves to the targets in
    /// `keep(from, limit)` for the man on `from`, who may count at most `limit`.
    #[inline]
    pub(crate) fn generate_masked(
        &self,
        mine: SquareSet,
        moved: SquareSet,
        remaining: u8,
        mut keep: impl FnMut(Square, u8) -> u64,
        mut emit: impl FnMut(ManMove),
    ) {
        let occupied = mine | self.other;
        let outside = mine - self.rendezvous;
        // The occupied places of the ring, worked out for the first slide.
        let mut ring: Option<[u32; 2]> = None;
        for from in mine - moved {
            let limit = self.limit(outside, from, remaining);
            if limit == 0 {
                continue;
            }
            let keep = keep(from, limit);
            let straight = straight_targets(from, occupied.0, limit);
            if !(self.open && from.is_border()) {
                for to in SquareSet(straight & keep) {
                    emit(straight_move(from, to));
                }
                continue;
            }
            let ring = *ring.get_or_insert_with(|| self.ring_places_with(mine));
            let slides = self.slides(ring, from, limit);
            self.emit_slider(from, straight, &slides, keep, &mut emit);
        }
    }

    /// A man's Rule 6 slides from `from`, each way round the ring (the places of every
    /// man being `ring`), for a man who may count at most `limit`.
    #[inline]
    fn slides(&self, ring: [u32; 2], from: Square, limit: u8) -> Slides {
        let start = RING_INDEX[from.index() as usize] as usize;
        let mut s = Slides {
            start,
            one: [0; 2],
            far: [0; 2],
        };
        for w in 0..2 {
            let at = if w == 0 { start } else { 27 - start };
            let (ones, all) = slide_reach(ring[w], self.ring_rendezvous[w], at, limit);
            s.one[w] = RING_STEPS[w][start][ones];
            s.far[w] = all;
        }
        s
    }

    /// Calls `emit` for each move of the man on `from` who may slide (`slides`) to a
    /// square of `keep`, by his cheapest way; `straight` is his straight targets.
    #[inline]
    fn emit_slider(
        &self,
        from: Square,
        straight: u64,
        slides: &Slides,
        keep: u64,
        mut emit: impl FnMut(ManMove),
    ) {
        let (start, one) = (slides.start, slides.one);
        let reach = [0, 1].map(|w| RING_STEPS[w][start][slides.far[w]]);
        let slides = reach[0] | reach[1];
        // Nothing counts less than 1: a straight move to a neighbour wins, then a
        // slide that counts 1, anticlockwise first (D-7's ties).
        let near = straight & WITHIN[from.index() as usize][1];
        for to in SquareSet((straight | slides) & keep) {
            let bit = 1 << to.index();
            let slide = |anticlockwise: bool, count: u8| ManMove {
                from,
                to,
                count,
                way: Way::Slide { anticlockwise },
            };
            if near & bit != 0 || slides & bit == 0 {
                emit(straight_move(from, to));
            } else if one[0] & bit != 0 {
                emit(slide(true, 1));
            } else if one[1] & bit != 0 {
                emit(slide(false, 1));
            } else {
                // Beyond the first Rendezvous square every step counts.
                let place = RING_INDEX[to.index() as usize] as usize;
                let steps = [0, 1].map(|w| MoveContext::ring_steps(w, start, place));
                let mut best = if straight & bit != 0 {
                    straight_move(from, to)
                } else {
                    slide(true, u8::MAX)
                };
                for (w, anticlockwise) in [true, false].into_iter().enumerate() {
                    if reach[w] & bit != 0 && (steps[w] as u8) < best.count {
                        best = slide(anticlockwise, steps[w] as u8);
                    }
                }
                emit(best);
            }
        }
    }
}

/// A man's Rule 6 slides each way round the ring (0: up the ring's index,
/// anticlockwise; 1: down it), as [`MoveContext::slides`] finds them.
struct Slides {
    /// The man's place on the ring.
    start: usize,
    /// The squares his slides reach counting 1.
    one: [u64; 2],
    /// How many steps he can slide at all.
    far: [usize; 2],
}

/// What [`MoveContext::generate_split`] hands on: one man's move, or all the moves of
/// one man that use up what is left of the allowance.
pub(crate) enum Generated {
    /// A man's move, as [`MoveContext::generate`] gives it.
    Move(ManMove),
    /// The man on `from` may move to each of `targets`, counting exactly the squares
    /// left by his cheapest way there (straight or, in an open Rendezvous, sliding).
    Last {
        /// The man's square.
        from: Square,
        /// The number of the mover's men on squares below his.
        place: usize,
        /// The squares he reaches with all that is left.
        targets: u64,
    },
}

impl MoveContext {
    /// As [`MoveContext::generate_masked`], but the moves that use up all of
    /// `remaining` (by the man's cheapest way) come together, a man's at a time, as
    /// [`Generated::Last`] (after his other moves), so that a search that only needs
    /// where they end can take them in bulk. The others come one by one, in the order
    /// of `generate_masked`.
    #[inline]
    pub(crate) fn generate_split(
        &self,
        mine: SquareSet,
        moved: SquareSet,
        remaining: u8,
        mut keep: impl FnMut(Square, u8) -> u64,
        mut emit: impl FnMut(Generated),
    ) {
        let occupied = mine | self.other;
        let outside = mine - self.rendezvous;
        // The occupied places of the ring, worked out for the first slide.
        let mut ring: Option<[u32; 2]> = None;
        if remaining == 1 {
            // Every move left counts 1 and ends the turn: a step to an empty
            // neighbour, or a slide that counts 1.
            for (place, from) in mine.into_iter().enumerate() {
                if moved.contains(from) {
                    continue;
                }
                let f = from.index() as usize;
                let mut targets = WITHIN[f][1] & !occupied.0;
                if self.open && from.is_border() {
                    let ring = *ring.get_or_insert_with(|| self.ring_places_with(mine));
                    let slides = self.slides(ring, from, 1);
                    targets |= slides.one[0] | slides.one[1];
                }
                let targets = targets & keep(from, 1);
                if targets != 0 {
                    emit(Generated::Last {
                        from,
                        place,
                        targets,
                    });
                }
            }
            return;
        }
        for (place, from) in mine.into_iter().enumerate() {
            if moved.contains(from) {
                continue;
            }
            let limit = self.limit(outside, from, remaining);
            if limit == 0 {
                continue;
            }
            let k = keep(from, limit);
            let f = from.index() as usize;
            let straight = straight_targets(from, occupied.0, limit);
            if !(self.open && from.is_border()) {
                let straight = straight & k;
                let last = if limit == remaining {
                    straight & !WITHIN[f][usize::from(remaining - 1).min(7)]
                } else {
                    0
                };
                for to in SquareSet(straight & !last) {
                    emit(Generated::Move(straight_move(from, to)));
                }
                if last != 0 {
                    emit(Generated::Last {
                        from,
                        place,
                        targets: last,
                    });
                }
                continue;
            }
            // A man who may slide: the targets he reaches counting at most `c`, for
            // each `c` (straight, slides that count 1, and slides beyond the first
            // Rendezvous square, where every step counts).
            let ring = *ring.get_or_insert_with(|| self.ring_places_with(mine));
            let slides = self.slides(ring, from, limit);
            let start = slides.start;
            let ones = straight & WITHIN[f][1] | slides.one[0] | slides.one[1];
            let within = |c: u8| {
                if c == 0 {
                    return 0;
                }
                let c = usize::from(c);
                ones | straight & WITHIN[f][c.min(7)]
                    | RING_STEPS[0][start][slides.far[0].min(c)]
                    | RING_STEPS[1][start][slides.far[1].min(c)]
            };
            let last = if limit == remaining {
                (within(remaining) & !within(remaining - 1)) & k
            } else {
                0
            };
            // His other moves, one by one, as `generate_masked` gives them.
            self.emit_slider(from, straight, &slides, k & !last, |m| {
                emit(Generated::Move(m))
            });
            if last != 0 {
                emit(Generated::Last {
                    from,
                    place,
                    targets: last,
                });
            }
        }
    }
}

/// The straight move `from`-`to` (the squares are in line).
#[inline]
fn straight_move(from: Square, to: Square) -> ManMove {
    let (dir, count) = LINE[from.index() as usize][to.index() as usize];
    debug_assert!(count != 0, "straight targets are in line with the man");
    ManMove {
        from,
        to,
        count,
        way: Way::Straight(dir),
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::geometry::set;
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap_or(Square::ALL[0])
    }

    /// Carroll's open example (Mark c5, 8 squares): a man on g1 slides round h1 to h5,
    /// counting 1; the long way round meets c1 first, and is never his.
    #[test]
    fn a_slide_depends_only_on_the_ways_a_man_could_take() {
        let rendezvous = SquareSet(set("c8 f8 a7 a5 h5 a3 c1 g1"));
        let ctx = MoveContext::new(rendezvous, true, SquareSet(set("c8 f8 a7 a5 b5")));
        assert_eq!(ctx.slide_ways(sq("g1"), sq("h5")), set("h1 h2 h3 h4"));
        // Down from a4 the first Rendezvous square is a3, next to him: past it every
        // step counts, so a man counting at most 3 slides to a1 (3 steps) but not to
        // b1 (4), and the long way round, past a5, is no way for him either.
        assert_eq!(ctx.slide_ways(sq("a4"), sq("a1")), set("a3 a2"));
        assert_eq!(ctx.slide_ways(sq("a4"), sq("b1")), 0);
        // From g1, a man on h3 stands on the ways to h4 and h5, not to h2 or h1; a
        // man on f1 on the ways to e1, d1 and c1 (each counting 1: c1 is the first
        // Rendezvous square that way), not to b1 (past c1: 5 steps, all counted).
        assert_eq!(ctx.slide_ways_through(sq("g1"), set("h3")), set("h4 h5"));
        assert_eq!(ctx.slide_ways_through(sq("g1"), set("f1")), set("e1 d1 c1"));
        // A neighbour (h2 is one) is never kept for the ring: a step counts 1 anyway;
        // nor is the man's own square.
        assert_eq!(
            ctx.slide_ways_through(sq("g1"), set("g1 h1")),
            set("h3 h4 h5")
        );
        // The table gives the same for every pair of border squares, and for two
        // squares at once the union of each.
        let table = ctx.slide_table();
        for from in SquareSet::BORDER {
            for to in SquareSet::BORDER {
                if from != to {
                    assert_eq!(table.ways(from, to), ctx.slide_ways(from, to));
                }
                for other in [to, sq("h3"), sq("d4")] {
                    let squares = 1 << to.index() | 1 << other.index();
                    assert_eq!(
                        table.through(from, squares),
                        ctx.slide_ways_through(from, squares),
                        "{from} {to} {other}"
                    );
                }
            }
        }
    }
}
