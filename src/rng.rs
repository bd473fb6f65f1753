//! The seeded generator, kept at its old path: it lives in the engine
//! (`engine::chance`) beside the one throw of the die that draws from it.

pub use crate::engine::chance::Rng;
