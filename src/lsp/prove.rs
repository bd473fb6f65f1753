//! Puzzles proved in the background: one worker thread takes the latest jobs (a
//! puzzle's game, by its text) and proves each within a short budget whose stop flag
//! the server sets when an edit makes the running proof stale, so typing never waits
//! for the prover and never keeps it busy with a text that is gone.

use super::document::Proved;
use crate::engine::Budget;
use crate::interp::{self, GameRun};
use crate::prover::{Cut, Limits};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The flag that stops the running proof (there is one worker, so one flag).
static STOP: AtomicBool = AtomicBool::new(false);

/// The editor's budget: a proof past it is shown as not proved, with the commands
/// that prove it with more.
#[derive(Clone, Copy, Debug)]
pub struct ProofBudget {
    /// The most search nodes.
    pub nodes: u64,
    /// The most time.
    pub time: Duration,
}

impl Default for ProofBudget {
    fn default() -> ProofBudget {
        ProofBudget {
            nodes: 2_000_000,
            time: Duration::from_secs(2),
        }
    }
}

/// A puzzle to prove.
#[derive(Debug)]
pub struct Job {
    /// The document.
    pub uri: String,
    /// The game's text (the proof's key in the document).
    pub text: Arc<str>,
    /// The game replayed (spans from its first byte).
    pub run: Box<GameRun>,
}

/// A proof finished (or stopped: then `proved` is `None`).
#[derive(Debug)]
pub struct Done {
    /// The document.
    pub uri: String,
    /// The game's text.
    pub text: Arc<str>,
    /// What the proof gave.
    pub proved: Option<Proved>,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    /// The document and game text of the proof running now.
    running: Option<(String, Arc<str>)>,
    closed: bool,
}

/// The handle on the worker.
pub struct Prover {
    shared: Arc<(Mutex<Queue>, Condvar)>,
    worker: Option<std::thread::JoinHandle<()>>,
}

impl Prover {
    /// Starts the worker; each proof's result is handed to `done`.
    pub fn start(budget: ProofBudget, done: impl Fn(Done) + Send + 'static) -> Prover {
        let shared: Arc<(Mutex<Queue>, Condvar)> = Arc::default();
        let theirs = Arc::clone(&shared);
        let worker = std::thread::Builder::new()
            .name("lanrick-lsp-prover".into())
            .spawn(move || work(&theirs, budget, &done))
            .ok();
        Prover { shared, worker }
    }

    /// Replaces the jobs of document `uri` by `jobs`: queued ones are dropped, and the
    /// running proof is stopped if its game is not among them.
    pub fn replace(&self, uri: &str, jobs: Vec<Job>) {
        let (lock, wake) = &*self.shared;
        let Ok(mut q) = lock.lock() else { return };
        q.jobs.retain(|j| j.uri != uri);
        if let Some((u, text)) = &q.running
            && u == uri
            && !jobs.iter().any(|j| &j.text == text)
        {
            STOP.store(true, Ordering::Relaxed);
        }
        let running = q.running.clone();
        q.jobs.extend(
            jobs.into_iter()
                .filter(|j| running.as_ref() != Some(&(j.uri.clone(), Arc::clone(&j.text)))),
        );
        wake.notify_one();
    }
}

impl Drop for Prover {
    fn drop(&mut self) {
        let (lock, wake) = &*self.shared;
        if let Ok(mut q) = lock.lock() {
            q.closed = true;
            q.jobs.clear();
        }
        STOP.store(true, Ordering::Relaxed);
        wake.notify_one();
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

fn work(shared: &(Mutex<Queue>, Condvar), budget: ProofBudget, done: &dyn Fn(Done)) {
    let (lock, wake) = shared;
    loop {
        let job = {
            let Ok(mut q) = lock.lock() else { return };
            loop {
                if q.closed {
                    return;
                }
                if let Some(job) = q.jobs.pop_front() {
                    q.running = Some((job.uri.clone(), Arc::clone(&job.text)));
                    STOP.store(false, Ordering::Relaxed);
                    break job;
                }
                q = match wake.wait(q) {
                    Ok(q) => q,
                    Err(_) => return,
                };
            }
        };
        // A proof that fails is a proof not made: the server goes on.
        let proved =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| prove(job.run, budget)))
                .ok()
                .flatten();
        if let Ok(mut q) = lock.lock() {
            q.running = None;
        }
        done(Done {
            uri: job.uri,
            text: job.text,
            proved,
        });
    }
}

/// Proves one game's puzzle as `check` does, within `budget`; `None` when stopped.
fn prove(mut run: Box<GameRun>, budget: ProofBudget) -> Option<Proved> {
    let mut b = Budget::nodes(budget.nodes);
    b.deadline = Some(Instant::now() + budget.time);
    b.stop = Some(&STOP);
    let limits = Limits {
        threads: 1,
        hash_mib: 16,
        ..Limits::within(&b)
    };
    let report = interp::prove_into(&mut run, &limits);
    if report.as_ref().is_some_and(|r| r.cut == Some(Cut::Stop)) {
        return None;
    }
    Some(Proved {
        problems: run.problems,
        verdict: report.as_ref().map(|r| r.verdict),
        line: report
            .as_ref()
            .map(interp::proof::verdict_line)
            .unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::{GameCheck, Options, check_game_text};
    use std::sync::mpsc;

    fn job(uri: &str, text: &str) -> Job {
        let GameCheck::Game(Some(run)) = check_game_text(text, 1, 0, Options::default()) else {
            panic!("the puzzle replays")
        };
        Job {
            uri: uri.into(),
            text: Arc::from(text),
            run,
        }
    }

    #[test]
    fn an_edit_stops_the_stale_proof_and_the_next_one_runs() {
        // Five turns from the reference position (248,640 turns at the first): far more
        // than any test waits for.
        let slow = "[Position \"4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play\"]\n\
                    [Goal \"Y wins game in 5\"]\n";
        let quick = "[Position \"6Y1/8/2B5/8/2Y5/7Y/8/5YBB B g2 play\"]\n\
                     [Goal \"B wins rendezvous in 1\"]\n\nB: c6-a8 x c4\n";
        let (tx, rx) = mpsc::channel();
        let budget = ProofBudget {
            nodes: u64::MAX,
            time: Duration::from_secs(600),
        };
        let prover = Prover::start(budget, move |d| {
            let _ = tx.send(d);
        });
        prover.replace("a", vec![job("a", slow)]);
        std::thread::sleep(Duration::from_millis(300));
        let edited = Instant::now();
        prover.replace("a", vec![job("a", quick)]);
        let stopped = rx.recv_timeout(Duration::from_secs(20)).expect("an answer");
        assert!(
            stopped.proved.is_none(),
            "the stale proof was stopped, not finished"
        );
        assert_eq!(&*stopped.text, slow);
        assert!(edited.elapsed() < Duration::from_secs(10));
        let done = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the new proof");
        assert_eq!(&*done.text, quick);
        let proved = done.proved.expect("proved");
        assert_eq!(proved.verdict, Some(crate::prover::Verdict::Sound));
        assert!(proved.line.starts_with("sound"), "{}", proved.line);
    }
}
