//! The session's events, straight from the engine: no terminal, no text.

use super::*;
use crate::engine::{Action, Game, GameResult, Rules, Target, WinReason};

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

fn pos(rules: &str, s: &str) -> Position {
    let rules: Rules = rules.parse().expect("rules");
    Position::parse_as(rules, s).expect("a position")
}

fn turn(moves: &[(&str, &str)], take: Option<&str>) -> Action {
    Action::Turn {
        moves: moves.iter().map(|(a, b)| (sq(a), sq(b))).collect(),
        take: take.map(sq),
        wanderers: Vec::new(),
        radiate: None,
    }
}

/// Plays `action` and returns its events.
fn play(game: &mut Game, action: &Action) -> Vec<Event> {
    let before = *game.position();
    let played = game.play(action).expect("a legal action");
    action_events(&before, &played, game.position())
}

#[test]
fn a_rendezvous_won_tells_the_man_taken_and_the_next_mark() {
    let mut game = Game::new(pos("1893", "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play"));
    let events = play(
        &mut game,
        &turn(&[("c6", "d5"), ("d7", "c6"), ("e7", "d7")], Some("e6")),
    );
    assert_eq!(
        events,
        vec![
            Event::Played {
                side: Side::Yellow,
                numbered: true
            },
            Event::RendezvousWon {
                side: Side::Yellow,
                taken: sq("e6")
            },
            Event::MarkDue {
                side: game.position().to_act()
            },
        ]
    );
}

#[test]
fn the_game_over_is_told_by_the_edition() {
    // 1880: Black has no men left (Rule 6, 1880).
    let mut game = Game::new(pos("1880", "8/8/8/2Y5/2B5/8/8/8 Y d6 shift-Y"));
    let events = play(&mut game, &turn(&[], Some("c4")));
    assert_eq!(
        events.last(),
        Some(&Event::GameOver(GameResult::Won {
            winner: Side::Yellow,
            reason: WinReason::NoMenLeft
        }))
    );
}

#[test]
fn a_pass_spends_a_turn_of_the_goal() {
    let start = pos("1893", "YB6/BB6/8/8/8/8/6BB/6BY Y d4 play");
    let goal = Goal {
        side: Side::Yellow,
        target: Target::Rendezvous,
        turns: 1,
        help: false,
    };
    let mut game = Game::new(start);
    let mut progress = Progress::new(goal);
    let fresh = progress;
    let played = game.play(&Action::Pass).expect("boxed in, Yellow passes");
    assert_eq!(
        action_events(&start, &played, game.position()),
        vec![Event::Played {
            side: Side::Yellow,
            numbered: true
        }]
    );
    progress.note(&start, &played, game.position());
    assert_eq!(
        goal_event(&fresh, &progress),
        Some(Event::GoalOutOfReach { goal })
    );
}

#[test]
fn a_goal_met_is_told_once() {
    let start = pos("1893", "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
    let goal = Goal {
        side: Side::Yellow,
        target: Target::Rendezvous,
        turns: 1,
        help: false,
    };
    let mut game = Game::new(start);
    let mut progress = Progress::new(goal);
    let fresh = progress;
    let played = game
        .play(&turn(
            &[("c6", "d5"), ("d7", "c6"), ("e7", "d7")],
            Some("e6"),
        ))
        .expect("legal");
    progress.note(&start, &played, game.position());
    assert_eq!(
        goal_event(&fresh, &progress),
        Some(Event::GoalMet { goal, turns: 1 })
    );
    assert_eq!(goal_event(&progress, &progress), None);
}

#[test]
fn the_die_is_seeded_and_gives_a_mark_square() {
    let mut a = Die::new(DieRule::Plain, 1879);
    let mut b = Die::new(DieRule::Plain, 1879);
    for _ in 0..20 {
        let e = a.throw();
        assert_eq!(e, b.throw());
        let Event::DieThrown { square, rule } = e else {
            panic!("{e:?}")
        };
        assert_eq!(rule, DieRule::Plain);
        assert!((2..=5).contains(&square.file()) && (2..=5).contains(&square.rank()));
    }
}
