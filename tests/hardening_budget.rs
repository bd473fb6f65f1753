//! The prover's budgets bound the whole command: `--max-time` one deadline for every
//! phase (keys, refutations, trees, tries), `--max-nodes` one node count for the whole
//! proof; a cut proof says which limit ran out and keeps what it had proved; a `short`
//! verdict comes at the depth where it is true (every first action is searched at one
//! depth before any at the next).
//!
//! Timing is never tested tightly: the command-line tests have generous ceilings
//! (a debug build on a loaded machine), and the exact behaviour at a deadline is tested
//! with an injected clock (here and in `src/prover/tests.rs`).

use assert_cmd::Command;
use lanrick::engine::{Position, Rules, Side};
use lanrick::prover::{self, Clock, Cut, Goal, Limits, Target, Verdict, Wants};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

fn lanrick() -> Command {
    let mut c = Command::cargo_bin("lanrick").expect("the lanrick binary");
    // A ceiling for a command that would otherwise run for hours: the test fails
    // (the process is killed) instead of hanging.
    c.timeout(Duration::from_secs(120));
    c
}

/// Carroll's first hint, won in one, asked in 50.
const IN_50: &str = "[Position \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"]
[Goal \"Y wins rendezvous in 50\"]

Y: c6-d5 d7-c6 e7-d7 x e6
";

/// Black wins in his second turn only because Yellow lets him: no key forces it, so
/// asked in 5 every first action must be searched five turns deep (hours).
const NO_SOLUTION_IN_5: &str = "[Position \"2B3Y1/3Y4/6B1/8/8/8/8/BY3B2 B c4 play\"]
[Goal \"B wins rendezvous in 5\"]

B: g6-g7 a1-a2 f1-e2 c8-a7
Y: d7-c8 g8-g1 b1-c1
B: g7-g8 e2-f1 a7-a6 x g1
";

/// 8 men with no key in 2; asked in 6, a search of hours.
const DEEP_POSITION: &str = "6Y1/8/1Y6/1Y6/8/8/B5B1/2Y2B2 Y c4 play";

#[test]
fn a_win_in_one_asked_in_50_is_short_at_once() {
    let began = Instant::now();
    let out = lanrick()
        .args(["check", "--format", "json", "-"])
        .write_stdin(IN_50)
        .output()
        .unwrap();
    let took = began.elapsed();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON after {took:?} ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let proof = &v["files"][0]["game_results"][0]["proof"];
    assert_eq!(proof["verdict"], "short", "{proof}");
    assert_eq!(proof["shortest"], 1, "{proof}");
    assert_eq!(out.status.code(), Some(1));
    // Generous: it takes well under a second.
    assert!(took < Duration::from_secs(30), "took {took:?}");
}

#[test]
fn max_time_bounds_the_whole_solve_with_its_tries() {
    let began = Instant::now();
    let out = lanrick()
        .args([
            "solve",
            "--position",
            DEEP_POSITION,
            "--goal",
            "Y wins rendezvous in 6",
            "--tries",
            "--max-time",
            "0.5",
        ])
        .output()
        .unwrap();
    let took = began.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(took < Duration::from_secs(4), "took {took:?}: {text}");
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("# unproven"), "{text}");
    // The message names the limit that ran out, not the node budget.
    assert!(text.contains("time limit of 0.5 s ran out"), "{text}");
    assert!(!text.contains("nodes per key"), "{text}");
}

#[test]
fn max_time_bounds_the_whole_check() {
    let began = Instant::now();
    let out = lanrick()
        .args(["check", "--max-time", "0.5", "-"])
        .write_stdin(NO_SOLUTION_IN_5)
        .output()
        .unwrap();
    let took = began.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(took < Duration::from_secs(4), "took {took:?}: {err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("lanrick::goal::unproven"), "{err}");
    assert!(err.contains("time limit of 0.5 s"), "{err}");
    assert!(!err.contains("nodes per key"), "{err}");
}

/// `--max-nodes` is the whole proof's: the root, every key at every depth and the
/// trees together stay within it (before, each key had it: 29,663 nodes were searched
/// under `--max-nodes 15000`).
#[test]
fn max_nodes_bounds_the_whole_solve() {
    for n in ["15000", "40000", "200000"] {
        let out = lanrick()
            .args([
                "solve",
                "tests/cases/prove/cooked_crowded.lanrick",
                "--tries",
                "--max-nodes",
                n,
            ])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let nodes: u64 = text
            .lines()
            .find_map(|l| {
                let (_, rest) = l.split_once("forcing the goal; ")?;
                rest.split_whitespace().next()?.parse().ok()
            })
            .unwrap_or_else(|| panic!("no node count: {text}"));
        let max: u64 = n.parse().unwrap();
        assert!(nodes <= max, "{nodes} nodes under --max-nodes {n}: {text}");
        if !text.contains("# cooked") {
            assert!(text.contains("node budget of"), "{text}");
        }
    }
}

/// A clock a test moves: every reading advances it by `step`, so a deadline passes
/// after a known number of readings, whatever the machine.
#[derive(Debug)]
struct Ticking {
    start: Instant,
    reads: AtomicU64,
    step: Duration,
}

impl Clock for Ticking {
    fn now(&self) -> Instant {
        let n = self.reads.fetch_add(1, Ordering::Relaxed);
        self.start + self.step * u32::try_from(n).unwrap_or(u32::MAX)
    }
}

fn pos(s: &str) -> Position {
    Position::parse_as(Rules::default(), s).unwrap()
}

/// `solve` (every key to full depth, trees) of a cooked puzzle with the deadline
/// passing after every number of clock readings: whatever the point of the cut, the
/// verdict is the full proof's or `unproven` — a `cooked` already proved stays
/// `cooked` — a cut proof says the time ran out, and a tree cut is marked incomplete.
#[test]
fn a_cut_at_any_point_keeps_what_was_proved() {
    let start = pos("4Y3/B7/8/6B1/8/8/Y4Y2/2B3B1 B e3 play");
    let goal = Goal {
        side: Side::Black,
        target: Target::Rendezvous,
        turns: 2,
        help: false,
    };
    let wants = Wants {
        trees: true,
        ..Wants::default()
    };
    let ticking = || {
        Arc::new(Ticking {
            start: Instant::now(),
            reads: AtomicU64::new(0),
            step: Duration::from_micros(1),
        })
    };
    // The whole proof, with a deadline it never reaches: how often it reads the clock.
    let clock = ticking();
    let mut limits = Limits {
        threads: 1,
        max_time: Some(Duration::from_secs(3600)),
        clock: clock.clone(),
        ..Limits::default()
    };
    limits.start_clock();
    let full = prover::solve(&start, goal, &limits, &wants).unwrap();
    assert_eq!(full.verdict, Verdict::Cooked);
    assert!(full.complete && full.cut.is_none());
    assert!(full.trees.iter().all(|t| !t.is_incomplete()));
    let reads = clock.reads.load(Ordering::Relaxed);
    let mut kept = 0;
    let mut trees_cut = 0;
    // Deadlines spread over the whole proof, the last ones in its trees.
    for k in 1..=40u64 {
        let after = reads * k / 40;
        let mut limits = Limits {
            threads: 1,
            max_time: Some(Duration::from_micros(after)),
            clock: ticking(),
            ..Limits::default()
        };
        limits.start_clock();
        let r = prover::solve(&start, goal, &limits, &wants).unwrap();
        if r.complete {
            assert_eq!(r.verdict, full.verdict);
            assert!(r.cut.is_none());
            continue;
        }
        assert_eq!(r.cut, Some(Cut::Time), "cut after {after}: {r:?}");
        assert!(
            r.verdict == full.verdict || r.verdict == Verdict::Unproven,
            "cut after {after}: {:?}",
            r.verdict
        );
        if r.verdict == Verdict::Cooked {
            kept += 1;
            // Every tree built is either the full proof's or marked incomplete.
            let incomplete = r.trees.iter().filter(|t| t.is_incomplete()).count();
            trees_cut += usize::from(incomplete > 0 || r.trees.len() < full.trees.len());
        }
    }
    assert!(kept > 0, "no cut kept the cooked verdict");
    assert!(trees_cut > 0, "no cut fell in the trees");
}
