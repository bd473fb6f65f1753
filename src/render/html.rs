//! The replay page: one self-contained HTML file (inline SVG, CSS and script, nothing
//! fetched) that steps through every game of a file.
//!
//! The board is drawn once; each step carries its pre-rendered [`svg::overlay`] (the
//! Rendezvous, the men, the last turn's arrows), its position string, caption and an
//! HTML panel with its comments, annotations, directives and problem, all written and
//! escaped here. The script only swaps these strings in, so there is one renderer.
//!
//! Steps are numbered per game: the main line first (step `n` is the position after
//! `n` actions, as with `lanrick render --after n`), then the variations' steps.
//!
//! The page reads its state from the URL: `#game=2&step=5` opens game 2 at step 5
//! (`#step=5` means game 1). Keys: → and ← step forward and back along the line shown,
//! ↓ enters the first variation of the next move, ↑ leaves a variation for the move it
//! replaces, Home and End go to the line's start and end. `#selftest=ArrowRight,ArrowLeft,...` (after
//! the state) dispatches those key presses on load and writes the state after each
//! into `<pre id="selftest">`, for tests in a headless browser; errors the page meets
//! are written into `<pre id="errors">`.

use super::tree::{FileTree, GameTree, Review, Solution, Step, StepReview};
use super::{escape, svg};
use crate::interp::Problem;
use std::fmt::Write;

/// The line and column (1-based, in characters) of byte `offset` of `src`, the text
/// of that line and the offset where it starts.
fn line_col(src: &str, offset: usize) -> (usize, usize, &str, usize) {
    let mut offset = offset.min(src.len());
    while !src.is_char_boundary(offset) {
        offset -= 1;
    }
    let start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = src[offset..].find('\n').map_or(src.len(), |i| offset + i);
    let line = src[..start].matches('\n').count() + 1;
    let col = src[start..offset].chars().count() + 1;
    (line, col, &src[start..end], start)
}

/// A problem as an HTML box: the message, where it is (the line with the faulty text
/// marked), the label, the help and the code.
fn problem_html(p: &Problem, src: &str) -> String {
    let mut out = String::from("<div class=\"problem\" role=\"alert\">");
    let _ = write!(
        out,
        "<p class=\"problem-message\"><strong>✗</strong> {}</p>",
        escape(&p.message)
    );
    let span = p.primary.span;
    if !(span.start == 0 && span.end == 0) && span.start <= src.len() {
        let (line, col, text, begin) = line_col(src, span.start);
        // Mark the span's part of the line.
        let rel_start = span.start.saturating_sub(begin).min(text.len());
        let rel_end = span.end.saturating_sub(begin).clamp(rel_start, text.len());
        let (a, b, c) = match (
            text.get(..rel_start),
            text.get(rel_start..rel_end),
            text.get(rel_end..),
        ) {
            (Some(a), Some(b), Some(c)) => (a, b, c),
            _ => (text, "", ""),
        };
        let _ = write!(
            out,
            "<p class=\"problem-where\">line {line}, column {col}:</p><pre class=\"problem-source\">{}<mark>{}</mark>{}</pre>",
            escape(a),
            escape(b),
            escape(c)
        );
        if !p.primary.text.is_empty() {
            let _ = write!(
                out,
                "<p class=\"problem-label\">{}</p>",
                escape(&p.primary.text)
            );
        }
    }
    if let Some(h) = &p.help {
        let _ = write!(out, "<p class=\"problem-help\">help: {}</p>", escape(h));
    }
    let _ = write!(
        out,
        "<p class=\"problem-code\"><code>{}</code></p></div>",
        escape(&p.code)
    );
    out
}

/// The order of a game's steps on the page: the main line first, then the rest in the
/// order they were played. Returns `order` (page step → tree step) and its inverse.
fn order(g: &GameTree) -> (Vec<usize>, Vec<usize>) {
    let mut seen = vec![false; g.steps.len()];
    let mut order = Vec::with_capacity(g.steps.len());
    for &i in &g.main {
        if let Some(s) = seen.get_mut(i) {
            *s = true;
            order.push(i);
        }
    }
    for (i, s) in seen.iter().enumerate() {
        if !s {
            order.push(i);
        }
    }
    let mut inverse = vec![0; g.steps.len()];
    for (page, &tree) in order.iter().enumerate() {
        inverse[tree] = page;
    }
    (order, inverse)
}

/// The move list entry text of a step.
/// A step's entry in the move list: the event as written, with its side and turn
/// number before it when the file left them out (`3. Y: a7-b6`, `B: mark d5`), so the
/// page says who played what.
fn label(step: &Step) -> String {
    if step.parent.is_none() {
        return "Start".into();
    }
    match (step.prefixed, step.side, step.number) {
        (false, Some(side), Some(n)) => format!("{n}. {}: {}", side.letter(), step.text),
        (false, Some(side), None) => format!("{}: {}", side.letter(), step.text),
        _ => step.text.clone(),
    }
}

/// The computer review of a step as the panel shows it: the evaluation, the class
/// and the better action, a forced win missed.
fn review_html(by: &str, r: &StepReview) -> String {
    let mut out = format!(
        "<div class=\"review\" data-class=\"{}\"><p class=\"review-eval\">Evaluation ({}): <strong>{}</strong> for {}</p>",
        escape(r.class.as_deref().unwrap_or("good")),
        escape(by),
        escape(&r.eval),
        escape(&r.side)
    );
    if let (Some(class), Some(glyph)) = (&r.class, &r.glyph) {
        let _ = write!(
            out,
            "<p class=\"review-class\"><span class=\"ann\">{}</span> {}",
            escape(glyph),
            escape(class)
        );
        if let Some(loss) = &r.loss {
            let _ = write!(out, ", loses {} men", escape(loss));
        }
        out.push_str("</p>");
    }
    if let Some((best, eval)) = &r.best {
        let _ = write!(
            out,
            "<p class=\"review-best\">Better: <code>{}</code> ({})</p>",
            escape(best),
            escape(eval)
        );
    }
    if let Some(m) = &r.missed {
        let _ = write!(out, "<p class=\"review-missed\">Missed {}</p>", escape(m));
    }
    out.push_str("</div>");
    out
}

/// The panel shown for a step: what happened, its comments, directives and problem.
fn detail(g: &GameTree, step: &Step, page: usize, src: &str) -> String {
    let mut out = String::new();
    let where_ = if step.depth == 0 {
        format!(
            "Step {page} of {} (main line)",
            g.main.len().saturating_sub(1)
        )
    } else {
        format!("Variation, {} actions from the start", step.ply)
    };
    let _ = write!(out, "<p class=\"where\">{}</p>", escape(&where_));
    let what = if step.parent.is_none() {
        "The start position".to_string()
    } else {
        label(step)
    };
    let _ = write!(
        out,
        "<p class=\"event\"><span class=\"event-text\">{}</span>",
        escape(&what)
    );
    for a in &step.annotations {
        let _ = write!(out, " <span class=\"ann\">{}</span>", escape(a));
    }
    out.push_str("</p>");
    if let Some((by, r)) = step_review(g, step) {
        out.push_str(&review_html(by, r));
    }
    for c in &step.comments {
        let _ = write!(out, "<p class=\"comment\">{}</p>", escape(c));
    }
    if let Some(p) = &step.problem {
        out.push_str(&problem_html(p, src));
    }
    for n in &step.notes {
        let mark = if n.problem.is_some() { "✗" } else { "✓" };
        let _ = write!(
            out,
            "<p class=\"note\">{mark} <code>{}</code>",
            escape(&n.text)
        );
        for c in &n.comments {
            let _ = write!(out, " <span class=\"comment\">{}</span>", escape(c));
        }
        out.push_str("</p>");
        if let Some(p) = &n.problem {
            out.push_str(&problem_html(p, src));
        }
    }
    out
}

/// The move list of the line starting at tree step `first`, variations nested.
fn line_html(g: &GameTree, first: usize, inverse: &[usize], out: &mut String, depth: usize) {
    let class = if depth == 0 { "line" } else { "line var" };
    let _ = write!(out, "<ol class=\"{class}\">");
    let mut at = Some(first);
    // A line visits each step once: the steps form a tree.
    let mut left = g.steps.len();
    while let Some(i) = at {
        let Some(step) = g.steps.get(i) else { break };
        if left == 0 {
            break;
        }
        left -= 1;
        let page = inverse.get(i).copied().unwrap_or(0);
        let bad = step.problem.is_some() || step.notes.iter().any(|n| n.problem.is_some());
        let review = g.review.as_ref().and_then(|r| r.steps.get(&i));
        let _ = write!(
            out,
            "<li><a class=\"mv{}{}\" href=\"#game={}&amp;step={page}\" data-step=\"{page}\">{}{}</a>",
            if bad { " illegal" } else { "" },
            review
                .and_then(|r| r.class.as_deref())
                .map(|c| format!(" rev-{}", escape(c)))
                .unwrap_or_default(),
            g.number,
            if bad { "✗ " } else { "" },
            escape(&label(step))
        );
        for a in &step.annotations {
            let _ = write!(out, "<span class=\"ann\">{}</span>", escape(a));
        }
        if let Some(r) = review {
            let _ = write!(
                out,
                " <span class=\"eval\" title=\"the evaluation for {}\">{}</span>",
                escape(&r.side),
                escape(&r.eval)
            );
        }
        for c in &step.comments {
            let _ = write!(out, " <span class=\"comment\">{}</span>", escape(c));
        }
        for n in &step.notes {
            let _ = write!(out, " <span class=\"note\">{}</span>", escape(&n.text));
        }
        for &v in &step.variations {
            line_html(g, v, inverse, out, depth + 1);
        }
        out.push_str("</li>");
        at = step.next;
    }
    out.push_str("</ol>");
}

/// The review of `step`, with who made it, when the game has one.
fn step_review<'a>(g: &'a GameTree, step: &Step) -> Option<(&'a str, &'a StepReview)> {
    let review = g.review.as_ref()?;
    let i = g.steps.iter().position(|s| std::ptr::eq(s, step))?;
    Some((review.by.as_str(), review.steps.get(&i)?))
}

/// The game's review in a box: who reviewed it, each side's inaccuracies, mistakes
/// and blunders (as lichess counts them), forced wins missed, and what was left.
fn summary_html(r: &Review) -> String {
    let mut out = format!(
        "<div class=\"review-summary\"><h3>Computer review</h3><p>By {}: {} action{} weighed.</p><table class=\"review-counts\"><tr><th></th><th>?! inaccuracies</th><th>? mistakes</th><th>?? blunders</th><th>wins missed</th></tr>",
        escape(&r.by),
        r.steps.len(),
        if r.steps.len() == 1 { "" } else { "s" }
    );
    for side in ["B", "Y"] {
        let mine: Vec<&StepReview> = r.steps.values().filter(|s| s.side == side).collect();
        let count = |class: &str| {
            mine.iter()
                .filter(|s| s.class.as_deref() == Some(class))
                .count()
        };
        let _ = write!(
            out,
            "<tr data-side=\"{side}\"><th>{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            if side == "B" { "Black" } else { "Yellow" },
            count("inaccuracy"),
            count("mistake"),
            count("blunder"),
            mine.iter().filter(|s| s.missed.is_some()).count()
        );
    }
    out.push_str("</table>");
    if let Some((n, why)) = &r.left {
        let _ = write!(
            out,
            "<p class=\"review-left\">{n} action{} left unreviewed: {}.</p>",
            if *n == 1 { "" } else { "s" },
            escape(why)
        );
    }
    out.push_str("</div>");
    out
}

/// The static part of a game: tags, comments among them, the puzzle, the result, the
/// problems, and the move list.
fn game_html(g: &GameTree, index: usize, inverse: &[usize], src: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<section class=\"game\" id=\"game-{}\" data-game=\"{}\"{}>",
        g.number,
        index,
        if index == 0 { "" } else { " hidden" }
    );
    let _ = write!(out, "<h2>{}</h2>", escape(&g.name));
    if !g.tags.is_empty() {
        out.push_str("<table class=\"tags\">");
        for (k, v) in &g.tags {
            let _ = write!(out, "<tr><th>{}</th><td>{}</td></tr>", escape(k), escape(v));
        }
        out.push_str("</table>");
    }
    for c in &g.intro {
        let _ = write!(out, "<p class=\"comment\">{}</p>", escape(c));
    }
    if let Some(p) = &g.puzzle {
        let (class, solution) = match &p.solution {
            Solution::Meets(n) => (
                "meets",
                format!(
                    "meets the goal in {n} turn{}",
                    if *n == 1 { "" } else { "s" }
                ),
            ),
            Solution::Fails(m) => ("fails", format!("does not meet the goal: {m}")),
            Solution::NotChecked => (
                "unchecked",
                "not judged: an earlier problem stopped the game".to_string(),
            ),
        };
        let _ = write!(
            out,
            "<div class=\"puzzle\"><h3>Puzzle</h3><dl>\
             <dt>Goal</dt><dd class=\"puzzle-goal\">{}</dd>\
             <dt>Written solution</dt><dd class=\"puzzle-solution {class}\">{}</dd>",
            escape(&p.goal),
            escape(&solution),
        );
        match &p.prover {
            Some(f) => {
                let _ = write!(
                    out,
                    "<dt>Prover's verdict</dt><dd class=\"prover-verdict\" data-verdict=\"{}\">{}</dd>",
                    escape(&f.verdict),
                    escape(&f.summary)
                );
                let list = |v: &[String]| {
                    v.iter()
                        .map(|k| format!("<code>{}</code>", escape(k)))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                if !f.keys.is_empty() {
                    let _ = write!(
                        out,
                        "<dt>Key{}</dt><dd class=\"prover-keys\">{}</dd>",
                        if f.keys.len() == 1 { "" } else { "s" },
                        list(&f.keys)
                    );
                }
                if !f.refutations.is_empty() {
                    let _ = write!(
                        out,
                        "<dt>Refutations of the written key</dt><dd class=\"prover-refutations\">{}</dd>",
                        list(&f.refutations)
                    );
                }
                if !f.tries.is_empty() {
                    let tries: Vec<String> = f
                        .tries
                        .iter()
                        .map(|(a, refs)| {
                            format!(
                                "<li><code>{}</code> ? refuted by {}</li>",
                                escape(a),
                                list(refs)
                            )
                        })
                        .collect();
                    let _ = write!(
                        out,
                        "<dt>Tries</dt><dd class=\"prover-tries\"><ul>{}</ul></dd>",
                        tries.concat()
                    );
                }
            }
            None => {
                let _ = write!(
                    out,
                    "<dt>Prover's verdict</dt><dd class=\"prover-verdict\" data-verdict=\"none\">not proved</dd>"
                );
            }
        }
        out.push_str("</dl></div>");
    }
    if let Some(r) = &g.review {
        out.push_str(&summary_html(r));
    }
    if let Some(r) = &g.result {
        let _ = write!(out, "<p class=\"result\">Result: {}</p>", escape(r));
    }
    // Problems not shown at a step: wrong tags, an unmet goal.
    let at_steps: Vec<&Problem> = g
        .steps
        .iter()
        .flat_map(|s| {
            s.problem
                .iter()
                .chain(s.notes.iter().filter_map(|n| n.problem.as_ref()))
        })
        .collect();
    for p in &g.problems {
        let shown = at_steps.contains(&p);
        let unmet = g
            .puzzle
            .as_ref()
            .is_some_and(|z| matches!(&z.solution, Solution::Fails(m) if *m == p.message));
        if !shown && !unmet {
            out.push_str(&problem_html(p, src));
        }
    }
    if let Some(&start) = g.main.first() {
        out.push_str("<h3>Moves</h3><nav class=\"moves\">");
        line_html(g, start, inverse, &mut out, 0);
        out.push_str("</nav>");
    }
    out.push_str("</section>");
    out
}

/// The JSON data of one game's steps, in page order.
fn game_json(
    g: &GameTree,
    order: &[usize],
    inverse: &[usize],
    src: &str,
    flip: bool,
) -> serde_json::Value {
    // Each variation's first step, and the step it is an alternative to.
    let mut replaces = vec![None; g.steps.len()];
    for (i, s) in g.steps.iter().enumerate() {
        for &v in &s.variations {
            if let Some(r) = replaces.get_mut(v) {
                *r = Some(i);
            }
        }
    }
    // Up from a variation: to the move its line replaces.
    let up = |mut i: usize| -> Option<usize> {
        for _ in 0..g.steps.len() {
            if let Some(r) = replaces.get(i).copied().flatten() {
                return inverse.get(r).copied();
            }
            i = g.steps.get(i)?.parent?;
        }
        None
    };
    // Down: into the first alternative to the next move.
    let down = |s: &Step| -> Option<usize> {
        let next = g.steps.get(s.next?)?;
        inverse.get(*next.variations.first()?).copied()
    };
    let steps: Vec<serde_json::Value> = order
        .iter()
        .enumerate()
        .filter_map(|(page, &i)| {
            let s = g.steps.get(i)?;
            Some(serde_json::json!({
                "label": label(s),
                "position": s.position.to_string(),
                "caption": svg::caption(&s.position),
                "svg": svg::overlay(&s.position, &svg::Marks::of(s), flip),
                "prev": s.parent.and_then(|p| inverse.get(p).copied()),
                "next": s.next.and_then(|n| inverse.get(n).copied()),
                "up": if s.depth > 0 { up(i) } else { None },
                "down": down(s),
                "problem": s.problem.as_ref().map(|p| p.message.clone()),
                "review": g.review.as_ref().and_then(|r| r.steps.get(&i)).map(|r| serde_json::json!({
                    "side": r.side,
                    "eval": r.eval,
                    "class": r.class,
                    "best": r.best.as_ref().map(|b| &b.0),
                    "missed": r.missed,
                })),
                "detail": detail(g, s, page, src),
            }))
        })
        .collect();
    serde_json::json!({
        "number": g.number,
        "name": g.name,
        "steps": steps,
        "puzzle": g.puzzle.as_ref().map(|p| serde_json::json!({
            "goal": p.goal,
            "solution": match &p.solution {
                Solution::Meets(n) => serde_json::json!({ "meets": true, "turns": n }),
                Solution::Fails(m) => serde_json::json!({ "meets": false, "message": m }),
                Solution::NotChecked => serde_json::json!({ "meets": null }),
            },
            "prover": p.prover.as_ref().map(|f| serde_json::json!({
                "verdict": f.verdict,
                "summary": f.summary,
                "keys": f.keys,
                "refutations": f.refutations,
                "tries": f.tries.iter().map(|(a, r)| serde_json::json!({
                    "action": a,
                    "refutations": r,
                })).collect::<Vec<_>>(),
            })),
        })),
    })
}

/// JSON safe inside a `<script>` element: no `<`, `>` or `&`, and no noncharacter
/// (U+FFFE, U+FFFF), control (serde_json writes C1 controls and DEL raw) or line
/// separator from the file raw in the page (JSON only has them in strings,
/// where the `\u` escapes mean the same).
fn script_json(v: &serde_json::Value) -> String {
    let json = v.to_string();
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if matches!(
            c,
            '<' | '>' | '&' | '\u{fffe}' | '\u{ffff}' | '\u{2028}' | '\u{2029}'
        ) || c.is_control()
        {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// The replay page of a file named `name` (shown as its title), with text `src`
/// already built into `tree`. With `flip`, Black is at the bottom.
pub fn page(name: &str, src: &str, tree: &FileTree, flip: bool) -> String {
    let mut out =
        String::from("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(
        out,
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"lanrick\">\n<title>{} — Lanrick replay</title>",
        escape(name)
    );
    let _ = writeln!(out, "<style>{CSS}</style>\n</head>\n<body>");
    let _ = write!(out, "<header><h1>{}</h1>", escape(name));
    if tree.games.len() > 1 {
        out.push_str("<label class=\"picker\">Game <select id=\"game-picker\">");
        for (i, g) in tree.games.iter().enumerate() {
            let _ = write!(
                out,
                "<option value=\"{}\">{}. {}</option>",
                i + 1,
                g.number,
                escape(&g.name)
            );
        }
        out.push_str("</select></label>");
    }
    out.push_str("</header>\n<main>\n");
    if let Some(p) = &tree.syntax {
        out.push_str("<section class=\"file-problem\"><h2>The file cannot be read</h2>");
        out.push_str(&problem_html(p, src));
        out.push_str("</section>\n");
    }
    if tree.games.is_empty() && tree.syntax.is_none() {
        out.push_str("<p>The file holds no game.</p>\n");
    }
    let mut data = Vec::new();
    let mut games_html = String::new();
    for (i, g) in tree.games.iter().enumerate() {
        let (order, inverse) = order(g);
        games_html.push_str(&game_html(g, i, &inverse, src));
        data.push(game_json(g, &order, &inverse, src, flip));
    }
    if !tree.games.is_empty() {
        let _ = write!(
            out,
            "<section id=\"board-pane\">\n<svg id=\"board-svg\" xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"the board\">{}{}<g id=\"overlay\"></g></svg>\n",
            svg::WIDTH,
            svg::BOARD_HEIGHT,
            svg::defs(),
            svg::background(flip)
        );
        out.push_str(concat!(
            "<div id=\"controls\">",
            "<button id=\"btn-first\" type=\"button\" title=\"Start (Home)\">« Start</button>",
            "<button id=\"btn-prev\" type=\"button\" title=\"Back (←)\">◀ Back</button>",
            "<span id=\"step-label\" title=\"→ ← step, ↓ into a variation, ↑ out of it\"></span>",
            "<button id=\"btn-next\" type=\"button\" title=\"Forward (→)\">Forward ▶</button>",
            "<button id=\"btn-last\" type=\"button\" title=\"End of the line (End)\">End »</button>",
            "</div>\n",
            "<p class=\"keys\">Keys: → ← step · ↓ into a variation · ↑ back out · Home, End</p>\n",
            "<div id=\"caption\" aria-live=\"polite\"></div>\n",
            "<p class=\"posline\">Position: <code id=\"position\"></code></p>\n",
            "<div id=\"detail\"></div>\n",
            "</section>\n"
        ));
        let _ = writeln!(out, "<section id=\"games\">{games_html}</section>");
    }
    out.push_str("</main>\n<pre id=\"selftest\" hidden></pre>\n<pre id=\"errors\" hidden></pre>\n");
    let _ = writeln!(
        out,
        "<script type=\"application/json\" id=\"lanrick-data\">{}</script>",
        script_json(&serde_json::Value::Array(data))
    );
    let _ = writeln!(out, "<script>{SCRIPT}</script>\n</body>\n</html>");
    out
}

/// The page's style sheet.
const CSS: &str = r##"
:root { color-scheme: light; --ink: #1c1c1c; --muted: #5a5a5a; --accent: #0b4fb3; --bad: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", Verdana, sans-serif; color: var(--ink); background: #fafaf7; line-height: 1.45; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 1rem; padding: .6rem 1rem; background: #24323f; color: #fff; }
header h1 { font-size: 1.15rem; margin: 0; font-weight: 600; }
.picker select { font-size: 1rem; margin-left: .3rem; }
main { display: flex; flex-wrap: wrap; gap: 1.2rem; padding: 1rem; align-items: flex-start; }
#board-pane { flex: 0 1 520px; min-width: 280px; position: sticky; top: .5rem; }
#board-svg { width: 100%; height: auto; display: block; background: #fff; border: 1px solid #ddd; }
#controls { display: flex; align-items: center; gap: .4rem; margin: .5rem 0; }
#controls button { font-size: 1rem; padding: .3rem .7rem; border: 1px solid #888; border-radius: 4px; background: #fff; cursor: pointer; }
#controls button:disabled { opacity: .4; cursor: default; }
#controls button:focus-visible { outline: 3px solid var(--accent); }
#step-label { flex: 1; text-align: center; color: var(--muted); font-size: .9rem; }
.keys { font-size: .8rem; color: var(--muted); margin: 0 0 .4rem; text-align: center; }
#caption p { margin: .1rem 0; }
#caption p:first-child { font-weight: 600; }
.posline { font-size: .85rem; color: var(--muted); word-break: break-all; }
.posline code { color: var(--ink); }
#detail { border-top: 1px solid #ddd; padding-top: .4rem; }
.where { color: var(--muted); font-size: .85rem; margin: .2rem 0; }
.event { font-size: 1.05rem; margin: .2rem 0; }
.event-text { font-family: "DejaVu Sans Mono", monospace; font-weight: 600; }
.ann { color: var(--accent); font-weight: 700; margin-left: .15rem; }
.comment { font-style: italic; color: #3b3b3b; }
.eval { font-size: .8rem; color: var(--muted); font-family: "DejaVu Sans Mono", monospace; }
.mv.rev-inaccuracy { color: #8a6d00; } .mv.rev-mistake { color: #c25e00; } .mv.rev-blunder { color: var(--bad); }
.review { border-left: 5px solid #7a9cc6; background: #eef3fa; padding: .3rem .7rem; margin: .4rem 0; }
.review[data-class="inaccuracy"] { border-color: #d4b000; } .review[data-class="mistake"] { border-color: #e07a00; } .review[data-class="blunder"] { border-color: var(--bad); }
.review p { margin: .15rem 0; }
.review-summary { border: 1px solid #ccd; padding: .3rem .7rem; margin: .5rem 0; background: #fff; }
.review-summary h3 { margin: .2rem 0; }
.review-counts th, .review-counts td { padding: .1rem .5rem; text-align: center; }
.note { font-size: .9rem; color: var(--muted); }
.problem { border-left: 5px solid var(--bad); background: #fdeceb; padding: .3rem .7rem; margin: .5rem 0; }
.problem p { margin: .2rem 0; }
.problem-message { font-weight: 600; }
.problem-message strong, .mv.illegal { color: var(--bad); }
.problem-source { background: #fff; padding: .3rem; overflow-x: auto; }
.problem-source mark { background: #ffd2cc; text-decoration: underline wavy var(--bad); }
.problem-help { color: #333; }
.problem-code { font-size: .8rem; color: var(--muted); }
#games { flex: 1 1 360px; min-width: 280px; }
.game h2 { font-size: 1.1rem; margin: .2rem 0 .5rem; }
.game h3 { font-size: 1rem; margin: .8rem 0 .3rem; }
.tags { border-collapse: collapse; font-size: .85rem; }
.tags th { text-align: left; padding-right: .8rem; color: var(--muted); font-weight: normal; }
.puzzle { border: 2px solid #1d5c2e; border-radius: 6px; padding: .2rem .8rem; margin: .6rem 0; background: #f1f8ef; }
.puzzle dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .8rem; margin: .3rem 0; }
.puzzle dt { color: var(--muted); }
.puzzle dd { margin: 0; }
.puzzle-solution.meets::before { content: "✓ "; color: #1d5c2e; font-weight: 700; }
.puzzle-solution.fails::before { content: "✗ "; color: var(--bad); font-weight: 700; }
.result { font-weight: 600; }
.moves { max-height: 60vh; overflow-y: auto; border: 1px solid #ddd; background: #fff; padding: .3rem .5rem; }
ol.line { list-style: none; margin: 0; padding: 0; }
ol.line li { margin: .15rem 0; }
ol.var { margin: .2rem 0 .3rem 1.2rem; padding-left: .6rem; border-left: 3px solid #c9c9c9; font-size: .95em; }
.mv { font-family: "DejaVu Sans Mono", monospace; color: var(--ink); text-decoration: none; padding: 0 .2rem; border-radius: 3px; }
.mv:hover { background: #e8eef8; }
.mv.current { background: var(--accent); color: #fff; }
.moves .comment, .moves .note { font-size: .85rem; }
"##;

/// The page's script: state from the URL, keys, buttons, the game picker, self-test.
const SCRIPT: &str = r##"
(function () {
  "use strict";
  var errors = document.getElementById("errors");
  function fail(text) { errors.hidden = false; errors.textContent += text + "\n"; }
  window.addEventListener("error", function (e) { fail("error: " + e.message); });
  var games = JSON.parse(document.getElementById("lanrick-data").textContent);
  if (!games.length) { return; }
  var overlay = document.getElementById("overlay");
  var state = { game: 0, step: 0 };
  function clamp(n, lo, hi) { return Math.max(lo, Math.min(hi, n)); }
  function show(g, s) {
    g = clamp(g | 0, 0, games.length - 1);
    var steps = games[g].steps;
    if (!steps.length) { s = 0; } else { s = clamp(s | 0, 0, steps.length - 1); }
    state.game = g; state.step = s;
    var sections = document.querySelectorAll("section.game");
    for (var i = 0; i < sections.length; i++) { sections[i].hidden = (i !== g); }
    var picker = document.getElementById("game-picker");
    if (picker) { picker.value = String(g + 1); }
    var step = steps[s];
    var current = document.querySelectorAll(".mv.current");
    for (var j = 0; j < current.length; j++) { current[j].classList.remove("current"); }
    if (!step) {
      overlay.innerHTML = "";
      document.getElementById("position").textContent = "";
      document.getElementById("caption").innerHTML = "";
      document.getElementById("detail").innerHTML = "";
      document.getElementById("step-label").textContent = "no position";
      return;
    }
    overlay.innerHTML = step.svg;
    document.getElementById("position").textContent = step.position;
    var cap = document.getElementById("caption");
    cap.innerHTML = "";
    step.caption.forEach(function (line) {
      var p = document.createElement("p"); p.textContent = line; cap.appendChild(p);
    });
    document.getElementById("detail").innerHTML = step.detail;
    document.getElementById("step-label").textContent = step.label;
    document.getElementById("btn-prev").disabled = step.prev === null;
    document.getElementById("btn-first").disabled = s === 0;
    document.getElementById("btn-next").disabled = step.next === null;
    document.getElementById("btn-last").disabled = step.next === null;
    var link = document.querySelector("#game-" + games[g].number + " .mv[data-step='" + s + "']");
    if (link) {
      link.classList.add("current");
      // Scroll the move list, never the page: the board stays in view.
      var box = link.closest(".moves");
      if (box) {
        var r = link.getBoundingClientRect(), b = box.getBoundingClientRect();
        if (r.top < b.top) { box.scrollTop -= b.top - r.top + 8; }
        else if (r.bottom > b.bottom) { box.scrollTop += r.bottom - b.bottom + 8; }
      }
    }
    var hash = "#game=" + (g + 1) + "&step=" + s;
    if (location.hash.indexOf("selftest") < 0 && location.hash !== hash && history.replaceState) {
      history.replaceState(null, "", hash);
    }
  }
  function go(which) {
    var step = games[state.game].steps[state.step];
    if (!step) { return; }
    if (which === "next" && step.next !== null) { show(state.game, step.next); }
    if (which === "prev" && step.prev !== null) { show(state.game, step.prev); }
    if (which === "down" && step.down !== null) { show(state.game, step.down); }
    if (which === "up" && step.up !== null) { show(state.game, step.up); }
    if (which === "first") { show(state.game, 0); }
    if (which === "last") {
      var s = state.step, steps = games[state.game].steps, guard = steps.length;
      while (steps[s].next !== null && guard-- > 0) { s = steps[s].next; }
      show(state.game, s);
    }
  }
  // A malformed escape (`#step=%E0`) makes decodeURIComponent throw: the value is
  // then taken as written, and the page still shows (game 1, step 0 at worst).
  function decode(v) {
    try { return decodeURIComponent(v); } catch (e) { return v; }
  }
  function fromHash() {
    var params = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i > 0) { params[kv.slice(0, i)] = decode(kv.slice(i + 1)); }
    });
    var g = params.game ? parseInt(params.game, 10) - 1 : 0;
    var s = params.step ? parseInt(params.step, 10) : 0;
    show(isNaN(g) ? 0 : g, isNaN(s) ? 0 : s);
    return params;
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.target && e.target.tagName === "SELECT") { return; }
    var which = { ArrowRight: "next", ArrowLeft: "prev", ArrowDown: "down", ArrowUp: "up",
      Home: "first", End: "last" }[e.key];
    if (which) { e.preventDefault(); go(which); }
  });
  document.getElementById("btn-next").addEventListener("click", function () { go("next"); });
  document.getElementById("btn-prev").addEventListener("click", function () { go("prev"); });
  document.getElementById("btn-first").addEventListener("click", function () { go("first"); });
  document.getElementById("btn-last").addEventListener("click", function () { go("last"); });
  document.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest(".mv") : null;
    if (a) { e.preventDefault(); show(state.game, parseInt(a.getAttribute("data-step"), 10)); }
  });
  var picker = document.getElementById("game-picker");
  if (picker) { picker.addEventListener("change", function () { show(parseInt(picker.value, 10) - 1, 0); }); }
  window.addEventListener("hashchange", fromHash);
  var params = fromHash();
  if (params.selftest !== undefined) {
    var log = document.getElementById("selftest");
    var record = function (what) {
      var step = games[state.game].steps[state.step];
      var current = document.querySelector(".mv.current");
      log.textContent += [what, "game=" + (state.game + 1), "step=" + state.step,
        "label=" + document.getElementById("step-label").textContent,
        "position=" + document.getElementById("position").textContent,
        "men=" + overlay.querySelectorAll("use[*|href='#b'], use[*|href='#y']").length,
        "arrows=" + overlay.querySelectorAll("polyline[marker-end]").length,
        "rendezvous=" + overlay.querySelectorAll("use[*|href='#rv']").length,
        "mark=" + overlay.querySelectorAll("use[*|href='#mk']").length,
        "scrolled=" + window.scrollY,
        "current=" + (current ? current.textContent : ""),
        "problem=" + (step && step.problem ? document.querySelectorAll("#detail .problem").length : 0),
        "review=" + reviewed()
      ].join(" | ") + "\n";
    };
    // The review the panel shows: class, evaluation, better action, missed win.
    var reviewed = function () {
      var r = document.querySelector("#detail .review");
      if (!r) { return ""; }
      var parts = [r.getAttribute("data-class"), r.querySelector(".review-eval strong").textContent];
      var best = r.querySelector(".review-best code");
      if (best) { parts.push("best " + best.textContent); }
      if (r.querySelector(".review-missed")) { parts.push("missed"); }
      return parts.join(" ");
    };
    log.hidden = false;
    record("load");
    params.selftest.split(",").filter(Boolean).forEach(function (key) {
      if (key.indexOf("click:") === 0) {
        var a = document.querySelector("#game-" + games[state.game].number + " .mv[data-step='" + key.slice(6) + "']");
        if (a) { a.click(); } else { fail("no move " + key); }
      } else if (key.indexOf("game:") === 0) {
        var p = document.getElementById("game-picker");
        if (p) { p.value = key.slice(5); p.dispatchEvent(new Event("change")); } else { fail("no picker"); }
      } else {
        document.dispatchEvent(new KeyboardEvent("keydown", { key: key, bubbles: true }));
      }
      record(key);
    });
  }
})();
"##;
