//! The pest parser generated from `grammar/lanrick.pest` (included at compile time).

#![allow(missing_docs)]

use pest_derive::Parser;

/// The parser for the Lanrick notation; its rules are documented in the grammar.
#[derive(Parser)]
#[grammar = "../grammar/lanrick.pest"]
pub(crate) struct LanrickParser;
