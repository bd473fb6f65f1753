//! The REPL in the other editions (the 1879 die, its bonus and completion) and its
//! goal verdicts against `check`'s, driven directly: no terminal.

use super::*;

#[test]
fn the_1879_die_is_thrown_by_itself_and_recorded() {
    let mut s = Session::with_rules(false, crate::engine::Rules::R1879);
    s.set_die(crate::engine::DieRule::Plain, 7);
    assert!(!s.handle("Y: set a1 c1 e1 g1 h3").failed);
    // Once both sides have set, the die gives the Mark at once.
    let out = s.handle("set a8 c8 e8 g8 h6");
    assert!(!out.failed, "{}", out.error);
    assert!(out.text.contains("The die gives row"), "{}", out.text);
    let pos = *s.position();
    let mark = pos.rendezvous().expect("a Mark").mark();
    assert!(crate::engine::editions::DIE_SQUARES.contains(mark));
    assert_eq!(pos.to_act(), crate::engine::Side::Yellow);
    // The record keeps the square the die gave.
    assert!(
        s.game_text().contains(&format!("mark {mark}")),
        "{}",
        s.game_text()
    );
    // `:roll` only when a Mark is due; after `:undo` it throws again.
    assert!(s.handle(":roll").failed);
    assert!(!s.handle(":undo").failed);
    let again = s.handle(":roll");
    assert!(!again.failed, "{}", again.error);
    assert!(s.position().rendezvous().is_some());
    // The same seed gives the same throws.
    let mut t = Session::with_rules(false, crate::engine::Rules::R1879);
    t.set_die(crate::engine::DieRule::Plain, 7);
    t.handle("Y: set a1 c1 e1 g1 h3");
    t.handle("set a8 c8 e8 g8 h6");
    assert_eq!(t.position().rendezvous().map(|r| r.mark()), Some(mark));
}

#[test]
fn the_die_rule_is_the_users_choice() {
    let mut s = Session::with_rules(false, crate::engine::Rules::R1879);
    assert!(s.handle(":die").text.contains("neglected"));
    assert!(s.handle(":die nb").text.contains("N.B."));
    assert!(s.handle(":die sometimes").failed);
    s.handle("set a1 c1 e1 g1 h3");
    let out = s.handle("set a8 c8 e8 g8 h6");
    assert!(out.text.contains("Carroll's N.B. rule"), "{}", out.text);
}

#[test]
fn rules_and_completion_know_1879() {
    let mut s = Session::with_rules(false, crate::engine::Rules::R1879);
    let out = s.handle(":rules");
    assert!(out.text.contains("Rule 7: the bonus"), "{}", out.text);
    assert!(out.text.contains("E-12"), "{}", out.text);
    assert!(s.handle(":rules E-9").text.contains("king steps"));
    assert!(s.handle(":rules 6").text.contains("radiate e8"));
    let bonus = Position::parse_as(
        crate::engine::Rules::R1879,
        "Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B",
    )
    .expect("a bonus position");
    let (_, c) = crate::repl::helper::complete("b1-", 3, &bonus, false);
    assert!(
        c.contains(&"b1-a3".to_string()) && !c.contains(&"b1-a4".to_string()),
        "{c:?}"
    );
    let (_, c) = crate::repl::helper::complete("", 0, &bonus, false);
    assert!(
        c.contains(&"pass".to_string()) && c.contains(&"e1-".to_string()),
        "{c:?}"
    );
    let play = Position::parse_as(
        crate::engine::Rules::R1879,
        "Y7/8/7B/3YY3/4B3/3BBB2/8/Y6Y B e4 play 0-0 B",
    )
    .expect("a play position");
    let (_, c) = crate::repl::helper::complete("rad", 3, &play, false);
    assert_eq!(c, vec!["radiate".to_string()]);
    let (_, c) = crate::repl::helper::complete(":die ", 5, &bonus, false);
    assert_eq!(c, vec!["plain".to_string(), "nb".to_string()]);
}

#[test]
fn moves_lists_the_bonus_with_its_costs() {
    let mut s = Session::with_rules(false, crate::engine::Rules::R1879);
    assert!(
        !s.handle(":setup \"Y3Y3/7Y/8/8/B6B/8/8/1B2B2B B bonus:2 0-0 B\"")
            .failed
    );
    let out = s.handle(":moves e1");
    assert!(out.text.contains("e1-c1 (2), e1-d1 (1)"), "{}", out.text);
    assert!(!out.text.contains("b1-"), "{}", out.text);
    assert!(s.board().contains("bonus"), "{}", s.board());
}

/// Every `*.lanrick` file under `dir` (of the crate), recursively, in order.
fn lanrick_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            lanrick_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "lanrick") {
            out.push(p);
        }
    }
}

/// The REPL's verdict on a puzzle's goal is `check`'s, on every goal case file, in
/// every edition: loading the game and typing its main line again both meet the goal
/// exactly when `check` says it is met, in as many turns.
#[test]
fn the_repl_judges_every_goal_as_check_does() {
    use crate::engine::Target;
    use crate::interp::{Options, run_game};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    lanrick_files(&root.join("tests/cases"), &mut files);
    lanrick_files(&root.join("examples"), &mut files);
    // (edition, target, met) seen.
    let mut seen = std::collections::BTreeSet::new();
    let mut judged = 0;
    for path in files {
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(file) = crate::syntax::parse_file(&src) else {
            continue;
        };
        for (i, game) in file.games.iter().enumerate() {
            if game.tag("Goal").is_none() {
                continue;
            }
            let run = run_game(game, i + 1, Options::default());
            // Only puzzles whose main line replays: any other problem stops the REPL's
            // load at it, and a goal that does not parse has no verdict.
            if run.puzzle.is_none()
                || run
                    .problems
                    .iter()
                    .any(|p| p.code != crate::interp::Code::GoalUnmet.as_str())
            {
                continue;
            }
            let name = format!("{} game {}", path.display(), i + 1);
            let check = run.goal.map(|g| g.turns);
            let mut s = Session::new(false);
            s.set_auto_board(false);
            let loaded = s.load(&path, Some(&(i + 1).to_string()));
            assert!(!loaded.failed, "{name}: {}", loaded.error);
            let progress = s
                .game_session()
                .goal_status()
                .expect("a loaded puzzle has a goal");
            assert_eq!(progress.reached(), check, "{name}: :load");
            // The turns counted (a pass is one): `check` says how many it counted.
            if let Some(p) = run.problems.first()
                && let Some((_, rest)) = p.message.split_once("after ")
                && let Some(n) = rest.split(' ').next().and_then(|n| n.parse::<u32>().ok())
            {
                assert_eq!(progress.turns(), n, "{name}: turns counted");
            }
            assert_eq!(
                loaded.text.contains("Goal met:"),
                check.is_some(),
                "{name}: {}",
                loaded.text
            );
            // Typed again, action by action, from the start.
            let typed: Vec<String> = s.history().collect();
            for _ in &typed {
                assert!(!s.handle(":undo").failed, "{name}");
            }
            let mut said = String::new();
            for line in &typed {
                let out = s.handle(line);
                assert!(!out.failed, "{name}: {line}: {}", out.error);
                said.push_str(&out.text);
            }
            assert_eq!(
                s.game_session().goal_status().and_then(|p| p.reached()),
                check,
                "{name}: typed"
            );
            assert_eq!(
                said.contains("Goal met:"),
                check.is_some(),
                "{name}: {said}"
            );
            let edition = run
                .puzzle
                .as_ref()
                .map(|pz| pz.start.rules().edition())
                .expect("a puzzle");
            let target = progress.goal().target;
            seen.insert((
                format!("{edition:?}"),
                target == Target::Game,
                check.is_some(),
            ));
            judged += 1;
        }
    }
    for rules in ["1893", "1880", "1879"] {
        let edition = rules
            .parse::<crate::engine::Rules>()
            .expect("rules")
            .edition();
        for game in [false, true] {
            for met in [false, true] {
                assert!(
                    seen.contains(&(format!("{edition:?}"), game, met)),
                    "no goal case for {edition:?}, {} goal, {}: {seen:?}",
                    if game { "game" } else { "rendezvous" },
                    if met { "met" } else { "unmet" }
                );
            }
        }
    }
    assert!(judged >= 40, "only {judged} goal cases");
}
