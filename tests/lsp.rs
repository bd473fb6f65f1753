//! `lanrick lsp` driven through its library entry (`lsp::serve`) with a whole session
//! written in advance: the protocol's answers, bad input, and diagnostics that agree
//! with `check`'s. (The end-to-end tests with a real client are `tests/lsp/`.)

use lanrick::lsp::{ProofBudget, serve};
use serde_json::{Value, json};
use std::time::Duration;

fn frame(v: &Value) -> Vec<u8> {
    let body = v.to_string();
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend(body.as_bytes());
    out
}

fn raw(body: &str) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend(body.as_bytes());
    out
}

fn parse_frames(mut bytes: &[u8]) -> Vec<Value> {
    let mut out = Vec::new();
    while let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
        let header = std::str::from_utf8(&bytes[..end]).expect("ASCII header");
        let len: usize = header
            .trim()
            .strip_prefix("Content-Length: ")
            .expect("a length")
            .parse()
            .expect("a number");
        let body = &bytes[end + 4..end + 4 + len];
        out.push(serde_json::from_slice(body).expect("JSON"));
        bytes = &bytes[end + 4 + len..];
    }
    out
}

/// Runs a session (initialize first unless `init` is false); the exit code and every
/// message the server sent.
fn session(init: bool, messages: &[Vec<u8>]) -> (u8, Vec<Value>) {
    let mut input = Vec::new();
    if init {
        input.extend(frame(
            &json!({"jsonrpc":"2.0","id":"init","method":"initialize","params":{"capabilities":{}}}),
        ));
        input.extend(frame(
            &json!({"jsonrpc":"2.0","method":"initialized","params":{}}),
        ));
    }
    for m in messages {
        input.extend_from_slice(m);
    }
    let mut out = Vec::new();
    let budget = ProofBudget {
        nodes: 10_000,
        time: Duration::from_millis(200),
    };
    let code = serve(std::io::Cursor::new(input), &mut out, budget);
    (code, parse_frames(&out))
}

fn response(got: &[Value], id: Value) -> &Value {
    got.iter()
        .find(|m| m.get("id") == Some(&id) && m.get("method").is_none())
        .unwrap_or_else(|| panic!("no response {id} in {got:#?}"))
}

fn open(uri: &str, text: &str) -> Vec<u8> {
    frame(
        &json!({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{
        "textDocument":{"uri":uri,"languageId":"lanrick","version":1,"text":text}}}),
    )
}

fn shutdown_exit() -> Vec<Vec<u8>> {
    vec![
        frame(&json!({"jsonrpc":"2.0","id":"down","method":"shutdown"})),
        frame(&json!({"jsonrpc":"2.0","method":"exit"})),
    ]
}

#[test]
fn lifecycle_follows_the_protocol() {
    let (code, got) = session(
        false,
        &[
            frame(&json!({"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}})),
            frame(
                &json!({"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}),
            ),
            frame(
                &json!({"jsonrpc":"2.0","id":3,"method":"initialize","params":{"capabilities":{}}}),
            ),
            frame(&json!({"jsonrpc":"2.0","id":4,"method":"shutdown"})),
            frame(&json!({"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{}})),
            frame(&json!({"jsonrpc":"2.0","method":"exit"})),
        ],
    );
    assert_eq!(code, 0, "shutdown then exit is a clean exit");
    assert_eq!(response(&got, json!(1))["error"]["code"], -32002);
    assert!(response(&got, json!(2))["result"]["capabilities"].is_object());
    assert_eq!(response(&got, json!(3))["error"]["code"], -32600);
    assert_eq!(response(&got, json!(4))["result"], Value::Null);
    assert_eq!(response(&got, json!(5))["error"]["code"], -32600);
    // Exit without shutdown: code 1.
    let (code, _) = session(true, &[frame(&json!({"jsonrpc":"2.0","method":"exit"}))]);
    assert_eq!(code, 1);
}

#[test]
fn malformed_messages_are_answered_and_the_server_goes_on() {
    let mut msgs = vec![
        raw("{this is not json"),
        raw("[]"),
        raw(r#"{"jsonrpc":"2.0","id":11}"#),
        raw(r#"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#),
        b"Content-Length: twelve\r\n\r\n".to_vec(),
        frame(&json!({"jsonrpc":"2.0","id":12,"method":"no/such/method","params":{}})),
        frame(
            &json!({"jsonrpc":"2.0","id":13,"method":"textDocument/hover","params":{"bad":true}}),
        ),
        frame(&json!({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"nonsense":1}})),
    ];
    msgs.extend(shutdown_exit());
    let (code, got) = session(true, &msgs);
    assert_eq!(code, 0, "{got:#?}");
    let errors: Vec<i64> = got
        .iter()
        .filter_map(|m| m["error"]["code"].as_i64())
        .collect();
    assert_eq!(
        errors,
        vec![-32700, -32600, -32600, -32600, -32700, -32601, -32602],
        "{got:#?}"
    );
    assert_eq!(response(&got, json!(11))["error"]["code"], -32600);
}

#[test]
fn a_cancelled_request_is_answered_as_cancelled() {
    let mut msgs = vec![
        frame(
            &json!({"jsonrpc":"2.0","id":21,"method":"textDocument/documentSymbol",
            "params":{"textDocument":{"uri":"file:///a.lanrick"}}}),
        ),
        frame(&json!({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":21}})),
    ];
    msgs.extend(shutdown_exit());
    // The reader may hand the main loop the request before the cancellation arrives:
    // then it is answered; else it is answered as cancelled. Never both, never neither.
    let (code, got) = session(true, &msgs);
    assert_eq!(code, 0);
    let answers: Vec<&Value> = got.iter().filter(|m| m["id"] == 21).collect();
    assert_eq!(answers.len(), 1, "{got:#?}");
    let a = answers[0];
    assert!(
        a["error"]["code"] == -32800 || a.get("result").is_some(),
        "{a}"
    );
}

#[test]
fn a_100_mb_document_is_refused_with_one_message_and_the_server_goes_on() {
    let big = "#".repeat(100 * 1000 * 1000);
    let mut msgs = vec![open("file:///huge.lanrick", &big)];
    // The editor sends every edit whole: skipped too, without another message.
    msgs.push(frame(
        &json!({"jsonrpc":"2.0","method":"textDocument/didChange","params":{
        "textDocument":{"uri":"file:///huge.lanrick","version":2},
        "contentChanges":[{"text": big}]}}),
    ));
    msgs.push(frame(
        &json!({"jsonrpc":"2.0","id":31,"method":"textDocument/hover","params":{
        "textDocument":{"uri":"file:///huge.lanrick"},"position":{"line":0,"character":0}}}),
    ));
    msgs.extend(shutdown_exit());
    let started = std::time::Instant::now();
    let (code, got) = session(true, &msgs);
    assert_eq!(code, 0);
    assert!(started.elapsed() < Duration::from_secs(60));
    let shown: Vec<&Value> = got
        .iter()
        .filter(|m| m["method"] == "window/showMessage")
        .collect();
    assert_eq!(shown.len(), 1, "{shown:#?}");
    assert!(
        shown[0]["params"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("lanrick check")
    );
    assert_eq!(response(&got, json!(31))["result"], Value::Null);
}

#[test]
fn a_huge_document_is_declined_with_a_message() {
    let big = "{".to_owned() + &"x".repeat(17 * 1024 * 1024) + "}\n";
    let mut msgs = vec![open("file:///big.lanrick", &big)];
    msgs.extend(shutdown_exit());
    let (code, got) = session(true, &msgs);
    assert_eq!(code, 0);
    let shown = got
        .iter()
        .find(|m| m["method"] == "window/showMessage")
        .expect("a message to the user");
    assert!(
        shown["params"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("MiB")
    );
    let diags = got
        .iter()
        .find(|m| m["method"] == "textDocument/publishDiagnostics")
        .expect("diagnostics");
    let d = &diags["params"]["diagnostics"];
    assert_eq!(d.as_array().map(Vec::len), Some(1));
    assert!(
        d[0]["message"]
            .as_str()
            .unwrap_or("")
            .contains("lanrick check")
    );
}

/// The diagnostics `check --format json --no-prove` gives a file: code, 0-based line and
/// column, message.
fn check_says(path: &std::path::Path) -> Vec<(String, u64, u64, String)> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lanrick"))
        .args(["check", "--format", "json", "--no-prove"])
        .arg(path)
        .output()
        .expect("lanrick runs");
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    v["diagnostics"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_owned(),
                d["line"].as_u64().unwrap_or(0) - 1,
                d["column"].as_u64().unwrap_or(0) - 1,
                d["message"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

#[test]
fn diagnostics_are_the_ones_check_reports() {
    let mut compared = 0;
    for dir in ["tests/cases/err", "tests/cases/syntax"] {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("the cases")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "lanrick"))
            .collect();
        paths.sort();
        for path in paths {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let expected = check_says(&path);
            let mut msgs = vec![open("file:///case.lanrick", &text)];
            msgs.extend(shutdown_exit());
            let (_, got) = session(true, &msgs);
            let published = got
                .iter()
                .find(|m| m["method"] == "textDocument/publishDiagnostics")
                .expect("diagnostics");
            let mine: Vec<(String, u64, u64, String)> = published["params"]["diagnostics"]
                .as_array()
                .expect("a list")
                .iter()
                .filter(|d| d["severity"] == 1)
                .map(|d| {
                    (
                        d["code"].as_str().unwrap_or("").to_owned(),
                        d["range"]["start"]["line"].as_u64().unwrap_or(0),
                        d["range"]["start"]["character"].as_u64().unwrap_or(0),
                        d["message"].as_str().unwrap_or("").to_owned(),
                    )
                })
                .collect();
            assert_eq!(mine.len(), expected.len(), "{}: {mine:#?}", path.display());
            for (m, e) in mine.iter().zip(&expected) {
                // The server names the game in a collection as `check` does on the
                // terminal (`game 2 "Broken": ...`); the JSON report has it apart.
                assert!(
                    m.0 == e.0 && m.1 == e.1 && m.2 == e.2 && m.3.ends_with(&e.3),
                    "{}: {m:?} against check's {e:?}",
                    path.display()
                );
            }
            compared += 1;
        }
    }
    assert!(compared > 40, "only {compared} cases compared");
}

#[test]
fn ranges_count_utf16_units_on_crlf_lines() {
    // `é` is one UTF-16 unit (two bytes), `𝄞` two (four bytes); the line ends are CRLF.
    let text = "mark d5\r\n{é𝄞} h5-h1\r\n";
    let mut msgs = vec![open("file:///crlf.lanrick", text)];
    msgs.extend(shutdown_exit());
    let (_, got) = session(true, &msgs);
    let published = got
        .iter()
        .find(|m| m["method"] == "textDocument/publishDiagnostics")
        .expect("diagnostics");
    let d = &published["params"]["diagnostics"][0];
    assert_eq!(d["code"], "lanrick::rule::blocked");
    assert_eq!(
        d["range"],
        json!({"start":{"line":1,"character":6},"end":{"line":1,"character":11}})
    );
}
