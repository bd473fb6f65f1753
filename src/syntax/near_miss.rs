//! "Did you mean": near misses of the notation (`A7-B6`, `a7b6`, `a7 - b6`, `a7xb6`,
//! `Yellow` for `Y`) put right, for the help line of a syntax error. Nothing here
//! changes what the grammar accepts: a suggestion is only made when the text put right
//! parses.

use super::parser::{LanrickParser, Rule};
use pest::Parser as _;

/// The help line for a syntax error at `at` in `src`, parsed with `rule`: a "did you
/// mean" when the text where the error stands is a near miss that parses once put
/// right. For a line or file, that text runs from the last `;` or line start before
/// the error to the next `;`, comment, parenthesis or line end; for a goal, it is the
/// whole value.
pub(super) fn help(src: &str, at: usize, rule: Rule) -> Option<String> {
    let (segment, check) = if rule == Rule::goal {
        (src.trim(), Rule::goal)
    } else {
        let at = at.min(src.len());
        let head = src.get(..at)?;
        let start = head.rfind(['\n', ';']).map_or(0, |i| i + 1);
        let end = src
            .get(at..)?
            .find(['\n', ';', '{', '#', '(', ')'])
            .map_or(src.len(), |i| at + i);
        (src.get(start..end)?.trim(), Rule::line_input)
    };
    let fixed = near_miss(segment)?;
    LanrickParser::parse(check, &fixed).ok()?;
    Some(format!("did you mean `{fixed}`?{}", why(segment)))
}

/// The reason a near miss is wrong, for the help line.
fn why(segment: &str) -> &'static str {
    if segment.split_whitespace().any(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphabetic());
        ["yellow", "black", "white"]
            .iter()
            .any(|n| w.eq_ignore_ascii_case(n))
    }) {
        " Sides are written `B` and `Y`."
    } else if segment
        .as_bytes()
        .windows(2)
        .any(|w| (b'A'..=b'H').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
    {
        " Squares are written in lower case."
    } else {
        " A man's move is written `from-to` with no spaces; a take is `x e6`, after the \
         moves."
    }
}

/// `text` with the near misses of the notation put right: side names for `B`/`Y`,
/// capital squares, spaces round a move's `-`, and moves written `a7b6`, `a7xb6` or
/// `a7:b6`; `None` when nothing changed.
pub fn near_miss(text: &str) -> Option<String> {
    fn is_square(c: &[char], i: usize) -> bool {
        i + 1 < c.len() && ('a'..='h').contains(&c[i]) && ('1'..='8').contains(&c[i + 1])
    }
    // Whole words naming a side.
    let mut words = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let lower = word.to_ascii_lowercase();
        out.push_str(match lower.as_str() {
            "yellow" | "white" => "Y",
            "black" => "B",
            _ => word.as_str(),
        });
        word.clear();
    };
    for ch in text.chars() {
        if ch.is_alphanumeric() {
            word.push(ch);
        } else {
            flush(&mut word, &mut words);
            words.push(ch);
        }
    }
    flush(&mut word, &mut words);
    let mut c: Vec<char> = words.chars().collect();
    // Capital squares, when not part of a longer word.
    for i in 0..c.len().saturating_sub(1) {
        let alone = i == 0 || !c[i - 1].is_alphanumeric();
        let next = c.get(i + 2).copied();
        let ends =
            next.is_none_or(|n| !n.is_ascii_digit() && (!n.is_ascii_lowercase() || n == 'x'));
        if alone && ('A'..='H').contains(&c[i]) && ('1'..='8').contains(&c[i + 1]) && ends {
            c[i] = c[i].to_ascii_lowercase();
        }
    }
    // Moves: `a7 - b6`, `a7–b6`, `a7b6`, `a7xb6`, `a7:b6`.
    let mut out: Vec<char> = Vec::with_capacity(c.len());
    let mut i = 0;
    while i < c.len() {
        if is_square(&c, i) && (i == 0 || !c[i - 1].is_alphanumeric()) {
            let mut j = i + 2;
            while c.get(j) == Some(&' ') {
                j += 1;
            }
            let mut k = j;
            let fix = match c.get(j) {
                Some('-' | '–' | '—') => {
                    k += 1;
                    while c.get(k) == Some(&' ') {
                        k += 1;
                    }
                    k > j + 1 || j > i + 2 || c[j] != '-'
                }
                Some('x' | 'X' | ':') if j == i + 2 => {
                    k += 1;
                    k == j + 1
                }
                _ => j == i + 2,
            };
            if fix && is_square(&c, k) && c.get(k + 2).is_none_or(|n| !n.is_alphanumeric()) {
                out.extend([c[i], c[i + 1], '-', c[k], c[k + 1]]);
                i = k + 2;
                continue;
            }
        }
        out.push(c[i]);
        i += 1;
    }
    let fixed: String = out.into_iter().collect();
    (fixed != text).then_some(fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_are_put_right() {
        for (typed, fixed) in [
            ("A7-B6", "a7-b6"),
            ("a7b6", "a7-b6"),
            ("a7 - b6", "a7-b6"),
            ("a7 -b6", "a7-b6"),
            ("a7xb6", "a7-b6"),
            ("a7:b6", "a7-b6"),
            ("a7–b6 h5-h4", "a7-b6 h5-h4"),
            ("1. Y: A7-B6 H5-H4", "1. Y: a7-b6 h5-h4"),
            ("Yellow wins rendezvous in 1", "Y wins rendezvous in 1"),
            ("assert to-move black", "assert to-move B"),
        ] {
            assert_eq!(near_miss(typed).as_deref(), Some(fixed), "{typed}");
        }
    }

    #[test]
    fn the_notation_itself_is_left_alone() {
        for ok in [
            "a7-b6",
            "a7-b6 x e6",
            "c6-d5 d7-c6 e7-d7 x e6",
            "mark d5 d6",
            "interchange c3 e5",
            "assert men B 4 Y 5",
            "Y: mark d5",
            "B wins game in 3",
        ] {
            assert_eq!(near_miss(ok), None, "{ok}");
        }
    }

    #[test]
    fn odd_text_never_panics() {
        for text in [
            "",
            "a",
            "A",
            "a7",
            "a7-",
            "a7 -",
            "é7xé6",
            "a7\u{a0}b6",
            "ÿA7",
            "a7b",
            "Z9z9",
        ] {
            let _ = near_miss(text);
            let _ = crate::syntax::parse_line(text);
            for at in 0..=text.len() + 1 {
                let _ = help(text, at, Rule::line_input);
                let _ = help(text, at, Rule::goal);
            }
        }
    }

    #[test]
    fn the_help_names_the_put_right_text() {
        let e = crate::syntax::parse_line("a7-b6; A7-B6").expect_err("capital squares");
        assert_eq!(
            e.help.as_deref(),
            Some("did you mean `a7-b6`? Squares are written in lower case.")
        );
        let e = crate::syntax::parse_goal("Yellow wins rendezvous in 1").expect_err("a name");
        assert!(
            e.help
                .is_some_and(|h| h.starts_with("did you mean `Y wins rendezvous in 1`?"))
        );
        // Nothing to suggest: no help.
        let e = crate::syntax::parse_line("@@").expect_err("nonsense");
        assert_eq!(e.help, None);
    }
}
