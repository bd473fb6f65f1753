//! One browser tab's game: the shared game session ([`Session`]) and what the board
//! adds on the way to it — the turn being built click by click (men's moves, a take,
//! a set-up's squares) before it is sent, the man picked up, the announcements, the
//! last diagnostic and hint — and lanrick's thinking and hints run on a worker thread
//! off the request path, with a stop flag and the session's own budget.
//!
//! Every action goes through [`Session::play`] as a line of notation, as the REPL
//! types it: the session keeps the record, undo and redo, the die and lanrick; this
//! file only turns clicks into that line and the session's events into words.

use crate::engine::{Phase, Side, Square, SquareSet};
use crate::session::{Event, Next, Reply, Session, Undone};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// The most stop flags, and so live games, of all servers in the process.
pub const SLOTS: usize = 1024;

/// The stop flags of the games' thinking: the player and the prover take a
/// `&'static AtomicBool` (as the REPL's Ctrl-C flag), so each game holds one slot.
static STOPS: [AtomicBool; SLOTS] = [const { AtomicBool::new(false) }; SLOTS];
/// Which slots a game holds.
static TAKEN: [AtomicBool; SLOTS] = [const { AtomicBool::new(false) }; SLOTS];

/// A stop-flag slot, given back when the game is dropped.
#[derive(Debug)]
pub struct Slot(usize);

impl Slot {
    /// A free slot; `None` when all are held.
    pub fn claim() -> Option<Slot> {
        (0..SLOTS).find_map(|i| {
            TAKEN[i]
                .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
                .ok()
                .map(|_| {
                    STOPS[i].store(false, Ordering::Release);
                    Slot(i)
                })
        })
    }

    /// The slot's stop flag.
    pub fn flag(&self) -> &'static AtomicBool {
        &STOPS[self.0]
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        STOPS[self.0].store(true, Ordering::Release);
        TAKEN[self.0].store(false, Ordering::Release);
    }
}

/// The most announcements kept.
const LOG: usize = 200;

/// What the worker thread is doing for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    /// lanrick chooses its action.
    Thinking,
    /// A hint is being thought.
    Hinting,
    /// The prover works on the position.
    Proving,
}

/// A game and the board's state around it.
#[derive(Debug)]
pub struct Game {
    /// The shared game session.
    pub session: Session,
    /// The stop flag of its thinking.
    pub slot: Slot,
    /// The turn being built: men's moves (`a7-b6`) and a take (`x e6`).
    pub words: Vec<String>,
    /// The set-up being built: squares and the side set on each.
    pub setup: Vec<(Square, Side)>,
    /// The man picked up (or, with `mark_held`, the Mark's square).
    pub selected: Option<Square>,
    /// Whether the Mark is picked up to be moved (1880 Rule 5), not a man.
    pub mark_held: bool,
    /// What happened, oldest first, each with its number.
    pub log: Vec<(u64, String)>,
    /// The number of the next announcement.
    pub next_log: u64,
    /// The last refusal, as the CLI writes it.
    pub diagnostic: Option<String>,
    /// The last hint and its reasons.
    pub hint: Option<String>,
    /// The prover's last answer about the position: verdict, keys, tree.
    pub proof: Option<String>,
    /// What the worker does, if anything.
    pub busy: Option<Busy>,
    /// Bumped by take-back and new games: a worker's answer for an older game is
    /// dropped.
    pub generation: u64,
    /// Bumped by every change (for long polling).
    pub version: u64,
    /// Black at the bottom.
    pub flip: bool,
    /// When the tab last asked.
    pub last_used: Instant,
    /// A puzzle being solved: its name and its written solution.
    pub puzzle: Option<(String, String)>,
    /// The trained puzzle's solution as a tree, for its defence.
    pub trainer: Option<Arc<super::trainer::Trainer>>,
    /// A position being set up as a composer does: the men placed so far.
    pub editor: Option<(SquareSet, SquareSet)>,
}

/// A game shared between requests and its worker, with a condition variable that
/// wakes long polls on a change.
#[derive(Debug)]
pub struct Cell {
    game: Mutex<Game>,
    changed: Condvar,
}

impl Cell {
    /// A cell holding `game`.
    pub fn new(game: Game) -> Arc<Cell> {
        Arc::new(Cell {
            game: Mutex::new(game),
            changed: Condvar::new(),
        })
    }

    /// The game, locked (a worker that panicked leaves it usable).
    pub fn lock(&self) -> MutexGuard<'_, Game> {
        self.game
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Waits until the game's version differs from `seen` and it is not busy, or
    /// `timeout` has passed; the game, locked.
    pub fn wait(&self, seen: u64, timeout: std::time::Duration) -> MutexGuard<'_, Game> {
        let guard = self.lock();
        let (guard, _) = self
            .changed
            .wait_timeout_while(guard, timeout, |g| g.version == seen && g.busy.is_some())
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        guard
    }

    /// Wakes long polls.
    pub fn notify(&self) {
        self.changed.notify_all();
    }
}

impl Game {
    /// A game of `session`, holding `slot`.
    pub fn new(session: Session, slot: Slot) -> Game {
        Game {
            session,
            slot,
            words: Vec::new(),
            setup: Vec::new(),
            selected: None,
            mark_held: false,
            log: Vec::new(),
            next_log: 0,
            diagnostic: None,
            hint: None,
            proof: None,
            busy: None,
            generation: 0,
            version: 0,
            flip: false,
            last_used: Instant::now(),
            puzzle: None,
            trainer: None,
            editor: None,
        }
    }

    /// Adds an announcement.
    pub fn say(&mut self, text: String) {
        if text.is_empty() {
            return;
        }
        self.log.push((self.next_log, text));
        self.next_log += 1;
        if self.log.len() > LOG {
            self.log.remove(0);
        }
    }

    /// Clears the turn or set-up being built.
    pub fn clear_built(&mut self) {
        self.words.clear();
        self.setup.clear();
        self.selected = None;
        self.mark_held = false;
    }

    /// Starts setting up a position from the men of the current one.
    pub fn edit_start(&mut self) {
        self.stop_work();
        self.clear_built();
        let pos = self.session.position();
        self.editor = Some((pos.men(Side::Black), pos.men(Side::Yellow)));
        self.diagnostic = None;
        self.version += 1;
    }

    /// A click while setting up: empty, then a Black man, a Yellow man, empty again.
    pub(super) fn edit_click(&mut self, sq: Square) {
        if let Some((black, yellow)) = &mut self.editor {
            if black.contains(sq) {
                black.remove(sq);
                yellow.insert(sq);
            } else if yellow.contains(sq) {
                yellow.remove(sq);
            } else {
                black.insert(sq);
            }
        }
    }

    /// The board part of the position string of the men set up.
    pub fn edit_board(&self) -> Option<String> {
        let (black, yellow) = self.editor?;
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let Some(sq) = Square::from_coords(file, rank) else {
                    continue;
                };
                let c = if black.contains(sq) {
                    'B'
                } else if yellow.contains(sq) {
                    'Y'
                } else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        Some(out)
    }

    /// Ends the set-up: the men placed and `rest` (the side to act, the Mark, the
    /// phase, and for 1879 the score and first player: `B d5 play`) read as a
    /// position string by `rules`, checked as the REPL's `:setup` checks it; the game
    /// starts from it (the game before is put aside, as `:setup` does: take-back at
    /// the start brings it back). A string the rules refuse is explained.
    pub fn edit_done(&mut self, rules: crate::engine::Rules, rest: &str) {
        let Some(board) = self.edit_board() else {
            self.diagnostic = Some("Press Set up first.".into());
            return;
        };
        let text = format!("{board} {}", rest.trim());
        match crate::engine::Position::parse_as(rules, &text) {
            Ok(p) => {
                self.session.set_rules(rules);
                self.session.reset(Some(p), ":setup");
                self.editor = None;
                self.diagnostic = None;
                self.say(format!("Set up: {p}"));
                self.throw_due();
            }
            Err(e) => {
                let p = crate::interp::position_problem_for(
                    &e,
                    crate::syntax::ast::Span::new(0, 0),
                    rules,
                );
                self.diagnostic = Some(diagnostic(&p, &text));
            }
        }
        self.version += 1;
    }

    /// Sends the turn or set-up built.
    pub fn send(&mut self) {
        let line = self.built_line();
        if line.trim().is_empty() {
            self.diagnostic = Some("Nothing to send: build the turn on the board first.".into());
            return;
        }
        if self.play_line(&line) {
            self.clear_built();
        }
    }

    /// Plays a line of notation as the user's (the notation box, a Mark clicked, a
    /// turn sent); whether it was taken whole.
    pub fn play_line(&mut self, line: &str) -> bool {
        self.diagnostic = None;
        self.hint = None;
        let reply = self.session.play(line);
        let ok = reply.problem.is_none();
        self.tell_reply(&reply, line, None);
        if reply.played > 0 {
            self.clear_built();
        }
        self.throw_due();
        ok
    }

    /// Tells a reply's events and its problem; `who` names lanrick's action.
    fn tell_reply(&mut self, reply: &Reply, line: &str, who: Option<Side>) {
        let rules = self.session.position().rules();
        if let Some(side) = who {
            self.say(format!("lanrick ({side}) plays {line}"));
        }
        for e in &reply.events {
            self.say(words(e, rules));
        }
        if reply.kept_as_variation > 0 {
            let n = reply.kept_as_variation;
            let s = if n == 1 { "" } else { "s" };
            self.say(format!(
                "The line taken back ({n} action{s}) is kept as a variation"
            ));
        }
        if let Some(p) = &reply.problem {
            self.diagnostic = Some(diagnostic(p, line));
        }
        self.version += 1;
    }

    /// Throws the 1879 die while a Mark is due, telling each throw.
    pub fn throw_due(&mut self) {
        for _ in 0..16 {
            let Some((thrown, reply)) = self.session.throw() else {
                return;
            };
            self.say(words(&thrown, self.session.position().rules()));
            let line = match thrown {
                Event::DieThrown { square, .. } => format!("mark {square}"),
                _ => String::new(),
            };
            self.tell_reply(&reply, &line, None);
            if reply.problem.is_some() {
                return;
            }
        }
    }

    /// Takes back the user's last decision (with lanrick's replies after it).
    pub fn undo(&mut self) {
        self.stop_work();
        self.clear_built();
        self.diagnostic = None;
        match self.session.undo(1) {
            Some(Undone::Actions(taken)) => self.say(format!("Taken back: {}", taken.join("; "))),
            Some(Undone::BroughtBack { by, actions, .. }) => {
                self.say(format!("Back to the game before {by} ({actions} actions)"));
            }
            None => self.diagnostic = Some("Nothing to take back.".into()),
        }
        self.version += 1;
    }

    /// Plays again the last decision taken back.
    pub fn redo(&mut self) {
        self.stop_work();
        self.clear_built();
        self.diagnostic = None;
        match self.session.redo(1) {
            Some(again) => self.say(format!("Played again: {}", again.join("; "))),
            None => self.diagnostic = Some("Nothing to play again.".into()),
        }
        self.version += 1;
    }

    /// Drops what the worker is doing: its answer will be for an older game.
    pub fn stop_work(&mut self) {
        if self.busy.is_some() {
            self.slot.flag().store(true, Ordering::Release);
        }
        self.generation += 1;
        self.busy = None;
    }
}

/// Starts the worker if lanrick is due and nothing runs: it thinks on a copy of the
/// session and plays its choice if the game has not changed meanwhile, then goes on
/// while lanrick is still due (its next action, after a die's throw).
pub fn kick(cell: &Arc<Cell>, game: &mut Game) {
    if game.busy.is_some() || game.session.next() != Some(Next::Lanrick) {
        return;
    }
    if puzzle_settled(game) {
        return;
    }
    if !start_worker(cell, game, Busy::Thinking, "lanrick-think", think_loop) {
        game.diagnostic = Some("lanrick cannot think now (no thread): try again.".into());
    }
}

/// Marks `game` busy with `busy` and runs `work` on a worker thread of its own, at the
/// workers' lower priority, its stop flag cleared; whether the thread started (if not,
/// the game is not busy).
fn start_worker(
    cell: &Arc<Cell>,
    game: &mut Game,
    busy: Busy,
    name: &str,
    work: impl FnOnce(&Arc<Cell>) + Send + 'static,
) -> bool {
    game.busy = Some(busy);
    game.slot.flag().store(false, Ordering::Release);
    game.version += 1;
    let cell = Arc::clone(cell);
    let started = std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            super::background();
            work(&cell);
        })
        .is_ok();
    if !started {
        game.busy = None;
    }
    started
}

/// A worker's answer put in place, unless the game changed meanwhile (a take-back, a
/// new line: its `generation` moved on); then the game is no longer busy, and the
/// long polls wake.
fn finish(cell: &Cell, generation: u64, answer: impl FnOnce(&mut Game)) {
    let mut g = cell.lock();
    if g.generation == generation {
        answer(&mut g);
        g.busy = None;
        g.version += 1;
    }
    drop(g);
    cell.notify();
}

/// Whether a puzzle is settled (its goal met or out of reach): the defence stops there.
fn puzzle_settled(game: &Game) -> bool {
    game.puzzle.is_some()
        && game
            .session
            .goal_status()
            .is_some_and(|p| p.settled().is_some() || p.out_of_reach())
}

/// The worker: lanrick's actions while it is due.
fn think_loop(cell: &Arc<Cell>) {
    for _ in 0..16 {
        let (copy, generation, flag, trainer) = {
            let mut g = cell.lock();
            if g.busy != Some(Busy::Thinking)
                || g.session.next() != Some(Next::Lanrick)
                || puzzle_settled(&g)
            {
                if g.busy == Some(Busy::Thinking) {
                    g.busy = None;
                    g.version += 1;
                }
                drop(g);
                cell.notify();
                return;
            }
            (
                g.session.clone(),
                g.generation,
                g.slot.flag(),
                g.trainer.clone(),
            )
        };
        // A trained puzzle's defence: the written solution's, the prover's, or (its
        // budget spent) lanrick's choice; said before it is played.
        let (choice, said) = match &trainer {
            Some(t) => super::trainer::defend(&copy, t, &prove_limits(flag), flag),
            None => (copy.think(Some(flag)), String::new()),
        };
        let mut g = cell.lock();
        if g.generation != generation {
            drop(g);
            cell.notify();
            return;
        }
        let side = g.session.position().to_act();
        match choice {
            Some(choice) => {
                g.say(said);
                let reply = g.session.play_choice(&choice);
                g.tell_reply(&reply, &choice.event, Some(side));
                g.clear_built();
                g.throw_due();
                if reply.problem.is_some() {
                    g.busy = None;
                    drop(g);
                    cell.notify();
                    return;
                }
            }
            None => {
                g.session.cancel_play_now();
                g.busy = None;
                g.version += 1;
                drop(g);
                cell.notify();
                return;
            }
        }
        flag.store(false, Ordering::Release);
        drop(g);
        cell.notify();
    }
    let mut g = cell.lock();
    g.busy = None;
    g.version += 1;
    drop(g);
    cell.notify();
}

/// Thinks a hint on the worker at `level`, for the side to act.
pub fn hint(cell: &Arc<Cell>, game: &mut Game, level: u8) {
    if game.busy.is_some() {
        game.diagnostic = Some("lanrick is already thinking: wait, or stop it.".into());
        return;
    }
    if game.session.runner().game().result().is_some() {
        game.diagnostic = Some("The game is over: no hint.".into());
        return;
    }
    let copy = game.session.clone();
    let generation = game.generation;
    let flag = game.slot.flag();
    start_worker(cell, game, Busy::Hinting, "lanrick-hint", move |cell| {
        let hint = copy.hint(level, Some(flag));
        finish(cell, generation, |g| {
            g.hint = Some(match hint {
                Some(h) => hint_words(&h),
                None => "No hint: the game is over.".into(),
            });
        });
    });
}

/// The prover's most nodes for a question asked on the page.
const PROVE_NODES: u64 = 5_000_000;
/// The prover's longest time for a question asked on the page.
const PROVE_TIME: std::time::Duration = std::time::Duration::from_secs(20);

/// The prover's budget for a question asked on the page or a trainer's defence: at
/// most [`PROVE_NODES`] positions or [`PROVE_TIME`], one thread, stopped by `flag`.
fn prove_limits(flag: &'static AtomicBool) -> crate::prover::Limits {
    crate::prover::Limits {
        max_nodes: Some(PROVE_NODES),
        max_time: Some(PROVE_TIME),
        threads: 1,
        hash_mib: 16,
        stop: Some(flag),
        ..crate::prover::Limits::default()
    }
}

/// Asks the prover on the worker whether `goal` (as a `Goal` tag writes it, `B wins
/// rendezvous in 2`) can be forced from the current position: the verdict, the keys
/// and the first solution tree. Cancelled by the stop flag or a take-back.
pub fn prove(cell: &Arc<Cell>, game: &mut Game, goal: &str) {
    if game.busy.is_some() {
        game.diagnostic = Some("lanrick is already thinking: wait, or stop it.".into());
        return;
    }
    let parsed = match crate::syntax::parse_goal(goal) {
        Ok(g) => g,
        Err(e) => {
            game.diagnostic = Some(diagnostic(&crate::interp::syntax_problem(&e), goal));
            return;
        }
    };
    let goal = crate::interp::proof::prover_goal(&parsed);
    let start = *game.session.position();
    game.proof = None;
    let generation = game.generation;
    let flag = game.slot.flag();
    start_worker(cell, game, Busy::Proving, "lanrick-prove", move |cell| {
        let limits = prove_limits(flag);
        let wants = crate::prover::Wants {
            trees: true,
            keep: Some(crate::render::solution::SHOWN + 1),
            ..crate::prover::Wants::default()
        };
        let text = match crate::prover::solve(&start, goal, &limits, &wants) {
            Ok(report) => proof_words(&report),
            Err(e) => format!("The prover cannot start: {e}"),
        };
        finish(cell, generation, |g| g.proof = Some(text));
    });
}

/// A proof's report in the page's words: the verdict, each key that forces the goal
/// with its turns, and the solution as `lanrick solve` writes it (the same writer,
/// [`crate::render::solution`]).
fn proof_words(r: &crate::prover::Report) -> String {
    let mut out = vec![format!("Verdict: {}", r.verdict)];
    if !r.complete {
        out.push("(the search was cut short: more budget could say more)".into());
    }
    let keys: Vec<String> = r
        .keys
        .iter()
        .filter_map(|k| k.depth.map(|d| format!("{} (in {d})", k.act)))
        .collect();
    if keys.is_empty() {
        out.push("No key forces the goal.".into());
    } else {
        out.push(format!("Keys: {}", keys.join("; ")));
    }
    let lines = crate::render::solution::solution_lines(r, &crate::prover::Tries::default(), false);
    if !lines.is_empty() {
        out.push("Solution:".into());
        out.extend(lines);
    }
    out.push(format!("{} positions searched", r.nodes));
    out.join("\n")
}

/// A problem written as the CLI writes it (no colour), for the line typed or built.
pub fn diagnostic(p: &crate::interp::Problem, line: &str) -> String {
    crate::term::report::render_human_width(p, "input", line, false, 72)
}

/// An event in the board's words; empty for what the board shows by itself.
pub fn words(event: &Event, rules: crate::engine::Rules) -> String {
    use crate::engine::TurnEnd;
    match *event {
        Event::Played { .. } => String::new(),
        Event::Interchange { side, changed } => format!(
            "Interchange demanded by {side} (Rule 5): the men on {} change colour.",
            crate::interp::list(changed.iter())
        ),
        Event::ManReplaced { side, square } => format!(
            "Man taken: {side} replaces {}'s man on {square} ({}); the turn ends.",
            !side,
            rules.turn_end_rule(TurnEnd::Replaced(square))
        ),
        Event::RendezvousWon { side, taken } => format!(
            "Rendezvous won by {side}: {}'s man on {taken} is taken ({}).",
            !side,
            rules.turn_end_rule(TurnEnd::Removed(taken))
        ),
        Event::MarkDue { .. } if rules.has_die() => String::new(),
        Event::MarkDue { side } => format!("{side} sets the next Mark."),
        Event::RoundOver { score } => format!(
            "Round over: Black {}, Yellow {}.",
            score.of(Side::Black),
            score.of(Side::Yellow)
        ),
        Event::GameOver(r) => format!("Game over: {r}."),
        Event::GoalMet { goal, turns } => {
            format!(
                "Goal met: {} in {turns} turns (the goal allows {}).",
                goal.side, goal.turns
            )
        }
        Event::GoalLate { goal, turns } => format!(
            "Won in {turns} turns: too late for the goal ({} turns).",
            goal.turns
        ),
        Event::GoalOutOfReach { goal } => {
            format!(
                "The goal is out of reach: {} can no longer meet it.",
                goal.side
            )
        }
        Event::SecondOccurrence => {
            "This position has occurred twice in this Rendezvous: a third time is a draw (D-9)."
                .into()
        }
        Event::DieThrown { square, .. } => format!(
            "Die thrown: row {}, column {} — the Mark is {square}.",
            square.rank() + 1,
            square.file() + 1
        ),
    }
}

/// A hint and its reasons, one per line.
fn hint_words(h: &crate::session::Hint) -> String {
    use crate::engine::Target;
    let what = |t: Target| match t {
        Target::Rendezvous => "the Rendezvous",
        Target::Game => "the game",
    };
    let mut out = vec![format!("{} (level {})", h.action, h.level)];
    if let Some(f) = &h.forced {
        out.push(format!(
            "forces a win of {} in {} turns (proved)",
            what(f.target),
            f.turns
        ));
    }
    if let Some(t) = h.wins_now {
        out.push(format!("wins {} now", what(t)));
    }
    if let Some(t) = h.threat {
        out.push(if t.stopped {
            format!("stops {}'s threat to win the Rendezvous next turn", t.by)
        } else {
            format!("{} can still win the Rendezvous next turn", t.by)
        });
    }
    if let Some((before, after)) = h.men_in
        && after > before
    {
        out.push(format!(
            "brings men in: {before} in the Rendezvous before, {after} after"
        ));
    }
    if let Some((before, after)) = h.squares
        && before > 0
    {
        out.push(format!(
            "squares still to go: {before} before, {after} after"
        ));
    }
    if h.lost {
        out.push(format!(
            "{} cannot stop the other side's win, as far as this level sees",
            h.side
        ));
    }
    out.join("\n")
}

/// Whether `phase` is a bonus (for the page's pass button).
pub fn is_bonus(phase: Phase) -> bool {
    matches!(phase, Phase::Bonus(_))
}
