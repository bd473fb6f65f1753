//! The interpreter: applies parsed files (or REPL lines) to the engine. The only place
//! where spans meet rules. Every command — `check`, `replay`, the REPL — goes through
//! [`Runner::apply`] for each event, in this order of calls:
//!
//! 1. [`run_file`] parses the text ([`crate::syntax::parse_file`]); a syntax error stops
//!    the file.
//! 2. For each game, [`run_game`] reads the tags (`Result`, `Rules`, `Position`,
//!    `Goal`), builds a [`Runner`] from the start position, then applies the body's
//!    events in order.
//! 3. [`Runner::apply`] checks the prefix (turn number, side), then applies the event to
//!    the engine (`Game::play`) or evaluates the directive; an `assert illegal` event is
//!    tried on a copy and never applied.
//! 4. The variations of an event are run on a copy of the runner taken before the event.
//! 5. The first problem stops its game; later games are still run. At the end of a game
//!    its `Goal` is checked along the main line, and a finished game's `Result` tag
//!    against its result.

mod check;
pub mod codes;
pub mod complete;
mod explain;
mod problem;
pub mod proof;
mod replay;

use replay::run_variations;
pub use replay::{Replay, invalid_goal, run_game};

pub(crate) use check::check_game_tape;
pub use check::{GameCheck, check_game_text, check_game_text_whole, event_tag, prove_into};
pub use codes::{CODES_PAGE, Code};
pub use explain::{list, rule_code};
pub use problem::{GameRef, Label, Problem};

use crate::engine::game::ActionError;
use crate::engine::{
    Action, Due, Game, GameResult, MarkSpec, Position, PositionError, PositionErrorKind, Rules,
    Settled, Side, Square,
};
use crate::syntax::ast::{self, Directive, Event, EventKind, GoalTarget, Item, Span, Spanned};
use crate::syntax::{self, SyntaxError};

/// The values a `Result` tag may hold: the winner (`B`, `Y`), `draw`, or `*` for a game
/// that is not over. A finished game's tag must say its result
/// ([`crate::fmt::result_tag`]); the tag of a record that stops before the end is not
/// compared.
pub const RESULT_VALUES: &[&str] = &["B", "Y", "draw", "*"];

/// What an accepted event did.
#[derive(Clone, Debug)]
pub enum Effect {
    /// A game action was applied.
    Played(crate::engine::Played),
    /// A directive held.
    Checked,
}

/// The state of one game being interpreted.
#[derive(Clone, Debug)]
pub struct Runner {
    game: Game,
    /// Whether the game is still at its start with no event applied and no `Position`
    /// tag, so that a side prefix on the first `mark` names the setter (1893, D-3) or
    /// on the first `set` the arranger (1880, E-1).
    fresh: bool,
    /// The moves of the turn being played, kept between events so that a turn's
    /// action costs no allocation (it was a tenth of replaying a plain game).
    scratch: Vec<(Square, Square)>,
}

impl Runner {
    /// A runner from the Rule 2 start, Black to set the first Mark unless the first
    /// `mark` event names its side (D-3).
    pub fn new() -> Runner {
        Runner::for_rules(Rules::default())
    }

    /// A runner from the start of a game played by `rules`.
    pub fn for_rules(rules: Rules) -> Runner {
        Runner {
            game: Game::new(Position::start_for(rules)),
            fresh: true,
            scratch: Vec::new(),
        }
    }

    /// The rules the game is played by.
    pub fn rules(&self) -> Rules {
        self.game.position().rules()
    }

    /// A runner from a given position.
    pub fn from_position(position: Position) -> Runner {
        Runner {
            game: Game::new(position),
            fresh: false,
            scratch: Vec::new(),
        }
    }

    /// Hands back what [`Runner::apply`] played once it is used, so that the next
    /// turn reuses its move list ([`Game::recycle`]).
    pub fn recycle(&mut self, played: crate::engine::Played) {
        self.game.recycle(played);
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Applies one event: checks its prefix, then plays it or evaluates the directive.
    ///
    /// # Errors
    /// The [`Problem`] explaining why the event is wrong; the runner is unchanged.
    pub fn apply(&mut self, ev: &Event) -> Result<Effect, Problem> {
        self.check_prefix(ev)?;
        let action = match &ev.kind {
            EventKind::Assert(d) => return self.directive(d, ev).map(|_| Effect::Checked),
            EventKind::Mark { square, towards } => Action::Mark {
                square: square.node,
                towards: towards.map(|t| t.node),
            },
            EventKind::MarkWith {
                square,
                squares,
                turned,
            } => Action::MarkWith {
                square: square.node,
                spec: MarkSpec {
                    squares: squares.iter().map(|s| s.node).collect(),
                    turned: turned.is_some(),
                },
            },
            EventKind::MoveMark(m) => Action::MoveMark {
                from: m.from.node,
                to: m.to.node,
            },
            EventKind::Set { groups } => {
                let to_act = self.game.position().to_act();
                let (mut black, mut yellow) = (Vec::new(), Vec::new());
                for g in groups {
                    let side = g.side.map_or(to_act, |s| s.node);
                    let list = match side {
                        Side::Black => &mut black,
                        Side::Yellow => &mut yellow,
                    };
                    list.extend(g.squares.iter().map(|s| s.node));
                }
                Action::Set { black, yellow }
            }
            EventKind::Interchange { squares } => {
                Action::Interchange(squares.iter().map(|s| s.node).collect())
            }
            EventKind::Turn {
                moves,
                take,
                wanderers,
                radiate,
            } => {
                let mut buf = std::mem::take(&mut self.scratch);
                buf.clear();
                buf.extend(moves.iter().map(|m| (m.from.node, m.to.node)));
                Action::Turn {
                    moves: buf,
                    take: take.map(|t| t.square.node),
                    wanderers: wanderers.iter().map(|m| (m.from.node, m.to.node)).collect(),
                    radiate: radiate.as_ref().map(|r| r.node),
                }
            }
            EventKind::Pass => Action::Pass,
            EventKind::Resign => Action::Resign,
            EventKind::Draw => Action::Draw,
        };
        match self.play(action) {
            Ok(played) => Ok(Effect::Played(played)),
            Err(err) => {
                // A refused action leaves the game as it was.
                let before = *self.game.position();
                Err(self.explain(&before, ev, &err))
            }
        }
    }

    /// Whether a turn event's prefix, its turn `number` and its `side` if written,
    /// is one [`Runner::apply`] accepts now (false: it gives that event a problem).
    pub fn prefix_fits(&self, number: Option<u32>, side: Option<Side>) -> bool {
        let position = self.game.position();
        let number_fits = number.is_none_or(|n| {
            !matches!(position.phase(), crate::engine::Phase::Bonus(_))
                && n == self.game.next_turn_number()
        });
        number_fits && side.is_none_or(|s| s == position.to_act())
    }

    /// Plays a turn of men's `moves` and a `take`, and nothing else, as
    /// [`Runner::apply`] plays that event when it is written without a prefix.
    ///
    /// # Errors
    /// The engine's, the runner unchanged (the event's diagnostic is
    /// [`Runner::apply`]'s).
    pub fn play_moves(
        &mut self,
        moves: &[(Square, Square)],
        take: Option<Square>,
    ) -> Result<crate::engine::Played, ActionError> {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        buf.extend_from_slice(moves);
        self.play(Action::Turn {
            moves: buf,
            take,
            wanderers: Vec::new(),
            radiate: None,
        })
    }

    /// Plays `action`, keeping a turn's move list for the next.
    fn play(&mut self, action: Action) -> Result<crate::engine::Played, ActionError> {
        let played = self.game.play(&action);
        if let Action::Turn { moves, .. } = action {
            self.scratch = moves;
        }
        if played.is_ok() {
            self.fresh = false;
        }
        played
    }

    fn explain(&self, before: &Position, ev: &Event, err: &ActionError) -> Problem {
        let mut p = explain::explain(before, ev, err);
        if let (
            crate::engine::RuleViolation::GameOver | crate::engine::RuleViolation::GameEnded { .. },
            Some(r),
        ) = (&err.violation, self.game.result())
        {
            p = p.with_help(format!("the game is over: {r}"));
        }
        p
    }

    fn check_prefix(&mut self, ev: &Event) -> Result<(), Problem> {
        // 1879: the bonus (moves or `pass`) is not one of the numbered turns.
        let bonus = matches!(self.game.position().phase(), crate::engine::Phase::Bonus(_))
            && matches!(ev.kind, EventKind::Turn { .. } | EventKind::Pass);
        let numbered = !bonus
            && matches!(
                ev.kind,
                EventKind::Turn { .. }
                    | EventKind::Pass
                    | EventKind::Resign
                    | EventKind::Draw
                    | EventKind::MoveMark(_)
            );
        if let Some(n) = ev.prefix.number {
            if !numbered {
                return Err(Problem::new(
                    Code::PrefixNumber,
                    if bonus {
                        "the bonus (1879 Rule 7) carries no turn number"
                    } else {
                        "marks, set-ups, interchanges and directives carry no turn number"
                    },
                    n.span,
                    "remove this number",
                )
                .with_help("only turns, passes and Mark moves are numbered"));
            }
            let expected = self.game.next_turn_number();
            if n.node != expected {
                return Err(Problem::new(
                    Code::PrefixNumber,
                    format!("this is turn {expected} of the game, not turn {}", n.node),
                    n.span,
                    format!("expected {expected}"),
                )
                .with_help(format!("write `{expected}.` or leave the number out")));
            }
        }
        if let Some(side) = ev.prefix.side {
            let to_act = self.game.position().to_act();
            if side.node != to_act {
                let rules = self.rules();
                // The game's first action names its side: a Mark (1893) or a set-up.
                let names_first = match Position::start_for(rules).due() {
                    Due::SetUp { .. } => matches!(ev.kind, EventKind::Set { .. }),
                    _ => matches!(ev.kind, EventKind::Mark { .. } | EventKind::MarkWith { .. }),
                };
                if self.fresh && names_first {
                    // D-3: the record names the side that sets the first Mark; E-1:
                    // the arranger of a 1880 game.
                    self.game = Game::new(Position::start_for_side(rules, side.node));
                    return Ok(());
                }
                return Err(Problem::new(
                    Code::PrefixSide,
                    format!(
                        "the event is written for {}, but it is {}'s action",
                        side.node, to_act
                    ),
                    side.span,
                    format!("{to_act} acts now"),
                )
                .with_help(format!("write `{}` or leave the side out", to_act.letter())));
            }
        }
        Ok(())
    }

    fn directive(&mut self, d: &Directive, ev: &Event) -> Result<(), Problem> {
        let pos = *self.game.position();
        let fail = |code: Code, msg: String, span: Span, label: String| {
            Problem::new(code, msg, span, label)
        };
        match d {
            Directive::Position(text) => {
                let want = parse_position_at(pos.rules(), &text.node, text.span)?;
                if want.to_string() != pos.to_string() {
                    return Err(fail(
                        Code::DirectivePosition,
                        "assert position failed: the position differs".into(),
                        text.span,
                        "expected this position".into(),
                    )
                    .with_help(format!("the position is \"{pos}\"")));
                }
            }
            Directive::ToMove(side) => {
                if let Some(r) = self.game.result() {
                    return Err(fail(
                        Code::DirectiveToMove,
                        format!("assert to-move failed: the game is over ({r})"),
                        side.span,
                        "nobody acts now".into(),
                    ));
                }
                if side.node != pos.to_act() {
                    return Err(fail(
                        Code::DirectiveToMove,
                        format!(
                            "assert to-move failed: {} acts next, not {}",
                            pos.to_act(),
                            side.node
                        ),
                        side.span,
                        format!("{} acts next", pos.to_act()),
                    ));
                }
            }
            Directive::Men(counts) => {
                for (side, n) in counts {
                    let have = pos.count(side.node) as u32;
                    if have != n.node {
                        return Err(fail(
                            Code::DirectiveMen,
                            format!(
                                "assert men failed: {} has {have} men on the board, not {}",
                                side.node, n.node
                            ),
                            n.span,
                            format!("{} has {have}", side.node),
                        )
                        .with_help(format!(
                            "men on the board: Black {}, Yellow {}",
                            pos.count(Side::Black),
                            pos.count(Side::Yellow)
                        )));
                    }
                }
            }
            Directive::Winner(w) => {
                let ok = match (w.node, self.game.result()) {
                    (Some(side), Some(GameResult::Won { winner, .. })) => side == winner,
                    (None, Some(GameResult::Drawn(_))) => true,
                    _ => false,
                };
                if !ok {
                    let wanted = match w.node {
                        Some(s) => format!("{s} to have won"),
                        None => "a draw".into(),
                    };
                    let actual = match self.game.result() {
                        Some(r) => format!("the result is: {r}"),
                        None => "the game is not over".into(),
                    };
                    return Err(fail(
                        Code::DirectiveWinner,
                        format!("assert winner failed: expected {wanted}, but {actual}"),
                        w.span,
                        "expected this result".into(),
                    ));
                }
            }
            Directive::Illegal(inner) => {
                let mut copy = self.clone();
                if copy.apply(inner).is_ok() {
                    return Err(fail(
                        Code::DirectiveNotIllegal,
                        "assert illegal failed: the event is legal".into(),
                        inner.kind_span,
                        "this is legal here".into(),
                    )
                    .with_label(ev.kind_span, "asserted illegal")
                    .with_help(format!("the position is \"{pos}\"")));
                }
            }
        }
        Ok(())
    }
}

impl Default for Runner {
    fn default() -> Self {
        Runner::new()
    }
}

/// The code suffix of a position-string error.
fn position_code(kind: &PositionErrorKind) -> Code {
    match kind {
        PositionErrorKind::FieldCount { .. } => Code::PositionFields,
        PositionErrorKind::RankCount { .. } => Code::PositionRankCount,
        PositionErrorKind::BadChar { .. } => Code::PositionBadChar,
        PositionErrorKind::RankTooLong { .. } => Code::PositionRankTooLong,
        PositionErrorKind::RankTooShort { .. } => Code::PositionRankTooShort,
        PositionErrorKind::BadSide => Code::PositionSide,
        PositionErrorKind::BadMark => Code::PositionMark,
        PositionErrorKind::BadPhase { .. } => Code::PositionPhase,
        PositionErrorKind::MissingPhase | PositionErrorKind::MissingMark => Code::PositionPhase,
        PositionErrorKind::TooManyForSide { .. } => Code::PositionTooManyMen,
        PositionErrorKind::SetNotEmpty => Code::PositionSetNotEmpty,
        PositionErrorKind::CompleteNotToAct { .. } => Code::PositionComplete,
        PositionErrorKind::Overlap => Code::PositionOverlap,
        PositionErrorKind::TooManyMen { .. } => Code::PositionTooManyMen,
        PositionErrorKind::Mark { .. } => Code::PositionMarkDoesNotFit,
        PositionErrorKind::FieldCountRound { .. } => Code::PositionFields,
        PositionErrorKind::BadScore => Code::PositionScore,
        PositionErrorKind::BadFirst => Code::PositionFirst,
        PositionErrorKind::ScoreOver => Code::PositionScoreOver,
        PositionErrorKind::OffBorder { .. } => Code::PositionOffBorder,
        PositionErrorKind::TooFewMen { .. } => Code::PositionTooFewMen,
        PositionErrorKind::SetMen => Code::PositionSetMen,
        PositionErrorKind::DieSquare { .. } => Code::PositionDieSquare,
        PositionErrorKind::BonusRange => Code::PositionPhase,
    }
}

/// The Problem for a malformed position string written at `at` (the span of its text).
pub fn position_problem(err: &PositionError, at: Span) -> Problem {
    position_problem_for(err, at, Rules::default())
}

/// The Problem for a malformed position string of a game played by `rules`: the help
/// line gives that edition's form and an example.
pub fn position_problem_for(err: &PositionError, at: Span, rules: Rules) -> Problem {
    let help = Position::string_form(rules);
    let span = Span::new(
        at.start + err.span.start,
        at.start + err.span.end.max(err.span.start),
    );
    Problem::new(
        position_code(&err.kind),
        format!("invalid position string: {}", err.kind),
        span,
        "here",
    )
    .with_help(help)
}

/// Parses a position string written between quotes at `at` in the source, where `text`
/// is its value with the escapes `\"` and `\\` resolved: an error's span is moved
/// back onto the written characters.
fn parse_position_at(rules: Rules, text: &str, at: Span) -> Result<Position, Problem> {
    Position::parse_as(rules, text).map_err(|mut e| {
        e.span = written_offset(text, e.span.start)..written_offset(text, e.span.end);
        position_problem_for(&e, at, rules)
    })
}

/// Reads a `Rules` value written between quotes at `at`.
fn rules_at(text: &str, at: Span) -> Result<Rules, Problem> {
    text.parse::<Rules>().map_err(|e| {
        let start = at.start + written_offset(text, e.span.start);
        let end = at.start + written_offset(text, e.span.end);
        let label = match e.kind {
            crate::engine::RulesErrorKind::UnknownOption => "unknown option",
            crate::engine::RulesErrorKind::OptionsNotAllowed => "no options here",
            crate::engine::RulesErrorKind::RepeatedOption => "given twice",
            crate::engine::RulesErrorKind::NotYetPlayable => "not playable yet",
            _ => "unknown edition",
        };
        Problem::new(
            Code::TagRules,
            format!(
                "the Rules value \"{text}\" is not one lanrick knows: {}",
                match e.kind {
                    crate::engine::RulesErrorKind::Empty => "it is empty".to_string(),
                    _ => format!("`{}`", e.found),
                }
            ),
            Span::new(start, end.max(start)),
            label,
        )
        .with_help(crate::engine::RulesError::what_exists())
    })
}

/// Where the byte `offset` of an unescaped quoted value stands in the written text:
/// every `"` and `\` of the value was written with a backslash before it.
fn written_offset(value: &str, offset: usize) -> usize {
    let offset = offset.min(value.len());
    let escaped = value
        .char_indices()
        .take_while(|&(i, _)| i < offset)
        .filter(|&(_, c)| c == '"' || c == '\\')
        .count();
    offset + escaped
}

/// The Problem for a syntax error, with its help line (a "did you mean") when it has
/// one.
pub fn syntax_problem(err: &SyntaxError) -> Problem {
    let p = Problem::new(Code::syntax(err), err.to_string(), err.span, "here");
    match &err.help {
        Some(h) => p.with_help(h.clone()),
        None => p,
    }
}

/// A goal that was reached, and in how many of its side's turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalReached {
    /// The goal.
    pub goal: ast::Goal,
    /// The side's turns it took.
    pub turns: u32,
}

/// Options for running files.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Record every position of each game's main line.
    pub each: bool,
}

/// One game of a file after interpretation.
#[derive(Clone, Debug)]
pub struct GameRun {
    /// 1-based number in the file.
    pub number: usize,
    /// The `Event` tag.
    pub event: Option<String>,
    /// The game's span in the file.
    pub span: Span,
    /// The state where the main line stopped (at the first problem, or the end).
    pub runner: Option<Runner>,
    /// With [`Options::each`]: the main line's positions, the start first, each with
    /// the span of the event that led to it.
    pub positions: Vec<(Option<Span>, Position)>,
    /// What is wrong (empty when the game passes).
    pub problems: Vec<Problem>,
    /// The goal reached, for a puzzle.
    pub goal: Option<GoalReached>,
    /// Whether the game has a `Goal` tag (a puzzle), reached or not.
    pub has_goal: bool,
    /// The main line replayed clean but stopped before its goal was settled, with
    /// turns of the goal's side still to come (a solution that gives only the key, or
    /// the key and some defences): its `lanrick::goal::unmet` is the line's word when
    /// nothing is proved, and the prover's verdict on the key decides otherwise.
    pub goal_open: bool,
    /// A puzzle's start and goal (with the `Goal` tag's span), once its tags are read.
    pub puzzle: Option<Box<Puzzle>>,
}

/// What the prover needs of a puzzle: its start, its goal, and the written key.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The position the puzzle starts from.
    pub start: Position,
    /// The goal.
    pub goal: ast::Goal,
    /// The span of the `Goal` tag's value.
    pub goal_span: Span,
    /// The written key: the span of the goal side's first action on the main line and
    /// the position it led to.
    pub key: Option<(Span, Position)>,
    /// The written key's canonical text (`c6-d5 d7-c6 x e6`).
    pub key_text: Option<String>,
}

impl GameRun {
    /// Whether the game checked clean.
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }

    /// The game's name for reports: its Event tag or `game N`.
    pub fn name(&self) -> String {
        match &self.event {
            Some(e) => e.clone(),
            None => format!("game {}", self.number),
        }
    }
}

/// A whole file after interpretation.
#[derive(Clone, Debug, Default)]
pub struct FileRun {
    /// The syntax error that stopped the file, if any.
    pub syntax: Option<Problem>,
    /// The games, in order.
    pub games: Vec<GameRun>,
}

impl FileRun {
    /// Whether the file checked clean.
    pub fn passed(&self) -> bool {
        self.syntax.is_none() && self.games.iter().all(GameRun::passed)
    }

    /// Every problem, in file order.
    pub fn problems(&self) -> impl Iterator<Item = &Problem> {
        self.syntax
            .iter()
            .chain(self.games.iter().flat_map(|g| g.problems.iter()))
    }
}

/// Parses and interprets a whole file.
pub fn run_file(src: &str, opts: Options) -> FileRun {
    let file = match syntax::parse_file(src) {
        Ok(f) => f,
        Err(e) => {
            return FileRun {
                syntax: Some(syntax_problem(&e)),
                games: Vec::new(),
            };
        }
    };
    let many = file.games.len() > 1;
    let games = file
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let mut run = run_game(g, i + 1, opts);
            if many {
                for p in &mut run.problems {
                    p.game = Some(GameRef {
                        number: run.number,
                        event: run.event.clone(),
                    });
                }
            }
            run
        })
        .collect();
    FileRun {
        syntax: None,
        games,
    }
}
/// Parses and applies one REPL line of events to `runner`, stopping at the first
/// problem. Returns what each applied event did, and the problem if any.
pub fn run_line(runner: &mut Runner, line: &str) -> (Vec<(Span, Effect)>, Option<Problem>) {
    run_line_each(runner, line, |_, _, _| {})
}

/// [`run_line`], calling `each` after every applied event with its span, what it did,
/// and the runner as the event left it (the REPL keeps these states for undo).
pub fn run_line_each(
    runner: &mut Runner,
    line: &str,
    mut each: impl FnMut(Span, &Effect, &Runner),
) -> (Vec<(Span, Effect)>, Option<Problem>) {
    let items = match syntax::parse_line(line) {
        Ok(items) => items,
        Err(e) => return (Vec::new(), Some(syntax_problem(&e))),
    };
    run_items_each(runner, &items, |ev, effect, after| {
        each(ev.kind_span, effect, after);
    })
}

/// Applies parsed REPL items (a line's events and directives, comments skipped) to
/// `runner`, stopping at the first problem; each event's variations are checked from
/// the state before it. `each` is called after every applied event with the event,
/// what it did and the runner as it left it. Returns what each applied event did, and
/// the problem if any.
pub fn run_items_each(
    runner: &mut Runner,
    items: &[Item],
    mut each: impl FnMut(&Event, &Effect, &Runner),
) -> (Vec<(Span, Effect)>, Option<Problem>) {
    let mut done = Vec::new();
    for item in items {
        let Item::Event(ev) = item else { continue };
        let before = (!ev.variations.is_empty()).then(|| runner.clone());
        match runner.apply(ev) {
            Ok(effect) => {
                if let Some(before) = before
                    && let Err(p) = run_variations(&before, ev, 1)
                {
                    *runner = before;
                    return (done, Some(p));
                }
                each(ev, &effect, runner);
                done.push((ev.kind_span, effect));
            }
            Err(p) => return (done, Some(p)),
        }
    }
    (done, None)
}
