//! Property tests over random games of every rule set: men never share a square, the
//! number of men changes only as the edition says, and a position string read back by
//! the same rules gives the same position.

use lanrick::engine::*;
use lanrick::selfplay::{Rng, play_game_full, play_game_with};
use proptest::prelude::*;

fn rule_sets() -> Vec<Rules> {
    [
        "1880",
        "1893",
        "1893-es",
        "1893 turned",
        "1893 open-choice both-first",
    ]
    .iter()
    .map(|s| s.parse().expect("rules"))
    .collect()
}

fn check_game(rules: Rules, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut stats = Default::default();
    let record = play_game_with(&mut rng, &mut stats, rules);
    let mut game = Game::new(Position::start_for(rules));
    for action in &record.actions {
        let before = *game.position();
        let played = game
            .play(action)
            .unwrap_or_else(|e| panic!("{rules}: {before}: {action:?}: {e}"));
        let after = *game.position();
        // Men never share a square.
        assert!(
            (after.men(Side::Black) & after.men(Side::Yellow)).is_empty(),
            "{rules}: {after}"
        );
        // The men change only as the edition says.
        let (b, a) = (before.total(), after.total());
        match (&played.turn, action) {
            (_, Action::Set { .. }) => {
                assert_eq!(
                    (b, a),
                    (0, 10),
                    "{rules}: a set-up puts ten men on the board"
                );
                assert!((after.occupied() - SquareSet::BORDER).is_empty());
            }
            (Some(t), _) => match t.end {
                TurnEnd::Removed(_) => assert_eq!(a + 1, b, "{rules}: a won Rendezvous takes one"),
                TurnEnd::Replaced(_) | TurnEnd::Played => assert_eq!(a, b, "{rules}: {before}"),
            },
            (None, _) => assert_eq!(a, b, "{rules}: {before} then {after}"),
        }
        if rules.edition() != Edition::E1893 {
            assert!(after.count(Side::Black) <= 5 && after.count(Side::Yellow) <= 5);
        }
        // A Rule 7 replacement keeps the total but moves a man to the winner (1893 only).
        if let Some(TurnEnd::Replaced(_)) = played.turn.as_ref().map(|t| t.end) {
            assert!(
                rules.edition() == Edition::E1893,
                "{rules}: no replacement outside 1893"
            );
        }
        // The position string reads back to the same position.
        let text = after.to_string();
        let back = Position::parse_as(rules, &text)
            .unwrap_or_else(|e| panic!("{rules}: {text}: {e} at {:?}", e.span));
        assert_eq!(back.to_string(), text);
        assert_eq!(back.key(), after.key(), "{rules}: {text}");
    }
    assert!(game.result().is_some() || record.result == "draw");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(seed in any::<u64>(), which in 0usize..5) {
        check_game(rule_sets()[which], seed);
    }
}

#[test]
fn a_hundred_1880_games_end_by_the_rules() {
    let mut ended = 0;
    for seed in 0..100 {
        let mut rng = Rng::new(seed);
        let mut stats = Default::default();
        let record = play_game_with(&mut rng, &mut stats, Rules::R1880);
        let mut game = Game::new(Position::start_for(Rules::R1880));
        for a in &record.actions {
            game.play(a).expect("legal");
        }
        if let Some(GameResult::Won {
            winner,
            reason: WinReason::NoMenLeft,
        }) = game.result()
        {
            assert_eq!(game.position().count(!winner), 0);
            ended += 1;
        }
    }
    assert!(
        ended >= 50,
        "only {ended} of 100 games ended with no men left"
    );
}

/// 1879 matches: men never share a square, after every won Rendezvous every man is on
/// the border (radiated, or the board cleared at a round's end), the scores only
/// grow, the bonus and the set-up keep every man on the border, and each position
/// string reads back.
fn check_1879_match(seed: u64, die: DieRule) {
    let rules = Rules::R1879;
    let mut rng = Rng::new(seed);
    let mut stats = Default::default();
    let record = play_game_full(&mut rng, &mut stats, rules, die);
    let mut game = Game::new(Position::start_for(rules));
    for action in &record.actions {
        let before = *game.position();
        let played = game
            .play(action)
            .unwrap_or_else(|e| panic!("{before}: {action:?}: {e}"));
        let after = *game.position();
        assert!(
            (after.men(Side::Black) & after.men(Side::Yellow)).is_empty(),
            "{after}"
        );
        for side in Side::BOTH {
            assert!(
                after.round().score.of(side) >= before.round().score.of(side),
                "scores only grow: {before} then {after}"
            );
        }
        if let Some(TurnEnd::Removed(_)) = played.turn.as_ref().map(|t| t.end) {
            assert!(
                (after.occupied() - SquareSet::BORDER).is_empty(),
                "after radiating every man is on the border: {after}"
            );
        }
        if !after.phase().in_play() {
            assert!((after.occupied() - SquareSet::BORDER).is_empty(), "{after}");
        }
        if let Some(r) = after.rendezvous() {
            assert!(
                ("c3 c4 c5 c6 d3 d4 d5 d6 e3 e4 e5 e6 f3 f4 f5 f6").contains(&r.mark().to_string())
            );
        }
        let text = after.to_string();
        let back = Position::parse_as(rules, &text)
            .unwrap_or_else(|e| panic!("{text}: {e} at {:?}", e.span));
        assert_eq!(back, after.with_rules(rules), "{text}");
    }
    if let Some(GameResult::Won { winner, reason }) = game.result() {
        if reason == WinReason::FivePoints {
            assert!(game.position().round().score.of(winner) >= 5);
            assert_eq!(game.position().total(), 0);
        }
    } else {
        assert_eq!(record.result, "draw");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    #[test]
    fn random_1879_matches_keep_the_invariants(seed in any::<u64>(), nb in any::<bool>()) {
        check_1879_match(seed, if nb { DieRule::CarrollNb } else { DieRule::Plain });
    }
}

/// A whole random match written by `selfplay --rules 1879` replays and checks through
/// the interpreter as a file, and reaches five points.
#[test]
fn a_random_1879_match_is_replayed_and_checked() {
    let (text, _) =
        lanrick::selfplay::generate_full(3, 1879, Rules::R1879, DieRule::CarrollNb, None);
    let run = lanrick::interp::run_file(&text, lanrick::interp::Options::default());
    assert!(run.syntax.is_none());
    assert_eq!(run.games.len(), 3);
    let mut finished = 0;
    for g in &run.games {
        assert!(g.problems.is_empty(), "{:?}", g.problems);
        let runner = g.runner.as_ref().expect("a runner");
        if let Some(GameResult::Won {
            reason: WinReason::FivePoints,
            winner,
        }) = runner.game().result()
        {
            assert!(runner.position().round().score.of(winner) >= 5);
            finished += 1;
        }
    }
    assert!(finished >= 2, "{finished} of 3 matches reached five");
    // Two rounds at least in one of them: a second `set` after the first two.
    assert!(text.matches("\nset ").count() >= 8, "{text}");
}

/// The shortcut reader gives the very tree pest gives on 1879 matches, plain and
/// annotated (it declines `set`, `wanderers` and `radiate`).
#[test]
fn the_shortcut_reads_1879_matches_as_pest_does() {
    for rate in [None, Some(0.3)] {
        let (text, _) = lanrick::selfplay::generate_full(2, 79, Rules::R1879, DieRule::Plain, rate);
        assert!(text.contains("radiate ") && text.contains("wanderers "));
        let fast = lanrick::syntax::parse_file(&text).expect("parses");
        let pest = lanrick::syntax::parse_file_with_pest(&text).expect("parses");
        assert_eq!(fast, pest);
        // And fmt writes it back unchanged.
        assert_eq!(lanrick::fmt::format_file(&fast), text);
    }
}

/// A forced take left out before `radiate`: the shortcut declines and pest reads it.
#[test]
fn the_shortcut_declines_radiate_after_moves() {
    for text in [
        "[Rules \"1879\"]\n\nh6-f4 radiate c8\n",
        "[Rules \"1879\"]\n\nh6-f4 x a1 radiate c8 ! { c }\n",
        "[Rules \"1879\"]\n\nx a1 wanderers h1-d4 radiate c8; pass\n",
    ] {
        let fast = lanrick::syntax::parse_file(text).expect("parses");
        let pest = lanrick::syntax::parse_file_with_pest(text).expect("parses");
        assert_eq!(fast, pest, "{text}");
    }
}
