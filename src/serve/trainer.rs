//! The puzzle trainer's defence. The user plays the attacker; the defence is:
//!
//! - the written solution's, while every action since the puzzle's start follows it
//!   (an action follows it when it leads to the same position as a written one, so a
//!   turn written in another order of moves still does): the main line's defence, or
//!   the reply written for the variation the user took;
//! - else the prover's ([`crate::prover::defend`], on the worker, within the page's
//!   prover budget and its stop flag): a refutation — a defence after which the goal
//!   can no longer be forced in the turns left — or, when the goal is still forced (a
//!   dual, or another way that works), the defence that holds out longest;
//! - and when the prover's budget runs out, lanrick's choice at its strongest level.
//!
//! Each defence comes with a sentence saying which it was, for the page's log.

use crate::engine::{Action, Position, Side};
use crate::player::Choice;
use crate::prover::{Defended, Goal};
use crate::session::Session;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

/// One action of the written solution: the step it was played from, who played it,
/// its text in the notation (prefix left out) and the position after it.
#[derive(Clone, Debug)]
struct Written {
    parent: Option<usize>,
    side: Option<Side>,
    action: String,
    position: Position,
}

/// A puzzle's written solution as a tree of positions (its main line and its
/// variations), replayed by the interpreter from the puzzle's tags.
#[derive(Clone, Debug, Default)]
pub struct Trainer {
    /// The start (index 0) and every action of the solution that replayed cleanly.
    written: Vec<Written>,
}

impl Trainer {
    /// The solution of game `which` (1-based) of the file `text`; an empty one when
    /// the file cannot be replayed (the prover then answers every action).
    pub fn new(text: &str, which: usize) -> Trainer {
        let Ok(tree) = crate::render::tree::build(text, Some(which)) else {
            return Trainer::default();
        };
        let Some(game) = tree.games.into_iter().next() else {
            return Trainer::default();
        };
        let written = game
            .steps
            .iter()
            .map(|s| Written {
                parent: s.parent,
                side: s.side,
                action: if s.problem.is_some() {
                    String::new()
                } else {
                    bare(&s.text)
                },
                position: s.position,
            })
            .collect();
        Trainer { written }
    }

    /// The written solution's reply for the side to act in `session`, when every
    /// action since the puzzle's start follows the solution and it writes one: the
    /// reply's action and its text.
    pub fn written_reply(&self, session: &Session) -> Option<(Action, String)> {
        let record = session.record();
        let start = self.written.first()?;
        if start.position != *record.start.position() {
            return None;
        }
        let mut at = 0;
        for step in &record.steps {
            at = self.child(at, step.runner.position())?;
        }
        let pos = session.position();
        let reply = self.children(at).find(|&i| {
            self.written[i].side == Some(pos.to_act()) && !self.written[i].action.is_empty()
        })?;
        let w = &self.written[reply];
        let action = action_to(pos, &w.position)?;
        Some((action, w.action.clone()))
    }

    /// The written actions played from step `at`, the main line's first.
    fn children(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.written.len()).filter(move |&i| self.written[i].parent == Some(at))
    }

    /// The written action from `at` that leads to `position`.
    fn child(&self, at: usize, position: &Position) -> Option<usize> {
        self.children(at)
            .find(|&i| self.written[i].position == *position && !self.written[i].action.is_empty())
    }
}

/// An event's text with its prefix (`2. Y:`) left out, as the session writes it.
fn bare(text: &str) -> String {
    match crate::syntax::parse_line(text).ok().and_then(|items| {
        items.into_iter().find_map(|i| match i {
            crate::syntax::ast::Item::Event(ev) => Some(ev),
            _ => None,
        })
    }) {
        Some(mut ev) => {
            ev.prefix = crate::syntax::ast::Prefix::default();
            crate::fmt::format_action(&ev)
        }
        None => String::new(),
    }
}

/// The turn from `pos` that leads to `target`, as the engine's visitor gives it.
fn action_to(pos: &Position, target: &Position) -> Option<Action> {
    let mut found = None;
    let _ = crate::engine::search::visit_outcomes(pos, |a, c| {
        if c == target {
            found = Some(a.to_action());
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}

/// lanrick's defence in a trained puzzle, thought on a copy of the session (on the
/// worker): the action to play and the sentence saying where it comes from. No
/// action when there is nothing to play (the game is over, or the thinking was
/// stopped before any action was found).
pub fn defend(
    session: &Session,
    trainer: &Trainer,
    limits: &crate::prover::Limits,
    stop: &'static AtomicBool,
) -> (Option<Choice>, String) {
    if let Some((action, text)) = trainer.written_reply(session) {
        let said = format!("Defence from the written solution: {text}.");
        return (Some(choice(action, text, "the written solution", 0)), said);
    }
    let goal = session
        .record()
        .goal
        .as_ref()
        .map(crate::interp::proof::prover_goal);
    let left = session.goal_status().and_then(|p| p.turns_left());
    let (Some(goal), Some(left)) = (goal, left) else {
        return (session.think(Some(stop)), String::new());
    };
    let asked = Goal {
        turns: left,
        ..goal
    };
    let report = crate::prover::defend(session.runner().game(), asked, limits);
    let turns = |n: u32| format!("{n} turn{}", if n == 1 { "" } else { "s" });
    match report.found {
        Defended::Refutes(a) => {
            let said = format!(
                "Refuted: after {a} the goal is out of reach — {} cannot force it in the {} left (proved by lanrick's prover).",
                goal.side,
                turns(left)
            );
            let text = a.to_string();
            (Some(choice(a, text, "refutes", report.nodes)), said)
        }
        Defended::Holds(a, n) => {
            let what = if left + 1 == goal.turns {
                "key"
            } else {
                "action"
            };
            let said = format!(
                "lanrick found no refutation: your {what} works too (not the written solution's line, but the goal is still forced). {a} holds out longest: {} still forces the goal within {}.",
                goal.side,
                turns(n)
            );
            let text = a.to_string();
            (
                Some(choice(a, text, "holds out longest", report.nodes)),
                said,
            )
        }
        Defended::Unknown => {
            let why = match report.cut {
                Some(crate::prover::Cut::Stop) => "was stopped",
                _ => "found no answer within its budget",
            };
            let said = format!(
                "lanrick's prover {why}: lanrick (level {}) defends as it plays.",
                session.lanrick_level()
            );
            (session.think(Some(stop)), said)
        }
    }
}

/// A defence as the session plays lanrick's choices.
fn choice(action: Action, event: String, reason: &str, nodes: u64) -> Choice {
    Choice {
        action,
        event,
        reason: reason.into(),
        score: 0,
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static STOP: AtomicBool = AtomicBool::new(false);

    /// composed-102-01 with its key and main-line defence written.
    const TEXT: &str = "[Position \"4Y2Y/5B1Y/6BB/8/8/8/8/8 B g6 play\"]\n[Goal \"B wins rendezvous in 2\"]\n\nB: g6-h5 h6-g6 x e8\nY: h7-h6\n";

    /// The puzzle loaded as the trainer loads it (lanrick defends at level 0, to be
    /// quick when it falls back), `line` played.
    fn after(line: &str) -> (Session, Trainer) {
        let file = crate::syntax::parse_file(TEXT).expect("a puzzle");
        let mut game = file.games[0].clone();
        game.body.clear();
        let mut s = Session::new(crate::engine::Rules::default());
        s.load(&game, None).expect("it loads");
        s.set_lanrick(Some((Side::Yellow, 0)));
        assert!(s.play(line).problem.is_none(), "{line} is legal");
        (s, Trainer::new(TEXT, 1))
    }

    fn limits(max_nodes: u64) -> crate::prover::Limits {
        crate::prover::Limits {
            max_nodes: Some(max_nodes),
            threads: 1,
            hash_mib: 1,
            ..crate::prover::Limits::default()
        }
    }

    #[test]
    fn the_written_reply_answers_the_key_in_any_order_of_its_moves() {
        for key in ["g6-h5 h6-g6 x e8", "h6-h5 x e8"] {
            let (s, t) = after(key);
            let (action, text) = t.written_reply(&s).expect("a written reply");
            assert_eq!(text, "h7-h6");
            assert_eq!(action.to_string(), "h7-h6");
        }
        let (s, t) = after("g6-f5 h6-g6 x e8");
        assert!(t.written_reply(&s).is_none(), "a wrong key is not written");
    }

    #[test]
    fn a_spent_budget_falls_back_to_lanrick_and_says_so() {
        let (s, t) = after("g6-f5 h6-g6 x e8");
        let (choice, said) = defend(&s, &t, &limits(2), &STOP);
        assert!(choice.is_some(), "lanrick still defends");
        assert!(said.contains("found no answer within its budget"), "{said}");
        let (choice, said) = defend(&s, &t, &limits(1_000_000), &STOP);
        assert!(said.starts_with("Refuted: after "), "{said}");
        assert_eq!(choice.map(|c| c.reason), Some("refutes".to_string()));
    }
}
