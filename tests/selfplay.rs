//! Self-play produces complete legal games that exercise every part of the rules.

use lanrick::engine::{Game, Position};
use lanrick::selfplay::{generate, play_games};

#[test]
fn selfplay_covers_the_rules_and_replays() {
    let (games, stats) = play_games(300, 1893);
    assert_eq!(stats.games, 300);
    for size in 3..=9 {
        assert!(
            stats.marks_by_size[size] > 0,
            "no Rendezvous of size {size}: {stats:?}"
        );
    }
    for (line, &n) in stats.lines.iter().enumerate() {
        assert!(n > 0, "no 3-square line of kind {line}: {stats:?}");
    }
    assert!(stats.interchanges > 0, "{stats:?}");
    assert!(stats.slides > 0, "{stats:?}");
    assert!(stats.replacements > 0, "{stats:?}");
    assert!(stats.removals > 0, "{stats:?}");
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.actions.len(), g.events.len());
        let mut game = Game::new(Position::start());
        for (a, e) in g.actions.iter().zip(&g.events) {
            if let Err(err) = game.play(a) {
                panic!("game {i}: {e} is illegal: {err}");
            }
        }
        assert!(game.result().is_some(), "game {i} has no result");
    }
}

#[test]
fn selfplay_is_reproducible_and_well_formed() {
    let (a, _) = generate(5, 7);
    let (b, _) = generate(5, 7);
    assert_eq!(a, b);
    assert_ne!(a, generate(5, 8).0);
    assert!(a.starts_with(
        "[Event \"selfplay 7 #1\"]\n[Black \"selfplay\"]\n[Yellow \"selfplay\"]\n[Result \""
    ));
    assert_eq!(a.matches("[Event ").count(), 5);
    assert!(a.contains("\n\n[Event \"selfplay 7 #2\"]"));
    assert!(a.contains("mark "));
}
