//! Text laid out for the terminal: paragraphs wrapped between words at a width, never
//! inside a `` `quoted` `` or `"quoted"` run (so a position string or an example in a
//! help line stays whole).

/// The width used when the terminal's is unknown (piped output).
pub const DEFAULT_WIDTH: usize = 100;

/// The narrowest width text is wrapped at, however narrow the terminal.
pub const MIN_WIDTH: usize = 30;

/// `text` wrapped at `width` columns. Each line is wrapped on its own; a wrapped line's
/// continuation is indented like the line's first word (so list items stay aligned).
/// Words are never split: a word (or quoted run) longer than the width stands alone on
/// its line.
pub fn wrap(text: &str, width: usize) -> String {
    let width = width.max(MIN_WIDTH);
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        wrap_line(&mut out, line, width);
    }
    out
}

/// `head` then `items` separated by `sep`, wrapped at `width`: an item is never split,
/// and continuation lines are indented under the first item.
pub fn flow(head: &str, items: &[String], sep: &str, width: usize) -> String {
    let width = width.max(MIN_WIDTH);
    let mut out = String::from(head);
    let indent = " ".repeat(cols(head));
    let mut col = cols(head);
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item}{}", sep.trim_end())
        } else {
            item.clone()
        };
        let w = cols(&piece);
        if i > 0 {
            if col + 1 + w > width {
                out.push('\n');
                out.push_str(&indent);
                col = cols(&indent);
            } else {
                out.push(' ');
                col += 1;
            }
        }
        out.push_str(&piece);
        col += w;
    }
    out
}

/// A space that no wrapping breaks at (U+00A0), put inside quoted runs before miette
/// wraps a diagnostic and turned back into a plain space afterwards.
pub const KEEP: char = '\u{a0}';

/// `s` with the spaces inside `` `…` `` and `"…"` runs made [`KEEP`], so that a
/// position string or an example in a diagnostic is never split across lines.
pub fn keep_quotes_whole(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut tick = false;
    let mut quote = false;
    for c in s.chars() {
        match c {
            '`' if !quote => tick = !tick,
            '"' if !tick => quote = !quote,
            ' ' if tick || quote => {
                out.push(KEEP);
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

/// The number of columns `s` takes (one per character: the REPL writes no wide ones).
fn cols(s: &str) -> usize {
    s.chars().count()
}

/// Wraps one line (no `\n` in it) onto `out`.
fn wrap_line(out: &mut String, line: &str, width: usize) {
    if cols(line) <= width {
        out.push_str(line);
        return;
    }
    let indent_len = line.len() - line.trim_start().len();
    // A `label  text` line (as in `:help`'s list) continues under its text.
    let body = &line[indent_len..];
    let hang = body
        .find("  ")
        .filter(|&i| i > 0 && indent_len + i + 2 < width / 2)
        .map(|i| {
            let rest = &body[i..];
            indent_len + i + (rest.len() - rest.trim_start().len())
        })
        .unwrap_or(indent_len);
    let (head, body) = line.split_at(hang);
    let cont = " ".repeat(cols(head));
    out.push_str(head);
    let mut col = cols(head);
    let mut first = true;
    for word in words(body) {
        let w = cols(word);
        if !first && col + 1 + w > width {
            out.push('\n');
            out.push_str(&cont);
            col = cols(&cont);
            first = true;
        }
        if !first {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += w;
        first = false;
    }
}

/// The words of `s`: runs between spaces, where a space inside backticks or double
/// quotes does not count (runs of spaces collapse).
fn words(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut tick = false;
    let mut quote = false;
    for (i, c) in s.char_indices() {
        match c {
            '`' if !quote => tick = !tick,
            '"' if !tick => quote = !quote,
            _ => {}
        }
        if c == ' ' && !tick && !quote {
            if let Some(st) = start.take() {
                out.push(&s[st..i]);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push(&s[st..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_between_words_and_keeps_quotes_whole() {
        let text = "Starts a new game from a position string, e.g. \
                    `:setup \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"`. The actions played";
        let out = wrap(text, 40);
        for line in out.lines() {
            assert!(
                cols(line) <= 40 || line.contains("8/1YYYY3"),
                "{line:?} in {out}"
            );
        }
        assert!(
            out.contains("`:setup \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"`."),
            "{out}"
        );
        assert_eq!(
            out.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
    }

    #[test]
    fn short_lines_are_left_alone_and_lists_hang() {
        assert_eq!(wrap("a  b", 40), "a  b");
        let out = wrap(
            "  :undo [n]   take back the last action (or the last n) and more words",
            40,
        );
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() > 1, "{out}");
        let at = lines[0].find("take").expect("the summary");
        assert_eq!(&lines[1][..at], " ".repeat(at), "{out}");
        assert!(lines[1][at..].starts_with(|c: char| c != ' '), "{out}");
    }
}
