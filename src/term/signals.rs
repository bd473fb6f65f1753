//! The signals that end the process (Ctrl-C's `SIGINT`, `SIGTERM`, `SIGHUP`), held off
//! while a file is replaced through a temporary file: the handler only records the
//! signal, the writer stops at its next write, removes the temporary file, and the
//! signal is then raised again with the handler the program had, so it ends the
//! process as it would have, with no `.lanrick-*.tmp` left behind. (`SIGKILL` cannot
//! be caught: nothing can clean up after it.)
//!
//! A signal the process ignores (`nohup`, a background job) stays ignored. One file is
//! replaced at a time, so the handlers put back are always the program's own.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The signal caught during the write, or 0.
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// Held while a file is replaced, so that two writes never swap handlers over each
/// other.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// `SIGHUP`, `SIGINT` and `SIGTERM`: the same numbers on Linux, the BSDs and macOS.
#[cfg(unix)]
const SIGNALS: [i32; 3] = [1, 2, 15];

/// `SIG_IGN`, the handler of an ignored signal.
#[cfg(unix)]
const IGNORED: usize = 1;

/// `SIG_ERR`, what `signal` answers when it fails.
#[cfg(unix)]
const FAILED: usize = usize::MAX;

#[cfg(unix)]
unsafe extern "C" {
    /// The C library's `signal` (std links it on every Unix).
    fn signal(signum: i32, handler: usize) -> usize;
    /// The C library's `raise`.
    fn raise(signum: i32) -> i32;
}

#[cfg(unix)]
extern "C" fn on_signal(signum: i32) {
    CAUGHT.store(signum, Ordering::Relaxed);
}

/// While alive, the signals are recorded instead of ending the process.
pub(super) struct Held {
    /// The handlers put back: one per signal of [`SIGNALS`], `None` where none was
    /// installed.
    #[cfg(unix)]
    previous: [Option<usize>; 3],
    _one: MutexGuard<'static, ()>,
}

/// Holds off the signals until the returned guard is released or dropped.
pub(super) fn hold() -> Held {
    // A write that panicked still put the handlers back (in `Drop`).
    let one = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    CAUGHT.store(0, Ordering::Relaxed);
    #[cfg(unix)]
    {
        let mut previous = [None; 3];
        for (slot, &signum) in previous.iter_mut().zip(&SIGNALS) {
            // SAFETY: the handler only stores into an atomic, which is
            // async-signal-safe; the previous handler is put back when the guard goes.
            let before = unsafe { signal(signum, on_signal as extern "C" fn(i32) as usize) };
            if before == IGNORED {
                // SAFETY: puts back the "ignore" just replaced.
                unsafe { signal(signum, IGNORED) };
            } else if before != FAILED {
                *slot = Some(before);
            }
        }
        Held {
            previous,
            _one: one,
        }
    }
    #[cfg(not(unix))]
    Held { _one: one }
}

/// The signal caught since [`hold`], if any.
pub(super) fn caught() -> Option<i32> {
    match CAUGHT.load(Ordering::Relaxed) {
        0 => None,
        signum => Some(signum),
    }
}

impl Held {
    /// Puts the handlers back, then raises the signal caught meanwhile, if any, which
    /// ends the process unless the program handles it.
    pub(super) fn release(self) {
        let signum = caught();
        drop(self);
        #[cfg(unix)]
        if let Some(signum) = signum {
            // SAFETY: raising a signal with the program's own handler back in place.
            unsafe {
                raise(signum);
            }
        }
        #[cfg(not(unix))]
        let _ = signum;
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        #[cfg(unix)]
        for (slot, &signum) in self.previous.iter().zip(&SIGNALS) {
            if let Some(handler) = *slot {
                // SAFETY: puts back the handler `hold` replaced.
                unsafe {
                    signal(signum, handler);
                }
            }
        }
    }
}
