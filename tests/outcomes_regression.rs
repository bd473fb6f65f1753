//! Regression table for `count_outcomes` and `outcomes`: the figures below were
//! recorded with the original search (a plain DFS over (mine, moved, used) states,
//! before any optimisation) and must never change.
//!
//! The positions come from random legal play from the Rule 2 start with a fixed seed
//! (see `sampler_covers_every_kind_of_position`), chosen to cover every Rendezvous
//! size, close and open shapes, 3-square lines, interchanges, positions where a Rule 7
//! replacement or a Rule 8 removal is within reach, and takes due at the start of a
//! turn. Regenerate (only to add positions) with
//! `LANRICK_PRINT_TABLE=1 cargo test --release --test outcomes_regression -- --nocapture`.

use lanrick::engine::{Action, Game, Phase, Position, TurnEnd, count_outcomes, outcomes};
use std::collections::BTreeMap;

/// (position string, count_outcomes, FNV-1a digest of the `turns --list` text or 0
/// when the list was too long to record).
const TABLE: &[(&str, usize, u64)] = &[
    // The two reference positions of the brief.
    ("4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play", 248640, 0),
    ("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first", 215, 0),
    // rule 7 fired (4039 found)
    ("5B2/8/2YBBY2/B7/1Y1Y4/8/2YB4/8 Y d5 play", 66603, 0x0),
    (
        "3BYY2/8/8/8/7Y/4B3/1Y6/5Y2 B e7 play",
        239,
        0x6fd7174d8a4f4015,
    ),
    ("YB6/4Y2Y/3YB3/5Y2/8/8/8/1B5B B b7 play", 7625, 0x0),
    (
        "8/3B4/8/5B2/5Y2/2YY1B2/4BYYY/8 B f3 play",
        4352,
        0xc2ccc2b9a8339ec3,
    ),
    // rule 8 fired (698 found)
    ("8/8/2BYY3/2YYY3/2YB4/3B4/8/4Y3 Y d5 play", 89424, 0x0),
    ("8/8/8/8/3BYB2/1Y6/3YYYB1/8 Y e3 play", 33892, 0x0),
    (
        "4BBB1/5Y2/5BB1/8/4Y3/2B5/8/8 Y f7 play",
        97,
        0x622be3282b9b5415,
    ),
    (
        "4B3/8/Y7/Y6Y/8/8/B6Y/2B1YY2 B e2 play",
        823,
        0x6b1681621c0d2daf,
    ),
    // size 3 (41 found)
    ("B7/8/8/7Y/8/8/8/3B3Y Y h6:h7 first", 31, 0x55e1f93316ec0610),
    ("2B4Y/8/8/7B/8/8/6Y1/8 Y h6:h7 play", 79, 0x7dca68ef5c2b083f),
    (
        "8/7Y/8/8/4Y3/1B6/8/4B3 B f4:g5 play",
        133,
        0xe30889e9de307aa4,
    ),
    (
        "8/4Y3/B7/2B5/3Y4/8/8/8 B d4:c5 play",
        112,
        0x398f12ac11b2175d,
    ),
    // size 4 (345 found)
    (
        "8/8/2Y1Y3/3B4/2Y1B3/8/8/8 Y e7 first",
        177,
        0x9629b43467237d71,
    ),
    (
        "8/8/8/8/8/5B1Y/6B1/5B1Y B e2 first",
        107,
        0xb06bcfd12d38316f,
    ),
    (
        "3Y1B2/4B3/3Y1Y2/8/8/8/8/8 Y g3 first",
        143,
        0xfee981d2dea04cba,
    ),
    // size 5 (1402 found)
    ("1BBY4/8/8/Y7/8/8/7B/2Y5 Y c6 first", 93, 0x8f33b491ae87e27b),
    (
        "8/8/6BY/5B2/8/8/6B1/1Y3B2 B g2 play",
        4807,
        0xbc7886b3ddeddcc9,
    ),
    (
        "2Y4B/8/Y7/8/1B6/2Y5/8/3B4 Y b4 play",
        474,
        0xd16ef355d93bb359,
    ),
    // size 5 after interchange (328 found)
    (
        "2Y2B2/Y7/8/8/8/Y7/8/2Y3B1 Y d5 first",
        182,
        0x54c6db4144e8b52d,
    ),
    // size 6 (2523 found)
    (
        "8/8/4YBB1/5B2/4BBY1/8/8/8 B e3 first",
        263,
        0x22fa8310866ffa67,
    ),
    (
        "B2Y4/7B/8/8/5B2/3Y4/8/1B1B4 Y d3 play",
        186,
        0xf3f16a8dea1c615f,
    ),
    (
        "4B3/Y7/8/2Y4B/6B1/7Y/8/5B2 Y f7 play",
        924,
        0x875290ccc306e8a,
    ),
    // size 6 after interchange (519 found)
    (
        "8/YYB5/1Y6/YBY5/8/8/8/8 Y b7 first",
        234,
        0xe9bd18834a8d21d7,
    ),
    // size 7 (8212 found)
    (
        "1B2Y3/8/B7/Y6Y/Y7/8/8/1Y3Y2 Y f7 first",
        354,
        0x293e15f11d1198ee,
    ),
    (
        "3B4/8/8/7Y/1Y6/1Y1B4/2B5/1Y1B4 B c2 play",
        2727,
        0x7deb97d7a4e29779,
    ),
    ("2YY4/2B3BY/8/8/5Y2/7Y/8/4B3 Y c7 play", 18437, 0x0),
    // size 7 after interchange (2221 found)
    (
        "B1Y1B3/8/Y6Y/8/B7/8/8/2Y4Y Y f3 first",
        249,
        0x5e754b2ff62d002b,
    ),
    // size 8 (7169 found)
    (
        "8/8/2BYY3/2YYY3/2YBY3/8/8/8 Y b5 first",
        310,
        0x8fb7cdf616e6dcbb,
    ),
    (
        "4Y3/7Y/7Y/8/8/8/Y4Y2/1B1BY1B1 B g7 play",
        287,
        0x71fde5cf8d3d6161,
    ),
    ("1Y5Y/7B/8/3Y4/8/YB6/Y3Y3/2Y5 Y b2 play", 709819, 0x0),
    // size 8 after interchange (2127 found)
    (
        "8/1BBB4/1YYB4/1YBB4/8/8/8/8 B e2 first",
        281,
        0xacbd4fc0f145fddd,
    ),
    // size 9 (20881 found)
    (
        "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first",
        215,
        0x48d0b5bb66fc3d6f,
    ),
    ("1Y6/1B1B4/1B3B2/1B1Y4/5Y2/6Y1/5B2/8 B c6 play", 166674, 0x0),
    ("2Y5/2B5/8/B1YB4/3YB3/3B4/5Y2/7B B e4 play", 89677, 0x0),
    // size 9 after interchange (4835 found)
    (
        "1Y2B2Y/B7/8/7B/Y7/8/7Y/B2Y2B1 Y f3 first",
        215,
        0xad318cebbdd0cac3,
    ),
    // take due at start (1 found)
    ("4Y3/7B/6Y1/5Y1B/8/8/8/8 B g6 play", 2, 0x788e92245e38d9f9),
    // Rule 7 takes within reach, found by comparing `count_outcomes` with
    // `outcomes().len()` over self-play positions: `count_outcomes` once keyed the
    // ends by the rank of the mover's men alone, which sets of different sizes share,
    // and an end after a Rule 7 take has one man more, so it counted 86, 2288 and 505.
    // The figures are those of `outcomes()`, whose lists were unchanged.
    (
        "8/8/8/8/8/3B4/Y1BBB3/3BY3 Y e4 play",
        89,
        0xec0e3239f1c85485,
    ),
    (
        "4B3/8/8/4Y3/8/8/5Y2/B3B3 B c3 play",
        2289,
        0x28481d756704984b,
    ),
    (
        "8/8/8/1BB5/2Y3Y1/8/1B6/2BY1B2 Y e2 play",
        507,
        0xdcc20c67635e48d7,
    ),
];

fn fnv(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn listing(pos: &Position) -> String {
    let mut s = String::new();
    for o in outcomes(pos) {
        s.push_str(&format!("{}\t{}\n", o.action, o.position));
    }
    s
}

/// Lists longer than this are not digested (they are slow to build in debug builds).
const LIST_LIMIT: usize = 5000;

#[test]
fn counts_are_unchanged() {
    for &(text, count, digest) in TABLE {
        let pos = Position::parse(text).expect("valid position");
        assert_eq!(count_outcomes(&pos), count, "count_outcomes for {text}");
        if count <= LIST_LIMIT {
            let list = listing(&pos);
            assert_eq!(list.lines().count(), count, "outcomes().len() for {text}");
            if digest != 0 {
                assert_eq!(fnv(&list), digest, "outcomes() listing for {text}");
            }
        }
    }
}

/// splitmix64: the generator's random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Plays one random, finish-biased game and reports every position before a turn with
/// a category label.
fn random_game(rng: &mut Rng, found: &mut Vec<(String, Position)>) {
    let mut game = Game::default();
    let mut turns = 0;
    while game.result().is_none() && turns < 400 {
        let pos = *game.position();
        let action = match pos.phase() {
            Phase::Mark => {
                let opts = pos.mark_options();
                let r = opts[rng.below(opts.len())];
                Action::Mark {
                    square: r.mark(),
                    towards: r.line_square(),
                }
            }
            _ if pos.can_interchange().is_ok() && rng.chance(20) => {
                let chosen = match pos.interchange_choice_needed() {
                    None => Vec::new(),
                    Some(k) => {
                        let mut mine: Vec<_> = pos.men(pos.to_act()).iter().collect();
                        let mut out = Vec::new();
                        for _ in 0..k {
                            out.push(mine.remove(rng.below(mine.len())));
                        }
                        out
                    }
                };
                Action::Interchange(chosen)
            }
            _ => {
                turns += 1;
                let mut t = pos.begin_turn().expect("turn");
                let size = t.rendezvous().size();
                let label = if pos.interchanged() {
                    format!("size {size} after interchange")
                } else {
                    format!("size {size}")
                };
                found.push((label, pos));
                if t.take_choices().is_some() {
                    found.push(("take due at start".into(), pos));
                }
                while !t.is_closed() {
                    let legal = t.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let r = t.rendezvous().squares();
                    let good: Vec<_> = legal
                        .iter()
                        .filter(|m| r.contains(m.to) && !r.contains(m.from))
                        .collect();
                    let m = if !good.is_empty() && rng.chance(75) {
                        *good[rng.below(good.len())]
                    } else {
                        legal[rng.below(legal.len())]
                    };
                    t.play_move(m.from, m.to).expect("legal move");
                    if rng.chance(15) {
                        break;
                    }
                }
                let take = t.take_choices().map(|c| {
                    let v: Vec<_> = c.iter().collect();
                    v[rng.below(v.len())]
                });
                if t.moves().is_empty() && take.is_none() {
                    Action::Pass
                } else {
                    Action::Turn {
                        moves: t.moves().iter().map(|m| (m.from, m.to)).collect(),
                        take,
                        wanderers: vec![],
                        radiate: None,
                    }
                }
            }
        };
        let played = game.play(&action).expect("legal action");
        if let Some(tr) = played.turn {
            match tr.end {
                TurnEnd::Replaced(_) => found.push(("rule 7 fired".into(), pos)),
                TurnEnd::Removed(_) => found.push(("rule 8 fired".into(), pos)),
                TurnEnd::Played => {}
            }
        }
        if matches!(action, Action::Pass) {
            found.push(("pass".into(), pos));
        }
    }
}

/// The sampler that chose the table's positions still reaches every kind of position
/// the table covers. With `LANRICK_PRINT_TABLE=1` it also prints a fresh table (run in
/// release with `--nocapture` to extend `TABLE`).
#[test]
fn sampler_covers_every_kind_of_position() {
    let mut rng = Rng(0x1a2b_1893);
    let mut found = Vec::new();
    for _ in 0..300 {
        random_game(&mut rng, &mut found);
    }
    // Up to `want` positions per label, spread over the games.
    let mut by_label: BTreeMap<String, Vec<Position>> = BTreeMap::new();
    for (label, pos) in found {
        by_label.entry(label).or_default().push(pos);
    }
    for kind in [
        "rule 7",
        "rule 8",
        "size 3",
        "interchange",
        "take due at start",
    ] {
        assert!(
            by_label.keys().any(|l| l.contains(kind)),
            "no {kind} position: {:?}",
            by_label.keys().collect::<Vec<_>>()
        );
    }
    if std::env::var_os("LANRICK_PRINT_TABLE").is_none() {
        return;
    }
    for (label, list) in by_label {
        let want = if label.contains("interchange") {
            1
        } else if label.starts_with("rule") || label == "size 3" {
            4
        } else {
            3
        };
        let step = (list.len() / want).max(1);
        println!("    // {label} ({} found)", list.len());
        for pos in list.iter().step_by(step).take(want) {
            let count = count_outcomes(pos);
            let digest = if count <= LIST_LIMIT {
                fnv(&listing(pos))
            } else {
                0
            };
            println!("    (\"{pos}\", {count}, {digest:#x}),");
        }
    }
}

/// `outcome_by_index` (how level 0 draws a uniform outcome without listing them all)
/// gives, over every index, each outcome of `outcomes_unordered` exactly once, with
/// the same canonical action; on the larger positions, sampled indices (the crowded
/// ones, over 20,000 outcomes, are too slow to list in a debug build).
#[test]
fn an_outcome_by_index_is_one_of_the_list_each_once() {
    use lanrick::engine::{outcome_by_index, outcomes_unordered};
    use std::collections::{HashMap, HashSet};
    let mut checked = 0;
    for &(s, count, _) in TABLE {
        if count > 20_000 {
            continue;
        }
        let p: Position = s.parse().expect("a table position");
        let all: HashMap<Position, Action> = outcomes_unordered(&p)
            .into_iter()
            .map(|o| (o.position, o.action))
            .collect();
        assert_eq!(all.len(), count, "{s}");
        let indices: Vec<usize> = if count <= 1_000 {
            (0..count).collect()
        } else {
            (0..count).step_by(count / 9).collect()
        };
        let mut seen = HashSet::new();
        for i in indices {
            let o = outcome_by_index(&p, |n| {
                assert_eq!(n, count, "{s}");
                Some(i)
            })
            .unwrap_or_else(|| panic!("{s}: no outcome {i}"));
            assert_eq!(all.get(&o.position), Some(&o.action), "{s}: outcome {i}");
            assert!(seen.insert(o.position), "{s}: outcome {i} twice");
            checked += 1;
        }
        if count <= 1_000 {
            assert_eq!(seen.len(), count, "{s}");
        }
        assert!(outcome_by_index(&p, Some).is_none(), "{s}: past the end");
        assert!(outcome_by_index(&p, |_| None).is_none(), "{s}: none wanted");
    }
    assert!(checked > 500, "{checked}");
}
