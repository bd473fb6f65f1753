//! The `:` commands: one table gives each command's name, arguments, summary and help,
//! and is the only source of `:help` and of command completion.

use super::rules;
use super::session::{Output, Session};
use super::text::{flow, wrap as wrap_text};
use crate::engine::{Action, Phase, Side, Square, count_outcomes};
use std::fmt::Write;
use std::path::Path;

/// A `:` command.
pub struct Command {
    /// The name, without the colon.
    pub name: &'static str,
    /// The arguments as shown in help, e.g. `[n]`.
    pub args: &'static str,
    /// One line for the `:help` list.
    pub summary: &'static str,
    /// More for `:help <command>`.
    pub help: &'static str,
    /// Whether the command has a `!` form (`:save!`).
    pub bang: bool,
    /// What it does, given the session, its argument text and whether `!` was written.
    pub run: fn(&mut Session, &str, bool) -> Output,
}

/// Every command, in the order `:help` lists them.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "help",
        args: "[command]",
        summary: "list the commands, or explain one",
        help: "Without an argument, lists every command. With one (`:help undo`), shows its \
               arguments and what it does. Anything that is not a command is read as events \
               and directives in the game notation, several on a line separated by `;`.",
        bang: false,
        run: help,
    },
    Command {
        name: "board",
        args: "",
        summary: "show the board",
        help: "Draws the board, Black at the top: Rendezvous squares in brackets, the Mark \
               in braces, and under it what is due.",
        bang: false,
        run: |s, _, _| Output::text(s.board_with_legend()),
    },
    Command {
        name: "game",
        args: "",
        summary: "list the game so far in the notation",
        help: "Lists the game so far as `:save` would write its moves: every action with its \
               prefix, annotations, comments and variations, and the directives and \
               comments between them.",
        bang: false,
        run: |s, _, _| {
            let text = s.game_text();
            if text.is_empty() {
                Output::text("nothing played yet")
            } else {
                Output::text(text)
            }
        },
    },
    Command {
        name: "auto",
        args: "",
        summary: "toggle showing the board after each accepted line",
        help: "Switches the board shown after every accepted line of events, `:undo`, \
               `:redo`, `:new`, `:setup` and `:load` off, or back on (`lanrick repl \
               --quiet` starts with it off). `:board` always draws it.",
        bang: false,
        run: |s, _, _| {
            s.auto_board = !s.auto_board;
            Output::text(format!(
                "board after each line: {}",
                if s.auto_board { "on" } else { "off" }
            ))
        },
    },
    Command {
        name: "undo",
        args: "[n]",
        summary: "take back your last decision (or the last n)",
        help: "Takes back game actions, across Rendezvous: marks, interchanges, turns, \
               passes, resignations and draws. When lanrick plays a side (`lanrick play`, \
               `:play`), it takes back your last action with lanrick's replies and the \
               die's throws after it, so you are back where you chose, and lanrick waits \
               until you act (`:go` asks it to play); otherwise one action at a time. \
               `:redo` plays them again. Playing the same action again follows the line \
               taken back; a different one keeps that line as its variation in the record \
               (`:save` writes it), with nothing left to redo. At the start of a \
               game begun by `:new`, `:setup` or `:load`, brings back the game before it.",
        bang: false,
        run: undo,
    },
    Command {
        name: "redo",
        args: "[n]",
        summary: "play again what was undone (or n of it)",
        help: "Plays again what `:undo` took back, in order: against lanrick, your \
               decision with its replies; otherwise one action at a time.",
        bang: false,
        run: redo,
    },
    Command {
        name: "moves",
        args: "[square]",
        summary: "the legal man's moves now, with the squares each counts",
        help: "Lists every legal single man's move for the side to play, grouped by man, \
               with the squares it counts (Rules 1, 3, 6). With a square, only that man's \
               moves. Before a Mark is set, lists where it may go.",
        bang: false,
        run: moves,
    },
    Command {
        name: "turns",
        args: "",
        summary: "count the distinct outcomes of the next turn",
        help: "Counts the distinct positions the side to act can reach with its next action \
               (orders of the same moves count once; each Rule 7 choice counts apart), as \
               `lanrick turns` does.",
        bang: false,
        run: turns,
    },
    Command {
        name: "position",
        args: "",
        summary: "print the position string",
        help: "Prints the current position as a position string, for `:setup`, \
               `lanrick turns` or a `Position` tag.",
        bang: false,
        run: |s, _, _| Output::text(s.position().to_string()),
    },
    Command {
        name: "setup",
        args: "\"<position>\"",
        summary: "start from a position string",
        help: "Starts a new game from a position string, e.g. \
               `:setup \"8/1YYYY3/1BYBB3/1BB5/8/8/8/8 Y c6 play\"`. The actions played so \
               far are put aside: `:undo` brings them back.",
        bang: false,
        run: setup,
    },
    Command {
        name: "play",
        args: "[B|Y [N]|off]",
        summary: "let lanrick play a side (`:play B 3`), or stop it (`:play off`)",
        help: "`:play B 3` lets lanrick take Black at level 3 (0: random, 1 to 5: \
               stronger; without a level, 3); it answers at once when Black is to act \
               and after each of your actions. `:play off` stops it; `:play` says who \
               it plays. Its actions are recorded as normal events: `:undo` and `:save` \
               treat them like yours. On a terminal a spinner shows it thinking; Ctrl-C \
               stops the thinking and it plays the best action found so far.",
        bang: false,
        run: play,
    },
    Command {
        name: "go",
        args: "",
        summary: "let lanrick play the next action now",
        help: "lanrick plays the next action, whoever's it is, at its level (3 when it \
               plays no side), then goes on answering its own side as before.",
        bang: false,
        run: |s, _, _| {
            if s.runner().game().result().is_some() {
                return Output::fail("error: the game is over");
            }
            s.core.play_now();
            Output::default()
        },
    },
    Command {
        name: "hint",
        args: "[level]",
        summary: "show the action lanrick would play, and why, without playing it",
        help: "Shows the action lanrick suggests for the side to act and the facts behind \
               it: a forced win of the Rendezvous or the game (proved; a win in two with its \
               line against the most stubborn defence), a threat it stops, \
               men brought in, the squares still to go. It thinks at the level given (0 \
               to 5), else at the strongest, whatever level lanrick plays at; nothing is \
               played. It thinks as `:go` does: a spinner on a terminal, and Ctrl-C \
               shows the best action found so far.",
        bang: false,
        run: |s, arg, _| {
            if s.runner().game().result().is_some() {
                return Output::fail("error: the game is over");
            }
            let arg = arg.trim();
            let level = if arg.is_empty() {
                crate::player::MAX_LEVEL
            } else {
                match arg.parse::<u8>() {
                    Ok(n) if n <= crate::player::MAX_LEVEL => n,
                    _ => {
                        return Output::fail(format!(
                            "error: `{arg}` is not a level: write 0 to {}",
                            crate::player::MAX_LEVEL
                        ));
                    }
                }
            };
            s.hint = Some(level);
            Output::default()
        },
    },
    Command {
        name: "new",
        args: "[rules]",
        summary: "start a new game (optionally by other rules: `:new 1880`)",
        help: "Starts a new game from the start of its rules: in 1893 the Rule 2 start, \
               Black to set the first Mark (write `Y: mark d5` to let Yellow set it); in \
               1880 the empty board, Black to set the men (`Y: set …` lets Yellow). \
               in 1879 the empty board, Black first to set his own men (the die is then \
               thrown by itself). `:new 1880`, `:new 1879`, `:new 1893-es` or `:new 1893 \
               turned both-first` changes the \
               rules for this and later games. The actions played so far are put aside: \
               `:undo` brings them back.",
        bang: false,
        run: |s, arg, _| {
            let arg = arg.trim();
            if !arg.is_empty() {
                match arg.parse::<crate::engine::Rules>() {
                    Ok(r) => s.core.set_rules(r),
                    Err(e) => return Output::fail(format!("error: {e}")),
                }
            }
            let aside = s.reset(None, ":new");
            let mut out = Output::text(format!("new game by the {} rules", s.core.rules()));
            if let Some(note) = aside {
                out.push(&note);
            }
            out.push(&s.board_if_auto());
            out
        },
    },
    Command {
        name: "load",
        args: "FILE [N|EVENT]",
        summary: "continue from the end of a game file",
        help: "Replays a game of FILE along its main line and continues from its end; \
               problems in it are reported. In a collection of several games, say which: \
               `:load games.lanrick 2` (the second) or `:load games.lanrick \"An Event\"`; \
               without it, the games are listed and nothing is loaded. A file name with \
               spaces goes in quotes. Everything the game holds (tags, comments, \
               annotations, variations, directives) is kept for `:save`. A puzzle's `Goal` \
               is followed: the prompt shows the turns left. Its actions can be undone, and \
               `:undo` at its start brings back the game before it.",
        bang: false,
        run: |s, arg, _| match load_args(arg) {
            // At the prompt a FIFO would be waited on, with the game being played
            // lost to the Ctrl-C that ends the wait.
            Some((p, which)) => match crate::term::regular_file(Path::new(&p)) {
                Ok(()) => s.load(Path::new(&p), which.as_deref()),
                Err(msg) => Output::fail(format!("error: {msg}")),
            },
            None => Output::fail("error: `:load` needs a file name"),
        },
    },
    Command {
        name: "save",
        args: "FILE",
        summary: "write the game as a canonical game file (`:save!` overwrites)",
        help: "Writes the game so far to FILE in canonical notation (as `lanrick fmt` \
               writes), one action per line with its annotations, comments and variations. \
               A game begun at the prompt gets `Event`, `Date` and `Position` (when it did \
               not start at the Rule 2 start) tags; a loaded game keeps every tag and \
               comment it had. A `Result` tag (`B`, `Y` or `draw`) is written once the game \
               is over. An existing file with other content is kept unless you write \
               `:save! FILE`; a failed write leaves it whole. Saved over the file it was \
               loaded from, a game of a collection replaces that game alone, every other \
               byte kept. A FIFO or a device (`/dev/stdout`) is written as it is.",
        bang: true,
        run: |s, arg, bang| match path_arg(arg) {
            Some(p) => s.save(Path::new(&p), bang),
            None => Output::fail("error: `:save` needs a file name"),
        },
    },
    Command {
        name: "rules",
        args: "[rule]",
        summary: "the rules in short",
        help: "Lists the rules of the game's edition (1893: the definitions, nine rules and \
               decisions, and the options that are on; 1880: six rules and E-1 to E-5; 1879: \
               ten rules and E-6 to E-12); \
               `:rules 3` (or `:rules Rule 3`) shows a rule in short, `:rules Def. 2` a \
               definition, `:rules D-5` a decision: whatever a diagnostic cites.",
        bang: false,
        run: |s, arg, _| {
            let arg = arg.trim();
            let width = s.width();
            if arg.is_empty() {
                return Output::text(wrap_text(&rules::list_for(s.runner().rules()), width));
            }
            match rules::show(&s.runner().rules().edition().to_string(), arg) {
                Some(text) => Output::text(wrap_text(&text, width)),
                None => Output::fail(format!(
                    "error: no rule `{arg}`; try `:rules 3`, `:rules Def. 2` or `:rules D-5` \
                     (`:rules` lists them)"
                )),
            }
        },
    },
    Command {
        name: "roll",
        args: "",
        summary: "throw the 1879 die for the Mark due",
        help: "In a 1879 game, throws the die twice for the Mark (Rule 3): the first                throw gives the row (rank), the second the column (file, a = 1), each 3                to 6, so the Mark falls on c3 to f6 (E-7). The REPL throws it by itself                as soon as a line leaves a Mark due; `:roll` throws it after `:undo`,                `:new` or `:load`. The game records the square as `mark e4`.",
        bang: false,
        run: |s, _, _| s.roll(),
    },
    Command {
        name: "die",
        args: "[plain|nb]",
        summary: "how the 1879 die treats throws below three",
        help: "`:die plain` neglects throws below three (Rule 3); `:die nb` uses Carroll's                N.B. rule: below three, throw again; three or more stands, but below three                again gives twice the first throw and the second. Without an argument,                says which is in use. `lanrick repl --die nb` starts with it.",
        bang: false,
        run: |s, arg, _| {
            match arg.trim() {
                "" => {}
                "plain" => s.core.set_die_rule(crate::engine::DieRule::Plain),
                "nb" | "n.b." | "N.B." => s.core.set_die_rule(crate::engine::DieRule::CarrollNb),
                other => {
                    return Output::fail(format!(
                        "error: `:die {other}`: write `:die plain` or `:die nb`"
                    ));
                }
            }
            Output::text(match s.core.die().rule() {
                crate::engine::DieRule::Plain => "die: throws below three are neglected (plain)",
                crate::engine::DieRule::CarrollNb => "die: Carroll's N.B. rule (nb)",
            })
        },
    },
    Command {
        name: "quit",
        args: "",
        summary: "leave (also `quit`, `exit`, Ctrl-D)",
        help: "Leaves the REPL. With unsaved work in the current game or in a game put \
               aside by `:new`, `:setup` or `:load`, it warns first and leaves when asked \
               again (`:quit`, `quit`, `exit` or Ctrl-D); with piped input it warns and \
               leaves.",
        bang: false,
        run: |s, _, _| s.request_quit(),
    },
];

/// The command with this name (or unique prefix), or why there is none.
pub fn find(name: &str) -> Result<&'static Command, String> {
    if let Some(c) = COMMANDS.iter().find(|c| c.name == name) {
        return Ok(c);
    }
    let matches: Vec<&Command> = COMMANDS
        .iter()
        .filter(|c| c.name.starts_with(name))
        .collect();
    match matches.as_slice() {
        [one] if !name.is_empty() => Ok(one),
        [] | [_] => Err(format!("error: no command `:{name}`; `:help` lists them")),
        many => Err(format!(
            "error: `:{name}` could be {}",
            many.iter()
                .map(|c| format!(":{}", c.name))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Runs the command line after its `:`.
pub fn dispatch(session: &mut Session, line: &str) -> Output {
    let line = line.trim_start();
    let end = line
        .find(|c: char| c.is_whitespace() || c == '!')
        .unwrap_or(line.len());
    let (name, mut rest) = line.split_at(end);
    let bang = rest.starts_with('!');
    if bang {
        rest = &rest[1..];
    }
    let command = match find(name) {
        Ok(c) => c,
        Err(msg) => return Output::fail(msg),
    };
    if bang && !command.bang {
        return Output::fail(format!("error: `:{}` has no `!` form", command.name));
    }
    (command.run)(session, rest.trim(), bang)
}

/// `:play`: who lanrick plays.
fn play(s: &mut Session, arg: &str, _: bool) -> Output {
    let words: Vec<&str> = arg.split_whitespace().collect();
    match words.as_slice() {
        [] => Output::text(match s.core.lanrick() {
            Some((side, level)) => format!("lanrick plays {side} at level {level}"),
            None => "lanrick plays no side (`:play B 3` lets it take Black)".to_string(),
        }),
        ["off"] => {
            s.core.set_lanrick(None);
            Output::text("lanrick plays no side")
        }
        [side, rest @ ..] if rest.len() <= 1 => {
            let side = match *side {
                "B" | "b" | "Black" | "black" => Side::Black,
                "Y" | "y" | "W" | "w" | "Yellow" | "yellow" => Side::Yellow,
                other => {
                    return Output::fail(format!(
                        "error: `{other}` is not a side: write `B` or `Y` (`:play B 3`)"
                    ));
                }
            };
            let level = match rest.first() {
                None => super::session::DEFAULT_LEVEL,
                Some(l) => match l.parse::<u8>() {
                    Ok(n) if n <= crate::player::MAX_LEVEL => n,
                    _ => {
                        return Output::fail(format!(
                            "error: `{l}` is not a level: write 0 to {}",
                            crate::player::MAX_LEVEL
                        ));
                    }
                },
            };
            s.core.set_lanrick(Some((side, level)));
            Output::text(format!("lanrick plays {side} at level {level}"))
        }
        _ => Output::fail("error: write `:play B 3`, `:play Y`, `:play off` or `:play`"),
    }
}

/// `:load`'s arguments: a file name (in quotes when it has spaces, or the whole
/// argument when that names an existing file), then the game to pick, if any.
fn load_args(arg: &str) -> Option<(String, Option<String>)> {
    let arg = arg.trim();
    if arg.is_empty() {
        return None;
    }
    if let Some(rest) = arg.strip_prefix('"') {
        let end = rest.find('"')?;
        let which = rest[end + 1..].trim();
        return Some((
            rest[..end].to_string(),
            (!which.is_empty()).then(|| which.to_string()),
        ));
    }
    if Path::new(arg).exists() {
        return Some((arg.to_string(), None));
    }
    match arg.split_once(char::is_whitespace) {
        Some((file, which)) => Some((file.to_string(), Some(which.trim().to_string()))),
        None => Some((arg.to_string(), None)),
    }
}

/// A file name argument, without surrounding quotes.
fn path_arg(arg: &str) -> Option<String> {
    let arg = arg.trim();
    let arg = arg
        .strip_prefix('"')
        .and_then(|a| a.strip_suffix('"'))
        .unwrap_or(arg);
    (!arg.is_empty()).then(|| arg.to_string())
}

/// The text of `:help`.
pub fn help_list() -> String {
    let mut out = String::from("Commands:\n");
    let width = COMMANDS
        .iter()
        .map(|c| c.name.len() + c.args.len() + 2)
        .max()
        .unwrap_or(0);
    for c in COMMANDS {
        let usage = if c.args.is_empty() {
            format!(":{}", c.name)
        } else {
            format!(":{} {}", c.name, c.args)
        };
        let _ = writeln!(out, "  {usage:width$}  {}", c.summary);
    }
    out.push_str(
        "Anything else is read as events and directives (`mark d5`, `d1-d3 e8-e6`, `pass`, \
         `assert men B 5`), several on a line separated by `;`.\n",
    );
    out
}

fn help(s: &mut Session, arg: &str, _: bool) -> Output {
    let arg = arg.trim().trim_start_matches(':');
    let width = s.width();
    if arg.is_empty() {
        return Output::text(wrap_text(&help_list(), width));
    }
    match find(arg) {
        Ok(c) => {
            let bang = if c.bang {
                format!(" (or :{}!)", c.name)
            } else {
                String::new()
            };
            Output::text(wrap_text(
                &format!(
                    ":{} {}{bang}\n  {}\n\n{}",
                    c.name, c.args, c.summary, c.help
                ),
                width,
            ))
        }
        Err(msg) => Output::fail(msg),
    }
}

/// Reads an optional count, 1 when left out.
fn count_arg(arg: &str) -> Result<usize, Output> {
    let arg = arg.trim();
    if arg.is_empty() {
        return Ok(1);
    }
    match arg.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(Output::fail(format!(
            "error: `{arg}` is not a positive count"
        ))),
    }
}

fn undo(s: &mut Session, arg: &str, _: bool) -> Output {
    let n = match count_arg(arg) {
        Ok(n) => n,
        Err(o) => return o,
    };
    s.undo(n)
}

fn redo(s: &mut Session, arg: &str, _: bool) -> Output {
    let n = match count_arg(arg) {
        Ok(n) => n,
        Err(o) => return o,
    };
    s.redo(n)
}

fn moves(s: &mut Session, arg: &str, _: bool) -> Output {
    let arg = arg.trim();
    let only: Option<Square> = if arg.is_empty() {
        None
    } else {
        match arg.parse() {
            Ok(sq) => Some(sq),
            Err(_) => return Output::fail(format!("error: `{arg}` is not a square like `d4`")),
        }
    };
    let runner = s.runner();
    let pos = *runner.position();
    if let Some(r) = runner.game().result() {
        return Output::text(format!("the game is over: {r}"));
    }
    if pos.phase() == Phase::Mark {
        let marks: Vec<String> = pos
            .mark_options()
            .into_iter()
            .map(|r| Action::from(&r).to_string())
            .collect();
        return Output::text(format!(
            "{} sets the Mark ({} squares); {} choices:\n{}",
            pos.to_act(),
            pos.rendezvous_size(),
            marks.len(),
            flow("  ", &marks, ", ", s.width())
        ));
    }
    if let Phase::Bonus(n) = pos.phase() {
        // 1879 Rule 7: each of the winner's men and the border squares he may reach.
        let mut lines = Vec::new();
        for from in pos.men(pos.to_act()) {
            if only.is_some_and(|o| o != from) {
                continue;
            }
            let targets: Vec<String> = crate::engine::bonus_targets(&pos, from, n)
                .iter()
                .map(|(to, cost)| format!("{from}-{to} ({cost})"))
                .collect();
            lines.push(flow("  ", &targets, ", ", s.width()));
        }
        return Output::text(format!(
            "{}'s bonus: up to {n} king steps in all to other border squares, or `pass`:\n{}",
            pos.to_act(),
            lines.join("\n")
        ));
    }
    let tip = match pos.begin_turn() {
        Ok(t) => t,
        Err(v) => return Output::text(format!("no turn now: {}", v.cited(pos.rules()))),
    };
    let list = match only {
        Some(sq) => tip.legal_moves_from(sq),
        None => tip.legal_moves(),
    };
    if list.is_empty() {
        if let Some(choices) = tip.take_choices() {
            let takes: Vec<String> = choices.iter().map(|sq| format!("x {sq}")).collect();
            return Output::text(format!(
                "all {}'s men are in: the turn is a take ({})",
                pos.to_act(),
                takes.join(", ")
            ));
        }
        return Output::text(match only {
            Some(sq) if pos.man_at(sq) != Some(pos.to_act()) => {
                format!("{} has no man on {sq}", pos.to_act())
            }
            Some(sq) => format!("the man on {sq} has no legal move"),
            None => "no legal man's move: the side to play must `pass` (D-6)".into(),
        });
    }
    let width = s.width();
    let mut out = String::new();
    let mut i = 0;
    while i < list.len() {
        let from = list[i].from;
        let mut items = Vec::new();
        while i < list.len() && list[i].from == from {
            items.push(format!(
                "{}-{}\u{a0}({})",
                list[i].from, list[i].to, list[i].count
            ));
            i += 1;
        }
        out.push_str(&flow(&format!("{from}: "), &items, " ", width).replace('\u{a0}', " "));
        out.push('\n');
    }
    out.push_str(&wrap_text(
        &format!(
            "{} man's moves; {} may count {} squares this turn",
            list.len(),
            pos.to_act(),
            tip.allowance()
        ),
        width,
    ));
    Output::text(out)
}

fn turns(s: &mut Session, _: &str, _: bool) -> Output {
    let runner = s.runner();
    if let Some(r) = runner.game().result() {
        return Output::text(format!("the game is over: {r}"));
    }
    let pos = runner.position();
    let what = if pos.phase() == Phase::Mark {
        "Mark"
    } else {
        "turn"
    };
    let n = count_outcomes(pos);
    Output::text(format!(
        "{n} distinct outcome{} of {}'s next {what}",
        if n == 1 { "" } else { "s" },
        pos.to_act()
    ))
}

fn setup(s: &mut Session, arg: &str, _: bool) -> Output {
    let text = arg.trim();
    let text = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    if text.is_empty() {
        return Output::fail("error: `:setup` needs a position string in quotes");
    }
    match crate::engine::Position::parse_as(s.core.rules(), text) {
        Ok(p) => {
            let aside = s.reset(Some(p), ":setup");
            let mut out = Output::text(format!("new game from \"{p}\""));
            if let Some(note) = aside {
                out.push(&note);
            }
            out.push(&s.board_if_auto());
            out
        }
        Err(e) => {
            let p = crate::interp::position_problem_for(
                &e,
                crate::syntax::ast::Span::new(0, 0),
                s.core.rules(),
            );
            let mut out = Output::fail(s.render(&p, text));
            out.error = s.render(&p, text);
            out
        }
    }
}
