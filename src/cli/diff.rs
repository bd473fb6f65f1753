//! Why a file is not canonical (`fmt --check`): the first line that differs from the
//! canonical text, or a unified diff (`fmt --check --diff`).

/// Lines of context around each change in a unified diff.
const CONTEXT: usize = 3;

/// Above this many cells (lines of the changed part of the file × lines of the changed
/// part of the canonical text) the changed part is shown as removed and added whole
/// rather than line by line, so that a large file never costs quadratic memory.
const MAX_CELLS: usize = 4_000_000;

use crate::term::visible::{cut_around, visible, visible_line};

/// The lines of `text`, each with its line end.
fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// A line longer than this many bytes is shown in part, around where it differs.
const LONG_LINE: usize = 200;

/// How many bytes of a long line are shown either side of where it differs.
const MARGIN: usize = 60;

/// The byte where `a` and `b` first differ (on a character boundary of both).
fn differs_at(a: &str, b: &str) -> usize {
    let mut at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    while !a.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A line's text as shown: cut down around byte `at` when it is long (marked `…`),
/// control characters in visible form.
fn cut(body: &str, at: usize) -> String {
    visible(&cut_around(body, at, MARGIN, LONG_LINE)).into_owned()
}

/// A line for a message: between backticks (so that blanks at its end show), without
/// its line end, `(CRLF)` after it when it ends so, and a byte order mark named. A long
/// line is cut down around byte `at`, where it differs.
fn shown(line: Option<&str>, at: usize) -> String {
    let Some(l) = line else {
        return "(the end of the text)".to_owned();
    };
    let (body, crlf) = match l.strip_suffix("\r\n") {
        Some(body) => (body, " (CRLF)"),
        None => (l.strip_suffix('\n').unwrap_or(l), ""),
    };
    let (bom, body, at) = match body.strip_prefix('\u{feff}') {
        Some(rest) => ("(byte order mark) ", rest, at.saturating_sub(3)),
        None => ("", body, at),
    };
    format!("{bom}`{}`{crlf}", cut(body, at))
}

/// `NAME:LINE: not canonical` and the first line that differs as found and as it
/// should be, or `None` when the texts are equal. Long lines are shown around where
/// they differ; the name and lines show control characters in visible form.
pub fn first_difference(name: &str, found: &str, canonical: &str) -> Option<String> {
    if found == canonical {
        return None;
    }
    let (a, b) = (lines(found), lines(canonical));
    let at = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (x, y) = (a.get(at).copied(), b.get(at).copied());
    let col = differs_at(x.unwrap_or(""), y.unwrap_or(""));
    Some(format!(
        "{}:{}: not canonical\n  found:     {}\n  canonical: {}\n",
        visible_line(name),
        at + 1,
        shown(x, col),
        shown(y, col)
    ))
}

/// One step of the edit from the file to the canonical text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    /// The line is in both.
    Same,
    /// The file's line is removed.
    Del,
    /// The canonical line is added.
    Ins,
}

/// The shortest edit (by longest common subsequence) from `a` to `b`, which share no
/// first or last line (the caller has set those apart).
fn edit(a: &[&str], b: &[&str]) -> Vec<Op> {
    let (n, m) = (a.len(), b.len());
    if n.saturating_mul(m) > MAX_CELLS || n == 0 || m == 0 {
        let mut ops = vec![Op::Del; n];
        ops.extend(std::iter::repeat_n(Op::Ins, m));
        return ops;
    }
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let width = m + 1;
    let mut lcs = vec![0u32; (n + 1) * width];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i * width + j] = if a[i] == b[j] {
                lcs[(i + 1) * width + j + 1] + 1
            } else {
                lcs[(i + 1) * width + j].max(lcs[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut ops = Vec::with_capacity(n + m);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.push(Op::Same);
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
            ops.push(Op::Del);
            i += 1;
        } else {
            ops.push(Op::Ins);
            j += 1;
        }
    }
    ops
}

/// A unified diff from the file `found` to its `canonical` text, with three lines of
/// context, or `None` when they are equal. The headers name the file twice, as
/// `a/NAME` and `b/NAME` (the canonical form).
pub fn unified(name: &str, found: &str, canonical: &str) -> Option<String> {
    if found == canonical {
        return None;
    }
    let (a, b) = (lines(found), lines(canonical));
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let mut ops = vec![Op::Same; prefix];
    ops.extend(edit(
        &a[prefix..a.len() - suffix],
        &b[prefix..b.len() - suffix],
    ));
    ops.extend(std::iter::repeat_n(Op::Same, suffix));
    // Where each op stands in `a` and in `b`.
    let mut at = Vec::with_capacity(ops.len() + 1);
    let (mut i, mut j) = (0usize, 0usize);
    for op in &ops {
        at.push((i, j));
        match op {
            Op::Same => {
                i += 1;
                j += 1;
            }
            Op::Del => i += 1,
            Op::Ins => j += 1,
        }
    }
    at.push((i, j));
    // Where each removed or added line differs from its counterpart (the line added
    // or removed at the same place of its run of changes), for cutting long lines.
    let mut differs = vec![0usize; ops.len()];
    let mut k = 0;
    while k < ops.len() {
        if ops[k] == Op::Same {
            k += 1;
            continue;
        }
        let run_end = (k..ops.len())
            .find(|&x| ops[x] == Op::Same)
            .unwrap_or(ops.len());
        let dels: Vec<usize> = (k..run_end).filter(|&x| ops[x] == Op::Del).collect();
        let inss: Vec<usize> = (k..run_end).filter(|&x| ops[x] == Op::Ins).collect();
        for (&d, &i) in dels.iter().zip(&inss) {
            let col = differs_at(a[at[d].0], b[at[i].1]);
            differs[d] = col;
            differs[i] = col;
        }
        k = run_end;
    }
    let name = visible_line(name);
    let mut out = format!("--- a/{name}\n+++ b/{name}\n");
    let changes: Vec<usize> = (0..ops.len()).filter(|&k| ops[k] != Op::Same).collect();
    let mut k = 0;
    while k < changes.len() {
        // A hunk: changes closer than twice the context go together.
        let first = changes[k];
        let mut last = first;
        while k + 1 < changes.len() && changes[k + 1] - last <= 2 * CONTEXT + 1 {
            k += 1;
            last = changes[k];
        }
        k += 1;
        let start = first.saturating_sub(CONTEXT);
        let end = (last + 1 + CONTEXT).min(ops.len());
        let (a0, b0) = at[start];
        let (a1, b1) = at[end];
        let range = |from: usize, to: usize| {
            let count = to - from;
            let line = if count == 0 { from } else { from + 1 };
            format!("{line},{count}")
        };
        out.push_str(&format!("@@ -{} +{} @@\n", range(a0, a1), range(b0, b1)));
        for (n, (op, &(i, j))) in ops[start..end].iter().zip(&at[start..end]).enumerate() {
            let (mark, line) = match op {
                Op::Same => (' ', a[i]),
                Op::Del => ('-', a[i]),
                Op::Ins => ('+', b[j]),
            };
            out.push(mark);
            let body = line.strip_suffix('\n').unwrap_or(line);
            let body = body.strip_suffix('\r').unwrap_or(body);
            out.push_str(&cut(body, differs[start + n]));
            out.push_str(&line[body.len()..]);
            if !line.ends_with('\n') {
                out.push_str("\n\\ No newline at end of file\n");
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_have_no_difference() {
        assert_eq!(first_difference("f", "a\n", "a\n"), None);
        assert_eq!(unified("f", "a\n", "a\n"), None);
    }

    #[test]
    fn the_first_difference_names_its_line() {
        let d = first_difference("f", "a\nb  c\nd\n", "a\nb c\nd\n").unwrap();
        assert_eq!(
            d,
            "f:2: not canonical\n  found:     `b  c`\n  canonical: `b c`\n"
        );
        let d = first_difference("f", "a\r\n", "a\n").unwrap();
        assert!(d.contains("found:     `a` (CRLF)"), "{d}");
        let d = first_difference("f", "\u{feff}a \n", "a\n").unwrap();
        assert!(d.contains("found:     (byte order mark) `a `"), "{d}");
        let d = first_difference("f", "a\n", "a\n\nb\n").unwrap();
        assert!(
            d.contains("f:2:") && d.contains("(the end of the text)"),
            "{d}"
        );
    }

    #[test]
    fn a_unified_diff_with_context_and_separate_hunks() {
        let old: String = (1..=20).map(|i| format!("{i}\n")).collect();
        let new: String = (1..=20)
            .filter(|&i| i != 18)
            .map(|i| match i {
                2 => "two\n".to_owned(),
                i => format!("{i}\n"),
            })
            .collect();
        let d = unified("g.lanrick", &old, &new).unwrap();
        assert_eq!(
            d,
            "--- a/g.lanrick\n+++ b/g.lanrick\n\
             @@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n\
             @@ -15,6 +15,5 @@\n 15\n 16\n 17\n-18\n 19\n 20\n"
        );
    }

    #[test]
    fn a_missing_last_newline_is_said() {
        let d = unified("f", "a", "a\n").unwrap();
        assert_eq!(
            d,
            "--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+a\n"
        );
        let d = unified("f", "", "a\n").unwrap();
        assert_eq!(d, "--- a/f\n+++ b/f\n@@ -0,0 +1,1 @@\n+a\n");
    }
}
