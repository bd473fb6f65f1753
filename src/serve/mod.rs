//! `lanrick serve`, the fourth edge: a local web server and the page it serves, a board
//! to play on in the browser. The server is a thin driver of the shared game session
//! ([`crate::session::Session`], as the REPL is): each browser tab holds its own game
//! (a game id), every action is a line of notation handed to the session, and the
//! page shows what the server writes — the board drawn by `src/render/` (its squares
//! as click targets), texts and diagnostics written in Rust. The page's script draws
//! nothing itself and fetches nothing but this server's answers.
//!
//! Safety: the handler ([`Server::handle`]) refuses a request whose `Host` or `Origin`
//! is not this server's (DNS rebinding), caps the body and the number of live games,
//! reads no file (the command line's files arrive as text), and answers every request
//! — however malformed — without panicking. lanrick's thinking and hints run on a
//! worker thread per game, off the request path, with a stop flag.

mod clicks;
mod game;
pub mod http;
mod puzzles;
mod trainer;
mod view;

use crate::engine::{Position, Rules, Side, Square};
use crate::session::Session;
use game::{Cell, Game, Slot};
use http::{Authority, TEXT};
pub use http::{Request, Response};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::Read;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The page.
const INDEX: &str = include_str!("assets/index.html");
/// The page's script.
const SCRIPT: &str = include_str!("assets/app.js");
/// The page's style.
const STYLE: &str = include_str!("assets/app.css");

/// How much lower than the request threads the workers run (Linux nice steps): a
/// search at level 3 or a proof on one tab must not slow another tab's clicks, which
/// are answered on the request threads in a few milliseconds.
#[cfg(target_os = "linux")]
const WORKER_NICENESS: i32 = 10;

#[cfg(target_os = "linux")]
unsafe extern "C" {
    fn setpriority(which: i32, who: u32, prio: i32) -> i32;
}

/// Lowers the calling worker thread's priority (lanrick's thinking, hints and proofs),
/// so requests are answered first however many searches run. On Linux the niceness is
/// the thread's own (`who` 0 is the calling thread); elsewhere this does nothing.
fn background() {
    #[cfg(target_os = "linux")]
    {
        const PRIO_PROCESS: i32 = 0;
        // SAFETY: setpriority only reads its integer arguments; on Linux `who` 0 names
        // the calling thread. A failure leaves the priority as it was, which is fine.
        let _ = unsafe { setpriority(PRIO_PROCESS, 0, WORKER_NICENESS) };
    }
}

/// The longest URL handled.
const MAX_URL: usize = 8 * 1024;
/// How long a long poll waits at most.
const LONG_POLL: Duration = Duration::from_secs(5);
/// A game not asked about for this long may be dropped to make room for a new one.
const IDLE: Duration = Duration::from_secs(30 * 60);

/// A file given on the command line, already read.
#[derive(Clone, Debug)]
pub struct Source {
    /// Its name as given.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to bind (`127.0.0.1` unless `--host`).
    pub host: String,
    /// The port (0: any free one).
    pub port: u16,
    /// The most live games.
    pub max_games: usize,
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The threads answering requests (a long poll waits on a thread of its own).
    /// A few are best: every answer takes milliseconds of CPU, and on a small machine
    /// more threads than that only share the cores less fairly (docs/performance.md).
    pub threads: usize,
    /// The files given on the command line.
    pub files: Vec<Source>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: "127.0.0.1".into(),
            port: 0,
            max_games: 256,
            max_body: 64 * 1024,
            threads: 8,
            files: Vec::new(),
        }
    }
}

/// The server's state: its address, its live games.
#[derive(Debug)]
pub struct Server {
    authority: Authority,
    config: Config,
    games: Mutex<HashMap<String, Arc<Cell>>>,
    counter: AtomicU64,
    /// Long polls waiting on threads of their own.
    waiting: AtomicUsize,
    seed: u64,
}

impl Server {
    /// A server answering as `host:port` (the port it is bound to).
    pub fn new(config: Config, port: u16) -> Server {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Server {
            authority: Authority::new(&config.host, port),
            config,
            games: Mutex::new(HashMap::new()),
            counter: AtomicU64::new(1),
            waiting: AtomicUsize::new(0),
            seed,
        }
    }

    /// The number of live games.
    pub fn live_games(&self) -> usize {
        self.games_locked().len()
    }

    fn games_locked(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Cell>>> {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Answers one request: never panics (a bug answers 500).
    pub fn handle(&self, req: &Request) -> Response {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.route(req))) {
            Ok(r) => r,
            Err(_) => Response::error(500, "internal error"),
        }
    }

    fn route(&self, req: &Request) -> Response {
        if let Some(refused) = http::refuse(req, &self.authority) {
            return refused;
        }
        if req.url.len() > MAX_URL {
            return Response::error(414, "the URL is too long");
        }
        if req.body.len() > self.config.max_body {
            return Response::error(413, "the request body is too large");
        }
        let Some((path, query)) = http::split_url(&req.url) else {
            return Response::error(400, "the URL is not a path");
        };
        let q = |k: &str| query.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
        match (req.method.as_str(), path.as_str()) {
            ("GET", "/" | "/index.html") => Response::new(200, "text/html; charset=utf-8", INDEX),
            ("GET", "/app.js") => Response::new(200, "text/javascript; charset=utf-8", SCRIPT),
            ("GET", "/app.css") => Response::new(200, "text/css; charset=utf-8", STYLE),
            ("GET", "/api/files") => self.files(),
            ("POST", "/api/new") => match body_json(req) {
                Ok(v) => self.new_game(&v),
                Err(r) => r,
            },
            ("GET", "/api/view") => self.with_game(q("g"), |cell| {
                let since = q("since").and_then(|s| s.parse().ok()).unwrap_or(0);
                let g = match q("wait").and_then(|s| s.parse::<u64>().ok()) {
                    Some(seen) => cell.wait(seen, LONG_POLL),
                    None => cell.lock(),
                };
                Response::json(&view::view(q("g").unwrap_or(""), &g, since))
            }),
            ("POST", "/api/act") => match body_json(req) {
                Ok(v) => self.with_game(q("g"), |cell| act(cell, &v, q("g").unwrap_or(""))),
                Err(r) => r,
            },
            ("GET", "/api/record") => self.with_game(q("g"), |cell| {
                let g = cell.lock();
                let text = crate::fmt::format_file(&crate::syntax::ast::File {
                    games: vec![g.session.tree()],
                    trailing: Vec::new(),
                });
                let mut r = Response::new(200, TEXT, text);
                r.headers.push((
                    "Content-Disposition",
                    "attachment; filename=\"lanrick-game.lanrick\"".into(),
                ));
                r
            }),
            ("GET", "/api/puzzle") => self.with_game(q("g"), |cell| {
                let g = cell.lock();
                puzzle_file(&g, q("goal").unwrap_or(""))
            }),
            ("GET", "/api/complete") => self.with_game(q("g"), |cell| {
                let g = cell.lock();
                complete(&g, q("head").unwrap_or(""))
            }),
            (
                _,
                "/" | "/index.html" | "/app.js" | "/app.css" | "/api/files" | "/api/view"
                | "/api/record" | "/api/complete",
            )
            | (_, "/api/new" | "/api/act") => Response::error(405, "method not allowed"),
            _ => Response::error(404, "not found"),
        }
    }

    /// The files given on the command line (each game's number and title) and the
    /// shipped puzzles (their goals).
    fn files(&self) -> Response {
        let files: Vec<Value> = self
            .config
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let games: Vec<Value> = crate::syntax::parse_file(&f.text)
                    .map(|file| {
                        file.games
                            .iter()
                            .enumerate()
                            .map(|(n, g)| {
                                let tag = |name: &str| g.tag(name).map(|t| t.value.node.clone());
                                json!({
                                    "game": n + 1,
                                    "title": tag("Event").unwrap_or_default(),
                                    "goal": tag("Goal"),
                                })
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                json!({ "index": i, "name": f.name, "games": games })
            })
            .collect();
        let puzzles: Vec<Value> = puzzles::PUZZLES
            .iter()
            .enumerate()
            .map(|(i, (name, text))| {
                let goal = crate::syntax::parse_file(text)
                    .ok()
                    .and_then(|f| {
                        f.games
                            .first()
                            .and_then(|g| g.tag("Goal"))
                            .map(|t| t.value.node.clone())
                    })
                    .unwrap_or_default();
                json!({ "index": i, "name": name, "goal": goal })
            })
            .collect();
        Response::json(&json!({ "files": files, "puzzles": puzzles }))
    }

    /// Runs `f` on the game named `id`, or refuses.
    fn with_game(&self, id: Option<&str>, f: impl FnOnce(&Arc<Cell>) -> Response) -> Response {
        let Some(id) = id else {
            return Response::error(400, "which game? (the `g` parameter is missing)");
        };
        let cell = self.games_locked().get(id).cloned();
        match cell {
            Some(cell) => {
                cell.lock().last_used = Instant::now();
                f(&cell)
            }
            None => Response::error(404, "no such game (it may have ended with the server)"),
        }
    }

    /// Starts a game: `{"rules": "1880", "lanrick": {"side": "Y", "level": 0},
    /// "position": "…", "file": 0, "game": 1, "train": true, "puzzle": 3}` (all
    /// optional; `train`: a file's puzzle opened as a shipped one is, in the trainer).
    fn new_game(&self, v: &Value) -> Response {
        let rules = match v.get("rules").and_then(Value::as_str) {
            None | Some("") => Rules::default(),
            Some(s) => match s.parse::<Rules>() {
                Ok(r) => r,
                Err(e) => return Response::error(400, &format!("rules `{s}`: {e}")),
            },
        };
        let mut session = Session::new(rules);
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let seed = self.seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        session.set_seed(seed);
        session.set_die(crate::engine::DieRule::Plain, seed);
        if let Some(s) = v
            .get("position")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
        {
            match Position::parse_as(rules, s) {
                Ok(p) => {
                    session.reset(Some(p), ":new");
                }
                Err(e) => {
                    let p = crate::interp::position_problem_for(
                        &e,
                        crate::syntax::ast::Span::new(0, 0),
                        rules,
                    );
                    return Response::error(
                        400,
                        &format!("the position string: {e}\n{}", game::diagnostic(&p, s)),
                    );
                }
            }
        }
        // A game of a file given, or a shipped puzzle, trained: the user plays the
        // attacker, lanrick defends (see `trainer`).
        let train = v.get("train").and_then(Value::as_bool).unwrap_or(false);
        let mut trainer = None;
        if let Some(i) = v.get("file").and_then(Value::as_u64) {
            let Some(f) = usize::try_from(i)
                .ok()
                .and_then(|i| self.config.files.get(i))
            else {
                return Response::error(404, "no such file");
            };
            let which = v.get("game").and_then(Value::as_u64);
            match load(&mut session, &f.name, &f.text, which, train) {
                Ok(_) if train && session.record().goal.is_none() => {
                    return Response::error(422, "the game has no Goal tag: nothing to train");
                }
                Ok(solution) if train => {
                    trainer = Some(trained(&mut session, &f.name, &f.text, which, solution));
                }
                Ok(_) => {}
                Err(r) => return r,
            }
        }
        if let Some(text) = v.get("text").and_then(Value::as_str) {
            // A file uploaded from the page (its text in the request, within the cap).
            let which = v.get("game").and_then(Value::as_u64);
            if let Err(r) = load(&mut session, "upload", text, which, false) {
                return r;
            }
        }
        if let Some(i) = v.get("puzzle").and_then(Value::as_u64) {
            let Some((name, text)) = usize::try_from(i)
                .ok()
                .and_then(|i| puzzles::PUZZLES.get(i))
            else {
                return Response::error(404, "no such puzzle");
            };
            match load(&mut session, name, text, None, true) {
                Ok(solution) => trainer = Some(trained(&mut session, name, text, None, solution)),
                Err(r) => return r,
            }
        }
        if let Some(l) = v.get("lanrick").filter(|l| !l.is_null()) {
            let side = match l.get("side").and_then(Value::as_str) {
                Some("B") => Side::Black,
                Some("Y") => Side::Yellow,
                _ => return Response::error(400, "lanrick's side is `B` or `Y`"),
            };
            let level = match l.get("level").and_then(Value::as_u64) {
                Some(n) if n <= u64::from(crate::player::MAX_LEVEL) => n as u8,
                _ => {
                    return Response::error(
                        400,
                        &format!("lanrick's level is 0 to {}", crate::player::MAX_LEVEL),
                    );
                }
            };
            session.set_lanrick(Some((side, level)));
        }
        let id = format!("{:016x}", seed);
        let mut games = self.games_locked();
        if games.len() >= self.config.max_games {
            games.retain(|_, c| c.lock().last_used.elapsed() < IDLE);
        }
        if games.len() >= self.config.max_games {
            return Response::error(503, "too many live games: close a tab or try later");
        }
        let Some(slot) = Slot::claim() else {
            return Response::error(503, "too many live games: close a tab or try later");
        };
        let mut game = Game::new(session, slot);
        if let Some((name, solution, tree)) = trainer {
            game.puzzle = Some((name, solution));
            game.trainer = Some(Arc::new(tree));
        }
        let cell = Cell::new(game);
        games.insert(id.clone(), Arc::clone(&cell));
        drop(games);
        let mut g = cell.lock();
        g.throw_due();
        game::kick(&cell, &mut g);
        Response::json(&view::view(&id, &g, 0))
    }
}

/// A puzzle loaded for training (game `which` of the file `name` with `text`): lanrick
/// defends at its strongest level, and its defence is the written solution's or the
/// prover's ([`trainer`]); its name, its solution's text and tree.
fn trained(
    session: &mut Session,
    name: &str,
    text: &str,
    which: Option<u64>,
    solution: String,
) -> (String, String, trainer::Trainer) {
    if let Some(goal) = &session.record().goal {
        session.set_lanrick(Some((!goal.side.node, crate::player::MAX_LEVEL)));
    }
    let n = which
        .and_then(|w| usize::try_from(w).ok())
        .unwrap_or(1)
        .max(1);
    (name.to_string(), solution, trainer::Trainer::new(text, n))
}

/// Loads game `which` (1-based; the first when `None`) of the file `name` with `text`
/// into the session: its main line played (analysis), or only its start and goal
/// (`puzzle`: the body is the solution, kept as text to show on request).
fn load(
    session: &mut Session,
    name: &str,
    text: &str,
    which: Option<u64>,
    puzzle: bool,
) -> Result<String, Response> {
    let file = crate::syntax::parse_file(text).map_err(|e| {
        let p = crate::interp::syntax_problem(&e);
        Response::error(
            422,
            &crate::term::report::render_human_width(&p, name, text, false, 72),
        )
    })?;
    let i = which.unwrap_or(1).saturating_sub(1);
    let Some(g) = usize::try_from(i).ok().and_then(|i| file.games.get(i)) else {
        return Err(Response::error(404, "no such game in the file"));
    };
    let mut g = g.clone();
    let solution = crate::fmt::format_items(&g.body);
    if puzzle {
        g.body.clear();
    }
    match session.load(&g, None) {
        Some(_) => Ok(solution),
        None => Err(Response::error(
            422,
            "the game's Rules or Position tag cannot be read",
        )),
    }
}

/// The body as JSON, or a refusal.
fn body_json(req: &Request) -> Result<Value, Response> {
    if req.body.is_empty() {
        return Ok(json!({}));
    }
    serde_json::from_slice(&req.body)
        .map_err(|e| Response::error(400, &format!("the body is not JSON: {e}")))
}

/// Does one thing a page asks (`{"do": "click", "sq": "e5"}`, …) and answers the view.
fn act(cell: &Arc<Cell>, v: &Value, id: &str) -> Response {
    let what = v.get("do").and_then(Value::as_str).unwrap_or("");
    let since = v.get("since").and_then(Value::as_u64).unwrap_or(0);
    let mut g = cell.lock();
    let thinking = g.busy == Some(game::Busy::Thinking);
    let user_acts = matches!(
        what,
        "click" | "send" | "line" | "interchange" | "turned" | "pass" | "throw"
    );
    if thinking && user_acts {
        g.diagnostic = Some("lanrick is thinking: wait, or stop it.".into());
        return Response::json(&view::view(id, &g, since));
    }
    match what {
        "click" => match v
            .get("sq")
            .and_then(Value::as_str)
            .map(str::parse::<Square>)
        {
            Some(Ok(sq)) => g.click(sq),
            _ => return Response::error(400, "`sq` must name a square (a1 … h8)"),
        },
        "send" => g.send(),
        "cancel" => {
            g.clear_built();
            g.diagnostic = None;
        }
        "line" => {
            let text = v.get("text").and_then(Value::as_str).unwrap_or("");
            if text.trim().is_empty() {
                g.diagnostic = Some("Type an action in the notation (`a7-b6 c7-c6`).".into());
            } else {
                g.play_line(text);
            }
        }
        "interchange" => g.interchange(),
        "turned" => g.mark_turned(),
        "pass" => {
            g.play_line("pass");
        }
        "throw" => g.throw_due(),
        "undo" => g.undo(),
        "redo" => g.redo(),
        "hint" => {
            let level = v
                .get("level")
                .and_then(Value::as_u64)
                .map_or(crate::session::DEFAULT_LEVEL, |l| {
                    l.min(u64::from(crate::player::MAX_LEVEL)) as u8
                });
            game::hint(cell, &mut g, level);
        }
        "edit" => g.edit_start(),
        "edit_cancel" => g.editor = None,
        "edit_done" => {
            let rules = match v.get("rules").and_then(Value::as_str) {
                None | Some("") => g.session.position().rules(),
                Some(s) => match s.parse::<Rules>() {
                    Ok(r) => r,
                    Err(e) => return Response::error(400, &format!("rules `{s}`: {e}")),
                },
            };
            let rest = v.get("rest").and_then(Value::as_str).unwrap_or("");
            g.edit_done(rules, rest);
        }
        "prove" => {
            let goal = v.get("goal").and_then(Value::as_str).unwrap_or("");
            game::prove(cell, &mut g, goal);
        }
        "stop" => {
            if g.busy.is_some() {
                g.slot.flag().store(true, Ordering::Release);
            }
        }
        "go" => {
            g.session.play_now();
        }
        "flip" => g.flip = !g.flip,
        _ => {
            return Response::error(
                400,
                "unknown action: `do` is one of click, send, cancel, line, interchange, turned, pass, throw, undo, redo, hint, prove, edit, edit_cancel, edit_done, stop, go, flip",
            );
        }
    }
    g.version += 1;
    game::kick(cell, &mut g);
    let r = Response::json(&view::view(id, &g, since));
    drop(g);
    cell.notify();
    r
}

/// The current position as a puzzle file: `Rules`, `Position` and `Goal` tags (the
/// goal checked by the notation's grammar), written by `fmt`.
fn puzzle_file(g: &Game, goal: &str) -> Response {
    if let Err(e) = crate::syntax::parse_goal(goal) {
        let p = crate::interp::syntax_problem(&e);
        return Response::error(400, &game::diagnostic(&p, goal));
    }
    let pos = g.session.position();
    let mut header = Vec::new();
    crate::session::set_tag(&mut header, "Event", "Composed in lanrick serve", &[]);
    if pos.rules() != Rules::default() {
        crate::session::set_tag(&mut header, "Rules", &pos.rules().to_string(), &["Event"]);
    }
    crate::session::set_tag(
        &mut header,
        "Position",
        &pos.to_string(),
        &["Event", "Rules"],
    );
    crate::session::set_tag(&mut header, "Goal", goal.trim(), &["Position"]);
    let text = crate::fmt::format_file(&crate::syntax::ast::File {
        games: vec![crate::syntax::ast::Game {
            header,
            body: Vec::new(),
            span: crate::syntax::ast::Span::default(),
        }],
        trailing: Vec::new(),
    });
    let mut r = Response::new(200, TEXT, text);
    r.headers.push((
        "Content-Disposition",
        "attachment; filename=\"lanrick-puzzle.lanrick\"".into(),
    ));
    r
}

/// The completion of the notation box's text up to the cursor: the shared completer.
fn complete(g: &Game, head: &str) -> Response {
    let (start, before, word) = crate::interp::complete::token(head);
    let over = g.session.runner().game().result().is_some();
    let mut list =
        crate::interp::complete::candidates(&before, word, g.session.position(), over, &[]);
    list.truncate(200);
    Response::json(
        &json!({ "start": head.get(..start).map_or(0, |h| h.chars().count()), "candidates": list }),
    )
}

/// A running server: its address; [`Running::stop`] ends it.
pub struct Running {
    /// The address it listens on.
    pub addr: std::net::SocketAddr,
    /// Its state (for tests: the live games).
    pub server: Arc<Server>,
    http: Arc<tiny_http::Server>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Running {
    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.server.authority.first())
    }

    /// Stops answering and waits for the threads.
    pub fn stop(self) {
        for _ in &self.threads {
            self.http.unblock();
        }
        for t in self.threads {
            let _ = t.join();
        }
    }

    /// Answers until the process ends.
    pub fn wait(self) {
        for t in self.threads {
            let _ = t.join();
        }
    }
}

/// Connections the kernel may hold for the server before it accepts them. The
/// standard library listens with 128: a burst of more new connections than that (200
/// tabs acting at once) had the rest of their SYNs dropped, and each dropped one cost
/// its tab the kernel's one-second retransmission wait.
#[cfg(unix)]
const BACKLOG: i32 = 1024;

#[cfg(unix)]
unsafe extern "C" {
    fn listen(fd: i32, backlog: i32) -> i32;
}

/// Raises the listening socket's backlog to [`BACKLOG`] (the kernel caps it at its
/// own `somaxconn`). Listening again on a listening socket only changes its backlog;
/// if it fails, the standard library's stays.
fn widen_backlog(listener: &std::net::TcpListener) {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: the descriptor is the listener's own, open for as long as it lives;
        // listen() only changes the length of its queue.
        let _ = unsafe { listen(listener.as_raw_fd(), BACKLOG) };
    }
    #[cfg(not(unix))]
    let _ = listener;
}

/// Binds `config.host:config.port` and starts answering on `config.threads` threads.
///
/// # Errors
/// When the address cannot be bound.
pub fn start(config: Config) -> Result<Running, String> {
    let host = if config.host.contains(':') && !config.host.starts_with('[') {
        format!("[{}]", config.host)
    } else {
        config.host.clone()
    };
    let listener = std::net::TcpListener::bind(format!("{host}:{}", config.port))
        .map_err(|e| format!("cannot listen on {host}:{}: {e}", config.port))?;
    widen_backlog(&listener);
    let http = tiny_http::Server::from_listener(listener, None)
        .map_err(|e| format!("cannot listen on {host}:{}: {e}", config.port))?;
    let addr = http
        .server_addr()
        .to_ip()
        .ok_or_else(|| "the server has no IP address".to_string())?;
    let threads = config.threads.max(1);
    let max_body = config.max_body;
    let server = Arc::new(Server::new(config, addr.port()));
    let http = Arc::new(http);
    let mut handles = Vec::new();
    for i in 0..threads {
        let http = Arc::clone(&http);
        let server = Arc::clone(&server);
        let h = std::thread::Builder::new()
            .name(format!("lanrick-http-{i}"))
            .spawn(move || {
                while let Ok(req) = http.recv() {
                    if is_long_poll(&req)
                        && let Some(waiter) = Waiter::claim(&server)
                    {
                        let server = Arc::clone(&server);
                        // A thread of its own: the poll may wait for lanrick's whole
                        // search, and the pool is for answers of a few milliseconds. If
                        // none can be started, the request is dropped and tiny_http
                        // answers 500; the page polls again.
                        let _ = std::thread::Builder::new()
                            .name("lanrick-poll".into())
                            .spawn(move || {
                                answer(&server, req, max_body);
                                drop(waiter);
                            });
                    } else {
                        answer(&server, req, max_body);
                    }
                }
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?;
        handles.push(h);
    }
    Ok(Running {
        addr,
        server,
        http,
        threads: handles,
    })
}

/// Whether `req` is a long poll: a view asked for once the game changes
/// (`/api/view?…&wait=N`), which may wait for lanrick's whole search.
fn is_long_poll(req: &tiny_http::Request) -> bool {
    *req.method() == tiny_http::Method::Get
        && http::split_url(req.url()).is_some_and(|(path, query)| {
            path == "/api/view" && query.iter().any(|(k, _)| k == "wait")
        })
}

/// A long poll's claim on a thread of its own; at most one per live game may be held
/// (more wait on the pool, as any request does).
struct Waiter(Arc<Server>);

impl Waiter {
    fn claim(server: &Arc<Server>) -> Option<Waiter> {
        let cap = server.config.max_games.max(1);
        server
            .waiting
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < cap).then_some(n + 1)
            })
            .ok()
            .map(|_| Waiter(Arc::clone(server)))
    }
}

impl Drop for Waiter {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Reads one request off the socket (the body up to the cap), answers it.
fn answer(server: &Server, mut req: tiny_http::Request, max_body: usize) {
    let header = |name: &'static str| {
        req.headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_string())
    };
    let mut r = Request {
        method: req.method().as_str().to_ascii_uppercase(),
        url: req.url().to_string(),
        host: header("Host"),
        origin: header("Origin"),
        body: Vec::new(),
    };
    let response = if req.body_length().is_some_and(|n| n > max_body) {
        Response::error(413, "the request body is too large")
    } else {
        let mut body = Vec::new();
        let limit = u64::try_from(max_body)
            .unwrap_or(u64::MAX)
            .saturating_add(1);
        match req.as_reader().take(limit).read_to_end(&mut body) {
            Ok(_) if body.len() > max_body => Response::error(413, "the request body is too large"),
            Ok(_) => {
                r.body = body;
                server.handle(&r)
            }
            Err(_) => Response::error(400, "the body could not be read"),
        }
    };
    let mut out = tiny_http::Response::from_data(response.body).with_status_code(response.status);
    let mut headers = vec![
        ("Content-Type", response.content_type.to_string()),
        ("Cache-Control", "no-store".to_string()),
        ("X-Content-Type-Options", "nosniff".to_string()),
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'".to_string(),
        ),
    ];
    headers.extend(response.headers);
    for (k, v) in headers {
        if let Ok(h) = tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()) {
            out.add_header(h);
        }
    }
    let _ = req.respond(out);
}
