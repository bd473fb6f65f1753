//! Carroll's worked examples of 1893 and the position strings with their parse errors.

use super::*;

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
