//! One test (or a few) for each of Carroll's 1893 definitions and rules and for each of
//! the project's decisions D-1 … D-9, on both the legal and the illegal side; the three
//! worked examples of the 1893 "Hints"; every Rendezvous shape at three Marks; and the
//! position strings with their parse errors.

mod common;
#[path = "engine_rules/examples.rs"]
mod examples;
#[path = "engine_rules/marks.rs"]
mod marks;
#[path = "engine_rules/moves.rs"]
mod moves;
#[path = "engine_rules/takes.rs"]
mod takes;

use common::{action, pos, set, sq, turn};
use lanrick::engine::violation::{InterchangeTiming, TurnOver};
use lanrick::engine::*;

const START_D5: &str = "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first";

/// Carroll's open example: Mark c5, 8 squares; Yellow (A g1, B c1, C a3, D b4) to play;
/// Black has c8, f8, a7, a5 in and one man (b5) outside.
const OPEN_EXAMPLE: &str = "2B2B2/B7/8/BB6/1Y6/Y7/8/2Y3Y1 Y c5 play";

fn shape(size: u8, mark: &str) -> SquareSet {
    Rendezvous::new(size, sq(mark), None)
        .unwrap_or_else(|e| panic!("{size} at {mark}: {e:?}"))
        .squares()
}

fn violation(r: Result<TurnResult, RuleViolation>) -> RuleViolation {
    match r {
        Ok(t) => panic!("expected a violation, got {}", t.position),
        Err(v) => v,
    }
}
