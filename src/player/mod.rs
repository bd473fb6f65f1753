//! lanrick as a player: given a game (its history included, for draws by repetition,
//! D-9) and limits (level, nodes, time, seed: with Ctrl-C's flag, one engine
//! [`Budget`] shared with the prover), [`choose`] picks the next action of
//! any kind for any edition — a set-up, a Mark, an interchange demand or not, a turn
//! with its take and wanderers, a Mark move, a pass. It depends on the engine and
//! the prover only, and prints nothing.
//!
//! The search is over whole actions: each candidate is a distinct outcome from the
//! engine (its lists and its visitor, so every rule of every edition applies). The
//! levels:
//!
//! - 0: uniform random among the distinct outcomes (the fixed anchor);
//! - 1: the best outcome by the evaluation, with a lot of noise;
//! - 2: the evaluation, small noise, the exact short-horizon tactics (below) and the
//!   other side's Rendezvous-winning replies to the first candidates;
//! - 3 and 4: alpha-beta over the heuristic generator (which always holds every turn
//!   that wins a Rendezvous), two actions deep; level 4 wider (24 candidates, 64
//!   replies each, the whole list of outcomes at the root when it is small enough)
//!   and a win in two proved by the prover ([`prover::forcing_key`], the actions
//!   tried best first by the evaluation) before the search;
//! - 5: level 4's root, its win in two from the prover and its two-action search,
//!   then three actions deep (`deep.rs`: alpha-beta on the generator's shortlists of
//!   both sides, a transposition table, the other side's Rendezvous-winning turns
//!   weighed at the leaves; in 1880 the leaves weighed by the 1880 race, where a man
//!   may count the whole allowance, and who gets all his men in first by it, a leaf
//!   waiting for the Mark by the selector's best selection, and the shortlists
//!   ordered by that evaluation), all on a fixed node budget.
//!
//! At every level from 2: a turn that wins the game now is always played; no
//! candidate is played after which the other side can win the game at once, while
//! any candidate avoids that (every outcome is looked at, in 1893 up to 1,000,000);
//! a position repeated for the third time (D-9) scores as a draw.
//!
//! What differs by edition is its strategy (`editions/`), one per folder file: the
//! evaluation, the root noise, what the generator adds from level 3, which
//! candidates are kept (the February 1879 rules, a match of rounds scored to five,
//! are played whole by `editions/e1879/`). The die's Mark is a chance node (the
//! engine's `has_die`), thrown with the engine's one [`throw_die`].

pub mod arena;
mod deep;
mod editions;
mod eval;
mod generate;

pub use editions::{Race1879, chance_1879, die_chance, race_1879, rendezvous_chance};
pub use eval::{MAN, WIN, evaluate, race};
pub use generate::{
    Candidate, winning_turns, winning_turns_1879, winning_turns_counted, winning_turns_up_to,
};

use crate::engine::{Action, Budget, DieRule, Game, Phase, Position, throw_die};
use crate::prover;
use deep::{LEVEL5_NODES, deepen};
use editions::{Extra, strategy};
use generate::{all_candidates, heuristic_candidates, random_candidate};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The highest level.
pub const MAX_LEVEL: u8 = 5;

/// The lowest level that may think for a second or more in a crowded position:
/// where a person waits (the prompt, a hint) it is given a time limit.
pub const SLOW_LEVEL: u8 = 4;

/// The level from which the root may hold the whole list of outcomes and a win in
/// two is asked of the prover (levels 4 and 5).
const WIDE_LEVEL: u8 = 4;

/// What the player may spend on one action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The level, 0 to [`MAX_LEVEL`].
    pub level: u8,
    /// The most positions the search evaluates (`None`: the level's own budget). The
    /// search stops at this count, so a game is the same on every machine.
    pub nodes: Option<u64>,
    /// The most time to think (`None`: no limit but the node budget). When it runs
    /// out, the best action found so far is played (and the game may then differ from
    /// run to run: leave it unset for reproducible games).
    pub time: Option<Duration>,
    /// The seed of the player's random choices: the same seed, level and game give the
    /// same action.
    pub seed: u64,
}

impl Limits {
    /// The budget of one choice starting now: [`Limits::nodes`] (else the level's
    /// `level_nodes`), [`Limits::time`] from now on the system's clock, and `stop`.
    fn budget(&self, level_nodes: u64, stop: Option<&'static AtomicBool>) -> Budget {
        let mut budget = Budget::nodes(self.nodes.unwrap_or(level_nodes));
        budget.deadline = self.time.map(|t| budget.clock.now() + t);
        budget.stop = stop;
        budget
    }

    /// The level's own limits with `seed`.
    pub fn level(level: u8, seed: u64) -> Limits {
        Limits {
            level: level.min(MAX_LEVEL),
            nodes: None,
            time: None,
            seed,
        }
    }
}

/// The player's choice and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The action, for [`Game::play`].
    pub action: Action,
    /// The action in canonical notation.
    pub event: String,
    /// Why it was chosen, in a few words.
    pub reason: String,
    /// Its score for the side that plays it (see [`evaluate`]).
    pub score: i32,
    /// Positions evaluated.
    pub nodes: u64,
}

pub use crate::rng::Rng;

/// Each level's settings.
struct Settings {
    /// Noise added to each root candidate's score (uniform in `0..noise`).
    noise: i32,
    /// Depth of the alpha-beta search in actions (1: the evaluation of the outcomes).
    depth: u32,
    /// Root candidates searched deeper than the evaluation.
    root_width: usize,
    /// Man's moves tried at each step of a turn by the heuristic generator.
    beam: usize,
    /// Children kept at each inner node (the winning turns always kept).
    inner_width: usize,
    /// Node budget.
    nodes: u64,
    /// Whether the exact tactics run.
    tactics: bool,
    /// The deepest iteration of level 5's search ([`deep`]) after the two-action one,
    /// in actions (0: none).
    deep: u32,
}

fn settings(level: u8) -> Settings {
    match level {
        0 | 1 => Settings {
            noise: 400,
            depth: 1,
            root_width: 0,
            beam: 0,
            inner_width: 0,
            nodes: u64::MAX,
            tactics: false,
            deep: 0,
        },
        2 => Settings {
            noise: 300,
            depth: 1,
            root_width: 12,
            beam: 0,
            inner_width: 0,
            nodes: 200_000,
            tactics: true,
            deep: 0,
        },
        3 => Settings {
            noise: 20,
            depth: 2,
            root_width: 8,
            beam: 3,
            inner_width: 24,
            nodes: 60_000,
            tactics: true,
            deep: 0,
        },
        4 => Settings {
            noise: 10,
            depth: 2,
            root_width: 24,
            beam: 5,
            inner_width: 64,
            nodes: 300_000,
            tactics: true,
            deep: 0,
        },
        _ => Settings {
            noise: 10,
            depth: 2,
            root_width: 24,
            beam: 5,
            inner_width: 64,
            nodes: LEVEL5_NODES,
            tactics: true,
            deep: 3,
        },
    }
}

/// What a root candidate loses, from level 3, when its position has been seen once
/// before in the game (about a tenth of a man): enough to prefer progress to a
/// shuffle when the race is even, far too little to give anything away.
const REVISIT: i32 = 100;

/// The most outcomes looked at in the root list.
const ROOT_CAP: usize = 1_000_000;

/// Man's moves tried at each step of a turn by the heuristic generator at the root
/// (levels 1 to 3, and the top level where the whole list would be too slow).
const ROOT_BEAM: usize = 6;

/// Whether the top level can afford every outcome at the root: the 1893 count is
/// fast and exact; the other editions' visitor is slower.
fn whole_list_affordable(pos: &Position) -> bool {
    if crate::engine::counts_fast(pos.rules()) {
        crate::engine::count_outcomes(pos) <= 300_000
    } else {
        let mut n = 0usize;
        crate::engine::search::visit_outcomes(pos, |_, _| {
            n += 1;
            if n > 30_000 {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        })
        .is_continue()
    }
}

/// The node budget of `level`'s own limits (the most positions one choice counts
/// when [`Limits::nodes`] is unset; `u64::MAX` at levels 0 and 1, which do not search).
pub fn level_nodes(level: u8) -> u64 {
    settings(level.min(MAX_LEVEL)).nodes
}

/// Chooses the next action in `game` (`None` when the game is over). `stop`, when
/// set by another thread (Ctrl-C), ends the thinking: the best action found so far is
/// returned.
pub fn choose(game: &Game, limits: &Limits, stop: Option<&'static AtomicBool>) -> Option<Choice> {
    if game.result().is_some() {
        return None;
    }
    let pos = *game.position();
    let me = pos.to_act();
    let mut rng = Rng::new(
        limits.seed
            ^ u64::from(game.turns_played()).wrapping_mul(0x2545_f491_4f6c_dd1d)
            ^ hash_position(&pos),
    );
    if pos.rules().has_die() && pos.phase() == Phase::Mark {
        // 1879 Rule 3: the die, not a player, gives the Mark; lanrick throws it with
        // its seeded generator, neglecting throws below three.
        let square = throw_die(DieRule::Plain, &mut rng);
        let action = Action::Mark {
            square,
            towards: None,
        };
        return Some(Choice {
            event: action.to_string(),
            action,
            reason: "the die gives the Mark (Rule 3, 1879)".into(),
            score: 0,
            nodes: 0,
        });
    }
    let level = limits.level.min(MAX_LEVEL);
    let set = settings(level);
    let edition = strategy(pos.rules());
    let mut search = Search {
        nodes: 0,
        budget: limits.budget(set.nodes, stop),
        rng: Rng::new(rng.next_u64()),
        beam: set.beam,
        inner_width: set.inner_width,
        extra: edition.extra(level, false),
    };
    if level == 0 {
        let c = random_candidate(&pos, &mut rng)?;
        return Some(finish(c, "chosen at random (level 0)".into(), 0, 0));
    }
    let listed = level >= WIDE_LEVEL && edition.may_list_root(&pos) && whole_list_affordable(&pos);
    let mut cands = if listed {
        all_candidates(&pos, ROOT_CAP, &mut rng, 24)
    } else {
        heuristic_candidates(
            &pos,
            ROOT_BEAM,
            &mut rng,
            edition.extra(level, true),
            &search.budget,
        )
    };
    if cands.is_empty() {
        return None;
    }
    // A win now.
    if let Some(i) = cands.iter().position(|c| c.position.winner() == Some(me)) {
        let c = cands.swap_remove(i);
        return Some(finish(c, "wins the game now".into(), WIN, 1));
    }
    // 1879: a Rendezvous won is always taken (the best way of winning it is chosen
    // below; see the 1879 strategy).
    if edition.takes_every_won_rendezvous()
        && cands.iter().any(|c| wins_rendezvous(&pos, &c.position))
    {
        cands.retain(|c| wins_rendezvous(&pos, &c.position));
    }
    // A win in two at the top level, proved, when the proof fits in the budget.
    if level >= WIDE_LEVEL
        && let Some((c, turns)) = win_in_two(game, &cands, me, listed, &mut search)
    {
        let (reason, score) = if turns <= 1 {
            ("wins the game now", WIN)
        } else {
            ("wins the game in two", WIN - 1)
        };
        return Some(finish(c, reason.into(), score, search.nodes));
    }
    // The first ordering: the evaluation (a third repetition is a draw), with noise.
    // A long list (the whole list of outcomes) is cut short by Ctrl-C or the time
    // limit: the candidates weighed so far are kept.
    let mut scored: Vec<(i32, Candidate)> = cands
        .into_iter()
        .enumerate()
        .take_while(|(k, _)| *k == 0 || !k.is_multiple_of(256) || !search.interrupted())
        .map(|(_, c)| {
            let s = if game.occurrences(&c.position) >= 2 && c.position.phase().in_play() {
                0
            } else {
                evaluate(&c.position, me)
            };
            let noise = edition.root_noise(level, set.noise);
            let noise = if noise > 0 {
                rng.below(noise as usize) as i32
            } else {
                0
            };
            (s + noise, c)
        })
        .collect();
    search.nodes += scored.len() as u64;
    scored.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
    if !set.tactics {
        let (s, c) = scored.swap_remove(0);
        return Some(finish(
            c,
            "best by the race (level 1)".into(),
            s,
            search.nodes,
        ));
    }
    // Deeper: the first candidates by alpha-beta, with iterative deepening.
    let width = set.root_width.min(scored.len());
    let mut values: Vec<Option<i32>> = vec![None; width];
    let mut reasons = vec![String::new(); width];
    'deepen: for depth in 2..=set.depth.max(2) {
        for i in 0..width {
            if search.out_of_time() {
                break 'deepen;
            }
            let child = scored[i].1.position;
            let v = if set.depth == 1 || depth == 2 && level == 2 {
                search.threat_value(&child, me)
            } else {
                search.value(&child, me, depth - 1, -WIN - 1, WIN + 1)
            };
            if search.out_of_time() && values[i].is_some() {
                break 'deepen;
            }
            values[i] = Some(v);
            reasons[i] = format!("searched {depth} actions deep");
        }
        if set.depth <= 2 {
            break;
        }
    }
    // Level 5: deeper, over the same candidates in the order the two-action search
    // found.
    if set.deep > 2 && !search.out_of_time() {
        deepen(
            &mut search,
            &scored,
            &mut values,
            &mut reasons,
            me,
            set.deep,
        );
    }
    // A third repetition in the Rendezvous is a draw whatever the search saw beyond
    // it (D-9); from level 3 a position seen before costs a little, so that a side
    // that is ahead looks for progress rather than shuffling into a draw.
    for (i, v) in values.iter_mut().enumerate() {
        let child = &scored[i].1.position;
        if let Some(v) = v.as_mut()
            && child.phase().in_play()
        {
            match game.occurrences(child) {
                0 => {}
                1 if level >= 3 => *v -= REVISIT,
                1 => {}
                _ => *v = 0,
            }
        }
    }
    let mut best: Option<(i32, usize)> = None;
    for (i, v) in values.iter().enumerate() {
        let v = v.unwrap_or(scored[i].0);
        // The root noise breaks ties between equal values the same way for one seed.
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, i));
        }
    }
    let (mut value, mut index) = best.unwrap_or((scored[0].0, 0));
    let mut reason = if index < reasons.len() && !reasons[index].is_empty() {
        reasons[index].clone()
    } else {
        "best by the race".to_string()
    };
    // Never let the other side win the game at once when something stops it: first
    // among the candidates searched, then among every outcome.
    if loses_at_once(&scored[index].1.position, me) {
        // Only Ctrl-C or a time limit (the prompt's) cuts these scans short; the node
        // budget does not, so matches never miss a defence.
        if let Some(j) = (0..scored.len())
            .take_while(|_| !search.interrupted())
            .find(|&j| !loses_at_once(&scored[j].1.position, me))
        {
            index = j;
            value = values.get(j).copied().flatten().unwrap_or(scored[j].0);
            reason = "stops the other side winning the game next".to_string();
        } else if let Some(c) = all_candidates(&pos, ROOT_CAP, &mut rng, 64)
            .into_iter()
            .take_while(|_| !search.interrupted())
            .filter(|c| !loses_at_once(&c.position, me))
            .max_by_key(|c| evaluate(&c.position, me))
        {
            let v = evaluate(&c.position, me);
            return Some(finish(
                c,
                "stops the other side winning the game next".into(),
                v,
                search.nodes,
            ));
        } else {
            reason = "nothing stops the other side winning next".to_string();
        }
    } else if value >= WIN / 2 {
        reason = "forces a win".to_string();
    }
    let c = scored.swap_remove(index).1;
    let nodes = search.nodes;
    Some(finish(c, reason, value, nodes))
}

/// Whether the action from `pos` to `after` wins a Rendezvous (or the game) for the
/// side to act in `pos`: the other side has lost a man.
fn wins_rendezvous(pos: &Position, after: &Position) -> bool {
    let me = pos.to_act();
    after.winner() == Some(me) || after.count(!me) < pos.count(!me)
}

/// The shortlist of the candidates `children` of `pos` for `mover`, as the searches
/// keep them: ordered by the mover's evaluation, every turn that wins a Rendezvous (or
/// the game) first, then the best others up to `width` in all (in 1879, a side that
/// can win the Rendezvous keeps only those turns, as at the root).
fn shortlist(
    pos: &Position,
    mover: crate::engine::Side,
    children: Vec<Candidate>,
    width: usize,
) -> Vec<Candidate> {
    shortlist_by(pos, mover, children, width, evaluate)
}

/// [`shortlist`] with the children ordered by `eval` for the mover (level 5's search
/// orders them by its leaves' evaluation).
fn shortlist_by(
    pos: &Position,
    mover: crate::engine::Side,
    children: Vec<Candidate>,
    width: usize,
    eval: impl Fn(&Position, crate::engine::Side) -> i32,
) -> Vec<Candidate> {
    let mut keyed: Vec<(i32, bool, Candidate)> = children
        .into_iter()
        .map(|c| {
            let wins =
                c.position.count(!mover) < pos.count(!mover) || c.position.winner() == Some(mover);
            (eval(&c.position, mover), wins, c)
        })
        .collect();
    keyed.sort_by_key(|(s, w, _)| (std::cmp::Reverse(*w), std::cmp::Reverse(*s)));
    let wins = keyed.iter().filter(|(_, w, _)| *w).count();
    let width = if wins > 0 && strategy(pos.rules()).takes_every_won_rendezvous() {
        wins
    } else {
        width.max(wins).max(1)
    };
    keyed.truncate(width);
    keyed.into_iter().map(|(_, _, c)| c).collect()
}

/// The most nodes the prover may search for a win in two.
const WIN_IN_TWO_BUDGET: u64 = 200_000;

/// A win of the game in one or two of `me`'s turns, proved by the prover
/// ([`prover::forcing_key`], the game's history counted for D-9), when the proof fits
/// in [`WIN_IN_TWO_BUDGET`] nodes and the player's budget and time; with the number
/// of turns it needs. Only tried when two Rendezvous may win the game
/// ([`Position::rendezvous_to_game`]) and some candidate leaves the other side at
/// most three men (each Rendezvous takes one man, and the game is won by taking
/// men), in 1879 only when a round won can end the game, and only where the whole
/// list of the actions is affordable (`listed`: the prover lists them again).
fn win_in_two(
    game: &Game,
    cands: &[Candidate],
    me: crate::engine::Side,
    listed: bool,
    search: &mut Search,
) -> Option<(Candidate, u32)> {
    if !listed
        || game.position().rendezvous_to_game(me) > 2
        || cands.iter().all(|c| c.position.count(!me) > 3)
    {
        return None;
    }
    // 1879: the game is won only by the take that ends a round (the other side left
    // with two men) when the points it scores reach five.
    if !strategy(game.position().rules()).may_win_game_in_two(cands, me) {
        return None;
    }
    let left = search.budget.max_nodes.saturating_sub(search.nodes);
    // The player's own budget, its deadline and stop flag included, with the nodes
    // the proof may take.
    let limits = prover::Limits {
        hash_mib: 4,
        threads: 1,
        ..prover::Limits::within(&search.budget.with_nodes(WIN_IN_TWO_BUDGET.min(left)))
    };
    let found = prover::forcing_key(game, prover::Target::Game, 2, &limits, |p| evaluate(p, me));
    search.nodes += found.nodes;
    let key = found.key?;
    let position = *key.positions.first()?;
    let depth = key.depth?;
    Some((
        Candidate {
            kind: key.act,
            position,
        },
        depth,
    ))
}

/// Whether, after `pos` (the other side to act), the other side can win the game
/// with his next action.
fn loses_at_once(pos: &Position, me: crate::engine::Side) -> bool {
    if pos.winner().is_some() || pos.to_act() == me {
        return false;
    }
    strategy(pos.rules()).loses_at_once(pos, me)
}

fn finish(c: Candidate, reason: String, score: i32, nodes: u64) -> Choice {
    Choice {
        action: c.action(),
        event: c.event(),
        reason,
        score,
        nodes,
    }
}

fn hash_position(p: &Position) -> u64 {
    use std::hash::Hash;
    // A fixed hasher (not randomised per run): the same position, the same number.
    let mut h = FixedHasher(0xcbf2_9ce4_8422_2325);
    p.hash(&mut h);
    h.0
}

struct FixedHasher(u64);

impl std::hash::Hasher for FixedHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

struct Search {
    nodes: u64,
    /// The nodes, deadline and stop flag of this choice.
    budget: Budget,
    rng: Rng,
    beam: usize,
    inner_width: usize,
    /// What the edition's generator adds at the inner nodes.
    extra: Extra,
}

impl Search {
    fn out_of_time(&self) -> bool {
        self.nodes >= self.budget.max_nodes || self.interrupted()
    }

    /// Whether Ctrl-C or the time limit ended the thinking (the node budget aside).
    fn interrupted(&self) -> bool {
        self.budget.interrupted().is_some()
    }

    /// The value for `me` of `pos` when the other side's best Rendezvous-winning
    /// reply (if any) is played: the evaluation, or worse.
    fn threat_value(&mut self, pos: &Position, me: crate::engine::Side) -> i32 {
        self.nodes += 1;
        let base = evaluate(pos, me);
        if pos.winner().is_some() || pos.to_act() == me {
            return base;
        }
        let replies = winning_turns(pos, false);
        self.nodes += replies.len() as u64;
        replies
            .iter()
            .map(|c| evaluate(&c.position, me))
            .min()
            .map_or(base, |v| v.min(base))
    }

    /// The value for `me` of `pos` searched `depth` actions deep (alpha-beta from
    /// `me`'s side: `alpha` and `beta` bound `me`'s score).
    fn value(
        &mut self,
        pos: &Position,
        me: crate::engine::Side,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        // 1879: the die, not a player, gives the Mark: the evaluation of a position
        // waiting for it is already the mean over the sixteen squares.
        let chance = pos.phase() == Phase::Mark && pos.rules().has_die();
        if pos.winner().is_some() || depth == 0 || chance || self.out_of_time() {
            return evaluate(pos, me);
        }
        let mover = pos.to_act();
        let children =
            heuristic_candidates(pos, self.beam, &mut self.rng, self.extra, &self.budget);
        if children.is_empty() {
            return evaluate(pos, me);
        }
        self.nodes += children.len() as u64;
        let keyed = shortlist(pos, mover, children, self.inner_width);
        if mover == me {
            let mut best = -WIN - 1;
            for c in &keyed {
                let v = self.value(&c.position, me, depth - 1, alpha, beta);
                best = best.max(v);
                alpha = alpha.max(v);
                if alpha >= beta || self.out_of_time() {
                    break;
                }
            }
            best
        } else {
            let mut best = WIN + 1;
            for c in &keyed {
                let v = self.value(&c.position, me, depth - 1, alpha, beta);
                best = best.min(v);
                beta = beta.min(v);
                if alpha >= beta || self.out_of_time() {
                    break;
                }
            }
            best
        }
    }
}
