//! A puzzle's goal and its progress along a game: the one definition of when a goal
//! is met or lost, for every edition, shared by the prover's search, `check`'s replay
//! of a written solution and the REPL's announcements.
//!
//! It owns [`Goal`] (`Y wins rendezvous in 2 [with help]`), what one action does to it
//! ([`Goal::settle`]) and the count along a line of play ([`Progress`]): each numbered
//! action of the goal's side is one of his turns (a pass too; Marks, set-ups,
//! interchanges and 1879 bonuses are not), and the goal is settled by the edition's own
//! rules as the positions show them — the game won ([`Position::winner`], which asks
//! the edition: 1893's last man, 1880's no men, 1879's five points), or for a
//! Rendezvous goal the first Rendezvous to end (the current one, or the next when the
//! Mark is still to be set), won by whoever ended it. A game that ends otherwise (a
//! draw, a resignation) loses it.

use super::game::{DrawReason, GameResult, Played};
use super::position::Position;
use super::side::Side;
use std::fmt;

/// What a goal asks to win.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Target {
    /// The current Rendezvous (or the next, when the Mark is still to be set), or the
    /// game.
    Rendezvous,
    /// The game.
    Game,
}

/// A puzzle's goal: `<side> wins <target> in <turns> [with help]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Goal {
    /// The side that must reach it (the attacker).
    pub side: Side,
    /// What he must win.
    pub target: Target,
    /// Within how many of his turns (a pass is one; Marks and interchanges are not).
    pub turns: u32,
    /// Help play: both sides cooperate.
    pub help: bool,
}

impl fmt::Display for Goal {
    /// `Y wins rendezvous in 2`, `B wins game in 1 with help`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = match self.target {
            Target::Rendezvous => "rendezvous",
            Target::Game => "game",
        };
        write!(f, "{} wins {t} in {}", self.side.letter(), self.turns)?;
        if self.help {
            f.write_str(" with help")?;
        }
        Ok(())
    }
}

/// How a goal was lost.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lost {
    /// The other side won the Rendezvous first (a Rendezvous goal).
    Rendezvous,
    /// The other side won the game.
    Game,
    /// The game was drawn (D-9, or agreed).
    Drawn,
    /// A side resigned.
    Resigned,
}

impl Lost {
    /// Why, in words: `the other side won the Rendezvous first`.
    pub const fn why(self) -> &'static str {
        match self {
            Lost::Rendezvous => "the other side won the Rendezvous first",
            Lost::Game => "the other side won the game",
            Lost::Drawn => "the game was drawn",
            Lost::Resigned => "a side resigned",
        }
    }
}

/// How a goal was settled along a line of play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Settled {
    /// Met after this many of the side's turns (perhaps more than the goal allows).
    Met(u32),
    /// Lost.
    Lost(Lost),
}

impl Goal {
    /// What the position `child`, reached by one action from `parent`, does to the
    /// goal: `Some(true)` met, `Some(false)` lost, `None` play goes on. The game is won
    /// when the edition says so ([`Position::winner`]); a Rendezvous ends when play
    /// leaves the Rendezvous, won by the side that acted. Draws are the game's to say
    /// (see [`Progress::note`]; the prover's path keeps its own repetitions).
    #[inline]
    pub fn settle(&self, parent: &Position, child: &Position) -> Option<bool> {
        if let Some(w) = child.winner() {
            return Some(w == self.side);
        }
        if self.target == Target::Rendezvous && parent.phase().in_play() && !child.phase().in_play()
        {
            // The action ended the Rendezvous: the side that acted won it.
            return Some(parent.to_act() == self.side);
        }
        None
    }
}

/// How far a goal has come along a line of play: the goal side's turns counted, and
/// how the goal was settled, if it was.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Progress {
    goal: Goal,
    turns: u32,
    settled: Option<Settled>,
    over: bool,
}

impl Progress {
    /// A goal with nothing played yet.
    pub const fn new(goal: Goal) -> Progress {
        Progress {
            goal,
            turns: 0,
            settled: None,
            over: false,
        }
    }

    /// Notes an action played from `before` to `after` (what [`super::Game::play`]
    /// answered): counts it when it is one of the goal side's turns, and settles the
    /// goal when it is met or lost. Returns whether this action settled it. Nothing
    /// changes once the goal is settled, except that the game's end is noted.
    pub fn note(&mut self, before: &Position, played: &Played, after: &Position) -> bool {
        self.over |= played.result.is_some();
        if self.settled.is_some() {
            return false;
        }
        if played.side == self.goal.side && played.numbered {
            self.turns += 1;
        }
        self.settled = match self.goal.settle(before, after) {
            Some(true) => Some(Settled::Met(self.turns)),
            Some(false) => Some(Settled::Lost(
                if self.goal.target == Target::Rendezvous && after.winner().is_none() {
                    Lost::Rendezvous
                } else {
                    Lost::Game
                },
            )),
            None => match played.result {
                Some(GameResult::Drawn(DrawReason::Repetition | DrawReason::Agreed)) => {
                    Some(Settled::Lost(Lost::Drawn))
                }
                Some(GameResult::Won { .. }) => Some(Settled::Lost(Lost::Resigned)),
                None => None,
            },
        };
        self.settled.is_some()
    }

    /// The goal.
    pub const fn goal(&self) -> Goal {
        self.goal
    }

    /// The goal side's turns counted (up to the one that settled the goal).
    pub const fn turns(&self) -> u32 {
        self.turns
    }

    /// How the goal was settled, if it was.
    pub const fn settled(&self) -> Option<Settled> {
        self.settled
    }

    /// Whether a noted action ended the game.
    pub const fn over(&self) -> bool {
        self.over
    }

    /// The turns it took, when the goal was met within the turns it allows.
    pub fn reached(&self) -> Option<u32> {
        match self.settled {
            Some(Settled::Met(n)) if n <= self.goal.turns => Some(n),
            _ => None,
        }
    }

    /// The goal side's turns still allowed while the goal is open (not settled, the
    /// game not over); `None` otherwise.
    pub fn turns_left(&self) -> Option<u32> {
        (self.settled.is_none() && !self.over && self.turns < self.goal.turns)
            .then(|| self.goal.turns - self.turns)
    }

    /// Whether the goal can no longer be met along this line: lost, met too late, its
    /// turns spent, or the game over.
    pub fn out_of_reach(&self) -> bool {
        self.reached().is_none() && self.turns_left().is_none()
    }
}
