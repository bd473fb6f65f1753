//! The formatter keeps the meaning and is idempotent: for any text that parses,
//! `parse(fmt(x)) == parse(x)` ignoring spans, and `fmt(fmt(x)) == fmt(x)`.
#![no_main]

use lanrick::{fmt, syntax};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = syntax::parse_file(src) else {
        return;
    };
    let once = fmt::format_file(&file);
    let reparsed = match syntax::parse_file(&once) {
        Ok(f) => f,
        Err(e) => panic!("fmt output does not parse: {e:?}\n--- input\n{src}\n--- output\n{once}"),
    };
    assert_eq!(
        syntax::without_spans(&reparsed),
        syntax::without_spans(&file),
        "fmt changed the meaning\n--- input\n{src}\n--- output\n{once}"
    );
    let twice = fmt::format_file(&reparsed);
    assert_eq!(twice, once, "fmt is not idempotent\n--- input\n{src}");
});
