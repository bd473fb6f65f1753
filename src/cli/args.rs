//! The command line's numbers: every numeric option is read by a parser with a range,
//! so a hostile value (0 where it means nothing, a count that would not fit in memory,
//! 2^64, `NaN`, `inf`, `1e309`) is a usage error naming the option, exit 2, before
//! any work; and the combinations no run could satisfy (`compose --min-turns 3
//! --max-turns 1`) are refused the same way by [`check_compose`]. The values shared
//! by several commands (`--rules`, `--die`) are read here too.

use crate::engine::Rules;
use clap::builder::{TypedValueParser, ValueParser};
use std::time::Duration;

/// The longest `--max-time`: a year, in seconds (a larger one, e.g. `1e20`, used to
/// overflow the deadline).
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The most games `selfplay` or `match` plays in one run.
pub const MAX_GAMES: u64 = 1_000_000;

/// The most worker threads (`--jobs`, `--threads`).
pub const MAX_THREADS: u64 = 256;

/// The largest transposition table, in MiB (1 TiB; it grows only as it fills).
pub const MAX_HASH_MIB: u64 = 1 << 20;

/// The longest goal `compose` draws, in turns.
pub const MAX_COMPOSE_TURNS: u32 = 100;

/// The most puzzles `compose` looks for.
pub const MAX_COMPOSE_COUNT: u64 = 100_000;

/// The most positions `compose` tries.
pub const MAX_ATTEMPTS: u64 = 10_000_000;

/// The most men on the board in any edition.
pub const MAX_MEN: u8 = 10;

/// A count from `lo` to `hi` as a `usize` (clap ranges work on 64-bit integers).
pub fn count(lo: u64, hi: u64) -> impl TypedValueParser<Value = usize> {
    clap::value_parser!(u64)
        .range(lo..=hi)
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// A count of at least `lo` with no upper bound but `u64`'s, as a `usize`.
pub fn at_least(lo: u64) -> impl TypedValueParser<Value = usize> {
    count(lo, u64::MAX)
}

/// `--max-time`: finite, non-negative seconds up to [`MAX_SECONDS`].
///
/// # Errors
/// The value is not a number, not finite, negative, or over a year.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text
        .parse()
        .map_err(|_| format!("expected seconds, a number like 2.5, got `{text}`"))?;
    if !s.is_finite() {
        return Err(format!(
            "expected a finite number of seconds, got `{text}` (leave --max-time out for no limit)"
        ));
    }
    if s < 0.0 {
        return Err(format!("expected 0 seconds or more, got `{text}`"));
    }
    if s > MAX_SECONDS {
        return Err(format!(
            "expected at most a year ({MAX_SECONDS} seconds), got `{text}` (leave --max-time out for no limit)"
        ));
    }
    Duration::try_from_secs_f64(s).map_err(|e| format!("`{text}`: {e}"))
}

/// A non-empty string (`repl --game`).
pub fn non_empty() -> ValueParser {
    ValueParser::from(clap::builder::NonEmptyStringValueParser::new())
}

/// The fewest men a position of `rules` has while the game is in play (the edition
/// says: [`Rules::fewest_men_in_play`]).
pub fn fewest_men_in_play(rules: Rules) -> u8 {
    rules.fewest_men_in_play()
}

/// What `compose` is asked, checked against itself and its rules.
///
/// # Errors
/// The option at fault (as clap writes it, e.g. `--max-men`) and why no run could
/// satisfy the arguments.
pub fn check_compose(
    rules: Rules,
    count: usize,
    attempts: usize,
    max_men: u8,
    min_turns: u32,
    max_turns: u32,
) -> Result<(), String> {
    let fewest = fewest_men_in_play(rules);
    if max_men < fewest {
        return Err(format!(
            "--max-men {max_men} is fewer than the {fewest} men a position of the {rules} rules \
             has in play: no position could ever be tried"
        ));
    }
    if min_turns > max_turns {
        return Err(format!(
            "--min-turns {min_turns} is above --max-turns {max_turns}: no goal could be drawn"
        ));
    }
    if count > attempts {
        return Err(format!(
            "--count {count} is more than --attempts {attempts}: each position tried gives at most one puzzle"
        ));
    }
    Ok(())
}

/// Reads a `--rules` value; the error lists the editions and options that exist.
pub fn parse_rules(s: &str) -> Result<Rules, String> {
    s.parse::<Rules>().map_err(|e| e.to_string())
}

/// How the 1879 die treats throws below three (Rule 3 and its N.B.).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DieChoice {
    /// Throws below three are neglected.
    Plain,
    /// Carroll's N.B.: below three, throw again; below three again, twice the first
    /// throw and the second.
    Nb,
}

impl DieChoice {
    /// The engine's rule.
    pub fn rule(self) -> crate::engine::DieRule {
        match self {
            DieChoice::Plain => crate::engine::DieRule::Plain,
            DieChoice::Nb => crate::engine::DieRule::CarrollNb,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_finite_and_at_most_a_year() {
        assert_eq!(seconds("2.5"), Ok(Duration::from_millis(2500)));
        assert_eq!(seconds("0"), Ok(Duration::ZERO));
        assert!(seconds("31536000").is_ok());
        for bad in [
            "1e20", "NaN", "inf", "-inf", "1e309", "-1", "", " 5", "1_000", "-0.5",
        ] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn compose_refuses_what_no_run_satisfies() {
        let r = Rules::default();
        assert!(check_compose(r, 1, 200, 7, 1, 2).is_ok());
        assert!(check_compose(r, 1, 200, 3, 1, 2).is_err());
        assert!(check_compose(r, 1, 200, 4, 1, 2).is_ok());
        assert!(check_compose(r, 1, 200, 7, 3, 1).is_err());
        assert!(check_compose(r, 5, 3, 7, 1, 2).is_err());
    }
}
