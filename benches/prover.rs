//! The prover over a fixed puzzle set: Carroll's three hints (in 1, 9 to 10 men), the
//! second asked in 2 (10 men, verdict `short`), a composed 1880 puzzle, a composed
//! 7-man 1893 puzzle in 2 (`examples/puzzles/composed-100-01.lanrick`); and the whole
//! process `lanrick check examples/` with proofs (the release binary, spawned).
//!
//! The puzzles are proved by the library call: the process adds only its start-up (a
//! few milliseconds, measured by the `check_examples` case, which is whole-process).

use criterion::{Criterion, criterion_group, criterion_main};
use lanrick::engine::{Position, Rules, Side};
use lanrick::prover::{Goal, Limits, Target, Wants, solve};
use std::hint::black_box;
use std::process::Command;

fn puzzles() -> Vec<(&'static str, Position, Goal)> {
    let p = |r: Rules, s: &str| Position::parse_as(r, s).expect("a position");
    let g = |side, turns| Goal {
        side,
        target: Target::Rendezvous,
        turns,
        help: false,
    };
    let r1880: Rules = "1880".parse().expect("rules");
    vec![
        (
            "hint1_in1",
            p(Rules::default(), "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play"),
            g(Side::Yellow, 1),
        ),
        (
            "hint2_in1",
            p(Rules::default(), "8/8/2BYYY2/2YBBB2/2BY4/8/8/8 Y d5 play"),
            g(Side::Yellow, 1),
        ),
        (
            "hint3_in1",
            p(Rules::default(), "2B2B2/B7/3B4/B7/1Y6/Y7/8/2Y3Y1 Y c5 play"),
            g(Side::Yellow, 1),
        ),
        (
            "hint2_in2",
            p(Rules::default(), "8/8/2BYYY2/2YBBB2/2BY4/8/8/8 Y d5 play"),
            g(Side::Yellow, 2),
        ),
        (
            "hint2_in2_help",
            p(Rules::default(), "8/8/2BYYY2/2YBBB2/2BY4/8/8/8 Y d5 play"),
            Goal {
                help: true,
                ..g(Side::Yellow, 1)
            },
        ),
        (
            "composed_100_01_in2",
            p(Rules::default(), "8/8/8/3Y4/4B1B1/2Y3B1/4Y3/8 Y e4 play"),
            g(Side::Yellow, 2),
        ),
        (
            "e1880_in1",
            p(r1880, "8/8/8/2Y5/2B5/8/8/8 Y d6 shift-Y"),
            g(Side::Yellow, 1),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("prove");
    group.sample_size(10);
    for (name, pos, goal) in puzzles() {
        group.bench_function(name, |b| {
            b.iter(|| solve(black_box(&pos), goal, &Limits::default(), &Wants::default()))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("process");
    group.sample_size(10);
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    group.bench_function("check_examples", |b| {
        b.iter(|| {
            let out = Command::new(env!("CARGO_BIN_EXE_lanrick"))
                .args(["check", "--quiet", examples])
                .output()
                .expect("the lanrick binary runs");
            assert!(out.status.success(), "check examples/ passes");
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
