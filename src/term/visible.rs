//! User text made safe to echo to a terminal: every character that a terminal obeys
//! rather than shows (C0 and C1 controls such as ESC, BEL, NUL and a CR alone, DEL),
//! that reorders what is shown (bidi controls such as U+202E) or that breaks a line
//! unseen (U+2028, U+2029) is written as its code the way Rust writes it, `\u{1b}`.
//! Tab and line feed are kept, and a CR before a line feed where a text keeps its line
//! ends. Long lines are cut with `…`.
//!
//! The human report, `fmt --check`, GitHub annotations and the REPL show user text
//! through these functions; JSON keeps it raw (serde_json escapes it) and JUnit has its
//! own escaping ([`super::report::xml_escape`], which uses the same visible form).

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` is shown as its code rather than written raw: a control character other
/// than tab and line feed, a bidi control, or a line or paragraph separator.
pub fn is_hidden(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(
            c,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// The visible form of `c`: `\u{1b}`.
pub fn code(c: char) -> String {
    format!("\\u{{{:x}}}", c as u32)
}

/// `text` with every hidden character written as its code (a CR too, even before a
/// line feed: in a message a CR is never a line end). Borrowed when there is none.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_hidden(c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// [`visible`] for text that must stay on one line (a file or game name): a line feed
/// and a tab are written as codes too.
pub fn visible_line(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| is_hidden(c) || c == '\n' || c == '\t') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_hidden(c) || c == '\n' || c == '\t' {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Source text shown in a diagnostic: hidden characters written as codes, line ends
/// (LF, CRLF) kept, with the map from offsets in the text to offsets in the shown text.
#[derive(Debug)]
pub struct Shown<'a> {
    /// The shown text.
    pub text: Cow<'a, str>,
    /// For each character written as a code: its offset in the original text and the
    /// bytes the shown text has gained up to and including it.
    shifts: Vec<(usize, usize)>,
}

impl<'a> Shown<'a> {
    /// The shown form of `text`.
    pub fn of(text: &'a str) -> Shown<'a> {
        let hidden_at = |i: usize, c: char| {
            is_hidden(c) && !(c == '\r' && text.as_bytes().get(i + 1) == Some(&b'\n'))
        };
        if !text.char_indices().any(|(i, c)| hidden_at(i, c)) {
            return Shown {
                text: Cow::Borrowed(text),
                shifts: Vec::new(),
            };
        }
        let mut out = String::with_capacity(text.len() + 16);
        let mut shifts = Vec::new();
        let mut gained = 0;
        for (i, c) in text.char_indices() {
            if hidden_at(i, c) {
                let before = out.len();
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
                gained += out.len() - before - c.len_utf8();
                shifts.push((i, gained));
            } else {
                out.push(c);
            }
        }
        Shown {
            text: Cow::Owned(out),
            shifts,
        }
    }

    /// The offset in the shown text of `offset` in the original: a character written
    /// as a code starts where its code starts and ends where its code ends.
    pub fn map(&self, offset: usize) -> usize {
        // The characters written as codes that start before `offset`.
        let n = self.shifts.partition_point(|&(at, _)| at < offset);
        match n.checked_sub(1) {
            Some(k) => offset + self.shifts[k].1,
            None => offset,
        }
    }
}

/// Text for a terminal: like [`visible`] line by line, except that with `color` an ESC
/// that starts a colour sequence (`ESC [ digits ; … m`, which lanrick writes itself)
/// is kept, and a CR before a line feed is kept. A backstop for output assembled from
/// many pieces (the REPL's answers); diagnostics are made visible where they are built.
pub fn for_terminal(text: &str, color: bool) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    // The end of the colour sequence starting at `i`, if one does.
    let sgr_end = |i: usize| -> Option<usize> {
        if !color || bytes.get(i + 1) != Some(&b'[') {
            return None;
        }
        let mut j = i + 2;
        while bytes
            .get(j)
            .is_some_and(|b| b.is_ascii_digit() || *b == b';')
        {
            j += 1;
        }
        (bytes.get(j) == Some(&b'm')).then_some(j + 1)
    };
    let needs = |i: usize, c: char| {
        is_hidden(c)
            && !(c == '\r' && bytes.get(i + 1) == Some(&b'\n'))
            && !(c == '\x1b' && sgr_end(i).is_some())
    };
    if !text.char_indices().any(|(i, c)| needs(i, c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (i, c) in text.char_indices() {
        if needs(i, c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `line` cut down to about `2 * margin` bytes around byte `at`, each cut marked `…`
/// (on character boundaries), or whole when it is no longer than `max` bytes.
pub fn cut_around(line: &str, at: usize, margin: usize, max: usize) -> Cow<'_, str> {
    if line.len() <= max {
        return Cow::Borrowed(line);
    }
    let at = at.min(line.len());
    let mut from = at.saturating_sub(margin);
    while !line.is_char_boundary(from) {
        from -= 1;
    }
    let mut to = (at + margin).min(line.len());
    while !line.is_char_boundary(to) {
        to += 1;
    }
    let lead = if from > 0 { "… " } else { "" };
    let tail = if to < line.len() { " …" } else { "" };
    Cow::Owned(format!("{lead}{}{tail}", &line[from..to]))
}

/// `text` with every line longer than `max` characters cut after `max` of them and
/// marked ` … (N more characters)`; with `color`, a colour reset follows a cut line
/// (its colour may have been cut off).
pub fn cut_lines(text: &str, max: usize, color: bool) -> Cow<'_, str> {
    if !text
        .split('\n')
        .any(|l| l.len() > max && l.chars().nth(max).is_some())
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().min(16 * max));
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match line.char_indices().nth(max) {
            Some((at, _)) => {
                let more = line[at..].chars().count();
                let _ = write!(out, "{} … ({more} more characters)", &line[..at]);
                if color {
                    out.push_str("\x1b[0m");
                }
            }
            None => out.push_str(line),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_characters_are_written_as_codes() {
        assert_eq!(visible("a\x1b[2Jb\x07\0"), "a\\u{1b}[2Jb\\u{7}\\u{0}");
        assert_eq!(
            visible("x\u{202e}y\u{9b}z\u{7f}"),
            "x\\u{202e}y\\u{9b}z\\u{7f}"
        );
        assert_eq!(visible("tab\tand\nline é"), "tab\tand\nline é");
        assert!(matches!(visible("plain"), Cow::Borrowed(_)));
        assert_eq!(visible("a\r\n"), "a\\u{d}\n");
        assert_eq!(visible_line("a\nb\tc"), "a\\u{a}b\\u{9}c");
    }

    #[test]
    fn shown_source_keeps_line_ends_and_maps_offsets() {
        let s = Shown::of("a\x1bb\r\nc\rd");
        assert_eq!(s.text, "a\\u{1b}b\r\nc\\u{d}d");
        assert_eq!(s.map(0), 0);
        assert_eq!(s.map(1), 1); // the ESC starts where its code starts
        assert_eq!(s.map(2), 7); // `b`
        assert_eq!(s.map(3), 8); // the CR of CRLF is kept
        assert_eq!(s.map(6), 11); // the lone CR
        assert_eq!(s.map(7), 16); // `d`
        assert_eq!(s.map(8), 17); // the end
        let plain = Shown::of("abc");
        assert!(matches!(plain.text, Cow::Borrowed(_)));
        assert_eq!(plain.map(2), 2);
    }

    #[test]
    fn the_terminal_backstop_keeps_colour_only_when_asked() {
        let t = "\x1b[1;31mred\x1b[0m \x1b]0;title\x07";
        assert_eq!(
            for_terminal(t, true),
            "\x1b[1;31mred\x1b[0m \\u{1b}]0;title\\u{7}"
        );
        assert_eq!(
            for_terminal(t, false),
            "\\u{1b}[1;31mred\\u{1b}[0m \\u{1b}]0;title\\u{7}"
        );
        assert_eq!(for_terminal("a\r\nb\rc", false), "a\r\nb\\u{d}c");
    }

    #[test]
    fn long_lines_are_cut_with_a_count() {
        assert_eq!(
            cut_lines("short\nabcdefgh\n", 5, false),
            "short\nabcde … (3 more characters)\n"
        );
        assert!(matches!(
            cut_lines("short\nline", 5, false),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn long_lines_are_cut_around_a_place() {
        let line = "x".repeat(100) + "Y" + &"z".repeat(100);
        assert_eq!(cut_around(&line, 100, 3, 150), "… xxxYzz …");
        assert_eq!(cut_around("short", 2, 1, 150), "short");
        assert_eq!(cut_around(&("é".repeat(200)), 1, 2, 10), "éé …");
    }
}
