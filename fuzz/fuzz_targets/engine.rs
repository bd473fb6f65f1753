//! Drives the engine with arbitrary sequences of actions decoded from the input bytes,
//! in a rule set chosen by the first byte (1893, 1880, 1879, 1893-es and single
//! options): set-ups, marks (with lines, `turned` or chosen squares), Mark moves,
//! interchanges, man's moves, takes, wanderers, radiating choices (1879), bonuses
//! (1879), finished turns and passes, some chosen at random among the legal ones and
//! some made up. After every step the invariants hold:
//!
//! - no square holds two men, and there are at most ten (five a side in 1880);
//! - with a Mark set, the Rendezvous has one square fewer than there are men (1893) or
//!   is the 3×3 set (1880);
//! - a Rule 7 take keeps the number of men, a Rule 8 or 1880 take removes exactly one;
//! - a Mark move or a wanderer's move is accepted exactly when it is listed;
//! - an action that fails changes nothing;
//! - `play_move` accepts exactly the moves `legal_moves` lists;
//! - the position string reads back to the same position;
//! - 1879: outside play every man is on the border, a radiating choice is accepted
//!   exactly when it is listed, a bonus keeps the men and leaves the die due, scores
//!   only grow.
#![no_main]

use lanrick::engine::{
    Edition, MarkSpec, Phase, Position, Rules, Side, Square, SquareSet, TurnEnd, TurnInProgress,
};
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
    let early = p.rules().edition() != Edition::E1893;
    if early {
        assert!(
            p.count(Side::Black) <= 5 && p.count(Side::Yellow) <= 5,
            "{p}"
        );
    }
    if p.rules().edition() == lanrick::engine::Edition::E1879 && !p.phase().in_play() {
        assert!(
            (p.occupied() - SquareSet::BORDER).is_empty(),
            "off the border: {p}"
        );
    }
    if let Some(r) = p.rendezvous() {
        let size = if early { 9 } else { total(p) - 1 };
        assert_eq!(u32::from(r.size()), size, "Rendezvous size: {p}");
        assert_eq!(
            r.squares().count(),
            u32::from(r.size()),
            "Rendezvous squares: {p}"
        );
    }
    let text = p.to_string();
    match Position::parse_as(p.rules(), &text) {
        Ok(back) => assert_eq!(back.key(), p.key(), "{text}"),
        Err(e) => panic!("{text:?} does not read back: {e}"),
    }
}

fn check_turn(t: &TurnInProgress) {
    let (b, y) = (t.men(Side::Black), t.men(Side::Yellow));
    assert!((b & y).is_empty(), "two men on a square during a turn");
    let taken = u32::from(matches!(t.taken(), Some(TurnEnd::Removed(_))));
    assert_eq!(
        b.count() + y.count() + taken,
        total(t.start()),
        "men appeared or vanished"
    );
    assert!(t.used() <= t.allowance(), "over the allowance");
}

/// The rule sets the first byte chooses among.
const RULES: [&str; 7] = [
    "1893",
    "1880",
    "1879",
    "1893-es",
    "1893 turned",
    "1893 open-choice both-first",
    "1893 free-first setter-clear",
];

/// The squares of a Rendezvous as a Mark event would name them beyond the Mark.
fn spec_of(r: &lanrick::engine::Rendezvous) -> MarkSpec {
    match r.form() {
        lanrick::engine::Form::Turned => MarkSpec {
            squares: vec![],
            turned: true,
        },
        lanrick::engine::Form::Chosen => MarkSpec {
            squares: r.squares().iter().collect(),
            turned: false,
        },
        lanrick::engine::Form::Standard => MarkSpec {
            squares: r.line_square().into_iter().collect(),
            turned: false,
        },
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Bytes(data.iter());
    let first = input.byte();
    let rules: Rules = RULES[usize::from(first >> 1) % RULES.len()]
        .parse()
        .expect("known rules");
    let side = if first & 1 == 0 {
        Side::Black
    } else {
        Side::Yellow
    };
    let mut pos = Position::start_for_side(rules, side);
    let mut turn: Option<TurnInProgress> = None;
    for _ in 0..data.len() {
        check_position(&pos);
        let op = input.byte();
        let is_1879 = rules.edition() == lanrick::engine::Edition::E1879;
        if is_1879 && pos.phase() == Phase::Set {
            // 1879: the side to act sets his own five men.
            let mine: Vec<Square> = (0..5)
                .map(|_| {
                    if op & 0x80 != 0 {
                        input.square()
                    } else {
                        let free: Vec<Square> =
                            (SquareSet::BORDER - pos.occupied()).iter().collect();
                        input.pick(&free).unwrap_or(Square::ALL[0])
                    }
                })
                .collect();
            let (b, y) = match pos.to_act() {
                Side::Black => (mine, Vec::new()),
                Side::Yellow => (Vec::new(), mine),
            };
            match pos.set_men(&b, &y) {
                Ok(next) => {
                    assert_eq!(total(&next), total(&pos) + 5);
                    pos = next;
                }
                Err(_) if pos.winner().is_some() => break,
                Err(_) => {}
            }
            continue;
        }
        if let Phase::Bonus(allowance) = pos.phase() {
            // 1879: a bonus of up to three moves, picked among the reachable squares or
            // made up; none is the pass.
            let n = usize::from(input.byte() % 4);
            let mut occupied = pos.occupied();
            let mut left = allowance;
            let mut moves = Vec::new();
            for _ in 0..n {
                if op & 0x80 != 0 {
                    let mine: Vec<Square> = (pos.men(pos.to_act()) & occupied).iter().collect();
                    let Some(from) = input.pick(&mine) else { break };
                    let reach = lanrick::engine::bonus_reach(occupied, from, left);
                    let Some((to, cost)) = input.pick(&reach) else {
                        continue;
                    };
                    occupied = occupied.without(from).with(to);
                    left -= cost;
                    moves.push((from, to));
                } else {
                    moves.push((input.square(), input.square()));
                }
            }
            match pos.bonus(&moves) {
                Ok(next) => {
                    assert_eq!(next.men(!pos.to_act()), pos.men(!pos.to_act()));
                    assert_eq!(total(&next), total(&pos));
                    assert_eq!(next.phase(), Phase::Mark);
                    assert_eq!(next.to_act(), pos.to_act());
                    pos = next;
                    turn = None;
                }
                Err(e) => assert!(
                    op & 0x80 == 0,
                    "{pos}: picked bonus {moves:?} refused: {e:?}"
                ),
            }
            continue;
        }
        if is_1879 && op % 10 == 7 {
            // 1879: the centre man's radiating choice, picked or made up.
            let Some(t) = &mut turn else { continue };
            let choices = t.radiate_choices();
            let listed: Vec<Square> = choices.map(|c| c.iter().collect()).unwrap_or_default();
            let to = if op & 0x80 != 0 {
                input.pick(&listed).unwrap_or_else(|| input.square())
            } else {
                input.square()
            };
            let before = t.clone();
            match t.radiate(to) {
                Ok(()) => assert!(listed.contains(&to), "radiate {to} accepted but not listed"),
                Err(_) => {
                    assert!(!listed.contains(&to), "radiate {to} listed but refused");
                    assert_eq!(*t, before, "a refused radiating choice changed the turn");
                }
            }
            continue;
        }
        if pos.phase() == Phase::Set {
            // A set-up: five border squares a side, picked or made up.
            let border: Vec<Square> = SquareSet::BORDER.iter().collect();
            let mut take = |n: usize, made_up: bool| -> Vec<Square> {
                (0..n)
                    .map(|_| {
                        if made_up {
                            input.square()
                        } else {
                            input.pick(&border).unwrap_or(Square::ALL[0])
                        }
                    })
                    .collect()
            };
            let made_up = op & 0x80 != 0;
            let b = take(5, made_up);
            let y = take(5, made_up);
            if let Ok(next) = pos.set_men(&b, &y) {
                assert_eq!(total(&next), 10);
                assert!((next.occupied() - SquareSet::BORDER).is_empty());
                pos = next;
            }
            continue;
        }
        match op % 10 {
            // A Mark, made up or among the options.
            0 => {
                let options = pos.mark_options();
                let picked = op & 0x80 != 0;
                let (sq, spec) = if picked {
                    match input.pick(&options) {
                        Some(r) => (r.mark(), spec_of(&r)),
                        None => continue,
                    }
                } else {
                    let sq = input.square();
                    let n = usize::from(input.byte() % 9);
                    let squares = if op & 0x40 != 0 {
                        (0..n).map(|_| input.square()).collect()
                    } else {
                        vec![]
                    };
                    (
                        sq,
                        MarkSpec {
                            squares,
                            turned: op & 0x20 != 0,
                        },
                    )
                };
                match pos.set_mark_with(sq, &spec) {
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
                    Err(e) => assert!(!picked, "{pos}: listed mark {sq} {spec:?} refused: {e}"),
                }
            }
            // A Mark move (1880), made up or among the listed ones.
            8 => {
                if turn.as_ref().is_some_and(|t| !t.moves().is_empty()) {
                    continue;
                }
                let listed = pos.mark_moves();
                let (from, to) = if op & 0x80 != 0 {
                    match input.pick(&listed) {
                        Some((f, t, _)) => (f, t),
                        None => (input.square(), input.square()),
                    }
                } else {
                    (input.square(), input.square())
                };
                let is_listed = listed.iter().any(|(f, t, _)| *f == from && *t == to);
                match pos.move_mark(from, to) {
                    Ok(next) => {
                        assert!(is_listed, "{pos}: mark {from}-{to} played but not listed");
                        assert_eq!(total(&next), total(&pos));
                        assert_eq!(next.to_act(), !pos.to_act());
                        pos = next;
                        turn = None;
                    }
                    Err(_) => assert!(!is_listed, "{pos}: mark {from}-{to} listed but refused"),
                }
            }
            // A wanderer sent to the border (1880), made up or among the targets.
            9 => {
                let Some(t) = &mut turn else { continue };
                let pending: Vec<Square> = t.pending_wanderers().iter().collect();
                let (from, to) = if op & 0x80 != 0 {
                    match input.pick(&pending) {
                        Some(f) => {
                            let targets: Vec<Square> = t.wanderer_targets(f).iter().collect();
                            (f, input.pick(&targets).unwrap_or_else(|| input.square()))
                        }
                        None => (input.square(), input.square()),
                    }
                } else {
                    (input.square(), input.square())
                };
                let allowed = pending.contains(&from) && t.wanderer_targets(from).contains(to);
                let before = t.clone();
                match t.send_wanderer(from, to) {
                    Ok(()) => {
                        assert!(allowed, "wanderer {from}-{to} sent but not allowed");
                        if is_1879 {
                            assert!(t.rendezvous().contains(to), "placed outside the set");
                        } else {
                            assert!(to.is_border());
                        }
                    }
                    Err(_) => {
                        assert!(!allowed, "wanderer {from}-{to} allowed but refused");
                        assert_eq!(*t, before, "a refused wanderer changed the turn");
                    }
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
                    Ok(TurnEnd::Replaced(_)) if rules.edition() != Edition::E1893 => {
                        panic!("a replacement outside 1893")
                    }
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
                        assert!(
                            (t.pending_wanderers() - t.men(!t.mover())).is_empty(),
                            "wanderers are the loser's men"
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
                    for side in Side::BOTH {
                        assert!(done.position.round().score.of(side) >= pos.round().score.of(side));
                    }
                    match done.end {
                        TurnEnd::Played | TurnEnd::Replaced(_) => assert_eq!(now, was, "Rule 7"),
                        TurnEnd::Removed(_) if is_1879 && done.position.phase() == Phase::Set => {
                            // Rule 9, E-12: the round ended and the board is cleared.
                            assert_eq!(now, 0);
                        }
                        TurnEnd::Removed(_) => {
                            assert_eq!(now + 1, was, "Rule 8");
                            assert!(done.position.rendezvous().is_none());
                            if is_1879 {
                                assert!((done.position.occupied() - SquareSet::BORDER).is_empty());
                            }
                        }
                    }
                    if is_1879 && matches!(done.end, TurnEnd::Removed(_)) {
                        // The winner acts next (bonus or die), or the new first player.
                    } else if !matches!(done.end, TurnEnd::Removed(_))
                        || rules.edition() != Edition::E1893
                    {
                        // 1893 Rule 8 may give the next Mark to either side.
                        assert_eq!(done.position.to_act(), !pos.to_act());
                    }
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
