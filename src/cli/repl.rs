//! `lanrick repl`: its options, and starting the interactive prompt on them.

use super::args::{self, DieChoice, parse_rules};
use crate::engine::Rules;
use crate::term::ColorChoice;
use clap::Args;
use std::path::PathBuf;

/// The options of `lanrick repl`.
#[derive(Args, Debug)]
pub struct ReplArgs {
    /// Continue from the end of this game file's main line.
    pub file: Option<PathBuf>,
    /// The rules of a new game (a loaded file's `Rules` tag wins).
    #[arg(long, default_value = "1893", value_parser = parse_rules)]
    pub rules: Rules,
    /// Which game of a collection: its number (from 1) or its `Event`.
    #[arg(long, requires = "file", value_parser = args::non_empty())]
    pub game: Option<String>,
    /// Draw no boards (for scripts); diagnostics and messages stay.
    #[arg(long, short)]
    pub quiet: bool,
    /// How the 1879 die treats throws below three: `plain` (neglected) or `nb`
    /// (Carroll's N.B. rule).
    #[arg(long, value_enum, default_value_t = DieChoice::Plain)]
    pub die: DieChoice,
    /// The seed of the 1879 die (the same seed gives the same throws).
    #[arg(long, default_value_t = 1879)]
    pub die_seed: u64,
    /// Colour: `auto` (a terminal, unless `NO_COLOR` is set), `always` (also when
    /// lines come from a pipe), `never`.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// `lanrick repl`: the prompt's exit code.
pub fn run(args: ReplArgs) -> u8 {
    crate::repl::run_with(crate::repl::Options {
        file: args.file.as_deref(),
        game: args.game.as_deref(),
        quiet: args.quiet,
        rules: args.rules,
        die: args.die.rule(),
        die_seed: args.die_seed,
        lanrick: None,
        seed: 0,
        color: args.color,
    })
}
