//! The player: every level plays only legal actions in every edition (each game
//! checked by the interpreter), the same seed gives the same game, a win at hand is
//! always taken and a win at hand for the other side is stopped whenever it can be.
//!
//! The strong levels run here with small node budgets (debug builds are slow); their
//! full strength is measured by `lanrick match` (docs/strength.md).

use lanrick::engine::{Edition, Game, GameResult, Position, Rules, Side, outcomes_unordered};
use lanrick::interp::{Options, run_file};
use lanrick::player::arena::{MatchGame, elo_of, play_game_with};
use lanrick::player::{Limits, MAX_LEVEL, choose, winning_turns, winning_turns_1879};
use lanrick::prover::{Goal, Limits as ProverLimits, Report, Target, Wants, solve};
use lanrick::selfplay::play_games_with;

fn rules(s: &str) -> Rules {
    s.parse().expect("known rules")
}

/// Limits of `level`, with a small budget for the searching levels.
fn quick(level: u8) -> Limits {
    Limits {
        nodes: (level >= 2).then_some(3_000),
        ..Limits::level(level, 0)
    }
}

/// The game in notation, as `lanrick match --out` writes it.
fn game_text(g: &MatchGame, r: Rules) -> String {
    let mut text = format!("[Rules \"{r}\"]\n");
    let result = match g.result {
        Some(GameResult::Won {
            winner: Side::Black,
            ..
        }) => "B",
        Some(GameResult::Won { .. }) => "Y",
        _ => "draw",
    };
    text.push_str(&format!("[Result \"{result}\"]\n\n"));
    for e in &g.events {
        text.push_str(e);
        text.push('\n');
    }
    if g.result.is_none() {
        text.push_str("draw\n");
    }
    text
}

/// A game of level `a` (playing `side`) against level `b` by `r`, from the opening of
/// `seed` and `pair` as a match plays it, with its text, after asserting that the
/// interpreter replays it without a problem.
fn played_and_checked(
    a: u8,
    b: u8,
    side: Side,
    seed: u64,
    pair: u64,
    r: Rules,
) -> (MatchGame, String) {
    let g = play_game_with(&quick(a), &quick(b), side, seed, pair, r);
    let text = game_text(&g, r);
    let run = run_file(&text, Options::default());
    assert!(
        run.passed(),
        "{r} level {a} v {b} ({side:?}), pair {pair}: {:?}\n{text}",
        run.problems().next()
    );
    (g, text)
}

#[test]
fn every_level_plays_legal_games_checked_by_the_interpreter_in_every_edition() {
    let mut played = 0;
    for r in ["1893", "1880", "1893-es"] {
        let r = rules(r);
        for (a, b, games) in [(0, 1, 2)] {
            for i in 0..games {
                let side = if i % 2 == 0 {
                    Side::Black
                } else {
                    Side::Yellow
                };
                played_and_checked(a, b, side, 5, i / 2, r);
                played += 1;
            }
        }
    }
    assert_eq!(played, 6);
}

#[test]
fn the_searching_levels_play_legal_actions_to_the_end_from_late_positions() {
    let mut actions = 0;
    for (r, seed) in [("1893", 31u64), ("1880", 32), ("1893-es", 33)] {
        let r = rules(r);
        for (i, start) in late_positions(r, 6, seed)
            .into_iter()
            .step_by(7)
            .enumerate()
        {
            let mut game = start;
            let level = 2 + (i as u8) % (MAX_LEVEL - 1);
            while game.result().is_none() && game.turns_played() < 200 {
                let c = choose(&game, &quick(level), None).expect("a choice");
                if let Err(e) = game.play(&c.action) {
                    panic!("{r} level {level}: {} is illegal: {e}", c.event);
                }
                actions += 1;
            }
        }
    }
    assert!(actions > 20, "{actions}");
}

#[test]
fn the_same_seed_and_level_give_the_same_game() {
    for game in late_positions(rules("1893"), 4, 41).into_iter().step_by(5) {
        for level in 0..=MAX_LEVEL {
            let a = choose(&game, &quick(level), None).expect("a choice");
            let b = choose(&game, &quick(level), None).expect("a choice");
            assert_eq!(a, b, "level {level}");
        }
    }
    let a = play_game_with(&quick(1), &quick(0), Side::Yellow, 9, 0, rules("1880"));
    let b = play_game_with(&quick(1), &quick(0), Side::Yellow, 9, 0, rules("1880"));
    assert_eq!(a.events, b.events);
    let c = play_game_with(&quick(1), &quick(0), Side::Yellow, 10, 0, rules("1880"));
    assert_ne!(a.events, c.events, "another seed, another opening");
}

#[test]
fn elo_is_zero_at_an_even_score_and_grows_with_it() {
    let (score, elo, low, high) = elo_of(&[1.0, 0.0, 0.5, 0.5]);
    assert!((score - 0.5).abs() < 1e-9);
    assert!(elo.abs() < 1e-9);
    assert!(low < 0.0 && high > 0.0);
    let (score, elo, low, high) = elo_of(&[1.0, 1.0, 1.0, 0.0]);
    assert!((score - 0.75).abs() < 1e-9);
    assert!((elo - 190.8).abs() < 0.1, "{elo}");
    assert!(low < elo && elo < high);
}

/// Whether `side` wins the game by playing `action` from `game`.
fn wins(game: &Game, choice: &lanrick::player::Choice, side: Side) -> bool {
    let mut g = game.clone();
    g.play(&choice.action).is_ok() && g.position().winner() == Some(side)
}

/// Hand-made: Black (two men, allowance 3) brings both into the 3-square Rendezvous
/// d3-d4-d5 and replaces a Yellow man, leaving Yellow one (Rule 9).
const WIN_IN_ONE: &str = "7Y/8/3B4/8/8/8/3B4/Y7 B d4:d5 play";

#[test]
fn a_hand_made_win_in_one_is_played_at_every_level_from_two() {
    let game = Game::new(Position::parse(WIN_IN_ONE).expect("valid"));
    for level in 2..=MAX_LEVEL {
        let c = choose(&game, &Limits::level(level, 1), None).expect("a choice");
        assert!(wins(&game, &c, Side::Black), "level {level}: {}", c.event);
        assert_eq!(c.reason, "wins the game now");
    }
}

/// Whether, after `pos`, the side to act (the other side) can win the game at once:
/// by the engine's whole list, independent of the player's own walk.
fn other_wins_at_once(pos: &Position) -> bool {
    let mover = pos.to_act();
    pos.winner().is_none()
        && outcomes_unordered(pos)
            .iter()
            .any(|o| o.position.winner() == Some(mover))
}

/// Positions late in random games (few men), with their games, by each edition.
fn late_positions(r: Rules, games: usize, seed: u64) -> Vec<Game> {
    positions_where(r, games, seed, |p| p.total() <= 5 && p.phase().in_play())
}

/// The games of random play by `r`, stopped at every action whose position `keep`
/// accepts.
fn positions_where(
    r: Rules,
    games: usize,
    seed: u64,
    keep: impl Fn(&Position) -> bool,
) -> Vec<Game> {
    let (list, _) = play_games_with(games, seed, r);
    let mut out = Vec::new();
    for g in list {
        let mut game = Game::new(Position::start_for(r));
        for a in &g.actions {
            if game.result().is_some() {
                break;
            }
            if keep(game.position()) {
                out.push(game.clone());
            }
            if game.play(a).is_err() {
                break;
            }
        }
    }
    out
}

#[test]
fn generated_wins_in_one_are_always_played_and_threats_always_stopped() {
    let mut wins_seen = 0;
    let mut threats_seen = 0;
    for (r, seed) in [("1893", 21u64), ("1880", 22), ("1893-es", 23)] {
        let r = rules(r);
        for game in late_positions(r, 30, seed).into_iter().step_by(2) {
            let pos = *game.position();
            let me = pos.to_act();
            let list = outcomes_unordered(&pos);
            let can_win = list.iter().any(|o| o.position.winner() == Some(me));
            // Every level from 2 shares the tactics (a win now, the other side stopped);
            // level 2 keeps the test short in a debug build.
            let limits = Limits {
                nodes: Some(5_000),
                ..Limits::level(2, 3)
            };
            let c = choose(&game, &limits, None).expect("a choice");
            if can_win {
                wins_seen += 1;
                assert!(wins(&game, &c, me), "{pos}: played {}", c.event);
                continue;
            }
            if list.len() > 150 {
                continue;
            }
            // Does some action let the other side win at once, and some other not?
            let losing: Vec<bool> = list
                .iter()
                .map(|o| o.position.to_act() != me && other_wins_at_once(&o.position))
                .collect();
            if losing.iter().any(|&l| l) && losing.iter().any(|&l| !l) {
                threats_seen += 1;
                let mut after = game.clone();
                after.play(&c.action).expect("legal");
                assert!(
                    !other_wins_at_once(after.position()),
                    "{pos}: {} lets the other side win",
                    c.event
                );
            }
        }
    }
    assert!(wins_seen >= 5, "only {wins_seen} wins in one generated");
    assert!(threats_seen >= 3, "only {threats_seen} threats generated");
}

#[test]
fn the_match_command_alternates_colours_and_reports_json() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("match.lanrick");
    let out = assert_cmd::Command::cargo_bin("lanrick")
        .expect("built")
        .args([
            "match", "--a", "1", "--b", "0", "--games", "4", "--seed", "3",
        ])
        .args(["--rules", "1880", "--format", "json", "--out"])
        .arg(&file)
        .assert()
        .success()
        .get_output()
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["games"], 4);
    for field in ["a_score", "elo", "elo_low", "elo_high"] {
        assert!(v[field].is_number(), "{field}: {v}");
    }
    let score = v["a_score"].as_f64().expect("number");
    assert!((0.0..=1.0).contains(&score));
    assert!(v["elo_low"].as_f64() <= v["elo"].as_f64());
    assert!(v["elo"].as_f64() <= v["elo_high"].as_f64());
    let text = std::fs::read_to_string(&file).expect("written");
    let blacks: Vec<&str> = text.lines().filter(|l| l.starts_with("[Black")).collect();
    assert_eq!(
        blacks,
        [
            "[Black \"lanrick level 1\"]",
            "[Black \"lanrick level 0\"]",
            "[Black \"lanrick level 1\"]",
            "[Black \"lanrick level 0\"]"
        ]
    );
    assert!(run_file(&text, Options::default()).passed());
}

/// Games of random 1879 play, at every action where a turn is due.
fn positions_1879(games: usize, seed: u64) -> Vec<Game> {
    positions_where(rules("1879"), games, seed, |p| p.phase().in_play())
}

#[test]
fn in_1879_the_winning_walk_finds_a_rendezvous_won_whenever_the_engine_lists_one() {
    let mut wins = 0;
    let mut checked = 0;
    for game in positions_1879(4, 51).into_iter().step_by(5).take(60) {
        let pos = *game.position();
        let me = pos.to_act();
        let engine = outcomes_unordered(&pos)
            .iter()
            .any(|o| o.position.count(!me) < pos.count(!me));
        let walk = winning_turns(&pos, true);
        assert_eq!(engine, !walk.is_empty(), "{pos}");
        for c in winning_turns_1879(&pos) {
            assert!(
                c.position.count(!me) < pos.count(!me),
                "{pos}: {}",
                c.event()
            );
            let mut g = game.clone();
            g.play(&c.action()).expect("a legal winning turn");
        }
        wins += usize::from(engine);
        checked += 1;
    }
    assert!(
        checked >= 30 && wins >= 3,
        "{checked} positions, {wins} wins"
    );
}

/// The winning walk drops a turn state only when it cannot win (a moved man left
/// outside, or the men outside needing more squares than the allowance left): in every
/// edition it finds every way the engine lists of placing the winner's men (the other
/// side's wanderers on one square each; 1879: a win whenever there is one), and only
/// winning ends, and plays each.
#[test]
fn the_winning_walk_finds_every_winning_end_the_engine_lists_in_every_edition() {
    use std::collections::BTreeSet;
    let mut wins = 0;
    for (r, seed) in [("1893", 61), ("1893-es", 62), ("1880", 63), ("1879", 64)] {
        let r = rules(r);
        for game in positions_where(r, 3, seed, |p| p.phase().in_play())
            .into_iter()
            .step_by(4)
            .take(25)
        {
            let pos = *game.position();
            let me = pos.to_act();
            let won = |p: &Position| p.count(!me) < pos.count(!me) || p.winner() == Some(me);
            // The winner's men where the turn leaves them: the walk places the other
            // side's wanderers on one square each, where the engine lists every choice.
            let mine = |p: &Position| format!("{:?}", p.men(me));
            let ends = outcomes_unordered(&pos);
            let engine: BTreeSet<String> = ends
                .iter()
                .filter(|o| won(&o.position))
                .map(|o| mine(&o.position))
                .collect();
            let all: BTreeSet<String> = ends.iter().map(|o| o.position.to_string()).collect();
            let walk = winning_turns(&pos, false);
            let found: BTreeSet<String> = walk.iter().map(|c| mine(&c.position)).collect();
            if r.edition() == Edition::E1879 {
                // The winner's centre man radiates (Rule 6): the walk takes one choice.
                assert_eq!(found.is_empty(), engine.is_empty(), "{pos}");
                assert!(found.is_subset(&engine), "{pos}");
            } else {
                assert_eq!(found, engine, "{pos}");
            }
            for c in &walk {
                assert!(
                    won(&c.position) && all.contains(&c.position.to_string()),
                    "{pos}"
                );
            }
            for c in &walk {
                let mut g = game.clone();
                g.play(&c.action()).expect("a legal winning turn");
                assert_eq!(g.position().to_string(), c.position.to_string());
            }
            wins += usize::from(!engine.is_empty());
        }
    }
    assert!(wins >= 8, "{wins} positions with a win");
}

#[test]
fn in_1879_a_rendezvous_that_can_be_won_is_won_from_level_1() {
    let mut seen = 0;
    for game in positions_1879(4, 52).into_iter().step_by(3) {
        let pos = *game.position();
        let me = pos.to_act();
        if winning_turns(&pos, true).is_empty() {
            continue;
        }
        for level in 1..=MAX_LEVEL {
            let c = choose(&game, &quick(level), None).expect("a choice");
            let mut g = game.clone();
            g.play(&c.action).expect("legal");
            let after = g.position();
            assert!(
                after.winner() == Some(me) || after.count(!me) < pos.count(!me),
                "{pos}: level {level} played {}",
                c.event
            );
        }
        seen += 1;
        if seen == 6 {
            break;
        }
    }
    assert!(seen >= 3, "only {seen} positions with a Rendezvous to win");
}

#[test]
fn every_level_plays_legal_1879_games_checked_by_the_interpreter() {
    let r = rules("1879");
    for (i, (a, b)) in [(1, 0), (3, 2), (4, 3)].into_iter().enumerate() {
        let (g, text) = played_and_checked(a, b, Side::Black, 6, i as u64, r);
        assert!(
            g.result.is_some(),
            "1879 level {a} v {b} not finished:\n{text}"
        );
    }
}

/// The prover's verdict-only proof that the side to act in `pos` wins the game in
/// two of his turns, within `max_nodes` a key, with `written` as the written key.
fn game_in_two(pos: &Position, max_nodes: u64, written: Option<Position>) -> Option<Report> {
    let goal = Goal {
        side: pos.to_act(),
        target: Target::Game,
        turns: 2,
        help: false,
    };
    let limits = ProverLimits {
        max_nodes: Some(max_nodes),
        threads: 1,
        hash_mib: 16,
        ..ProverLimits::default()
    };
    let wants = Wants {
        written,
        verdict_only: true,
        ..Wants::default()
    };
    solve(pos, goal, &limits, &wants).ok()
}

/// The fewest of his turns in which the side to act in `pos` forces the game, if
/// within two; `None` when the proof did not finish within its budget.
fn shortest_win(pos: &Position) -> Option<Option<u32>> {
    let report = game_in_two(pos, 400_000, None)?;
    report.complete.then_some(report.shortest)
}

/// Whether the action that leads from `pos` to `after` still forces the game within
/// two of the mover's turns, and none forces it in one, by the prover (the written
/// key's proof).
fn forces_in_two(pos: &Position, after: &Position) -> bool {
    game_in_two(pos, 2_000_000, Some(*after)).is_some_and(|report| {
        report.shortest == Some(2)
            && report
                .written
                .is_some_and(|w| report.keys[w].depth.is_some())
    })
}

/// Positions with a win of the game in two and none in one, found by the generated
/// test below. The first beat the player before it asked the prover; in the third
/// the first winning action in the visitor's order takes 2 million prover nodes to
/// find (by the evaluation's order, 11,000).
const WINS_IN_TWO: &[(&str, &str)] = &[
    ("1893", "8/B7/8/Y7/8/2B5/5Y2/6B1 B b6 play"),
    ("1893", "4Y3/8/8/8/B7/6B1/1B6/4Y3 Y d7 play"),
    ("1880", "4Y3/8/8/4B3/4Y1Y1/8/7Y/8 Y g3 play"),
    ("1880", "4Y3/8/8/8/5B2/5B2/8/8 B d6 shift-B"),
    ("1893-es", "7B/8/1YY3B1/8/B7/8/8/8 B c4:c1,f1,a4,h4 play"),
    ("1879", "Y7/8/5Y2/8/7B/1B2B1B1/6YB/8 B f3 play 0-0 B"),
];

/// A 1879 position that was in [`WINS_IN_TWO`] while the prover let the player who
/// plays first choose the die's Mark: Black's win in two needs the die to give a
/// square his men can all reach, and no one chooses it (Rules 3 and 8), so it is no
/// win in two and the top level must not play it as one.
const WIN_IN_TWO_ONLY_BY_THE_DIE: (&str, &str) =
    ("1879", "8/8/1B1BY3/2B5/3Y4/Y7/7Y/8 B c4 play 3-0 Y");

#[test]
fn the_top_level_plays_a_win_in_two_in_every_edition() {
    for &(r, text) in WINS_IN_TWO {
        let pos = Position::parse_as(rules(r), text).expect("a valid position");
        let game = Game::new(pos);
        for level in 4..=MAX_LEVEL {
            let c = choose(&game, &Limits::level(level, 7), None).expect("a choice");
            assert_eq!(c.reason, "wins the game in two", "{r} {text}: {}", c.event);
            let mut g = game.clone();
            g.play(&c.action).expect("legal");
            assert!(
                forces_in_two(&pos, g.position()),
                "{r} {text}: level {level} played {}",
                c.event
            );
        }
    }
    let (r, text) = WIN_IN_TWO_ONLY_BY_THE_DIE;
    let pos = Position::parse_as(rules(r), text).expect("a valid position");
    assert_eq!(shortest_win(&pos), Some(None), "{r} {text}");
    let game = Game::new(pos);
    for level in 4..=MAX_LEVEL {
        let c = choose(&game, &Limits::level(level, 7), None).expect("a choice");
        assert_ne!(c.reason, "wins the game in two", "{r} {text}: {}", c.event);
    }
}

/// Every position of random games (late in 1893, 1880 and 1893-es, with a round to
/// win in 1879) where the prover finds a win of the game in two and none in one:
/// the top level plays one that still forces it. 242 positions, 6 to 9 minutes in
/// a release build: `cargo test --release --test player -- --ignored`.
#[test]
#[ignore = "long: run in a release build"]
fn generated_wins_in_two_are_always_played_at_the_top_level() {
    let mut seen = Vec::new();
    for (r, seed) in [("1879", 34), ("1893", 31u64), ("1880", 32), ("1893-es", 33)] {
        let r = rules(r);
        let mut found = 0;
        let games = if r.edition() == Edition::E1879 {
            // A 1879 game is won by the round that brings the score to five.
            positions_where(r, 40, seed, |p| {
                p.phase().in_play() && p.rendezvous_to_game(p.to_act()) <= 2
            })
        } else {
            late_positions(r, 40, seed)
        };
        for game in games {
            let pos = *game.position();
            if shortest_win(&pos) != Some(Some(2)) {
                continue;
            }
            let t = std::time::Instant::now();
            let c = choose(&game, &Limits::level(MAX_LEVEL, 5), None).expect("a choice");
            let mut g = game.clone();
            g.play(&c.action).expect("legal");
            let ok = forces_in_two(&pos, g.position());
            eprintln!(
                "{r} {pos}: {} ({}) {ok} {:?}",
                c.event,
                c.reason,
                t.elapsed()
            );
            assert!(
                ok,
                "{pos}: level {MAX_LEVEL} played {} ({})",
                c.event, c.reason
            );
            found += 1;
        }
        seen.push((r, found));
    }
    eprintln!("{seen:?}");
}

/// Positions in play late in random games of every edition (at most seven men on
/// the board), `per` of each.
fn late_in_every_edition(per: usize) -> Vec<(Rules, Game)> {
    let mut out = Vec::new();
    for (r, seed) in [("1893", 51u64), ("1880", 52), ("1893-es", 53), ("1879", 54)] {
        let r = rules(r);
        let list = positions_where(r, 6, seed, |p| p.total() <= 7 && p.phase().in_play());
        let step = (list.len() / per).max(1);
        out.extend(list.into_iter().step_by(step).take(per).map(|g| (r, g)));
    }
    out
}

#[test]
fn level_five_gives_the_same_legal_choice_for_the_same_seed_in_every_edition() {
    let positions = late_in_every_edition(3);
    for e in ["1893", "1880", "1893-es", "1879"] {
        let n = positions.iter().filter(|(r, _)| *r == rules(e)).count();
        assert!(n >= 1, "{e}: {n} positions");
    }
    let limits = |seed| Limits {
        nodes: Some(20_000),
        ..Limits::level(5, seed)
    };
    for (r, game) in &positions {
        let a = choose(game, &limits(3), None).expect("a choice");
        let b = choose(game, &limits(3), None).expect("a choice");
        assert_eq!(a, b, "{r} {}", game.position());
        let mut g = game.clone();
        if let Err(e) = g.play(&a.action) {
            panic!("{r} {}: level 5 played {}: {e}", game.position(), a.event);
        }
    }
}

#[test]
fn level_five_stays_within_its_node_budget() {
    // Each search node counts once and the budget is checked before each shortlist
    // is made, so a choice goes past it by at most the root's list (every outcome,
    // each weighed once, when the list is affordable) and one shortlist with the
    // winning turns weighed at its leaves.
    const SLACK: u64 = 20_000;
    let own = lanrick::player::level_nodes(5);
    assert!(own > 300_000, "level 5 has a budget of its own: {own}");
    for (r, game) in late_in_every_edition(2) {
        let root = outcomes_unordered(game.position()).len() as u64;
        for budget in [2_000u64, 30_000] {
            let limits = Limits {
                nodes: Some(budget),
                ..Limits::level(5, 1)
            };
            let c = choose(&game, &limits, None).expect("a choice");
            assert!(
                c.nodes <= budget + root + SLACK,
                "{r} {}: {} nodes for a budget of {budget} ({root} outcomes)",
                game.position(),
                c.nodes
            );
        }
    }
    // The level's own budget, on the most crowded 1893 position of the player bench
    // (709,819 outcomes: the root takes the generator's candidates there).
    let pos =
        Position::parse_as(rules("1893"), "1Y5Y/7B/8/3Y4/8/YB6/Y3Y3/2Y5 Y b2 play").expect("valid");
    let c = choose(&Game::new(pos), &Limits::level(5, 1), None).expect("a choice");
    assert!(c.nodes <= own + SLACK, "{} nodes", c.nodes);
}

#[test]
fn level_five_plays_legal_games_against_level_four_in_every_edition() {
    for (i, r) in ["1893", "1880", "1893-es", "1879"].into_iter().enumerate() {
        let r = rules(r);
        let side = if i % 2 == 0 {
            Side::Black
        } else {
            Side::Yellow
        };
        let (g, _) = played_and_checked(5, 4, side, 8, i as u64, r);
        assert!(g.events.len() > 2, "{r}: {} actions", g.events.len());
    }
}
