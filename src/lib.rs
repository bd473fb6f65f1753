//! lanrick: the reference software for Lewis Carroll's game Lanrick (the 1893 rules with their
//! options, the December 1880 rules and the February/March 1879 rules).
//!
//! - [`engine`]: the rules — positions, Rendezvous, turns, outcomes, games.
//! - [`prover`]: proves puzzles (`lanrick solve`, `check`): an exact AND/OR search.
//! - [`syntax`]: the notation's text to a syntax tree with spans.
//! - [`interp`]: syntax trees applied to the engine, with diagnostics.
//! - [`fmt`]: syntax trees back to canonical text.
//! - [`render`]: SVG diagrams and the HTML replay page.
//! - [`selfplay`]: random, finish-biased legal games for tests and benchmarks.

#![warn(missing_docs)]
// Problems are rich diagnostics returned on the cold path; boxing them buys nothing.
#![allow(clippy::result_large_err)]

// pest is built without `std` (see `syntax::parser`); its generated code names `alloc`.
extern crate alloc;

// The edges (`cli`, `repl`, `term`) are not the library's API: they are the `lanrick`
// binary's. `cli` stays `pub` because the binary (`src/main.rs`, a crate of its own)
// calls `cli::run`, and the integration tests and fuzz targets reach the reports and
// the writer through it (`cli::report`, `cli::stream`, `cli::write_atomically*`,
// `cli::pictures::step_svg`); `repl` because the integration tests drive
// `repl::session::Session` without a terminal; `lsp` (`lanrick lsp`) because its
// benchmark drives it; `serve` (`lanrick serve`) because its integration tests start it
// and drive its request handler. All are hidden from the documentation.
#[doc(hidden)]
pub mod cli;
pub mod engine;
pub mod fmt;
pub mod interp;
#[doc(hidden)]
pub mod lsp;
pub mod player;
pub mod prover;
pub mod render;
#[doc(hidden)]
pub mod repl;
pub mod rng;
pub mod selfplay;
#[doc(hidden)]
pub mod serve;
pub mod session;
pub mod syntax;
pub(crate) mod term;
