//! The command layer, driven directly: no terminal.

use super::commands::{COMMANDS, help_list};
use super::session::Session;
use crate::engine::{Position, Rules};

/// Carroll's first hint: Yellow wins the Rendezvous in one turn.
const HINT: &str = "8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play";

fn session_at(position: &str) -> Session {
    let mut s = Session::new(false);
    let out = s.handle(&format!(":setup \"{position}\""));
    assert!(!out.failed, "{}", out.error);
    s
}

#[test]
fn help_lists_every_command_and_explains_each() {
    let mut s = Session::default();
    let out = s.handle(":help");
    assert!(!out.failed);
    assert_eq!(out.text, crate::repl::text::wrap(&help_list(), s.width()));
    for c in COMMANDS {
        assert!(
            out.text.contains(&format!(":{}", c.name)),
            "{} missing",
            c.name
        );
        let one = s.handle(&format!(":help {}", c.name));
        assert!(!one.failed, "{}", one.error);
        assert!(
            one.text
                .contains(c.help.split_whitespace().next().unwrap_or(""))
        );
    }
    assert!(s.handle(":help nonsense").failed);
}

#[test]
fn unknown_and_ambiguous_commands_fail() {
    let mut s = Session::default();
    let out = s.handle(":frobnicate");
    assert!(out.failed);
    assert!(out.error.contains("no command"));
    // `:r` could be :redo or :rules.
    assert!(s.handle(":r").error.contains("could be"));
    // A unique prefix is enough.
    assert!(!s.handle(":pos").failed);
    assert!(s.handle(":board!").failed);
}

#[test]
fn prompt_says_who_acts_and_what_is_due() {
    let s = Session::default();
    assert_eq!(s.prompt(), "Black sets the Mark> ");
    let s = session_at("1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first");
    assert_eq!(s.prompt(), "Yellow (first turn, 2 squares)> ");
    let s = session_at(HINT);
    assert_eq!(s.prompt(), "Yellow (5 squares)> ");
    let s = session_at("8/8/8/3B4/2BY4/8/8/Y6B Y d4 play");
    assert_eq!(s.prompt(), "Yellow (3 squares)> ");
    let s = session_at("8/8/8/3B4/2BB4/8/8/Y7 Y mark");
    assert_eq!(s.prompt(), "game over> ");
}

#[test]
fn board_position_auto_and_rules() {
    let mut s = Session::default();
    let board = s.handle(":board");
    assert!(board.text.contains("a  b  c  d"));
    assert!(board.text.contains("Black sets the Mark"));
    assert_eq!(
        s.handle(":position").text,
        "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark\n"
    );
    assert!(s.handle(":auto").text.contains("off"));
    assert!(s.handle(":auto").text.contains("on"));
    let rules = s.handle(":rules");
    assert_eq!(
        rules
            .text
            .lines()
            .filter(|l| l.starts_with("Rule "))
            .count(),
        9
    );
    assert!(s.handle(":rules 6").text.starts_with("Rule 6"));
    assert!(s.handle(":rules 10").failed);
    assert!(s.handle(":quit").quit);
    assert!(s.handle("quit").quit);
    assert!(s.handle("exit").quit);
}

#[test]
fn moves_and_turns() {
    let mut s = Session::default();
    let marks = s.handle(":moves");
    assert!(marks.text.contains("mark d5"), "{}", marks.text);
    assert_eq!(
        s.handle(":turns").text,
        "4 distinct outcomes of Black's next Mark\n"
    );
    let mut s = session_at(HINT);
    let out = s.handle(":moves c6");
    assert!(out.text.contains("c6-d5 (1)"), "{}", out.text);
    assert!(!out.text.contains("d7-"));
    let all = s.handle(":moves");
    assert!(all.text.contains("d7:"), "{}", all.text);
    assert!(s.handle(":moves z9").failed);
    assert!(
        s.handle(":moves b6")
            .text
            .contains("Yellow has no man on b6")
    );
    let n = crate::engine::count_outcomes(&Position::parse(HINT).expect("valid"));
    assert_eq!(
        s.handle(":turns").text,
        format!("{n} distinct outcomes of Yellow's next turn\n")
    );
}

#[test]
fn setup_and_new() {
    let mut s = Session::default();
    let bad = s.handle(":setup \"8/8 B mark\"");
    assert!(bad.failed);
    assert!(
        bad.error
            .contains(crate::interp::Code::PositionRankCount.as_str()),
        "{}",
        bad.error
    );
    assert_eq!(s.position(), &Position::start());
    let mut s = session_at(HINT);
    assert_eq!(s.position().to_string(), HINT);
    assert!(!s.handle(":new").failed);
    assert_eq!(s.position(), &Position::start());
}

#[test]
fn undo_brings_back_the_game_before_new_setup_and_load() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut s = Session::default();
    assert!(!s.handle("mark d5").failed);
    assert!(!s.handle("a7-a6, h5-h4").failed);
    let played = *s.position();

    // `:new` puts the game aside and says so; `:undo` brings it back whole.
    let out = s.handle(":new");
    assert!(
        out.text.contains("(2 actions, unsaved) is put aside"),
        "{}",
        out.text
    );
    assert_eq!(s.position(), &Position::start());
    let out = s.handle(":undo");
    assert!(!out.failed, "{}", out.error);
    assert!(
        out.text
            .contains("back to the game before :new (2 actions)")
    );
    assert_eq!(s.position(), &played);
    assert_eq!(
        s.history().collect::<Vec<_>>(),
        ["B: mark d5", "1. Y: a7-a6 h5-h4"]
    );
    assert!(s.has_unsaved());

    // The same for `:setup`, after an action in the new game is undone first: the
    // dropped game's undone action is not lost without a word.
    assert!(!s.handle(&format!(":setup \"{HINT}\"")).failed);
    assert!(!s.handle("c6-d5 d7-c6 e7-d7 x e6").failed);
    assert!(!s.handle(":undo").failed);
    assert_eq!(s.position().to_string(), HINT);
    let out = s.handle(":undo");
    assert!(!out.failed);
    assert!(
        out.error
            .contains("the game begun by :setup is dropped with its 1 action undone"),
        "{}",
        out.error
    );
    assert_eq!(s.position(), &played);

    // And for `:load`.
    let path = dir.path().join("other.lanrick");
    std::fs::write(&path, "mark f3\n").expect("written");
    let out = s.handle(&format!(":load {}", path.display()));
    assert!(out.text.contains("is put aside"), "{}", out.text);
    assert!(!s.handle(":undo").failed);
    assert!(!s.handle(":undo").failed);
    assert_eq!(s.position(), &played);

    // Nothing is put aside when nothing was played, and then there is nothing to undo.
    let mut t = Session::default();
    let out = t.handle(":new");
    assert!(!out.text.contains("put aside"), "{}", out.text);
    assert!(t.handle(":undo").failed);
}

#[test]
fn undo_and_redo_with_nothing_to_do_fail() {
    let mut s = Session::default();
    assert!(s.handle(":undo").failed);
    assert!(s.handle(":redo").failed);
    assert!(s.handle(":undo zero").failed);
}

#[test]
fn illegal_line_leaves_the_state_unchanged() {
    let mut s = session_at(HINT);
    let before = s.position().to_string();
    // The man on c6 may not jump over d7.
    let out = s.handle("c6-e8");
    assert!(out.failed);
    assert!(out.error.contains("input:1:"), "{}", out.error);
    assert_eq!(s.position().to_string(), before);
    assert!(!s.has_unsaved());
    assert!(s.handle(":undo").failed, "nothing was recorded");
    // Bad syntax too.
    assert!(s.handle("c6-d5 @@").failed);
    assert_eq!(s.position().to_string(), before);
}

#[test]
fn events_before_the_illegal_one_stay_applied() {
    let mut s = Session::default();
    let out = s.handle("mark d5; a7-a6; h5-h4");
    assert!(out.failed);
    assert!(
        out.error.contains("2 events before it were applied"),
        "{}",
        out.error
    );
    assert_eq!(
        s.history().collect::<Vec<_>>(),
        vec!["B: mark d5", "1. Y: a7-a6"]
    );
}

#[test]
fn undo_and_redo_across_a_rendezvous() {
    let mut s = session_at(HINT);
    let out = s.handle("c6-d5 d7-c6 e7-d7 x e6");
    assert!(!out.failed, "{}", out.error);
    assert!(
        out.text.contains("Yellow wins the Rendezvous"),
        "{}",
        out.text
    );
    assert!(out.text.contains("sets the next Mark"), "{}", out.text);
    let after_win = s.position().to_string();
    assert!(after_win.ends_with(" mark"), "{after_win}");
    // The next Rendezvous begins.
    let setter = s.position().to_act();
    let mark = crate::repl::helper::mark_words(s.position())
        .into_iter()
        .next()
        .expect("a Mark can be set");
    let out = s.handle(&mark);
    assert!(!out.failed, "{}", out.error);
    let after_mark = s.position().to_string();
    assert_eq!(s.history().count(), 2);
    // Back over the Mark and the won Rendezvous.
    let out = s.handle(":undo 2");
    assert!(!out.failed);
    assert_eq!(s.position().to_string(), HINT);
    assert_eq!(s.prompt(), "Yellow (5 squares)> ");
    assert!(s.handle(":redo").text.contains("c6-d5 d7-c6 e7-d7 x e6"));
    assert_eq!(s.position().to_string(), after_win);
    assert_eq!(s.position().to_act(), setter);
    s.handle(":redo");
    assert_eq!(s.position().to_string(), after_mark);
    // The same action again after an undo follows the line undone.
    s.handle(":undo");
    assert!(!s.handle(&mark).failed);
    assert!(s.handle(":redo").failed);
    // Another action after an undo keeps the line undone as its variation, and says so.
    s.handle(":undo 2");
    let out = s.handle("c6-d5 d7-c6 e7-d7 x e6");
    assert!(!out.failed, "{}", out.error);
    let other = crate::repl::helper::mark_words(s.position())
        .into_iter()
        .find(|m| *m != mark)
        .expect("another Mark");
    let out = s.handle(&other);
    assert!(!out.failed, "{}", out.error);
    assert!(
        out.text
            .contains("note: the 1 action undone kept as a variation of this one"),
        "{}",
        out.text
    );
    assert!(s.handle(":redo").failed);
    let body = s.game_text();
    assert!(body.contains(&format!("{} ( ", other.trim())), "{body}");
}

#[test]
fn save_then_load_round_trip() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("game.lanrick");
    let mut s = Session::default();
    assert!(!s.handle("mark d5").failed);
    assert!(!s.handle("a7-a6, h5-h4").failed);
    assert!(s.has_unsaved());
    let out = s.handle(&format!(":save {}", path.display()));
    assert!(!out.failed, "{}", out.error);
    assert!(!s.has_unsaved());
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.starts_with("[Event \"REPL session\"]\n"), "{text}");
    assert!(!text.contains("[Position"), "{text}");
    // Who played what: each action with its side and turn number, and the players.
    assert!(
        text.ends_with("\n\nB: mark d5\n1. Y: a7-a6 h5-h4\n"),
        "{text}"
    );
    assert!(
        text.contains("[Black \"Player\"]\n[Yellow \"Player\"]\n"),
        "{text}"
    );
    // The file checks clean.
    let run = crate::interp::run_file(&text, crate::interp::Options::default());
    assert!(run.passed(), "{:?}", run.problems().collect::<Vec<_>>());
    // Loading it gives the same state and the same record, undoable.
    let mut t = Session::default();
    let out = t.handle(&format!(":load {}", path.display()));
    assert!(!out.failed, "{}", out.error);
    assert_eq!(t.position(), s.position());
    assert_eq!(
        t.history().collect::<Vec<_>>(),
        s.history().collect::<Vec<_>>()
    );
    assert!(!t.handle(":undo").failed);
    assert_eq!(t.history().count(), 1);
}

#[test]
fn a_finished_game_is_saved_with_its_result() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("resigned.lanrick");
    let mut s = Session::default();
    assert!(!s.handle("mark d5").failed);
    assert!(!s.handle(&format!(":save {}", path.display())).failed);
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(!text.contains("[Result"), "{text}");
    assert!(!s.handle("resign").failed);
    assert!(!s.handle(&format!(":save! {}", path.display())).failed);
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("[Result \"B\"]\n"), "{text}");
    let run = crate::interp::run_file(&text, crate::interp::Options::default());
    assert!(run.passed(), "{:?}", run.problems().collect::<Vec<_>>());
}

#[test]
fn save_from_a_position_writes_its_tag() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("hint.lanrick");
    let mut s = session_at(HINT);
    assert!(!s.handle("c6-d5 d7-c6 e7-d7 x e6").failed);
    assert!(!s.handle(&format!(":save \"{}\"", path.display())).failed);
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains(&format!("[Position \"{HINT}\"]")), "{text}");
    assert!(
        text.ends_with("\n\n1. Y: c6-d5 d7-c6 e7-d7 x e6\n"),
        "{text}"
    );
    let run = crate::interp::run_file(&text, crate::interp::Options::default());
    assert!(run.passed(), "{:?}", run.problems().collect::<Vec<_>>());
}

#[test]
fn yellow_setting_the_first_mark_is_written_with_its_side() {
    let mut s = Session::default();
    assert!(!s.handle("Y: mark d5").failed);
    let text = s.game_file();
    assert!(text.ends_with("\nY: mark d5\n"), "{text}");
}

#[test]
fn save_refuses_to_overwrite_without_bang() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("other.lanrick");
    std::fs::write(&path, "something else\n").expect("written");
    let mut s = Session::default();
    let out = s.handle(&format!(":save {}", path.display()));
    assert!(out.failed);
    assert!(out.error.contains(":save!"), "{}", out.error);
    assert_eq!(
        std::fs::read_to_string(&path).expect("kept"),
        "something else\n"
    );
    let out = s.handle(&format!(":save! {}", path.display()));
    assert!(!out.failed, "{}", out.error);
    assert_eq!(
        std::fs::read_to_string(&path).expect("written"),
        s.game_file()
    );
    // Saving the same content again needs no `!`.
    assert!(!s.handle(&format!(":save {}", path.display())).failed);
    assert!(s.handle(":save").failed);
}

#[test]
fn load_reports_problems_and_missing_files() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut s = Session::default();
    let out = s.handle(&format!(
        ":load {}",
        dir.path().join("none.lanrick").display()
    ));
    assert!(out.failed);
    assert!(out.error.contains("cannot read"), "{}", out.error);
    let path = dir.path().join("bad.lanrick");
    std::fs::write(&path, "mark d5\na7-a6\nh5-h1\n").expect("written");
    let out = s.handle(&format!(":load {}", path.display()));
    assert!(out.failed);
    assert!(out.error.contains("bad.lanrick"), "{}", out.error);
    // Loaded up to the problem.
    assert_eq!(s.history().collect::<Vec<_>>(), vec!["mark d5", "a7-a6"]);
}

/// The path of a shipped example.
fn example(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

#[test]
fn quit_with_unsaved_work_warns_then_leaves_by_every_way_out() {
    for way in ["quit", "exit", ":quit", ":q"] {
        let mut s = Session::default();
        assert!(!s.handle("mark d5").failed);
        let first = s.handle(way);
        assert!(!first.quit, "{way} left at once");
        assert!(
            first
                .error
                .contains("unsaved work in the current game (1 action)"),
            "{}",
            first.error
        );
        assert!(s.handle(way).quit, "{way} again leaves");
    }
    // A game put aside by `:new` (or `:setup`, `:load`) counts too.
    let mut s = Session::default();
    assert!(!s.handle("mark d5").failed);
    assert!(!s.handle(":new").failed);
    assert!(s.has_unsaved());
    let first = s.request_quit();
    assert!(!first.quit);
    assert!(
        first
            .error
            .contains("the game put aside by :new (1 action)"),
        "{}",
        first.error
    );
    // Anything else in between: the next ask warns again.
    assert!(!s.handle(":position").failed);
    assert!(!s.handle("quit").quit);
    assert!(s.handle("quit").quit);
    // Saved, nothing to lose: leaves at once.
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut s = Session::default();
    assert!(!s.handle("mark d5").failed);
    assert!(
        !s.handle(&format!(":save {}", dir.path().join("g.lanrick").display()))
            .failed
    );
    assert!(s.handle("quit").quit);
    // Piped: nobody can answer, so it warns and leaves.
    let mut s = Session::default();
    s.set_confirm_quit(false);
    assert!(!s.handle("mark d5").failed);
    let out = s.handle("quit");
    assert!(out.quit);
    assert!(out.error.contains("unsaved"), "{}", out.error);
}

#[test]
fn load_then_save_keeps_everything_the_file_had() {
    let dir = tempfile::tempdir().expect("temporary directory");
    for name in [
        "complete-game.lanrick",
        "carroll-hint-1.lanrick",
        "carroll-hint-2.lanrick",
        "carroll-hint-3.lanrick",
        "rules-tour.lanrick",
    ] {
        let original = std::fs::read_to_string(example(name)).expect("the example is readable");
        let file = crate::syntax::parse_file(&original).expect("the example parses");
        if file.games.len() != 1 {
            continue;
        }
        let mut s = Session::default();
        let out = s.load(&example(name), None);
        assert!(!out.failed, "{name}: {}", out.error);
        let path = dir.path().join(name);
        let out = s.handle(&format!(":save! {}", path.display()));
        assert!(!out.failed, "{name}: {}", out.error);
        let saved = std::fs::read_to_string(&path).expect("saved");
        assert_eq!(saved, crate::fmt::format_file(&file), "{name}");
    }
}

#[test]
fn typed_events_keep_their_annotations_comments_and_directives() {
    let mut s = Session::default();
    assert!(!s.handle("# an opening").failed);
    assert!(!s.handle("mark d5 { the centre }").failed);
    assert!(!s.handle("1. Y: a7-a6 h5-h4 !? ( a7-b6 ) # why not").failed);
    assert!(!s.handle("assert to-move B").failed);
    assert_eq!(
        s.game_text(),
        "# an opening\nB: mark d5 { the centre }\n1. Y: a7-a6 h5-h4 !? ( a7-b6 ) # why not\nassert to-move B\n"
    );
    assert_eq!(s.handle(":game").text, s.game_text());
    // A line rejected whole leaves no trace in the record (it comes back for editing).
    let out = s.handle("{ a try } a7-a4");
    assert!(out.failed);
    assert_eq!(out.retry.as_deref(), Some("{ a try } a7-a4"));
    assert!(
        s.game_text().ends_with("assert to-move B\n"),
        "{}",
        s.game_text()
    );
    let text = s.game_file();
    let run = crate::interp::run_file(&text, crate::interp::Options::default());
    assert!(run.passed(), "{text}");
    // Undo takes the action with what followed it; redo brings both back.
    assert!(s.handle(":undo").text.contains("undone: Y: a7-a6 h5-h4"));
    assert_eq!(s.game_text(), "# an opening\nB: mark d5 { the centre }\n");
    assert!(!s.handle(":redo").failed);
    assert!(s.game_text().ends_with("assert to-move B\n"));
}

#[test]
fn load_picks_a_game_of_a_collection_and_never_silently() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("two.lanrick");
    std::fs::write(
        &path,
        "[Event \"First\"]\n\nmark d5\n\n[Event \"Second game\"]\n\nmark f3\na7-a6\n",
    )
    .expect("written");
    let mut s = Session::default();
    let out = s.handle(&format!(":load {}", path.display()));
    assert!(out.failed);
    assert!(out.error.contains("it holds 2 games"), "{}", out.error);
    assert!(
        out.error.contains("1  First") && out.error.contains("2  Second game"),
        "{}",
        out.error
    );
    assert_eq!(s.position(), &Position::start(), "nothing loaded");
    let out = s.handle(&format!(":load {} 1", path.display()));
    assert!(!out.failed, "{}", out.error);
    assert!(out.text.contains("(game 1 of 2)"), "{}", out.text);
    assert_eq!(s.history().collect::<Vec<_>>(), ["mark d5"]);
    let out = s.handle(&format!(":load \"{}\" \"second GAME\"", path.display()));
    assert!(!out.failed, "{}", out.error);
    assert_eq!(s.history().collect::<Vec<_>>(), ["mark f3", "a7-a6"]);
    assert!(
        s.handle(&format!(":load {} 3", path.display()))
            .error
            .contains("no game 3")
    );
    assert!(
        s.handle(&format!(":load {} Third", path.display()))
            .error
            .contains("no game has the Event \"Third\"")
    );
}

#[test]
fn a_failed_save_names_the_users_path_and_no_temporary_file() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("missing").join("game.lanrick");
    let mut s = Session::default();
    assert!(!s.handle("mark d5").failed);
    let out = s.handle(&format!(":save {}", path.display()));
    assert!(out.failed);
    assert!(
        out.error.contains(&path.display().to_string()),
        "{}",
        out.error
    );
    assert!(!out.error.contains(".lanrick-"), "{}", out.error);
    assert!(s.has_unsaved());
}

#[test]
fn the_board_after_the_game_is_over_says_nothing_due() {
    let mut s = Session::default();
    assert!(!s.handle("mark d5").failed);
    let out = s.handle("resign");
    assert!(!out.failed);
    assert_eq!(out.text.matches("Game over").count(), 1, "{}", out.text);
    assert!(!out.text.contains("to play"), "{}", out.text);
    assert!(!s.handle(":board").text.contains("to play"));
    // Won by leaving the other side one man: no next Rendezvous, `1 man`.
    let mut s = session_at("8/8/8/3B4/2BY4/8/8/Y6B Y d4 play");
    let out = s.handle(":moves");
    assert!(!out.failed, "{}", out.error);
    let mut s = session_at("8/8/8/3B4/2BB4/8/8/Y7 Y mark");
    let board = s.handle(":board").text;
    assert!(board.contains("Yellow: 1 man\n"), "{board}");
    assert!(!board.contains("next Rendezvous"), "{board}");
    assert!(!board.contains("sets the Mark"), "{board}");
    assert_eq!(board.matches("Game over").count(), 1, "{board}");
}

#[test]
fn help_rules_and_moves_wrap_at_the_width_between_words() {
    let mut s = session_at(HINT);
    s.set_width(40);
    for line in [
        ":help",
        ":help setup",
        ":help load",
        ":rules",
        ":rules 3",
        ":rules D-5",
        ":moves",
        ":moves d7",
    ] {
        let out = s.handle(line);
        assert!(!out.failed, "{line}: {}", out.error);
        for l in out.text.lines() {
            let whole = l.contains("8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play");
            assert!(l.chars().count() <= 40 || whole, "{line}: {l:?}");
        }
    }
    // The position string in `:help setup` stays on one line.
    assert!(
        s.handle(":help setup")
            .text
            .contains("\"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"")
    );
    // Diagnostics too.
    let out = s.handle("c6-e8");
    assert!(out.failed);
    for l in out.error.lines() {
        assert!(l.chars().count() <= 40, "{l:?}\n{}", out.error);
    }
}

#[test]
fn rules_finds_every_citation() {
    let mut s = Session::default();
    for (arg, start) in [
        ("3", "Rule 3 ("),
        ("Rule 3", "Rule 3 ("),
        ("D-5", "D-5 ("),
        ("d5", "D-5 ("),
        ("Def. 2", "Def. 2 ("),
        ("def 2", "Def. 2 ("),
        ("D-9", "D-9 ("),
    ] {
        let out = s.handle(&format!(":rules {arg}"));
        assert!(!out.failed, "{arg}: {}", out.error);
        assert!(out.text.starts_with(start), "{arg}: {}", out.text);
    }
    assert!(s.handle(":rules D-10").failed);
    // Every citation a diagnostic can make is found: Def. 1-3, Rule 1-9, D-1-9.
    for n in 1..=9 {
        assert!(!s.handle(&format!(":rules Rule {n}")).failed);
        assert!(!s.handle(&format!(":rules D-{n}")).failed);
    }
    for n in 1..=3 {
        assert!(!s.handle(&format!(":rules Def. {n}")).failed);
    }
    let list = s.handle(":rules").text;
    assert!(
        list.contains("Def. 1:") && list.contains("Rule 9:") && list.contains("D-9:"),
        "{list}"
    );
}

#[test]
fn the_banner_example_is_a_legal_first_action() {
    let banner = crate::repl::banner(Rules::default());
    assert!(banner.contains("(1893 rules)"), "{banner}");
    assert!(banner.contains("type `mark d5`"), "{banner}");
    let mut s = Session::default();
    assert!(!s.handle("mark d5").failed);
    assert!(
        s.board_with_legend()
            .contains("[ ] a Rendezvous square, { } the Mark")
    );
    // Every edition's banner names its rules and shows one of its own first actions.
    for rules in ["1893", "1880", "1879", "1893-es"] {
        let rules: Rules = rules.parse().expect("rules");
        let banner = crate::repl::banner(rules);
        assert!(banner.contains(&format!("({rules} rules)")), "{banner}");
        let example = banner
            .split('`')
            .nth(1)
            .expect("the banner quotes an example");
        let mut s = Session::with_rules(false, rules);
        let out = s.handle(example);
        assert!(!out.failed, "{rules}: {example}: {}", out.error);
    }
}

#[test]
fn a_second_occurrence_of_a_position_warns_of_the_draw() {
    let mut s = Session::default();
    s.set_auto_board(false);
    assert!(!s.handle("mark d5").failed);
    assert!(!s.handle("a7-a6").failed);
    assert!(!s.handle("b8-b7").failed);
    assert!(!s.handle("a6-a7").failed);
    let out = s.handle("b7-b8");
    assert!(!out.text.contains("D-9"), "{}", out.text);
    // After a7-a6 again: the position after the first a7-a6, a second time.
    let out = s.handle("a7-a6");
    assert!(
        out.text.contains("a third time is a draw (D-9)"),
        "{}",
        out.text
    );
    assert!(!s.handle("b8-b7; a6-a7; b7-b8").failed);
    let out = s.handle("a7-a6");
    assert!(out.text.contains("Game over"), "{}", out.text);
}

#[test]
fn a_loaded_puzzle_follows_its_goal() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("puzzle.lanrick");
    std::fs::write(
        &path,
        format!("[Position \"{HINT}\"]\n[Goal \"Y wins rendezvous in 1\"]\n"),
    )
    .expect("written");
    let mut s = Session::default();
    let out = s.handle(&format!(":load {}", path.display()));
    assert!(!out.failed, "{}", out.error);
    assert_eq!(s.prompt(), "Yellow (5 squares; goal: 1 turn left)> ");
    let out = s.handle("c6-d5 d7-c6 e7-d7 x e6");
    assert!(
        out.text
            .contains("Goal met: Yellow won the Rendezvous in 1"),
        "{}",
        out.text
    );
    assert!(!s.prompt().contains("goal"));
    assert!(!s.handle(":undo").failed);
    s.set_auto_board(false);
    let out = s.handle("c6-d5");
    assert!(
        out.text.contains("The goal can no longer be met"),
        "{}",
        out.text
    );
    assert!(!s.prompt().contains("goal"), "{}", s.prompt());
}

#[test]
fn near_misses_get_a_did_you_mean() {
    let mut s = Session::default();
    assert!(!s.handle("mark d5").failed);
    for typed in ["A7-B6", "a7b6", "a7 - b6", "a7xb6", "a7–b6"] {
        let out = s.handle(typed);
        assert!(out.failed, "{typed}");
        assert!(
            out.error.contains("did you mean `a7-b6`?"),
            "{typed}: {}",
            out.error
        );
        assert_eq!(out.retry.as_deref(), Some(typed), "the line comes back");
    }
    // In a file, and for a goal.
    let run = crate::interp::run_file(
        &format!("[Position \"{HINT}\"]\n[Goal \"Yellow wins rendezvous in 1\"]\n"),
        crate::interp::Options::default(),
    );
    let p = run.problems().next().expect("a malformed goal");
    assert!(
        p.help
            .as_deref()
            .is_some_and(|h| h.contains("did you mean `Y wins rendezvous in 1`?")),
        "{p:?}"
    );
    let run = crate::interp::run_file("mark d5\nA7-B6\n", crate::interp::Options::default());
    let p = run.problems().next().expect("a syntax error");
    assert!(
        p.help.as_deref().is_some_and(|h| h.contains("`a7-b6`")),
        "{p:?}"
    );
    // A second square on a Mark that takes none: said on that square.
    let mut s = Session::default();
    let out = s.handle("mark d5 d6");
    assert!(out.failed);
    assert!(
        out.error
            .contains("a 9-square Rendezvous takes no second square"),
        "{}",
        out.error
    );
}

#[test]
fn a_position_string_in_a_diagnostic_is_never_split() {
    let mut s = session_at(HINT);
    s.set_width(50);
    let out = s.handle("assert position \"1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark\"");
    assert!(out.failed);
    assert!(
        out.error.contains(&format!("\"{HINT}\"")),
        "the position in the help line is whole: {}",
        out.error
    );
    assert!(!out.error.contains('\u{a0}'), "{}", out.error);
}

mod editions;
