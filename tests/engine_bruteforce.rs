//! A deliberately simple brute-force enumerator of a turn's outcomes, written only
//! against the public turn API (`play_move`, `take`, `finish`, `pass`), compared with
//! the engine's own search (`count_outcomes`, `outcomes`) on positions reached by
//! seeded random play from the start.
//!
//! The enumerator tries every (from, to) pair of squares at every step, letting the
//! engine accept or refuse each one, and records the position string of every turn that
//! `finish` accepts. The only shortcut is to remember the states already explored (the
//! men of both sides, the men already moved and the squares counted), since everything
//! after a state depends only on it.

mod common;

use common::{Lcg, biased_turn, pos, random_step, sq};
use lanrick::engine::*;
use std::collections::{BTreeSet, HashSet};

type Key = (u64, u64, u64, u8);

fn explore(t: &TurnInProgress, seen: &mut HashSet<Key>, out: &mut BTreeSet<String>) {
    let key = (
        t.men(Side::Black).0,
        t.men(Side::Yellow).0,
        t.moved().0,
        t.used(),
    );
    if !seen.insert(key) {
        return;
    }
    if let Ok(r) = t.finish() {
        out.insert(r.position.to_string());
    }
    if t.is_closed() {
        for target in Square::ALL {
            let mut t2 = t.clone();
            if t2.take(target).is_ok() {
                let r = t2.finish().expect("a turn ended by a take finishes");
                out.insert(r.position.to_string());
            }
        }
    }
    // Squares without a man of the mover are refused at once (NoMan, NotYourMan); skip
    // them without asking, to keep the debug build quick.
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

/// Every distinct position string the next action can lead to.
fn brute_force(p: &Position) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if p.winner().is_some() {
        return out;
    }
    if p.phase() == Phase::Mark {
        // Every square, alone or with each of its neighbours as the line square.
        for mark in Square::ALL {
            let mut tries = vec![None];
            tries.extend(
                Direction::ALL
                    .iter()
                    .filter_map(|&d| mark.step(d))
                    .map(Some),
            );
            for towards in tries {
                if let Ok(q) = p.set_mark(mark, towards) {
                    out.insert(q.to_string());
                }
            }
        }
        return out;
    }
    let t = p.begin_turn().expect("a turn can begin");
    explore(&t, &mut HashSet::new(), &mut out);
    if out.is_empty() {
        out.insert(p.pass().expect("no move: pass is legal").to_string());
    }
    out
}

fn compare(p: &Position) -> BTreeSet<String> {
    let clock = std::time::Instant::now();
    let brute = brute_force(p);
    if std::env::var_os("LANRICK_BRUTE_TIMES").is_some() {
        eprintln!(
            "{:>8.3}s {:>6} {p}",
            clock.elapsed().as_secs_f64(),
            brute.len()
        );
    }
    assert_eq!(count_outcomes(p), brute.len(), "count_outcomes of {p}");
    let engine: BTreeSet<String> = outcomes(p).iter().map(|o| o.position.to_string()).collect();
    assert_eq!(engine, brute, "outcomes of {p}");
    brute
}

#[test]
fn start_counts() {
    let start = pos(START);
    assert_eq!(compare(&start).len(), 4);
    let p = pos("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first");
    assert_eq!(brute_force(&p).len(), 215);
    assert_eq!(count_outcomes(&p), 215);
    assert_eq!(compare(&p).len(), 215);
}

#[test]
fn hand_made_positions() {
    for s in [
        // Two of Carroll's examples and some of the rule tests' positions (the other
        // allowance-heavy ones are left out to keep the debug build quick).
        "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play",
        "2B2B2/B7/8/BB6/1Y6/Y7/8/2Y3Y1 Y c5 play",
        "7B/8/2BYB3/3Y4/8/2Y5/8/B6B Y d5 play",
        "8/8/2YYY3/2YBY3/2B1B3/8/8/B6B Y d5 first",
        "8/8/8/8/8/8/BB4BB/YB4BY Y d5 play",
        "8/2Y5/8/3B4/3Y4/8/8/7B Y d5:d6 play",
        "8/8/8/8/8/8/8/BBYY4 B mark",
    ] {
        compare(&pos(s));
    }
}

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    open: usize,
    size3: usize,
    rule7_choice: usize,
    after_interchange: usize,
    marks: usize,
    first: usize,
    heavy: usize,
}

/// Whether a position is "allowance-heavy": a later turn with 4 or 5 squares to
/// share, thousands of outcomes, a second or so for the brute force in a debug build.
/// Only a few of them are compared; every other position is.
fn heavy(p: &Position) -> bool {
    p.phase() == Phase::Play && p.allowance() >= 4
}

/// Plays seeded random games (biased towards winning Rendezvous so that games reach
/// the small sizes) and compares the brute force with the engine at every position
/// (all but a few of the allowance-heavy ones).
#[test]
fn random_positions_agree_with_brute_force() {
    let mut seen = Seen::default();
    let mut rng = Lcg(0x1893_1893);
    let mut keys = HashSet::new();
    let mut heavy_budget = 2;
    // At most this many positions of each Rendezvous size are compared, so that the
    // test stays quick while the games go on to the small sizes.
    let mut per_size = [0usize; 10];
    for game in 0..200u64 {
        if seen.positions >= 200 && seen.size3 >= 6 {
            break;
        }
        let mut p = Position::start_with_setter(if game.is_multiple_of(2) {
            Side::Black
        } else {
            Side::Yellow
        });
        for _step in 0..3000 {
            if p.winner().is_some() {
                break;
            }
            let size = usize::from(p.rendezvous_size());
            if keys.insert(p.to_string()) && per_size[size] < 35 {
                let heavy = heavy(&p);
                if !heavy || heavy_budget > 0 {
                    per_size[size] += 1;
                    if heavy {
                        heavy_budget -= 1;
                        seen.heavy += 1;
                    }
                    let ends = compare(&p);
                    seen.positions += 1;
                    classify(&p, &ends, &mut seen);
                }
            }
            p = step(&p, &mut rng);
        }
    }
    eprintln!("{seen:?}");
    assert!(seen.positions >= 200, "{seen:?}");
    assert!(seen.open >= 10, "{seen:?}");
    assert!(seen.size3 >= 3, "{seen:?}");
    assert!(seen.rule7_choice >= 3, "{seen:?}");
    assert!(seen.after_interchange >= 3, "{seen:?}");
    assert!(seen.marks >= 10, "{seen:?}");
    assert!(seen.first >= 10, "{seen:?}");
    assert!(seen.heavy >= 1, "{seen:?}");
}

fn classify(p: &Position, ends: &BTreeSet<String>, seen: &mut Seen) {
    let Some(r) = p.rendezvous() else {
        seen.marks += 1;
        return;
    };
    seen.open += usize::from(r.is_open());
    seen.size3 += usize::from(r.size() == 3);
    seen.after_interchange += usize::from(p.interchanged());
    seen.first += usize::from(p.phase() == Phase::First);
    // A Rule 7 choice: more than one outcome in which the mover gained a man.
    let mover = p.to_act();
    let gains = ends
        .iter()
        .filter(|s| {
            let q = pos(s);
            q.phase() == Phase::Play && q.men(mover).count() > p.men(mover).count()
        })
        .count();
    seen.rule7_choice += usize::from(gains > 1);
}

/// The next action of a random game: Marks and interchanges as `random_step` makes
/// them; turns built move by move from `legal_moves`, preferring moves into the
/// Rendezvous, so that games go on to the small sizes.
fn step(p: &Position, rng: &mut Lcg) -> Position {
    if p.phase() != Phase::Play && (p.phase() == Phase::Mark || rng.below(3) == 0) {
        return random_step(p, rng);
    }
    biased_turn(p, rng, 8, 10).position
}

#[test]
fn brute_force_sees_rule6_slides_and_takes() {
    // In the open example, the winning turn is among the outcomes.
    let p = pos("2B2B2/B7/8/BB6/1Y6/Y7/8/2Y3Y1 Y c5 play");
    let all = brute_force(&p);
    assert!(all.contains("2B2B2/B7/8/B6Y/8/Y7/8/2Y3Y1 B mark"));
    // Every Rule 7 choice of the rule-7 position is its own outcome.
    let p = pos("7B/8/2BYB3/3Y4/8/2Y5/8/B6B Y d5 play");
    let all = brute_force(&p);
    for c in ["a1", "h1", "h8"] {
        let mut t = p.begin_turn().unwrap();
        t.play_move(sq("c3"), sq("c4")).unwrap();
        t.take(sq(c)).unwrap();
        assert!(all.contains(&t.finish().unwrap().position.to_string()));
    }
}
