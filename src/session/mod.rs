//! A game session without a terminal: the game being played and its record, the games
//! put aside, undo and redo, the 1879 die, lanrick as a player, and what happens told as
//! typed [`Event`]s. Front ends (the REPL, `lanrick play`, later a browser board and an
//! editor server) are thin drivers: they hand a [`Session`] the text a user typed and
//! render what it answers in their own words. This module does no I/O and writes no
//! text of its own (the actions' canonical text comes from [`crate::fmt`]).
//!
//! It owns what is worth telling about an action beyond the board — the action played,
//! an interchange, a man replaced (Rule 7), a Rendezvous won and the man taken, who
//! sets the next Mark, the game's end — and about a line of play: a puzzle's goal met,
//! met too late or out of reach (judged by the engine's [`Progress`], as `check` and
//! the prover judge it), a position's second occurrence in the Rendezvous (D-9: a
//! third is a draw), the die thrown for a 1879 Mark.

pub mod analyse;
mod die;
mod event;
pub mod hint;
mod record;

pub use die::Die;
pub use event::{Event, action_events, goal_event};
pub use hint::{Forced, Hint, Threat};
pub use record::{By, Origin, Record, Step, set_tag, today};

use crate::engine::{DieRule, Due, Position, Progress, Rules, Side};
use crate::interp::{self, Effect, Problem, Runner};
use crate::player::{self, Choice, Limits};
use crate::syntax::ast::{self, Item, Span, Variation};
use std::sync::atomic::AtomicBool;

/// The level lanrick thinks at when it plays no side (`:go`, `:hint`).
pub const DEFAULT_LEVEL: u8 = 3;

/// The most characters of a user's name kept for a tag.
const MAX_USER_CHARS: usize = 80;

/// The name the record gives the user's side when the front end knows no other.
pub const DEFAULT_USER: &str = "Player";

/// The seed of the 1879 die when none is given.
pub const DEFAULT_DIE_SEED: u64 = 1879;

/// What a line of typed text did: the events, in order, of every action it played
/// (then a goal's change and a position's second occurrence), how many of its events
/// and directives were applied, and the first problem, which stopped it.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// What happened, in order.
    pub events: Vec<Event>,
    /// The events and directives applied (actions played and directives checked).
    pub applied: usize,
    /// The actions played.
    pub played: usize,
    /// Whether anything went into the game's record (an action, a comment, a
    /// directive).
    pub recorded: bool,
    /// What stopped the line: a syntax error or an illegal action, with its span in
    /// the line.
    pub problem: Option<Problem>,
    /// The actions undone before this line that it did not play again: kept in the
    /// record as a variation of its first different action, not dropped.
    pub kept_as_variation: usize,
}

/// A game put aside by `:new`, `:setup` or `:load`, which undo can bring back.
#[derive(Clone, Debug)]
struct Earlier {
    record: Record,
    /// The command that put it aside, for the message that brings it back.
    by: &'static str,
}

/// A game put aside: its actions and whether it held unsaved work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aside {
    /// The actions it had played.
    pub actions: usize,
    /// Whether it held unsaved work.
    pub unsaved: bool,
}

/// What undo did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undone {
    /// Actions taken back, the latest first, as `B: a7-b6`.
    Actions(Vec<String>),
    /// At a game's start: the game put aside before it was brought back.
    BroughtBack {
        /// The command that had put it aside.
        by: &'static str,
        /// The actions the game brought back has played.
        actions: usize,
        /// Actions that had been undone in the game dropped (lost with it).
        dropped_undone: usize,
        /// Comments and directives written at the dropped game's start (lost with it).
        dropped_notes: usize,
    },
}

/// A game with unsaved work: the current one (`by` is `None`) or one put aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsaved {
    /// The command that put it aside; `None` for the current game.
    pub by: Option<&'static str>,
    /// The actions it has played.
    pub actions: usize,
}

/// What is due before the user's next action: the die to be thrown (1879), or
/// lanrick to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// A 1879 Mark is due: the die gives it.
    Throw,
    /// lanrick is to play (its side is to act, or it was asked to).
    Lanrick,
}

/// A game loaded into the session.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Actions played along its main line.
    pub actions: usize,
    /// Items of its body not loaded (from its first illegal event on).
    pub left_out: usize,
    /// The game put aside to make room, if any.
    pub aside: Option<Aside>,
}

/// One game session: the game being played, the games put aside by a new game or a
/// load, the rules of new games, the 1879 die, and lanrick as a player.
#[derive(Clone, Debug)]
pub struct Session {
    game: Record,
    earlier: Vec<Earlier>,
    rules: Rules,
    die: Die,
    lanrick: Option<(Side, u8)>,
    seed: u64,
    play_now: bool,
    /// Set by undo and redo: lanrick waits until the user acts (or asks it to play).
    paused: bool,
    /// The user's name, for the record's `Black` or `Yellow` tag.
    user: String,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(Rules::default())
    }
}

impl Session {
    /// A session at the start of a game played by `rules`.
    pub fn new(rules: Rules) -> Session {
        Session {
            game: Record::new(rules, None),
            earlier: Vec::new(),
            rules,
            die: Die::new(DieRule::Plain, DEFAULT_DIE_SEED),
            lanrick: None,
            seed: 0,
            play_now: false,
            paused: false,
            user: DEFAULT_USER.to_string(),
        }
    }

    /// Names the user, for the record's `Black` or `Yellow` tag (a front end passes
    /// the login name, say).
    pub fn set_user(&mut self, name: &str) {
        // A tag's value is one line: control characters are dropped, and the name is
        // kept to a sensible length.
        let name: String = name
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_USER_CHARS)
            .collect();
        let name = name.trim();
        if !name.is_empty() {
            self.user = name.to_string();
        }
    }

    /// The rules of new games.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Sets the rules of new games (`:new 1880`).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The game being played: its record.
    pub fn record(&self) -> &Record {
        &self.game
    }

    /// The game being played, to change its record (its origin after a save, its
    /// tail for comments).
    pub fn record_mut(&mut self) -> &mut Record {
        &mut self.game
    }

    /// Marks the game as saved.
    pub fn mark_saved(&mut self) {
        self.game.dirty = false;
    }

    /// The game as it stands.
    pub fn runner(&self) -> &Runner {
        self.game.runner()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.runner().position()
    }

    /// The game so far as a syntax tree.
    pub fn tree(&self) -> ast::Game {
        self.game.tree()
    }

    /// Plays a line of typed text: events and directives separated by `;`, comments
    /// kept in the record. Events before a bad one stay applied; the bad one is the
    /// reply's problem.
    pub fn play(&mut self, line: &str) -> Reply {
        self.paused = false;
        self.play_by(line, By::User)
    }

    /// [`Session::play`] for an action made by `by`. An action made by the session
    /// (lanrick's, the die's) is recorded with its side and turn number written
    /// (`12. Y: a7-b6`, `B: mark d5`), so that the game's record says who played what.
    fn play_by(&mut self, line: &str, by: By) -> Reply {
        let items = match crate::syntax::parse_line(line) {
            Ok(items) => items,
            Err(e) => {
                return Reply {
                    problem: Some(interp::syntax_problem(&e)),
                    ..Reply::default()
                };
            }
        };
        let goal_before = self.goal_status();
        let mut runner = self.runner().clone();
        let mut before = *runner.position();
        let mut new_steps: Vec<Step> = Vec::new();
        let mut lead: Vec<Item> = Vec::new();
        let mut reply = Reply::default();
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
                                reply.events.extend(action_events(
                                    &before,
                                    played,
                                    after.position(),
                                ));
                                before = *after.position();
                                new_steps.push(Step {
                                    by,
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
                    reply.applied += done.len();
                    if p.is_some() {
                        reply.problem = p;
                        break;
                    }
                }
            }
        }
        if reply.problem.is_some() && reply.applied == 0 {
            // Nothing of the line was taken: a front end offers it again whole, so its
            // comments are not kept twice.
            lead.clear();
        }
        let name = match by {
            By::User => Some(self.user.clone()),
            By::Lanrick => Some(format!("lanrick level {}", self.lanrick_level())),
            By::Die => None,
        };
        for step in &mut new_steps {
            step.write_prefix();
            if let Some(name) = &name {
                self.game.note_player(step.played.side, name);
            }
        }
        reply.played = new_steps.len();
        reply.recorded = !new_steps.is_empty() || !lead.is_empty();
        self.game.tail().append(&mut lead);
        if !new_steps.is_empty() {
            reply.kept_as_variation = follow_undone(&mut self.game.undone, &mut new_steps);
            self.game.steps.extend(new_steps);
            self.after_play(goal_before, &mut reply.events);
        }
        if reply.recorded {
            self.game.dirty = true;
        }
        reply
    }

    /// What is worth telling after actions were played: a goal met or out of reach, a
    /// position seen a second time in the Rendezvous (a third is a draw, D-9).
    fn after_play(&self, goal_before: Option<Progress>, events: &mut Vec<Event>) {
        if let (Some(before), Some(now)) = (goal_before, self.goal_status())
            && let Some(event) = goal_event(&before, &now)
        {
            events.push(event);
        }
        if self.runner().game().result().is_none() && self.repetitions() == 2 {
            events.push(Event::SecondOccurrence);
        }
    }

    /// How many times the current position has occurred in the current Rendezvous:
    /// the game's own repetition history (D-9), the one the draw is decided by.
    pub fn repetitions(&self) -> u8 {
        self.runner().game().occurrences(self.position())
    }

    /// How the puzzle's goal stands along the actions played, counted by the engine
    /// as `check` and the prover count it ([`Progress`]).
    pub fn goal_status(&self) -> Option<Progress> {
        let goal = self.game.goal.as_ref()?;
        let mut progress = Progress::new(interp::proof::prover_goal(goal));
        let mut before = self.game.start.position();
        for s in &self.game.steps {
            let after = s.runner.position();
            progress.note(before, &s.played, after);
            before = after;
        }
        Some(progress)
    }

    /// Takes back `n` of the user's decisions (to redo). When lanrick plays a side, a
    /// decision is the user's last action with everything played after it (lanrick's
    /// replies, the die's throws), so the user is back where they chose; otherwise it
    /// is one action, whoever made it. At a game's start, brings back the game the last
    /// new game or load put aside, dropping the current one. lanrick then waits until
    /// the user acts. `None`: nothing to undo.
    pub fn undo(&mut self, n: usize) -> Option<Undone> {
        if self.game.steps.is_empty() {
            return self.bring_back();
        }
        let mut taken = Vec::new();
        for _ in 0..n {
            if self.game.steps.is_empty() {
                break;
            }
            let group = self.decision_len(&self.game.steps);
            taken.extend(shift(&mut self.game.steps, &mut self.game.undone, group));
        }
        self.game.dirty = true;
        self.paused = true;
        self.play_now = false;
        Some(Undone::Actions(taken))
    }

    /// Plays again `n` of the decisions undone (each with the replies that followed
    /// it), as `B: a7-b6`; `None`: nothing to redo. lanrick then waits until the user
    /// acts.
    pub fn redo(&mut self, n: usize) -> Option<Vec<String>> {
        if self.game.undone.is_empty() {
            return None;
        }
        let mut again = Vec::new();
        for _ in 0..n {
            if self.game.undone.is_empty() {
                break;
            }
            let group = if self.lanrick.is_some() {
                // The undone stack holds the latest undone last: a decision is its
                // user's action (on top) and the replies under it.
                let mut k = 1;
                let u = &self.game.undone;
                while k < u.len() && u[u.len() - 1 - k].by != By::User {
                    k += 1;
                }
                k
            } else {
                1
            };
            again.extend(shift(&mut self.game.undone, &mut self.game.steps, group));
        }
        self.game.dirty = true;
        self.paused = true;
        self.play_now = false;
        Some(again)
    }

    /// How many actions at the end of `steps` make the user's last decision: with
    /// lanrick playing, the replies and throws after the user's last action and that
    /// action; else one.
    fn decision_len(&self, steps: &[Step]) -> usize {
        if self.lanrick.is_none() {
            return 1;
        }
        match steps.iter().rposition(|s| s.by == By::User) {
            Some(i) => steps.len() - i,
            // Nothing of the user's: one action at a time.
            None => 1,
        }
    }

    /// Starts afresh from `start` (the start of the session's rules when `None`),
    /// putting the current game aside; `by` names the command that did it.
    pub fn reset(&mut self, start: Option<Position>, by: &'static str) -> Option<Aside> {
        self.put_aside(Record::new(self.rules, start), by)
    }

    /// Makes `record` the current game, keeping the current one to bring back if
    /// anything was played, undone or written in it (a game just started has nothing
    /// to bring back).
    fn put_aside(&mut self, record: Record, by: &'static str) -> Option<Aside> {
        let old = std::mem::replace(&mut self.game, record);
        if old.is_empty() {
            return None;
        }
        let aside = Aside {
            actions: old.steps.len(),
            unsaved: old.dirty,
        };
        self.earlier.push(Earlier { record: old, by });
        Some(aside)
    }

    /// Brings back the game the last new game or load put aside, dropping the current
    /// one (which has no actions left to undo).
    fn bring_back(&mut self) -> Option<Undone> {
        let e = self.earlier.pop()?;
        let dropped = std::mem::replace(&mut self.game, e.record);
        Some(Undone::BroughtBack {
            by: e.by,
            actions: self.game.steps.len(),
            dropped_undone: dropped.undone.len(),
            dropped_notes: dropped.lead.len(),
        })
    }

    /// Loads `game` (already read from its file, whose rules and `Position` tag are
    /// valid) along its main line up to its first illegal event, putting the current
    /// game aside. `origin` is where it sits in its file. `None` when its `Rules` or
    /// `Position` tag cannot be read (the interpreter reports why).
    pub fn load(&mut self, game: &ast::Game, origin: Option<Origin>) -> Option<Loaded> {
        let rules = match game.tag("Rules").map(|t| t.value.node.parse::<Rules>()) {
            None => Rules::default(),
            Some(Ok(r)) => r,
            Some(Err(_)) => return None,
        };
        let start = match game.tag("Position") {
            Some(t) => Some(Position::parse_as(rules, &t.value.node).ok()?),
            None => None,
        };
        self.rules = rules;
        let goal = game
            .tag("Goal")
            .and_then(|t| crate::syntax::parse_goal(&t.value.node).ok());
        let mut record = Record {
            start: start.map_or_else(|| Runner::for_rules(rules), Runner::from_position),
            header: game.header.clone(),
            dated: false,
            lead: Vec::new(),
            steps: Vec::new(),
            undone: Vec::new(),
            dirty: false,
            goal,
            origin,
            players: [Vec::new(), Vec::new()],
        };
        let mut runner = record.start.clone();
        let mut left_out = 0;
        for (i, item) in game.body.iter().enumerate() {
            let Item::Event(ev) = item else {
                record.tail().push(item.clone());
                continue;
            };
            match runner.apply(ev) {
                Ok(Effect::Played(played)) => record.steps.push(Step {
                    by: By::User,
                    runner: runner.clone(),
                    played,
                    items: vec![item.clone()],
                }),
                Ok(Effect::Checked) => record.tail().push(item.clone()),
                Err(_) => {
                    left_out = game.body.len() - i;
                    break;
                }
            }
        }
        let actions = record.steps.len();
        let aside = self.put_aside(record, ":load");
        Some(Loaded {
            actions,
            left_out,
            aside,
        })
    }

    /// The games with unsaved work: the current one first, then those put aside, the
    /// latest first.
    pub fn unsaved(&self) -> Vec<Unsaved> {
        let mut out = Vec::new();
        if self.game.dirty {
            out.push(Unsaved {
                by: None,
                actions: self.game.steps.len(),
            });
        }
        for e in self.earlier.iter().rev().filter(|e| e.record.dirty) {
            out.push(Unsaved {
                by: Some(e.by),
                actions: e.record.steps.len(),
            });
        }
        out
    }

    /// Whether any game — the current one, or one put aside — has work not saved.
    pub fn has_unsaved(&self) -> bool {
        self.game.dirty || self.earlier.iter().any(|e| e.record.dirty)
    }

    /// The 1879 die.
    pub fn die(&self) -> &Die {
        &self.die
    }

    /// Sets the 1879 die's rule for throws below three and its seed.
    pub fn set_die(&mut self, rule: DieRule, seed: u64) {
        self.die = Die::new(rule, seed);
    }

    /// Treats throws below three by `rule` from now on.
    pub fn set_die_rule(&mut self, rule: DieRule) {
        self.die.set_rule(rule);
    }

    /// Whether a 1879 Mark is due, so that the die is to be thrown.
    pub fn die_due(&self) -> bool {
        self.position().due() == Due::Throw && self.runner().game().result().is_none()
    }

    /// Throws the die for the 1879 Mark due (Rule 3, 1879) and plays `mark <square>`,
    /// which the record keeps: the throw's [`Event::DieThrown`] and the reply of the
    /// Mark played. `None` when no 1879 Mark is due.
    pub fn throw(&mut self) -> Option<(Event, Reply)> {
        if !self.die_due() {
            return None;
        }
        let thrown = self.die.throw();
        let Event::DieThrown { square, .. } = thrown else {
            return None;
        };
        Some((thrown, self.play_by(&format!("mark {square}"), By::Die)))
    }

    /// The side lanrick plays and its level, if any.
    pub fn lanrick(&self) -> Option<(Side, u8)> {
        self.lanrick
    }

    /// Lets lanrick play `side` at `level` (`None`: nobody).
    pub fn set_lanrick(&mut self, player: Option<(Side, u8)>) {
        self.lanrick = player;
    }

    /// Sets the seed of lanrick's choices.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Asks lanrick to play the next action, whoever's it is (`:go`).
    pub fn play_now(&mut self) {
        self.play_now = true;
    }

    /// The level lanrick thinks at: its side's, else [`DEFAULT_LEVEL`].
    pub fn lanrick_level(&self) -> u8 {
        self.lanrick.map_or(DEFAULT_LEVEL, |(_, l)| l)
    }

    /// Whether lanrick is to play now: it was asked to, or it is its side's action,
    /// and the game is not over.
    pub fn lanrick_due(&self) -> bool {
        let runner = self.runner();
        if runner.game().result().is_some() {
            return false;
        }
        self.play_now
            || (!self.paused
                && self
                    .lanrick
                    .is_some_and(|(side, _)| runner.position().to_act() == side))
    }

    /// What is due before the user acts: the die, then lanrick; `None` when it is the
    /// user's turn (or the game is over).
    pub fn next(&self) -> Option<Next> {
        if self.die_due() {
            Some(Next::Throw)
        } else if self.lanrick_due() {
            Some(Next::Lanrick)
        } else {
            None
        }
    }

    /// Gives up a pending request that lanrick play now.
    pub fn cancel_play_now(&mut self) {
        self.play_now = false;
    }

    /// lanrick's choice for the next action at its level (`stop`, set by Ctrl-C, ends
    /// the thinking with the best action found so far).
    pub fn think(&self, stop: Option<&'static AtomicBool>) -> Option<Choice> {
        // At the prompt the top levels answer within 2 s even in the most crowded
        // positions (matches leave the time unset, so that their games replay).
        let limits = Limits {
            time: (self.lanrick_level() >= player::SLOW_LEVEL)
                .then(|| std::time::Duration::from_millis(1900)),
            ..Limits::level(self.lanrick_level(), self.seed)
        };
        player::choose(self.runner().game(), &limits, stop)
    }

    /// A hint for the side to act, thought at `level` (lanrick's seed; `stop`, set by
    /// Ctrl-C, ends the thinking early): the suggested action and the facts that
    /// explain it. `None` when the game is over.
    pub fn hint(&self, level: u8, stop: Option<&'static AtomicBool>) -> Option<Hint> {
        hint::hint(self.runner().game(), level, self.seed, stop)
    }

    /// Plays lanrick's choice as if it had been typed: the record holds it as a normal
    /// event.
    pub fn play_choice(&mut self, choice: &Choice) -> Reply {
        self.play_now = false;
        self.play_by(&choice.event, By::Lanrick)
    }
}

/// Puts what was undone beside the actions just played, so a new line after an undo
/// loses nothing: while the new actions are the ones undone, the undone steps come
/// back as they were (with their comments, glyphs and variations, the new line's own
/// comments after them); from the first action that differs, the rest of the undone
/// line becomes a variation of that action (an alternative played from the same
/// position) and nothing is left to redo. The number of actions put in a variation.
fn follow_undone(undone: &mut Vec<Step>, new_steps: &mut [Step]) -> usize {
    for step in new_steps.iter_mut() {
        let Some(top) = undone.last() else { return 0 };
        if top.action() == step.action() && top.played.side == step.played.side {
            let Some(old) = undone.pop() else { return 0 };
            let typed = std::mem::take(&mut step.items);
            step.items = old.items;
            step.items.extend(typed.into_iter().skip(1));
            continue;
        }
        let kept = undone.len();
        let mut body = Vec::new();
        while let Some(old) = undone.pop() {
            body.extend(old.items);
        }
        if let Some(Item::Event(ev)) = step.items.first_mut() {
            ev.variations.push(Variation {
                body,
                span: Span::default(),
            });
        }
        return kept;
    }
    0
}

/// Moves up to `n` steps from the top of `from` to the top of `to` (undo: played to
/// undone; redo: back); the actions moved, as `B: a7-b6`.
fn shift(from: &mut Vec<Step>, to: &mut Vec<Step>, n: usize) -> Vec<String> {
    let mut moved = Vec::new();
    for _ in 0..n {
        let Some(step) = from.pop() else { break };
        moved.push(step.label());
        to.push(step);
    }
    moved
}

#[cfg(test)]
mod tests;
