//! The events of a game: what happened, typed, for a front end to tell in its own
//! words (an action played, an interchange, a man replaced, a Rendezvous won and the
//! man taken, the next Mark's setter, the game's end, a goal met or lost, a second
//! occurrence of a position, the die thrown).

use crate::engine::{
    BySide, DieRule, GameResult, Goal, Phase, Played, Position, Progress, Settled, Side, Square,
    SquareSet, TurnEnd,
};

/// Something that happened in a game, for a front end to tell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// An action was accepted.
    Played {
        /// The side that acted.
        side: Side,
        /// Whether it was one of the side's numbered turns (a turn, a pass, a 1880 Mark
        /// move).
        numbered: bool,
    },
    /// An interchange was made (1893 Rule 5): the setter exchanged his men for as many
    /// of the demanding side's, and those squares changed colour both ways.
    Interchange {
        /// The side that demanded it.
        side: Side,
        /// The squares whose men changed colour.
        changed: SquareSet,
    },
    /// A man of the other side was replaced with one of the mover's own (Rule 7); the
    /// turn ends.
    ManReplaced {
        /// The side that replaced it.
        side: Side,
        /// Its square.
        square: Square,
    },
    /// The Rendezvous was won, and a man of the other side taken (Rule 8).
    RendezvousWon {
        /// The winner.
        side: Side,
        /// The square of the man taken.
        taken: Square,
    },
    /// The next Mark is due, set by this side (after a Rendezvous won).
    MarkDue {
        /// The side to set it.
        side: Side,
    },
    /// A 1879 round ended (Rules 9 and 10, 1879): the score after it.
    RoundOver {
        /// Each side's points.
        score: BySide<u8>,
    },
    /// The game is over.
    GameOver(GameResult),
    /// A puzzle's goal was met within its turns.
    GoalMet {
        /// The goal.
        goal: Goal,
        /// The side's turns it took.
        turns: u32,
    },
    /// A puzzle's goal was won, but in more turns than it allows.
    GoalLate {
        /// The goal.
        goal: Goal,
        /// The side's turns it took.
        turns: u32,
    },
    /// A puzzle's goal can no longer be met (lost, its turns spent, the game over).
    GoalOutOfReach {
        /// The goal.
        goal: Goal,
    },
    /// The position has now occurred twice in this Rendezvous: a third time is a draw
    /// (D-9).
    SecondOccurrence,
    /// The die was thrown for a 1879 Mark (Rule 3, 1879): the Mark's square.
    DieThrown {
        /// The Mark's square the throws give.
        square: Square,
        /// How throws below three were treated.
        rule: DieRule,
    },
}

/// The events of one action played from `before` to `after` (what [`Game::play`]
/// answered): the action, an interchange, a man replaced, a Rendezvous won (and who sets
/// the next Mark), a 1879 round's end, the game's end.
///
/// [`Game::play`]: crate::engine::Game::play
pub fn action_events(before: &Position, played: &Played, after: &Position) -> Vec<Event> {
    let side = played.side;
    let mut out = vec![Event::Played {
        side,
        numbered: played.numbered,
    }];
    if !before.interchanged() && after.interchanged() {
        let changed = SquareSet(
            (before.men(Side::Black).0 & after.men(Side::Yellow).0)
                | (before.men(Side::Yellow).0 & after.men(Side::Black).0),
        );
        out.push(Event::Interchange { side, changed });
    }
    if let Some(turn) = &played.turn {
        match turn.end {
            TurnEnd::Played => {}
            TurnEnd::Replaced(square) => out.push(Event::ManReplaced { side, square }),
            TurnEnd::Removed(taken) => {
                out.push(Event::RendezvousWon { side, taken });
                if played.result.is_none() && after.phase() == Phase::Mark {
                    out.push(Event::MarkDue {
                        side: after.to_act(),
                    });
                }
            }
        }
    }
    let score = after.round().score;
    if before.rules().plays_rounds() && score != before.round().score {
        out.push(Event::RoundOver { score });
    }
    if let Some(r) = played.result {
        out.push(Event::GameOver(r));
    }
    out
}

/// The event of a goal's progress going from `before` to `now`: met (in time or too
/// late), or out of reach; `None` when nothing changed that is worth telling.
pub fn goal_event(before: &Progress, now: &Progress) -> Option<Event> {
    let goal = now.goal();
    match (before.settled(), now.settled()) {
        (None, Some(Settled::Met(turns))) if turns <= goal.turns => {
            Some(Event::GoalMet { goal, turns })
        }
        (None, Some(Settled::Met(turns))) => Some(Event::GoalLate { goal, turns }),
        _ if now.out_of_reach() && !before.out_of_reach() => Some(Event::GoalOutOfReach { goal }),
        _ => None,
    }
}
