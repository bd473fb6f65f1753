//! The plain-file shortcut against the grammar: `parse_file` (which tries the
//! byte-level reader for plain files first) and `parse_file_with_pest` (the grammar
//! alone) must give the same tree, or the same error, for every input.
#![no_main]

use lanrick::syntax::{parse_file, parse_file_with_pest};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    assert_eq!(parse_file(src), parse_file_with_pest(src), "{src:?}");
});
