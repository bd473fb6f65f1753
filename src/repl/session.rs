//! The REPL's state and its answer to each line, with no terminal: a [`Session`] takes
//! a line and returns an [`Output`] to print. Tests drive it directly.
//!
//! The record of a game is the syntax tree the interpreter ran: the loaded file's
//! header (every tag and comment) and, for each accepted action, the event as it was
//! written or typed (prefix, annotations, comments, variations) followed by the
//! comments and directives written after it. `:save` and `:game` write it with
//! [`crate::fmt`], so nothing the file or the user wrote is lost.

use super::commands;
use super::text;
use crate::engine::{DieRule, Due, DueForm, Played, Position, Progress, Rules, Side, Target};
use crate::interp::{self, Effect, Problem, Runner};
use crate::player::{self, Choice, Limits};
use crate::session::{Die, Event, action_events, goal_event};
use crate::syntax::ast::{Goal, HeaderItem, Item, Prefix, Span, Spanned, Tag};
use crate::term::{board, report};
use std::fmt::Write;

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
    /// The line to offer again for editing (an illegal line), on a terminal.
    pub retry: Option<String>,
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

    /// Appends a warning or note to standard error (and a newline if missing).
    pub fn warn(&mut self, text: &str) {
        self.error.push_str(text);
        if !text.is_empty() && !text.ends_with('\n') {
            self.error.push('\n');
        }
    }
}

/// One accepted game action: the state it left, what the engine said, and its record.
#[derive(Clone, Debug)]
pub(super) struct Step {
    pub(super) runner: Runner,
    pub(super) played: Played,
    /// The action's event as written (first), then the comments and directives written
    /// after it, before the next action.
    pub(super) items: Vec<Item>,
}

impl Step {
    /// The action as `Y: a7-b6 h5-h4` (side letter always, prefix left out).
    pub(super) fn label(&self) -> String {
        format!("{}: {}", self.played.side.letter(), self.action())
    }

    /// The action in canonical notation, with its prefix as written.
    pub(super) fn action(&self) -> String {
        match self.items.first() {
            Some(Item::Event(ev)) => {
                let mut bare = ev.clone();
                bare.prefix = Prefix::default();
                crate::fmt::format_action(&bare)
            }
            _ => String::new(),
        }
    }
}

/// One game's record and states: where it started, its header, the actions played
/// (for undo) and undone (for redo), and whether it was saved.
#[derive(Clone, Debug)]
pub(super) struct Record {
    /// The state at the start of the game.
    pub(super) start: Runner,
    /// The tags and header comments, as loaded or made for a new game.
    pub(super) header: Vec<HeaderItem>,
    /// Whether `:save` adds a `Date` tag (a game begun at the prompt).
    pub(super) dated: bool,
    /// Comments and directives before the first action.
    pub(super) lead: Vec<Item>,
    /// The actions played, oldest first.
    pub(super) steps: Vec<Step>,
    /// The actions undone, the most recently undone last.
    pub(super) undone: Vec<Step>,
    /// Whether there is work not yet saved.
    pub(super) dirty: bool,
    /// The puzzle's goal, from a `Goal` tag.
    pub(super) goal: Option<Goal>,
    /// The file and game it was loaded from, so that saving over that file replaces
    /// this game alone.
    pub(super) origin: Option<Origin>,
}

/// Where a loaded game sits in its file: `:save` over that file puts the game back in
/// its place and keeps every other byte of the file.
#[derive(Clone, Debug)]
pub(super) struct Origin {
    /// The file, as loaded (its canonical path when it could be found).
    pub(super) path: std::path::PathBuf,
    /// The game's number in the file, from 0.
    pub(super) index: usize,
    /// How many games the file holds.
    pub(super) count: usize,
    /// The whole file as loaded or last saved, to see whether it changed since.
    pub(super) text: String,
    /// Where the game is in `text`.
    pub(super) span: Span,
}

impl Record {
    /// A game begun at the prompt, from `start` (the Rule 2 start when `None`).
    fn new(rules: Rules, start: Option<Position>) -> Record {
        let mut header = vec![tag("Event", "REPL session")];
        if rules != Rules::default() {
            header.push(tag("Rules", &rules.to_string()));
        }
        if let Some(p) = start {
            header.push(tag("Position", &p.to_string()));
        }
        Record {
            start: start.map_or_else(|| Runner::for_rules(rules), Runner::from_position),
            header,
            dated: true,
            lead: Vec::new(),
            steps: Vec::new(),
            undone: Vec::new(),
            dirty: false,
            goal: None,
            origin: None,
        }
    }

    fn runner(&self) -> &Runner {
        self.steps.last().map_or(&self.start, |s| &s.runner)
    }

    /// Where comments and directives written now go: after the last action.
    pub(super) fn tail(&mut self) -> &mut Vec<Item> {
        match self.steps.last_mut() {
            Some(s) => &mut s.items,
            None => &mut self.lead,
        }
    }

    /// Whether the game holds anything worth bringing back.
    fn is_empty(&self) -> bool {
        self.steps.is_empty() && self.undone.is_empty() && self.lead.is_empty()
    }
}

/// A `[Name "value"]` tag made at the prompt (no span in any file).
fn tag(name: &str, value: &str) -> HeaderItem {
    HeaderItem::Tag(Tag {
        name: Spanned::new(name.into(), Span::default()),
        value: Spanned::new(value.into(), Span::default()),
        span: Span::default(),
    })
}

/// Sets the value of the first tag `name` in `header`, or adds the tag after `after`
/// (the last of those tags present) or at the end.
pub(super) fn set_tag(header: &mut Vec<HeaderItem>, name: &str, value: &str, after: &[&str]) {
    for h in header.iter_mut() {
        if let HeaderItem::Tag(t) = h
            && t.name.node == name
        {
            t.value.node = value.into();
            return;
        }
    }
    let at = header
        .iter()
        .rposition(|h| matches!(h, HeaderItem::Tag(t) if after.contains(&t.name.node.as_str())))
        .map_or(header.len(), |i| i + 1);
    header.insert(at, tag(name, value));
}

/// A game put aside by `:new`, `:setup` or `:load`, which `:undo` can bring back.
#[derive(Clone, Debug)]
struct Earlier {
    record: Record,
    /// The command that put it aside, for the message that brings it back.
    by: &'static str,
}

/// An interactive session: the game being played (its record, states for undo and
/// redo), the games put aside by `:new`, `:setup` and `:load`, and the display
/// settings.
#[derive(Clone, Debug)]
pub struct Session {
    /// The game being played.
    pub(super) game: Record,
    /// Whether the board is shown after every accepted event.
    pub(super) auto_board: bool,
    /// Whether output may use ANSI colour.
    pub(super) color: bool,
    /// The width text is wrapped at.
    pub(super) width: usize,
    /// Whether leaving with unsaved work asks again (on a terminal) rather than
    /// warning and leaving (piped: nobody can answer).
    confirm_quit: bool,
    /// Whether the last line asked to leave and was warned about unsaved work.
    quit_warned: bool,
    /// The number of the input line being handled, for diagnostics (piped input).
    line_number: Option<usize>,
    /// Games put aside by `:new`, `:setup` and `:load`, the latest last.
    earlier: Vec<Earlier>,
    /// The rules of new games (`lanrick repl --rules`, `:new 1880`).
    pub(super) rules: Rules,
    /// The 1879 die: how it treats throws below three (`--die`, `:die`) and its seeded
    /// generator (`--die-seed`).
    pub(super) die: Die,
    /// The side lanrick plays and its level (`:play B 3`, `lanrick play`).
    pub(super) lanrick: Option<(Side, u8)>,
    /// The seed of lanrick's choices (`lanrick play --seed`).
    pub(super) seed: u64,
    /// Whether `:go` asked lanrick to play the next action.
    pub(super) go: bool,
    /// `:hint` was given: lanrick thinks for the side to act and shows its choice
    /// (thought after the line, like `:go`, so a terminal shows the spinner and Ctrl-C
    /// can stop it).
    pub(super) hint: bool,
}

/// The level `:go` and `:hint` use when lanrick plays no side.
pub const DEFAULT_LEVEL: u8 = 3;

impl Default for Session {
    fn default() -> Self {
        Session::new(false)
    }
}

/// The seed of the 1879 die when none is given.
pub const DEFAULT_DIE_SEED: u64 = 1879;

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
            game: Record::new(rules, None),
            auto_board: true,
            color,
            width: text::DEFAULT_WIDTH,
            confirm_quit: true,
            quit_warned: false,
            line_number: None,
            earlier: Vec::new(),
            die: Die::new(DieRule::Plain, DEFAULT_DIE_SEED),
            lanrick: None,
            seed: 0,
            go: false,
            hint: false,
        }
    }

    /// Sets the 1879 die's rule for throws below three and its seed.
    pub fn set_die(&mut self, die: DieRule, seed: u64) {
        self.die = Die::new(die, seed);
    }

    /// Whether a 1879 Mark is due, so that the die is to be thrown.
    pub fn die_due(&self) -> bool {
        self.position().due() == Due::Throw && self.runner().game().result().is_none()
    }

    /// Throws the die for the 1879 Mark due (Rule 3; `:roll`, and by itself after a
    /// line leaves a Mark due) and plays `mark <square>`, which the record keeps.
    pub fn roll(&mut self) -> Output {
        if !self.die_due() {
            return Output::fail(
                "error: the die is thrown only when a 1879 Mark is due (Rule 3, 1879)",
            );
        }
        let thrown = self.die.throw();
        let Event::DieThrown { square, .. } = thrown else {
            unreachable!("a die's throw is a DieThrown event")
        };
        let mut out = Output::text(render(&thrown));
        let played = self.events(&format!("mark {square}"));
        out.text.push_str(&played.text);
        out.error.push_str(&played.error);
        out.failed |= played.failed;
        out
    }

    /// Lets lanrick play `side` at `level` (`None`: nobody), with `seed`.
    pub fn set_lanrick(&mut self, player: Option<(Side, u8)>, seed: u64) {
        self.lanrick = player;
        self.seed = seed;
    }

    /// The level lanrick thinks at: its side's, else [`DEFAULT_LEVEL`].
    pub fn lanrick_level(&self) -> u8 {
        self.lanrick.map_or(DEFAULT_LEVEL, |(_, l)| l)
    }

    /// Whether lanrick is to play now: `:go` was given, or it is its side's action,
    /// and the game is not over.
    pub fn lanrick_due(&self) -> bool {
        let runner = self.runner();
        if runner.game().result().is_some() {
            return false;
        }
        self.go
            || self
                .lanrick
                .is_some_and(|(side, _)| runner.position().to_act() == side)
    }

    /// lanrick's choice for the next action (`stop`, set by Ctrl-C, ends the thinking
    /// with the best action found so far).
    pub fn think(&self, stop: Option<&'static std::sync::atomic::AtomicBool>) -> Option<Choice> {
        // At the prompt the top level answers within 2 s even in the most crowded
        // positions (matches leave the time unset, so that their games replay).
        let limits = Limits {
            time: (self.lanrick_level() == player::MAX_LEVEL)
                .then(|| std::time::Duration::from_millis(1900)),
            ..Limits::level(self.lanrick_level(), self.seed)
        };
        player::choose(self.runner().game(), &limits, stop)
    }

    /// Plays lanrick's choice as if it had been typed: the game's record holds it as a
    /// normal event.
    pub fn play_choice(&mut self, choice: &Choice) -> Output {
        self.go = false;
        let side = self.position().to_act();
        let mut out = Output::text(format!("lanrick ({side}) plays: {}\n", choice.event));
        let played = self.events(&choice.event);
        out.text.push_str(&played.text);
        out.error.push_str(&played.error);
        out.failed |= played.failed;
        out
    }

    /// Whether a `:hint` waits to be thought.
    pub fn hint_due(&self) -> bool {
        self.hint
    }

    /// Thinks for the side to act and shows the choice without playing it (`stop`, set
    /// by Ctrl-C, ends the thinking with the best action found so far).
    pub fn give_hint(&mut self, stop: Option<&'static std::sync::atomic::AtomicBool>) -> Output {
        self.hint = false;
        match self.think(stop) {
            Some(c) => Output::text(format!(
                "hint: {} ({}; level {}, score {}, {} positions)",
                c.event,
                c.reason,
                self.lanrick_level(),
                c.score,
                c.nodes
            )),
            None => Output::fail("error: the game is over"),
        }
    }

    /// While lanrick is due, thinks and plays (without a spinner: piped input and
    /// tests).
    pub fn respond(&mut self) -> Output {
        let mut out = Output::default();
        // A bound on the actions in a row (lanrick may play both sides' actions when a
        // side acts twice, e.g. after a Rendezvous it sets the Mark).
        for _ in 0..16 {
            if self.die_due() {
                // 1879: the die gives the Mark whoever is to act; the session's die
                // (`--die`, `--die-seed`) throws it, as after a line typed.
                let o = self.roll();
                out.text.push_str(&o.text);
                out.error.push_str(&o.error);
                out.failed |= o.failed;
                if o.failed {
                    break;
                }
                continue;
            }
            if !self.lanrick_due() {
                break;
            }
            let Some(choice) = self.think(None) else {
                self.go = false;
                break;
            };
            let o = self.play_choice(&choice);
            out.text.push_str(&o.text);
            out.error.push_str(&o.error);
            out.failed |= o.failed;
            if o.failed {
                self.go = false;
                break;
            }
        }
        out
    }

    /// Sets the width text is wrapped at (the terminal's).
    pub fn set_width(&mut self, width: usize) {
        self.width = width.max(text::MIN_WIDTH);
    }

    /// Whether leaving with unsaved work asks a second time (`true`, on a terminal) or
    /// only warns (`false`, piped input).
    pub fn set_confirm_quit(&mut self, confirm: bool) {
        self.confirm_quit = confirm;
    }

    /// Whether the board is drawn after every accepted line (`--quiet` turns it off).
    pub fn set_auto_board(&mut self, on: bool) {
        self.auto_board = on;
    }

    /// The number of the input line handled next, named by its diagnostics.
    pub fn set_line_number(&mut self, n: usize) {
        self.line_number = Some(n);
    }

    /// The game as it stands.
    pub fn runner(&self) -> &Runner {
        self.game.runner()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.runner().position()
    }

    /// The actions played so far, in canonical notation with their prefixes.
    pub fn history(&self) -> impl Iterator<Item = String> + '_ {
        self.game.steps.iter().map(|s| match s.items.first() {
            Some(Item::Event(ev)) => crate::fmt::format_action(ev),
            _ => String::new(),
        })
    }

    /// Whether any game — the current one, or one put aside — has work not saved.
    pub fn has_unsaved(&self) -> bool {
        self.game.dirty || self.earlier.iter().any(|e| e.record.dirty)
    }

    /// Whether colour is allowed.
    pub fn color(&self) -> bool {
        self.color
    }

    /// The width text is wrapped at.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The prompt: who acts and what is due, e.g. `Black sets the Mark> `,
    /// `Yellow (first turn, 2 squares)> `, `game over> `; a puzzle adds the turns left
    /// for its goal.
    pub fn prompt(&self) -> String {
        let runner = self.runner();
        let pos = runner.position();
        if runner.game().result().is_some() || pos.winner().is_some() {
            return "game over> ".into();
        }
        let side = pos.to_act();
        let goal = match self.goal_status().and_then(|g| g.turns_left()) {
            Some(left) => format!(
                "; goal: {} turn{} left",
                left,
                if left == 1 { "" } else { "s" }
            ),
            None => String::new(),
        };
        let edition = if pos.rules() == Rules::default() {
            String::new()
        } else {
            format!("[{}] ", pos.rules())
        };
        let what = pos.due().describe(side, DueForm::Prompt { extra: &goal });
        format!("{edition}{what}")
    }

    /// Answers one line: a `:` command, `quit`/`exit`, or events and directives
    /// separated by `;`. Never panics on bad input; a rejected line changes nothing
    /// except that events before the bad one stay applied.
    pub fn handle(&mut self, line: &str) -> Output {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            return Output::default();
        }
        let leaving = matches!(trimmed, "quit" | "exit")
            || trimmed
                .strip_prefix(':')
                .and_then(|r| r.split_whitespace().next())
                .is_some_and(|name| commands::find(name).is_ok_and(|c| c.name == "quit"));
        if leaving {
            return self.request_quit();
        }
        self.quit_warned = false;
        if let Some(rest) = trimmed.strip_prefix(':') {
            return commands::dispatch(self, rest);
        }
        let mut out = self.events(line);
        if !out.failed && self.die_due() {
            // 1879 Rule 3: the die is thrown as soon as a Mark is due.
            let rolled = self.roll();
            out.text.push_str(&rolled.text);
            out.error.push_str(&rolled.error);
        }
        out
    }

    /// Asks to leave (`quit`, `exit`, `:quit`, Ctrl-D, the end of piped input). With
    /// unsaved work in any game, the first ask only warns and a second one leaves; when
    /// nobody can answer (piped input) it warns and leaves.
    pub fn request_quit(&mut self) -> Output {
        if !self.has_unsaved() || self.quit_warned {
            return Output {
                quit: true,
                ..Output::default()
            };
        }
        let mut what = Vec::new();
        if self.game.dirty {
            what.push(format!(
                "the current game ({})",
                actions(self.game.steps.len())
            ));
        }
        for e in self.earlier.iter().rev().filter(|e| e.record.dirty) {
            what.push(format!(
                "the game put aside by {} ({})",
                e.by,
                actions(e.record.steps.len())
            ));
        }
        let list = what.join(", ");
        if self.confirm_quit {
            self.quit_warned = true;
            let mut out = Output::default();
            out.warn(&text::wrap(
                &format!(
                    "warning: unsaved work in {list}. `:save FILE` keeps the current game \
                     (`:undo` at a game's start brings back the one put aside before it); \
                     leave again (Ctrl-D, `:quit`, `quit`) to lose it."
                ),
                self.width,
            ));
            out
        } else {
            let mut out = Output {
                quit: true,
                ..Output::default()
            };
            out.warn(&text::wrap(
                &format!("warning: leaving with unsaved work in {list}: it is lost"),
                self.width,
            ));
            out
        }
    }

    /// The board with its summary, coloured when allowed; once the game is over, the
    /// result.
    pub fn board(&self) -> String {
        let result = self.runner().game().result();
        let mut out = board::diagram_of(self.position(), result.is_some(), self.color);
        if let Some(r) = result {
            let _ = writeln!(out, "Game over: {r}.");
        }
        out
    }

    /// The board with a line explaining its brackets, as drawn at the start.
    pub fn board_with_legend(&self) -> String {
        let mut out = self.board();
        out.push_str(board::LEGEND);
        out.push('\n');
        out
    }

    /// Applies a line of events through the interpreter.
    fn events(&mut self, line: &str) -> Output {
        let items = match crate::syntax::parse_line(line) {
            Ok(items) => items,
            Err(e) => {
                let p = interp::syntax_problem(&e);
                let mut out = Output::fail(self.render(&p, line));
                out.retry = Some(line.to_string());
                return out;
            }
        };
        let goal_before = self.goal_status();
        let mut runner = self.runner().clone();
        let mut before = *runner.position();
        // Each played action with the comments and directives after it.
        let mut new_steps: Vec<Step> = Vec::new();
        let mut lead: Vec<Item> = Vec::new();
        let mut words = Vec::new();
        let mut applied = 0usize;
        let mut problem = None;
        for item in &items {
            match item {
                Item::Comment(_) => match new_steps.last_mut() {
                    Some(s) => s.items.push(item.clone()),
                    None => lead.push(item.clone()),
                },
                Item::Event(_) => {
                    let (done, p) = interp::run_items_each(
                        &mut runner,
                        std::slice::from_ref(item),
                        |ev, effect, after| match effect {
                            Effect::Played(played) => {
                                words.extend(
                                    action_events(&before, played, after.position())
                                        .iter()
                                        .map(render)
                                        .filter(|w| !w.is_empty()),
                                );
                                before = *after.position();
                                new_steps.push(Step {
                                    runner: after.clone(),
                                    played: played.clone(),
                                    items: vec![Item::Event(ev.clone())],
                                });
                            }
                            Effect::Checked => match new_steps.last_mut() {
                                Some(s) => s.items.push(Item::Event(ev.clone())),
                                None => lead.push(Item::Event(ev.clone())),
                            },
                        },
                    );
                    applied += done.len();
                    if p.is_some() {
                        problem = p;
                        break;
                    }
                }
            }
        }
        if problem.is_some() && applied == 0 {
            // Nothing of the line was taken: it comes back whole for editing, so its
            // comments are not kept twice.
            lead.clear();
        }
        let mut out = Output::default();
        let played_any = !new_steps.is_empty();
        let recorded = played_any || !lead.is_empty();
        self.game.tail().append(&mut lead);
        if played_any {
            self.game.steps.extend(new_steps);
            self.game.undone.clear();
            if self.auto_board {
                out.push(&board::diagram_of(
                    self.position(),
                    self.runner().game().result().is_some(),
                    self.color,
                ));
            }
        } else if problem.is_none() && applied > 0 {
            out.push("ok");
        }
        if recorded {
            self.game.dirty = true;
        }
        for w in words {
            out.push(&w);
        }
        if played_any {
            self.after_play(goal_before, &mut out);
        }
        if let Some(p) = problem {
            out.failed = true;
            out.error = self.render(&p, line);
            match applied {
                0 => out.retry = Some(line.to_string()),
                1 => out.error.push_str("note: 1 event before it was applied\n"),
                n => {
                    let _ = writeln!(out.error, "note: {n} events before it were applied");
                }
            }
        }
        out
    }

    /// What is worth saying after actions were played: a goal met or out of reach, a
    /// position seen a second time in the Rendezvous (a third is a draw, D-9).
    fn after_play(&self, goal_before: Option<Progress>, out: &mut Output) {
        if let (Some(before), Some(now)) = (goal_before, self.goal_status())
            && let Some(event) = goal_event(&before, &now)
        {
            out.push(&render(&event));
        }
        if self.runner().game().result().is_none() && self.repetitions() == 2 {
            out.push(&render(&Event::SecondOccurrence));
        }
    }

    /// How many times the current position has occurred in the current Rendezvous:
    /// the game's own repetition history (D-9), the one the draw is decided by.
    fn repetitions(&self) -> u8 {
        self.runner().game().occurrences(self.position())
    }

    /// How the puzzle's goal stands along the actions played, counted by the engine
    /// as `check` and the prover count it ([`Progress`]).
    pub(super) fn goal_status(&self) -> Option<Progress> {
        let goal = self.game.goal?;
        let mut progress = Progress::new(interp::proof::prover_goal(&goal));
        let mut before = self.game.start.position();
        for s in &self.game.steps {
            let after = s.runner.position();
            progress.note(before, &s.played, after);
            before = after;
        }
        Some(progress)
    }

    /// Starts afresh from `start` (the Rule 2 start when `None`).
    pub(super) fn reset(&mut self, start: Option<Position>, by: &'static str) -> Option<String> {
        self.put_aside(Record::new(self.rules, start), by)
    }

    /// Makes `record` the current game, keeping the current one for `:undo` if anything
    /// was played, undone or written in it (a game just started has nothing to bring
    /// back). `by` names the command. Returns the line that tells the user so.
    pub(super) fn put_aside(&mut self, record: Record, by: &'static str) -> Option<String> {
        let old = std::mem::replace(&mut self.game, record);
        if old.is_empty() {
            return None;
        }
        let note = format!(
            "the previous game ({}{}) is put aside: `:undo` brings it back",
            actions(old.steps.len()),
            if old.dirty { ", unsaved" } else { "" }
        );
        self.earlier.push(Earlier { record: old, by });
        Some(note)
    }

    /// Brings back the game the last `:new`, `:setup` or `:load` put aside, dropping
    /// the current one (which has no actions left to undo): the command's name and, when
    /// the dropped game held undone actions or comments and directives, a warning
    /// saying so; `None` when there is no game to bring back.
    pub(super) fn bring_back(&mut self) -> Option<(&'static str, Option<String>)> {
        let e = self.earlier.pop()?;
        let dropped = std::mem::replace(&mut self.game, e.record);
        let mut lost = Vec::new();
        if !dropped.undone.is_empty() {
            lost.push(format!("{} undone", actions(dropped.undone.len())));
        }
        if !dropped.lead.is_empty() {
            let n = dropped.lead.len();
            lost.push(format!(
                "{n} comment{} or directive{}",
                if n == 1 { "" } else { "s" },
                if n == 1 { "" } else { "s" }
            ));
        }
        let warning = (!lost.is_empty()).then(|| {
            format!(
                "warning: the game begun by {} is dropped with its {}",
                e.by,
                lost.join(" and ")
            )
        });
        Some((e.by, warning))
    }

    /// Renders a problem about text typed at the prompt (or as a command argument).
    pub(super) fn render(&self, problem: &Problem, src: &str) -> String {
        if src.contains(text::KEEP) {
            return self.render_wrapped(problem, src);
        }
        let mut kept = problem.clone();
        kept.message = text::keep_quotes_whole(&kept.message);
        kept.help = kept.help.as_deref().map(text::keep_quotes_whole);
        self.render_wrapped(&kept, src).replace(text::KEEP, " ")
    }

    /// [`Session::render`] as miette wraps it.
    fn render_wrapped(&self, problem: &Problem, src: &str) -> String {
        match self.line_number {
            Some(n) if n > 1 => {
                let at = report::Src {
                    text: src,
                    base: 0,
                    newlines: n - 1,
                    breaks: n - 1,
                };
                report::render_human_width(problem, INPUT_NAME, at, self.color, self.width)
            }
            _ => report::render_human_width(problem, INPUT_NAME, src, self.color, self.width),
        }
    }

    /// Renders a problem in a file.
    pub(super) fn render_named(&self, problem: &Problem, name: &str, src: &str) -> String {
        if src.contains(text::KEEP) {
            return report::render_human_width(problem, name, src, self.color, self.width);
        }
        let mut kept = problem.clone();
        kept.message = text::keep_quotes_whole(&kept.message);
        kept.help = kept.help.as_deref().map(text::keep_quotes_whole);
        report::render_human_width(&kept, name, src, self.color, self.width)
            .replace(text::KEEP, " ")
    }
}

/// A session event in the words the REPL prints (an action played or an interchange
/// says nothing: the board shows it).
pub(super) fn render(event: &Event) -> String {
    let within = |g: &crate::engine::Goal| {
        format!(
            "within {} turn{}",
            g.turns,
            if g.turns == 1 { "" } else { "s" }
        )
    };
    let what = |g: &crate::engine::Goal| match g.target {
        Target::Rendezvous => "win the Rendezvous",
        Target::Game => "win the game",
    };
    let won = |g: &crate::engine::Goal| match g.target {
        Target::Rendezvous => "won the Rendezvous",
        Target::Game => "won the game",
    };
    match *event {
        Event::Played { .. } | Event::Interchange { .. } => String::new(),
        Event::ManReplaced { side, square } => format!(
            "{side} replaces {}'s man on {square} with one of his own (Rule 7); the turn ends.",
            !side
        ),
        Event::RendezvousWon { side, taken } => format!(
            "{side} wins the Rendezvous: {}'s man on {taken} is removed (Rule 8).",
            !side
        ),
        Event::MarkDue { side } => format!("{side} sets the next Mark."),
        Event::GameOver(r) => format!("Game over: {r}."),
        Event::GoalMet { goal, turns } => format!(
            "Goal met: {} {} in {turns} of his turns ({}).",
            goal.side,
            won(&goal),
            within(&goal)
        ),
        Event::GoalLate { goal, turns } => format!(
            "{} {}, but in {turns} turns: the goal ({}) is not met.",
            goal.side,
            won(&goal),
            within(&goal)
        ),
        Event::GoalOutOfReach { goal } => format!(
            "The goal can no longer be met: {} was to {} {}.",
            goal.side,
            what(&goal),
            within(&goal)
        ),
        Event::SecondOccurrence => "This position has now occurred twice in this Rendezvous: \
             a third time is a draw (D-9)."
            .into(),
        Event::DieThrown { square, rule } => format!(
            "The die gives row {} and column {} ({}): mark {square}",
            square.rank() + 1,
            square.file() + 1,
            match rule {
                DieRule::Plain => "throws below three neglected",
                DieRule::CarrollNb => "Carroll's N.B. rule",
            }
        ),
    }
}

/// `1 action`, `n actions`.
pub(super) fn actions(n: usize) -> String {
    format!("{n} action{}", if n == 1 { "" } else { "s" })
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
mod date_tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }
}
