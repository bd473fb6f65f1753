//! A game file as a tree of steps for pictures: every position of the main line and of
//! its variations, with the event that led there, its comments and annotations, the
//! directives checked after it, the men's paths as arrows, and the problem that stopped
//! the game, at the step where it happened.
//!
//! The tree is built with the interpreter's own [`Runner`], in its order (an event,
//! then its variations, then the next event), and stops at the first problem as
//! `check` does. The start of each game is the interpreter's too: the runner
//! [`interp::run_game`] builds from the game's tags, whatever edition they name.

use crate::engine::rendezvous::{RING, RING_INDEX, ring_step};
use crate::engine::{Played, Position, Rendezvous, Side, Square, TurnEnd, Way};
use crate::interp::{self, Effect, Options, Problem, Runner};
use crate::render::svg::Marks;
use crate::syntax::ast::{self, Annotation, CommentKind, Event, EventKind, HeaderItem, Item, Span};

/// The most steps one tree may hold, over all its games: a bigger file would make a
/// page nobody can load. Pick one game of a big collection instead.
pub const MAX_STEPS: usize = 20_000;

/// A man's path in a move: the squares where it turns, from its start to its end (two
/// squares for a straight move; a Rule 6 slide also passes the corners it goes round).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Arrow {
    /// The squares the path goes through, first the start, last the end.
    pub path: Vec<Square>,
    /// Whether the move was refused (drawn dashed, in the warning style).
    pub illegal: bool,
    /// Whether it is the Mark that moved (1880), not a man (drawn dotted, green).
    pub mark: bool,
}

impl Arrow {
    /// A straight arrow from `from` to `to`.
    pub fn straight(from: Square, to: Square, illegal: bool) -> Arrow {
        Arrow {
            path: vec![from, to],
            illegal,
            mark: false,
        }
    }

    /// The path of a Rule 6 slide from `from` to `to` round the border ring, with the
    /// corners it goes round.
    pub fn slide(from: Square, to: Square, anticlockwise: bool) -> Arrow {
        let mut path = vec![from];
        let (start, end) = (
            RING_INDEX[from.index() as usize],
            RING_INDEX[to.index() as usize],
        );
        if start < 28 && end < 28 {
            let mut i = ring_step(start as usize, anticlockwise);
            // At most once round the ring.
            for _ in 0..28 {
                if i == end as usize {
                    break;
                }
                let sq = RING[i];
                if matches!((sq.file(), sq.rank()), (0 | 7, 0 | 7)) {
                    path.push(sq);
                }
                i = ring_step(i, anticlockwise);
            }
        }
        path.push(to);
        Arrow {
            path,
            illegal: false,
            mark: false,
        }
    }
}

/// A directive checked at a step (`assert ...`), as written, with its comments.
#[derive(Clone, Debug)]
pub struct Note {
    /// The directive as written, spaces collapsed.
    pub text: String,
    /// Its comments.
    pub comments: Vec<String>,
    /// Why it failed, if it did.
    pub problem: Option<Problem>,
}

/// One step: a position and the event that led to it.
#[derive(Clone, Debug)]
pub struct Step {
    /// The step the event was played from (`None` for the start).
    pub parent: Option<usize>,
    /// The next step of the same line.
    pub next: Option<usize>,
    /// The first steps of the variations written after this step's event: alternatives
    /// to it, played from the same parent.
    pub variations: Vec<usize>,
    /// How deep in variations (0 for the main line).
    pub depth: usize,
    /// How many actions from the start of the game to here.
    pub ply: usize,
    /// The event as written, spaces collapsed (empty for the start).
    pub text: String,
    /// Where the event's prefix and action are in the text the tree was built from
    /// (`None` for the start).
    pub span: Option<Span>,
    /// The side that acted (`None` for the start).
    pub side: Option<Side>,
    /// The turn number of a numbered action (a turn, a pass, a 1880 Mark move).
    pub number: Option<u32>,
    /// Whether the event was written with a prefix (a turn number or a side).
    pub prefixed: bool,
    /// The position after the event (before it, when the event was refused).
    pub position: Position,
    /// The men's paths in the event's turn.
    pub arrows: Vec<Arrow>,
    /// The square of the man taken at the end of the turn (Rule 7 or 8).
    pub taken: Option<Square>,
    /// The Rendezvous the event's turn won (Rule 8), no longer in the position.
    pub won: Option<Rendezvous>,
    /// Annotation glyphs and NAGs, as written (`!?`, `$14`).
    pub annotations: Vec<String>,
    /// Comments written with the event, or after it among the events.
    pub comments: Vec<String>,
    /// Directives checked after the event.
    pub notes: Vec<Note>,
    /// Why the event was refused: the game stops here.
    pub problem: Option<Problem>,
}

/// Whether a puzzle's written solution meets its goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The goal is reached, in this many of the side's turns.
    Meets(u32),
    /// The main line ends without reaching the goal in time (the message says how).
    Fails(String),
    /// An earlier problem stopped the game before the goal could be judged.
    NotChecked,
}

/// A puzzle: its goal and the verdicts on it.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The `Goal` tag as written.
    pub goal: String,
    /// Whether the written solution meets the goal (as `check` says).
    pub solution: Solution,
    /// The prover's verdict on the puzzle, filled when the page is written
    /// (`replay --html` proves it as `check` does); `None` when it was not proved.
    pub prover: Option<ProverFindings>,
    /// What the prover needs: the start, the goal and the written key (`None` when the
    /// tags could not be read).
    pub input: Option<Box<crate::interp::Puzzle>>,
}

/// What the prover found on a puzzle, as the page shows it (texts already written).
#[derive(Clone, Debug, Default)]
pub struct ProverFindings {
    /// The verdict's name: `sound`, `cooked`, `refuted`, ...
    pub verdict: String,
    /// The one-line verdict: `sound — Y wins rendezvous in 1, key c6-d5 d7-c6 ...`.
    pub summary: String,
    /// The keys that force the goal, each with its depth when shorter than the goal's.
    pub keys: Vec<String>,
    /// The refutations of the written key (verdict `refuted`).
    pub refutations: Vec<String>,
    /// The tries (direct play): first actions that fail against one defence, with it.
    pub tries: Vec<(String, Vec<String>)>,
}

/// The computer review of one action (`lanrick analyse`), as the page shows it: the
/// texts are written by the review, the page only places them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepReview {
    /// The side that played the action (`B` or `Y`).
    pub side: String,
    /// The played action's evaluation for that side (`+0.35`, `won`, `lost`).
    pub eval: String,
    /// The class of the mistake, when it is one: `inaccuracy`, `mistake`, `blunder`.
    pub class: Option<String>,
    /// Its glyph: `?!`, `?`, `??`.
    pub glyph: Option<String>,
    /// The better action and its evaluation, when the played one lost something.
    pub best: Option<(String, String)>,
    /// The loss, in men (`0.45`), when there was one.
    pub loss: Option<String>,
    /// A forced win missed: what was won, in how many turns, and its key.
    pub missed: Option<String>,
}

/// One game's computer review (`lanrick analyse --html`).
#[derive(Clone, Debug, Default)]
pub struct Review {
    /// Who reviewed it: `lanrick level 4`.
    pub by: String,
    /// The reviewed actions, by their step in [`GameTree::steps`].
    pub steps: std::collections::BTreeMap<usize, StepReview>,
    /// The main-line actions left unreviewed, and why (`the time ran out`).
    pub left: Option<(usize, String)>,
}

/// One game of a file as steps.
#[derive(Clone, Debug)]
pub struct GameTree {
    /// 1-based number in the file.
    pub number: usize,
    /// The `Event` tag or `game N`.
    pub name: String,
    /// The tags as written, in order.
    pub tags: Vec<(String, String)>,
    /// Comments among the tags.
    pub intro: Vec<String>,
    /// The steps; the start is step 0 (none when the tags themselves are wrong).
    pub steps: Vec<Step>,
    /// The steps of the main line in order.
    pub main: Vec<usize>,
    /// The game's problems as `check` reports them, in order.
    pub problems: Vec<Problem>,
    /// The game's result line, once it is over.
    pub result: Option<String>,
    /// The puzzle, for a game with a `Goal` tag.
    pub puzzle: Option<Puzzle>,
    /// The computer review, when the page is written by `lanrick analyse`.
    pub review: Option<Review>,
}

/// A whole file as steps.
#[derive(Clone, Debug, Default)]
pub struct FileTree {
    /// The syntax error that stopped the file, if any (then there are no games).
    pub syntax: Option<Problem>,
    /// The games built, in order.
    pub games: Vec<GameTree>,
    /// How many games the file holds (built or not).
    pub total: usize,
}

/// Collapses runs of white space in `text` to single spaces.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text of `span` in `src`, spaces collapsed (empty when out of range).
fn slice(src: &str, span: Span) -> String {
    collapse(src.get(span.start..span.end).unwrap_or(""))
}

/// An annotation as written.
fn annotation(a: Annotation) -> String {
    match a {
        Annotation::Good => "!".into(),
        Annotation::Mistake => "?".into(),
        Annotation::Brilliant => "!!".into(),
        Annotation::Blunder => "??".into(),
        Annotation::Interesting => "!?".into(),
        Annotation::Dubious => "?!".into(),
        Annotation::Nag(n) => format!("${n}"),
    }
}

/// Builds the tree of every game of `src`, or with `only` of that game alone (1-based;
/// a number past the last game gives no game: see [`FileTree::total`]).
///
/// # Errors
/// A problem when the games built hold more than [`MAX_STEPS`] steps.
pub fn build(src: &str, only: Option<usize>) -> Result<FileTree, Problem> {
    let file = match crate::syntax::parse_file(src) {
        Ok(f) => f,
        Err(e) => {
            return Ok(FileTree {
                syntax: Some(interp::syntax_problem(&e)),
                games: Vec::new(),
                total: 0,
            });
        }
    };
    let mut budget = MAX_STEPS;
    let games = file
        .games
        .iter()
        .enumerate()
        .filter(|(i, _)| only.is_none_or(|n| n == i + 1))
        .map(|(i, g)| build_game(src, g, i + 1, &mut budget))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|p| {
            // Choosing a game helps only when the steps are spread over several.
            if only.is_some() || file.games.len() == 1 {
                too_large_game()
            } else {
                p
            }
        })?;
    Ok(FileTree {
        syntax: None,
        games,
        total: file.games.len(),
    })
}

/// The problem for a file with more steps than a page may hold.
fn too_large() -> Problem {
    Problem::new(
        crate::interp::Code::RenderTooLarge,
        format!("the file has more than {MAX_STEPS} positions, too many for one page"),
        Span::new(0, 0),
        "",
    )
    .with_help("choose one game of the collection with --game N")
}

/// The problem for one game with more steps than a page may hold: choosing a game does
/// not help, a shorter game does.
fn too_large_game() -> Problem {
    Problem::new(
        crate::interp::Code::RenderTooLarge,
        format!(
            "the game has more than {MAX_STEPS} positions (its main line and variations), too many to draw"
        ),
        Span::new(0, 0),
        "",
    )
    .with_help(
        "split the game into shorter files, or move variations to games of their own; `lanrick replay --each` prints its positions as text",
    )
}

/// The comments among a game's tags, a run of `#` lines read as one paragraph.
fn intro(header: &[HeaderItem]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut joining = false;
    for h in header {
        match h {
            HeaderItem::Comment(c) if c.kind == CommentKind::Line => {
                let text = c.normalized_text();
                match out.last_mut() {
                    Some(last) if joining => {
                        last.push(' ');
                        last.push_str(&text);
                    }
                    _ => out.push(text),
                }
                joining = true;
            }
            HeaderItem::Comment(c) => {
                out.push(c.normalized_text());
                joining = false;
            }
            HeaderItem::Tag(_) => joining = false,
        }
    }
    out
}

/// Builds one game's tree, spending `budget` steps.
fn build_game(
    src: &str,
    g: &ast::Game,
    number: usize,
    budget: &mut usize,
) -> Result<GameTree, Problem> {
    let run = interp::run_game(g, number, Options::default());
    // The start: the runner the interpreter builds from the tags alone.
    let header_only = ast::Game {
        header: g.header.clone(),
        body: Vec::new(),
        span: g.span,
    };
    let start = interp::run_game(&header_only, number, Options::default()).runner;
    let mut tree = GameTree {
        number,
        name: run.name(),
        tags: g
            .tags()
            .map(|t| (t.name.node.clone(), t.value.node.clone()))
            .collect(),
        intro: intro(&g.header),
        steps: Vec::new(),
        main: Vec::new(),
        problems: run.problems.clone(),
        result: run
            .runner
            .as_ref()
            .and_then(|r| r.game().result())
            .map(|r| r.to_string()),
        puzzle: g.tag("Goal").map(|t| Puzzle {
            goal: t.value.node.clone(),
            solution: match (&run.goal, run.problems.last()) {
                (Some(reached), _) => Solution::Meets(reached.turns),
                (None, Some(p)) if p.code == crate::interp::Code::GoalUnmet.as_str() => {
                    Solution::Fails(p.message.clone())
                }
                _ => Solution::NotChecked,
            },
            prover: None,
            input: run.puzzle.clone(),
        }),
        review: None,
    };
    let Some(start) = start else {
        return Ok(tree);
    };
    if *budget == 0 {
        return Err(too_large());
    }
    *budget -= 1;
    tree.steps.push(Step {
        parent: None,
        next: None,
        variations: Vec::new(),
        depth: 0,
        ply: 0,
        text: String::new(),
        span: None,
        side: None,
        number: None,
        prefixed: false,
        position: *start.position(),
        arrows: Vec::new(),
        taken: None,
        won: None,
        annotations: Vec::new(),
        comments: Vec::new(),
        notes: Vec::new(),
        problem: None,
    });
    let mut walk = Walk {
        src,
        steps: std::mem::take(&mut tree.steps),
        budget,
        stopped: false,
    };
    let mut runner = start;
    let main = walk.line(&mut runner, &g.body, 0, 0)?;
    tree.steps = walk.steps;
    tree.main = std::iter::once(0).chain(main).collect();
    Ok(tree)
}

/// The state of a walk through a game's events.
struct Walk<'a, 'b> {
    src: &'a str,
    steps: Vec<Step>,
    budget: &'b mut usize,
    /// Set at the first problem: nothing after it is played (as in `check`).
    stopped: bool,
}

impl Walk<'_, '_> {
    /// Plays the events of `items` from step `from` with `runner`; returns the steps of
    /// the line in order (without `from`).
    fn line(
        &mut self,
        runner: &mut Runner,
        items: &[Item],
        from: usize,
        depth: usize,
    ) -> Result<Vec<usize>, Problem> {
        let mut line = Vec::new();
        let mut at = from;
        for item in items {
            if self.stopped {
                break;
            }
            let ev = match item {
                Item::Comment(c) => {
                    if let Some(s) = self.steps.get_mut(at) {
                        s.comments.push(c.normalized_text());
                    }
                    continue;
                }
                Item::Event(ev) => ev,
            };
            let before = runner.clone();
            let Some(id) = self.event(runner, ev, at, depth)? else {
                continue;
            };
            if let Some(s) = self.steps.get_mut(at) {
                s.next.get_or_insert(id);
            }
            line.push(id);
            at = id;
            if self.stopped {
                break;
            }
            for var in &ev.variations {
                if self.stopped {
                    break;
                }
                let mut r = before.clone();
                let parent = self.steps.get(id).and_then(|s| s.parent).unwrap_or(0);
                let var_line = self.line(&mut r, &var.body, parent, depth + 1)?;
                if let (Some(&first), Some(s)) = (var_line.first(), self.steps.get_mut(id)) {
                    s.variations.push(first);
                }
            }
        }
        Ok(line)
    }

    /// Applies one event at step `at`: a directive becomes a note of `at`; an action a
    /// new step, whose index is returned.
    fn event(
        &mut self,
        runner: &mut Runner,
        ev: &Event,
        at: usize,
        depth: usize,
    ) -> Result<Option<usize>, Problem> {
        let text = slice(self.src, ev.kind_span);
        let comments: Vec<String> = ev.comments.iter().map(|c| c.normalized_text()).collect();
        let before = *runner.position();
        let result = runner.apply(ev);
        if let EventKind::Assert(_) = ev.kind {
            let problem = result.err();
            self.stopped |= problem.is_some();
            if let Some(s) = self.steps.get_mut(at) {
                s.notes.push(Note {
                    text,
                    comments,
                    problem,
                });
            }
            return Ok(None);
        }
        if *self.budget == 0 {
            return Err(too_large());
        }
        *self.budget -= 1;
        let parent = self.steps.get(at);
        let ply = parent.map_or(0, |p| p.ply + 1);
        let mut step = Step {
            parent: Some(at),
            next: None,
            variations: Vec::new(),
            depth,
            ply,
            text: prefixed(self.src, ev, text),
            span: Some(Span::new(ev.span.start, ev.kind_span.end)),
            side: None,
            number: None,
            prefixed: ev.prefix.number.is_some() || ev.prefix.side.is_some(),
            position: *runner.position(),
            arrows: Vec::new(),
            taken: None,
            won: None,
            annotations: ev.annotations.iter().map(|a| annotation(a.node)).collect(),
            comments,
            notes: Vec::new(),
            problem: None,
        };
        match result {
            Ok(Effect::Played(played)) => {
                step.side = Some(played.side);
                step.number = played.numbered.then(|| runner.game().turns_played());
                let marks = action_marks(&before, &played, &step.position);
                step.arrows = marks.arrows;
                step.taken = marks.taken;
                step.won = marks.won;
            }
            Ok(Effect::Checked) => {}
            Err(p) => {
                step.side = Some(runner.position().to_act());
                if let EventKind::Turn { moves, take, .. } = &ev.kind {
                    step.arrows = moves
                        .iter()
                        .map(|m| Arrow::straight(m.from.node, m.to.node, true))
                        .collect();
                    step.taken = take.map(|t| t.square.node);
                }
                step.problem = Some(p);
                self.stopped = true;
            }
        }
        self.steps.push(step);
        Ok(Some(self.steps.len() - 1))
    }
}

/// What to draw for an action played from `before` to `after`: a turn's paths (the
/// 1880 wanderers sent out, the 1879 men radiating), the man taken and the Rendezvous
/// won, or a Mark moved while in play (1880), an arrow from where it stood. The replay
/// page's steps and the browser board's last action use it.
pub fn action_marks(before: &Position, played: &Played, after: &Position) -> Marks {
    let mut marks = Marks::default();
    if let Some(turn) = &played.turn {
        marks.arrows = turn
            .moves
            .iter()
            .map(|m| match m.way {
                Way::Straight(_) => Arrow::straight(m.from, m.to, false),
                Way::Slide { anticlockwise } => Arrow::slide(m.from, m.to, anticlockwise),
            })
            .collect();
        marks.taken = match turn.end {
            TurnEnd::Played => None,
            TurnEnd::Replaced(sq) | TurnEnd::Removed(sq) => Some(sq),
        };
        if let TurnEnd::Removed(_) = turn.end {
            marks.won = before.rendezvous().copied();
        }
        // 1880 Rule 6: the wanderers sent to the border after the take.
        marks.arrows.extend(
            turn.wanderers
                .iter()
                .map(|&(from, to)| Arrow::straight(from, to, false)),
        );
        // A 1879 win empties the squares the turn's men came to (the men in the set
        // radiate to the border; the end of a round clears the board): an arrow into a
        // square with no man would point at nothing, so only the paths to men still
        // standing are drawn.
        marks
            .arrows
            .retain(|a| a.path.last().is_some_and(|&sq| after.man_at(sq).is_some()));
        // 1879 Rule 6: the men of the set radiating to the border.
        marks.arrows.extend(
            turn.radiated
                .iter()
                .map(|&(from, to)| Arrow::straight(from, to, false)),
        );
    }
    if marks.arrows.is_empty()
        && before.phase().in_play()
        && let (Some(a), Some(b)) = (before.rendezvous(), after.rendezvous())
        && a.mark() != b.mark()
    {
        marks.arrows.push(Arrow {
            path: vec![a.mark(), b.mark()],
            illegal: false,
            mark: true,
        });
    }
    marks
}

/// The event's text with its written prefix (`1. Y: a7-b6`), spaces collapsed.
fn prefixed(src: &str, ev: &Event, text: String) -> String {
    let start = [
        ev.prefix.number.map(|n| n.span.start),
        ev.prefix.side.map(|s| s.span.start),
    ]
    .into_iter()
    .flatten()
    .min();
    match start {
        Some(s) if s < ev.kind_span.start => slice(src, Span::new(s, ev.kind_span.end)),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn slides_go_round_the_corners() {
        let a = Arrow::slide(sq("g1"), sq("h5"), true);
        assert_eq!(a.path, vec![sq("g1"), sq("h1"), sq("h5")]);
        let a = Arrow::slide(sq("a4"), sq("h8"), false);
        assert_eq!(a.path, vec![sq("a4"), sq("a8"), sq("h8")]);
        let a = Arrow::slide(sq("a3"), sq("c1"), true);
        assert_eq!(a.path, vec![sq("a3"), sq("a1"), sq("c1")]);
    }

    #[test]
    fn a_game_becomes_steps_with_variations() {
        let src = "mark d5 { c }\n1. Y: a7-b6 e8-e7 !? ( a7-a6 { v } )\nassert to-move B\n";
        let t = build(src, None).unwrap();
        let g = &t.games[0];
        assert_eq!(g.main, vec![0, 1, 2]);
        assert_eq!(g.steps[1].text, "mark d5");
        assert_eq!(g.steps[1].comments, vec!["c"]);
        assert_eq!(g.steps[2].text, "1. Y: a7-b6 e8-e7");
        assert_eq!(g.steps[2].annotations, vec!["!?"]);
        assert_eq!(g.steps[2].notes[0].text, "assert to-move B");
        let v = g.steps[2].variations[0];
        assert_eq!(g.steps[v].parent, Some(1));
        assert_eq!(g.steps[v].depth, 1);
        assert_eq!(g.steps[v].comments, vec!["v"]);
        assert_eq!(g.steps[2].arrows.len(), 2);
    }

    #[test]
    fn an_1879_win_draws_the_men_radiating_from_the_set() {
        let src = "[Rules \"1879\"]\n[Position \"Y6Y/8/8/8/B3B3/3BBB2/8/Y6Y B e4 play 0-0 B\"]\na4-d4 x a8 wanderers h8-f5 h1-f4 a1-d5 radiate e8\n";
        let t = build(src, None).unwrap();
        let g = &t.games[0];
        let step = &g.steps[*g.main.last().unwrap()];
        assert!(step.problem.is_none(), "{:?}", step.problem);
        let mut paths: Vec<String> = step
            .arrows
            .iter()
            .map(|a| format!("{}-{}", a.path[0], a.path[a.path.len() - 1]))
            .collect();
        paths.sort();
        // Each man of the set along the line from the centre e4 to the border; the
        // centre man to his owner's choice; the moves into the emptied set not drawn.
        assert_eq!(
            paths,
            [
                "d3-b1", "d4-a4", "d5-a8", "e3-e1", "e4-e8", "f3-h1", "f4-h4", "f5-h7"
            ]
        );
        for a in &step.arrows {
            let end = a.path[a.path.len() - 1];
            assert!(step.position.man_at(end).is_some(), "{end} holds a man");
        }
    }

    #[test]
    fn a_run_of_line_comments_among_the_tags_is_one_paragraph() {
        let src = "# one\n# two\n[Event \"E\"]\n{ three }\n# four\n[Site \"S\"]\n# five\nmark d5\n";
        let t = build(src, None).unwrap();
        assert_eq!(t.games[0].intro, vec!["one two", "three", "four"]);
        assert_eq!(t.games[0].steps[0].comments, vec!["five"]);
    }

    #[test]
    fn an_illegal_event_is_the_last_step_with_its_problem() {
        let t = build("mark d5\na7-a4\nh5-h4\n", None).unwrap();
        let g = &t.games[0];
        assert_eq!(g.main.len(), 3);
        let last = &g.steps[2];
        assert_eq!(
            last.problem.as_ref().unwrap().code,
            crate::interp::Code::RuleOccupied.as_str()
        );
        assert!(last.arrows[0].illegal);
        assert_eq!(last.position, g.steps[1].position);
    }
}
