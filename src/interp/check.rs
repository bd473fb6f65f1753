//! One game's text checked as `check` checks it: parsed alone (every syntax error), or
//! replayed with [`run_game`], its spans moved to where the game stands in its file;
//! and a replayed puzzle proved, the verdict's diagnostic put first among its problems.
//! `check` (game by game as it reads a file) and the language server (game by game as
//! a document changes) both call these, so they report the same problems.

use super::{GameRun, Options, Problem, proof, run_game, syntax_problem};
use crate::prover::{Limits, Report};
use crate::syntax;

/// What checking one game's text gives.
#[derive(Debug)]
pub enum GameCheck {
    /// Its syntax errors, every one (not replayed).
    Syntax(Vec<Problem>),
    /// The game replayed (`None`: the text holds no game, only blank lines or
    /// comments).
    Game(Option<Box<GameRun>>),
}

/// A game's text longer than this is read a part at a time ([`parts`]).
const LARGE: usize = 1 << 20;

/// About how many bytes of a large game's text are parsed at a time.
const PART: usize = 256 * 1024;

/// Checks one game's `text`, the `number`th (from 1) of its file, which starts at byte
/// `at` of the file: every span of the answer is a file offset.
///
/// A game in the form the shortcut reader takes is replayed a line at a time as it is
/// read, so that no syntax tree of its body is built. Another
/// large game is parsed and replayed a part at a time, so that its syntax tree is
/// never held whole (a tree costs some twenty times its text); when a part does not
/// parse, or parses as something else than the rest of a game's body, the whole text
/// is read at once as for any other game, so that the report is the same.
pub fn check_game_text(text: &str, number: usize, at: usize, opts: Options) -> GameCheck {
    if let Some(check) = check_streamed(text, number, at, opts) {
        return check;
    }
    if text.len() > LARGE
        && !opts.each
        && let Some(run) = check_in_parts(text, number, opts, PART)
    {
        return GameCheck::Game(Some(Box::new(moved(run, at))));
    }
    check_whole(text, number, at, opts)
}

/// Where a large game's text is cut into parts: at the start of a file line that
/// begins with a letter or a digit (an event, not a variation, a comment or a tag),
/// every `size` bytes or so. The cuts, the text's end last.
fn parts(text: &str, size: usize) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut cuts = Vec::new();
    let (mut from, mut part_start) = (0, 0);
    while from < text.len() {
        let end = syntax::file_line_end(text, from).max(from + 1);
        if end - part_start >= size
            && bytes
                .get(end..)
                .and_then(|rest| rest.iter().find(|b| !matches!(b, b' ' | b'\t')))
                .is_some_and(u8::is_ascii_alphanumeric)
        {
            cuts.push(end);
            part_start = end;
        }
        from = end;
    }
    cuts.push(text.len());
    cuts
}

/// Replays a large game part by part ([`parts`] of about `size` bytes); `None` when a
/// part does not parse as the next piece of one game's body (a syntax error somewhere,
/// tags, no game).
fn check_in_parts(text: &str, number: usize, opts: Options, size: usize) -> Option<GameRun> {
    let cuts = parts(text, size);
    let mut replay: Option<Result<super::Replay, Box<GameRun>>> = None;
    let mut from = 0;
    let mut span = crate::syntax::ast::Span::default();
    for &cut in &cuts {
        let file = syntax::parse_file(text.get(from..cut)?).ok()?;
        let [g] = file.games.as_slice() else {
            return None;
        };
        match &mut replay {
            None => {
                span = g.span;
                let mut r = super::Replay::start(g, number, opts);
                if let Ok(r) = &mut r {
                    r.feed(&g.body, 0);
                }
                replay = Some(r);
            }
            Some(_) if !g.header.is_empty() => return None,
            Some(r) => {
                span.end = g.span.end + from;
                if let Ok(r) = r {
                    r.feed(&g.body, from);
                }
            }
        }
        syntax::recycle(file);
        from = cut;
    }
    let mut run = match replay? {
        Ok(r) => r.finish(),
        Err(run) => *run,
    };
    run.span = span;
    Some(run)
}

/// A game replayed as the shortcut reader reads it, a line at a time
/// ([`syntax::stream`]).
struct Streamed {
    number: usize,
    opts: Options,
    /// Started at the game's first event line.
    replay: Option<Result<super::Replay, Box<GameRun>>>,
}

impl syntax::Lines for Streamed {
    fn wants_plain(&self) -> bool {
        match &self.replay {
            Some(Ok(r)) => r.wants_plain(),
            // Before the header, or after a header with a problem.
            _ => true,
        }
    }
    fn plain_turn(&mut self, turn: syntax::PlainTurn<'_>) -> bool {
        match &mut self.replay {
            Some(Ok(r)) => r.plain_turn(&turn),
            // A header with a problem: nothing of the body is played.
            _ => true,
        }
    }

    fn header(&mut self, game: &syntax::ast::Game) {
        self.replay = Some(super::Replay::start(game, self.number, self.opts));
    }

    fn items(&mut self, items: &[syntax::ast::Item]) {
        if let Some(Ok(r)) = &mut self.replay {
            r.feed(items, 0);
        }
    }
}

/// Checks a game's text read by the shortcut reader and replayed a line at a time, so
/// that its syntax tree is never built: the run [`check_whole`] gives, or `None` when
/// the reader declines the text (which then goes to [`check_whole`]).
fn check_streamed(text: &str, number: usize, at: usize, opts: Options) -> Option<GameCheck> {
    let mut s = Streamed {
        number,
        opts,
        replay: None,
    };
    let file = syntax::stream(text, &mut s)?;
    let game = file.games.first();
    let span = game.map(|g| g.span).unwrap_or_default();
    Some(streamed_run(game, span, s, number, at, opts))
}

/// Checks a game already read onto a `tape` from its `text` ([`syntax::Tape::record`])
/// as [`check_game_text`] checks the text, without reading the text again unless the
/// replay refuses a turn as the tape holds it (it must see the turn as an event: a
/// goal, every position kept, a turn the rules refuse), in which case the text is
/// checked anew.
pub(crate) fn check_game_tape(
    text: &str,
    tape: &syntax::Tape,
    number: usize,
    at: usize,
    opts: Options,
) -> GameCheck {
    let mut s = Streamed {
        number,
        opts,
        replay: None,
    };
    match tape.play(&mut s) {
        Some((game, span)) => streamed_run(game, span, s, number, at, opts),
        None => check_game_text(text, number, at, opts),
    }
}

/// The check of a game streamed into `s`, whose reading gave back `game` (with its
/// header) and its `span`.
fn streamed_run(
    game: Option<&syntax::ast::Game>,
    span: syntax::ast::Span,
    s: Streamed,
    number: usize,
    at: usize,
    opts: Options,
) -> GameCheck {
    let Some(g) = game else {
        return GameCheck::Game(None);
    };
    let mut run = match s.replay {
        // A game without events.
        None => run_game(g, number, opts),
        Some(Ok(r)) => r.finish(),
        Some(Err(run)) => *run,
    };
    run.span = span;
    GameCheck::Game(Some(Box::new(moved(run, at))))
}

/// [`check_game_text`] with the whole text parsed into a tree at once, never a line at
/// a time: what the fuzz target compares the stream with. Not for other use.
#[doc(hidden)]
pub fn check_game_text_whole(text: &str, number: usize, at: usize, opts: Options) -> GameCheck {
    check_whole(text, number, at, opts)
}

/// Checks a game's whole text at once (see [`check_game_text`]).
fn check_whole(text: &str, number: usize, at: usize, opts: Options) -> GameCheck {
    let file = match syntax::parse_file_all_errors(text) {
        Ok(f) => f,
        Err(errors) => {
            return GameCheck::Syntax(
                errors
                    .iter()
                    .map(|e| syntax_problem(e).shifted(at))
                    .collect(),
            );
        }
    };
    let Some(g) = file.games.first() else {
        return GameCheck::Game(None);
    };
    let run = run_game(g, number, opts);
    syntax::recycle(file);
    GameCheck::Game(Some(Box::new(moved(run, at))))
}

/// A game's run with its spans moved `at` bytes on (to file offsets).
fn moved(mut run: GameRun, at: usize) -> GameRun {
    run.span = run.span.shift(at);
    run.problems = std::mem::take(&mut run.problems)
        .into_iter()
        .map(|p| p.shifted(at))
        .collect();
    for (span, _) in &mut run.positions {
        if let Some(s) = span {
            *s = s.shift(at);
        }
    }
    if let Some(pz) = &mut run.puzzle {
        pz.goal_span = pz.goal_span.shift(at);
        if let Some((s, _)) = &mut pz.key {
            *s = s.shift(at);
        }
    }
    run
}

/// The `Event` tag of a game that has a syntax error, for its name in reports: read
/// from its tag lines that parse, each on its own, up to its first event line.
pub fn event_tag(text: &str) -> Option<String> {
    let mut from = 0;
    while from < text.len() {
        let end = syntax::file_line_end(text, from);
        if let Ok(file) = syntax::parse_file(text.get(from..end)?)
            && let Some(game) = file.games.first()
        {
            if !game.body.is_empty() {
                return None;
            }
            if let Some(t) = game.tag("Event") {
                return Some(t.value.node.clone());
            }
        }
        from = end.max(from + 1);
    }
    None
}

/// Proves a game's puzzle, whatever its written line (`check` proves every puzzle):
/// the verdict's diagnostic goes first into its problems, the line's own problems (an
/// illegal action, a goal the line does not reach) stay beside it, and the prover's
/// report is returned (`None`: no puzzle, or one that cannot be set up, whose problem
/// is then first). A line that gives only the key (or the key and some defences) and
/// stops before the goal is settled is a partial solution: the verdict on the key
/// judges it, and its `lanrick::goal::unmet` is dropped.
pub fn prove_into(run: &mut GameRun, limits: &Limits) -> Option<Report> {
    let pz = run.puzzle.as_ref()?;
    match proof::prove(pz, limits) {
        Err(p) => {
            run.problems.insert(0, p);
            None
        }
        Ok(r) => {
            if run.goal_open && pz.key.is_some() {
                let unmet = super::Code::GoalUnmet.as_str();
                run.problems.retain(|p| p.code != unmet);
            }
            if let Some(p) = proof::verdict_problem(pz, &r) {
                run.problems.insert(0, p);
            }
            Some(r)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game of the committed corpus and of the case files, replayed in parts of a
    /// few lines, or a line at a time as the shortcut reader reads it, gives the run
    /// the whole text gives.
    #[test]
    fn a_game_replayed_in_parts_runs_as_the_whole_text() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        // The corpus is not in the published crate (its `include` list ships the
        // case files and the examples only): there the test runs without it.
        let mut files: Vec<_> = Some(root.join("benches/data/small.lanrick"))
            .filter(|p| p.exists())
            .into_iter()
            .collect();
        for dir in ["tests/cases/ok", "tests/cases/err", "examples"] {
            let mut found: Vec<_> = std::fs::read_dir(root.join(dir))
                .expect("the directory")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "lanrick"))
                .collect();
            found.sort();
            files.extend(found);
        }
        let (mut compared, mut declined, mut streamed_games) = (0, 0, 0);
        for path in files {
            let text = std::fs::read_to_string(&path).expect("UTF-8");
            for (i, game) in syntax::split_games(&text).into_iter().enumerate() {
                let game = &text[game.start..game.end];
                let whole_check = check_whole(game, i + 1, 0, Options::default());
                for opts in [Options::default(), Options { each: true }] {
                    if let Some(streamed) = check_streamed(game, i + 1, 0, opts) {
                        assert_eq!(
                            format!("{streamed:?}"),
                            format!("{:?}", check_whole(game, i + 1, 0, opts)),
                            "{}: game {} read a line at a time",
                            path.display(),
                            i + 1
                        );
                        streamed_games += 1;
                    }
                }
                let GameCheck::Game(Some(whole)) = whole_check else {
                    assert!(
                        check_in_parts(game, i + 1, Options::default(), 40).is_none(),
                        "{}: game {} has a syntax error the parts missed",
                        path.display(),
                        i + 1
                    );
                    continue;
                };
                for size in [1, 40, 300] {
                    match check_in_parts(game, i + 1, Options::default(), size) {
                        Some(run) => {
                            assert_eq!(
                                format!("{run:?}"),
                                format!("{whole:?}"),
                                "{}: game {} in parts of {size} bytes",
                                path.display(),
                                i + 1
                            );
                            compared += 1;
                        }
                        None => declined += 1,
                    }
                }
            }
        }
        // Without the corpus (the published crate), 396 compared and 158 streamed.
        assert!(
            compared > 300 && streamed_games > 120,
            "{compared} games compared, {declined} declined, {streamed_games} streamed"
        );
    }
}
