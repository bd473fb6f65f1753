//! The session as a record: each accepted game action in canonical notation, and the
//! whole session as a game file.
//!
//! The canonical text of an action is rebuilt from what the engine did, not from what
//! was typed, so `a7-b6,e8-e7` and `mark d5 d4` are written `a7-b6 e8-e7` and
//! `mark d5 d6`.

use crate::engine::{
    DrawReason, GameResult, OutcomeAction, Phase, Played, Position, Rules, Side, Square, TurnEnd,
    WinReason,
};
use std::fmt::Write;

/// The canonical notation of the action that took `before` to `after`, as reported by
/// `played`.
pub fn canonical_action(before: &Position, played: &Played, after: &Position) -> String {
    if let Some(turn) = &played.turn {
        let mut parts: Vec<String> = turn.moves.iter().map(|m| m.to_string()).collect();
        match turn.end {
            TurnEnd::Played => {}
            TurnEnd::Replaced(sq) | TurnEnd::Removed(sq) => parts.push(format!("x {sq}")),
        }
        if !turn.wanderers.is_empty() {
            parts.push("wanderers".into());
            parts.extend(turn.wanderers.iter().map(|(a, b)| format!("{a}-{b}")));
        }
        return parts.join(" ");
    }
    match played.result {
        Some(GameResult::Won {
            reason: WinReason::Resignation,
            ..
        }) => return "resign".into(),
        Some(GameResult::Drawn(DrawReason::Agreed)) => return "draw".into(),
        _ => {}
    }
    if before.phase() == Phase::Set {
        let list = |side| {
            after
                .men(side)
                .iter()
                .map(|s: Square| s.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        return format!("set B {} Y {}", list(Side::Black), list(Side::Yellow));
    }
    if before.phase() == Phase::Mark
        && let Some(r) = after.rendezvous()
    {
        return OutcomeAction::Mark(*r).to_string();
    }
    if let (Some(a), Some(b)) = (before.rendezvous(), after.rendezvous())
        && a.mark() != b.mark()
    {
        return format!("mark {}-{}", a.mark(), b.mark());
    }
    if before.men(Side::Black) != after.men(Side::Black) {
        // An interchange: the setter's men afterwards are the squares he chose, when
        // he had a choice to make (Rule 5).
        if before.interchange_choice_needed().is_some() {
            let setter = !before.to_act();
            let chosen: Vec<String> = after
                .men(setter)
                .iter()
                .map(|s: Square| s.to_string())
                .collect();
            return format!("interchange {}", chosen.join(" "));
        }
        return "interchange".into();
    }
    "pass".into()
}

/// One recorded game action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The side that acted.
    pub side: Side,
    /// The action in canonical notation.
    pub text: String,
    /// Whether the side must be written before it (the first Mark of a game started
    /// from the Rule 2 start, set by Yellow: D-3).
    pub needs_side: bool,
}

/// What goes at the top of a saved game.
#[derive(Clone, Debug, Default)]
pub struct Header {
    /// The `Event` tag.
    pub event: String,
    /// The `Date` tag (`YYYY.MM.DD`), if known.
    pub date: Option<String>,
    /// The `Rules` tag, when the game is not played by the default rules.
    pub rules: Rules,
    /// The `Position` tag, when the game did not start at the Rule 2 start.
    pub position: Option<Position>,
    /// The `Result` tag (`B`, `Y` or `draw`, as `selfplay` writes it), once the game
    /// is over.
    pub result: Option<GameResult>,
}

/// A game file: tags, a blank line, then one event per line.
pub fn game_file(header: &Header, events: &[Recorded]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "[Event {}]", crate::fmt::quote(&header.event));
    if let Some(d) = &header.date {
        let _ = writeln!(out, "[Date {}]", crate::fmt::quote(d));
    }
    if header.rules != Rules::default() {
        let _ = writeln!(out, "[Rules \"{}\"]", header.rules);
    }
    if let Some(p) = &header.position {
        let _ = writeln!(out, "[Position \"{p}\"]");
    }
    if let Some(r) = header.result {
        let _ = writeln!(out, "[Result \"{}\"]", crate::fmt::result_tag(r));
    }
    out.push('\n');
    for e in events {
        if e.needs_side {
            let _ = write!(out, "{}: ", e.side.letter());
        }
        let _ = writeln!(out, "{}", e.text);
    }
    out
}

/// Today's date (UTC) as `YYYY.MM.DD`, if the clock is after 1970.
pub fn today() -> Option<String> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs();
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    Some(format!("{y:04}.{m:02}.{d:02}"))
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }

    #[test]
    fn file_layout() {
        let header = Header {
            event: "a \"test\"".into(),
            rules: Rules::default(),
            date: Some("2024.01.01".into()),
            position: None,
            result: Some(GameResult::Drawn(DrawReason::Agreed)),
        };
        let events = vec![
            Recorded {
                side: Side::Yellow,
                text: "mark d5".into(),
                needs_side: true,
            },
            Recorded {
                side: Side::Black,
                text: "pass".into(),
                needs_side: false,
            },
        ];
        assert_eq!(
            game_file(&header, &events),
            "[Event \"a \\\"test\\\"\"]\n[Date \"2024.01.01\"]\n[Result \"draw\"]\n\nY: mark d5\npass\n"
        );
    }

    #[test]
    fn canonical_turn_and_mark() {
        let mut game = crate::engine::Game::new(
            Position::parse("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play").expect("valid position"),
        );
        let before = *game.position();
        let played = game
            .play(&crate::engine::Action::Turn {
                moves: vec![
                    ("c6".parse().expect("square"), "d5".parse().expect("square")),
                    ("d7".parse().expect("square"), "c6".parse().expect("square")),
                    ("e7".parse().expect("square"), "d7".parse().expect("square")),
                ],
                take: None,
                wanderers: vec![],
            })
            .expect("Carroll's first hint is legal");
        assert_eq!(
            canonical_action(&before, &played, game.position()),
            "c6-d5 d7-c6 e7-d7 x e6"
        );
        let mut game = crate::engine::Game::default();
        let before = *game.position();
        let played = game
            .play(&crate::engine::Action::Mark {
                square: "d5".parse().expect("square"),
                towards: None,
            })
            .expect("d5 is a first Mark square");
        assert_eq!(
            canonical_action(&before, &played, game.position()),
            "mark d5"
        );
    }
}
