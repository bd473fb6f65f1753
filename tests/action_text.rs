//! The one writer of action text: for positions of random games in every edition, the
//! text of each outcome's action (as `turns --list`, self-play, the prover and the
//! player print it) is read back by the notation and played by the interpreter, and
//! reaches exactly that outcome's position.

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
