//! Helpers shared by the tests of `lanrick serve` through its HTTP API
//! (`tests/serve.rs`, `tests/serve_clicks.rs`): a server on a free port of loopback,
//! raw requests and their answers, new games, actions, the view's parts.
#![allow(dead_code)]

use assert_cmd::Command;
use lanrick::serve::{Config, Running, start};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A server on a free port of 127.0.0.1.
pub fn server(config: Config) -> Running {
    start(Config { port: 0, ..config }).expect("the server starts on a free port")
}

/// An answer: status, headers (lowercase names) and body.
pub struct Answer {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("JSON expected ({e}): {}", self.body))
    }
}

/// Sends one raw HTTP/1.1 request (`Connection: close`) and reads the whole answer.
pub fn raw(r: &Running, text: &[u8]) -> Answer {
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
pub fn request(r: &Running, method: &str, path: &str, body: Option<&Value>) -> Answer {
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

pub fn new_game(r: &Running, body: Value) -> Value {
    let a = request(r, "POST", "/api/new", Some(&body));
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

pub fn act(r: &Running, id: &str, what: Value) -> Value {
    let a = request(r, "POST", &format!("/api/act?g={id}"), Some(&what));
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// A new game (`/api/new` with `body`) and its id.
pub fn begin(r: &Running, body: Value) -> (Value, String) {
    let v = new_game(r, body);
    let id = v["id"].as_str().expect("an id").to_string();
    (v, id)
}

/// `/api/new` with `body`, whatever it answers.
pub fn open(r: &Running, body: Value) -> Answer {
    request(r, "POST", "/api/new", Some(&body))
}

/// A server given one file, `name` with `text`.
pub fn with_file(name: &str, text: &str) -> Running {
    server(Config {
        files: vec![lanrick::serve::Source {
            name: name.into(),
            text: text.into(),
        }],
        ..Config::default()
    })
}

/// The answer's error carries a diagnostic code.
pub fn assert_coded(a: &Answer) {
    assert!(
        a.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("lanrick::")),
        "{}",
        a.body
    );
}

/// The view shows a diagnostic with its code.
pub fn assert_diagnosed(v: &Value) {
    assert!(
        v["diagnostic"]
            .as_str()
            .is_some_and(|d| d.contains("lanrick::")),
        "{v}"
    );
}

/// A downloaded record passes `lanrick check`.
pub fn assert_checks(record: &str) {
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
pub fn hinted(v: &Value) -> String {
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
pub fn settled(r: &Running, mut v: Value) -> Value {
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
pub fn legal(v: &Value) -> Vec<String> {
    let board = v["board"].as_str().expect("a board");
    board
        .split("class=\"sq legal\" data-sq=\"")
        .skip(1)
        .map(|rest| rest[..2].to_string())
        .collect()
}

/// The squares the board marks legal, in order.
pub fn legal_sorted(v: &Value) -> Vec<String> {
    let mut squares = legal(v);
    squares.sort();
    squares
}

pub fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["text"].as_str().unwrap_or("").to_string())
        .collect()
}
