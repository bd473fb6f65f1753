//! The brute-force comparison for every edition other than plain 1893 (which
//! `engine_bruteforce.rs` covers): a deliberately simple enumerator written only
//! against the public API — it tries every square for every step (`check_move`,
//! `take`, `send_wanderer`, `move_mark`, `set_mark_with`) and lets the engine accept
//! or refuse — compared with the engine's own outcome search (`count_outcomes`,
//! `outcomes`, and the visitor `engine::search::visit_outcomes`) on positions reached
//! by seeded random play (`selfplay`'s players) in each rule set.

use lanrick::engine::search::visit_outcomes;
use lanrick::engine::*;
use lanrick::selfplay::{Rng, play_game_with};
use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;

type Key = (u64, u64, u64, u8, bool, u64);

fn key(t: &TurnInProgress) -> Key {
    (
        t.men(Side::Black).0,
        t.men(Side::Yellow).0,
        t.moved().0,
        t.used(),
        t.is_closed(),
        t.taken().map_or(64, |e| match e {
            TurnEnd::Played => 65,
            TurnEnd::Replaced(s) | TurnEnd::Removed(s) => u64::from(s.index()),
        }),
    )
}

/// Every position string a turn state can end in.
fn explore(t: &TurnInProgress, seen: &mut HashSet<Key>, out: &mut BTreeSet<String>) {
    if !seen.insert(key(t)) {
        return;
    }
    if let Ok(r) = t.finish() {
        out.insert(r.position.to_string());
    }
    if t.taken().is_some() {
        // 1879: the centre man's radiating choice, any square the engine allows.
        for to in Square::ALL {
            let mut t2 = t.clone();
            if t2.radiate(to).is_ok()
                && let Ok(r) = t2.finish()
            {
                out.insert(r.position.to_string());
            }
        }
        // Wanderers: any man of the loser to any square, as the engine allows.
        for from in t.men(!t.mover()) {
            for to in Square::ALL {
                let mut t2 = t.clone();
                if t2.send_wanderer(from, to).is_ok() {
                    explore(&t2, seen, out);
                }
            }
        }
        return;
    }
    if t.is_closed() {
        for target in Square::ALL {
            let mut t2 = t.clone();
            if t2.take(target).is_ok() {
                explore(&t2, seen, out);
            }
        }
        return;
    }
    for from in t.men(t.mover()) {
        for to in Square::ALL {
            if t.check_move(from, to).is_ok() {
                let mut t2 = t.clone();
                t2.play_move(from, to).expect("check_move accepted it");
                explore(&t2, seen, out);
            }
        }
    }
}

/// The border squares in line with `mark` at the end of a ray, found by walking.
fn ray_ends(mark: Square) -> Vec<Square> {
    Direction::ALL
        .iter()
        .filter_map(|&d| {
            let mut sq = mark.step(d)?;
            while let Some(n) = sq.step(d) {
                sq = n;
            }
            Some(sq)
        })
        .collect()
}

fn subsets(items: &[Square], k: usize) -> Vec<Vec<Square>> {
    (0u32..1 << items.len())
        .filter(|m| m.count_ones() as usize == k)
        .map(|m| {
            (0..items.len())
                .filter(|i| m & (1 << i) != 0)
                .map(|i| items[i])
                .collect()
        })
        .collect()
}

/// Every distinct position string the next action can lead to.
fn brute_force(p: &Position) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if p.winner().is_some() {
        return out;
    }
    if let Phase::Bonus(_) = p.phase() {
        // 1879: every sequence of (man, square) pairs the engine accepts.
        fn bonus(p: &Position, moves: &mut Vec<(Square, Square)>, out: &mut BTreeSet<String>) {
            let Ok(q) = p.bonus(moves) else {
                return;
            };
            out.insert(q.to_string());
            for from in p.men(p.to_act()) {
                for to in Square::ALL {
                    moves.push((from, to));
                    bonus(p, moves, out);
                    moves.pop();
                }
            }
        }
        bonus(p, &mut Vec::new(), &mut out);
        return out;
    }
    if p.phase() == Phase::Mark {
        for mark in Square::ALL {
            let mut specs = vec![MarkSpec::default()];
            for d in Direction::ALL {
                if let Some(n) = mark.step(d) {
                    specs.push(MarkSpec {
                        squares: vec![n],
                        turned: false,
                    });
                }
            }
            specs.push(MarkSpec {
                squares: vec![],
                turned: true,
            });
            let size = usize::from(p.rendezvous_size());
            if size.is_multiple_of(2) {
                for pick in subsets(&ray_ends(mark), size) {
                    specs.push(MarkSpec {
                        squares: pick,
                        turned: false,
                    });
                }
            }
            for spec in specs {
                if let Ok(q) = p.set_mark_with(mark, &spec) {
                    out.insert(q.to_string());
                }
            }
        }
        return out;
    }
    let t = p.begin_turn().expect("a turn can begin");
    explore(&t, &mut HashSet::new(), &mut out);
    if let Some(r) = p.rendezvous() {
        for to in Square::ALL {
            if let Ok(q) = p.move_mark(r.mark(), to) {
                out.insert(q.to_string());
            }
        }
    }
    if out.is_empty() {
        out.insert(p.pass().expect("no action: pass is legal").to_string());
    }
    out
}

fn compare(p: &Position) -> usize {
    let brute = brute_force(p);
    assert_eq!(count_outcomes(p), brute.len(), "count_outcomes of {p}");
    let listed: BTreeSet<String> = outcomes(p).iter().map(|o| o.position.to_string()).collect();
    assert_eq!(listed, brute, "outcomes of {p}");
    // The visitor gives each outcome once, and its actions replay to it.
    let mut visited = Vec::new();
    let _ = visit_outcomes(p, |action, q| {
        visited.push((action.to_action(), *q));
        ControlFlow::Continue(())
    });
    assert_eq!(visited.len(), brute.len(), "visitor of {p}");
    brute.len()
}

/// Positions of random games by `rules`: every position of each game, up to `limit`
/// in all, skipping those for which `skip` says so.
fn positions(
    rules: Rules,
    seed: u64,
    limit: usize,
    mut skip: impl FnMut(&Position) -> bool,
) -> Vec<Position> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for g in 0..400u64 {
        let mut rng = Rng::new(seed ^ g.wrapping_mul(0x9e37_79b9));
        let mut stats = Default::default();
        let game = play_game_with(&mut rng, &mut stats, rules);
        let mut play = Game::new(Position::start_for(rules));
        for a in &game.actions {
            let p = *play.position();
            if p.phase() != Phase::Set && !skip(&p) && seen.insert(p) {
                out.push(p);
                if out.len() >= limit {
                    return out;
                }
            }
            play.play(a).expect("self-play games are legal");
        }
    }
    out
}

#[test]
fn the_issue_position_in_1880() {
    let p = Position::parse_as(Rules::R1880, "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 shift-B")
        .expect("a 1880 position");
    assert_eq!(compare(&p), 14_417);
}

#[test]
fn hand_made_1880_positions() {
    for s in [
        // A win with three wanderers to send, in every order and direction.
        "Y7/5B2/8/7Y/2BB2Y1/8/1Y3Y2/8 B d5 play",
        // The first player with the Mark privilege and men in the set.
        "Y6Y/8/1B6/8/2B1Y3/2BBB3/8/Y6Y Y d4 shift-Y",
        // The selector's choice, with and without E-2 lifting the restriction.
        "Y1Y1Y1Y1/8/7Y/8/8/7B/8/B1B1B1B1 B mark",
        "8/8/2Y2Y2/8/8/2Y2Y2/8/BBBBB2Y Y mark",
        // The last man: the game ends.
        "Y7/8/4B3/8/2B5/2BBB3/8/8 B d4 play",
    ] {
        let p = Position::parse_as(Rules::R1880, s).expect("a 1880 position");
        compare(&p);
    }
}

/// In 1880 the allowance is the mover's men with no per-man limit, so a turn with
/// five men has tens of thousands of states: the brute force runs on the later
/// positions of each game (fewer men) and on a few full ones.
#[test]
fn random_1880_positions_agree_with_brute_force() {
    let mut heavy = 0;
    let list = positions(Rules::R1880, 1880, 200, |p| {
        let light = p.phase() == Phase::Mark || p.count(p.to_act()) <= 3;
        if light {
            return false;
        }
        heavy += 1;
        heavy % 40 != 1
    });
    assert!(list.len() >= 200, "{}", list.len());
    let mut marks = 0;
    for p in &list {
        compare(p);
        marks += usize::from(p.phase() == Phase::Mark);
    }
    assert!(marks >= 10, "{marks} selections");
}

/// 1879: positions of random matches in every phase but `set` (the die's Mark, play,
/// wins with wanderers and radiating, the bonus up to 4 squares), by brute force.
#[test]
fn random_1879_positions_agree_with_brute_force() {
    let mut heavy = 0;
    let list = positions(Rules::R1879, 1879, 220, |p| match p.phase() {
        Phase::Bonus(n) => n > 4,
        Phase::Play if p.allowance() >= 4 => {
            heavy += 1;
            heavy % 25 != 1
        }
        _ => false,
    });
    assert!(list.len() >= 200, "{}", list.len());
    let (mut marks, mut bonuses) = (0, 0);
    for p in &list {
        compare(p);
        marks += usize::from(p.phase() == Phase::Mark);
        bonuses += usize::from(matches!(p.phase(), Phase::Bonus(_)));
    }
    assert!(
        marks >= 10 && bonuses >= 5,
        "{marks} die Marks, {bonuses} bonuses"
    );
}

#[test]
fn hand_made_1879_positions() {
    for s in [
        // A win filling the set: the centre man may go to any vacant border square.
        "Y7/8/7B/3YY3/4B3/3BBB2/8/Y6Y B e4 play 0-0 B",
        // A win with one wanderer, who may be set on the centre.
        "8/8/7B/3YY3/3B4/3BBB2/8/Y6Y B e4 play 0-0 B",
        // A round ending in the middle of a win.
        "8/8/7B/3Y4/3B4/3BBB2/8/Y6Y B e4 play 0-0 B",
        // The bonus of two and of four.
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B",
        "Y1B1Y3/7Y/8/8/Y6B/8/8/1B2B2B B bonus:4 0-0 B",
        // The die's sixteen squares.
        "Y1B1Y3/7Y/8/8/Y6B/8/8/1B2B2B B mark 0-0 B",
    ] {
        let p = Position::parse_as(Rules::R1879, s).expect("a 1879 position");
        compare(&p);
    }
}

#[test]
fn random_1893_option_positions_agree_with_brute_force() {
    for (rules, seed) in [
        ("1893-es", 7),
        ("1893 turned", 8),
        ("1893 open-choice", 9),
        ("1893 both-first", 10),
        ("1893 free-first setter-clear", 11),
    ] {
        let rules: Rules = rules.parse().expect("rules");
        let list = positions(rules, seed, 200, |p| {
            p.phase() == Phase::Play && p.allowance() >= 4
        });
        assert!(list.len() >= 200, "{rules}: {}", list.len());
        for p in &list {
            compare(p);
        }
    }
}
