//! The plain-file shortcut against the grammar: `parse_file` (which tries the
//! byte-level reader for plain files first) and `parse_file_with_pest` (the grammar
//! alone) must give the same tree, or the same error, for every input; and each game
//! checked as `check` checks it (read a line at a time when the shortcut takes it)
//! must give what its whole tree gives.
#![no_main]

use lanrick::interp::{Options, check_game_text, check_game_text_whole};
use lanrick::syntax::{parse_file, parse_file_with_pest, split_games};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    assert_eq!(parse_file(src), parse_file_with_pest(src), "{src:?}");
    for (i, piece) in split_games(src).into_iter().enumerate() {
        let game = &src[piece.start..piece.end];
        for opts in [Options::default(), Options { each: true }] {
            assert_eq!(
                format!("{:?}", check_game_text(game, i + 1, piece.start, opts)),
                format!("{:?}", check_game_text_whole(game, i + 1, piece.start, opts)),
                "{game:?}"
            );
        }
    }
});
