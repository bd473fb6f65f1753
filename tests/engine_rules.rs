//! One test (or a few) for each of Carroll's 1893 definitions and rules and for each of
//! the project's decisions D-1 … D-9, on both the legal and the illegal side; the three
//! worked examples of the 1893 "Hints"; every Rendezvous shape at three Marks; and the
//! position strings with their parse errors.

mod common;

use common::{action, pos, set, sq, turn};
use lanrick::engine::violation::{InterchangeTiming, TurnOver};
use lanrick::engine::*;

const START_D5: &str = "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first";

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

// ---------------------------------------------------------------------------------
// Def. 1: the size is one less than the men on the board when the Mark is set.
// ---------------------------------------------------------------------------------

#[test]
fn def1_size_is_men_minus_one() {
    let start = Position::start();
    assert_eq!(start.rendezvous_size(), 9);
    let p = start.set_mark(sq("d5"), None).unwrap();
    let r = p.rendezvous().unwrap();
    assert_eq!((r.size(), r.kind()), (9, Kind::Close));
    assert_eq!(r.squares().count(), 9);

    // After a Rule 8 win there are 9 men: the next Rendezvous has 8 squares, open.
    let p = pos("8/1YYY4/1BYB4/1BBY4/8/8/8/8 B mark");
    assert_eq!(p.rendezvous_size(), 8);
    let r = *p.set_mark(sq("e4"), None).unwrap().rendezvous().unwrap();
    assert_eq!((r.size(), r.kind(), r.is_open()), (8, Kind::Open, true));

    // Sizes run 9 … 3 with the men; the parity decides close or open.
    for (men, kind) in [
        (10, Kind::Close),
        (9, Kind::Open),
        (8, Kind::Close),
        (7, Kind::Open),
        (6, Kind::Close),
        (5, Kind::Open),
    ] {
        let r = Rendezvous::new(men - 1, sq("d4"), None).unwrap();
        assert_eq!(r.kind(), kind, "{men} men");
        assert_eq!(r.squares().count(), u32::from(men) - 1);
    }
    assert_eq!(
        Rendezvous::new(10, sq("d4"), None),
        Err(MarkProblem::NoSuchSize)
    );
    assert_eq!(
        Rendezvous::new(2, sq("d4"), None),
        Err(MarkProblem::NoSuchSize)
    );
}

// ---------------------------------------------------------------------------------
// Def. 2 and Def. 3: every shape at c5, b2 and g7 (the sets worked out by hand).
// ---------------------------------------------------------------------------------

#[test]
fn def2_def3_shapes_at_c5() {
    assert_eq!(shape(9, "c5"), set("b4 c4 d4 b5 c5 d5 b6 c6 d6"));
    assert_eq!(shape(7, "c5"), set("b6 c6 d6 c5 b4 c4 d4"));
    assert_eq!(shape(5, "c5"), set("b6 d6 c5 b4 d4"));
    assert_eq!(shape(8, "c5"), set("c8 f8 h5 g1 c1 a3 a5 a7"));
    assert_eq!(shape(6, "c5"), set("c8 f8 g1 c1 a3 a7"));
    assert_eq!(shape(4, "c5"), set("f8 g1 a3 a7"));
}

#[test]
fn def2_def3_shapes_at_b2() {
    assert_eq!(shape(9, "b2"), set("a1 b1 c1 a2 b2 c2 a3 b3 c3"));
    assert_eq!(shape(7, "b2"), set("a3 b3 c3 b2 a1 b1 c1"));
    assert_eq!(shape(5, "b2"), set("a1 c1 b2 a3 c3"));
    // Rays: N b8, NE h8, E h2, SE c1, S b1, SW a1, W a2, NW a3.
    assert_eq!(shape(8, "b2"), set("b8 h8 h2 c1 b1 a1 a2 a3"));
    assert_eq!(shape(6, "b2"), set("b8 h8 c1 b1 a1 a3"));
    assert_eq!(shape(4, "b2"), set("h8 c1 a1 a3"));
}

#[test]
fn def2_def3_shapes_at_g7() {
    assert_eq!(shape(9, "g7"), set("f6 g6 h6 f7 g7 h7 f8 g8 h8"));
    assert_eq!(shape(7, "g7"), set("f8 g8 h8 g7 f6 g6 h6"));
    assert_eq!(shape(5, "g7"), set("f8 h8 g7 f6 h6"));
    // Rays: N g8, NE h8, E h7, SE h6, S g1, SW a1 (the long diagonal), W a7, NW f8.
    assert_eq!(shape(8, "g7"), set("g8 h8 h7 h6 g1 a1 a7 f8"));
    assert_eq!(shape(6, "g7"), set("g8 h8 h6 g1 a1 f8"));
    assert_eq!(shape(4, "g7"), set("h8 h6 a1 f8"));
}

#[test]
fn def2_close_shapes_are_not_rotated_d1() {
    // D-1: the 7-square shape always leaves out the Mark's east and west neighbours.
    for m in ["c3", "d4", "e5", "f6"] {
        let r = shape(7, m);
        let mark = sq(m);
        assert!(!r.contains(mark.step(Direction::East).unwrap()));
        assert!(!r.contains(mark.step(Direction::West).unwrap()));
        assert!(r.contains(mark.step(Direction::North).unwrap()));
        assert!(r.contains(mark.step(Direction::South).unwrap()));
    }
}

#[test]
fn def3_rays_are_geometric_d2() {
    // D-2: men on a ray do not block it; the open Rendezvous depends only on the Mark.
    // Men on d6 (NE ray), d5 (E ray), b4 (SW ray), c4 (S ray) do not cut the rays.
    let crowded = pos("8/8/2BB4/1BYBY3/1YYY4/8/8/8 B mark");
    assert_eq!(crowded.rendezvous_size(), 8);
    let p = crowded.set_mark(sq("c5"), None).unwrap();
    assert_eq!(
        p.rendezvous().unwrap().squares(),
        set("c8 f8 h5 g1 c1 a3 a5 a7")
    );
}

#[test]
fn def2_three_square_lines() {
    let line = |m: &str, l: Line| Rendezvous::new(3, sq(m), Some(l)).map(|r| r.squares());
    assert_eq!(line("d5", Line::Vertical), Ok(set("d4 d5 d6")));
    assert_eq!(line("d5", Line::Horizontal), Ok(set("c5 d5 e5")));
    assert_eq!(line("d5", Line::Rising), Ok(set("c4 d5 e6")));
    assert_eq!(line("d5", Line::Falling), Ok(set("c6 d5 e4")));
    // Along the border: allowed when the line runs along the edge.
    assert_eq!(line("a4", Line::Vertical), Ok(set("a3 a4 a5")));
    assert_eq!(line("e1", Line::Horizontal), Ok(set("d1 e1 f1")));
    assert_eq!(
        line("a4", Line::Horizontal),
        Err(MarkProblem::LineOffBoard(Line::Horizontal))
    );
    assert_eq!(
        line("a4", Line::Rising),
        Err(MarkProblem::LineOffBoard(Line::Rising))
    );
    assert_eq!(
        line("e1", Line::Vertical),
        Err(MarkProblem::LineOffBoard(Line::Vertical))
    );
    for corner in ["a1", "h1", "a8", "h8"] {
        for l in Line::ALL {
            assert_eq!(
                line(corner, l),
                Err(MarkProblem::LineOffBoard(l)),
                "{corner} {l:?}"
            );
        }
    }
    assert_eq!(
        Rendezvous::new(3, sq("d5"), None),
        Err(MarkProblem::LineRequired)
    );
    assert_eq!(
        Rendezvous::new(5, sq("d5"), Some(Line::Vertical)),
        Err(MarkProblem::LineNotAllowed)
    );
}

#[test]
fn def2_three_square_marks_through_the_position() {
    let p = pos("8/8/8/8/8/8/8/BBYY4 B mark");
    assert_eq!(p.rendezvous_size(), 3);
    let after = p.set_mark(sq("a4"), Some(sq("a5"))).unwrap();
    assert_eq!(after.rendezvous().unwrap().squares(), set("a3 a4 a5"));
    assert_eq!(after.to_act(), Side::Yellow);
    assert_eq!(after.phase(), Phase::First);
    // Either neighbour on the line names it.
    let other = p.set_mark(sq("a4"), Some(sq("a3"))).unwrap();
    assert_eq!(other, after);
    let bad = |m: &str, t: Option<&str>, problem| {
        let v = p.set_mark(sq(m), t.map(sq)).unwrap_err();
        assert_eq!(
            v,
            RuleViolation::BadMark {
                square: sq(m),
                size: 3,
                problem
            },
            "{m} {t:?}"
        );
        v
    };
    let v = bad(
        "a4",
        Some("b4"),
        MarkProblem::LineOffBoard(Line::Horizontal),
    );
    assert_eq!(
        (v.rule(), v.code()),
        (RuleRef::Rule(4), "mark_does_not_fit")
    );
    let v = bad("d5", None, MarkProblem::LineRequired);
    assert_eq!((v.rule(), v.code()), (RuleRef::Def(2), "line_required"));
    let v = bad("d5", Some("d7"), MarkProblem::NotAdjacent(sq("d7")));
    assert_eq!(v.code(), "line_not_adjacent");
    for l in ["a2", "b1", "b2"] {
        bad(
            "a1",
            Some(l),
            MarkProblem::LineOffBoard(Line::through(sq("a1"), sq(l)).unwrap()),
        );
    }
    // 168 placements: 48 vertical, 48 horizontal, 36 on each diagonal.
    assert_eq!(p.mark_options().len(), 168);
}

// ---------------------------------------------------------------------------------
// Rule 2: the start, the first Mark, D-3.
// ---------------------------------------------------------------------------------

#[test]
fn rule2_start_position() {
    assert_eq!(START, "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark");
    let p = Position::start();
    assert_eq!(p.to_string(), START);
    assert_eq!(pos(START), p);
    assert_eq!(p.men(Side::Black), set("b8 h8 a4 h2 d1"));
    assert_eq!(p.men(Side::Yellow), set("e8 a7 h5 a1 g1"));
    assert_eq!(p.to_act(), Side::Black, "D-3: Black sets the first Mark");
    assert_eq!(p.phase(), Phase::Mark);
    assert!(p.first_mark_due());
    assert_eq!(
        Position::start_with_setter(Side::Yellow).to_act(),
        Side::Yellow
    );
}

#[test]
fn rule2_first_mark_only_on_the_four_central_squares() {
    let p = Position::start();
    let options: Vec<Square> = p.mark_options().iter().map(|r| r.mark()).collect();
    assert_eq!(options, vec![sq("f3"), sq("e4"), sq("d5"), sq("c6")]);
    assert_eq!(count_outcomes(&p), 4);
    for m in ["c6", "d5", "e4", "f3"] {
        let after = p.set_mark(sq(m), None).unwrap();
        // The player who did not set the Mark plays first.
        assert_eq!(after.to_act(), Side::Yellow);
        assert_eq!(after.phase(), Phase::First);
        assert_eq!(after.setter(), Some(Side::Black));
    }
    for m in ["c5", "d4", "b7", "g2", "a8", "e5"] {
        let v = p.set_mark(sq(m), None).unwrap_err();
        assert_eq!(
            v,
            RuleViolation::BadMark {
                square: sq(m),
                size: 9,
                problem: MarkProblem::NotFirstSquare
            }
        );
        assert_eq!((v.rule(), v.code()), (RuleRef::Rule(2), "first_mark"));
    }
    // A second square is only for a 3-square line.
    assert_eq!(
        p.set_mark(sq("d5"), Some(sq("d6"))).unwrap_err(),
        RuleViolation::BadMark {
            square: sq("d5"),
            size: 9,
            problem: MarkProblem::LineNotAllowed
        }
    );
    // Men cannot move before the Mark is set; the Mark cannot be set twice.
    assert_eq!(
        p.begin_turn().unwrap_err(),
        RuleViolation::MarkNotSet {
            setter: Side::Black
        }
    );
    let after = p.set_mark(sq("d5"), None).unwrap();
    assert_eq!(
        after.set_mark(sq("c6"), None).unwrap_err(),
        RuleViolation::MarkAlreadySet { mark: sq("d5") }
    );
    // Through a game too.
    let mut g = Game::default();
    let e = g
        .play(&Action::Mark {
            square: sq("c5"),
            towards: None,
        })
        .unwrap_err();
    assert_eq!(e.violation.code(), "first_mark");
    g.play(&Action::Mark {
        square: sq("f3"),
        towards: None,
    })
    .unwrap();
    assert_eq!(
        g.position().to_string(),
        "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y f3 first"
    );
}

// ---------------------------------------------------------------------------------
// Rule 4: later Marks.
// ---------------------------------------------------------------------------------

#[test]
fn rule4_later_marks() {
    // 9 men: an open 8-square Rendezvous, Mark on any field square, not only c6-f3.
    let p = pos("8/1YYY4/1BYB4/1BBY4/8/8/8/8 B mark");
    assert!(!p.first_mark_due());
    assert_eq!(p.mark_options().len(), 36);
    assert!(
        p.mark_options()
            .iter()
            .all(|r| SquareSet::FIELD.contains(r.mark()))
    );
    // Men may already stand on the Rendezvous, the setter's own included.
    let after = p.set_mark(sq("b2"), None).unwrap();
    assert_eq!(
        after.rendezvous().unwrap().squares(),
        set("b8 h8 h2 c1 b1 a1 a2 a3")
    );
    let after = p.set_mark(sq("c6"), None).unwrap();
    assert!(after.rendezvous().unwrap().contains(sq("c8")));
    for border in ["a1", "a5", "h4", "d8", "e1"] {
        assert_eq!(
            p.set_mark(sq(border), None).unwrap_err(),
            RuleViolation::BadMark {
                square: sq(border),
                size: 8,
                problem: MarkProblem::NeedsField
            }
        );
    }
    // 9, 7, 5 and every open size need a field square too.
    for (placement, size) in [
        ("8/8/8/8/8/8/BBBY4/YYY5", 6u8),
        ("8/8/8/8/8/8/BBB5/YYY5", 5),
        ("8/8/8/8/8/8/BB6/YYY5", 4),
        ("8/8/8/8/8/8/BBBYY3/YYY5", 7),
    ] {
        let p = pos(&format!("{placement} B mark"));
        assert_eq!(p.rendezvous_size(), size);
        assert_eq!(p.mark_options().len(), 36, "size {size}");
        let v = p.set_mark(sq("h6"), None).unwrap_err();
        assert_eq!(
            v,
            RuleViolation::BadMark {
                square: sq("h6"),
                size,
                problem: MarkProblem::NeedsField
            }
        );
        assert_eq!(
            (v.rule(), v.code()),
            (RuleRef::Rule(4), "mark_does_not_fit")
        );
        assert!(p.set_mark(sq("g7"), None).is_ok());
        assert!(p.set_mark(sq("b2"), None).is_ok());
    }
}

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

/// Carroll's open example: Mark c5, 8 squares; Yellow (A g1, B c1, C a3, D b4) to play;
/// Black has c8, f8, a7, a5 in and one man (b5) outside.
const OPEN_EXAMPLE: &str = "2B2B2/B7/8/BB6/1Y6/Y7/8/2Y3Y1 Y c5 play";

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
// Carroll's worked examples (1893, §4).
// ---------------------------------------------------------------------------------

/// First hint: A (c6) in the centre of the 9 squares round c6; B C D E Yellow on b7 c7
/// d7 e7; a b c d e Black on b6 b5 c5 d6 e6; d5 vacant.
const HINT1: &str = "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play";
/// Second hint: Black's c in the centre (d5); Yellow A d4, B c5, C d6, D e6, E f6;
/// Black a c6, b c4, c d5, d e5, e f5; e4 vacant.
const HINT2: &str = "8/8/2BYYY2/2YBBB2/2BY4/8/8/8 Y d5 play";

#[test]
fn carroll_first_hint() {
    let p = pos(HINT1);
    assert_eq!(
        p.rendezvous().unwrap().squares(),
        set("b5 c5 d5 b6 c6 d6 b7 c7 d7")
    );
    let r = turn(&p, "c6-d5 d7-c6 e7-d7 x e6").unwrap();
    assert_eq!(r.end, TurnEnd::Removed(sq("e6")));
    assert_eq!(r.position.to_string(), "8/1YYY4/1BYB4/1BBY4/8/8/8/8 B mark");
    assert_eq!(
        violation(turn(&p, "d7-c6 c6-d5 e7-d7")),
        RuleViolation::TargetOccupied {
            from: sq("d7"),
            to: sq("c6"),
            occupant: Side::Yellow
        }
    );
    assert_eq!(
        violation(turn(&p, "c6-d5 e7-d7 d7-c6")),
        RuleViolation::TargetOccupied {
            from: sq("e7"),
            to: sq("d7"),
            occupant: Side::Yellow
        }
    );
    let mut g = Game::new(p);
    let played = g.play(&action("c6-d5 d7-c6 e7-d7 x e6")).unwrap();
    assert_eq!(played.turn.unwrap().end, TurnEnd::Removed(sq("e6")));
}

#[test]
fn carroll_second_hint() {
    let p = pos(HINT2);
    assert_eq!(p.allowance(), 5);
    let r = turn(&p, "d4-e4 c5-d4 d6-c5 e6-d6 f6-e6").unwrap();
    assert_eq!(r.moves.iter().map(|m| m.count).sum::<u8>(), 5);
    assert_eq!(r.end, TurnEnd::Removed(sq("f5")));
    assert_eq!(r.position.to_string(), "8/8/2BYY3/2YBB3/2BYY3/8/8/8 B mark");
    assert_eq!(
        violation(turn(&p, "c5-d4 d4-e4 d6-c5 e6-d6 f6-e6")),
        RuleViolation::TargetOccupied {
            from: sq("c5"),
            to: sq("d4"),
            occupant: Side::Yellow
        }
    );
    assert_eq!(
        violation(turn(&p, "d4-e4 c5-d4 e6-d6 d6-c5 f6-e6")),
        RuleViolation::TargetOccupied {
            from: sq("e6"),
            to: sq("d6"),
            occupant: Side::Yellow
        }
    );
    assert_eq!(
        violation(turn(&p, "f6-e6 d4-e4 c5-d4 d6-c5 e6-d6")),
        RuleViolation::TargetOccupied {
            from: sq("f6"),
            to: sq("e6"),
            occupant: Side::Yellow
        }
    );
}

// ---------------------------------------------------------------------------------
// Position strings.
// ---------------------------------------------------------------------------------

fn parse_err(s: &str) -> (PositionErrorKind, std::ops::Range<usize>) {
    let e = Position::parse(s).unwrap_err();
    (e.kind, e.span)
}

#[test]
fn position_string_errors() {
    use PositionErrorKind as K;
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7Q/Y2B2Y1 B mark"),
        (
            K::BadChar {
                found: 'Q',
                rank: 2
            },
            21..22
        )
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/y2B2Y1 B mark"),
        (
            K::BadChar {
                found: 'y',
                rank: 1
            },
            23..24
        )
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y0 B mark"),
        (
            K::BadChar {
                found: '0',
                rank: 1
            },
            28..29
        )
    );
    assert_eq!(
        parse_err("1B2Y2B/Y8/8/7Y/B7/8/7B/Y2B2Y1 B mark"),
        (K::RankTooLong { rank: 7 }, 8..9)
    );
    assert_eq!(
        parse_err("8B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark"),
        (K::RankTooLong { rank: 8 }, 1..2)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y6/8/7Y/B7/8/7B/Y2B2Y1 B mark"),
        (
            K::RankTooShort {
                rank: 7,
                squares: 7
            },
            7..9
        )
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y B mark"),
        (
            K::RankTooShort {
                rank: 1,
                squares: 7
            },
            23..28
        )
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B B mark"),
        (K::RankCount { found: 7 }, 0..22)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B"),
        (K::FieldCount { found: 2 }, 0..31)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 play x"),
        (K::FieldCount { found: 5 }, 0..41)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark play"),
        (K::FieldCount { found: 4 }, 37..41)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 X mark"),
        (K::BadSide, 30..31)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 BY mark"),
        (K::BadSide, 30..32)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d9 play"),
        (K::BadMark, 32..34)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5:x1 play"),
        (K::BadMark, 32..37)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 plays"),
        (
            K::BadPhase {
                rules: Rules::default(),
                after_mark: true
            },
            35..40
        )
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 mark"),
        (
            K::BadPhase {
                rules: Rules::default(),
                after_mark: true
            },
            35..39
        )
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5"),
        (K::MissingPhase, 32..34)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/YB1B2Y1 B mark"),
        (K::TooManyMen { count: 11 }, 0..30)
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B a5 play"),
        (
            K::Mark {
                size: 9,
                problem: MarkProblem::NeedsField
            },
            32..34
        )
    );
    assert_eq!(
        parse_err("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5:d6 play"),
        (
            K::Mark {
                size: 9,
                problem: MarkProblem::LineNotAllowed
            },
            32..37
        )
    );
    assert_eq!(
        parse_err("8/8/8/3Y4/3B4/8/8/BY6 Y d5 play"),
        (
            K::Mark {
                size: 3,
                problem: MarkProblem::LineRequired
            },
            24..26
        )
    );
    assert_eq!(
        parse_err("8/8/8/3Y4/3B4/8/8/BY6 Y d5:d7 play"),
        (
            K::Mark {
                size: 3,
                problem: MarkProblem::NotAdjacent(sq("d7"))
            },
            24..29
        )
    );
    assert_eq!(
        parse_err("8/8/8/8/Y3B3/8/8/BY6 Y a4:b4 play"),
        (
            K::Mark {
                size: 3,
                problem: MarkProblem::LineOffBoard(Line::Horizontal)
            },
            23..28
        )
    );
    assert_eq!(
        Position::with_men(set("a1 b1"), set("b1 c1"), Side::Black).unwrap_err(),
        K::Overlap
    );
    assert_eq!(
        Position::with_men(set("a1 b1 c1 d1 e1 f1"), set("a2 b2 c2 d2 e2"), Side::Black)
            .unwrap_err(),
        K::TooManyMen { count: 11 }
    );
    // Every error has a message.
    assert!(!Position::parse("x").unwrap_err().to_string().is_empty());
}

#[test]
fn position_string_w_and_canonical_lines() {
    let p = pos("1B2W2B/W7/8/7W/B7/8/7B/W2B2W1 W d5 first");
    assert_eq!(p.to_string(), "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first");
    assert_eq!(p.to_act(), Side::Yellow);
    for (given, written) in [
        ("d5:d4", "d5:d6"),
        ("d5:d6", "d5:d6"),
        ("d5:c5", "d5:e5"),
        ("d5:e5", "d5:e5"),
        ("d5:c4", "d5:e6"),
        ("d5:e6", "d5:e6"),
        ("d5:e4", "d5:c6"),
        ("d5:c6", "d5:c6"),
    ] {
        let p = pos(&format!("8/8/8/3Y4/3B4/8/8/BY6 Y {given} play"));
        assert_eq!(
            p.to_string(),
            format!("8/8/8/3Y4/3B4/8/8/BY6 Y {written} play"),
            "{given}"
        );
    }
    let p = pos("8/8/8/3Y4/3B4/8/8/BY6 Y d5:d4 play");
    assert_eq!(p.rendezvous().unwrap().squares(), set("d4 d5 d6"));
    assert_eq!(p.rendezvous().unwrap().line_square(), Some(sq("d6")));
    // Whitespace between fields is free; the output is canonical.
    assert_eq!(
        pos(" 1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1   B  mark ").to_string(),
        START
    );
}
