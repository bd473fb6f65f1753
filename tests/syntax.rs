//! The example files under `tests/cases/syntax/` parse, and `fmt` is idempotent on them
//! and keeps their meaning.

use std::path::Path;

use lanrick::fmt::format_file;
use lanrick::syntax::{parse_file, without_spans};

#[test]
fn syntax_cases_parse_and_format() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/syntax");
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/cases/syntax exists")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "lanrick"))
        .collect();
    entries.sort();
    for path in entries {
        let src = std::fs::read_to_string(&path).expect("a UTF-8 file");
        let file =
            parse_file(&src).unwrap_or_else(|e| panic!("{}: {e} at {:?}", path.display(), e.span));
        assert!(!file.games.is_empty(), "{}", path.display());
        let once = format_file(&file);
        let again = parse_file(&once)
            .unwrap_or_else(|e| panic!("{} formatted: {e}\n{once}", path.display()));
        assert_eq!(
            format_file(&again),
            once,
            "{}: not idempotent",
            path.display()
        );
        assert_eq!(
            without_spans(&again),
            without_spans(&file),
            "{}: fmt changed the meaning",
            path.display()
        );
        count += 1;
    }
    assert!(count >= 3, "expected the example files, found {count}");
}

#[test]
fn collection_has_two_games() {
    let src = include_str!("cases/syntax/collection.lanrick");
    let file = parse_file(src).expect("collection parses");
    assert_eq!(file.games.len(), 2);
    let second = &file.games[1];
    assert_eq!(
        second.tag("Event").map(|t| t.value.node.as_str()),
        Some("Second game")
    );
    // The comment line before the second game's tags is part of its header.
    assert_eq!(second.header.len(), 2);
}
