//! Byte offsets (the spans of the syntax tree and of every diagnostic) to LSP positions
//! and back. LSP counts lines split at `\n`, `\r\n` or a lone `\r`, and columns in UTF-16
//! code units; an offset inside a character or a line break, or past the end, is moved
//! back to the nearest place a cursor can be; a position past the end of its line or of
//! the text is moved to that end.

use lsp_types::{Position, Range};

/// Where each line of a text starts, to convert offsets and positions in `O(log n)`.
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    /// The byte offset of each line's start (the first is 0).
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `text`'s lines.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        if text.contains('\r') {
            let bytes = text.as_bytes();
            for (i, &b) in bytes.iter().enumerate() {
                if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                    starts.push(i + 1);
                }
            }
        } else {
            // No `\r`: the line breaks are the `\n`s, found by the fast search.
            starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        }
        LineIndex { starts }
    }

    /// The number of lines (a text ending in a line break has an empty last line).
    pub fn lines(&self) -> usize {
        self.starts.len()
    }

    /// The byte range of line `line`'s text, without its line break.
    fn line_range(&self, text: &str, line: usize) -> (usize, usize) {
        let start = self.starts.get(line).copied().unwrap_or(text.len());
        let mut end = self.starts.get(line + 1).copied().unwrap_or(text.len());
        let bytes = text.as_bytes();
        if end > start && bytes.get(end - 1) == Some(&b'\n') {
            end -= 1;
        }
        if end > start && bytes.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        (start, end)
    }

    /// The LSP position of byte `offset` of `text`.
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = offset.min(text.len());
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let (start, end) = self.line_range(text, line);
        let mut at = offset.min(end);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let column: usize = text
            .get(start..at)
            .unwrap_or("")
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(column).unwrap_or(u32::MAX),
        )
    }

    /// The LSP range of bytes `start..end` of `text`.
    pub fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(
            self.position(text, start),
            self.position(text, end.max(start)),
        )
    }

    /// The byte offset of an LSP position in `text`.
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let line = pos.line as usize;
        if line >= self.starts.len() {
            return text.len();
        }
        let (start, end) = self.line_range(text, line);
        let mut units = 0usize;
        let want = pos.character as usize;
        for (i, c) in text.get(start..end).unwrap_or("").char_indices() {
            if units + c.len_utf16() > want {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn ascii_lines_with_lf() {
        let t = "[Event \"a\"]\n\nd1-d2\n";
        let ix = LineIndex::new(t);
        assert_eq!(ix.lines(), 4);
        assert_eq!(ix.position(t, 0), pos(0, 0));
        assert_eq!(ix.position(t, 13), pos(2, 0));
        assert_eq!(ix.position(t, 15), pos(2, 2));
        assert_eq!(ix.offset(t, pos(2, 2)), 15);
        assert_eq!(ix.offset(t, pos(0, 11)), 11);
    }

    #[test]
    fn crlf_counts_one_break_and_never_lands_inside_it() {
        let t = "a1\r\nb2\r\n";
        let ix = LineIndex::new(t);
        assert_eq!(ix.lines(), 3);
        assert_eq!(ix.position(t, 4), pos(1, 0));
        // The `\r` and the `\n` are the end of line 0, not columns of it.
        assert_eq!(ix.position(t, 2), pos(0, 2));
        assert_eq!(ix.position(t, 3), pos(0, 2));
        assert_eq!(ix.offset(t, pos(0, 9)), 2);
        assert_eq!(ix.offset(t, pos(1, 1)), 5);
        // A lone `\r` breaks a line as LSP says.
        let t = "a\rb";
        let ix = LineIndex::new(t);
        assert_eq!(ix.position(t, 2), pos(1, 0));
    }

    #[test]
    fn columns_are_utf16_units() {
        // `é` is 2 bytes and 1 unit; `𝄞` is 4 bytes and 2 units (a surrogate pair).
        let t = "{é𝄞} d1-d2";
        let ix = LineIndex::new(t);
        let d1 = t.find("d1").expect("in the text");
        assert_eq!(d1, 9);
        assert_eq!(ix.position(t, d1), pos(0, 6));
        assert_eq!(ix.offset(t, pos(0, 6)), d1);
        // Inside a character: moved back to its start.
        assert_eq!(ix.position(t, 2), pos(0, 1));
        assert_eq!(ix.position(t, 5), pos(0, 2));
        // Between the two halves of the surrogate pair: the character's start.
        assert_eq!(ix.offset(t, pos(0, 3)), 3);
    }

    #[test]
    fn past_the_end_is_the_end() {
        let t = "d1-d2\nx";
        let ix = LineIndex::new(t);
        assert_eq!(ix.position(t, 1000), pos(1, 1));
        assert_eq!(ix.offset(t, pos(7, 0)), t.len());
        assert_eq!(ix.offset(t, pos(0, 99)), 5);
        let empty = LineIndex::new("");
        assert_eq!(empty.position("", 5), pos(0, 0));
        assert_eq!(empty.offset("", pos(3, 3)), 0);
    }
}
