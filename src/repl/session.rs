//! The REPL's answer to each line, with no terminal: a [`Session`] takes a line and
//! returns an [`Output`] to print. It drives the library's game session
//! ([`crate::session::Session`]: the game, its record, undo, the die, lanrick) and
//! renders what it answers: events in the REPL's words, boards, diagnostics. Tests
//! drive it directly.

use super::commands;
use super::text;
use crate::engine::{DieRule, DueForm, Position, Rules, Target, TurnEnd};
use crate::interp::{Problem, Runner};
use crate::player::Choice;
use crate::session::{self as core, Aside, Event, Reply, Undone};
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

/// An interactive session: the library's game session, and how the REPL shows it
/// (boards after each line, colour, the width text is wrapped at, whether leaving asks
/// again).
#[derive(Clone, Debug)]
pub struct Session {
    /// The game session: the game, its record, the games put aside, the die, lanrick.
    pub(super) core: core::Session,
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
    /// `:hint` was given: lanrick thinks for the side to act and shows its choice
    /// (thought after the line, like `:go`, so a terminal shows the spinner and Ctrl-C
    /// can stop it).
    pub(super) hint: Option<u8>,
}

/// The level `:go` and `:hint` use when lanrick plays no side.
pub const DEFAULT_LEVEL: u8 = core::DEFAULT_LEVEL;

impl Default for Session {
    fn default() -> Self {
        Session::new(false)
    }
}

/// The seed of the 1879 die when none is given.
pub const DEFAULT_DIE_SEED: u64 = core::DEFAULT_DIE_SEED;

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
            core: core::Session::new(rules),
            auto_board: true,
            color,
            width: text::DEFAULT_WIDTH,
            confirm_quit: true,
            quit_warned: false,
            line_number: None,
            hint: None,
        }
    }

    /// The game session this REPL drives.
    pub fn game_session(&self) -> &core::Session {
        &self.core
    }

    /// Sets the 1879 die's rule for throws below three and its seed.
    pub fn set_die(&mut self, die: DieRule, seed: u64) {
        self.core.set_die(die, seed);
    }

    /// Whether a 1879 Mark is due, so that the die is to be thrown.
    pub fn die_due(&self) -> bool {
        self.core.die_due()
    }

    /// Throws the die for the 1879 Mark due (Rule 3; `:roll`, and by itself after a
    /// line leaves a Mark due) and plays `mark <square>`, which the record keeps.
    pub fn roll(&mut self) -> Output {
        match self.core.throw() {
            Some((thrown, reply)) => {
                let mut out = Output::text(render(&thrown, self.position().rules()));
                let line = match thrown {
                    Event::DieThrown { square, .. } => format!("mark {square}"),
                    _ => String::new(),
                };
                let played = self.show(reply, &line);
                out.text.push_str(&played.text);
                out.error.push_str(&played.error);
                out.failed |= played.failed;
                out
            }
            None => {
                Output::fail("error: the die is thrown only when a 1879 Mark is due (Rule 3, 1879)")
            }
        }
    }

    /// Names the user in saved games (the `Black` or `Yellow` tag of their side).
    pub fn set_user(&mut self, name: &str) {
        self.core.set_user(name);
    }

    /// Lets lanrick play `side` at `level` (`None`: nobody), with `seed`.
    pub fn set_lanrick(&mut self, player: Option<(crate::engine::Side, u8)>, seed: u64) {
        self.core.set_lanrick(player);
        self.core.set_seed(seed);
    }

    /// The level lanrick thinks at: its side's, else [`DEFAULT_LEVEL`].
    pub fn lanrick_level(&self) -> u8 {
        self.core.lanrick_level()
    }

    /// Whether lanrick is to play now: `:go` was given, or it is its side's action,
    /// and the game is not over.
    pub fn lanrick_due(&self) -> bool {
        self.core.lanrick_due()
    }

    /// What is due before the user's next line: the die, or lanrick.
    pub fn next(&self) -> Option<core::Next> {
        self.core.next()
    }

    /// lanrick's choice for the next action (`stop`, set by Ctrl-C, ends the thinking
    /// with the best action found so far).
    pub fn think(&self, stop: Option<&'static std::sync::atomic::AtomicBool>) -> Option<Choice> {
        self.core.think(stop)
    }

    /// Plays lanrick's choice as if it had been typed: the game's record holds it as a
    /// normal event.
    pub fn play_choice(&mut self, choice: &Choice) -> Output {
        let side = self.position().to_act();
        let mut out = Output::text(format!("lanrick ({side}) plays: {}\n", choice.event));
        let reply = self.core.play_choice(choice);
        let played = self.show(reply, &choice.event);
        out.text.push_str(&played.text);
        out.error.push_str(&played.error);
        out.failed |= played.failed;
        out
    }

    /// Whether a `:hint` waits to be thought.
    pub fn hint_due(&self) -> bool {
        self.hint.is_some()
    }

    /// Thinks for the side to act and shows the choice without playing it (`stop`, set
    /// by Ctrl-C, ends the thinking with the best action found so far).
    pub fn give_hint(&mut self, stop: Option<&'static std::sync::atomic::AtomicBool>) -> Output {
        let level = self.hint.take().unwrap_or(crate::player::MAX_LEVEL);
        match self.core.hint(level, stop) {
            Some(h) => Output::text(hint_text(&h)),
            None => Output::fail("error: the game is over"),
        }
    }

    /// While the die or lanrick is due, throws or thinks and plays (`stop`, set by
    /// Ctrl-C, ends each thinking with the best action found so far); `think` wraps
    /// each thinking (a terminal shows a spinner there). Each piece of output goes to
    /// `print` as soon as it is made.
    pub fn respond_with(
        &mut self,
        mut think: impl FnMut(&Session) -> Option<Choice>,
        mut print: impl FnMut(&Output, &Session),
    ) {
        // A bound on the actions in a row (lanrick may play both sides' actions when a
        // side acts twice, e.g. after a Rendezvous it sets the Mark).
        for _ in 0..16 {
            let out = match self.next() {
                None => return,
                Some(core::Next::Throw) => self.roll(),
                Some(core::Next::Lanrick) => {
                    let Some(choice) = think(self) else {
                        self.core.cancel_play_now();
                        return;
                    };
                    self.play_choice(&choice)
                }
            };
            print(&out, self);
            if out.failed {
                self.core.cancel_play_now();
                return;
            }
        }
    }

    /// While lanrick is due, thinks and plays (without a spinner: piped input and
    /// tests).
    pub fn respond(&mut self) -> Output {
        let mut all = Output::default();
        self.respond_with(
            |s| s.think(None),
            |o, _| {
                all.text.push_str(&o.text);
                all.error.push_str(&o.error);
                all.failed |= o.failed;
            },
        );
        all
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
        self.core.runner()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.core.position()
    }

    /// The actions played so far, in canonical notation with their prefixes.
    pub fn history(&self) -> impl Iterator<Item = String> + '_ {
        self.core.record().steps.iter().map(core::Step::written)
    }

    /// Whether any game — the current one, or one put aside — has work not saved.
    pub fn has_unsaved(&self) -> bool {
        self.core.has_unsaved()
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
        let goal = match self.core.goal_status().and_then(|g| g.turns_left()) {
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
        let reply = self.core.play(line);
        let mut out = self.show(reply, line);
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
        let list = self
            .core
            .unsaved()
            .iter()
            .map(|u| match u.by {
                None => format!("the current game ({})", actions(u.actions)),
                Some(by) => format!("the game put aside by {by} ({})", actions(u.actions)),
            })
            .collect::<Vec<_>>()
            .join(", ");
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

    /// What the game session answered to `line`, in the REPL's words: the events, then
    /// the board they lead to (when an action was played), `ok` for directives alone,
    /// and the problem that stopped the line, rendered against it.
    fn show(&self, reply: Reply, line: &str) -> Output {
        let mut out = Output::default();
        // Cause before effect: what happened is told before the board it leads to.
        for e in &reply.events {
            let w = render(e, self.position().rules());
            if !w.is_empty() {
                out.push(&w);
            }
        }
        if reply.kept_as_variation > 0 {
            out.push(&format!(
                "note: the {} undone kept as a variation of this one (nothing left to redo)",
                actions(reply.kept_as_variation)
            ));
        }
        if reply.played > 0 {
            if self.auto_board {
                out.push(&board::diagram_of(
                    self.position(),
                    self.runner().game().result().is_some(),
                    self.color,
                ));
            }
        } else if reply.problem.is_none() && reply.applied > 0 {
            out.push("ok");
        }
        if let Some(p) = reply.problem {
            out.failed = true;
            out.error = self.render(&p, line);
            match reply.applied {
                0 => out.retry = Some(line.to_string()),
                1 => out.error.push_str("note: 1 event before it was applied\n"),
                n => {
                    let _ = writeln!(out.error, "note: {n} events before it were applied");
                }
            }
        }
        out
    }

    /// Starts afresh from `start` (the Rule 2 start when `None`): the line telling
    /// that the previous game was put aside, if it was.
    pub(super) fn reset(&mut self, start: Option<Position>, by: &'static str) -> Option<String> {
        self.core.reset(start, by).map(|a| aside_note(&a))
    }

    /// Takes back up to `n` actions, or at a game's start brings back the game put
    /// aside before it.
    pub(super) fn undo(&mut self, n: usize) -> Output {
        match self.core.undo(n) {
            Some(Undone::Actions(taken)) => {
                let mut out = Output::text(format!("undone: {}", taken.join("; ")));
                out.push(&self.board_if_auto());
                out
            }
            Some(Undone::BroughtBack {
                by,
                actions: n,
                dropped_undone,
                dropped_notes,
            }) => {
                let mut out =
                    Output::text(format!("back to the game before {by} ({})", actions(n)));
                let mut lost = Vec::new();
                if dropped_undone > 0 {
                    lost.push(format!("{} undone", actions(dropped_undone)));
                }
                if dropped_notes > 0 {
                    let s = if dropped_notes == 1 { "" } else { "s" };
                    lost.push(format!("{dropped_notes} comment{s} or directive{s}"));
                }
                if !lost.is_empty() {
                    out.warn(&format!(
                        "warning: the game begun by {by} is dropped with its {}",
                        lost.join(" and ")
                    ));
                }
                out.push(&self.board_if_auto());
                out
            }
            None => Output::fail("error: nothing to undo"),
        }
    }

    /// Plays again up to `n` actions undone.
    pub(super) fn redo(&mut self, n: usize) -> Output {
        match self.core.redo(n) {
            Some(again) => {
                let mut out = Output::text(format!("redone: {}", again.join("; ")));
                out.push(&self.board_if_auto());
                out
            }
            None => Output::fail("error: nothing to redo"),
        }
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

/// A hint in the REPL's words: the action, then each fact that explains it.
fn hint_text(h: &core::Hint) -> String {
    let mut out = format!(
        "hint: {} (level {})
",
        h.action, h.level
    );
    let what = |t: Target| match t {
        Target::Rendezvous => "the Rendezvous",
        Target::Game => "the game",
    };
    let mut fact = |line: String| {
        out.push_str("  - ");
        out.push_str(&line);
        out.push('\n');
    };
    if let Some(f) = &h.forced {
        let line = if f.line.len() > 1 {
            format!(": {}", f.line.join("; "))
        } else {
            String::new()
        };
        fact(format!(
            "it forces a win of {} in {} turn{} (proved){line}",
            what(f.target),
            f.turns,
            if f.turns == 1 { "" } else { "s" }
        ));
    }
    if let Some(t) = h.wins_now {
        fact(format!("it wins {} now", what(t)));
    }
    if let Some(t) = h.threat {
        fact(if t.stopped {
            format!("it stops {}'s threat to win the Rendezvous next turn", t.by)
        } else {
            format!("{} can still win the Rendezvous next turn", t.by)
        });
    }
    if let Some((before, after)) = h.men_in
        && after > before
    {
        let n = after - before;
        fact(format!(
            "it brings {n} m{} into the Rendezvous ({before} in before, {after} after)",
            if n == 1 { "an" } else { "en" }
        ));
    }
    if let Some((before, after)) = h.squares
        && before > 0
    {
        fact(format!(
            "{}'s men outside need {before} squares to come in before it, {after} after",
            h.side
        ));
    }
    if h.lost {
        fact(format!(
            "{} cannot stop the other side's win, as far as level {} sees",
            h.side, h.level
        ));
    }
    out
}

/// The line telling that a game was put aside.
pub(super) fn aside_note(a: &Aside) -> String {
    format!(
        "the previous game ({}{}) is put aside: `:undo` brings it back",
        actions(a.actions),
        if a.unsaved { ", unsaved" } else { "" }
    )
}

/// A rule as the REPL cites it: `Rule 8` for the 1893 rules, `Rule 5, 1879` for
/// another edition's.
fn cite(rule: crate::engine::RuleRef) -> String {
    use crate::engine::RuleRef;
    match rule {
        RuleRef::Rule(n) => format!("Rule {n}"),
        RuleRef::RuleOf(year, n) => format!("Rule {n}, {year}"),
        other => other.to_string(),
    }
}

/// A session event in the words the REPL prints, for a game played by `rules` (an
/// action played or an interchange says nothing: the board shows it).
pub(super) fn render(event: &Event, rules: Rules) -> String {
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
        Event::Played { .. } => String::new(),
        Event::Interchange { side, changed } => {
            let n = changed.count() / 2;
            format!(
                "{side} demands an interchange (Rule 5): {} exchanges his {n} m{} for as many \
                 of {side}'s, and the men on {} change colour.",
                !side,
                if n == 1 { "an" } else { "en" },
                crate::interp::list(changed.iter())
            )
        }
        Event::ManReplaced { side, square } => format!(
            "{side} replaces {}'s man on {square} with one of his own ({}); the turn ends.",
            !side,
            cite(rules.turn_end_rule(TurnEnd::Replaced(square)))
        ),
        Event::RendezvousWon { side, taken } => format!(
            "{side} wins the Rendezvous: {}'s man on {taken} is removed ({}).",
            !side,
            cite(rules.turn_end_rule(TurnEnd::Removed(taken)))
        ),
        // The die gives a 1879 Mark: its throw is told instead.
        Event::MarkDue { .. } if rules.has_die() => String::new(),
        Event::MarkDue { side } => format!("{side} sets the next Mark."),
        Event::RoundOver { score } => format!(
            "The round is over: Black {}, Yellow {} (Rules 9 and 10, 1879).",
            score.of(crate::engine::Side::Black),
            score.of(crate::engine::Side::Yellow)
        ),
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
