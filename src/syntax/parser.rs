//! The pest parser generated from `grammar/lanrick.pest` (included at compile time).
//!
//! pest is built without its `std` feature, which also removes its stack probe on
//! every rule call (17 % of parsing). The grammar recurses only through `variation`,
//! and `super::scan` rejects nesting deeper than `MAX_NESTING` before pest runs, so
//! the stack stays bounded without it.

#![allow(missing_docs)]

use pest_derive::Parser;

/// The parser for the Lanrick notation; its rules are documented in the grammar.
#[derive(Parser)]
#[grammar = "../grammar/lanrick.pest"]
pub(crate) struct LanrickParser;
