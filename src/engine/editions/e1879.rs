//! The printed rules of February/March 1879 (with a die): each side sets his own men
//! (Rule 2, E-6), the Mark thrown by the die on c3…f6 (Rule 3, E-7), the allowance of
//! the smaller side (Rule 4), winning, the take and the wanderers set in the
//! Rendezvous (Rule 5, E-4), radiating (Rule 6, E-8), the bonus (Rule 7, E-9, E-11),
//! the round and its score (Rule 9, E-12) and the game won at five (Rule 10).
//!
//! Also the die itself (Rule 3 and its N.B.), as a function of a source of throws, so
//! that the engine stays free of any generator.

use super::MarkSpec;
use crate::engine::position::{Phase, Position, PositionErrorKind, Round};
use crate::engine::rendezvous::{MarkProblem, Rendezvous};
use crate::engine::rules::Rules;
use crate::engine::side::{BySide, Side};
use crate::engine::square::{Direction, Square};
use crate::engine::squareset::SquareSet;
use crate::engine::table::FastSet;
use crate::engine::violation::{BonusProblem, RadiateProblem, RuleRef, RuleViolation, SetProblem};

/// Men per side.
pub(crate) const MEN: u32 = 5;

/// The points that win the game (Rule 10).
pub(crate) const WINNING_SCORE: u8 = 5;

/// The squares the die can give (E-7): ranks 3–6 and files c–f.
pub(crate) const DIE_SQUARES: SquareSet = SquareSet(0x0000_3c3c_3c3c_0000);

/// The empty board, Black to set first, no points (E-6).
pub(crate) fn start(rules: Rules) -> Position {
    start_with_first(rules, Side::Black)
}

/// The empty board with `first` to set his men first (E-6: the first `set`'s prefix).
pub(crate) fn start_with_first(rules: Rules, first: Side) -> Position {
    Position::from_state(
        rules,
        BySide::new(SquareSet::EMPTY, SquareSet::EMPTY),
        first,
        None,
        Phase::Set,
    )
    .with_round(Round {
        score: BySide::new(0, 0),
        first,
    })
}

/// Rule 10: the first to score five wins; the finished game is the cleared board of
/// the next round.
pub(crate) fn winner(pos: &Position) -> Option<Side> {
    if pos.phase() != Phase::Set || pos.total() != 0 {
        return None;
    }
    Side::BOTH
        .into_iter()
        .find(|&s| pos.round().score.of(s) >= WINNING_SCORE)
}

/// The fewest Rendezvous `side` must still win before he can have five points (Rules
/// 5, 9 and 10): a lower bound for a search. A round ends when a take leaves the loser
/// two men, each Rendezvous won takes one man, and the round's winner scores the men
/// he then has (never more than he has now). So this round can give him five only if
/// his score and his men make five, after the wins that bring the other side down to
/// two; otherwise he needs a fresh round (five men a side: three wins). The other
/// side's winning of this round brings that fresh round at no cost to him, unless it
/// gives the other side the game: the round's winner has at least three men when it
/// ends (it ends as soon as one side has two), so with two points or more the other
/// side wins the game by winning the round, and the side must win this round himself
/// first.
pub(crate) fn rendezvous_to_game(pos: &Position, side: Side) -> u32 {
    let score = u32::from(pos.round().score.of(side));
    let five = u32::from(WINNING_SCORE);
    if score >= five {
        return 0;
    }
    let fresh_round = MEN - 2;
    if pos.phase() == Phase::Set {
        return fresh_round;
    }
    let this_round = pos.count(!side).saturating_sub(2).max(1).into();
    // The fewest men the other side has when he wins the round: three.
    let free_round = u32::from(pos.round().score.of(!side)) + 3 < five;
    match (score + u32::from(pos.count(side)) >= five, free_round) {
        (true, true) => fresh_round.min(this_round),
        (true, false) => this_round,
        (false, true) => fresh_round,
        (false, false) => this_round + fresh_round,
    }
}

/// Rule 4: as many squares as the side with fewer men has men.
pub(crate) fn allowance(pos: &Position) -> u8 {
    pos.count(Side::Black).min(pos.count(Side::Yellow))
}

/// Rule 3 and E-7: the 3×3 set round the square the die gave, one of c3…f6.
pub(crate) fn mark_rendezvous(
    _pos: &Position,
    mark: Square,
    spec: &MarkSpec,
) -> Result<Rendezvous, RuleViolation> {
    let bad = |problem| RuleViolation::BadMark {
        square: mark,
        size: 9,
        problem,
    };
    if spec.turned {
        return Err(bad(MarkProblem::TurnedOff));
    }
    if !spec.squares.is_empty() {
        return Err(bad(MarkProblem::LineNotAllowed));
    }
    if !DIE_SQUARES.contains(mark) {
        return Err(RuleViolation::NotADieSquare { square: mark });
    }
    Rendezvous::new(9, mark, None).map_err(bad)
}

/// The sixteen sets the die can give, by centre square.
pub(crate) fn mark_options(_pos: &Position) -> Vec<Rendezvous> {
    DIE_SQUARES
        .into_iter()
        .filter_map(|m| Rendezvous::new(9, m, None).ok())
        .collect()
}

/// After the die's Mark the side who threw it (the first player) plays first (Rule 4,
/// Rule 8).
pub(crate) fn after_mark(pos: &Position, r: Rendezvous) -> Position {
    pos.with_state(pos.all_men(), pos.to_act(), Some(r), Phase::Play, false)
}

/// Rule 2: the side to act sets his own five men on vacant border squares; the first
/// player sets first, then the second, and then the die is thrown for the first
/// player.
pub(crate) fn set_men(
    pos: &Position,
    black: &[Square],
    yellow: &[Square],
) -> Result<Position, RuleViolation> {
    if pos.phase() != Phase::Set || winner(pos).is_some() {
        return Err(RuleViolation::SetNotNow);
    }
    let side = pos.to_act();
    let (own, other) = match side {
        Side::Black => (black, yellow),
        Side::Yellow => (yellow, black),
    };
    if !other.is_empty() {
        return Err(RuleViolation::BadSet(SetProblem::OwnMenOnly { side }));
    }
    let mut mine = SquareSet::EMPTY;
    for &sq in own {
        if !sq.is_border() {
            return Err(RuleViolation::BadSet(SetProblem::NotBorder(sq)));
        }
        if mine.contains(sq) {
            return Err(RuleViolation::BadSet(SetProblem::Repeated(sq)));
        }
        if pos.occupied().contains(sq) {
            return Err(RuleViolation::BadSet(SetProblem::Occupied(sq)));
        }
        mine.insert(sq);
    }
    if mine.count() != MEN {
        return Err(RuleViolation::BadSet(SetProblem::Count {
            side,
            given: own.len().min(255) as u8,
            needed: MEN as u8,
        }));
    }
    let mut men = pos.all_men();
    *men.get_mut(side) = mine;
    let p = if men.of(!side).is_empty() {
        pos.with_state(men, !side, None, Phase::Set, false)
    } else {
        pos.with_state(men, pos.round().first, None, Phase::Mark, false)
    };
    Ok(p)
}

/// The vacant squares of the set where a wanderer may be placed (Rule 5).
pub(crate) fn wanderer_squares(r: &Rendezvous, occupied: SquareSet) -> SquareSet {
    r.squares() - occupied
}

/// Whether the removal left the loser with two men (or fewer): the round ends at once
/// (Rule 9, E-12).
pub(crate) fn round_over(men: BySide<SquareSet>, loser: Side) -> bool {
    men.of(loser).count() <= 2
}

/// The border square at the end of the line from `from` in `dir` (no blocking).
fn line_end(from: Square, dir: Direction) -> Square {
    let mut sq = from;
    while let Some(next) = sq.step(dir) {
        sq = next;
    }
    sq
}

/// Rule 6: every man in the set but the centre man moves outward along the line from
/// the centre through his square to the border. The centre man stays where he is.
pub(crate) fn radiate_others(r: &Rendezvous, men: BySide<SquareSet>) -> BySide<SquareSet> {
    let mut out = BySide::new(SquareSet::EMPTY, SquareSet::EMPTY);
    for side in Side::BOTH {
        for sq in men.of(side) {
            out.get_mut(side).insert(radiated_to(r, sq));
        }
    }
    out
}

/// Where the man on `sq` goes when the men of the set of `r` radiate (Rule 6): the
/// border end of the line from the centre through his square; the centre man and the
/// men outside the set stay.
fn radiated_to(r: &Rendezvous, sq: Square) -> Square {
    let centre = r.mark();
    if sq == centre || !r.contains(sq) {
        return sq;
    }
    match Direction::from_delta(
        sq.file() as i8 - centre.file() as i8,
        sq.rank() as i8 - centre.rank() as i8,
    ) {
        Some(d) => line_end(sq, d),
        None => sq,
    }
}

/// The men's paths when the set of `r` radiates (Rule 6), `men` being the board once
/// the wanderers are set: each man in the set to his border square, the centre man to
/// `radiate` (his owner's choice, E-8), in the order of the squares.
pub(crate) fn radiation(
    r: &Rendezvous,
    men: BySide<SquareSet>,
    radiate: Option<Square>,
) -> Vec<(Square, Square)> {
    let occupied = men.of(Side::Black) | men.of(Side::Yellow);
    (occupied & r.squares())
        .into_iter()
        .filter_map(|sq| {
            let to = if sq == r.mark() {
                radiate?
            } else {
                radiated_to(r, sq)
            };
            (to != sq).then_some((sq, to))
        })
        .collect()
}

/// The border squares the centre man may go to (Rule 6): the end of each of the eight
/// lines whose square in the set is vacant; when all eight are held, any vacant border
/// square once the others have radiated. Empty when no man stands on the centre.
pub(crate) fn centre_choices(r: &Rendezvous, men: BySide<SquareSet>) -> SquareSet {
    let centre = r.mark();
    let occupied = men.of(Side::Black) | men.of(Side::Yellow);
    if !occupied.contains(centre) {
        return SquareSet::EMPTY;
    }
    let mut choices = SquareSet::EMPTY;
    for d in Direction::ALL {
        if let Some(next) = centre.step(d)
            && !occupied.contains(next)
        {
            choices.insert(line_end(centre, d));
        }
    }
    if choices.is_empty() {
        let after = radiate_others(r, men);
        choices = SquareSet::BORDER - (after.of(Side::Black) | after.of(Side::Yellow));
    }
    choices
}

/// The position after the side to act won the Rendezvous of `start`: the take made
/// and the `wanderers` placed, leaving `men`; the centre man (if any) sent to
/// `radiate`. The round ends instead when the loser is down to two (E-12).
///
/// # Errors
/// When a man stands on the centre and `radiate` is missing or not one of his choices.
pub(crate) fn after_win(
    start: &Position,
    r: &Rendezvous,
    men: BySide<SquareSet>,
    wanderers: usize,
    radiate: Option<Square>,
) -> Result<Position, RuleViolation> {
    let winner = start.to_act();
    if round_over(men, !winner) {
        return Ok(end_round(start, men, winner));
    }
    let choices = centre_choices(r, men);
    let mut after = radiate_others(r, men);
    if let Some(owner) = men.owner(r.mark()) {
        let Some(to) = radiate else {
            return Err(RuleViolation::Radiate(RadiateProblem::Missing { choices }));
        };
        if !choices.contains(to) {
            return Err(RuleViolation::Radiate(RadiateProblem::BadSquare {
                square: to,
                choices,
            }));
        }
        let his = after.get_mut(owner);
        his.remove(r.mark());
        his.insert(to);
    } else if let Some(to) = radiate {
        return Err(RuleViolation::Radiate(RadiateProblem::NotDue {
            square: to,
        }));
    }
    let phase = if wanderers > 0 {
        Phase::Bonus((2 * wanderers).min(8) as u8)
    } else {
        Phase::Mark
    };
    Ok(start.with_state(after, winner, None, phase, false))
}

/// Rule 9: the winner scores his men, the board is cleared and the player who was
/// second at the last set-up sets first.
pub(crate) fn end_round(start: &Position, men: BySide<SquareSet>, winner: Side) -> Position {
    let mut round = start.round();
    let points = men.of(winner).count() as u8;
    let score = round.score.get_mut(winner);
    *score = score
        .saturating_add(points)
        .min(crate::engine::position::MAX_SCORE);
    round.first = !round.first;
    start
        .with_state(
            BySide::new(SquareSet::EMPTY, SquareSet::EMPTY),
            round.first,
            None,
            Phase::Set,
            false,
        )
        .with_round(round)
}

/// The length of the shortest path of king steps from `from` to `to` through squares
/// not in `occupied` (E-9), if there is one.
pub(crate) fn king_path(from: Square, to: Square, occupied: SquareSet) -> Option<u8> {
    let free = !occupied.0;
    let mut seen = 1u64 << from.index();
    let mut frontier = seen;
    let target = 1u64 << to.index();
    for steps in 1..64u8 {
        let mut next = 0u64;
        for sq in SquareSet(frontier) {
            for d in Direction::ALL {
                if let Some(n) = sq.step(d) {
                    next |= 1 << n.index();
                }
            }
        }
        next &= free & !seen;
        if next & target != 0 {
            return Some(steps);
        }
        if next == 0 {
            return None;
        }
        seen |= next;
        frontier = next;
    }
    None
}

/// The border squares the man on `from` may reach in a bonus move with at most
/// `remaining` squares, with the cost of each (E-9).
pub fn bonus_targets(pos: &Position, from: Square, remaining: u8) -> Vec<(Square, u8)> {
    bonus_reach(pos.occupied(), from, remaining)
}

/// The state of a bonus after the legal `moves`: the squares occupied, the mover's men
/// not yet moved, and the squares left; `None` when no bonus is due or a move is
/// illegal.
pub fn bonus_state(
    pos: &Position,
    moves: &[(Square, Square)],
) -> Option<(SquareSet, SquareSet, u8)> {
    let Phase::Bonus(allowance) = pos.phase() else {
        return None;
    };
    let after = bonus(pos, moves).ok()?;
    let mut occupied = pos.occupied();
    let mut used = 0u8;
    let mut moved = SquareSet::EMPTY;
    for &(from, to) in moves {
        occupied = occupied.without(from);
        used = used.saturating_add(king_path(from, to, occupied)?);
        occupied = occupied.with(to);
        moved.insert(to);
    }
    let mine = after.men(pos.to_act()) - moved;
    Some((occupied, mine, allowance.saturating_sub(used)))
}

/// The vacant border squares a man on `from` reaches by king steps through vacant
/// squares (`occupied` holds every man) at a cost of at most `remaining`, with the
/// cost of each (E-9).
pub fn bonus_reach(occupied: SquareSet, from: Square, remaining: u8) -> Vec<(Square, u8)> {
    (SquareSet::BORDER - occupied)
        .into_iter()
        .filter_map(|to| {
            king_path(from, to, occupied)
                .filter(|&c| c <= remaining)
                .map(|c| (to, c))
        })
        .collect()
}

/// The bonus of Rule 7 (E-9, E-11): the winner moves his men to other vacant border
/// squares, each at most once, counting king steps through vacant squares, up to the
/// phase's allowance in all. No moves is the `pass`. Then the die is due for him.
///
/// # Errors
/// The index of the move at fault and the violation.
pub(crate) fn bonus(
    pos: &Position,
    moves: &[(Square, Square)],
) -> Result<Position, (usize, RuleViolation)> {
    let Phase::Bonus(allowance) = pos.phase() else {
        return Err((0, RuleViolation::Bonus(BonusProblem::NotDue)));
    };
    let mover = pos.to_act();
    let mut men = pos.all_men();
    let mut moved = SquareSet::EMPTY;
    let mut used = 0u8;
    for (i, &(from, to)) in moves.iter().enumerate() {
        let fail = |v| Err((i, v));
        match men.owner(from) {
            None => return fail(RuleViolation::NoMan { square: from }),
            Some(owner) if owner != mover => {
                return fail(RuleViolation::NotYourMan {
                    square: from,
                    owner,
                });
            }
            Some(_) => {}
        }
        if moved.contains(from) {
            return fail(RuleViolation::AlreadyMoved { square: from });
        }
        if from == to {
            return fail(RuleViolation::SameSquare { square: from });
        }
        if let Some(occupant) = men.owner(to) {
            return fail(RuleViolation::TargetOccupied { from, to, occupant });
        }
        if !to.is_border() {
            return fail(RuleViolation::Bonus(BonusProblem::NotBorder { from, to }));
        }
        let occupied = men.of(Side::Black) | men.of(Side::Yellow);
        let Some(count) = king_path(from, to, occupied) else {
            return fail(RuleViolation::Bonus(BonusProblem::NoPath { from, to }));
        };
        if used + count > allowance {
            return fail(RuleViolation::Bonus(BonusProblem::TooFar {
                from,
                to,
                count,
                used,
                allowance,
            }));
        }
        used += count;
        let mine = men.get_mut(mover);
        mine.remove(from);
        mine.insert(to);
        moved.insert(to);
    }
    Ok(pos.with_state(men, mover, None, Phase::Mark, false))
}

/// Every distinct position a bonus of `pos` can reach (the pass included), with a
/// sequence of moves that reaches it, the pass first.
pub(crate) fn bonus_outcomes(pos: &Position) -> Vec<(Vec<(Square, Square)>, Position)> {
    let Phase::Bonus(allowance) = pos.phase() else {
        return Vec::new();
    };
    let mover = pos.to_act();
    let mut out: Vec<(Vec<(Square, Square)>, Position)> = Vec::new();
    let mut seen_ends = FastSet::default();
    let mut seen_states = FastSet::default();
    let mut path = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn walk(
        pos: &Position,
        mover: Side,
        men: BySide<SquareSet>,
        moved: SquareSet,
        left: u8,
        path: &mut Vec<(Square, Square)>,
        seen_states: &mut FastSet<(BySide<SquareSet>, SquareSet, u8)>,
        seen_ends: &mut FastSet<BySide<SquareSet>>,
        out: &mut Vec<(Vec<(Square, Square)>, Position)>,
    ) {
        if !seen_states.insert((men, moved, left)) {
            return;
        }
        if seen_ends.insert(men) {
            out.push((
                path.clone(),
                pos.with_state(men, mover, None, Phase::Mark, false),
            ));
        }
        let occupied = men.of(Side::Black) | men.of(Side::Yellow);
        for from in men.of(mover) - moved {
            for (to, cost) in bonus_reach(occupied, from, left) {
                let mut next = men;
                let mine = next.get_mut(mover);
                mine.remove(from);
                mine.insert(to);
                path.push((from, to));
                walk(
                    pos,
                    mover,
                    next,
                    moved.with(to),
                    left - cost,
                    path,
                    seen_states,
                    seen_ends,
                    out,
                );
                path.pop();
            }
        }
    }
    walk(
        pos,
        mover,
        pos.all_men(),
        SquareSet::EMPTY,
        allowance,
        &mut path,
        &mut seen_states,
        &mut seen_ends,
        &mut out,
    );
    out
}

/// What a 1879 position string must satisfy beyond its form (the page's invariants):
/// scores below five except in a finished game, every man on the border in phases
/// `set`, `mark` and `bonus:N`, three to five men a side in a round, the `set` phase's
/// men matching who sets, and the Mark on a die square.
pub(crate) fn check_position(pos: &Position) -> Result<(), PositionErrorKind> {
    let round = pos.round();
    let over: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|&s| round.score.of(s) >= WINNING_SCORE)
        .collect();
    let finished = pos.phase() == Phase::Set && pos.total() == 0;
    if over.len() > 1 || (!over.is_empty() && !finished) {
        return Err(PositionErrorKind::ScoreOver);
    }
    if !over.is_empty() {
        if pos.to_act() != round.first {
            return Err(PositionErrorKind::SetMen);
        }
        return Ok(());
    }
    match pos.phase() {
        Phase::Set => {
            let acting = pos.men(pos.to_act());
            let other = pos.men(!pos.to_act());
            let expect_other = if pos.to_act() == round.first { 0 } else { MEN };
            if !acting.is_empty() || other.count() != expect_other {
                return Err(PositionErrorKind::SetMen);
            }
        }
        Phase::Mark | Phase::Bonus(_) | Phase::Play => {
            for side in Side::BOTH {
                let count = pos.men(side).count();
                if count < 3 {
                    return Err(PositionErrorKind::TooFewMen { side, count });
                }
            }
        }
        _ => {}
    }
    if !pos.phase().in_play()
        && let Some(square) = (pos.occupied() - SquareSet::BORDER).first()
    {
        return Err(PositionErrorKind::OffBorder { square });
    }
    if let Some(r) = pos.rendezvous()
        && !DIE_SQUARES.contains(r.mark())
    {
        return Err(PositionErrorKind::DieSquare { square: r.mark() });
    }
    Ok(())
}

/// How throws below three are treated (Rule 3 and its N.B.).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum DieRule {
    /// Throws below three are neglected: throw again until three or more.
    #[default]
    Plain,
    /// Carroll's N.B.: below three, throw again; three or more stands, but below three
    /// again gives twice the first throw and the second.
    CarrollNb,
}

/// One number from 3 to 6 by `rule`, from `throw`, which gives a die's faces 1 to 6
/// (values outside are read modulo six).
pub fn die_number(rule: DieRule, mut throw: impl FnMut() -> u8) -> u8 {
    let mut face = || (throw().saturating_sub(1)) % 6 + 1;
    loop {
        let a = face();
        if a >= 3 {
            return a;
        }
        match rule {
            DieRule::Plain => continue,
            DieRule::CarrollNb => {
                let b = face();
                return if b >= 3 { b } else { 2 * a + b };
            }
        }
    }
}

/// The square the die gives (Rule 3, E-7): the first number the row (rank), the
/// second the column (file, a = 1).
pub fn die_square(rule: DieRule, mut throw: impl FnMut() -> u8) -> Square {
    let rank = die_number(rule, &mut throw);
    let file = die_number(rule, &mut throw);
    Square::from_coords(file - 1, rank - 1).unwrap_or(Square::ALL[0])
}

/// The citation of a violation in the 1879 rules.
pub(crate) fn cite(v: &RuleViolation) -> RuleRef {
    use RuleViolation::*;
    let rule = |n| RuleRef::RuleOf(1879, n);
    match v {
        GameOver => rule(10),
        GameEnded { .. } => RuleRef::Decision(9),
        SetNotNow | MenNotSet { .. } | BadSet(_) => rule(2),
        MarkAlreadySet { .. } | MarkNotSet { .. } | BadMark { .. } | NotADieSquare { .. } => {
            rule(3)
        }
        NoMan { .. } | NotYourMan { .. } | SameSquare { .. } | NotInLine { .. } => rule(4),
        TargetOccupied { .. } | OverAllowance { .. } | EmptyTurn | TooFarForOneMan { .. } => {
            rule(4)
        }
        // E-10: the 1881 answers' readings, cited under the rule they explain.
        PathBlocked { .. } | AlreadyMoved { .. } => RuleRef::RuleOf(1881, 4),
        TurnOver(_) | TakeDue { .. } | TakeNotDue { .. } | TakeNotOutlying { .. } => rule(5),
        TakeWrongMan { .. } | TakeMissing { .. } | Wanderer(_) => rule(5),
        Radiate(_) => rule(6),
        Bonus(_) => rule(7),
        PassNotAllowed { .. } => RuleRef::Decision(6),
        NotInEdition { .. } | MarkMove { .. } => RuleRef::Edition(1879),
        InterchangeNotNow(_)
        | SetterHasMoreMen { .. }
        | InterchangeNoChoice
        | InterchangeWrongCount { .. }
        | InterchangeNotOthersMan { .. }
        | InterchangeRepeated { .. } => RuleRef::Edition(1879),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn die_squares_are_c3_to_f6() {
        let names: Vec<String> = DIE_SQUARES.into_iter().map(|s| s.to_string()).collect();
        assert_eq!(names.len(), 16);
        for n in ["c3", "f3", "c6", "f6", "d4", "e5"] {
            assert!(names.contains(&n.to_string()), "{n}");
        }
        for n in ["b3", "g3", "c2", "c7"] {
            assert!(!names.contains(&n.to_string()), "{n}");
        }
    }

    #[test]
    fn die_rules_give_three_to_six() {
        // Plain: 1, 2 neglected, then 5.
        let mut t = [1u8, 2, 5].into_iter();
        assert_eq!(die_number(DieRule::Plain, || t.next().unwrap_or(6)), 5);
        // N.B.: 2 then 4: the 4 stands.
        let mut t = [2u8, 4].into_iter();
        assert_eq!(die_number(DieRule::CarrollNb, || t.next().unwrap_or(6)), 4);
        // N.B.: 2 then 1: twice 2 and 1 = 5.
        let mut t = [2u8, 1].into_iter();
        assert_eq!(die_number(DieRule::CarrollNb, || t.next().unwrap_or(6)), 5);
        // N.B.: 1 then 1 = 3; 2 then 2 = 6.
        let mut t = [1u8, 1, 2, 2].into_iter();
        assert_eq!(die_number(DieRule::CarrollNb, || t.next().unwrap_or(6)), 3);
        assert_eq!(die_number(DieRule::CarrollNb, || t.next().unwrap_or(6)), 6);
        // Row first, then column: 4 then 5 is rank 4, file e.
        let mut t = [4u8, 5].into_iter();
        assert_eq!(
            die_square(DieRule::Plain, || t.next().unwrap_or(6)).to_string(),
            "e4"
        );
    }

    #[test]
    fn king_path_counts_steps_round_men() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(king_path(sq("a1"), sq("a3"), SquareSet::EMPTY), Some(2));
        assert_eq!(king_path(sq("a1"), sq("h8"), SquareSet::EMPTY), Some(7));
        // a2 held: round it by b2, still 2.
        let held = SquareSet::from_square(sq("a2"));
        assert_eq!(king_path(sq("a1"), sq("a3"), held), Some(2));
        // a1 walled in by a2, b1, b2.
        let wall: SquareSet = [sq("a2"), sq("b1"), sq("b2")].into_iter().collect();
        assert_eq!(king_path(sq("a1"), sq("a3"), wall), None);
    }
}
