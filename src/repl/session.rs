//! The REPL's state and its answer to each line, with no terminal: a [`Session`] takes
//! a line and returns an [`Output`] to print. Tests drive it directly.

use super::commands;
use super::record::{self, Header, Recorded};
use crate::cli::{board, report};
use crate::engine::{Phase, Played, Position, Rules, TurnEnd};
use crate::interp::{self, Effect, Problem, Runner};
use crate::syntax::ast::Item;
use std::fmt::Write;
use std::path::Path;

/// What a line produced: text for standard output, diagnostics for standard error,
/// whether the line failed, and whether the session should end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// Text for standard output (ends with a newline when not empty).
    pub text: String,
    /// Diagnostics and warnings for standard error.
    pub error: String,
    /// Whether the line was rejected (an illegal event, a bad command).
    pub failed: bool,
    /// Whether the user asked to leave.
    pub quit: bool,
}

impl Output {
    /// Output with this text.
    pub fn text(text: impl Into<String>) -> Output {
        let mut text = text.into();
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        Output {
            text,
            ..Output::default()
        }
    }

    /// A failure with this message (on standard error).
    pub fn fail(message: impl Into<String>) -> Output {
        let mut error = message.into();
        if !error.ends_with('\n') {
            error.push('\n');
        }
        Output {
            error,
            failed: true,
            ..Output::default()
        }
    }

    /// Appends text (and a newline if missing).
    pub fn push(&mut self, text: &str) {
        self.text.push_str(text);
        if !text.is_empty() && !text.ends_with('\n') {
            self.text.push('\n');
        }
    }
}

/// One accepted game action: the state it left and its record.
#[derive(Clone, Debug)]
pub(super) struct Step {
    pub(super) runner: Runner,
    pub(super) record: Recorded,
}

/// A game put aside by `:new`, `:setup` or `:load`, which `:undo` can bring back.
#[derive(Clone, Debug)]
struct Earlier {
    start: Runner,
    start_position: Option<Position>,
    event_name: String,
    steps: Vec<Step>,
    undone: Vec<Step>,
    dirty: bool,
    /// The command that put it aside, for the message that brings it back.
    by: &'static str,
}

/// An interactive session: a game from some start, the actions played (for undo), the
/// actions undone (for redo), the games put aside by `:new`, `:setup` and `:load`, and
/// the display settings.
#[derive(Clone, Debug)]
pub struct Session {
    /// The state at the start of the game.
    pub(super) start: Runner,
    /// The start position when it is not the Rule 2 start (written as a `Position` tag).
    pub(super) start_position: Option<Position>,
    /// The name written in the `Event` tag on `:save`.
    pub(super) event_name: String,
    /// The actions played, oldest first.
    pub(super) steps: Vec<Step>,
    /// The actions undone, the most recently undone last.
    pub(super) undone: Vec<Step>,
    /// Whether the board is shown after every accepted event.
    pub(super) auto_board: bool,
    /// Whether output may use ANSI colour.
    pub(super) color: bool,
    /// Whether there are actions not yet saved.
    pub(super) dirty: bool,
    /// Games put aside by `:new`, `:setup` and `:load`, the latest last.
    earlier: Vec<Earlier>,
    /// The rules of new games (`lanrick repl --rules`, `:new 1880`).
    pub(super) rules: Rules,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(false)
    }
}

/// The name diagnostics give to a typed line.
const INPUT_NAME: &str = "input";

impl Session {
    /// A session at the Rule 2 start; `color` allows ANSI colour in its output.
    pub fn new(color: bool) -> Session {
        Session::with_rules(color, Rules::default())
    }

    /// A session at the start of a game played by `rules`.
    pub fn with_rules(color: bool, rules: Rules) -> Session {
        Session {
            rules,
            start: Runner::for_rules(rules),
            start_position: None,
            event_name: "REPL session".into(),
            steps: Vec::new(),
            undone: Vec::new(),
            auto_board: true,
            color,
            dirty: false,
            earlier: Vec::new(),
        }
    }

    /// The game as it stands.
    pub fn runner(&self) -> &Runner {
        self.steps.last().map_or(&self.start, |s| &s.runner)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.runner().position()
    }

    /// The actions played so far, in canonical notation.
    pub fn history(&self) -> impl Iterator<Item = &str> {
        self.steps.iter().map(|s| s.record.text.as_str())
    }

    /// Whether actions were played since the last `:save` (or `:load`, `:new`).
    pub fn has_unsaved(&self) -> bool {
        self.dirty
    }

    /// Whether colour is allowed.
    pub fn color(&self) -> bool {
        self.color
    }

    /// The prompt: who acts and what is due, e.g. `Black sets the Mark> `,
    /// `Yellow (first turn, 2 squares)> `, `game over> `.
    pub fn prompt(&self) -> String {
        let runner = self.runner();
        let pos = runner.position();
        if runner.game().result().is_some() || pos.winner().is_some() {
            return "game over> ".into();
        }
        let side = pos.to_act();
        let edition = if pos.rules() == crate::engine::Rules::default() {
            String::new()
        } else {
            format!("[{}] ", pos.rules())
        };
        let what = match pos.phase() {
            Phase::Set => format!("{side} sets the men> "),
            Phase::Mark => format!("{side} sets the Mark> "),
            Phase::First | Phase::Second => {
                format!("{side} (first turn, {} squares)> ", pos.allowance())
            }
            Phase::Shift(first) if first == side => {
                format!("{side} ({} squares or a Mark move)> ", pos.allowance())
            }
            Phase::Play | Phase::Shift(_) => format!("{side} ({} squares)> ", pos.allowance()),
        };
        format!("{edition}{what}")
    }

    /// Answers one line: a `:` command, `quit`/`exit`, or events and directives
    /// separated by `;`. Never panics on bad input; a rejected line changes nothing
    /// except that events before the bad one stay applied.
    pub fn handle(&mut self, line: &str) -> Output {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return Output::default();
        }
        if let Some(rest) = trimmed.strip_prefix(':') {
            return commands::dispatch(self, rest);
        }
        if matches!(trimmed, "quit" | "exit") {
            return Output {
                quit: true,
                ..Output::default()
            };
        }
        self.events(line)
    }

    /// The board with its summary, coloured when allowed.
    pub fn board(&self) -> String {
        board::diagram(self.position(), self.color)
    }

    /// Applies a line of events through the interpreter.
    fn events(&mut self, line: &str) -> Output {
        let mut runner = self.runner().clone();
        let mut before = *runner.position();
        let mut new_steps = Vec::new();
        let mut words = Vec::new();
        let (done, problem) = interp::run_line_each(&mut runner, line, |_, effect, after| {
            if let Effect::Played(played) = effect {
                let after_pos = *after.position();
                let text = record::canonical_action(&before, played, &after_pos);
                let needs_side = played.side != before.to_act();
                words.extend(describe(played, &after_pos));
                new_steps.push(Step {
                    runner: after.clone(),
                    record: Recorded {
                        side: played.side,
                        text,
                        needs_side,
                    },
                });
                before = after_pos;
            }
        });
        let mut out = Output::default();
        let played_any = !new_steps.is_empty();
        if played_any {
            self.steps.extend(new_steps);
            self.undone.clear();
            self.dirty = true;
            if self.auto_board {
                out.push(&self.board());
            }
        } else if problem.is_none() && !done.is_empty() {
            out.push("ok");
        }
        for w in words {
            out.push(&w);
        }
        if let Some(p) = problem {
            out.failed = true;
            out.error = report::render_human(&p, INPUT_NAME, line, self.color);
            match done.len() {
                0 => {}
                1 => out.error.push_str("note: 1 event before it was applied\n"),
                n => {
                    let _ = writeln!(out.error, "note: {n} events before it were applied");
                }
            }
        }
        out
    }

    /// Starts afresh from `start` (the Rule 2 start when `None`).
    pub(super) fn reset(&mut self, start: Option<Position>, by: &'static str) -> Option<String> {
        let aside = self.set_aside(by);
        self.start = match start {
            Some(p) => Runner::from_position(p),
            None => Runner::for_rules(self.rules),
        };
        self.start_position = start;
        self.steps.clear();
        self.undone.clear();
        self.dirty = false;
        self.event_name = "REPL session".into();
        aside
    }

    /// Keeps the current game for `:undo` if anything was played or undone in it (a game
    /// just started has nothing to bring back). `by` names the command. Returns the line
    /// that tells the user so, when a game was kept.
    fn set_aside(&mut self, by: &'static str) -> Option<String> {
        if self.steps.is_empty() && self.undone.is_empty() {
            return None;
        }
        let note = format!(
            "the previous game ({}) is put aside: `:undo` brings it back",
            actions(self.steps.len())
        );
        self.earlier.push(Earlier {
            start: self.start.clone(),
            start_position: self.start_position,
            event_name: std::mem::take(&mut self.event_name),
            steps: std::mem::take(&mut self.steps),
            undone: std::mem::take(&mut self.undone),
            dirty: self.dirty,
            by,
        });
        Some(note)
    }

    /// Brings back the game the last `:new`, `:setup` or `:load` put aside, dropping
    /// the current one (which has no actions left to undo); the command's name, or
    /// `None` when there is none.
    pub(super) fn bring_back(&mut self) -> Option<&'static str> {
        let e = self.earlier.pop()?;
        self.start = e.start;
        self.start_position = e.start_position;
        self.event_name = e.event_name;
        self.steps = e.steps;
        self.undone = e.undone;
        self.dirty = e.dirty;
        Some(e.by)
    }

    /// Loads the last game of a game file, keeping its main line for undo. Problems in
    /// the file are reported; the game is loaded up to the first one.
    pub fn load(&mut self, path: &Path) -> Output {
        let name = path.display().to_string();
        let src = match crate::cli::read_source(path) {
            Err(msg) => return Output::fail(format!("error: {msg}")),
            Ok(Err((src, p))) => {
                return Output::fail(report::render_human(&p, &name, &src, self.color));
            }
            Ok(Ok(src)) => src,
        };
        let mut out = Output::default();
        let run = interp::run_file(&src, interp::Options::default());
        for p in run.problems() {
            out.failed = true;
            out.error
                .push_str(&report::render_human(p, &name, &src, self.color));
        }
        if run.syntax.is_some() {
            return out;
        }
        let file = match crate::syntax::parse_file(&src) {
            Ok(f) => f,
            Err(e) => {
                let p = interp::syntax_problem(&e);
                out.failed = true;
                out.error
                    .push_str(&report::render_human(&p, &name, &src, self.color));
                return out;
            }
        };
        let Some(game) = file.games.last() else {
            out.failed = true;
            out.error
                .push_str(&format!("error: {name} holds no game\n"));
            return out;
        };
        let rules = match game.tag("Rules").map(|t| t.value.node.parse::<Rules>()) {
            None => Rules::default(),
            Some(Ok(r)) => r,
            // Already reported by run_file.
            Some(Err(_)) => return out,
        };
        let start = match game.tag("Position") {
            Some(t) => match Position::parse_as(rules, &t.value.node) {
                Ok(p) => Some(p),
                // Already reported by run_file.
                Err(_) => return out,
            },
            None => None,
        };
        self.rules = rules;
        let mut runner = match start {
            Some(p) => Runner::from_position(p),
            None => Runner::for_rules(rules),
        };
        let start_runner = runner.clone();
        let mut steps = Vec::new();
        for item in &game.body {
            let Item::Event(ev) = item else { continue };
            let before = *runner.position();
            match runner.apply(ev) {
                Ok(Effect::Played(played)) => {
                    let after = *runner.position();
                    steps.push(Step {
                        runner: runner.clone(),
                        record: Recorded {
                            side: played.side,
                            text: record::canonical_action(&before, &played, &after),
                            needs_side: played.side != before.to_act(),
                        },
                    });
                }
                Ok(Effect::Checked) => {}
                Err(_) => break,
            }
        }
        let n = steps.len();
        let aside = self.set_aside(":load");
        self.start = start_runner;
        self.start_position = start;
        self.steps = steps;
        self.undone.clear();
        self.dirty = false;
        self.event_name = game
            .tag("Event")
            .map(|t| t.value.node.clone())
            .unwrap_or_else(|| {
                path.file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "REPL session".into())
            });
        let which = if file.games.len() > 1 {
            format!(" (the last of its {} games)", file.games.len())
        } else {
            String::new()
        };
        out.push(&format!(
            "loaded {name}{which}: {} on its main line",
            actions(n)
        ));
        if let Some(note) = aside {
            out.push(&note);
        }
        out.push(&self.board());
        out
    }

    /// The session as a canonical game file.
    pub fn game_file(&self) -> String {
        let header = Header {
            event: self.event_name.clone(),
            rules: self.runner().rules(),
            date: record::today(),
            position: self.start_position,
            result: self.runner().game().result(),
        };
        let records: Vec<Recorded> = self.steps.iter().map(|s| s.record.clone()).collect();
        record::game_file(&header, &records)
    }

    /// Writes the session to `path` atomically; an existing file with other content is
    /// only replaced when `force` is set.
    pub fn save(&mut self, path: &Path, force: bool) -> Output {
        let text = self.game_file();
        let same = std::fs::read_to_string(path).is_ok_and(|existing| existing == text);
        if !force && path.exists() && !same {
            return Output::fail(format!(
                "error: {} already exists; `:save! {}` replaces it",
                path.display(),
                path.display()
            ));
        }
        match crate::cli::write_atomically(path, &text) {
            Ok(()) => {
                self.dirty = false;
                Output::text(format!(
                    "saved {} to {}",
                    actions(self.steps.len()),
                    path.display()
                ))
            }
            Err(msg) => Output::fail(format!("error: {msg}")),
        }
    }

    /// Renders a problem about text typed as a command argument.
    pub(super) fn render(&self, problem: &Problem, src: &str) -> String {
        report::render_human(problem, INPUT_NAME, src, self.color)
    }
}

/// Words for what an action did beyond the board: a man replaced (Rule 7), a
/// Rendezvous won (Rule 8), the game's end.
fn describe(played: &Played, after: &Position) -> Vec<String> {
    let mut out = Vec::new();
    let side = played.side;
    if let Some(turn) = &played.turn {
        match turn.end {
            TurnEnd::Played => {}
            TurnEnd::Replaced(sq) => out.push(format!(
                "{side} replaces {}'s man on {sq} with one of his own (Rule 7); the turn ends.",
                !side
            )),
            TurnEnd::Removed(sq) => {
                out.push(format!(
                    "{side} wins the Rendezvous: {}'s man on {sq} is removed (Rule 8).",
                    !side
                ));
                if played.result.is_none() && after.phase() == Phase::Mark {
                    out.push(format!("{} sets the next Mark.", after.to_act()));
                }
            }
        }
    }
    if let Some(r) = played.result {
        out.push(format!("Game over: {r}."));
    }
    out
}

/// `1 action`, `n actions`.
pub(super) fn actions(n: usize) -> String {
    format!("{n} action{}", if n == 1 { "" } else { "s" })
}
