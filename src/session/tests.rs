//! The session's events, straight from the engine: no terminal, no text.

use super::*;
use crate::engine::{
    Action, BySide, Game, GameResult, Goal, Phase, Position, Rules, Square, Target, WinReason,
};
use crate::session::hint;

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

// The session driven as a front end drives it: typed text in, typed events out.

#[test]
fn a_line_played_answers_its_events_and_keeps_its_record() {
    let mut s = Session::default();
    let r = s.play("mark d5 {the centre}");
    assert!(r.problem.is_none(), "{:?}", r.problem);
    assert_eq!((r.applied, r.played), (1, 1));
    assert!(r.recorded);
    assert_eq!(
        r.events,
        vec![Event::Played {
            side: Side::Black,
            numbered: false
        }]
    );
    assert!(s.has_unsaved());
    // The comment stays with the action it follows, for the file written back.
    let written = crate::fmt::format_items(&s.tree().body);
    assert!(written.contains("mark d5 { the centre }"), "{written}");
    assert_eq!(s.position().to_act(), Side::Yellow);
}

#[test]
fn a_bad_event_stops_the_line_and_keeps_what_came_before() {
    let mut s = Session::default();
    let r = s.play("mark d5; mark e5");
    assert_eq!(r.played, 1, "the first Mark stays played");
    let p = r.problem.expect("the second Mark is not Yellow's to set");
    assert!(!p.code.is_empty());
    assert_eq!(s.record().steps.len(), 1);
    // A line that is not notation at all changes nothing.
    let r = s.play("d5 to e5 please");
    assert!(r.problem.is_some());
    assert_eq!((r.applied, r.played, r.recorded), (0, 0, false));
    assert_eq!(s.record().steps.len(), 1);
}

#[test]
fn undo_and_redo_move_actions_and_bring_back_a_game_put_aside() {
    let mut s = Session::default();
    assert_eq!(s.undo(1), None, "nothing to undo at the start");
    assert!(s.play("mark d5").problem.is_none());
    let mark = *s.position();
    assert_eq!(s.undo(1), Some(Undone::Actions(vec!["B: mark d5".into()])));
    assert_eq!(s.position().phase(), Phase::Mark);
    assert_eq!(s.redo(5), Some(vec!["B: mark d5".into()]));
    assert_eq!(*s.position(), mark);
    assert_eq!(s.redo(1), None);
    // A new game puts this one aside; undo at its start brings it back.
    let aside = s
        .reset(None, ":new")
        .expect("a game with an action is kept");
    assert_eq!(
        aside,
        Aside {
            actions: 1,
            unsaved: true
        }
    );
    assert!(s.record().steps.is_empty());
    assert_eq!(s.unsaved().len(), 1, "the game put aside is unsaved work");
    match s.undo(1) {
        Some(Undone::BroughtBack { by, actions, .. }) => assert_eq!((by, actions), (":new", 1)),
        other => panic!("expected the game back, got {other:?}"),
    }
    assert_eq!(*s.position(), mark);
}

#[test]
fn a_loaded_puzzle_is_judged_by_the_engine_goal() {
    let mut s = Session::new("1880".parse().expect("rules"));
    let start = s.position().to_string();
    let text = format!(
        "[Event \"p\"]\n[Rules \"1880\"]\n[Position \"{start}\"]\n[Goal \"B wins game in 1\"]\n"
    );
    let file = crate::syntax::parse_file(&text).expect("a game file");
    let loaded = s.load(&file.games[0], None).expect("its tags read");
    assert_eq!((loaded.actions, loaded.left_out), (0, 0));
    let progress = s.goal_status().expect("a goal");
    assert_eq!(progress.goal().turns, 1);
    assert_eq!(s.rules().to_string(), "1880");
}

#[test]
fn the_die_is_thrown_only_when_a_1879_mark_is_due_and_plays_it() {
    let mut s = Session::new("1879".parse().expect("rules"));
    assert!(s.throw().is_none(), "the men are set first");
    // Let lanrick set both sides' men: the die is then due.
    s.set_lanrick(Some((Side::Black, 0)));
    for _ in 0..4 {
        if s.next() != Some(Next::Lanrick) {
            break;
        }
        let choice = s.think(None).expect("a set-up");
        assert!(s.play_choice(&choice).problem.is_none());
        s.set_lanrick(Some((s.position().to_act(), 0)));
    }
    assert_eq!(s.next(), Some(Next::Throw));
    let (thrown, reply) = s.throw().expect("a Mark is due");
    let Event::DieThrown { square, .. } = thrown else {
        panic!("a throw is told as DieThrown, got {thrown:?}");
    };
    assert!(reply.problem.is_none());
    assert_ne!(s.position().phase(), Phase::Mark);
    assert!(
        s.record()
            .steps
            .last()
            .is_some_and(|st| st.action() == format!("mark {square}"))
    );
}

#[test]
fn lanrick_plays_its_side_and_only_when_due() {
    let mut s = Session::default();
    assert_eq!(s.next(), None, "nobody but the user plays");
    s.set_lanrick(Some((Side::Yellow, 1)));
    assert_eq!(
        s.next(),
        None,
        "Black sets the first Mark: the user's action"
    );
    assert!(s.play("mark d5").problem.is_none());
    assert_eq!(s.next(), Some(Next::Lanrick));
    let choice = s.think(None).expect("a turn");
    let r = s.play_choice(&choice);
    assert!(r.problem.is_none());
    assert!(matches!(
        r.events.first(),
        Some(Event::Played {
            side: Side::Yellow,
            ..
        })
    ));
    assert_eq!(s.position().to_act(), Side::Black);
    assert_eq!(s.next(), None);
    // `:go`: lanrick plays the user's side once when asked.
    s.play_now();
    assert_eq!(s.next(), Some(Next::Lanrick));
    let choice = s.think(None).expect("a turn");
    s.play_choice(&choice);
    assert_eq!(s.next(), Some(Next::Lanrick), "its own side again");
}

#[test]
fn a_1879_round_ended_is_told_with_its_score_before_the_game_over() {
    let rules: Rules = "1879".parse().expect("rules");
    let mut s = Session::new(rules);
    // Four men, all in: the take leaves Yellow two and ends the round; Black scores four.
    s.reset(
        Some(pos("1879", "8/8/8/3Y4/3B4/3BBB2/8/Y6Y B e4 play 0-0 Y")),
        ":setup",
    );
    let r = s.play("x a1");
    assert!(r.problem.is_none(), "{:?}", r.problem);
    let score = |b, y| BySide::new(b, y);
    assert!(
        r.events.contains(&Event::RoundOver { score: score(4, 0) }),
        "{:?}",
        r.events
    );
    assert!(!r.events.iter().any(|e| matches!(e, Event::GameOver(_))));
    // A round that brings a side to five points ends the game: the round first.
    s.reset(
        Some(pos("1879", "8/8/7B/3Y4/3B4/3BBB2/8/Y6Y B e4 play 0-3 Y")),
        ":setup",
    );
    let r = s.play("h6-f4 x a1");
    let at = |want: fn(&Event) -> bool| r.events.iter().position(want);
    let round = at(|e| matches!(e, Event::RoundOver { .. })).expect("the round is told");
    let over = at(|e| matches!(e, Event::GameOver(_))).expect("the game over is told");
    assert!(round < over, "{:?}", r.events);
    assert_eq!(r.events[round], Event::RoundOver { score: score(5, 3) });
    // No round in the other editions.
    let mut s = Session::default();
    s.reset(
        Some(pos("1893", "8/8/8/3Y4/3B4/3BBB2/8/Y6Y B e4 play")),
        ":setup",
    );
    let r = s.play("x a1");
    assert!(
        !r.events
            .iter()
            .any(|e| matches!(e, Event::RoundOver { .. })),
        "{:?}",
        r.events
    );
}

// Hints: the facts, checked by other means than the hint's own.

/// Carroll's first hint position: Yellow wins the Rendezvous at once.
const HINT: &str = "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play";

#[test]
fn a_hint_proves_a_win_it_suggests_and_the_action_wins() {
    let game = Game::new(pos("1893", HINT));
    let h = hint::hint(&game, 4, 0, None).expect("a hint");
    assert_eq!(h.side, Side::Yellow);
    assert_eq!(
        h.forced,
        Some(Forced {
            target: Target::Rendezvous,
            turns: 1,
            line: vec![h.action.clone()],
        })
    );
    assert_eq!(h.wins_now, Some(Target::Rendezvous));
    assert_eq!(h.threat, None, "a Rendezvous won ends any threat");
    assert!(!h.lost);
    // The suggested action, played, wins the Rendezvous.
    let mut s = Session::new(Rules::default());
    s.reset(Some(pos("1893", HINT)), ":setup");
    let r = s.play(&h.action);
    assert!(r.problem.is_none(), "{}: {:?}", h.action, r.problem);
    assert!(
        r.events.iter().any(|e| matches!(
            e,
            Event::RendezvousWon {
                side: Side::Yellow,
                ..
            }
        )),
        "{:?}",
        r.events
    );
}

#[test]
fn a_hint_names_the_threat_it_stops_and_the_men_it_brings_in() {
    // Yellow has four men in and could bring the fifth in next turn; Black's action
    // must stop it.
    let start = pos("1893", "8/1YYYY3/1B6/8/8/8/8/BB5B B c6 play");
    let game = Game::new(start);
    let h = hint::hint(&game, 4, 0, None).expect("a hint");
    assert_eq!(
        h.threat,
        Some(Threat {
            by: Side::Yellow,
            stopped: true
        })
    );
    // Checked by brute force: after the action, no outcome of Yellow's next turn wins
    // the Rendezvous.
    let mut after = game.clone();
    let action = crate::engine::outcomes(&start)
        .into_iter()
        .find(|o| o.action.to_string() == h.action)
        .expect("the hint is one of the outcomes")
        .action;
    after.play(&action).expect("legal");
    for o in crate::engine::outcomes(after.position()) {
        let mut g = after.clone();
        let played = g.play(&o.action).expect("an outcome is legal");
        assert!(
            !matches!(
                played.turn.map(|t| t.end),
                Some(crate::engine::TurnEnd::Removed(_))
            ),
            "{} still wins for Yellow",
            o.action
        );
    }
    // The men counted in, by the squares of the Rendezvous.
    let inside = |p: &Position| {
        let rv = p.rendezvous().expect("a Rendezvous");
        p.men(Side::Black)
            .iter()
            .filter(|sq| rv.squares().contains(*sq))
            .count() as u8
    };
    assert_eq!(h.men_in, Some((inside(&start), inside(after.position()))));
    // A lower level is asked for and used.
    assert_eq!(hint::hint(&game, 1, 0, None).expect("a hint").level, 1);
}

#[test]
fn a_hint_gives_the_line_of_a_win_in_two_and_the_line_wins() {
    let start = "8/8/8/4Y3/2Y5/1BY5/1Y1YB3/Y7 Y b2 play";
    let game = Game::new(pos("1893", start));
    let h = hint::hint(&game, 4, 0, None).expect("a hint");
    let f = h.forced.expect("a forced win");
    assert_eq!(f.turns, 2);
    assert_eq!(f.line.len(), 3, "{:?}", f.line);
    assert_eq!(f.line[0], h.action);
    // Played out, the line wins what the hint says.
    let mut s = Session::new(Rules::default());
    s.reset(Some(pos("1893", start)), ":setup");
    let mut last = Vec::new();
    for action in &f.line {
        let r = s.play(action);
        assert!(r.problem.is_none(), "{action}: {:?}", r.problem);
        last = r.events;
    }
    let won = match f.target {
        Target::Game => last.iter().any(|e| {
            matches!(
                e,
                Event::GameOver(GameResult::Won {
                    winner: Side::Yellow,
                    ..
                })
            )
        }),
        Target::Rendezvous => last.iter().any(|e| {
            matches!(
                e,
                Event::RendezvousWon {
                    side: Side::Yellow,
                    ..
                }
            )
        }),
    };
    assert!(won, "{:?}", last);
}

/// The session's game as a file, as `:save` writes it.
fn written(s: &Session) -> String {
    crate::fmt::format_file(&ast::File {
        games: vec![s.tree()],
        trailing: Vec::new(),
    })
}

#[test]
fn a_new_line_after_an_undo_keeps_the_line_taken_back_as_a_variation() {
    let mut s = Session::default();
    assert!(s.play("mark d5 {the centre}").problem.is_none());
    assert!(s.play("a7-a6 h5-h4").problem.is_none());
    assert!(matches!(s.undo(2), Some(Undone::Actions(t)) if t.len() == 2));
    // The same first action again: the undone line is followed, its comment kept,
    // and what is left of it can still be redone.
    let again = s.play("mark d5");
    assert!(again.problem.is_none());
    assert_eq!(again.kept_as_variation, 0);
    assert_eq!(s.record().undone.len(), 1);
    assert!(
        written(&s).contains("B: mark d5 { the centre }"),
        "{}",
        written(&s)
    );
    // A different action: the rest of the line becomes its variation, nothing to redo.
    let other = s.play("a7-b6 h5-g4");
    assert!(other.problem.is_none(), "{:?}", other.problem);
    assert_eq!(other.kept_as_variation, 1);
    assert!(s.record().undone.is_empty());
    assert_eq!(s.redo(1), None);
    let variations = s.record().steps[1].variations();
    assert_eq!(variations.len(), 1);
    let text = written(&s);
    assert!(
        text.contains("1. Y: a7-b6 h5-g4 ( 1. Y: a7-a6 h5-h4 )"),
        "{text}"
    );
    // The record with its variation reads back clean: the variation is played from the
    // position before the action it stands beside.
    let run = crate::interp::run_file(&text, crate::interp::Options::default());
    assert!(
        run.passed(),
        "{text}: {:?}",
        run.problems().collect::<Vec<_>>()
    );
    // Branching again at the first action nests nothing: each taken-back line is one
    // more variation of the action that replaced it.
    assert!(matches!(s.undo(2), Some(Undone::Actions(t)) if t.len() == 2));
    let third = s.play("mark e4");
    assert_eq!(third.kept_as_variation, 2);
    let text = written(&s);
    assert!(text.contains("B: mark e4"), "{text}");
    assert!(text.contains("B: mark d5 { the centre }"), "{text}");
    assert!(text.contains("( 1. Y: a7-a6 h5-h4 )"), "{text}");
    let run = crate::interp::run_file(&text, crate::interp::Options::default());
    assert!(
        run.passed(),
        "{text}: {:?}",
        run.problems().collect::<Vec<_>>()
    );
}
