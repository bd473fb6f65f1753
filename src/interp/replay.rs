//! One game's replay: its tags read, its body's events applied by a [`Runner`] (all at
//! once, or fed in parts for a large game), its variations run on copies, and at the
//! end its `Goal` checked along the main line and its `Result` tag against the result.

use super::*;

/// How far a goal has come along the main line: the engine's count
/// ([`crate::engine::Progress`], the one definition the prover and the REPL use too),
/// the goal as written, and where it was lost.
struct GoalTrack {
    goal: ast::Goal,
    progress: crate::engine::Progress,
    /// The event that lost the goal.
    lost_at: Option<Span>,
}

impl GoalTrack {
    fn new(goal: ast::Goal) -> GoalTrack {
        GoalTrack {
            goal,
            progress: crate::engine::Progress::new(proof::prover_goal(&goal)),
            lost_at: None,
        }
    }

    /// Notes an action of the main line played from `before` (at `at`).
    fn note(
        &mut self,
        before: &Position,
        played: &crate::engine::Played,
        after: &Position,
        at: Span,
    ) {
        if self.progress.note(before, played, after)
            && matches!(
                self.progress.settled(),
                Some(crate::engine::Settled::Lost(_))
            )
        {
            self.lost_at = Some(at);
        }
    }
}

/// Interprets one game of a file.
pub fn run_game(g: &ast::Game, number: usize, opts: Options) -> GameRun {
    match Replay::start(g, number, opts) {
        Ok(mut replay) => {
            replay.feed(&g.body, 0);
            replay.finish()
        }
        Err(run) => *run,
    }
}

/// A game being interpreted, its body fed in parts ([`Replay::feed`]): what
/// [`run_game`] does at once, for a game too large to hold as one syntax tree
/// (`check` reads such a game a part at a time, [`check_game_text`]).
pub struct Replay {
    run: GameRun,
    runner: Runner,
    goal: Option<(GoalTrack, Span)>,
    /// The `Result` tag, checked at the end.
    result_tag: Option<ast::Tag>,
    /// No problem so far: the main line goes on.
    ok: bool,
    /// The last action played on the main line.
    last_played: Option<Span>,
    opts: Options,
}

impl Replay {
    /// The replay of the game whose header is `g`'s (its body is not read), or the
    /// finished run when the header already stops it (a bad tag).
    ///
    /// # Errors
    /// The game's run, boxed, with the header's problem.
    pub fn start(g: &ast::Game, number: usize, opts: Options) -> Result<Replay, Box<GameRun>> {
        let mut run = GameRun {
            number,
            event: g.tag("Event").map(|t| t.value.node.clone()),
            span: g.span,
            runner: None,
            positions: Vec::new(),
            problems: Vec::new(),
            goal: None,
            has_goal: g.tag("Goal").is_some(),
            goal_open: false,
            puzzle: None,
        };
        let result_tag = g.tag("Result");
        if let Some(p) = result_tag.and_then(bad_result_value) {
            run.problems.push(p);
            return Err(Box::new(run));
        }
        let setup = (|| -> Result<(Runner, Option<(GoalTrack, Span)>), Problem> {
            let rules = match g.tag("Rules") {
                Some(t) => rules_at(&t.value.node, t.value.span)?,
                None => Rules::default(),
            };
            let runner = match g.tag("Position") {
                Some(t) => {
                    Runner::from_position(parse_position_at(rules, &t.value.node, t.value.span)?)
                }
                None => Runner::for_rules(rules),
            };
            let goal = match g.tag("Goal") {
                Some(t) => {
                    let goal = syntax::parse_goal(&t.value.node)
                        .map_err(|e| syntax_problem(&e).shifted(t.value.span.start))?;
                    let goal = shift_goal(goal, t.value.span.start);
                    if let Some(p) = invalid_goal(&goal) {
                        return Err(p);
                    }
                    Some((GoalTrack::new(goal), t.value.span))
                }
                None => None,
            };
            Ok((runner, goal))
        })();
        let (runner, goal) = match setup {
            Ok(x) => x,
            Err(p) => {
                run.problems.push(p);
                return Err(Box::new(run));
            }
        };
        if opts.each {
            run.positions.push((None, *runner.position()));
        }
        if let Some((track, span)) = &goal {
            run.puzzle = Some(Box::new(Puzzle {
                start: *runner.position(),
                goal: track.goal,
                goal_span: *span,
                key: None,
                key_text: None,
            }));
        }
        Ok(Replay {
            run,
            runner,
            goal,
            result_tag: result_tag.cloned(),
            ok: true,
            last_played: None,
            opts,
        })
    }

    /// Plays `items` (the next part of the game's body) on the main line, their spans
    /// moved `shift` bytes further into the game's text. Nothing after the first
    /// problem is played.
    pub fn feed(&mut self, items: &[Item], shift: usize) {
        if !self.ok {
            return;
        }
        let Replay {
            run,
            runner,
            goal,
            ok,
            last_played,
            opts,
            ..
        } = self;
        for item in items {
            let Item::Event(ev) = item else { continue };
            // The state before the event is kept only for its variations.
            let before = (!ev.variations.is_empty()).then(|| runner.clone());
            // The position before the event, for the goal's tracker only.
            let from = goal.is_some().then(|| *runner.position());
            match runner.apply(ev) {
                Ok(effect) => {
                    if let Effect::Played(played) = &effect {
                        *last_played = Some(ev.kind_span.shift(shift));
                        if let Some(pz) = &mut run.puzzle
                            && pz.key.is_none()
                            && played.side == pz.goal.side.node
                        {
                            pz.key = Some((ev.kind_span.shift(shift), *runner.position()));
                            let bare = ast::Event {
                                prefix: ast::Prefix::default(),
                                ..ev.clone()
                            };
                            pz.key_text = Some(crate::fmt::format_action(&bare));
                        }
                        if let (Some((track, _)), Some(from)) = (goal.as_mut(), &from) {
                            track.note(from, played, runner.position(), ev.kind_span.shift(shift));
                        }
                        if opts.each {
                            run.positions
                                .push((Some(ev.kind_span.shift(shift)), *runner.position()));
                        }
                    }
                    if let Effect::Played(played) = effect {
                        runner.recycle(played);
                    }
                }
                Err(p) => {
                    run.problems.push(p.shifted(shift));
                    *ok = false;
                    break;
                }
            }
            if let Some(before) = &before
                && let Err(p) = run_variations(before, ev, 1)
            {
                run.problems.push(p.shifted(shift));
                *ok = false;
                break;
            }
        }
    }

    /// Whether [`Replay::plain_turn`] can take a turn now: the main line has stopped
    /// (nothing more is played), or there is no goal and no position to keep.
    pub(crate) fn wants_plain(&self) -> bool {
        !self.ok || (self.goal.is_none() && self.run.puzzle.is_none() && !self.opts.each)
    }

    /// Plays a turn written alone on its line, with nothing but its prefix, moves and
    /// take, as [`Replay::feed`] plays that event: true when done, false when it must
    /// be fed as an event instead (a goal or every position to keep, or a prefix or a
    /// turn the rules refuse, whose diagnostic needs the event; the replay is then as
    /// it was).
    pub(crate) fn plain_turn(&mut self, turn: &syntax::PlainTurn<'_>) -> bool {
        if !self.ok {
            return true;
        }
        if !self.wants_plain() {
            return false;
        }
        if !self.runner.prefix_fits(turn.number, turn.side) {
            return false;
        }
        match self.runner.play_moves(turn.moves, turn.take) {
            Ok(played) => {
                self.last_played = Some(turn.kind_span);
                self.runner.recycle(played);
                true
            }
            Err(_) => false,
        }
    }

    /// Ends the game: its goal and its `Result` tag checked, when the main line went
    /// through.
    pub fn finish(self) -> GameRun {
        let Replay {
            mut run,
            runner,
            goal,
            result_tag,
            ok,
            last_played,
            ..
        } = self;
        let result_tag = result_tag.as_ref();
        if ok && let Some((track, span)) = goal {
            let g = track.goal;
            let turns = track.progress.turns();
            match track.progress.settled() {
                Some(Settled::Met(n)) if n <= g.turns.node => {
                    run.goal = Some(GoalReached { goal: g, turns: n });
                }
                settled => {
                    let what = match g.target.node {
                        GoalTarget::Rendezvous => "win the Rendezvous",
                        GoalTarget::Game => "win the game",
                    };
                    let detail = match settled {
                        Some(Settled::Met(n)) => format!("it took {n} of {}'s turns", g.side.node),
                        Some(Settled::Lost(how)) => {
                            format!("{} (after {turns} of {}'s turns)", how.why(), g.side.node)
                        }
                        None => format!(
                            "after {turns} of {}'s turns it has not happened",
                            g.side.node
                        ),
                    };
                    run.goal_open = settled.is_none() && turns < g.turns.node;
                    let mut p = Problem::new(
                    Code::GoalUnmet,
                    format!(
                        "the goal is not reached: {} must {what} within {} of his turns, but {detail}",
                        g.side.node, g.turns.node
                    ),
                    span,
                    "this goal",
                )
                .with_help(format!(
                    "the solution ends in \"{}\"",
                    runner.position()
                ));
                    if let Some(at) = track.lost_at {
                        p = p.with_label(at, "the goal is lost here");
                    }
                    run.problems.push(p);
                }
            }
        }
        if ok
            && let Some(t) = result_tag
            && let Some(result) = runner.game().result()
        {
            let due = crate::fmt::result_tag(result);
            if t.value.node != due {
                let mut p = Problem::new(
                    Code::TagResultMismatch,
                    format!(
                        "the Result tag says \"{}\", but the game ended: {result}",
                        t.value.node
                    ),
                    t.value.span,
                    format!("the result is \"{due}\""),
                )
                .with_help(format!("write [Result \"{due}\"]"));
                if let Some(at) = last_played {
                    p = p.with_label(at, "the game ends here");
                }
                run.problems.push(p);
            }
        }
        run.runner = Some(runner);
        run
    }
}

/// The problem with a `Result` tag whose value is not one of [`RESULT_VALUES`].
fn bad_result_value(t: &ast::Tag) -> Option<Problem> {
    if RESULT_VALUES.contains(&t.value.node.as_str()) {
        return None;
    }
    Some(
        Problem::new(
            Code::TagResult,
            format!("\"{}\" is not a result", t.value.node),
            t.value.span,
            "not a result",
        )
        .with_help(
            "a Result tag holds the winner `B` or `Y`, `draw`, or `*` for a game that is not over",
        ),
    )
}

/// The problem with a goal no play can meet, whoever reads it (`check`, `solve`, the
/// REPL): `in 0` asks for no turns (`lanrick::goal::invalid`, on the count).
pub fn invalid_goal(g: &ast::Goal) -> Option<Problem> {
    (g.turns.node == 0).then(|| {
        Problem::new(
            Code::GoalInvalid,
            "the goal is invalid: a goal needs at least one turn (`in 0` asks for none)",
            g.turns.span,
            "no turns",
        )
        .with_help("write the turns the goal's side has to reach it, `in 1` or more")
    })
}

fn shift_goal(g: ast::Goal, by: usize) -> ast::Goal {
    fn s<T>(x: Spanned<T>, by: usize) -> Spanned<T> {
        Spanned::new(x.node, x.span.shift(by))
    }
    ast::Goal {
        side: s(g.side, by),
        target: s(g.target, by),
        turns: s(g.turns, by),
        help: g.help.map(|h| h.shift(by)),
    }
}

/// The deepest variation nesting the interpreter follows (the grammar refuses deeper).
const MAX_DEPTH: usize = 256;

/// Runs the variations of `ev`, each from `before` (the state before `ev`).
pub(super) fn run_variations(before: &Runner, ev: &Event, depth: usize) -> Result<(), Problem> {
    if depth > MAX_DEPTH {
        return Err(Problem::new(
            Code::SyntaxNesting,
            "variations are nested too deeply",
            ev.span,
            "here",
        ));
    }
    for var in &ev.variations {
        let mut r = before.clone();
        for item in &var.body {
            let Item::Event(inner) = item else { continue };
            let here = (!inner.variations.is_empty()).then(|| r.clone());
            r.apply(inner)?;
            if let Some(here) = &here {
                run_variations(here, inner, depth + 1)?;
            }
        }
    }
    Ok(())
}
