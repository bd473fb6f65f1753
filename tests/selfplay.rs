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

#[test]
fn annotated_selfplay_keeps_the_games_and_is_reproducible() {
    use lanrick::selfplay::generate_annotated;
    use lanrick::syntax::ast::Item;
    let (plain, _) = generate(30, 1878);
    // Rate 0 is the plain text, byte for byte.
    assert_eq!(generate_annotated(30, 1878, 0.0).0, plain);
    let (a, _) = generate_annotated(30, 1878, 0.25);
    assert_eq!(a, generate_annotated(30, 1878, 0.25).0);
    assert_ne!(a, plain);
    for form in ["{ ", " # ", " $", " ( ", " !", " ?"] {
        assert!(a.contains(form), "no `{form}` in the annotated games");
    }
    // The same events, each followed by its annotations.
    let events = |text: &str| -> Vec<lanrick::syntax::ast::EventKind> {
        let file = lanrick::syntax::parse_file(text).expect("selfplay output parses");
        let file = lanrick::syntax::without_spans(&file);
        file.games
            .iter()
            .flat_map(|g| &g.body)
            .filter_map(|i| match i {
                Item::Event(e) => Some(e.kind.clone()),
                Item::Comment(_) => None,
            })
            .collect()
    };
    let (pe, ae) = (events(&plain), events(&a));
    assert_eq!(pe.len(), ae.len());
    assert_eq!(pe, ae);
    // About a quarter of the events carry something.
    let file = lanrick::syntax::parse_file(&a).expect("parses");
    let (mut n, mut annotated) = (0, 0);
    for i in file.games.iter().flat_map(|g| &g.body) {
        if let Item::Event(e) = i {
            n += 1;
            let has =
                !(e.annotations.is_empty() && e.comments.is_empty() && e.variations.is_empty());
            annotated += usize::from(has);
        }
    }
    assert!((n / 5..n / 3).contains(&annotated), "{annotated} of {n}");
    // Legal, variations included, and already in canonical form.
    let run = lanrick::interp::run_file(&a, Default::default());
    assert!(run.passed());
    assert_eq!(lanrick::fmt::format_file(&file), a);
}
