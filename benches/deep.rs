//! The prover on the seeded benchmark set (`lanrick::prover::sample::benchmark_set`):
//! ten puzzles per edition (1893, 1880, 1879) and target (the Rendezvous, the game),
//! at most eight men, each goal for the side to act, proved as `solve` proves them
//! (every key, no trees). Prints one line per puzzle and the median, the maximum and
//! the count of `unproven` (which counts as over any time limit).
//!
//! `cargo bench --bench deep` (release). Settings, by environment variable:
//! `DEEP_SEED` (26), `DEEP_PER` (10), `DEEP_TURNS` (3), `DEEP_MEN` (8), `DEEP_HASH`
//! (MiB, 64), `DEEP_MAX_TIME` (seconds a proof, 30), `DEEP_MAX_NODES` (the prover's
//! default for the goals' turns), `DEEP_THREADS` (0: one per core), `DEEP_ONLY` (puzzles by number:
//! `42`, `20-39`, `0,5,20-29`), `DEEP_OFF` (optimisations switched off, comma-separated: `table`, `deep_table`,
//! `bound`, `deep_bound`, `blocked`, `ordering`, `goal_turns`, `all_in`, `killers`, `defender_first`, `bound_first`, `defence_order`, `reply_sweep`, `verdict_first`, `blocks`, `refuters`, `growing_shares`, `second_last`, `all_in_walk`, `unstoppable`, `block_all`, `vacated`, `quiet_first`, `block_count`, `spare_replies`, `shared_results`),
//! `DEEP_VERDICT_ONLY` (1: stop at the verdict, as `check` does, not at every key).
//! Not a timed test: nothing fails.

use lanrick::prover::sample::benchmark_set;
use lanrick::prover::{self, Limits, Verdict, Wants};
use std::time::{Duration, Instant};

fn var<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    // `cargo bench` passes `--bench`; a filter is not supported.
    let seed: u64 = var("DEEP_SEED", 26);
    let per: usize = var("DEEP_PER", 10);
    let turns: u32 = var("DEEP_TURNS", 3);
    let men: usize = var("DEEP_MEN", 8);
    let hash: usize = var("DEEP_HASH", 64);
    let max_time: f64 = var("DEEP_MAX_TIME", 30.0);
    let max_nodes: u64 = var("DEEP_MAX_NODES", prover::default_max_nodes(turns));
    let threads: usize = var("DEEP_THREADS", 0);
    let only: Option<Vec<(usize, usize)>> = std::env::var("DEEP_ONLY").ok().map(|v| {
        v.split(',')
            .filter_map(|part| {
                let (a, b) = part.split_once('-').unwrap_or((part, part));
                Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
            })
            .collect()
    });
    let off = std::env::var("DEEP_OFF").unwrap_or_default();
    let on = |name: &str| !off.split(',').any(|o| o.trim() == name);
    let set = benchmark_set(seed, per, turns, men);
    println!(
        "# seed {seed}, {} puzzles, goals in {turns}, at most {men} men, --hash {hash}, \
         --max-time {max_time}, --max-nodes {max_nodes}, off: {off:?}",
        set.len()
    );
    let wants = Wants {
        written: None,
        trees: false,
        line_cap: 2,
        written_text: None,
        verdict_only: var("DEEP_VERDICT_ONLY", 0u8) == 1,
        keep: None,
    };
    let mut times = Vec::new();
    let mut unproven = 0usize;
    let mut by_verdict = std::collections::BTreeMap::new();
    for (i, s) in set.iter().enumerate() {
        if only
            .as_ref()
            .is_some_and(|o| !o.iter().any(|&(a, b)| (a..=b).contains(&i)))
        {
            continue;
        }
        let mut limits = Limits {
            max_nodes: Some(max_nodes),
            max_time: Some(Duration::from_secs_f64(max_time)),
            hash_mib: hash,
            threads,
            table: on("table"),
            deep_table: on("deep_table"),
            bound: on("bound"),
            blocked: on("blocked"),
            deep_bound: on("deep_bound"),
            ordering: on("ordering"),
            goal_turns: on("goal_turns"),
            all_in: on("all_in"),
            killers: on("killers"),
            defender_first: on("defender_first"),
            bound_first: on("bound_first"),
            defence_order: on("defence_order"),
            reply_sweep: on("reply_sweep"),
            verdict_first: on("verdict_first"),
            blocks: on("blocks"),
            second_last: on("second_last"),
            all_in_walk: on("all_in_walk"),
            unstoppable: on("unstoppable"),
            block_all: on("block_all"),
            vacated: on("vacated"),
            quiet_first: on("quiet_first"),
            block_count: on("block_count"),
            spare_replies: on("spare_replies"),
            shared_results: on("shared_results"),
            refuters: on("refuters"),
            growing_shares: on("growing_shares"),
            ..Limits::default()
        };
        limits.start_clock();
        let began = Instant::now();
        let r = prover::solve(&s.position, s.goal, &limits, &wants);
        let secs = began.elapsed().as_secs_f64();
        let (verdict, nodes, keys, cut) = match &r {
            Ok(r) => (
                r.verdict,
                r.nodes,
                r.keys.iter().filter(|k| k.depth.is_some()).count(),
                r.cut.map_or("", |c| c.name()),
            ),
            Err(e) => {
                println!("{i:3} {} {}: not a puzzle ({e:?})", s.position, s.goal);
                continue;
            }
        };
        if verdict == Verdict::Unproven {
            unproven += 1;
        }
        *by_verdict.entry(verdict.name()).or_insert(0) += 1;
        times.push(secs);
        println!(
            "{i:3} {:4} {:10} {:9.3} s {:>11} nodes {:12} {keys:4} keys {cut:5}  {}",
            s.position.rules().edition().to_string(),
            format!("{:?}", s.goal.target),
            secs,
            nodes,
            verdict.name(),
            s.position
        );
    }
    times.sort_by(f64::total_cmp);
    let median = if times.is_empty() {
        0.0
    } else if times.len() % 2 == 1 {
        times[times.len() / 2]
    } else {
        (times[times.len() / 2 - 1] + times[times.len() / 2]) / 2.0
    };
    let max = times.last().copied().unwrap_or(0.0);
    println!(
        "# {} proofs: median {median:.3} s, max {max:.3} s, unproven {unproven}; {by_verdict:?}",
        times.len()
    );
}
