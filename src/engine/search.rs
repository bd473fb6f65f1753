//! The turn search as a reusable primitive, for every edition: a visitor over the
//! distinct outcomes of the next action of the side to act. It writes no text, can
//! stop early (the visitor returns [`ControlFlow::Break`]), and gives each outcome
//! once, with the first action found that reaches it.
//!
//! The walk goes man's move by man's move through [`TurnInProgress`], so every rule
//! of every edition applies as it does in play; a state of a turn (the men, which of
//! them moved, the squares counted) is never visited twice. After a won Rendezvous it
//! tries every take and, in 1880, every order and direction of the wanderers (in 1879
//! every placement of them in the set and every radiating choice of the centre man's
//! owner). In 1880 each Mark move is an outcome of its own; a 1879 set-up phase gives
//! the acting side's own set-ups and a bonus phase every bonus, `pass` included. The fast 1893 counter in
//! [`super::outcomes`](mod@super::outcomes) is checked against this walk in the tests.

use super::action::Action;
use super::position::{Phase, Position};
use super::rendezvous::Rendezvous;
use super::side::{BySide, Side};
use super::square::Square;
use super::squareset::SquareSet;
use super::table::{FastMap, FastSet};
use super::turn::ManMove;
use super::turn::TurnInProgress;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

/// The action that leads to an outcome, as the visitor hands it over: a borrowed view
/// of an [`Action`], the one action type, that costs the walk nothing to build (its
/// lists are the walk's own). [`OutcomeAction::to_action`] makes the [`Action`] that
/// plays it in a [`Game`](super::Game) and writes its text; the view's `Display` is
/// that action's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OutcomeAction<'a> {
    /// Setting the Mark (with its line square for a 3-square Rendezvous).
    Mark(Rendezvous),
    /// A turn: the man's moves and the man taken under Rule 7 or 8, if any.
    Turn {
        /// The man's moves in order.
        moves: &'a [ManMove],
        /// The man replaced (Rule 7) or removed (Rule 8; in 1880, the wanderer taken
        /// off).
        take: Option<Square>,
        /// The wanderers sent to the border (1880), or set in the Rendezvous (1879), in
        /// order.
        wanderers: &'a [(Square, Square)],
        /// The centre man's radiating choice (1879).
        radiate: Option<Square>,
    },
    /// The 1879 bonus: the winner's men's moves to border squares (none: `pass`).
    Bonus(&'a [(Square, Square)]),
    /// Moving the Mark one square (1880 Rule 5).
    MoveMark {
        /// The Mark's square.
        from: Square,
        /// Its new square.
        to: Square,
    },
    /// The arranger's set-up (1880 Rule 2), or a side's own (1879).
    Set {
        /// Black's squares.
        black: &'a [Square],
        /// Yellow's squares.
        yellow: &'a [Square],
    },
    /// A pass (D-6).
    Pass,
}

impl OutcomeAction<'_> {
    /// The [`Action`] this view shows: what plays it in a game and writes its text.
    pub fn to_action(&self) -> Action {
        match *self {
            OutcomeAction::Mark(r) => Action::from(&r),
            OutcomeAction::Turn {
                moves,
                take,
                wanderers,
                radiate,
            } => Action::Turn {
                moves: moves.iter().map(|m| (m.from, m.to)).collect(),
                take,
                wanderers: wanderers.to_vec(),
                radiate,
            },
            OutcomeAction::Bonus(moves) => Action::Bonus(moves.to_vec()),
            OutcomeAction::MoveMark { from, to } => Action::MoveMark { from, to },
            OutcomeAction::Set { black, yellow } => Action::Set {
                black: black.to_vec(),
                yellow: yellow.to_vec(),
            },
            OutcomeAction::Pass => Action::Pass,
        }
    }

    /// Whether the action is one of its side's turns (a turn, a pass, a 1880 Mark
    /// move), as [`Action::is_numbered`] says of the action it shows.
    pub fn is_numbered(&self) -> bool {
        matches!(
            self,
            OutcomeAction::Turn { .. } | OutcomeAction::Pass | OutcomeAction::MoveMark { .. }
        )
    }

    /// Whether the action sets a Mark, as [`Action::is_mark`] says.
    pub fn is_mark(&self) -> bool {
        matches!(self, OutcomeAction::Mark(_))
    }
}

impl From<&OutcomeAction<'_>> for Action {
    /// The action the view shows ([`OutcomeAction::to_action`]).
    fn from(view: &OutcomeAction<'_>) -> Action {
        view.to_action()
    }
}

/// One distinct outcome: an action that reaches it and the position it leads to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// A canonical action reaching the outcome (the first found in a fixed order).
    pub action: Action,
    /// The resulting position.
    pub position: Position,
}

/// Calls `visit` once for each distinct outcome of the next action of the side to act
/// (distinct resulting positions), with an action that reaches it, until `visit`
/// breaks. Returns `Break` when the visitor stopped the walk.
///
/// In an early edition's `set` phase the outcomes are the arranger's set-ups, billions
/// of them: the walk gives them in order of Black's squares, then Yellow's, and is
/// meant to be stopped.
pub fn visit_outcomes(
    pos: &Position,
    mut visit: impl FnMut(&OutcomeAction<'_>, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if pos.winner().is_some() {
        return ControlFlow::Continue(());
    }
    match pos.phase() {
        Phase::Set if pos.rules().sets_own_men() => {
            return visit_own_setups(pos, &mut visit);
        }
        Phase::Set => return visit_setups(pos, &mut visit),
        Phase::Bonus(_) => {
            for (moves, p) in pos.bonus_outcomes() {
                visit(&OutcomeAction::Bonus(&moves), &p)?;
            }
            return ControlFlow::Continue(());
        }
        Phase::Mark => {
            for (r, p) in pos.mark_outcomes() {
                visit(&OutcomeAction::Mark(r), &p)?;
            }
            return ControlFlow::Continue(());
        }
        _ => {}
    }
    let Ok(turn) = pos.begin_turn() else {
        return ControlFlow::Continue(());
    };
    let mut walk = Walk {
        seen: seen_take(),
        targets: SquareSet::FULL,
        most: None,
        cut: false,
        prune: None,
        only_taking: false,
        at_take: None,
        visit: &mut visit,
    };
    let flow = (|| {
        walk.turn(&turn)?;
        for (from, to, p) in pos.mark_moves() {
            if walk.seen.ends.insert(End(p)) {
                (walk.visit)(&OutcomeAction::MoveMark { from, to }, &p)?;
            }
        }
        if walk.seen.ends.is_empty()
            && let Ok(p) = pos.pass()
        {
            (walk.visit)(&OutcomeAction::Pass, &p)?;
        }
        ControlFlow::Continue(())
    })();
    seen_give(walk.seen);
    flow
}

/// What a walk keeps and a finished walk hands on to the next one on its thread (see
/// [`seen_take`]): the turn states and the ends it has seen, and its lists of man's
/// moves and its copies of a state, one a level.
#[derive(Default)]
struct Seen {
    /// The states of the turn already walked.
    states: FastMap<StateKey, ()>,
    /// The ends already visited.
    ends: FastSet<End>,
    /// Lists of man's moves to reuse, one a level of the walk.
    lists: Vec<Vec<ManMove>>,
    /// Copies of a state to reuse ([`TurnInProgress::play_into`]), one a level.
    nexts: Vec<Option<TurnInProgress>>,
}

/// The most entries a set may have room for to be kept for the next walk: larger ones
/// (a crowded position's tens of thousands of ends) are freed.
const KEPT_ROOM: usize = 1 << 13;

/// The most sets kept on a thread (walks nest: the prover's visitor walks the next
/// position inside a walk's visit, one level a ply).
const KEPT_SETS: usize = 6;

thread_local! {
    /// Finished walks' sets, emptied, for the next walks on this thread: a walk starts
    /// with the room the last ones grew instead of growing and rehashing from none.
    static SEEN: RefCell<Vec<Seen>> = const { RefCell::new(Vec::new()) };
}

/// Sets and lists for a new walk: kept ones, or new ones.
fn seen_take() -> Seen {
    SEEN.with(|s| s.borrow_mut().pop()).unwrap_or_default()
}

/// Gives a finished walk's sets back, emptied, unless they are large or enough are
/// kept already. (The lists and copies are not capped: one a level of a turn, each
/// list a position's man's moves, they stay small.)
fn seen_give(mut seen: Seen) {
    if seen.states.capacity() > KEPT_ROOM || seen.ends.capacity() > KEPT_ROOM {
        return;
    }
    seen.states.clear();
    seen.ends.clear();
    // (A list's moves need no clearing: each level empties its list before use.)
    SEEN.with(|s| {
        let mut kept = s.borrow_mut();
        if kept.len() < KEPT_SETS {
            kept.push(seen);
        }
    });
}

/// The walk of one turn of the side to act in `pos` that [`visit_turns_ending_in`],
/// [`visit_turns_pruned`], [`visit_taking_turns`] and [`visit_take_due`] share: every
/// man's move ending on `targets`, the states `prune` rules out not followed, only the
/// turns ending with a take due when `only_taking` (each such state handed to
/// `at_take` first, when given); nothing when the game is over or no turn is due.
fn walk_turns<'v, V: FnMut(&OutcomeAction<'_>, &Position) -> ControlFlow<()>>(
    pos: &Position,
    targets: SquareSet,
    prune: Option<&'v mut dyn FnMut(&TurnInProgress) -> bool>,
    only_taking: bool,
    at_take: Option<&'v mut AtTake<'v>>,
    visit: &'v mut V,
) -> ControlFlow<()> {
    if pos.winner().is_some() {
        return ControlFlow::Continue(());
    }
    let Ok(turn) = pos.begin_turn() else {
        return ControlFlow::Continue(());
    };
    let mut walk = Walk {
        seen: seen_take(),
        targets,
        most: None,
        cut: false,
        prune,
        only_taking,
        at_take,
        visit,
    };
    let flow = walk.turn(&turn);
    seen_give(walk.seen);
    flow
}

/// Calls `visit` once for each distinct outcome of a turn of the side to act in which
/// every man's move ends on a square of `targets` (takes, wanderers and radiating as in
/// play), until `visit` breaks. Only turns: no Mark move, no pass. The prover's last
/// turn uses it with the Rendezvous' squares.
pub fn visit_turns_ending_in(
    pos: &Position,
    targets: SquareSet,
    mut visit: impl FnMut(&OutcomeAction<'_>, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    walk_turns(pos, targets, None, false, None, &mut visit)
}

/// Calls `visit` once for each distinct outcome of a turn of the side to act, leaving
/// out the turns that `prune` rules out: before a state of a turn whose moves are not
/// over (no take due or made) is followed any further, `prune` is asked, and when it
/// says `true` neither that state's own end nor any reached from it is visited. Takes,
/// wanderers and radiating are as in play (after a take nothing is pruned). Only turns:
/// no Mark move, no pass. `prune` must be a function of the state (the men, which of
/// them moved, the squares counted): a state is walked once. The prover's bound at the
/// attacker's second-last turn uses it to skip the turns after which he cannot win.
pub fn visit_turns_pruned(
    pos: &Position,
    mut prune: impl FnMut(&TurnInProgress) -> bool,
    mut visit: impl FnMut(&OutcomeAction<'_>, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    walk_turns(
        pos,
        SquareSet::FULL,
        Some(&mut prune),
        false,
        None,
        &mut visit,
    )
}

/// Calls `visit` once for each distinct outcome of a turn of the side to act whose
/// moves all end on squares of `targets` and end with a take due (the mover got all
/// his men in: 1893 Rule 7, 1879 Rule 5; then the take, wanderers and radiating as in
/// play), until `visit` breaks; the states `prune` rules out are not followed, as in
/// [`visit_turns_pruned`]. In 1879 every turn that wins a Rendezvous is one of these
/// (the loser always has a man outside to remove, or he would have won first); the
/// prover's last turn in 1879 uses it with the Rendezvous' squares.
pub fn visit_taking_turns(
    pos: &Position,
    targets: SquareSet,
    mut prune: impl FnMut(&TurnInProgress) -> bool,
    mut visit: impl FnMut(&OutcomeAction<'_>, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    walk_turns(pos, targets, Some(&mut prune), true, None, &mut visit)
}

/// Calls `visit` once for each distinct state of a turn of the side to act in which
/// every man's move ended on a square of `targets` and a take is due (the mover got
/// all his men in), before the take, until `visit` breaks; the states `prune` rules
/// out are not followed, as in [`visit_turns_pruned`]. The moves of every turn that
/// [`visit_taking_turns`] gives with the same `targets` and `prune` are those of one of
/// these states, without the takes, wanderers and radiating that follow each: what a
/// caller asking only how the mover can get all his men in needs (the prover's threats
/// in 1879).
pub fn visit_take_due(
    pos: &Position,
    targets: SquareSet,
    mut prune: impl FnMut(&TurnInProgress) -> bool,
    mut visit: impl FnMut(&TurnInProgress) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut ends = |_: &OutcomeAction<'_>, _: &Position| ControlFlow::Continue(());
    walk_turns(
        pos,
        targets,
        Some(&mut prune),
        true,
        Some(&mut visit),
        &mut ends,
    )
}

/// The canonical form of the turn that leads from `pos` to `target`: the one with the
/// fewest man's moves, the first in the walk's fixed order among those (Carroll's
/// first hint is `c6-d5 d7-c6 e7-d7 x e6`, not a five-man shuffle that reaches the
/// same position). The walk of [`visit_outcomes`] gives each outcome with the first
/// turn its depth-first walk finds, which may move more men than needed; this walks
/// again with at most one man's move, then two, and so on, up to `most`. `None` when
/// no turn of at most `most` man's moves leads there (or `pos` has no turn to play).
pub fn fewest_moves_to(pos: &Position, target: &Position, most: usize) -> Option<Action> {
    if pos.winner().is_some() || !pos.phase().in_play() {
        return None;
    }
    let turn = pos.begin_turn().ok()?;
    // A man moves at most once a turn (every edition) and the mover's men are never
    // taken in his own turn, so each man's move ends on a square the mover holds in
    // `target`; and each square he holds there that was empty before takes a move
    // (one the other side held was a take that replaced his man, Rule 7).
    let mover = pos.to_act();
    let targets = target.men(mover);
    let fewest = (targets - pos.occupied()).count().max(1) as usize;
    let mut found = None;
    for limit in fewest..=most {
        let mut visit = |a: &OutcomeAction<'_>, c: &Position| {
            if c == target {
                found = Some(a.to_action());
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let mut walk = Walk {
            seen: seen_take(),
            targets,
            most: Some(limit),
            cut: false,
            prune: None,
            only_taking: false,
            at_take: None,
            visit: &mut visit,
        };
        let _ = walk.turn(&turn);
        let cut = walk.cut;
        seen_give(walk.seen);
        if found.is_some() || !cut {
            // Found, or no turn was cut short by the limit: more moves find nothing new.
            break;
        }
    }
    found
}

/// The number of distinct outcomes, by the walk (every edition; see
/// [`super::outcomes::count_outcomes`] for the fast 1893 count and the `set` phase).
pub fn count_by_walk(pos: &Position) -> usize {
    let mut n = 0usize;
    let _ = visit_outcomes(pos, |_, _| {
        n += 1;
        ControlFlow::Continue(())
    });
    n
}

/// The number of ways to set five men of each colour on the 28 border squares:
/// C(28, 5) × C(23, 5).
pub const SETUPS: u64 = 98_280 * 33_649;

/// What [`visit_take_due`] asks of each state of a turn with a take due.
type AtTake<'v> = dyn FnMut(&TurnInProgress) -> ControlFlow<()> + 'v;

/// A state of a turn: the men, which of them moved, the squares counted, whether the
/// Rendezvous closed, the wanderers to place, and (in a walk with a limit on the man's
/// moves, else 0) the man's moves made. Hashed as three words (equal keys are compared
/// whole), a fraction of hashing each field apart.
#[derive(Clone, Copy, PartialEq, Eq)]
struct StateKey {
    men: BySide<SquareSet>,
    moved: SquareSet,
    used: u8,
    closed: bool,
    pending: SquareSet,
    moves: u8,
}

impl Hash for StateKey {
    fn hash<H: Hasher>(&self, h: &mut H) {
        let small =
            u64::from(self.used) | u64::from(self.closed) << 8 | u64::from(self.moves) << 16;
        h.write_u64(self.men.of(Side::Black).0);
        h.write_u64(self.men.of(Side::Yellow).0 ^ self.moved.0.rotate_left(29));
        h.write_u64(self.pending.0 ^ small.rotate_right(24));
    }
}

/// An end a walk has reached, hashed by its men alone: the ends of one turn differ
/// mostly in them, and equal ones are compared whole.
#[derive(Clone, Copy, PartialEq, Eq)]
struct End(Position);

impl Hash for End {
    fn hash<H: Hasher>(&self, h: &mut H) {
        let men = self.0.all_men();
        h.write_u64(men.of(Side::Black).0);
        h.write_u64(men.of(Side::Yellow).0);
    }
}

struct Walk<'v, V> {
    /// The states and ends seen, and the lists and copies reused.
    seen: Seen,
    /// The squares a man's move may end on (every square for the whole walk).
    targets: SquareSet,
    /// The most man's moves a turn may make ([`fewest_moves_to`]; `None`: no limit).
    most: Option<usize>,
    /// Whether the limit stopped a turn that had legal moves left.
    cut: bool,
    /// Says of a state of the turn still moving that no end reached from it (itself
    /// included) is wanted ([`visit_turns_pruned`]); `None`: every end is.
    prune: Option<&'v mut dyn FnMut(&TurnInProgress) -> bool>,
    /// Visit only the ends of turns whose moves ended with a take due
    /// ([`visit_taking_turns`]).
    only_taking: bool,
    /// Given each state with a take due instead of the ends after it
    /// ([`visit_take_due`]); `None`: the take, wanderers and radiating are walked.
    at_take: Option<&'v mut AtTake<'v>>,
    visit: &'v mut V,
}

impl<V: FnMut(&OutcomeAction<'_>, &Position) -> ControlFlow<()>> Walk<'_, V> {
    fn key(&self, t: &TurnInProgress) -> StateKey {
        StateKey {
            men: BySide::new(t.men(Side::Black), t.men(Side::Yellow)),
            moved: t.moved(),
            used: t.used(),
            closed: t.is_closed(),
            pending: t.pending_wanderers(),
            moves: match self.most {
                Some(_) => u8::try_from(t.moves().len()).unwrap_or(u8::MAX),
                None => 0,
            },
        }
    }

    fn end(&mut self, t: &TurnInProgress) -> ControlFlow<()> {
        // Most ends are turns still moving: their position is worked out alone, and
        // the result (a copy of the moves) is built only for the other ends.
        if let Some(position) = t.played_end() {
            if cfg!(debug_assertions) {
                let r = t
                    .finish()
                    .map(|r| (r.position, r.moves, r.wanderers, r.radiate));
                assert_eq!(r, Ok((position, t.moves().to_vec(), Vec::new(), None)));
            }
            if self.seen.ends.insert(End(position)) {
                let action = OutcomeAction::Turn {
                    moves: t.moves(),
                    take: None,
                    wanderers: &[],
                    radiate: None,
                };
                (self.visit)(&action, &position)?;
            }
            return ControlFlow::Continue(());
        }
        let Ok(result) = t.finish() else {
            return ControlFlow::Continue(());
        };
        if self.seen.ends.insert(End(result.position)) {
            let action = OutcomeAction::Turn {
                moves: &result.moves,
                take: match result.end {
                    super::turn::TurnEnd::Played => None,
                    super::turn::TurnEnd::Replaced(sq) | super::turn::TurnEnd::Removed(sq) => {
                        Some(sq)
                    }
                },
                wanderers: &result.wanderers,
                radiate: result.radiate,
            };
            (self.visit)(&action, &result.position)?;
        }
        ControlFlow::Continue(())
    }

    fn turn(&mut self, t: &TurnInProgress) -> ControlFlow<()> {
        // A state with its moves not over and no square left to count leads nowhere:
        // its own end is all it has, and the ends are kept apart, so it is not
        // recorded (walked again, it finds its end seen already).
        if !t.is_closed() && t.remaining() == 0 {
            if let Some(prune) = self.prune.as_deref_mut()
                && prune(t)
            {
                return ControlFlow::Continue(());
            }
            if !t.moves().is_empty() && !self.only_taking {
                return self.end(t);
            }
            return ControlFlow::Continue(());
        }
        if self.seen.states.insert(self.key(t), ()).is_some() {
            return ControlFlow::Continue(());
        }
        if let Some(choices) = t.take_choices() {
            if let Some(at_take) = self.at_take.as_deref_mut() {
                return at_take(t);
            }
            for c in choices {
                let mut next = t.clone();
                if next.take(c).is_ok() {
                    self.wanderers(&next)?;
                }
            }
            return ControlFlow::Continue(());
        }
        if t.is_closed() {
            return self.wanderers(t);
        }
        if let Some(prune) = self.prune.as_deref_mut()
            && prune(t)
        {
            return ControlFlow::Continue(());
        }
        if !t.moves().is_empty() && !self.only_taking {
            self.end(t)?;
        }
        if self.most.is_some_and(|most| t.moves().len() >= most) {
            if !self.cut {
                let mut moves = self.seen.lists.pop().unwrap_or_default();
                t.legal_moves_into(&mut moves);
                self.cut = !moves.is_empty();
                self.seen.lists.push(moves);
            }
            return ControlFlow::Continue(());
        }
        // One list of moves and one copy of the state a level, their room kept from
        // state to state.
        let mut moves = self.seen.lists.pop().unwrap_or_default();
        t.legal_moves_into(&mut moves);
        let mut next = self.seen.nexts.pop().flatten();
        let mut flow = ControlFlow::Continue(());
        for &m in &moves {
            if !self.targets.contains(m.to) {
                continue;
            }
            flow = self.turn(t.play_into(&mut next, m));
            if flow.is_break() {
                break;
            }
        }
        self.seen.lists.push(moves);
        self.seen.nexts.push(next);
        flow
    }

    fn wanderers(&mut self, t: &TurnInProgress) -> ControlFlow<()> {
        let pending = t.pending_wanderers();
        if pending.is_empty() {
            // 1879: the centre man's owner chooses his line (E-8).
            if let Some(choices) = t.radiate_choices() {
                for to in choices {
                    let mut next = t.clone();
                    if next.radiate(to).is_ok() {
                        self.end(&next)?;
                    }
                }
                return ControlFlow::Continue(());
            }
            return self.end(t);
        }
        if self.seen.states.insert(self.key(t), ()).is_some() {
            return ControlFlow::Continue(());
        }
        for from in pending {
            for to in t.wanderer_targets(from) {
                let mut next = t.clone();
                if next.send_wanderer(from, to).is_ok() {
                    self.wanderers(&next)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The number of set-ups open to the side to act in phase `set`: the arranger's
/// [`SETUPS`] (1880), or his own men's (1879, [`own_setups`]).
pub fn setup_count(pos: &Position) -> u64 {
    if pos.rules().sets_own_men() {
        own_setups(pos)
    } else {
        SETUPS
    }
}

/// The number of ways the side to act may set his own five men on the vacant border
/// squares (1879 Rule 2): C(28, 5) for the first player, C(23, 5) for the second.
pub fn own_setups(pos: &Position) -> u64 {
    let free = (SquareSet::BORDER - pos.occupied()).count() as u64;
    // C(free, 5)
    (0..5).fold(1u64, |acc, i| acc * (free - i) / (i + 1))
}

/// The 1879 set-ups of the side to act, in order of his squares.
fn visit_own_setups(
    pos: &Position,
    visit: &mut impl FnMut(&OutcomeAction<'_>, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let free: Vec<_> = (SquareSet::BORDER - pos.occupied()).into_iter().collect();
    let mut chosen = Vec::with_capacity(5);
    let side = pos.to_act();
    choose(&free, 5, 0, &mut chosen, &mut |own| {
        let (black, yellow): (&[Square], &[Square]) = match side {
            Side::Black => (own, &[]),
            Side::Yellow => (&[], own),
        };
        match pos.set_men(black, yellow) {
            Ok(p) => visit(&OutcomeAction::Set { black, yellow }, &p),
            Err(_) => ControlFlow::Continue(()),
        }
    })
}

/// The arranger's set-ups, in order (see [`visit_outcomes`]).
fn visit_setups(
    pos: &Position,
    visit: &mut impl FnMut(&OutcomeAction<'_>, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let border: Vec<_> = SquareSet::BORDER.into_iter().collect();
    let mut black = Vec::with_capacity(5);
    choose(&border, 5, 0, &mut black, &mut |b| {
        let rest: Vec<_> = border.iter().copied().filter(|s| !b.contains(s)).collect();
        let mut yellow = Vec::with_capacity(5);
        choose(&rest, 5, 0, &mut yellow, &mut |y| match pos.set_men(b, y) {
            Ok(p) => visit(
                &OutcomeAction::Set {
                    black: b,
                    yellow: y,
                },
                &p,
            ),
            Err(_) => ControlFlow::Continue(()),
        })
    })
}

/// Calls `f` with every `k`-subset of `items[start..]` added to `chosen`, in order.
fn choose<T: Copy>(
    items: &[T],
    k: usize,
    start: usize,
    chosen: &mut Vec<T>,
    f: &mut impl FnMut(&[T]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if chosen.len() == k {
        return f(chosen);
    }
    for i in start..items.len() {
        if items.len() - i < k - chosen.len() {
            break;
        }
        chosen.push(items[i]);
        let r = choose(items, k, i + 1, chosen, f);
        chosen.pop();
        r?;
    }
    ControlFlow::Continue(())
}
