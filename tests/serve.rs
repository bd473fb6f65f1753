//! `lanrick serve` through its HTTP API, on a real socket on loopback (a free port):
//! the page and its assets, a game played by clicks and taken back, an illegal click
//! explained with the CLI's diagnostic, lanrick answering off the request path, the
//! record downloaded and checked by `lanrick check`, a shared position reopened; and
//! the guards: a foreign `Host` or `Origin`, an oversized body, too many games, and
//! random requests into the handler that must never panic.

use assert_cmd::Command;
use lanrick::serve::{Config, Request, Running, Server, start};
use proptest::prelude::*;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A server on a free port of 127.0.0.1.
fn server(config: Config) -> Running {
    start(Config { port: 0, ..config }).expect("the server starts on a free port")
}

/// An answer: status, headers (lowercase names) and body.
struct Answer {
    status: u16,
    headers: String,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("JSON expected ({e}): {}", self.body))
    }
}

/// Sends one raw HTTP/1.1 request (`Connection: close`) and reads the whole answer.
fn raw(r: &Running, text: &[u8]) -> Answer {
    let mut s = TcpStream::connect(r.addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout set");
    s.write_all(text).expect("request written");
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Answer {
        status,
        headers: head.to_ascii_lowercase(),
        body: body.to_string(),
    }
}

/// A request from the server's own page (its Host, no Origin for a GET).
fn request(r: &Running, method: &str, path: &str, body: Option<&Value>) -> Answer {
    let body = body.map(Value::to_string).unwrap_or_default();
    let host = format!("127.0.0.1:{}", r.addr.port());
    let origin = if method == "POST" {
        format!("Origin: http://{host}\r\n")
    } else {
        String::new()
    };
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{origin}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    raw(r, text.as_bytes())
}

fn new_game(r: &Running, body: Value) -> Value {
    let a = request(r, "POST", "/api/new", Some(&body));
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

fn act(r: &Running, id: &str, what: Value) -> Value {
    let a = request(r, "POST", &format!("/api/act?g={id}"), Some(&what));
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// A new game (`/api/new` with `body`) and its id.
fn begin(r: &Running, body: Value) -> (Value, String) {
    let v = new_game(r, body);
    let id = v["id"].as_str().expect("an id").to_string();
    (v, id)
}

/// `/api/new` with `body`, whatever it answers.
fn open(r: &Running, body: Value) -> Answer {
    request(r, "POST", "/api/new", Some(&body))
}

/// A server given one file, `name` with `text`.
fn with_file(name: &str, text: &str) -> Running {
    server(Config {
        files: vec![lanrick::serve::Source {
            name: name.into(),
            text: text.into(),
        }],
        ..Config::default()
    })
}

/// The answer's error carries a diagnostic code.
fn assert_coded(a: &Answer) {
    assert!(
        a.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("lanrick::")),
        "{}",
        a.body
    );
}

/// The view shows a diagnostic with its code.
fn assert_diagnosed(v: &Value) {
    assert!(
        v["diagnostic"]
            .as_str()
            .is_some_and(|d| d.contains("lanrick::")),
        "{v}"
    );
}

/// A downloaded record passes `lanrick check`.
fn assert_checks(record: &str) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("game.lanrick");
    std::fs::write(&path, record).expect("written");
    Command::cargo_bin("lanrick")
        .expect("built")
        .arg("check")
        .arg(&path)
        .assert()
        .success();
}

/// The action a hint suggests (its first line, the level left out).
fn hinted(v: &Value) -> String {
    let line = v["hint"]
        .as_str()
        .expect("a hint")
        .lines()
        .next()
        .expect("a line");
    line.rsplit_once(" (level")
        .map_or(line, |(a, _)| a)
        .to_string()
}

/// The view once lanrick has stopped thinking (long polls).
fn settled(r: &Running, mut v: Value) -> Value {
    let id = v["id"].as_str().expect("an id").to_string();
    for _ in 0..40 {
        if v["busy"] == "" {
            return v;
        }
        let a = request(
            r,
            "GET",
            &format!("/api/view?g={id}&wait={}", v["version"]),
            None,
        );
        assert_eq!(a.status, 200, "{}", a.body);
        v = a.json();
    }
    panic!("lanrick still thinking: {v}");
}

/// The squares the board marks legal.
fn legal(v: &Value) -> Vec<String> {
    let board = v["board"].as_str().expect("a board");
    board
        .split("class=\"sq legal\" data-sq=\"")
        .skip(1)
        .map(|rest| rest[..2].to_string())
        .collect()
}

/// The squares the board marks legal, in order.
fn legal_sorted(v: &Value) -> Vec<String> {
    let mut squares = legal(v);
    squares.sort();
    squares
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["text"].as_str().unwrap_or("").to_string())
        .collect()
}

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

#[test]
fn the_trainers_defence_is_the_written_solutions_and_a_wrong_key_is_refuted_by_the_prover() {
    let r = server(Config::default());
    let i = puzzle_index(&r, "composed-102-01");
    let v = new_game(&r, json!({ "puzzle": i }));
    assert_eq!(v["puzzle"]["goal"], "B wins rendezvous in 2");
    // The written key and the main line's defence, as the solution writes them.
    let solution = v["puzzle"]["solution"].as_str().expect("the solution");
    let mut lines = solution
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let event = |l: &str| {
        let l = l.split(['(', '{']).next().unwrap_or(l);
        l.split_once(": ").map_or(l, |(_, a)| a).trim().to_string()
    };
    let key = event(lines.next().expect("a key"));
    let defence = event(lines.next().expect("a defence"));
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
