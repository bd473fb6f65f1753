//! Proving a puzzle: a game's `Goal` and written key handed to the prover, and its
//! verdict turned back into a diagnostic on the `Goal` tag or on the written key, with
//! the refutation or the other keys in its labels and help.

use super::codes::Code;
use super::{Problem, Puzzle};
use crate::prover::{self, Limits, Report, Target, Verdict, Wants};
use crate::syntax::ast::{self, GoalTarget};

/// The prover's goal for a `Goal` tag.
pub fn prover_goal(g: &ast::Goal) -> prover::Goal {
    prover::Goal {
        side: g.side.node,
        target: match g.target.node {
            GoalTarget::Rendezvous => Target::Rendezvous,
            GoalTarget::Game => Target::Game,
        },
        turns: g.turns.node,
        help: g.help.is_some(),
    }
}

/// Proves a puzzle (its written key included).
///
/// # Errors
/// A problem on the `Goal` tag when the puzzle cannot be set up (direct play with the
/// other side to act).
pub fn prove(pz: &Puzzle, limits: &Limits) -> Result<Report, Problem> {
    let goal = prover_goal(&pz.goal);
    let wants = Wants {
        written: pz.key.map(|(_, p)| p),
        trees: false,
        line_cap: 2,
        written_text: pz.key_text.clone(),
        verdict_only: true,
        keep: None,
    };
    prover::solve(&pz.start, goal, limits, &wants).map_err(|e| {
        let help = match e {
            prover::SetupError::DieDue => "start from the position after the throw (the die's \
                square in the Position), or add `with help`"
                .to_string(),
            prover::SetupError::GameOver => "a puzzle starts from a position where play goes \
                on: set up the position before the game's end"
                .to_string(),
            prover::SetupError::NoTurns => "give the goal at least one turn (`in 1` or more)".to_string(),
            prover::SetupError::WrongSide { .. } => format!(
                "the position has {} to act; a direct goal is for the side to act, or add `with help`",
                pz.start.to_act()
            ),
        };
        Problem::new(
            Code::GoalSetup,
            format!("this puzzle cannot be proved: {e}"),
            pz.goal_span,
            "this goal",
        )
        .with_help(help)
    })
}

/// The keys that force the goal, written out: `c6-d5 d7-c6 x e6 (in 1)`.
fn key_list(r: &Report) -> Vec<String> {
    r.keys
        .iter()
        .enumerate()
        .filter(|(_, k)| k.depth.is_some())
        .map(|(i, k)| match k.depth {
            Some(d) if d < r.goal.turns => format!("{} (in {d})", r.key_text(i)),
            _ => r.key_text(i),
        })
        .collect()
}

fn join(v: &[String], most: usize) -> String {
    let mut s = v
        .iter()
        .take(most)
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    if v.len() > most {
        s.push_str(&format!(" and {} more", v.len() - most));
    }
    s
}

/// The one-line verdict: `sound — Y wins rendezvous in 2, key c6-d5 d7-c6`.
pub fn verdict_line(r: &Report) -> String {
    let mut s = format!("{} — {}", r.verdict, r.goal);
    let keys = key_list(r);
    match r.verdict {
        Verdict::Sound if r.goal.help => {
            if let Some(l) = r.lines.first() {
                let line: Vec<String> = l.iter().map(|(_, a)| a.to_string()).collect();
                s.push_str(&format!(", line {}", line.join("; ")));
            }
        }
        Verdict::Sound => {
            if let Some(i) = r.keys.iter().position(|k| k.depth.is_some()) {
                s.push_str(&format!(", key {}", r.key_text(i)));
            }
        }
        Verdict::Unproven => s.push_str(&format!(" ({})", cut_text(r.cut, r))),
        Verdict::NoSolution => {}
        _ if !keys.is_empty() => s.push_str(&format!(", keys {}", join(&keys, 3))),
        _ => {}
    }
    s
}

/// Which limit ran out, in words: `the time limit of 0.5 s ran out after 1234 nodes`,
/// `the node budget of 1000 nodes was spent`.
pub fn cut_text(cut: Option<prover::Cut>, r: &Report) -> String {
    match cut {
        Some(prover::Cut::Time) => format!(
            "the time limit of {} s ran out after {} nodes",
            r.max_time.map_or(0.0, |d| d.as_secs_f64()),
            r.nodes
        ),
        Some(prover::Cut::Stop) => format!("the search was stopped after {} nodes", r.nodes),
        Some(prover::Cut::Nodes) | None => {
            format!("the node budget of {} nodes was spent", r.max_nodes)
        }
    }
}

/// What each verdict means, as the notation's Puzzles section defines it: cited in the
/// diagnostic the way a rule is.
fn meaning(v: Verdict, help: bool) -> &'static str {
    match (v, help) {
        (Verdict::NoSolution, false) => "no first action forces the goal",
        (Verdict::NoSolution, true) => "no line reaches the goal",
        (Verdict::Refuted, _) => "the written key must force the goal against every defence",
        (Verdict::Short, _) => "the goal must not be reachable in fewer turns than it says",
        (Verdict::Cooked, false) => "exactly one key may force the goal",
        (Verdict::Cooked, true) => "exactly one line may reach the goal",
        (Verdict::Unproven, _) => "a proof that did not finish within its budget proves nothing",
        (Verdict::Sound, _) => "the puzzle is sound",
    }
}

/// Puts the citation in front of a verdict's message, as `Rule 3 (1893): ...` is for a
/// rule: `Puzzles, verdict refuted (the written key must force ...): ...`.
fn cite(mut p: Problem, r: &Report) -> Problem {
    p.message = format!(
        "Puzzles, verdict `{}` ({}): {}",
        r.verdict.name(),
        meaning(r.verdict, r.goal.help),
        p.message
    );
    p
}

/// The diagnostic for a verdict that fails `check` (none for `sound`).
pub fn verdict_problem(pz: &Puzzle, r: &Report) -> Option<Problem> {
    let goal = r.goal;
    let code = Code::verdict(r.verdict);
    let keys = key_list(r);
    let on_key = pz.key.map(|(s, _)| s);
    let key_text = r.written.map(|i| r.key_text(i)).unwrap_or_default();
    let p = match r.verdict {
        Verdict::Sound => return None,
        Verdict::NoSolution => Problem::new(
            code,
            if goal.help {
                format!("no line reaches the goal: {goal}")
            } else {
                format!("no first action of {} forces the goal: {goal}", goal.side)
            },
            pz.goal_span,
            "no solution",
        )
        .with_help(format!(
            "the search was complete ({} nodes); check the position, the side or the number of turns",
            r.nodes
        )),
        Verdict::Refuted => {
            let what = if goal.help {
                "no line through the written key reaches the goal".to_owned()
            } else {
                match r.refutations.first() {
                    Some(d) => format!("{} escapes with `{d}`", !goal.side),
                    None => "it does not reach the goal in time".to_owned(),
                }
            };
            let mut p = Problem::new(
                code,
                format!("the key `{key_text}` does not force the goal ({goal}): {what}"),
                on_key.unwrap_or(pz.goal_span),
                match r.refutations.first() {
                    Some(d) => format!("refuted by `{d}`"),
                    None => "refuted".to_owned(),
                },
            );
            if on_key.is_some() {
                p = p.with_label(pz.goal_span, "this goal");
            }
            let mut help = format!("the keys that force it: {}", join(&keys, 6));
            if r.refutations.len() > 1 {
                let refs: Vec<String> = r.refutations.iter().map(ToString::to_string).collect();
                help.push_str(&format!("; refutations: {}", join(&refs, 6)));
            }
            p.with_help(help)
        }
        Verdict::Short => {
            let d = r.shortest.unwrap_or(goal.turns);
            let short: Vec<String> = r
                .true_keys()
                .filter(|k| k.depth.is_some_and(|x| x < goal.turns))
                .map(|k| k.act.to_string())
                .collect();
            let what = if goal.help { "reached" } else { "forced" };
            Problem::new(
                code,
                format!(
                    "the goal can be {what} in {d} of {}'s turns, fewer than the {} the goal says",
                    goal.side, goal.turns
                ),
                pz.goal_span,
                format!("solvable in {d}"),
            )
            .with_help(if goal.help {
                format!("write `in {d}`")
            } else {
                format!("{} forces it in {d}: write `in {d}`", join(&short, 4))
            })
        }
        Verdict::Cooked => {
            let others: Vec<String> = r
                .keys
                .iter()
                .enumerate()
                .filter(|(i, k)| k.depth.is_some() && Some(*i) != r.written)
                .map(|(_, k)| k.act.to_string())
                .collect();
            let message = if goal.help {
                format!(
                    "the puzzle is cooked: {} lines reach the goal ({goal})",
                    if r.line_count >= 2 { "several".to_owned() } else { r.line_count.to_string() }
                )
            } else {
                format!(
                    "the puzzle is cooked: {}{} keys force the goal ({goal})",
                    if r.all_keys() { "" } else { "at least " },
                    keys.len()
                )
            };
            let mut p = Problem::new(
                code,
                message,
                on_key.unwrap_or(pz.goal_span),
                if goal.help {
                    "another line reaches it too".to_owned()
                } else {
                    format!("another key works too: `{}`", others.first().cloned().unwrap_or_default())
                },
            );
            if on_key.is_some() {
                p = p.with_label(pz.goal_span, "this goal");
            }
            p.with_help(if goal.help {
                let lines: Vec<String> = r
                    .lines
                    .iter()
                    .map(|l| l.iter().map(|(_, a)| a.to_string()).collect::<Vec<_>>().join("; "))
                    .collect();
                format!("lines: {}", join(&lines, 2))
            } else {
                format!("the other keys: {}", join(&others, 6))
            })
        }
        Verdict::Unproven => Problem::new(
            code,
            format!(
                "the proof of {goal} did not finish: {}",
                cut_text(r.cut, r)
            ),
            pz.goal_span,
            "unproven",
        )
        .with_help(format!(
            "{} nodes were searched; raise {}, or check with `--no-prove`",
            r.nodes,
            match r.cut {
                Some(prover::Cut::Time) => "`--max-time`",
                _ => "`--max-nodes`",
            }
        )),
    };
    Some(cite(p, r))
}
