//! Data-driven tests: every file in `tests/cases/err` fails with the diagnostics in its
//! snapshot (rendered without colour at a fixed width), every file in `tests/cases/ok`
//! passes with the final positions in its snapshot, every puzzle in `tests/cases/prove`
//! is proved as `check` proves it (its verdict line and diagnostics in its snapshot),
//! and every file in `examples/` checks clean.

use lanrick::cli::report::render_human;
use lanrick::interp::{FileRun, Options, run_file};
use std::path::{Path, PathBuf};

fn files(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "lanrick"))
        .collect();
    v.sort();
    v
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[test]
fn error_cases_match_their_snapshots() {
    let cases = files("tests/cases/err");
    assert!(cases.len() >= 25, "only {} error cases", cases.len());
    let mut codes = std::collections::BTreeSet::new();
    for path in cases {
        let src = std::fs::read_to_string(&path).unwrap();
        let name = format!("tests/cases/err/{}.lanrick", stem(&path));
        let run = run_file(&src, Options::default());
        let problems: Vec<_> = run.problems().collect();
        assert!(!problems.is_empty(), "{name} should fail");
        let mut rendered = String::new();
        for p in &problems {
            codes.insert(p.code.clone());
            rendered.push_str(&render_human(p, &name, &src, false));
        }
        insta::assert_snapshot!(format!("err__{}", stem(&path)), rendered);
    }
    assert!(
        codes.len() >= 25,
        "only {} distinct codes: {codes:?}",
        codes.len()
    );
}

fn summary(run: &FileRun) -> String {
    let mut out = String::new();
    for p in run.problems() {
        out.push_str(&format!("PROBLEM {}: {}\n", p.code, p.full_message()));
    }
    for g in &run.games {
        let Some(r) = &g.runner else { continue };
        out.push_str(&format!("game {}: {}\n", g.number, r.position()));
        if let Some(result) = r.game().result() {
            out.push_str(&format!("  result: {result}\n"));
        }
        if let Some(goal) = &g.goal {
            out.push_str(&format!("  goal met in {} turn(s)\n", goal.turns));
        }
    }
    out
}

/// Runs a file that must check clean.
fn run_clean(path: &Path) -> FileRun {
    let src = std::fs::read_to_string(path).unwrap();
    let run = run_file(&src, Options::default());
    assert!(
        run.passed(),
        "{} fails: {:?}",
        path.display(),
        run.problems().collect::<Vec<_>>()
    );
    run
}

#[test]
fn ok_cases_match_their_snapshots() {
    for path in files("tests/cases/ok") {
        let run = run_clean(&path);
        insta::assert_snapshot!(format!("ok__{}", stem(&path)), summary(&run));
    }
}

#[test]
fn every_example_checks_clean() {
    let examples = files("examples");
    assert!(!examples.is_empty());
    for path in examples {
        run_clean(&path);
    }
}

/// The budget a prove case asks for in a comment line `# check --max-nodes N` (the
/// option `check` would be given); the default budget otherwise.
fn case_limits(src: &str) -> lanrick::prover::Limits {
    let mut limits = lanrick::prover::Limits {
        threads: 1,
        ..lanrick::prover::Limits::default()
    };
    for line in src.lines() {
        if let Some(n) = line.strip_prefix("# check --max-nodes ") {
            limits.max_nodes = Some(n.trim().parse().expect("a node count"));
        }
    }
    limits
}

#[test]
fn prove_cases_match_their_snapshots() {
    let cases = files("tests/cases/prove");
    let mut verdicts = std::collections::BTreeSet::new();
    for path in cases {
        let src = std::fs::read_to_string(&path).unwrap();
        let name = format!("tests/cases/prove/{}.lanrick", stem(&path));
        let mut run = run_file(&src, Options::default());
        let mut rendered = String::new();
        for g in &mut run.games {
            let info = lanrick::cli::stream::prove_run(g, &case_limits(&src))
                .unwrap_or_else(|| panic!("{name}: the solution should replay and be proved"));
            verdicts.insert(info.verdict);
            rendered.push_str(&format!("{}\n", info.line));
            // A failing verdict is a problem of the game, exactly as `check` shows it;
            // a sound one fails only by the written line's own problems.
            let line_problems = g
                .problems
                .iter()
                .filter(|p| !p.code.starts_with("lanrick::goal::") || p.code.ends_with("unmet"))
                .count();
            assert_eq!(
                info.verdict == "sound" && line_problems == 0,
                g.passed(),
                "{name}"
            );
        }
        for p in run.problems() {
            rendered.push_str(&render_human(p, &name, &src, false));
        }
        insta::assert_snapshot!(format!("prove__{}", stem(&path)), rendered);
    }
    let want = [
        "no_solution",
        "refuted",
        "short",
        "cooked",
        "sound",
        "unproven",
    ];
    for v in want {
        assert!(
            verdicts.contains(v),
            "no prove case has the verdict {v}: {verdicts:?}"
        );
    }
}
