//! Unit tests of the syntax: every construct, every error kind with its message and span.

use super::ast::*;
use super::*;
use crate::engine::{Side, Square};

fn sq(s: &str) -> Square {
    s.parse().expect("test squares are valid")
}

/// Parses `src`, checking on the way that the plain-file shortcut and the grammar agree
/// on it.
fn file(src: &str) -> File {
    match parse_file(src) {
        Ok(f) => {
            assert_eq!(
                parse_file_with_pest(src).as_ref(),
                Ok(&f),
                "{src:?}: pest and the shortcut disagree"
            );
            f
        }
        Err(e) => panic!("{src:?} should parse: {e} at {:?}", e.span),
    }
}

/// The events of the only game of `src`, in order (standalone comments left out).
fn events(src: &str) -> Vec<Event> {
    let f = file(src);
    assert_eq!(f.games.len(), 1, "{src:?}");
    f.games[0]
        .body
        .iter()
        .filter_map(|i| match i {
            Item::Event(e) => Some(e.clone()),
            Item::Comment(_) => None,
        })
        .collect()
}

fn one(src: &str) -> Event {
    let evs = events(src);
    assert_eq!(evs.len(), 1, "{src:?}");
    evs.into_iter().next().expect("one event")
}

fn err(src: &str) -> SyntaxError {
    match parse_file(src) {
        Ok(f) => panic!("{src:?} should not parse, got {f:?}"),
        Err(e) => e,
    }
}

/// Asserts the code, message and span (as the text it covers) of the error for `src`.
fn assert_err(src: &str, code: &str, message: &str, covers: &str, start: usize) {
    let e = err(src);
    assert_eq!(e.code(), code, "{src:?}: {e}");
    assert_eq!(e.to_string(), message, "{src:?}");
    assert_eq!(&src[e.span.start..e.span.end], covers, "{src:?}: {e}");
    assert_eq!(e.span.start, start, "{src:?}: {e}");
}

fn moves(e: &Event) -> Vec<(Square, Square)> {
    match &e.kind {
        EventKind::Turn { moves, .. } => moves.iter().map(|m| (m.from.node, m.to.node)).collect(),
        other => panic!("not a turn: {other:?}"),
    }
}

// ---------------------------------------------------------------------------------
// Tags and games

#[test]
fn tags_with_escapes() {
    let src = "[Event \"Carroll's \\\"first\\\" hint \\\\ x\"]\n[Rules \"1893\"]\n";
    let f = file(src);
    let g = &f.games[0];
    let t = g.tag("Event").expect("Event tag");
    assert_eq!(t.value.node, "Carroll's \"first\" hint \\ x");
    assert_eq!(
        &src[t.value.span.start..t.value.span.end],
        "Carroll's \\\"first\\\" hint \\\\ x"
    );
    assert_eq!(&src[t.name.span.start..t.name.span.end], "Event");
    assert_eq!(
        &src[t.span.start..t.span.end],
        &src[..src.find('\n').unwrap_or(0)]
    );
    assert_eq!(g.tag("Rules").map(|t| t.value.node.as_str()), Some("1893"));
    assert!(g.body.is_empty());
}

#[test]
fn multi_game_file() {
    let src = "[Event \"one\"]\n\nmark d5\n# end of one?\n\n# about two\n[Event \"two\"]\n[Black \"B\"]\n\nmark e4\npass\n# after\n";
    let f = file(src);
    assert_eq!(f.games.len(), 2);
    let (a, b) = (&f.games[0], &f.games[1]);
    assert_eq!(a.tag("Event").map(|t| t.value.node.as_str()), Some("one"));
    assert_eq!(a.body.len(), 1);
    // Comment lines just before a tag line belong to the next game's header.
    assert_eq!(b.header.len(), 4);
    assert!(matches!(&b.header[0], HeaderItem::Comment(c) if c.text == " end of one?"));
    assert!(matches!(&b.header[1], HeaderItem::Comment(c) if c.text == " about two"));
    assert_eq!(b.body.len(), 3);
    assert!(matches!(&b.body[2], Item::Comment(c) if c.text == " after"));
    assert_eq!(&src[a.span.start..a.span.end], "[Event \"one\"]\n\nmark d5");
    assert!(src[b.span.start..].starts_with("# end of one?"));
    assert!(f.trailing.is_empty());
}

#[test]
fn tags_after_tags_stay_in_one_game() {
    let f = file("[A \"1\"]\n# between\n\n[B \"2\"]\n");
    assert_eq!(f.games.len(), 1);
    assert_eq!(f.games[0].header.len(), 3);
}

#[test]
fn games_without_tags_and_empty_files() {
    let f = file("a7-b6\n");
    assert_eq!(f.games.len(), 1);
    assert!(f.games[0].header.is_empty());
    assert_eq!(file("").games.len(), 0);
    assert_eq!(file("\n\n  \n").games.len(), 0);
    let f = file("# only a comment\n{ and another }\n");
    assert!(f.games.is_empty());
    assert_eq!(f.trailing.len(), 2);
}

#[test]
fn bom_and_crlf() {
    let lf = "[Event \"x\"] # tag\n\n{ a\nb }\n1. B: mark d5 # why\na7-b6 (c3-c4\nd4-d5)\n";
    let crlf = format!("\u{feff}{}", lf.replace('\n', "\r\n"));
    let a = file(lf);
    let b = file(&crlf);
    assert_eq!(without_spans(&a), without_spans(&b));
    // Spans count the BOM's three bytes and keep the CR out of `#` comments.
    let g = &b.games[0];
    let Some(HeaderItem::Tag(t)) = g.header.first() else {
        panic!("a tag first")
    };
    assert_eq!(t.span.start, 3);
    let Some(HeaderItem::Comment(c)) = g.header.get(1) else {
        panic!("a comment second")
    };
    assert_eq!(c.text, " tag");
    assert_eq!(&crlf[c.span.start..c.span.end], "# tag");
    let Some(Item::Event(e)) = g.body.get(1) else {
        panic!("mark second")
    };
    assert_eq!(e.comments[0].text, " why");
}

// ---------------------------------------------------------------------------------
// Events

#[test]
fn events_per_line_and_semicolons() {
    let evs = events("mark d5\na7-b6; e8-e7 ;pass;\n\n  resign\n");
    assert_eq!(evs.len(), 5);
    assert!(matches!(evs[3].kind, EventKind::Pass));
    assert!(matches!(evs[4].kind, EventKind::Resign));
}

#[test]
fn marks() {
    let e = one("mark d5");
    assert_eq!(
        e.kind,
        EventKind::Mark {
            square: Spanned::new(sq("d5"), Span::new(5, 7)),
            towards: None
        }
    );
    assert_eq!(e.kind_span, Span::new(0, 7));
    let e = one("mark d5 d6");
    let EventKind::Mark { towards, .. } = e.kind else {
        panic!("a mark")
    };
    assert_eq!(towards, Some(Spanned::new(sq("d6"), Span::new(8, 10))));
}

#[test]
fn interchanges() {
    assert_eq!(
        one("interchange").kind,
        EventKind::Interchange { squares: vec![] }
    );
    let EventKind::Interchange { squares } = one("interchange c3 e5 f6").kind else {
        panic!("an interchange")
    };
    let got: Vec<Square> = squares.iter().map(|s| s.node).collect();
    assert_eq!(got, vec![sq("c3"), sq("e5"), sq("f6")]);
}

#[test]
fn turns_moves_and_takes() {
    let e = one("a7-b6 e8-e7");
    assert_eq!(moves(&e), vec![(sq("a7"), sq("b6")), (sq("e8"), sq("e7"))]);
    let e2 = one("a7-b6, e8-e7");
    assert_eq!(moves(&e2), moves(&e));
    let e3 = one("a7-b6,e8-e7");
    assert_eq!(moves(&e3), moves(&e));

    let src = "c6-d5 d7-c6 e7-d7 x e6";
    let e = one(src);
    let EventKind::Turn {
        moves: ms, take, ..
    } = &e.kind
    else {
        panic!("a turn")
    };
    assert_eq!(ms.len(), 3);
    assert_eq!(&src[ms[1].span.start..ms[1].span.end], "d7-c6");
    assert_eq!(&src[ms[1].to.span.start..ms[1].to.span.end], "c6");
    let t = take.expect("a take");
    assert_eq!(t.square.node, sq("e6"));
    assert_eq!(&src[t.span.start..t.span.end], "x e6");
    assert_eq!(e.kind_span, Span::new(0, src.len()));

    // A take alone, and one touching its square.
    let e = one("x e6");
    assert_eq!(
        e.kind,
        EventKind::Turn {
            moves: vec![],
            take: Some(Take {
                square: Spanned::new(sq("e6"), Span::new(2, 4)),
                span: Span::new(0, 4)
            }),
            wanderers: Box::default(),
            radiate: None,
        }
    );
    assert!(matches!(
        one("a7-b6 xe6").kind,
        EventKind::Turn { take: Some(_), .. }
    ));
}

#[test]
fn pass_resign_draw() {
    assert_eq!(one("pass").kind, EventKind::Pass);
    assert_eq!(one("resign").kind, EventKind::Resign);
    assert_eq!(one("draw").kind, EventKind::Draw);
}

#[test]
fn keywords_are_whole_words() {
    for src in [
        "passx",
        "pass2",
        "resigned",
        "drawn",
        "marks d5",
        "mark_d5",
        "interchanged",
    ] {
        assert_eq!(err(src).code(), "expected", "{src}");
    }
    assert_eq!(err("mark d5d6").code(), "expected");
}

#[test]
fn prefixes() {
    let e = one("12. Y: a7-b6");
    assert_eq!(e.prefix.number, Some(Spanned::new(12, Span::new(0, 3))));
    assert_eq!(
        e.prefix.side,
        Some(Spanned::new(Side::Yellow, Span::new(4, 5)))
    );
    assert_eq!(e.kind_span, Span::new(7, 12));
    assert_eq!(e.span, Span::new(0, 12));

    let e = one("B mark d5");
    assert_eq!(e.prefix.number, None);
    assert_eq!(e.prefix.side.map(|s| s.node), Some(Side::Black));
    let e = one("W: pass");
    assert_eq!(e.prefix.side.map(|s| s.node), Some(Side::Yellow));
    let e = one("3.B:x e6");
    assert_eq!(e.prefix.number.map(|n| n.node), Some(3));
    assert_eq!(e.prefix.side.map(|s| s.node), Some(Side::Black));
    let e = one("7. pass");
    assert_eq!(e.prefix.number.map(|n| n.node), Some(7));
    assert_eq!(e.prefix.side, None);
}

#[test]
fn annotations() {
    let e = one("a7-b6 ! ? !! ?? !? ?! $1 $255");
    let got: Vec<Annotation> = e.annotations.iter().map(|a| a.node).collect();
    use Annotation::*;
    assert_eq!(
        got,
        vec![
            Good,
            Mistake,
            Brilliant,
            Blunder,
            Interesting,
            Dubious,
            Nag(1),
            Nag(255)
        ]
    );
    let e = one("pass!?$14");
    assert_eq!(e.annotations.len(), 2);
    assert_eq!(e.annotations[1].span, Span::new(6, 9));
}

#[test]
fn comments_in_the_body() {
    let src =
        "{ before }\n{ lead } a7-b6 { inside } e8-e7 {after}; pass # tail\n# alone\nmark d5 {m}\n";
    let f = file(src);
    let body = &f.games[0].body;
    assert_eq!(body.len(), 5);
    assert!(
        matches!(&body[0], Item::Comment(c) if c.text == " before " && c.kind == CommentKind::Brace)
    );
    let Item::Event(turn) = &body[1] else {
        panic!("a turn")
    };
    let texts: Vec<&str> = turn.comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, vec![" lead ", " inside ", "after"]);
    assert_eq!(
        &src[turn.span.start..turn.span.end],
        "a7-b6 { inside } e8-e7 {after}"
    );
    assert_eq!(
        &src[turn.kind_span.start..turn.kind_span.end],
        "a7-b6 { inside } e8-e7"
    );
    let Item::Event(pass) = &body[2] else {
        panic!("pass")
    };
    assert_eq!(pass.comments.len(), 1);
    assert_eq!(pass.comments[0].kind, CommentKind::Line);
    assert_eq!(pass.comments[0].text, " tail");
    assert!(matches!(&body[3], Item::Comment(c) if c.kind == CommentKind::Line));
    let Item::Event(mark) = &body[4] else {
        panic!("mark")
    };
    assert_eq!(mark.comments[0].text, "m");
    assert_eq!(
        mark.kind_span,
        Span::new(mark.span.start, mark.span.start + 7)
    );
}

#[test]
fn multi_line_comments_and_comments_in_tags() {
    let src = "{ a\n  (not a variation) # nor a comment\n}\n[Event {x} \"e\" ] # t\nmark d5\n";
    let f = file(src);
    let g = &f.games[0];
    assert_eq!(g.header.len(), 4);
    assert!(matches!(&g.header[0], HeaderItem::Comment(c) if c.text.contains("(not a variation)")));
    assert!(matches!(&g.header[2], HeaderItem::Comment(c) if c.text == "x"));
    assert!(matches!(&g.header[3], HeaderItem::Comment(c) if c.text == " t"));
}

#[test]
fn variations() {
    let src = "a7-b6 ! (c3-c4; pass (resign) ; draw) {c} (\n  mark d5 # m\n  # alone\n\n  x e6 $2\n) # end\nd4-d5\n";
    let evs = events(src);
    assert_eq!(evs.len(), 2);
    let e = &evs[0];
    assert_eq!(e.annotations.len(), 1);
    assert_eq!(e.variations.len(), 2);
    let texts: Vec<&str> = e.comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, vec!["c", " end"]);
    let v0 = &e.variations[0];
    assert_eq!(
        &src[v0.span.start..v0.span.end],
        "(c3-c4; pass (resign) ; draw)"
    );
    assert_eq!(v0.body.len(), 3);
    let Item::Event(pass) = &v0.body[1] else {
        panic!("pass")
    };
    assert_eq!(pass.variations.len(), 1);
    assert_eq!(pass.variations[0].body.len(), 1);
    let v1 = &e.variations[1];
    assert_eq!(v1.body.len(), 3);
    assert!(matches!(&v1.body[0], Item::Event(m) if m.comments.len() == 1));
    assert!(matches!(&v1.body[1], Item::Comment(c) if c.text == " alone"));
    assert!(matches!(&v1.body[2], Item::Event(t) if t.annotations.len() == 1));
    assert!(e.span.end > v1.span.end);
}

#[test]
fn directives() {
    let src = "assert position \"1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark\"";
    let e = one(src);
    let EventKind::Assert(Directive::Position(p)) = &e.kind else {
        panic!("assert position")
    };
    assert_eq!(p.node, "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark");
    assert_eq!(p.span, Span::new(17, src.len() - 1));
    assert_eq!(e.kind_span, Span::new(0, src.len()));

    assert_eq!(
        one("assert to-move W").kind,
        EventKind::Assert(Directive::ToMove(Spanned::new(
            Side::Yellow,
            Span::new(15, 16)
        )))
    );
    let EventKind::Assert(Directive::Men(men)) = one("assert men B 4 Y 5").kind else {
        panic!("assert men")
    };
    let got: Vec<(Side, u32)> = men.iter().map(|(s, n)| (s.node, n.node)).collect();
    assert_eq!(got, vec![(Side::Black, 4), (Side::Yellow, 5)]);
    let EventKind::Assert(Directive::Men(men)) = one("assert men Y 1").kind else {
        panic!("assert men")
    };
    assert_eq!(men.len(), 1);
    assert!(matches!(
        one("assert winner Y").kind,
        EventKind::Assert(Directive::Winner(Spanned {
            node: Some(Side::Yellow),
            ..
        }))
    ));
    assert!(matches!(
        one("assert winner draw").kind,
        EventKind::Assert(Directive::Winner(Spanned { node: None, .. }))
    ));
    let src = "assert illegal 3. B: a7-b6 x e6 {why}";
    let e = one(src);
    let EventKind::Assert(Directive::Illegal(inner)) = &e.kind else {
        panic!("assert illegal")
    };
    assert_eq!(inner.prefix.number.map(|n| n.node), Some(3));
    assert_eq!(&src[inner.span.start..inner.span.end], "3. B: a7-b6 x e6");
    assert_eq!(
        &src[inner.kind_span.start..inner.kind_span.end],
        "a7-b6 x e6"
    );
    assert!(inner.comments.is_empty());
    assert_eq!(e.comments.len(), 1);
    assert!(matches!(
        one("assert illegal mark d5 d6").kind,
        EventKind::Assert(Directive::Illegal(_))
    ));
    assert_eq!(err("assert illegal assert winner Y").code(), "expected");
    assert_eq!(err("3. assert winner Y").code(), "expected");
}

#[test]
fn repl_lines() {
    let items = match parse_line("  B: mark d5 ; assert to-move Y # check") {
        Ok(items) => items,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(items.len(), 2);
    let Item::Event(e) = &items[0] else {
        panic!("an event")
    };
    assert_eq!(e.span, Span::new(2, 12));
    let Item::Event(e) = &items[1] else {
        panic!("an event")
    };
    assert_eq!(e.comments.len(), 1);
    assert_eq!(parse_line("").map(|i| i.len()), Ok(0));
    assert_eq!(parse_line("{just a note}").map(|i| i.len()), Ok(1));
    let e = parse_line("pass; [Event \"x\"]").expect_err("no tags in a REPL line");
    assert_eq!(e.span, Span::new(6, 7));
    assert_eq!(
        e.to_string(),
        "expected an event: a move like `a7-b6`, `mark d5`, `interchange`, `pass`, `resign`, \
         `draw`, `assert ...` or the end of the line, found `[`"
    );
}

#[test]
fn goals() {
    let g = parse_goal("Y wins rendezvous in 1").expect("a goal");
    assert_eq!(g.side, Spanned::new(Side::Yellow, Span::new(0, 1)));
    assert_eq!(
        g.target,
        Spanned::new(GoalTarget::Rendezvous, Span::new(7, 17))
    );
    assert_eq!(g.turns, Spanned::new(1, Span::new(21, 22)));
    let g = parse_goal("B wins game in 12").expect("a goal");
    assert_eq!(g.target.node, GoalTarget::Game);
    assert_eq!(g.turns.node, 12);
    let e = parse_goal("Y wins match in 2").expect_err("no such target");
    assert_eq!(e.span, Span::new(7, 12));
    assert_eq!(
        e.to_string(),
        "expected `rendezvous` or `game`, found `match`"
    );
    let e = parse_goal("Y wins game in").expect_err("no count");
    assert_eq!(e.span, Span::new(14, 14));
    assert_eq!(
        e.to_string(),
        "expected a number, found the end of the input"
    );
    let e = parse_goal("Z wins game in 1").expect_err("no side");
    assert_eq!(
        e.to_string(),
        "expected a goal like `Y wins rendezvous in 1`, found `Z`"
    );
    assert_eq!(
        parse_goal("Y wins gamex in 1").map_err(|e| e.code()),
        Err("expected")
    );
}

// ---------------------------------------------------------------------------------
// Errors

#[test]
fn error_expected() {
    assert_err(
        "mark d5\nzz\n",
        "expected",
        "expected a tag pair like `[Event \"...\"]`, an event: a move like `a7-b6`, \
         `mark d5`, `interchange`, `pass`, `resign`, `draw`, `assert ...` or the end of the \
         line, found `zz`",
        "zz",
        8,
    );
    assert_err(
        "mark",
        "expected",
        "expected a square like `d4`, found the end of the input",
        "",
        4,
    );
    assert_err(
        "mark d5 +\n",
        "expected",
        "expected `turned`, a square like `d4`, an annotation like `!` or `$1`, a variation `( ... )`, \
         `;` or the end of the line, found `+`",
        "+",
        8,
    );
    assert_err(
        "12. zz",
        "expected",
        "expected an action: a move like `a7-b6`, `x e6`, `mark d5`, `interchange`, `pass`, \
         `resign`, `draw`, found `zz`",
        "zz",
        4,
    );
    assert_err(
        "[Event \"x\"",
        "expected",
        "expected `]`, found the end of the input",
        "",
        10,
    );
    assert_err(
        "[ \"x\"]",
        "expected",
        "expected a tag name, found `\"`",
        "\"",
        2,
    );
    assert_err(
        "[Event x]",
        "expected",
        "expected a quoted string like `\"...\"`, found `x`",
        "x",
        7,
    );
    assert_err(
        "assert winner Q",
        "expected",
        "expected a side (`B` or `Y`) or `draw`, found `Q`",
        "Q",
        14,
    );
    assert_err(
        "assert men B",
        "expected",
        "expected a number, found the end of the input",
        "",
        12,
    );
    assert_err(
        "assert nothing",
        "expected",
        "expected what to assert: `position`, `to-move`, `men`, `winner` or `illegal`, found `nothing`",
        "nothing",
        7,
    );
    assert_err(
        "a7-b6 (c3-c4\n",
        "expected",
        "expected an event: a move like `a7-b6`, `mark d5`, `interchange`, `pass`, `resign`, \
         `draw`, `assert ...`, `)` or the end of the line, found the end of the input",
        "",
        13,
    );
    assert_err(
        "a7-b6 (c3-c4",
        "expected",
        "expected another move like `a7-b6`, a radiating choice like `radiate e8`, a take like `x e6`, \
         an annotation like `!` or `$1`, \
         a variation `( ... )`, `;`, `)` or the end of the line, found the end of the input",
        "",
        12,
    );
    assert_err(
        "a7-b6)\n",
        "expected",
        "expected another move like `a7-b6`, a radiating choice like `radiate e8`, a take like `x e6`, \
         an annotation like `!` or `$1`, \
         a variation `( ... )`, `;` or the end of the line, found `)`",
        ")",
        5,
    );
    // A tag after events on the same line.
    assert_err(
        "pass [Event \"x\"]",
        "expected",
        "expected an annotation like `!` or `$1`, a variation `( ... )`, `;` or the end of the \
         line, found `[`",
        "[",
        5,
    );
    assert_err(
        "[Event \"x\"] pass",
        "expected",
        "expected a tag pair like `[Event \"...\"]` or the end of the line, found `pass`",
        "pass",
        12,
    );
}

#[test]
fn error_at_end_of_line_is_empty() {
    let e = err("mark\r\npass");
    assert_eq!(e.span, Span::new(4, 4));
    assert!(e.to_string().ends_with("found the end of the line"), "{e}");
}

#[test]
fn error_bad_square() {
    assert_err(
        "mark i9",
        "bad_square",
        "expected a square like `d4` (file `a`-`h`, rank `1`-`8`), found `i9`",
        "i9",
        5,
    );
    assert_err(
        "a7-a10",
        "bad_square",
        "expected a square like `d4` (file `a`-`h`, rank `1`-`8`), found `a10`",
        "a10",
        3,
    );
    assert_err(
        "a0-a1",
        "bad_square",
        "expected a square like `d4` (file `a`-`h`, rank `1`-`8`), found `a0`",
        "a0",
        0,
    );
    assert_eq!(err("x z1").code(), "bad_square");
    assert_eq!(err("interchange c3 c9").code(), "bad_square");
}

#[test]
fn error_bad_nag() {
    assert_err(
        "pass $0",
        "bad_nag",
        "expected a NAG from `$1` to `$255`, found `$0`",
        "$0",
        5,
    );
    assert_err(
        "pass $256",
        "bad_nag",
        "expected a NAG from `$1` to `$255`, found `$256`",
        "$256",
        5,
    );
    assert_err(
        "pass $99999999999999999999",
        "bad_nag",
        "expected a NAG from `$1` to `$255`, found `$99999999999999999999`",
        "$99999999999999999999",
        5,
    );
}

#[test]
fn error_bad_number() {
    assert_err(
        "99999999999. pass",
        "bad_number",
        "the number `99999999999` is too large",
        "99999999999",
        0,
    );
    assert_err(
        "assert men B 4294967296",
        "bad_number",
        "the number `4294967296` is too large",
        "4294967296",
        13,
    );
}

#[test]
fn error_bad_escape() {
    assert_err(
        "[Event \"a\\nb\"]",
        "bad_escape",
        "unknown escape `\\n` in a string: only `\\\"` and `\\\\` are allowed",
        "\\n",
        9,
    );
}

#[test]
fn error_unclosed() {
    assert_err(
        "pass\nmark d5 { never closed\n\npass",
        "unclosed_comment",
        "this `{` comment is never closed: expected `}`",
        "{",
        13,
    );
    assert_err(
        "[Event \"x]\nmark d5\n",
        "unclosed_string",
        "this string is not closed on its line: expected `\"`",
        "\"",
        7,
    );
    // An earlier error is reported first.
    assert_eq!(err("zz {").code(), "expected");
    // A `{` or `"` inside a comment or string is not an opening.
    assert!(parse_file("# { \" (\n[A \"{ (\"]\n{ \" ( }\npass").is_ok());
}

fn nested(depth: usize) -> String {
    let mut s = String::from("a7-b6");
    for _ in 0..depth {
        s.push_str(" (c3-c4");
    }
    for _ in 0..depth {
        s.push(')');
    }
    s.push('\n');
    s
}

#[test]
fn nesting_limit() {
    let f = file(&nested(MAX_NESTING));
    let mut depth = 0;
    let mut e = match &f.games[0].body[0] {
        Item::Event(e) => e.clone(),
        Item::Comment(_) => panic!("an event"),
    };
    while let Some(v) = e.variations.first() {
        depth += 1;
        e = match &v.body[0] {
            Item::Event(e) => e.clone(),
            Item::Comment(_) => panic!("an event"),
        };
    }
    assert_eq!(depth, MAX_NESTING);

    let src = nested(MAX_NESTING + 1);
    let e = err(&src);
    assert_eq!(e.code(), "nesting");
    assert_eq!(e.to_string(), "variations are nested more than 64 deep");
    // The span is the first `(` too many.
    assert_eq!(e.span.len(), 1);
    assert_eq!(src[..e.span.start].matches('(').count(), MAX_NESTING);
}

#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    // A thread with the default stack size, as a program's would be.
    let handle = std::thread::spawn(|| {
        let parens = "(".repeat(100_000);
        let a = parse_file(&parens).map_err(|e| e.code());
        let b = parse_file(&nested(100_000)).map_err(|e| e.code());
        let c = parse_line(&format!("pass {parens}")).map_err(|e| e.code());
        let d = parse_goal(&parens).map_err(|e| e.code());
        (a.err(), b.err(), c.err(), d.err())
    });
    let got = handle.join().expect("no stack overflow");
    assert_eq!(
        got,
        (
            Some("nesting"),
            Some("nesting"),
            Some("nesting"),
            Some("nesting")
        )
    );
}

#[test]
fn without_spans_ignores_layout() {
    let a = file("mark   d5 {  note  }\n\n\na7-b6,e8-e7");
    let b = file("mark d5 { note }\na7-b6 e8-e7\n");
    assert_ne!(a, b);
    assert_eq!(without_spans(&a), without_spans(&b));
    let c = file("mark d5 { other }\na7-b6 e8-e7\n");
    assert_ne!(without_spans(&a), without_spans(&c));
}

#[test]
fn comment_normalization() {
    let c = |text: &str, kind| Comment {
        text: text.to_owned(),
        kind,
        span: Span::default(),
    };
    let n = c("\n  first  \n\n\n   second\n  \n", CommentKind::Brace).normalized_text();
    assert_eq!(n, "first\n\nsecond");
    assert_eq!(
        c(&format!(" {n} "), CommentKind::Brace).normalized_text(),
        n
    );
    assert_eq!(c("  x y  ", CommentKind::Line).normalized_text(), "x y");
    assert_eq!(c("   ", CommentKind::Brace).normalized_text(), "");
}

#[test]
fn large_files_parse_quickly() {
    let line = "12. Y: a7-b6, e8-e7 x e6 { note } ! (c3-c4; pass) # tail\n";
    let src = line.repeat(5_000);
    let start = std::time::Instant::now();
    let f = file(&src);
    assert_eq!(f.games[0].body.len(), 5_000);
    // Generous even for a debug build on a busy machine; catches quadratic behaviour.
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

// ---------------------------------------------------------------------------------
// The plain-file shortcut (`fast.rs`) against the grammar

/// `fast::file` on `src`: `None`, or exactly what pest and the lowering give.
fn shortcut_agrees(src: &str) -> Option<File> {
    let quick = fast::file(src)?;
    match parse_file_with_pest(src) {
        Ok(slow) => assert_eq!(quick, slow, "{src:?}: the shortcut's tree differs"),
        Err(e) => panic!("{src:?}: the shortcut accepts what pest rejects: {e}"),
    }
    Some(quick)
}

#[test]
fn shortcut_reads_selfplay_output_as_pest_does() {
    for seed in [1, 7, 1878] {
        let (text, _) = crate::selfplay::generate(25, seed);
        let f = shortcut_agrees(&text).expect("selfplay output is in the plain form");
        assert_eq!(f.games.len(), 25);
        // Each game alone too, as `check` hands them over.
        for piece in split_games(&text) {
            let game = &text[piece.start..piece.end];
            assert!(shortcut_agrees(game).is_some(), "{game:?}");
        }
    }
}

#[test]
fn shortcut_reads_annotated_selfplay_output_as_pest_does() {
    for (seed, rate) in [(1, 0.08), (7, 0.3), (1878, 1.0)] {
        let (text, _) = crate::selfplay::generate_annotated(25, seed, rate);
        let f = shortcut_agrees(&text).expect("annotated selfplay output takes the shortcut");
        assert_eq!(f.games.len(), 25);
        let annotated = f.games.iter().flat_map(|g| &g.body).any(
            |i| matches!(i, Item::Event(e) if !e.annotations.is_empty() || !e.comments.is_empty()),
        );
        assert!(annotated, "seed {seed}: no annotation read");
        for piece in split_games(&text) {
            let game = &text[piece.start..piece.end];
            assert!(shortcut_agrees(game).is_some(), "{game:?}");
        }
    }
}

#[test]
fn shortcut_reads_every_plain_form() {
    let cases = [
        "",
        "\n\n",
        "mark d5",
        "mark d5 d6\nx e4\n",
        "[Event \"x\"]\n[A \"\"]\n\ng1-g2 h5-g4 x b2\npass\nresign\n",
        "[E \"a\"]\ndraw\n[E \"b\"]\n[F \"é, ] and spaces\"]\ninterchange\ninterchange c3 e5 f6\n",
        "1. Y: g1-f2 h5-g4\n2. B: h2-g3\n12. a1-b1\nB a7-b6\nW: x e4\nY pass\n",
        "123456789. mark c6\n",
        "a1-h8 h8-a1\n",
        "[Event \"x\"]\r\n\r\nmark d5\r\ng1-g2 x b2\r\n",
        "mark d5\r",
        // Annotated: comments, glyphs, NAGs, variations on one line, `;`.
        "mark d5 # a comment",
        "mark d5 #\r\n#\n# x\r\r\n",
        "{ a comment }\nmark d5",
        "{ a }\n\n# b\n[E \"x\"]\n{c}\npass\n{ d }\n",
        "# only comments\n{ here }\n",
        "mark d5; pass",
        "mark d5;pass;\n",
        "a1-b2 !",
        "a1-b2 $1 $255 $001 ! ? !! ?? !? ?!",
        "a1-b2!?!$14{c}(c3-d4)#e",
        "a1-b2 ( a1-b3 )",
        "a1-b2 () ( ) ( {c} ) (a1-b3; {d} c1-c2 x e4 ! (b1-b2 (pass (draw))))",
        "{ lead } 12. B: a1-b2 c3-d4 x e6 ?! { after } $7 # end\r\n",
        "mark d5 d6 { multi\nline } !\r\nmark d5 {}\ninterchange { x }\n",
        "a1-b2; { after the semi } c3-d4 { then }; {}\n",
        "[E \"x\"]\n\na1-b2 { a\n\n[F \"y\"]\n} ! ; c3-d4\n",
    ];
    for src in cases {
        assert!(
            shortcut_agrees(src).is_some(),
            "{src:?} should take the shortcut"
        );
    }
}

#[test]
fn shortcut_declines_everything_else() {
    let cases = [
        "\u{FEFF}mark d5",
        "mark d5\r\r\n",
        "mark\rd5",
        "mark d5 ",
        " mark d5",
        "mark  d5",
        "mark\td5",
        "a1-b2, c3-d4",
        "xe4",
        "i1-a2",
        "a9-a2",
        "a1-a10",
        "mark i9",
        "[A \"a\\\"b\"]",
        "[A \"x\"] [B \"y\"]",
        "[ A \"x\"]",
        "[A  \"x\"]",
        "[1 \"x\"]",
        "1234567890. pass",
        "1.pass",
        "B:pass",
        "assert to-move B",
        "passx",
        "mark",
        // Annotated forms left to pest.
        "a1-b2 {c} c3-d4",
        "mark d5 {c} d6",
        "a1-b2 {c} x e4",
        "interchange {c} c3",
        "12. {c} a1-b2",
        "a1-b2 ! c3-d4",
        "a1-b2 $0",
        "a1-b2 $256",
        "a1-b2 $",
        "a1-b2 $1a",
        "a1-b2 { unclosed",
        "a1-b2 (\nc3-d4\n)",
        "a1-b2 ( c3-d4 # c\n)",
        "a1-b2 ( c3-d4",
        "a1-b2 )",
        "; a1-b2",
        "a1-b2; ; c3-d4",
        "a1-b2; !",
        "{c}; a1-b2",
        "! a1-b2",
        "a1-b2 !  $1",
        "a1-b2 ! ",
        "[A \"x\"] {c}",
        "((((((((((a1-b2))))))))))",
        "a1-b2 (b1-b2 (b1-b2 (b1-b2 (b1-b2 (b1-b2 (b1-b2 (b1-b2 (b1-b2 (b1-b2)))))))))",
    ];
    for src in cases {
        assert!(fast::file(src).is_none(), "{src:?} should be left to pest");
    }
    // The editions' events, and a variation on the next line, are pest's alone.
    for src in [
        "set B a1 c1 e1 g1 h3 Y a8 c8 e8 g8 h6",
        "mark d5-e6",
        "mark d5 turned",
        "mark c5 c8 f8 h5 c1 a3 a7",
        "f7-e6 x a8 wanderers b2-a1 g4-h4",
        "x a8 wanderers b2-a1",
        "mark d5\n( mark c6 )",
    ] {
        assert!(fast::file(src).is_none(), "{src:?} should be left to pest");
        assert!(parse_file(src).is_ok(), "{src:?} is notation");
    }
}

/// Pieces of notation, right and wrong, for the property below.
const PIECES: &[&str] = &[
    "a1-b2",
    "h8-a1",
    "d5-d6",
    "i9-a1",
    "a1-b9",
    "a1-",
    "a1",
    "h8",
    "e4",
    "i1",
    "a0",
    "a10",
    "x",
    "xe4",
    "x e4",
    "mark",
    "interchange",
    "pass",
    "resign",
    "draw",
    "passx",
    "1.",
    "12.",
    "0.",
    "1234567890.",
    "B",
    "Y",
    "W",
    "B:",
    "Y:",
    ":",
    "[Event \"x\"]",
    "[A \"\"]",
    "[ A \"v\"]",
    "[A \"a\\\"b\"]",
    "[A \"é\"]",
    "[A",
    "\"",
    "]",
    "{c}",
    "{",
    "}",
    "# c",
    ";",
    ",",
    "(",
    ")",
    "!",
    "?",
    "$1",
    "$255",
    "$0",
    "$256",
    "!!",
    "?!",
    "!?!",
    "{a\nb}",
    "{}",
    "#",
    "# c\n",
    "( a1-b2 )",
    "()",
    "( ",
    " )",
    "; ",
    "assert",
    "to-move",
    "\r",
    "\t",
    "-",
    "é",
    "\u{FEFF}",
];

/// What goes between two pieces: mostly a space or a newline.
const GAPS: &[&str] = &[" ", " ", " ", "\n", "\n", "", "  ", "\n\n"];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 2000,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Whatever the shortcut accepts, pest reads to the same tree.
    #[test]
    fn shortcut_never_disagrees_with_pest(
        parts in proptest::collection::vec(
            (0..PIECES.len(), 0..GAPS.len()),
            0..24,
        )
    ) {
        let mut src = String::new();
        for (p, g) in parts {
            src.push_str(PIECES[p]);
            src.push_str(GAPS[g]);
        }
        shortcut_agrees(&src);
    }

    /// The same on game-like lines decoded from bytes: mostly plain, now and then with
    /// a square off the board, a doubled blank, a comma or a CRLF.
    #[test]
    fn shortcut_agrees_on_game_like_lines(
        bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)
    ) {
        shortcut_agrees(&game_like(&bytes));
    }

}

proptest::proptest! {
    // Each case plays a self-play game: fewer cases.
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 256,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// The same on plausible games: plain lines with one piece swapped for another.
    #[test]
    fn shortcut_agrees_on_damaged_games(
        seed in 0u64..1000,
        at in 0usize..400,
        piece in 0..PIECES.len(),
    ) {
        let (text, _) = crate::selfplay::generate(1, seed);
        let words: Vec<&str> = text.split(' ').collect();
        let mut out = String::new();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(if i == at % words.len() { PIECES[piece] } else { w });
        }
        shortcut_agrees(&out);
    }
}

proptest::proptest! {
    // Each case plays a self-play game: fewer cases.
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 256,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// The same on annotated games (comments, glyphs, NAGs, variations after a third
    /// of the events) with one piece swapped or inserted.
    #[test]
    fn shortcut_agrees_on_damaged_annotated_games(
        seed in 0u64..1000,
        at in 0usize..600,
        piece in 0..PIECES.len(),
        insert in proptest::prelude::any::<bool>(),
    ) {
        let (text, _) = crate::selfplay::generate_annotated(1, seed, 0.3);
        let words: Vec<&str> = text.split(' ').collect();
        let mut out = String::new();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            if i == at % words.len() {
                out.push_str(PIECES[piece]);
                if !insert {
                    continue;
                }
            }
            out.push_str(w);
        }
        shortcut_agrees(&out);
    }
}

/// Game-like text decoded from `bytes` (see `shortcut_agrees_on_game_like_lines`).
fn game_like(bytes: &[u8]) -> String {
    let mut it = bytes.iter().copied();
    let mut next = move || it.next().unwrap_or(0);
    let square = |b: u8| -> String {
        match b % 32 {
            0 => "i1".to_owned(),
            1 => "a9".to_owned(),
            2 => "b10".to_owned(),
            _ => {
                let i = b % 64;
                format!("{}{}", char::from(b'a' + i % 8), char::from(b'1' + i / 8))
            }
        }
    };
    const PREFIXES: &[&str] = &["", "", "", "1. ", "12. B: ", "Y: ", "W ", "0. ", "3.", "B:"];
    const GAPS: &[&str] = &[
        " ", " ", " ", " ", " ", " ", " ", " ", " ", "  ", ", ", "\t",
    ];
    const ENDS: &[&str] = &["\n", "\n", "\n", "\n", "\n", "\n\n", "\r\n", " \n", ""];
    let mut out = String::new();
    for _ in 0..next() % 4 + 1 {
        let b = next();
        let gap = GAPS[usize::from(next()) % GAPS.len()];
        if b % 7 == 0 {
            out.push_str(&format!("[Tag \"{}\"]", square(next())));
        } else {
            out.push_str(PREFIXES[usize::from(next()) % PREFIXES.len()]);
            match b % 9 {
                0 => out.push_str(&format!("mark {}", square(next()))),
                1 => out.push_str(&format!("mark {}{gap}{}", square(next()), square(next()))),
                2 => {
                    out.push_str("interchange");
                    for _ in 0..next() % 4 {
                        out.push_str(&format!("{gap}{}", square(next())));
                    }
                }
                3 => out.push_str(["pass", "resign", "draw"][usize::from(next() % 3)]),
                _ => {
                    for i in 0..next() % 5 + 1 {
                        if i > 0 {
                            out.push_str(gap);
                        }
                        out.push_str(&format!("{}-{}", square(next()), square(next())));
                    }
                    if next() % 3 == 0 {
                        out.push_str(&format!("{gap}x {}", square(next())));
                    }
                }
            }
        }
        for _ in 0..next() % 3 {
            out.push_str(TAILS[usize::from(next()) % TAILS.len()]);
        }
        out.push_str(ENDS[usize::from(next()) % ENDS.len()]);
    }
    out
}

/// What may follow an event in `game_like`: annotations, comments, variations, `;`,
/// right and wrong.
const TAILS: &[&str] = &[
    " !",
    " ??",
    "!?",
    " $14",
    " $0",
    " { c }",
    "{}",
    " { two\nlines }",
    " # c",
    " ( a1-b2 )",
    " (pass; h8-h7 !)",
    " ( {x} )",
    "; pass",
    ";",
    " {",
    " (",
];
