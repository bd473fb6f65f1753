//! Text to syntax tree: the only module that knows pest. It reads the notation defined
//! by `grammar/lanrick.pest` and lowers it into the [`ast`], spans on every node.
//! It never checks legality.

pub mod ast;

// TEMPORARY interface while the grammar lands on its branch; replaced on merge.
use ast::{File, Goal, Item, Span};

/// A malformed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where.
    pub span: Span,
    /// Message.
    pub message: String,
}
impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}
impl std::error::Error for SyntaxError {}
impl SyntaxError {
    /// Code suffix.
    pub fn code(&self) -> &'static str {
        "expected"
    }
}
/// Parses a file.
pub fn parse_file(_src: &str) -> Result<File, SyntaxError> {
    Err(SyntaxError { span: Span::new(0, 0), message: "grammar not merged".into() })
}
/// Parses a line.
pub fn parse_line(_src: &str) -> Result<Vec<Item>, SyntaxError> {
    Err(SyntaxError { span: Span::new(0, 0), message: "grammar not merged".into() })
}
/// Parses a goal.
pub fn parse_goal(_src: &str) -> Result<Goal, SyntaxError> {
    Err(SyntaxError { span: Span::new(0, 0), message: "grammar not merged".into() })
}
