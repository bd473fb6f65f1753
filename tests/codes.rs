//! The registry of diagnostic codes (`lanrick::interp::Code`) against what produces them:
//! every code has a case file, a text or a named test that produces it (the table below
//! covers the registry exactly); no `"lanrick::` string is written in `src/` outside the
//! registry; the names the engine and the syntax give their errors are all registered;
//! and every code `check` gives on `tests/cases/**` and `examples/**` parses back into
//! the registry.

use lanrick::interp::{Code, Options, run_file};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What produces a code.
enum By {
    /// A case file under `tests/cases/`, checked without proving.
    Case(&'static str),
    /// A puzzle under `tests/cases/prove/`: `tests/cases.rs` proves it and its
    /// snapshot holds the code.
    Proved(&'static str),
    /// A file's text, checked without proving.
    Text(&'static str),
    /// A test (file, function) that produces the code: the file names it.
    Test(&'static str, &'static str),
    /// A call of the library, in `by_api` below.
    Api,
}

use By::*;

/// Every code and what produces it.
const TABLE: &[(&str, By)] = &[
    (
        "lanrick::io::read",
        Test(
            "tests/cli.rs",
            "an_unreadable_path_is_reported_with_every_other_file_in_every_format",
        ),
    ),
    (
        "lanrick::io::utf8",
        Test(
            "tests/robustness.rs",
            "bytes_that_are_not_utf8_give_their_offset",
        ),
    ),
    (
        "lanrick::io::too_large",
        Test(
            "tests/hardening_args.rs",
            "check_and_replay_refuse_a_game_larger_than_the_limit",
        ),
    ),
    (
        "lanrick::syntax::expected",
        Case("err/syntax_bad_event.lanrick"),
    ),
    (
        "lanrick::syntax::nesting",
        Case("err/syntax_nesting.lanrick"),
    ),
    (
        "lanrick::syntax::bad_nag",
        Case("err/syntax_bad_nag.lanrick"),
    ),
    (
        "lanrick::syntax::bad_number",
        Text("99999999999999999999999. mark d5\n"),
    ),
    (
        "lanrick::syntax::bad_square",
        Case("err/syntax_expected_square.lanrick"),
    ),
    (
        "lanrick::syntax::bad_escape",
        Text("[Event \"a\\q\"]\n\nmark d5\n"),
    ),
    (
        "lanrick::syntax::unclosed_comment",
        Case("err/syntax_unclosed_comment.lanrick"),
    ),
    (
        "lanrick::syntax::unclosed_string",
        Text("[Event \"abc\n\nmark d5\n"),
    ),
    (
        "lanrick::syntax::limit",
        // pest gives up only for lack of resources, and nesting is limited before pest
        // runs: the error as the syntax makes it, through the interpreter.
        Api,
    ),
    ("lanrick::tag::rules", Case("err/tag_rules.lanrick")),
    ("lanrick::tag::result", Case("err/tag_result.lanrick")),
    (
        "lanrick::tag::result_mismatch",
        Case("err/tag_result_mismatch.lanrick"),
    ),
    ("lanrick::prefix::number", Case("err/prefix_number.lanrick")),
    ("lanrick::prefix::side", Case("err/prefix_side.lanrick")),
    (
        "lanrick::position::fields",
        Case("err/position_fields.lanrick"),
    ),
    (
        "lanrick::position::rank_count",
        Case("err/position_rank_count.lanrick"),
    ),
    (
        "lanrick::position::bad_char",
        Case("err/position_bad_char.lanrick"),
    ),
    (
        "lanrick::position::rank_too_long",
        Case("err/position_rank_too_long.lanrick"),
    ),
    (
        "lanrick::position::rank_too_short",
        Case("err/position_rank_too_short.lanrick"),
    ),
    ("lanrick::position::side", Case("err/position_side.lanrick")),
    (
        "lanrick::position::mark",
        Text("[Position \"1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y zz first\"]\n\nY: a7-a6\n"),
    ),
    (
        "lanrick::position::phase",
        Case("err/position_phase.lanrick"),
    ),
    (
        "lanrick::position::too_many_men",
        Case("err/position_too_many_men.lanrick"),
    ),
    (
        "lanrick::position::set_not_empty",
        Text("[Rules \"1880\"]\n[Position \"B7/8/8/8/8/8/8/8 B set\"]\n\n"),
    ),
    (
        "lanrick::position::complete",
        Text("[Rules \"1880\"]\n[Position \"8/8/3BB3/3BB3/8/8/8/Y7 Y d5 play\"]\n\n"),
    ),
    ("lanrick::position::overlap", Api),
    (
        "lanrick::position::mark_does_not_fit",
        Case("err/position_mark_does_not_fit.lanrick"),
    ),
    (
        "lanrick::position::score",
        Case("err/position_1879_score.lanrick"),
    ),
    (
        "lanrick::position::first",
        Text("[Rules \"1879\"]\n[Position \"8/8/8/8/8/8/8/8 B set 0-0 Q\"]\n\n"),
    ),
    (
        "lanrick::position::score_over",
        Case("err/position_1879_score_over.lanrick"),
    ),
    (
        "lanrick::position::off_border",
        Case("err/position_1879_off_border.lanrick"),
    ),
    (
        "lanrick::position::too_few_men",
        Case("err/position_1879_too_few_men.lanrick"),
    ),
    (
        "lanrick::position::set_men",
        Case("err/position_1879_set_men.lanrick"),
    ),
    (
        "lanrick::position::die_square",
        Case("err/position_1879_die_square.lanrick"),
    ),
    (
        "lanrick::directive::position",
        Case("err/directive_position.lanrick"),
    ),
    (
        "lanrick::directive::to_move",
        Case("err/directive_to_move.lanrick"),
    ),
    ("lanrick::directive::men", Case("err/directive_men.lanrick")),
    (
        "lanrick::directive::winner",
        Case("err/directive_winner.lanrick"),
    ),
    (
        "lanrick::directive::not_illegal",
        Case("err/directive_not_illegal.lanrick"),
    ),
    (
        "lanrick::rule::game_over",
        Case("err/rule_game_over.lanrick"),
    ),
    (
        "lanrick::rule::not_in_edition",
        Case("err/rule_1880_interchange.lanrick"),
    ),
    (
        "lanrick::rule::set_not_now",
        Text(
            "[Rules \"1880\"]\n\nset B a1 b1 c1 d1 e1 Y a8 b8 c8 d8 e8\nset B a2 b2 c2 d2 e2 Y a7 b7 c7 d7 e7\n",
        ),
    ),
    (
        "lanrick::rule::men_not_set",
        Case("err/rule_1880_men_not_set.lanrick"),
    ),
    (
        "lanrick::rule::set_count",
        Case("err/rule_1880_set_count.lanrick"),
    ),
    (
        "lanrick::rule::set_square",
        Case("err/rule_1879_set_occupied.lanrick"),
    ),
    (
        "lanrick::rule::mark_move",
        Case("err/rule_1880_mark_move_border.lanrick"),
    ),
    (
        "lanrick::rule::wanderers_missing",
        Case("err/rule_1880_wanderers_missing.lanrick"),
    ),
    (
        "lanrick::rule::wanderer",
        Case("err/rule_1879_wanderer_bad_square.lanrick"),
    ),
    (
        "lanrick::rule::die_square",
        Case("err/rule_1879_die_square.lanrick"),
    ),
    (
        "lanrick::rule::radiate_missing",
        Case("err/rule_1879_radiate_missing.lanrick"),
    ),
    (
        "lanrick::rule::radiate",
        Case("err/rule_1879_radiate_bad_square.lanrick"),
    ),
    (
        "lanrick::rule::bonus_too_far",
        Case("err/rule_1879_bonus_too_far.lanrick"),
    ),
    (
        "lanrick::rule::bonus",
        Case("err/rule_1879_bonus_not_border.lanrick"),
    ),
    (
        "lanrick::rule::mark_already_set",
        Case("err/rule_mark_already_set.lanrick"),
    ),
    (
        "lanrick::rule::mark_not_set",
        Case("err/rule_mark_not_set.lanrick"),
    ),
    (
        "lanrick::rule::first_mark",
        Case("err/rule_first_mark.lanrick"),
    ),
    (
        "lanrick::rule::line_required",
        Case("err/rule_line_required.lanrick"),
    ),
    (
        "lanrick::rule::line_not_allowed",
        Case("err/rule_line_not_allowed.lanrick"),
    ),
    (
        "lanrick::rule::line_not_adjacent",
        Case("err/rule_line_not_adjacent.lanrick"),
    ),
    (
        "lanrick::rule::mark_does_not_fit",
        Case("err/rule_mark_does_not_fit.lanrick"),
    ),
    (
        "lanrick::rule::interchange_not_now",
        Case("err/rule_interchange_not_now.lanrick"),
    ),
    (
        "lanrick::rule::interchange_impossible",
        Text("[Position \"2B2B2/B7/3B4/B7/1Y6/Y7/8/2Y3Y1 Y c5 first\"]\n\ninterchange c8\n"),
    ),
    (
        "lanrick::rule::interchange_no_choice",
        Case("err/rule_interchange_no_choice.lanrick"),
    ),
    (
        "lanrick::rule::interchange_count",
        Case("err/rule_interchange_count.lanrick"),
    ),
    (
        "lanrick::rule::interchange_square",
        Case("err/rule_interchange_square.lanrick"),
    ),
    (
        "lanrick::rule::interchange_repeated",
        Text(
            "[Position \"2B2B2/B7/3B4/B7/1Y6/Y7/8/2Y3Y1 B c5 first\"]\n\ninterchange c8 f8 a7 c8\n",
        ),
    ),
    ("lanrick::rule::no_man", Case("err/rule_no_man.lanrick")),
    (
        "lanrick::rule::not_your_man",
        Case("err/rule_not_your_man.lanrick"),
    ),
    (
        "lanrick::rule::moved_twice",
        Case("err/rule_moved_twice.lanrick"),
    ),
    (
        "lanrick::rule::same_square",
        Case("err/rule_same_square.lanrick"),
    ),
    (
        "lanrick::rule::not_in_line",
        Case("err/rule_not_in_line.lanrick"),
    ),
    (
        "lanrick::rule::blocked",
        Case("err/rule_1879_blocked.lanrick"),
    ),
    ("lanrick::rule::occupied", Case("err/rule_occupied.lanrick")),
    ("lanrick::rule::too_far", Case("err/rule_too_far.lanrick")),
    (
        "lanrick::rule::over_allowance",
        Case("err/rule_1880_over_allowance.lanrick"),
    ),
    (
        "lanrick::rule::turn_over",
        // The notation ends a turn at its take: only `TurnInProgress`, called
        // directly, can be asked for more.
        Api,
    ),
    ("lanrick::rule::take_due", Case("err/rule_take_due.lanrick")),
    (
        "lanrick::rule::take_not_due",
        Case("err/rule_take_not_due.lanrick"),
    ),
    (
        "lanrick::rule::take_not_outlying",
        Case("err/rule_take_not_outlying.lanrick"),
    ),
    (
        "lanrick::rule::take_wrong_man",
        Case("err/rule_take_wrong_man.lanrick"),
    ),
    (
        "lanrick::rule::take_missing",
        Case("err/rule_take_missing.lanrick"),
    ),
    (
        "lanrick::rule::empty_turn",
        Test(
            "tests/engine_rules/moves.rs",
            "rule3_each_man_once_and_at_least_one_square",
        ),
    ),
    (
        "lanrick::rule::pass_not_allowed",
        Case("err/rule_pass_not_allowed.lanrick"),
    ),
    (
        "lanrick::goal::invalid",
        Test(
            "tests/hardening_args.rs",
            "a_goal_in_zero_turns_is_invalid_for_check_and_solve_alike",
        ),
    ),
    ("lanrick::goal::unmet", Case("err/goal_unmet.lanrick")),
    ("lanrick::goal::setup", Api),
    ("lanrick::goal::no_solution", Proved("no_solution")),
    ("lanrick::goal::refuted", Proved("refuted")),
    ("lanrick::goal::short", Proved("short")),
    ("lanrick::goal::cooked", Proved("cooked")),
    (
        "lanrick::goal::sound",
        Test("tests/prove_cli.rs", "every_format_carries_the_verdict"),
    ),
    ("lanrick::goal::unproven", Proved("unproven")),
    (
        "lanrick::render::too_large",
        Test("tests/pictures.rs", "a_huge_file_is_refused_not_drawn"),
    ),
    (
        "lanrick::io::no_such_game",
        Test(
            "tests/analyse.rs",
            "game_picks_one_game_and_a_game_past_the_last_is_a_diagnostic",
        ),
    ),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The codes `check` (without proving) gives on `text`.
fn codes_of(text: &str) -> BTreeSet<String> {
    run_file(text, Options::default())
        .problems()
        .map(|p| p.code.clone())
        .collect()
}

/// The code the library gives for the entries marked [`By::Api`].
fn by_api(code: &str) -> String {
    use lanrick::engine::{Position, PositionError, PositionErrorKind, Side, SquareSet};
    use lanrick::syntax::ast::{Goal, GoalTarget, Span, Spanned};
    match code {
        "lanrick::position::overlap" => {
            let a1 = "a1".parse().expect("a square");
            let men = SquareSet::from_square(a1);
            let kind = Position::with_men(men, men, Side::Black).expect_err("overlap");
            assert_eq!(kind, PositionErrorKind::Overlap);
            let err = PositionError { kind, span: 0..0 };
            lanrick::interp::position_problem(&err, Span::new(0, 0)).code
        }
        "lanrick::goal::setup" => {
            // A direct goal for the side that does not act cannot be proved.
            let start: Position =
                Position::parse("8/8/2BYYY2/2YBBB2/2BY4/8/8/8 Y d5 play").expect("a position");
            fn at<T>(node: T) -> Spanned<T> {
                Spanned {
                    node,
                    span: Span::new(0, 0),
                }
            }
            let puzzle = lanrick::interp::Puzzle {
                start,
                goal: Goal {
                    side: at(Side::Black),
                    target: at(GoalTarget::Rendezvous),
                    turns: at(1),
                    help: None,
                },
                goal_span: Span::new(0, 0),
                key: None,
                key_text: None,
            };
            lanrick::interp::proof::prove(&puzzle, &lanrick::prover::Limits::default())
                .expect_err("cannot be proved")
                .code
        }
        "lanrick::syntax::limit" => {
            let err = lanrick::syntax::SyntaxError::new(
                Span::new(0, 0),
                lanrick::syntax::SyntaxErrorKind::Limit {
                    message: "out of resources".into(),
                },
            );
            lanrick::interp::syntax_problem(&err).code
        }
        "lanrick::rule::turn_over" => {
            // Yellow replaces Black's man on a1 (Rule 7): the turn is over.
            let p = Position::parse("BB6/8/2YYY3/7Y/8/2Y5/8/BB5B Y d5 play").expect("a position");
            let mut t = p.begin_turn().expect("Yellow's turn");
            let sq = |s: &str| s.parse().expect("a square");
            t.play_move(sq("c3"), sq("c4")).expect("a legal move");
            t.play_move(sq("h5"), sq("d5")).expect("a legal move");
            t.take(sq("a1")).expect("a legal replacement");
            let v = t
                .play_move(sq("d6"), sq("d7"))
                .expect_err("the turn is over");
            lanrick::interp::rule_code(&v).as_str().to_string()
        }
        _ => panic!("{code} has no producer in by_api"),
    }
}

#[test]
fn the_table_covers_the_registry_exactly() {
    let table: BTreeSet<&str> = TABLE.iter().map(|(c, _)| *c).collect();
    assert_eq!(table.len(), TABLE.len(), "a code is in the table twice");
    let registry: BTreeSet<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(table, registry);
}

#[test]
fn every_code_has_its_producer() {
    for (code, by) in TABLE {
        match by {
            Case(file) => {
                let path = root().join("tests/cases").join(file);
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                assert!(
                    codes_of(&text).contains(*code),
                    "{file} does not give {code}"
                );
            }
            Proved(name) => {
                assert!(
                    root()
                        .join(format!("tests/cases/prove/{name}.lanrick"))
                        .is_file()
                );
                let snap = root().join(format!("tests/snapshots/cases__prove__{name}.snap"));
                let text = std::fs::read_to_string(&snap)
                    .unwrap_or_else(|e| panic!("{}: {e}", snap.display()));
                assert!(
                    text.contains(code),
                    "{} does not hold {code}",
                    snap.display()
                );
            }
            Text(text) => assert!(
                codes_of(text).contains(*code),
                "{text:?} does not give {code}"
            ),
            Test(file, name) => {
                let text = std::fs::read_to_string(root().join(file)).expect("the test file");
                assert!(text.contains(name), "{file} has no {name}");
                assert!(
                    text.contains(code) || text.contains(code.rsplit("::").next().unwrap_or(code)),
                    "{file} does not name {code}"
                );
            }
            Api => assert_eq!(by_api(code), *code),
        }
    }
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a directory").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_code_is_written_outside_the_registry() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let registry = root().join("src/interp/codes.rs");
    for path in files {
        if path == registry {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        assert!(
            !text.contains("\"lanrick::"),
            "{} writes a code outside src/interp/codes.rs",
            path.display()
        );
    }
}

/// The string literals of the function `fn code(` in `file`: the names of its errors.
fn names_in_code_fn(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(file)).expect("a source file");
    let start = text.find("pub fn code(&self)").expect("a code function");
    let body = &text[start..];
    let body = &body[..body.find("\n    }\n").expect("its end")];
    body.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_engine_and_syntax_names_are_registered() {
    for (file, family) in [
        ("src/engine/violation.rs", "lanrick::rule::"),
        ("src/syntax/error.rs", "lanrick::syntax::"),
    ] {
        let names = names_in_code_fn(file);
        assert!(names.len() >= 9, "{file}: only {names:?}");
        for name in names {
            let code = format!("{family}{name}");
            assert!(
                Code::parse(&code).is_some(),
                "{code} ({file}) is not registered"
            );
        }
    }
}

/// Every `.lanrick` file under `dir`.
fn lanrick_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a directory").flatten() {
        let path = entry.path();
        if path.is_dir() {
            lanrick_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "lanrick") {
            out.push(path);
        }
    }
}

#[test]
fn every_code_check_gives_is_registered() {
    let mut files = Vec::new();
    lanrick_files(&root().join("tests/cases"), &mut files);
    lanrick_files(&root().join("examples"), &mut files);
    assert!(files.len() > 100, "only {} files", files.len());
    let mut seen = BTreeSet::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // not UTF-8: `lanrick::io::utf8`, produced before the checker runs
        };
        seen.extend(codes_of(&text));
    }
    assert!(seen.len() > 50, "only {} codes seen", seen.len());
    for code in seen {
        assert!(Code::parse(&code).is_some(), "{code} is not registered");
    }
}

/// `docs/codes.md`, where SARIF's rules point (`helpUri`), lists every code of the
/// registry in its order, each at its anchor with its summary, and nothing else.
#[test]
fn the_codes_page_lists_every_code_at_its_anchor() {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/codes.md"))
        .expect("docs/codes.md");
    let rows: Vec<&str> = page.lines().filter(|l| l.starts_with("| <a id=")).collect();
    assert_eq!(rows.len(), Code::ALL.len(), "one row per code");
    for (row, code) in rows.iter().zip(Code::ALL) {
        let expected = format!(
            "| <a id=\"{}\"></a>`{}` | {} |",
            code.anchor(),
            code.as_str(),
            code.summary()
        );
        assert_eq!(*row, expected);
        assert!(
            code.help_uri()
                .ends_with(&format!("/docs/codes.md#{}", code.anchor()))
        );
    }
}
