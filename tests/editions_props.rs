//! Property tests over random games of every rule set: men never share a square, the
//! number of men changes only as the edition says, and a position string read back by
//! the same rules gives the same position.

use lanrick::engine::*;
use lanrick::selfplay::{Rng, play_game_with};
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
        if !rules.is_1893() {
            assert!(after.count(Side::Black) <= 5 && after.count(Side::Yellow) <= 5);
        }
        // A Rule 7 replacement keeps the total but moves a man to the winner (1893 only).
        if let Some(TurnEnd::Replaced(_)) = played.turn.as_ref().map(|t| t.end) {
            assert!(rules.is_1893(), "{rules}: no replacement outside 1893");
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
