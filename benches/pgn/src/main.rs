//! `pgn-baseline FILE...`: reads each PGN file game by game with pgn-reader and plays
//! every main-line move with shakmaty, as `lanrick check` reads and replays a lanrick
//! collection. Prints one line a file (`ok`/`FAILED`, games, bytes) and exits 1 when a
//! move was illegal. Variations and comments are read and skipped, as a checker of the
//! main line does.

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use std::fs::File;
use std::ops::ControlFlow;
use std::process::ExitCode;

/// Counts the games and the illegal ones.
#[derive(Default)]
struct Checker {
    games: u64,
    bad: u64,
}

impl Visitor for Checker {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        start: &mut Option<Chess>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<bool> {
        if name != b"FEN" {
            return ControlFlow::Continue(());
        }
        let Ok(fen) = Fen::from_ascii(value.as_bytes()) else {
            return ControlFlow::Break(false);
        };
        match fen.into_position(CastlingMode::Standard) {
            Ok(p) => {
                *start = Some(p);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn begin_movetext(&mut self, start: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(start.unwrap_or_default())
    }

    fn begin_variation(&mut self, _: &mut Chess) -> ControlFlow<bool, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, board: &mut Chess, san: SanPlus) -> ControlFlow<bool> {
        match san.san.to_move(board) {
            Ok(m) => {
                board.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _: Chess) -> bool {
        true
    }
}

fn main() -> ExitCode {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let file = match File::open(&path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(2);
            }
        };
        let bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
        let mut reader = Reader::new(file);
        let mut checker = Checker::default();
        loop {
            match reader.read_game(&mut checker) {
                Ok(Some(true)) => {}
                Ok(Some(false)) => checker.bad += 1,
                Ok(None) => break,
                Err(e) => {
                    eprintln!("{path}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        let word = if checker.bad == 0 { "ok" } else { "FAILED" };
        println!(
            "{word} {path} ({} games, {} illegal, {bytes} bytes)",
            checker.games, checker.bad
        );
        failed |= checker.bad > 0;
    }
    if failed { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
