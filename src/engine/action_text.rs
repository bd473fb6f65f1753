//! The one writer of an action's canonical text: `mark d5 d6`, `a7-b6 e8-e7 x e6`,
//! `x e6 wanderers e4-e1`, `set a1 c1 e1 g1 h3`, `interchange b2`, `pass`. Everything
//! that prints an action the engine made (`turns --list`, self-play, the REPL, the
//! prover and the player, interchanges included) goes through [`Action`]'s `Display`;
//! the visitor's view of an action ([`OutcomeAction`]) is turned into an [`Action`]
//! first, and a Rendezvous into the Mark that sets it up. `fmt` writes what a file says from its syntax
//! tree, in the same canonical form.

use super::action::Action;
use super::rendezvous::{Form, Rendezvous};
use super::search::OutcomeAction;
use super::square::Square;
use std::fmt;

/// Writes `squares` each after a space.
fn squares(f: &mut fmt::Formatter<'_>, squares: &[Square]) -> fmt::Result {
    squares.iter().try_for_each(|sq| write!(f, " {sq}"))
}

/// Writes man's moves `a1-b2 c3-d4`, separated by spaces.
fn moves(f: &mut fmt::Formatter<'_>, moves: &[(Square, Square)]) -> fmt::Result {
    for (i, (a, b)) in moves.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{a}-{b}")?;
    }
    Ok(())
}

impl fmt::Display for Action {
    /// The action in canonical notation (no turn number or side prefix).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Mark { square, towards } => {
                write!(f, "mark {square}")?;
                squares(f, towards.as_slice())
            }
            Action::MarkWith { square, spec } => {
                write!(f, "mark {square}")?;
                if spec.turned {
                    f.write_str(" turned")?;
                }
                squares(f, &spec.squares)
            }
            Action::MoveMark { from, to } => write!(f, "mark {from}-{to}"),
            // 1879: a side sets his own men only.
            Action::Set { black, yellow } if black.is_empty() || yellow.is_empty() => {
                f.write_str("set")?;
                squares(f, black)?;
                squares(f, yellow)
            }
            Action::Set { black, yellow } => {
                f.write_str("set B")?;
                squares(f, black)?;
                f.write_str(" Y")?;
                squares(f, yellow)
            }
            Action::Interchange(chosen) => {
                f.write_str("interchange")?;
                squares(f, chosen)
            }
            Action::Turn {
                moves: man_moves,
                take,
                wanderers,
                radiate,
            } => {
                moves(f, man_moves)?;
                if let Some(t) = take {
                    if !man_moves.is_empty() {
                        f.write_str(" ")?;
                    }
                    write!(f, "x {t}")?;
                }
                if !wanderers.is_empty() {
                    f.write_str(" wanderers ")?;
                    moves(f, wanderers)?;
                }
                if let Some(r) = radiate {
                    write!(f, " radiate {r}")?;
                }
                Ok(())
            }
            Action::Bonus(bonus) if bonus.is_empty() => f.write_str("pass"),
            Action::Bonus(bonus) => moves(f, bonus),
            Action::Pass => f.write_str("pass"),
            Action::Resign => f.write_str("resign"),
            Action::Draw => f.write_str("draw"),
        }
    }
}

impl From<&Rendezvous> for Action {
    /// The Mark that sets up `r`: `mark d5`, `mark d5 d6` (its line square), `mark d5
    /// turned`, or the Mark with its chosen squares.
    fn from(r: &Rendezvous) -> Action {
        match r.form() {
            Form::Standard => Action::Mark {
                square: r.mark(),
                towards: r.line_square(),
            },
            Form::Turned => Action::MarkWith {
                square: r.mark(),
                spec: super::editions::MarkSpec {
                    squares: Vec::new(),
                    turned: true,
                },
            },
            Form::Chosen => Action::MarkWith {
                square: r.mark(),
                spec: super::editions::MarkSpec {
                    squares: r.squares().iter().collect(),
                    turned: false,
                },
            },
        }
    }
}

impl fmt::Display for OutcomeAction<'_> {
    /// The action in canonical notation: the text of [`OutcomeAction::to_action`],
    /// written by [`Action`]'s `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_action().fmt(f)
    }
}
