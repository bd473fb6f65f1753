//! Pictures as people see them: SVG diagrams are well-formed XML with what a reader
//! needs (checked by a small XML reader here and by snapshot), the replay page is
//! self-contained and escapes what it shows, `lanrick render` and `replay --html` keep
//! their promises, and the pictures in `docs/` are those the code draws today.
//!
//! The page's behaviour in a browser is tested by `tests/browser/run.sh` (headless
//! Chromium), which `.ci/run` calls.
//!
//! To regenerate `docs/pictures/` after a change: `LANRICK_UPDATE_PICTURES=1 cargo test
//! --test pictures`.

use assert_cmd::Command;
use lanrick::cli::pictures::step_svg;
use lanrick::engine::Position;
use lanrick::render::svg::{self, Marks, Options};
use lanrick::render::{html, tree};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn example(name: &str) -> String {
    std::fs::read_to_string(root().join("examples").join(name)).unwrap()
}

/// An element: its name and its attributes in order.
type Element = (String, Vec<(String, String)>);

/// A strict enough XML reader: the prolog, elements properly nested and closed,
/// attributes quoted and not repeated, entities known, no stray `<` or `&`. Returns
/// the elements' names with their attributes, in document order.
fn parse_xml(text: &str) -> Result<Vec<Element>, String> {
    fn check_text(t: &str) -> Result<(), String> {
        let mut rest = t;
        while let Some(i) = rest.find('&') {
            let after = &rest[i + 1..];
            let end = after.find(';').ok_or("unterminated entity")?;
            let name = &after[..end];
            let ok = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
                || (name.starts_with("#x")
                    && name.len() > 2
                    && name[2..].chars().all(|c| c.is_ascii_hexdigit()))
                || (name.starts_with('#')
                    && name.len() > 1
                    && name[1..].chars().all(|c| c.is_ascii_digit()));
            if !ok {
                return Err(format!("unknown entity &{name};"));
            }
            rest = &after[end + 1..];
        }
        if t.contains('>') && t.contains("]]>") {
            return Err("]]> in text".into());
        }
        if t.chars()
            .any(|c| c < ' ' && !matches!(c, '\t' | '\n' | '\r'))
        {
            return Err("control character".into());
        }
        Ok(())
    }
    let mut rest = text
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .ok_or("no XML declaration")?;
    let mut stack: Vec<String> = Vec::new();
    let mut elements = Vec::new();
    let mut seen_root = false;
    loop {
        let lt = match rest.find('<') {
            Some(i) => i,
            None => {
                if !rest.trim().is_empty() {
                    return Err("text after the root".into());
                }
                break;
            }
        };
        let between = &rest[..lt];
        if stack.is_empty() && !between.trim().is_empty() {
            return Err("text outside the root".into());
        }
        check_text(between)?;
        rest = &rest[lt + 1..];
        let gt = rest.find('>').ok_or("unclosed tag")?;
        let tag = &rest[..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().ok_or("end tag without start")?;
            if open != name.trim() {
                return Err(format!("</{name}> closes <{open}>"));
            }
            continue;
        }
        let (tag, empty) = match tag.strip_suffix('/') {
            Some(t) => (t, true),
            None => (tag, false),
        };
        let name_end = tag.find(|c: char| c.is_whitespace()).unwrap_or(tag.len());
        let name = &tag[..name_end];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_alphanumeric() || ":-_".contains(c))
        {
            return Err(format!("bad element name {name:?}"));
        }
        if stack.is_empty() {
            if seen_root {
                return Err("two roots".into());
            }
            seen_root = true;
        }
        let mut attrs: Vec<(String, String)> = Vec::new();
        let mut a = tag[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a
                .find('=')
                .ok_or(format!("attribute without value in <{name}>"))?;
            let key = a[..eq].trim().to_string();
            let after = &a[eq + 1..];
            let quote = after.chars().next().ok_or("no value")?;
            if quote != '"' && quote != '\'' {
                return Err(format!("unquoted attribute {key}"));
            }
            let close = after[1..].find(quote).ok_or("unterminated value")?;
            let value = &after[1..1 + close];
            if value.contains('<') {
                return Err(format!("< in attribute {key}"));
            }
            check_text(value)?;
            if attrs.iter().any(|(k, _)| *k == key) {
                return Err(format!("repeated attribute {key}"));
            }
            attrs.push((key, value.to_string()));
            a = after[close + 2..].trim_start();
        }
        elements.push((name.to_string(), attrs));
        if !empty {
            stack.push(name.to_string());
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed <{}>", stack.join("> <")));
    }
    Ok(elements)
}

/// The elements of a diagram, after checking it is a well-formed SVG 1.1 document.
fn checked_svg(text: &str) -> Vec<Element> {
    let elements = parse_xml(text).unwrap_or_else(|e| panic!("not well-formed: {e}\n{text}"));
    let (name, attrs) = &elements[0];
    assert_eq!(name, "svg");
    let attr = |k: &str| attrs.iter().find(|(a, _)| a == k).map(|(_, v)| v.as_str());
    assert_eq!(attr("xmlns"), Some("http://www.w3.org/2000/svg"));
    assert_eq!(attr("xmlns:xlink"), Some("http://www.w3.org/1999/xlink"));
    assert_eq!(attr("version"), Some("1.1"));
    assert!(attr("viewBox").is_some_and(|v| v.starts_with("0 0 ")));
    // Every reference points at a defined shape.
    let ids: Vec<&str> = elements
        .iter()
        .flat_map(|(_, a)| a.iter().filter(|(k, _)| k == "id").map(|(_, v)| v.as_str()))
        .collect();
    for (_, a) in &elements {
        for (k, v) in a {
            if k == "xlink:href" {
                assert!(ids.contains(&v.trim_start_matches('#')), "{v} undefined");
            }
        }
    }
    elements
}

/// How many `<use>` elements draw the shape `id`.
fn uses(elements: &[Element], id: &str) -> usize {
    let want = format!("#{id}");
    elements
        .iter()
        .filter(|(n, a)| n == "use" && a.iter().any(|(k, v)| k == "xlink:href" && *v == want))
        .count()
}

#[test]
fn the_xml_reader_refuses_what_is_not_well_formed() {
    let ok =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg a=\"1\"><g/><t>x &amp; y</t></svg>\n";
    assert!(parse_xml(ok).is_ok());
    for bad in [
        "<svg></svg>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg><g></svg>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg a=1></svg>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg>a & b</svg>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg a=\"1\" a=\"2\"></svg>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg></svg><svg></svg>",
    ] {
        assert!(parse_xml(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_diagram_shows_the_men_the_rendezvous_the_mark_and_the_arrows() {
    let src = example("carroll-hint-1.lanrick");
    let t = tree::build(&src, None).unwrap();
    let g = &t.games[0];
    // The puzzle: 9-square Rendezvous round c6, 5 Black and 5 Yellow men.
    let start = checked_svg(&step_svg(g, 0, &Options::default()));
    assert_eq!(uses(&start, "b"), 5);
    assert_eq!(uses(&start, "y"), 5);
    assert_eq!(uses(&start, "rv"), 9);
    assert_eq!(uses(&start, "mk"), 1);
    assert_eq!(uses(&start, "rw"), 0);
    // The solution: three arrows, the Rendezvous won drawn dashed, the man removed.
    let end = checked_svg(&step_svg(g, 1, &Options::default()));
    assert_eq!(uses(&end, "b"), 4);
    assert_eq!(uses(&end, "rv"), 0);
    assert_eq!(uses(&end, "rw"), 9);
    assert_eq!(uses(&end, "tk"), 1);
    let arrows = end
        .iter()
        .filter(|(n, a)| n == "polyline" && a.iter().any(|(k, _)| k == "marker-end"))
        .count();
    assert_eq!(arrows, 3);
    let text = step_svg(g, 1, &Options::default());
    assert!(text.contains(">after Y: c6-d5 d7-c6 e7-d7 x e6</text>"));
    assert!(text.contains(">Black sets the Mark for an 8-square Rendezvous</text>"));
}

#[test]
fn the_rendezvous_is_drawn_from_the_engines_squares_whatever_its_shape() {
    for (text, squares) in [
        ("8/8/8/3BY3/3YB3/8/8/8 B d5:d6 play", 3),
        ("8/8/8/3BY3/3YB3/B7/8/8 B d5 play", 4),
        ("2B2B2/B7/3B4/B7/1Y6/Y7/8/2Y3Y1 Y c5 play", 8),
    ] {
        let pos = Position::parse(text).unwrap();
        let svg = svg::diagram(&pos, &Marks::default(), &Options::default());
        let el = checked_svg(&svg);
        assert_eq!(uses(&el, "rv"), squares, "{text}");
        assert_eq!(uses(&el, "mk"), 1);
        assert_eq!(
            uses(&el, "rv"),
            pos.rendezvous().unwrap().squares().count() as usize
        );
    }
}

#[test]
fn an_1880_game_draws_its_mark_moves_and_names_its_rules() {
    let src =
        std::fs::read_to_string(root().join("tests/cases/ok/editions_mixed.lanrick")).unwrap();
    let t = tree::build(&src, Some(2)).unwrap();
    let g = &t.games[0];
    // `1. mark d4-c5`: the Mark moves, every man of the set with it.
    let svg = step_svg(g, 1, &Options::default());
    let el = checked_svg(&svg);
    assert_eq!(uses(&el, "rv"), 9, "the 3x3 set round the Mark");
    assert!(
        svg.contains("marker-end=\"url(#am)\""),
        "the Mark's move is drawn"
    );
    assert!(svg.contains(">Rules: 1880</text>"));
    assert!(svg.contains(">Black to play: 5 squares; Yellow may still move the Mark</text>"));
}

#[test]
fn diagrams_match_their_snapshots() {
    let pos = Position::parse("8/8/2BYYY2/2YBBB2/2BY4/8/8/8 Y d5 play").unwrap();
    insta::assert_snapshot!(
        "svg_hint_2_puzzle",
        svg::diagram(&pos, &Marks::default(), &Options::default())
    );
    let src = example("carroll-hint-3.lanrick");
    let t = tree::build(&src, None).unwrap();
    let flipped = Options {
        flip: true,
        width: 320,
        ..Options::default()
    };
    insta::assert_snapshot!(
        "svg_hint_3_solution_flipped",
        step_svg(&t.games[0], 1, &flipped)
    );
}

#[test]
fn flipping_turns_the_board_round() {
    let pos = Position::parse("B7/8/8/8/8/8/8/6YY B mark").unwrap();
    let plain = svg::diagram(&pos, &Marks::default(), &Options::default());
    let flipped = svg::diagram(
        &pos,
        &Marks::default(),
        &Options {
            flip: true,
            ..Options::default()
        },
    );
    // a8 is the top-left square, or with Black at the bottom the bottom-right one.
    assert!(plain.contains("<use xlink:href=\"#b\" x=\"26\" y=\"10\"/>"));
    assert!(flipped.contains("<use xlink:href=\"#b\" x=\"376\" y=\"360\"/>"));
    checked_svg(&flipped);
}

#[test]
fn text_from_a_file_is_escaped_in_the_page() {
    let src =
        "[Event \"<script>alert(1)</script> & 'x'\"]\nmark d5 { </script><b>bold</b> & co }\n";
    let t = tree::build(src, None).unwrap();
    let page = html::page("a<b>.lanrick", src, &t, false);
    assert_eq!(
        page.matches("<script").count(),
        2,
        "only the page's own scripts"
    );
    assert_eq!(page.matches("</script>").count(), 2);
    assert!(!page.contains("<b>bold"));
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;x&#39;"));
    assert!(page.contains("<title>a&lt;b&gt;.lanrick — Lanrick replay</title>"));
}

#[test]
fn the_page_is_self_contained() {
    for name in ["complete-game.lanrick", "rules-tour.lanrick"] {
        let src = example(name);
        let t = tree::build(&src, None).unwrap();
        let page = html::page(name, &src, &t, false);
        let outside = page
            .replace("http://www.w3.org/2000/svg", "")
            .replace("http://www.w3.org/1999/xlink", "");
        for needle in [
            "http:", "https:", "//cdn", " src=", "<link", "@import", "url(http",
        ] {
            assert!(!outside.contains(needle), "{name}: {needle}");
        }
    }
}

#[test]
fn the_page_holds_every_step_with_its_comments_variations_and_verdict() {
    let src = example("complete-game.lanrick");
    let t = tree::build(&src, None).unwrap();
    let g = &t.games[0];
    let page = html::page("complete-game.lanrick", &src, &t, false);
    // The main line: the start and every action (marks, interchange, turns).
    let actions = src
        .lines()
        .filter(|l| !l.starts_with('[') && !l.starts_with('#') && !l.trim().is_empty())
        .filter(|l| !l.starts_with("assert"))
        .count();
    assert_eq!(g.main.len(), actions + 1);
    assert!(page.contains("data-step=\"2\">1. Y: g1-f2 h5-g4</a>"));
    assert!(page.contains("<ol class=\"line var\">"));
    assert!(page.contains("one square is enough for a legal turn"));
    // ↓ from `mark f3` enters the variation `g1-g2`; ↑ from it goes to the move it
    // replaces.
    let data = page_data(&page);
    let steps = &data[0]["steps"];
    let v = steps[1]["down"].as_u64().unwrap() as usize;
    // Who played it, though the file wrote no prefix.
    assert_eq!(steps[v]["label"], "1. Y: g1-g2");
    assert_eq!(steps[v]["up"], 2);
    assert_eq!(steps[v]["prev"], 1);
    assert_eq!(steps[2]["up"], serde_json::Value::Null);
    // A puzzle's verdicts; the prover's is filled by `replay --html` (the page of a
    // tree nobody proved says so).
    let src = example("carroll-hint-1.lanrick");
    let page = html::page("h.lanrick", &src, &tree::build(&src, None).unwrap(), false);
    assert!(page.contains("<dd class=\"puzzle-goal\">Y wins rendezvous in 1</dd>"));
    assert!(page.contains("<dd class=\"puzzle-solution meets\">meets the goal in 1 turn</dd>"));
    assert!(page.contains("class=\"prover-verdict\" data-verdict=\"none\">not proved<"));
    assert!(page.contains("\"prover\":null"));
}

/// The JSON data embedded in a page.
fn page_data(page: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"lanrick-data\">";
    let start = page.find(open).unwrap() + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

#[test]
fn an_illegal_move_is_marked_with_its_message() {
    let src = "[Event \"Oops\"]\nmark d5\n1. Y: a7-a4\n";
    let t = tree::build(src, None).unwrap();
    let g = &t.games[0];
    assert_eq!(g.problems.len(), 1);
    let page = html::page("oops.lanrick", src, &t, false);
    assert!(page.contains("class=\"mv illegal\""));
    assert!(page.contains("a4 is occupied by a Black man"));
    let data = page_data(&page);
    let detail = data[0]["steps"][2]["detail"].as_str().unwrap();
    assert!(detail.contains("line 3, column 10:"));
    assert!(detail.contains("<pre class=\"problem-source\">1. Y: a7-<mark>a4</mark></pre>"));
    assert!(detail.contains("help: 2 squares left this turn"));
    assert_eq!(data[0]["steps"][2]["next"], serde_json::Value::Null);
    // The refused move is drawn dashed on the position before it.
    let svg = step_svg(g, 2, &Options::default());
    assert!(svg.contains("stroke-dasharray=\"9 5\" marker-end=\"url(#ax)\""));
    assert!(svg.contains(">refused: 1. Y: a7-a4</text>"));
    checked_svg(&svg);
}

#[test]
fn a_file_that_does_not_parse_gets_a_page_with_its_error() {
    let src = "mark d5\n1. Y: a7-\n";
    let t = tree::build(src, None).unwrap();
    assert!(t.syntax.is_some());
    let page = html::page("bad.lanrick", src, &t, false);
    assert!(page.contains("The file cannot be read"));
    assert!(page.contains("lanrick::syntax::"));
}

#[test]
fn a_huge_file_is_refused_not_drawn() {
    let (text, _) = lanrick::selfplay::generate(400, 1);
    let err = tree::build(&text, None).unwrap_err();
    assert_eq!(err.code, "lanrick::render::too_large");
    // One game of it is fine.
    let one = tree::build(&text, Some(2)).unwrap();
    assert_eq!(one.games.len(), 1);
    assert_eq!(one.games[0].number, 2);
    assert_eq!(one.total, 400);
}

#[test]
fn every_test_case_draws_without_panicking_into_well_formed_pictures() {
    let mut count = 0;
    for dir in ["ok", "err", "syntax", "fuzz"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/cases").join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for path in files {
            let bytes = std::fs::read(&path).unwrap();
            let src = String::from_utf8_lossy(&bytes);
            let Ok(t) = tree::build(&src, None) else {
                continue;
            };
            for flip in [false, true] {
                let page = html::page("case", &src, &t, flip);
                let data = page_data(&page);
                assert_eq!(data.as_array().unwrap().len(), t.games.len());
            }
            for g in &t.games {
                for n in 0..g.main.len() {
                    checked_svg(&step_svg(g, n, &Options::default()));
                }
                // Every step's links stay inside the game.
                for s in &g.steps {
                    for i in s.parent.iter().chain(s.next.iter()).chain(&s.variations) {
                        assert!(*i < g.steps.len(), "{}", path.display());
                    }
                }
            }
            count += 1;
        }
    }
    assert!(count >= 60, "only {count} cases");
}

// ---- the command line ----

fn lanrick(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("lanrick").unwrap();
    c.current_dir(dir).env("NO_COLOR", "1");
    c
}

#[test]
fn render_draws_a_position_string_or_a_game_at_any_step() {
    let dir = tempfile::tempdir().unwrap();
    let out = lanrick(dir.path())
        .args([
            "render",
            "--position",
            "1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B mark",
        ])
        .assert()
        .success();
    let svg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    checked_svg(&svg);
    assert!(svg.contains(">Black sets the Mark for a 9-square Rendezvous</text>"));

    let game = root().join("examples/complete-game.lanrick");
    let game = game.to_str().unwrap();
    lanrick(dir.path())
        .args([
            "render", game, "--after", "1", "-o", "one.svg", "--size", "300",
        ])
        .assert()
        .success();
    let one = std::fs::read_to_string(dir.path().join("one.svg")).unwrap();
    assert!(one.contains("width=\"300\""));
    assert!(one.contains(">after mark f3</text>"));
    assert_eq!(uses(&checked_svg(&one), "rv"), 9);

    lanrick(dir.path())
        .args(["render", game, "--each", "--out", "steps", "--no-caption"])
        .assert()
        .success();
    let t = tree::build(&example("complete-game.lanrick"), None).unwrap();
    let n = t.games[0].main.len();
    let mut files: Vec<_> = std::fs::read_dir(dir.path().join("steps"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files.len(), n);
    assert_eq!(files[0], "000.svg");
    let last = std::fs::read_to_string(dir.path().join("steps").join(&files[n - 1])).unwrap();
    assert!(!last.contains("<text x=\"26\""), "no caption");
    checked_svg(&last);
}

#[test]
fn render_and_replay_html_read_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let out = lanrick(dir.path())
        .args(["render", "-", "--after", "1"])
        .write_stdin("mark d5\n1. Y: a7-b6 e8-e7\n")
        .assert()
        .success();
    let svg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(svg.contains(">after mark d5</text>"));
    lanrick(dir.path())
        .args(["replay", "-", "--html", "p.html"])
        .write_stdin("mark d5\n")
        .assert()
        .success();
    let page = std::fs::read_to_string(dir.path().join("p.html")).unwrap();
    assert!(page.contains("<title>&lt;stdin&gt; — Lanrick replay</title>"));
}

#[test]
fn render_refuses_what_it_cannot_draw() {
    let dir = tempfile::tempdir().unwrap();
    let game = root().join("examples/carroll-hint-1.lanrick");
    let game = game.to_str().unwrap();
    lanrick(dir.path())
        .args(["render", game, "--after", "5"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--after takes 0 to 1"));
    lanrick(dir.path())
        .args(["render", "--position", "9/8 B mark"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("lanrick::position::"));
    let tour = root().join("examples/rules-tour.lanrick");
    lanrick(dir.path())
        .args(["render", tour.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("choose one with --game N"));
    lanrick(dir.path())
        .args(["render", tour.to_str().unwrap(), "--game", "9"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--game 9 does not exist"));
    lanrick(dir.path())
        .args(["render", game, "--each"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--out DIR"));
    lanrick(dir.path())
        .args(["render", game, "--size", "5"])
        .assert()
        .code(2);
    // An illegal game: drawn where it stopped, the diagnostic on stderr, exit 1.
    std::fs::write(dir.path().join("bad.lanrick"), "mark d5\na7-a4\n").unwrap();
    let out = lanrick(dir.path())
        .args(["render", "bad.lanrick"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("lanrick::rule::occupied"));
    let svg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(svg.contains(">refused: a7-a4</text>"));
}

#[test]
fn replay_html_writes_the_page_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let tour = root().join("examples/rules-tour.lanrick");
    let tour = tour.to_str().unwrap();
    lanrick(dir.path())
        .args(["replay", tour, "--html", "tour.html"])
        .assert()
        .success()
        .stdout("");
    let page = std::fs::read_to_string(dir.path().join("tour.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<select id=\"game-picker\">"));
    assert_eq!(page.matches("<option ").count(), 5);
    // One game of a collection: no picker.
    lanrick(dir.path())
        .args([
            "replay", tour, "--game", "2", "--html", "two.html", "--flip",
        ])
        .assert()
        .success();
    let two = std::fs::read_to_string(dir.path().join("two.html")).unwrap();
    assert!(!two.contains("<select id=\"game-picker\">"));
    assert!(two.contains("<h2>Man&#39;s moves</h2>"));
    // Flipped: h1 is the top-left square, so the file letters run h to a.
    assert!(two.contains("text-anchor=\"middle\">h</text><text x=\"13\" y=\"40\""));
    // A file that cannot be read leaves the old page as it was.
    lanrick(dir.path())
        .args(["replay", "missing.lanrick", "--html", "tour.html"])
        .assert()
        .code(2);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tour.html")).unwrap(),
        page
    );
    // A page that cannot be written (OUT is a directory) changes nothing, leaves no
    // temporary file, and says why.
    std::fs::create_dir(dir.path().join("taken")).unwrap();
    std::fs::write(dir.path().join("taken/keep"), "x").unwrap();
    lanrick(dir.path())
        .args(["replay", tour, "--html", "taken"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot write taken"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("taken/keep")).unwrap(),
        "x"
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    // An illegal game still gets its page, and the exit code says it failed.
    std::fs::write(dir.path().join("bad.lanrick"), "mark d5\na7-a4\n").unwrap();
    lanrick(dir.path())
        .args(["replay", "bad.lanrick", "--html", "bad.html"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("lanrick::rule::occupied"));
    assert!(
        std::fs::read_to_string(dir.path().join("bad.html"))
            .unwrap()
            .contains("mv illegal")
    );
}

// ---- the pictures in docs/ ----

/// Every picture `docs/` shows, as the code draws it now: each hint's puzzle and
/// solution, and every example's replay page.
fn doc_pictures() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut examples: Vec<PathBuf> = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "lanrick"))
        .collect();
    examples.sort();
    for path in examples {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(&path).unwrap();
        let mut t = tree::build(&src, None).unwrap();
        // The page as `replay --html` writes it: its puzzles proved.
        lanrick::cli::pictures::prove_puzzles(&mut t, &lanrick::prover::Limits::default());
        if stem.starts_with("carroll-hint-") {
            let g = &t.games[0];
            let last = g.main.len() - 1;
            out.push((
                PathBuf::from(format!("docs/pictures/{stem}-puzzle.svg")),
                step_svg(g, 0, &Options::default()),
            ));
            out.push((
                PathBuf::from(format!("docs/pictures/{stem}-solution.svg")),
                step_svg(g, last, &Options::default()),
            ));
        }
        out.push((
            PathBuf::from(format!("docs/pictures/{stem}.html")),
            html::page(&name, &src, &t, false),
        ));
    }
    out
}

#[test]
fn the_pictures_in_docs_are_up_to_date() {
    let update = std::env::var_os("LANRICK_UPDATE_PICTURES").is_some_and(|v| !v.is_empty());
    let mut stale = Vec::new();
    for (rel, text) in doc_pictures() {
        let path = root().join(&rel);
        if update {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(rel.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "out of date: {stale:?}; regenerate with LANRICK_UPDATE_PICTURES=1 cargo test --test pictures"
    );
    let md = std::fs::read_to_string(root().join("docs/pictures.md")).unwrap();
    for (rel, _) in doc_pictures() {
        let link = rel.strip_prefix("docs").unwrap().display().to_string();
        assert!(
            md.contains(link.trim_start_matches('/')),
            "docs/pictures.md lacks {link}"
        );
    }
}

/// `replay --html` fills the prover's verdict when it writes the page (issue 27, point
/// 6): the verdict `check` gives, the keys, the refutations of a refuted written key,
/// the tries, in the page and in its data; the page's script computes nothing.
#[test]
fn the_replay_page_carries_the_provers_verdict_keys_tries_and_refutations() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page_of = |file: &str| {
        let out = dir.path().join("page.html");
        lanrick(dir.path())
            .arg("replay")
            .arg(root.join(file))
            .arg("--html")
            .arg(&out)
            .assert()
            .success();
        std::fs::read_to_string(&out).unwrap()
    };
    let page = page_of("examples/carroll-hint-1.lanrick");
    assert!(page.contains(
        "data-verdict=\"sound\">sound — Y wins rendezvous in 1, key c6-d5 d7-c6 e7-d7 x e6</dd>"
    ));
    assert!(page.contains("<dd class=\"prover-keys\"><code>c6-d5 d7-c6 e7-d7 x e6</code></dd>"));
    let data = page_data(&page);
    assert_eq!(data[0]["puzzle"]["prover"]["verdict"], "sound");

    let page = page_of("tests/cases/prove/refuted.lanrick");
    assert!(page.contains("data-verdict=\"refuted\""));
    assert!(page.contains("<dd class=\"prover-refutations\"><code>c4-c1</code>"));
    let data = page_data(&page);
    let prover = &data[0]["puzzle"]["prover"];
    assert_eq!(prover["verdict"], "refuted");
    assert_eq!(prover["refutations"][0], "c4-c1");
    assert_eq!(
        prover["keys"][0],
        "d4-e4 c5-d4 d6-c5 e6-d6 f6-e6 x f5 (in 1)"
    );

    // A puzzle with a try: the try and its refutation are on the page.
    let page = page_of("examples/puzzles/composed-102-01.lanrick");
    assert!(page.contains("<dd class=\"prover-tries\"><ul><li><code>g6-f5 h6-g6 x e8</code> ? refuted by <code>h7-h5 h8-h7 x e8</code></li></ul></dd>"), "{page}");
}

/// `replay --html` takes the prover's budget as `check` does: a budget too small gives
/// the verdict `check` gives with it (`unproven`), and `--no-prove` proves nothing.
#[test]
fn the_replay_pages_verdict_follows_the_budget_options_as_check_does() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let puzzle = root.join("examples/carroll-hint-3.lanrick");
    let page_with = |opts: &[&str]| {
        let out = dir.path().join("page.html");
        lanrick(dir.path())
            .arg("replay")
            .arg(&puzzle)
            .arg("--html")
            .arg(&out)
            .args(opts)
            .assert()
            .success();
        page_data(&std::fs::read_to_string(&out).unwrap())[0]["puzzle"]["prover"].clone()
    };
    let check_verdict = |opts: &[&str]| {
        let out = lanrick(dir.path())
            .args(["check", "--format", "json"])
            .arg(&puzzle)
            .args(opts)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let small = ["--max-nodes", "50"];
    assert_eq!(page_with(&small)["verdict"], "unproven");
    assert!(check_verdict(&small).contains("unproven"));
    assert_eq!(
        page_with(&["--max-nodes", "20000000", "--threads", "1"])["verdict"],
        "sound"
    );
    assert!(page_with(&["--no-prove"]).is_null());
    // The options are the same as check's, refused the same way.
    lanrick(dir.path())
        .args([
            "replay",
            "x.lanrick",
            "--html",
            "p.html",
            "--max-nodes",
            "0",
        ])
        .assert()
        .code(2);
}

/// Every arrow of a played turn ends on a man the diagram shows (issue 27, point 10):
/// a 1879 win radiates the men in the set to the border, and the end of a round clears
/// the board, so the turn's paths into the set are not drawn into emptied squares.
#[test]
fn no_arrow_points_into_a_square_the_win_emptied() {
    let mut dropped = 0;
    for name in [
        "1879-game.lanrick",
        "1880-game.lanrick",
        "complete-game.lanrick",
    ] {
        let src = example(name);
        let t = tree::build(&src, None).unwrap();
        for g in &t.games {
            for (i, step) in g.steps.iter().enumerate() {
                for a in step.arrows.iter().filter(|a| !a.illegal && !a.mark) {
                    let end = *a.path.last().unwrap();
                    assert!(
                        step.position.man_at(end).is_some(),
                        "{name} step {i} `{}`: an arrow into the empty {end}",
                        step.text
                    );
                }
                // A 1879 winning turn with moves shows fewer arrows than moves.
                let moves = step
                    .text
                    .split_whitespace()
                    .filter(|w| w.contains('-'))
                    .count();
                if name.starts_with("1879") && step.taken.is_some() && step.arrows.len() < moves {
                    dropped += 1;
                }
            }
        }
    }
    assert!(dropped > 0, "no 1879 win emptied an arrow's square");
}
