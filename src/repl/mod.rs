//! The interactive prompt: a thin shell over the interpreter. Each typed line goes to
//! a [`Session`] (which knows no terminal) and its [`Output`] is printed.
//!
//! On a terminal, lines are edited with rustyline (history, completion, hints); when
//! standard input is not a terminal, lines are read plainly, no prompt or colour is
//! printed, and the exit code says whether any line failed.

pub mod commands;
pub mod helper;
pub mod record;
pub mod rules;
pub mod session;
#[cfg(test)]
mod tests;

pub use session::{Output, Session};

use crate::cli::{ColorChoice, EXIT_FAILED, EXIT_OK, use_color};
use helper::LineHelper;
use rustyline::error::ReadlineError;
use rustyline::history::{DefaultHistory, History};
use rustyline::{Config, Editor};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The line printed when the REPL starts.
pub const BANNER: &str = "lanrick repl: Lewis Carroll's Lanrick (1893 rules unless --rules or `:new 1880` says otherwise). Type events (`mark d5`, `d1-d3`), or :help.";

/// Runs the REPL, starting from the end of `file`'s game when given. Returns the exit
/// code: on a terminal always 0; otherwise 1 when any line failed.
pub fn run(file: Option<&Path>) -> u8 {
    run_with(file, crate::engine::Rules::default())
}

/// Runs the REPL with new games played by `rules` (a loaded file's `Rules` tag wins).
pub fn run_with(file: Option<&Path>, rules: crate::engine::Rules) -> u8 {
    if std::io::stdin().is_terminal() {
        interactive(file, rules)
    } else {
        plain(file, rules)
    }
}

/// Prints an output to standard output and standard error.
fn print(out: &Output) {
    if !out.text.is_empty() {
        print!("{}", out.text);
        let _ = std::io::stdout().flush();
    }
    if !out.error.is_empty() {
        eprint!("{}", out.error);
    }
}

/// Reads lines from a pipe or file: no prompt, no colour, no line editing.
fn plain(file: Option<&Path>, rules: crate::engine::Rules) -> u8 {
    let mut session = Session::with_rules(false, rules);
    println!("{BANNER}");
    let mut failed = false;
    if let Some(path) = file {
        let out = session.load(path);
        failed |= out.failed;
        print(&out);
    }
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot read standard input: {e}");
                failed = true;
                break;
            }
        };
        let out = session.handle(&line);
        failed |= out.failed;
        print(&out);
        if out.quit {
            break;
        }
    }
    if failed { EXIT_FAILED } else { EXIT_OK }
}

/// Where the history is kept: `$XDG_DATA_HOME/lanrick/history`, else
/// `~/.local/share/lanrick/history`.
pub fn history_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("share"))
        })?;
    Some(base.join("lanrick").join("history"))
}

/// The REPL on a terminal, with rustyline.
fn interactive(file: Option<&Path>, rules: crate::engine::Rules) -> u8 {
    let color = use_color(ColorChoice::Auto, false);
    let mut session = Session::with_rules(color, rules);
    let config = Config::builder()
        .auto_add_history(false)
        .history_ignore_dups(true)
        .map(|b| b.build())
        .unwrap_or_default();
    let mut editor: Editor<LineHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("warning: no line editing ({e}); reading lines plainly");
            return plain(file, rules);
        }
    };
    editor.set_helper(Some(LineHelper::new(*session.position(), color)));
    let history = history_path();
    let mut history_warned = false;
    if let Some(path) = &history
        && path.exists()
        && let Err(e) = editor.load_history(path)
    {
        eprintln!("warning: cannot read the history {}: {e}", path.display());
        history_warned = true;
    }
    println!("{BANNER}");
    if let Some(path) = file {
        print(&session.load(path));
    }
    let mut eof_warned = false;
    loop {
        if let Some(h) = editor.helper_mut() {
            h.position = *session.position();
            h.game_over = session.runner().game().result().is_some();
        }
        let prompt = session.prompt();
        match editor.readline(&prompt) {
            Ok(line) => {
                eof_warned = false;
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                let out = session.handle(&line);
                print(&out);
                if out.quit {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => {
                // Ctrl-C: the line is dropped; keep going.
                eof_warned = false;
            }
            Err(ReadlineError::Eof) => {
                if session.has_unsaved() && !eof_warned {
                    eprintln!(
                        "warning: the game has unsaved actions; `:save FILE` keeps them, Ctrl-D again leaves"
                    );
                    eof_warned = true;
                    continue;
                }
                break;
            }
            Err(e) => {
                eprintln!("error: {e}");
                break;
            }
        }
    }
    if let Some(path) = &history {
        let saved = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .map_err(|e| e.to_string())
            .and_then(|()| editor.history_mut().save(path).map_err(|e| e.to_string()));
        if let Err(e) = saved
            && !history_warned
        {
            eprintln!("warning: cannot write the history {}: {e}", path.display());
        }
    }
    EXIT_OK
}
