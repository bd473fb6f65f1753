//! `lanrick play`: its options, and starting the prompt with lanrick answering each of
//! the user's actions.

use super::args::parse_rules;
use crate::engine::Rules;
use clap::Args;

/// The options of `lanrick play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The rules to play by: `1893` (default), `1880`, `1879`, `1893-es`, ...
    #[arg(long, default_value = "1893", value_parser = parse_rules)]
    pub rules: Rules,
    /// lanrick's level: 0 (random) to 5 (strongest).
    #[arg(long, default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(crate::player::MAX_LEVEL)))]
    pub level: u8,
    /// The side you play (lanrick takes the other): `B` sets the first Mark (1893),
    /// the men (1880), or his own men first (1879).
    #[arg(long, default_value = "B", value_parser = parse_side)]
    pub side: crate::engine::Side,
    /// The seed of lanrick's choices: the same seed, level and moves give the same
    /// game.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Draw no boards (for scripts); diagnostics and messages stay.
    #[arg(long, short)]
    pub quiet: bool,
    /// Colour: `auto` (a terminal, unless `NO_COLOR` is set), `always` (also when
    /// lines come from a pipe), `never`.
    #[arg(long, value_enum, default_value_t = crate::term::ColorChoice::Auto)]
    pub color: crate::term::ColorChoice,
}

/// `lanrick play`: the prompt's exit code.
pub fn run(args: PlayArgs) -> u8 {
    crate::repl::run_with(crate::repl::Options {
        file: None,
        game: None,
        quiet: args.quiet,
        rules: args.rules,
        lanrick: Some((!args.side, args.level)),
        seed: args.seed,
        die: crate::engine::DieRule::Plain,
        die_seed: args.seed,
        color: args.color,
    })
}

/// A side as `B` or `Y` (`W` is Yellow's other name).
fn parse_side(s: &str) -> Result<crate::engine::Side, String> {
    match s {
        "B" | "b" => Ok(crate::engine::Side::Black),
        "Y" | "y" | "W" | "w" => Ok(crate::engine::Side::Yellow),
        _ => Err(format!("`{s}` is not a side: write B or Y")),
    }
}
