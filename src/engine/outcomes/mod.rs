//! All distinct outcomes of the next action of the side to act: for a turn, every
//! position the turn can end in (two outcomes differ when their position strings
//! differ, so orders of the same moves count once and every Rule 7 choice counts
//! apart); for a Mark, every Rendezvous the setter may make.
//!
//! The search walks the turn man's move by man's move and never searches the same
//! state of a turn twice (but for a state with one square left when the ends are
//! only counted, which costs less searched again than recorded): a state is the
//! mover's men, which of them have moved, and the squares counted, since nothing
//! else changes during a turn.

use super::action::Action;
use super::geometry::{BETWEEN, LINE, RAYS, WITHIN};
use super::position::{Phase, Position};
pub use super::search::{Outcome, OutcomeAction};
use super::side::{BySide, Side};
use super::square::Square;
use super::squareset::SquareSet;
pub(crate) use super::table::{FastMap, mix};
use super::turn::{Generated, ManMove, MoveContext, SlideTable};
use super::violation::RuleViolation;

mod tables;
use tables::{BINOMIAL, Buckets, SMALLER, Visited, end_key, rank, rank_which, ranks_moved, unkey};

/// What the search reports for each end of a turn it reaches.
trait Sink {
    /// Whether the search may leave out last moves of a turn that reach an end also
    /// reached by another order of the same moves (see [`Search::commute`]): then
    /// ends are still all reported, but not always first by the first move sequence
    /// in the fixed order.
    const REDUCE: bool;

    /// Whether [`Sink::end`] reads its `path` (when not, the search does not keep it).
    const PATH: bool;

    /// A turn that ends with the mover's men on `mine` (whose [`rank`] is `rank`) and
    /// the opponent's on `other`. `path` is the moves that reach it; `take` the man
    /// taken, if any. The same end
    /// may be reported more than once; the first report comes first in the search's
    /// fixed order.
    fn end(
        &mut self,
        mine: SquareSet,
        rank: u64,
        other: SquareSet,
        path: &[ManMove],
        take: Option<Square>,
    );

    /// The squares a man's move may end on: a sink that wants only the ends whose
    /// mover's men are within a set (each man moves once, so every move ends on a
    /// square of its end) lets the search leave out every other move.
    #[inline]
    fn targets(&self) -> u64 {
        !0
    }

    /// Whether the sink has what it wants: the search then stops generating.
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// The move that led to a state, as [`Search::commute`] needs it: its man's square, its
/// two squares as a set, and its ways; and what [`Last::keep`] needs besides.
#[derive(Clone, Copy)]
struct Last {
    from: Square,
    to: Square,
    squares: u64,
    ways: u64,
    /// The mover's man outside the Rendezvous before this move, when he was the only
    /// one (else empty).
    lone: u64,
    /// The Rendezvous squares.
    rendezvous: u64,
    /// Whether slides are allowed and this move's squares touch the border.
    border: bool,
}

impl Last {
    /// The targets of the man on `from` (who may count at most `limit`) that
    /// [`Search::commute`] does not leave out after this move, so that the moves left
    /// out are never generated. For a man below this move's, a move commutes unless
    /// its target is on this move's ways or squares, or its ways touch this move's
    /// squares (its target at or beyond one of them, in line, or round the ring
    /// on a way he could slide, [`MoveContext::slide_ways_through`]), or it brings
    /// the last man outside in; every target is kept when the man stands on this
    /// move's ways or may count more than 3 (a lone man outside, D-5).
    #[inline]
    fn keep(&self, slides: Slides, from: Square, limit: u8) -> u64 {
        let f = 1u64 << from.index();
        if from > self.from || limit > 3 || self.ways & f != 0 {
            return !0;
        }
        let mut keep = self.ways | self.squares | beyond(from, self.from) | beyond(from, self.to);
        if self.lone == f {
            keep |= self.rendezvous;
        }
        if self.border && from.is_border() {
            keep |= slides.through(from, self.squares);
        }
        keep
    }
}

/// The squares `t` with `x` strictly between `from` and `t` (in line, beyond `x`).
#[inline]
fn beyond(from: Square, x: Square) -> u64 {
    let (dir, dist) = LINE[from.index() as usize][x.index() as usize];
    if dist == 0 {
        0
    } else {
        RAYS[x.index() as usize][dir as usize]
    }
}

/// Where the search finds the ways round the ring: worked out at each call, or looked
/// up in a table worked out once for a large search (debug builds check each lookup
/// against the context's own answer).
#[derive(Clone, Copy)]
struct Slides<'a> {
    table: Option<&'a SlideTable>,
    ctx: &'a MoveContext,
}

impl Slides<'_> {
    /// The table's answer (`table`) or the context's own (`each`), whichever this
    /// search uses.
    #[inline(always)]
    fn answer(
        self,
        table: impl FnOnce(&SlideTable) -> u64,
        each: impl FnOnce(&MoveContext) -> u64,
    ) -> u64 {
        match self.table {
            None => each(self.ctx),
            Some(t) => {
                let answer = table(t);
                debug_assert_eq!(answer, each(self.ctx), "the ring table disagrees");
                answer
            }
        }
    }

    /// [`MoveContext::slide_ways`]. (Not inlined, like the calls it makes, so
    /// that what calls it, for a few of its moves only, stays small.)
    #[inline(never)]
    fn ways(self, from: Square, to: Square) -> u64 {
        self.answer(|t| t.ways(from, to), |c| c.slide_ways(from, to))
    }

    /// [`MoveContext::slide_ways_through`]. (Not inlined: see [`Slides::ways`].)
    #[inline(never)]
    fn through(self, from: Square, squares: u64) -> u64 {
        self.answer(
            |t| t.through(from, squares),
            |c| c.slide_ways_through(from, squares),
        )
    }
}

struct Search<'a, S: Sink> {
    ctx: MoveContext,
    /// The table of ways round the ring, when the search is large enough to pay
    /// for it.
    table: Option<&'a SlideTable>,
    allowance: u8,
    visited: Visited,
    /// The mover's men.
    men: u32,
    /// Whether any man's move was found.
    any: bool,
    path: Vec<ManMove>,
    sink: &'a mut S,
}

impl<S: Sink> Search<'_, S> {
    /// Where this search finds the ways round the ring.
    #[inline]
    fn slides(&self) -> Slides<'_> {
        Slides {
            table: self.table,
            ctx: &self.ctx,
        }
    }

    fn all_in(&self, mine: SquareSet) -> bool {
        (mine - self.ctx.rendezvous).is_empty()
    }

    /// Every square whose man (or lack of one) can change whether, and how cheaply,
    /// the man's move `m` (counting at most 3) can be made: the squares on each way it
    /// can take, its target included ([`MoveContext::slide_ways`] round the ring). A
    /// step to a neighbour counts 1 whatever stands elsewhere (nothing counts less),
    /// so only its target matters, even along the border of an open Rendezvous.
    #[inline]
    fn ways(&self, m: &ManMove) -> u64 {
        let (f, t) = (m.from.index() as usize, m.to.index() as usize);
        let mut ways = BETWEEN[f][t] | 1 << t;
        if self.ctx.open && m.from.is_border() && m.to.is_border() && WITHIN[f][1] >> t & 1 == 0 {
            ways |= self.slides().ways(m.from, m.to);
        }
        ways
    }

    /// Whether the move `b`, found after the move `a` (which led from the mover's men
    /// `before` to the present state), can be left out because playing `b` before `a`
    /// is legal too and leads to the same state with the same squares counted.
    ///
    /// It is so when neither move's ways touch the other's squares (so each is open,
    /// with the same cheapest count, in either order), both count at most 3 (so the
    /// limit of one man, Rule 3 and D-5, holds in either order), and `b` alone does
    /// not bring all the mover's men in (which would end the turn before `a`).
    /// Only a move of a man on a lower square than `a`'s is left out, so that the
    /// other order comes first in the search (see [`Search::walk`]).
    /// (`a` counts at most 3: a [`Last`] is made only for such a move.) The search
    /// itself uses [`Last::keep`]; debug builds check that the two agree.
    #[inline]
    fn commute(&self, before: SquareSet, a: &Last, b: &ManMove) -> bool {
        b.from < a.from
            && b.count <= 3
            && self.ways(b) & a.squares == 0
            && a.ways & (1 << b.from.index() | 1 << b.to.index()) == 0
            && !self.all_in(before.without(b.from).with(b.to))
    }

    /// A rough guess at the number of states the search will store: with `n` first
    /// moves that leave squares to count, at most `n` choose `k` sets of `k` moves,
    /// for `k` up to one less than the allowance, or two less when the search does
    /// not store the states with one square left (see [`Search::step`]). Most such
    /// sets are not playable (a man moves once, moves block one another, the
    /// allowance runs out), so the sum is divided by 64, or 16 for the shorter sum,
    /// which stays at or below the number of states stored on the benchmark
    /// positions (the reference: 2.68 M / 64 = 42 K against 62 K stored with a path,
    /// 121.5 K / 16 = 7.6 K against 9.2 K without; the open 7-man position 8.4 K
    /// against 16.7 K).
    fn estimate(&self, mine: SquareSet) -> u64 {
        let mut n = 0u64;
        self.ctx
            .generate(mine, SquareSet::EMPTY, self.allowance, |m| {
                n += u64::from(m.count < self.allowance);
            });
        let (most, share) = if S::PATH {
            (self.allowance, 64)
        } else {
            (self.allowance.saturating_sub(1), 16)
        };
        let mut states = 1u64;
        let mut total = 0u64;
        for k in 1..u64::from(most) {
            states = states.saturating_mul(n.saturating_sub(k - 1)) / k;
            total = total.saturating_add(states);
        }
        total / share
    }

    /// The takes due when all the mover's men are in.
    fn takes(&mut self, mine: SquareSet) {
        let outlying = self.ctx.other - self.ctx.rendezvous;
        if outlying.count() == 1 {
            let other = self.ctx.other - outlying;
            self.sink
                .end(mine, rank(mine.0), other, &self.path, outlying.first());
        } else {
            for sq in outlying {
                let mine = mine.with(sq);
                self.sink.end(
                    mine,
                    rank(mine.0),
                    self.ctx.other.without(sq),
                    &self.path,
                    Some(sq),
                );
            }
        }
    }

    /// Searches on from a state of the turn: every man's move, in the fixed order of
    /// [`MoveContext::generate`], depth first. `last` is the move that led here.
    ///
    /// With [`Sink::REDUCE`], a move that commutes with `last` (see
    /// [`Search::commute`]) is left out, and is not even generated ([`Last::keep`]).
    /// No end is lost, by induction over the move sequences in the order the search
    /// follows them (by the first move's man and target, then the second's, ...):
    /// take a legal sequence and its longest beginning the search reached. If that
    /// state was not searched because the table had it already, the search reached it
    /// earlier by another sequence of as many moves, with no more squares counted,
    /// and the same rest of the moves follows that one, to the same end, and comes
    /// first in the order. If the next move was left out, swapping it with `last`
    /// gives a legal sequence, with the same end, that also comes first (its man
    /// stands on a lower square than `last`'s). Otherwise the search follows the move.
    fn walk(
        &mut self,
        mine: SquareSet,
        rank: u64,
        moved: SquareSet,
        used: u8,
        last: Option<ManMove>,
    ) {
        let ctx = self.ctx;
        let remaining = self.allowance - used;
        // What `commute` needs of `last` (none when `last` counts more than 3: then
        // nothing commutes with it).
        let last_ = match last {
            Some(a) if S::REDUCE && a.count <= 3 => {
                let before = mine.without(a.to).with(a.from);
                let outside = before - ctx.rendezvous;
                let squares = 1 << a.from.index() | 1 << a.to.index();
                Some(Last {
                    from: a.from,
                    to: a.to,
                    squares,
                    ways: self.ways(&a),
                    // (Not `count() == 1`: this build's `count_ones` is a long
                    // sequence of instructions.)
                    lone: if outside.0 & outside.0.wrapping_sub(1) == 0 {
                        outside.0
                    } else {
                        0
                    },
                    rendezvous: ctx.rendezvous.0,
                    border: ctx.open && squares & SquareSet::BORDER.0 != 0,
                })
            }
            _ => None,
        };
        if cfg!(debug_assertions)
            && let (Some(a), Some(l)) = (&last_, last)
        {
            self.check_keep(mine, moved, remaining, l, a);
        }
        let targets = self.sink.targets();
        // (As `self.slides()`, but of the copy of the context: the moves below borrow
        // the search.)
        let slides = Slides {
            table: self.table,
            ctx: &ctx,
        };
        let keep = |from: Square, limit: u8| match &last_ {
            Some(a) => a.keep(slides, from, limit) & targets,
            None => targets,
        };
        if !S::PATH {
            // The moves that use up the allowance only end the turn: their ends are
            // ranked and reported together, a man's at a time.
            let outside = mine - ctx.rendezvous;
            ctx.generate_split(mine, moved, remaining, keep, |g| match g {
                Generated::Move(m) => self.step(mine, moved, used, m),
                Generated::Last {
                    from,
                    place,
                    mut targets,
                } => {
                    self.any = true;
                    if outside == SquareSet::from_square(from) {
                        // The last man outside coming in: all are in.
                        for to in SquareSet(targets & ctx.rendezvous.0) {
                            self.takes(mine.without(from).with(to));
                        }
                        targets &= !ctx.rendezvous.0;
                    }
                    let other = ctx.other;
                    let sink = &mut *self.sink;
                    ranks_moved(rank, mine.0, from, place, targets, |to, rank| {
                        sink.end(mine.without(from).with(to), rank, other, &[], None);
                    });
                }
            });
            return;
        }
        ctx.generate_masked(mine, moved, remaining, keep, |m| {
            self.step(mine, moved, used, m)
        });
    }

    /// Follows the man's move `m` from the state (`mine`, `moved`, `used`) of
    /// [`Search::walk`]: reports its end and searches on, unless the table has been
    /// there with no more squares counted.
    #[inline(always)]
    fn step(&mut self, mine: SquareSet, moved: SquareSet, used: u8, m: ManMove) {
        self.any = true;
        if self.sink.done() {
            return;
        }
        let mine2 = mine.without(m.from).with(m.to);
        let used2 = used + m.count;
        let all_in = self.all_in(mine2);
        let more = used2 < self.allowance && !all_in;
        if all_in {
            if S::PATH {
                self.path.push(m);
            }
            self.takes(mine2);
            if S::PATH {
                self.path.pop();
            }
            return;
        }
        let moved2 = moved.without(m.from).with(m.to);
        // A state with one square left is not recorded when the ends are only
        // counted: its moves all end the turn, so searching it again only reports
        // ends already reported, and the table keeps only the states of two squares
        // or more left, a few times fewer.
        let record = more && (S::PATH || used2 + 1 < self.allowance);
        // Both the table and the ends need the rank: it is worked out once.
        let (rank2, which2) = if record {
            rank_which(mine2.0, moved2.0)
        } else {
            (rank(mine2.0), 0)
        };
        if record && !self.visited.visit(rank2, which2, self.men, used2) {
            return;
        }
        if S::PATH {
            self.path.push(m);
        }
        self.sink
            .end(mine2, rank2, self.ctx.other, &self.path, None);
        if more {
            self.walk(mine2, rank2, moved2, used2, Some(m));
        }
        if S::PATH {
            self.path.pop();
        }
    }

    /// Checks (in debug builds) that [`Last::keep`] leaves out exactly the moves that
    /// [`Search::commute`] allows to leave out, but for those of a man who may count
    /// more than 3, which it keeps.
    fn check_keep(&self, mine: SquareSet, moved: SquareSet, remaining: u8, l: ManMove, a: &Last) {
        let before = mine.without(l.to).with(l.from);
        let kept = std::cell::Cell::new((0u64, 0u8));
        let keep = |from: Square, limit: u8| {
            kept.set((a.keep(self.slides(), from, limit), limit));
            !0
        };
        self.ctx.generate_masked(mine, moved, remaining, keep, |m| {
            let (keep, limit) = kept.get();
            let left_out = keep & 1 << m.to.index() == 0;
            let commute = self.commute(before, a, &m);
            assert!(
                left_out == commute || (limit > 3 && keep == !0),
                "keep and commute disagree on {m} after {l}"
            );
        });
    }
}

/// The least [`Search::estimate`] for which the search works out the ways round the
/// ring for every pair of places at once ([`MoveContext::slide_table`], about 160 K
/// instructions): a search this large asks for them at a few thousand states or more,
/// each call about 100 instructions.
const TABLE_FROM: u64 = 256;

/// Runs the search over the turn of the side to act in `pos`; returns whether any
/// end was reached (false means the side can only pass).
fn search<S: Sink>(pos: &Position, sink: &mut S) -> Result<bool, RuleViolation> {
    let turn = pos.begin_turn()?;
    let mover = pos.to_act();
    let rendezvous = turn.rendezvous().squares();
    let table;
    let mut s = Search {
        ctx: MoveContext::new(rendezvous, turn.rendezvous().is_open(), pos.men(!mover)),
        table: None,
        allowance: turn.allowance(),
        visited: Visited::with_bits(0, 0),
        men: 0,
        any: false,
        path: Vec::new(),
        sink,
    };
    let mine = pos.men(mover);
    if s.all_in(mine) {
        s.takes(mine);
        return Ok(true);
    }
    s.men = mine.count();
    let estimate = s.estimate(mine);
    s.visited = Visited::for_entries(estimate, s.men);
    if s.ctx.open && estimate >= TABLE_FROM {
        table = s.ctx.slide_table();
        s.table = Some(&table);
    }
    s.walk(mine, rank(mine.0), SquareSet::EMPTY, 0, None);
    Ok(s.any)
}

fn placement(mover: Side, mine: SquareSet, other: SquareSet) -> (u64, u64) {
    match mover {
        Side::Black => (mine.0, other.0),
        Side::Yellow => (other.0, mine.0),
    }
}

/// Counts distinct ends by the mover's men alone: the opponent's men follow from them
/// (unchanged without a take; with a Rule 7 take the replaced man's square is added to
/// the mover's men; a Rule 8 take happens only with all the mover's men in, which no
/// other end has), so two ends differ exactly when the mover's men do.
/// The ends are pushed by their [`end_key`]; `smaller` is `SMALLER[k]` for the `k` men
/// the mover has, the offset of every end without a take (worked out once: this
/// build's `count_ones` is not one instruction).
struct Counter {
    ends: Buckets,
    smaller: u64,
}

impl Sink for Counter {
    const REDUCE: bool = true;
    const PATH: bool = false;
    #[inline]
    fn end(
        &mut self,
        mine: SquareSet,
        rank: u64,
        _: SquareSet,
        _: &[ManMove],
        take: Option<Square>,
    ) {
        let key = match take {
            None => rank + self.smaller,
            Some(_) => end_key(mine, rank),
        };
        debug_assert_eq!(key, end_key(mine, rank));
        self.ends.push(key);
    }
}

impl Counter {
    /// An empty counter for the turn of the side to act in `pos`.
    fn new(pos: &Position) -> Counter {
        Counter {
            ends: Buckets::new(),
            smaller: SMALLER[pos.men(pos.to_act()).count() as usize],
        }
    }
}

/// Counts distinct ends as [`Counter`] does, in half its memory and without hashing,
/// for a mover with few enough men that the rank of his men's squares has at most
/// [`Ranks::MOST_BITS`] bits (six men or fewer): an end without a take goes by its
/// rank into one of 256 to 2,048 buckets by the bits above the lowest 16, the bucket
/// keeping those 16 bits, and a bucket is counted with a mark for each of its 2^16
/// values (64 KiB, kept from bucket to bucket; no probe, so no branch on the values).
/// Ends found one after the other are often near in rank, so they go to few buckets
/// at a time.
/// Buckets are chains of small chunks taken from one pool, so that no bucket is ever
/// copied to grow. The ends after a take (the one end with a man more, or all the
/// mover's men in, which no other end has) are kept apart by their [`end_key`]. It
/// only counts: [`outcome_by_index`] draws from [`Counter`]'s fixed order.
struct Ranks {
    /// The bits of the largest rank (at least 24).
    bits: u32,
    /// Each bucket's chunk being filled (`u32::MAX`: none yet) and how many of its
    /// values are set.
    heads: Vec<(u32, u32)>,
    /// The chunks of every bucket.
    chunks: Vec<[u16; Ranks::CHUNK]>,
    /// Each chunk's predecessor in its bucket (`u32::MAX`: none).
    previous: Vec<u32>,
    /// The [`end_key`]s of the ends after a take.
    takes: Vec<u64>,
}

impl Ranks {
    const CHUNK: usize = 64;
    const MOST_BITS: u32 = 27;

    /// Counts for a mover with `men` men, if their ranks are narrow enough.
    fn for_men(men: u32) -> Option<Ranks> {
        let ranks = *BINOMIAL.get(men as usize)?.get(64)?;
        let bits = (64 - ranks.saturating_sub(1).leading_zeros()).max(24);
        (bits <= Ranks::MOST_BITS).then(|| Ranks {
            bits,
            heads: vec![(u32::MAX, Ranks::CHUNK as u32); 1 << (bits - 16)],
            chunks: Vec::new(),
            previous: Vec::new(),
            takes: Vec::new(),
        })
    }

    /// Adds the rank of an end without a take.
    #[inline]
    fn push(&mut self, rank: u64) {
        debug_assert!(rank >> self.bits == 0);
        // (Always there: the rank is below 2^`bits`.)
        let Some(head) = self.heads.get_mut((rank >> 16) as usize) else {
            return;
        };
        if head.1 as usize == Ranks::CHUNK {
            self.previous.push(head.0);
            *head = (self.chunks.len() as u32, 0);
            self.chunks.push([0; Ranks::CHUNK]);
        }
        if let Some(chunk) = self.chunks.get_mut(head.0 as usize) {
            chunk[head.1 as usize % Ranks::CHUNK] = rank as u16;
        }
        head.1 += 1;
    }

    /// The number of distinct ends pushed.
    #[allow(clippy::slow_vector_initialization, reason = "see the comment")]
    fn count_distinct(&mut self) -> usize {
        self.takes.sort_unstable();
        self.takes.dedup();
        let mut distinct = self.takes.len();
        // For each of a bucket's 2^16 values, a mark of the last bucket that had it
        // (the bucket's number modulo 255, plus 1; 0 for none): a value is new to a
        // bucket when its mark is not the bucket's, so nothing is cleared between
        // buckets but every 255th, and there is no branch on the values. (Written
        // rather than zero-mapped: see [`Visited::with_bits`].)
        let mut marks = Vec::with_capacity(1 << 16);
        marks.resize(1 << 16, 0u8);
        for (bucket, &(last, fill)) in self.heads.iter().enumerate() {
            let mark = (bucket % 255) as u8 + 1;
            if mark == 1 && bucket > 0 {
                marks.fill(0);
            }
            // The bucket's chunks, from the one being filled back to its first (none
            // when `last` is `u32::MAX`).
            let (mut chunk, mut used) = (last, fill as usize);
            while let Some(values) = self.chunks.get(chunk as usize) {
                for &v in &values[..used.min(Ranks::CHUNK)] {
                    if let Some(m) = marks.get_mut(usize::from(v)) {
                        distinct += usize::from(*m != mark);
                        *m = mark;
                    }
                }
                chunk = self
                    .previous
                    .get(chunk as usize)
                    .copied()
                    .unwrap_or(u32::MAX);
                used = Ranks::CHUNK;
            }
        }
        distinct
    }
}

impl Sink for Ranks {
    const REDUCE: bool = true;
    const PATH: bool = false;
    #[inline]
    fn end(
        &mut self,
        mine: SquareSet,
        rank: u64,
        _: SquareSet,
        _: &[ManMove],
        take: Option<Square>,
    ) {
        match take {
            None => self.push(rank),
            Some(_) => self.takes.push(end_key(mine, rank)),
        }
    }
}

/// A turn's man's moves as the action writes them (from, to), and its take.
type Moves = (Vec<(Square, Square)>, Option<Square>);

/// Each end's man's moves are kept as the action writes them (from, to), so that the
/// outcome takes the list as it is.
struct Collector(FastMap<(u64, u64), Moves>, Side);

impl Sink for Collector {
    const REDUCE: bool = false;
    const PATH: bool = true;
    fn end(
        &mut self,
        mine: SquareSet,
        _: u64,
        other: SquareSet,
        path: &[ManMove],
        take: Option<Square>,
    ) {
        self.0
            .entry(placement(self.1, mine, other))
            .or_insert_with(|| (path.iter().map(|m| (m.from, m.to)).collect(), take));
    }
}

/// The number of distinct outcomes of the next action of the side to act (see the
/// module documentation); 0 when the game is over.
pub fn count_outcomes(pos: &Position) -> usize {
    if pos.winner().is_some() {
        return 0;
    }
    if pos.phase() == Phase::Set {
        return usize::try_from(super::search::setup_count(pos)).unwrap_or(usize::MAX);
    }
    if !counts_fast(pos.rules()) {
        return super::search::count_by_walk(pos);
    }
    if pos.phase() == Phase::Mark {
        return pos.mark_options().len();
    }
    if let Some(mut r) = Ranks::for_men(pos.men(pos.to_act()).count()) {
        return match search(pos, &mut r) {
            Ok(true) => r.count_distinct(),
            Ok(false) => 1,
            Err(_) => 0,
        };
    }
    let mut c = Counter::new(pos);
    match search(pos, &mut c) {
        Ok(true) => c.ends.count_distinct(),
        Ok(false) => 1,
        Err(_) => 0,
    }
}

/// A turn's end as the search reports it: the placement (Black's men, Yellow's), the
/// moves that reach it and the man taken.
type Found = ((u64, u64), Vec<ManMove>, Option<Square>);

/// Looks for the end whose [`end_key`] is `key` and keeps the first path that
/// reaches it (the search's fixed order, as [`Collector`] keeps). `within` is that
/// end's squares of the mover: only moves onto them are searched. That leaves the
/// first path unchanged: every state on a path to the end has its moved men on those
/// squares, so only such paths reached it first in the whole search too.
struct Finder {
    mover: Side,
    key: u64,
    within: u64,
    found: Option<Found>,
}

impl Finder {
    /// A finder for the end whose [`end_key`] is `key`.
    fn new(mover: Side, key: u64) -> Finder {
        Finder {
            mover,
            key,
            within: unkey(key).0,
            found: None,
        }
    }
}

impl Sink for Finder {
    const REDUCE: bool = false;
    const PATH: bool = true;
    fn end(
        &mut self,
        mine: SquareSet,
        rank: u64,
        other: SquareSet,
        path: &[ManMove],
        take: Option<Square>,
    ) {
        if self.found.is_none() && end_key(mine, rank) == self.key {
            self.found = Some((placement(self.mover, mine, other), path.to_vec(), take));
        }
    }

    fn targets(&self) -> u64 {
        self.within
    }

    fn done(&self) -> bool {
        self.found.is_some()
    }
}

/// One outcome of the next action of the side to act, picked by index without
/// listing them all: `pick` is given the number of distinct outcomes, `n`, and
/// returns the index wanted, below `n` (or `None`: no outcome is wanted, and none is
/// returned). The order is fixed (the same position, the same outcome for an index),
/// so a uniform `pick` draws a uniform outcome. In a 1893 turn this costs the fast
/// count and one small search (of the moves onto the drawn end's squares alone), a
/// fraction of [`outcomes_unordered`]; elsewhere it walks the outcomes once. `None`
/// also when the game is over.
pub fn outcome_by_index(
    pos: &Position,
    pick: impl FnOnce(usize) -> Option<usize>,
) -> Option<Outcome> {
    if pos.winner().is_some() {
        return None;
    }
    if !counts_fast(pos.rules()) || matches!(pos.phase(), Phase::Set | Phase::Mark) {
        let mut all = outcomes_unordered(pos);
        let i = pick(all.len()).filter(|&i| i < all.len())?;
        return Some(all.swap_remove(i));
    }
    let mover = pos.to_act();
    let mut c = Counter::new(pos);
    match search(pos, &mut c) {
        Ok(true) => {}
        Ok(false) => {
            pick(1).filter(|&i| i == 0)?;
            return pos.pass().ok().map(|position| Outcome {
                action: Action::Pass,
                position,
            });
        }
        Err(_) => return None,
    }
    let counts = c.ends.distinct_by_bucket();
    let n = counts.iter().sum();
    let i = pick(n).filter(|&i| i < n)?;
    let mut f = Finder::new(mover, c.ends.nth(&counts, i)?);
    drop(c);
    search(pos, &mut f).ok()?;
    let ((black, yellow), moves, take) = f.found?;
    let moves = moves.iter().map(|m| (m.from, m.to)).collect();
    Some(turn_outcome(pos, black, yellow, moves, take))
}

/// The outcome of a turn that leaves Black on `black` and Yellow on `yellow`, reached
/// by `moves` with `take`: the search reached the placement legally, and only a Rule 8
/// take (the one end with a man fewer) finishes the Rendezvous.
fn turn_outcome(
    pos: &Position,
    black: u64,
    yellow: u64,
    moves: Vec<(Square, Square)>,
    take: Option<Square>,
) -> Outcome {
    let men = BySide::new(SquareSet(black), SquareSet(yellow));
    let position = if (black | yellow).count_ones() < u32::from(pos.total()) {
        pos.after_rendezvous(men)
    } else {
        pos.after_turn(men, true)
    };
    Outcome {
        action: Action::Turn {
            moves,
            take,
            wanderers: Vec::new(),
            radiate: None,
        },
        position,
    }
}

/// Every distinct outcome of the next action of the side to act, ordered by the
/// canonical action's text; empty when the game is over.
pub fn outcomes(pos: &Position) -> Vec<Outcome> {
    let mut out = outcomes_unordered(pos);
    out.sort_by_cached_key(|o| (o.action.to_string(), o.position.to_string()));
    out
}

/// Whether the fast counter and its lists serve games played by `rules`: its pruning
/// is proved for Rule 3's limit of 3 squares a man (1893, D-5), so the editions
/// without that limit are walked by the visitor (`search::visit_outcomes`).
pub fn counts_fast(rules: super::rules::Rules) -> bool {
    rules.limits_each_man()
}

/// The outcomes of [`outcomes`] in the search's own fixed order (the same for the same
/// position on every run), without the cost of sorting them by text: what a player
/// that looks at every outcome needs.
pub fn outcomes_unordered(pos: &Position) -> Vec<Outcome> {
    if pos.winner().is_some() {
        return Vec::new();
    }
    if !counts_fast(pos.rules()) || pos.phase() == Phase::Set {
        let mut out = Vec::new();
        let _ = super::search::visit_outcomes(pos, |action, position| {
            out.push(Outcome {
                action: action.to_action(),
                position: *position,
            });
            std::ops::ControlFlow::Continue(())
        });
        return out;
    }
    if pos.phase() == Phase::Mark {
        return pos
            .mark_outcomes()
            .into_iter()
            .map(|(r, position)| Outcome {
                action: Action::from(&r),
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
                    action: Action::Pass,
                    position,
                })
                .into_iter()
                .collect();
        }
        Err(_) => return Vec::new(),
    }
    let out: Vec<Outcome> =
        c.0.into_iter()
            .map(|((black, yellow), (moves, take))| turn_outcome(pos, black, yellow, moves, take))
            .collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rank_counter_counts_each_distinct_end_once() {
        // Ranks of 1 to 6 men with many repeats, some crowded into a few buckets (more
        // than a chunk each), and takes, some repeated: the count is the number of
        // distinct ranks and take keys, as a set has it.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for men in 1..=6u32 {
            let ranks = BINOMIAL[men as usize][64];
            let mut counter = Ranks::for_men(men).expect("at most 27 bits");
            let mut model = std::collections::HashSet::new();
            for i in 0..30_000u64 {
                let rank = match i % 3 {
                    0 => next() % ranks,
                    1 => next() % 5_000,
                    _ => next() % 300 + ranks / 2,
                };
                let rank = rank.min(ranks - 1);
                if i % 97 == 0 {
                    let key = next() % 50 + SMALLER[men as usize + 1];
                    counter.takes.push(key);
                    model.insert((true, key));
                } else {
                    counter.push(rank);
                    model.insert((false, rank));
                }
            }
            assert_eq!(counter.count_distinct(), model.len(), "{men} men");
        }
        assert!(Ranks::for_men(7).is_none());
    }

    #[test]
    fn the_same_low_bits_in_other_buckets_count_apart() {
        // Six men's ranks fill 1,143 buckets. One value (its low 16 bits) in every
        // bucket, another only in every 255th, each pushed twice: every bucket
        // counts each of its values once, whatever other buckets held.
        let ranks = BINOMIAL[6][64];
        let mut counter = Ranks::for_men(6).expect("at most 27 bits");
        let buckets = ranks >> 16;
        for _ in 0..2 {
            for bucket in 0..buckets {
                counter.push(bucket << 16 | 9);
                if bucket % 255 == 0 {
                    counter.push(bucket << 16 | 7);
                }
            }
        }
        assert_eq!(
            counter.count_distinct() as u64,
            buckets + buckets.div_ceil(255)
        );
    }
}
