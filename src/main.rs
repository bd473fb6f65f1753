//! The `lanrick` command: everything is in [`lanrick::cli`].

fn main() -> std::process::ExitCode {
    lanrick::cli::run()
}
