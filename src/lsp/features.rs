//! The requests a document answers: hover, completion, formatting, symbols, inlay
//! hints, code actions and code lenses; and the capabilities the server announces.
//! Each answer is a thin reading of the library: the replay (`interp`), the diagram
//! `replay` draws ([`crate::term::board`]), the completer the REPL uses
//! ([`crate::interp::complete`]) and `fmt`'s writer ([`crate::fmt`]).

use super::document::{Document, Game};
use crate::engine::Position;
use crate::interp::{self, Code, Options, complete};
use crate::syntax::{self, ast};
use lsp_server::ErrorCode;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeLens, Command, CompletionItem,
    CompletionItemKind, CompletionList, CompletionTextEdit, DocumentSymbol, Hover, HoverContents,
    InlayHint, InlayHintLabel, MarkupContent, MarkupKind, NumberOrString, Range, SymbolKind,
    TextEdit, Uri, WorkspaceEdit,
};
use serde_json::Value;
use std::collections::HashMap;

/// An answer, or the error code and message that refuse the request.
pub type Answer = Result<Value, (ErrorCode, String)>;

/// The most completion items sent at once (the list is then marked incomplete).
pub const MAX_ITEMS: usize = 200;

/// What the server can do.
pub fn capabilities() -> Value {
    serde_json::json!({
        "positionEncoding": "utf-16",
        "textDocumentSync": { "openClose": true, "change": 1 },
        "hoverProvider": true,
        "completionProvider": { "triggerCharacters": ["-", " ", "[", "\""] },
        "documentFormattingProvider": true,
        "documentRangeFormattingProvider": true,
        "documentSymbolProvider": true,
        "inlayHintProvider": true,
        "codeActionProvider": { "codeActionKinds": ["quickfix"] },
        "codeLensProvider": { "resolveProvider": false },
    })
}

/// Reads a request's parameters, or refuses it with `InvalidParams`.
macro_rules! params {
    ($v:expr, $t:ty) => {
        serde_json::from_value::<$t>($v).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?
    };
}

fn json(v: serde_json::Result<Value>) -> Answer {
    v.map_err(|e| (ErrorCode::InternalError, e.to_string()))
}

type Docs = HashMap<String, (Uri, Document)>;

/// The open document `uri`, if it is open and small enough to read.
fn doc<'a>(docs: &'a Docs, uri: &Uri) -> Option<&'a Document> {
    docs.get(uri.as_str())
        .map(|(_, d)| d)
        .filter(|d| !d.too_large())
}

/// Answers request `method` on the open documents.
pub fn answer(method: &str, params: Value, docs: &Docs) -> Answer {
    match method {
        "textDocument/hover" => {
            let p = params!(params, lsp_types::HoverParams);
            let pp = p.text_document_position_params;
            match doc(docs, &pp.text_document.uri) {
                Some(d) => json(serde_json::to_value(hover(d, pp.position))),
                None => Ok(Value::Null),
            }
        }
        "textDocument/completion" => {
            let p = params!(params, lsp_types::CompletionParams);
            let pp = p.text_document_position;
            match doc(docs, &pp.text_document.uri) {
                Some(d) => json(serde_json::to_value(completion(d, pp.position))),
                None => Ok(Value::Null),
            }
        }
        "textDocument/formatting" => {
            let p = params!(params, lsp_types::DocumentFormattingParams);
            match doc(docs, &p.text_document.uri) {
                Some(d) => json(serde_json::to_value(format_whole(d))),
                None => Ok(Value::Null),
            }
        }
        "textDocument/rangeFormatting" => {
            let p = params!(params, lsp_types::DocumentRangeFormattingParams);
            match doc(docs, &p.text_document.uri) {
                Some(d) => json(serde_json::to_value(format_range(d, p.range))),
                None => Ok(Value::Null),
            }
        }
        "textDocument/documentSymbol" => {
            let p = params!(params, lsp_types::DocumentSymbolParams);
            match doc(docs, &p.text_document.uri) {
                Some(d) => json(serde_json::to_value(symbols(d))),
                None => Ok(Value::Null),
            }
        }
        "textDocument/inlayHint" => {
            let p = params!(params, lsp_types::InlayHintParams);
            match doc(docs, &p.text_document.uri) {
                Some(d) => json(serde_json::to_value(inlay_hints(d, p.range))),
                None => Ok(Value::Null),
            }
        }
        "textDocument/codeAction" => {
            let p = params!(params, lsp_types::CodeActionParams);
            match doc(docs, &p.text_document.uri) {
                Some(d) => json(serde_json::to_value(code_actions(
                    d,
                    &p.text_document.uri,
                    &p.context.diagnostics,
                ))),
                None => Ok(Value::Null),
            }
        }
        "textDocument/codeLens" => {
            let p = params!(params, lsp_types::CodeLensParams);
            match doc(docs, &p.text_document.uri) {
                Some(d) => json(serde_json::to_value(code_lenses(d))),
                None => Ok(Value::Null),
            }
        }
        _ => Err((
            ErrorCode::MethodNotFound,
            format!("lanrick does not answer {method}"),
        )),
    }
}

fn range(d: &Document, s: ast::Span) -> Range {
    d.index.range(&d.text, s.start, s.end)
}

/// The board before and after the event under the cursor (on the main line or in a
/// variation), with the Rendezvous, whose turn it is and the allowance the event used.
fn hover(d: &Document, at: lsp_types::Position) -> Option<Hover> {
    let offset = d.index.offset(&d.text, at);
    let g = d.game_at(offset)?;
    let rel = offset.checked_sub(g.span.start)?;
    let (span, before, after) = variation_event(g, rel).or_else(|| main_line_event(g, rel))?;
    let (before, after) = (&before, &after);
    let text = g.text.get(span.start..span.end).unwrap_or("");
    let mut md = format!("**`{text}`** — {} to act\n\n", before.to_act());
    if let Some((used, of)) = allowance_used(before, text) {
        md.push_str(&format!("Allowance used: {used} of {of} squares\n\n"));
    }
    md.push_str(&format!(
        "Before:\n```text\n{}\n```\nAfter:\n```text\n{}\n```\n",
        diagram(before),
        diagram(after)
    ));
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: md,
        }),
        range: Some(range(d, span.shift(g.span.start))),
    })
}

/// The main-line event at byte `rel` of game `g`: its span in the game's text and the
/// positions before and after it (from the game's cached check).
fn main_line_event(g: &Game, rel: usize) -> Option<(ast::Span, Position, Position)> {
    let run = g.checked.run()?;
    let i = run
        .positions
        .iter()
        .position(|(s, _)| s.is_some_and(|s| s.start <= rel && rel <= s.end))?;
    let (Some(span), after) = run.positions.get(i)? else {
        return None;
    };
    let before = run.positions.get(i.checked_sub(1)?)?.1;
    Some((*span, before, *after))
}

/// The event in a variation at byte `rel` of game `g` (the innermost one holding it),
/// replayed as the replay page replays variations: its span and the positions before
/// and after it.
fn variation_event(g: &Game, rel: usize) -> Option<(ast::Span, Position, Position)> {
    let tree = crate::render::tree::build(&g.text, None).ok()?;
    let game = tree.games.first()?;
    let step = game
        .steps
        .iter()
        .filter(|s| s.depth > 0 && s.problem.is_none())
        .filter_map(|s| Some((s, s.span?)))
        .filter(|(_, sp)| sp.start <= rel && rel <= sp.end)
        .min_by_key(|(_, sp)| sp.end - sp.start)?;
    let before = game.steps.get(step.0.parent?)?.position;
    Some((step.1, before, step.0.position))
}

/// `replay`'s diagram of a position, with its position string.
fn diagram(p: &Position) -> String {
    format!("{}{p}", crate::term::board::diagram(p, false))
}

/// The squares a turn's man's moves used, and the allowance it had.
fn allowance_used(before: &Position, text: &str) -> Option<(u8, u8)> {
    let words: Vec<&str> = text
        .split_whitespace()
        .filter(|w| w.contains('-'))
        .collect();
    if words.is_empty() {
        return None;
    }
    let turn = complete::turn_after(before, &words)?;
    Some((turn.used(), turn.allowance()))
}

/// Whether a word is an event's prefix (`12.`, `12...`, `B:`, `Y`), not its action.
fn is_prefix(w: &str) -> bool {
    let digits = w.trim_end_matches('.');
    (w.ends_with('.') && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        || matches!(w, "B" | "Y" | "W" | "B:" | "Y:" | "W:")
}

/// The tag names a game may have.
const TAGS: &[&str] = &[
    "Event",
    "Site",
    "Date",
    "Round",
    "Black",
    "Yellow",
    "Result",
    "Rules",
    "Position",
    "Goal",
    "Annotator",
];

/// Completion at the cursor: tags and their values on a tag line, else the event's next
/// token as the REPL completes it, in the position the main line has reached there.
pub fn completion(d: &Document, at: lsp_types::Position) -> Option<CompletionList> {
    let offset = d.index.offset(&d.text, at);
    let line_start = d
        .index
        .offset(&d.text, lsp_types::Position::new(at.line, 0));
    let head = d.text.get(line_start..offset)?;
    let (items, from) = if head.trim_start().starts_with('[') {
        tag_candidates(head)?
    } else {
        let g = d.game_at(offset)?;
        // The event being written starts after the last `;`, `(` or `)` of the line.
        let cut = head.rfind([';', '(', ')']).map_or(0, |i| i + 1);
        let (position, over) = position_before(g, line_start + cut)?;
        let (start, before, word) = complete::token(head.get(cut..)?);
        let start = start + cut;
        let before: Vec<&str> = before.into_iter().skip_while(|w| is_prefix(w)).collect();
        let c = complete::candidates(&before, word, &position, over, &[]);
        (c, start)
    };
    let replace = d.index.range(&d.text, line_start + from, offset);
    let incomplete = items.len() > MAX_ITEMS;
    let items = items
        .into_iter()
        .take(MAX_ITEMS)
        .enumerate()
        .map(|(i, c)| CompletionItem {
            label: c.clone(),
            kind: Some(
                if c.chars().next().is_some_and(char::is_alphabetic) && !c.contains('-') {
                    CompletionItemKind::KEYWORD
                } else {
                    CompletionItemKind::VALUE
                },
            ),
            sort_text: Some(format!("{i:04}")),
            filter_text: Some(c.clone()),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(replace, c))),
            ..CompletionItem::default()
        })
        .collect();
    Some(CompletionList {
        is_incomplete: incomplete,
        items,
    })
}

/// Tag names after `[`, and values inside the quotes of `Rules`, `Result` and `Goal`.
fn tag_candidates(head: &str) -> Option<(Vec<String>, usize)> {
    let open = head.find('[')?;
    let inner = &head[open + 1..];
    match inner.find('"') {
        None => {
            let word = inner.trim_start();
            let from = head.len() - word.len();
            let c = TAGS
                .iter()
                .filter(|t| t.starts_with(word))
                .map(|t| t.to_string())
                .collect();
            Some((c, from))
        }
        Some(q) => {
            let name = inner[..q].trim();
            let typed = &inner[q + 1..];
            let from = head.len() - typed.len();
            let values: Vec<String> = match name {
                "Rules" => ["1893", "1880", "1879"].map(String::from).to_vec(),
                "Result" => ["B", "Y", "draw", "*"].map(String::from).to_vec(),
                "Goal" => ["B", "Y"]
                    .iter()
                    .flat_map(|s| {
                        ["rendezvous", "game"]
                            .iter()
                            .flat_map(move |t| (1..=3).map(move |n| format!("{s} wins {t} in {n}")))
                    })
                    .collect(),
                _ => Vec::new(),
            };
            Some((
                values
                    .into_iter()
                    .filter(|v| v.starts_with(typed))
                    .collect(),
                from,
            ))
        }
    }
}

/// The position reached before byte `at` of the document (in game `g`), and whether
/// the game is over there: the game's text up to `at` replayed; inside a variation
/// still open there, the variation's line ([`position_in_variation`]).
fn position_before(g: &Game, at: usize) -> Option<(Position, bool)> {
    let rel = at.checked_sub(g.span.start)?;
    let text = g.text.get(..rel)?;
    if let Some(p) = position_in_variation(text) {
        return Some((p, p.winner().is_some()));
    }
    let run = match interp::check_game_text(text, 1, 0, Options::default()) {
        interp::GameCheck::Game(Some(run)) => run,
        _ => return Some((Position::start(), false)),
    };
    let runner = run.runner.as_ref()?;
    Some((
        *runner.position(),
        runner.game().result().is_some() || runner.position().winner().is_some(),
    ))
}

/// The offsets of the `(` still open at the end of `text` (outside comments), outermost
/// first.
fn open_variations(text: &str) -> Vec<usize> {
    let mut open = Vec::new();
    let mut comment: Option<u8> = None;
    for (i, b) in text.bytes().enumerate() {
        match (comment, b) {
            (Some(b'{'), b'}') | (Some(b'#'), b'\n') => comment = None,
            (Some(_), _) => {}
            (None, b'{' | b'#') => comment = Some(b),
            (None, b'(') => open.push(i),
            (None, b')') => {
                open.pop();
            }
            _ => {}
        }
    }
    open
}

/// When `text` (a game up to the cursor) ends inside a variation, the position its
/// line has reached: after its last event, or, before its first, the position its
/// event is an alternative to. The open variations are closed and the text replayed
/// as the replay page replays variations.
fn position_in_variation(text: &str) -> Option<Position> {
    let open = open_variations(text);
    let innermost = *open.last()?;
    let closed = format!("{text}{}", ")".repeat(open.len()));
    let tree = crate::render::tree::build(&closed, None).ok()?;
    let game = tree.games.first()?;
    let with_span = || game.steps.iter().filter_map(|s| Some((s, s.span?)));
    if let Some((last, _)) = with_span()
        .filter(|(s, sp)| sp.start > innermost && s.depth > 0)
        .max_by_key(|(_, sp)| sp.end)
    {
        return Some(last.position);
    }
    // No event yet in it: its event is the last one written before the `(`.
    let (event, _) = with_span()
        .filter(|(_, sp)| sp.end <= innermost)
        .max_by_key(|(_, sp)| sp.end)?;
    Some(game.steps.get(event.parent?)?.position)
}

/// The whole document through `fmt` (none when it has a syntax error).
fn format_whole(d: &Document) -> Option<Vec<TextEdit>> {
    let file = syntax::parse_file(&d.text).ok()?;
    let formatted = crate::fmt::LineEnd::of(&d.text).apply(crate::fmt::format_file(&file));
    if formatted == d.text {
        return Some(Vec::new());
    }
    Some(vec![TextEdit::new(
        range(d, ast::Span::new(0, d.text.len())),
        formatted,
    )])
}

/// The games the range touches, each through `fmt` (a game with a syntax error is left).
fn format_range(d: &Document, r: Range) -> Option<Vec<TextEdit>> {
    let (start, end) = (
        d.index.offset(&d.text, r.start),
        d.index.offset(&d.text, r.end),
    );
    let ends = crate::fmt::LineEnd::of(&d.text);
    let last = d.games.len().checked_sub(1)?;
    let mut edits = Vec::new();
    for (i, g) in d.games.iter().enumerate() {
        let touches =
            g.span.start <= end && start <= g.span.end && (g.span.end > start || i == last);
        if !touches || g.number.is_none() {
            continue;
        }
        let Ok(file) = syntax::parse_file(&g.text) else {
            continue;
        };
        let mut formatted = crate::fmt::format_file(&file);
        if i != last {
            formatted.push('\n');
        }
        let formatted = ends.apply(formatted);
        if *formatted != *g.text {
            edits.push(TextEdit::new(range(d, g.span), formatted));
        }
    }
    Some(edits)
}

/// The games of the document, each with its main line's variations.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written; it is `None`.
fn symbols(d: &Document) -> Vec<DocumentSymbol> {
    let mut out = Vec::new();
    for g in &d.games {
        let Some(number) = g.number else { continue };
        let file = syntax::parse_file(&g.text).ok();
        let game = file.as_ref().and_then(|f| f.games.first());
        let name = game
            .and_then(|x| x.tag("Event"))
            .map_or_else(|| format!("game {number}"), |t| t.value.node.clone());
        let detail = game
            .and_then(|x| x.tag("Goal"))
            .map(|t| t.value.node.clone());
        let mut children = Vec::new();
        if let Some(game) = game {
            variations(d, g, &game.body, &mut children);
        }
        let whole = range(d, trimmed(g));
        out.push(DocumentSymbol {
            name,
            detail,
            kind: SymbolKind::MODULE,
            tags: None,
            deprecated: None,
            range: whole,
            selection_range: Range::new(whole.start, whole.start),
            children: (!children.is_empty()).then_some(children),
        });
    }
    out
}

/// A game's span without the blank lines after it.
fn trimmed(g: &Game) -> ast::Span {
    let len = g.text.trim_end().len();
    ast::Span::new(g.span.start, g.span.start + len)
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written; it is `None`.
fn variations(d: &Document, g: &Game, items: &[ast::Item], out: &mut Vec<DocumentSymbol>) {
    for item in items {
        let ast::Item::Event(ev) = item else { continue };
        for v in &ev.variations {
            let first = v.body.iter().find_map(|i| match i {
                ast::Item::Event(e) => Some(crate::fmt::format_action(e)),
                ast::Item::Comment(_) => None,
            });
            let mut children = Vec::new();
            variations(d, g, &v.body, &mut children);
            let r = range(d, v.span.shift(g.span.start));
            out.push(DocumentSymbol {
                name: format!("( {} )", first.unwrap_or_default()),
                detail: Some(format!("instead of {}", crate::fmt::format_action(ev))),
                kind: SymbolKind::NAMESPACE,
                tags: None,
                deprecated: None,
                range: r,
                selection_range: r,
                children: (!children.is_empty()).then_some(children),
            });
        }
    }
}

/// Each main-line turn's number and side where the file leaves them out.
fn inlay_hints(d: &Document, r: Range) -> Vec<InlayHint> {
    let (start, end) = (
        d.index.offset(&d.text, r.start),
        d.index.offset(&d.text, r.end),
    );
    let mut out = Vec::new();
    for g in &d.games {
        if g.span.end < start || g.span.start > end {
            continue;
        }
        let Some(run) = g.checked.run() else { continue };
        let Ok(file) = syntax::parse_file(&g.text) else {
            continue;
        };
        let Some(game) = file.games.first() else {
            continue;
        };
        let events: HashMap<usize, &ast::Event> = game
            .body
            .iter()
            .filter_map(|i| match i {
                ast::Item::Event(e) => Some((e.kind_span.start, e)),
                ast::Item::Comment(_) => None,
            })
            .collect();
        let mut number = 0u32;
        for w in run.positions.windows(2) {
            let (Some(span), _) = w[1] else { continue };
            let before = &w[0].1;
            let Some(ev) = events.get(&span.start) else {
                continue;
            };
            let numbered = matches!(ev.kind, ast::EventKind::Turn { .. } | ast::EventKind::Pass);
            if numbered {
                number += 1;
            }
            let at = g.span.start + span.start;
            if at < start || at > end || !numbered {
                continue;
            }
            let label = match (ev.prefix.number.is_some(), ev.prefix.side.is_some()) {
                (false, false) => format!("{number}. {}:", before.to_act().letter()),
                (true, false) => format!("{}:", before.to_act().letter()),
                (false, true) => format!("{number}."),
                (true, true) => continue,
            };
            let at = g.span.start + ev.span.start;
            out.push(InlayHint {
                position: d.index.position(&d.text, at),
                label: InlayHintLabel::String(label),
                kind: None,
                text_edits: None,
                tooltip: None,
                padding_left: None,
                padding_right: Some(true),
                data: None,
            });
        }
    }
    out
}

// `Uri` caches its parts inside, which clippy takes for a mutable key; it is never
// changed once built.
#[allow(clippy::mutable_key_type)]
/// Quick fixes from the diagnostics the client sends back: an illegal man's move
/// replaced by each legal one of the same man (an illegal Mark by each legal square);
/// the take a won Rendezvous is missing; the `Result` tag the game's end gives.
fn code_actions(
    d: &Document,
    uri: &Uri,
    diags: &[lsp_types::Diagnostic],
) -> Vec<CodeActionOrCommand> {
    let mut out = Vec::new();
    for diag in diags {
        let Some(NumberOrString::String(code)) = &diag.code else {
            continue;
        };
        let start = d.index.offset(&d.text, diag.range.start);
        let end = d.index.offset(&d.text, diag.range.end);
        let fix = |title: String, r: Range, text: String| {
            let mut changes = HashMap::new();
            changes.insert(uri.clone(), vec![TextEdit::new(r, text)]);
            CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diag.clone()]),
                edit: Some(WorkspaceEdit {
                    changes: Some(changes),
                    ..WorkspaceEdit::default()
                }),
                ..CodeAction::default()
            })
        };
        if code == Code::TagResultMismatch.as_str() {
            let help = diag
                .data
                .as_ref()
                .and_then(|v| v.get("help"))
                .and_then(Value::as_str)
                .unwrap_or("");
            if let Some(due) = help
                .strip_prefix("write [Result \"")
                .and_then(|s| s.strip_suffix("\"]"))
            {
                out.push(fix(
                    format!("write [Result \"{due}\"]"),
                    diag.range,
                    due.to_owned(),
                ));
            }
            continue;
        }
        let Some(g) = d.game_at(start) else { continue };
        // The event holding the diagnostic: the line's text from its start (or `;`).
        let line_start = d
            .index
            .offset(&d.text, lsp_types::Position::new(diag.range.start.line, 0));
        let Some(head) = d.text.get(line_start..start) else {
            continue;
        };
        let seg = line_start + head.rfind(';').map_or(0, |i| i + 1);
        let Some((position, over)) = position_before(g, seg) else {
            continue;
        };
        let Some(words) = d.text.get(seg..start) else {
            continue;
        };
        let before: Vec<&str> = words
            .split_whitespace()
            .skip_while(|w| is_prefix(w))
            .collect();
        let written = d.text.get(start..end).unwrap_or("");
        if code == Code::RuleTakeMissing.as_str() {
            let all: Vec<&str> = d
                .text
                .get(seg..end)
                .unwrap_or("")
                .split_whitespace()
                .skip_while(|w| is_prefix(w))
                .collect();
            let Some(turn) = complete::turn_after(&position, &all) else {
                continue;
            };
            if let Some(choices) = turn.take_choices() {
                let at = d.index.position(&d.text, end);
                for sq in choices.iter() {
                    out.push(fix(
                        format!("take the man on {sq}: `x {sq}`"),
                        Range::new(at, at),
                        format!(" x {sq}"),
                    ));
                }
            }
            continue;
        }
        // The legal words in the illegal one's place: the same man's moves, or the
        // squares a Mark may stand on.
        let legal = match written.split_once('-') {
            Some((from, _)) if !written.contains(char::is_whitespace) => {
                complete::candidates(&before, &format!("{from}-"), &position, over, &[])
            }
            None if before == ["mark"] => complete::candidates(&before, "", &position, over, &[]),
            _ => Vec::new(),
        };
        for m in legal.into_iter().filter(|m| m != written).take(20) {
            out.push(fix(format!("replace `{written}` by `{m}`"), diag.range, m));
        }
    }
    out
}

/// A lens on each proved puzzle's `Goal` tag with its verdict line.
fn code_lenses(d: &Document) -> Vec<CodeLens> {
    let mut out = Vec::new();
    for g in &d.games {
        let Some(p) = d.proofs.get(&g.text) else {
            continue;
        };
        let Some(pz) = g.checked.run().and_then(|r| r.puzzle.as_ref()) else {
            continue;
        };
        out.push(CodeLens {
            range: range(d, pz.goal_span.shift(g.span.start)),
            command: Some(Command {
                title: p.line.clone(),
                command: String::new(),
                arguments: None,
            }),
            data: None,
        });
    }
    out
}
