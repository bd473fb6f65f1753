//! The February/March 1879 rules, each rule and decision (E-6 … E-12, D-6) on its
//! legal and its illegal side, through the interpreter as a game file or the REPL
//! plays them: the first player, the set-up, the die's Mark, the allowance, winning,
//! the take, the wanderers, radiating, the bonus, the round and the score.

use lanrick::engine::*;
use lanrick::interp::{Runner, run_line};

fn p(s: &str) -> Position {
    Position::parse_as(Rules::R1879, s).unwrap_or_else(|e| panic!("{s}: {e} at {:?}", e.span))
}

fn runner(s: &str) -> Runner {
    Runner::from_position(p(s))
}

/// Plays `line` and returns the position string, panicking on a problem.
fn play(r: &mut Runner, line: &str) -> String {
    let (_, problem) = run_line(r, line);
    if let Some(pr) = problem {
        panic!("{line}: {} ({:?})", pr.message, pr.help);
    }
    r.position().to_string()
}

/// Plays `line`, which must fail with `code`; returns the message and help.
fn fails(r: &mut Runner, line: &str, code: &str) -> (String, String) {
    let before = r.position().to_string();
    let (_, problem) = run_line(r, line);
    let pr = problem.unwrap_or_else(|| panic!("{line} should fail"));
    assert_eq!(pr.code, code, "{line}: {}", pr.message);
    assert_eq!(
        r.position().to_string(),
        before,
        "a failed event changes nothing"
    );
    (pr.message.clone(), pr.help.clone().unwrap_or_default())
}

/// B to play; a win filling the set (B d3 e3 f3 e4, h6 to come in; Y d5 e5 in, a1 h1
/// a8 outside).
const FULL: &str = "Y7/8/7B/3YY3/4B3/3BBB2/8/Y6Y B e4 play 0-0 B";
/// As FULL with the centre vacant, B on d4 and Y without a8.
const ONE_WANDERER: &str = "8/8/7B/3YY3/3B4/3BBB2/8/Y6Y B e4 play 0-0 B";
/// Y has three men: the win takes him down to two.
const LAST_THREE: &str = "8/8/7B/3Y4/3B4/3BBB2/8/Y6Y B e4 play 0-0 B";

#[test]
fn e6_the_first_set_names_the_first_player_and_each_sets_his_own() {
    let mut r = Runner::for_rules(Rules::R1879);
    assert_eq!(r.position().to_string(), "8/8/8/8/8/8/8/8 B set 0-0 B");
    // Yellow is first player: his prefix on the first set says so.
    assert_eq!(
        play(&mut r, "Y: set a1 c1 e1 g1 h3"),
        "8/8/8/8/8/7Y/8/Y1Y1Y1Y1 B set 0-0 Y"
    );
    // Black sets on vacant border squares only, and his own men only.
    fails(&mut r, "set a1 c8 e8 g8 h6", "lanrick::rule::set_square");
    fails(&mut r, "set a8 c8 e8 g8 d4", "lanrick::rule::set_square");
    fails(&mut r, "set a8 c8 e8 g8", "lanrick::rule::set_count");
    let (m, _) = fails(
        &mut r,
        "set B a8 c8 e8 g8 h6 Y b8",
        "lanrick::rule::set_square",
    );
    assert!(m.starts_with("Rule 2 (1879): "), "{m}");
    // Elsewhere a prefix is checked.
    fails(&mut r, "Y: set a8 c8 e8 g8 h6", "lanrick::prefix::side");
    // The die is then due for the first player.
    assert_eq!(
        play(&mut r, "set a8 c8 e8 g8 h6"),
        "B1B1B1B1/8/7B/8/8/7Y/8/Y1Y1Y1Y1 Y mark 0-0 Y"
    );
    // Without a prefix Black is first player.
    let mut r = Runner::for_rules(Rules::R1879);
    assert_eq!(
        play(&mut r, "set a1 c1 e1 g1 h3"),
        "8/8/8/8/8/7B/8/B1B1B1B1 Y set 0-0 B"
    );
}

#[test]
fn e7_the_die_marks_c3_to_f6_and_carries_no_number() {
    let mut r = runner("B1B1B1B1/8/7B/8/8/7Y/8/Y1Y1Y1Y1 Y mark 0-0 Y");
    for bad in ["mark b3", "mark g6", "mark c7", "mark d2"] {
        let (m, h) = fails(&mut r, bad, "lanrick::rule::die_square");
        assert!(m.starts_with("Rule 3 (1879): "), "{m}");
        assert!(h.contains("c3") && h.contains("f6"), "{h}");
    }
    fails(&mut r, "1. mark e4", "lanrick::prefix::number");
    // The first player plays first; the first numbered turn is 1.
    assert_eq!(
        play(&mut r, "Y: mark c3"),
        "B1B1B1B1/8/7B/8/8/7Y/8/Y1Y1Y1Y1 Y c3 play 0-0 Y"
    );
    assert_eq!(r.game().next_turn_number(), 1);
    play(&mut r, "1. Y: a1-b2");
    assert_eq!(r.game().next_turn_number(), 2);
}

#[test]
fn rule4_the_allowance_is_the_smaller_sides_men() {
    // B has 5 men, Y 3: B may move 3 squares in all, no limit per man.
    let mut r = runner("8/8/7B/3Y4/3B4/3BBB2/8/Y6Y B e4 play 0-0 B");
    assert_eq!(r.position().allowance(), 3);
    let (m, _) = fails(&mut r, "h6-h2", "lanrick::rule::over_allowance");
    assert!(m.starts_with("Rule 4 (1879): "), "{m}");
    fails(&mut r, "h6-g6 d4-a4", "lanrick::rule::over_allowance");
    // One man may use it all; each man stays on one line (E-10: no jumping, once).
    play(&mut r.clone(), "h6-h3");
    fails(&mut r, "h6-f7", "lanrick::rule::not_in_line");
    let (m, _) = fails(&mut r, "d3-d6", "lanrick::rule::blocked");
    assert!(
        m.starts_with("Rule 4 (1881): ") && m.contains("E-10"),
        "{m}"
    );
    fails(&mut r, "h6-h5 h5-h4", "lanrick::rule::moved_twice");
}

#[test]
fn rule5_the_take_and_the_wanderers_set_in_the_rendezvous() {
    let mut r = runner(FULL);
    // The take is a choice among the men outside.
    fails(&mut r, "h6-f4", "lanrick::rule::take_missing");
    fails(&mut r, "h6-f4 x d5", "lanrick::rule::take_not_outlying");
    // Every other man outside is set on a vacant square of the set.
    let (m, h) = fails(
        &mut r,
        "h6-f4 x a1 wanderers h1-d4",
        "lanrick::rule::wanderers_missing",
    );
    assert!(m.starts_with("Rule 5 (1879): "), "{m}");
    assert!(h.contains("a8 to f5"), "{h}");
    let (_, h) = fails(
        &mut r,
        "h6-f4 x a1 wanderers h1-g4 a8-f5",
        "lanrick::rule::wanderer",
    );
    assert!(h.contains("d4 and f5"), "{h}");
    fails(
        &mut r,
        "h6-f4 x a1 wanderers h1-e5 a8-f5",
        "lanrick::rule::wanderer",
    );
    fails(
        &mut r,
        "h6-f4 x a1 wanderers d5-d4 a8-f5",
        "lanrick::rule::wanderer",
    );
}

#[test]
fn rule6_radiating_with_all_eight_lines_taken() {
    let mut r = runner(FULL);
    // The set is full: the centre man goes to any vacant border square.
    let (m, h) = fails(
        &mut r,
        "h6-f4 x a1 wanderers h1-d4 a8-f5",
        "lanrick::rule::radiate_missing",
    );
    assert!(m.starts_with("Rule 6 (1879): "), "{m}");
    assert!(
        h.contains("a1") && h.contains("c8") && !h.contains("e1,"),
        "{h}"
    );
    // Not a square another man radiates to.
    fails(
        &mut r,
        "h6-f4 x a1 wanderers h1-d4 a8-f5 radiate e1",
        "lanrick::rule::radiate",
    );
    fails(
        &mut r,
        "h6-f4 x a1 wanderers h1-d4 a8-f5 radiate d4",
        "lanrick::rule::radiate",
    );
    // Every man goes out along his line; two wanderers: a bonus of four.
    assert_eq!(
        play(&mut r, "h6-f4 x a1 wanderers h1-d4 a8-f5 radiate c8"),
        "Y1B1Y3/7Y/8/8/Y6B/8/8/1B2B2B B bonus:4 0-0 B"
    );
}

#[test]
fn rule6_radiating_with_and_without_a_centre_man() {
    // No man on the centre: no choice, and none may be written.
    let mut r = runner(ONE_WANDERER);
    let (_, h) = fails(
        &mut r,
        "h6-f4 x a1 wanderers h1-f5 radiate h7",
        "lanrick::rule::radiate",
    );
    assert!(h.contains("leave out"), "{h}");
    assert_eq!(
        play(&mut r.clone(), "h6-f4 x a1 wanderers h1-f5"),
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B"
    );
    // A wanderer set on the centre: his owner may take only the vacant line (f5, to h7).
    let (_, h) = fails(
        &mut r,
        "h6-f4 x a1 wanderers h1-e4 radiate a8",
        "lanrick::rule::radiate",
    );
    assert!(h.contains("radiate to h7"), "{h}");
    assert_eq!(
        play(&mut r, "h6-f4 x a1 wanderers h1-e4 radiate h7"),
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B"
    );
}

#[test]
fn rule7_the_bonus_uses_up_to_twice_the_wanderers() {
    let bonus2 = "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B";
    let mut r = runner(bonus2);
    // Exactly 2W: b1 to a3 by king steps (b1-a2-a3).
    assert_eq!(
        play(&mut r.clone(), "b1-a3"),
        "Y3Y3/7Y/8/8/B6B/B7/8/4B2B B mark 0-0 B"
    );
    // Divided among two men, 1 + 1.
    play(&mut r.clone(), "b1-c1 h1-g1");
    // One over: 2 + 1.
    let (m, h) = fails(&mut r, "b1-d1 h1-g1", "lanrick::rule::bonus_too_far");
    assert!(m.starts_with("Rule 7 (1879): "), "{m}");
    assert!(h.contains("0 of 2 bonus squares left"), "{h}");
    let (_, h) = fails(&mut r, "e1-a1", "lanrick::rule::bonus_too_far");
    assert!(h.contains("c1 (2)") && h.contains("d1 (1)"), "{h}");
    // A bonus man need not keep to a line, but stops on the border.
    fails(&mut r, "b1-b2", "lanrick::rule::bonus");
    fails(&mut r, "a8-b8", "lanrick::rule::not_your_man");
    fails(&mut r, "b1-c1 c1-d1", "lanrick::rule::moved_twice");
    fails(&mut r, "b1-a4", "lanrick::rule::occupied");
    fails(&mut r, "b1-c1 x a8", "lanrick::rule::bonus");
    // The bonus carries no number, and `pass` leaves the men where they are.
    fails(&mut r, "1. pass", "lanrick::prefix::number");
    let before = r.game().next_turn_number();
    assert_eq!(
        play(&mut r, "pass"),
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B mark 0-0 B"
    );
    assert_eq!(r.game().next_turn_number(), before);
    // Rule 8: the winner is first player for the next Rendezvous.
    assert_eq!(
        play(&mut r, "B: mark d4"),
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B d4 play 0-0 B"
    );
}

#[test]
fn e9_a_bonus_man_goes_round_men_by_king_steps() {
    // a1 to a3 with a2 held: round it through the field by b2, still 2 steps.
    let mut r = runner("3BY2Y/8/8/8/8/8/Y7/B6B B bonus:2 0-0 B");
    assert_eq!(
        play(&mut r.clone(), "a1-a3"),
        "3BY2Y/8/8/8/8/B7/Y7/7B B mark 0-0 B"
    );
    fails(&mut r, "a1-a4", "lanrick::rule::bonus_too_far");
    // Across the field: h1 to e1 is 3, d8 to a5 is 3.
    let mut r = runner("3BY2Y/8/8/8/8/8/Y7/B6B B bonus:6 0-0 B");
    play(&mut r.clone(), "h1-e1 d8-a5");
    fails(&mut r, "h1-e1 d8-a4", "lanrick::rule::bonus_too_far");
}

#[test]
fn e12_a_round_ends_in_the_middle_of_a_win() {
    let mut r = runner(LAST_THREE);
    // No wanderers or radiating after a removal that leaves two men.
    fails(
        &mut r,
        "h6-f4 x a1 wanderers h1-f5",
        "lanrick::rule::wanderer",
    );
    fails(&mut r, "h6-f4 x a1 radiate a8", "lanrick::rule::radiate");
    // Black scores his five men; Yellow, second at this set-up, sets first now.
    assert_eq!(
        play(&mut r.clone(), "h6-f4 x a1"),
        "8/8/8/8/8/8/8/8 Y set 5-0 Y"
    );
    let mut four = runner("8/8/8/3Y4/3B4/3BBB2/8/Y6Y B e4 play 0-0 Y");
    // Four men, all in at the start of his turn: the take leaves Yellow two; Black
    // scores four.
    assert_eq!(play(&mut four, "x a1"), "8/8/8/8/8/8/8/8 B set 4-0 B");
    // Black sets first in the new round.
    assert_eq!(
        play(&mut four, "set a1 c1 e1 g1 h3"),
        "8/8/8/8/8/7B/8/B1B1B1B1 Y set 4-0 B"
    );
}

#[test]
fn rule10_five_points_win_the_game() {
    let mut r = runner("8/8/7B/3Y4/3B4/3BBB2/8/Y6Y B e4 play 0-3 Y");
    assert_eq!(play(&mut r, "h6-f4 x a1"), "8/8/8/8/8/8/8/8 B set 5-3 B");
    assert_eq!(
        r.game().result(),
        Some(GameResult::Won {
            winner: Side::Black,
            reason: WinReason::FivePoints
        })
    );
    play(&mut r, "assert winner B");
    let (m, _) = fails(&mut r, "set a1 c1 e1 g1 h3", "lanrick::rule::game_over");
    assert!(m.starts_with("Rule 10 (1879): "), "{m}");
}

#[test]
fn e4_a_side_complete_at_the_start_of_his_turn_takes() {
    // Black's men are all in already: he takes at once, the take alone as his turn.
    let mut r = runner("8/8/8/3YY3/3BB3/3BBB2/8/Y6Y B e4 play 0-0 B");
    fails(&mut r, "d4-c4", "lanrick::rule::take_due");
    assert_eq!(
        play(&mut r, "x a1 wanderers h1-f5 radiate h4"),
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B"
    );
}

#[test]
fn d6_pass_only_without_a_move() {
    let mut r = runner(FULL);
    fails(&mut r, "pass", "lanrick::rule::pass_not_allowed");
    // The legal side: Black's three men in the corner are walled in by Yellow's five,
    // so his only action is the pass, which hands the turn over and moves nothing.
    let walled = "8/8/8/8/8/YY6/BYY5/BBY5 B e5 play 0-0 B";
    assert_eq!(count_outcomes(&p(walled)), 1);
    let mut r = runner(walled);
    assert_eq!(
        play(&mut r, "pass"),
        "8/8/8/8/8/YY6/BYY5/BBY5 Y e5 play 0-0 B"
    );
    // Yellow, who can move, may not pass.
    fails(&mut r, "pass", "lanrick::rule::pass_not_allowed");
}

#[test]
fn position_strings_read_and_check_the_1879_form() {
    let ok = [
        "8/8/8/8/8/8/8/8 B set 0-0 B",
        "B6Y/8/8/8/8/8/8/YY4BB B e4 play 3-0 Y",
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B",
        "8/8/8/8/8/8/8/8 Y set 5-0 Y",
    ];
    for s in ok {
        assert_eq!(p(s).to_string(), s);
    }
    let bad = |s: &str| Position::parse_as(Rules::R1879, s).unwrap_err().kind;
    assert!(matches!(
        bad("8/8/8/8/8/8/8/8 B set"),
        PositionErrorKind::FieldCountRound { found: 3 }
    ));
    assert_eq!(
        bad("8/8/8/8/8/8/8/8 B set 0:0 B"),
        PositionErrorKind::BadScore
    );
    assert_eq!(
        bad("8/8/8/8/8/8/8/8 B set 0-0 X"),
        PositionErrorKind::BadFirst
    );
    assert_eq!(
        bad("B6Y/8/8/8/8/8/8/YY4BB B e4 play 5-0 Y"),
        PositionErrorKind::ScoreOver
    );
    assert!(matches!(
        bad("B6Y/8/8/8/8/8/8/YY4BB B b4 play 0-0 Y"),
        PositionErrorKind::DieSquare { .. }
    ));
    assert!(matches!(
        bad("B6Y/8/8/3B4/8/8/8/YY4B1 B mark 0-0 Y"),
        PositionErrorKind::OffBorder { .. }
    ));
    assert!(matches!(
        bad("B6Y/8/8/8/8/8/8/Y5BB B e4 play 0-0 Y"),
        PositionErrorKind::TooFewMen { .. }
    ));
    assert_eq!(
        bad("8/8/8/8/8/7B/8/B1B1B1B1 B set 0-0 B"),
        PositionErrorKind::SetMen
    );
    assert_eq!(
        bad("Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:9 0-0 B"),
        PositionErrorKind::BonusRange
    );
    assert!(matches!(
        bad("Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B e4 bonus:2 0-0 B"),
        PositionErrorKind::BadPhase { .. }
    ));
    assert!(matches!(
        bad("8/8/8/3YY3/3BB3/3BBB2/8/Y6Y Y e4 play 0-0 B"),
        PositionErrorKind::CompleteNotToAct { .. }
    ));
}

#[test]
fn goals_count_rendezvous_and_five_points() {
    use lanrick::interp::{Options, run_file};
    let file = |goal: &str, body: &str| {
        format!(
            "[Rules \"1879\"]\n[Position \"8/8/7B/3Y4/3B4/3BBB2/8/Y6Y B e4 play 0-3 Y\"]\n[Goal \"{goal}\"]\n\n{body}\n"
        )
    };
    // The winning take reaches both goals: a Rendezvous and the fifth point.
    for goal in ["B wins rendezvous in 1", "B wins game in 1"] {
        let run = run_file(&file(goal, "h6-f4 x a1"), Options::default());
        assert!(
            run.passed(),
            "{goal}: {:?}",
            run.problems().collect::<Vec<_>>()
        );
    }
    // A Rendezvous won without reaching five is not the game.
    let src = "[Rules \"1879\"]\n[Position \"Y7/8/7B/3YY3/4B3/3BBB2/8/Y6Y B e4 play 0-0 B\"]\n[Goal \"B wins game in 1\"]\n\nh6-f4 x a1 wanderers h1-d4 a8-f5 radiate c8\n";
    let run = run_file(src, Options::default());
    assert!(run.problems().any(|p| p.code == "lanrick::goal::unmet"));
    let src = src.replace("wins game", "wins rendezvous");
    assert!(run_file(&src, Options::default()).passed());
}

#[test]
fn d9_a_third_repetition_in_one_rendezvous_is_a_draw() {
    let mut r = runner(FULL);
    for _ in 0..2 {
        play(&mut r, "h6-h7; a1-a2; h7-h6; a2-a1");
    }
    assert_eq!(
        r.game().result(),
        Some(GameResult::Drawn(DrawReason::Repetition))
    );
    fails(&mut r, "h6-h7", "lanrick::rule::game_over");
}

#[test]
fn the_forced_take_may_be_left_out_before_radiate() {
    // One Yellow man outside: the take is forced, so `radiate` may follow the move.
    let mut r = runner("8/8/7B/3YYY2/3B4/3BBB2/8/Y7 B e4 play 0-0 B");
    assert_eq!(
        play(&mut r, "h6-f4"),
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B mark 0-0 B"
    );
    let mut r2 = runner("8/8/7B/3YYY2/4B3/3BBB2/8/Y7 B e4 play 0-0 B");
    fails(&mut r2, "h6-f4", "lanrick::rule::radiate_missing");
    assert_eq!(
        play(&mut r2, "h6-f4 radiate a4"),
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B mark 0-0 B"
    );
}
