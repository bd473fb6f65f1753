//! What `solve` and `compose` write of a proof, and the browser board shows of one: the
//! solution as chess problem solvers write it, numbered and indented by move, the key
//! marked `!`, each attacker's action with its threat, the defences each with its
//! winning reply and the duals counted, the tries marked `?` with their refutations
//! marked `!` — in the notation, so that it pastes into a puzzle file and `check`
//! replays it — and the same proof as one JSON document. One writer for each:
//! [`text`] (the lines alone: [`solution_lines`]) and [`json`]. Strings only: the CLI
//! prints them, `lanrick serve` sends them.

use crate::engine::{Action, Position, Rules, Side};
use crate::interp::proof;
use crate::prover::{self, Report, Tree};
use std::fmt::Write as _;

/// How many alternatives (defences, help lines) a point shows before it is summarised.
pub const SHOWN: usize = 6;

/// One event of a solution as the writer sees it: who plays what, its glyph, its
/// notes (threat, duals), and the alternatives after it (the first one is followed).
struct Node {
    side: Side,
    act: Action,
    glyph: &'static str,
    notes: Vec<String>,
    next: Vec<Node>,
    /// What the alternatives left out say (`and 40 more defences, ...`).
    more: Option<String>,
}

/// The text of an event with its number (numbered actions only: turns, passes, 1880
/// Mark moves), and the number after it.
fn event(n: u32, side: Side, act: &Action) -> (String, u32) {
    if act.is_numbered() {
        (format!("{n}. {}: {act}", side.letter()), n + 1)
    } else {
        (format!("{}: {act}", side.letter()), n)
    }
}

fn indent(d: usize) -> String {
    "  ".repeat(d)
}

/// The line of one event: number, side, action, glyph and notes.
fn line(node: &Node, n: u32) -> (String, u32) {
    let (mut s, next) = event(n, node.side, &node.act);
    if !node.glyph.is_empty() {
        s.push(' ');
        s.push_str(node.glyph);
    }
    if !node.notes.is_empty() {
        let _ = write!(s, " {{ {} }}", node.notes.join("; "));
    }
    (s, next)
}

/// Writes `node` at depth `d` with the number `n`, then what follows it.
fn write_node(out: &mut Vec<String>, node: &Node, variations: &[Node], d: usize, n: u32) {
    let (l, next) = line(node, n);
    out.push(format!("{}{l}", indent(d)));
    write_variations(out, variations, d, n);
    write_after(out, node, d + 1, next);
}

/// Writes `variations` at depth `d` with the number `n`: each an alternative from the
/// same point, in parentheses, with its own continuation inside.
fn write_variations(out: &mut Vec<String>, variations: &[Node], d: usize, n: u32) {
    for v in variations {
        let (l, vn) = line(v, n);
        out.push(format!("{}( {l}", indent(d)));
        write_after(out, v, d + 1, vn);
        if let Some(last) = out.last_mut() {
            last.push_str(" )");
        }
    }
}

/// Writes the alternatives after `node` at depth `d`: the first one, the others as
/// its variations, the summary of those left out, then the first one's continuation.
fn write_after(out: &mut Vec<String>, node: &Node, d: usize, n: u32) {
    let Some((first, rest)) = node.next.split_first() else {
        return;
    };
    let (l, next) = line(first, n);
    out.push(format!("{}{l}", indent(d)));
    write_variations(out, rest, d, n);
    if let Some(more) = &node.more {
        out.push(format!("{}{{ {more} }}", indent(d)));
    }
    write_after(out, first, d + 1, next);
}

/// A solution tree as nodes: the attacker's actions with their threats, the
/// defences with their winning replies (duals noted), summarised past [`SHOWN`]
/// defences unless `full`.
fn tree_node(t: &Tree, attacker: Side, glyph: &'static str, duals: u64, full: bool) -> Node {
    let mut notes = Vec::new();
    if let Some(threat) = &t.threat {
        notes.push(format!("threat: {threat}"));
    }
    if duals > 0 {
        notes.push(format!(
            "dual: {duals} other winning repl{}",
            if duals == 1 { "y" } else { "ies" }
        ));
    }
    if t.incomplete && t.next.is_empty() {
        notes.push("incomplete: a limit cut this node".to_owned());
    }
    let shown = if full {
        t.next.len()
    } else {
        t.next.len().min(SHOWN + 1)
    };
    let next = t.next[..shown]
        .iter()
        .map(|k| {
            // A defence's duals are its reply's: other replies that win too.
            let d = if k.side == attacker { t.duals } else { 0 };
            tree_node(k, attacker, "", d, full)
        })
        .collect();
    let left = t.answers() - shown;
    Node {
        side: t.side,
        act: t.act.clone(),
        glyph,
        notes,
        next,
        more: (left > 0)
            .then(|| format!("and {left} more defences, each answered; --full shows them")),
    }
}

/// Help play's lines merged where they share a beginning, summarised past [`SHOWN`]
/// alternatives at a point unless `full`.
fn help_nodes(lines: &[Vec<(Side, Action)>], full: bool) -> Vec<Node> {
    let mut roots = Vec::new();
    for l in lines {
        insert(&mut roots, l);
    }
    summarise(roots, full)
}

/// Adds a line to the alternatives `at`.
fn insert(at: &mut Vec<Node>, line: &[(Side, Action)]) {
    let Some(((side, act), rest)) = line.split_first() else {
        return;
    };
    let i = match at.iter().position(|n| n.side == *side && n.act == *act) {
        Some(i) => i,
        None => {
            at.push(Node {
                side: *side,
                act: act.clone(),
                glyph: "",
                notes: Vec::new(),
                next: Vec::new(),
                more: None,
            });
            at.len() - 1
        }
    };
    insert(&mut at[i].next, rest);
}

/// The lines through a node.
fn count(n: &Node) -> usize {
    if n.next.is_empty() {
        1
    } else {
        n.next.iter().map(count).sum()
    }
}

/// Keeps the first [`SHOWN`] + 1 alternatives at each point (all with `full`),
/// counting the lines left out.
fn summarise(at: Vec<Node>, full: bool) -> Vec<Node> {
    at.into_iter()
        .map(|mut n| {
            let mut kids = std::mem::take(&mut n.next);
            if !full && kids.len() > SHOWN + 1 {
                let left: usize = kids[SHOWN + 1..].iter().map(count).sum();
                kids.truncate(SHOWN + 1);
                n.more = Some(format!(
                    "and {left} more line{}; --full shows them",
                    if left == 1 { "" } else { "s" }
                ));
            }
            n.next = summarise(kids, full);
            n
        })
        .collect()
}

/// The solution as lines of the notation (no header): in direct play the first key
/// with the other keys and the tries as its variations (a try `?` with each of its
/// refutations `!`), then its defences; in help play the first line with the others
/// as variations where they leave it.
pub fn solution_lines(r: &Report, tries: &prover::Tries, full: bool) -> Vec<String> {
    let mut out = Vec::new();
    if r.goal.help {
        let nodes = help_nodes(&r.lines, full);
        if let Some((first, rest)) = nodes.split_first() {
            write_node(&mut out, first, rest, 0, 1);
        }
        return out;
    }
    let attacker = r.goal.side;
    // Each key marked `!`; the defender's other choices of men after an interchange
    // demand follow it as its variations.
    let mut keys: Vec<Node> = Vec::new();
    for (_, trees) in groups(r) {
        for (i, t) in trees.iter().enumerate() {
            let mut node = tree_node(t, attacker, if i == 0 { "!" } else { "" }, 0, full);
            if i == 0 && trees.len() > 1 {
                node.notes.push(format!(
                    "{} chooses the men; his other choices follow",
                    !attacker
                ));
            }
            keys.push(node);
        }
    }
    let try_nodes = tries.found.iter().map(|(a, refs)| Node {
        side: attacker,
        act: a.clone(),
        glyph: "?",
        notes: Vec::new(),
        next: refs
            .iter()
            .map(|d| Node {
                side: !attacker,
                act: d.clone(),
                glyph: "!",
                notes: Vec::new(),
                next: Vec::new(),
                more: None,
            })
            .collect(),
        more: None,
    });
    if keys.is_empty() {
        // No key: the tries alone, the first as the main line.
        let tries: Vec<Node> = try_nodes.collect();
        if let Some((first, rest)) = tries.split_first() {
            write_node(&mut out, first, rest, 0, 1);
        }
        return out;
    }
    let first = keys.remove(0);
    keys.extend(try_nodes);
    write_node(&mut out, &first, &keys, 0, 1);
    out
}

/// `solve`'s text: a puzzle file's header, the verdict, the counts, each key with
/// its depth, defences, duals and threat, what the tries found, then the solution
/// ([`solution_lines`]).
pub fn text(
    start: &Position,
    r: &Report,
    tries: &prover::Tries,
    asked_tries: Option<usize>,
    full: bool,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "[Position \"{start}\"]");
    if start.rules() != Rules::default() {
        let _ = writeln!(s, "[Rules \"{}\"]", start.rules());
    }
    let _ = writeln!(s, "[Goal \"{}\"]", r.goal);
    let _ = writeln!(s);
    let _ = writeln!(s, "# {}", proof::verdict_line(r));
    let _ = writeln!(
        s,
        "# {} first actions, {}{} forcing the goal{}; {} nodes in {:.3} s{}",
        r.keys.len(),
        // Some were cut before they were decided: more may force it.
        if r.true_keys().count() > 0 && r.keys.iter().any(|k| k.aborted) {
            "at least "
        } else {
            ""
        },
        r.true_keys().count(),
        match r.shortest {
            Some(d) if !r.all_keys() => format!(
                " in {d} (the others not tried in {}: the goal is forced sooner)",
                r.goal.turns
            ),
            _ => String::new(),
        },
        r.nodes,
        r.time.as_secs_f64(),
        if r.complete {
            String::new()
        } else {
            format!(" (incomplete: {})", proof::cut_text(r.cut, r))
        }
    );
    if r.goal.help {
        let _ = writeln!(
            s,
            "# {} {} the goal{}",
            r.line_count,
            if r.line_count == 1 {
                "line reaches"
            } else {
                "lines reach"
            },
            if (r.lines.len() as u64) < r.line_count {
                " (first ones shown)"
            } else {
                ""
            }
        );
    } else {
        let groups = groups(r);
        let n = groups.len();
        for (i, (key, trees)) in groups.iter().enumerate() {
            let depth = r
                .keys
                .get(*key)
                .and_then(|k| k.depth)
                .unwrap_or(r.goal.turns);
            let duals: u64 = trees.iter().map(Tree::total_duals).sum();
            let (act, answers) = match trees {
                [t] => (
                    t.act.to_string(),
                    format!(
                        "{} defence{}",
                        t.answers(),
                        if t.answers() == 1 { "" } else { "s" }
                    ),
                ),
                _ => (
                    r.keys
                        .get(*key)
                        .map(|k| k.act.to_string())
                        .unwrap_or_default(),
                    format!(
                        "{} chooses the men: {} choices, each answered",
                        !r.goal.side,
                        trees.len()
                    ),
                ),
            };
            let threat = trees.first().and_then(|t| t.threat.as_ref());
            let _ = writeln!(
                s,
                "# key {} of {n}: {act} (in {depth}); {answers}, {duals} dual{}{}{}",
                i + 1,
                if duals == 1 { "" } else { "s" },
                match threat {
                    Some(a) => format!("; threat {a}"),
                    None => String::new(),
                },
                if trees.iter().any(Tree::is_incomplete) {
                    format!(
                        "; tree incomplete ({}): defences, replies or duals may be missing",
                        proof::cut_text(r.cut, r)
                    )
                } else {
                    String::new()
                },
            );
        }
    }
    if let Some(d) = asked_tries {
        if tries.found.is_empty() {
            let _ = writeln!(
                s,
                "# tries: none (no other first action fails against at most {d} defence{})",
                if d == 1 { "" } else { "s" }
            );
        }
        for (a, refs) in &tries.found {
            let list: Vec<String> = refs.iter().map(|d| format!("`{d}`")).collect();
            let _ = writeln!(s, "# try {a}: refuted by {}", list.join(", "));
        }
        if tries.cut.is_some() {
            let _ = writeln!(
                s,
                "# tries incomplete ({}): some may be missing",
                proof::cut_text(tries.cut, r)
            );
        }
    }
    for l in solution_lines(r, tries, full) {
        let _ = writeln!(s, "{l}");
    }
    s
}

/// The trees of each key that forces the goal, in order: one, or one for each of the
/// defender's choices when the key is an interchange demand whose men he chooses.
fn groups(r: &Report) -> Vec<(usize, &[Tree])> {
    let mut out: Vec<(usize, &[Tree])> = Vec::new();
    let mut from = 0;
    for i in 1..=r.trees.len() {
        if i == r.trees.len() || r.tree_keys.get(i) != r.tree_keys.get(from) {
            let key = r.tree_keys.get(from).copied().unwrap_or(from);
            out.push((key, &r.trees[from..i]));
            from = i;
        }
    }
    out
}

/// A tree as JSON: each action with its side, number, resulting position, threat,
/// duals and what follows.
fn tree_json(t: &Tree, n: u32) -> serde_json::Value {
    let (number, next_n) = if t.act.is_numbered() {
        (Some(n), n + 1)
    } else {
        (None, n)
    };
    serde_json::json!({
        "side": t.side.letter().to_string(),
        "number": number,
        "action": t.act.to_string(),
        "position": t.position.to_string(),
        "threat": t.threat.as_ref().map(ToString::to_string),
        "duals": t.duals,
        "incomplete": t.incomplete,
        "next": t.next.iter().map(|k| tree_json(k, next_n)).collect::<Vec<_>>(),
    })
}

/// `solve --format json`: the puzzle, the verdict, each key with its resulting
/// position, depth, threat, duals and tree; the refutations of a written key; the
/// tries with their refutations; help play's lines; and the budget used.
pub fn json(
    start: &Position,
    r: &Report,
    tries: &prover::Tries,
    asked_tries: Option<usize>,
) -> serde_json::Value {
    let groups = groups(r);
    let keys: Vec<serde_json::Value> = r
        .keys
        .iter()
        .enumerate()
        .filter(|(_, k)| k.depth.is_some())
        .map(|(i, k)| {
            let trees: &[Tree] = groups
                .iter()
                .find(|(key, _)| *key == i)
                .map_or(&[], |(_, t)| t);
            serde_json::json!({
                "action": k.act.to_string(),
                "positions": k.positions.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "depth": k.depth,
                "threat": trees.first().and_then(|t| t.threat.as_ref()).map(ToString::to_string),
                "defences": trees.iter().map(Tree::answers).sum::<usize>(),
                "duals": trees.iter().map(Tree::total_duals).sum::<u64>(),
                "trees": trees.iter().map(|t| tree_json(t, 1)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let lines: Vec<Vec<serde_json::Value>> = r
        .lines
        .iter()
        .map(|l| {
            l.iter()
                .map(|(side, a)| {
                    serde_json::json!({ "side": side.letter().to_string(), "action": a.to_string() })
                })
                .collect()
        })
        .collect();
    serde_json::json!({
        "schema_version": 1,
        "position": start.to_string(),
        "rules": start.rules().to_string(),
        "goal": r.goal.to_string(),
        "verdict": r.verdict.name(),
        "summary": proof::verdict_line(r),
        "first_actions": r.keys.len(),
        // Whether every first action was proved at the goal's depth (false when a
        // shorter solution decided the verdict first).
        "all_keys": r.all_keys(),
        "shortest": r.shortest,
        "keys": keys,
        "refutations": r.refutations.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "duals": r.duals,
        "tries": asked_tries.map(|d| serde_json::json!({
            "defences": d,
            "found": tries.found.iter().map(|(a, refs)| serde_json::json!({
                "action": a.to_string(),
                "refutations": refs.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "complete": tries.cut.is_none(),
        })),
        "help_lines": r.goal.help.then(|| serde_json::json!({
            "count": r.line_count,
            "lines": lines,
        })),
        "budget": {
            "max_nodes": r.max_nodes,
            "max_time": r.max_time.map(|d| d.as_secs_f64()),
            "nodes": r.nodes,
            "time": r.time.as_secs_f64(),
            "complete": r.complete,
            "cut": r.cut.map(prover::Cut::name),
        },
    })
}
