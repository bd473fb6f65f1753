//! The plain-file shortcut (`fast.rs`) against the grammar.

use super::*;

// ---------------------------------------------------------------------------------
// The plain-file shortcut (`fast.rs`) against the grammar

/// `fast::file` on `src`: `None`, or exactly what pest and the lowering give; and
/// `fast::stream` hands on the same game a line at a time ([`stream_agrees`]).
fn shortcut_agrees(src: &str) -> Option<File> {
    let quick = fast::file(src)?;
    match parse_file_with_pest(src) {
        Ok(slow) => assert_eq!(quick, slow, "{src:?}: the shortcut's tree differs"),
        Err(e) => panic!("{src:?}: the shortcut accepts what pest rejects: {e}"),
    }
    stream_agrees(src, &quick);
    Some(quick)
}

/// What a stream handed on: an item, or a plain turn's moves, take and span.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, PartialEq)]
enum Seen {
    Item(Item),
    /// The prefix's number and side, the moves, the take, the action's span.
    Plain(
        Option<u32>,
        Option<Side>,
        Vec<(Square, Square)>,
        Option<Square>,
        Span,
    ),
}

/// A [`fast::Lines`] that keeps what it is given.
struct Collect {
    /// Whether plain turns are taken as such (or asked for as items).
    take_plain: bool,
    header: Option<Vec<HeaderItem>>,
    seen: Vec<Seen>,
}

impl fast::Lines for Collect {
    fn wants_plain(&self) -> bool {
        // Asked for even when refused, so that a refused line is read again.
        true
    }
    fn plain_turn(&mut self, turn: fast::PlainTurn<'_>) -> bool {
        assert!(self.header.is_some(), "a plain turn before the header");
        if self.take_plain {
            self.seen.push(Seen::Plain(
                turn.number,
                turn.side,
                turn.moves.to_vec(),
                turn.take,
                turn.kind_span,
            ));
        }
        self.take_plain
    }

    fn header(&mut self, game: &Game) {
        assert!(self.header.is_none(), "the header given twice");
        self.header = Some(game.header.clone());
    }

    fn items(&mut self, items: &[Item]) {
        assert!(self.header.is_some(), "items before the header");
        self.seen.extend(items.iter().cloned().map(Seen::Item));
    }
}

/// Whether only blanks stand beside `span` on its line of `src`.
fn alone_on_its_line(src: &str, span: Span) -> bool {
    let start = src[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let end = src[span.end..]
        .find('\n')
        .map_or(src.len(), |i| span.end + i);
    let blank = |t: &str| t.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r'));
    blank(&src[start..span.start]) && blank(&src[span.end..end])
}

/// `fast::stream` on `src`, which `fast::file` read as `quick`: it declines a second
/// game; otherwise it gives the game's header before its body, the body's items in
/// order (plain turns, when taken, standing for their events, the comment lines
/// before them left out), the game's span, and the trailing comments.
fn stream_agrees(src: &str, quick: &File) {
    for take_plain in [false, true] {
        let mut sink = Collect {
            take_plain,
            header: None,
            seen: Vec::new(),
        };
        let streamed = fast::stream(src, &mut sink);
        if quick.games.len() > 1 {
            assert!(streamed.is_none(), "{src:?}: a stream of two games");
            return;
        }
        let streamed = streamed.unwrap_or_else(|| panic!("{src:?}: the stream declines"));
        assert_eq!(streamed.trailing, quick.trailing, "{src:?}");
        let Some(g) = quick.games.first() else {
            assert!(streamed.games.is_empty(), "{src:?}");
            continue;
        };
        let [s] = streamed.games.as_slice() else {
            panic!("{src:?}: not one game streamed");
        };
        assert_eq!((&s.header, s.span), (&g.header, g.span), "{src:?}");
        assert!(s.body.is_empty(), "{src:?}: a body held");
        let has_events = g.body.iter().any(|i| matches!(i, Item::Event(_)));
        assert_eq!(sink.header.is_some(), has_events, "{src:?}");
        let mut want = Vec::new();
        for item in &g.body {
            let plain = match item {
                Item::Event(Event {
                    prefix,
                    kind:
                        EventKind::Turn {
                            moves,
                            take,
                            wanderers,
                            radiate: None,
                        },
                    kind_span,
                    annotations,
                    comments,
                    variations,
                    span,
                }) if take_plain
                    && wanderers.is_empty()
                    && annotations.is_empty()
                    && comments.is_empty()
                    && variations.is_empty()
                    && kind_span.end == span.end
                    && alone_on_its_line(src, *span) =>
                {
                    Some(Seen::Plain(
                        prefix.number.map(|n| n.node),
                        prefix.side.map(|s| s.node),
                        moves.iter().map(|m| (m.from.node, m.to.node)).collect(),
                        take.map(|t| t.square.node),
                        *kind_span,
                    ))
                }
                _ => None,
            };
            match plain {
                Some(p) => {
                    // The comment lines before a plain turn are not handed on.
                    while matches!(want.last(), Some(Seen::Item(Item::Comment(_)))) {
                        want.pop();
                    }
                    want.push(p);
                }
                None => want.push(Seen::Item(item.clone())),
            }
        }
        // Comment lines after the last event are not handed on either.
        while matches!(want.last(), Some(Seen::Item(Item::Comment(_)))) {
            want.pop();
        }
        assert_eq!(sink.seen, want, "{src:?} (plain turns taken: {take_plain})");
    }
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
        // Laid out by hand: blanks of any length, tabs, a lone carriage return, blanks
        // at either end of a line and around a tag's parts.
        "mark d5\r\r\n",
        "mark\rd5",
        "mark d5 ",
        " mark d5",
        "mark  d5",
        "mark\td5",
        "[A  \"x\"]",
        "[ A \"x\" ] \t\r\n\t[B\"y\"]",
        "a1-b2 !  $1",
        "a1-b2 ! ",
        "  12.  B:\ta1-b2   c3-d4 \t x  e6 ;  pass  ;\n\t\n  mark  d5   d6  \n",
        "interchange   c3\te5  ;\tB  pass {  c  }   !\n",
        // Variations over several lines, as PGN writers lay them out.
        "a1-b2 (\nc3-d4\n)",
        "a1-b2 ( c3-d4 # c\n)",
        "a1-b2 (\r\n  c3-d4 { c } ;\n\n { alone }\n # also\n e5-e6 ! (\n pass\n ) $3\n) !\nmark d5\n",
        "[E \"x\"]\n1. a1-b2 ( 1. c3-d4\n   2. e5-e6 )\n2. pass\n",
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
        "a1-b2, c3-d4",
        "xe4",
        "i1-a2",
        "a9-a2",
        "a1-a10",
        "mark i9",
        "[A \"a\\\"b\"]",
        "[A \"x\"] [B \"y\"]",
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
        "a1-b2 ( c3-d4",
        "a1-b2 )",
        "; a1-b2",
        "a1-b2; ; c3-d4",
        "a1-b2; !",
        "{c}; a1-b2",
        "! a1-b2",
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
const GAPS: &[&str] = &[
    " ", " ", " ", "\n", "\n", "", "  ", "\n\n", "\t", " \t ", "\r", " \r\n",
];

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
    const ENDS: &[&str] = &[
        "\n", "\n", "\n", "\n", "\n", "\n\n", "\r\n", " \n", "", "\t\n", "  \r\n",
    ];
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

proptest::proptest! {
    // Each case plays a self-play game: fewer cases.
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 128,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Annotated games laid out by hand (every blank a run of spaces, tabs or lone
    /// carriage returns, blanks at the ends of lines, CRLF line ends, variations over
    /// several lines) still take the shortcut, and read as pest reads them.
    #[test]
    fn shortcut_reads_games_laid_out_by_hand(
        seed in 0u64..1000,
        blanks in proptest::collection::vec(0usize..6, 1..64),
        crlf in proptest::prelude::any::<bool>(),
        split_variations in proptest::prelude::any::<bool>(),
    ) {
        const RUNS: &[&str] = &[" ", "  ", "\t", " \t", "   ", "\r "];
        let (text, _) = crate::selfplay::generate_annotated(1, seed, 0.3);
        // Variations over several lines: each opens at its event's line end, holds
        // its events on lines of their own and closes on a line of its own.
        let text = if split_variations {
            text.replace("( ", "(\n").replace(" )", "\n)")
        } else {
            text
        };
        let mut out = String::new();
        let mut k = 0;
        let mut run = || {
            k += 1;
            RUNS[blanks[k % blanks.len()]]
        };
        for line in text.lines() {
            out.push_str(run());
            // Inside `{ }` comments the blanks are the comment's text: keep them.
            let mut in_comment = false;
            for c in line.chars() {
                match c {
                    '{' => in_comment = true,
                    '}' => in_comment = false,
                    _ => {}
                }
                if c == ' ' && !in_comment && !line.starts_with('[') {
                    out.push_str(run());
                } else {
                    out.push(c);
                }
            }
            out.push_str(run());
            out.push_str(if crlf { "\r\n" } else { "\n" });
        }
        proptest::prop_assert!(
            shortcut_agrees(&out).is_some(),
            "{out:?} should take the shortcut"
        );
    }
}
