//! A whole game: the position, the result once there is one, the turn count, and the
//! positions seen in the current Rendezvous (for draws by repetition, D-9).
//!
//! [`Game::play`] applies one [`Action`] fully or not at all.

pub use super::action::Action;
use super::history::History;
use super::position::Phase;
use super::position::{Position, PositionKey};
use super::side::Side;
use super::square::Square;
use super::turn::{ManMove, TurnResult};
use super::violation::BonusProblem;
use super::violation::{Ended, RuleViolation};
use std::fmt;

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WinReason {
    /// The loser has only one man left (1893 Rule 9).
    LastMan,
    /// The loser has no men left (1880 Rule 6).
    NoMenLeft,
    /// The winner was first to score five (1879 Rule 10).
    FivePoints,
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
                reason: WinReason::NoMenLeft,
            } => write!(
                f,
                "{winner} wins: {} has no men left (Rule 6, 1880)",
                !*winner
            ),
            GameResult::Won {
                winner,
                reason: WinReason::FivePoints,
            } => write!(f, "{winner} wins: first to score five (Rule 10, 1879)"),
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
    /// The wanderer's move with this index after the take.
    Wanderer(usize),
    /// The take (`x square`) of the turn.
    Take,
    /// The centre man's radiating choice (`radiate square`, 1879).
    Radiate,
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
    /// Whether the action was one of the side's numbered turns (a turn, a pass, a 1880
    /// Mark move), which goals count.
    pub numbered: bool,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    result: Option<GameResult>,
    turns: u32,
    /// The positions of the current Rendezvous (D-9).
    history: History,
    /// A turn's move list handed back by [`Game::recycle`], for the next turn to fill:
    /// a replayed collection then allocates none per turn.
    spare_moves: Vec<ManMove>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::start())
    }
}

impl Game {
    /// A game from `position` (turns numbered from 1).
    pub fn new(position: Position) -> Game {
        let mut history = History::indexed();
        if position.phase().in_play() {
            history.record(position.key());
        }
        Game {
            position,
            result: position.winner().map(|winner| GameResult::Won {
                winner,
                reason: win_reason(&position),
            }),
            turns: 0,
            history,
            spare_moves: Vec::new(),
        }
    }

    /// Takes back what [`Game::play`] returned, once the caller is done with it, so
    /// that the next turn reuses its move list rather than allocating one.
    pub fn recycle(&mut self, played: Played) {
        if let Some(turn) = played.turn
            && turn.moves.capacity() > self.spare_moves.capacity()
        {
            self.spare_moves = turn.moves;
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

    /// How many times `position` has occurred in the current Rendezvous (D-9: the
    /// third occurrence draws).
    pub fn occurrences(&self, position: &Position) -> u8 {
        self.history.occurrences(&position.key())
    }

    /// The repetition history of the current Rendezvous (D-9).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Every position of the current Rendezvous with how many times it has occurred
    /// (D-9), in no particular order: what a search from the current position needs
    /// to know which of its positions would be a third occurrence.
    pub fn occurred(&self) -> impl Iterator<Item = (PositionKey, u8)> + '_ {
        self.history.occurred().into_iter()
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
        if let Some(result) = self.result {
            let v = match result {
                GameResult::Drawn(DrawReason::Repetition) => RuleViolation::GameEnded {
                    how: Ended::Repetition,
                },
                GameResult::Drawn(DrawReason::Agreed) => {
                    RuleViolation::GameEnded { how: Ended::Agreed }
                }
                GameResult::Won {
                    reason: WinReason::Resignation,
                    ..
                } => RuleViolation::GameEnded {
                    how: Ended::Resigned,
                },
                GameResult::Won { .. } => RuleViolation::GameOver,
            };
            return Err(whole(v));
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
                    numbered: false,
                });
            }
            Action::Draw => {
                let result = GameResult::Drawn(DrawReason::Agreed);
                self.result = Some(result);
                return Ok(Played {
                    side,
                    turn: None,
                    result: Some(result),
                    numbered: false,
                });
            }
            Action::Mark { square, towards } => {
                self.position.set_mark(*square, *towards).map_err(whole)?
            }
            Action::MarkWith { square, spec } => {
                self.position.set_mark_with(*square, spec).map_err(whole)?
            }
            Action::MoveMark { from, to } => self.position.move_mark(*from, *to).map_err(whole)?,
            Action::Set { black, yellow } => self.position.set_men(black, yellow).map_err(whole)?,
            Action::Interchange(squares) => self.position.interchange(squares).map_err(whole)?,
            Action::Pass => self.position.pass().map_err(whole)?,
            Action::Bonus(moves) => bonus(&self.position, moves)?,
            Action::Turn {
                moves,
                take,
                wanderers,
                radiate,
            } if matches!(self.position.phase(), Phase::Bonus(_)) => {
                bonus_turn(&self.position, moves, *take, wanderers, *radiate)?
            }
            Action::Turn {
                moves,
                take,
                wanderers,
                radiate,
            } => {
                let spare = std::mem::take(&mut self.spare_moves);
                let result =
                    play_turn_reusing(&self.position, moves, *take, wanderers, *radiate, spare)?;
                let p = result.position;
                turn_result = Some(result);
                p
            }
        };
        if matches!(action, Action::Mark { .. } | Action::MarkWith { .. }) {
            self.history.new_rendezvous();
        }
        let numbered = action.is_numbered() && !matches!(self.position.phase(), Phase::Bonus(_));
        if numbered {
            self.turns += 1;
        }
        self.position = next;
        if let Some(winner) = next.winner() {
            self.result = Some(GameResult::Won {
                winner,
                reason: win_reason(&next),
            });
        } else if !next.phase().in_play() {
            self.history.new_rendezvous();
        } else {
            let n = self.history.record(next.key());
            if n >= 3 {
                self.result = Some(GameResult::Drawn(DrawReason::Repetition));
            }
        }
        Ok(Played {
            side,
            turn: turn_result,
            result: self.result,
            numbered,
        })
    }
}

/// How the game was won when the position ends it, by its edition.
fn win_reason(p: &Position) -> WinReason {
    super::editions::win_reason(p)
}

/// A turn event written in phase `bonus:N` (1879): only men's moves, the bonus.
#[cold]
#[inline(never)]
fn bonus_turn(
    position: &Position,
    moves: &[(Square, Square)],
    take: Option<Square>,
    wanderers: &[(Square, Square)],
    radiate: Option<Square>,
) -> Result<Position, ActionError> {
    if take.is_some() || !wanderers.is_empty() || radiate.is_some() {
        return Err(ActionError {
            violation: RuleViolation::Bonus(BonusProblem::OnlyMoves),
            part: ActionPart::Whole,
        });
    }
    bonus(position, moves)
}

/// The 1879 bonus as an action (the index of the move at fault as its part). Kept out
/// of line: it is never on the 1893 path.
#[cold]
#[inline(never)]
fn bonus(position: &Position, moves: &[(Square, Square)]) -> Result<Position, ActionError> {
    position.bonus(moves).map_err(|(i, violation)| ActionError {
        violation,
        part: if moves.is_empty() {
            ActionPart::Whole
        } else {
            ActionPart::Move(i)
        },
    })
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
    play_turn_with(position, moves, take, &[])
}

/// Plays a whole turn atomically: the man's moves, the take, then the wanderers sent
/// to the border (1880).
///
/// # Errors
/// The first violation, with the part at fault.
pub fn play_turn_with(
    position: &Position,
    moves: &[(Square, Square)],
    take: Option<Square>,
    wanderers: &[(Square, Square)],
) -> Result<TurnResult, ActionError> {
    play_turn_full(position, moves, take, wanderers, None)
}

/// Plays a whole turn atomically: the man's moves, the take, the wanderers (1880:
/// sent to the border; 1879: set in the Rendezvous), then the centre man's radiating
/// choice (1879).
///
/// # Errors
/// The first violation, with the part at fault.
pub fn play_turn_full(
    position: &Position,
    moves: &[(Square, Square)],
    take: Option<Square>,
    wanderers: &[(Square, Square)],
    radiate: Option<Square>,
) -> Result<TurnResult, ActionError> {
    play_turn_reusing(position, moves, take, wanderers, radiate, Vec::new())
}

/// [`play_turn_full`] with an empty list (of any capacity) for the turn's moves.
fn play_turn_reusing(
    position: &Position,
    moves: &[(Square, Square)],
    take: Option<Square>,
    wanderers: &[(Square, Square)],
    radiate: Option<Square>,
    spare: Vec<ManMove>,
) -> Result<TurnResult, ActionError> {
    let mut turn = position.begin_turn().map_err(|violation| ActionError {
        violation,
        part: ActionPart::Whole,
    })?;
    turn.reuse_moves(spare);
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
    } else if (!wanderers.is_empty() || radiate.is_some())
        && let Some(choices) = turn.take_choices()
        && let (1, Some(sq)) = (choices.count(), choices.first())
    {
        turn.take(sq).map_err(|violation| ActionError {
            violation,
            part: ActionPart::Take,
        })?;
    }
    for (i, &(from, to)) in wanderers.iter().enumerate() {
        turn.send_wanderer(from, to)
            .map_err(|violation| ActionError {
                violation,
                part: ActionPart::Wanderer(i),
            })?;
    }
    if let Some(to) = radiate {
        turn.radiate(to).map_err(|violation| ActionError {
            violation,
            part: ActionPart::Radiate,
        })?;
    }
    turn.into_result().map_err(|violation| ActionError {
        violation,
        part: ActionPart::Whole,
    })
}
