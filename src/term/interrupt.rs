//! Ctrl-C while lanrick thinks (the REPL's and `play`'s thinking, `analyse`'s
//! review): a flag the search reads through its [`crate::engine::Budget`], set by a
//! SIGINT handler installed only while the work runs. At the REPL's prompt the terminal
//! is in raw mode and rustyline reads Ctrl-C as a key; while thinking it is a signal.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set when Ctrl-C was pressed during the thinking.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// While alive, Ctrl-C sets [`STOP`] instead of ending the process.
pub struct Guard {
    #[cfg(unix)]
    previous: usize,
}

#[cfg(unix)]
const SIGINT: i32 = 2;

#[cfg(unix)]
unsafe extern "C" {
    /// The C library's `signal` (std links it on every Unix).
    fn signal(signum: i32, handler: usize) -> usize;
}

#[cfg(unix)]
extern "C" fn on_sigint(_: i32) {
    STOP.store(true, Ordering::Relaxed);
}

/// Catches Ctrl-C until the guard is dropped.
pub fn catch() -> Guard {
    STOP.store(false, Ordering::Relaxed);
    #[cfg(unix)]
    {
        // SAFETY: the handler only stores into an atomic, which is
        // async-signal-safe; the previous handler is put back by the guard.
        let previous = unsafe { signal(SIGINT, on_sigint as extern "C" fn(i32) as usize) };
        Guard { previous }
    }
    #[cfg(not(unix))]
    Guard {}
}

impl Drop for Guard {
    fn drop(&mut self) {
        #[cfg(unix)]
        // SAFETY: puts back the handler `catch` replaced.
        unsafe {
            signal(SIGINT, self.previous);
        }
    }
}
