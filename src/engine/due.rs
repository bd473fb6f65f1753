//! What the next action must be ([`Due`], asked with [`Position::due`]) and the one
//! writer of the sentence that says so ([`Due::describe`]), in the three forms the
//! board diagram, the SVG caption and the REPL prompt print.
//!
//! A consumer asks the position what is due instead of asking which edition it is
//! played by: whether the die gives the Mark, whether the side sets his own men, how
//! many squares a bonus has, are answers of the edition dispatch
//! (`editions::due`), so a new edition changes what is due here, not in every
//! front end.

use super::position::Position;
use super::side::Side;

/// Which turn of the Rendezvous a due turn is, as its allowance is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnOf {
    /// The first turn of the Rendezvous (1893 Rule 3: allowance 2).
    First,
    /// The second player's first turn (option `both-first`).
    HisFirst,
    /// Any later turn.
    Later,
}

/// What the next action of the side to act must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Due {
    /// Nothing: the position ends the game.
    Over,
    /// The men are to be set on the border: all ten by the arranger (1880 Rule 2), or
    /// the side's own five (1879 Rule 2, `own`).
    SetUp {
        /// Whether the side to act sets only his own men.
        own: bool,
    },
    /// The side to act sets the Mark for a Rendezvous of `size` squares.
    Mark {
        /// The number of squares of the Rendezvous to be made.
        size: u8,
    },
    /// The die is to be thrown: it gives the Mark (1879 Rule 3), and the side to act
    /// then plays first.
    Throw,
    /// A turn of at most `allowance` squares.
    Turn {
        /// The squares the side to act may count.
        allowance: u8,
        /// Which turn of the Rendezvous it is.
        of: TurnOf,
        /// The side who plays first in this Rendezvous while he may still move the
        /// Mark (1880 Rule 5), when he may.
        mark_mover: Option<Side>,
        /// Whether the side to act may demand an interchange instead (1893 Rule 5).
        interchange: bool,
    },
    /// The bonus of the last Rendezvous' winner: his men to other border squares, at
    /// most `squares` king steps in all, or a pass (1879 Rule 7).
    Bonus {
        /// The king steps the bonus allows in all.
        squares: u8,
    },
}

/// The form a [`Due`] is written in, one per place that prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DueForm<'a> {
    /// A line under the board diagram (`lanrick replay`, the REPL's board).
    Board,
    /// The first line of an SVG diagram's caption (`lanrick render`).
    Caption,
    /// The REPL prompt, `extra` written inside its brackets (a puzzle's turns left,
    /// `"; goal: 2 turns left"`), ending in `> `.
    Prompt {
        /// Text added at the end of the bracketed part.
        extra: &'a str,
    },
}

impl Due {
    /// The sentence saying what is due of `side` (the side to act), in `form`; empty
    /// for [`Due::Over`] (each front end says the game is over in its own way).
    pub fn describe(&self, side: Side, form: DueForm<'_>) -> String {
        use DueForm::{Board, Caption, Prompt};
        match (*self, form) {
            (Due::Over, _) => String::new(),
            (Due::SetUp { own: true }, Board) => {
                format!("{side} sets his own men (`set a1 c1 e1 g1 h3`)")
            }
            (Due::SetUp { own: true }, Caption) => {
                format!("{side} sets his own men on the border")
            }
            (Due::SetUp { own: true }, Prompt { extra }) => {
                format!("{side} sets his own men{}> ", bracket(extra))
            }
            (Due::SetUp { own: false }, Board) => format!("{side} sets the men (`set B … Y …`)"),
            (Due::SetUp { own: false }, Caption) => format!("{side} sets the men on the border"),
            (Due::SetUp { own: false }, Prompt { extra }) => {
                format!("{side} sets the men{}> ", bracket(extra))
            }
            (Due::Mark { .. }, Board) => format!("{side} sets the Mark"),
            (Due::Mark { size }, Caption) => format!(
                "{side} sets the Mark for {} {size}-square Rendezvous",
                super::rendezvous::article(size)
            ),
            (Due::Mark { .. }, Prompt { extra }) => {
                format!("{side} sets the Mark{}> ", bracket(extra))
            }
            (Due::Throw, Prompt { extra }) => {
                format!("{side}: the die gives the Mark (`:roll`{extra})> ")
            }
            (Due::Throw, Board) => format!(
                "the die gives the Mark (`:roll`, or `mark <square>` on c3 to f6); {side} plays first"
            ),
            (Due::Throw, Caption) => format!("The die gives the Mark; {side} plays first"),
            (
                Due::Turn {
                    allowance,
                    of,
                    mark_mover,
                    ..
                },
                form,
            ) => turn_text(side, allowance, of, mark_mover, form),
            (Due::Bonus { squares }, Board) => format!(
                "{side} may move his men to other border squares, {squares} king steps in all (bonus), or pass"
            ),
            (Due::Bonus { squares }, Caption) => {
                format!("{side} may move his men to border squares: bonus of {squares} squares")
            }
            (Due::Bonus { squares }, Prompt { extra }) => {
                format!("{side} (bonus, {squares} squares, or pass{extra})> ")
            }
        }
    }
}

/// A due turn's sentence.
fn turn_text(
    side: Side,
    allowance: u8,
    of: TurnOf,
    mark_mover: Option<Side>,
    form: DueForm<'_>,
) -> String {
    let moves_mark = mark_mover == Some(side);
    match form {
        DueForm::Board => match of {
            TurnOf::First => format!("{side} to play (first turn, {allowance} squares)"),
            TurnOf::HisFirst => format!("{side} to play (his first turn, {allowance} squares)"),
            TurnOf::Later if moves_mark => {
                format!("{side} to play ({allowance} squares, or move the Mark one square)")
            }
            TurnOf::Later => format!("{side} to play ({allowance} squares)"),
        },
        DueForm::Caption => match (of, mark_mover) {
            (TurnOf::First, _) => format!("{side} to play: first turn, {allowance} squares"),
            (TurnOf::HisFirst, _) => {
                format!("{side} to play: his first turn, {allowance} squares")
            }
            (TurnOf::Later, Some(mover)) => {
                format!("{side} to play: {allowance} squares; {mover} may still move the Mark")
            }
            (TurnOf::Later, None) => format!("{side} to play: {allowance} squares"),
        },
        DueForm::Prompt { extra } => match of {
            TurnOf::First | TurnOf::HisFirst => {
                format!("{side} (first turn, {allowance} squares{extra})> ")
            }
            TurnOf::Later if moves_mark => {
                format!("{side} ({allowance} squares or a Mark move{extra})> ")
            }
            TurnOf::Later => format!("{side} ({allowance} squares{extra})> "),
        },
    }
}

/// The prompt's `extra` (`"; goal: …"`) in brackets with a space before, or nothing
/// (after `sets the men` or `sets the Mark`).
fn bracket(extra: &str) -> String {
    match extra.strip_prefix("; ") {
        Some(rest) => format!(" ({rest})"),
        None => String::new(),
    }
}

impl Position {
    /// What the next action of the side to act must be: the edition's answer (a Mark
    /// or a throw of the die, a set-up of all the men or of his own, a turn, a bonus).
    pub fn due(&self) -> Due {
        super::editions::due(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{OptionFlag, Options, Rules};

    fn due(rules: Rules, s: &str) -> Due {
        Position::parse_as(rules, s)
            .unwrap_or_else(|e| panic!("{s}: {e}"))
            .due()
    }

    #[test]
    fn due_in_every_1893_phase() {
        let start = Position::start();
        assert_eq!(start.due(), Due::Mark { size: 9 });
        let first = start.set_mark("d5".parse().expect("a square"), None);
        let first = first.expect("d5 takes the first Mark");
        assert_eq!(
            first.due(),
            Due::Turn {
                allowance: 2,
                of: TurnOf::First,
                mark_mover: None,
                interchange: true,
            }
        );
        let both = Rules::with_options(Options::NONE.with(OptionFlag::BothFirst));
        let second = due(both, "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 second");
        assert!(matches!(
            second,
            Due::Turn {
                of: TurnOf::HisFirst,
                interchange: false,
                ..
            }
        ));
        let later = due(Rules::R1893, "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 play");
        assert!(matches!(
            later,
            Due::Turn {
                of: TurnOf::Later,
                mark_mover: None,
                ..
            }
        ));
        assert_eq!(due(Rules::R1893, "B7/8/8/8/8/8/8/7Y B mark"), Due::Over);
    }

    #[test]
    fn due_in_every_1880_phase() {
        let start = Position::start_for(Rules::R1880);
        assert_eq!(start.due(), Due::SetUp { own: false });
        assert_eq!(
            due(Rules::R1880, "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark"),
            Due::Mark { size: 9 }
        );
        let shift = due(Rules::R1880, "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 shift-B");
        assert!(matches!(
            shift,
            Due::Turn {
                mark_mover: Some(Side::Black),
                interchange: false,
                ..
            }
        ));
        let text = shift.describe(Side::Black, DueForm::Board);
        assert!(text.ends_with("or move the Mark one square)"), "{text}");
    }

    #[test]
    fn due_in_every_1879_phase() {
        let start = Position::start_for(Rules::R1879);
        assert_eq!(start.due(), Due::SetUp { own: true });
        assert_eq!(
            due(Rules::R1879, "B6Y/8/8/8/8/8/8/YY4BB B mark 3-0 Y"),
            Due::Throw
        );
        assert!(matches!(
            due(Rules::R1879, "B6Y/8/8/8/8/8/8/YY4BB B e4 play 3-0 Y"),
            Due::Turn {
                of: TurnOf::Later,
                interchange: false,
                ..
            }
        ));
        let bonus = due(Rules::R1879, "Y1B1Y3/7Y/8/8/Y6B/8/8/1B2B2B B bonus:4 0-0 B");
        assert_eq!(bonus, Due::Bonus { squares: 4 });
        assert_eq!(
            Due::Throw.describe(Side::Yellow, DueForm::Prompt { extra: "" }),
            "Yellow: the die gives the Mark (`:roll`)> "
        );
        assert_eq!(
            bonus.describe(
                Side::Black,
                DueForm::Prompt {
                    extra: "; goal: 1 turn left"
                }
            ),
            "Black (bonus, 4 squares, or pass; goal: 1 turn left)> "
        );
    }
}
