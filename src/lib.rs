//! lanrick: the reference software for Lewis Carroll's game Lanrick (1893 rules).
//!
//! - [`engine`]: the rules — positions, Rendezvous, turns, outcomes, games.
//! - [`selfplay`]: random, finish-biased legal games for tests and benchmarks.

#![warn(missing_docs)]

pub mod cli;
pub mod engine;
pub mod selfplay;
pub mod syntax;
