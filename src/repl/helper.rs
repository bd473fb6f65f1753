//! Line editing help for the terminal: tab completion of `:` commands, event keywords,
//! the acting side's men and their legal targets, the take due (`x e6`), squares after
//! `:moves`, file names after `:load` and `:save`, and a greyed hint. The completion
//! itself is a plain function of the line and the position ([`complete`]); only file
//! names look at the disk ([`complete_path`]).

use super::commands::COMMANDS;
use crate::engine::{Action, Phase, Position};
use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::borrow::Cow;

/// The words an event or directive may start with at the prompt: the notation's
/// ([`crate::interp::complete::EVENT_KEYWORDS`]) and the prompt's own.
const PROMPT_KEYWORDS: &[&str] = &["quit", "exit"];

/// Where the word being completed starts, and the candidates that replace it.
pub fn complete(
    line: &str,
    pos: usize,
    position: &Position,
    game_over: bool,
) -> (usize, Vec<String>) {
    let pos = pos.min(line.len());
    let head = line.get(..pos).unwrap_or(line);
    // A file name after `:load` or `:save`: everything after the command, spaces too.
    if let Some(cmd_end) = head.find(char::is_whitespace)
        && is_command(&head[..cmd_end], &["load", "save"])
    {
        let rest = &head[cmd_end..];
        let start = cmd_end + (rest.len() - rest.trim_start().len());
        let word = &head[start..];
        return match word.strip_prefix('"') {
            Some(w) => (
                start,
                complete_path(w)
                    .into_iter()
                    .map(|c| format!("\"{c}"))
                    .collect(),
            ),
            None => (start, complete_path(word)),
        };
    }
    let (start, before, word) = crate::interp::complete::token(head);
    let seg_start = head.rfind(';').map_or(0, |i| i + 1);
    let mut out: Vec<String> = Vec::new();
    if seg_start == 0 && before.is_empty() && word.starts_with(':') {
        out.extend(COMMANDS.iter().map(|c| format!(":{}", c.name)));
    } else if before.first() == Some(&":help") && before.len() == 1 {
        out.extend(COMMANDS.iter().map(|c| c.name.to_string()));
    } else if before.len() == 1 && is_command(before[0], &["moves"]) {
        if !game_over && position.phase() != Phase::Mark {
            out.extend(
                position
                    .men(position.to_act())
                    .iter()
                    .map(|s| s.to_string()),
            );
        }
    } else if before.len() == 1 && is_command(before[0], &["die"]) {
        out.extend(["plain", "nb"].map(String::from));
    } else if before.first().is_some_and(|w| w.starts_with(':')) {
        // Other command arguments (numbers, position strings) are not completed.
    } else {
        return (
            start,
            crate::interp::complete::candidates(
                &before,
                word,
                position,
                game_over,
                PROMPT_KEYWORDS,
            ),
        );
    }
    out.retain(|c| c.starts_with(word));
    (start, out)
}

/// Whether `word` is one of these `:` commands (or a prefix naming only it).
fn is_command(word: &str, names: &[&str]) -> bool {
    word.strip_prefix(':')
        .map(|w| w.trim_end_matches('!'))
        .and_then(|w| super::commands::find(w).ok())
        .is_some_and(|c| names.contains(&c.name))
}

/// The file names that complete `word` (a path typed so far): entries of its directory
/// starting with its last part, directories with a `/` after them, hidden ones only
/// when the part starts with `.`; sorted.
pub fn complete_path(word: &str) -> Vec<String> {
    let (dir, part) = match word.rfind('/') {
        Some(i) => (&word[..=i], &word[i + 1..]),
        None => ("", word),
    };
    let read = if dir.is_empty() {
        std::fs::read_dir(".")
    } else {
        std::fs::read_dir(dir)
    };
    let Ok(entries) = read else {
        return Vec::new();
    };
    let mut out: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            if !name.starts_with(part) || (name.starts_with('.') && !part.starts_with('.')) {
                return None;
            }
            let slash = if e.path().is_dir() { "/" } else { "" };
            Some(format!("{dir}{name}{slash}"))
        })
        .collect();
    out.sort();
    out
}

/// The greyed hint: the rest of the only completion, when there is exactly one.
pub fn hint(line: &str, pos: usize, position: &Position, game_over: bool) -> Option<String> {
    if pos < line.len() || line.trim().is_empty() {
        return None;
    }
    let (start, candidates) = complete(line, pos, position, game_over);
    match candidates.as_slice() {
        [one] => {
            let typed = &line[start..pos];
            let rest = one.strip_prefix(typed)?;
            (!rest.is_empty()).then(|| rest.to_string())
        }
        _ => None,
    }
}

/// The rustyline helper: completion and hints from the session's current position.
pub struct LineHelper {
    /// The position the next line will be played in.
    pub position: Position,
    /// Whether the game is over (nothing to complete for a turn).
    pub game_over: bool,
    /// Whether the hint may be greyed with ANSI colour.
    pub color: bool,
}

impl LineHelper {
    /// A helper for `position`.
    pub fn new(position: Position, color: bool) -> LineHelper {
        LineHelper {
            position,
            game_over: false,
            color,
        }
    }
}

impl Completer for LineHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(complete(line, pos, &self.position, self.game_over))
    }
}

impl Hinter for LineHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        hint(line, pos, &self.position, self.game_over)
    }
}

impl Highlighter for LineHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color {
            Cow::Owned(format!("\x1b[90m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
}

impl Validator for LineHelper {}

impl Helper for LineHelper {}

/// Every mark the setter may write now, for documentation and tests.
pub fn mark_words(position: &Position) -> Vec<String> {
    position
        .mark_options()
        .into_iter()
        .map(|r| Action::from(&r).to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> Position {
        Position::parse(s).expect("valid position")
    }

    #[test]
    fn commands_complete() {
        let p = Position::start();
        let (start, c) = complete(":he", 3, &p, false);
        assert_eq!((start, c), (0, vec![":help".to_string()]));
        let (_, c) = complete(":help un", 8, &p, false);
        assert_eq!(c, vec!["undo".to_string()]);
    }

    #[test]
    fn keywords_and_marks() {
        let p = Position::start();
        let (_, c) = complete("ma", 2, &p, false);
        assert_eq!(c, vec!["mark".to_string()]);
        let (start, c) = complete("mark ", 5, &p, false);
        assert_eq!(start, 5);
        assert_eq!(
            c,
            vec!["c6", "d5", "e4", "f3"]
                .into_iter()
                .map(String::from)
                .collect::<Vec<_>>()
        );
        assert_eq!(mark_words(&p).len(), 4);
    }

    #[test]
    fn men_and_targets() {
        let p = at("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
        let (_, c) = complete("c6", 2, &p, false);
        assert_eq!(c, vec!["c6-".to_string()]);
        let (start, c) = complete("c6-d", 4, &p, false);
        assert_eq!(start, 0);
        assert_eq!(c, vec!["c6-d5".to_string()]);
        // After c6-d5, D on d7 may go into c6.
        let (start, c) = complete("c6-d5 d7-c", 10, &p, false);
        assert_eq!(start, 6);
        assert!(c.contains(&"d7-c6".to_string()), "{c:?}");
        assert_eq!(hint("c6-d", 4, &p, false), Some("5".to_string()));
        assert_eq!(hint(":boa", 4, &p, false), Some("rd".to_string()));
    }

    #[test]
    fn takes_squares_after_moves_and_file_names() {
        // Yellow's five men are all in before moving: the turn is a take.
        let p = at("8/8/2YYY3/2YBY3/2B1B3/8/8/B6B B mark");
        let p = Position::parse(&p.to_string()).expect("valid");
        let mut g = crate::engine::Game::new(p);
        g.play(&crate::engine::Action::Mark {
            square: "d5".parse().expect("square"),
            towards: None,
        })
        .expect("d5 is a legal Mark");
        let p = *g.position();
        let (start, c) = complete("", 0, &p, false);
        assert_eq!(start, 0);
        assert!(
            c.contains(&"x a1".to_string()) && c.contains(&"x h1".to_string()),
            "{c:?}"
        );
        let (_, c) = complete("x ", 2, &p, false);
        assert_eq!(c, vec!["a1".to_string(), "h1".to_string()]);
        // Squares after `:moves`: the acting side's men.
        let q = at("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
        let (start, c) = complete(":moves c", 8, &q, false);
        assert_eq!(start, 7);
        assert_eq!(c, vec!["c6".to_string(), "c7".to_string()]);
        // File names after `:load` and `:save`.
        let dir = tempfile::tempdir().expect("temporary directory");
        std::fs::write(dir.path().join("game one.lanrick"), "").expect("written");
        std::fs::create_dir(dir.path().join("games")).expect("made");
        let typed = format!(":load {}/ga", dir.path().display());
        let (start, c) = complete(&typed, typed.len(), &q, false);
        assert_eq!(start, 6);
        let base = dir.path().display().to_string();
        assert_eq!(
            c,
            vec![format!("{base}/game one.lanrick"), format!("{base}/games/")]
        );
        let typed = format!(":save! {}/games", dir.path().display());
        let (_, c) = complete(&typed, typed.len(), &q, false);
        assert_eq!(c, vec![format!("{base}/games/")]);
    }

    #[test]
    fn nothing_after_game_over() {
        let p = Position::start();
        let (_, c) = complete("d1", 2, &p, true);
        assert!(c.is_empty());
    }
}
