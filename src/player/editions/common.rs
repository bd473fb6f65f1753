//! The common play, for 1893 with its options and for 1880: the race evaluation
//! (`player/eval.rs`) and every provided method of [`Strategy`].

use super::Strategy;

/// The strategy of 1893 (with its options) and 1880.
pub(crate) struct Common;

impl Strategy for Common {}
