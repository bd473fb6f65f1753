//! A computer review of games (`lanrick analyse`): each game's main line replayed, and
//! every action a player chose weighed against lanrick's best action in the position
//! before it. The review is written into the syntax tree — an evaluation comment on
//! every action, a mistake marked with a glyph and the better action as a variation,
//! a missed forced win named — beside the game's own comments, annotations and
//! variations, which are kept; [`crate::fmt`] writes it back. No I/O.
//!
//! # How an action is weighed
//!
//! The value of an action for the side that plays it is that of the position it
//! leads to: a finished game scores by [`player::evaluate`] (a draw 0); otherwise the
//! player thinks at the review's level for the side to act there, and its score is
//! taken (negated when that side is the other one). The best action is the player's
//! choice in the position before (or the key of a forced win the prover finds), and
//! its value is found the same way, so both are measured alike. The loss is the best
//! action's value less the played action's, never below 0.
//!
//! # Thresholds
//!
//! Losses are in the evaluation's units, where one man is [`player::MAN`] (1000) and a
//! turn of the race for the Rendezvous 150: an inaccuracy (`?!`) loses at least
//! [`INACCURACY`] (about two turns of the race), a mistake (`?`) at least [`MISTAKE`]
//! (half a man), a blunder (`??`) at least [`BLUNDER`] (a man: a Rendezvous given
//! away). A forced win of the game in one or two turns, proved and not played, is a
//! blunder whatever the scores; a forced win of the Rendezvous missed so is at least
//! a mistake. The played action is tried first by the prover, so a win is missed
//! when the played action does not force it in as few turns as the quickest key.

use crate::engine::{Budget, Game, GameResult, Phase, Position, Side, Target, TurnEnd};
use crate::interp::{Effect, Runner};
use crate::player::{self, Limits};
use crate::prover;
use crate::syntax::ast::{self, Annotation, Comment, CommentKind, Item, Span, Variation};
use std::time::Duration;

/// The least loss marked an inaccuracy (`?!`).
pub const INACCURACY: i32 = 300;
/// The least loss marked a mistake (`?`).
pub const MISTAKE: i32 = 500;
/// The least loss marked a blunder (`??`).
pub const BLUNDER: i32 = 1000;

// The classes grow with the loss.
const _: () = assert!(INACCURACY < MISTAKE && MISTAKE < BLUNDER);

/// The most nodes the prover may search for each forced win looked for.
const PROOF_NODES: u64 = 200_000;

/// How bad an action was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Class {
    /// The class of a loss, by the thresholds ([`INACCURACY`], [`MISTAKE`],
    /// [`BLUNDER`]); `None` for a good enough action.
    pub fn of_loss(loss: i32) -> Option<Class> {
        if loss >= BLUNDER {
            Some(Class::Blunder)
        } else if loss >= MISTAKE {
            Some(Class::Mistake)
        } else if loss >= INACCURACY {
            Some(Class::Inaccuracy)
        } else {
            None
        }
    }

    /// The class's name: `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// Its glyph as written: `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    /// The glyph the notation marks it with.
    pub fn annotation(self) -> Annotation {
        match self {
            Class::Inaccuracy => Annotation::Dubious,
            Class::Mistake => Annotation::Mistake,
            Class::Blunder => Annotation::Blunder,
        }
    }
}

/// A forced win the side had before the action and did not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missed {
    /// What was won.
    pub target: Target,
    /// In how many of the side's turns (counting the action's).
    pub turns: u32,
    /// The action that forces it, in canonical notation.
    pub key: String,
}

impl Missed {
    /// The win in words: `a forced win of the Rendezvous in 1 turn: c6-a8 x c4`.
    pub fn describe(&self) -> String {
        let what = match self.target {
            Target::Game => "the game",
            Target::Rendezvous => "the Rendezvous",
        };
        format!(
            "a forced win of {what} in {} turn{}: {}",
            self.turns,
            if self.turns == 1 { "" } else { "s" },
            self.key
        )
    }
}

/// One action weighed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reviewed {
    /// Its place in the game's main line, from 1 (every action counted).
    pub index: usize,
    /// The side that played it.
    pub side: Side,
    /// Its turn number, for one of the numbered turns.
    pub number: Option<u32>,
    /// The action played, in canonical notation.
    pub played: String,
    /// The best action found, in canonical notation.
    pub best: String,
    /// The best action's value for the side.
    pub best_score: i32,
    /// The played action's value for the side.
    pub played_score: i32,
    /// `best_score - played_score`, at least 0.
    pub loss: i32,
    /// How bad it was.
    pub class: Option<Class>,
    /// A forced win missed.
    pub missed: Option<Missed>,
}

/// Why a game's review ended before its last action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The deadline was reached.
    Time,
    /// The stop flag was set (Ctrl-C).
    Interrupted,
    /// An event of the main line is not legal: the rest cannot be replayed.
    Illegal,
}

/// One game's review.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameReview {
    /// The actions weighed, in order.
    pub actions: Vec<Reviewed>,
    /// The actions of the main line not weighed (the deadline, an illegal event).
    pub unanalysed: usize,
    /// Why the review stopped early.
    pub stopped: Option<Stopped>,
}

/// What a review may spend.
#[derive(Clone, Debug)]
pub struct Options {
    /// The player's level.
    pub level: u8,
    /// The player's seed.
    pub seed: u64,
    /// The deadline for the whole file, its clock and the stop flag (Ctrl-C): the
    /// review stops at either, what was weighed kept; its node count is not used.
    pub budget: Budget,
}

impl Options {
    /// The time left before the deadline (`None`: no deadline).
    fn left(&self) -> Option<Duration> {
        self.budget
            .deadline
            .map(|d| d.saturating_duration_since(self.budget.clock.now()))
    }

    fn expired(&self) -> bool {
        self.budget.past_deadline() || self.budget.stopped()
    }

    /// Why the review ends now that it has [`Options::expired`]: the stop flag first.
    fn why_stopped(&self) -> Stopped {
        if self.budget.stopped() {
            Stopped::Interrupted
        } else {
            Stopped::Time
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            time: self.left(),
            ..Limits::level(self.level, self.seed)
        }
    }
}

/// The number of actions in each game's main line (as far as it replays), for a
/// progress count.
pub fn count_actions(file: &ast::File) -> usize {
    file.games.iter().map(|g| main_line(g).0.len()).sum()
}

/// The body's action items (their index in the body) with the runner before each,
/// and whether an illegal event cut the line short.
fn main_line(game: &ast::Game) -> (Vec<(usize, Runner)>, bool) {
    let Some(start) = start(game) else {
        return (Vec::new(), true);
    };
    let mut runner = start;
    let mut out = Vec::new();
    for (i, item) in game.body.iter().enumerate() {
        let Item::Event(ev) = item else { continue };
        let before = runner.clone();
        match runner.apply(ev) {
            Ok(Effect::Played(_)) => out.push((i, before)),
            Ok(Effect::Checked) => {}
            Err(_) => return (out, true),
        }
    }
    (out, false)
}

/// The runner at the game's start (its `Rules` and `Position` tags), `None` when a
/// tag cannot be read.
fn start(game: &ast::Game) -> Option<Runner> {
    let rules = match game.tag("Rules") {
        None => crate::engine::Rules::default(),
        Some(t) => t.value.node.parse().ok()?,
    };
    match game.tag("Position") {
        Some(t) => Some(Runner::from_position(
            Position::parse_as(rules, &t.value.node).ok()?,
        )),
        None => Some(Runner::for_rules(rules)),
    }
}

/// Reviews every game of `file` on up to `threads` threads (a game on each) and
/// writes the review into it (see the module's documentation); `progress` is called
/// after each action weighed.
pub fn analyse(
    file: &mut ast::File,
    opts: &Options,
    threads: usize,
    progress: &(dyn Fn() + Sync),
) -> Vec<GameReview> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let threads = threads.clamp(1, file.games.len().max(1));
    if threads == 1 {
        return file
            .games
            .iter_mut()
            .map(|g| analyse_game(g, opts, progress))
            .collect();
    }
    let games: Vec<Mutex<&mut ast::Game>> = file.games.iter_mut().map(Mutex::new).collect();
    let results: Vec<Mutex<GameReview>> = games
        .iter()
        .map(|_| Mutex::new(GameReview::default()))
        .collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let (Some(game), Some(slot)) = (games.get(i), results.get(i)) else {
                        break;
                    };
                    if let Ok(mut game) = game.lock() {
                        let review = analyse_game(&mut game, opts, progress);
                        if let Ok(mut slot) = slot.lock() {
                            *slot = review;
                        }
                    }
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_default())
        .collect()
}

fn analyse_game(game: &mut ast::Game, opts: &Options, progress: &(dyn Fn() + Sync)) -> GameReview {
    let (line, illegal) = main_line(game);
    let mut review = GameReview {
        actions: Vec::new(),
        unanalysed: 0,
        stopped: illegal.then_some(Stopped::Illegal),
    };
    let mut stopped_at = None;
    for (n, (at, before)) in line.iter().enumerate() {
        if opts.expired() {
            review.unanalysed = line.len() - n;
            review.stopped = Some(opts.why_stopped());
            stopped_at = Some(*at);
            break;
        }
        let Some(Item::Event(ev)) = game.body.get_mut(*at) else {
            continue;
        };
        let reviewed = weigh(before, ev, n + 1, opts);
        progress();
        if opts.expired() {
            // Thought cut short by the deadline: not trusted.
            review.unanalysed = line.len() - n;
            review.stopped = Some(opts.why_stopped());
            stopped_at = Some(*at);
            break;
        }
        let Some(reviewed) = reviewed else { continue };
        annotate(ev, &reviewed, opts.level);
        review.actions.push(reviewed);
    }
    if let Some(at) = stopped_at
        && let Some(Item::Event(ev)) = game.body.get_mut(at)
    {
        let why = match review.stopped {
            Some(Stopped::Interrupted) => "the review was stopped (Ctrl-C)",
            _ => "the time ran out",
        };
        ev.comments.push(brace(format!(
            "lanrick: {why}; the review stops here, {} actions unreviewed",
            review.unanalysed
        )));
    }
    if !review.actions.is_empty() {
        super::record::set_tag(
            &mut game.header,
            "Annotator",
            &format!("lanrick analyse, level {}", opts.level),
            &["Event", "Site", "Date", "Black", "Yellow"],
        );
    }
    review
}

/// A `{ text }` comment made by the review.
fn brace(text: String) -> Comment {
    Comment {
        text: format!(" {text} "),
        kind: CommentKind::Brace,
        span: Span::default(),
    }
}

/// A score for people: men to two decimals from the side's point of view, or a won
/// or lost game.
pub fn shown(score: i32) -> String {
    if score >= player::WIN / 2 {
        "won".into()
    } else if score <= -player::WIN / 2 {
        "lost".into()
    } else {
        format!("{:+.2}", f64::from(score) / f64::from(player::MAN))
    }
}

/// A loss for people: men to two decimals (a game given away counts as
/// [`player::WIN`]).
pub fn shown_loss(loss: i32) -> String {
    format!(
        "{:.2}",
        f64::from(loss.min(player::WIN)) / f64::from(player::MAN)
    )
}

/// Writes the review of one action into its event: the evaluation comment, the glyph
/// and the better action as a variation.
fn annotate(ev: &mut ast::Event, r: &Reviewed, level: u8) {
    let mut text = format!(
        "lanrick level {level}: {} {}",
        r.side.letter(),
        shown(r.played_score)
    );
    if r.loss > 0 {
        text.push_str(&format!(
            "; best {} {}, loss {}",
            r.best,
            shown(r.best_score),
            shown_loss(r.loss)
        ));
    }
    if let Some(c) = r.class {
        let article = if c == Class::Inaccuracy { "an" } else { "a" };
        text.push_str(&format!(", {article} {}", c.name()));
    }
    if let Some(m) = &r.missed {
        text.push_str(&format!("; missed {}", m.describe()));
    }
    ev.comments.push(brace(text));
    if let Some(c) = r.class {
        let glyph = c.annotation();
        let marked = ev.annotations.iter().any(|a| {
            matches!(
                a.node,
                Annotation::Dubious | Annotation::Mistake | Annotation::Blunder
            )
        });
        if !marked {
            ev.annotations
                .push(ast::Spanned::new(glyph, Span::default()));
        }
        if let Ok(body) = crate::syntax::parse_line(&r.best) {
            ev.variations.push(Variation {
                body,
                span: Span::default(),
            });
        }
    }
}

/// Weighs the action `ev` played from `before`; `None` for an action no player chose
/// (the 1879 die's Mark), one that cannot be replayed, or when the deadline passed
/// or the stop flag was set while weighing it (the caller stops there).
fn weigh(before: &Runner, ev: &ast::Event, index: usize, opts: &Options) -> Option<Reviewed> {
    let game = before.game();
    let pos = *game.position();
    if pos.rules().has_die() && pos.phase() == Phase::Mark {
        return None;
    }
    let me = pos.to_act();
    let mut after = before.clone();
    let Ok(Effect::Played(played)) = after.apply(ev) else {
        return None;
    };
    let played_pos = *after.position();
    let choice = player::choose(game, &opts.limits(), opts.budget.stop)?;
    // Past the deadline the rest is not trusted (the caller stops): no more thought.
    if opts.expired() {
        return None;
    }
    // A forced win proved comes first, the game before the Rendezvous.
    let mut forced = None;
    for target in [Target::Game, Target::Rendezvous] {
        if opts.expired() {
            break;
        }
        let found = prove(game, target, &played_pos, opts);
        if let Some(key) = found.key {
            forced = Some((target, key));
            break;
        }
    }
    let wins_at_once = |target: Target| {
        let won_game =
            matches!(played.result, Some(GameResult::Won { winner, .. }) if winner == me);
        won_game
            || target == Target::Rendezvous
                && matches!(
                    played.turn.as_ref().map(|t| t.end),
                    Some(TurnEnd::Removed(_))
                )
    };
    let mut missed = None;
    let mut best_action = choice.action.clone();
    if let Some((target, key)) = &forced
        && !key.positions.contains(&played_pos)
        && !wins_at_once(*target)
    {
        best_action = key.act.clone();
        missed = Some(Missed {
            target: *target,
            turns: key.depth.unwrap_or(2),
            key: key.act.to_string(),
        });
    }
    if opts.expired() {
        return None;
    }
    let played_score = value(after.game(), me, opts);
    if opts.expired() {
        return None;
    }
    let mut best_game = game.clone();
    let best_score = match best_game.play(&best_action) {
        Ok(_) if *best_game.position() == played_pos => played_score,
        Ok(_) => value(&best_game, me, opts),
        Err(_) => played_score,
    };
    let loss = (best_score - played_score).max(0);
    let mut class = Class::of_loss(loss);
    if let Some(m) = &missed {
        let least = match m.target {
            Target::Game => Class::Blunder,
            Target::Rendezvous => Class::Mistake,
        };
        class = Some(class.map_or(least, |c| c.max(least)));
    }
    let best = if loss > 0 || missed.is_some() {
        best_action.to_string()
    } else {
        crate::fmt::format_action(&bare(ev))
    };
    Some(Reviewed {
        index,
        side: me,
        number: played.numbered.then(|| after.game().turns_played()),
        played: crate::fmt::format_action(&bare(ev)),
        best,
        best_score: if loss > 0 { best_score } else { played_score },
        played_score,
        loss,
        class,
        missed,
    })
}

/// `ev` without its prefix.
fn bare(ev: &ast::Event) -> ast::Event {
    let mut e = ev.clone();
    e.prefix = ast::Prefix::default();
    e
}

/// A forced win of `target` within two turns for the side to act in `game`, the
/// played action's position tried first.
fn prove(game: &Game, target: Target, played: &Position, opts: &Options) -> prover::Forcing {
    let mut budget = Budget::nodes(PROOF_NODES);
    budget.deadline = opts.budget.deadline;
    budget.clock = opts.budget.clock.clone();
    budget.stop = opts.budget.stop;
    let limits = prover::Limits {
        hash_mib: 8,
        threads: 1,
        ..prover::Limits::within(&budget)
    };
    let me = game.position().to_act();
    prover::forcing_key(game, target, 2, &limits, |p| {
        if p == played {
            i32::MAX
        } else {
            player::evaluate(p, me)
        }
    })
}

/// The value for `me` of the position `game` is in, after one of `me`'s actions.
fn value(game: &Game, me: Side, opts: &Options) -> i32 {
    if let Some(r) = game.result() {
        return match r {
            GameResult::Won { winner, .. } if winner == me => player::WIN,
            GameResult::Won { .. } => -player::WIN,
            _ => 0,
        };
    }
    let to_act = game.position().to_act();
    match player::choose(game, &opts.limits(), opts.budget.stop) {
        Some(c) if to_act == me => c.score,
        Some(c) => -c.score,
        None => player::evaluate(game.position(), me),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_are_classed_by_the_thresholds() {
        assert_eq!(Class::of_loss(0), None);
        assert_eq!(Class::of_loss(INACCURACY - 1), None);
        assert_eq!(Class::of_loss(INACCURACY), Some(Class::Inaccuracy));
        assert_eq!(Class::of_loss(MISTAKE - 1), Some(Class::Inaccuracy));
        assert_eq!(Class::of_loss(MISTAKE), Some(Class::Mistake));
        assert_eq!(Class::of_loss(BLUNDER - 1), Some(Class::Mistake));
        assert_eq!(Class::of_loss(BLUNDER), Some(Class::Blunder));
        assert_eq!(Class::of_loss(2 * player::WIN), Some(Class::Blunder));
    }

    #[test]
    fn a_rendezvous_given_away_is_a_blunder_and_a_race_turn_is_not_marked() {
        // A man is the price of a Rendezvous lost; one turn of the race is 150.
        assert_eq!(Class::of_loss(player::MAN), Some(Class::Blunder));
        assert_eq!(Class::of_loss(150), None);
    }

    #[test]
    fn scores_are_shown_in_men_or_as_a_result() {
        assert_eq!(shown(350), "+0.35");
        assert_eq!(shown(-1200), "-1.20");
        assert_eq!(shown(player::WIN - 1), "won");
        assert_eq!(shown(-player::WIN), "lost");
    }

    #[test]
    fn the_classes_have_their_glyphs() {
        assert_eq!(Class::Inaccuracy.annotation(), Annotation::Dubious);
        assert_eq!(Class::Mistake.annotation(), Annotation::Mistake);
        assert_eq!(Class::Blunder.annotation(), Annotation::Blunder);
    }
}
