//! The prover's bounds against the naive solver: every goal a bound cuts (at every
//! depth, in 1880 with the Mark's moves, the need of the attacker's turn before his
//! last, the men in the way) is one the naive solver finds no win for.

mod prover_common;

use lanrick::engine::search::visit_outcomes;
use lanrick::engine::{Edition, OutcomeAction, Rules, Side};
use lanrick::prover::last::visit_goal_turns;
use lanrick::prover::sample::random_position;
use lanrick::prover::{self, Target};
use lanrick::selfplay::Rng;
use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

use prover_common::*;

/// The bound at every depth is admissible: on generated positions (1893, its options,
/// 1879), whenever `can_win_within` says a goal in 2 (the Rendezvous or the game)
/// cannot be met — with either side to act — the naive solver finds no way to meet it
/// either; and the bound does say so on some of them, game goals too.
#[test]
fn the_bound_at_every_depth_never_cuts_a_win() {
    let mut rng = Rng::new(2604);
    let eds: Vec<Rules> = editions()
        .into_iter()
        .filter(|r| r.edition() != Edition::E1880)
        .collect();
    let (mut checked, mut cut, mut games) = (0, 0, 0);
    let mut guard = 0;
    while checked < 40 && guard < 20_000 {
        guard += 1;
        let rules = eds[guard % eds.len()];
        let Some((p, side, target)) = small_case(&mut rng, rules) else {
            continue;
        };
        if next_round_in_reach(&p, target) {
            continue;
        }
        let goal = direct(side, target, 2);
        if prover::can_win_within(&p, &goal, 2) {
            continue;
        }
        cut += 1;
        games += usize::from(target == Target::Game);
        let mut hist = vec![p.key()];
        assert!(!naive(&p, &goal, 2, &mut hist), "{p} ({rules}) {goal}");
        checked += 1;
    }
    assert!(cut >= 10, "the bound cut only {cut} goals");
    assert!(games >= 5, "the bound cut only {games} game goals");
}

/// The 1880 bounds are admissible: on generated 1880 positions (Mark moves due in
/// some: `shift-B`, `shift-Y`), whenever the prover's tests say a goal cannot be met —
/// a Rendezvous or a game goal in 1 or 2, with either side to act: the count of men's
/// squares with the Mark's moves ([`prover::can_win_within`], [`prover::can_win_now`],
/// [`prover::can_win_after_defence`]) or the Rendezvous still to win
/// ([`Position::rendezvous_to_game`]) — the naive solver finds no way to meet it
/// either; and the tests do say so on some goals of each kind, in Mark-moving phases
/// too. (A game goal is rarely cut by the men's count: with four or five men the
/// defender mostly has two or more, so the Rendezvous still to win cut it first.)
#[test]
fn the_1880_bounds_never_cut_a_win() {
    let mut rng = Rng::new(1880);
    let rules = Rules::of(Edition::E1880);
    let mut checked = 0;
    let mut cut_by = BTreeMap::new();
    let mut guard = 0;
    while checked < 60 && guard < 20_000 {
        guard += 1;
        let Some((p, side, target)) = small_case(&mut rng, rules) else {
            continue;
        };
        let t = if rng.chance(50) { 1 } else { 2 };
        let goal = direct(side, target, t);
        let shifting = matches!(p.phase(), lanrick::engine::Phase::Shift(_));
        let why = if p.rendezvous_to_game(side) > t && target == Target::Game {
            "rendezvous to win"
        } else if t == 1 && p.to_act() == side && !prover::can_win_now(&p, &goal) {
            "now"
        } else if t == 1 && p.to_act() != side && !prover::can_win_after_defence(&p, &goal) {
            "after the defence"
        } else if !prover::can_win_within(&p, &goal, t) {
            "within"
        } else {
            continue;
        };
        *cut_by
            .entry((why, target == Target::Game, shifting))
            .or_insert(0) += 1;
        let mut hist = vec![p.key()];
        assert!(!naive(&p, &goal, t, &mut hist), "{p} {goal}: {why}");
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} cut goals checked");
    for (why, game) in [
        ("now", false),
        ("after the defence", false),
        ("within", false),
        ("rendezvous to win", true),
    ] {
        assert!(
            cut_by.keys().any(|&(w, g, _)| (w, g) == (why, game)),
            "no goal cut {why} (game {game}): {cut_by:?}"
        );
    }
    assert!(
        cut_by.keys().any(|&(_, _, shifting)| shifting),
        "no cut while the Mark may move: {cut_by:?}"
    );
}

/// What the attacker's turn must do before his last (`prover::turn_need`) is
/// admissible in 1893 and its options: on generated positions with a goal in 2 for the side to
/// act (Rendezvous and game), whenever it says no turn can keep the goal in reach the
/// naive solver finds no way to meet it, and whenever it says only a turn getting all
/// his men in can, every other turn of his fails by the naive solver; and it says the
/// latter on some positions of each target. (The goal out of reach at once needs more
/// of the defender's men than positions the naive solver can search in 2 have: the
/// same count proves it, and every solve with the switch off agrees,
/// `every_switch_leaves_every_result_unchanged`.)
#[test]
fn the_turns_that_get_no_man_taken_never_win_when_the_need_says_so() {
    use prover::TurnNeed;
    let mut rng = Rng::new(2616);
    let eds: Vec<Rules> = editions()
        .into_iter()
        .filter(|r| r.wins_only_by_men_in() && r.limits_each_man())
        .collect();
    let mut seen = BTreeMap::new();
    let mut guard = 0;
    while seen.values().sum::<usize>() < 200 && guard < 40_000 {
        guard += 1;
        let rules = eds[guard % eds.len()];
        let men = 4 + rng.below(3);
        let Some(p) = random_position(&mut rng, rules, men) else {
            continue;
        };
        if too_many_for_two(&p, 60) {
            continue;
        }
        let target = if rng.chance(50) {
            Target::Rendezvous
        } else {
            Target::Game
        };
        let goal = direct(p.to_act(), target, 2);
        let need = prover::turn_need(&p, &goal, 2);
        let mut hist = vec![p.key()];
        match need {
            TurnNeed::Any => continue,
            TurnNeed::Hopeless => {
                assert!(!naive(&p, &goal, 2, &mut hist), "{p} ({rules}) {goal}");
            }
            TurnNeed::AllIn => {
                let mut directed = BTreeSet::new();
                let _ = visit_goal_turns(&p, |_, c| {
                    directed.insert(c.to_string());
                    ControlFlow::Continue(())
                });
                for (turn, mark, c, _) in children(&p) {
                    if !turn || directed.contains(&c.to_string()) {
                        continue;
                    }
                    let mut h = hist.clone();
                    assert!(
                        !after(&p, turn, mark, &c, &goal, 2, &mut h),
                        "{p} ({rules}) {goal}: {c} wins without getting all in"
                    );
                }
            }
        }
        *seen
            .entry((format!("{need:?}"), target == Target::Game, rules.edition()))
            .or_insert(0) += 1;
    }
    for key in [
        ("AllIn", false, Edition::E1893),
        ("AllIn", true, Edition::E1893),
    ] {
        let got = seen
            .get(&(key.0.to_string(), key.1, key.2))
            .copied()
            .unwrap_or(0);
        assert!(got >= 3, "{key:?}: only {got} ({seen:?})");
    }
}

/// What `prover::turn_need` rests on for a game goal, in 1893, its options and 1879:
/// along random lines of play from generated positions (turns, takes, the 1879 bonus,
/// die and set-ups), no action lowers the Rendezvous a side still has to win
/// (`Position::rendezvous_to_game`) but a turn of his own that takes one of the other
/// side's men, and that by one at most; and every such turn is one the goal-directed
/// generator gives (all its moves end in the Rendezvous).
#[test]
fn only_a_turn_getting_all_in_lowers_the_rendezvous_still_to_win() {
    let mut rng = Rng::new(2617);
    let eds: Vec<Rules> = editions()
        .into_iter()
        .filter(|r| r.wins_only_by_men_in())
        .collect();
    let (mut lines, mut lowered) = (0, 0);
    let mut takes: BTreeMap<String, usize> = BTreeMap::new();
    let mut guard = 0;
    while lines < 60 && guard < 5000 {
        guard += 1;
        let rules = eds[guard % eds.len()];
        let men = if rules.edition() == Edition::E1879 {
            6 + rng.below(3)
        } else {
            4 + rng.below(5)
        };
        let Some(mut p) = random_position(&mut rng, rules, men) else {
            continue;
        };
        lines += 1;
        for _ in 0..8 {
            let me = p.to_act();
            let mut directed = BTreeSet::new();
            let _ = visit_goal_turns(&p, |_, c| {
                directed.insert(c.to_string());
                ControlFlow::Continue(())
            });
            let mut next = Vec::new();
            let _ = visit_outcomes(&p, |a, c| {
                let turn = matches!(a, OutcomeAction::Turn { .. });
                let took = turn && c.count(!me) < p.count(!me);
                for side in [Side::Black, Side::Yellow] {
                    let (before, now) = (p.rendezvous_to_game(side), c.rendezvous_to_game(side));
                    let may = if side == me && took { 1 } else { 0 };
                    assert!(
                        now + may >= before,
                        "{p} ({rules}) -> {c}: {side:?} {before} -> {now}"
                    );
                    lowered += usize::from(now < before);
                }
                if took {
                    *takes.entry(rules.edition().to_string()).or_insert(0) += 1;
                    assert!(
                        directed.contains(&c.to_string()),
                        "{p} ({rules}) -> {c}: a take the directed turns miss"
                    );
                }
                next.push(*c);
                ControlFlow::Continue(())
            });
            if next.is_empty() || p.winner().is_some() {
                break;
            }
            p = next[rng.below(next.len())];
        }
    }
    assert!(lines >= 60, "only {lines} lines");
    assert!(lowered >= 10, "lowered only {lowered} times");
    assert_eq!(takes.len(), 2, "takes in {takes:?}");
    assert!(takes.values().all(|&n| n >= 10), "takes in {takes:?}");
}

/// The last-turn tests with the other side's men in the way are admissible: on
/// generated positions (1893, its options, 1879), whenever `can_win_now` (the attacker
/// to act, the defender's men blocking his lines) or `can_win_after_defence` (the
/// defender to act, the attacker's men blocking the defender's way in) says a goal in
/// 1 cannot be met, the naive solver finds no way to meet it; and they say so often.
#[test]
fn the_men_in_the_way_never_cut_a_win() {
    let mut rng = Rng::new(2618);
    let eds: Vec<Rules> = editions()
        .into_iter()
        .filter(|r| r.wins_only_by_men_in())
        .collect();
    let (mut cut_now, mut cut_after) = (0, 0);
    let mut guard = 0;
    while cut_now + cut_after < 150 && guard < 40_000 {
        guard += 1;
        let rules = eds[guard % eds.len()];
        let men = few_men(rules, rng.chance(50)) + rng.below(3);
        let Some(p) = random_position(&mut rng, rules, men) else {
            continue;
        };
        let now = rng.chance(50);
        let side = if now { p.to_act() } else { !p.to_act() };
        let target = if rng.chance(70) {
            Target::Rendezvous
        } else {
            Target::Game
        };
        if next_round_in_reach(&p, target) || (!now && too_many_for_two(&p, 300)) {
            continue;
        }
        let goal = direct(side, target, 1);
        let cut = if now {
            !prover::can_win_now(&p, &goal)
        } else {
            !prover::can_win_after_defence(&p, &goal)
        };
        if !cut {
            continue;
        }
        let mut hist = vec![p.key()];
        assert!(!naive(&p, &goal, 1, &mut hist), "{p} ({rules}) {goal}");
        if now {
            cut_now += 1;
        } else {
            cut_after += 1;
        }
    }
    assert!(
        cut_now >= 50 && cut_after >= 20,
        "{cut_now} and {cut_after} cut"
    );
}

/// The defender able to get all his men in first does not keep a Rendezvous goal
/// alive in 1879 (his win ends the Rendezvous): on generated 1879 positions with the
/// defender to act, whenever he has a turn getting all in and
/// `can_win_after_defence` says the attacker's Rendezvous goal in 1 cannot be met,
/// the naive solver agrees; and there are such positions. (A game goal goes on into
/// the next Rendezvous, so there the bound still lets them through.)
#[test]
fn the_defender_winning_first_keeps_no_rendezvous_goal_alive() {
    let mut rng = Rng::new(2685);
    let rules: Rules = "1879".parse().expect("a rules value");
    let (mut cut, mut guard) = (0, 0);
    while cut < 15 && guard < 40_000 {
        guard += 1;
        let p = if rng.chance(50) {
            nearly_in_by(&mut rng, rules).and_then(|p| p.passed_over())
        } else {
            let men = few_men(rules, rng.chance(50));
            random_position(&mut rng, rules, men)
        };
        let Some(p) = p else {
            continue;
        };
        let goal = direct(!p.to_act(), Target::Rendezvous, 1);
        if too_many_for_two(&p, 300) || prover::can_win_after_defence(&p, &goal) {
            continue;
        }
        if !wins_in_1(&p, &direct(p.to_act(), Target::Rendezvous, 1)) {
            continue;
        }
        let game = direct(!p.to_act(), Target::Game, 1);
        if !next_round_in_reach(&p, Target::Game) {
            assert!(
                prover::can_win_after_defence(&p, &game),
                "{p}: the game goes on after the defender's win"
            );
        }
        let mut hist = vec![p.key()];
        assert!(!naive(&p, &goal, 1, &mut hist), "{p} {goal}");
        cut += 1;
    }
    assert!(cut >= 15, "only {cut} positions in {guard}");
}

/// The walk of the attacker's second-last turn (`prover::second_last_prune`, 1879, 1880
/// in play) skips only turns after which he cannot win: on generated 1879 positions
/// and 1880 positions in phase `play`, with a goal in 2
/// for the side to act (the Rendezvous and the game), every turn the whole walk gives
/// that either settles the goal or leaves `can_win_after_defence` true is in the pruned
/// walk, and the turns it leaves out are lost (one of them on each position played
/// on: after each of the defender's first twenty defences, he has got all in first,
/// which loses a Rendezvous goal for the attacker, or no turn of the attacker's meets
/// the goal); and the walk does leave turns out.
#[test]
fn the_second_last_walk_skips_only_turns_that_cannot_win() {
    for (edition, seed) in [("1879", 2626), ("1880", 2684)] {
        second_last_skips_only_losses(edition.parse().expect("a rules value"), seed);
    }
}

fn second_last_skips_only_losses(rules: Rules, seed: u64) {
    use lanrick::engine::search::visit_turns_pruned;
    let mut rng = Rng::new(seed);
    let (mut positions, mut skipped, mut played_on) = (0, 0, 0);
    let mut guard = 0;
    while positions < 20 && guard < 20_000 {
        guard += 1;
        let men = 6 + rng.below(2);
        // 1880: in phase `play` (the Mark no longer moves).
        let Some(p) = random_position(&mut rng, rules, men).and_then(|p| in_play_1880(&p)) else {
            continue;
        };
        let target = if rng.chance(70) {
            Target::Rendezvous
        } else {
            Target::Game
        };
        if next_round_in_reach(&p, target) {
            continue;
        }
        let goal = direct(p.to_act(), target, 2);
        let Some(prune) = prover::second_last_prune(&p, &goal) else {
            continue;
        };
        let mut kept = BTreeSet::new();
        let _ = visit_turns_pruned(&p, prune, |_, c| {
            kept.insert(c.to_string());
            ControlFlow::Continue(())
        });
        positions += 1;
        let mut left_out = Vec::new();
        let _ = visit_outcomes(&p, |_, c| {
            if kept.contains(&c.to_string()) {
                return ControlFlow::Continue(());
            }
            let settled = goal.settle(&p, c).is_some();
            let through = c.to_act() != goal.side
                && prover::can_win_after_defence(c, &direct(goal.side, target, 1));
            assert!(
                !settled && !through,
                "{p} ({goal}): the walk left out {c}, which the bound lets through"
            );
            left_out.push(*c);
            ControlFlow::Continue(())
        });
        skipped += left_out.len();
        // One of the turns left out, played on: after each of the defender's first
        // twenty defences, either the defender has met the goal first (getting all in
        // settles a Rendezvous goal against the attacker, so the walk need not count
        // it) or no turn of the attacker's wins.
        if let Some(c) = left_out.first() {
            let mut defences = 0;
            let _ = visit_outcomes(c, |_, d| {
                defences += 1;
                match goal.settle(c, d) {
                    Some(false) => {
                        assert_eq!(target, Target::Rendezvous, "{p} ({goal}): {c} {d}");
                        return ControlFlow::Continue(());
                    }
                    Some(true) => panic!("{p} ({goal}): {c} {d} meets the goal"),
                    None => {}
                }
                let _ = visit_outcomes(d, |_, e| {
                    assert_ne!(
                        goal.settle(d, e),
                        Some(true),
                        "{p} ({goal}): {c} left out, yet the attacker wins after {d}"
                    );
                    ControlFlow::Continue(())
                });
                if defences >= 20 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            played_on += 1;
        }
    }
    assert!(positions >= 20, "only {positions} positions ({rules})");
    assert!(skipped >= 100, "only {skipped} turns left out ({rules})");
    assert!(played_on >= 20, "only {played_on} played on ({rules})");
}

/// `p` once the Mark stands still: in 1880, the same men and Mark in phase `play` (the
/// first player has moved a man); any other position as it is.
fn in_play_1880(p: &lanrick::engine::Position) -> Option<lanrick::engine::Position> {
    match p.phase() {
        lanrick::engine::Phase::Shift(_) => {
            let text = p.to_string();
            let (head, _) = text.rsplit_once(' ')?;
            lanrick::engine::Position::parse_as(p.rules(), &format!("{head} play")).ok()
        }
        _ => Some(*p),
    }
}

/// A position under `rules` in play (1879, or 1880 in phase `play`: the Mark no longer
/// moves, the first player having moved a man) with the defender to act and the
/// attacker (the other side) nearly all in: all but one or two of his three or four men
/// in the 3×3 set round a random Mark, the others two or three squares from the Mark;
/// the defender's three men anywhere else. `None` when the draw gives no such position.
fn nearly_in_by(rng: &mut Rng, rules: Rules) -> Option<lanrick::engine::Position> {
    use lanrick::engine::{Position, Square, SquareSet};
    let mark = Square::from_coords(2 + rng.below(4) as u8, 2 + rng.below(4) as u8)?;
    let set: Vec<Square> = (0..64)
        .filter_map(Square::from_index)
        .filter(|sq| sq.distance(mark) <= 1)
        .collect();
    let near: Vec<Square> = (0..64)
        .filter_map(Square::from_index)
        .filter(|sq| (2..=3).contains(&sq.distance(mark)))
        .collect();
    let attacker = if rng.chance(50) {
        Side::Black
    } else {
        Side::Yellow
    };
    let mut men = [SquareSet::EMPTY, SquareSet::EMPTY];
    let mut taken = SquareSet::EMPTY;
    let mut place = |side: usize, from: &[Square], rng: &mut Rng, men: &mut [SquareSet; 2]| {
        for _ in 0..20 {
            let sq = from[rng.below(from.len())];
            if !taken.contains(sq) {
                taken.insert(sq);
                men[side].insert(sq);
                return;
            }
        }
    };
    let a = usize::from(attacker == Side::Yellow);
    let n = 3 + rng.below(2);
    let out = 1 + rng.below(2);
    for i in 0..n {
        let from = if i < out { &near } else { &set };
        place(a, from, rng, &mut men);
    }
    let all: Vec<Square> = (0..64).filter_map(Square::from_index).collect();
    for _ in 0..3 {
        place(1 - a, &all, rng, &mut men);
    }
    let p = Position::with_men(men[0], men[1], !attacker)
        .ok()?
        .with_rules(rules);
    let (_, marked) = p
        .mark_outcomes()
        .into_iter()
        .find(|(_, q)| q.rendezvous().is_some_and(|r| r.mark() == mark))?;
    let marked = in_play_1880(&marked)?;
    let p = if marked.to_act() == attacker {
        marked.passed_over()?
    } else {
        marked
    };
    (p.phase().in_play() && p.winner().is_none() && !p.outside(!attacker).is_empty()).then_some(p)
}

/// An unstoppable threat (`prover::unstoppable_threat`, 1879) is a win: on generated
/// 1879 positions with the defender to act, the attacker nearly all in, and a
/// Rendezvous goal in 1 for the attacker, whenever it says every defence loses, the
/// naive solver finds the attacker winning after every defence; and it says so on
/// some positions.
#[test]
fn an_unstoppable_threat_wins_against_every_defence() {
    for (edition, seed) in [("1879", 2627), ("1880", 2680)] {
        unstoppable_threats_win(edition.parse().expect("a rules value"), seed);
    }
}

fn unstoppable_threats_win(rules: Rules, seed: u64) {
    let mut rng = Rng::new(seed);
    let (mut found, mut guard) = (0, 0);
    while found < 12 && guard < 20_000 {
        guard += 1;
        let Some(p) = nearly_in_by(&mut rng, rules) else {
            continue;
        };
        let goal = direct(!p.to_act(), Target::Rendezvous, 1);
        if !prover::unstoppable_threat(&p, &goal) {
            continue;
        }
        // Every defence (none a repetition: the history is fresh) leaves a winning
        // turn: the goal in 1 as the naive solver decides it, stopping at each win.
        let _ = visit_outcomes(&p, |_, c| {
            assert_ne!(goal.settle(&p, c), Some(false), "{p} ({goal}): {c}");
            let mut wins = false;
            let _ = visit_outcomes(c, |_, d| {
                wins = goal.settle(c, d) == Some(true);
                if wins {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            assert!(wins, "{p} ({goal}): no win after {c}");
            ControlFlow::Continue(())
        });
        found += 1;
    }
    assert!(
        found >= 12,
        "only {found} unstoppable threats in {guard} positions ({rules})"
    );
}

/// The walk towards the turns getting all the mover's men in (`visit_taking_turns`
/// with `prover::last_turn_prune`, 1879 and 1880) misses no winning turn: on generated
/// positions (and the attacker nearly all in), every outcome of the whole walk that
/// wins the Rendezvous for the side to act is one it gives; and there are such
/// outcomes.
#[test]
fn the_all_in_walk_finds_every_winning_turn() {
    for (edition, seed) in [("1879", 2628), ("1880", 2683)] {
        all_in_walk_finds_every_win(edition.parse().expect("a rules value"), seed);
    }
}

/// [`the_all_in_walk_finds_every_winning_turn`] under `rules` (1879, 1880): random
/// positions and positions with the side to act nearly all in (1880 in every phase
/// in play, the Mark standing or not).
fn all_in_walk_finds_every_win(rules: Rules, seed: u64) {
    use lanrick::engine::search::visit_taking_turns;
    let mut rng = Rng::new(seed);
    let (mut positions, mut wins, mut guard) = (0, 0, 0);
    while (positions < 300 || wins < 30) && guard < 20_000 {
        guard += 1;
        let p = if rng.chance(50) {
            nearly_in_by(&mut rng, rules).and_then(|p| p.passed_over())
        } else {
            let men = 6 + rng.below(3);
            random_position(&mut rng, rules, men)
        };
        let Some(p) = p else {
            continue;
        };
        let (Some(prune), Some(r)) = (prover::last_turn_prune(&p), p.rendezvous()) else {
            continue;
        };
        let goal = direct(p.to_act(), Target::Rendezvous, 1);
        let mut walked = BTreeSet::new();
        let _ = visit_taking_turns(&p, r.squares(), prune, |_, c| {
            walked.insert(c.to_string());
            ControlFlow::Continue(())
        });
        positions += 1;
        let _ = visit_outcomes(&p, |_, c| {
            if goal.settle(&p, c) == Some(true) {
                wins += 1;
                assert!(walked.contains(&c.to_string()), "{rules}: {p}: {c} missed");
            }
            ControlFlow::Continue(())
        });
    }
    assert!(
        positions >= 300 && wins >= 30,
        "{rules}: {positions} positions, {wins} wins"
    );
}

/// Whether the side to act in `p` has a turn meeting `goal` (the naive solver, every
/// outcome, stopping at the first).
fn wins_in_1(p: &lanrick::engine::Position, goal: &lanrick::engine::Goal) -> bool {
    let mut wins = false;
    let _ = visit_outcomes(p, |_, d| {
        wins = goal.settle(p, d) == Some(true);
        if wins {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    wins
}

/// Only a defence blocking every threat may refute (`prover::blocking_defences`,
/// 1879, `Limits::block_all`): on generated 1879 positions with the defender to act
/// and the attacker nearly all in, every defence it leaves out is followed by a
/// winning turn of the attacker's (the naive solver); and it leaves defences out on
/// some of them.
#[test]
fn only_the_defences_blocking_every_threat_may_refute() {
    for (edition, seed) in [("1879", 2629), ("1880", 2681)] {
        only_blocks_may_refute(edition.parse().expect("a rules value"), seed);
    }
}

fn only_blocks_may_refute(rules: Rules, seed: u64) {
    let mut rng = Rng::new(seed);
    let (mut cut, mut left_out, mut guard) = (0, 0, 0);
    while cut < 12 && guard < 20_000 {
        guard += 1;
        let Some(p) = nearly_in_by(&mut rng, rules) else {
            continue;
        };
        let goal = direct(!p.to_act(), Target::Rendezvous, 1);
        let Some(kept) = prover::blocking_defences(&p, &goal) else {
            continue;
        };
        let kept: BTreeSet<String> = kept.iter().map(|c| c.to_string()).collect();
        let mut out = 0;
        let _ = visit_outcomes(&p, |_, c| {
            if !kept.contains(&c.to_string()) {
                out += 1;
                assert_ne!(goal.settle(&p, c), Some(false), "{p} ({goal}): {c}");
                assert!(wins_in_1(c, &goal), "{p} ({goal}): no win after {c}");
            }
            ControlFlow::Continue(())
        });
        if out > 0 {
            cut += 1;
            left_out += out;
        }
    }
    assert!(
        cut >= 12 && left_out >= 100,
        "only {cut} positions ({left_out} defences) cut in {guard} ({rules})"
    );
}

/// A defence that blocks every threat and leaves no square the attacker's turns could
/// use refutes (`prover::leaves_no_lane`, 1879, `Limits::vacated`): on generated 1879
/// positions with the defender to act (the attacker nearly all in, or anywhere),
/// whenever it says so of a defence, the attacker has no winning turn after it (the
/// naive solver); and it says so of some.
#[test]
fn a_defence_leaving_no_lane_refutes() {
    for (edition, seed) in [("1879", 2630), ("1880", 2682)] {
        no_lane_refutes(edition.parse().expect("a rules value"), seed);
    }
}

fn no_lane_refutes(rules: Rules, seed: u64) {
    let mut rng = Rng::new(seed);
    let (mut found, mut guard) = (0, 0);
    while found < 40 && guard < 20_000 {
        guard += 1;
        let p = if rng.chance(50) {
            nearly_in_by(&mut rng, rules)
        } else {
            let men = 6 + rng.below(3);
            random_position(&mut rng, rules, men)
        };
        let Some(p) = p else {
            continue;
        };
        let goal = direct(!p.to_act(), Target::Rendezvous, 1);
        let mut seen = 0;
        let _ = visit_outcomes(&p, |_, c| {
            seen += 1;
            if seen > 200 {
                return ControlFlow::Break(());
            }
            if prover::leaves_no_lane(&p, &goal, c) {
                found += 1;
                if goal.settle(&p, c).is_none() {
                    assert!(!wins_in_1(c, &goal), "{p} ({goal}): a win after {c}");
                }
            }
            ControlFlow::Continue(())
        });
    }
    assert!(found >= 40, "only {found} in {guard} positions ({rules})");
}

/// A defence on the way of the turn the walk gives for an end is not on the way of
/// every turn to that end (1880, `prover::leaves_no_lane`): Yellow's a4 and c4 reach a6
/// and c6 straight up, or crossed through b5; Black's man on c5 stops only the first,
/// and Yellow wins by the second.
#[test]
fn a_defence_blocking_one_way_to_an_end_leaves_the_crossed_way_open() {
    use lanrick::engine::Position;
    let rules: Rules = "1880".parse().expect("a rules value");
    let p =
        Position::parse_as(rules, "8/Y1Y5/8/8/Y1YB2B1/2B2B2/8/8 B b7 play").expect("a position");
    let c =
        Position::parse_as(rules, "8/Y1Y5/8/2B5/Y1Y3B1/8/4B3/B7 Y b7 play").expect("a position");
    let mut reached = false;
    let _ = visit_outcomes(&p, |_, d| {
        reached |= *d == c;
        ControlFlow::Continue(())
    });
    assert!(reached, "{c} is a defence from {p}");
    let goal = direct(Side::Yellow, Target::Rendezvous, 1);
    assert!(wins_in_1(&c, &goal), "a4-c6 c4-a6 wins");
    assert!(!prover::leaves_no_lane(&p, &goal, &c));
}

/// Blocking every threat and the vacated squares (`Limits::block_all`,
/// `Limits::vacated`, 1879) change no result, only the work: on generated 1879
/// positions with the attacker to act and nearly all in, a Rendezvous goal in 2 has the
/// same verdict and the same keys at the same depths with both on, with each off and
/// with both off; and they save nodes on some of them (so they apply there).
#[test]
fn blocking_every_threat_and_the_vacated_squares_change_no_result() {
    for (edition, seed) in [("1879", 2631), ("1880", 2683)] {
        blocks_change_no_result(edition.parse().expect("a rules value"), seed);
    }
}

fn blocks_change_no_result(rules: Rules, seed: u64) {
    use lanrick::prover::{Limits, Wants};
    let mut rng = Rng::new(seed);
    let on = Limits {
        threads: 1,
        max_nodes: Some(3_000_000),
        ..Limits::default()
    };
    let offs = [
        Limits {
            block_all: false,
            ..on.clone()
        },
        Limits {
            vacated: false,
            ..on.clone()
        },
        Limits {
            block_all: false,
            vacated: false,
            ..on.clone()
        },
        Limits {
            blocks: false,
            ..on.clone()
        },
    ];
    let (mut checked, mut saved, mut guard) = (0, 0, 0);
    while checked < 20 && guard < 2_000 {
        guard += 1;
        // 1879: the attacker nearly all in; 1880, where he would mostly win at once
        // from there: anywhere, in play.
        let p = if rules.edition() == Edition::E1879 {
            nearly_in_by(&mut rng, rules).and_then(|p| p.passed_over())
        } else {
            let men = 5 + rng.below(3);
            random_position(&mut rng, rules, men).and_then(|p| in_play_1880(&p))
        };
        let Some(p) = p else {
            continue;
        };
        let goal = direct(p.to_act(), Target::Rendezvous, 2);
        let want = prover::solve(&p, goal, &on, &Wants::default()).expect("a puzzle");
        if !want.complete {
            continue;
        }
        let depths = |r: &prover::Report| -> Vec<(String, Option<u32>)> {
            r.keys
                .iter()
                .map(|k| (k.act.to_string(), k.depth))
                .collect()
        };
        let got: Vec<prover::Report> = offs
            .iter()
            .map(|off| prover::solve(&p, goal, off, &Wants::default()).expect("a puzzle"))
            .collect();
        // (Without the blocks a proof may need more than the budget: not compared.)
        if got.iter().any(|g| !g.complete) {
            continue;
        }
        let mut most = 0;
        for (off, got) in offs.iter().zip(&got) {
            assert_eq!(got.verdict, want.verdict, "{p} {goal} {off:?}");
            assert_eq!(depths(got), depths(&want), "{p} {goal}");
            most = most.max(got.nodes);
        }
        checked += 1;
        if most > want.nodes {
            saved += 1;
        }
    }
    assert!(
        checked >= 20 && saved >= 4,
        "{checked} checked, {saved} saved ({rules})"
    );
}
