//! The move lists of turns already replayed, emptied and kept on each thread for the
//! turns the reader builds next, so that reading a collection does not allocate and
//! free a list for every turn.

use super::super::ast::{Event, EventKind, File, Item, MoveNode};

/// At most this many move lists are kept for reuse on a thread ([`recycle`]).
pub(super) const SPARE_LISTS: usize = 1024;

thread_local! {
    /// Move lists of games already checked, emptied, for the next games' turns.
    static SPARE_MOVES: std::cell::RefCell<Vec<Vec<MoveNode>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Keeps the move lists of `file`'s turns (up to [`SPARE_LISTS`] on this thread) for
/// the turns the reader builds next, so that checking a collection does not allocate
/// and free a list for every turn. Dropping a file instead is always correct.
pub(crate) fn recycle(file: File) {
    SPARE_MOVES.with(|spare| {
        let Ok(mut spare) = spare.try_borrow_mut() else {
            return;
        };
        for game in file.games {
            for item in game.body {
                if spare.len() >= SPARE_LISTS {
                    return;
                }
                if let Item::Event(Event {
                    kind: EventKind::Turn { mut moves, .. },
                    ..
                }) = item
                {
                    moves.clear();
                    spare.push(moves);
                }
            }
        }
    });
}

/// Gives this thread's readers the emptied move lists in `lists` (up to
/// [`SPARE_LISTS`] kept): those of games read on another thread and replayed, handed
/// back with their tape.
pub(crate) fn give_spare(lists: &mut Vec<Vec<MoveNode>>) {
    SPARE_MOVES.with(|spare| {
        if let Ok(mut spare) = spare.try_borrow_mut() {
            let room = SPARE_LISTS.saturating_sub(spare.len()).min(lists.len());
            spare.extend(lists.drain(..room));
        }
    });
}

/// This thread's spare lists, for a reader to fill (none when the pool is in use).
pub(super) fn take() -> Vec<Vec<MoveNode>> {
    SPARE_MOVES
        .with(|s| s.try_borrow_mut().map(|mut s| std::mem::take(&mut *s)))
        .unwrap_or_default()
}

/// Gives back what a reader [`take`]s and leaves, when the pool is empty (a reader on
/// this thread in the meantime may have filled it).
pub(super) fn give_back(left: Vec<Vec<MoveNode>>) {
    SPARE_MOVES.with(|s| {
        if let Ok(mut s) = s.try_borrow_mut()
            && s.is_empty()
        {
            *s = left;
        }
    });
}
