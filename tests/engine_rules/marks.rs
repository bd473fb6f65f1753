//! The Mark and the Rendezvous: Def. 1 to 3 (every shape at three Marks), Rule 2's
//! start and first Mark, Rule 4's later Marks.

use super::*;

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
