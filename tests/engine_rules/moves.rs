//! A man's move and the turn: Rule 1's straight lines, Rule 3's allowance and limits
//! (D-4, D-5), Rule 6's slides (D-7), and passing (D-6).

use super::*;

// ---------------------------------------------------------------------------------
// Rule 1: straight lines of unoccupied squares.
// ---------------------------------------------------------------------------------

#[test]
fn rule1_straight_moves() {
    let p = pos(START_D5);
    let t = p.begin_turn().unwrap();
    let m = t.check_move(sq("a7"), sq("a5")).unwrap();
    assert_eq!((m.count, m.way), (2, Way::Straight(Direction::South)));
    let m = t.check_move(sq("a7"), sq("c5")).unwrap();
    assert_eq!((m.count, m.way), (2, Way::Straight(Direction::SouthEast)));
    let m = t.check_move(sq("h5"), sq("g5")).unwrap();
    assert_eq!((m.count, m.way), (1, Way::Straight(Direction::West)));

    let check = |from: &str, to: &str| t.check_move(sq(from), sq(to)).unwrap_err();
    let v = check("a1", "c2");
    assert_eq!(
        v,
        RuleViolation::NotInLine {
            from: sq("a1"),
            to: sq("c2"),
            border_pair: false
        }
    );
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(1), "not_in_line"));
    let v = check("a1", "a5");
    assert_eq!(
        v,
        RuleViolation::PathBlocked {
            from: sq("a1"),
            to: sq("a5"),
            blocker: sq("a4")
        }
    );
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(1), "blocked"));
    let v = check("a1", "a4");
    assert_eq!(
        v,
        RuleViolation::TargetOccupied {
            from: sq("a1"),
            to: sq("a4"),
            occupant: Side::Black
        }
    );
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(1), "occupied"));
    assert_eq!(
        check("e8", "h5"),
        RuleViolation::TargetOccupied {
            from: sq("e8"),
            to: sq("h5"),
            occupant: Side::Yellow
        }
    );
    assert_eq!(
        check("b8", "b7"),
        RuleViolation::NotYourMan {
            square: sq("b8"),
            owner: Side::Black
        }
    );
    assert_eq!(check("c3", "c4"), RuleViolation::NoMan { square: sq("c3") });
    assert_eq!(
        check("a1", "a1"),
        RuleViolation::SameSquare { square: sq("a1") }
    );
    // Two border squares not in line: no slide in a close Rendezvous.
    assert_eq!(
        check("a1", "h5"),
        RuleViolation::NotInLine {
            from: sq("a1"),
            to: sq("h5"),
            border_pair: true
        }
    );
    // Along the first rank, d1 (Black) is in the way.
    assert_eq!(
        check("g1", "c1"),
        RuleViolation::PathBlocked {
            from: sq("g1"),
            to: sq("c1"),
            blocker: sq("d1")
        }
    );
}

// ---------------------------------------------------------------------------------
// Rule 3: allowance, one move per man, 3 squares per man; D-4, D-5.
// ---------------------------------------------------------------------------------

#[test]
fn rule3_first_turn_allowance_is_two() {
    let p = pos(START_D5);
    assert_eq!(p.allowance(), 2);
    let v = violation(turn(&p, "e8-e5"));
    assert_eq!(
        v,
        RuleViolation::OverAllowance {
            from: sq("e8"),
            to: sq("e5"),
            count: 3,
            used: 0,
            allowance: 2,
            first_turn: true
        }
    );
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(3), "over_allowance"));
    assert_eq!(
        violation(turn(&p, "e8-e7 a7-a5")),
        RuleViolation::OverAllowance {
            from: sq("a7"),
            to: sq("a5"),
            count: 2,
            used: 1,
            allowance: 2,
            first_turn: true
        }
    );
    let r = turn(&p, "e8-e7 a7-a6").unwrap();
    assert_eq!(r.end, TurnEnd::Played);
    assert_eq!(
        r.position.to_string(),
        "1B5B/4Y3/Y7/7Y/B7/8/7B/Y2B2Y1 B d5 play"
    );
    assert_eq!(turn(&p, "e8-e6").unwrap().moves[0].count, 2);
}

#[test]
fn d4_only_the_single_first_turn_is_limited() {
    let p = pos(START_D5);
    let after = turn(&p, "e8-e7").unwrap().position;
    assert_eq!(after.phase(), Phase::Play);
    // The setter's first turn is a normal turn: 5 men, allowance 5.
    assert_eq!(after.allowance(), 5);
    let r = turn(&after, "b8-b5 h8-h6").unwrap();
    assert_eq!(r.moves.iter().map(|m| m.count).sum::<u8>(), 5);
    assert_eq!(
        violation(turn(&after, "b8-b5 h8-h6 h2-h3")),
        RuleViolation::OverAllowance {
            from: sq("h2"),
            to: sq("h3"),
            count: 1,
            used: 5,
            allowance: 5,
            first_turn: false
        }
    );
}

#[test]
fn rule3_allowance_by_men() {
    // 5 or more men: 5; exactly 4: 4; fewer: 3 (as the turn begins).
    assert_eq!(pos("BB6/8/2YYY3/7Y/8/2Y5/8/BB5B Y d5 play").allowance(), 5);
    assert_eq!(
        pos("2B2B2/B7/3B4/B6Y/5Y2/4Y3/8/3Y4 Y c5 play").allowance(),
        4
    );
    assert_eq!(pos("7B/8/2BYB3/3Y4/8/2Y5/8/B6B Y d5 play").allowance(), 3);
    assert_eq!(pos("8/2Y5/8/3B4/3Y4/8/8/7B Y d5:d6 play").allowance(), 3);
    // The side with 3 men, playing: 3 squares, no more.
    let p = pos("BBBBB3/8/8/8/8/8/8/YYY5 Y d4 play");
    assert_eq!(p.allowance(), 3);
    assert!(turn(&p, "a1-a2 b1-b3").is_ok());
    assert_eq!(
        violation(turn(&p, "a1-a2 b1-b4")),
        RuleViolation::OverAllowance {
            from: sq("b1"),
            to: sq("b4"),
            count: 3,
            used: 1,
            allowance: 3,
            first_turn: false
        }
    );
}

#[test]
fn rule3_each_man_once_and_at_least_one_square() {
    let p = pos(START_D5);
    let v = violation(turn(&p, "e8-e7 e7-e6"));
    assert_eq!(v, RuleViolation::AlreadyMoved { square: sq("e7") });
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(3), "moved_twice"));
    let v = p.begin_turn().unwrap().finish().unwrap_err();
    assert_eq!(v, RuleViolation::EmptyTurn);
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(3), "empty_turn"));
    // A moved man's old square is free for another man in the same turn.
    let after = turn(&p, "e8-e7").unwrap().position;
    let r = turn(&after, "b8-c8 h8-g8").unwrap();
    assert_eq!(r.moves.len(), 2);
}

#[test]
fn rule3_no_man_counts_more_than_three() {
    // Yellow (4 men, allowance 4) with three men outside the open Rendezvous at c5.
    let p = pos("2B2B2/B7/3B4/B6Y/5Y2/4Y3/8/3Y4 Y c5 play");
    let v = violation(turn(&p, "d1-a2"));
    assert_eq!(
        v,
        RuleViolation::TooFarForOneMan {
            from: sq("d1"),
            to: sq("a2"),
            count: 4,
            others_outside: 2
        }
    );
    assert_eq!((v.rule(), v.code()), (RuleRef::Rule(3), "too_far"));
    let t = p.begin_turn().unwrap();
    assert_eq!(t.man_limit(sq("d1")), 3);
    // Straight: f4-f7 counts 3 (allowed), e3-e7? e3-e8? d6… use a long diagonal.
    assert_eq!(t.check_move(sq("f4"), sq("f7")).unwrap().count, 3);
    assert_eq!(
        t.check_move(sq("e3"), sq("a7")).unwrap_err(),
        RuleViolation::TargetOccupied {
            from: sq("e3"),
            to: sq("a7"),
            occupant: Side::Black
        }
    );
    assert_eq!(
        t.check_move(sq("e3"), sq("e7")).unwrap_err(),
        RuleViolation::TooFarForOneMan {
            from: sq("e3"),
            to: sq("e7"),
            count: 4,
            others_outside: 2
        }
    );
}

#[test]
fn d5_the_only_man_outside_may_count_more() {
    // Yellow's d1 is his only man outside: it may count 4 squares round the corner.
    let p = pos("2B2B2/B7/3B4/B6Y/8/Y7/8/3Y2Y1 Y c5 play");
    let t = p.begin_turn().unwrap();
    assert_eq!(t.man_limit(sq("d1")), u8::MAX);
    let r = turn(&p, "d1-a2").unwrap();
    assert_eq!(r.moves[0].count, 4);
    assert_eq!(
        r.moves[0].way,
        Way::Slide {
            anticlockwise: false
        }
    );
    // A man inside the Rendezvous is still held to 3.
    assert_eq!(t.man_limit(sq("g1")), 3);

    // "At the moment it moves": h5 becomes the only man outside once c3 is in.
    let p = pos("BB6/8/2YYY3/7Y/8/2Y5/8/BB5B Y d5 play");
    assert_eq!(
        violation(turn(&p, "h5-d5")),
        RuleViolation::TooFarForOneMan {
            from: sq("h5"),
            to: sq("d5"),
            count: 4,
            others_outside: 1
        }
    );
    let r = turn(&p, "c3-c4 h5-d5 x a1").unwrap();
    assert_eq!(r.moves[1].count, 4);
    assert_eq!(r.end, TurnEnd::Replaced(sq("a1")));
    // But never beyond the allowance.
    assert_eq!(
        violation(turn(&p, "c3-c4 h5-c5")),
        RuleViolation::OverAllowance {
            from: sq("h5"),
            to: sq("c5"),
            count: 5,
            used: 1,
            allowance: 5,
            first_turn: false
        }
    );
}

// ---------------------------------------------------------------------------------
// Rule 6 and D-7: slides along the border in an open Rendezvous.
// ---------------------------------------------------------------------------------

#[test]
fn rule6_carrolls_open_example_each_slide_counts_one() {
    let p = pos(OPEN_EXAMPLE);
    assert_eq!(
        p.rendezvous().unwrap().squares(),
        set("c8 f8 h5 g1 c1 a3 a5 a7")
    );
    assert_eq!(p.allowance(), 4);
    let r = turn(&p, "g1-h5 c1-g1 a3-c1 b4-a3").unwrap();
    let counts: Vec<(String, u8, Way)> = r
        .moves
        .iter()
        .map(|m| (m.to_string(), m.count, m.way))
        .collect();
    assert_eq!(
        counts,
        vec![
            (
                "g1-h5".to_string(),
                1,
                Way::Slide {
                    anticlockwise: true
                }
            ),
            (
                "c1-g1".to_string(),
                1,
                Way::Slide {
                    anticlockwise: true
                }
            ),
            (
                "a3-c1".to_string(),
                1,
                Way::Slide {
                    anticlockwise: true
                }
            ),
            ("b4-a3".to_string(), 1, Way::Straight(Direction::SouthWest)),
        ]
    );
    // Full Rendezvous: Rule 8 removes b5; equal numbers, Black (who lost) sets.
    assert_eq!(r.end, TurnEnd::Removed(sq("b5")));
    assert_eq!(r.position.to_string(), "2B2B2/B7/8/B6Y/8/Y7/8/2Y3Y1 B mark");
    // Written with the take, the same.
    let r2 = turn(&p, "g1-h5 c1-g1 a3-c1 b4-a3 x b5").unwrap();
    assert_eq!(r2.position, r.position);
    // Any order that never enters an occupied square is fine.
    let r3 = turn(&p, "g1-h5 b4-b3 c1-g1").unwrap();
    assert_eq!(r3.end, TurnEnd::Played);
}

#[test]
fn rule6_carrolls_open_example_out_of_order_fails() {
    let p = pos(OPEN_EXAMPLE);
    assert_eq!(
        violation(turn(&p, "c1-g1 g1-h5 a3-c1 b4-a3")),
        RuleViolation::TargetOccupied {
            from: sq("c1"),
            to: sq("g1"),
            occupant: Side::Yellow
        }
    );
    assert_eq!(
        violation(turn(&p, "g1-h5 a3-c1 c1-g1 b4-a3")),
        RuleViolation::TargetOccupied {
            from: sq("a3"),
            to: sq("c1"),
            occupant: Side::Yellow
        }
    );
    assert_eq!(
        violation(turn(&p, "g1-h5 c1-g1 b4-a3 a3-c1")),
        RuleViolation::TargetOccupied {
            from: sq("b4"),
            to: sq("a3"),
            occupant: Side::Yellow
        }
    );
}

#[test]
fn rule6_going_beyond_the_first_rendezvous_square_counts_every_square() {
    let p = pos("2B2B2/B7/3B4/B6Y/8/Y7/8/3Y2Y1 Y c5 play");
    let t = p.begin_turn().unwrap();
    // d1 round a1: c1 is the first Rendezvous square reached.
    assert_eq!(t.check_move(sq("d1"), sq("c1")).unwrap().count, 1);
    let m = t.check_move(sq("d1"), sq("b1")).unwrap();
    assert_eq!(m.count, 2);
    let m = t.check_move(sq("d1"), sq("a1")).unwrap();
    assert_eq!(m.count, 3);
    // Along one edge without a corner, stopping before any Rendezvous square: 1.
    assert_eq!(t.check_move(sq("d1"), sq("f1")).unwrap().count, 1);
    assert_eq!(
        t.check_move(sq("d1"), sq("f1")).unwrap().way,
        Way::Slide {
            anticlockwise: true
        }
    );
    // h5 slides down to h1 (stopping before g1, the first Rendezvous square): 1.
    let m = t.check_move(sq("h5"), sq("h1")).unwrap();
    assert_eq!(
        (m.count, m.way),
        (
            1,
            Way::Slide {
                anticlockwise: false
            }
        )
    );
    // Blocked both ways round the ring and along the rank: the nearest blocker.
    assert_eq!(
        t.check_move(sq("d1"), sq("h1")).unwrap_err(),
        RuleViolation::PathBlocked {
            from: sq("d1"),
            to: sq("h1"),
            blocker: sq("g1")
        }
    );
}

#[test]
fn rule6_no_slides_in_a_close_rendezvous() {
    // The same men plus one Black man on h8: ten men, a 9-square close Rendezvous.
    let p = pos("2B2B1B/B7/8/BB6/1Y6/Y7/8/2Y3Y1 Y c5 play");
    assert_eq!(p.rendezvous().unwrap().kind(), Kind::Close);
    let v = violation(turn(&p, "g1-h5"));
    assert_eq!(
        v,
        RuleViolation::NotInLine {
            from: sq("g1"),
            to: sq("h5"),
            border_pair: true
        }
    );
    // c1-g1 is only the straight way now: 4 squares, too far for one man (h1 and a3
    // are outside too; b4 is in the 9 squares round c5).
    assert_eq!(
        violation(turn(&p, "g1-h1 c1-g1")),
        RuleViolation::TooFarForOneMan {
            from: sq("c1"),
            to: sq("g1"),
            count: 4,
            others_outside: 2
        }
    );
    let m = turn(&p, "c1-f1").unwrap().moves[0];
    assert_eq!((m.count, m.way), (3, Way::Straight(Direction::East)));
}

#[test]
fn d7_the_cheapest_way_is_taken() {
    let p = pos("2B2B2/B7/8/BB6/1Y6/Y7/8/2Y3Y1 Y c5 play");
    let mut t = p.begin_turn().unwrap();
    t.play_move(sq("g1"), sq("h5")).unwrap();
    // c1-g1: straight counts 4, the slide 1: the slide is taken.
    let m = t.check_move(sq("c1"), sq("g1")).unwrap();
    assert_eq!(
        (m.count, m.way),
        (
            1,
            Way::Slide {
                anticlockwise: true
            }
        )
    );
    // legal_moves lists each target once, with its cheapest count.
    let moves = t.legal_moves();
    let mut seen = std::collections::HashSet::new();
    for m in &moves {
        assert!(seen.insert((m.from, m.to)), "{m} twice");
        assert_eq!(t.check_move(m.from, m.to).unwrap(), *m);
    }
    let c1g1 = moves
        .iter()
        .find(|m| m.from == sq("c1") && m.to == sq("g1"))
        .unwrap();
    assert_eq!(c1g1.count, 1);
    // The straight way a3-c1 blocked by b2, the slide round a1 free: the slide is used.
    let p = pos("2B2B2/B7/8/B7/1Y6/Y7/1B6/2Y3Y1 Y c5 play");
    let r = turn(&p, "g1-h5 c1-g1 a3-c1 b4-a3").unwrap();
    assert_eq!(r.moves[2].count, 1);
    assert_eq!(
        r.moves[2].way,
        Way::Slide {
            anticlockwise: true
        }
    );
    assert_eq!(r.end, TurnEnd::Removed(sq("b2")));
    // Both ways open: the straight one and the slide reach the same position.
    let p = pos(OPEN_EXAMPLE);
    let t = p.begin_turn().unwrap();
    let m = t.check_move(sq("a3"), sq("a1")).unwrap();
    assert_eq!(
        (m.count, m.way),
        (
            1,
            Way::Slide {
                anticlockwise: true
            }
        )
    );
    let m = t.check_move(sq("a3"), sq("b2")).unwrap();
    assert_eq!((m.count, m.way), (1, Way::Straight(Direction::SouthEast)));
}

// ---------------------------------------------------------------------------------
// D-6: passing.
// ---------------------------------------------------------------------------------

#[test]
fn d6_pass_only_without_a_move() {
    let p = pos("8/8/8/8/8/8/BB4BB/YB4BY Y d5 play");
    assert!(p.begin_turn().unwrap().legal_moves().is_empty());
    let after = p.pass().unwrap();
    assert_eq!(after.to_string(), "8/8/8/8/8/8/BB4BB/YB4BY B d5 play");
    assert_eq!(count_outcomes(&p), 1);
    let outs = outcomes(&p);
    assert_eq!(outs.len(), 1);
    assert_eq!(outs[0].action, Action::Pass);
    assert_eq!(outs[0].position, after);
    // Black can move: passing is refused, with a legal example.
    let v = after.pass().unwrap_err();
    let RuleViolation::PassNotAllowed { example } = v else {
        panic!("{v:?}")
    };
    assert!(
        after
            .begin_turn()
            .unwrap()
            .check_move(example.0, example.1)
            .is_ok()
    );
    assert_eq!(
        (v.rule(), v.code()),
        (RuleRef::Decision(6), "pass_not_allowed")
    );
    // In a game, a pass counts as a turn.
    let mut g = Game::new(p);
    g.play(&Action::Pass).unwrap();
    assert_eq!(g.turns_played(), 1);
    assert!(g.play(&Action::Pass).is_err());
}
