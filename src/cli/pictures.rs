//! `lanrick render` (SVG diagrams, its options) and `lanrick replay --html` (the replay
//! page): the files read and written around [`crate::render`].

use super::args::parse_rules;
use super::{
    ColorChoice, EXIT_ERROR, EXIT_FAILED, EXIT_OK, args, read_source, report, use_color,
    write_atomically,
};
use crate::engine::{Position, Rules};
use crate::interp;
use crate::render::svg::{self, Marks, Options};
use crate::render::tree::{self, FileTree, GameTree};
use crate::syntax::ast::Span;
use clap::Args;
use std::path::{Path, PathBuf};

/// The options of `lanrick render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The game file (`-`: standard input).
    #[arg(required_unless_present = "position", conflicts_with = "position")]
    pub file: Option<PathBuf>,
    /// A position string to draw instead of a game file.
    #[arg(long)]
    pub position: Option<String>,
    /// The rules the --position string is read by: `1893` (default), `1880`, `1879`,
    /// `1893-es`, ... (a game file's `Rules` tag wins).
    #[arg(long, default_value = "1893", value_parser = parse_rules)]
    pub rules: Rules,
    /// The position after N actions of the main line (0: the start); default: its end.
    #[arg(long, value_name = "N", conflicts_with = "each")]
    pub after: Option<usize>,
    /// Every position of the main line, as DIR/000.svg, DIR/001.svg, … (needs --out DIR).
    #[arg(long)]
    pub each: bool,
    /// Which game of a collection (1-based); needed when the file has several.
    #[arg(long, value_parser = args::at_least(1))]
    pub game: Option<usize>,
    /// Black at the bottom (rank 8 nearest the reader); default: Yellow, rank 1.
    #[arg(long)]
    pub flip: bool,
    /// The width in pixels (the picture scales to any size).
    #[arg(long, default_value_t = 480, value_parser = clap::value_parser!(u32).range(64..=8192))]
    pub size: u32,
    /// No caption under the board.
    #[arg(long)]
    pub no_caption: bool,
    /// Write to this file (atomically), or with --each into this directory,
    /// instead of standard output.
    #[arg(long, short)]
    pub out: Option<PathBuf>,
    /// Colour in diagnostics.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// The name of an input in messages: its path, or `<stdin>` for `-`.
fn shown_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        super::STDIN_NAME.to_string()
    } else {
        path.display().to_string()
    }
}

/// Writes `text` to `out` atomically, or to standard output.
fn emit(out: Option<&Path>, text: &str) -> Result<(), String> {
    match out {
        Some(path) => write_atomically(path, text),
        None => {
            use std::io::Write;
            let stdout = std::io::stdout();
            let mut lock = stdout.lock();
            lock.write_all(text.as_bytes())
                .and_then(|()| lock.flush())
                .map_err(|e| format!("cannot write to standard output: {e}"))
        }
    }
}

/// Refuses to write `out` when it is the input file `input` (by another name, a link
/// or a hard link too): the game would be lost under a picture. `-` is no file.
pub(super) fn refuse_input(input: &Path, out: &Path) -> Result<(), String> {
    if input.as_os_str() != "-" && crate::term::same_file(input, out) {
        return Err(format!(
            "cannot write {}: it is the input file {}; write the picture to another file",
            crate::term::shown_path(out),
            crate::term::shown_path(input)
        ));
    }
    Ok(())
}

/// Reads `path` and builds its steps (of game `only`, if given); prints what is wrong.
/// `Err` is the exit code.
fn load(path: &Path, only: Option<usize>, color: bool) -> Result<(String, FileTree), u8> {
    let stdin = path.as_os_str() == "-";
    let name = shown_name(path);
    if path.is_dir() {
        say!("error: {name} is a directory; give a game file");
        return Err(EXIT_ERROR);
    }
    let read = if stdin {
        crate::term::read_bounded(std::io::stdin(), &name).map(super::decode)
    } else {
        read_source(path)
    };
    let src = match read {
        Err(msg) => {
            say!("error: {msg}");
            return Err(EXIT_ERROR);
        }
        Ok(Err((src, p))) => {
            eprint!("{}", report::render_human(&p, &name, src.as_str(), color));
            return Err(EXIT_FAILED);
        }
        Ok(Ok(src)) => src,
    };
    let tree = match tree::build(&src, only) {
        Ok(t) => t,
        Err(p) => {
            eprint!("{}", report::render_human(&p, &name, src.as_str(), color));
            return Err(EXIT_ERROR);
        }
    };
    if let Some(n) = only
        && tree.syntax.is_none()
        && (n == 0 || n > tree.total)
    {
        let p = super::no_such_game(n, tree.total);
        eprint!("{}", report::render_human(&p, &name, "", color));
        return Err(EXIT_ERROR);
    }
    Ok((src, tree))
}

/// Prints every problem of `tree` as `check` does; whether there was one.
fn report_problems(tree: &FileTree, name: &str, src: &str, color: bool) -> bool {
    let problems: Vec<&interp::Problem> = tree
        .syntax
        .iter()
        .chain(tree.games.iter().flat_map(|g| g.problems.iter()))
        .collect();
    for p in &problems {
        eprint!("{}", report::render_human(p, name, src, color));
    }
    !problems.is_empty()
}

/// `lanrick render`.
pub fn render(args: RenderArgs) -> u8 {
    let options = Options {
        flip: args.flip,
        width: args.size,
        caption: !args.no_caption,
        title: None,
    };
    let color = use_color(args.color, true);
    if let Some(text) = &args.position {
        let pos = match Position::parse_as(args.rules, text) {
            Ok(p) => p,
            Err(e) => {
                let p = interp::position_problem_for(&e, Span::new(0, 0), args.rules);
                eprint!(
                    "{}",
                    report::render_human(&p, "position", text.as_str(), color)
                );
                return EXIT_ERROR;
            }
        };
        if args.each || args.after.is_some() || args.game.is_some() {
            say!("error: --each, --after and --game need a game file, not --position");
            return EXIT_ERROR;
        }
        let svg = svg::diagram(&pos, &Marks::default(), &options);
        return match emit(args.out.as_deref(), &svg) {
            Ok(()) => EXIT_OK,
            Err(msg) => {
                say!("error: {msg}");
                EXIT_ERROR
            }
        };
    }
    let Some(path) = &args.file else {
        say!("error: give a game file or --position");
        return EXIT_ERROR;
    };
    let name = shown_name(path);
    if let Some(out) = &args.out
        && !args.each
        && let Err(msg) = refuse_input(path, out)
    {
        say!("error: {msg}");
        return EXIT_ERROR;
    }
    let (src, tree) = match load(path, args.game, color) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let failed = report_problems(&tree, &name, &src, color);
    if tree.syntax.is_some() {
        return EXIT_FAILED;
    }
    let game = match tree.games.as_slice() {
        [g] => g,
        [] => {
            say!("error: {name} holds no game");
            return EXIT_ERROR;
        }
        many => {
            say!(
                "error: {name} has {} games; choose one with --game N",
                many.len()
            );
            return EXIT_ERROR;
        }
    };
    if game.main.is_empty() {
        // The tags are wrong (reported above): there is no position to draw.
        return EXIT_FAILED;
    }
    let last = game.main.len() - 1;
    let written = if args.each {
        let Some(dir) = &args.out else {
            say!("error: --each writes one file per position: give --out DIR");
            return EXIT_ERROR;
        };
        if let Err(msg) = crate::term::output_dir(dir, true) {
            say!("error: {msg}");
            return EXIT_ERROR;
        }
        let width = last.to_string().len().max(3);
        let files: Vec<PathBuf> = (0..=last)
            .map(|n| dir.join(format!("{n:0width$}.svg")))
            .collect();
        if let Some(msg) = files.iter().find_map(|f| refuse_input(path, f).err()) {
            say!("error: {msg}");
            return EXIT_ERROR;
        }
        files
            .iter()
            .enumerate()
            .try_for_each(|(n, file)| write_atomically(file, &step_svg(game, n, &options)))
    } else {
        let n = match args.after {
            Some(n) if n > last => {
                say!(
                    "error: the main line of {name} has {last} action(s): --after takes 0 to {last}"
                );
                return EXIT_ERROR;
            }
            Some(n) => n,
            None => last,
        };
        emit(args.out.as_deref(), &step_svg(game, n, &options))
    };
    match written {
        Err(msg) => {
            say!("error: {msg}");
            EXIT_ERROR
        }
        Ok(()) if failed => EXIT_FAILED,
        Ok(()) => EXIT_OK,
    }
}

/// The diagram of main-line step `n` of `game` (empty past its end), titled with the
/// event that led there unless `options` has a title.
pub fn step_svg(game: &GameTree, n: usize, options: &Options) -> String {
    let Some(step) = game.main.get(n).and_then(|&i| game.steps.get(i)) else {
        return String::new();
    };
    let title = match (&step.problem, step.parent) {
        (Some(_), _) => format!("refused: {}", step.text),
        (None, None) => "start".to_string(),
        (None, Some(_)) => format!("after {}", step.text),
    };
    let options = Options {
        title: Some(options.title.clone().unwrap_or(title)),
        ..options.clone()
    };
    svg::diagram(&step.position, &Marks::of(step), &options)
}

/// `lanrick replay FILE --html OUT`: the replay page of the file (or of one game),
/// with `flip` Black at the bottom, its puzzles proved within `limits` (`None`: not
/// proved).
pub fn replay_html(
    path: &Path,
    game: Option<usize>,
    out: &Path,
    flip: bool,
    limits: Option<crate::prover::Limits>,
    color: bool,
) -> u8 {
    let name = shown_name(path);
    if let Err(msg) = refuse_input(path, out) {
        say!("error: {msg}");
        return EXIT_ERROR;
    }
    let (src, tree) = match load(path, game, color) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let failed = report_problems(&tree, &name, &src, color);
    let mut tree = tree;
    if let Some(limits) = &limits {
        prove_puzzles(&mut tree, limits);
    }
    let title = match path.file_name() {
        Some(f) if path.as_os_str() != "-" => f.to_string_lossy().into_owned(),
        _ => name,
    };
    let page = crate::render::html::page(&title, &src, &tree, flip);
    match write_atomically(out, &page) {
        Err(msg) => {
            say!("error: {msg}");
            EXIT_ERROR
        }
        Ok(()) if failed => EXIT_FAILED,
        Ok(()) => EXIT_OK,
    }
}

/// Proves every puzzle of the page as `check` does, within `limits` (`replay --html`'s
/// budget options, the same as `check`'s), with the tries of direct play, so that the
/// page shows the prover's verdict, the keys, the refutations of the written key and
/// the tries: the page's script computes nothing.
pub fn prove_puzzles(tree: &mut FileTree, limits: &crate::prover::Limits) {
    for g in &mut tree.games {
        let Some(p) = &mut g.puzzle else { continue };
        let Some(pz) = &p.input else { continue };
        let Ok(r) = crate::interp::proof::prove(pz, limits) else {
            continue;
        };
        let tries = if r.goal.help {
            crate::prover::Tries::default()
        } else {
            crate::prover::tries(&pz.start, r.goal, limits, &r, 1)
        };
        p.prover = Some(tree::ProverFindings {
            verdict: r.verdict.name().to_owned(),
            summary: crate::interp::proof::verdict_line(&r),
            keys: r
                .true_keys()
                .map(|k| match k.depth {
                    Some(d) if d < r.goal.turns => format!("{} (in {d})", k.act),
                    _ => k.act.to_string(),
                })
                .collect(),
            refutations: r.refutations.iter().map(ToString::to_string).collect(),
            tries: tries
                .found
                .iter()
                .map(|(a, refs)| {
                    (
                        a.to_string(),
                        refs.iter().map(ToString::to_string).collect(),
                    )
                })
                .collect(),
        });
    }
}
