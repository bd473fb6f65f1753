//! The interactive prompt: a thin shell over the interpreter. Each typed line goes to
//! a [`Session`] (which knows no terminal) and its [`Output`] is printed.
//!
//! On a terminal, lines are edited with rustyline (history, completion listing the
//! candidates, hints; an illegal line comes back for editing) and text is wrapped at
//! the terminal's width; when standard input is not a terminal, lines are read
//! plainly, no prompt, banner or colour is printed, diagnostics name the input line,
//! and the exit code says whether any line failed.

pub mod commands;
mod files;
pub mod helper;
pub mod rules;
pub mod session;
#[cfg(test)]
mod tests;
pub mod text;

pub use session::{Output, Session};

use crate::term::{ColorChoice, EXIT_FAILED, EXIT_OK, use_color, visible};
use helper::LineHelper;
use rustyline::error::ReadlineError;
use rustyline::history::{DefaultHistory, History};
use rustyline::{CompletionType, Config, Editor};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// The line printed when the REPL starts on a terminal, for a game played by `rules`:
/// the edition, what is due first and an example of it, a legal first action of that
/// edition (`mark d5` in 1893).
pub fn banner(rules: crate::engine::Rules) -> String {
    let start = crate::engine::Position::start_for(rules);
    let side = start.to_act();
    let what = match start.due() {
        crate::engine::Due::SetUp { own: true } => format!("{side} sets his own men first"),
        crate::engine::Due::SetUp { own: false } => format!("{side} sets the men"),
        _ => format!("{side} sets the first Mark"),
    };
    // 1893's classic first Mark, when it is legal; else the edition's first action.
    let d5 = crate::engine::Square::from_coords(3, 4);
    let example = if d5.is_some_and(|d5| start.set_mark(d5, None).is_ok()) {
        "mark d5".to_string()
    } else {
        // The first action the visitor finds: listing every set-up of 1880 or 1879
        // would take all the memory there is.
        let mut first = None;
        let _ = crate::engine::search::visit_outcomes(&start, |a, _| {
            first = Some(a.to_action());
            std::ops::ControlFlow::Break(())
        });
        first.map_or_else(|| ":help".to_string(), |a| a.to_string())
    };
    format!(
        "lanrick repl: Lewis Carroll's Lanrick ({rules} rules). {what}: type `{example}` to \
         begin, or :help."
    )
}

/// How the REPL is started.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// Continue from this game file.
    pub file: Option<&'a Path>,
    /// Which game of a collection (its number from 1 or its `Event`).
    pub game: Option<&'a str>,
    /// Draw no boards (`--quiet`).
    pub quiet: bool,
    /// The rules of new games (`--rules`; a loaded file's `Rules` tag wins).
    pub rules: crate::engine::Rules,
    /// How the 1879 die treats throws below three (`--die`).
    pub die: crate::engine::DieRule,
    /// The 1879 die's seed (`--die-seed`).
    pub die_seed: u64,
    /// The side lanrick plays and its level (`lanrick play`).
    pub lanrick: Option<(crate::engine::Side, u8)>,
    /// The seed of lanrick's choices.
    pub seed: u64,
    /// Colour (`--color`): `auto` colours a terminal unless `NO_COLOR` is set; lines
    /// read from a pipe are coloured only with `always`.
    pub color: ColorChoice,
}

/// Runs the REPL, starting from the end of `file`'s game when given. Returns the exit
/// code: on a terminal always 0; otherwise 1 when any line failed.
pub fn run(file: Option<&Path>) -> u8 {
    run_with(Options {
        file,
        ..Options::default()
    })
}

/// [`run`] with every option.
pub fn run_with(opts: Options<'_>) -> u8 {
    if std::io::stdin().is_terminal() {
        interactive(opts)
    } else {
        plain(opts)
    }
}

/// The longest line of an error printed whole, in characters: a longer one (a
/// 10 MB line typed or pasted, echoed in a message) is cut with `…`.
const ERROR_LINE: usize = 400;

/// Prints an output to standard output and standard error, every character a terminal
/// would obey written visibly (only lanrick's own colour kept, with `color`), and each
/// error line cut at [`ERROR_LINE`] characters.
fn print(out: &Output, color: bool) {
    if !out.text.is_empty() {
        print!("{}", visible::for_terminal(&out.text, color));
        let _ = std::io::stdout().flush();
    }
    if !out.error.is_empty() {
        let error = visible::for_terminal(&out.error, color);
        eprint!("{}", visible::cut_lines(&error, ERROR_LINE, color));
    }
}

/// Reads lines from a pipe or file: no prompt, banner or colour, no line editing;
/// diagnostics name the input line. Leaving with unsaved work warns on standard error
/// (nobody can answer a question).
fn plain(opts: Options<'_>) -> u8 {
    let mut session = Session::with_rules(opts.color == ColorChoice::Always, opts.rules);
    session.set_die(opts.die, opts.die_seed);
    session.set_confirm_quit(false);
    session.set_auto_board(!opts.quiet);
    session.set_lanrick(opts.lanrick, opts.seed);
    session.set_user(&player_name());
    let mut failed = false;
    if let Some(path) = opts.file {
        let out = session.load(path, opts.game);
        failed |= out.failed;
        print(&out, session.color());
    }
    if session.lanrick_due() {
        let out = session.respond();
        failed |= out.failed;
        print(&out, session.color());
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut left = false;
    for i in 0.. {
        let line = match read_line_bounded(&mut input, MAX_LINE_BYTES) {
            Ok(Line::End) => break,
            Ok(Line::Text(l)) => l,
            Ok(Line::TooLong) => {
                eprintln!(
                    "error: line {} of standard input is longer than {} MiB, the most lanrick \
                     reads as one line; stopped reading",
                    i + 1,
                    MAX_LINE_BYTES >> 20
                );
                failed = true;
                break;
            }
            Err(e) => {
                eprintln!("error: cannot read standard input: {e}");
                failed = true;
                break;
            }
        };
        session.set_line_number(i + 1);
        let out = session.handle(&line);
        failed |= out.failed;
        print(&out, session.color());
        if out.quit {
            left = true;
            break;
        }
        if session.hint_due() {
            let out = session.give_hint(None);
            failed |= out.failed;
            print(&out, session.color());
        }
        if session.lanrick_due() {
            let out = session.respond();
            failed |= out.failed;
            print(&out, session.color());
        }
    }
    if !left {
        print(&session.request_quit(), session.color());
    }
    if failed { EXIT_FAILED } else { EXIT_OK }
}

/// The longest line read from a pipe: a longer one ends the reading with an error
/// rather than being held whole (an endless line would otherwise fill the memory).
const MAX_LINE_BYTES: usize = 16 << 20;

/// A line read by [`read_line_bounded`].
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// The line, without its line end.
    Text(String),
    /// A line longer than the limit (what was read of it is dropped).
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of at most `max` bytes (without its line end) from `input`; of a
/// longer line, no more than `max` and two bytes are read. Bytes that are not UTF-8 are an error,
/// as for `BufRead::lines`.
fn read_line_bounded(input: &mut impl BufRead, max: usize) -> std::io::Result<Line> {
    use std::io::Read as _;
    let mut buf = Vec::new();
    let n = input
        .by_ref()
        .take(max as u64 + 2)
        .read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    }
    if buf.len() > max {
        return Ok(Line::TooLong);
    }
    String::from_utf8(buf)
        .map(Line::Text)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

/// The user's name for a saved game's `Black` or `Yellow` tag: `LANRICK_PLAYER`, else
/// the login name (`USER`, `LOGNAME`), else the session's default.
fn player_name() -> String {
    ["LANRICK_PLAYER", "USER", "LOGNAME"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|n| !n.trim().is_empty())
        .unwrap_or_default()
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
fn interactive(opts: Options<'_>) -> u8 {
    let color = use_color(opts.color, false);
    let mut session = Session::with_rules(color, opts.rules);
    session.set_die(opts.die, opts.die_seed);
    session.set_auto_board(!opts.quiet);
    session.set_lanrick(opts.lanrick, opts.seed);
    session.set_user(&player_name());
    let config = Config::builder()
        .auto_add_history(false)
        .history_ignore_dups(true)
        .map(|b| b.completion_type(CompletionType::List).build())
        .unwrap_or_default();
    let mut editor: Editor<LineHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("warning: no line editing ({e}); reading lines plainly");
            return plain(opts);
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
    if let Some((w, _)) = editor.dimensions() {
        session.set_width(usize::from(w));
    }
    println!(
        "{}",
        text::wrap(&banner(session.position().rules()), session.width())
    );
    match opts.file {
        Some(path) => print(&session.load(path, opts.game), session.color()),
        None if !opts.quiet => print!("{}", session.board_with_legend()),
        None => {}
    }
    let mut retry: Option<String> = None;
    loop {
        if session.hint_due() {
            let (out, _) = thinking(|stop| session.give_hint(Some(stop)));
            print(&out, session.color());
        }
        if session.lanrick_due() {
            respond_on_terminal(&mut session);
        }
        if let Some(h) = editor.helper_mut() {
            h.position = *session.position();
            h.game_over = session.runner().game().result().is_some();
        }
        if let Some((w, _)) = editor.dimensions() {
            session.set_width(usize::from(w));
        }
        let prompt = session.prompt();
        let read = match retry.take() {
            Some(again) => editor.readline_with_initial(&prompt, (&again, "")),
            None => editor.readline(&prompt),
        };
        match read {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                let out = session.handle(&line);
                print(&out, session.color());
                if out.quit {
                    break;
                }
                retry = out.retry;
            }
            Err(ReadlineError::Interrupted) => {
                // Ctrl-C: the line is dropped; keep going.
            }
            Err(ReadlineError::Eof) => {
                let out = session.request_quit();
                print(&out, session.color());
                if out.quit {
                    break;
                }
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

/// Runs `think` with a spinner on standard error (on a terminal) and Ctrl-C caught:
/// the flag it is given is set by Ctrl-C, and the search then ends with the best found
/// so far. Returns what `think` returned and whether Ctrl-C stopped it.
fn thinking<T>(think: impl FnOnce(&'static AtomicBool) -> T) -> (T, bool) {
    let spinner = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message("lanrick is thinking (Ctrl-C: play the best found so far)");
        bar.enable_steady_tick(std::time::Duration::from_millis(80));
        bar
    });
    let (result, stopped) = {
        let _guard = crate::term::interrupt::catch();
        let result = think(&crate::term::interrupt::STOP);
        (result, crate::term::interrupt::STOP.load(Ordering::Relaxed))
    };
    if let Some(bar) = spinner {
        bar.finish_and_clear();
    }
    if stopped {
        eprintln!("(thinking stopped by Ctrl-C: the best action found so far)");
    }
    (result, stopped)
}

/// The die is thrown and lanrick thinks and plays while they are due, with a spinner
/// on standard error while it thinks; Ctrl-C stops the thinking and the best action
/// found so far is played.
fn respond_on_terminal(session: &mut Session) {
    session.respond_with(
        |s| thinking(|stop| s.think(Some(stop))).0,
        |out, s| print(out, s.color()),
    );
}
