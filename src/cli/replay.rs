//! `lanrick replay`: its options, and printing a game's final position (or every
//! position of its main line) as boards, game by game as the file is read; with
//! `--html` it hands over to [`super::pictures::replay_html`].

use super::input::{STDIN_NAME, is_stdin};
use super::{
    ColorChoice, EXIT_ERROR, EXIT_FAILED, EXIT_OK, args, board, pictures, report, stream, use_color,
};
use crate::interp::{self, Options, Problem};
use crate::term::visible::{visible, visible_line};
use clap::Args;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The options of `lanrick replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The game file; `-` is standard input.
    pub file: PathBuf,
    /// Print every position of the main line.
    #[arg(long)]
    pub each: bool,
    /// Which game of a collection (1-based); all games when left out.
    #[arg(long, value_parser = args::at_least(1))]
    pub game: Option<usize>,
    /// Colour on the board and in diagnostics.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Write a self-contained HTML page replaying the file to OUT (atomically)
    /// instead of printing boards.
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,
    /// With --html: Black at the bottom of the board.
    #[arg(long, requires = "html")]
    pub flip: bool,
    /// With --html: do not prove the puzzles (the page then says "not proved").
    #[arg(long, requires = "html")]
    pub no_prove: bool,
    /// With --html: the prover's budget for the puzzles' verdicts on the page, as
    /// `check` and `solve` take it.
    #[command(flatten)]
    pub budget: super::solve::Budget,
}

/// `lanrick replay`: boards on standard output, or the HTML page with `--html`.
pub fn run(args: ReplayArgs) -> u8 {
    match args.html {
        Some(out) => pictures::replay_html(
            &args.file,
            args.game,
            &out,
            args.flip,
            (!args.no_prove).then(|| args.budget.limits()),
            use_color(args.color, true),
        ),
        None => replay(
            &args.file,
            args.each,
            args.game,
            use_color(args.color, false),
        ),
    }
}

/// Output of `replay` not yet written: stdout and stderr text in order.
#[derive(Default)]
struct Pending {
    parts: Vec<(bool, String)>,
    bytes: usize,
}

impl Pending {
    fn out(&mut self, text: String) {
        self.bytes += text.len();
        self.parts.push((false, text));
    }
    fn err(&mut self, text: String) {
        self.bytes += text.len();
        self.parts.push((true, text));
    }
    fn flush(&mut self, out: &mut impl Write) {
        for (is_err, text) in self.parts.drain(..) {
            if is_err {
                let _ = out.flush();
                eprint!("{text}");
            } else {
                let _ = out.write_all(text.as_bytes());
            }
        }
        self.bytes = 0;
    }
}

/// Output held back before it is written: a syntax error later in the file replaces
/// it. Past this size it is written anyway (see docs/performance.md).
const REPLAY_HOLD: usize = 2 << 20;

/// Writes one game of `replay`.
fn replay_game(
    to: &mut Pending,
    g: &interp::GameRun,
    window: &report::Window,
    (name, many, each, color): (&str, bool, bool, bool),
) -> bool {
    if many {
        to.out(format!("== {} ==\n", visible_line(&g.name())));
    }
    if each {
        for (span, pos) in &g.positions {
            match span {
                Some(s) => {
                    let text = window
                        .text
                        .get(s.start.saturating_sub(window.base)..s.end.saturating_sub(window.base))
                        .unwrap_or("");
                    to.out(format!(
                        "after {}:\n",
                        visible(&text.split_whitespace().collect::<Vec<_>>().join(" "))
                    ));
                }
                None => to.out("start:\n".into()),
            }
            to.out(format!("{}{pos}\n\n", board::diagram(pos, color)));
        }
    } else if let Some(r) = &g.runner {
        to.out(format!(
            "{}{}\n",
            board::diagram_of(r.position(), r.game().result().is_some(), color),
            r.position()
        ));
    }
    if let Some(r) = g.runner.as_ref().and_then(|r| r.game().result()) {
        to.out(format!("Result: {r}\n"));
    }
    for p in &g.problems {
        to.err(report::render_human(p, name, window.src(), color));
    }
    !g.problems.is_empty()
}

/// Every syntax error of a file, or the bad byte of one that is not UTF-8, with the
/// text each is rendered against.
type Fatal = Vec<(Problem, report::Window)>;

fn replay(path: &Path, each: bool, game: Option<usize>, color: bool) -> u8 {
    use std::sync::atomic::Ordering;
    use stream::PieceRun;
    let (name, input): (String, Box<dyn Read + Send>) = if is_stdin(path) {
        (STDIN_NAME.into(), Box::new(std::io::stdin()))
    } else {
        if path.is_dir() {
            say!("error: {} is a directory; give a game file", path.display());
            return EXIT_ERROR;
        }
        match std::fs::File::open(path) {
            Ok(f) => (path.display().to_string(), Box::new(f)),
            Err(e) => {
                say!("error: cannot read {}: {e}", path.display());
                return EXIT_ERROR;
            }
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut pending = Pending::default();
    // The first game waits until we know whether there is a second ("== name ==").
    let mut first: Option<(Box<interp::GameRun>, report::Window)> = None;
    let mut count = 0usize;
    let mut failed = false;
    // Once a syntax error is found no board is printed: the later games are only read
    // for their own syntax errors.
    let mut fatal: Fatal = Vec::new();
    let opts = Options { each };
    let result = stream::pipeline(
        input,
        stream::default_jobs(),
        Some(opts),
        |piece, skip| {
            if skip {
                stream::syntax_only(piece)
            } else {
                stream::run_piece(piece, opts)
            }
        },
        |piece, run, skip| {
            match run {
                PieceRun::BadUtf8(at) => {
                    fatal.push((stream::utf8_problem(at), piece.window));
                    return false;
                }
                PieceRun::Syntax(problems) => {
                    let windows = piece.window.around(&problems);
                    fatal.extend(problems.into_iter().zip(windows));
                    skip.store(true, Ordering::Relaxed);
                }
                PieceRun::Skipped | PieceRun::Game(None) => {}
                PieceRun::Game(Some(g)) => {
                    count += 1;
                    if !fatal.is_empty() {
                        return true;
                    }
                    let selected = match game {
                        Some(n) => n == count,
                        None => true,
                    };
                    if !selected {
                        return true;
                    }
                    if game.is_none() && count == 1 {
                        first = Some((g, piece.window));
                        return true;
                    }
                    if let Some((g1, w1)) = first.take() {
                        failed |= replay_game(&mut pending, &g1, &w1, (&name, true, each, color));
                    }
                    let many = game.is_none();
                    failed |=
                        replay_game(&mut pending, &g, &piece.window, (&name, many, each, color));
                    if pending.bytes > REPLAY_HOLD {
                        pending.flush(&mut out);
                    }
                }
            }
            true
        },
    );
    if let Err(e) = result {
        if let Some((p, window)) = e.problem() {
            eprint!("{}", report::render_human(&p, &name, window.src(), color));
            return EXIT_FAILED;
        }
        say!("error: cannot read {name}: {e}");
        return EXIT_ERROR;
    }
    if !fatal.is_empty() {
        for (p, window) in &fatal {
            eprint!("{}", report::render_human(p, &name, window.src(), color));
        }
        return EXIT_FAILED;
    }
    if let Some((g1, w1)) = first.take() {
        failed |= replay_game(&mut pending, &g1, &w1, (&name, false, each, color));
    }
    if let Some(n) = game
        && (n == 0 || n > count)
    {
        let p = super::no_such_game(n, count);
        eprint!("{}", report::render_human(&p, &name, "", color));
        return EXIT_ERROR;
    }
    pending.flush(&mut out);
    let _ = out.flush();
    if failed { EXIT_FAILED } else { EXIT_OK }
}
