//! Self-play: complete legal games from the start of any edition, reproducible from a
//! seed, written in canonical notation (NOTATION.md).
//!
//! In 1880 the arranger sets the men at random on the border, the first player moves
//! the Mark now and then while he may, and the winner of a Rendezvous takes a random
//! wanderer and sends the others to the border along random clear lines.
//!
//! In 1879 each side sets his own men at random, the die is thrown for every Mark
//! (throws below three neglected, or Carroll's N.B. rule, as chosen), the winner of a
//! Rendezvous takes a random wanderer, sets the others on random vacant squares of
//! the set, chooses the centre man's line at random, and moves a random bonus.
//!
//! Both players pick at random among legal actions, biased to finish: a man's move
//! that brings a man into the Rendezvous is preferred, then one that brings him
//! nearer; the Mark goes on any legal square (every 3-square line included); an
//! interchange is demanded now and then. A turn is built man's move by man's move
//! with [`TurnInProgress::legal_moves`], so every turn is legal by construction, and
//! the take of Rule 7 or 8 is always written. A game that reaches [`TURN_CAP`] turns
//! ends with an agreed `draw`.

use crate::engine::{
    Action, DieRule, DrawReason, Due, Game, GameResult, Phase, Position, Rules, Side, Square,
    SquareSet, TurnEnd, TurnInProgress, Way,
};
use std::fmt::Write as _;

/// The turns after which a self-play game is given up as a draw.
pub const TURN_CAP: u32 = 300;

/// The turns after which a 1879 match (rounds to five points) is given up as a draw.
pub const TURN_CAP_1879: u32 = 3000;

pub use crate::rng::Rng;

/// What happened over the games, counted from the engine's own results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games played.
    pub games: u32,
    /// Games won by Black.
    pub black_wins: u32,
    /// Games won by Yellow.
    pub yellow_wins: u32,
    /// Games drawn by repetition (D-9).
    pub repetition_draws: u32,
    /// Games stopped at [`TURN_CAP`] (written as an agreed draw).
    pub capped_draws: u32,
    /// Turns and passes played.
    pub turns: u32,
    /// Passes (D-6).
    pub passes: u32,
    /// Marks set, by Rendezvous size (index = size, 3 to 9).
    pub marks_by_size: [u32; 10],
    /// 3-square Rendezvous, by line: vertical, horizontal, rising, falling.
    pub lines: [u32; 4],
    /// Interchanges (Rule 5).
    pub interchanges: u32,
    /// Man's moves made as Rule 6 slides ([`Way::Slide`]).
    pub slides: u32,
    /// Rule 7 replacements.
    pub replacements: u32,
    /// Rendezvous won under Rule 8.
    pub removals: u32,
}

/// One self-play game: its actions, the same in notation, and its result.
#[derive(Clone, Debug)]
pub struct SelfPlayGame {
    /// The actions in order, as [`Game::play`] takes them.
    pub actions: Vec<Action>,
    /// One event of the notation per action (`mark d5`, `a7-b6 x e6`, `pass`, ...).
    pub events: Vec<String>,
    /// The result: `B`, `Y` or `draw`.
    pub result: &'static str,
}

/// Plays `games` 1893 games from `seed` and returns them in notation, with the
/// statistics.
pub fn generate(games: usize, seed: u64) -> (String, Stats) {
    generate_with(games, seed, Rules::default())
}

/// Plays `games` games by `rules` from `seed` and returns them in notation (with a
/// `Rules` tag unless the rules are the default), with the statistics.
pub fn generate_with(games: usize, seed: u64, rules: Rules) -> (String, Stats) {
    generate_full(games, seed, rules, DieRule::Plain, None)
}

/// Plays `games` games by `rules` from `seed`, the 1879 die thrown by `die`, with
/// annotations after about `annotate` of the events when given.
pub fn generate_full(
    games: usize,
    seed: u64,
    rules: Rules,
    die: DieRule,
    annotate: Option<f64>,
) -> (String, Stats) {
    let (list, stats) = play_games_full(games, seed, rules, die);
    (write_games(&list, seed, rules, annotate), stats)
}

/// The same games as [`generate`] with the same seed, with an annotation after about
/// `rate` (0 to 1) of the events: a `{ }` comment (now and then over two lines), a `#`
/// comment, a glyph, a NAG, several of these, or a variation holding another legal
/// action from the same position. The annotations are drawn from their own generator,
/// derived from the seed and the game's number, so the games do not change and the
/// same seed and rate always give the same text; `rate` 0 gives exactly
/// [`generate`]'s text. The annotations are in `fmt`'s canonical order.
pub fn generate_annotated(games: usize, seed: u64, rate: f64) -> (String, Stats) {
    generate_annotated_with(games, seed, rate, Rules::default())
}

/// [`generate_annotated`] for games played by `rules`.
pub fn generate_annotated_with(
    games: usize,
    seed: u64,
    rate: f64,
    rules: Rules,
) -> (String, Stats) {
    let (list, stats) = play_games_with(games, seed, rules);
    (write_games(&list, seed, rules, Some(rate)), stats)
}

/// The games in notation; with `annotate`, annotations after that share of events.
fn write_games(list: &[SelfPlayGame], seed: u64, rules: Rules, annotate: Option<f64>) -> String {
    let mut out = String::new();
    for (i, g) in list.iter().enumerate() {
        out.push_str(&game_text(i, g, seed, rules, annotate));
    }
    out
}

/// Game `i` (from 0) of a self-play run from `seed` in notation, as [`generate_full`]
/// writes it (with the blank line before it when it is not the first), so that a run
/// can be written game by game.
pub fn game_text(
    i: usize,
    g: &SelfPlayGame,
    seed: u64,
    rules: Rules,
    annotate: Option<f64>,
) -> String {
    let mut out = String::new();
    if i > 0 {
        out.push('\n');
    }
    let _ = writeln!(out, "[Event \"selfplay {seed} #{}\"]", i + 1);
    if rules != Rules::default() {
        let _ = writeln!(out, "[Rules \"{rules}\"]");
    }
    out.push_str("[Black \"selfplay\"]\n[Yellow \"selfplay\"]\n");
    let _ = writeln!(out, "[Result \"{}\"]", g.result);
    out.push('\n');
    match annotate {
        None => {
            for e in &g.events {
                out.push_str(e);
                out.push('\n');
            }
        }
        Some(rate) => {
            let mut rng = Rng::new(seed ^ ANNOTATION_SALT ^ (i as u64).wrapping_mul(0x9e37_79b9));
            write_annotated(&mut out, g, rules, rate, &mut rng);
        }
    }
    out
}

/// Mixed into the seed for the annotations' generator, so that it differs from the
/// games' own.
const ANNOTATION_SALT: u64 = 0xa770_7a7e_0001_1878;

/// Short comment texts for annotations.
const REMARKS: &[&str] = &[
    "a quiet move",
    "the only way to keep the Rendezvous",
    "threatens to bring a third man in",
    "Black should have waited",
    "forced",
    "see Carroll's note on interchanges",
    "now Yellow has nothing better than to pass",
    "a slide along the border would have been stronger",
];

/// One game's events, each followed by an annotation with probability `rate`; replays
/// the game to know the position before each event (for variations).
fn write_annotated(out: &mut String, g: &SelfPlayGame, rules: Rules, rate: f64, rng: &mut Rng) {
    let mut game = Game::new(Position::start_for(rules));
    for (action, event) in g.actions.iter().zip(&g.events) {
        let before = *game.position();
        if let Err(e) = game.play(action) {
            unreachable!("self-play wrote an illegal action {event}: {e}");
        }
        out.push_str(event);
        // 53 random bits as a number in [0, 1).
        let draw = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if draw < rate {
            annotate(out, rng, &before);
        }
        out.push('\n');
    }
}

/// Writes one annotation (with its leading space) for an event played from `before`.
fn annotate(out: &mut String, rng: &mut Rng, before: &Position) {
    const GLYPHS: &[&str] = &["!", "?", "!!", "??", "!?", "?!"];
    let remark = |rng: &mut Rng| REMARKS[rng.below(REMARKS.len())];
    match rng.weighted(&[30, 20, 20, 10, 10, 5, 5]) {
        0 => {
            let _ = write!(out, " {{ {} }}", remark(rng));
        }
        1 => {
            let _ = write!(out, " {}", GLYPHS[rng.below(GLYPHS.len())]);
        }
        2 => {
            let _ = write!(out, " ${}", 1 + rng.below(255));
        }
        3 => {
            let _ = write!(out, " # {}", remark(rng));
        }
        4 => {
            let glyph = GLYPHS[rng.below(GLYPHS.len())];
            let nag = 1 + rng.below(255);
            let _ = write!(out, " {glyph} ${nag} {{ {} }}", remark(rng));
        }
        5 => {
            let (a, b) = (remark(rng), remark(rng));
            let _ = write!(out, " {{ {a}\n{b} }}");
        }
        _ => {
            let alternative = choose_action(rng, before, DieRule::Plain);
            let _ = write!(out, " ( {alternative} )");
        }
    }
}

/// Plays `games` games from `seed`: game `i` uses its own generator derived from the
/// seed and `i`, so each game is reproducible alone.
pub fn play_games(games: usize, seed: u64) -> (Vec<SelfPlayGame>, Stats) {
    play_games_with(games, seed, Rules::default())
}

/// Plays `games` games by `rules` from `seed` (see [`play_games`]).
pub fn play_games_with(games: usize, seed: u64, rules: Rules) -> (Vec<SelfPlayGame>, Stats) {
    play_games_full(games, seed, rules, DieRule::Plain)
}

/// Plays `games` games by `rules` from `seed`, the 1879 die thrown by `die`.
pub fn play_games_full(
    games: usize,
    seed: u64,
    rules: Rules,
    die: DieRule,
) -> (Vec<SelfPlayGame>, Stats) {
    let mut stats = Stats::default();
    // Pushed one by one: nothing is reserved by the count up front.
    let mut list = Vec::new();
    for i in 0..games {
        list.push(play_numbered(i, seed, rules, die, &mut stats));
    }
    (list, stats)
}

/// Game `i` (from 0) of a self-play run from `seed`: the game [`play_games_full`]
/// plays at that place, played alone (each game has its own generator).
pub fn play_numbered(
    i: usize,
    seed: u64,
    rules: Rules,
    die: DieRule,
    stats: &mut Stats,
) -> SelfPlayGame {
    let mut rng = Rng::new(seed ^ (i as u64).wrapping_mul(0xd1b5_4a32_d192_ed03));
    play_game_full(&mut rng, stats, rules, die)
}

/// Plays one game from the Rule 2 start.
pub fn play_game(rng: &mut Rng, stats: &mut Stats) -> SelfPlayGame {
    play_game_with(rng, stats, Rules::default())
}

/// Plays one game by `rules` from its start.
pub fn play_game_with(rng: &mut Rng, stats: &mut Stats, rules: Rules) -> SelfPlayGame {
    play_game_full(rng, stats, rules, DieRule::Plain)
}

/// Plays one game by `rules` from its start, the 1879 die thrown by `die`.
pub fn play_game_full(
    rng: &mut Rng,
    stats: &mut Stats,
    rules: Rules,
    die: DieRule,
) -> SelfPlayGame {
    let cap = if rules.plays_rounds() {
        TURN_CAP_1879
    } else {
        TURN_CAP
    };
    let mut game = Game::new(Position::start_for(rules));
    let mut actions = Vec::new();
    let mut events = Vec::new();
    stats.games += 1;
    while game.result().is_none() {
        if game.turns_played() >= cap {
            actions.push(Action::Draw);
            events.push("draw".to_string());
            stats.capped_draws += 1;
            break;
        }
        let pos = *game.position();
        let action = choose_action(rng, &pos, die);
        let event = action.to_string();
        let played = match game.play(&action) {
            Ok(p) => p,
            Err(e) => unreachable!("self-play chose an illegal action {event}: {e}"),
        };
        match &action {
            Action::Mark { .. } | Action::MarkWith { .. } => {
                if let Some(r) = game.position().rendezvous() {
                    stats.marks_by_size[r.size() as usize] += 1;
                    if let Some(l) = r.line() {
                        stats.lines[l as usize] += 1;
                    }
                }
            }
            Action::Interchange(_) => stats.interchanges += 1,
            Action::Pass => {
                stats.passes += 1;
                stats.turns += 1;
            }
            _ => {}
        }
        if let Some(t) = &played.turn {
            stats.turns += 1;
            stats.slides += t
                .moves
                .iter()
                .filter(|m| matches!(m.way, Way::Slide { .. }))
                .count() as u32;
            match t.end {
                TurnEnd::Replaced(_) => stats.replacements += 1,
                TurnEnd::Removed(_) => stats.removals += 1,
                TurnEnd::Played => {}
            }
        }
        actions.push(action);
        events.push(event);
    }
    match game.result() {
        Some(GameResult::Won {
            winner: Side::Black,
            ..
        }) => stats.black_wins += 1,
        Some(GameResult::Won {
            winner: Side::Yellow,
            ..
        }) => stats.yellow_wins += 1,
        Some(GameResult::Drawn(DrawReason::Repetition)) => stats.repetition_draws += 1,
        _ => {}
    }
    // A game stopped at the turn cap ends with an agreed draw.
    let result = game.result().map_or("draw", crate::fmt::result_tag);
    SelfPlayGame {
        actions,
        events,
        result,
    }
}

/// The next action for the side to act in `pos` (the game is not over), and its event.
fn choose_action(rng: &mut Rng, pos: &Position, die: DieRule) -> Action {
    if matches!(
        pos.due(),
        Due::SetUp { own: true } | Due::Throw | Due::Bonus { .. }
    ) && let Some(chosen) = choose_1879(rng, pos, die)
    {
        return chosen;
    }
    if pos.phase() == Phase::Set {
        let mut border: Vec<Square> = SquareSet::BORDER.iter().collect();
        let mut pick = |n: usize| -> Vec<Square> {
            let mut set = SquareSet::EMPTY;
            for _ in 0..n {
                set.insert(border.swap_remove(rng.below(border.len())));
            }
            set.iter().collect()
        };
        let black = pick(5);
        let yellow = pick(5);
        return Action::Set { black, yellow };
    }
    if pos.phase() == Phase::Mark {
        let options = pos.mark_options();
        let r = options[rng.below(options.len())];
        return Action::from(&r);
    }
    let mark_moves = pos.mark_moves();
    if !mark_moves.is_empty() && rng.chance(15) {
        let (from, to, _) = mark_moves[rng.below(mark_moves.len())];
        return Action::MoveMark { from, to };
    }
    if pos.can_interchange().is_ok() && rng.chance(12) {
        let chosen: Vec<Square> = match pos.interchange_choice_needed() {
            None => Vec::new(),
            Some(k) => {
                let mut men: Vec<Square> = pos.men(pos.to_act()).iter().collect();
                let mut set = SquareSet::EMPTY;
                for _ in 0..k {
                    set.insert(men.swap_remove(rng.below(men.len())));
                }
                set.iter().collect()
            }
        };
        return Action::Interchange(chosen);
    }
    let mut turn = match pos.begin_turn() {
        Ok(t) => t,
        Err(e) => unreachable!("a turn is due in a game not over: {e}"),
    };
    build_turn(rng, &mut turn);
    let take = turn.take_choices().map(|choices| {
        let v: Vec<Square> = choices.iter().collect();
        v[rng.below(v.len())]
    });
    if turn.moves().is_empty() && take.is_none() {
        if let Some(&(from, to, _)) = mark_moves.first() {
            return Action::MoveMark { from, to };
        }
        return Action::Pass;
    }
    // 1880: the winner sends the other wanderers in the field to the border (1879: sets
    // them in the Rendezvous).
    let mut wanderers = Vec::new();
    if let Some(t) = take
        && pos.rules().takes_any_wanderer()
        && turn.take(t).is_ok()
    {
        while let Some(from) = {
            let pending: Vec<Square> = turn.pending_wanderers().iter().collect();
            (!pending.is_empty()).then(|| pending[rng.below(pending.len())])
        } {
            let targets: Vec<Square> = turn.wanderer_targets(from).iter().collect();
            if targets.is_empty() {
                break;
            }
            let to = targets[rng.below(targets.len())];
            if turn.send_wanderer(from, to).is_err() {
                break;
            }
            wanderers.push((from, to));
        }
    }
    let radiate = turn.radiate_choices().and_then(|choices| {
        let v: Vec<Square> = choices.iter().collect();
        let to = *v.get(rng.below(v.len().max(1)))?;
        turn.radiate(to).ok().map(|()| to)
    });
    let moves = turn.moves().iter().map(|m| (m.from, m.to)).collect();
    Action::Turn {
        moves,
        take,
        wanderers,
        radiate,
    }
}

/// The 1879 actions that are not turns: a side's own set-up, the die's Mark and the
/// bonus; `None` when a turn is due.
fn choose_1879(rng: &mut Rng, pos: &Position, die: DieRule) -> Option<Action> {
    match pos.phase() {
        Phase::Set => {
            let mut free: Vec<Square> = (SquareSet::BORDER - pos.occupied()).iter().collect();
            let mut set = SquareSet::EMPTY;
            for _ in 0..5 {
                set.insert(free.swap_remove(rng.below(free.len())));
            }
            let own: Vec<Square> = set.iter().collect();
            let (black, yellow) = match pos.to_act() {
                Side::Black => (own, Vec::new()),
                Side::Yellow => (Vec::new(), own),
            };
            Some(Action::Set { black, yellow })
        }
        Phase::Mark => {
            let square = crate::engine::throw_die(die, rng);
            Some(Action::Mark {
                square,
                towards: None,
            })
        }
        Phase::Bonus(allowance) => {
            let mut occupied = pos.occupied();
            let mut left = allowance;
            let mut unmoved: Vec<Square> = pos.men(pos.to_act()).iter().collect();
            let mut moves = Vec::new();
            while !unmoved.is_empty() && left > 0 && !rng.chance(35) {
                let from = unmoved.swap_remove(rng.below(unmoved.len()));
                let targets = crate::engine::bonus_reach(occupied, from, left);
                if targets.is_empty() {
                    continue;
                }
                let (to, cost) = targets[rng.below(targets.len())];
                occupied = occupied.without(from).with(to);
                left -= cost;
                moves.push((from, to));
            }
            Some(Action::Bonus(moves))
        }
        _ => None,
    }
}

/// King steps from `sq` to the nearest square of `target` (0 inside it).
fn distance_to(sq: Square, target: SquareSet) -> u8 {
    target.iter().map(|t| sq.distance(t)).min().unwrap_or(0)
}

/// Plays man's moves into `turn` until it is closed (a take is due), nothing is left
/// to move, or the player chooses to stop.
fn build_turn(rng: &mut Rng, turn: &mut TurnInProgress) {
    let rendezvous = turn.rendezvous().squares();
    while !turn.is_closed() {
        let legal = turn.legal_moves();
        if legal.is_empty() {
            break;
        }
        let weights: Vec<u32> = legal
            .iter()
            .map(|m| {
                let was_in = rendezvous.contains(m.from);
                let now_in = rendezvous.contains(m.to);
                match (was_in, now_in) {
                    (false, true) => 120,
                    (true, false) => 1,
                    (true, true) => 3,
                    (false, false) => {
                        let before = distance_to(m.from, rendezvous);
                        let after = distance_to(m.to, rendezvous);
                        if after < before {
                            10 + 10 * (before - after) as u32
                        } else if after == before {
                            3
                        } else {
                            1
                        }
                    }
                }
            })
            .collect();
        let m = legal[rng.weighted(&weights)];
        if turn.play_move(m.from, m.to).is_err() {
            unreachable!("legal_moves gave an illegal move");
        }
        if rng.chance(10) {
            break;
        }
    }
}
