//! `split_games` agrees with `parse_file`'s grouping: every piece parsed alone gives
//! the same game as the whole file, on the examples, the test cases and self-play
//! output, and on hand-made collections with comments between games.

use lanrick::syntax::{
    GameSplitter, ast, parse_file, parse_file_all_errors, split_games, without_spans,
};
use std::path::{Path, PathBuf};

fn lanrick_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            lanrick_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "lanrick") {
            out.push(p);
        }
    }
}

/// Checks that the pieces of `src` give the games of the whole file; returns the
/// number of games.
fn agrees(name: &str, src: &str) -> usize {
    let pieces = split_games(src);
    // The pieces cover the text in order.
    assert_eq!(pieces.first().map(|s| s.start), Some(0), "{name}");
    assert_eq!(pieces.last().map(|s| s.end), Some(src.len()), "{name}");
    for w in pieces.windows(2) {
        assert_eq!(w[0].end, w[1].start, "{name}");
    }
    // Fed in small pieces, the splitter finds the same cuts.
    let mut s = GameSplitter::new();
    let mut cuts = Vec::new();
    for chunk in src.as_bytes().chunks(7) {
        s.feed(chunk, &mut cuts);
    }
    s.finish(&mut cuts);
    let from_pieces: Vec<usize> = pieces.iter().skip(1).map(|p| p.start).collect();
    assert_eq!(cuts, from_pieces, "{name}: streaming cuts");

    let whole = match parse_file(src) {
        Ok(f) => f,
        Err(e) => {
            // The first piece that fails fails with the same error, at the same place.
            let first = pieces
                .iter()
                .find_map(|p| parse_file(&src[p.start..p.end]).err().map(|e| (e, p.start)))
                .unwrap_or_else(|| panic!("{name}: the whole file fails, no piece does"));
            assert_eq!(first.0.span.shift(first.1), e.span, "{name}");
            assert_eq!(first.0.kind, e.kind, "{name}");
            // Every syntax error: the pieces (as `check` reads them) find the ones the
            // whole text gives (as `fmt` reads it), at the same places.
            let whole: Vec<(ast::Span, &str)> = parse_file_all_errors(src)
                .err()
                .unwrap_or_default()
                .iter()
                .map(|e| (e.span, e.code()))
                .collect();
            let mut from_pieces = Vec::new();
            for p in &pieces {
                for e in parse_file_all_errors(&src[p.start..p.end])
                    .err()
                    .unwrap_or_default()
                {
                    from_pieces.push((e.span.shift(p.start), e.code()));
                }
            }
            assert_eq!(from_pieces, whole, "{name}: every syntax error");
            assert!(whole.iter().any(|w| w.0 == e.span), "{name}");
            return 0;
        }
    };
    if whole.games.len() <= 1 {
        assert_eq!(pieces.len(), 1, "{name}: one game, one piece");
    }
    let mut games: Vec<ast::Game> = Vec::new();
    for p in &pieces {
        let f = parse_file(&src[p.start..p.end])
            .unwrap_or_else(|e| panic!("{name}: piece {p:?} fails alone: {e}"));
        assert!(
            f.games.len() <= 1,
            "{name}: piece {p:?} holds {}",
            f.games.len()
        );
        for mut g in f.games {
            g.span = g.span.shift(p.start);
            games.push(g);
        }
    }
    assert_eq!(games.len(), whole.games.len(), "{name}: number of games");
    for (a, b) in games.iter().zip(&whole.games) {
        assert_eq!(a.span, b.span, "{name}: game span");
    }
    let stripped = without_spans(&ast::File {
        games,
        trailing: whole.trailing.clone(),
    });
    assert_eq!(stripped, without_spans(&whole), "{name}: games differ");
    whole.games.len()
}

#[test]
fn pieces_agree_with_the_parser_on_every_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    lanrick_files(&root.join("examples"), &mut files);
    lanrick_files(&root.join("tests/cases"), &mut files);
    lanrick_files(&root.join("benches/data"), &mut files);
    assert!(files.len() > 30, "only {} files", files.len());
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        agrees(&f.display().to_string(), &src);
    }
}

#[test]
fn pieces_agree_on_selfplay_output() {
    let (text, _) = lanrick::selfplay::generate(30, 1878);
    assert_eq!(agrees("selfplay", &text), 30);
    let (text, _) = lanrick::selfplay::generate_annotated(30, 1878, 0.3);
    assert_eq!(agrees("annotated selfplay", &text), 30);
}

#[test]
fn comments_between_games_go_to_the_next_game() {
    let cases = [
        "[Event \"a\"]\nmark d5\n# about b\n{ and more\n}\n[Event \"b\"]\nmark d5\n",
        "[Event \"a\"]\nmark d5 { a comment\n[Event \"x\"] inside }\n[Event \"b\"]\n\n\nmark e4 # end\n# trailing\n",
        "\u{FEFF}mark d5\n[Event \"b\"] # c\r\n[Round \"2\"]\r\nmark d5 ( mark e4\n b8-b7 )\n",
        "# only comments\n\n{ x }\n",
        "mark d5\n[Event \"b\"]",
        "[A \"1\"]\n[B \"(\"]\nmark d5 ; assert to-move Y\n[C \"\\\"{\"]\nmark d5\n\n",
        "",
    ];
    let counts = [2, 2, 2, 0, 2, 2, 0];
    for (src, n) in cases.iter().zip(counts) {
        assert_eq!(agrees(src, src), n, "{src:?}");
    }
}

#[test]
fn syntax_errors_are_found_in_the_same_place() {
    let cases = [
        "[Event \"a\"]\nmark d5\n[Event \"b\"]\nmark d5 (\n[Event \"c\"]\nmark d5\n",
        "[Event \"a\"]\nmark d5\n[Event \"b]\nmark d5\n",
        "[Event \"a\"]\nmark d5\n[Event \"b\"]\nmark d5 { open\n[Event \"c\"]\n",
        "[Event \"a\"]\nmark d5\n[Event \"b\"]\nmark d5 a7-\n[Event \"c\"]\nmark d5\n",
        "[Event \"a\"]\nmark d5\n x [Event \"b\"]\nmark d5\n",
        // Several errors in several games, over comments and variations spanning lines.
        "[Event \"a\"]\nmark d9\nY: zz\n{ a\n b } a7-b6 ( bogus\n c7-c6 )\nb8-c7 $0\n[Event \"b\"]\nmark d5\n[Event \"c\"]\nmark d5 $999\n( x\n",
        "mark d5 \"open\nzz\n{ never closed\nzz\n",
    ];
    for src in cases {
        assert_eq!(agrees(src, src), 0, "{src:?}");
    }
}

/// Renders what `check` reports for a file read game by game, and for the whole text.
fn streamed_and_whole(path: &Path, jobs: usize) -> (String, String) {
    use lanrick::cli::report::{Outcome, render_human};
    let name = path.display().to_string();
    let checked = lanrick::cli::stream::check_file(path, jobs);
    let mut streamed = String::new();
    for f in checked.problems() {
        streamed.push_str(&render_human(&f.problem, &name, f.window.src(), false));
    }
    let src = std::fs::read_to_string(path).unwrap_or_default();
    let syntax = parse_file_all_errors(&src).is_err();
    if let Outcome::Games(g) = &checked.outcome
        && !syntax
    {
        streamed.push_str(&format!("{} games\n", g.len()));
    }
    let mut whole = String::new();
    if let Err(errors) = parse_file_all_errors(&src) {
        // Every syntax error, as `check` reports them; no game is replayed.
        for e in &errors {
            let p = lanrick::interp::syntax_problem(e);
            whole.push_str(&render_human(&p, &name, &src, false));
        }
        return (streamed, whole);
    }
    let run = lanrick::interp::run_file(&src, lanrick::interp::Options::default());
    for p in run.problems() {
        whole.push_str(&render_human(p, &name, &src, false));
    }
    whole.push_str(&format!("{} games\n", run.games.len()));
    (streamed, whole)
}

#[test]
fn streamed_check_renders_as_the_whole_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    lanrick_files(&root.join("tests/cases"), &mut files);
    lanrick_files(&root.join("examples"), &mut files);
    // A collection whose games fail in the middle, with context lines either side.
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap_or_default();
        if parse_file(&src).is_ok_and(|p| p.games.len() == 1) && src.starts_with('[') {
            text.push_str(&src);
            text.push('\n');
        }
    }
    let coll = dir.path().join("all.lanrick");
    std::fs::write(&coll, &text).unwrap();
    files.push(coll);
    for f in files {
        for jobs in [1, 2] {
            let (streamed, whole) = streamed_and_whole(&f, jobs);
            assert_eq!(streamed, whole, "{} with {jobs} jobs", f.display());
        }
    }
}

/// A collection of many batches (workers take about 64 KB at a time) with problems in
/// games far apart: the report comes in file order, the same with one worker or two,
/// and the same as from the whole file.
#[test]
fn problems_across_many_batches_come_in_file_order() {
    let (text, _) = lanrick::selfplay::generate(150, 31);
    assert!(text.len() > 4 * 64 * 1024, "{} bytes", text.len());
    let games = lanrick::syntax::split_games(&text);
    let mut damaged = String::new();
    for (i, g) in games.iter().enumerate() {
        damaged.push_str(text[g.start..g.end].trim_end());
        damaged.push('\n');
        if [5, 70, 71, 149].contains(&i) {
            // After the game's last event: the game is over.
            damaged.push_str("pass\n");
        }
        damaged.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.lanrick");
    std::fs::write(&path, &damaged).unwrap();
    let (one, whole) = streamed_and_whole(&path, 1);
    assert_eq!(one, whole);
    let (two, _) = streamed_and_whole(&path, 2);
    assert_eq!(two, whole);
    assert_eq!(whole.matches("lanrick::").count(), 4, "{whole}");
}

/// Each problem rendered against its own small window reads exactly as against the
/// whole text: lines, columns, context lines, long lines, CRLF and lone CR line ends.
#[test]
fn problems_render_the_same_in_their_own_windows() {
    use lanrick::cli::report::{Window, render_human};
    let long = "a7-b6 ".repeat(60);
    let texts = [
        "[Event \"a\"]\nmark d9\nY: zz\n{ a\n b } a7-b6 ( bogus\n c7-c6 )\nb8-c7 $0\nzz\n"
            .to_owned(),
        "zz\r\nmark d5\r\n\r\nY: zz\r\nb8-c7 $0\r\n".to_owned(),
        "mark d5\rzz\nzz\r\r\nmark d5 $0\n".to_owned(),
        format!("mark d5\n{long}zz\n{long}\nzz {long}\n$0\n"),
        "mark d5 { never closed\nzz\n".to_owned(),
    ];
    for text in texts {
        let errors = parse_file_all_errors(&text).expect_err("errors");
        assert!(errors.len() > 1 || text.contains("never"), "{text:?}");
        let problems: Vec<_> = errors.iter().map(lanrick::interp::syntax_problem).collect();
        let whole = Window::whole(text.clone());
        for (p, w) in problems.iter().zip(whole.around(&problems)) {
            assert_eq!(
                render_human(p, "f", w.src(), false),
                render_human(p, "f", text.as_str(), false),
                "{text:?}"
            );
        }
    }
}
