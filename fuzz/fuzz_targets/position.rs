//! Position strings, read by each rule set in turn (1893, 1880, 1879, and 1893 with
//! every option): whatever parses must write out to a string that parses back to the same
//! position, and writing it again changes nothing; an error's span lies in the text.
#![no_main]

use lanrick::engine::{Position, Rules};
use libfuzzer_sys::fuzz_target;

/// The rule sets each input is read by.
const RULES: [&str; 4] = ["1893", "1880", "1879", "1893-es"];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for name in RULES {
        let rules: Rules = name.parse().expect("known rules");
        match Position::parse_as(rules, text) {
            Ok(pos) => {
                let written = pos.to_string();
                let again = match Position::parse_as(rules, &written) {
                    Ok(p) => p,
                    Err(e) => {
                        panic!("{name}: {text:?} wrote {written:?}, which does not parse: {e}")
                    }
                };
                assert_eq!(again, pos, "{name}: {text:?} -> {written:?}");
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
    }
});
