//! Engine benchmarks: counting turn outcomes, position strings, self-play, and
//! splitting, parsing and replaying a small committed corpus and a large generated one.
//! Run with `cargo bench --bench engine` (add `-- --quick` for a short run).
//!
//! The large corpus is `lanrick selfplay --games 20000 --seed 1878` (43 MB), made in
//! memory when the benchmark starts (about 8 s), or read from the file named by
//! `LANRICK_BENCH_CORPUS`. The annotated one is the same games with `--annotate 0.08`
//! (48 MB: comments, glyphs, NAGs and variations after 8 % of the events), or the file
//! named by `LANRICK_BENCH_ANNOTATED_CORPUS`.

use criterion::{Criterion, criterion_group, criterion_main};
use lanrick::engine::{Position, count_outcomes};
use std::hint::black_box;
use std::time::Duration;

/// Positions for `count_outcomes`: the reference position (248,640 outcomes), the
/// start after `mark d5`, and positions of every kind from the regression table.
const POSITIONS: &[(&str, &str)] = &[
    ("ref_248640", "4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play"),
    ("start_d5", "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first"),
    ("open8_709819", "1Y5Y/7B/8/3Y4/8/YB6/Y3Y3/2Y5 Y b2 play"),
    (
        "close9_166674",
        "1Y6/1B1B4/1B3B2/1B1Y4/5Y2/6Y1/5B2/8 B c6 play",
    ),
    ("rule7_66603", "5B2/8/2YBBY2/B7/1Y1Y4/8/2YB4/8 Y d5 play"),
    ("size3_133", "8/7Y/8/8/4Y3/1B6/8/4B3 B f4:g5 play"),
];

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
}

fn outcomes(c: &mut Criterion) {
    let mut g = c.benchmark_group("count_outcomes");
    for &(name, text) in POSITIONS {
        let pos = Position::parse(text).expect("valid position");
        g.bench_function(name, |b| b.iter(|| count_outcomes(black_box(&pos))));
    }
    g.finish();
}

fn position_strings(c: &mut Criterion) {
    c.bench_function("position_parse_format", |b| {
        b.iter(|| {
            for &(_, text) in POSITIONS {
                let pos = Position::parse(black_box(text)).expect("valid position");
                black_box(pos.to_string());
            }
        })
    });
}

fn selfplay(c: &mut Criterion) {
    c.bench_function("selfplay_10_games", |b| {
        b.iter(|| lanrick::selfplay::generate(10, black_box(1893)))
    });
}

/// `benches/data/small.lanrick`: 130 self-play games (`lanrick selfplay --games 130
/// --seed 7`), about 270 KB.
const SMALL: &str = include_str!("data/small.lanrick");

fn notation(c: &mut Criterion) {
    let mut g = c.benchmark_group("small_corpus");
    g.throughput(criterion::Throughput::Bytes(SMALL.len() as u64));
    g.bench_function("split_games", |b| {
        b.iter(|| lanrick::syntax::split_games(black_box(SMALL)))
    });
    g.bench_function("parse", |b| {
        b.iter(|| lanrick::syntax::parse_file(black_box(SMALL)).expect("valid corpus"))
    });
    // The same text through the grammar alone, as annotated files are read.
    g.bench_function("parse_pest", |b| {
        b.iter(|| lanrick::syntax::parse_file_with_pest(black_box(SMALL)).expect("valid corpus"))
    });
    g.bench_function("parse_replay", |b| {
        b.iter(|| {
            let run = lanrick::interp::run_file(black_box(SMALL), Default::default());
            assert!(run.passed());
            run.games.len()
        })
    });
    g.finish();
}

/// The small corpus's games with an annotation after 8 % of the events
/// (`lanrick selfplay --games 130 --seed 7 --annotate 0.08`, made in memory).
fn annotated(c: &mut Criterion) {
    let text = lanrick::selfplay::generate_annotated(130, 7, 0.08).0;
    let mut g = c.benchmark_group("small_corpus_annotated");
    g.throughput(criterion::Throughput::Bytes(text.len() as u64));
    g.bench_function("parse", |b| {
        b.iter(|| lanrick::syntax::parse_file(black_box(&text)).expect("valid corpus"))
    });
    g.bench_function("parse_pest", |b| {
        b.iter(|| lanrick::syntax::parse_file_with_pest(black_box(&text)).expect("valid corpus"))
    });
    g.bench_function("parse_replay", |b| {
        b.iter(|| {
            let run = lanrick::interp::run_file(black_box(&text), Default::default());
            assert!(run.passed());
            run.games.len()
        })
    });
    g.finish();
}

/// A large corpus: the file named by `var`, or 20,000 self-play games, seed 1878,
/// annotated at `rate` if given.
fn large_corpus(var: &str, rate: Option<f64>) -> String {
    match (std::env::var_os(var), rate) {
        (Some(path), _) => std::fs::read_to_string(path).expect("a readable UTF-8 corpus"),
        (None, None) => lanrick::selfplay::generate(20_000, 1878).0,
        (None, Some(rate)) => lanrick::selfplay::generate_annotated(20_000, 1878, rate).0,
    }
}

/// Game by game, as `check` and `replay` read a collection, on one thread.
fn large(c: &mut Criterion) {
    large_group(
        c,
        "large_corpus",
        &large_corpus("LANRICK_BENCH_CORPUS", None),
    );
}

/// The same on the annotated corpus.
fn large_annotated(c: &mut Criterion) {
    let text = large_corpus("LANRICK_BENCH_ANNOTATED_CORPUS", Some(0.08));
    large_group(c, "large_corpus_annotated", &text);
}

/// `split_parse` and `parse_replay` on `text`, as the group `name`.
fn large_group(c: &mut Criterion, name: &str, text: &str) {
    let pieces = lanrick::syntax::split_games(text);
    let mut g = c.benchmark_group(name);
    g.throughput(criterion::Throughput::Bytes(text.len() as u64));
    g.bench_function("split_parse", |b| {
        b.iter(|| {
            let mut games = 0;
            for p in lanrick::syntax::split_games(black_box(text)) {
                let f = lanrick::syntax::parse_file(&text[p.start..p.end]).expect("valid");
                games += f.games.len();
            }
            games
        })
    });
    g.bench_function("parse_replay", |b| {
        b.iter(|| {
            let mut games = 0;
            for p in &pieces {
                let f = lanrick::syntax::parse_file(&text[p.start..p.end]).expect("valid");
                for game in &f.games {
                    games += 1;
                    let run = lanrick::interp::run_game(game, games, Default::default());
                    assert!(run.passed());
                }
            }
            games
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = outcomes, position_strings, selfplay, notation, annotated, large, large_annotated
}
criterion_main!(benches);
