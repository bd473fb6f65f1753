//! The rules that differ by edition, each on its legal and its illegal side: the
//! December 1880 rules (E-1 … E-5) and the five options of the 1893 reading.

mod common;

use common::{set, sq};
use lanrick::engine::*;

fn p1880(s: &str) -> Position {
    Position::parse_as(Rules::R1880, s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn rules(s: &str) -> Rules {
    s.parse().expect("rules")
}

const ARRANGED: &str = "Y1Y1Y1Y1/8/7Y/8/8/7B/8/B1B1B1B1 Y mark";

#[test]
fn rules_values_and_citations() {
    let r = rules("1893 both-first turned");
    assert_eq!(r.to_string(), "1893 turned both-first");
    assert!(r.has(OptionFlag::Turned) && r.has(OptionFlag::BothFirst));
    assert!(!r.has(OptionFlag::OpenChoice));
    let e = "1881".parse::<Rules>().unwrap_err();
    assert!(e.to_string().contains("1893-es"), "{e}");
    // Citations follow the game's edition; codes stay by concept.
    let v = RuleViolation::PathBlocked {
        from: sq("a1"),
        to: sq("a3"),
        blocker: sq("a2"),
    };
    assert!(
        v.cited(Rules::R1880)
            .to_string()
            .starts_with("Rule 4 (1881): ")
    );
    assert!(
        v.cited(Rules::R1893)
            .to_string()
            .starts_with("Rule 1 (1893): ")
    );
    assert_eq!(v.code(), "blocked");
    let v = RuleViolation::EmptyTurn;
    assert!(
        v.cited(Rules::R1880)
            .to_string()
            .starts_with("Rule 4 (1880): ")
    );
}

#[test]
fn e1_the_arranger_sets_all_ten_on_the_border() {
    let start = Position::start_for(Rules::R1880);
    assert_eq!(start.to_string(), "8/8/8/8/8/8/8/8 B set");
    let p = start
        .set_men(
            &[sq("a1"), sq("c1"), sq("e1"), sq("g1"), sq("h3")],
            &[sq("a8"), sq("c8"), sq("e8"), sq("g8"), sq("h6")],
        )
        .unwrap();
    // The other player selects.
    assert_eq!(p.to_string(), "Y1Y1Y1Y1/8/7Y/8/8/7B/8/B1B1B1B1 Y mark");
    // Yellow arranging: Black selects.
    let y = Position::start_for_side(Rules::R1880, Side::Yellow)
        .set_men(
            &[sq("a1"), sq("c1"), sq("e1"), sq("g1"), sq("h3")],
            &[sq("a8"), sq("c8"), sq("e8"), sq("g8"), sq("h6")],
        )
        .unwrap();
    assert_eq!(y.to_act(), Side::Black);
    // Illegal: a field square, a square twice, four men.
    let bad = |b: &[&str], y: &[&str]| {
        let b: Vec<Square> = b.iter().map(|s| sq(s)).collect();
        let y: Vec<Square> = y.iter().map(|s| sq(s)).collect();
        start.set_men(&b, &y).unwrap_err()
    };
    assert_eq!(
        bad(
            &["a1", "c1", "e1", "g1", "d4"],
            &["a8", "c8", "e8", "g8", "h6"]
        ),
        RuleViolation::BadSet(SetProblem::NotBorder(sq("d4")))
    );
    assert_eq!(
        bad(
            &["a1", "c1", "e1", "g1", "h3"],
            &["a8", "c8", "e8", "g8", "a1"]
        ),
        RuleViolation::BadSet(SetProblem::Repeated(sq("a1")))
    );
    assert!(matches!(
        bad(&["a1", "c1", "e1", "g1"], &["a8", "c8", "e8", "g8", "h6"]),
        RuleViolation::BadSet(SetProblem::Count {
            side: Side::Black,
            given: 4,
            needed: 5
        })
    ));
    // Nothing but the set-up is legal first, and the set-up only first.
    assert!(matches!(
        start.set_mark(sq("d5"), None).unwrap_err(),
        RuleViolation::MenNotSet {
            arranger: Side::Black
        }
    ));
    assert_eq!(
        p1880(ARRANGED).set_men(&[], &[]).unwrap_err(),
        RuleViolation::SetNotNow
    );
    // 1893 has no set-up.
    assert!(matches!(
        Position::start().set_men(&[], &[]).unwrap_err(),
        RuleViolation::NotInEdition { .. }
    ));
}

#[test]
fn e2_the_selectors_set_holds_none_of_his_men_unless_every_set_does() {
    let p = p1880(ARRANGED);
    // Yellow selects: b7's set holds his a8 and c8.
    assert!(matches!(
        p.set_mark(sq("b7"), None).unwrap_err(),
        RuleViolation::BadMark {
            problem: MarkProblem::HoldsOwnMan(_),
            ..
        }
    ));
    // The opponent's men may be in it (1881): g2's set holds Black's h3 and g1.
    let q = p.set_mark(sq("g2"), None).unwrap();
    assert_eq!(q.phase(), Phase::Shift(Side::Black));
    assert_eq!(q.to_act(), Side::Black);
    // The centre is a field square.
    assert!(p.set_mark(sq("a4"), None).is_err());
    // Four men on c3, c6, f3, f6 touch every set: the restriction is lifted.
    let boxed = p1880("8/8/2Y2Y2/8/8/2Y2Y2/8/BBBBB2Y Y mark");
    assert!(boxed.set_mark(sq("d4"), None).is_ok());
    assert_eq!(boxed.mark_options().len(), 36);
    // With one of them gone, it applies again.
    let open = p1880("8/8/2Y5/8/8/2Y2Y2/8/BBBBB1YY Y mark");
    assert!(open.set_mark(sq("d4"), None).is_err());
    assert!(
        open.mark_options()
            .iter()
            .all(|r| (r.squares() & open.men(Side::Yellow)).is_empty())
    );
}

#[test]
fn rule4_the_allowance_is_the_movers_men_with_no_limit_per_man() {
    let p = p1880(ARRANGED).set_mark(sq("d5"), None).unwrap();
    let mut t = p.begin_turn().unwrap();
    assert_eq!(t.allowance(), 5);
    // One man may count all five (no 3-square limit), along one line.
    t.play_move(sq("a1"), sq("f6")).unwrap();
    assert_eq!(t.used(), 5);
    // No first-turn limit: a later turn of a side with 4 men has 4.
    let q = p1880("Y1Y1Y1Y1/8/7Y/8/8/7B/8/B1B1B3 B d5 play");
    assert_eq!(q.allowance(), 4);
    // Men inside may move out (1881); no man moves twice; no jumping.
    let r = p1880("Y6Y/8/8/3B4/8/8/8/B1B1B3 B d5 play");
    let mut t = r.begin_turn().unwrap();
    t.play_move(sq("d5"), sq("d2")).unwrap();
    assert_eq!(
        t.play_move(sq("d2"), sq("d3")).unwrap_err(),
        RuleViolation::AlreadyMoved { square: sq("d2") }
    );
    assert!(matches!(
        t.play_move(sq("a1"), sq("a8")).unwrap_err(),
        RuleViolation::TargetOccupied { .. }
    ));
}

#[test]
fn e3_the_first_player_moves_the_mark_carrying_the_set() {
    let p = p1880("Y6Y/8/1B6/8/2B1Y3/2BBB3/8/Y6Y Y d4 shift-Y");
    // Every man in the set moves with it, both sides, keeping his place.
    let q = p.move_mark(sq("d4"), sq("c5")).unwrap();
    assert_eq!(q.to_string(), "Y6Y/8/1B6/1B1Y4/1BBB4/8/8/Y6Y B c5 shift-Y");
    // Not to a border square, not two squares, not from elsewhere.
    let edge = p1880("Y6Y/8/8/8/8/1B6/8/Y5BY Y b3 shift-Y");
    assert!(matches!(
        edge.move_mark(sq("b3"), sq("a3")).unwrap_err(),
        RuleViolation::MarkMove {
            why: MarkMoveBan::ToBorder,
            ..
        }
    ));
    assert!(matches!(
        p.move_mark(sq("d4"), sq("d6")).unwrap_err(),
        RuleViolation::MarkMove {
            why: MarkMoveBan::NotOneSquare,
            ..
        }
    ));
    assert!(matches!(
        p.move_mark(sq("e4"), sq("e5")).unwrap_err(),
        RuleViolation::MarkMove {
            why: MarkMoveBan::NotTheMark { .. },
            ..
        }
    ));
    // A carried man may not land on a man left behind.
    let crowd = p1880("Y6Y/8/8/8/8/2B5/2B5/Y5BY Y d4 shift-Y");
    assert!(matches!(
        crowd.move_mark(sq("d4"), sq("d3")).unwrap_err(),
        RuleViolation::MarkMove {
            why: MarkMoveBan::Collision { .. },
            ..
        }
    ));
    // E-3: the new set may not bring in one of his own men who was not carried.
    let own = p1880("Y6Y/8/8/8/8/8/8/Y2B1B1Y Y d3 shift-Y");
    let own = own.with_rules(Rules::R1880);
    assert!(own.move_mark(sq("d3"), sq("e3")).is_ok());
    let mine = p1880("Y6Y/8/8/8/8/8/8/Y1Y3BY B d3 shift-Y").with_rules(Rules::R1880);
    assert!(matches!(
        mine.move_mark(sq("d3"), sq("d2")).unwrap_err(),
        RuleViolation::MarkMove {
            why: MarkMoveBan::Selector,
            ..
        }
    ));
    let first = p1880("Y6Y/8/8/8/8/8/8/Y1Y3BY Y d3 shift-Y");
    assert!(matches!(
        first.move_mark(sq("d3"), sq("d2")).unwrap_err(),
        RuleViolation::MarkMove {
            why: MarkMoveBan::IncludesOwn { .. },
            ..
        }
    ));
    // The privilege lasts through the selector's turns and ends with his own man's move.
    let mut g = Game::new(p1880(ARRANGED));
    g.play(&Action::Mark {
        square: sq("d5"),
        towards: None,
    })
    .unwrap();
    g.play(&Action::MoveMark {
        from: sq("d5"),
        to: sq("d4"),
    })
    .unwrap();
    assert_eq!(g.next_turn_number(), 2, "a Mark move is a numbered turn");
    g.play(&common::action("a8-a7")).unwrap();
    assert_eq!(g.position().phase(), Phase::Shift(Side::Black));
    g.play(&common::action("a1-a2")).unwrap();
    assert_eq!(g.position().phase(), Phase::Play);
    g.play(&common::action("a7-a6")).unwrap();
    assert!(
        g.play(&Action::MoveMark {
            from: sq("d4"),
            to: sq("d5")
        })
        .is_err()
    );
    // 1893 has no Mark moves.
    let p93 = Position::parse("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first").unwrap();
    assert!(matches!(
        p93.move_mark(sq("d5"), sq("d4")).unwrap_err(),
        RuleViolation::NotInEdition { .. }
    ));
}

#[test]
fn e4_a_side_wins_as_soon_as_all_his_men_are_in() {
    // After a man's move: the turn ends there, with allowance left.
    let p = p1880("Y7/5B2/2B5/7Y/2BBB1Y1/8/1Y3Y2/8 B d5 play");
    let mut t = p.begin_turn().unwrap();
    t.play_move(sq("f7"), sq("e6")).unwrap();
    assert!(t.is_closed());
    assert_eq!(t.take_choices(), Some(set("a8 h5 g4 b2 f2")));
    // After a Mark move completing the other side: he wins at the start of his turn.
    let q = p1880("Y6Y/8/1B6/8/2B1Y3/2BBB3/8/Y6Y Y d4 shift-Y")
        .move_mark(sq("d4"), sq("c5"))
        .unwrap();
    let t = q.begin_turn().unwrap();
    assert!(t.take_choices().is_some());
    // A side complete at the start of his turn takes; he may not move the Mark instead
    // (found by the property tests: the Mark move left him complete with the other
    // side to act).
    let done = p1880("Y6Y/8/8/8/2BBB3/2BB4/8/Y6Y B d4 shift-B");
    assert!(matches!(
        done.move_mark(sq("d4"), sq("d5")).unwrap_err(),
        RuleViolation::TakeDue { .. }
    ));
    assert!(done.mark_moves().is_empty());
    // A position where the side not to act is complete cannot be written.
    assert!(Position::parse_as(Rules::R1880, "Y7/8/2B5/8/2BBB3/8/8/Y6B Y d5 play").is_ok());
    assert!(Position::parse_as(Rules::R1880, "Y7/8/2BB4/8/2BBB3/8/8/Y7 Y d5 play").is_err());
}

#[test]
fn e5_the_take_and_the_wanderers() {
    let p = p1880("Y7/5B2/2B5/7Y/2BBB1Y1/8/1Y3Y2/8 B d5 play");
    let mut t = p.begin_turn().unwrap();
    t.play_move(sq("f7"), sq("e6")).unwrap();
    // Any wanderer may be taken, on the border or not (1881).
    t.take(sq("g4")).unwrap();
    // The others in the field go to the border; those on it stay.
    assert_eq!(t.pending_wanderers(), set("b2 f2"));
    assert!(matches!(
        t.finish().unwrap_err(),
        RuleViolation::Wanderer(WandererProblem::Missing { .. })
    ));
    assert!(matches!(
        t.send_wanderer(sq("h5"), sq("h1")).unwrap_err(),
        RuleViolation::Wanderer(WandererProblem::NotAWanderer { .. })
    ));
    // Straight to the border end of a clear line, any of the eight directions; b2
    // stands in the way west.
    assert_eq!(t.wanderer_targets(sq("f2")), set("e1 f1 g1 h2 h4 f8"));
    assert!(matches!(
        t.send_wanderer(sq("f2"), sq("f3")).unwrap_err(),
        RuleViolation::Wanderer(WandererProblem::BadTarget { .. })
    ));
    // The line must be clear when his move comes: once b2 has gone, a2 is open.
    t.send_wanderer(sq("b2"), sq("b1")).unwrap();
    assert!(t.wanderer_targets(sq("f2")).contains(sq("a2")));
    t.send_wanderer(sq("f2"), sq("a2")).unwrap();
    let r = t.finish().unwrap();
    assert_eq!(
        r.wanderers,
        vec![(sq("b2"), sq("b1")), (sq("f2"), sq("a2"))]
    );
    // The loser selects next; the winner will play first.
    assert_eq!(r.position.phase(), Phase::Mark);
    assert_eq!(r.position.to_act(), Side::Yellow);
    assert_eq!(r.position.count(Side::Yellow), 4);
}

#[test]
fn the_end_at_no_men_and_passing() {
    let p = p1880("Y7/8/4B3/8/2B5/2BBB3/8/8 B d4 play");
    let mut g = Game::new(p);
    let played = g.play(&common::action("e6-e5")).unwrap();
    assert_eq!(
        played.result,
        Some(GameResult::Won {
            winner: Side::Black,
            reason: WinReason::NoMenLeft
        })
    );
    // A pass is legal only with neither a man's move nor a Mark move.
    let p = p1880(ARRANGED).set_mark(sq("d5"), None).unwrap();
    assert!(matches!(
        p.pass().unwrap_err(),
        RuleViolation::PassNotAllowed { .. }
    ));
}

#[test]
fn option_turned() {
    let r = rules("1893 turned");
    let p = Position::parse_as(r, "1B2Y2B/8/8/7Y/B7/8/8/Y2B2Y1 B mark").unwrap();
    assert_eq!(p.rendezvous_size(), 7);
    let spec = MarkSpec {
        squares: vec![],
        turned: true,
    };
    let q = p.set_mark_with(sq("d5"), &spec).unwrap();
    let rz = q.rendezvous().unwrap();
    assert_eq!(rz.squares(), set("c4 c5 c6 d5 e4 e5 e6"));
    assert_eq!(q.to_string(), "1B2Y2B/8/8/7Y/B7/8/8/Y2B2Y1 Y d5:t first");
    assert_eq!(Position::parse_as(r, &q.to_string()).unwrap(), q);
    // Off by default, and only for seven squares.
    let plain = p.with_rules(Rules::R1893);
    assert!(plain.set_mark_with(sq("d5"), &spec).is_err());
    assert!(Position::parse("1B2Y2B/8/8/7Y/B7/8/8/Y2B2Y1 Y d5:t first").is_err());
    assert_eq!(
        p.mark_options().len(),
        72,
        "36 field squares, each plain and turned"
    );
}

#[test]
fn option_open_choice() {
    let r = rules("1893 open-choice");
    let p = Position::parse_as(r, "1B2Y3/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark").unwrap();
    assert_eq!(p.rendezvous_size(), 8);
    let p = Position::parse_as(r, "1B2Y3/Y7/8/7Y/B7/8/8/Y2B2Y1 B mark").unwrap();
    assert_eq!(p.rendezvous_size(), 7);
    let p = Position::parse_as(r, "1B2Y3/Y7/8/8/B7/8/8/Y2B2Y1 B mark").unwrap();
    assert_eq!(p.rendezvous_size(), 6);
    let chosen = ["c8", "f8", "g1", "c1", "a3", "a7"];
    let spec = MarkSpec {
        squares: chosen.iter().map(|s| sq(s)).collect(),
        turned: false,
    };
    // The standard 6 for c5 is exactly these: written as the plain Mark.
    let q = p.set_mark_with(sq("c5"), &spec).unwrap();
    assert_eq!(q.rendezvous().unwrap().form(), Form::Standard);
    assert!(q.to_string().contains(" c5 first"));
    let other = MarkSpec {
        squares: ["c8", "f8", "h5", "c1", "a3", "a7"]
            .iter()
            .map(|s| sq(s))
            .collect(),
        turned: false,
    };
    let q = p.set_mark_with(sq("c5"), &other).unwrap();
    assert_eq!(q.rendezvous().unwrap().form(), Form::Chosen);
    assert!(q.to_string().contains(" c5:c1,a3,h5,a7,c8,f8 first"), "{q}");
    assert_eq!(Position::parse_as(r, &q.to_string()).unwrap(), q);
    assert_eq!(
        p.mark_options().len(),
        36 * 28,
        "C(8, 6) choices on each field square"
    );
    // A square not in line, a repeated one, a wrong count.
    for (bad, problem) in [
        (
            vec!["c8", "f8", "h5", "c1", "a3", "a4"],
            MarkProblem::ChosenNotInLine(sq("a4")),
        ),
        (
            vec!["c8", "f8", "h5", "c1", "a3", "a3"],
            MarkProblem::ChosenRepeated(sq("a3")),
        ),
        (
            vec!["c8", "f8", "h5", "c1", "a3"],
            MarkProblem::ChosenCount { given: 5 },
        ),
    ] {
        let spec = MarkSpec {
            squares: bad.iter().map(|s| sq(s)).collect(),
            turned: false,
        };
        assert!(matches!(
            p.set_mark_with(sq("c5"), &spec).unwrap_err(),
            RuleViolation::BadMark { problem: pr, .. } if pr == problem
        ));
    }
    // Off by default.
    assert!(
        p.with_rules(Rules::R1893)
            .set_mark_with(sq("c5"), &other)
            .is_err()
    );
}

#[test]
fn option_free_first_and_setter_clear() {
    let free = Position::start_for(rules("1893 free-first"));
    // Any field square whose 3×3 set holds no man; c6 of the plain rule is one.
    assert!(free.set_mark(sq("c6"), None).is_ok());
    assert!(free.set_mark(sq("e3"), None).is_ok());
    assert!(matches!(
        free.set_mark(sq("b7"), None).unwrap_err(),
        RuleViolation::BadMark {
            problem: MarkProblem::FirstSetHoldsMan(_),
            ..
        }
    ));
    assert!(Position::start().set_mark(sq("e3"), None).is_err());
    let clear = Position::parse_as(
        rules("1893 setter-clear"),
        "1B2Y2B/Y7/8/7Y/B7/8/8/Y2B2Y1 B mark",
    )
    .unwrap();
    assert!(matches!(
        clear.set_mark(sq("b3"), None).unwrap_err(),
        RuleViolation::BadMark {
            problem: MarkProblem::HoldsOwnMan(_),
            ..
        }
    ));
    // The other side's men may be in it.
    assert!(clear.set_mark(sq("c5"), None).is_ok());
}

#[test]
fn option_both_first() {
    let r = rules("1893 both-first");
    let p = Position::start_for(r).set_mark(sq("d5"), None).unwrap();
    assert_eq!(p.phase(), Phase::First);
    let q = common::turn(&p, "a7-a5").unwrap().position;
    assert_eq!(q.phase(), Phase::Second);
    assert_eq!(q.allowance(), 2);
    assert!(q.to_string().ends_with(" d5 second"));
    assert!(common::turn(&q, "d1-d4").is_err());
    let s = common::turn(&q, "d1-d3").unwrap().position;
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.allowance(), 5);
    // Without the option the second player's first turn has the full allowance.
    let plain = Position::start().set_mark(sq("d5"), None).unwrap();
    let q = common::turn(&plain, "a7-a5").unwrap().position;
    assert_eq!(q.phase(), Phase::Play);
    assert!(Position::parse("1B2Y2B/8/8/Y6Y/B7/8/7B/Y2B2Y1 B d5 second").is_err());
}
