//! Syntax errors: their codes, messages and spans; nesting and layout.

use super::*;

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
