//! `lanrick serve` through its HTTP API, on a real socket on loopback (a free port):
//! the page and its assets, a game played by clicks and taken back, an illegal click
//! explained with the CLI's diagnostic, lanrick answering off the request path, the
//! record downloaded and checked by `lanrick check`, a shared position reopened; and
//! the guards: a foreign `Host` or `Origin`, an oversized body, too many games, and
//! random requests into the handler that must never panic.

use assert_cmd::Command;
use lanrick::serve::{Config, Request, Running, Server};
use proptest::prelude::*;
use serde_json::{Value, json};
use std::time::Duration;

mod serve_common;
use serve_common::*;

#[test]
fn the_page_and_its_assets_come_from_the_binary() {
    let r = server(Config::default());
    let page = request(&r, "GET", "/", None);
    assert_eq!(page.status, 200);
    assert!(page.headers.contains("content-type: text/html"));
    assert!(page.body.contains("<script src=\"/app.js\"></script>"));
    assert!(
        page.headers
            .contains("content-security-policy: default-src 'self'")
    );
    let js = request(&r, "GET", "/app.js", None);
    assert_eq!(js.status, 200);
    assert!(js.body.contains("/api/act"));
    assert_eq!(request(&r, "GET", "/app.css", None).status, 200);
    assert_eq!(request(&r, "GET", "/nothing", None).status, 404);
    assert_eq!(request(&r, "DELETE", "/app.js", None).status, 405);
    r.stop();
}

#[test]
fn a_turn_is_built_by_clicks_with_the_allowance_shown_then_sent_taken_back_and_redone() {
    let r = server(Config::default());
    let (v, id) = begin(&r, json!({ "rules": "1893" }));
    // The Mark: its squares are highlighted, a click sets it.
    assert!(legal(&v).contains(&"d5".to_string()));
    let v = act(&r, &id, json!({ "do": "click", "sq": "d5" }));
    assert_eq!(moves(&v), ["B: mark d5"]);
    assert_eq!(v["turn"]["allowance"], 2);
    // Yellow picks up a7: the engine's destinations are highlighted.
    let v = act(&r, &id, json!({ "do": "click", "sq": "a7" }));
    assert_eq!(v["selected"], "a7");
    let to = legal(&v);
    assert!(!to.is_empty() && to.len() < 20, "{to:?}");
    let v = act(&r, &id, json!({ "do": "click", "sq": to[0] }));
    assert_eq!(v["built"], format!("a7-{}", to[0]));
    assert!(v["turn"]["left"].as_u64() < Some(2), "{}", v["turn"]);
    assert_eq!(moves(&v).len(), 1, "nothing is sent before Send");
    // Cancel drops the turn built; build it again and send it.
    let v = act(&r, &id, json!({ "do": "cancel" }));
    assert!(v["built"].is_null());
    act(&r, &id, json!({ "do": "click", "sq": "a7" }));
    let v = act(&r, &id, json!({ "do": "click", "sq": to[0] }));
    assert!(v["can"]["send"].as_bool().unwrap_or(false));
    let v = act(&r, &id, json!({ "do": "send" }));
    assert_eq!(moves(&v), ["B: mark d5", &format!("1. Y: a7-{}", to[0])]);
    assert!(v["diagnostic"].is_null(), "{}", v["diagnostic"]);
    // The last action played is drawn as the replay page draws it: the man's path.
    let arrows = |v: &Value| {
        v["board"]
            .as_str()
            .unwrap_or("")
            .matches("url(#ah)")
            .count()
    };
    assert_eq!(arrows(&v), 1, "the turn's one move as an arrow");
    let v = act(&r, &id, json!({ "do": "undo" }));
    assert_eq!(moves(&v), ["B: mark d5"]);
    assert_eq!(arrows(&v), 0, "a Mark set has no path");
    assert!(v["log"].to_string().contains("Taken back"));
    let v = act(&r, &id, json!({ "do": "redo" }));
    assert_eq!(moves(&v).len(), 2);
    r.stop();
}

#[test]
fn an_illegal_click_is_explained_with_the_clis_diagnostic_and_changes_nothing() {
    let r = server(Config::default());
    let (_, id) = begin(&r, json!({}));
    act(&r, &id, json!({ "do": "click", "sq": "d5" }));
    act(&r, &id, json!({ "do": "click", "sq": "a7" }));
    let v = act(&r, &id, json!({ "do": "click", "sq": "a2" }));
    let d = v["diagnostic"].as_str().expect("a diagnostic");
    // The CLI's rendering: the code, the message citing its rule, the line pointed at.
    assert!(d.contains("lanrick::rule::"), "{d}");
    assert!(d.contains("Rule 1 (1893)"), "{d}");
    assert!(d.contains("a7-a2"), "{d}");
    let same = Command::cargo_bin("lanrick")
        .expect("built")
        .args(["repl"])
        .write_stdin("mark d5\na7-a2\n")
        .output()
        .expect("runs");
    let repl = String::from_utf8_lossy(&same.stderr);
    let first = d
        .lines()
        .find(|l| l.contains("lanrick::rule::"))
        .expect("a code line");
    assert!(repl.contains(first.trim()), "REPL:\n{repl}\nserve:\n{d}");
    assert!(v["built"].is_null());
    assert_eq!(moves(&v).len(), 1);
    // A typed line that is not notation: a syntax diagnostic.
    let v = act(&r, &id, json!({ "do": "line", "text": "a7-z9" }));
    assert_diagnosed(&v);
    r.stop();
}

#[test]
fn lanrick_answers_on_a_worker_and_the_record_downloaded_passes_check() {
    let r = server(Config::default());
    let (_, id) = begin(
        &r,
        json!({ "rules": "1893", "lanrick": { "side": "Y", "level": 0 } }),
    );
    let v = act(&r, &id, json!({ "do": "click", "sq": "d5" }));
    let v = settled(&r, v);
    assert_eq!(moves(&v).len(), 2, "{v}");
    assert!(v["log"].to_string().contains("lanrick (Yellow) plays"));
    // Take-back against lanrick: back to the user's Mark, lanrick waits.
    let v = act(&r, &id, json!({ "do": "undo" }));
    let v = settled(&r, v);
    assert!(moves(&v).is_empty(), "{v}");
    let v = settled(&r, act(&r, &id, json!({ "do": "line", "text": "mark e4" })));
    assert_eq!(moves(&v).len(), 2, "{v}");
    let rec = request(&r, "GET", &format!("/api/record?g={id}"), None);
    assert_eq!(rec.status, 200);
    assert!(rec.headers.contains("content-disposition: attachment"));
    assert!(
        rec.body.contains("[Yellow \"lanrick level 0\"]"),
        "{}",
        rec.body
    );
    assert_checks(&rec.body);
    r.stop();
}

#[test]
fn a_hint_comes_with_its_reason_and_the_completer_offers_the_men() {
    let r = server(Config::default());
    let (v, id) = begin(
        &r,
        json!({ "position": "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 play" }),
    );
    assert_eq!(v["position"], "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 play");
    let v = settled(&r, act(&r, &id, json!({ "do": "hint", "level": 1 })));
    let hint = v["hint"].as_str().expect("a hint");
    assert!(hint.contains("(level 1)"), "{hint}");
    assert!(hint.lines().count() >= 2, "a hint says why: {hint}");
    let c = request(&r, "GET", &format!("/api/complete?g={id}&head=a4-"), None).json();
    let list = c["candidates"].as_array().expect("candidates");
    assert!(
        !list.is_empty()
            && list
                .iter()
                .all(|s| s.as_str().is_some_and(|s| s.starts_with("a4-")))
    );
    // A bad position string is refused with the reason.
    let a = open(&r, json!({ "position": "9/8 B" }));
    assert_eq!(a.status, 400);
    assert!(a.body.contains("position string"));
    r.stop();
}

#[test]
fn each_edition_plays_on_the_board_the_1879_die_thrown_and_shown() {
    let r = server(Config::default());
    // 1879: each side sets his own men by clicks, then the die gives the Mark.
    let (v, id) = begin(&r, json!({ "rules": "1879" }));
    assert_eq!(legal(&v).len(), 28, "every border square may be set");
    for sq in ["a1", "c1", "e1", "g1", "h3"] {
        act(&r, &id, json!({ "do": "click", "sq": sq }));
    }
    let v = act(&r, &id, json!({ "do": "send" }));
    assert!(v["diagnostic"].is_null(), "{}", v["diagnostic"]);
    for sq in ["a8", "c8", "e8", "g8", "h6"] {
        act(&r, &id, json!({ "do": "click", "sq": sq }));
    }
    let v = act(&r, &id, json!({ "do": "send" }));
    assert!(v["diagnostic"].is_null(), "{}", v["diagnostic"]);
    let log = v["log"].to_string();
    assert!(log.contains("Die thrown"), "{log}");
    assert!(moves(&v).last().is_some_and(|m| m.contains("mark")), "{v}");
    // 1880: the arranger sets both sides (a second click makes a man Yellow).
    let (_, id) = begin(&r, json!({ "rules": "1880" }));
    for sq in ["a1", "c1", "e1", "g1", "h3"] {
        act(&r, &id, json!({ "do": "click", "sq": sq }));
    }
    for sq in ["a8", "c8", "e8", "g8", "h6"] {
        act(&r, &id, json!({ "do": "click", "sq": sq }));
        act(&r, &id, json!({ "do": "click", "sq": sq }));
    }
    assert_eq!(
        act(&r, &id, json!({ "do": "cancel" }))["built"],
        Value::Null,
        "cancel drops the set-up"
    );
    let v = act(
        &r,
        &id,
        json!({ "do": "line", "text": "set B a1 c1 e1 g1 h3 Y a8 c8 e8 g8 h6" }),
    );
    assert!(v["diagnostic"].is_null(), "{}", v["diagnostic"]);
    assert_eq!(moves(&v).len(), 1);
    r.stop();
}

#[test]
fn a_foreign_host_or_origin_is_refused() {
    let r = server(Config::default());
    let port = r.addr.port();
    let a = raw(
        &r,
        format!("GET / HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    );
    assert_eq!(a.status, 403);
    let a = raw(
        &r,
        format!(
            "POST /api/new HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://evil.example\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}"
        )
        .as_bytes(),
    );
    assert_eq!(a.status, 403);
    assert_eq!(r.server.live_games(), 0, "a refused request starts no game");
    let a = raw(
        &r,
        format!("GET / HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n\r\n").as_bytes(),
    );
    assert_eq!(a.status, 200);
    r.stop();
}

#[test]
fn an_oversized_body_and_too_many_games_are_refused() {
    let r = server(Config {
        max_body: 1000,
        max_games: 2,
        ..Config::default()
    });
    let port = r.addr.port();
    let big = "x".repeat(5000);
    let a = raw(
        &r,
        format!(
            "POST /api/new HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{big}",
            big.len()
        )
        .as_bytes(),
    );
    assert_eq!(a.status, 413);
    new_game(&r, json!({}));
    new_game(&r, json!({}));
    let a = open(&r, json!({}));
    assert_eq!(a.status, 503, "{}", a.body);
    assert_eq!(r.server.live_games(), 2);
    r.stop();
}

#[test]
fn a_malformed_request_is_answered_not_crashed_on() {
    let r = server(Config::default());
    for junk in [
        &b"\x00\x01\x02garbage\r\n\r\n"[..],
        b"GET\r\n\r\n",
        b"GET /api/view?g=%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    ] {
        let _ = raw(&r, junk);
    }
    // Still answering.
    assert_eq!(request(&r, "GET", "/", None).status, 200);
    r.stop();
}

fn arb_request(port: u16) -> impl Strategy<Value = Request> {
    let method = prop::sample::select(vec!["GET", "POST", "PUT", "", "get"]);
    let path = prop::sample::select(vec![
        "/",
        "/api/new",
        "/api/act?g=",
        "/api/view?g=",
        "/api/record?g=",
        "/api/complete?g=x&head=",
        "/api/files",
        "/app.js",
        "/%",
        "/api/act?g=%ff",
        "x",
    ]);
    let tail = "[ -~]{0,12}";
    let host = prop::option::of(prop::sample::select(vec![
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        "evil:1".to_string(),
        String::new(),
    ]));
    let body = prop::sample::select(vec![
        String::new(),
        "{}".into(),
        r#"{"do":"click","sq":"d5"}"#.into(),
        r#"{"do":"line","text":"a7-b6 x"}"#.into(),
        r#"{"rules":"1879","lanrick":{"side":"Q","level":99}}"#.into(),
        r#"{"position":"8/8 B","file":7}"#.into(),
        r#"{"do":7}"#.into(),
        "[".into(),
        "\u{0}\u{ffff}".into(),
    ]);
    (method, path, tail, host, body, any::<Vec<u8>>()).prop_map(
        move |(m, p, t, host, body, bytes)| Request {
            method: m.to_string(),
            url: format!("{p}{t}"),
            host,
            origin: None,
            body: if bytes.len() % 3 == 0 {
                bytes
            } else {
                body.into_bytes()
            },
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_requests_into_the_handler_never_panic(reqs in prop::collection::vec(arb_request(9), 1..12)) {
        let server = Server::new(Config { max_games: 4, ..Config::default() }, 9);
        // A live game whose id the requests may name.
        let v: Value = serde_json::from_slice(&server.handle(&Request {
            method: "POST".into(),
            url: "/api/new".into(),
            host: Some("127.0.0.1:9".into()),
            origin: None,
            body: b"{}".to_vec(),
        }).body).expect("JSON");
        let id = v["id"].as_str().expect("an id").to_string();
        for mut req in reqs {
            if req.url.ends_with("g=") {
                req.url.push_str(&id);
            }
            let a = server.handle(&req);
            prop_assert!(a.status != 500, "{:?} -> {}", req, a.text());
            prop_assert!([200, 400, 403, 404, 405, 413, 414, 422, 503].contains(&a.status));
        }
    }
}

#[test]
fn a_shipped_puzzle_is_trained_the_key_meets_the_goal_and_a_wrong_key_is_refuted() {
    let r = server(Config::default());
    let i = puzzle_index(&r, "composed-2-01");
    let files = request(&r, "GET", "/api/files", None).json();
    assert_eq!(files["puzzles"][i]["goal"], "Y wins rendezvous in 1");
    let (v, id) = begin(&r, json!({ "puzzle": i }));
    assert!(moves(&v).is_empty(), "the solution is not played");
    assert_eq!(v["position"], "1Y3B2/8/B7/8/B7/3Y4/8/8 Y b5 play");
    assert!(
        v["puzzle"]["solution"]
            .as_str()
            .is_some_and(|s| s.contains("d3-f1 b8-e8 x f8"))
    );
    let v = settled(
        &r,
        act(&r, &id, json!({ "do": "line", "text": "d3-f1 b8-e8 x f8" })),
    );
    assert!(v["log"].to_string().contains("Goal met"), "{}", v["log"]);
    assert_eq!(moves(&v).len(), 1, "the defence stops once the goal is met");
    // Another first turn: the goal is out of reach at once.
    let (_, id) = begin(&r, json!({ "puzzle": i }));
    let v = settled(&r, act(&r, &id, json!({ "do": "line", "text": "d3-d4" })));
    assert!(
        v["log"].to_string().contains("out of reach"),
        "{}",
        v["log"]
    );
    r.stop();
}

/// The index of the shipped puzzle `name` in the page's list.
fn puzzle_index(r: &Running, name: &str) -> usize {
    let files = request(r, "GET", "/api/files", None).json();
    files["puzzles"]
        .as_array()
        .expect("puzzles")
        .iter()
        .position(|p| p["name"] == name)
        .expect("the shipped puzzle is listed")
}

/// The announcements of a view, one per line.
fn log(v: &Value) -> String {
    v["log"]
        .as_array()
        .expect("a log")
        .iter()
        .map(|e| e["text"].as_str().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `lanrick solve --tries` on a shipped puzzle: each try with its refutations.
fn tries(puzzle: &str) -> Vec<(String, Vec<String>)> {
    let out = Command::cargo_bin("lanrick")
        .expect("built")
        .args([
            "solve",
            "--tries",
            &format!("examples/puzzles/{puzzle}.lanrick"),
        ])
        .output()
        .expect("runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("# try "))
        .filter_map(|l| l.split_once(": refuted by "))
        .map(|(t, refs)| {
            let refs = refs.split(", ").map(|r| r.trim_matches('`').to_string());
            (t.to_string(), refs.collect())
        })
        .collect()
}

/// The key and the main line's first defence of a trained puzzle's written solution,
/// as actions without prefix, glyphs or comments.
fn written_key_and_defence(v: &Value) -> (String, String) {
    let solution = v["puzzle"]["solution"].as_str().expect("the solution");
    let mut lines = solution
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let event = |l: &str| {
        let l = l.split(['(', '{', '!']).next().unwrap_or(l);
        l.split_once(": ").map_or(l, |(_, a)| a).trim().to_string()
    };
    let key = event(lines.next().expect("a key"));
    let defence = event(lines.next().expect("a defence"));
    (key, defence)
}

#[test]
fn the_trainers_defence_is_the_written_solutions_and_a_wrong_key_is_refuted_by_the_prover() {
    let r = server(Config::default());
    let i = puzzle_index(&r, "composed-102-01");
    let v = new_game(&r, json!({ "puzzle": i }));
    assert_eq!(v["puzzle"]["goal"], "B wins rendezvous in 2");
    // The written key and the main line's defence, as the solution writes them.
    let (key, defence) = written_key_and_defence(&v);
    // The key in another order of its moves is the same key (h6-h5 x e8 is how the
    // prover writes g6-h5 h6-g6 x e8): the written defence answers both.
    for played in [key.as_str(), "h6-h5 x e8"] {
        let (_, id) = begin(&r, json!({ "puzzle": i }));
        let v = settled(&r, act(&r, &id, json!({ "do": "line", "text": played })));
        assert!(
            log(&v).contains(&format!("Defence from the written solution: {defence}")),
            "{played} ({defence:?}): {}",
            log(&v)
        );
        assert!(moves(&v)[1].ends_with(&format!("Y: {defence}")), "{v}");
    }
    // A wrong key (a try of `lanrick solve --tries`): the prover refutes it with one
    // of the try's refutations, and the log says the goal is out of reach.
    let tries = tries("composed-102-01");
    let (wrong, refutations) = tries.first().expect("the puzzle has a try");
    let (_, id) = begin(&r, json!({ "puzzle": i }));
    let v = settled(&r, act(&r, &id, json!({ "do": "line", "text": wrong })));
    let said = log(&v);
    assert!(said.contains("Refuted: after "), "{said}");
    assert!(said.contains("out of reach"), "{said}");
    let played = moves(&v);
    assert_eq!(played.len(), 2, "{v}");
    assert!(
        refutations.iter().any(|d| played[1].ends_with(d.as_str())),
        "{} is not among {refutations:?}",
        played[1]
    );
    r.stop();
}

#[test]
fn a_puzzle_file_given_is_trained_a_key_it_misses_works_too_and_its_variations_reply() {
    // composed-102-01 with a wrong key written as its solution: the true key is not in
    // the written solution, so the prover answers it, and finds no refutation.
    // Its second game writes a reply to the try in a variation: the trainer plays it.
    let tags =
        "[Position \"4Y2Y/5B1Y/6BB/8/8/8/8/8 B g6 play\"]\n[Goal \"B wins rendezvous in 2\"]\n\n";
    let text = format!(
        "{tags}B: g6-f5 h6-g6 x e8\n\n{tags}B: g6-h5 h6-g6 x e8 ( B: g6-f5 h6-g6 x e8 ?; Y: h7-g7 )\nY: h7-h6\n"
    );
    let r = with_file("mine.lanrick", &text);
    let files = request(&r, "GET", "/api/files", None).json();
    assert_eq!(
        files["files"][0]["games"][0]["goal"],
        "B wins rendezvous in 2"
    );
    let (v, id) = begin(&r, json!({ "file": 0, "game": 1, "train": true }));
    assert!(moves(&v).is_empty(), "the solution is not played");
    assert_eq!(v["puzzle"]["name"], "mine.lanrick");
    let v = settled(
        &r,
        act(&r, &id, json!({ "do": "line", "text": "h6-h5 x e8" })),
    );
    let said = log(&v);
    assert!(said.contains("your key works too"), "{said}");
    assert_eq!(moves(&v).len(), 2, "{v}");
    // The key's reply still meets the goal: the defence only held out.
    let action = hinted(&settled(
        &r,
        act(&r, &id, json!({ "do": "hint", "level": 4 })),
    ));
    let v = settled(&r, act(&r, &id, json!({ "do": "line", "text": action })));
    assert!(log(&v).contains("Goal met"), "{}", log(&v));
    let (_, id) = begin(&r, json!({ "file": 0, "game": 2, "train": true }));
    let v = settled(
        &r,
        act(&r, &id, json!({ "do": "line", "text": "g6-f5 h6-g6 x e8" })),
    );
    assert!(
        log(&v).contains("Defence from the written solution: h7-g7."),
        "{}",
        log(&v)
    );
    // A game with no goal is not trained.
    let r2 = with_file("plain.lanrick", "mark d5\n");
    let a = open(&r2, json!({ "file": 0, "train": true }));
    assert_eq!(a.status, 422, "{}", a.body);
    r2.stop();
    r.stop();
}

#[test]
fn a_file_given_is_opened_stepped_through_and_branched() {
    let text = std::fs::read_to_string("examples/complete-game.lanrick").expect("the example");
    let r = with_file("complete-game.lanrick", &text);
    let files = request(&r, "GET", "/api/files", None).json();
    assert_eq!(files["files"][0]["name"], "complete-game.lanrick");
    assert!(
        files["files"][0]["games"]
            .as_array()
            .is_some_and(|g| !g.is_empty())
    );
    let (v, id) = begin(&r, json!({ "file": 0, "game": 1 }));
    let n = moves(&v).len();
    assert!(n > 4, "the main line is played: {n}");
    let taken_back = moves(&v)[n - 1].clone();
    // The file's own variations are in the move list, beside the action they replace.
    assert_eq!(
        v["moves"][1]["variations"][0], "g1-g2 { one square is enough for a legal turn }",
        "{}",
        v["moves"][1]
    );
    // Step back twice and forward once (the page's ← and →).
    act(&r, &id, json!({ "do": "undo" }));
    let v = act(&r, &id, json!({ "do": "undo" }));
    assert_eq!(moves(&v).len(), n - 2);
    let v = act(&r, &id, json!({ "do": "redo" }));
    assert_eq!(moves(&v).len(), n - 1);
    assert!(v["can"]["redo"].as_bool().unwrap_or(false));
    // A different action branches off: the rest of the line is kept as its variation,
    // shown in the move list, and no longer to redo.
    let action = hinted(&settled(
        &r,
        act(&r, &id, json!({ "do": "hint", "level": 0 })),
    ));
    let v = act(&r, &id, json!({ "do": "line", "text": action }));
    assert!(v["diagnostic"].is_null(), "{}", v["diagnostic"]);
    assert_eq!(moves(&v).len(), n);
    assert!(!v["can"]["redo"].as_bool().unwrap_or(true));
    let kept = v["moves"][n - 1]["variations"][0].as_str().unwrap_or("");
    assert!(
        kept.starts_with(&taken_back),
        "the line taken back ({taken_back}) is a variation: {}",
        v["moves"][n - 1]
    );
    assert!(log(&v).contains("kept as a variation"), "{}", log(&v));
    // The downloaded record holds the variation and passes check.
    let record = request(&r, "GET", &format!("/api/record?g={id}"), None).body;
    assert!(record.contains(&format!("( {taken_back}")), "{record}");
    assert_checks(&record);
    // A file not given cannot be opened.
    let a = open(&r, json!({ "file": 1 }));
    assert_eq!(a.status, 404);
    r.stop();
}

#[test]
fn a_shared_position_reopens_and_a_bad_one_is_explained() {
    let r = server(Config::default());
    let v = new_game(
        &r,
        json!({ "rules": "1880", "position": "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 shift-B" }),
    );
    assert_eq!(v["rules"], "1880");
    assert_eq!(v["position"], "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 shift-B");
    let a = open(
        &r,
        json!({ "position": "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Q mark" }),
    );
    assert_eq!(a.status, 400);
    assert_coded(&a);
    r.stop();
}

#[test]
fn the_prover_answers_about_the_position_off_the_request_path() {
    let r = server(Config::default());
    let (_, id) = begin(
        &r,
        json!({ "position": "1Y3B2/8/B7/8/B7/3Y4/8/8 Y b5 play" }),
    );
    let v = act(
        &r,
        &id,
        json!({ "do": "prove", "goal": "Y wins rendezvous in 1" }),
    );
    assert_eq!(
        v["busy"], "proving",
        "the answer comes back before the proof"
    );
    let v = settled(&r, v);
    let proof = v["proof"].as_str().expect("the prover's answer");
    assert!(proof.starts_with("Verdict: "), "{proof}");
    assert!(proof.contains("d3-f1 b8-e8 x f8 (in 1)"), "{proof}");
    // A goal that is not one: the syntax diagnostic.
    let v = act(
        &r,
        &id,
        json!({ "do": "prove", "goal": "Y wins everything" }),
    );
    assert_diagnosed(&v);
    r.stop();
}

#[test]
fn a_position_is_set_up_by_clicks_checked_as_setup_does_and_exported_as_a_puzzle() {
    let r = server(Config::default());
    let (_, id) = begin(&r, json!({}));
    act(&r, &id, json!({ "do": "line", "text": "mark d5" }));
    let v = act(&r, &id, json!({ "do": "edit" }));
    assert_eq!(v["editing"], "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1");
    // b8: Black -> Yellow -> empty; c4: a Black man.
    act(&r, &id, json!({ "do": "click", "sq": "b8" }));
    act(&r, &id, json!({ "do": "click", "sq": "b8" }));
    let v = act(&r, &id, json!({ "do": "click", "sq": "c4" }));
    assert_eq!(v["editing"], "4Y2B/Y7/8/7Y/B1B5/8/7B/Y2B2Y1");
    // A phase the rules do not know: the :setup diagnostic, still setting up.
    let v = act(
        &r,
        &id,
        json!({ "do": "edit_done", "rules": "1893", "rest": "B d5 nowhere" }),
    );
    assert_diagnosed(&v);
    assert!(!v["editing"].is_null());
    let v = act(
        &r,
        &id,
        json!({ "do": "edit_done", "rules": "1893", "rest": "B d5 play" }),
    );
    assert!(v["diagnostic"].is_null(), "{}", v["diagnostic"]);
    assert_eq!(v["position"], "4Y2B/Y7/8/7Y/B1B5/8/7B/Y2B2Y1 B d5 play");
    assert!(v["editing"].is_null());
    let a = request(
        &r,
        "GET",
        &format!("/api/puzzle?g={id}&goal=B%20wins%20rendezvous%20in%202"),
        None,
    );
    assert_eq!(a.status, 200);
    assert!(
        a.body
            .contains("[Position \"4Y2B/Y7/8/7Y/B1B5/8/7B/Y2B2Y1 B d5 play\"]"),
        "{}",
        a.body
    );
    assert!(
        a.body.contains("[Goal \"B wins rendezvous in 2\"]"),
        "{}",
        a.body
    );
    let bad = request(&r, "GET", &format!("/api/puzzle?g={id}&goal=nothing"), None);
    assert_eq!(bad.status, 400);
    // Take-back at the set-up's start brings back the game before it, as after :setup.
    let v = act(&r, &id, json!({ "do": "undo" }));
    assert_eq!(
        v["position"], "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first",
        "{}",
        v["diagnostic"]
    );
    r.stop();
}

#[test]
fn an_uploaded_file_is_opened_at_the_game_chosen_and_a_broken_one_explained() {
    let r = server(Config::default());
    let text = "[Event \"One\"]\nmark d5\n\n[Event \"Two\"]\nmark e4\n1. Y: a7-a6\n";
    let v = new_game(&r, json!({ "text": text, "game": 2 }));
    assert_eq!(moves(&v), ["mark e4", "1. Y: a7-a6"]);
    let a = open(&r, json!({ "text": "[Event \"x\"\nmark d5" }));
    assert_eq!(a.status, 422);
    assert_coded(&a);
    let a = open(&r, json!({ "text": text, "game": 3 }));
    assert_eq!(a.status, 404);
    r.stop();
}

#[test]
fn a_long_poll_waits_off_the_request_pool_so_other_tabs_are_answered() {
    // One request thread: a long poll held on it would keep every other tab waiting.
    let r = std::sync::Arc::new(server(Config {
        threads: 1,
        ..Config::default()
    }));
    let (_, id) = begin(&r, json!({}));
    act(&r, &id, json!({ "do": "line", "text": "mark d5" }));
    // A proof that runs for seconds, and a long poll waiting for it on its own thread.
    let v = act(
        &r,
        &id,
        json!({ "do": "prove", "goal": "Y wins rendezvous in 4" }),
    );
    assert_eq!(v["busy"], "proving");
    let poll = {
        let r = std::sync::Arc::clone(&r);
        let path = format!("/api/view?g={id}&wait={}", v["version"]);
        std::thread::spawn(move || request(&r, "GET", &path, None))
    };
    std::thread::sleep(Duration::from_millis(200));
    // Another tab plays meanwhile, each answer at once.
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let (_, other) = begin(&r, json!({}));
        let v = act(&r, &other, json!({ "do": "line", "text": "mark e4" }));
        assert!(v["diagnostic"].is_null(), "{}", v["diagnostic"]);
        assert!(
            t.elapsed() < Duration::from_secs(2),
            "another tab waited {:?} behind a long poll",
            t.elapsed()
        );
    }
    // Stopping the proof ends the wait with the game's new view.
    act(&r, &id, json!({ "do": "stop" }));
    let answer = poll.join().expect("the polling thread");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["id"], id.as_str());
    assert_eq!(settled(&r, answer.json())["busy"], "");
}

#[test]
fn a_shipped_puzzle_in_three_is_trained_its_key_answered_by_the_written_defence() {
    let r = server(Config::default());
    let i = puzzle_index(&r, "in-3/composed-1880-303-04");
    let v = new_game(&r, json!({ "puzzle": i }));
    let goal = v["puzzle"]["goal"].as_str().expect("a goal").to_string();
    assert!(goal.ends_with(" in 3"), "{goal}");
    let (key, defence) = written_key_and_defence(&v);
    let (_, id) = begin(&r, json!({ "puzzle": i }));
    let v = settled(&r, act(&r, &id, json!({ "do": "line", "text": key })));
    assert!(
        log(&v).contains(&format!("Defence from the written solution: {defence}")),
        "{key} ({defence:?}): {}",
        log(&v)
    );
    r.stop();
}
