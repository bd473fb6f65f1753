//! lanrick: the reference software for Lewis Carroll's game Lanrick (1893 rules).
//!
//! - [`engine`]: the rules — positions, Rendezvous, turns, outcomes, games.
//! - [`syntax`]: text to syntax tree (the notation, with spans).
//! - [`fmt`]: syntax tree to canonical text.

#![warn(missing_docs)]

pub mod cli;
pub mod engine;
pub mod fmt;
pub mod syntax;
