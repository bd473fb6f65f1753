//! The REPL's files: `:load` of a game from a file (its number or `Event`) and `:save`
//! of the game played, which puts a loaded game back in its place in its collection.

use super::session::*;
use super::text;
use crate::engine::Progress;
use crate::interp;
use crate::session::{Origin, goal_event};
use crate::syntax::ast::{self, GoalTarget, Span};
use std::fmt::Write;
use std::path::Path;

impl Session {
    /// Loads a game of a game file, keeping its main line for undo: the only game, or
    /// the one `which` names (its number from 1, or its `Event`). Problems in the game
    /// are reported; it is loaded up to the first one.
    pub fn load(&mut self, path: &Path, which: Option<&str>) -> Output {
        let name = path.display().to_string();
        let src = match crate::term::read_source(path) {
            Err(msg) => return Output::fail(format!("error: {msg}")),
            Ok(Err((src, p))) => {
                return Output::fail(self.render_named(&p, &name, &src));
            }
            Ok(Ok(src)) => src,
        };
        let file = match crate::syntax::parse_file(&src) {
            Ok(f) => f,
            Err(e) => {
                let p = interp::syntax_problem(&e);
                return Output::fail(self.render_named(&p, &name, &src));
            }
        };
        let count = file.games.len();
        let index = match pick_game(&file, which) {
            Ok(i) => i,
            Err(msg) => {
                return Output::fail(text::wrap(&format!("error: {name}: {msg}"), self.width));
            }
        };
        let Some(game) = file.games.get(index) else {
            return Output::fail(format!("error: {name} holds no game"));
        };
        let mut out = Output::default();
        let run = interp::run_game(game, index + 1, interp::Options::default());
        // An unmet goal is what the user is about to play, not a fault of the file.
        for p in run
            .problems
            .iter()
            .filter(|p| p.code != crate::interp::Code::GoalUnmet.as_str())
        {
            out.failed = true;
            out.error.push_str(&self.render_named(p, &name, &src));
        }
        let origin = Origin {
            path: std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
            index,
            count,
            text: src.clone(),
            span: game.span,
        };
        // A `Rules` or `Position` tag that cannot be read: already reported above.
        let Some(loaded) = self.core.load(game, Some(origin)) else {
            return out;
        };
        let which = if count > 1 {
            format!(" (game {} of {count})", index + 1)
        } else {
            String::new()
        };
        out.push(&format!(
            "loaded {name}{which}: {} on its main line",
            actions(loaded.actions)
        ));
        let left_out = loaded.left_out;
        if left_out > 0 {
            out.warn(&format!(
                "warning: the {left_out} item{} from the first problem on {} not loaded; \
                 `:save` would leave {} out",
                if left_out == 1 { "" } else { "s" },
                if left_out == 1 { "is" } else { "are" },
                if left_out == 1 { "it" } else { "them" },
            ));
        }
        if let Some(a) = &loaded.aside {
            out.push(&aside_note(a));
        }
        if let Some(g) = &self.core.record().goal {
            out.push(&format!(
                "Goal: {} wins {} in {}",
                g.side.node.letter(),
                match g.target.node {
                    GoalTarget::Rendezvous => "rendezvous",
                    GoalTarget::Game => "game",
                },
                g.turns.node
            ));
            // Where the main line leaves the goal, as `check` judges it.
            if let Some(now) = self.core.goal_status()
                && let Some(event) = goal_event(&Progress::new(now.goal()), &now)
            {
                out.push(&render(&event, self.position().rules()));
            }
        }
        if self.auto_board {
            out.push(&self.board());
        }
        out
    }

    /// The board after a command that changed the game (`:new`, `:undo`, ...), unless
    /// boards are off (`:auto`, `--quiet`).
    pub(super) fn board_if_auto(&self) -> String {
        if self.auto_board {
            self.board()
        } else {
            String::new()
        }
    }

    /// The game so far as a syntax tree: its header (with a `Date` tag for a game begun
    /// at the prompt and a `Result` tag once it is over) and its body.
    pub fn game_tree(&self) -> ast::Game {
        self.core.tree()
    }

    /// The session as a canonical game file.
    pub fn game_file(&self) -> String {
        crate::fmt::format_file(&ast::File {
            games: vec![self.game_tree()],
            trailing: Vec::new(),
        })
    }

    /// The game's body so far in the notation, for `:game`.
    pub fn game_text(&self) -> String {
        let tree = self.game_tree();
        crate::fmt::format_items(&tree.body)
    }

    /// Writes the session to `path`: a regular file atomically, and an existing one
    /// with other content only when `force` is set; a FIFO or a device (`/dev/null`,
    /// `/dev/stdout`) in place, the game then still counting as unsaved. Saving a loaded
    /// game over the file it came from replaces that game alone, every other byte of the
    /// file kept, and is refused when the file changed since it was loaded.
    pub fn save(&mut self, path: &Path, force: bool) -> Output {
        let shown = crate::term::shown_path(path);
        let target = match crate::term::write_target(path) {
            Ok(t) => t,
            Err(msg) => return Output::fail(format!("error: {msg}")),
        };
        let mut text = self.game_file();
        // Back in its own collection: the file with this game put in its place.
        let mut back = None;
        if target.replaces_a_file()
            && let Some(o) = &self.core.record().origin
            && crate::term::same_file(path, &o.path)
        {
            let now = match std::fs::read(path) {
                Ok(bytes) => bytes,
                Err(e) => return Output::fail(format!("error: cannot read {shown}: {e}")),
            };
            if now != o.text.as_bytes() {
                return Output::fail(text::wrap(
                    &format!(
                        "error: {shown} changed since game {} was loaded from it, so where \
                         the game goes is not known: `:save` to another file, or `:load` \
                         it again",
                        o.index + 1
                    ),
                    self.width,
                ));
            }
            let game =
                crate::fmt::LineEnd::of(&o.text).apply(text.trim_end_matches('\n').to_string());
            let (before, after) = (&o.text[..o.span.start], &o.text[o.span.end..]);
            back = Some((
                Span::new(o.span.start, o.span.start + game.len()),
                o.count,
                o.index,
            ));
            text = format!("{before}{game}{after}");
        }
        if target.replaces_a_file() && !force {
            let same = std::fs::read(path).is_ok_and(|existing| existing == text.as_bytes());
            if !same {
                let what = match back {
                    Some((_, count, index)) if count > 1 => {
                        format!(
                            "; `:save! {shown}` replaces game {} of its {count}",
                            index + 1
                        )
                    }
                    _ => format!("; `:save! {shown}` replaces it"),
                };
                return Output::fail(format!("error: {shown} already exists{what}"));
            }
        }
        match crate::term::write_atomically(path, &text) {
            Ok(()) => {
                let which = match back {
                    Some((span, count, index)) => {
                        if let Some(o) = &mut self.core.record_mut().origin {
                            o.text = text;
                            o.span = span;
                        }
                        if count > 1 {
                            format!(" (game {} of {count}; the others kept)", index + 1)
                        } else {
                            String::new()
                        }
                    }
                    None => String::new(),
                };
                if !matches!(
                    target,
                    crate::term::WriteTarget::File(_) | crate::term::WriteTarget::New(_)
                ) {
                    return Output::text(format!(
                        "wrote {} to {shown} (not a file: the game still counts as unsaved)",
                        actions(self.core.record().steps.len())
                    ));
                }
                self.core.mark_saved();
                Output::text(format!(
                    "saved {} to {shown}{which}",
                    actions(self.core.record().steps.len())
                ))
            }
            Err(msg) => Output::fail(format!("error: {}", user_path_only(&msg, path))),
        }
    }
}

/// Which game of a file to load: the only one, or the one `which` names by number
/// (from 1) or by `Event` (exactly, else ignoring case). Several games and no choice is
/// an error listing them, so that a collection is never silently cut to one game.
fn pick_game(file: &ast::File, which: Option<&str>) -> Result<usize, String> {
    let n = file.games.len();
    let list = || {
        let mut s = String::new();
        for (i, g) in file.games.iter().enumerate() {
            let event = g
                .tag("Event")
                .map_or("(no Event tag)", |t| t.value.node.as_str());
            let _ = write!(s, "\n  {}  {event}", i + 1);
        }
        s
    };
    let which = which.map(str::trim).filter(|w| !w.is_empty());
    match which {
        None if n == 0 => Err("it holds no game".into()),
        None if n == 1 => Ok(0),
        None => Err(format!(
            "it holds {n} games; say which: `:load FILE N` or `:load FILE \"Event\"`:{}",
            list()
        )),
        Some(w) => {
            let unquoted = w
                .strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .unwrap_or(w);
            if let Ok(k) = w.parse::<usize>() {
                return if (1..=n).contains(&k) {
                    Ok(k - 1)
                } else {
                    Err(format!("there is no game {k}; it holds {n}:{}", list()))
                };
            }
            let event = |g: &ast::Game| g.tag("Event").map(|t| t.value.node.clone());
            file.games
                .iter()
                .position(|g| event(g).as_deref() == Some(unquoted))
                .or_else(|| {
                    file.games
                        .iter()
                        .position(|g| event(g).is_some_and(|e| e.eq_ignore_ascii_case(unquoted)))
                })
                .ok_or_else(|| format!("no game has the Event \"{unquoted}\":{}", list()))
        }
    }
}

/// A write error's message with any temporary file's path taken out: the user is told
/// about the path they gave, never about the file written beside it.
fn user_path_only(msg: &str, path: &Path) -> String {
    let mut msg = msg.to_string();
    // tempfile adds ` at path "…/.lanrick-….tmp"` to its errors.
    if let Some(i) = msg.find(" at path ") {
        msg.truncate(i);
    }
    if msg.contains(".lanrick-") {
        return format!("cannot write {}", crate::term::shown_path(path));
    }
    msg
}
