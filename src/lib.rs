//! lanrick: the reference software for Lewis Carroll's game Lanrick (1893 rules).
//!
//! - [`engine`]: the rules — positions, Rendezvous, turns, outcomes, games.

#![warn(missing_docs)]

pub mod cli;
pub mod engine;
pub mod fmt;
pub mod interp;
pub mod repl;
pub mod syntax;
