//! Position strings: whatever parses must write out to a string that parses back to the
//! same position, and writing it again changes nothing.
#![no_main]

use lanrick::engine::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Position::parse(text) {
        Ok(pos) => {
            let written = pos.to_string();
            let again = match Position::parse(&written) {
                Ok(p) => p,
                Err(e) => panic!("{text:?} wrote {written:?}, which does not parse: {e}"),
            };
            assert_eq!(again, pos, "{text:?} -> {written:?}");
            assert_eq!(again.to_string(), written);
        }
        Err(e) => {
            assert!(
                e.span.start <= e.span.end && e.span.end <= text.len(),
                "{e:?}"
            );
            let _ = e.to_string();
        }
    }
});
