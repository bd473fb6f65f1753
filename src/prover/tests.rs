//! Unit tests of the prover: Carroll's hints, the verdict order, the switches.

use super::*;
use crate::engine::Rules;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// A 1893 position from its string.
pub(super) fn pos(s: &str) -> Position {
    Position::parse_as(Rules::default(), s).expect("a valid position string")
}

/// `side` wins the Rendezvous in `turns`, direct play.
pub(super) fn goal(side: Side, turns: u32) -> Goal {
    Goal {
        side,
        target: Target::Rendezvous,
        turns,
        help: false,
    }
}

#[test]
fn carrolls_first_hint_has_one_key() {
    let p = pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    let r = solve(
        &p,
        goal(Side::Yellow, 1),
        &Limits::default(),
        &Wants::default(),
    )
    .unwrap();
    assert_eq!(r.verdict, Verdict::Sound, "{r:?}");
    assert_eq!(r.true_keys().count(), 1);
}

#[test]
fn wrong_side_is_refused_in_direct_play() {
    let p = pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    assert!(
        solve(
            &p,
            goal(Side::Black, 1),
            &Limits::default(),
            &Wants::default()
        )
        .is_err()
    );
}

/// D-9 on the search path: a position's third occurrence in the Rendezvous is a draw
/// (`enter` refuses it), leaving a branch forgets its positions, and a Mark starts the
/// count afresh. (Whole puzzles meet a third occurrence only from goals in 5: a
/// side's action moves only his own men, so a position comes back at the earliest
/// four actions later.)
#[test]
fn a_third_occurrence_on_the_path_is_a_draw() {
    let p = pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    let mut first = None;
    let _ = visit_outcomes(&p, |a, c| {
        first = Some((a.to_action(), *c));
        ControlFlow::Break(())
    });
    let (turn, c) = first.expect("a turn");
    let limits = Limits::default();
    let shared = Shared::new(goal(Side::Yellow, 5), &limits, 0);
    let mut s = Search::new(&shared, None, None, 0, &p);
    // p (the root), c, p, c: each at most twice so far.
    let s1 = s.enter(&turn, &c).expect("c once");
    let s2 = s.enter(&turn, &p).expect("p twice");
    assert_eq!(s.hist.repeats(), 1);
    let s3 = s.enter(&turn, &c).expect("c twice");
    assert!(s.enter(&turn, &p).is_none(), "p a third time is a draw");
    assert!(s.enter(&turn, &c).is_none(), "c a third time is a draw");
    // Back to after the first c: p has occurred once on the path (the root).
    s.leave(s3);
    s.leave(s2);
    assert_eq!(s.hist.repeats(), 0);
    let s2 = s.enter(&turn, &p).expect("p twice again");
    s.leave(s2);
    // A Mark starts a new Rendezvous: its positions count from zero.
    let mark = Action::from(p.rendezvous().expect("in play"));
    let s2 = s.enter(&turn, &p).expect("p twice");
    let s3 = s.enter(&mark, &c).expect("c after a Mark");
    assert_eq!(s.hist.repeats(), 0);
    let s4 = s.enter(&turn, &p).expect("p once since the Mark");
    assert_eq!(s.hist.repeats(), 0);
    s.enter(&turn, &c).expect("c twice since the Mark");
    assert_eq!(s.hist.repeats(), 1);
    for saved in [s4, s3, s2, s1] {
        s.leave(saved);
    }
    assert_eq!((s.hist.len(), s.hist.repeats()), (1, 0));
}

/// A clock that advances by `step` at every reading: a deadline passes after a known
/// number of readings, on any machine.
#[derive(Debug)]
struct Ticking {
    start: Instant,
    reads: AtomicU64,
    step: Duration,
}

impl Ticking {
    fn new(step: Duration) -> Arc<Ticking> {
        Arc::new(Ticking {
            start: Instant::now(),
            reads: AtomicU64::new(0),
            step,
        })
    }

    fn reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }
}

impl Clock for Ticking {
    fn now(&self) -> Instant {
        let n = self.reads.fetch_add(1, Ordering::Relaxed);
        self.start + self.step * u32::try_from(n).unwrap_or(u32::MAX)
    }
}

/// 8 men, no key in 2: asked in 6, a search of hours.
const DEEP: &str = "6Y1/8/1Y6/1Y6/8/8/B5B1/2Y2B2 Y c4 play";

/// One deadline for the whole proof and every phase after it: with a clock that moves
/// 1 ms a reading and 100 ms allowed, the proof (keys, then tries) reads the clock only
/// a few times after the deadline, where each reading stood for a key's search of up
/// to 4096 nodes before (0.5 s took 18 s).
#[test]
fn the_deadline_bounds_every_phase_of_the_whole_proof() {
    let clock = Ticking::new(Duration::from_millis(1));
    let mut limits = Limits {
        threads: 1,
        max_time: Some(Duration::from_millis(100)),
        clock: clock.clone(),
        ..Limits::default()
    };
    limits.start_clock();
    let p = pos(DEEP);
    let g = goal(Side::Yellow, 6);
    let wants = Wants {
        trees: true,
        ..Wants::default()
    };
    let r = solve(&p, g, &limits, &wants).expect("a puzzle");
    assert_eq!(r.verdict, Verdict::Unproven);
    assert_eq!(r.cut, Some(Cut::Time));
    assert!(!r.complete);
    let t = tries(&p, g, &limits, &r, 1);
    assert_eq!(t.cut, Some(Cut::Time));
    // The start, then at most one reading past the deadline per phase.
    let reads = clock.reads();
    assert!((101..=105).contains(&reads), "{reads} readings");
    // A second call with the same limits finds the deadline passed at once.
    let again = solve(&p, g, &limits, &wants).expect("a puzzle");
    assert_eq!(again.cut, Some(Cut::Time));
    assert!(clock.reads() <= reads + 3, "{} readings", clock.reads());
}

/// `max_time` alone (the player's way) counts from the start of each call: three
/// calls of about 0.42 s each (4,209 keys, a reading each, 100 µs a reading) are never
/// cut by a limit of 1 s.
#[test]
fn max_time_without_a_started_clock_counts_from_each_call() {
    let clock = Ticking::new(Duration::from_micros(100));
    let limits = Limits {
        threads: 1,
        max_time: Some(Duration::from_millis(1000)),
        clock: clock.clone(),
        ..Limits::default()
    };
    let p = pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    for _ in 0..3 {
        let r = solve(&p, goal(Side::Yellow, 1), &limits, &Wants::default()).expect("a puzzle");
        assert_eq!((r.verdict, r.cut), (Verdict::Sound, None));
    }
    assert!(clock.reads() > 10_000, "{} readings", clock.reads());
}

/// The node budget is the whole proof's: never exceeded, whatever the budget, and the
/// result is the same on one thread or two (each search's share is fixed before it
/// starts).
#[test]
fn the_node_budget_holds_for_the_whole_proof_on_any_threads() {
    let p = pos("4Y3/B7/8/6B1/8/8/Y4Y2/2B3B1 B e3 play");
    let g = goal(Side::Black, 2);
    let wants = Wants {
        trees: true,
        ..Wants::default()
    };
    for max_nodes in [10, 10_300, 30_000, 45_000, 60_000, 1_000_000] {
        let mut seen = Vec::new();
        for threads in [1, 2] {
            let limits = Limits {
                threads,
                max_nodes: Some(max_nodes),
                ..Limits::default()
            };
            let r = solve(&p, g, &limits, &wants).expect("a puzzle");
            assert!(r.nodes <= max_nodes, "{} nodes of {max_nodes}", r.nodes);
            if r.complete {
                assert_eq!(r.verdict, Verdict::Cooked);
            } else {
                assert_eq!(r.cut, Some(Cut::Nodes));
            }
            let t = tries(&p, g, &limits, &r, 1);
            seen.push((
                r.verdict,
                r.nodes,
                r.cut,
                r.trees.len(),
                r.trees.iter().filter(|t| t.is_incomplete()).count(),
                t.found.len(),
                t.cut,
            ));
        }
        assert_eq!(seen[0], seen[1], "budget {max_nodes}");
    }
}

/// Every first action is searched at one depth before any at the next: a win in 1
/// asked in 50 is `short` after the first depth (it searched every key 49 turns deep
/// first), and `solve` of it is cut by the node budget, not run for hours.
#[test]
fn a_win_in_one_asked_in_fifty_is_short_at_the_first_depth() {
    let p = pos("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    let g = goal(Side::Yellow, 50);
    let key = solve(
        &p,
        goal(Side::Yellow, 1),
        &Limits::default(),
        &Wants::default(),
    )
    .expect("a puzzle")
    .true_keys()
    .next()
    .and_then(|k| k.positions.first().copied());
    let wants = Wants {
        written: key,
        verdict_only: true,
        ..Wants::default()
    };
    let r = solve(&p, g, &Limits::default(), &wants).expect("a puzzle");
    assert_eq!(r.verdict, Verdict::Short);
    assert_eq!(r.shortest, Some(1));
    assert!(r.complete);
    assert!(r.nodes < 10_000, "{} nodes", r.nodes);
    let limits = Limits {
        max_nodes: Some(200_000),
        ..Limits::default()
    };
    // `solve` too stops at the shorter solution: every key in 1 known, the other
    // first actions not tried in 50.
    let all = solve(&p, g, &limits, &Wants::default()).expect("a puzzle");
    assert_eq!((all.verdict, all.cut), (Verdict::Short, None));
    assert!(all.complete && !all.all_keys());
    assert!(all.true_keys().all(|k| k.depth == Some(1)));
}

/// The stop flag of the budget (the player's Ctrl-C) stops a proof as the deadline
/// does, and the report says so: already set, the proof does not start; set from
/// another thread while a search of hours runs, it ends within a clock-check interval.
#[test]
fn the_stop_flag_stops_a_proof() {
    static SET: AtomicBool = AtomicBool::new(true);
    static LATER: AtomicBool = AtomicBool::new(false);
    let p = pos(DEEP);
    let g = goal(Side::Yellow, 6);
    let limits = Limits {
        threads: 1,
        stop: Some(&SET),
        ..Limits::default()
    };
    let r = solve(&p, g, &limits, &Wants::default()).expect("a puzzle");
    assert_eq!((r.verdict, r.cut), (Verdict::Unproven, Some(Cut::Stop)));
    let limits = Limits {
        threads: 1,
        stop: Some(&LATER),
        ..Limits::default()
    };
    let setter = std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(50));
        LATER.store(true, Ordering::Relaxed);
    });
    let r = solve(&p, g, &limits, &Wants::default()).expect("a puzzle");
    setter.join().expect("the setter");
    assert_eq!((r.verdict, r.cut), (Verdict::Unproven, Some(Cut::Stop)));
    assert!(r.nodes < DEFAULT_MAX_NODES, "{} nodes", r.nodes);
}

/// Trees built keeping only a few defences of each node count the same defences,
/// duals and cuts as the whole trees, and keep the same first defences: `solve`'s
/// text, which shows only those, takes memory for what it shows.
#[test]
fn trees_keeping_a_few_defences_count_the_same_as_whole_trees() {
    let p = pos("4Y3/B7/8/6B1/8/8/Y4Y2/2B3B1 B e3 play");
    let g = goal(Side::Black, 2);
    fn summary(t: &Tree) -> (String, usize, u64, bool) {
        (
            t.act.to_string(),
            t.answers(),
            t.total_duals(),
            t.is_incomplete(),
        )
    }
    fn prefix(t: &Tree, keep: usize) -> Vec<String> {
        let mut out = vec![t.act.to_string()];
        for n in t.next.iter().take(keep) {
            out.extend(prefix(n, keep));
        }
        out
    }
    for max_nodes in [45_000, 1_000_000] {
        let limits = Limits {
            threads: 1,
            max_nodes: Some(max_nodes),
            ..Limits::default()
        };
        let whole = Wants {
            trees: true,
            ..Wants::default()
        };
        let kept = Wants {
            keep: Some(2),
            ..whole.clone()
        };
        let a = solve(&p, g, &limits, &whole).expect("a puzzle");
        let b = solve(&p, g, &limits, &kept).expect("a puzzle");
        assert_eq!(a.trees.len(), b.trees.len());
        assert!(a.trees.iter().any(|t| t.answers() > 2), "a tree to cut");
        assert_eq!(a.duals, b.duals);
        assert_eq!(a.complete, b.complete);
        for (x, y) in a.trees.iter().zip(&b.trees) {
            assert_eq!(summary(x), summary(y));
            assert!(y.next.iter().all(|d| d.answers() == d.next.len()));
            assert!(y.next.len() <= 2);
            assert_eq!(prefix(x, 2), prefix(y, 2));
            assert!(y.size() <= x.size());
        }
        assert!(
            b.trees.iter().map(Tree::size).sum::<usize>()
                < a.trees.iter().map(Tree::size).sum::<usize>()
        );
    }
}

/// The results the keys' searches share ([`Limits::shared_results`]) change no
/// verdict and no key, spare work where keys transpose, and depend on no thread: the
/// same nodes on one, two and three threads.
#[test]
fn results_shared_between_the_keys_change_nothing_but_the_work() {
    let rules: Rules = "1880".parse().expect("the 1880 rules");
    let p = Position::parse_as(rules, "8/8/8/8/7Y/3B4/3Y4/2B5 B e6 play").expect("a position");
    let g = goal(Side::Black, 3);
    let run = |shared_results: bool, threads: usize| {
        let limits = Limits {
            shared_results,
            threads,
            ..Limits::default()
        };
        let r = solve(&p, g, &limits, &Wants::default()).expect("a puzzle");
        assert!(r.complete);
        let keys: Vec<_> = r.keys.iter().map(|k| (k.act.clone(), k.depth)).collect();
        (r.verdict, keys, r.nodes)
    };
    let off = run(false, 1);
    let on = run(true, 1);
    assert_eq!((&on.0, &on.1), (&off.0, &off.1));
    assert!(on.2 < off.2, "shared: {} nodes, not: {}", on.2, off.2);
    assert_eq!(run(true, 2), on);
    assert_eq!(run(true, 3), on);
}

/// A defence kept at an AND node (which may hold 10^5 of them) is no larger than its
/// position and a word: the interchange's choices are boxed.
#[test]
fn a_defence_kept_at_an_and_node_is_small() {
    assert!(
        std::mem::size_of::<Defence>() <= std::mem::size_of::<Position>() + 8,
        "{} bytes, a position {}",
        std::mem::size_of::<Defence>(),
        std::mem::size_of::<Position>()
    );
}

/// The defences are searched most promising first: a defence leaving the attacker's
/// last man outside with no clear line in ranks above one that leaves him a clear
/// three squares, and one after which the defender will get all in while the attacker
/// cannot at once ranks above both (1879).
#[test]
fn a_defence_that_blocks_or_threatens_looks_the_more_promising_refutation() {
    let rules: Rules = "1879".parse().expect("the 1879 rules");
    let promise = |text: &str| {
        let c = Position::parse_as(rules, text).expect("a position");
        bound::refutation_promise(&c, &goal(Side::Black, 2))
    };
    // Black's fourth man on h4 goes h4-e4 into the set round d4 (three squares).
    let open = promise("YYY4Y/8/8/8/7B/2BBB3/8/8 B d4 play 0-0 B");
    // A Yellow man on f4 closes that line, and no other leads him in.
    let closed = promise("YYY5/8/8/8/5Y1B/2BBB3/8/8 B d4 play 0-0 B");
    // Yellow has three men in and g4-e4 to come; Black's h8 is cut off by e5.
    let threat = promise("7B/8/8/2YYY3/6Y1/2BBB3/8/8 B d4 play 0-0 B");
    assert_eq!(open, 3);
    assert_eq!(closed, 8);
    assert!(threat >= 1000, "{threat}");
    // Under the 1880 rules the Mark moves: no order is claimed.
    let c = Position::parse_as(
        "1880".parse().expect("the 1880 rules"),
        "8/8/8/8/7Y/3B4/3Y4/2B5 B e6 play",
    )
    .expect("a position");
    assert_eq!(bound::refutation_promise(&c, &goal(Side::Black, 2)), 0);
}

/// The reply sweep changes the work, never the result: on the seeded benchmark's
/// game goal in 3 where its AND nodes hold hundreds of defences (#12, 1893), the
/// verdict and the keys are those of the search without it, in fewer or more nodes.
#[test]
fn the_reply_sweep_keeps_the_verdict_and_every_key_of_a_goal_in_3() {
    let set = sample::benchmark_set(26, 10, 3, 8);
    let s = &set[12];
    assert_eq!(s.goal.target, Target::Game);
    let run = |reply_sweep: bool| {
        let limits = Limits {
            threads: 1,
            hash_mib: 16,
            reply_sweep,
            ..Limits::default()
        };
        solve(&s.position, s.goal, &limits, &Wants::default()).expect("a puzzle")
    };
    let (on, off) = (run(true), run(false));
    assert_eq!(on.verdict, Verdict::Cooked, "{}", s.position);
    assert_eq!(on.verdict, off.verdict);
    let keys = |r: &Report| {
        r.true_keys()
            .map(|k| k.positions.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(keys(&on), keys(&off));
    assert_eq!(keys(&on).len(), 7);
    // The sweep ran: the same proof took another number of nodes.
    assert_ne!(on.nodes, off.nodes);
}

/// The verdict first: on a cooked goal in 3 (#12 of the seeded benchmark, 1893, seven
/// keys), a budget too small for every key still decides `cooked`, with the keys found
/// so far and the list marked incomplete; without it the same budget ends `unproven`.
#[test]
fn a_budget_too_small_for_every_key_still_finds_the_goal_cooked() {
    let set = sample::benchmark_set(26, 10, 3, 8);
    let s = &set[12];
    let run = |verdict_first: bool, max_nodes: u64| {
        let limits = Limits {
            threads: 1,
            max_nodes: Some(max_nodes),
            verdict_first,
            ..Limits::default()
        };
        solve(&s.position, s.goal, &limits, &Wants::default()).expect("a puzzle")
    };
    let keys = |r: &Report| {
        r.true_keys()
            .map(|k| k.positions.clone())
            .collect::<Vec<_>>()
    };
    let whole = run(true, DEFAULT_MAX_NODES);
    assert_eq!(whole.verdict, Verdict::Cooked);
    assert!(whole.complete);
    assert_eq!(keys(&whole), keys(&run(false, DEFAULT_MAX_NODES)));
    let cut = run(true, 100_000);
    assert_eq!(cut.verdict, Verdict::Cooked, "{cut:?}");
    assert!(!cut.complete);
    assert_eq!(cut.cut, Some(Cut::Nodes));
    let found = keys(&cut);
    assert!(
        found.len() >= 2 && found.len() < keys(&whole).len(),
        "{found:?}"
    );
    assert!(found.iter().all(|k| keys(&whole).contains(k)));
    assert_eq!(run(false, 100_000).verdict, Verdict::Unproven);
}

/// The table keeps results two turns deeper than the last two (`Search::history_free`)
/// because a position never comes back two actions later: on generated positions of
/// every edition (after a Mark and up to two turns, some before the Rendezvous' first
/// turn), no outcome of an outcome in the same Rendezvous is the position itself.
#[test]
fn no_position_comes_back_two_actions_later() {
    let mut pairs = 0u64;
    for s in sample::benchmark_set(2611, 2, 2, 5) {
        let x = s.position;
        let _ = visit_outcomes(&x, |a, y| {
            if a.is_mark() || !y.phase().in_play() {
                return ControlFlow::Continue(());
            }
            let _ = visit_outcomes(y, |b, z| {
                assert!(
                    b.is_mark() || *z != x,
                    "{x} comes back after {} and {}",
                    a.to_action(),
                    b.to_action()
                );
                pairs += 1;
                ControlFlow::Continue(())
            });
            ControlFlow::Continue(())
        });
    }
    assert!(pairs > 100_000, "{pairs} pairs");
}
