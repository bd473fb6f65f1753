//! Completion of an event token by token, from the text typed so far and the position
//! it will be played in: the acting side's men and each one's legal targets within the
//! allowance left, the take due (`x e6`), Marks, the bonus' moves, assertion words and
//! the keywords an event starts with. A plain function of text and position (no
//! terminal, no file): the REPL's tab completion and the language server's completion
//! both call it.

use crate::engine::{Phase, Position, Square, TurnInProgress};

/// The words an event or directive may start with.
pub const EVENT_KEYWORDS: &[&str] = &[
    "set",
    "mark",
    "wanderers",
    "radiate",
    "turned",
    "interchange",
    "pass",
    "resign",
    "draw",
    "assert",
];

/// The words that may follow `assert`.
pub const ASSERTIONS: &[&str] = &["position", "to-move", "men", "winner", "illegal"];

/// The token being typed at the end of `head` (the text of a line up to the cursor):
/// where it starts in `head`, the words of the current event before it (after the last
/// `;`), and the token itself.
pub fn token(head: &str) -> (usize, Vec<&str>, &str) {
    let start = head
        .rfind(|c: char| c.is_whitespace() || c == ';' || c == ',')
        .map_or(0, |i| i + 1);
    let seg_start = head.rfind(';').map_or(0, |i| i + 1);
    let before: Vec<&str> = head
        .get(seg_start..start)
        .unwrap_or("")
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    (start, before, head.get(start..).unwrap_or(""))
}

/// The candidates that replace the token being typed, given the words before it in the
/// current event (see [`token`]) and the position the event is played in; `extra` are
/// keywords offered beside the event's (the REPL's `quit`, `exit`). Only candidates
/// starting with the token are kept.
pub fn candidates(
    before: &[&str],
    word: &str,
    position: &Position,
    game_over: bool,
    extra: &[&str],
) -> Vec<String> {
    let keywords = || EVENT_KEYWORDS.iter().chain(extra).map(|s| s.to_string());
    let mut out: Vec<String> = Vec::new();
    if let (Phase::Bonus(n), false) = (position.phase(), game_over) {
        // The 1879 bonus: the winner's men and the border squares each may reach.
        if let Some((from, _)) = word.split_once('-') {
            if let Ok(from) = from.parse::<Square>()
                && position.men(position.to_act()).contains(from)
            {
                out.extend(
                    crate::engine::bonus_targets(position, from, n)
                        .iter()
                        .map(|(to, _)| format!("{from}-{to}")),
                );
            }
        } else {
            out.extend(
                position
                    .men(position.to_act())
                    .iter()
                    .map(|s| format!("{s}-")),
            );
            if before.is_empty() {
                out.push("pass".to_string());
            }
        }
    } else if before.first() == Some(&"assert") && before.len() == 1 {
        out.extend(ASSERTIONS.iter().map(|s| s.to_string()));
    } else if before.first() == Some(&"mark") && before.len() == 1 {
        if position.phase() == Phase::Mark && !game_over {
            let mut squares: Vec<String> = position
                .mark_options()
                .into_iter()
                .map(|r| r.mark().to_string())
                .collect();
            squares.sort();
            squares.dedup();
            out.extend(squares);
        }
    } else if !game_over && position.phase() != Phase::Mark {
        if let Some(turn) = turn_after(position, before) {
            if let Some((from, _)) = word.split_once('-') {
                if let Ok(from) = from.parse::<Square>() {
                    out.extend(turn.legal_moves_from(from).iter().map(|m| m.to_string()));
                }
            } else {
                let mut froms: Vec<String> = turn
                    .legal_moves()
                    .iter()
                    .map(|m| format!("{}-", m.from))
                    .collect();
                froms.dedup();
                out.extend(froms);
                if let Some(choices) = turn.take_choices() {
                    if before.last() == Some(&"x") {
                        out = choices.iter().map(|s| s.to_string()).collect();
                    } else {
                        // The whole take, `x e6`, replaces the word being typed.
                        out.extend(choices.iter().map(|s| format!("x {s}")));
                    }
                }
            }
        }
        if before.is_empty() {
            out.extend(keywords());
        }
    } else if before.is_empty() {
        out.extend(keywords());
    }
    out.retain(|c| c.starts_with(word));
    out
}

/// The turn in progress after the man's moves already written in the event; `None` when
/// they cannot be played (the completion then offers nothing for the turn).
pub fn turn_after(position: &Position, before: &[&str]) -> Option<TurnInProgress> {
    let mut turn = position.begin_turn().ok()?;
    for w in before {
        if *w == "x" {
            continue;
        }
        let (from, to) = w.split_once('-')?;
        let from: Square = from.parse().ok()?;
        let to: Square = to.parse().ok()?;
        turn.play_move(from, to).ok()?;
    }
    Some(turn)
}
