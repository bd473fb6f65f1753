//! Property tests over random legal games. A small seeded generator plays a game with
//! the engine, choosing at random among the legal actions (Marks from
//! `Position::mark_options`, man's moves from `TurnInProgress::legal_moves`, takes from
//! `take_choices`, now and then an interchange or a pass), and writes it out as notation
//! with some comments, annotations, prefixes and directives. Then:
//!
//! - the file checks clean (`interp::run_file`);
//! - `fmt` keeps its meaning and is idempotent;
//! - the positions `replay --each` lists are the generator's, and replaying each prefix
//!   of the file ends in the same position;
//! - with some lines damaged, every damaged line gets one syntax error and no other line
//!   gets one (`syntax::parse_file_all_errors`).

use lanrick::engine::{Action, Game, Position, Square, TurnInProgress};
use lanrick::interp::{Options, run_file};
use lanrick::{fmt, syntax};
use proptest::prelude::*;

/// xorshift64*: enough randomness for choosing moves, reproducible from the seed.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())])
    }
}

/// A generated game: its lines (one event or directive each), which of them are
/// actions, and the position after each action (the start first).
struct Generated {
    lines: Vec<String>,
    action_lines: Vec<usize>,
    positions: Vec<Position>,
}

impl Generated {
    fn text(&self) -> String {
        let mut s = String::from("[Event \"generated\"]\n\n");
        for l in &self.lines {
            s.push_str(l);
            s.push('\n');
        }
        s
    }
}

fn squares(v: &[Square]) -> String {
    v.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays one turn of random legal man's moves and the take, if one is due.
fn random_turn(
    turn: &mut TurnInProgress,
    rng: &mut Rng,
) -> (Vec<(Square, Square)>, Option<Square>) {
    let mut moves = Vec::new();
    while !turn.is_closed() {
        let legal = turn.legal_moves();
        // Mostly towards the Mark, so that Rendezvous get won and later ones played.
        let mark = turn.rendezvous().mark();
        let inward: Vec<_> = legal
            .iter()
            .copied()
            .filter(|m| m.to.distance(mark) < m.from.distance(mark))
            .collect();
        let choice = if rng.one_in(5) {
            rng.pick(&legal)
        } else {
            rng.pick(&inward)
        };
        let Some(m) = choice.or_else(|| rng.pick(&legal)) else {
            break;
        };
        if turn.play_move(m.from, m.to).is_err() {
            unreachable!("a listed move is legal");
        }
        moves.push((m.from, m.to));
        if rng.one_in(6) {
            break;
        }
    }
    let mut take = None;
    if let Some(choices) = turn.take_choices() {
        let v: Vec<Square> = choices.iter().collect();
        // A forced Rule 8 take may be left out; a Rule 7 choice must be written.
        if moves.is_empty() || !turn.take_is_forced() || rng.one_in(2) {
            take = rng.pick(&v);
        }
    }
    (moves, take)
}

fn generate(seed: u64, max_actions: usize) -> Generated {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(Position::start());
    let mut g = Generated {
        lines: Vec::new(),
        action_lines: Vec::new(),
        positions: vec![Position::start()],
    };
    for _ in 0..max_actions {
        if game.result().is_some() {
            break;
        }
        let pos = *game.position();
        let side = pos.to_act();
        let (action, mut line) = if pos.rendezvous().is_none() {
            let Some(r) = rng.pick(&pos.mark_options()) else {
                break;
            };
            let towards = r.line_square();
            let text = match towards {
                Some(t) => format!("mark {} {t}", r.mark()),
                None => format!("mark {}", r.mark()),
            };
            (
                Action::Mark {
                    square: r.mark(),
                    towards,
                },
                text,
            )
        } else if pos.can_interchange().is_ok() && rng.one_in(5) {
            let chosen: Vec<Square> = match pos.interchange_choice_needed() {
                Some(k) => {
                    let mut men: Vec<Square> = pos.men(side).iter().collect();
                    let mut out = Vec::new();
                    for _ in 0..k {
                        out.push(men.remove(rng.below(men.len())));
                    }
                    out
                }
                None => Vec::new(),
            };
            let text = if chosen.is_empty() {
                "interchange".to_owned()
            } else {
                format!("interchange {}", squares(&chosen))
            };
            (Action::Interchange(chosen), text)
        } else {
            let Ok(mut turn) = pos.begin_turn() else {
                break;
            };
            if turn.legal_moves().is_empty() && turn.take_choices().is_none() {
                (Action::Pass, "pass".to_owned())
            } else {
                let (moves, take) = random_turn(&mut turn, &mut rng);
                let mut text = moves
                    .iter()
                    .map(|(f, t)| format!("{f}-{t}"))
                    .collect::<Vec<_>>()
                    .join(if rng.one_in(2) { " " } else { ", " });
                if let Some(sq) = take {
                    if !text.is_empty() {
                        text.push(' ');
                    }
                    text.push_str(&format!("x {sq}"));
                }
                if rng.one_in(3) {
                    text = format!("{}: {text}", side.letter());
                }
                (
                    Action::Turn {
                        moves,
                        take,
                        wanderers: vec![],
                        radiate: None,
                    },
                    text,
                )
            }
        };
        if game.play(&action).is_err() {
            // A take left out when the turn's last move could not count: not written.
            break;
        }
        if rng.one_in(6) {
            line.push_str(" !?");
        }
        if rng.one_in(5) {
            line.push_str(&format!(" {{ after {} }}", g.positions.len()));
        }
        g.action_lines.push(g.lines.len());
        g.lines.push(line);
        g.positions.push(*game.position());
        if rng.one_in(8) {
            g.lines
                .push(format!("assert position \"{}\"", game.position()));
        }
        if rng.one_in(10) {
            g.lines.push("# a line comment".to_owned());
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_games_check_clean(seed in any::<u64>(), len in 1usize..80) {
        let g = generate(seed, len);
        let text = g.text();
        let run = run_file(&text, Options::default());
        let problems: Vec<String> = run.problems().map(|p| p.full_message()).collect();
        prop_assert!(run.passed(), "{problems:?}\n{text}");
        prop_assert_eq!(run.games.len(), 1);
    }

    #[test]
    fn fmt_keeps_generated_games(seed in any::<u64>(), len in 1usize..80) {
        let text = generate(seed, len).text();
        let file = syntax::parse_file(&text).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        let once = fmt::format_file(&file);
        let again = syntax::parse_file(&once).map_err(|e| TestCaseError::fail(format!("{e:?}\n{once}")))?;
        prop_assert_eq!(syntax::without_spans(&again), syntax::without_spans(&file), "{}", once);
        prop_assert_eq!(fmt::format_file(&again), once.clone());
        prop_assert!(run_file(&once, Options::default()).passed(), "{}", once);
    }

    #[test]
    fn each_prefix_replays_to_the_listed_position(seed in any::<u64>(), len in 1usize..50) {
        let g = generate(seed, len);
        let run = run_file(&g.text(), Options { each: true });
        prop_assert_eq!(run.games.len(), 1);
        let listed: Vec<Position> = run.games[0].positions.iter().map(|(_, p)| *p).collect();
        prop_assert_eq!(&listed, &g.positions, "{}", g.text());
        for (i, &line) in g.action_lines.iter().enumerate() {
            let prefix = Generated {
                lines: g.lines[..=line].to_vec(),
                action_lines: Vec::new(),
                positions: Vec::new(),
            };
            let run = run_file(&prefix.text(), Options::default());
            prop_assert!(run.passed());
            let end = run.games[0].runner.as_ref().map(|r| *r.position());
            prop_assert_eq!(end, Some(listed[i + 1]), "prefix of {} lines", line + 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_damaged_line_gets_one_syntax_error(
        seed in any::<u64>(),
        len in 1usize..60,
        damage in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..4), 1..6),
    ) {
        let mut g = generate(seed, len);
        let junk = ["zz ", "$0 ", "a7-b9 ", ") "];
        let mut damaged = std::collections::BTreeSet::new();
        for (at, kind) in damage {
            let i = at.index(g.lines.len());
            if damaged.insert(i) {
                g.lines[i] = format!("{}{}", junk[kind], g.lines[i]);
            }
        }
        let text = g.text();
        let errors = syntax::parse_file_all_errors(&text).err().unwrap_or_default();
        // The offset where each line starts (after the two header lines).
        let mut starts = Vec::new();
        let mut at = "[Event \"generated\"]\n\n".len();
        for l in &g.lines {
            starts.push(at);
            at += l.len() + 1;
        }
        let got: Vec<usize> = errors
            .iter()
            .map(|e| starts.partition_point(|&s| s <= e.span.start) - 1)
            .collect();
        let want: Vec<usize> = damaged.iter().copied().collect();
        prop_assert_eq!(got, want, "{}", text);
    }

    #[test]
    fn every_syntax_error_never_panics_and_agrees_with_the_parser(
        text in "[ \n\r{}()#\"\\\\a-h1-9x$!?;:.\\[\\]BYmarkpsdlt-]{0,120}"
    ) {
        let all = syntax::parse_file_all_errors(&text);
        let first = syntax::parse_file(&text);
        prop_assert_eq!(all.is_ok(), first.is_ok(), "{:?}", text);
        if let (Err(all), Err(first)) = (all, first) {
            // The whole parse's error is one of them; they come in order, in the text.
            prop_assert!(all.contains(&first), "{:?}: {:?} not in {:?}", text, first, all);
            prop_assert!(all.windows(2).all(|w| w[0].span.start < w[1].span.start), "{:?}", all);
            prop_assert!(all.iter().all(|e| e.span.start <= e.span.end && e.span.end <= text.len()));
        }
    }
}

#[test]
fn the_generator_reaches_later_rendezvous() {
    // The properties mean more when some games get past the first Rendezvous.
    let won = (0..200u64)
        .map(|seed| generate(seed, 80))
        .filter(|g| g.positions.iter().any(|p| p.total() < 10))
        .count();
    assert!(
        won >= 20,
        "only {won} of 200 generated games won a Rendezvous"
    );
}
