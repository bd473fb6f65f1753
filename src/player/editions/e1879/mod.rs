//! The February 1879 player, whole: lanrick plays a match of rounds scored to five
//! with its own evaluation (`eval.rs`: the chance of winning the game, from the race,
//! the sixteen die squares, the score and the men each side has). The die gives the
//! Mark (a chance node in the search, never a choice); from level 1 a turn that wins
//! a Rendezvous is always played, level 1's noise is wide enough to make it nearly
//! random among its candidates, and from level 3 the root also weighs every take,
//! every set of squares for the wanderers and the winner's radiating choice, a beam
//! of bonus moves (Rule 7) and set-ups improved one man at a time; levels 1 and 2 set
//! the wanderers on the first free squares, pass the bonus and pick among eight
//! random set-ups.

pub(crate) mod eval;

use super::{Extra, Strategy};
use crate::engine::{Action, Budget, Phase, Position, Side, Square, SquareSet, TurnInProgress};
use crate::player::generate::{Candidate, FastSet, setups};
use crate::player::{Rng, evaluate, winning_turns};

/// The strategy of the February 1879 rules.
pub(crate) struct E1879;

impl Strategy for E1879 {
    fn evaluate(&self, pos: &Position, side: Side) -> i32 {
        eval::evaluate_1879(pos, side)
    }

    /// The root noise in 1879, whose evaluation is a chance of winning the game (see
    /// `eval.rs`: 1,000 is half a percent of it). Level 1's noise, up to a quarter of
    /// that chance, makes it almost a random choice among its candidates, always
    /// taking a Rendezvous that it can win (see `choose`); levels 2 to 5 keep the
    /// other editions' small noise, which only breaks near ties.
    fn root_noise(&self, level: u8, _common: i32) -> i32 {
        match level {
            0 | 1 => 50_000,
            2 => 300,
            3 => 20,
            _ => 10,
        }
    }

    fn extra(&self, level: u8, root: bool) -> Extra {
        match (level, root) {
            (0..=2, _) => Extra::default(),
            (3, true) => Extra {
                variants: true,
                bonus_beam: 4,
                setups: 32,
            },
            (3, false) => Extra {
                variants: false,
                bonus_beam: 2,
                setups: 0,
            },
            (_, true) => Extra {
                variants: true,
                bonus_beam: 6,
                setups: 64,
            },
            (_, false) => Extra {
                variants: false,
                bonus_beam: 3,
                setups: 0,
            },
        }
    }

    /// A Rendezvous won is always taken (the best way of winning it is chosen by
    /// the search). See `eval::LEAST_STAKES`: by the table of chances a side
    /// sometimes does better losing a Rendezvous, and two players who both wait draw
    /// the game.
    fn takes_every_won_rendezvous(&self) -> bool {
        true
    }

    /// Not in a set-up or a bonus: their outcomes are too many to list.
    fn may_list_root(&self, pos: &Position) -> bool {
        !matches!(pos.phase(), Phase::Set | Phase::Bonus(_))
    }

    /// The game is won only by the take that ends a round (the other side left with
    /// two men) when the points it scores reach five.
    fn may_win_game_in_two(&self, cands: &[Candidate], me: Side) -> bool {
        cands.iter().any(|c| {
            let round = c.position.round();
            c.position.count(!me) == 3
                && round.score.of(me).saturating_add(c.position.count(me)) >= 5
        })
    }

    /// Only the Rendezvous that leaves `me` two men wins, and only when its points
    /// reach five; then any of them does.
    fn loses_at_once(&self, pos: &Position, me: Side) -> bool {
        let him = !me;
        if pos.count(me) != 3 || pos.round().score.of(him).saturating_add(pos.count(him)) < 5 {
            return false;
        }
        !winning_turns(pos, true).is_empty()
    }

    fn own_candidates(
        &self,
        pos: &Position,
        rng: &mut Rng,
        extra: Extra,
        budget: &Budget,
    ) -> Option<Vec<Candidate>> {
        match pos.phase() {
            Phase::Set if extra.setups > 0 => Some(own_setups(pos, rng, extra.setups, budget)),
            Phase::Bonus(_) if extra.bonus_beam > 0 => {
                Some(bonus_candidates(pos, extra.bonus_beam))
            }
            _ => None,
        }
    }

    fn walks_win_variants(&self) -> bool {
        true
    }

    fn win_variants(
        &self,
        t: &TurnInProgress,
        choices: SquareSet,
        push: &mut dyn FnMut(&TurnInProgress, Square),
    ) {
        win_variants(t, choices, push);
    }

    /// A closed Rendezvous and no limit per man: the squares each man still needs
    /// bound the turn.
    fn hopeless_turn(&self) -> Option<fn(&TurnInProgress) -> bool> {
        Some(squares_short)
    }
}

/// A bonus being built: the moves so far, the squares the moved men stand on, the
/// squares left and the position the moves lead to.
struct PartialBonus {
    moves: Vec<(Square, Square)>,
    moved: SquareSet,
    left: u8,
    after: Position,
}

/// 1879 Rule 7: the bonus moves worth looking at, by a beam over the winner's men's
/// moves to border squares (`beam` kept at each step, each man once, by the
/// evaluation), the pass included. The whole list can hold thousands.
fn bonus_candidates(pos: &Position, beam: usize) -> Vec<Candidate> {
    let Phase::Bonus(allowance) = pos.phase() else {
        return Vec::new();
    };
    let mover = pos.to_act();
    let mut out = Vec::new();
    let mut ends: FastSet<Position> = FastSet::default();
    let Ok(pass) = pos.bonus(&[]) else {
        return out;
    };
    ends.insert(pass);
    out.push(Candidate {
        kind: Action::Bonus(Vec::new()),
        position: pass,
    });
    let mut layer = vec![PartialBonus {
        moves: Vec::new(),
        moved: SquareSet::EMPTY,
        left: allowance,
        after: pass,
    }];
    while !layer.is_empty() {
        let mut next: Vec<(i32, PartialBonus)> = Vec::new();
        for b in &layer {
            let occupied = b.after.occupied();
            for from in b.after.men(mover) - b.moved {
                for (to, cost) in crate::engine::bonus_reach(occupied, from, b.left) {
                    let mut moves = b.moves.clone();
                    moves.push((from, to));
                    let Ok(after) = pos.bonus(&moves) else {
                        continue;
                    };
                    if !ends.insert(after) {
                        continue;
                    }
                    let v = evaluate(&after, mover);
                    next.push((
                        v,
                        PartialBonus {
                            moves,
                            moved: b.moved.with(to),
                            left: b.left - cost,
                            after,
                        },
                    ));
                }
            }
        }
        next.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        next.truncate(beam);
        layer = next
            .into_iter()
            .map(|(_, b)| {
                out.push(Candidate {
                    kind: Action::Bonus(b.moves.clone()),
                    position: b.after,
                });
                b
            })
            .filter(|b| b.left > 0)
            .collect();
    }
    out
}

/// 1879 Rule 2: `samples` random set-ups of the side to act and the best of them by
/// the evaluation, improved by moving one man at a time to another vacant border
/// square while that does better, until `budget`'s deadline or stop flag.
fn own_setups(pos: &Position, rng: &mut Rng, samples: usize, budget: &Budget) -> Vec<Candidate> {
    let me = pos.to_act();
    let mut out = setups(pos, rng, samples);
    let Some(best) = out
        .iter()
        .max_by_key(|c| evaluate(&c.position, me))
        .cloned()
    else {
        return out;
    };
    let mut men: Vec<Square> = best.position.men(me).iter().collect();
    let mut value = evaluate(&best.position, me);
    let set = |men: &[Square]| -> Option<Position> {
        match me {
            Side::Black => pos.set_men(men, &[]),
            Side::Yellow => pos.set_men(&[], men),
        }
        .ok()
    };
    for _ in 0..4 {
        let mut improved = false;
        for i in 0..men.len() {
            if budget.interrupted().is_some() {
                break;
            }
            let vacant = SquareSet::BORDER - pos.occupied() - men.iter().copied().collect();
            for to in vacant.iter() {
                let mut trial = men.clone();
                trial[i] = to;
                if let Some(p) = set(&trial) {
                    let v = evaluate(&p, me);
                    if v > value {
                        value = v;
                        men = trial;
                        improved = true;
                    }
                }
            }
        }
        if !improved {
            break;
        }
    }
    men.sort();
    if let Some(p) = set(&men)
        && !out.iter().any(|c| c.position == p)
    {
        let (black, yellow) = match me {
            Side::Black => (men, Vec::new()),
            Side::Yellow => (Vec::new(), men),
        };
        out.push(Candidate {
            kind: Action::Set { black, yellow },
            position: p,
        });
    }
    out
}

/// 1879: the winning turn `t` (take due) with every take, every set of squares for
/// the wanderers (they are all the loser's, so only the squares matter) and the
/// centre man's radiating (the winner's choice for his own man; the loser's man
/// goes where the evaluation is best for the loser).
fn win_variants(
    t: &TurnInProgress,
    choices: SquareSet,
    push: &mut dyn FnMut(&TurnInProgress, Square),
) {
    let winner = t.mover();
    for c in choices.iter() {
        let mut taken = t.clone();
        if taken.take(c).is_err() {
            continue;
        }
        let pending: Vec<Square> = taken.pending_wanderers().iter().collect();
        let targets = pending
            .first()
            .map_or(SquareSet::EMPTY, |&w| taken.wanderer_targets(w));
        let mut placed: Vec<TurnInProgress> = Vec::new();
        if pending.is_empty() {
            placed.push(taken);
        } else {
            targets.each_subset(pending.len(), |squares| {
                let mut next = taken.clone();
                for (&from, &to) in pending.iter().zip(squares) {
                    if next.send_wanderer(from, to).is_err() {
                        return;
                    }
                }
                placed.push(next);
            });
        }
        for next in placed {
            let Some(radiate) = next.radiate_choices() else {
                push(&next, c);
                continue;
            };
            let centre = next.rendezvous().mark();
            if next.men(winner).contains(centre) {
                for to in radiate.iter() {
                    let mut r = next.clone();
                    if r.radiate(to).is_ok() {
                        push(&r, c);
                    }
                }
            } else {
                // Rule 6: the centre man's owner (the loser) picks his line.
                let best = radiate
                    .iter()
                    .filter_map(|to| {
                        let mut r = next.clone();
                        r.radiate(to).ok()?;
                        let p = r.finish().ok()?.position;
                        Some((evaluate(&p, !winner), to))
                    })
                    .max_by_key(|&(v, to)| (v, std::cmp::Reverse(to.index())));
                if let Some((_, to)) = best {
                    let mut r = next.clone();
                    if r.radiate(to).is_ok() {
                        push(&r, c);
                    }
                }
            }
        }
    }
}

/// 1879: whether the squares left in the turn are fewer than the mover's men outside
/// the Rendezvous need at least to get in: each his king steps to the nearest square
/// of the set not held by the other side (a move along a line of `k` squares gets a
/// man at most `k` king steps nearer). Only for a closed Rendezvous (no border
/// slides).
fn squares_short(t: &TurnInProgress) -> bool {
    let set = t.rendezvous().squares();
    let targets = set - t.men(!t.mover());
    let mut need = 0u32;
    for man in t.men(t.mover()) - set {
        let d = targets
            .iter()
            .map(|s| u32::from(man.distance(s)))
            .min()
            .unwrap_or(u32::MAX / 8);
        need += d;
    }
    need > u32::from(t.remaining())
}
