//! The December 1880 rules (the Monthly Packet) with Carroll's answers of 1881: the
//! arranger's set-up (Rule 2, E-1), the selection (Rule 3, E-2), the allowance
//! (Rule 4), moving the Mark (Rule 5, E-3), winning and the wanderers (Rule 6, E-4,
//! E-5) and the end at no men.

use super::MarkSpec;
use crate::engine::position::{Phase, Position};
use crate::engine::rendezvous::{MarkProblem, Rendezvous};
use crate::engine::rules::Rules;
use crate::engine::side::{BySide, Side};
use crate::engine::square::{Direction, Square};
use crate::engine::squareset::SquareSet;
use crate::engine::violation::{MarkMoveBan, RuleRef, RuleViolation, SetProblem};

/// Men per side (Rule 1).
pub(crate) const MEN: u32 = 5;

/// The empty board, Black to arrange (E-1).
pub(crate) fn start(rules: Rules) -> Position {
    Position::from_state(
        rules,
        BySide::new(SquareSet::EMPTY, SquareSet::EMPTY),
        Side::Black,
        None,
        Phase::Set,
    )
}

/// Rule 6: the game goes on "until one Player has no men left".
pub(crate) fn winner(pos: &Position) -> Option<Side> {
    if pos.phase() == Phase::Set {
        return None;
    }
    if pos.count(Side::Black) == 0 {
        Some(Side::Yellow)
    } else if pos.count(Side::Yellow) == 0 {
        Some(Side::Black)
    } else {
        None
    }
}

/// The Rendezvous `side` must still win to win the game: one for each of the other
/// side's men, since each win takes off exactly one of the loser's men (Rule 6) and
/// nothing else does; the game ends when a player has none left.
pub(crate) fn rendezvous_to_game(pos: &Position, side: Side) -> u32 {
    u32::from(pos.count(!side)).max(1)
}

/// Rule 4: as many squares as the mover has men.
pub(crate) fn allowance(pos: &Position) -> u8 {
    pos.count(pos.to_act())
}

/// The 3×3 set round `mark`, if `mark` is a field square.
fn set_round(mark: Square) -> Result<Rendezvous, MarkProblem> {
    Rendezvous::new(9, mark, None)
}

/// Whether every possible set holds one of `own` (E-2 lifts the restriction then).
fn restriction_lifted(own: SquareSet) -> bool {
    Square::ALL
        .iter()
        .filter_map(|&m| set_round(m).ok())
        .all(|r| !(r.squares() & own).is_empty())
}

/// Rule 3 and E-2: the selector's 3×3 set, which may not hold one of his own men
/// unless every set does.
pub(crate) fn mark_rendezvous(
    pos: &Position,
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
    let r = set_round(mark).map_err(bad)?;
    let own = pos.men(pos.to_act());
    if let Some(sq) = (r.squares() & own).first()
        && !restriction_lifted(own)
    {
        return Err(bad(MarkProblem::HoldsOwnMan(sq)));
    }
    Ok(r)
}

/// Every set the selector may choose, by centre square.
pub(crate) fn mark_options(pos: &Position) -> Vec<Rendezvous> {
    let own = pos.men(pos.to_act());
    let lifted = restriction_lifted(own);
    Square::ALL
        .iter()
        .filter_map(|&m| set_round(m).ok())
        .filter(|r| lifted || (r.squares() & own).is_empty())
        .collect()
}

/// Rule 2 and E-1: the arranger sets five men of each colour on distinct border
/// squares; the other player then selects.
pub(crate) fn set_men(
    pos: &Position,
    black: &[Square],
    yellow: &[Square],
) -> Result<Position, RuleViolation> {
    if pos.phase() != Phase::Set {
        return Err(RuleViolation::SetNotNow);
    }
    let mut men = BySide::new(SquareSet::EMPTY, SquareSet::EMPTY);
    for (side, squares) in [(Side::Black, black), (Side::Yellow, yellow)] {
        for &sq in squares {
            if !sq.is_border() {
                return Err(RuleViolation::BadSet(SetProblem::NotBorder(sq)));
            }
            if men.owner(sq).is_some() {
                return Err(RuleViolation::BadSet(SetProblem::Repeated(sq)));
            }
            men.get_mut(side).insert(sq);
        }
        if men.of(side).count() != MEN {
            return Err(RuleViolation::BadSet(SetProblem::Count {
                side,
                given: squares.len().min(255) as u8,
                needed: MEN as u8,
            }));
        }
    }
    Ok(Position::from_state(
        pos.rules(),
        men,
        !pos.to_act(),
        None,
        Phase::Mark,
    ))
}

/// Whether the side to act may move the Mark now (Rule 5): he plays first in this
/// Rendezvous and has not yet moved any of his men in it.
pub(crate) fn may_move_mark(pos: &Position) -> Result<(), MarkMoveBan> {
    match pos.phase() {
        Phase::Shift(first) if first == pos.to_act() => Ok(()),
        Phase::Shift(_) => Err(MarkMoveBan::Selector),
        Phase::Play => {
            if pos.rendezvous().is_none() {
                Err(MarkMoveBan::NoMark)
            } else {
                Err(MarkMoveBan::PrivilegeOver)
            }
        }
        _ => Err(MarkMoveBan::NoMark),
    }
}

/// Rule 5 and E-3: the Mark moved one square towards `to`, carrying every man in the
/// set with it. Returns the new position (the other side to act).
pub(crate) fn move_mark(
    pos: &Position,
    from: Square,
    to: Square,
) -> Result<Position, RuleViolation> {
    let ban = |why| RuleViolation::MarkMove { from, to, why };
    if !pos.rules().is_1880() {
        return Err(RuleViolation::NotInEdition {
            what: "moving the Mark",
        });
    }
    if crate::engine::editions::winner(pos).is_some() {
        return Err(RuleViolation::GameOver);
    }
    may_move_mark(pos).map_err(ban)?;
    let Some(r) = pos.rendezvous().copied() else {
        return Err(ban(MarkMoveBan::NoMark));
    };
    // E-4: all his men in already at the start of his turn: he has won, and takes.
    let mover = pos.to_act();
    let outside_them = pos.men(!mover) - r.squares();
    if (pos.men(mover) - r.squares()).is_empty() && !outside_them.is_empty() {
        return Err(RuleViolation::TakeDue {
            choices: outside_them,
            full: outside_them.count() == 1,
        });
    }
    if from != r.mark() {
        return Err(ban(MarkMoveBan::NotTheMark { mark: r.mark() }));
    }
    let dir = match from.line_to(to) {
        Some((d, 1)) => d,
        _ => return Err(ban(MarkMoveBan::NotOneSquare)),
    };
    if to.is_border() {
        return Err(ban(MarkMoveBan::ToBorder));
    }
    let next = set_round(to).map_err(|_| ban(MarkMoveBan::ToBorder))?;
    let carried = r.squares() & pos.occupied();
    let stay = pos.occupied() - carried;
    let mut men = BySide::new(SquareSet::EMPTY, SquareSet::EMPTY);
    for side in Side::BOTH {
        for sq in pos.men(side) {
            let dest = if carried.contains(sq) {
                step_in_set(sq, dir)
            } else {
                sq
            };
            men.get_mut(side).insert(dest);
        }
    }
    for sq in carried {
        let dest = step_in_set(sq, dir);
        if stay.contains(dest) {
            return Err(ban(MarkMoveBan::Collision {
                carried: sq,
                onto: dest,
            }));
        }
    }
    let mine_left = pos.men(pos.to_act()) - carried;
    if let Some(sq) = (next.squares() & mine_left).first() {
        return Err(ban(MarkMoveBan::IncludesOwn { square: sq }));
    }
    let first = pos.to_act();
    Ok(Position::from_state(
        pos.rules(),
        men,
        !first,
        Some(next),
        Phase::Shift(first),
    ))
}

/// A man of the set moved with the Mark: one step in `dir` (the set is a 3×3 round a
/// field square, so the step stays on the board).
fn step_in_set(sq: Square, dir: Direction) -> Square {
    sq.step(dir).unwrap_or(sq)
}

/// Every Mark move the side to act may make now, as (from, to), by target square.
pub(crate) fn mark_moves(pos: &Position) -> Vec<(Square, Square, Position)> {
    let Some(r) = pos.rendezvous() else {
        return Vec::new();
    };
    let from = r.mark();
    let mut out = Vec::new();
    for dir in Direction::ALL {
        if let Some(to) = from.step(dir)
            && let Ok(p) = move_mark(pos, from, to)
        {
            out.push((from, to, p));
        }
    }
    out.sort_by_key(|(_, to, _)| *to);
    out
}

/// The border square where the straight line from `from` in `dir` ends, if every
/// square on the way is empty in `occupied`.
pub(crate) fn border_end(from: Square, dir: Direction, occupied: SquareSet) -> Option<Square> {
    let mut sq = from.step(dir)?;
    loop {
        if occupied.contains(sq) {
            return None;
        }
        if sq.is_border() {
            return Some(sq);
        }
        sq = sq.step(dir)?;
    }
}

/// The border squares a wanderer on `from` may be sent to (E-5).
pub(crate) fn wanderer_targets(from: Square, occupied: SquareSet) -> SquareSet {
    Direction::ALL
        .iter()
        .filter_map(|&d| border_end(from, d, occupied))
        .collect()
}

/// The citation of a violation in the 1880 rules (the 1881 answers where they settle
/// the point).
pub(crate) fn cite(v: &RuleViolation) -> RuleRef {
    use RuleViolation::*;
    let rule = |n| RuleRef::RuleOf(1880, n);
    match v {
        GameOver | GameEnded { .. } => match v.rule() {
            RuleRef::Decision(n) => RuleRef::Decision(n),
            _ => rule(6),
        },
        SetNotNow | MenNotSet { .. } | BadSet(_) => rule(2),
        MarkAlreadySet { .. } | MarkNotSet { .. } | BadMark { .. } => rule(3),
        MarkMove { .. } => rule(5),
        NoMan { .. } | NotYourMan { .. } | SameSquare { .. } | NotInLine { .. } => rule(4),
        TargetOccupied { .. } | OverAllowance { .. } | EmptyTurn | TooFarForOneMan { .. } => {
            rule(4)
        }
        PathBlocked { .. } | AlreadyMoved { .. } => RuleRef::RuleOf(1881, 4),
        TurnOver(_) | TakeDue { .. } | TakeNotDue { .. } | TakeNotOutlying { .. } => rule(6),
        TakeWrongMan { .. } | TakeMissing { .. } | Wanderer(_) => rule(6),
        PassNotAllowed { .. } => RuleRef::Decision(6),
        NotInEdition { .. } | NotADieSquare { .. } | Radiate(_) | Bonus(_) => {
            RuleRef::Edition(1880)
        }
        InterchangeNotNow(_)
        | SetterHasMoreMen { .. }
        | InterchangeNoChoice
        | InterchangeWrongCount { .. }
        | InterchangeNotOthersMan { .. }
        | InterchangeRepeated { .. } => RuleRef::Edition(1880),
    }
}
