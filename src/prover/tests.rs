//! Unit tests of the prover: Carroll's hints, the verdict order, the switches.

use super::*;
use crate::engine::Rules;

fn pos(s: &str) -> Position {
    Position::parse_as(Rules::default(), s).expect("a valid position string")
}

fn goal(side: Side, turns: u32) -> Goal {
    Goal {
        side,
        target: Target::Rendezvous,
        turns,
        help: false,
    }
}

#[test]
fn carrolls_first_hint_has_one_key() {
    let p = pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    let r = solve(
        &p,
        goal(Side::Yellow, 1),
        &Limits::default(),
        &Wants::default(),
    )
    .unwrap();
    assert_eq!(r.verdict, Verdict::Sound, "{r:?}");
    assert_eq!(r.true_keys().count(), 1);
}

#[test]
fn wrong_side_is_refused_in_direct_play() {
    let p = pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    assert!(
        solve(
            &p,
            goal(Side::Black, 1),
            &Limits::default(),
            &Wants::default()
        )
        .is_err()
    );
}
