//! The whole notation path on arbitrary bytes: the UTF-8 check the CLI makes, the
//! parser, the interpreter (with every position kept), the rendered diagnostics and the
//! formatter.
#![no_main]

use lanrick::cli::report;
use lanrick::interp::{self, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let run = interp::run_file(src, Options { each: true });
    for p in run.problems() {
        // Every span must lie inside the text, on character boundaries: the CLI
        // renders it against the source.
        for label in std::iter::once(&p.primary).chain(&p.secondary) {
            let s = label.span;
            assert!(
                s.start <= s.end && s.end <= src.len(),
                "span {s:?} outside the text"
            );
            assert!(src.is_char_boundary(s.start) && src.is_char_boundary(s.end));
        }
        let _ = report::render_human(p, "fuzz.lanrick", src, false);
        let _ = report::json_diagnostic(p, "fuzz.lanrick", src);
        let _ = report::github_line(p, "fuzz.lanrick", src);
    }
    if let Ok(file) = lanrick::syntax::parse_file(src) {
        let _ = lanrick::fmt::format_file(&file);
    }
});
