//! The plain-file shortcut against the grammar: `parse_file` (which tries the
//! byte-level reader for plain files first) and `parse_file_with_pest` (the grammar
//! alone) must give the same tree, or the same error, for every input; and each game
//! checked as `check` checks it (read a line at a time when the shortcut takes it)
//! must give what its whole tree gives. And a collection read in one scan (each game
//! read onto a tape that finds its end) is cut and checked as the splitter cuts it and
//! each game's text checks, and the same on two workers taking turns at the input.
#![no_main]

use lanrick::cli::stream::{Piece, pipeline, read_pieces, run_piece};
use lanrick::interp::{Options, check_game_text, check_game_text_whole};
use lanrick::syntax::{parse_file, parse_file_with_pest, split_games};
use libfuzzer_sys::fuzz_target;

/// Gives `data` seven bytes a read, so that games are cut off by the reads' ends.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = out.len().min(7).min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        out[..n].copy_from_slice(head);
        self.0 = rest;
        Ok(n)
    }
}

/// What a piece is: its number, window, place and bad byte.
fn shape(p: &Piece) -> String {
    let w = &p.window;
    format!(
        "{} {:?} {} {} {} {:?} {:?}",
        p.index, w.text, w.base, w.newlines, w.breaks, p.game, p.bad_utf8
    )
}

/// Each piece of `data` (read with tapes or not) and what checking it with `opts` gives.
fn pieces(data: &[u8], taped: bool, opts: Options) -> Vec<String> {
    let mut out = Vec::new();
    let read = read_pieces(Trickle(data), taped.then_some(opts), |mut p: Piece| {
        out.push(format!("{} {:?}", shape(&p), run_piece(&mut p, opts)));
        true
    });
    out.push(format!("{:?}", read.err().map(|e| e.to_string())));
    out
}

/// [`pieces`] with tapes, read and checked by two workers, as `check` does.
fn through_workers(data: &[u8], opts: Options) -> Vec<String> {
    let mut out = Vec::new();
    let read = pipeline(
        Trickle(data),
        2,
        Some(opts),
        |p, _| format!("{} {:?}", shape(p), run_piece(p, opts)),
        |_, piece, _| {
            out.push(piece);
            true
        },
    );
    out.push(format!("{:?}", read.err().map(|e| e.to_string())));
    out
}

fuzz_target!(|data: &[u8]| {
    for opts in [Options::default(), Options { each: true }] {
        let once = pieces(data, true, opts);
        assert_eq!(once, pieces(data, false, opts), "{data:?}");
        assert_eq!(through_workers(data, opts), once, "{data:?}");
    }
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    assert_eq!(parse_file(src), parse_file_with_pest(src), "{src:?}");
    for (i, piece) in split_games(src).into_iter().enumerate() {
        let game = &src[piece.start..piece.end];
        for opts in [Options::default(), Options { each: true }] {
            assert_eq!(
                format!("{:?}", check_game_text(game, i + 1, piece.start, opts)),
                format!(
                    "{:?}",
                    check_game_text_whole(game, i + 1, piece.start, opts)
                ),
                "{game:?}"
            );
        }
    }
});
