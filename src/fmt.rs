//! Syntax tree to canonical text, comments and variations kept (`lanrick fmt`).
//!
//! # The canonical form
//!
//! - Games of a collection are separated by one blank line; the text ends with exactly
//!   one newline (an empty file gives empty text).
//! - A game's header comes first: each tag pair `[Name "value"]` on its own line in the
//!   order written (`"` and `\` escaped as `\"` and `\\`), header comments on their
//!   own lines where they stood, except that comments written after the last tag stay
//!   on that tag's line. A blank line separates the header from the body.
//! - The body holds one item per line: an event, or a comment that stood on a line of
//!   its own.
//! - An event is written as: its prefix as given (`12.`, then the side letter `B` or
//!   `Y` followed by `:`; `W` becomes `Y`), the event itself (`mark d5 d6`,
//!   `interchange c3 e5`, moves separated by single spaces, a take as `x e6`, `pass`,
//!   `assert men B 4 Y 5`, ...), then each annotation after a space (`a7-b6 ! $14`),
//!   then its `{ }` comments, then its variations, then its `#` comment if it has one
//!   (it must end the line). All parts are separated by single spaces.
//! - A brace comment is written `{ text }` (`{}` when empty) with its text
//!   [normalized](crate::syntax::ast::Comment::normalized_text): lines trimmed, blank
//!   lines at the ends dropped. A line comment is written `# text` (`#` when empty).
//! - A variation is written on one line, `( a7-b6; c3-c4 ! )`, when it holds no
//!   standalone comment and no `#` comment at any depth. Otherwise it is written over
//!   several lines: `(` ends the event's line, each item follows on its own line
//!   indented two spaces deeper than the event, and `)` stands on its own line at the
//!   event's indentation.
//!
//! - Line ends are `\n`, or `\r\n` throughout for a file whose first line ends so
//!   ([`LineEnd`]).
//!
//! The form is a fixed point: formatting the result again gives the same text, and
//! parsing it gives the same tree up to spans and comment layout
//! ([`without_spans`](crate::syntax::without_spans)).

use std::fmt::Write as _;

use crate::engine::{GameResult, Side};

use crate::syntax::ast::{
    Annotation, Comment, CommentKind, Directive, Event, EventKind, File, Game, HeaderItem, Item,
    Prefix, Tag, Variation,
};

/// The canonical text of `file`.
pub fn format_file(file: &File) -> String {
    let mut out = String::new();
    for (i, game) in file.games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game(&mut out, game);
    }
    if !file.trailing.is_empty() && !out.is_empty() {
        out.push('\n');
    }
    for c in &file.trailing {
        out.push_str(&format_comment(c));
        out.push('\n');
    }
    out
}

/// The line end a file uses: that of its first line. [`format_file`] writes `\n`;
/// [`LineEnd::apply`] gives a CRLF file its own line ends back, so that formatting
/// keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// `\n` (also for a text with no line end).
    Lf,
    /// `\r\n`.
    CrLf,
}

impl LineEnd {
    /// The line end of `src`'s first line.
    pub fn of(src: &str) -> LineEnd {
        match src.find('\n') {
            Some(i) if src[..i].ends_with('\r') => LineEnd::CrLf,
            _ => LineEnd::Lf,
        }
    }

    /// `text` (with `\n` line ends, as [`format_file`] writes) with this line end.
    pub fn apply(self, text: String) -> String {
        match self {
            LineEnd::Lf => text,
            LineEnd::CrLf => text.replace('\n', "\r\n"),
        }
    }
}

/// The canonical text of REPL items, one per line (as in a game's body).
pub fn format_items(items: &[Item]) -> String {
    let mut out = String::new();
    for item in items {
        write_item(&mut out, item, 0);
    }
    out
}

/// The canonical text of one event's prefix and action alone, without its
/// annotations, comments and variations (`Y: a7-b6 h5-h4`), for messages.
pub fn format_action(event: &Event) -> String {
    let mut out = String::new();
    write_action(&mut out, &event.prefix, &event.kind);
    out
}

/// One game: header, blank line, body.
fn write_game(out: &mut String, game: &Game) {
    let last_tag = game
        .header
        .iter()
        .rposition(|h| matches!(h, HeaderItem::Tag(_)));
    let mut line_open = false;
    for (i, h) in game.header.iter().enumerate() {
        let on_tag_line = line_open && last_tag.is_some_and(|t| i > t);
        if line_open && !on_tag_line {
            out.push('\n');
        }
        if on_tag_line {
            out.push(' ');
        }
        match h {
            HeaderItem::Tag(t) => out.push_str(&format_tag(t)),
            HeaderItem::Comment(c) => out.push_str(&format_comment(c)),
        }
        // Nothing may follow a `#` comment on its line.
        line_open = !matches!(h, HeaderItem::Comment(c) if c.kind == CommentKind::Line);
        if !line_open {
            out.push('\n');
        }
    }
    if line_open {
        out.push('\n');
    }
    if !game.header.is_empty() && !game.body.is_empty() {
        out.push('\n');
    }
    for item in &game.body {
        write_item(out, item, 0);
    }
}

/// `[Name "value"]`.
fn format_tag(t: &Tag) -> String {
    format!("[{} {}]", t.name.node, quote(&t.value.node))
}

/// A string in quotes with `"` and `\` escaped, as a tag value is written.
pub fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        if matches!(c, '"' | '\\') {
            q.push('\\');
        }
        q.push(c);
    }
    q.push('"');
    q
}

/// The value of a `Result` tag for a finished game: the winner's letter, or `draw`.
pub fn result_tag(result: GameResult) -> &'static str {
    match result {
        GameResult::Won { winner, .. } => match winner {
            Side::Black => "B",
            Side::Yellow => "Y",
        },
        GameResult::Drawn(_) => "draw",
    }
}

/// `{ text }` or `# text`.
fn format_comment(c: &Comment) -> String {
    let text = c.normalized_text();
    match (c.kind, text.is_empty()) {
        (CommentKind::Brace, true) => "{}".to_owned(),
        (CommentKind::Brace, false) => format!("{{ {text} }}"),
        (CommentKind::Line, true) => "#".to_owned(),
        (CommentKind::Line, false) => format!("# {text}"),
    }
}

/// An item on its own line at `depth` (two spaces each).
fn write_item(out: &mut String, item: &Item, depth: usize) {
    push_indent(out, depth);
    match item {
        Item::Event(e) => write_event(out, e, depth),
        Item::Comment(c) => out.push_str(&format_comment(c)),
    }
    out.push('\n');
}

/// Two spaces per level.
fn push_indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// An event with everything that follows it, without the final newline.
fn write_event(out: &mut String, e: &Event, depth: usize) {
    write_action(out, &e.prefix, &e.kind);
    for a in &e.annotations {
        out.push(' ');
        out.push_str(&format_annotation(a.node));
    }
    let (line, brace): (Vec<&Comment>, Vec<&Comment>) =
        e.comments.iter().partition(|c| c.kind == CommentKind::Line);
    for c in brace {
        out.push(' ');
        out.push_str(&format_comment(c));
    }
    for v in &e.variations {
        out.push(' ');
        write_variation(out, v, depth);
    }
    for (i, c) in line.iter().enumerate() {
        if i > 0 {
            // Only one `#` comment fits on a line; further ones (never produced by
            // the parser) go on lines of their own.
            out.push('\n');
            push_indent(out, depth);
        } else {
            out.push(' ');
        }
        out.push_str(&format_comment(c));
    }
}

/// The prefix and the event itself.
fn write_action(out: &mut String, prefix: &Prefix, kind: &EventKind) {
    if let Some(n) = prefix.number {
        let _ = write!(out, "{}. ", n.node);
    }
    if let Some(s) = prefix.side {
        let _ = write!(out, "{}: ", s.node.letter());
    }
    match kind {
        EventKind::Mark { square, towards } => {
            let _ = write!(out, "mark {}", square.node);
            if let Some(t) = towards {
                let _ = write!(out, " {}", t.node);
            }
        }
        EventKind::Interchange { squares } => {
            out.push_str("interchange");
            for s in squares {
                let _ = write!(out, " {}", s.node);
            }
        }
        EventKind::MarkWith {
            square,
            squares,
            turned,
        } => {
            let _ = write!(out, "mark {}", square.node);
            for t in squares {
                let _ = write!(out, " {}", t.node);
            }
            if turned.is_some() {
                out.push_str(" turned");
            }
        }
        EventKind::MoveMark(m) => {
            let _ = write!(out, "mark {}-{}", m.from.node, m.to.node);
        }
        EventKind::Set { groups } => {
            out.push_str("set");
            for g in groups {
                if let Some(side) = g.side {
                    let _ = write!(out, " {}", side.node.letter());
                }
                for sq in &g.squares {
                    let _ = write!(out, " {}", sq.node);
                }
            }
        }
        EventKind::Turn {
            moves,
            take,
            wanderers,
            radiate,
        } => {
            let mut first = true;
            for m in moves {
                if !first {
                    out.push(' ');
                }
                first = false;
                let _ = write!(out, "{}-{}", m.from.node, m.to.node);
            }
            if let Some(t) = take {
                if !first {
                    out.push(' ');
                }
                let _ = write!(out, "x {}", t.square.node);
            }
            if !wanderers.is_empty() {
                out.push_str(" wanderers");
                for m in wanderers {
                    let _ = write!(out, " {}-{}", m.from.node, m.to.node);
                }
            }
            if let Some(r) = radiate {
                if !first || take.is_some() {
                    out.push(' ');
                }
                let _ = write!(out, "radiate {}", r.node);
            }
        }
        EventKind::Pass => out.push_str("pass"),
        EventKind::Resign => out.push_str("resign"),
        EventKind::Draw => out.push_str("draw"),
        EventKind::Assert(d) => write_directive(out, d),
    }
}

/// `assert ...`.
fn write_directive(out: &mut String, d: &Directive) {
    out.push_str("assert ");
    match d {
        Directive::Position(p) => {
            out.push_str("position ");
            out.push_str(&quote(&p.node));
        }
        Directive::ToMove(s) => {
            let _ = write!(out, "to-move {}", s.node.letter());
        }
        Directive::Men(men) => {
            out.push_str("men");
            for (s, n) in men {
                let _ = write!(out, " {} {}", s.node.letter(), n.node);
            }
        }
        Directive::Winner(w) => match w.node {
            Some(s) => {
                let _ = write!(out, "winner {}", s.letter());
            }
            None => out.push_str("winner draw"),
        },
        Directive::Illegal(e) => {
            out.push_str("illegal ");
            write_action(out, &e.prefix, &e.kind);
        }
    }
}

/// `!`, `?`, `!!`, `??`, `!?`, `?!` or `$n`.
fn format_annotation(a: Annotation) -> String {
    match a {
        Annotation::Good => "!".to_owned(),
        Annotation::Mistake => "?".to_owned(),
        Annotation::Brilliant => "!!".to_owned(),
        Annotation::Blunder => "??".to_owned(),
        Annotation::Interesting => "!?".to_owned(),
        Annotation::Dubious => "?!".to_owned(),
        Annotation::Nag(n) => format!("${n}"),
    }
}

/// Whether a variation can be written on one line: no standalone comments and no `#`
/// comments, at any depth.
fn fits_on_one_line(v: &Variation) -> bool {
    v.body.iter().all(|item| match item {
        Item::Comment(_) => false,
        Item::Event(e) => {
            e.comments.iter().all(|c| c.kind == CommentKind::Brace)
                && e.variations.iter().all(fits_on_one_line)
        }
    })
}

/// `( ... )` on one line, or over several lines when it must.
fn write_variation(out: &mut String, v: &Variation, depth: usize) {
    if fits_on_one_line(v) {
        if v.body.is_empty() {
            out.push_str("()");
            return;
        }
        out.push_str("( ");
        for (i, item) in v.body.iter().enumerate() {
            if i > 0 {
                out.push_str("; ");
            }
            if let Item::Event(e) = item {
                write_event(out, e, depth);
            }
        }
        out.push_str(" )");
    } else {
        out.push_str("(\n");
        for item in &v.body {
            write_item(out, item, depth + 1);
        }
        push_indent(out, depth);
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{parse_file, without_spans};

    fn fmt(src: &str) -> String {
        match parse_file(src) {
            Ok(f) => format_file(&f),
            Err(e) => panic!("{src:?} should parse: {e} at {:?}", e.span),
        }
    }

    /// `fmt` is idempotent and keeps the meaning; returns the canonical text.
    fn check(src: &str) -> String {
        let once = fmt(src);
        assert_eq!(fmt(&once), once, "not idempotent for {src:?}");
        let before = parse_file(src).map(|f| without_spans(&f));
        let after = parse_file(&once).map(|f| without_spans(&f));
        assert_eq!(before, after, "meaning changed:\n{src}\n---\n{once}");
        assert!(once.is_empty() || (once.ends_with('\n') && !once.ends_with("\n\n")));
        once
    }

    const RICH: &str = "\u{feff}# Puzzle collection\r\n\
        [Event  \"Carroll's \\\"first\\\" hint\" ]   {after the event tag}\r\n\
        [Position \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"] # why\r\n\
        [Goal \"Y wins rendezvous in 1\"]\r\n\
        \r\n\
        {   A  multi-line\r\n     comment   }\r\n\
        W: c6-d5,d7-c6  e7-d7 x e6 {  A into the vacant square } !\r\n\
        # standalone\r\n\
        12.B:mark d5 d6;3. interchange c3 e5 f6 ;  x e6 $14 ?!\r\n\
        pass (resign; draw (mark e4 # deep\r\n\
        # alone\r\n\
        a1-a2)) {after} # last\r\n\
        assert position \"1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark\"\r\n\
        assert to-move W; assert men B 4 Y 5; assert winner draw\r\n\
        assert illegal 4. Y a7-b6 {nope}\r\n\
        \r\n\
        [Event \"second\"]\r\n\
        mark d5 ( mark d4 ; mark d6 {c} ) ( pass )\r\n";

    #[test]
    fn canonical_form() {
        let want = "# Puzzle collection\n\
            [Event \"Carroll's \\\"first\\\" hint\"]\n\
            { after the event tag }\n\
            [Position \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"]\n\
            # why\n\
            [Goal \"Y wins rendezvous in 1\"]\n\
            \n\
            { A  multi-line\ncomment }\n\
            Y: c6-d5 d7-c6 e7-d7 x e6 ! { A into the vacant square }\n\
            # standalone\n\
            12. B: mark d5 d6\n\
            3. interchange c3 e5 f6\n\
            x e6 $14 ?!\n\
            pass { after } (\n\
            \x20 resign\n\
            \x20 draw (\n\
            \x20   mark e4 # deep\n\
            \x20   # alone\n\
            \x20   a1-a2\n\
            \x20 )\n\
            ) # last\n\
            assert position \"1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark\"\n\
            assert to-move Y\n\
            assert men B 4 Y 5\n\
            assert winner draw\n\
            assert illegal 4. Y: a7-b6 { nope }\n\
            \n\
            [Event \"second\"]\n\
            \n\
            mark d5 ( mark d4; mark d6 { c } ) ( pass )\n";
        assert_eq!(check(RICH), want);
    }

    #[test]
    fn comments_after_the_last_tag_stay_on_its_line() {
        let src = "[A \"1\"]\n[B \"2\"] {x} # y\n\n# body\npass\n";
        assert_eq!(
            check(src),
            "[A \"1\"]\n[B \"2\"] { x } # y\n\n# body\npass\n"
        );
    }

    #[test]
    fn idempotent_and_meaning_preserving() {
        for src in [
            "",
            "\n\n",
            "# only\n{ comments }\n",
            RICH,
            "[A \"\"]\n",
            "[A \"x\"]\n# then only a comment\n",
            "pass\n\n\n[A \"1\"]\n\n# c\n[B \"2\"]\npass\n\n# between\n[C \"3\"]\nresign # r\n# end\n",
            "{}  {   } a7-b6 #\n#\n",
            "a7-b6 (c3-c4 (d4-d5 (e4-e5 {x}) ! ) $3) (\n\n) ()\n",
            "a7-b6 (\n  {standalone}\n  c3-c4\n)\n",
            "a7-b6 ( c3-c4 {multi\nline} ; d4-d5 )\n",
            "mark d5 { a\n\n\n  b }\n{\n\n x \n\n}\n",
            "[E \"a\\\\b\\\"c\"] {t}\n\n{ lead } pass\n",
        ] {
            check(src);
        }
    }

    #[test]
    fn empty_file() {
        assert_eq!(fmt(""), "");
        assert_eq!(fmt("# c"), "# c\n");
    }
}
