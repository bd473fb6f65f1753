//! Rendering problems for people and for machines: miette's graphical report (fixed
//! width, colour only when asked), JSON, GitHub workflow commands and JUnit XML.

use super::visible;
use crate::interp::Problem;

/// Line and column (1-based; columns count characters) of a byte offset in `src`.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(src.len());
    let mut at = offset;
    while !src.is_char_boundary(at) {
        at -= 1;
    }
    let before = &src[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let col = before[start..].chars().count() + 1;
    (line, col)
}

/// The width diagnostics are rendered at, whatever the terminal.
pub const WIDTH: usize = 100;

/// Source text for reports: a whole file, or a window of one (a game with a line of
/// context either side) that starts at a line start, with where it stands in the file.
/// Spans stay offsets into the whole file; lines and columns are those of the file.
#[derive(Clone, Copy, Debug)]
pub struct Src<'a> {
    /// The text of the window.
    pub text: &'a str,
    /// Its offset in the file.
    pub base: usize,
    /// `\n` line ends in the file before `base` (for [`line_col`]).
    pub newlines: usize,
    /// Line breaks before `base` as miette counts them (`\n`, `\r\n` and a lone `\r`).
    pub breaks: usize,
}

impl<'a> From<&'a str> for Src<'a> {
    fn from(text: &'a str) -> Src<'a> {
        Src {
            text,
            base: 0,
            newlines: 0,
            breaks: 0,
        }
    }
}

impl<'a> From<&'a String> for Src<'a> {
    fn from(text: &'a String) -> Src<'a> {
        Src::from(text.as_str())
    }
}

impl Src<'_> {
    /// Line and column in the file of a file offset inside the window.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let (line, col) = line_col(self.text, offset.saturating_sub(self.base));
        (line + self.newlines, col)
    }
}

/// A window of a file as miette source code: spans are file offsets.
struct Windowed<'a> {
    name: &'a str,
    src: Src<'a>,
    /// The long lines that hold a label, cut down around their labels.
    clips: Vec<Clip>,
}

/// A line longer than this many bytes is shown in part, around its labels.
const LONG_LINE: usize = 200;

/// How many bytes of a long line are shown either side of its labels.
const CLIP_MARGIN: usize = 60;

/// The part of a long line shown in a report.
struct Clip {
    /// The line's first byte and the byte after its last, as window offsets.
    line: std::ops::Range<usize>,
    /// `… ` + the part + ` …`, each mark only where something was left out.
    data: String,
    /// The window offset `data[0]` stands for: the part's start less the leading
    /// mark's length, so that every offset inside the part keeps its place.
    start: usize,
}

impl Clip {
    /// The clip of the line starting at `line_start` around the labels that cover
    /// `s..e` on it (window offsets), or `None` when the line is not long.
    fn of(text: &str, line_start: usize, s: usize, e: usize) -> Option<Clip> {
        let line_end = text
            .get(s..)?
            .find(['\r', '\n'])
            .map_or(text.len(), |i| s + i);
        if line_end - line_start <= LONG_LINE {
            return None;
        }
        let mut from = s.saturating_sub(CLIP_MARGIN).max(line_start);
        while !text.is_char_boundary(from) {
            from -= 1;
        }
        let mut to = (e.max(s + 1) + CLIP_MARGIN).min(line_end);
        while !text.is_char_boundary(to) {
            to += 1;
        }
        let lead = if from > line_start { "… " } else { "" };
        let tail = if to < line_end { " …" } else { "" };
        Some(Clip {
            line: line_start..line_end,
            data: format!("{lead}{}{tail}", text.get(from..to)?),
            start: from.checked_sub(lead.len())?,
        })
    }
}

impl<'a> Windowed<'a> {
    /// The window, with a clip for each long line that holds one of `labels` (file
    /// offsets) on a single line.
    fn new(name: &'a str, src: Src<'a>, labels: impl Iterator<Item = (usize, usize)>) -> Self {
        let text = src.text;
        // For each line holding labels: its start, and the first and last byte they cover.
        let mut lines: Vec<(usize, usize, usize)> = Vec::new();
        for (start, len) in labels {
            let Some(s) = start.checked_sub(src.base) else {
                continue;
            };
            let e = s + len;
            match text.get(s..e) {
                Some(own) if !own.contains('\n') => {}
                _ => continue,
            }
            let line_start = text[..s].rfind('\n').map_or(0, |i| i + 1);
            match lines.iter_mut().find(|(l, _, _)| *l == line_start) {
                Some((_, first, last)) => {
                    *first = (*first).min(s);
                    *last = (*last).max(e);
                }
                None => lines.push((line_start, s, e)),
            }
        }
        let clips = lines
            .into_iter()
            .filter_map(|(line_start, s, e)| Clip::of(text, line_start, s, e))
            .collect();
        Windowed { name, src, clips }
    }
}

impl miette::SourceCode for Windowed<'_> {
    fn read_span<'b>(
        &'b self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'b> + 'b>, miette::MietteError> {
        let base = self.src.base;
        if span.offset() < base {
            return Err(miette::MietteError::OutOfBounds);
        }
        let rel = miette::SourceSpan::new((span.offset() - base).into(), span.len());
        let c = <str as miette::SourceCode>::read_span(self.src.text, &rel, before, after)?;
        if c.data().len() > 3 * LONG_LINE {
            // Long lines around: show the span's own line alone, cut down if it is long.
            let (s, e) = (rel.offset(), rel.offset() + rel.len());
            let own = <str as miette::SourceCode>::read_span(self.src.text, &rel, 0, 0)?;
            let clip = self
                .clips
                .iter()
                .find(|c| c.line.start <= s && e <= c.line.end);
            let (data, start): (&'b [u8], usize) = match clip {
                Some(clip) => (clip.data.as_bytes(), clip.start),
                None => (own.data(), own.span().offset()),
            };
            if data.len() < c.data().len() {
                return Ok(Box::new(miette::MietteSpanContents::new_named(
                    self.name.to_string(),
                    data,
                    miette::SourceSpan::new((start + base).into(), data.len()),
                    own.line() + self.src.breaks,
                    own.column(),
                    1,
                )));
            }
        }
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.to_string(),
            c.data(),
            miette::SourceSpan::new((c.span().offset() + base).into(), c.span().len()),
            c.line() + self.src.breaks,
            c.column(),
            c.line_count() + self.src.breaks,
        )))
    }
}

/// Renders a problem with its source as miette's graphical report.
pub fn render_human<'a>(
    problem: &Problem,
    name: &str,
    src: impl Into<Src<'a>>,
    color: bool,
) -> String {
    render_human_width(problem, name, src, color, WIDTH)
}

/// [`render_human`] wrapped at `width` columns (the REPL's terminal width).
///
/// User text reaches the terminal only in visible form (`visible`): the source,
/// the file's name, the message, the labels and the help. Labels are placed on the
/// shown source, and lines are counted by line feeds, as everywhere else. A label
/// longer than the margin on a long line is drawn by its start.
pub fn render_human_width<'a>(
    problem: &Problem,
    name: &str,
    src: impl Into<Src<'a>>,
    color: bool,
    width: usize,
) -> String {
    let theme = if color {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false);
    let src = src.into();
    let shown = visible::Shown::of(src.text);
    let shown_src = Src {
        text: &shown.text,
        base: src.base,
        newlines: src.newlines,
        // No lone CR is left in the shown text: lines are counted by line feeds.
        breaks: src.newlines,
    };
    let labels: Vec<miette::LabeledSpan> = std::iter::once((&problem.primary, true))
        .chain(problem.secondary.iter().map(|l| (l, false)))
        .map(|(l, primary)| {
            let (start, end) = shown_span(src, &shown, l.span.start, l.span.end);
            let text = Some(visible::visible(&l.text).into_owned());
            let span = miette::SourceSpan::new(start.into(), end - start);
            if primary {
                miette::LabeledSpan::new_primary_with_span(text, span)
            } else {
                miette::LabeledSpan::new_with_span(text, span)
            }
        })
        .collect();
    let name = visible::visible_line(name);
    let source = Windowed::new(
        &name,
        shown_src,
        labels.iter().map(|l| (l.offset(), l.len())),
    );
    let report = WithSource {
        problem,
        message: visible::visible(&problem.full_message()).into_owned(),
        help: problem
            .help
            .as_deref()
            .map(|h| visible::visible(h).into_owned()),
        labels,
        source: &source,
    };
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        out = format!("{name}: {}\n", report.message);
    }
    out
}

/// A label's span `start..end` (file offsets) as file offsets into the shown window,
/// cut to its first [`CLIP_MARGIN`] bytes when it is longer than twice that on one long
/// line (so that the line can be cut down around it).
fn shown_span(
    src: Src<'_>,
    shown: &visible::Shown<'_>,
    start: usize,
    end: usize,
) -> (usize, usize) {
    let text = src.text;
    let (Some(s), Some(e)) = (start.checked_sub(src.base), end.checked_sub(src.base)) else {
        return (start, end.max(start));
    };
    let e = e.max(s);
    let mut cut = e;
    if let Some(own) = text.get(s..e)
        && !own.contains('\n')
        && e - s > 2 * CLIP_MARGIN
    {
        let line_start = text[..s].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[e..].find('\n').map_or(text.len(), |i| e + i);
        if line_end - line_start > LONG_LINE {
            cut = s + CLIP_MARGIN;
            while !text.is_char_boundary(cut) {
                cut += 1;
            }
        }
    }
    (src.base + shown.map(s), src.base + shown.map(cut))
}

/// A problem together with its source, for miette: the message, help and labels in
/// visible form, the labels placed on the shown source.
struct WithSource<'a> {
    problem: &'a Problem,
    message: String,
    help: Option<String>,
    labels: Vec<miette::LabeledSpan>,
    source: &'a Windowed<'a>,
}

impl std::fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.problem, f)
    }
}

impl std::fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for WithSource<'_> {}

impl miette::Diagnostic for WithSource<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        miette::Diagnostic::code(self.problem)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display + 'a>)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self.source)
    }
}

/// The JSON object of one diagnostic (schema version 1). `message` is the problem
/// alone; the game it belongs to is in `game`. `end_line` and `end_column` are where
/// the span ends (the position just after its last character).
pub fn json_diagnostic<'a>(
    problem: &Problem,
    name: &str,
    src: impl Into<Src<'a>>,
) -> serde_json::Value {
    let src = src.into();
    let (line, column) = src.line_col(problem.primary.span.start);
    let (end_line, end_column) = src.line_col(problem.primary.span.end);
    serde_json::json!({
        "schema_version": 1,
        "severity": "error",
        "code": problem.code,
        "message": problem.message,
        "file": name,
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
        "span": { "start": problem.primary.span.start, "end": problem.primary.span.end },
        "label": problem.primary.text,
        "help": problem.help,
        "game": problem.game.as_ref().map(|g| serde_json::json!({"number": g.number, "event": g.event})),
    })
}

/// Escapes the message part of a GitHub workflow command. (Control characters are made
/// visible before, by [`github_line`] and [`github_notice`]: GitHub shows `%1B` raw.)
pub fn gh_escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value of a GitHub workflow command.
pub fn gh_escape_property(s: &str) -> String {
    gh_escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// One `::error` line for GitHub Actions, with the span's start and end (`endLine`,
/// `endColumn`: the position just after it). GitHub takes columns only for a span on
/// one line, so a span over several lines gives lines alone.
pub fn github_line<'a>(problem: &Problem, name: &str, src: impl Into<Src<'a>>) -> String {
    let src = src.into();
    let (line, col) = src.line_col(problem.primary.span.start);
    let (end_line, end_col) = src.line_col(problem.primary.span.end);
    let mut message = problem.full_message();
    if let Some(h) = &problem.help {
        message.push_str("\nhelp: ");
        message.push_str(h);
    }
    let place = if end_line == line {
        format!("line={line},col={col},endLine={end_line},endColumn={end_col}")
    } else {
        format!("line={line},endLine={end_line}")
    };
    format!(
        "::error file={},{place},title={}::{}",
        gh_escape_property(&visible::visible_line(name)),
        gh_escape_property(&problem.code),
        gh_escape_data(&visible::visible(&message))
    )
}

/// The code of a verdict named `name` (a notice is written for sound proofs: that is the
/// code of a name that is no verdict's).
fn verdict_code(name: &str) -> crate::interp::Code {
    crate::prover::Verdict::ALL
        .into_iter()
        .find(|v| v.name() == name)
        .map_or(crate::interp::Code::GoalSound, crate::interp::Code::verdict)
}

/// One `::notice` line for GitHub Actions carrying a sound puzzle's verdict (a failing
/// verdict is an `::error` of its own, with the verdict's code as its title).
pub fn github_notice(name: &str, game: &GameCase, proof: &ProofInfo) -> String {
    format!(
        "::notice file={},title={}::{}: {}",
        gh_escape_property(&visible::visible_line(name)),
        gh_escape_property(verdict_code(proof.verdict).as_str()),
        gh_escape_data(&visible::visible_line(&game.name())),
        gh_escape_data(&visible::visible(&proof.line))
    )
}

/// Escapes text for XML content: markup characters as entities, and every character
/// XML 1.0 forbids (controls other than tab and line feed, U+FFFE, U+FFFF) or that
/// hides or reorders text (a CR, bidi controls) in visible form, `\u{1b}`
/// (`visible`). The result is well-formed XML 1.0 whatever the input.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if visible::is_hidden(c) || c == '\u{fffe}' || c == '\u{ffff}' => {
                out.push_str(&visible::code(c))
            }
            c => out.push(c),
        }
    }
    out
}

/// [`xml_escape`] for an attribute value: line feeds and tabs as character references,
/// which a parser would otherwise turn into spaces.
pub fn xml_attr(s: &str) -> String {
    xml_escape(s).replace('\n', "&#10;").replace('\t', "&#9;")
}

/// An owned window of a file (see [`Src`]).
#[derive(Clone, Debug, Default)]
pub struct Window {
    /// The text.
    pub text: String,
    /// Its offset in the file.
    pub base: usize,
    /// `\n` line ends before `base`.
    pub newlines: usize,
    /// Line breaks before `base` as miette counts them.
    pub breaks: usize,
}

impl Window {
    /// A whole file.
    pub fn whole(text: String) -> Window {
        Window {
            text,
            ..Window::default()
        }
    }

    /// The borrowed form.
    pub fn src(&self) -> Src<'_> {
        Src {
            text: &self.text,
            base: self.base,
            newlines: self.newlines,
            breaks: self.breaks,
        }
    }

    /// A window of this one for each problem, in order: the lines its labels cover with
    /// one line of context either side (what a report shows of them). Many problems in
    /// one long text then cost the size of their lines to render, not that of the whole
    /// text each. The lines before each window are counted in one pass when the
    /// problems come in file order.
    pub fn around<'p>(&self, problems: impl IntoIterator<Item = &'p Problem>) -> Vec<Window> {
        let text = self.text.as_str();
        let bytes = text.as_bytes();
        // A line start in `text`, and the line ends before it.
        let (mut at, mut newlines, mut breaks) = (0usize, self.newlines, self.breaks);
        let mut out = Vec::new();
        for p in problems {
            let labels = std::iter::once(&p.primary).chain(&p.secondary);
            let (s, e) = labels.fold((usize::MAX, 0), |(s, e), l| {
                (s.min(l.span.start), e.max(l.span.end))
            });
            let s = s.saturating_sub(self.base).min(text.len());
            let e = e.saturating_sub(self.base).clamp(s, text.len());
            // Back to the start of the line before `s`'s line.
            let line = bytes[..s]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let start = match line.checked_sub(1) {
                Some(nl) => bytes[..nl]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1),
                None => 0,
            };
            // On to the end of the line after `e`'s line.
            let next_line = |from: usize| {
                bytes
                    .get(from..)
                    .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
                    .map_or(text.len(), |i| from + i + 1)
            };
            let end = next_line(next_line(e));
            if start >= at {
                newlines += count_newlines(&bytes[at..start]);
                breaks += count_breaks(&bytes[at..start]);
            } else {
                newlines -= count_newlines(&bytes[start..at]);
                breaks -= count_breaks(&bytes[start..at]);
            }
            at = start;
            out.push(Window {
                text: text.get(start..end).unwrap_or("").to_owned(),
                base: self.base + start,
                newlines,
                breaks,
            });
        }
        out
    }
}

/// A problem with the text it is rendered against.
#[derive(Clone, Debug)]
pub struct Found {
    /// The problem (spans are file offsets).
    pub problem: Problem,
    /// Text around it.
    pub window: std::sync::Arc<Window>,
}

/// One game of a checked file.
#[derive(Clone, Debug, Default)]
pub struct GameCase {
    /// 1-based number in the file.
    pub number: usize,
    /// Its Event tag.
    pub event: Option<String>,
    /// What is wrong with it.
    pub problems: Vec<Found>,
    /// For a puzzle whose goal was met: `goal met: ...`.
    pub goal: Option<String>,
    /// Whether the game has a `Goal` tag.
    pub has_goal: bool,
    /// Its main line stopped before the goal was settled, with turns still to come (a
    /// solution giving only the key): the proof, not the line, decides.
    pub goal_open: bool,
    /// The proof of its puzzle, when it was proved.
    /// (Boxed: a check of a large collection keeps a case for every game, and most
    /// games are not puzzles.)
    pub proof: Option<Box<ProofInfo>>,
    /// How long parsing and replaying it took.
    pub time: std::time::Duration,
}

impl GameCase {
    /// Its Event tag or `game N`. Made when a report asks: a check of a large
    /// collection keeps a case for every game, and a name each was a fifth of its
    /// memory.
    pub fn name(&self) -> String {
        match &self.event {
            Some(e) => e.clone(),
            None => format!("game {}", self.number),
        }
    }

    /// The goal's verdict: `met`, `unmet`, `open` (the line stops before the goal,
    /// with turns to come: a solution giving only the key), `unchecked` (the game
    /// stopped at an earlier problem), or `None` for a game without a goal.
    pub fn goal_verdict(&self) -> Option<&'static str> {
        if !self.has_goal {
            None
        } else if self.goal.is_some() {
            Some("met")
        } else if self.goal_open {
            Some("open")
        } else if self
            .problems
            .iter()
            .any(|f| f.problem.code == crate::interp::Code::GoalUnmet.as_str())
        {
            Some("unmet")
        } else {
            Some("unchecked")
        }
    }
}

/// What a puzzle's proof gave, for the reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProofInfo {
    /// The verdict's name (`sound`, `cooked`, ...).
    pub verdict: &'static str,
    /// The one-line verdict: `sound — Y wins rendezvous in 2, key c6-d5 d7-c6`.
    pub line: String,
    /// The keys that force the goal.
    pub keys: Vec<String>,
    /// The written key.
    pub written: Option<String>,
    /// The refutations of the written key.
    pub refutations: Vec<String>,
    /// Duals counted.
    pub duals: u64,
    /// The fewest turns the goal is forced in.
    pub shortest: Option<u32>,
    /// Help play: the lines that reach the goal (2 means two or more).
    pub lines: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// How long the proof took.
    pub time: std::time::Duration,
    /// The node budget of the whole proof.
    pub max_nodes: u64,
    /// The time limit of the whole command, if one was given.
    pub max_time: Option<std::time::Duration>,
    /// Whether the proof finished within its budget.
    pub complete: bool,
    /// Which limit cut the proof (`time` or `nodes`), if one did.
    pub cut: Option<&'static str>,
    /// Whether every key was proved at the goal's depth (`check` stops once the
    /// verdict is decided: a shorter solution, or two keys; `keys` is then a part).
    pub all_keys: bool,
}

/// What checking a file gave.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The file could not be read.
    Unreadable(Problem),
    /// The file as a whole failed (not UTF-8): no game was checked.
    Failed(Found),
    /// The games, in order (none for a file of comments only).
    Games(Vec<GameCase>),
}

/// A checked file for reports: its name and its outcome.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The path as given or found.
    pub name: String,
    /// What checking it gave.
    pub outcome: Outcome,
    /// How long checking it took (wall time).
    pub time: std::time::Duration,
}

impl Checked {
    /// Whether the file passed.
    pub fn passed(&self) -> bool {
        matches!(&self.outcome, Outcome::Games(g) if g.iter().all(|g| g.problems.is_empty()))
    }

    /// The number of games checked.
    pub fn games(&self) -> usize {
        match &self.outcome {
            Outcome::Games(g) => g.len(),
            _ => 0,
        }
    }

    /// `passed`, `failed` or `unreadable`.
    pub fn status(&self) -> &'static str {
        if self.unreadable() {
            "unreadable"
        } else if self.passed() {
            "passed"
        } else {
            "failed"
        }
    }

    /// Whether the file could not be read.
    pub fn unreadable(&self) -> bool {
        matches!(&self.outcome, Outcome::Unreadable(_))
    }

    /// All problems of the file with their text (none for an unreadable file).
    pub fn problems(&self) -> Vec<&Found> {
        match &self.outcome {
            Outcome::Unreadable(_) => Vec::new(),
            Outcome::Failed(f) => vec![f],
            Outcome::Games(g) => g.iter().flat_map(|g| g.problems.iter()).collect(),
        }
    }
}

/// What a set of checked files gave, counted once for every report: files, and cases
/// as JUnit counts them (a game each; a file that could not be read or decoded is one
/// case of its own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files that passed.
    pub files_passed: usize,
    /// Files that failed a check.
    pub files_failed: usize,
    /// Files that could not be read.
    pub files_unreadable: usize,
    /// Cases that passed.
    pub games_passed: usize,
    /// Cases that failed a check.
    pub games_failed: usize,
    /// Cases that could not be run (an unreadable file).
    pub games_errors: usize,
}

impl Summary {
    /// Counts `files`.
    pub fn of(files: &[Checked]) -> Summary {
        let mut s = Summary::default();
        for f in files {
            let (passed, failed, errors) = match &f.outcome {
                Outcome::Unreadable(_) => (0, 0, 1),
                Outcome::Failed(_) => (0, 1, 0),
                Outcome::Games(g) => {
                    let failed = g.iter().filter(|g| !g.problems.is_empty()).count();
                    (g.len() - failed, failed, 0)
                }
            };
            s.add_file(f.status(), passed, failed, errors);
        }
        s
    }

    /// Counts one file of status `status` (`passed`, `failed` or `unreadable`) and its
    /// cases.
    pub fn add_file(&mut self, status: &str, passed: usize, failed: usize, errors: usize) {
        match status {
            "passed" => self.files_passed += 1,
            "unreadable" => self.files_unreadable += 1,
            _ => self.files_failed += 1,
        }
        self.games_passed += passed;
        self.games_failed += failed;
        self.games_errors += errors;
    }

    /// All files.
    pub fn files(&self) -> usize {
        self.files_passed + self.files_failed + self.files_unreadable
    }

    /// All cases (JUnit's `tests`).
    pub fn games(&self) -> usize {
        self.games_passed + self.games_failed + self.games_errors
    }

    /// The summary line: `2 files: 1 passed, 1 failed; 3 games: 2 passed, 1 failed`,
    /// with `, N unreadable` when some file could not be read.
    pub fn line(&self) -> String {
        let plural = |n: usize, one: &str| {
            if n == 1 {
                format!("1 {one}")
            } else {
                format!("{n} {one}s")
            }
        };
        let mut files = format!(
            "{}: {} passed, {} failed",
            plural(self.files(), "file"),
            self.files_passed,
            self.files_failed
        );
        if self.files_unreadable > 0 {
            files.push_str(&format!(", {} unreadable", self.files_unreadable));
        }
        let mut games = format!(
            "{}: {} passed, {} failed",
            plural(self.games(), "game"),
            self.games_passed,
            self.games_failed
        );
        if self.games_errors > 0 {
            games.push_str(&format!(", {} not run", self.games_errors));
        }
        format!("{files}; {games}")
    }
}

/// Seconds for JUnit's `time`, to the millisecond.
fn seconds(d: std::time::Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

/// The start of JUnit XML for a check whose cases are counted in `sum` and took
/// `total`: the XML declaration and the `<testsuites>` element's opening tag. The
/// report is this, each file's [`junit_suite_open`], cases ([`Case::junit`]) and
/// `  </testsuite>`, then `</testsuites>`: one test suite per file, one test case
/// per game (or one for the file when it could not be read or decoded). A file that
/// could not be read is an `<error>`, a failed check a `<failure>`; nothing is
/// skipped. `time` is in seconds.
pub fn junit_open(sum: &Summary, total: std::time::Duration) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"lanrick check\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\" time=\"{}\">\n",
        sum.games(),
        sum.games_failed,
        sum.games_errors,
        seconds(total)
    )
}

/// The opening tag of a file's `<testsuite>`.
pub fn junit_suite_open(
    name: &str,
    tests: usize,
    failures: usize,
    errors: usize,
    time: std::time::Duration,
) -> String {
    format!(
        "  <testsuite name=\"{}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"0\" time=\"{}\">\n",
        xml_attr(name),
        seconds(time)
    )
}

/// One JUnit test case of the file `file`.
pub struct Case<'a> {
    /// The game's name, or the file's for a file that could not be read or decoded.
    pub name: String,
    /// Its problems with their text.
    pub problems: Vec<(&'a Problem, Src<'a>)>,
    /// The file could not be read: an error, not a failure.
    pub error: bool,
    /// How long it took.
    pub time: std::time::Duration,
    /// The proof of the game's puzzle, when it was proved.
    pub proof: Option<&'a ProofInfo>,
}

impl<'a> Case<'a> {
    /// The case of a game.
    pub fn game(g: &'a GameCase) -> Case<'a> {
        Case {
            name: g.name(),
            problems: g
                .problems
                .iter()
                .map(|x| (&x.problem, x.window.src()))
                .collect(),
            error: false,
            time: g.time,
            proof: g.proof.as_deref(),
        }
    }

    /// The one case of a file that could not be read (`error`) or decoded.
    pub fn whole(f: &'a Checked) -> Option<Case<'a>> {
        let (problems, error) = match &f.outcome {
            Outcome::Unreadable(p) => (vec![(p, Src::from(""))], true),
            Outcome::Failed(x) => (vec![(&x.problem, x.window.src())], false),
            Outcome::Games(_) => return None,
        };
        Some(Case {
            name: f.name.clone(),
            problems,
            error,
            time: f.time,
            proof: None,
        })
    }

    /// The `<testcase>` element.
    pub fn junit(&self, file: &str) -> String {
        let mut out = format!(
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{}\"",
            xml_attr(file),
            xml_attr(&self.name),
            seconds(self.time)
        );
        if self.problems.is_empty() && self.proof.is_none() {
            out.push_str("/>\n");
            return out;
        }
        out.push_str(">\n");
        if let Some(proof) = self.proof {
            // The verdict of a proved puzzle, whether it passed or not.
            out.push_str(&format!(
                "      <properties><property name=\"verdict\" value=\"{}\"/></properties>\n",
                xml_escape(proof.verdict),
            ));
        }
        let element = if self.error { "error" } else { "failure" };
        for (p, src) in &self.problems {
            let (line, col) = src.line_col(p.primary.span.start);
            let mut body = format!("{file}:{line}:{col}: {}", p.full_message());
            if let Some(h) = &p.help {
                body.push_str(&format!("\nhelp: {h}"));
            }
            out.push_str(&format!(
                "      <{element} type=\"{}\" message=\"{}\">{}</{element}>\n",
                xml_attr(&p.code),
                xml_attr(&p.full_message()),
                xml_escape(&body)
            ));
        }
        if let Some(proof) = self.proof {
            // After the failures, as the JUnit schema orders a test case's elements.
            out.push_str(&format!(
                "      <system-out>{}</system-out>\n",
                xml_escape(&proof.line)
            ));
        }
        out.push_str("    </testcase>\n");
        out
    }
}

/// `\n` line ends in `b`.
pub(crate) fn count_newlines(b: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', b).count()
}

/// Line breaks as miette counts them: `\n`, and `\r` not followed by `\n`.
pub(crate) fn count_breaks(b: &[u8]) -> usize {
    count_newlines(b) + count_lone_returns(b)
}

/// The `\r`s not followed by `\n` (one at the very end counts): the line breaks
/// miette counts beside the newlines.
pub(crate) fn count_lone_returns(b: &[u8]) -> usize {
    memchr::memchr_iter(b'\r', b)
        .filter(|&i| b.get(i + 1) != Some(&b'\n'))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let src = "ab\ncdé f\n";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 3), (2, 1));
        assert_eq!(line_col(src, 8), (2, 5));
    }

    #[test]
    fn github_escaping() {
        assert_eq!(gh_escape_data("a%b\nc"), "a%25b%0Ac");
        assert_eq!(gh_escape_property("a:b,c"), "a%3Ab%2Cc");
    }

    #[test]
    fn xml_escaping() {
        assert_eq!(xml_escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
        assert_eq!(
            xml_escape("a\u{fffe}b\u{ffff}\x1b\0\r\n"),
            "a\\u{fffe}b\\u{ffff}\\u{1b}\\u{0}\\u{d}\n"
        );
        assert_eq!(xml_attr("a\nb\tc"), "a&#10;b&#9;c");
    }
}
