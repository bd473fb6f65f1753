//! The prover over a fixed puzzle set, whole process: each case spawns the release
//! binary (`lanrick solve`, default budget, both cores), as a user runs it. The set is
//! `benches/data/prover-set.txt` (Carroll's hints in 1 with 9 and 10 men, composed
//! puzzles in 1 and 2 with 6 to 8 men over several editions and goal forms, and the
//! hard positions random generation found), plus `lanrick check examples/` with
//! proofs.

use criterion::{Criterion, criterion_group, criterion_main};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_lanrick");

/// `(name, rules, position, goal)` from the data file.
fn puzzles() -> Vec<(String, String, String, String)> {
    let text = include_str!("data/prover-set.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            (f.len() == 4).then(|| (f[0].into(), f[1].into(), f[2].into(), f[3].into()))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for (name, rules, pos, goal) in puzzles() {
        group.bench_function(&name, |b| {
            b.iter(|| {
                let out = Command::new(BIN)
                    .args([
                        "solve",
                        "--position",
                        &pos,
                        "--goal",
                        &goal,
                        "--rules",
                        &rules,
                    ])
                    .output()
                    .expect("the lanrick binary runs");
                assert!(!out.stdout.is_empty(), "{name}: no output");
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    group.bench_function("examples", |b| {
        b.iter(|| {
            let out = Command::new(BIN)
                .args(["check", concat!(env!("CARGO_MANIFEST_DIR"), "/examples")])
                .output()
                .expect("the lanrick binary runs");
            assert!(out.status.success(), "check examples/ failed");
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
