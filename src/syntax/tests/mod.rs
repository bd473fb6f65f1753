//! Unit tests of the syntax: every construct, every error kind with its message and span.

use super::ast::*;
use super::*;
use crate::engine::{Side, Square};

fn sq(s: &str) -> Square {
    s.parse().expect("test squares are valid")
}

/// Parses `src`, checking on the way that the plain-file shortcut and the grammar agree
/// on it.
fn file(src: &str) -> File {
    match parse_file(src) {
        Ok(f) => {
            assert_eq!(
                parse_file_with_pest(src).as_ref(),
                Ok(&f),
                "{src:?}: pest and the shortcut disagree"
            );
            f
        }
        Err(e) => panic!("{src:?} should parse: {e} at {:?}", e.span),
    }
}

/// The events of the only game of `src`, in order (standalone comments left out).
fn events(src: &str) -> Vec<Event> {
    let f = file(src);
    assert_eq!(f.games.len(), 1, "{src:?}");
    f.games[0]
        .body
        .iter()
        .filter_map(|i| match i {
            Item::Event(e) => Some(e.clone()),
            Item::Comment(_) => None,
        })
        .collect()
}

fn one(src: &str) -> Event {
    let evs = events(src);
    assert_eq!(evs.len(), 1, "{src:?}");
    evs.into_iter().next().expect("one event")
}

fn err(src: &str) -> SyntaxError {
    match parse_file(src) {
        Ok(f) => panic!("{src:?} should not parse, got {f:?}"),
        Err(e) => e,
    }
}

/// Asserts the code, message and span (as the text it covers) of the error for `src`.
fn assert_err(src: &str, code: &str, message: &str, covers: &str, start: usize) {
    let e = err(src);
    assert_eq!(e.code(), code, "{src:?}: {e}");
    assert_eq!(e.to_string(), message, "{src:?}");
    assert_eq!(&src[e.span.start..e.span.end], covers, "{src:?}: {e}");
    assert_eq!(e.span.start, start, "{src:?}: {e}");
}

fn moves(e: &Event) -> Vec<(Square, Square)> {
    match &e.kind {
        EventKind::Turn { moves, .. } => moves.iter().map(|m| (m.from.node, m.to.node)).collect(),
        other => panic!("not a turn: {other:?}"),
    }
}

mod errors;
mod reading;
mod shortcut;
