//! An open document: its text, its lines, and its games each checked as `check` checks
//! a game ([`interp::check_game_text`]) and kept while its text is unchanged, so that
//! an edit re-checks only the game it touches (a game moved by an edit elsewhere, or by
//! a game pasted or deleted before it, keeps its result). The problems become LSP diagnostics here, with the code, message and range
//! `check` reports and the help line as related information.

use super::position::LineIndex;
use crate::interp::{self, GameCheck, GameRef, GameRun, Options, Problem};
use crate::prover::Verdict;
use crate::syntax::ast::Span;
use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri,
};
use std::collections::HashMap;
use std::sync::Arc;

/// The largest document the server checks; a larger one is kept (for formatting
/// nothing, for edits) but not checked, with a diagnostic that says so.
pub const MAX_DOCUMENT: usize = 16 * 1024 * 1024;

/// One game's text checked alone (spans from the game's first byte).
#[derive(Debug)]
pub struct Checked {
    /// Its syntax errors, or its replay (`None`: no game in the text).
    pub check: GameCheck,
    /// The `Event` tag of a game with syntax errors (a replayed game carries its own).
    pub event: Option<String>,
}

impl Checked {
    /// Checks one game's text.
    pub fn of(text: &str) -> Checked {
        let check = interp::check_game_text(text, 1, 0, Options { each: true });
        let event = match &check {
            GameCheck::Syntax(_) => interp::event_tag(text),
            GameCheck::Game(_) => None,
        };
        Checked { check, event }
    }

    /// The replayed game, if there is one.
    pub fn run(&self) -> Option<&GameRun> {
        match &self.check {
            GameCheck::Game(Some(run)) => Some(run),
            _ => None,
        }
    }

    /// Whether the text holds a game (a syntax error counts as one, as in `check`).
    pub fn is_game(&self) -> bool {
        !matches!(self.check, GameCheck::Game(None))
    }

    /// The problems before any proof.
    pub fn problems(&self) -> &[Problem] {
        match &self.check {
            GameCheck::Syntax(p) => p,
            GameCheck::Game(Some(run)) => &run.problems,
            GameCheck::Game(None) => &[],
        }
    }

    /// Whether the game is a puzzle to prove (it replayed; `check` proves it then).
    pub fn wants_proof(&self) -> bool {
        self.run().is_some_and(|r| r.puzzle.is_some())
    }
}

/// What the background proof of a puzzle gave.
#[derive(Clone, Debug)]
pub struct Proved {
    /// The game's problems after the proof, as `check` reports them (spans from the
    /// game's first byte).
    pub problems: Vec<Problem>,
    /// The verdict (`None`: the puzzle could not be set up).
    pub verdict: Option<Verdict>,
    /// The one-line verdict (`sound — …`).
    pub line: String,
}

/// One game of a document.
#[derive(Clone, Debug)]
pub struct Game {
    /// Where it is in the document.
    pub span: Span,
    /// Its text (the cache's key).
    pub text: Arc<str>,
    /// It checked alone.
    pub checked: Arc<Checked>,
    /// Its number in the file, as `check` counts (from 1), if it holds a game.
    pub number: Option<usize>,
}

/// An open document.
#[derive(Debug)]
pub struct Document {
    /// The client's version.
    pub version: i32,
    /// The text.
    pub text: String,
    /// Its lines.
    pub index: LineIndex,
    /// Its games, in order (empty when it is too large to check).
    pub games: Vec<Game>,
    /// The proofs done, by game text.
    pub proofs: HashMap<Arc<str>, Proved>,
}

impl Document {
    /// A document with `text`, checked.
    pub fn new(version: i32, text: String) -> Document {
        let mut d = Document {
            version,
            index: LineIndex::new(&text),
            text,
            games: Vec::new(),
            proofs: HashMap::new(),
        };
        d.check(&[]);
        d
    }

    /// Whether the document is too large to check.
    pub fn too_large(&self) -> bool {
        self.text.len() > MAX_DOCUMENT
    }

    /// Replaces the text and re-checks the games whose text changed.
    pub fn set_text(&mut self, version: i32, text: String) {
        self.version = version;
        self.index = LineIndex::new(&text);
        self.text = text;
        let old = std::mem::take(&mut self.games);
        self.check(&old);
        let keep: std::collections::HashSet<&Arc<str>> =
            self.games.iter().map(|g| &g.text).collect();
        self.proofs.retain(|k, _| keep.contains(k));
    }

    /// Splits the text into games and checks each one that is not among the `old`
    /// games: an edit leaves the games before it at the same index and those after it
    /// at the same index from the end, so each new game is compared (byte for byte,
    /// no hashing) with those two old ones.
    fn check(&mut self, old: &[Game]) {
        if self.too_large() {
            return;
        }
        let spans = crate::syntax::split_games(&self.text);
        let count = spans.len();
        let mut number = 0;
        for (i, span) in spans.into_iter().enumerate() {
            let text = self.text.get(span.start..span.end).unwrap_or("");
            let same_place = old.get(i);
            let same_from_end = (old.len() + i).checked_sub(count).and_then(|j| old.get(j));
            let found = [same_place, same_from_end]
                .into_iter()
                .flatten()
                .find(|g| *g.text == *text);
            let (text, checked) = match found {
                Some(g) => (Arc::clone(&g.text), Arc::clone(&g.checked)),
                None => (Arc::from(text), Arc::new(Checked::of(text))),
            };
            let n = checked.is_game().then(|| {
                number += 1;
                number
            });
            self.games.push(Game {
                span,
                text,
                checked,
                number: n,
            });
        }
    }

    /// The game holding byte `offset` (a game's span runs to the next one's start).
    pub fn game_at(&self, offset: usize) -> Option<&Game> {
        let i = self.games.partition_point(|g| g.span.start <= offset);
        self.games.get(i.checked_sub(1)?)
    }

    /// The diagnostics `check` reports for the document, with the proofs done so far.
    pub fn diagnostics(&self, uri: &Uri) -> Vec<Diagnostic> {
        if self.too_large() {
            return vec![Diagnostic {
                range: self.index.range(&self.text, 0, 0),
                severity: Some(DiagnosticSeverity::WARNING),
                source: Some("lanrick".into()),
                message: format!(
                    "this document is {} MiB, larger than the {} MiB the editor checks: run \
                     `lanrick check` on it",
                    self.text.len() / (1024 * 1024),
                    MAX_DOCUMENT / (1024 * 1024)
                ),
                ..Diagnostic::default()
            }];
        }
        let many = self.games.iter().filter(|g| g.number.is_some()).count() > 1;
        let mut out = Vec::new();
        for g in &self.games {
            let proved = self.proofs.get(&g.text);
            let problems = match proved {
                Some(p) if p.verdict != Some(Verdict::Unproven) => &p.problems[..],
                _ => g.checked.problems(),
            };
            let game = match (many, g.number) {
                (true, Some(number)) => Some(GameRef {
                    number,
                    event: g
                        .checked
                        .run()
                        .and_then(|r| r.event.clone())
                        .or_else(|| g.checked.event.clone()),
                }),
                _ => None,
            };
            for p in problems {
                let mut p = p.clone().shifted(g.span.start);
                p.game = game.clone();
                out.push(self.diagnostic(uri, &p));
            }
            if let Some(p) = proved {
                out.extend(self.verdict_note(g, p));
            }
        }
        out
    }

    /// A hint for a sound puzzle, and a note for a proof cut by the editor's budget.
    fn verdict_note(&self, g: &Game, p: &Proved) -> Option<Diagnostic> {
        let pz = g.checked.run()?.puzzle.as_ref()?;
        let span = pz.goal_span.shift(g.span.start);
        let message = match p.verdict? {
            Verdict::Sound => p.line.clone(),
            Verdict::Unproven => format!(
                "{}: not proved within the editor's short budget; `lanrick check` or \
                 `lanrick solve` proves it with more",
                p.line
            ),
            _ => return None,
        };
        Some(Diagnostic {
            range: self.index.range(&self.text, span.start, span.end),
            severity: Some(DiagnosticSeverity::HINT),
            source: Some("lanrick".into()),
            message,
            ..Diagnostic::default()
        })
    }

    /// One problem (spans in the document) as an LSP diagnostic: the code, the message
    /// as `check` writes it, the primary span; the other labels and the help line as
    /// related information.
    pub fn diagnostic(&self, uri: &Uri, p: &Problem) -> Diagnostic {
        let range = |s: Span| self.index.range(&self.text, s.start, s.end);
        let primary = range(p.primary.span);
        let mut related: Vec<DiagnosticRelatedInformation> = p
            .secondary
            .iter()
            .map(|l| DiagnosticRelatedInformation {
                location: Location::new(uri.clone(), range(l.span)),
                message: l.text.clone(),
            })
            .collect();
        if let Some(help) = &p.help {
            related.push(DiagnosticRelatedInformation {
                location: Location::new(uri.clone(), primary),
                message: format!("help: {help}"),
            });
        }
        Diagnostic {
            range: primary,
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String(p.code.clone())),
            source: Some("lanrick".into()),
            message: p.full_message(),
            related_information: (!related.is_empty()).then_some(related),
            data: Some(serde_json::json!({ "label": p.primary.text, "help": p.help })),
            ..Diagnostic::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "[Event \"one\"]\n\nmark d5\na7-b6\n";
    const TWO: &str = "[Event \"two\"]\n\nmark d5\nh5-h1\n";

    fn uri() -> Uri {
        "file:///t.lanrick".parse().expect("a URI")
    }

    #[test]
    fn an_edit_rechecks_only_the_game_it_touches() {
        let mut d = Document::new(1, format!("{ONE}\n{TWO}"));
        assert_eq!(d.games.len(), 2);
        let second = Arc::clone(&d.games[1].checked);
        // An edit in the first game moves the second one: it keeps its result.
        d.set_text(
            2,
            format!(
                "{}\n{TWO}",
                ONE.replace("[Event \"one\"]", "[Event \"one\"]\n[Site \"here\"]")
            ),
        );
        assert!(Arc::ptr_eq(&second, &d.games[1].checked));
        let diags = d.diagnostics(&uri());
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags[0].range.start.line, 9,
            "the second game's move, a line down"
        );
        assert!(
            diags[0].message.starts_with("game 2 \"two\": "),
            "{}",
            diags[0].message
        );
    }

    #[test]
    fn a_game_pasted_between_others_leaves_them_checked() {
        let mut d = Document::new(1, format!("{ONE}\n{TWO}"));
        let (one, two) = (
            Arc::clone(&d.games[0].checked),
            Arc::clone(&d.games[1].checked),
        );
        let three = TWO.replace("two", "three");
        d.set_text(2, format!("{ONE}\n{three}\n{TWO}"));
        assert_eq!(d.games.len(), 3);
        assert!(Arc::ptr_eq(&one, &d.games[0].checked));
        assert!(Arc::ptr_eq(&two, &d.games[2].checked));
        let diags = d.diagnostics(&uri());
        assert_eq!(diags.len(), 2);
        assert!(
            diags[1].message.starts_with("game 3 \"two\": "),
            "{}",
            diags[1].message
        );
    }

    #[test]
    fn a_diagnostic_carries_check_s_code_message_and_help() {
        let d = Document::new(1, TWO.to_owned());
        let diags = d.diagnostics(&uri());
        assert_eq!(diags.len(), 1);
        let x = &diags[0];
        assert_eq!(
            x.code,
            Some(NumberOrString::String(
                crate::interp::Code::RuleBlocked.as_str().into()
            ))
        );
        assert!(x.message.contains("h2 is in the way"), "{}", x.message);
        let related = x.related_information.as_ref().expect("the help");
        assert!(related.iter().any(|r| r.message.starts_with("help: ")));
    }

    #[test]
    fn a_document_past_the_limit_is_not_checked() {
        let d = Document::new(1, "#".repeat(MAX_DOCUMENT + 1));
        assert!(d.games.is_empty());
        let diags = d.diagnostics(&uri());
        assert_eq!(diags.len(), 1);
        assert!(diags[0].message.contains("lanrick check"));
    }
}
