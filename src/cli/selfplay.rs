//! `lanrick selfplay`: its options, and writing random complete legal games (each as
//! it is played) to standard output or a file.

use super::args::{self, DieChoice, parse_rules};
use super::{EXIT_ERROR, EXIT_OK, finish, write_atomically_with};
use crate::engine::Rules;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The options of `lanrick selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// How many games (1 to 1,000,000), written as each is played.
    #[arg(long, value_parser = args::count(1, args::MAX_GAMES))]
    pub games: usize,
    /// The seed: the same seed gives the same games.
    #[arg(long)]
    pub seed: u64,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The rules to play by: `1893` (default), `1880`, `1879`, `1893-es`, ...
    #[arg(long, default_value = "1893", value_parser = parse_rules)]
    pub rules: Rules,
    /// How the 1879 die treats throws below three: `plain` (neglected) or `nb`
    /// (Carroll's N.B. rule: throw again; below three again, twice the first and
    /// the second).
    #[arg(long, value_enum, default_value_t = DieChoice::Plain)]
    pub die: DieChoice,
    /// Add an annotation (comment, glyph, NAG or variation) after this share of
    /// the events, 0 to 1 (e.g. 0.08); the games themselves do not change.
    #[arg(long, value_name = "RATE", value_parser = annotate_rate)]
    pub annotate: Option<f64>,
}

/// `lanrick selfplay`: the exit code (2 when the games could not be written).
pub fn run(args: SelfplayArgs) -> u8 {
    selfplay(
        args.games,
        args.seed,
        args.annotate,
        args.out.as_deref(),
        args.rules,
        args.die.rule(),
    )
}

/// `--annotate`'s value: a number from 0 to 1.
fn annotate_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if (0.0..=1.0).contains(&rate) => Ok(rate),
        _ => Err(format!("expected a number from 0 to 1, got `{text}`")),
    }
}

/// `selfplay`: each game is written as soon as it is played, so memory holds one game
/// whatever the count, and the run stops when the reader goes away.
fn selfplay(
    games: usize,
    seed: u64,
    annotate: Option<f64>,
    out: Option<&Path>,
    rules: Rules,
    die: crate::engine::DieRule,
) -> u8 {
    if let Some(msg) = out.and_then(|p| crate::term::write_target(p).err()) {
        say!("error: {msg}");
        return EXIT_ERROR;
    }
    let play = |w: &mut dyn Write| -> std::io::Result<()> {
        let mut stats = crate::selfplay::Stats::default();
        for i in 0..games {
            let g = crate::selfplay::play_numbered(i, seed, rules, die, &mut stats);
            let text = crate::selfplay::game_text(i, &g, seed, rules, annotate);
            w.write_all(text.as_bytes())?;
        }
        w.flush()
    };
    match out {
        None => {
            let stdout = std::io::stdout();
            let mut lock = std::io::BufWriter::new(stdout.lock());
            finish(play(&mut lock))
        }
        Some(path) => match write_atomically_with(path, play) {
            Ok(()) => EXIT_OK,
            Err(e) => {
                say!("error: cannot write the games: {e}");
                EXIT_ERROR
            }
        },
    }
}
