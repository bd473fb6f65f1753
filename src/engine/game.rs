//! A whole game: the position, the result once there is one, the turn count, and the
//! positions seen in the current Rendezvous (for draws by repetition, D-9).
//!
//! [`Game::play`] applies one [`Action`] fully or not at all.

use super::outcomes::FastMap;
use super::position::{Phase, Position, PositionKey};
use super::side::Side;
use super::square::Square;
use super::turn::TurnResult;
use super::violation::RuleViolation;
use std::fmt;

/// Something a player does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Action {
    /// Set the Mark (`towards`: the neighbour naming a 3-square line).
    Mark {
        /// The Mark's square.
        square: Square,
        /// The line's second square, for a 3-square Rendezvous.
        towards: Option<Square>,
    },
    /// Demand an interchange; the squares are the setter's choice of the demanding
    /// side's men (needed when the setter has fewer men).
    Interchange(Vec<Square>),
    /// A turn: man's moves in order, and the man taken under Rule 7 or 8.
    Turn {
        /// The man's moves as (from, to).
        moves: Vec<(Square, Square)>,
        /// The man taken, if written.
        take: Option<Square>,
    },
    /// Pass (D-6).
    Pass,
    /// The side to act resigns.
    Resign,
    /// The players agree a draw.
    Draw,
}

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WinReason {
    /// The loser has only one man left (Rule 9).
    LastMan,
    /// The loser resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DrawReason {
    /// The same position for the third time in one Rendezvous (D-9).
    Repetition,
    /// The players agreed.
    Agreed,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    /// A side won.
    Won {
        /// The winner.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// A draw.
    Drawn(DrawReason),
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Won {
                winner,
                reason: WinReason::LastMan,
            } => write!(f, "{winner} wins: {} has one man left (Rule 9)", !*winner),
            GameResult::Won {
                winner,
                reason: WinReason::Resignation,
            } => write!(f, "{winner} wins: {} resigned", !*winner),
            GameResult::Drawn(DrawReason::Repetition) => write!(
                f,
                "drawn: the same position for the third time in this Rendezvous (D-9)"
            ),
            GameResult::Drawn(DrawReason::Agreed) => write!(f, "drawn by agreement"),
        }
    }
}

/// Where in an action a violation was found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ActionPart {
    /// The action as a whole.
    Whole,
    /// The man's move with this index in the turn.
    Move(usize),
    /// The take (`x square`) of the turn.
    Take,
}

/// An illegal action: the violation and the part of the action at fault.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ActionError {
    /// The rule broken and its facts.
    pub violation: RuleViolation,
    /// Which part of the action broke it.
    pub part: ActionPart,
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.violation, f)
    }
}

impl std::error::Error for ActionError {}

/// What an accepted action did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// The side that acted.
    pub side: Side,
    /// The turn's moves and ending, for a turn.
    pub turn: Option<TurnResult>,
    /// The game's result, when this action ended the game.
    pub result: Option<GameResult>,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    result: Option<GameResult>,
    turns: u32,
    /// Keyed with a fast non-cryptographic hash: a game holds at most a few thousand
    /// positions, and SipHash was 4 % of replaying a collection.
    seen: FastMap<PositionKey, u8>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::start())
    }
}

impl Game {
    /// A game from `position` (turns numbered from 1).
    pub fn new(position: Position) -> Game {
        let mut seen = FastMap::default();
        if position.phase() != Phase::Mark {
            seen.insert(position.key(), 1);
        }
        Game {
            position,
            result: position.winner().map(|winner| GameResult::Won {
                winner,
                reason: WinReason::LastMan,
            }),
            turns: 0,
            seen,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The number the next turn (or pass) will carry.
    pub fn next_turn_number(&self) -> u32 {
        self.turns + 1
    }

    /// The number of turns (and passes) played.
    pub fn turns_played(&self) -> u32 {
        self.turns
    }

    /// Applies `action` for the side to act.
    ///
    /// # Errors
    /// The violation and the part of the action at fault; the game is unchanged.
    pub fn play(&mut self, action: &Action) -> Result<Played, ActionError> {
        let whole = |violation| ActionError {
            violation,
            part: ActionPart::Whole,
        };
        if self.result.is_some() {
            return Err(whole(RuleViolation::GameOver));
        }
        let side = self.position.to_act();
        let mut turn_result = None;
        let next = match action {
            Action::Resign => {
                let result = GameResult::Won {
                    winner: !side,
                    reason: WinReason::Resignation,
                };
                self.result = Some(result);
                return Ok(Played {
                    side,
                    turn: None,
                    result: Some(result),
                });
            }
            Action::Draw => {
                let result = GameResult::Drawn(DrawReason::Agreed);
                self.result = Some(result);
                return Ok(Played {
                    side,
                    turn: None,
                    result: Some(result),
                });
            }
            Action::Mark { square, towards } => {
                self.position.set_mark(*square, *towards).map_err(whole)?
            }
            Action::Interchange(squares) => self.position.interchange(squares).map_err(whole)?,
            Action::Pass => self.position.pass().map_err(whole)?,
            Action::Turn { moves, take } => {
                let result = play_turn(&self.position, moves, *take)?;
                let p = result.position;
                turn_result = Some(result);
                p
            }
        };
        if matches!(action, Action::Mark { .. }) {
            self.seen.clear();
        }
        if matches!(action, Action::Turn { .. } | Action::Pass) {
            self.turns += 1;
        }
        self.position = next;
        if let Some(winner) = next.winner() {
            self.result = Some(GameResult::Won {
                winner,
                reason: WinReason::LastMan,
            });
        } else if next.phase() == Phase::Mark {
            self.seen.clear();
        } else {
            let n = self.seen.entry(next.key()).or_insert(0);
            *n += 1;
            if *n >= 3 {
                self.result = Some(GameResult::Drawn(DrawReason::Repetition));
            }
        }
        Ok(Played {
            side,
            turn: turn_result,
            result: self.result,
        })
    }
}

/// Plays a whole turn atomically: the man's moves in order, then the take if written.
///
/// # Errors
/// The first violation, with the index of the move (or the take) at fault.
pub fn play_turn(
    position: &Position,
    moves: &[(Square, Square)],
    take: Option<Square>,
) -> Result<TurnResult, ActionError> {
    let mut turn = position.begin_turn().map_err(|violation| ActionError {
        violation,
        part: ActionPart::Whole,
    })?;
    for (i, &(from, to)) in moves.iter().enumerate() {
        turn.play_move(from, to).map_err(|violation| ActionError {
            violation,
            part: ActionPart::Move(i),
        })?;
    }
    if let Some(sq) = take {
        turn.take(sq).map_err(|violation| ActionError {
            violation,
            part: ActionPart::Take,
        })?;
    }
    turn.finish().map_err(|violation| ActionError {
        violation,
        part: ActionPart::Whole,
    })
}
