//! Every report of `check` — human, JSON, GitHub, JUnit and SARIF — tells the same
//! problems (same codes, same files, same places) for the same files: over every case
//! file under `tests/cases` (replayed, not proved: proving the games' goals there takes
//! minutes in a debug build) and over the puzzles of `tests/cases/prove` (proved, so
//! that the verdicts are compared too). And a report in SARIF or JUnit stays valid
//! whatever bytes a file name or a comment holds.
//!
//! (The SARIF reports are validated against the OASIS schema by `tests/sarif/run.sh`,
//! which `.ci/run` runs: the validator is Python's `jsonschema`.)

use assert_cmd::Command;
use std::collections::BTreeMap;
use std::path::Path;

/// A problem as a report tells it: file, code, line, and column when the report gives
/// one.
type Key = (String, String, usize, Option<usize>);

/// Problems counted (a file may have the same problem twice, in two games).
type Bag = BTreeMap<Key, usize>;

fn add(bag: &mut Bag, key: Key) {
    *bag.entry(key).or_default() += 1;
}

/// `check` with `args` in the repository: stdout and stderr.
fn check(args: &[&str]) -> (String, String) {
    let out = Command::cargo_bin("lanrick")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .arg("check")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "check {args:?} could not run: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json_problems(doc: &serde_json::Value) -> Bag {
    let mut bag = Bag::new();
    for d in doc["diagnostics"].as_array().unwrap() {
        add(
            &mut bag,
            (
                d["file"].as_str().unwrap().to_owned(),
                d["code"].as_str().unwrap().to_owned(),
                d["line"].as_u64().unwrap() as usize,
                Some(d["column"].as_u64().unwrap() as usize),
            ),
        );
    }
    bag
}

/// Percent-decoding of a SARIF URI reference.
fn unpercent(uri: &str) -> String {
    let b = uri.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// The errors of a SARIF log, and the notes (sound verdicts) by file.
fn sarif_problems(doc: &serde_json::Value) -> (Bag, Vec<String>) {
    assert_eq!(doc["version"], "2.1.0");
    let run = &doc["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let mut bag = Bag::new();
    let mut notes = Vec::new();
    for r in run["results"].as_array().unwrap() {
        let code = r["ruleId"].as_str().unwrap().to_owned();
        // Every result names its rule, at its index.
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], code.as_str());
        let loc = &r["locations"][0]["physicalLocation"];
        let file = unpercent(loc["artifactLocation"]["uri"].as_str().unwrap());
        match r["level"].as_str().unwrap() {
            "note" => {
                assert_eq!(code, "lanrick::goal::sound");
                notes.push(file);
            }
            "error" => {
                let region = &loc["region"];
                for end in ["endLine", "endColumn"] {
                    assert!(region[end].as_u64().is_some(), "{r}");
                }
                add(
                    &mut bag,
                    (
                        file,
                        code,
                        region["startLine"].as_u64().unwrap() as usize,
                        Some(region["startColumn"].as_u64().unwrap() as usize),
                    ),
                );
            }
            level => panic!("level {level}"),
        }
    }
    (bag, notes)
}

/// Undoes a GitHub workflow command's property escapes.
fn gh_unescape(s: &str) -> String {
    s.replace("%2C", ",")
        .replace("%3A", ":")
        .replace("%0A", "\n")
        .replace("%0D", "\r")
        .replace("%25", "%")
}

/// The `::error` lines (file, code, line, column: GitHub takes no column for a span
/// over several lines) and the `::notice` lines' files.
fn github_problems(text: &str) -> (Bag, Vec<String>) {
    let mut bag = Bag::new();
    let mut notes = Vec::new();
    for line in text.lines() {
        let (kind, rest) = if let Some(r) = line.strip_prefix("::error ") {
            ("error", r)
        } else if let Some(r) = line.strip_prefix("::notice ") {
            ("notice", r)
        } else {
            continue;
        };
        let props = rest.split("::").next().unwrap();
        let mut map = BTreeMap::new();
        for p in props.split(',') {
            let (k, v) = p.split_once('=').unwrap();
            map.insert(k, gh_unescape(v));
        }
        if kind == "notice" {
            assert_eq!(map["title"], "lanrick::goal::sound");
            notes.push(map["file"].clone());
            continue;
        }
        add(
            &mut bag,
            (
                map["file"].clone(),
                map["title"].clone(),
                map["line"].parse().unwrap(),
                map.get("col").map(|c| c.parse().unwrap()),
            ),
        );
    }
    (bag, notes)
}

/// Undoes the XML escapes the JUnit report writes.
fn xml_unescape(s: &str) -> String {
    s.replace("&#10;", "\n")
        .replace("&#9;", "\t")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The value of attribute `name` in the tag text `tag`.
fn attr(tag: &str, name: &str) -> String {
    let from = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let len = tag[from..].find('"').unwrap();
    xml_unescape(&tag[from..from + len])
}

/// The failures of a JUnit report (the body starts `FILE:LINE:COLUMN: `) and the
/// files of its `sound` verdicts.
fn junit_problems(xml: &str) -> (Bag, Vec<String>) {
    let mut bag = Bag::new();
    let mut notes = Vec::new();
    let mut file = String::new();
    for line in xml.lines() {
        let line = line.trim_start();
        if line.starts_with("<testcase ") {
            file = attr(line, "classname");
        } else if line.contains("<property name=\"verdict\" value=\"sound\"/>") {
            notes.push(file.clone());
        } else if line.starts_with("<failure ") {
            let code = attr(line, "type");
            let body = xml_unescape(&line[line.find('>').unwrap() + 1..]);
            let place = body.strip_prefix(&format!("{file}:")).unwrap();
            let mut parts = place.splitn(3, ':');
            let l = parts.next().unwrap().parse().unwrap();
            let c = parts.next().unwrap().parse().unwrap();
            add(&mut bag, (file.clone(), code, l, Some(c)));
        }
    }
    (bag, notes)
}

/// The human report's diagnostics: the code line, then miette's `╭─[FILE:LINE:COL]`.
fn human_problems(stderr: &str) -> Bag {
    let mut bag = Bag::new();
    let mut code = None;
    for line in stderr.lines() {
        if line.starts_with("lanrick::") {
            code = Some(line.trim().to_owned());
        } else if let Some(at) = line.find("╭─[") {
            let place = line[at + "╭─[".len()..]
                .trim_end()
                .strip_suffix(']')
                .unwrap();
            let mut parts = place.rsplitn(3, ':');
            let c = parts.next().unwrap().parse().unwrap();
            let l = parts.next().unwrap().parse().unwrap();
            let f = parts.next().unwrap().to_owned();
            add(&mut bag, (f, code.take().unwrap(), l, Some(c)));
        }
    }
    bag
}

/// `bag` without columns where GitHub gives none (a span over several lines).
fn like_github(bag: &Bag, github: &Bag) -> Bag {
    let mut out = Bag::new();
    for ((f, code, l, c), n) in bag {
        let without = (f.clone(), code.clone(), *l, None);
        let key = if github.contains_key(&without) {
            without
        } else {
            (f.clone(), code.clone(), *l, *c)
        };
        *out.entry(key).or_default() += n;
    }
    out
}

/// Runs every format over `args` and compares them; the number of problems.
fn same_in_every_format(args: &[&str]) -> usize {
    let with = |format: &str| {
        let mut a = vec!["--format", format];
        a.extend(args);
        check(&a)
    };
    let (_, human) = with("human");
    let human = human_problems(&human);
    let (json, _) = with("json");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let json_bag = json_problems(&json);
    let (sarif, _) = with("sarif");
    let (sarif, sarif_notes) = sarif_problems(&serde_json::from_str(&sarif).unwrap());
    let (github, _) = with("github");
    let (github, github_notes) = github_problems(&github);
    let (junit, _) = with("junit");
    let (junit, junit_notes) = junit_problems(&junit);
    assert_eq!(json_bag, sarif, "JSON and SARIF differ");
    assert_eq!(json_bag, junit, "JSON and JUnit differ");
    assert_eq!(json_bag, human, "JSON and the human report differ");
    assert_eq!(
        like_github(&json_bag, &github),
        github,
        "JSON and GitHub differ"
    );
    // The sound verdicts: a JSON proof, a SARIF note, a GitHub notice, a JUnit property.
    let mut sound: Vec<String> = json["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| {
            f["game_results"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|g| g["proof"]["verdict"] == "sound")
                .map(|_| f["file"].as_str().unwrap().to_owned())
        })
        .collect();
    sound.sort();
    for (name, mut notes) in [
        ("SARIF", sarif_notes),
        ("GitHub", github_notes),
        ("JUnit", junit_notes),
    ] {
        notes.sort();
        assert_eq!(notes, sound, "the sound verdicts in {name}");
    }
    json_bag.values().sum()
}

#[test]
fn every_format_reports_the_same_problems_on_every_case_file() {
    let n = same_in_every_format(&["--no-prove", "tests/cases"]);
    // The error cases give problems of many codes: the comparison is not empty.
    assert!(n > 100, "{n} problems");
}

#[test]
fn every_format_reports_the_same_verdicts_on_the_proved_puzzles() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/prove");
    assert!(dir.is_dir());
    let n = same_in_every_format(&["tests/cases/prove"]);
    assert!(n > 5, "{n} problems");
}

/// SARIF and JUnit stay valid whatever bytes a file name or a text holds: control
/// characters and an escape, quotes, `]]>`, `<&>`, and (on Unix) a name that is not
/// UTF-8. (`tests/sarif/run.sh` validates the same against the schema and an XML
/// parser.)
#[test]
fn sarif_and_junit_stay_valid_with_hostile_names_and_texts() {
    let dir = tempfile::tempdir().unwrap();
    let game = "[Event \"Hostile\"]\n\nmark d5\nY: a7-b6\n";
    let illegal = "[Event \"x]]>\u{1}\u{1b}[2J\u{7f}\"]\n\nmark d5 { ]]> \u{2} }\nY: a1-a5\n";
    let mut names: Vec<std::ffi::OsString> = vec![
        "esc\u{1b}[31mred\ttab.lanrick".into(),
        "new\nline.lanrick".into(),
        "quote\"apos'<&>]]>.lanrick".into(),
    ];
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        names.push(std::ffi::OsString::from_vec(
            b"bad\xff\xfeutf8.lanrick".to_vec(),
        ));
    }
    for name in &names {
        std::fs::write(dir.path().join(name), game).unwrap();
    }
    std::fs::write(dir.path().join("ill\u{1}egal]]>.lanrick"), illegal).unwrap();
    let run = |format: &str| {
        let out = Command::cargo_bin("lanrick")
            .unwrap()
            .args(["check", "--format", format])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        out.stdout
    };
    let sarif: serde_json::Value = serde_json::from_slice(&run("sarif")).unwrap();
    let run0 = &sarif["runs"][0];
    assert_eq!(run0["artifacts"].as_array().unwrap().len(), names.len() + 1);
    for a in run0["artifacts"].as_array().unwrap() {
        let uri = a["location"]["uri"].as_str().unwrap();
        assert!(
            uri.bytes()
                .all(|b| b.is_ascii_graphic() && !b"\"#<>\\".contains(&b)),
            "{uri}"
        );
    }
    let results = run0["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(results[0]["ruleId"], "lanrick::rule::blocked");
    // JUnit: UTF-8, no character XML 1.0 forbids, no markup from the texts.
    let xml = String::from_utf8(run("junit")).unwrap();
    assert!(
        xml.chars()
            .all(|c| c == '\n' || c == '\t' || !c.is_control()),
        "{xml}"
    );
    assert!(!xml.contains("]]>"), "{xml}");
    assert_eq!(xml.matches("<failure ").count(), 1, "{xml}");
    assert_eq!(xml.matches("<testcase ").count(), names.len() + 1, "{xml}");
}
