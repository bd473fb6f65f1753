//! Reading tags, games, events, comments, variations and directives.

use super::*;

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
