//! The board as text: a Unicode diagram with the Rendezvous and the Mark shown, men of
//! the two sides distinct without colour (`B`, `Y`), and ANSI colour when wanted.

use crate::engine::{DueForm, Phase, Position, Side, Square};
use std::fmt::Write;

const RESET: &str = "\x1b[0m";
const BLACK_MAN: &str = "\x1b[1;97;40m";
const YELLOW_MAN: &str = "\x1b[1;30;103m";
const RV_SQUARE: &str = "\x1b[42m";
const MARK_SQUARE: &str = "\x1b[102m";

/// Draws `pos` as a diagram, Black at the top. Rendezvous squares are bracketed
/// (`[B]`, `[ ]`), the Mark's square braced (`{Y}`, `{ }`); with `color`, squares and
/// men are also coloured. The game counts as over when a side has a single man left.
pub fn diagram(pos: &Position, color: bool) -> String {
    diagram_of(pos, false, color)
}

/// [`diagram`] for a game that may be over for a reason the position does not show
/// (a resignation, a draw): when `over`, the summary says nothing of what is due.
pub fn diagram_of(pos: &Position, over: bool, color: bool) -> String {
    let mut out = String::new();
    let rv = pos.rendezvous();
    let _ = writeln!(out, "     a  b  c  d  e  f  g  h");
    let _ = writeln!(out, "   ┌────────────────────────┐");
    for rank in (0..8u8).rev() {
        let _ = write!(out, " {} │", rank + 1);
        for file in 0..8u8 {
            let Some(sq) = Square::from_coords(file, rank) else {
                continue;
            };
            let in_rv = rv.is_some_and(|r| r.contains(sq));
            let is_mark = rv.is_some_and(|r| r.mark() == sq);
            let (open, close) = if is_mark {
                ('{', '}')
            } else if in_rv {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            let man = match pos.man_at(sq) {
                Some(Side::Black) => 'B',
                Some(Side::Yellow) => 'Y',
                None if in_rv || is_mark => ' ',
                None => '·',
            };
            if color {
                let bg = if is_mark {
                    MARK_SQUARE
                } else if in_rv {
                    RV_SQUARE
                } else {
                    ""
                };
                let fg = match pos.man_at(sq) {
                    Some(Side::Black) => BLACK_MAN,
                    Some(Side::Yellow) => YELLOW_MAN,
                    None => "",
                };
                let _ = write!(out, "{bg}{open}{RESET}{fg}{man}{RESET}{bg}{close}{RESET}");
            } else {
                let _ = write!(out, "{open}{man}{close}");
            }
        }
        let _ = writeln!(out, "│ {}", rank + 1);
    }
    let _ = writeln!(out, "   └────────────────────────┘");
    let _ = writeln!(out, "     a  b  c  d  e  f  g  h");
    out.push_str(&summary_of(pos, over));
    out
}

/// The line explaining the brackets and braces, for a board drawn at the start.
pub const LEGEND: &str =
    "[ ] a Rendezvous square, { } the Mark's square; B Black's men, Y Yellow's";

/// The lines under the board: the Rendezvous, the men in and out, and what is due.
pub fn summary(pos: &Position) -> String {
    summary_of(pos, false)
}

/// `1 man`, `n men`.
fn men(n: usize) -> String {
    format!("{n} {}", if n == 1 { "man" } else { "men" })
}

/// [`summary`]; once the game is over (`over`, or a side down to one man) there is no
/// next Rendezvous and nobody to act, and the result is left to the caller to say once.
pub fn summary_of(pos: &Position, over: bool) -> String {
    let over = over || pos.winner().is_some();
    let mut out = String::new();
    if pos.rules() != crate::engine::Rules::default() {
        let _ = writeln!(out, "Rules: {}", pos.rules());
    }
    match pos.rendezvous() {
        Some(r) => {
            let kind = if r.is_open() { "open" } else { "close" };
            let _ = write!(
                out,
                "Rendezvous: {} squares ({kind}), Mark {}",
                r.size(),
                r.mark()
            );
            if let Some(l) = r.line() {
                let _ = write!(out, ", {} line", l.name());
            }
            out.push('\n');
        }
        None if over => {}
        None if pos.phase() == Phase::Set => {
            let _ = writeln!(out, "No men set yet");
        }
        None => {
            let _ = writeln!(
                out,
                "No Mark set; the next Rendezvous has {} squares",
                pos.rendezvous_size()
            );
        }
    }
    if pos.rules().plays_rounds() {
        let round = pos.round();
        let _ = writeln!(
            out,
            "Score: Black {}, Yellow {} (five wins); {} set first this round",
            round.score.of(Side::Black),
            round.score.of(Side::Yellow),
            round.first
        );
    }
    for side in Side::BOTH {
        let n = pos.count(side);
        let outside = pos.outside(side).count() as usize;
        if pos.rendezvous().is_some() {
            let _ = writeln!(
                out,
                "{}: {}, {} in, {outside} out",
                side.name(),
                men(n as usize),
                n as usize - outside
            );
        } else {
            let _ = writeln!(out, "{}: {}", side.name(), men(n as usize));
        }
    }
    if over {
        return out;
    }
    let side = pos.to_act();
    let _ = writeln!(out, "{}", pos.due().describe(side, DueForm::Board));
    out
}
