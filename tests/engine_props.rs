//! Properties under random legal play: men never share a square, Rule 7 keeps and
//! Rule 8 lowers the number of men, the Rendezvous always has one square fewer than
//! there are men, and position strings survive a round trip.

mod common;

use common::{Lcg, biased_turn, random_step};
use lanrick::engine::*;
use proptest::prelude::*;

fn check_invariants(p: &Position) {
    let (b, y) = (p.men(Side::Black), p.men(Side::Yellow));
    assert!((b & y).is_empty(), "two men on one square in {p}");
    assert_eq!(p.occupied().count(), b.count() + y.count());
    assert!(p.occupied().count() <= 10);
    if let Some(r) = p.rendezvous() {
        assert_eq!(
            u32::from(r.size()),
            p.occupied().count() - 1,
            "the Rendezvous has one square fewer than the men: {p}"
        );
        assert_eq!(r.squares().count(), u32::from(r.size()));
    }
    // Round trip through the position string.
    let s = p.to_string();
    let q = Position::parse(&s).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(q.to_string(), s);
    assert_eq!(q.key(), p.key());
    assert_eq!(q.men(Side::Black), b);
    assert_eq!(q.men(Side::Yellow), y);
    assert_eq!(q.to_act(), p.to_act());
    assert_eq!(q.phase(), p.phase());
    assert_eq!(q.rendezvous(), p.rendezvous());
}

/// Plays up to `steps` random legal actions from the start, checking after each.
/// Returns how many turns ended under Rule 7 and under Rule 8.
fn random_game(seed: u64, steps: usize, use_outcomes: bool) -> (usize, usize) {
    let mut ends = (0, 0);
    let mut rng = Lcg(seed);
    let mut p = Position::start_with_setter(if seed.is_multiple_of(2) {
        Side::Black
    } else {
        Side::Yellow
    });
    check_invariants(&p);
    for _ in 0..steps {
        if p.winner().is_some() {
            break;
        }
        let before = p.occupied().count();
        // `outcomes` replays every distinct turn: fine for first turns and small
        // allowances, too slow in a debug build for later turns of 4 or 5 squares.
        let light = p.phase() != Phase::Play || p.allowance() <= 3;
        let next = if p.phase() == Phase::Mark || (light && (use_outcomes || rng.below(5) == 0)) {
            random_step(&p, &mut rng)
        } else {
            let r = biased_turn(&p, &mut rng, 6, 4);
            match r.end {
                TurnEnd::Removed(sq) => {
                    ends.1 += 1;
                    assert_eq!(r.position.phase(), Phase::Mark);
                    assert!(!r.position.occupied().contains(sq));
                    assert_eq!(r.position.occupied().count(), before - 1, "Rule 8");
                }
                TurnEnd::Replaced(sq) => {
                    ends.0 += 1;
                    assert_eq!(r.position.man_at(sq), Some(p.to_act()));
                    assert_eq!(r.position.occupied().count(), before, "Rule 7");
                }
                TurnEnd::Played => assert_eq!(r.position.occupied().count(), before),
            }
            r.position
        };
        // Whatever the action: only a Rule 8 win lowers the number of men, by one.
        let after = next.occupied().count();
        if p.phase() != Phase::Mark && next.phase() == Phase::Mark {
            assert_eq!(after, before - 1);
        } else {
            assert_eq!(after, before);
        }
        check_invariants(&next);
        p = next;
    }
    ends
}

#[test]
fn random_games_reach_rule7_and_rule8() {
    let (mut r7, mut r8) = (0, 0);
    for seed in 0..40 {
        let (a, b) = random_game(seed, 300, false);
        r7 += a;
        r8 += b;
    }
    assert!(r7 > 0 && r8 > 0, "Rule 7: {r7}, Rule 8: {r8}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn random_play_by_legal_moves(seed in any::<u64>()) {
        random_game(seed, 300, false);
    }

    #[test]
    fn random_play_by_outcomes(seed in any::<u64>()) {
        random_game(seed, 150, true);
    }

    #[test]
    fn parse_then_format_is_identity_for_any_placement(
        black in proptest::collection::btree_set(0u8..64, 2..=5),
        yellow in proptest::collection::btree_set(0u8..64, 2..=5),
        yellow_to_act in any::<bool>(),
        mark in 0u8..64,
        line in 0usize..4,
        play in any::<bool>(),
    ) {
        let b: SquareSet = black.iter().filter_map(|&i| Square::from_index(i)).collect();
        let y: SquareSet = yellow.iter().filter_map(|&i| Square::from_index(i)).collect::<SquareSet>() - b;
        let side = if yellow_to_act { Side::Yellow } else { Side::Black };
        let p = Position::with_men(b, y, side).expect("disjoint, at most 10");
        check_invariants(&p);
        let size = p.rendezvous_size();
        let mark = Square::from_index(mark).expect("below 64");
        let towards = if size == 3 {
            mark.step(Line::ALL[line].canonical_direction())
        } else {
            None
        };
        if let Ok(q) = p.set_mark(mark, towards) {
            check_invariants(&q);
            let text = q.to_string();
            let text = if play { text.replace(" first", " play") } else { text };
            let r = Position::parse(&text).expect("written strings parse");
            prop_assert_eq!(r.to_string(), text);
            check_invariants(&r);
        }
    }
}

/// Whether `legal_moves` (the generator the outcome search uses) and `check_move` (the
/// rules checked square by square) agree on every move of the mover's men: the same
/// targets, each with the same count and way (D-7), at every state of random turns
/// from self-play positions. Returns the number of states and of slides seen.
fn generator_agrees_with_check_move(games: usize, seed: u64) -> (usize, usize) {
    let (games, _) = lanrick::selfplay::play_games(games, seed);
    let mut rng = Lcg(seed);
    let (mut states, mut slides) = (0, 0);
    for g in &games {
        let mut game = Game::new(Position::start());
        for action in &g.actions {
            let p = *game.position();
            if let Ok(mut t) = p.begin_turn() {
                loop {
                    let legal = t.legal_moves();
                    for from in p.men(p.to_act()) | t.men(t.mover()) {
                        for to in Square::ALL {
                            let listed = legal.iter().find(|m| m.from == from && m.to == to);
                            let checked = t.check_move(from, to).ok();
                            assert_eq!(
                                listed.copied(),
                                checked,
                                "{from}-{to} in {p} after {:?}",
                                t.moves()
                            );
                        }
                    }
                    assert!(legal.iter().all(|m| t.men(t.mover()).contains(m.from)));
                    states += 1;
                    slides += legal
                        .iter()
                        .filter(|m| matches!(m.way, Way::Slide { .. }))
                        .count();
                    if legal.is_empty() || t.is_closed() {
                        break;
                    }
                    let m = legal[rng.below(legal.len())];
                    t.play_move(m.from, m.to).expect("a listed move is legal");
                }
            }
            if game.play(action).is_err() {
                break;
            }
        }
    }
    (states, slides)
}

#[test]
fn legal_moves_agree_with_check_move() {
    let (states, slides) = generator_agrees_with_check_move(40, 1893);
    eprintln!("{states} states, {slides} slides");
    assert!(
        states >= 1000 && slides >= 1000,
        "{states} states, {slides} slides"
    );
}
