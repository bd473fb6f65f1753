//! The `lanrick` command: everything is in [`lanrick::cli`], but for one setting of the
//! process's memory allocator, which a library must not make for its users.

fn main() -> std::process::ExitCode {
    lanrick::cli::run_with(|streams| {
        if !streams {
            keep_freed_memory();
        }
    })
}

/// glibc's `M_TOP_PAD` (`mallopt`'s parameter number).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const M_TOP_PAD: i32 = -2;

/// How much free memory glibc keeps at the top of its heap instead of handing it back.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TOP_PAD: i32 = 64 << 20;

#[cfg(all(target_os = "linux", target_env = "gnu"))]
unsafe extern "C" {
    fn mallopt(param: i32, value: i32) -> i32;
}

/// Lets glibc keep up to 64 MiB of freed memory at the top of its heap, so that the
/// player's searches, which build and drop sets of many megabytes before every action,
/// reuse the same pages rather than give them back and fault them in again. On a
/// level 5 game of 300 turns this took the page faults from 1.35 million to 16,000 and
/// the system time from 5.4 s to 0.2 s (docs/performance.md, "Freed memory kept").
/// Not for `check` and `replay`, which read a collection game by game: their workers'
/// allocator arenas would each keep that much of what a long game freed (a game of
/// 41.7 MB peaked at 117 MiB with it, 85 MiB without).
/// A user's own `MALLOC_TOP_PAD_` or `GLIBC_TUNABLES` wins; elsewhere this does nothing.
fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let set = |name: &str| std::env::var_os(name).is_some();
        if !set("MALLOC_TOP_PAD_") && !set("GLIBC_TUNABLES") {
            // SAFETY: mallopt only reads its two integers and sets a parameter of the
            // allocator, before any other thread exists; a refusal (0) leaves glibc's
            // default, which is correct, only slower.
            let _ = unsafe { mallopt(M_TOP_PAD, TOP_PAD) };
        }
    }
}
