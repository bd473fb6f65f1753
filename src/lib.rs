//! lanrick: the reference software for Lewis Carroll's game Lanrick (the 1893 rules with their
//! options, the December 1880 rules and the February/March 1879 rules).
//!
//! - [`engine`]: the rules — positions, Rendezvous, turns, outcomes, games.
//! - [`prover`]: proves puzzles (`lanrick solve`, `check`): an exact AND/OR search.
//! - [`syntax`]: the notation's text to a syntax tree with spans.
//! - [`interp`]: syntax trees applied to the engine, with diagnostics.
//! - [`fmt`]: syntax trees back to canonical text.
//! - [`render`]: SVG diagrams and the HTML replay page.
//! - [`cli`]: the `lanrick` command.
//! - [`selfplay`]: random, finish-biased legal games for tests and benchmarks.

#![warn(missing_docs)]
// Problems are rich diagnostics returned on the cold path; boxing them buys nothing.
#![allow(clippy::result_large_err)]

// pest is built without `std` (see `syntax::parser`); its generated code names `alloc`.
extern crate alloc;

pub mod cli;
pub mod engine;
pub mod fmt;
pub mod interp;
pub mod player;
pub mod prover;
pub mod render;
pub mod repl;
pub mod rng;
pub mod selfplay;
pub mod session;
pub mod syntax;
pub mod term;
