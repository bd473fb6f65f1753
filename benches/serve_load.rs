//! The load on `lanrick serve` (docs/performance.md): 200 games against lanrick level 0
//! played at once on loopback, each a client thread; the time the server takes to
//! validate and apply a user's action (the `POST /api/act` of a typed line, answered
//! with the new view) at p50/p99/max, first alone and then while 20 more games have
//! lanrick thinking at level 3; and lanrick's reply time (p50/p99) at levels 1 to 3.
//! Every game must survive: each line accepted, no request refused.
//!
//!   cargo bench --bench serve_load            # the figures
//!   LOAD_DECISIONS=5 cargo bench --bench serve_load
//!
//! The user's actions are legal ones found with the server's completer (the notation
//! box's), not hints, so the clients do no thinking; each waits a seeded think time
//! before its action (`LOAD_THINK_MS`, 1000 by default: uniform from half to one and a
//! half times it; 0 plays flat out), and long-polls the view while lanrick thinks, as
//! the page does. `LOAD_GAMES` (200), `LOAD_DECISIONS` (10) and `LOAD_THREADS` (the
//! server's default pool) change the run.

use lanrick::serve::{Config, Running, start};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn call(r: &Running, method: &str, path: &str, body: Option<&Value>) -> Value {
    let body = body.map(Value::to_string).unwrap_or_default();
    let host = format!("127.0.0.1:{}", r.addr.port());
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    for _ in 0..50 {
        let Ok(mut s) = TcpStream::connect(r.addr) else {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        };
        if s.write_all(text.as_bytes()).is_err() {
            continue;
        }
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        let out = String::from_utf8_lossy(&out);
        let Some((head, body)) = out.split_once("\r\n\r\n") else {
            continue;
        };
        assert!(head.starts_with("HTTP/1.1 200"), "{head}\n{body}");
        return serde_json::from_str(body).expect("JSON");
    }
    panic!("the server cannot be reached");
}

/// The view once lanrick has played: long polls, as the page does (each answered when
/// the game changes, so a reply time is not rounded to a polling step).
fn settle(r: &Running, id: &str, mut v: Value) -> Value {
    while v["busy"] != "" {
        v = call(
            r,
            "GET",
            &format!("/api/view?g={id}&wait={}", v["version"]),
            None,
        );
    }
    v
}

/// A legal action for the side to act, built with the completer.
fn legal_action(r: &Running, id: &str, v: &Value) -> Option<String> {
    let complete = |head: &str| -> Vec<String> {
        let h: String = head
            .bytes()
            .map(|b| {
                if b == b' ' {
                    "%20".to_string()
                } else {
                    char::from(b).to_string()
                }
            })
            .collect();
        call(r, "GET", &format!("/api/complete?g={id}&head={h}"), None)["candidates"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|c| c.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let status = v["status"].as_str().unwrap_or("");
    if status.contains("sets the Mark") {
        return complete("mark ").first().map(|s| format!("mark {s}"));
    }
    let first = complete("");
    if let Some(from) = first.iter().find(|w| w.len() == 3 && w.ends_with('-')) {
        let to = complete(from);
        let mut line = to.first()?.clone();
        // A take due after the move.
        let more = complete(&format!("{line} "));
        if let Some(take) = more.iter().find(|w| w.starts_with("x ")) {
            line = format!("{line} {take}");
        }
        return Some(line);
    }
    first.iter().find(|w| *w == "pass").cloned()
}

/// Plays `decisions` of the user's actions in a game against lanrick at `level`;
/// the apply times and lanrick's reply times.
fn play(
    r: &Running,
    level: u8,
    decisions: usize,
    think: Think,
    stop: Option<&AtomicBool>,
) -> (Vec<Duration>, Vec<Duration>) {
    let mut think = think;
    let v = call(
        r,
        "POST",
        "/api/new",
        Some(&json!({ "rules": "1893", "lanrick": { "side": "Y", "level": level } })),
    );
    let id = v["id"].as_str().expect("an id").to_string();
    let mut v = settle(r, &id, v);
    let (mut apply, mut reply) = (Vec::new(), Vec::new());
    for _ in 0..decisions {
        if v["over"] == true || stop.is_some_and(|s| s.load(Ordering::Acquire)) {
            break;
        }
        std::thread::sleep(think.next());
        let Some(line) = legal_action(r, &id, &v) else {
            break;
        };
        let t = Instant::now();
        let after = call(
            r,
            "POST",
            &format!("/api/act?g={id}"),
            Some(&json!({ "do": "line", "text": line })),
        );
        apply.push(t.elapsed());
        assert!(
            after["diagnostic"].is_null(),
            "a game lost its action {line}: {}",
            after["diagnostic"]
        );
        v = settle(r, &id, after);
        reply.push(t.elapsed());
    }
    (apply, reply)
}

/// The user's time to choose each action: uniform between half and one and a half
/// times `mean`, from a seeded generator (each game its own seed), so a run's pacing is
/// the same every time. A mean of 0 plays flat out.
#[derive(Clone, Copy)]
struct Think {
    mean: Duration,
    state: u64,
}

impl Think {
    fn next(&mut self) -> Duration {
        self.state = self
            .state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let unit = (self.state >> 11) as f64 / (1u64 << 53) as f64;
        self.mean.mul_f64(0.5 + unit)
    }
}

fn pct(mut v: Vec<Duration>, p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i].as_secs_f64() * 1000.0
}

fn report(name: &str, v: &[Duration]) {
    println!(
        "{name}: n={} p50={:.2} ms p99={:.2} ms max={:.2} ms",
        v.len(),
        pct(v.to_vec(), 0.5),
        pct(v.to_vec(), 0.99),
        pct(v.to_vec(), 1.0)
    );
}

fn run_games(
    r: &Arc<Running>,
    games: usize,
    level: u8,
    decisions: usize,
    think: Duration,
) -> (Vec<Duration>, Vec<Duration>) {
    let all = Arc::new(Mutex::new((Vec::new(), Vec::new())));
    let threads: Vec<_> = (0..games)
        .map(|i| {
            let r = Arc::clone(r);
            let all = Arc::clone(&all);
            let think = Think {
                mean: think,
                state: 14 + i as u64,
            };
            std::thread::spawn(move || {
                let (a, b) = play(&r, level, decisions, think, None);
                let mut g = all.lock().expect("lock");
                g.0.extend(a);
                g.1.extend(b);
            })
        })
        .collect();
    for t in threads {
        t.join().expect("a client thread");
    }
    let g = all.lock().expect("lock");
    (g.0.clone(), g.1.clone())
}

fn main() {
    let decisions: usize = std::env::var("LOAD_DECISIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let r = Arc::new(
        start(Config {
            port: 0,
            max_games: 1000,
            threads: std::env::var("LOAD_THREADS")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(Config::default().threads),
            ..Config::default()
        })
        .expect("the server starts"),
    );
    let games: usize = std::env::var("LOAD_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let think = Duration::from_millis(
        std::env::var("LOAD_THINK_MS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1000),
    );
    let (apply, _) = run_games(&r, games, 0, decisions, think);
    report(
        &format!("{games} level-0 games: validate and apply"),
        &apply,
    );
    // The same while 20 games have lanrick thinking at level 3 all the time: their
    // users answer at once, and new games start until the 200 are done.
    let done = Arc::new(AtomicBool::new(false));
    let heavy: Vec<_> = (0..20)
        .map(|_| {
            let r = Arc::clone(&r);
            let stop = Arc::clone(&done);
            std::thread::spawn(move || {
                // One game after another until the 200 are done (at most 8 each: a
                // game the completer cannot go on with ends early).
                let mut replies = Vec::new();
                for _ in 0..8 {
                    if stop.load(Ordering::Acquire) {
                        break;
                    }
                    let think = Think {
                        mean: Duration::ZERO,
                        state: 0,
                    };
                    replies.extend(play(&r, 3, usize::MAX, think, Some(&stop)).1);
                }
                replies
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let (apply, _) = run_games(&r, games, 0, decisions, think);
    done.store(true, Ordering::Release);
    report(
        &format!("{games} level-0 games beside 20 at level 3: validate and apply"),
        &apply,
    );
    let reply3: Vec<Duration> = heavy
        .into_iter()
        .flat_map(|h| h.join().expect("a level-3 game"))
        .collect();
    for level in 1..=3u8 {
        let (_, reply) = if level == 3 {
            (Vec::new(), reply3.clone())
        } else {
            run_games(&r, 20, level, decisions, Duration::ZERO)
        };
        report(
            &format!("lanrick's reply at level {level} (20 games at once)"),
            &reply,
        );
    }
    println!("live games at the end: {}", r.server.live_games());
}
