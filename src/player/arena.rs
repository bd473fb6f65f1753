//! Matches between two levels: games with the colours alternated and openings varied
//! by the seed, played on every core (rayon) with results that do not depend on the
//! number of threads, and the score with its Elo difference and 95 % interval.

use super::{Limits, MAX_LEVEL, Rng, choose};
use crate::engine::{Action, Game, GameResult, Position, Rules, Side};
use rayon::prelude::*;

/// The turns after which a match game is given up as a draw.
pub const TURN_CAP: u32 = 300;

/// The actions of each game's opening played at random (level 0), the same for both
/// games of a pair, so that every pair starts from its own position.
pub const OPENING_ACTIONS: usize = 2;

/// One game of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// The side player A had.
    pub a_side: Side,
    /// The events in canonical notation, one per action.
    pub events: Vec<String>,
    /// The actions played.
    pub actions: Vec<Action>,
    /// How it ended (`None`: stopped at [`TURN_CAP`], an agreed draw).
    pub result: Option<GameResult>,
    /// A's points: 1, ½ or 0.
    pub a_points: f64,
}

/// A match's games and score.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    /// The games, in order.
    pub games: Vec<MatchGame>,
    /// A's points as a fraction of all points.
    pub a_score: f64,
    /// A's Elo difference over B.
    pub elo: f64,
    /// The lower end of its 95 % interval.
    pub elo_low: f64,
    /// The upper end.
    pub elo_high: f64,
}

/// How many games a match plays at once on the cores before handing them on in order:
/// memory holds one chunk, never a list as long as the user's count.
const CHUNK: usize = 64;

/// Plays `games` games between level `a` and level `b` by `rules` from `seed`: game
/// `2k` gives A Black, game `2k + 1` Yellow, both from the opening of pair `k`.
pub fn play_match(a: u8, b: u8, games: usize, seed: u64, rules: Rules) -> MatchReport {
    let mut list = Vec::new();
    let score = play_match_each(a, b, games, seed, rules, |_, g| {
        list.push(g);
        true
    });
    MatchReport {
        games: list,
        a_score: score.a_score,
        elo: score.elo,
        elo_low: score.elo_low,
        elo_high: score.elo_high,
    }
}

/// A match's score: the games played and A's points, score and Elo.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchScore {
    /// The games played.
    pub games: usize,
    /// A's points in each game, in order.
    pub points: Vec<f64>,
    /// A's points as a fraction of all points.
    pub a_score: f64,
    /// A's Elo difference over B.
    pub elo: f64,
    /// The lower end of its 95 % interval.
    pub elo_low: f64,
    /// The upper end.
    pub elo_high: f64,
}

/// [`play_match`] handing each game (its number from 0, and the game) to `each` in
/// order as soon as its chunk is played, instead of keeping them; `each` returns
/// `false` to stop the match. The games are the same whatever the number of threads.
pub fn play_match_each(
    a: u8,
    b: u8,
    games: usize,
    seed: u64,
    rules: Rules,
    mut each: impl FnMut(usize, MatchGame) -> bool,
) -> MatchScore {
    let mut points = Vec::new();
    let mut start = 0usize;
    'chunks: while start < games {
        let end = games.min(start.saturating_add(CHUNK));
        let chunk: Vec<MatchGame> = (start..end)
            .into_par_iter()
            .map(|i| {
                let a_side = if i % 2 == 0 {
                    Side::Black
                } else {
                    Side::Yellow
                };
                play_game(a, b, a_side, seed, (i / 2) as u64, rules)
            })
            .collect();
        for (i, g) in (start..end).zip(chunk) {
            points.push(g.a_points);
            if !each(i, g) {
                break 'chunks;
            }
        }
        start = end;
    }
    let (a_score, elo, elo_low, elo_high) = elo_of(&points);
    MatchScore {
        games: points.len(),
        points,
        a_score,
        elo,
        elo_low,
        elo_high,
    }
}

/// One game of pair `pair`: A (level `a`) plays `a_side`.
pub fn play_game(a: u8, b: u8, a_side: Side, seed: u64, pair: u64, rules: Rules) -> MatchGame {
    play_game_with(
        &Limits::level(a, 0),
        &Limits::level(b, 0),
        a_side,
        seed,
        pair,
        rules,
    )
}

/// [`play_game`] with each player's limits (their seeds are derived from `seed` and
/// `pair`).
pub fn play_game_with(
    a: &Limits,
    b: &Limits,
    a_side: Side,
    seed: u64,
    pair: u64,
    rules: Rules,
) -> MatchGame {
    let mut game = Game::new(Position::start_for(rules));
    let mut events = Vec::new();
    let mut actions = Vec::new();
    let pair_seed = seed ^ pair.wrapping_mul(0xd1b5_4a32_d192_ed03);
    let mut opening = Rng::new(pair_seed);
    while game.result().is_none() && game.turns_played() < TURN_CAP {
        let side = game.position().to_act();
        let limits = if actions.len() < OPENING_ACTIONS {
            Limits::level(0, opening.next_u64())
        } else {
            let mine = if side == a_side { a } else { b };
            // Each player has its own seed, the same whichever colour it plays.
            let salt = if side == a_side { 0xa } else { 0xb };
            Limits {
                level: mine.level.min(MAX_LEVEL),
                seed: pair_seed ^ salt,
                ..mine.clone()
            }
        };
        let Some(choice) = choose(&game, &limits, None) else {
            break;
        };
        if game.play(&choice.action).is_err() {
            // The player chose an illegal action: a bug, counted as a loss.
            events.push("resign".to_string());
            actions.push(Action::Resign);
            return MatchGame {
                a_side,
                events,
                actions,
                result: Some(GameResult::Won {
                    winner: !side,
                    reason: crate::engine::WinReason::Resignation,
                }),
                a_points: if side == a_side { 0.0 } else { 1.0 },
            };
        }
        events.push(choice.event);
        actions.push(choice.action);
    }
    let result = game.result();
    let a_points = match result {
        Some(GameResult::Won { winner, .. }) if winner == a_side => 1.0,
        Some(GameResult::Won { .. }) => 0.0,
        _ => 0.5,
    };
    MatchGame {
        a_side,
        events,
        actions,
        result,
        a_points,
    }
}

/// The score (fraction of points), the Elo difference and its 95 % interval from
/// the points of each game (normal approximation of the mean score).
pub fn elo_of(points: &[f64]) -> (f64, f64, f64, f64) {
    let n = points.len().max(1) as f64;
    let mean = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|p| (p - mean) * (p - mean)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let elo = |p: f64| {
        let p = p.clamp(1e-4, 1.0 - 1e-4);
        // `+ 0.0` turns an even score's -0 into 0.
        -400.0 * (1.0 / p - 1.0).log10() + 0.0
    };
    (
        mean,
        elo(mean),
        elo(mean - 1.96 * se),
        elo(mean + 1.96 * se),
    )
}
