//! A game as the page shows it: one JSON value holding the board (the SVG renderer's
//! pieces with the click targets over them), what is due, the turn being built and
//! the allowance left, the move list, the announcements, the last diagnostic and hint,
//! and what the buttons may do. Every text is written here or in `src/render/`; the
//! page's script only puts the strings in place.

use super::game::{Busy, Game, is_bonus};
use crate::engine::{Due, DueForm, Side, Square};
use crate::render::svg::{self, Marks, Targets};
use crate::render::tree::Arrow;
use serde_json::{Value, json};

/// The view of `game` (its id `id`), announcements after `since` only.
pub fn view(id: &str, game: &Game, since: u64) -> Value {
    let session = &game.session;
    let pos = session.position();
    let result = session.runner().game().result();
    let side = pos.to_act();
    let due = pos.due();
    let turn = game.turn();
    let status = match result {
        Some(r) => format!("Game over: {r}."),
        None => due.describe(side, DueForm::Caption),
    };
    let record = session.record();
    let moves: Vec<Value> = record
        .steps
        .iter()
        .map(|s| {
            json!({
                "side": s.played.side.letter().to_string(),
                "text": s.written(),
                "variations": s.variations().iter().map(|v| crate::fmt::format_items(&v.body).lines().map(str::trim).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>(),
            })
        })
        .collect();
    let log: Vec<Value> = game
        .log
        .iter()
        .filter(|(n, _)| *n >= since)
        .map(|(n, t)| json!({ "n": n, "text": t }))
        .collect();
    let built = game.built_line();
    let building = match due {
        Due::SetUp { .. } => !game.setup.is_empty(),
        _ => !game.words.is_empty(),
    };
    let interchange = matches!(
        due,
        Due::Turn {
            interchange: true,
            ..
        }
    ) && game.words.is_empty();
    let lanrick = session
        .lanrick()
        .map(|(s, l)| json!({ "side": s.letter().to_string(), "level": l }));
    json!({
        "id": id,
        "version": game.version,
        "rules": pos.rules().to_string(),
        "position": pos.to_string(),
        "board": board(game),
        "status": status,
        "caption": svg::caption(pos),
        "over": result.is_some(),
        "flip": game.flip,
        "side": side.letter().to_string(),
        "turn": turn.as_ref().map(|t| json!({
            "allowance": t.allowance(),
            "left": t.remaining(),
            "take": t.take_choices().is_some(),
        })),
        "built": if building { Value::from(built) } else { Value::Null },
        "built_kind": game.built_kind(),
        "prompt": game.prompt(),
        "selected": game.selected.map(|s| s.to_string()),
        "moves": moves,
        "log": log,
        "next_log": game.next_log,
        "diagnostic": game.diagnostic,
        "hint": game.hint,
        "proof": game.proof,
        "editing": game.edit_board(),
        "busy": match game.busy {
            Some(Busy::Thinking) => "thinking",
            Some(Busy::Hinting) => "hinting",
            Some(Busy::Proving) => "proving",
            None => "",
        },
        "lanrick": lanrick,
        "puzzle": game.puzzle.as_ref().map(|(name, solution)| json!({
            "name": name,
            "goal": record.header.iter().find_map(|h| match h {
                crate::syntax::ast::HeaderItem::Tag(t) if t.name.node == "Goal" => Some(t.value.node.clone()),
                _ => None,
            }),
            "solution": solution,
        })),
        "can": {
            "send": building && game.busy.is_none(),
            "cancel": building || game.selected.is_some(),
            "undo": !record.steps.is_empty(),
            "redo": !record.undone.is_empty(),
            "interchange": interchange && result.is_none(),
            "turned": game.can_turn_mark(),
            "pass": result.is_none() && (is_bonus(pos.phase()) || matches!(due, Due::Turn { .. })) && !building,
            "throw": session.die_due(),
        },
    })
}

/// The board: the renderer's defs, background and overlay (the turn built so far with
/// its moves as arrows, or the position), and the click targets.
fn board(game: &Game) -> String {
    let flip = game.flip;
    let pos = game.session.position();
    let editing = game
        .editor
        .and_then(|(b, y)| crate::engine::Position::with_men(b, y, Side::Black).ok());
    let overlay = match game
        .turn()
        .filter(|t| !t.moves().is_empty() || t.taken().is_some())
    {
        _ if editing.is_some() => editing
            .as_ref()
            .map_or(String::new(), |p| svg::overlay(p, &Marks::default(), flip)),
        Some(t) => {
            let (wanderers, taken) = game.built_extras();
            let marks = Marks {
                arrows: t
                    .moves()
                    .iter()
                    .map(|m| (m.from, m.to))
                    .chain(wanderers)
                    .map(|(from, to)| Arrow::straight(from, to, false))
                    .collect(),
                taken,
                ..Marks::default()
            };
            svg::overlay_turn(&t, &marks, flip)
        }
        None => match game.bonus_built() {
            Some((after, moves)) => {
                let marks = Marks {
                    arrows: moves
                        .iter()
                        .map(|&(from, to)| Arrow::straight(from, to, false))
                        .collect(),
                    ..Marks::default()
                };
                svg::overlay(&after, &marks, flip)
            }
            None => {
                let marks = match game.mark_preview() {
                    Some(preview) => Marks {
                        won: Some(preview),
                        ..Marks::default()
                    },
                    None => last_action(game),
                };
                svg::overlay(pos, &marks, flip)
            }
        },
    };
    let setup: Vec<(Square, Side)> = game.setup.clone();
    let targets = Targets {
        selected: game.selected,
        legal: game.legal(),
    };
    let label = |sq: Square| {
        let man = setup
            .iter()
            .find(|(s, _)| *s == sq)
            .map(|(_, side)| format!(", {side} to be set"))
            .or_else(|| pos.man_at(sq).map(|s| format!(", {s} man")))
            .unwrap_or_default();
        let mark = if pos.rendezvous().is_some_and(|r| r.mark() == sq) {
            ", the Mark"
        } else if pos.rendezvous().is_some_and(|r| r.squares().contains(sq)) {
            ", in the Rendezvous"
        } else {
            ""
        };
        let legal = if targets.legal.contains(sq) {
            ", legal"
        } else {
            ""
        };
        format!("{sq}{man}{mark}{legal}")
    };
    let height = svg::BOARD_HEIGHT;
    let width = svg::WIDTH;
    let set = set_marks(game, flip);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 {width} {height}\" role=\"group\" aria-label=\"Board: {}\">{}{}<g id=\"overlay\">{overlay}{set}</g>{}</svg>",
        crate::render::escape(&pos.to_string()),
        svg::defs(),
        svg::background(flip),
        svg::targets(&targets, flip, label),
    )
}

/// The last action's marks, as the replay page draws them: its men's paths, the man
/// taken, the Rendezvous won, a Mark moved.
fn last_action(game: &Game) -> Marks {
    let record = game.session.record();
    let Some((last, earlier)) = record.steps.split_last() else {
        return Marks::default();
    };
    let before = earlier.last().map_or(&record.start, |s| &s.runner);
    crate::render::tree::action_marks(before.position(), &last.played, last.runner.position())
}

/// The men of a set-up being built, drawn with the renderer's men.
fn set_marks(game: &Game, flip: bool) -> String {
    if game.setup.is_empty() {
        return String::new();
    }
    let mut black = crate::engine::SquareSet::default();
    let mut yellow = crate::engine::SquareSet::default();
    for (sq, side) in &game.setup {
        match side {
            Side::Black => black.insert(*sq),
            Side::Yellow => yellow.insert(*sq),
        }
    }
    match crate::engine::Position::with_men(black, yellow, Side::Black) {
        Ok(p) => svg::overlay(&p, &Marks::default(), flip),
        Err(_) => String::new(),
    }
}
