//! A position as an SVG 1.1 diagram: the board with its coordinates, the Rendezvous
//! squares and the Mark, the men, the last turn's moves as arrows, and a caption.
//!
//! Nothing relies on hue alone, so a diagram reads in print and for colour-blind
//! readers: Black's men are dark discs lettered `B`, Yellow's light discs with a dark
//! outline lettered `Y`; Rendezvous squares have a thick dark inner frame, the Mark a
//! diamond; refused moves are dashed. The Rendezvous is drawn from the engine's
//! squares, whatever its shape.
//!
//! The pieces ([`defs`], [`background`], [`overlay`]) are public so that the replay
//! page can draw the board once and swap only what changes from step to step.

use super::escape;
use super::tree::{Arrow, Step};
use crate::engine::{Position, Rendezvous, Side, Square, SquareSet, TurnInProgress};
use std::fmt::Write;

/// The side of a square, in user units.
pub const SQUARE: u32 = 50;
/// The margin left of the board (rank numbers).
const LEFT: u32 = 26;
/// The margin above the board.
const TOP: u32 = 10;
/// The margin right of the board.
const RIGHT: u32 = 10;
/// The band under the board (file letters).
const BOTTOM: u32 = 26;
/// The height of a caption line.
const LINE: u32 = 20;

/// The width of the drawing in user units.
pub const WIDTH: u32 = LEFT + 8 * SQUARE + RIGHT;
/// The height of the board and its coordinates, without a caption, in user units.
pub const BOARD_HEIGHT: u32 = TOP + 8 * SQUARE + BOTTOM;

/// How to draw a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Black at the bottom (rank 8 nearest the reader) instead of Yellow.
    pub flip: bool,
    /// The width in pixels the picture asks for (it scales: there is a `viewBox`).
    pub width: u32,
    /// Whether to write the caption under the board.
    pub caption: bool,
    /// A first caption line, e.g. the move that led here.
    pub title: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            flip: false,
            width: 480,
            caption: true,
            title: None,
        }
    }
}

/// What to mark on the board besides the position: the last turn's paths and the
/// man taken at its end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The men's paths.
    pub arrows: Vec<Arrow>,
    /// The square of the man taken (Rule 7 or 8).
    pub taken: Option<Square>,
    /// The Rendezvous just won (Rule 8), drawn dashed when the position has none.
    pub won: Option<Rendezvous>,
}

impl Marks {
    /// The marks of a step: its event's paths and take.
    pub fn of(step: &Step) -> Marks {
        Marks {
            arrows: step.arrows.clone(),
            taken: step.taken,
            won: step.won,
        }
    }
}

/// The top-left corner of `sq` in user units.
fn corner(sq: Square, flip: bool) -> (u32, u32) {
    let (col, row) = if flip {
        (7 - sq.file(), sq.rank())
    } else {
        (sq.file(), 7 - sq.rank())
    };
    (
        LEFT + u32::from(col) * SQUARE,
        TOP + u32::from(row) * SQUARE,
    )
}

/// The centre of `sq` in user units.
fn centre(sq: Square, flip: bool) -> (f64, f64) {
    let (x, y) = corner(sq, flip);
    (
        f64::from(x) + f64::from(SQUARE) / 2.0,
        f64::from(y) + f64::from(SQUARE) / 2.0,
    )
}

/// The shapes used by [`overlay`]: men, Rendezvous frames, Marks, take ring, arrowheads.
pub fn defs() -> String {
    concat!(
        "<defs>",
        "<g id=\"rv\"><rect x=\"3\" y=\"3\" width=\"44\" height=\"44\" fill=\"#b9dfb0\" stroke=\"#1d5c2e\" stroke-width=\"5\"/></g>",
        "<g id=\"rw\"><rect x=\"3\" y=\"3\" width=\"44\" height=\"44\" fill=\"none\" stroke=\"#1d5c2e\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/></g>",
        "<g id=\"mw\"><polygon points=\"25,1 49,25 25,49 1,25\" fill=\"none\" stroke=\"#1d5c2e\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/></g>",
        "<g id=\"mk\"><polygon points=\"25,1 49,25 25,49 1,25\" fill=\"#f5f5f5\" stroke=\"#1d5c2e\" stroke-width=\"3\"/></g>",
        "<g id=\"b\"><circle cx=\"25\" cy=\"25\" r=\"15\" fill=\"#1c1c1c\" stroke=\"#000000\" stroke-width=\"2\"/>",
        "<text x=\"25\" y=\"30.5\" text-anchor=\"middle\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"15\" font-weight=\"bold\" fill=\"#ffffff\">B</text></g>",
        "<g id=\"y\"><circle cx=\"25\" cy=\"25\" r=\"15\" fill=\"#ffe066\" stroke=\"#1c1c1c\" stroke-width=\"2.5\"/>",
        "<text x=\"25\" y=\"30.5\" text-anchor=\"middle\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"15\" font-weight=\"bold\" fill=\"#1c1c1c\">Y</text></g>",
        "<g id=\"tk\"><circle cx=\"25\" cy=\"25\" r=\"21\" fill=\"none\" stroke=\"#a3004f\" stroke-width=\"2.5\" stroke-dasharray=\"4 3\"/></g>",
        "<marker id=\"ah\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#0b4fb3\"/></marker>",
        "<marker id=\"am\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#1d5c2e\"/></marker>",
        "<marker id=\"ax\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#b3261e\"/></marker>",
        "</defs>"
    )
    .to_string()
}

/// The board and its coordinates (file letters under it, rank numbers left of it).
pub fn background(flip: bool) -> String {
    let mut out = String::new();
    let side = 8 * SQUARE;
    let _ = write!(
        out,
        "<g id=\"board\"><rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{side}\" height=\"{side}\" fill=\"#f3ecdc\"/>"
    );
    for sq in crate::engine::Square::ALL {
        if (sq.file() + sq.rank()) % 2 == 0 {
            let (x, y) = corner(sq, flip);
            let _ = write!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"#cbbd9c\"/>"
            );
        }
    }
    let _ = write!(
        out,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{side}\" height=\"{side}\" fill=\"none\" stroke=\"#333333\" stroke-width=\"1.5\"/>"
    );
    let text = "font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"14\" fill=\"#333333\" text-anchor=\"middle\"";
    for i in 0..8u8 {
        let (file, rank) = if flip { (7 - i, i) } else { (i, 7 - i) };
        let x = LEFT + u32::from(i) * SQUARE + SQUARE / 2;
        let y = TOP + u32::from(i) * SQUARE + SQUARE / 2 + 5;
        let _ = write!(
            out,
            "<text x=\"{x}\" y=\"{}\" {text}>{}</text><text x=\"{}\" y=\"{y}\" {text}>{}</text>",
            TOP + 8 * SQUARE + 19,
            char::from(b'a' + file),
            LEFT / 2,
            rank + 1,
        );
    }
    out.push_str("</g>");
    out
}

/// What changes from position to position: the Rendezvous squares and the Mark (or,
/// dashed, the Rendezvous just won), the men, the take and the arrows.
pub fn overlay(pos: &Position, marks: &Marks, flip: bool) -> String {
    overlay_of(pos.rendezvous(), |sq| pos.man_at(sq), marks, flip)
}

/// [`overlay`] of a turn being built man by man (the browser board's turn before it
/// is sent): the men where the moves so far put them, the turn's Rendezvous.
pub fn overlay_turn(turn: &TurnInProgress, marks: &Marks, flip: bool) -> String {
    let (black, yellow) = (turn.men(Side::Black), turn.men(Side::Yellow));
    let man_at = |sq: Square| {
        if black.contains(sq) {
            Some(Side::Black)
        } else if yellow.contains(sq) {
            Some(Side::Yellow)
        } else {
            None
        }
    };
    overlay_of(Some(turn.rendezvous()), man_at, marks, flip)
}

/// The overlay drawn from a Rendezvous and the man on each square.
fn overlay_of(
    rendezvous: Option<&Rendezvous>,
    man_at: impl Fn(Square) -> Option<Side>,
    marks: &Marks,
    flip: bool,
) -> String {
    let mut out = String::new();
    let mut put = |id: &str, sq: Square| {
        let (x, y) = corner(sq, flip);
        let _ = write!(out, "<use xlink:href=\"#{id}\" x=\"{x}\" y=\"{y}\"/>");
    };
    if let Some(rv) = rendezvous {
        for sq in rv.squares().iter() {
            put("rv", sq);
        }
        put("mk", rv.mark());
    } else if let Some(rv) = &marks.won {
        for sq in rv.squares().iter() {
            put("rw", sq);
        }
        put("mw", rv.mark());
    }
    for sq in Square::ALL {
        match man_at(sq) {
            Some(Side::Black) => put("b", sq),
            Some(Side::Yellow) => put("y", sq),
            None => {}
        }
    }
    if let Some(sq) = marks.taken {
        put("tk", sq);
    }
    for a in &marks.arrows {
        let from_taken = a.path.first().is_some_and(|&sq| man_at(sq).is_some());
        out.push_str(&arrow(a, flip, from_taken));
    }
    out
}

/// What the browser board marks for the user to click: the square chosen (a man
/// picked up), the squares he may go to, the squares a click acts on otherwise (a take,
/// a Mark, a set-up square).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// The square chosen, ringed.
    pub selected: Option<Square>,
    /// The legal destinations of the man chosen (or the Marks, the takes), dotted.
    pub legal: SquareSet,
}

/// The browser board's click targets: one transparent square per board square, named
/// for a screen reader by `label(square)` and carrying its name in `data-sq`, with
/// the square chosen ringed and the legal destinations dotted (a shape, not a hue
/// alone). Drawn last, over [`overlay`], so that a click on a man reaches his square.
pub fn targets(targets: &Targets, flip: bool, label: impl Fn(Square) -> String) -> String {
    let mut out = String::from("<g id=\"targets\">");
    for sq in Square::ALL {
        let (x, y) = corner(sq, flip);
        if targets.selected == Some(sq) {
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"44\" height=\"44\" fill=\"none\" stroke=\"#0b4fb3\" stroke-width=\"4\"/>",
                x + 3,
                y + 3
            );
        }
        if targets.legal.contains(sq) {
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"7\" fill=\"#0b4fb3\" fill-opacity=\"0.75\" stroke=\"#ffffff\" stroke-width=\"2\"/>",
                x + SQUARE / 2,
                y + SQUARE / 2
            );
        }
        let legal = if targets.legal.contains(sq) {
            " legal"
        } else {
            ""
        };
        let _ = write!(
            out,
            "<rect class=\"sq{legal}\" data-sq=\"{sq}\" role=\"button\" tabindex=\"-1\" aria-label=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"#ffffff\" fill-opacity=\"0\"/>",
            escape(&label(sq))
        );
    }
    out.push_str("</g>");
    out
}

/// One arrow: a white halo, then the line with its head, the end drawn back so the
/// head's tip stops at the edge of the man on the last square; with `from_taken` (a
/// man stands on the first square now) the start too, so his letter stays readable.
fn arrow(a: &Arrow, flip: bool, from_taken: bool) -> String {
    let mut pts: Vec<(f64, f64)> = a.path.iter().map(|&sq| centre(sq, flip)).collect();
    let n = pts.len();
    if n < 2 {
        return String::new();
    }
    if from_taken {
        let (x0, y0) = pts[0];
        let (x1, y1) = pts[1];
        let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
        if len > 0.0 {
            let skip = 12.0_f64.min(len / 4.0);
            pts[0] = (x0 + (x1 - x0) / len * skip, y0 + (y1 - y0) / len * skip);
        }
    }
    let (x0, y0) = pts[n - 2];
    let (x1, y1) = pts[n - 1];
    let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
    if len > 0.0 {
        let back = 20.0_f64.min(len / 2.0);
        pts[n - 1] = (x1 - (x1 - x0) / len * back, y1 - (y1 - y0) / len * back);
    }
    let points = pts
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ");
    let (colour, head, dash) = if a.illegal {
        ("#b3261e", "ax", " stroke-dasharray=\"9 5\"")
    } else if a.mark {
        ("#1d5c2e", "am", " stroke-dasharray=\"12 4\"")
    } else {
        ("#0b4fb3", "ah", "")
    };
    format!(
        "<polyline points=\"{points}\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.7\" stroke-width=\"9\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\
         <polyline points=\"{points}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"5\" stroke-linejoin=\"round\"{dash} marker-end=\"url(#{head})\"/>"
    )
}

/// The caption lines for `pos`: who acts and with what allowance (or the winner), then
/// the Rendezvous and the men in it.
pub fn caption(pos: &Position) -> Vec<String> {
    let mut lines = Vec::new();
    let side = pos.to_act();
    lines.push(match pos.winner() {
        Some(w) => format!("Game over: {w} wins"),
        None => pos.due().describe(side, crate::engine::DueForm::Caption),
    });
    if pos.rules().plays_rounds() {
        let round = pos.round();
        lines.push(format!(
            "Score: Black {}, Yellow {}; {} set first this round",
            round.score.of(Side::Black),
            round.score.of(Side::Yellow),
            round.first
        ));
    }
    if let Some(rv) = pos.rendezvous() {
        let kind = if rv.is_open() { "open" } else { "close" };
        let line = rv
            .line()
            .map(|l| format!(", {} line", l.name()))
            .unwrap_or_default();
        lines.push(format!(
            "Mark {}: {}-square {kind} Rendezvous{line}",
            rv.mark(),
            rv.size()
        ));
    }
    if pos.rules() != crate::engine::Rules::R1893 {
        lines.push(format!("Rules: {}", pos.rules()));
    }
    let men = Side::BOTH
        .iter()
        .map(|&s| {
            let n = pos.count(s);
            match pos.rendezvous() {
                Some(_) => format!("{s} {n} men, {} in", u32::from(n) - pos.outside(s).count()),
                None => format!("{s} {n} men"),
            }
        })
        .collect::<Vec<_>>()
        .join(" · ");
    lines.push(men);
    lines
}

/// A whole diagram of `pos`: a standalone SVG 1.1 document.
pub fn diagram(pos: &Position, marks: &Marks, opts: &Options) -> String {
    let mut lines: Vec<String> = Vec::new();
    if opts.caption {
        lines.extend(opts.title.iter().cloned());
        lines.extend(caption(pos));
    }
    let extra = if lines.is_empty() {
        0
    } else {
        u32::try_from(lines.len()).unwrap_or(0) * LINE + 8
    };
    let height = BOARD_HEIGHT + extra;
    let px_height = u64::from(opts.width) * u64::from(height) / u64::from(WIDTH);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"{}\" height=\"{px_height}\" viewBox=\"0 0 {WIDTH} {height}\">",
        opts.width
    );
    let _ = writeln!(
        out,
        "<title>Lanrick: {}</title>\n<desc>{}</desc>",
        escape(&pos.to_string()),
        escape(&lines.join("; "))
    );
    let _ = writeln!(
        out,
        "<rect width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    out.push_str(&defs());
    out.push('\n');
    out.push_str(&background(opts.flip));
    out.push('\n');
    let _ = writeln!(
        out,
        "<g id=\"overlay\">{}</g>",
        overlay(pos, marks, opts.flip)
    );
    for (i, line) in lines.iter().enumerate() {
        let y = BOARD_HEIGHT + 4 + (u32::try_from(i).unwrap_or(0) + 1) * LINE - 5;
        let weight = if i == 0 && opts.title.is_some() {
            " font-weight=\"bold\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<text x=\"{LEFT}\" y=\"{y}\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"14\" fill=\"#1c1c1c\"{weight}>{}</text>",
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}
