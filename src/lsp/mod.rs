//! `lanrick lsp`: a language server for `*.lanrick` files on standard input and output,
//! an edge like the CLI and the REPL (it reads the client's messages and writes its
//! answers; it reads no file). It is a thin driver of the library: the diagnostics are
//! `check`'s ([`crate::interp::check_game_text`], [`crate::interp::prove_into`]), the
//! board is `replay`'s diagram, completion is the REPL's,
//! formatting is `fmt`'s writer.
//!
//! Threads: a reader turns frames into messages ([`transport`]), the main loop keeps
//! the documents and answers in order, and one worker proves puzzles in the
//! background (`prove.rs`). The main loop takes every message waiting before it
//! answers any, so a `$/cancelRequest` that arrived behind its request is honoured
//! (the request is answered with `RequestCancelled`) and a burst of edits is checked
//! once (before the next request, which sees them).

pub mod document;
pub mod features;
pub mod position;
mod prove;
pub mod transport;

use document::Document;
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::Uri;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, Write};
use std::sync::mpsc;
use transport::Incoming;

pub use prove::ProofBudget;

/// What reaches the main loop.
enum Event {
    /// A frame from the client.
    Incoming(Incoming),
    /// The client's stream ended (or failed).
    Closed,
    /// A background proof finished.
    Proved(prove::Done),
}

/// Where the session is in the protocol.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Before `initialize`.
    Uninitialized,
    /// Between `initialize` and `shutdown`.
    Running,
    /// After `shutdown`: only `exit` is expected.
    ShutDown,
}

/// Runs the server on standard input and output; the exit code (0 after `shutdown`
/// then `exit`, 1 otherwise, as the protocol says).
pub fn run() -> u8 {
    let stdin = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    serve(stdin, stdout.lock(), ProofBudget::default())
}

/// Runs the server on `input` and `output`.
pub fn serve(input: impl BufRead + Send + 'static, output: impl Write, budget: ProofBudget) -> u8 {
    let (tx, rx) = mpsc::channel::<Event>();
    let reader_tx = tx.clone();
    let spawned = std::thread::Builder::new()
        .name("lanrick-lsp-reader".into())
        .spawn(move || {
            let mut input = input;
            loop {
                match transport::read(&mut input, transport::MAX_FRAME) {
                    Ok(Some(i)) => {
                        let exit = matches!(&i, Incoming::Message(Message::Notification(n)) if n.method == "exit");
                        if reader_tx.send(Event::Incoming(i)).is_err() || exit {
                            return;
                        }
                    }
                    Ok(None) | Err(_) => {
                        let _ = reader_tx.send(Event::Closed);
                        return;
                    }
                }
            }
        });
    if spawned.is_err() {
        return 1;
    }
    let prover_tx = tx;
    let prover = prove::Prover::start(budget, move |done| {
        let _ = prover_tx.send(Event::Proved(done));
    });
    let mut server = Server {
        out: output,
        state: State::Uninitialized,
        docs: HashMap::new(),
        prover,
        changed: HashSet::new(),
        republish: HashSet::new(),
        told_too_large: false,
    };
    loop {
        let Ok(first) = rx.recv() else {
            return 1;
        };
        let mut batch = vec![first];
        while batch.len() < 4096 {
            match rx.try_recv() {
                Ok(e) => batch.push(e),
                Err(_) => break,
            }
        }
        let cancelled: HashSet<RequestId> = batch.iter().filter_map(cancelled_id).collect();
        for event in batch {
            if let Some(code) = server.handle(event, &cancelled) {
                return code;
            }
        }
        server.flush_documents();
    }
}

/// The id a `$/cancelRequest` names.
fn cancelled_id(e: &Event) -> Option<RequestId> {
    let Event::Incoming(Incoming::Message(Message::Notification(n))) = e else {
        return None;
    };
    if n.method != "$/cancelRequest" {
        return None;
    }
    match n.params.get("id")? {
        Value::Number(x) => Some(RequestId::from(i32::try_from(x.as_i64()?).ok()?)),
        Value::String(s) => Some(RequestId::from(s.clone())),
        _ => None,
    }
}

/// The main loop's state.
struct Server<W: Write> {
    out: W,
    state: State,
    docs: HashMap<String, (Uri, Document)>,
    prover: prove::Prover,
    /// Documents whose text changed since their diagnostics were last sent.
    changed: HashSet<String>,
    /// Documents with a proof come in since.
    republish: HashSet<String>,
    /// Whether the user was told a message was too large (once a session: the client
    /// sends every edit of such a document whole).
    told_too_large: bool,
}

impl<W: Write> Server<W> {
    fn send(&mut self, m: Message) {
        let _ = transport::write(&mut self.out, &m);
    }

    fn notify(&mut self, method: &str, params: serde_json::Result<Value>) {
        let params = params.unwrap_or(Value::Null);
        self.send(Message::Notification(Notification {
            method: method.into(),
            params,
        }));
    }

    fn show(&mut self, typ: lsp_types::MessageType, message: String) {
        self.notify(
            "window/showMessage",
            serde_json::to_value(lsp_types::ShowMessageParams { typ, message }),
        );
    }

    fn error(&mut self, id: RequestId, code: ErrorCode, message: &str) {
        self.send(Message::Response(Response::new_err(
            id,
            code as i32,
            message.into(),
        )));
    }

    /// Handles one event; `Some(code)` when the server is to exit.
    fn handle(&mut self, event: Event, cancelled: &HashSet<RequestId>) -> Option<u8> {
        match event {
            Event::Closed => Some(u8::from(self.state != State::ShutDown)),
            Event::Proved(done) => {
                if let Some((_, doc)) = self.docs.get_mut(&done.uri)
                    && let Some(p) = done.proved
                    && doc.games.iter().any(|g| g.text == done.text)
                {
                    doc.proofs.insert(done.text, p);
                    self.republish.insert(done.uri);
                }
                None
            }
            Event::Incoming(Incoming::Invalid(v)) => {
                let _ = transport::write_value(&mut self.out, &v);
                None
            }
            Event::Incoming(Incoming::TooLarge(_)) if self.told_too_large => None,
            Event::Incoming(Incoming::TooLarge(n)) => {
                self.told_too_large = true;
                self.show(
                    lsp_types::MessageType::ERROR,
                    format!(
                        "lanrick: a message of {} MiB was skipped, larger than the {} MiB the \
                         server reads (a document this large is not checked in the editor: \
                         run `lanrick check`)",
                        n / (1024 * 1024),
                        transport::MAX_FRAME / (1024 * 1024)
                    ),
                );
                None
            }
            Event::Incoming(Incoming::Message(Message::Response(_))) => None,
            Event::Incoming(Incoming::Message(Message::Notification(n))) => {
                let method = n.method.clone();
                let handled =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.notification(n)));
                handled.unwrap_or_else(|_| {
                    self.show(
                        lsp_types::MessageType::ERROR,
                        format!("lanrick failed on {method}; the server goes on"),
                    );
                    None
                })
            }
            Event::Incoming(Incoming::Message(Message::Request(r))) => {
                // The edits before a request are checked and published before it.
                self.flush_documents();
                if cancelled.contains(&r.id) {
                    self.error(r.id, ErrorCode::RequestCanceled, "cancelled");
                } else {
                    self.request(r);
                }
                None
            }
        }
    }

    fn request(&mut self, r: Request) {
        match (self.state, r.method.as_str()) {
            (State::Uninitialized, "initialize") => {
                self.state = State::Running;
                let result = serde_json::json!({
                    "capabilities": features::capabilities(),
                    "serverInfo": { "name": "lanrick", "version": env!("CARGO_PKG_VERSION") },
                });
                self.send(Message::Response(Response::new_ok(r.id, result)));
            }
            (State::Uninitialized, _) => self.error(
                r.id,
                ErrorCode::ServerNotInitialized,
                "the server is not initialized",
            ),
            (_, "initialize") => {
                self.error(
                    r.id,
                    ErrorCode::InvalidRequest,
                    "initialize was already sent",
                );
            }
            (State::ShutDown, _) => {
                self.error(r.id, ErrorCode::InvalidRequest, "the server is shut down");
            }
            (State::Running, "shutdown") => {
                self.state = State::ShutDown;
                self.send(Message::Response(Response::new_ok(r.id, Value::Null)));
            }
            (State::Running, method) => {
                let method = method.to_owned();
                let docs = &self.docs;
                let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    features::answer(&method, r.params, docs)
                }));
                let response = match answer {
                    Ok(Ok(v)) => Response::new_ok(r.id, v),
                    Ok(Err((code, message))) => Response::new_err(r.id, code as i32, message),
                    Err(_) => Response::new_err(
                        r.id,
                        ErrorCode::InternalError as i32,
                        format!("lanrick failed to answer {method}"),
                    ),
                };
                self.send(Message::Response(response));
            }
        }
    }

    fn notification(&mut self, n: Notification) -> Option<u8> {
        if n.method == "exit" {
            self.flush_documents();
            return Some(u8::from(self.state != State::ShutDown));
        }
        if self.state != State::Running {
            return None;
        }
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
                else {
                    return None;
                };
                let key = p.text_document.uri.as_str().to_owned();
                let doc = Document::new(p.text_document.version, p.text_document.text);
                self.warn_if_large(&doc);
                self.docs.insert(key.clone(), (p.text_document.uri, doc));
                self.changed.insert(key);
            }
            "textDocument/didChange" => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
                else {
                    return None;
                };
                let key = p.text_document.uri.as_str().to_owned();
                let (_, doc) = self.docs.get_mut(&key)?;
                let mut text = std::mem::take(&mut doc.text);
                for change in p.content_changes {
                    match change.range {
                        None => text = change.text,
                        Some(range) => {
                            let index = position::LineIndex::new(&text);
                            let start = index.offset(&text, range.start);
                            let end = index.offset(&text, range.end).max(start);
                            text.replace_range(start..end, &change.text);
                        }
                    }
                }
                let was_large = doc.too_large();
                doc.set_text(p.text_document.version, text);
                if !was_large && doc.too_large() {
                    let message = large_message(doc);
                    self.show(lsp_types::MessageType::WARNING, message);
                }
                self.changed.insert(key);
            }
            "textDocument/didClose" => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                else {
                    return None;
                };
                let key = p.text_document.uri.as_str().to_owned();
                if self.docs.remove(&key).is_some() {
                    self.prover.replace(&key, Vec::new());
                    self.changed.remove(&key);
                    self.republish.remove(&key);
                    self.notify(
                        "textDocument/publishDiagnostics",
                        serde_json::to_value(lsp_types::PublishDiagnosticsParams {
                            uri: p.text_document.uri,
                            diagnostics: Vec::new(),
                            version: None,
                        }),
                    );
                }
            }
            _ => {}
        }
        None
    }

    fn warn_if_large(&mut self, doc: &Document) {
        if doc.too_large() {
            self.show(lsp_types::MessageType::WARNING, large_message(doc));
        }
    }

    /// Sends the diagnostics of every document changed or newly proved, and hands the
    /// changed ones' puzzles to the prover.
    fn flush_documents(&mut self) {
        let changed: Vec<String> = self.changed.drain().collect();
        for key in &changed {
            let Some((_, doc)) = self.docs.get(key) else {
                continue;
            };
            let jobs: Vec<prove::Job> = doc
                .games
                .iter()
                .filter(|g| g.checked.wants_proof() && !doc.proofs.contains_key(&g.text))
                .filter_map(|g| {
                    Some(prove::Job {
                        uri: key.clone(),
                        text: std::sync::Arc::clone(&g.text),
                        run: Box::new(g.checked.run()?.clone()),
                    })
                })
                .collect();
            self.prover.replace(key, jobs);
            self.republish.insert(key.clone());
        }
        let keys: Vec<String> = self.republish.drain().collect();
        for key in keys {
            let Some((uri, doc)) = self.docs.get(&key) else {
                continue;
            };
            let params = lsp_types::PublishDiagnosticsParams {
                uri: uri.clone(),
                diagnostics: doc.diagnostics(uri),
                version: Some(doc.version),
            };
            self.notify(
                "textDocument/publishDiagnostics",
                serde_json::to_value(params),
            );
        }
    }
}

fn large_message(doc: &Document) -> String {
    format!(
        "lanrick: this document is {} MiB, larger than the {} MiB the editor checks; it is \
         not checked as you type (run `lanrick check`)",
        doc.text.len() / (1024 * 1024),
        document::MAX_DOCUMENT / (1024 * 1024)
    )
}
