//! The 1893 rules ("Syzygies and Lanrick") and the Spanish article's options: the
//! start (Rule 2), the Mark (Rules 2 and 4, options `turned`, `open-choice`,
//! `free-first`, `setter-clear`), the allowance (Rule 3, D-4, option `both-first`),
//! the next setter (Rule 8) and the end (Rule 9).

use super::MarkSpec;
use crate::engine::position::{Phase, Position};
use crate::engine::rendezvous::{
    FIRST_MARK_SQUARES, Line, MarkProblem, Rendezvous, all_placements, ray_ends,
};
use crate::engine::rules::{OptionFlag, Rules};
use crate::engine::side::{BySide, Side};
use crate::engine::square::Square;
use crate::engine::squareset::SquareSet;
use crate::engine::violation::{InterchangeTiming, RuleViolation};

/// The men of Rule 2's diagram: Black's, then Yellow's.
const START_MEN: [&str; 2] = ["b8 h8 a4 h2 d1", "e8 a7 h5 a1 g1"];

/// The start (Rule 2) with `setter` to set the first Mark (D-3).
pub(crate) fn start(rules: Rules, setter: Side) -> Position {
    let set = |s: &str| -> SquareSet {
        s.split(' ')
            .filter_map(|t| t.parse::<Square>().ok())
            .collect()
    };
    Position::from_state(
        rules,
        BySide::new(set(START_MEN[0]), set(START_MEN[1])),
        setter,
        None,
        Phase::Mark,
    )
}

/// Rule 9: a side with one man (or none) has lost.
pub(crate) fn winner(pos: &Position) -> Option<Side> {
    if pos.count(Side::Black) <= 1 {
        Some(Side::Yellow)
    } else if pos.count(Side::Yellow) <= 1 {
        Some(Side::Black)
    } else {
        None
    }
}

/// The fewest Rendezvous `side` must still win to win the game: a Rendezvous won
/// takes exactly one of the loser's men (Rule 7 replaces one, Rule 8 takes one), and
/// nothing else does, so the other side must come down to one man (Rule 9) one
/// Rendezvous at a time. At least one.
pub(crate) fn rendezvous_to_game(pos: &Position, side: Side) -> u32 {
    u32::from(pos.count(!side).saturating_sub(1)).max(1)
}

/// Rule 3 and D-4: 2 in the first turn of a Rendezvous (with `both-first`, in each
/// player's first turn), otherwise 5, 4 or 3 by the mover's men.
pub(crate) fn allowance(pos: &Position) -> u8 {
    if matches!(pos.phase(), Phase::First | Phase::Second) {
        return 2;
    }
    by_men(pos.count(pos.to_act()))
}

/// Rule 3: the allowance of a turn other than the first, by the mover's men.
pub(crate) fn by_men(men: u8) -> u8 {
    match men {
        n if n > 4 => 5,
        4 => 4,
        _ => 3,
    }
}

/// Rule 8: the player with fewer men sets the next Mark; with equal numbers, the one
/// who just lost a man.
pub(crate) fn next_setter(winner: Side, men: BySide<SquareSet>) -> Side {
    let (w, l) = (men.of(winner).count(), men.of(!winner).count());
    if w < l { winner } else { !winner }
}

/// The 3×3 set round a field square.
fn square_set(mark: Square) -> Option<SquareSet> {
    Rendezvous::new(9, mark, None).ok().map(|r| r.squares())
}

/// Rules 2 and 4 with the options: the Rendezvous the side to act makes with the Mark
/// on `mark`.
pub(crate) fn mark_rendezvous(
    pos: &Position,
    mark: Square,
    spec: &MarkSpec,
) -> Result<Rendezvous, RuleViolation> {
    let rules = pos.rules();
    let size = pos.rendezvous_size();
    let bad = |problem| RuleViolation::BadMark {
        square: mark,
        size,
        problem,
    };
    if pos.first_mark_due() {
        if rules.has(OptionFlag::FreeFirst) {
            let Some(set) = square_set(mark) else {
                return Err(bad(MarkProblem::NeedsField));
            };
            if let Some(sq) = (set & pos.occupied()).first() {
                return Err(bad(MarkProblem::FirstSetHoldsMan(sq)));
            }
        } else if !FIRST_MARK_SQUARES.contains(mark) {
            return Err(bad(MarkProblem::NotFirstSquare));
        }
    }
    let r = if spec.turned {
        if !rules.has(OptionFlag::Turned) {
            return Err(bad(MarkProblem::TurnedOff));
        }
        if size != 7 {
            return Err(bad(MarkProblem::NotTurnable));
        }
        Rendezvous::turned(mark).map_err(bad)?
    } else if size == 3 {
        match spec.squares.as_slice() {
            [] => return Err(bad(MarkProblem::LineRequired)),
            [t] => {
                let line = Line::through(mark, *t).ok_or(bad(MarkProblem::NotAdjacent(*t)))?;
                Rendezvous::new(size, mark, Some(line)).map_err(bad)?
            }
            _ => return Err(bad(MarkProblem::ChoiceNotAllowed)),
        }
    } else if size.is_multiple_of(2)
        && rules.has(OptionFlag::OpenChoice)
        && !spec.squares.is_empty()
    {
        Rendezvous::chosen(size, mark, &spec.squares).map_err(bad)?
    } else {
        match spec.squares.as_slice() {
            [] => Rendezvous::new(size, mark, None).map_err(bad)?,
            [_] if size % 2 == 1 || !rules.has(OptionFlag::OpenChoice) => {
                return Err(bad(MarkProblem::LineNotAllowed));
            }
            _ => return Err(bad(MarkProblem::ChoiceNotAllowed)),
        }
    };
    if rules.has(OptionFlag::SetterClear)
        && let Some(sq) = (r.squares() & pos.men(pos.to_act())).first()
    {
        return Err(bad(MarkProblem::HoldsOwnMan(sq)));
    }
    Ok(r)
}

/// Every Rendezvous the side to act may make now, by Mark square, then by line, then
/// turned, then by chosen squares.
pub(crate) fn mark_options(pos: &Position) -> Vec<Rendezvous> {
    let rules = pos.rules();
    let size = pos.rendezvous_size();
    let first = pos.first_mark_due();
    let mut out = if first && rules.has(OptionFlag::FreeFirst) {
        let occupied = pos.occupied();
        all_placements(size, false)
            .into_iter()
            .filter(|r| square_set(r.mark()).is_some_and(|s| (s & occupied).is_empty()))
            .collect()
    } else {
        all_placements(size, first)
    };
    if size == 7 && rules.has(OptionFlag::Turned) {
        let marks: Vec<Square> = out.iter().map(|r| r.mark()).collect();
        let mut with_turned = Vec::with_capacity(out.len() * 2);
        for (r, m) in out.into_iter().zip(marks) {
            with_turned.push(r);
            if let Ok(t) = Rendezvous::turned(m) {
                with_turned.push(t);
            }
        }
        out = with_turned;
    }
    if size.is_multiple_of(2) && rules.has(OptionFlag::OpenChoice) {
        let mut chosen = Vec::new();
        for r in &out {
            let ends: Vec<Square> = ray_ends(r.mark()).into_iter().collect();
            for pick in subsets(&ends, usize::from(size)) {
                if let Ok(c) = Rendezvous::chosen(size, r.mark(), &pick) {
                    chosen.push(c);
                }
            }
        }
        out = chosen;
    }
    if rules.has(OptionFlag::SetterClear) {
        let own = pos.men(pos.to_act());
        out.retain(|r| (r.squares() & own).is_empty());
    }
    out
}

/// Every subset of `k` of `items`, in lexicographic order of positions.
fn subsets(items: &[Square], k: usize) -> Vec<Vec<Square>> {
    let n = items.len();
    let mut out = Vec::new();
    if k > n {
        return out;
    }
    for mask in 0u32..(1 << n) {
        if mask.count_ones() as usize == k {
            out.push(
                (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| items[i])
                    .collect(),
            );
        }
    }
    out
}

/// Rule 5, the interchange.
impl Position {
    /// Whether the side to act may demand an interchange now (Rule 5), and if not, why.
    ///
    /// # Errors
    /// Why no interchange may be demanded now.
    pub fn can_interchange(&self) -> Result<(), RuleViolation> {
        if self.winner().is_some() {
            return Err(RuleViolation::GameOver);
        }
        if !self.rules().is_1893() {
            return Err(RuleViolation::NotInEdition {
                what: "the interchange",
            });
        }
        match self.phase() {
            Phase::Mark | Phase::Set | Phase::Bonus(_) => {
                Err(RuleViolation::InterchangeNotNow(InterchangeTiming::NoMark))
            }
            Phase::Play | Phase::Second | Phase::Shift(_) => Err(RuleViolation::InterchangeNotNow(
                InterchangeTiming::AfterFirstTurn,
            )),
            Phase::First if self.interchanged() => Err(RuleViolation::InterchangeNotNow(
                InterchangeTiming::AlreadyMade,
            )),
            Phase::First => {
                let setter = !self.to_act();
                let (s, o) = (self.count(setter), self.count(self.to_act()));
                if s > o {
                    Err(RuleViolation::SetterHasMoreMen {
                        setter,
                        setter_men: s,
                        other_men: o,
                    })
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Whether an interchange now needs the setter's choice of men: `Some(k)` when the
    /// setter has `k` men, fewer than the other side (who may demand it).
    pub fn interchange_choice_needed(&self) -> Option<u8> {
        let setter = !self.to_act();
        let k = self.count(setter);
        (k < self.count(self.to_act())).then_some(k)
    }

    /// The interchange (Rule 5), demanded by the side to act before the first turn: the
    /// setter's men all change colour, and so do `chosen` of the demanding side's men
    /// (required exactly when the setter has fewer men: as many as he has).
    ///
    /// # Errors
    /// Why the interchange is not allowed; the position is unchanged.
    pub fn interchange(&self, chosen: &[Square]) -> Result<Position, RuleViolation> {
        self.can_interchange()?;
        let demander = self.to_act();
        let setter = !demander;
        let k = self.count(setter);
        let others = self.men(demander);
        let taken: SquareSet = if k == self.count(demander) {
            if !chosen.is_empty() {
                return Err(RuleViolation::InterchangeNoChoice);
            }
            others
        } else {
            let mut set = SquareSet::EMPTY;
            for &sq in chosen {
                if !others.contains(sq) {
                    return Err(RuleViolation::InterchangeNotOthersMan { square: sq });
                }
                if set.contains(sq) {
                    return Err(RuleViolation::InterchangeRepeated { square: sq });
                }
                set.insert(sq);
            }
            if set.count() as u8 != k {
                return Err(RuleViolation::InterchangeWrongCount {
                    expected: k,
                    given: chosen.len() as u8,
                });
            }
            set
        };
        let setters = self.men(setter);
        let mut men = self.all_men();
        *men.get_mut(setter) = taken;
        *men.get_mut(demander) = (others - taken) | setters;
        Ok(self.with_state(
            men,
            self.to_act(),
            self.rendezvous().copied(),
            self.phase(),
            true,
        ))
    }
}
