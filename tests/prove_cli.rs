//! `check` proves puzzles and `solve` writes their trees: the verdicts through the
//! command line, in the human and JSON reports.

mod common;
use assert_cmd::Command;
use common::reaches_within;

fn lanrick() -> Command {
    Command::cargo_bin("lanrick").expect("the lanrick binary")
}

#[test]
fn a_sound_puzzle_passes_with_its_verdict_line() {
    let out = lanrick()
        .args(["check", "examples/carroll-hint-1.lanrick"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("ok examples/carroll-hint-1.lanrick: sound — Y wins rendezvous in 1, key c6-d5 d7-c6 e7-d7 x e6"),
        "{text}"
    );
}

#[test]
fn a_short_puzzle_fails_on_its_goal_tag() {
    let out = lanrick()
        .args(["check", "tests/cases/prove/short.lanrick"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("lanrick::goal::short"), "{err}");
    assert!(err.contains("write `in 1`"), "{err}");
    // Only replaying, it passes.
    lanrick()
        .args(["check", "--no-prove", "tests/cases/prove/short.lanrick"])
        .assert()
        .success();
}

#[test]
fn help_play_with_one_line_is_sound() {
    let out = lanrick()
        .args(["check", "tests/cases/prove/help_sound.lanrick"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("sound — Y wins rendezvous in 1 with help")
    );
}

#[test]
fn a_spent_budget_is_unproven_never_sound() {
    let out = lanrick()
        .args([
            "check",
            "--max-nodes",
            "10",
            "examples/carroll-hint-1.lanrick",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("lanrick::goal::unproven"));
}

/// `check --format json FILE`: the exit code and the first game's proof.
fn proof_of(file: &str) -> (Option<i32>, serde_json::Value) {
    let out = lanrick()
        .args(["check", "--format", "json", file])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        out.status.code(),
        v["files"][0]["game_results"][0]["proof"].clone(),
    )
}

#[test]
fn the_json_report_carries_the_proof() {
    let (_, proof) = proof_of("examples/carroll-hint-2.lanrick");
    assert_eq!(proof["verdict"], "sound");
    assert_eq!(proof["complete"], true);
    assert_eq!(proof["all_keys"], true);
    assert_eq!(proof["keys"].as_array().map(Vec::len), Some(1));
    assert!(proof["nodes"].as_u64().unwrap() > 0);
    // The node budget is the whole proof's (it was `max_nodes_per_key`).
    assert!(proof["budget"]["max_nodes"].as_u64().is_some());
    assert!(proof["budget"]["max_time"].is_null());
    assert!(proof["cut"].is_null());
}

#[test]
fn solve_reports_no_solution_and_short() {
    let out = lanrick()
        .args([
            "solve",
            "--position",
            "8/8/2BYYY2/2YBBB2/2BY4/8/8/8 Y d5 play",
            "--goal",
            "Y wins game in 1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("# no_solution — Y wins game in 1"));
    let out = lanrick()
        .args(["solve", "examples/carroll-hint-3.lanrick"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("# sound"), "{text}");
    assert!(text.contains("Y: g1-h5"), "{text}");
}

/// A short puzzle's proof stops at the shorter solution: every key forcing the goal
/// in fewer turns is listed, the other first actions are said not to have been tried
/// at the goal's depth (text and JSON's `all_keys`), and a sound puzzle's proof still
/// tries every first action.
#[test]
fn solve_stops_at_a_shorter_solution_and_says_so() {
    let args = [
        "solve",
        "--position",
        "8/8/2BYYY2/2YBBB2/2BY4/8/8/8 Y d5 play",
        "--goal",
        "Y wins rendezvous in 2",
    ];
    let out = lanrick().args(args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("# short — "), "{text}");
    assert!(
        text.contains(
            "1 forcing the goal in 1 (the others not tried in 2: the goal is forced sooner)"
        ),
        "{text}"
    );
    let out = lanrick()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "short");
    assert_eq!(v["all_keys"], false);
    assert_eq!(v["shortest"], 1);
    assert_eq!(v["keys"].as_array().map(Vec::len), Some(1));
    assert!(v["first_actions"].as_u64().unwrap() > 1000);
    let out = lanrick()
        .args([
            "solve",
            "examples/carroll-hint-3.lanrick",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "sound");
    assert_eq!(v["all_keys"], true);
}

#[test]
fn check_proves_every_example_and_every_shipped_puzzle() {
    let out = lanrick().args(["check", "examples"]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let sound = text.matches(": sound — ").count();
    assert!(sound >= 15, "{text}");
}

/// Every report format carries the verdict: the human line, JSON's `proof`, GitHub's
/// `::error` (failing, titled with the verdict's code) or `::notice` (sound), and
/// JUnit's `verdict` property and output.
#[test]
fn every_format_carries_the_verdict() {
    for (file, verdict, passes) in [
        ("examples/carroll-hint-1.lanrick", "sound", true),
        ("tests/cases/prove/cooked.lanrick", "cooked", false),
        ("tests/cases/prove/refuted.lanrick", "refuted", false),
        (
            "tests/cases/prove/no_solution.lanrick",
            "no_solution",
            false,
        ),
        ("tests/cases/prove/short.lanrick", "short", false),
    ] {
        let run = |format: &str| {
            let out = lanrick()
                .args(["check", "--format", format, file])
                .output()
                .unwrap();
            assert_eq!(
                out.status.code(),
                Some(if passes { 0 } else { 1 }),
                "{file}"
            );
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let human = lanrick().args(["check", file]).output().unwrap();
        let both = format!(
            "{}{}",
            String::from_utf8_lossy(&human.stdout),
            String::from_utf8_lossy(&human.stderr)
        );
        assert!(both.contains(&format!("{verdict} — ")), "{both}");
        assert!(
            passes || both.contains(&format!("lanrick::goal::{verdict}")),
            "{both}"
        );

        let v: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
        let proof = &v["files"][0]["game_results"][0]["proof"];
        assert_eq!(proof["verdict"], verdict, "{file}");
        assert_eq!(proof["complete"], true, "{file}");
        if !passes {
            assert_eq!(
                v["diagnostics"][0]["code"],
                format!("lanrick::goal::{verdict}")
            );
        }

        let gh = run("github");
        let kind = if passes { "::notice" } else { "::error" };
        let line = gh
            .lines()
            .find(|l| l.starts_with(kind))
            .unwrap_or_else(|| panic!("{file}: {gh}"));
        assert!(
            line.contains(&format!("title=lanrick%3A%3Agoal%3A%3A{verdict}::")),
            "{line}"
        );

        let xml = run("junit");
        assert!(
            xml.contains(&format!("<property name=\"verdict\" value=\"{verdict}\"/>")),
            "{xml}"
        );
        assert!(xml.contains(&format!("<system-out>{verdict} — ")), "{xml}");
        assert_eq!(
            xml.contains(&format!("<failure type=\"lanrick::goal::{verdict}\"")),
            !passes,
            "{xml}"
        );
    }
}

/// What `solve` prints is a puzzle file: pasted into one (its Position, Rules and Goal
/// are in it), it replays through `check`, the keys and help lines as variations, with
/// `--full` and summarised; and a sound puzzle's output is proved sound again.
#[test]
fn every_solve_output_pastes_into_a_puzzle_file_and_checks() {
    let dir = std::env::temp_dir().join(format!("lanrick-solve-paste-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["examples/carroll-hint-1.lanrick"], "sound"),
        (&["tests/cases/prove/help_sound.lanrick"], "sound"),
        (&["examples/puzzles/composed-2-01.lanrick"], "sound"),
        (
            &[
                "--position",
                "7B/8/2Y5/2B4Y/8/B7/8/8 B b2 play",
                "--goal",
                "B wins rendezvous in 1",
            ],
            "cooked",
        ),
        (
            &[
                "--position",
                "7B/8/2Y5/2B4Y/8/B7/8/8 B b2 play",
                "--goal",
                "B wins rendezvous in 1 with help",
            ],
            "cooked",
        ),
    ];
    for (i, (args, verdict)) in cases.iter().enumerate() {
        for full in [false, true] {
            let mut cmd = lanrick();
            cmd.arg("solve").args(*args);
            if full {
                cmd.arg("--full");
            }
            let out = cmd.output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(text.contains(&format!("# {verdict} — ")), "{text}");
            if *verdict == "cooked" {
                // Both keys (or lines) are printed, the second as a variation.
                assert!(text.contains("( 1. B: a3-a1 c5-a3 x c6"), "{text}");
            }
            let file = dir.join(format!("case{i}-{full}.lanrick"));
            std::fs::write(&file, &text).unwrap();
            let replay = lanrick()
                .args(["check", "--no-prove"])
                .arg(&file)
                .output()
                .unwrap();
            assert!(
                replay.status.success(),
                "{text}\n{}",
                String::from_utf8_lossy(&replay.stderr)
            );
            let proved = lanrick().arg("check").arg(&file).output().unwrap();
            assert_eq!(proved.status.success(), *verdict == "sound", "{text}");
            assert!(
                String::from_utf8_lossy(&proved.stdout).contains(&format!(": {verdict} — ")),
                "{}",
                String::from_utf8_lossy(&proved.stdout)
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_stops_at_two_keys_and_says_the_list_is_partial() {
    // 10,253 first actions and three keys: `check` needs only two to call the puzzle
    // cooked, so its JSON marks the key list as partial; `solve` proves all three.
    let file = "tests/cases/prove/cooked_crowded.lanrick";
    let (code, proof) = proof_of(file);
    assert_eq!(code, Some(1));
    assert_eq!(proof["verdict"], "cooked");
    assert_eq!(proof["complete"], true);
    assert_eq!(proof["all_keys"], false);
    assert_eq!(proof["written_key"], "c1-e1 g5-h6 x a2");
    assert_eq!(proof["keys"].as_array().map(Vec::len), Some(2));
    let out = lanrick().args(["solve", file]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("10253 first actions, 3 forcing the goal"),
        "{text}"
    );
}

/// `check` proves every puzzle whatever its written line (issue 27, point 8): a
/// solution giving only the key is judged by the prover (sound passes, refuted fails
/// with Black's escape), and a first action that does not reach the goal, or a line
/// with an illegal action, gets the verdict named with the line's own problem beside
/// it, where it used to get only `lanrick::goal::unmet` and no verdict.
#[test]
fn check_proves_a_puzzle_whatever_its_written_line() {
    for (file, verdict, passes, line_codes) in [
        ("key_only", "sound", true, &[][..]),
        ("key_only_refuted", "refuted", false, &[][..]),
        ("wrong_key", "refuted", false, &["lanrick::goal::unmet"][..]),
        (
            "line_illegal",
            "sound",
            false,
            &["lanrick::rule::blocked"][..],
        ),
    ] {
        let path = format!("tests/cases/prove/{file}.lanrick");
        let (code, proof) = proof_of(&path);
        assert_eq!(code, Some(if passes { 0 } else { 1 }), "{file}");
        assert_eq!(proof["verdict"], verdict, "{file}");
        let out = lanrick()
            .args(["check", "--format", "json", &path])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let codes: Vec<&str> = v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|d| d["code"].as_str())
            .collect();
        let mut want: Vec<String> = line_codes.iter().map(|c| (*c).to_owned()).collect();
        if verdict != "sound" {
            want.insert(0, format!("lanrick::goal::{verdict}"));
        }
        assert_eq!(codes, want, "{file}");
        let human = lanrick().args(["check", &path]).output().unwrap();
        let line = String::from_utf8_lossy(&human.stdout);
        assert!(line.contains(&format!(": {verdict} — ")), "{line}");
        assert_eq!(
            line.contains("the written line has 1 problem"),
            !line_codes.is_empty(),
            "{line}"
        );
    }
    // A key-only line's goal is `open`: the proof, not the line, decides.
    let out = lanrick()
        .args([
            "check",
            "--format",
            "json",
            "tests/cases/prove/key_only.lanrick",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["files"][0]["game_results"][0]["goal"], "open");
    // Only replaying, nothing judges the key: the line's unmet goal is the word.
    let out = lanrick()
        .args(["check", "--no-prove", "tests/cases/prove/key_only.lanrick"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("lanrick::goal::unmet"));
}

/// `lanrick solve` output as text (stdout), with `args` after `solve`.
fn solve_text(args: &[&str]) -> String {
    let out = lanrick().arg("solve").args(args).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `solve` writes the solution as chess problem solvers do (issue 27, point 7):
/// numbered and indented by move, the key marked `!` with its threat, the defences
/// each with its reply, duals marked, the tries marked `?` with their refutations `!`
/// (and said to be none when there are none); the keys in their shortest canonical
/// form, one text each; the whole still a puzzle file that replays; and the same proof
/// as JSON.
#[test]
fn solve_writes_trees_as_problem_solvers_do() {
    // Numbered, indented, the key marked with its threat, a try with its refutations.
    let text = solve_text(&["examples/puzzles/composed-102-01.lanrick", "--tries"]);
    let lines: Vec<&str> = text.lines().collect();
    let key = lines
        .iter()
        .find(|l| l.starts_with("1. B: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(key.contains(" ! { threat: "), "{text}");
    assert!(lines.iter().any(|l| l.starts_with("  2. Y: ")), "{text}");
    assert!(lines.iter().any(|l| l.starts_with("    3. B: ")), "{text}");
    let try_at = lines
        .iter()
        .position(|l| l.starts_with("( 1. B: ") && l.ends_with(" ?"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        lines[try_at + 1].trim_start().starts_with("2. Y: ") && lines[try_at + 1].contains(" !"),
        "{text}"
    );
    assert!(text.contains("# try "), "{text}");
    let dir = std::env::temp_dir().join(format!("lanrick-solve-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tree.lanrick");
    std::fs::write(&file, &text).unwrap();
    let replay = lanrick().arg("check").arg(&file).output().unwrap();
    assert!(
        replay.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&replay.stderr)
    );

    // Carroll's three-man answer, one text for the key everywhere; no tries, said so.
    let text = solve_text(&["examples/carroll-hint-1.lanrick", "--tries"]);
    assert!(text.contains("# tries: none"), "{text}");
    assert!(
        text.contains("\n1. Y: c6-d5 d7-c6 e7-d7 x e6 !\n"),
        "{text}"
    );
    assert_eq!(text.matches("c6-d5 d7-c6 e7-d7 x e6").count(), 3, "{text}");
    assert!(!text.contains("b7-c6"), "{text}");

    // An interchange whose men the defender chooses is one key (its choices follow
    // it as variations), with its duals marked.
    let text = solve_text(&["examples/puzzles/composed-101-02.lanrick"]);
    assert!(
        text.contains("# key 1 of 1: interchange d6 c7 (in 2); Yellow chooses the men: 3 choices"),
        "{text}"
    );
    assert!(!text.contains("# key 2"), "{text}");
    assert!(
        text.contains("{ dual: 68 other winning replies }"),
        "{text}"
    );

    // JSON: the verdict, each key with its position and tree, the tries, the budget.
    let out = lanrick()
        .args([
            "solve",
            "--format",
            "json",
            "--tries",
            "examples/carroll-hint-1.lanrick",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "sound");
    assert_eq!(v["keys"][0]["action"], "c6-d5 d7-c6 e7-d7 x e6");
    assert_eq!(v["keys"][0]["depth"], 1);
    assert_eq!(
        v["keys"][0]["positions"][0],
        v["keys"][0]["trees"][0]["position"]
    );
    assert_eq!(v["keys"][0]["trees"][0]["number"], 1);
    assert_eq!(v["tries"]["found"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["tries"]["complete"], true);
    assert!(v["budget"]["nodes"].as_u64().unwrap() > 0);
    assert_eq!(v["budget"]["max_nodes"], 20_000_000);
    // A goal in 3 or 4 gets a deeper default; a budget given is kept at any depth.
    for (turns, extra, want) in [
        (3, None, lanrick::prover::DEFAULT_MAX_NODES_IN_3),
        (4, None, lanrick::prover::DEFAULT_MAX_NODES_DEEP),
        (4, Some("9000000"), 9_000_000),
    ] {
        let mut cmd = lanrick();
        let goal = format!("Y wins rendezvous in {turns}");
        cmd.args([
            "solve",
            "--format",
            "json",
            "--goal",
            &goal,
            "examples/carroll-hint-1.lanrick",
        ]);
        if let Some(n) = extra {
            cmd.args(["--max-nodes", n]);
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success());
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["budget"]["max_nodes"], want, "{goal}");
        assert!(v["budget"]["nodes"].as_u64().unwrap() <= want);
    }
    // The help states the defaults the prover uses.
    let help = lanrick().args(["solve", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for n in [
        lanrick::prover::DEFAULT_MAX_NODES,
        lanrick::prover::DEFAULT_MAX_NODES_IN_3,
        lanrick::prover::DEFAULT_MAX_NODES_DEEP,
    ] {
        assert!(help.contains(&n.to_string()), "{n} not in the help");
    }
    let out = lanrick()
        .args([
            "solve",
            "--format",
            "json",
            "--tries",
            "examples/puzzles/composed-102-01.lanrick",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let tries = v["tries"]["found"].as_array().unwrap();
    assert!(!tries.is_empty(), "{v}");
    assert!(tries.iter().all(|t| {
        let n = t["refutations"].as_array().map_or(0, Vec::len);
        n == 1
    }));
    assert!(v["keys"][0]["threat"].is_string(), "{v}");
    assert_eq!(v["keys"][0]["defences"], 20);
}

/// Each of the prover's optimisations can be switched off from the command line, and
/// switching it off changes no verdict and no key of any shipped puzzle: an
/// optimisation only makes the proof faster.
#[test]
fn every_optimisation_off_keeps_every_shipped_verdict_and_key() {
    // The shipped games and puzzles in 1 and 2 (the puzzles in 3, slow with every
    // optimisation off in a debug build, are the reference tests' to switch).
    let mut files: Vec<String> = Vec::new();
    for dir in ["examples", "examples/puzzles"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "lanrick") {
                files.push(path.display().to_string());
            }
        }
    }
    let verdicts = |extra: &[&str]| -> Vec<(String, serde_json::Value, serde_json::Value)> {
        let out = lanrick()
            .args(["check", "--format", "json"])
            .args(&files)
            .args(extra)
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut found = Vec::new();
        for file in v["files"].as_array().unwrap() {
            for game in file["game_results"].as_array().unwrap() {
                let proof = &game["proof"];
                if !proof.is_null() {
                    found.push((
                        format!("{} #{}", file["file"], game["number"]),
                        proof["verdict"].clone(),
                        proof["keys"].clone(),
                    ));
                }
            }
        }
        found.sort_by(|a, b| a.0.cmp(&b.0));
        found
    };
    let all_on = verdicts(&[]);
    assert!(all_on.len() >= 20, "{all_on:?}");
    for flag in [
        "--no-table",
        "--no-bound",
        "--no-deep-bound",
        "--no-ordering",
        "--no-goal-turns",
        "--no-all-in",
        "--no-killers",
        "--no-defender-first",
        "--no-bound-first",
        "--no-blocked",
        "--no-blocks",
        "--no-growing-shares",
        "--no-second-last",
        "--no-all-in-walk",
        "--no-unstoppable",
        "--no-block-all",
        "--no-vacated",
        "--no-quiet-first",
        "--no-block-count",
        "--no-spare-replies",
        "--no-refuters",
        "--no-shared-results",
        "--no-defence-order",
        "--no-reply-sweep",
        "--no-verdict-first",
        "--no-deep-table",
    ] {
        assert_eq!(
            verdicts(&[flag]),
            all_on,
            "{flag} changed a verdict or a key"
        );
    }
}

/// Every action of a solution tree of more than 500 nodes is written with the fewest
/// man's moves that reach its position (issue 27, point 7: the keys, the defences and
/// the replies, not the key alone): no turn with one move fewer reaches it, by brute
/// force, and the action replays to the position the tree gives.
#[test]
fn every_action_of_a_large_solution_tree_has_the_fewest_mens_moves() {
    use lanrick::engine::{Position, Rules};
    let out = lanrick()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "solve",
            "examples/puzzles/composed-es-101-02.lanrick",
            "--format",
            "json",
            "--threads",
            "1",
        ])
        .output()
        .expect("runs");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let rules: Rules = doc["rules"]
        .as_str()
        .expect("rules")
        .parse()
        .expect("rules");
    let start =
        Position::parse_as(rules, doc["position"].as_str().expect("position")).expect("the start");
    let mut nodes = 0;
    let mut stack: Vec<(Position, &serde_json::Value)> = doc["keys"]
        .as_array()
        .expect("keys")
        .iter()
        .flat_map(|k| k["trees"].as_array().into_iter().flatten())
        .map(|t| (start, t))
        .collect();
    while let Some((parent, node)) = stack.pop() {
        nodes += 1;
        let text = node["action"].as_str().expect("action");
        let after = Position::parse_as(rules, node["position"].as_str().expect("position"))
            .expect("the node's position");
        let mut runner = lanrick::interp::Runner::from_position(parent);
        for item in lanrick::syntax::parse_line(text).expect("the action parses") {
            if let lanrick::syntax::ast::Item::Event(e) = item {
                runner
                    .apply(&e)
                    .unwrap_or_else(|_| panic!("`{text}` does not replay from {parent}"));
            }
        }
        assert_eq!(*runner.position(), after, "`{text}` from {parent}");
        let moves = text.split_whitespace().filter(|w| w.contains('-')).count();
        if moves >= 2
            && let Ok(turn) = parent.begin_turn()
        {
            assert!(
                !reaches_within(&turn, &after, moves - 1),
                "{parent}: a turn shorter than `{text}` reaches {after}"
            );
        }
        for child in node["next"].as_array().into_iter().flatten() {
            stack.push((after, child));
        }
    }
    assert!(nodes > 500, "the tree has {nodes} nodes: not a large one");
}

/// A budget too small for every key of a cooked goal in 3 still gives the verdict:
/// `solve` lists the keys it found and says more may force the goal (issue 26).
#[test]
fn a_cooked_goal_cut_by_the_budget_says_at_least_how_many_keys() {
    // #12 of the seeded benchmark set: seven keys.
    let solve = |extra: &[&str]| {
        let out = lanrick()
            .args([
                "solve",
                "--position",
                "8/8/1Y6/8/8/5B1Y/6B1/8 B b2:a3 play",
                "--rules",
                "1893 open-choice",
                "--goal",
                "B wins game in 3",
                "--threads",
                "1",
            ])
            .args(extra)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let text = solve(&["--max-nodes", "100000"]);
    assert!(text.contains("# cooked — B wins game in 3"), "{text}");
    assert!(
        text.contains("120 first actions, at least 3 forcing the goal;"),
        "{text}"
    );
    assert!(text.contains("(incomplete: the node budget of 100000 nodes was spent)"));
    // With the budget it needs, the whole list: seven keys, nothing cut.
    let text = solve(&[]);
    assert!(
        text.contains("120 first actions, 7 forcing the goal;"),
        "{text}"
    );
}

/// A 1879 puzzle that starts where the die is due has no key (no one chooses the
/// throw): `check` says so on the goal, with what to do, and `solve` refuses it; neither
/// panics.
#[test]
fn a_puzzle_at_a_throw_of_the_die_is_refused_with_a_diagnostic() {
    let dir = tempfile_dir();
    let file = dir.join("die.lanrick");
    let text = "[Rules \"1879\"]\n[Position \"B6Y/8/8/8/8/8/8/YY4BB Y mark 3-0 Y\"]\n\
                [Goal \"Y wins rendezvous in 1\"]\n\nmark e4\n";
    std::fs::write(&file, text).unwrap();
    let out = lanrick().arg("check").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("lanrick::goal::setup"), "{err}");
    assert!(err.contains("no one chooses it"), "{err}");
    assert!(
        err.contains("start from the position after the throw"),
        "{err}"
    );
    // The span is the goal's value on line 3.
    assert!(err.contains("die.lanrick:3:8"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let out = lanrick()
        .args([
            "solve",
            "--rules",
            "1879",
            "--position",
            "B6Y/8/8/8/8/8/8/YY4BB Y mark 3-0 Y",
            "--goal",
            "Y wins rendezvous in 1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no one chooses it"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_puzzle_from_a_finished_game_is_refused_with_its_own_help() {
    // The 1879 game is over (Black has five Rendezvous): the help says so, and does not
    // speak of the side to act.
    let dir = std::env::temp_dir().join(format!("lanrick-over-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("over.lanrick");
    let text = "[Rules \"1879\"]\n[Position \"8/8/8/8/8/8/8/8 B set 5-4 B\"]\n\
                [Goal \"B wins game in 1\"]\n\n";
    std::fs::write(&file, text).unwrap();
    let out = lanrick().arg("check").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("lanrick::goal::setup"), "{err}");
    assert!(err.contains("the game is already over"), "{err}");
    assert!(
        err.contains("a puzzle starts from a position where play goes"),
        "{err}"
    );
    assert!(!err.contains("to act; a direct goal"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("lanrick-die-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
