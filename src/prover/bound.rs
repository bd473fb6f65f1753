//! The prover's admissible bounds, which need no move generation: whether the
//! attacker can still meet his goal at his last turn ([`can_win_now`]), one action
//! earlier with the defender to act ([`can_win_after_defence`]), and within any number
//! of turns for a Rendezvous goal ([`can_win_within`]); what the attacker's turn must
//! do before his last in the 1893 family and 1879 ([`turn_need`]: get all his men in,
//! or nothing can help); each edition's way of bringing men in (`Reach`).

use super::{Goal, Target};
use crate::engine::turn::TurnInProgress;
use crate::engine::{Direction, Phase, Position, Rendezvous, Side, Square, SquareSet};

/// The admissible test at the attacker's last turn: `false` only when no turn of his
/// from `p` can meet the goal. Needs no move generation.
///
/// He must get all his men into the Rendezvous: each man outside must reach one of
/// its squares along one line, and the least counts together must fit the allowance
/// (see `Reach`). In 1893 (and its options) more is needed: a Rendezvous is won
/// (Rule 8) only if exactly one of the defender's men stands outside when he gets all
/// in (the defender does not move in his turn), and the game is won only if the
/// defender has two men and one is outside (Rule 7 or 8 then leaves him one, Rule 9).
/// In 1879 winning the Rendezvous is enough (Rule 5), and the game needs the score
/// (see [`Position::rendezvous_to_game`], tested before this). The defender's men
/// block a line (they stand still through the turn); the attacker's own are ignored
/// (one may move out of the way first), so the test only ever says "maybe" too often.
/// Under the 1880 rules (a Mark that moves) the count is `moving_mark_reach`'s, and
/// each man outside must then come in by one straight move as in 1879 (the Mark stands
/// still through his last turn: `fixed_mark_reach`).
pub fn can_win_now(p: &Position, goal: &Goal) -> bool {
    win_now(p, goal, true)
}

/// [`can_win_now`], with the defender's men blocking the attacker's lines
/// (`blocked`: they stand still through his turn, so a man's move can neither cross
/// nor end on one) or not (the test as it was before [`Limits::blocked`](super::Limits::blocked)).
pub(crate) fn win_now(p: &Position, goal: &Goal, blocked: bool) -> bool {
    if let Some(ok) = moving_mark_reach(p, goal, 1) {
        // 1880: the Mark stands still through his last turn (his own Mark move never
        // completes him), so each man outside comes in by one straight move, the
        // defender's men standing in the way.
        let blockers = if blocked {
            p.men(!p.to_act())
        } else {
            SquareSet::EMPTY
        };
        return ok
            && (p.to_act() != goal.side
                || fixed_mark_reach(p, goal.side, u32::from(p.allowance()), blockers));
    }
    let Some(how) = Reach::of(p) else {
        return true;
    };
    let Some(r) = p.rendezvous() else {
        return true;
    };
    let me = p.to_act();
    if matches!(how, Reach::R1893) {
        let d_out = p.outside(!me).count();
        let d_all = u32::from(p.count(!me));
        let ok_target = match goal.target {
            Target::Rendezvous => d_out == 1 || (d_all == 2 && d_out >= 1),
            Target::Game => d_all == 2 && d_out >= 1,
        };
        if !ok_target {
            return false;
        }
    }
    all_in_reach(p, how, r, blocked)
}

/// Whether the side to act at `p` may get all his men into `r` this turn, counted as
/// `how` says, the other side's men in the way when `blocked`.
fn all_in_reach(p: &Position, how: Reach, r: &Rendezvous, blocked: bool) -> bool {
    let blockers = if blocked {
        p.men(!p.to_act())
    } else {
        SquareSet::EMPTY
    };
    how.reach(r, p.outside(p.to_act()), u32::from(p.allowance()), blockers)
}

/// How men step into a Rendezvous in one turn, by the edition, for the admissible
/// tests: the 1893 family (Rule 3; D-5: at most 3 squares a man unless he is the only
/// one outside; Rule 6: a border man of an open Rendezvous slides in, counting at
/// least 1) and 1879 (Rule 4: any distance along one line, within the allowance).
#[derive(Clone, Copy)]
pub(crate) enum Reach {
    R1893,
    R1879,
}

impl Reach {
    /// The edition's way, when `p` is in play under rules whose turn wins only with
    /// all the mover's men in (1880, whose Mark moves, has `moving_mark_reach`).
    pub(crate) fn of(p: &Position) -> Option<Reach> {
        if !p.phase().in_play() {
            return None;
        }
        let rules = p.rules();
        if !rules.wins_only_by_men_in() {
            None
        } else if rules.limits_each_man() {
            Some(Reach::R1893)
        } else {
            Some(Reach::R1879)
        }
    }

    /// Whether men come into `p`'s Rendezvous as in 1879 through the turn of the side
    /// to act and the other side's next: in 1879, and in 1880 unless the side to act
    /// may move the Mark now (Rule 5: only the first player, and only before he moves a
    /// man; the other side's Mark move never completes him, E-3). Then a man comes in
    /// by one straight move of any length within the allowance, and a turn wins the
    /// Rendezvous only by bringing all the mover's men in.
    pub(crate) fn straight_in(p: &Position) -> bool {
        match Reach::of(p) {
            Some(how) => matches!(how, Reach::R1879),
            None => {
                p.phase().in_play()
                    && p.rendezvous().is_some()
                    && !p.rules().wins_only_by_men_in()
                    && !matches!(p.phase(), Phase::Shift(s) if s == p.to_act())
            }
        }
    }

    /// Whether every man of `outside` can step into `r` within `allowance`: one
    /// straight move each, the least counts together within the allowance, no move
    /// crossing or ending on a square of `blockers` (men that stand still through the
    /// turn: the other side's). Blocking by the mover's own men is ignored (they may
    /// move first), so it says "maybe" too often, never "no" wrongly.
    fn reach(
        self,
        r: &Rendezvous,
        outside: SquareSet,
        allowance: u32,
        blockers: SquareSet,
    ) -> bool {
        let n_out = outside.count();
        if n_out == 0 {
            return true;
        }
        if n_out > allowance {
            return false;
        }
        let (slide, cap) = match self {
            Reach::R1893 => (r.is_open(), if n_out > 1 { 3 } else { u32::MAX }),
            Reach::R1879 => (false, u32::MAX),
        };
        let targets = r.squares() - blockers;
        let mut total = 0u32;
        for sq in outside {
            let mut best = fewest_clear(sq, targets, blockers);
            if slide && sq.is_border() {
                best = best.min(1);
            }
            if best == u32::MAX || best > cap {
                return false;
            }
            total += best;
            if total > allowance {
                return false;
            }
        }
        true
    }
}

/// The fewest squares from `from` to one of `targets` by one straight move crossing
/// no square of `blockers`; `u32::MAX` when no such move exists.
fn fewest_clear(from: Square, targets: SquareSet, blockers: SquareSet) -> u32 {
    let mut best = u32::MAX;
    for t in targets {
        if let Some((dir, n)) = from.line_to(t)
            && u32::from(n) < best
            && clear(from, dir, n, blockers)
        {
            best = u32::from(n);
        }
    }
    best
}

/// Whether none of the `n - 1` squares from `from` towards `dir` before the `n`th is
/// in `blockers`.
fn clear(from: Square, dir: Direction, n: u8, blockers: SquareSet) -> bool {
    let mut at = from;
    for _ in 1..n {
        match at.step(dir) {
            Some(next) if !blockers.contains(next) => at = next,
            _ => return false,
        }
    }
    true
}

/// Whether the defender getting all his men in first would settle the goal against
/// the attacker, so that the bounds need not count it: a Rendezvous goal where men
/// come in as in 1879 (1879 Rule 5, and 1880 with the Mark standing still, E-4: the
/// Rendezvous is then won by him and over). Not in the 1893 family, where his Rule 7
/// take may leave the Rendezvous going on with one of the attacker's men made his.
fn defender_in_first_settles(how: Reach, goal: &Goal) -> bool {
    matches!(how, Reach::R1879) && goal.target == Target::Rendezvous
}

/// The admissible test one action earlier, with the defender to act before the
/// attacker's last turn: `false` only when, whatever the defender does, the attacker
/// cannot then meet the goal. Needs no move generation.
///
/// The defender's turn cannot move the attacker's men, change the Rendezvous or the
/// allowance, except by an interchange (1893 Rule 5) or when the defender gets all in
/// himself (1893 Rule 7 turns one of the attacker's outside men into his own; 1893
/// Rule 8 and 1879 Rule 5 end the Rendezvous, which settles a Rendezvous goal and, in
/// 1879, sends every man back to the border). So when neither can happen, the
/// attacker's outside men must reach the Rendezvous as [`can_win_now`] counts it (but
/// for blocking: the defender's men will have moved), with the allowance he will then
/// have (never more than his men give him); and the defender getting all in is
/// counted the same way, the attacker's men blocking his lines, except where it would
/// settle the goal against the attacker (a Rendezvous goal in 1879, or in 1880 with the
/// Mark standing still: his getting all in wins the Rendezvous and ends it). The 1893
/// family and 1879 in play, and 1880 as `moving_mark_reach` counts it; otherwise
/// `true`.
pub fn can_win_after_defence(p: &Position, goal: &Goal) -> bool {
    after_defence(p, goal, true)
}

/// Whether the defender (the side to act in `p`) might get all his men in at this
/// turn, as [`can_win_after_defence`] counts it (the attacker's men in his way when
/// `blocked`); `true` when the tests cannot say.
pub(crate) fn defender_may_get_all_in(p: &Position, goal: &Goal, blocked: bool) -> bool {
    if p.to_act() == goal.side {
        return true;
    }
    let blockers = if blocked {
        p.men(goal.side)
    } else {
        SquareSet::EMPTY
    };
    if !p.rules().wins_only_by_men_in() {
        // 1880: with the Mark standing still through his turn, as in 1879.
        return !Reach::straight_in(p)
            || fixed_mark_reach(p, p.to_act(), u32::from(p.allowance()), blockers);
    }
    let Some((how, r)) = fixed_before_the_defence(p) else {
        return true;
    };
    how.reach(r, p.outside(p.to_act()), u32::from(p.allowance()), blockers)
}

/// [`can_win_after_defence`], with the attacker's men blocking the defender's lines
/// to getting all in (`blocked`: they stand still through his turn) or not.
pub(crate) fn after_defence(p: &Position, goal: &Goal, blocked: bool) -> bool {
    if p.to_act() == goal.side {
        return true;
    }
    if let Some(ok) = moving_mark_reach(p, goal, 1) {
        // 1880: unless the defender may move the Mark now, neither the set nor the
        // attacker's men change through the defender's turn but by his getting all in
        // (which settles a Rendezvous goal; a game goal goes on into the next
        // Rendezvous), so each of the attacker's men outside must then come in by one
        // straight move.
        let mark_may_move = matches!(p.phase(), Phase::Shift(s) if s == p.to_act());
        let next_rendezvous =
            goal.target != Target::Rendezvous && defender_may_get_all_in(p, goal, false);
        return ok
            && (mark_may_move
                || next_rendezvous
                || fixed_mark_reach(
                    p,
                    goal.side,
                    u32::from(p.later_allowance(goal.side)),
                    SquareSet::EMPTY,
                ));
    }
    let Some((how, r)) = fixed_before_the_defence(p) else {
        return true;
    };
    let defender = p.to_act();
    let blockers = if blocked {
        p.men(goal.side)
    } else {
        SquareSet::EMPTY
    };
    if !defender_in_first_settles(how, goal)
        && how.reach(r, p.outside(defender), u32::from(p.allowance()), blockers)
    {
        // He may get all in and win (and, in 1893, take by Rule 7).
        return true;
    }
    how.reach(
        r,
        p.outside(goal.side),
        u32::from(p.later_allowance(goal.side)),
        SquareSet::EMPTY,
    )
}

/// The admissible test at every depth: `false` only when the attacker cannot get all
/// his men in within `t` of his turns whatever happens, so can meet neither a
/// Rendezvous goal nor a game goal (a game is won only by taking the other side's
/// men, 1893 Rules 7–9, or by the score, which grows only by winning Rendezvous,
/// 1879 Rules 5, 9 and 10: each needs him all in first). Needs no move generation.
///
/// Each of his men outside must come in: a man's move counts the squares it crosses,
/// so a man needs at least his king distance to the nearest square of the
/// Rendezvous (1893: one, for a border man of an open Rendezvous, who slides in), and
/// a turn counts at most his allowance ([`Position::later_allowance`], never less than
/// a first turn's, and never more later in the Rendezvous: men are only ever taken
/// while it lasts). Only the defender getting all his men in changes the attacker's
/// men (1893 Rule 7) or the Rendezvous, so the test holds only when the defender,
/// counted the same way with the turns he has before the attacker's last, cannot, or
/// when his doing so would settle the goal against the attacker (a Rendezvous goal in
/// 1879: his win ends it); and not before an interchange (which changes the colours).
/// The 1880 rules (a Mark that moves) are counted by `moving_mark_reach`.
pub fn can_win_within(p: &Position, goal: &Goal, t: u32) -> bool {
    if goal.help {
        return true;
    }
    if let Some(ok) = moving_mark_reach(p, goal, t) {
        return ok;
    }
    let Some((how, r)) = fixed_before_the_defence(p) else {
        return true;
    };
    let attacker = goal.side;
    let defender = !attacker;
    let slide = matches!(how, Reach::R1893) && r.is_open();
    let need = |side: Side| -> u32 {
        p.outside(side)
            .into_iter()
            .map(|sq| r.fewest_squares_from(sq, slide))
            .sum()
    };
    let most = |side: Side| -> u32 {
        let now = if p.to_act() == side { p.allowance() } else { 0 };
        u32::from(p.later_allowance(side).max(now))
    };
    let defender_turns = if p.to_act() == attacker { t - 1 } else { t };
    if !defender_in_first_settles(how, goal) && need(defender) <= defender_turns * most(defender) {
        return true;
    }
    need(attacker) <= t * most(attacker)
}

/// The attacker's second-last turn (1879, and 1880 in phase `play`, where the Mark
/// stands still and men come in as in 1879): a test of each state of his turn
/// ([`TurnInProgress`]) that is `true` only when no turn reached from that state
/// leaves [`can_win_after_defence`] true, so the walk
/// ([`visit_turns_pruned`](crate::engine::search::visit_turns_pruned)) need not follow
/// it. `None` when it cannot say: not the attacker to act, help play, other rules or
/// phases, not in play, or when the defender might get all his men in at his next turn
/// (counted with no man in his way, so whatever the attacker's turn does) and that
/// would not settle the goal against the attacker (it would for a Rendezvous goal:
/// his win ends the Rendezvous), which makes that test hold whatever the attacker does.
///
/// After a turn that does not win (a winning turn gets all his men in, which this
/// never rules out), the test needs each of his men outside the Rendezvous to reach it
/// by one straight move, those moves counting together at most his next allowance,
/// with no man in the way: the sum of each man's fewest squares along a line (his
/// *straight distance*; none when no line leads in) at most that allowance. A man
/// already moved this turn keeps his square, so counts his straight distance; one not
/// yet moved counts the least of his straight distance now (he stays) and his king
/// distance less the squares the turn has left (a move of `k` squares brings him at
/// most `k` nearer, and a straight distance is never less than the king distance).
/// When even that sum is over the allowance, every end from the state fails the test.
pub fn second_last_prune(
    p: &Position,
    goal: &Goal,
) -> Option<impl Fn(&TurnInProgress) -> bool + use<>> {
    if goal.help || p.to_act() != goal.side {
        return None;
    }
    // 1880 only in phase `play`, where no one moves the Mark any more.
    let fixed_1880 = !p.rules().wins_only_by_men_in() && p.phase() == Phase::Play;
    let (how, r) = match fixed_before_the_defence(p) {
        Some(found) => found,
        None if fixed_1880 => (Reach::R1879, p.rendezvous()?),
        None => return None,
    };
    if !matches!(how, Reach::R1879) {
        return None;
    }
    let attacker = goal.side;
    let defender = !attacker;
    if !defender_in_first_settles(how, goal)
        && how.reach(
            r,
            p.outside(defender),
            u32::from(p.later_allowance(defender)),
            SquareSet::EMPTY,
        )
    {
        return None;
    }
    let squares = r.squares();
    let mut straight = [u32::MAX; 64];
    let mut king = [0u32; 64];
    for sq in SquareSet::FULL {
        let i = usize::from(sq.index());
        king[i] = r.fewest_squares_from(sq, false);
        straight[i] = if squares.contains(sq) {
            0
        } else {
            squares
                .into_iter()
                .filter_map(|t| sq.line_to(t).map(|(_, n)| u32::from(n)))
                .min()
                .unwrap_or(u32::MAX)
        };
    }
    let allowance = u32::from(p.later_allowance(attacker));
    Some(move |t: &TurnInProgress| {
        let left = u32::from(t.remaining());
        let moved = t.moved();
        let mut sum = 0u32;
        for sq in t.men(attacker) - squares {
            let i = usize::from(sq.index());
            let least = if moved.contains(sq) {
                straight[i]
            } else {
                straight[i].min(king[i].saturating_sub(left))
            };
            sum = sum.saturating_add(least);
            if sum > allowance {
                return true;
            }
        }
        false
    })
}

/// The attacker's last turn (1879, 1880): a test of each state of his turn that is
/// `true` only when no turn reached from it gets all his men in: a man already moved
/// stands outside the Rendezvous, or the men not yet moved and outside need more
/// squares together than the turn has left, each at least the fewest squares of one
/// straight move into the set that crosses and ends on none of the other side's men
/// (they stand still through the turn; his own men may move first, so they are not
/// counted in the way). In these editions each man moves at most once a turn, along
/// one line through empty squares, and the Rendezvous is never open (no slides).
/// `None` under other rules or out of play. With
/// [`visit_taking_turns`](crate::engine::search::visit_taking_turns), which gives only
/// the turns that end with a take due, the prover's last turn walks only towards the
/// turns that win the Rendezvous.
///
/// A state it rules out leaves every state reached from it ruled out too (the squares
/// left fall by what each move counts, the men's need by at most that), so a walk
/// pruned by it reaches every turn getting all his men in by the same first path.
pub fn last_turn_prune(p: &Position) -> Option<impl Fn(&TurnInProgress) -> bool + use<>> {
    if !p.phase().in_play() || p.rules().limits_each_man() {
        return None;
    }
    let r = p.rendezvous()?;
    if r.is_open() {
        return None;
    }
    let squares = r.squares();
    let me = p.to_act();
    let other = p.men(!me);
    let targets = squares - other;
    // The fewest squares each man outside needs (`u32::MAX`: he cannot come in).
    let mut need_of = [0u32; 64];
    for sq in p.men(me) - squares {
        need_of[usize::from(sq.index())] = fewest_clear(sq, targets, other);
    }
    Some(move |t: &TurnInProgress| {
        let out = t.men(me) - squares;
        if !(out & t.moved()).is_empty() {
            return true;
        }
        let need = out.into_iter().fold(0u32, |sum, sq| {
            sum.saturating_add(need_of[usize::from(sq.index())])
        });
        need > u32::from(t.remaining())
    })
}

/// Whether every man of `side` outside the set can come into it by one straight move,
/// the least counts together within `allowance`, crossing and ending on no square of
/// `blockers` (1880 with the Mark standing still: each man moves once a turn, along
/// one line, with no limit of his own, as in 1879).
fn fixed_mark_reach(p: &Position, side: Side, allowance: u32, blockers: SquareSet) -> bool {
    p.rendezvous()
        .is_none_or(|r| Reach::R1879.reach(r, p.outside(side), allowance, blockers))
}

/// How the attacker's men step in and the Rendezvous they must reach, when neither can
/// change before the attacker's next turn but by the defender getting all in: a
/// Rendezvous in play, rules the tests know, and no interchange due. `None`: the tests
/// cannot say.
fn fixed_before_the_defence(p: &Position) -> Option<(Reach, &Rendezvous)> {
    let how = Reach::of(p)?;
    let r = p.rendezvous()?;
    p.can_interchange().is_err().then_some((how, r))
}

/// The admissible test under rules whose Rendezvous is won by the last man's move or
/// by a Mark move (1880: Rule 5 lets the player who plays first move the Mark one
/// square a turn instead of his men, until he moves one of them; E-4 wins as soon as
/// all a side's men stand in the set): `Some(false)` only when the goal side
/// (`goal.side`) cannot get all his men into the set within `t` of his turns, his
/// last included, whatever happens; `None` for other rules, or when not in play.
///
/// A man outside needs at least his king distance to the set; a turn of men's moves
/// counts at most the mover's allowance (his men: none is taken while a Rendezvous
/// lasts). Each Mark move shifts the set one square, so it brings each man at most
/// one square nearer: the defender may make one in each of his turns before the
/// attacker's last; the attacker only instead of a turn of men's moves, and never at
/// his last (E-3: his Mark move may not bring one of his men in, so it never
/// completes him). A Rendezvous goal is settled when the defender gets all in first
/// (the Rendezvous ends), so that needs no search; a game goal may go on into the
/// next Rendezvous, so the test says "maybe" whenever the defender, counted the same
/// way with every Mark move, might get all his men in before the attacker's last turn.
pub(crate) fn moving_mark_reach(p: &Position, goal: &Goal, t: u32) -> Option<bool> {
    if p.rules().wins_only_by_men_in() || !p.phase().in_play() || goal.help || t == 0 {
        return None;
    }
    let r = p.rendezvous()?;
    let attacker = goal.side;
    let defender = !attacker;
    let need = |side: Side, shifts: u32| -> u32 {
        p.outside(side)
            .into_iter()
            .map(|sq| r.fewest_squares_from(sq, false).saturating_sub(shifts))
            .sum()
    };
    let allowance = |side: Side| -> u32 {
        let now = if p.to_act() == side { p.allowance() } else { 0 };
        u32::from(p.later_allowance(side).max(now))
    };
    let defender_turns = if p.to_act() == attacker { t - 1 } else { t };
    // The Mark moves that may come before the attacker's last turn.
    let shifts = match p.phase() {
        Phase::Shift(s) if s == attacker => t - 1,
        Phase::Shift(_) => defender_turns,
        _ => 0,
    };
    if goal.target == Target::Game && need(defender, shifts) <= defender_turns * allowance(defender)
    {
        return Some(true);
    }
    let a = allowance(attacker);
    let ok = match p.phase() {
        Phase::Shift(s) if s == attacker => (0..t).any(|k| need(attacker, k) <= (t - k) * a),
        _ => need(attacker, shifts) <= t * a,
    };
    Some(ok)
}

/// What the attacker's turn at `p` must do for his goal to stay within reach, with
/// `t` of his turns left (this one included): [`turn_need`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnNeed {
    /// Any of his turns may do (or the test cannot say).
    Any,
    /// Only a turn in which he gets all his men in (1893 Rules 7 and 8: the other
    /// side then loses a man; 1879 Rule 5: he wins the Rendezvous), so only a turn
    /// whose every move ends in the Rendezvous.
    AllIn,
    /// None: the goal is out of reach whatever he does.
    Hopeless,
}

/// What the attacker's turn at `p` must do, with `t >= 2` of his turns left (this one
/// included), under the rules whose Rendezvous is won only by men coming in (the
/// 1893 family and 1879); needs no move generation.
///
/// - **A game goal** needs [`Position::rendezvous_to_game`] more Rendezvous won (1893:
///   men taken, Rules 7–9; 1879: the score, Rules 5, 9, 10), a count that only the
///   attacker's own winning turns lower, by one each (a man taken, a Rendezvous won):
///   with as many left as turns, every one of his turns must win one, so must get all
///   his men in; with more, none can.
/// - **A Rendezvous goal** (1893 family) is met at his last turn only with exactly one
///   of the defender's men outside (Rule 8), or with the defender down to two men and
///   one outside (Rule 7 then leaves him one). A man is taken from a side only when
///   the other gets all his men in, at most once in a turn, and only a side's own moves
///   bring its men in; so each round of the attacker's turn and the defender's lowers
///   the defender's men outside by at most two: one taken by Rule 7, one the defender
///   brings in himself — he may always move a single man one square, or pass when he
///   cannot move (D-6), and he never has to bring in more. So with `d` of the
///   defender's men outside and `t >= 2` turns left, `d >= 2t` cannot be overcome, and
///   with `d = 2t - 1` only a turn of the attacker's that takes a man (so gets all his
///   men in) can. Not when an interchange may come before the last turn (it changes
///   the colours; only at the first turn of a Rendezvous, and a Rendezvous ends only
///   when one side gets all in with one man outside).
///
/// A turn that gets all his men in has every man's move ending in the Rendezvous (each
/// man moves once a turn): what [`visit_goal_turns`](super::last::visit_goal_turns)
/// generates. Other rules, help play, the defender to act, fewer than two turns:
/// [`TurnNeed::Any`].
pub fn turn_need(p: &Position, goal: &Goal, t: u32) -> TurnNeed {
    if goal.help || t < 2 || p.to_act() != goal.side || p.rendezvous().is_none() {
        return TurnNeed::Any;
    }
    let Some(how) = Reach::of(p) else {
        return TurnNeed::Any;
    };
    match goal.target {
        Target::Game => {
            let n = p.rendezvous_to_game(goal.side);
            if n < t {
                TurnNeed::Any
            } else if n == t {
                TurnNeed::AllIn
            } else {
                TurnNeed::Hopeless
            }
        }
        Target::Rendezvous => {
            if !matches!(how, Reach::R1893) || p.can_interchange().is_ok() {
                return TurnNeed::Any;
            }
            let d = p.outside(!goal.side).count();
            if d >= 2 * t {
                TurnNeed::Hopeless
            } else if d == 2 * t - 1 {
                TurnNeed::AllIn
            } else {
                TurnNeed::Any
            }
        }
    }
}

/// Whether the side to act at `p` may get all his men into the Rendezvous in this turn:
/// `false` only when no turn of his can (each man outside must reach one of its squares
/// along one line, the least counts together within his allowance, the other side's men
/// in the way when `blocked`: they stand still through his turn). `true` when there is
/// no Rendezvous or the rules are not counted this way (1880 while the Mark may move).
pub(crate) fn may_get_all_in_now(p: &Position, blocked: bool) -> bool {
    let (Some(how), Some(r)) = (Reach::of(p), p.rendezvous()) else {
        return true;
    };
    all_in_reach(p, how, r, blocked)
}

/// How promising `c` (a position after the defender's turn, the attacker to act with
/// more than his last turn left) looks as a refutation, for the order in which the
/// defences are searched ([`Limits::defence_order`](super::Limits::defence_order)): an
/// order only, never a bound. Highest first: the defender able to get all his men in at
/// his next turn while the attacker cannot get all his in at this one (the attacker
/// must then stop him, not race); then the squares the attacker's men outside still
/// need by straight moves into free squares of the Rendezvous, every man counted in
/// the way (a man with no clear line counts 8). 0 under rules whose Rendezvous moves
/// (1880) or when it cannot change before the attacker's turn but by the defender.
pub(crate) fn refutation_promise(c: &Position, goal: &Goal) -> u32 {
    let attacker = goal.side;
    if goal.help || c.to_act() != attacker {
        return 0;
    }
    let Some((how, r)) = fixed_before_the_defence(c) else {
        return 0;
    };
    let defender = !attacker;
    let threat = how.reach(
        r,
        c.outside(defender),
        u32::from(c.later_allowance(defender)),
        c.men(attacker),
    ) && !how.reach(
        r,
        c.outside(attacker),
        u32::from(c.allowance()),
        c.men(defender),
    );
    let occupied = c.occupied();
    let free = r.squares() - occupied;
    let need: u32 = c
        .outside(attacker)
        .into_iter()
        .map(|sq| fewest_clear(sq, free, occupied).min(8))
        .sum();
    u32::from(threat) * 1000 + need.min(999)
}
