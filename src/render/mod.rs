//! Pictures of games: SVG diagrams of positions ([`svg`]) and a self-contained HTML
//! page that replays a file ([`html`]), both built from a file's steps ([`tree`]).
//!
//! Everything here returns strings: reading and writing files is the CLI's business.
//! All text from a game file is escaped before it is written into SVG or HTML.

pub mod html;
pub mod svg;
pub mod tree;

/// `text` with the characters that mean something in XML and HTML escaped (`&`, `<`,
/// `>`, `"`, `'`), safe in element content and in quoted attribute values. A character
/// that would reorder or hide what the page shows (a bidi control such as U+202E, a
/// line separator, a C1 control) is written in the visible form the terminal reports
/// use (`\u{202e}`), so a comment cannot make a picture say what it does not.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Characters XML 1.0 forbids (controls other than tab and line ends) are
            // dropped: a comment may hold them, a picture may not.
            c if (c < ' ' && !matches!(c, '\t' | '\n' | '\r'))
                || c == '\u{fffe}'
                || c == '\u{ffff}' => {}
            c if c != '\r' && crate::term::visible::is_hidden(c) => {
                out.push_str(&crate::term::visible::code(c));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_markup_and_drops_forbidden_characters() {
        assert_eq!(
            escape("<a href=\"x\">&'\u{1}</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn bidi_controls_and_separators_are_shown_not_obeyed() {
        assert_eq!(
            escape("Anna\u{202e}kcab\u{2066}x\u{2069}\u{2028}\u{85}"),
            "Anna\\u{202e}kcab\\u{2066}x\\u{2069}\\u{2028}\\u{85}"
        );
        // Right-to-left writing itself is left alone.
        assert_eq!(escape("שלום"), "שלום");
    }
}
