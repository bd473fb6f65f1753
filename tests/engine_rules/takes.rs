//! Ending a game: Rules 7, 8 and 9 (D-8), Rule 5's interchange, and D-9's draws by
//! repetition, resignations and agreed draws.

use super::*;

// ---------------------------------------------------------------------------------
// Rules 7, 8, 9 and D-8.
// ---------------------------------------------------------------------------------

/// Yellow (d6, d5 in; c3 out) gets in with c3-c4; the 7-square Rendezvous at d5 is not
/// full (Black has c6, e6 in, a1, h1, h8 outlying).
const RULE7: &str = "7B/8/2BYB3/3Y4/8/2Y5/8/B6B Y d5 play";

#[test]
fn rule7_replacement_is_a_choice() {
    let p = pos(RULE7);
    let mut t = p.begin_turn().unwrap();
    t.play_move(sq("c3"), sq("c4")).unwrap();
    assert_eq!(t.take_choices(), Some(set("a1 h1 h8")));
    assert!(!t.take_is_forced());
    // D-8 mid-turn: no further move once all are in.
    let v = t.check_move(sq("d6"), sq("d7")).unwrap_err();
    assert_eq!(
        v,
        RuleViolation::TakeDue {
            choices: set("a1 h1 h8"),
            full: false
        }
    );
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(7), "take_due"));
    let v = t.finish().unwrap_err();
    assert_eq!(
        v,
        RuleViolation::TakeMissing {
            choices: set("a1 h1 h8")
        }
    );
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(7), "take_missing"));
    let v = t.take(sq("c6")).unwrap_err();
    assert_eq!(
        v,
        RuleViolation::TakeNotOutlying {
            square: sq("c6"),
            choices: set("a1 h1 h8")
        }
    );
    assert_eq!(v.code(), "take_not_outlying");
    assert_eq!(
        t.take(sq("e2")).unwrap_err(),
        RuleViolation::TakeNotOutlying {
            square: sq("e2"),
            choices: set("a1 h1 h8")
        }
    );
    assert_eq!(t.take(sq("h1")).unwrap(), TurnEnd::Replaced(sq("h1")));
    // The turn is over, allowance left or not.
    assert_eq!(t.used(), 1);
    assert_eq!(
        t.check_move(sq("d6"), sq("d7")).unwrap_err(),
        RuleViolation::TurnOver(TurnOver::Replaced)
    );
    assert_eq!(t.take(sq("a1")).unwrap_err().rule(), RuleRef::Rule(7));
    let r = t.finish().unwrap();
    assert_eq!(r.end, TurnEnd::Replaced(sq("h1")));
    assert_eq!(
        r.position.to_string(),
        "7B/8/2BYB3/3Y4/2Y5/8/8/B6Y B d5 play"
    );
    // Rule 7 keeps the number of men.
    assert_eq!(r.position.occupied().count(), p.occupied().count());
    // Every choice is its own outcome.
    let ends: Vec<String> = ["a1", "h1", "h8"]
        .iter()
        .map(|c| {
            turn(&p, &format!("c3-c4 x {c}"))
                .unwrap()
                .position
                .to_string()
        })
        .collect();
    assert_eq!(
        ends.iter().collect::<std::collections::HashSet<_>>().len(),
        3
    );
    let all: Vec<String> = outcomes(&p)
        .iter()
        .map(|o| o.position.to_string())
        .collect();
    for e in &ends {
        assert!(all.contains(e), "{e}");
    }
    // A take while men are still outside.
    let v = violation(turn(&p, "x a1"));
    assert_eq!(v, RuleViolation::TakeNotDue { outside: set("c3") });
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(7), "take_not_due"));
}

#[test]
fn d8_all_in_at_the_start_of_the_turn() {
    // Black sets the first Mark on d5 where Yellow's five men already stand.
    let before = pos("8/8/2YYY3/2YBY3/2B1B3/8/8/B6B B mark");
    let p = before.set_mark(sq("d5"), None).unwrap();
    assert_eq!(p.to_string(), "8/8/2YYY3/2YBY3/2B1B3/8/8/B6B Y d5 first");
    let mut t = p.begin_turn().unwrap();
    assert!(t.is_closed());
    assert_eq!(t.take_choices(), Some(set("a1 h1")));
    assert_eq!(
        t.check_move(sq("c6"), sq("c7")).unwrap_err(),
        RuleViolation::TakeDue {
            choices: set("a1 h1"),
            full: false
        }
    );
    assert_eq!(
        t.finish().unwrap_err(),
        RuleViolation::TakeMissing {
            choices: set("a1 h1")
        }
    );
    assert_eq!(
        p.pass().unwrap_err(),
        RuleViolation::TakeDue {
            choices: set("a1 h1"),
            full: false
        }
    );
    t.take(sq("h1")).unwrap();
    let r = t.finish().unwrap();
    assert!(r.moves.is_empty());
    assert_eq!(
        r.position.to_string(),
        "8/8/2YYY3/2YBY3/2B1B3/8/8/B6Y B d5 play"
    );
    // The interchange may still be demanded before it (Rule 5): Black's men become
    // Yellow's and the other way round.
    let swapped = p.interchange(&[]).unwrap();
    assert_eq!(
        swapped.to_string(),
        "8/8/2BBB3/2BYB3/2Y1Y3/8/8/Y6Y Y d5 first"
    );
    assert_eq!(count_outcomes(&p), 2);
}

#[test]
fn d8_all_in_after_a_move_in_the_middle_of_the_turn() {
    // The first hint: the take becomes due after the third move, not at the end.
    let p = pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    let mut t = p.begin_turn().unwrap();
    assert_eq!(t.take_choices(), None);
    t.play_move(sq("c6"), sq("d5")).unwrap();
    t.play_move(sq("d7"), sq("c6")).unwrap();
    assert_eq!(t.take_choices(), None);
    t.play_move(sq("e7"), sq("d7")).unwrap();
    assert_eq!(t.take_choices(), Some(set("e6")));
    assert!(t.take_is_forced());
    assert_eq!(t.remaining(), 2);
    assert_eq!(
        t.check_move(sq("b7"), sq("a8")).unwrap_err(),
        RuleViolation::TakeDue {
            choices: set("e6"),
            full: true
        }
    );
}

#[test]
fn rule8_removal_is_forced_and_winner_with_fewer_sets_next() {
    // Yellow (3 men) fills the 8-square Rendezvous at c5; Black's d4 is outlying.
    let p = pos("2Y2Y2/B7/8/B6B/1Y1B4/8/8/2B3B1 Y c5 play");
    let v = violation(turn(&p, "b4-a3 x e4"));
    assert_eq!(
        v,
        RuleViolation::TakeWrongMan {
            square: sq("e4"),
            expected: sq("d4")
        }
    );
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(8), "take_wrong_man"));
    let mut t = p.begin_turn().unwrap();
    t.play_move(sq("b4"), sq("a3")).unwrap();
    assert_eq!(t.take(sq("d4")).unwrap(), TurnEnd::Removed(sq("d4")));
    assert_eq!(
        t.check_move(sq("a3"), sq("b4")).unwrap_err(),
        RuleViolation::TurnOver(TurnOver::RendezvousWon)
    );
    assert_eq!(
        t.check_move(sq("a3"), sq("b4")).unwrap_err().rule(),
        RuleRef::Rule(8)
    );
    // Written or not, the take is the same.
    let a = turn(&p, "b4-a3").unwrap();
    let b = turn(&p, "b4-a3 x d4").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.end, TurnEnd::Removed(sq("d4")));
    // Yellow 3, Black 5: the player with fewer men (the winner here) sets the Mark.
    assert_eq!(a.position.to_string(), "2Y2Y2/B7/8/B6B/8/Y7/8/2B3B1 Y mark");
    assert_eq!(a.position.phase(), Phase::Mark);
    assert_eq!(a.position.occupied().count(), p.occupied().count() - 1);
    assert_eq!(a.position.rendezvous_size(), 7);
}

#[test]
fn rule8_next_setter_with_more_and_with_equal_men() {
    // Winner Yellow 5, loser Black 4: Black, with fewer, sets.
    let r = turn(
        &pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play"),
        "c6-d5 d7-c6 e7-d7",
    )
    .unwrap();
    assert_eq!(r.position.to_act(), Side::Black);
    // Equal numbers (4 and 4): the one who just lost a man (Black) sets.
    let r = turn(&pos(OPEN_EXAMPLE), "g1-h5 c1-g1 a3-c1 b4-a3").unwrap();
    assert_eq!(r.position.men(Side::Yellow).count(), 4);
    assert_eq!(r.position.men(Side::Black).count(), 4);
    assert_eq!(r.position.to_act(), Side::Black);
    // Black winning with equal numbers: Yellow sets.
    let p = pos("2Y2Y2/Y7/8/Y6B/1B1Y4/8/8/2B3B1 B c5 play");
    let r = turn(&p, "b4-a3").unwrap();
    assert_eq!(r.end, TurnEnd::Removed(sq("d4")));
    assert_eq!(r.position.to_string(), "2Y2Y2/Y7/8/Y6B/8/B7/8/2B3B1 Y mark");
}

#[test]
fn rule9_after_rule7() {
    // Black has two men, both outlying; Yellow replaces one and Black has one left.
    let p = pos("7B/8/2YYY3/3Y4/2Y5/3Y4/8/B7 Y d5 play");
    let r = turn(&p, "d3-d4 x a1").unwrap();
    assert_eq!(r.end, TurnEnd::Replaced(sq("a1")));
    assert_eq!(r.position.men(Side::Black), set("h8"));
    assert_eq!(r.position.winner(), Some(Side::Yellow));
    let mut g = Game::new(p);
    let played = g.play(&action("d3-d4 x a1")).unwrap();
    let won = Some(GameResult::Won {
        winner: Side::Yellow,
        reason: WinReason::LastMan,
    });
    assert_eq!(played.result, won);
    assert_eq!(g.result(), won);
    let e = g.play(&Action::Pass).unwrap_err();
    assert_eq!(e.violation, RuleViolation::GameOver);
    assert_eq!(
        r.position.begin_turn().unwrap_err(),
        RuleViolation::GameOver
    );
    assert_eq!(count_outcomes(&r.position), 0);
    assert!(outcomes(&r.position).is_empty());
}

#[test]
fn rule9_after_rule8() {
    // A 3-square line d4-d5-d6: Yellow fills it, Black's h1 is removed.
    let p = pos("8/2Y5/8/3B4/3Y4/8/8/7B Y d5:d6 play");
    let r = turn(&p, "c7-d6").unwrap();
    assert_eq!(r.end, TurnEnd::Removed(sq("h1")));
    assert_eq!(r.position.winner(), Some(Side::Yellow));
    let mut g = Game::new(p);
    let played = g.play(&action("c7-d6 x h1")).unwrap();
    assert_eq!(
        played.result,
        Some(GameResult::Won {
            winner: Side::Yellow,
            reason: WinReason::LastMan
        })
    );
    // Not the last man: no result.
    let mut g = Game::new(pos(RULE7));
    assert_eq!(g.play(&action("c3-c4 x h8")).unwrap().result, None);
}

// ---------------------------------------------------------------------------------
// Rule 5: the interchange.
// ---------------------------------------------------------------------------------

#[test]
fn rule5_equal_numbers_everything_swaps() {
    let p = pos(START_D5);
    assert_eq!(p.interchange_choice_needed(), None);
    let v = p.interchange(&[sq("a7")]).unwrap_err();
    assert_eq!(v, RuleViolation::InterchangeNoChoice);
    assert_eq!(
        (v.rule(), v.code()),
        (RuleRef::Rule(5), "interchange_no_choice")
    );
    let after = p.interchange(&[]).unwrap();
    assert_eq!(after.men(Side::Black), p.men(Side::Yellow));
    assert_eq!(after.men(Side::Yellow), p.men(Side::Black));
    assert_eq!(
        after.to_string(),
        "1Y2B2Y/B7/8/7B/Y7/8/7Y/B2Y2B1 Y d5 first"
    );
    assert!(after.interchanged());
    // The demanding side still plays the first turn, allowance 2.
    assert_eq!(after.to_act(), Side::Yellow);
    assert_eq!(after.phase(), Phase::First);
    assert_eq!(after.allowance(), 2);
    assert_eq!(
        violation(turn(&after, "b8-b5")),
        RuleViolation::OverAllowance {
            from: sq("b8"),
            to: sq("b5"),
            count: 3,
            used: 0,
            allowance: 2,
            first_turn: true
        }
    );
    // Once per Rendezvous.
    let v = after.interchange(&[]).unwrap_err();
    assert_eq!(
        v,
        RuleViolation::InterchangeNotNow(InterchangeTiming::AlreadyMade)
    );
    assert_eq!(
        (v.rule(), v.code()),
        (RuleRef::Rule(5), "interchange_not_now")
    );
    // Only before the first turn, and only once a Mark is set.
    let later = turn(&p, "e8-e7").unwrap().position;
    assert_eq!(
        later.interchange(&[]).unwrap_err(),
        RuleViolation::InterchangeNotNow(InterchangeTiming::AfterFirstTurn)
    );
    assert_eq!(
        Position::start().interchange(&[]).unwrap_err(),
        RuleViolation::InterchangeNotNow(InterchangeTiming::NoMark)
    );
    // In a game: the interchange is not a turn.
    let mut g = Game::new(p);
    g.play(&Action::Interchange(vec![])).unwrap();
    assert_eq!(g.turns_played(), 0);
    assert!(g.play(&Action::Interchange(vec![])).is_err());
    g.play(&action("b8-b7")).unwrap();
    assert_eq!(g.turns_played(), 1);
}

#[test]
fn rule5_setter_with_fewer_men_chooses() {
    // After the first hint, Black (4 men) sets the Mark; Yellow (5) demands.
    let p = pos("8/1YYY4/1BYB4/1BBY4/8/8/8/8 B mark")
        .set_mark(sq("e3"), None)
        .unwrap();
    assert_eq!(p.interchange_choice_needed(), Some(4));
    let names = |s: &str| -> Vec<Square> { s.split_whitespace().map(sq).collect() };
    let v = p.interchange(&names("b7 c7 d7")).unwrap_err();
    assert_eq!(
        v,
        RuleViolation::InterchangeWrongCount {
            expected: 4,
            given: 3
        }
    );
    assert_eq!(v.code(), "interchange_count");
    assert_eq!(
        p.interchange(&[]).unwrap_err(),
        RuleViolation::InterchangeWrongCount {
            expected: 4,
            given: 0
        }
    );
    assert_eq!(
        p.interchange(&names("b7 c7 d7 c6 d5")).unwrap_err(),
        RuleViolation::InterchangeWrongCount {
            expected: 4,
            given: 5
        }
    );
    let v = p.interchange(&names("b7 c7 d7 b6")).unwrap_err();
    assert_eq!(
        v,
        RuleViolation::InterchangeNotOthersMan { square: sq("b6") }
    );
    assert_eq!(v.code(), "interchange_square");
    assert_eq!(
        p.interchange(&names("b7 c7 d7 a1")).unwrap_err(),
        RuleViolation::InterchangeNotOthersMan { square: sq("a1") }
    );
    let v = p.interchange(&names("b7 b7 c7 d7")).unwrap_err();
    assert_eq!(v, RuleViolation::InterchangeRepeated { square: sq("b7") });
    assert_eq!(v.code(), "interchange_repeated");
    let after = p.interchange(&names("b7 c7 d7 c6")).unwrap();
    assert_eq!(after.men(Side::Black), set("b7 c7 d7 c6"));
    assert_eq!(after.men(Side::Yellow), set("b6 d6 b5 c5 d5"));
    assert_eq!(after.to_act(), Side::Yellow);
    assert_eq!(after.allowance(), 2);
    assert_eq!(after.to_string(), "8/1BBB4/1YBY4/1YYY4/8/8/8/8 Y e3 first");
}

#[test]
fn rule5_setter_with_more_men_cannot_interchange() {
    let p = pos("BBBBBB2/YYYY4/8/8/8/8/8/8 Y d5 first");
    let v = p.interchange(&[]).unwrap_err();
    assert_eq!(
        v,
        RuleViolation::SetterHasMoreMen {
            setter: Side::Black,
            setter_men: 6,
            other_men: 4
        }
    );
    assert_eq!(
        (v.rule(), v.code()),
        (RuleRef::Rule(5), "interchange_impossible")
    );
}

// ---------------------------------------------------------------------------------
// D-9: draws by repetition; resignation and agreed draws.
// ---------------------------------------------------------------------------------

#[test]
fn d9_threefold_repetition_in_one_rendezvous() {
    let mut g = Game::default();
    g.play(&Action::Mark {
        square: sq("d5"),
        towards: None,
    })
    .unwrap();
    let cycle = ["a7-a6", "b8-b7", "a6-a7", "b7-b8"];
    let mut results = Vec::new();
    for i in 0..9 {
        let played = g.play(&action(cycle[i % 4])).unwrap();
        results.push(played.result);
    }
    // After a7-a6 for the third time: the position after it is seen a third time.
    assert!(results[..8].iter().all(Option::is_none), "{results:?}");
    assert_eq!(results[8], Some(GameResult::Drawn(DrawReason::Repetition)));
    assert_eq!(g.result(), Some(GameResult::Drawn(DrawReason::Repetition)));
    // After the draw, a further event cites the draw (D-9), not Rule 9.
    let refused = g.play(&action("b8-b7")).unwrap_err().violation;
    assert_eq!(
        refused,
        RuleViolation::GameEnded {
            how: Ended::Repetition
        }
    );
    assert_eq!(refused.rule(), RuleRef::Decision(9));
}

#[test]
fn d9_the_position_a_game_starts_from_counts() {
    let start = pos(OPEN_EXAMPLE);
    let mut g = Game::new(start);
    let cycle = ["b4-b3", "b5-b6", "b3-b4", "b6-b5"];
    for i in 0..7 {
        let played = g.play(&action(cycle[i % 4])).unwrap();
        assert_eq!(played.result, None, "turn {i}");
    }
    // The eighth turn brings back the start position for the third time.
    let played = g.play(&action("b6-b5")).unwrap();
    assert_eq!(
        played.result,
        Some(GameResult::Drawn(DrawReason::Repetition))
    );
    assert_eq!(g.position(), &start);
}

#[test]
fn resign_and_agreed_draw() {
    let mut g = Game::default();
    let played = g.play(&Action::Resign).unwrap();
    assert_eq!(played.side, Side::Black);
    assert_eq!(
        g.result(),
        Some(GameResult::Won {
            winner: Side::Yellow,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(
        g.play(&Action::Draw).unwrap_err().violation,
        RuleViolation::GameEnded {
            how: Ended::Resigned
        }
    );

    let mut g = Game::new(pos(START_D5));
    g.play(&Action::Draw).unwrap();
    assert_eq!(g.result(), Some(GameResult::Drawn(DrawReason::Agreed)));
    assert!(g.play(&Action::Resign).is_err());
}

// ---------------------------------------------------------------------------------
