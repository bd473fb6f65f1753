//! `lanrick match`: its options, and playing a match between two levels of lanrick's
//! player, the games written as they are played, the score and Elo reported.

use super::args::{self, parse_rules};
use super::{EXIT_ERROR, finish, write_atomically_with};
use crate::engine::Rules;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The options of `lanrick match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Player A's level (0 to 5).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=i64::from(crate::player::MAX_LEVEL)))]
    pub a: u8,
    /// Player B's level (0 to 5).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=i64::from(crate::player::MAX_LEVEL)))]
    pub b: u8,
    /// How many games, 1 to 1,000,000 (A has Black in the first of each pair,
    /// Yellow in the second).
    #[arg(long, value_parser = args::count(1, args::MAX_GAMES))]
    pub games: usize,
    /// The seed: the same seed gives the same games and score.
    #[arg(long)]
    pub seed: u64,
    /// The rules to play by: `1893` (default), `1880`, `1879`, `1893-es`, ...
    #[arg(long, default_value = "1893", value_parser = parse_rules)]
    pub rules: Rules,
    /// Output format.
    #[arg(long, value_enum, default_value_t = MatchFormat::Human)]
    pub format: MatchFormat,
    /// Also write the games in notation to this file (atomically), for `check`.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// How `match` reports.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchFormat {
    /// One line: the score, the Elo difference and its interval.
    Human,
    /// One JSON document on stdout.
    Json,
}

/// `lanrick match`: the exit code (2 when the games or the report could not be written).
pub fn run(args: MatchArgs) -> u8 {
    play_match(
        args.a,
        args.b,
        args.games,
        args.seed,
        args.rules,
        args.format,
        args.out.as_deref(),
    )
}

/// The `match` command: plays the games, writes them if asked (each as it is played),
/// reports the score.
fn play_match(
    a: u8,
    b: u8,
    games: usize,
    seed: u64,
    rules: Rules,
    format: MatchFormat,
    out: Option<&Path>,
) -> u8 {
    // A path that cannot take the games is said before they are played.
    if let Some(msg) = out.and_then(|p| crate::term::write_target(p).err()) {
        say!("error: {msg}");
        return EXIT_ERROR;
    }
    use crate::player::arena;
    let (mut wins, mut losses) = (0usize, 0usize);
    let mut tally = |g: &arena::MatchGame| {
        if g.a_points == 1.0 {
            wins += 1;
        } else if g.a_points == 0.0 {
            losses += 1;
        }
    };
    let score = match out {
        None => arena::play_match_each(a, b, games, seed, rules, |_, g| {
            tally(&g);
            true
        }),
        Some(path) => {
            let mut score = None;
            let written = write_atomically_with(path, |w| {
                let mut result = Ok(());
                score = Some(arena::play_match_each(a, b, games, seed, rules, |i, g| {
                    tally(&g);
                    result = w.write_all(match_game_text(i, &g, a, b, seed, rules).as_bytes());
                    result.is_ok()
                }));
                result
            });
            match (written, score) {
                (Ok(()), Some(score)) => score,
                (Err(e), _) => {
                    say!("error: cannot write the games: {e}");
                    return EXIT_ERROR;
                }
                (Ok(()), None) => unreachable!("write_atomically_with calls its writer"),
            }
        }
    };
    let n = score.games;
    let points: f64 = score.points.iter().sum();
    let draws = n - wins - losses;
    let text = match format {
        MatchFormat::Json => serde_json::json!({
            "games": n,
            "a": a,
            "b": b,
            "seed": seed,
            "rules": rules.to_string(),
            "a_wins": wins,
            "a_losses": losses,
            "draws": draws,
            "a_points": points,
            "a_score": score.a_score,
            "elo": score.elo,
            "elo_low": score.elo_low,
            "elo_high": score.elo_high,
        })
        .to_string(),
        MatchFormat::Human => format!(
            "level {a} vs level {b}, {n} games ({rules}, seed {seed}): {points} - {} (+{wins} ={draws} -{losses}), score {:.1} %, Elo {:+.0} [{:+.0}, {:+.0}] (95 %)",
            n as f64 - points,
            100.0 * score.a_score,
            score.elo,
            score.elo_low,
            score.elo_high
        ),
    };
    let mut out = std::io::stdout().lock();
    finish(writeln!(out, "{text}").and_then(|_| out.flush()))
}

/// Game `i` (from 0) of a match in notation, with tags naming the levels and the
/// result (and the blank line that separates it from the game before).
fn match_game_text(
    i: usize,
    g: &crate::player::arena::MatchGame,
    a: u8,
    b: u8,
    seed: u64,
    rules: Rules,
) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    if i > 0 {
        text.push('\n');
    }
    let (black, yellow) = if g.a_side == crate::engine::Side::Black {
        (a, b)
    } else {
        (b, a)
    };
    let _ = writeln!(text, "[Event \"match {seed} #{}\"]", i + 1);
    if rules != Rules::default() {
        let _ = writeln!(text, "[Rules \"{rules}\"]");
    }
    let _ = writeln!(text, "[Black \"lanrick level {black}\"]");
    let _ = writeln!(text, "[Yellow \"lanrick level {yellow}\"]");
    let result = g.result.map_or("draw", crate::fmt::result_tag);
    let _ = writeln!(text, "[Result \"{result}\"]\n");
    for e in &g.events {
        text.push_str(e);
        text.push('\n');
    }
    if g.result.is_none() {
        text.push_str("draw\n");
    }
    text
}
