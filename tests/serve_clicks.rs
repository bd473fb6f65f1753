//! `lanrick serve`'s board by clicks, through its HTTP API: every action of every
//! edition and option built click by click (a Mark's line, a turned Mark, chosen open
//! squares, a 1880 Mark move and wanderers, a 1879 win radiating, the bonus, an
//! interchange's choice) plays exactly what its typed line plays, an illegal click is
//! refused with the typed line's diagnostic, and a click on a dotted square is never
//! refused.

use lanrick::serve::{Config, Request, Running, Server};
use proptest::prelude::*;
use serde_json::{Value, json};

mod serve_common;
use serve_common::*;

/// The clicks `squares` in a new game of `rules` at `position` (the buttons `do`
/// named by a `!` prefix: `!turned`, `!send`, `!interchange`): the view after them.
fn clicks(r: &Running, rules: &str, position: &str, squares: &[&str]) -> Value {
    let v = new_game(r, json!({ "rules": rules, "position": position }));
    let id = v["id"].as_str().expect("an id").to_string();
    let mut v = v;
    for s in squares {
        v = match s.strip_prefix('!') {
            Some(button) => act(r, &id, json!({ "do": button })),
            None => act(r, &id, json!({ "do": "click", "sq": s })),
        };
    }
    v
}

/// The view after typing `line` in a new game of `rules` at `position`.
fn typed(r: &Running, rules: &str, position: &str, line: &str) -> Value {
    let v = new_game(r, json!({ "rules": rules, "position": position }));
    let id = v["id"].as_str().expect("an id").to_string();
    act(r, &id, json!({ "do": "line", "text": line }))
}

/// The clicks play exactly what typing `line` plays: no diagnostic, the same move
/// written, the same position after it (the same men when the die was thrown after
/// it, each game throwing its own).
fn same_as_typed(r: &Running, rules: &str, position: &str, squares: &[&str], line: &str) {
    let by_click = clicks(r, rules, position, squares);
    assert!(
        by_click["diagnostic"].is_null(),
        "{}",
        by_click["diagnostic"]
    );
    let by_hand = typed(r, rules, position, line);
    assert!(by_hand["diagnostic"].is_null(), "{}", by_hand["diagnostic"]);
    let (clicked, written) = (moves(&by_click), moves(&by_hand));
    assert_eq!(clicked.first(), written.first());
    assert_eq!(clicked.first().map(|m| m.ends_with(line)), Some(true));
    let men = |v: &Value| {
        v["position"]
            .as_str()
            .unwrap_or("")
            .split(' ')
            .next()
            .map(str::to_string)
    };
    assert_eq!(men(&by_click), men(&by_hand));
    if clicked.len() == 1 {
        assert_eq!(by_click["position"], by_hand["position"]);
    }
}

/// An illegal click gives the diagnostic typing its line gives (with the CLI's code),
/// and plays nothing.
fn refused_as_typed(r: &Running, rules: &str, position: &str, squares: &[&str], line: &str) {
    let by_click = clicks(r, rules, position, squares);
    let d = by_click["diagnostic"].as_str().expect("a diagnostic");
    assert!(d.contains("lanrick::"), "{d}");
    assert!(moves(&by_click).is_empty(), "{}", by_click["moves"]);
    let by_hand = typed(r, rules, position, line);
    assert_eq!(by_hand["diagnostic"].as_str(), Some(d));
}

fn prompt(v: &Value) -> String {
    v["prompt"].as_str().unwrap_or("").to_string()
}

#[test]
fn a_three_square_mark_is_set_by_its_square_then_a_neighbour_naming_the_line() {
    let r = server(Config::default());
    let pos = "B6B/8/8/8/8/8/8/Y6Y B mark";
    let v = clicks(&r, "1893", pos, &["d5"]);
    assert!(prompt(&v).contains("second square"), "{}", prompt(&v));
    assert_eq!(v["built"], "mark d5");
    let near = legal_sorted(&v);
    assert_eq!(near, ["c4", "c5", "c6", "d4", "d6", "e4", "e5", "e6"]);
    same_as_typed(&r, "1893", pos, &["d5", "d6"], "mark d5 d6");
    same_as_typed(&r, "1893", pos, &["d5", "c4"], "mark d5 c4");
    // A second click on the Mark drops it.
    let v = clicks(&r, "1893", pos, &["d5", "d5"]);
    assert!(v["built"].is_null());
    refused_as_typed(&r, "1893", pos, &["d5", "a1"], "mark d5 a1");
    r.stop();
}

#[test]
fn a_turned_mark_is_set_by_its_square_and_the_turned_button() {
    let r = server(Config::default());
    let pos = "1B2Y2B/Y7/8/7Y/B7/8/8/Y2B4 B mark";
    let v = clicks(&r, "1893 turned", pos, &["d5"]);
    assert_eq!(v["can"]["turned"], true);
    // The usual shape Send would set is drawn dashed: its seven squares and the Mark.
    let board = v["board"].as_str().expect("a board");
    assert_eq!(board.matches("xlink:href=\"#rw\"").count(), 7);
    assert_eq!(board.matches("xlink:href=\"#mw\"").count(), 1);
    assert!(prompt(&v).contains("Turned"), "{}", prompt(&v));
    same_as_typed(&r, "1893 turned", pos, &["d5", "!turned"], "mark d5 turned");
    same_as_typed(&r, "1893 turned", pos, &["d5", "!send"], "mark d5");
    // Without the option there is no choice: the click sets the Mark.
    same_as_typed(&r, "1893", pos, &["d5"], "mark d5");
    assert_eq!(clicks(&r, "1893", pos, &[])["can"]["turned"], false);
    r.stop();
}

#[test]
fn chosen_open_squares_are_clicked_after_the_mark() {
    let r = server(Config::default());
    let pos = "B6B/8/8/8/8/8/8/Y2B3Y B mark";
    let v = clicks(&r, "1893 open-choice", pos, &["d5"]);
    let ends = legal_sorted(&v);
    assert_eq!(ends, ["a2", "a5", "a8", "d1", "d8", "g8", "h1", "h5"]);
    assert!(prompt(&v).contains("open squares"), "{}", prompt(&v));
    let v = clicks(&r, "1893 open-choice", pos, &["d5", "d8", "h5"]);
    assert_eq!(v["built"], "mark d5 d8 h5");
    assert!(prompt(&v).contains("2 more"), "{}", prompt(&v));
    same_as_typed(
        &r,
        "1893 open-choice",
        pos,
        &["d5", "d8", "h5", "d1", "a5"],
        "mark d5 d8 h5 d1 a5",
    );
    // Send with none chosen: the usual open squares.
    same_as_typed(&r, "1893 open-choice", pos, &["d5", "!send"], "mark d5");
    // A chosen square clicked again is dropped.
    let v = clicks(&r, "1893 open-choice", pos, &["d5", "d8", "d8"]);
    assert_eq!(v["built"], "mark d5");
    refused_as_typed(&r, "1893 open-choice", pos, &["d5", "b1"], "mark d5 b1");
    // Another Mark's square starts again from it.
    assert_eq!(
        clicks(&r, "1893 open-choice", pos, &["d5", "d8", "c3"])["built"],
        "mark c3"
    );
    r.stop();
}

#[test]
fn an_1880_mark_move_is_clicked_on_the_mark_then_its_square() {
    let r = server(Config::default());
    let pos = "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 shift-B";
    let v = clicks(&r, "1880", pos, &[]);
    assert!(prompt(&v).contains("the Mark to move it"), "{}", prompt(&v));
    let v = clicks(&r, "1880", pos, &["d5"]);
    let to = legal_sorted(&v);
    assert_eq!(to, ["c4", "c5", "c6", "d4", "d6", "e4", "e5", "e6"]);
    assert!(prompt(&v).contains("Mark on d5 moves"), "{}", prompt(&v));
    same_as_typed(&r, "1880", pos, &["d5", "e6"], "mark d5-e6");
    refused_as_typed(&r, "1880", pos, &["d5", "a1"], "mark d5-a1");
    // The selector may not move it: a click on the Mark is not a pick-up.
    let v = clicks(
        &r,
        "1880",
        "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 shift-B",
        &["d5"],
    );
    assert!(legal(&v).is_empty());
    r.stop();
}

#[test]
fn an_1880_win_takes_a_man_and_sends_the_wanderers_by_clicks() {
    let r = server(Config::default());
    let pos = "7Y/6Y1/2B5/B7/2BBB3/8/1Y3Y2/Y7 B d5 play";
    let v = clicks(&r, "1880", pos, &["a5", "c5"]);
    assert_eq!(v["turn"]["take"], true);
    let takes = legal_sorted(&v);
    assert_eq!(takes, ["a1", "b2", "f2", "g7", "h8"]);
    let v = clicks(&r, "1880", pos, &["a5", "c5", "f2"]);
    let wanderers = legal_sorted(&v);
    assert_eq!(wanderers, ["b2", "g7"]);
    assert!(prompt(&v).contains("wanderer"), "{}", prompt(&v));
    let v = clicks(&r, "1880", pos, &["a5", "c5", "f2", "b2"]);
    assert!(legal(&v).contains(&"b1".to_string()), "{:?}", legal(&v));
    // The board shows the turn built: the man taken ringed, the wanderer's path.
    let v2 = clicks(&r, "1880", pos, &["a5", "c5", "f2", "b2", "b1"]);
    let board = v2["board"].as_str().expect("a board");
    assert!(board.contains("xlink:href=\"#tk\""), "the take is ringed");
    assert_eq!(board.matches("marker-end").count(), 2, "a5-c5 and b2-b1");
    assert!(!legal(&v).contains(&"a1".to_string()), "a1 is held");
    same_as_typed(
        &r,
        "1880",
        pos,
        &["a5", "c5", "f2", "b2", "b1", "g7", "g8", "!send"],
        "a5-c5 x f2 wanderers b2-b1 g7-g8",
    );
    refused_as_typed(
        &r,
        "1880",
        pos,
        &["a5", "c5", "f2", "b2", "c3"],
        "a5-c5 x f2 wanderers b2-c3",
    );
    r.stop();
}

#[test]
fn an_1879_win_places_the_wanderers_and_radiates_the_centre_man_by_clicks() {
    let r = server(Config::default());
    let pos = "Y6Y/8/8/8/B3B3/3BBB2/8/Y6Y B e4 play 0-0 B";
    let v = clicks(&r, "1879", pos, &["a4", "d4", "a8"]);
    let wanderers = legal_sorted(&v);
    assert_eq!(wanderers, ["a1", "h1", "h8"]);
    let v = clicks(&r, "1879", pos, &["a4", "d4", "a8", "h8"]);
    let set = legal_sorted(&v);
    assert_eq!(set, ["d5", "e5", "f4", "f5"]);
    let placed = ["a4", "d4", "a8", "h8", "f5", "h1", "f4", "a1", "d5"];
    let v = clicks(&r, "1879", pos, &placed);
    assert_eq!(legal(&v), ["e8"], "the centre man's one open line");
    assert!(prompt(&v).contains("radiates"), "{}", prompt(&v));
    let mut all: Vec<&str> = placed.to_vec();
    all.extend(["e8", "!send"]);
    same_as_typed(
        &r,
        "1879",
        pos,
        &all,
        "a4-d4 x a8 wanderers h8-f5 h1-f4 a1-d5 radiate e8",
    );
    let mut wrong: Vec<&str> = placed.to_vec();
    wrong.push("a2");
    refused_as_typed(
        &r,
        "1879",
        pos,
        &wrong,
        "a4-d4 x a8 wanderers h8-f5 h1-f4 a1-d5 radiate a2",
    );
    r.stop();
}

#[test]
fn an_1879_bonus_is_clicked_with_the_squares_left_after_each_move() {
    let r = server(Config::default());
    let pos = "Y1B1Y3/7Y/8/8/Y6B/8/8/1B2B2B B bonus:4 0-0 B";
    let v = clicks(&r, "1879", pos, &["h4"]);
    let reach = legal(&v);
    assert!(reach.contains(&"h2".to_string()), "{reach:?}");
    assert!(prompt(&v).contains("4 squares left"), "{}", prompt(&v));
    same_as_typed(&r, "1879", pos, &["h4", "h2", "!send"], "h4-h2");
    let v = clicks(&r, "1879", pos, &["h4", "h2", "b1"]);
    assert!(prompt(&v).contains("2 squares left"), "{}", prompt(&v));
    refused_as_typed(&r, "1879", pos, &["h4", "h2", "b1", "f8"], "h4-h2 b1-f8");
    r.stop();
}

#[test]
fn an_interchange_with_the_setters_choice_is_clicked_man_by_man() {
    let r = server(Config::default());
    let pos = "1B2Y2B/Y7/8/7Y/B7/8/8/Y7 Y d5 first";
    let v = clicks(&r, "1893", pos, &["!interchange"]);
    assert_eq!(v["built"], "interchange");
    assert!(prompt(&v).contains("3 more"), "{}", prompt(&v));
    let men = legal_sorted(&v);
    assert_eq!(men, ["a1", "a7", "e8", "h5"]);
    same_as_typed(
        &r,
        "1893",
        pos,
        &["!interchange", "a7", "h5", "a1"],
        "interchange a7 h5 a1",
    );
    refused_as_typed(&r, "1893", pos, &["!interchange", "b8"], "interchange b8");
    r.stop();
}

/// Where the random clicks start: each edition's start, and a position before each
/// click path (a Mark with a choice, a Mark move, a win with wanderers, radiating, a
/// bonus, an interchange with a choice).
const CLICK_STARTS: &[(&str, &str)] = &[
    ("1893", ""),
    ("1893-es", ""),
    ("1880", ""),
    ("1879", ""),
    ("1893", "B6B/8/8/8/8/8/8/Y6Y B mark"),
    ("1893 turned", "1B2Y2B/Y7/8/7Y/B7/8/8/Y2B4 B mark"),
    ("1893 open-choice", "B6B/8/8/8/8/8/8/Y2B3Y B mark"),
    ("1893-es", "1B2Y2B/Y7/8/7Y/B7/8/8/Y7 B mark"),
    ("1893", "1B2Y2B/Y7/8/7Y/B7/8/8/Y7 Y d5 first"),
    ("1880", "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 shift-B"),
    ("1880", "7Y/6Y1/2B5/B7/2BBB3/8/1Y3Y2/Y7 B d5 play"),
    ("1879", "Y6Y/8/8/8/B3B3/3BBB2/8/Y6Y B e4 play 0-0 B"),
    ("1879", "Y1B1Y3/7Y/8/8/Y6B/8/8/1B2B2B B bonus:4 0-0 B"),
];

/// One request to the handler from the server's own page; its status and JSON.
fn handle(server: &Server, url: &str, body: &Value) -> (u16, Value) {
    let a = server.handle(&Request {
        method: "POST".into(),
        url: url.into(),
        host: Some("127.0.0.1:9".into()),
        origin: None,
        body: body.to_string().into_bytes(),
    });
    let v = serde_json::from_slice(&a.body).unwrap_or(Value::Null);
    (a.status, v)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random clicks and buttons from each click path's start: every answer is a view,
    /// and a click on a square the board dots is never refused (the dots and the clicks
    /// are the same engine's answers).
    #[test]
    fn a_click_on_a_dotted_square_is_never_refused(
        start in 0..CLICK_STARTS.len(),
        steps in prop::collection::vec((0u8..14, 0u8..64), 1..40),
    ) {
        let server = Server::new(Config { max_games: 4, ..Config::default() }, 9);
        let (rules, pos) = CLICK_STARTS[start];
        let (status, mut v) = handle(&server, "/api/new", &json!({ "rules": rules, "position": pos }));
        prop_assert_eq!(status, 200, "{}", v);
        let url = format!("/api/act?g={}", v["id"].as_str().unwrap_or(""));
        for (kind, n) in steps {
            let dotted = legal(&v);
            let any = format!("{}{}", char::from(b'a' + n % 8), n / 8 + 1);
            let (what, on_dot) = match kind {
                0..=6 if !dotted.is_empty() => {
                    (json!({ "do": "click", "sq": dotted[usize::from(n) % dotted.len()] }), true)
                }
                0..=8 => (json!({ "do": "click", "sq": any }), false),
                9 => (json!({ "do": "send" }), false),
                10 => (json!({ "do": "cancel" }), false),
                11 => (json!({ "do": "turned" }), false),
                12 => (json!({ "do": "interchange" }), false),
                _ => (json!({ "do": "undo" }), false),
            };
            let (status, next) = handle(&server, &url, &what);
            prop_assert_eq!(status, 200, "{} -> {}", what, next);
            if on_dot {
                prop_assert!(next["diagnostic"].is_null(), "{} at {} ({:?} dotted, built {}): {}",
                    what, v["position"], dotted, v["built"], next["diagnostic"]);
            }
            v = next;
        }
    }
}
