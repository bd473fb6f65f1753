//! `check --format sarif`: the report as SARIF 2.1.0 (the Static Analysis Results
//! Interchange Format of OASIS), the format code scanning services read.
//!
//! One run of one tool, `lanrick`. Its rules are the diagnostic codes of the one
//! registry ([`Code::ALL`]), each with its summary as help and the address of its
//! entry on the project's codes page. Each problem is a result of level `error` with
//! its file, line, column and end (1-based; columns count characters, the end is the
//! position just after the span, as in the JSON report); a file that could not be
//! read is a result on the file alone; a sound puzzle's verdict is a result of level
//! `note` (a failing verdict is a problem like any other). File names become URI
//! references, every byte outside the unreserved set percent-encoded, so that a
//! hostile name (controls, quotes, spaces, `#`) stays a valid URI; every text is a
//! JSON string, so that the document is valid whatever a name or a comment holds.
//! `tests/sarif.rs` validates it against the OASIS schema.

use super::report::Src;
use crate::interp::{Code, Problem};

/// The SARIF version written.
pub const VERSION: &str = "2.1.0";

/// The schema's address, as a SARIF log names it.
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// A file name as a URI reference: relative names stay relative (to `%SRCROOT%`, the
/// checkout), every byte but the unreserved ones and `/` percent-encoded.
pub fn uri(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The rule of each code, in the registry's order (a result's `ruleIndex` is its
/// code's place in [`Code::ALL`]).
fn rules() -> Vec<serde_json::Value> {
    Code::ALL
        .iter()
        .map(|&code| {
            let level = if code == Code::GoalSound {
                "note"
            } else {
                "error"
            };
            let uri = code.help_uri();
            serde_json::json!({
                "id": code.as_str(),
                "shortDescription": { "text": code.summary() },
                "help": {
                    "text": format!("{}. See {uri}", code.summary()),
                    "markdown": format!("{} ([{}]({uri}))", code.summary(), code.as_str()),
                },
                "helpUri": uri,
                "defaultConfiguration": { "level": level },
            })
        })
        .collect()
}

/// The location of `name`, with the region of `span` when there is one.
fn location(name: &str, region: Option<serde_json::Value>) -> serde_json::Value {
    let mut physical = serde_json::json!({
        "artifactLocation": { "uri": uri(name), "uriBaseId": "%SRCROOT%" },
    });
    if let (Some(region), Some(obj)) = (region, physical.as_object_mut()) {
        obj.insert("region".to_owned(), region);
    }
    serde_json::json!({ "physicalLocation": physical })
}

/// The rule id and index of a code's text (a code outside the registry, which
/// `tests/codes.rs` rules out, keeps its id without an index).
fn rule_of(code: &str, result: &mut serde_json::Map<String, serde_json::Value>) {
    result.insert("ruleId".to_owned(), code.into());
    if let Some(i) = Code::ALL.iter().position(|c| c.as_str() == code) {
        result.insert("ruleIndex".to_owned(), i.into());
    }
}

/// A problem as a result of level `error`; `src` is `None` for a file that could not
/// be read (the result is then on the file alone).
fn problem_result(problem: &Problem, name: &str, src: Option<Src<'_>>) -> serde_json::Value {
    let mut text = problem.full_message();
    if let Some(h) = &problem.help {
        text.push_str("\nhelp: ");
        text.push_str(h);
    }
    let region = src.map(|src| {
        let (line, column) = src.line_col(problem.primary.span.start);
        let (end_line, end_column) = src.line_col(problem.primary.span.end);
        serde_json::json!({
            "startLine": line,
            "startColumn": column,
            "endLine": end_line,
            "endColumn": end_column,
        })
    });
    let mut result = serde_json::Map::new();
    rule_of(&problem.code, &mut result);
    result.insert("level".to_owned(), "error".into());
    result.insert("message".to_owned(), serde_json::json!({ "text": text }));
    result.insert(
        "locations".to_owned(),
        serde_json::json!([location(name, region)]),
    );
    serde_json::Value::Object(result)
}

/// A problem of the file `name` as a result of level `error`; `src` is `None` for a
/// file that could not be read (the result is then on the file alone).
pub fn problem(problem: &Problem, name: &str, src: Option<Src<'_>>) -> serde_json::Value {
    problem_result(problem, name, src)
}

/// A sound puzzle's verdict as a result of level `note`: `game` is the game's name,
/// `line` the verdict's line.
pub fn sound_note(name: &str, game: &str, line: &str) -> serde_json::Value {
    let mut result = serde_json::Map::new();
    rule_of(Code::GoalSound.as_str(), &mut result);
    result.insert("level".to_owned(), "note".into());
    result.insert(
        "message".to_owned(),
        serde_json::json!({ "text": format!("{game}: {line}") }),
    );
    result.insert(
        "locations".to_owned(),
        serde_json::json!([location(name, None)]),
    );
    serde_json::Value::Object(result)
}

/// The artifact of a checked file.
pub fn artifact(name: &str) -> serde_json::Value {
    serde_json::json!({
        "location": { "uri": uri(name), "uriBaseId": "%SRCROOT%" },
    })
}

/// The SARIF 2.1.0 log of a check of the files of `artifacts` ([`artifact`]), with
/// `results` in its place: each file's problems, then its sound puzzles' verdicts
/// ([`problem`], [`sound_note`]), in file order. `unreadable`: some file could not
/// be read (the check did not run on everything).
pub fn sarif(
    artifacts: Vec<serde_json::Value>,
    unreadable: bool,
    results: serde_json::Value,
) -> serde_json::Value {
    serde_json::json!({
        "$schema": SCHEMA,
        "version": VERSION,
        "runs": [{
            "tool": {
                "driver": {
                    "name": "lanrick",
                    "version": env!("LANRICK_VERSION"),
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": rules(),
                },
            },
            "invocations": [{ "executionSuccessful": !unreadable }],
            "artifacts": artifacts,
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_uri_references() {
        assert_eq!(uri("games/a-b_c.~1.lanrick"), "games/a-b_c.~1.lanrick");
        assert_eq!(
            uri("a b#\"]]>\\n.lanrick"),
            "a%20b%23%22%5D%5D%3E%5Cn.lanrick"
        );
        assert_eq!(uri("é"), "%C3%A9");
    }

    #[test]
    fn every_code_is_a_rule_with_its_help_address() {
        let rules = rules();
        assert_eq!(rules.len(), Code::ALL.len());
        for (rule, code) in rules.iter().zip(Code::ALL) {
            assert_eq!(rule["id"], code.as_str());
            assert_eq!(rule["helpUri"], code.help_uri());
            assert!(
                code.help_uri()
                    .ends_with(&format!("docs/codes.md#{}", code.anchor()))
            );
        }
    }
}
