//! The player's thinking time per action, by level, in the most crowded positions
//! (ten men, allowance 5: up to 709,819 distinct outcomes; in 1879 a winning turn's
//! takes and wanderers make 96,307), at the start of each edition and in crowded 1879
//! positions of every phase a player acts in. Run with `cargo bench --bench player`
//! (add `-- --quick` for a short run).

use criterion::{Criterion, criterion_group, criterion_main};
use lanrick::engine::{Game, Position, Rules};
use lanrick::player::{Limits, MAX_LEVEL, choose};
use std::hint::black_box;
use std::time::Duration;

/// Crowded positions (the first three are the engine bench's largest outcome counts).
const POSITIONS: &[(&str, &str, &str)] = &[
    (
        "start_d5",
        "1893",
        "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first",
    ),
    (
        "ref_248640",
        "1893",
        "4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play",
    ),
    (
        "open8_709819",
        "1893",
        "1Y5Y/7B/8/3Y4/8/YB6/Y3Y3/2Y5 Y b2 play",
    ),
    (
        "close9_166674",
        "1893",
        "1Y6/1B1B4/1B3B2/1B1Y4/5Y2/6Y1/5B2/8 B c6 play",
    ),
    // Issue 28's slow position for levels 2 and 3.
    ("f6_issue28", "1893", "3B3B/8/8/8/Y6B/8/7B/B4Y2 Y f6 play"),
    (
        "e1880_shift",
        "1880",
        "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 shift-B",
    ),
    (
        "e1879_win_96307",
        "1879",
        "Y3Y2Y/4B3/2B3B1/8/8/8/2B3B1/Y6Y B e4 play 0-0 B",
    ),
    (
        "es_start_mark",
        "1893-es",
        "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark",
    ),
    // 1879: ten men on the border and allowance 5, every man as far as his line goes
    // (14,409 outcomes); a crowded race; a threat to end the game that must be
    // stopped (the defence scan); the largest bonus (4,127 outcomes); the second
    // set-up of a round.
    (
        "e1879_start_e4",
        "1879",
        "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B e4 play 0-0 B",
    ),
    (
        "e1879_race_e5",
        "1879",
        "8/3Y2Y1/3B1B2/2B5/1Y1B4/6B1/1Y6/1Y6 Y e5 play 0-0 B",
    ),
    (
        "e1879_threat_f5",
        "1879",
        "8/8/4YYY1/4B3/1B2Y1B1/6Y1/8/8 B f5 play 0-4 Y",
    ),
    (
        "e1879_bonus8",
        "1879",
        "BY1B2YB/8/B6Y/8/8/8/8/Y2B3Y B bonus:8 0-0 B",
    ),
    (
        "e1879_set_second",
        "1879",
        "1Y2Y3/Y7/8/7Y/8/8/8/3Y4 B set 0-0 Y",
    ),
];

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3))
}

fn levels(c: &mut Criterion) {
    let mut g = c.benchmark_group("choose");
    for &(name, rules, text) in POSITIONS {
        let rules: Rules = rules.parse().expect("known rules");
        let pos = Position::parse_as(rules, text).expect("valid position");
        let game = Game::new(pos);
        for level in 0..=MAX_LEVEL {
            let limits = Limits::level(level, 1);
            g.bench_function(format!("{name}/level{level}"), |b| {
                b.iter(|| choose(black_box(&game), &limits, None))
            });
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = levels
}
criterion_main!(benches);
