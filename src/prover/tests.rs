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

/// D-9 on the search path: a position's third occurrence in the Rendezvous is a draw
/// (`enter` refuses it), leaving a branch forgets its positions, and a Mark starts the
/// count afresh. (Whole puzzles meet a third occurrence only from goals in 5: a
/// side's action moves only his own men, so a position comes back at the earliest
/// four actions later.)
#[test]
fn a_third_occurrence_on_the_path_is_a_draw() {
    let p = pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    let mut first = None;
    let _ = visit_outcomes(&p, |a, c| {
        first = Some((a.clone(), *c));
        ControlFlow::Break(())
    });
    let (a, c) = first.expect("a turn");
    let turn = Act::Outcome(a);
    let limits = Limits::default();
    let shared = Shared::new(goal(Side::Yellow, 5), &limits, 0);
    let mut s = Search::new(&shared, None, 0, &p);
    // p (the root), c, p, c: each at most twice so far.
    let s1 = s.enter(&turn, &c).expect("c once");
    let s2 = s.enter(&turn, &p).expect("p twice");
    assert_eq!(s.repeats, 1);
    let s3 = s.enter(&turn, &c).expect("c twice");
    assert!(s.enter(&turn, &p).is_none(), "p a third time is a draw");
    assert!(s.enter(&turn, &c).is_none(), "c a third time is a draw");
    // Back to after the first c: p has occurred once on the path (the root).
    s.leave(s3);
    s.leave(s2);
    assert_eq!(s.repeats, 0);
    let s2 = s.enter(&turn, &p).expect("p twice again");
    s.leave(s2);
    // A Mark starts a new Rendezvous: its positions count from zero.
    let mark = Act::Outcome(OutcomeAction::Mark(*p.rendezvous().expect("in play")));
    let s2 = s.enter(&turn, &p).expect("p twice");
    let s3 = s.enter(&mark, &c).expect("c after a Mark");
    assert_eq!(s.repeats, 0);
    let s4 = s.enter(&turn, &p).expect("p once since the Mark");
    assert_eq!(s.repeats, 0);
    s.enter(&turn, &c).expect("c twice since the Mark");
    assert_eq!(s.repeats, 1);
    for saved in [s4, s3, s2, s1] {
        s.leave(saved);
    }
    assert_eq!((s.hist.len(), s.repeats), (1, 0));
}
