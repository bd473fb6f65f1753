//! The one writer of action text: for positions of random games in every edition, the
//! text of each outcome's action (as `turns --list`, self-play, the prover and the
//! player print it) is read back by the notation and played by the interpreter, and
//! reaches exactly that outcome's position.

mod common;
use common::reaches_within;
use lanrick::engine::search::visit_outcomes;
use lanrick::engine::{Action, Game, OutcomeAction, Position, Rules};
use lanrick::interp::{Runner, run_line};
use lanrick::selfplay::{Rng, play_game_with};
use std::ops::ControlFlow;

/// Checks up to `limit` outcomes of `pos`: text read back reaches the outcome.
fn check_outcomes(pos: &Position, limit: usize) -> usize {
    let mut seen = 0;
    let _ = visit_outcomes(pos, |action: &OutcomeAction, after: &Position| {
        let text = action.to_string();
        let mut runner = Runner::from_position(*pos);
        let (_, problem) = run_line(&mut runner, &text);
        if let Some(p) = problem {
            panic!("{pos}: `{text}` was refused: {}", p.message);
        }
        assert_eq!(
            runner.position(),
            after,
            "{pos}: `{text}` reached another position"
        );
        // The engine's action and its text agree.
        assert_eq!(Action::from(action).to_string(), text);
        seen += 1;
        if seen >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    seen
}

#[test]
fn every_outcomes_text_reads_back_to_its_position_in_every_edition() {
    for rules in ["1893", "1880", "1879", "1893-es", "1893 turned open-choice"] {
        let rules: Rules = rules.parse().expect("rules");
        let mut rng = Rng::new(0x5eed + rules.to_string().len() as u64);
        let mut stats = Default::default();
        let mut checked = 0;
        for _ in 0..3 {
            let g = play_game_with(&mut rng, &mut stats, rules);
            let mut game = Game::new(Position::start_for(rules));
            for (i, action) in g.actions.iter().enumerate() {
                // Every fifth position, and every one near a Rendezvous' end.
                let pos = *game.position();
                if i % 5 == 0 || matches!(action, Action::Turn { take: Some(_), .. }) {
                    checked += check_outcomes(&pos, 40);
                }
                // The action self-play wrote is the one writer's text of its action.
                assert_eq!(g.events[i], action.to_string());
                if game.play(action).is_err() {
                    break;
                }
            }
        }
        assert!(checked > 100, "{rules}: only {checked} outcomes checked");
    }
}

/// The canonical form of a turn (what `solve` and `check` write a key in) has the
/// fewest man's moves of any turn reaching its outcome, and replays to it: for outcomes
/// of random positions in every edition its text reaches the outcome and never has more
/// moves than the walk's; in the 1893 rules a brute force over every shorter turn finds
/// none that reaches it. Carroll's first hint is his three-man answer.
#[test]
fn the_canonical_form_of_a_turn_has_the_fewest_mens_moves() {
    use lanrick::engine::search::fewest_moves_to;
    let moves = |a: &Action| match a {
        Action::Turn { moves, .. } => moves.len(),
        _ => 0,
    };
    let hint: Position = "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play"
        .parse()
        .expect("a position");
    let mut shortened = 0;
    for rules in ["1893", "1880", "1879"] {
        let rules: Rules = rules.parse().expect("rules");
        let mut rng = Rng::new(0xfe_u64 + rules.to_string().len() as u64);
        let mut stats = Default::default();
        let mut positions = vec![];
        if rules == Rules::default() {
            positions.push(hint);
        }
        for _ in 0..1 {
            let g = play_game_with(&mut rng, &mut stats, rules);
            let mut game = Game::new(Position::start_for(rules));
            for (i, action) in g.actions.iter().enumerate() {
                if i % 7 == 3 {
                    positions.push(*game.position());
                }
                if game.play(action).is_err() {
                    break;
                }
            }
        }
        for pos in positions {
            let mut seen = 0;
            let _ = visit_outcomes(&pos, |action: &OutcomeAction, after: &Position| {
                let found = Action::from(action);
                let n = moves(&found);
                if n < 2 {
                    return ControlFlow::Continue(());
                }
                let best = fewest_moves_to(&pos, after, n)
                    .unwrap_or_else(|| panic!("{pos}: no canonical form for `{found}`"));
                assert!(moves(&best) <= n, "{pos}: `{best}` longer than `{found}`");
                let mut game = Game::new(pos);
                game.play(&best).expect("the canonical form is legal");
                assert_eq!(game.position(), after, "{pos}: `{best}` for `{found}`");
                if moves(&best) < n {
                    shortened += 1;
                }
                if rules == Rules::default() && moves(&best) <= 3 {
                    let turn = pos.begin_turn().expect("a turn");
                    assert!(
                        !reaches_within(&turn, after, moves(&best) - 1),
                        "{pos}: a turn shorter than `{best}` reaches its outcome"
                    );
                }
                seen += 1;
                if seen >= 12 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        }
    }
    assert!(
        shortened > 0,
        "no walk's turn was longer than its canonical form"
    );
    // Carroll's answer, where the walk finds a five-man shuffle first.
    let mut runner = Runner::from_position(hint);
    let (_, problem) = run_line(&mut runner, "c6-d5 d7-c6 e7-d7 x e6");
    assert!(problem.is_none());
    let target = *runner.position();
    let mut walk_first = None;
    let _ = visit_outcomes(&hint, |a: &OutcomeAction, c: &Position| {
        if *c == target {
            walk_first = Some(Action::from(a));
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    assert_eq!(walk_first.as_ref().map(moves), Some(5));
    assert_eq!(
        fewest_moves_to(&hint, &target, 5)
            .map(|a| a.to_string())
            .as_deref(),
        Some("c6-d5 d7-c6 e7-d7 x e6")
    );
}
