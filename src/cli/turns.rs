//! `lanrick turns`: its options, and counting (or listing) the distinct outcomes of a
//! position's next turn.

use super::{ColorChoice, EXIT_ERROR, EXIT_OK, args::parse_rules, report, use_color};
use crate::engine::{Position, Rules, count_outcomes, outcomes};
use crate::interp;
use crate::syntax::ast::Span;
use clap::Args;
use std::io::Write;

/// The options of `lanrick turns`.
#[derive(Args, Debug)]
pub struct TurnsArgs {
    /// A position string, e.g. "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first".
    pub position: String,
    /// Also print one line per outcome: a canonical turn, a tab, the position.
    #[arg(long)]
    pub list: bool,
    /// The rules the position is played by: `1893` (default), `1880`, `1879`,
    /// `1893 turned both-first`, `1893-es`.
    #[arg(long, default_value = "1893", value_parser = parse_rules)]
    pub rules: Rules,
}

/// `lanrick turns`: the count, or the count and a line per outcome.
pub fn run(args: TurnsArgs) -> u8 {
    turns(&args.position, args.list, args.rules)
}

/// The most lines `turns --list` writes for the set-up phase of an early edition.
const SETUP_LIST_LIMIT: u64 = 100_000;

fn turns(text: &str, list: bool, rules: Rules) -> u8 {
    let position = match Position::parse_as(rules, text) {
        Ok(p) => p,
        Err(e) => {
            let p = interp::position_problem_for(&e, Span::new(0, 0), rules);
            eprint!(
                "{}",
                report::render_human(&p, "position", text, use_color(ColorChoice::Auto, true))
            );
            return EXIT_ERROR;
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if list && position.phase() == crate::engine::Phase::Set {
        let n = crate::engine::search::setup_count(&position);
        if n > SETUP_LIST_LIMIT {
            say!(
                "error: {} has {n} set-ups, too many to list (at most {SETUP_LIST_LIMIT}); `turns` without --list counts them",
                if !position.rules().sets_own_men() {
                    "the arranger".to_string()
                } else {
                    position.to_act().to_string()
                }
            );
            return EXIT_ERROR;
        }
    }
    let result = if list {
        let all = outcomes(&position);
        writeln!(out, "{}", all.len()).and_then(|_| {
            for o in &all {
                writeln!(out, "{}\t{}", o.action, o.position)?;
            }
            Ok(())
        })
    } else {
        writeln!(out, "{}", count_outcomes(&position))
    };
    match result.and_then(|_| out.flush()) {
        Ok(()) => EXIT_OK,
        Err(_) => EXIT_ERROR,
    }
}
