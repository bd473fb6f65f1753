//! Drives the engine with arbitrary sequences of actions decoded from the input bytes:
//! marks, interchanges, man's moves, takes, finished turns and passes, some chosen at
//! random among the legal ones and some made up. After every step the invariants hold:
//!
//! - no square holds two men, and there are at most ten;
//! - with a Mark set, the Rendezvous has one square fewer than there are men;
//! - a Rule 7 take keeps the number of men, a Rule 8 take removes exactly one;
//! - an action that fails changes nothing;
//! - `play_move` accepts exactly the moves `legal_moves` lists;
//! - the position string reads back to the same position.
#![no_main]

use lanrick::engine::{Position, Side, Square, TurnEnd, TurnInProgress};
use libfuzzer_sys::fuzz_target;

/// The input bytes, read one at a time; zero once they run out.
struct Bytes<'a>(std::slice::Iter<'a, u8>);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        self.0.next().copied().unwrap_or(0)
    }
    fn square(&mut self) -> Square {
        Square::ALL[usize::from(self.byte() % 64)]
    }
    fn pick<T: Clone>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            None
        } else {
            Some(items[usize::from(self.byte()) % items.len()].clone())
        }
    }
}

fn total(p: &Position) -> u32 {
    p.men(Side::Black).count() + p.men(Side::Yellow).count()
}

fn check_position(p: &Position) {
    assert!(
        (p.men(Side::Black) & p.men(Side::Yellow)).is_empty(),
        "two men on a square: {p}"
    );
    assert!(total(p) <= 10, "too many men: {p}");
    if let Some(r) = p.rendezvous() {
        assert_eq!(u32::from(r.size()), total(p) - 1, "Rendezvous size: {p}");
        assert_eq!(
            r.squares().count(),
            u32::from(r.size()),
            "Rendezvous squares: {p}"
        );
    }
    let text = p.to_string();
    match Position::parse(&text) {
        Ok(back) => assert_eq!(back.key(), p.key(), "{text}"),
        Err(e) => panic!("{text:?} does not read back: {e}"),
    }
}

fn check_turn(t: &TurnInProgress) {
    let (b, y) = (t.men(Side::Black), t.men(Side::Yellow));
    assert!((b & y).is_empty(), "two men on a square during a turn");
    assert_eq!(
        b.count() + y.count(),
        total(t.start()),
        "men appeared or vanished"
    );
    assert!(t.used() <= t.allowance(), "over the allowance");
}

fuzz_target!(|data: &[u8]| {
    let mut input = Bytes(data.iter());
    let mut pos = if input.byte() & 1 == 0 {
        Position::start()
    } else {
        Position::start_with_setter(Side::Yellow)
    };
    let mut turn: Option<TurnInProgress> = None;
    for _ in 0..data.len() {
        check_position(&pos);
        let op = input.byte();
        match op % 8 {
            // A Mark, made up or among the options.
            0 => {
                let options = pos.mark_options();
                let picked = op & 0x80 != 0;
                let (sq, towards) = if picked {
                    match input.pick(&options) {
                        Some(r) => (r.mark(), r.line_square()),
                        None => continue,
                    }
                } else {
                    let sq = input.square();
                    (sq, (op & 0x40 != 0).then(|| input.square()))
                };
                match pos.set_mark(sq, towards) {
                    Ok(next) => {
                        let r = next.rendezvous().copied();
                        assert!(
                            r.is_some_and(|r| options.contains(&r)),
                            "{pos}: mark {sq} not listed"
                        );
                        assert_eq!(total(&next), total(&pos));
                        pos = next;
                        turn = None;
                    }
                    Err(e) => assert!(!picked, "{pos}: listed mark {sq} {towards:?} refused: {e}"),
                }
            }
            // An interchange with up to five chosen squares.
            1 => {
                let n = usize::from(input.byte() % 6);
                let chosen: Vec<Square> = (0..n).map(|_| input.square()).collect();
                let chosen = if op & 0x80 != 0 { Vec::new() } else { chosen };
                if let Ok(next) = pos.interchange(&chosen) {
                    assert_eq!(total(&next), total(&pos));
                    assert_eq!(next.occupied(), pos.occupied());
                    pos = next;
                    turn = None;
                }
            }
            // A man's move, made up or among the legal ones.
            2 | 3 => {
                let t = match &mut turn {
                    Some(t) => t,
                    None => match pos.begin_turn() {
                        Ok(t) => turn.insert(t),
                        Err(_) => continue,
                    },
                };
                let legal = t.legal_moves();
                let (from, to) = if op & 0x80 != 0 {
                    match input.pick(&legal) {
                        Some(m) => (m.from, m.to),
                        None => (input.square(), input.square()),
                    }
                } else {
                    (input.square(), input.square())
                };
                let before = t.clone();
                let is_legal = legal.iter().any(|m| m.from == from && m.to == to);
                match t.play_move(from, to) {
                    Ok(m) => {
                        assert!(is_legal, "{from}-{to} played but not listed");
                        assert!(m.count <= before.remaining());
                    }
                    Err(_) => {
                        assert!(!is_legal, "{from}-{to} listed but refused");
                        assert_eq!(*t, before, "a refused move changed the turn");
                    }
                }
                check_turn(t);
            }
            // A take, made up or among the choices.
            4 => {
                let Some(t) = &mut turn else { continue };
                let sq = match (op & 0x80 != 0, t.take_choices()) {
                    (true, Some(c)) => {
                        let v: Vec<Square> = c.iter().collect();
                        input.pick(&v).unwrap_or_else(|| input.square())
                    }
                    _ => input.square(),
                };
                let before = t.clone();
                let n = t.men(Side::Black).count() + t.men(Side::Yellow).count();
                match t.take(sq) {
                    Ok(TurnEnd::Replaced(s)) => {
                        assert_eq!(s, sq);
                        assert_eq!(
                            t.men(Side::Black).count() + t.men(Side::Yellow).count(),
                            n,
                            "Rule 7"
                        );
                        assert!(t.men(t.mover()).contains(sq));
                    }
                    Ok(TurnEnd::Removed(s)) => {
                        assert_eq!(s, sq);
                        assert_eq!(
                            t.men(Side::Black).count() + t.men(Side::Yellow).count(),
                            n - 1,
                            "Rule 8"
                        );
                    }
                    Ok(TurnEnd::Played) => panic!("a take that took nothing"),
                    Err(_) => assert_eq!(*t, before, "a refused take changed the turn"),
                }
                check_turn(t);
            }
            // End the turn.
            5 | 6 => {
                let Some(t) = &turn else { continue };
                if let Ok(done) = t.finish() {
                    let (was, now) = (total(&pos), total(&done.position));
                    match done.end {
                        TurnEnd::Played | TurnEnd::Replaced(_) => assert_eq!(now, was, "Rule 7"),
                        TurnEnd::Removed(_) => {
                            assert_eq!(now + 1, was, "Rule 8");
                            assert!(done.position.rendezvous().is_none());
                        }
                    }
                    assert_eq!(done.position.to_act(), !pos.to_act());
                    pos = done.position;
                    turn = None;
                }
            }
            // Pass.
            _ => {
                if turn.as_ref().is_some_and(|t| !t.moves().is_empty()) {
                    continue;
                }
                if let Ok(next) = pos.pass() {
                    assert_eq!(next.occupied(), pos.occupied());
                    let t = pos.begin_turn();
                    assert!(t.is_ok_and(|t| t.legal_moves().is_empty()));
                    pos = next;
                    turn = None;
                }
            }
        }
    }
    check_position(&pos);
});
