//! Rendering problems for people and for machines: miette's graphical report (fixed
//! width, colour only when asked), JSON, GitHub workflow commands and JUnit XML.

use crate::interp::{FileRun, Problem};

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

/// Renders a problem with its source as miette's graphical report.
pub fn render_human(problem: &Problem, name: &str, src: &str, color: bool) -> String {
    let theme = if color {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(WIDTH)
        .with_links(false);
    let source = miette::NamedSource::new(name, src.to_string());
    let report = WithSource {
        problem,
        source: &source,
    };
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        out = format!("{name}: {}\n", problem.full_message());
    }
    out
}

/// A problem together with its source, for miette.
struct WithSource<'a> {
    problem: &'a Problem,
    source: &'a miette::NamedSource<String>,
}

impl std::fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.problem, f)
    }
}

impl std::fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self.problem, f)
    }
}

impl std::error::Error for WithSource<'_> {}

impl miette::Diagnostic for WithSource<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        miette::Diagnostic::code(self.problem)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        miette::Diagnostic::help(self.problem)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        miette::Diagnostic::labels(self.problem)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self.source)
    }
}

/// The JSON object of one diagnostic (schema version 1).
pub fn json_diagnostic(problem: &Problem, name: &str, src: &str) -> serde_json::Value {
    let (line, column) = line_col(src, problem.primary.span.start);
    serde_json::json!({
        "schema_version": 1,
        "severity": "error",
        "code": problem.code,
        "message": problem.full_message(),
        "file": name,
        "line": line,
        "column": column,
        "span": { "start": problem.primary.span.start, "end": problem.primary.span.end },
        "label": problem.primary.text,
        "help": problem.help,
        "game": problem.game.as_ref().map(|g| serde_json::json!({"number": g.number, "event": g.event})),
    })
}

/// Escapes the message part of a GitHub workflow command.
pub fn gh_escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value of a GitHub workflow command.
pub fn gh_escape_property(s: &str) -> String {
    gh_escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// One `::error` line for GitHub Actions.
pub fn github_line(problem: &Problem, name: &str, src: &str) -> String {
    let (line, col) = line_col(src, problem.primary.span.start);
    let mut message = problem.full_message();
    if let Some(h) = &problem.help {
        message.push_str("\nhelp: ");
        message.push_str(h);
    }
    format!(
        "::error file={},line={line},col={col},title={}::{}",
        gh_escape_property(name),
        gh_escape_property(&problem.code),
        gh_escape_data(&message)
    )
}

/// Escapes text for XML content and attributes.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' && c != '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// A checked file for reports: its name, its text (if it could be read) and its run.
pub struct Checked {
    /// The path as given or found.
    pub name: String,
    /// The text, when it was read.
    pub src: String,
    /// The interpretation, or the reason the file could not be checked.
    pub run: Result<FileRun, Problem>,
}

impl Checked {
    /// Whether the file passed.
    pub fn passed(&self) -> bool {
        matches!(&self.run, Ok(r) if r.passed())
    }

    /// All problems of the file.
    pub fn problems(&self) -> Vec<&Problem> {
        match &self.run {
            Ok(r) => r.problems().collect(),
            Err(p) => vec![p],
        }
    }
}

/// JUnit XML: one test suite per file, one test case per game (or one for the file when
/// it could not be parsed).
pub fn junit(files: &[Checked]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let total: usize = files.iter().map(|f| cases(f).len()).sum();
    let failures: usize = files
        .iter()
        .map(|f| cases(f).iter().filter(|c| !c.1.is_empty()).count())
        .sum();
    out.push_str(&format!(
        "<testsuites name=\"lanrick check\" tests=\"{total}\" failures=\"{failures}\">\n"
    ));
    for f in files {
        let cs = cases(f);
        let fails = cs.iter().filter(|c| !c.1.is_empty()).count();
        out.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{fails}\">\n",
            xml_escape(&f.name),
            cs.len()
        ));
        for (name, problems) in cs {
            out.push_str(&format!(
                "    <testcase classname=\"{}\" name=\"{}\"",
                xml_escape(&f.name),
                xml_escape(&name)
            ));
            if problems.is_empty() {
                out.push_str("/>\n");
                continue;
            }
            out.push_str(">\n");
            for p in problems {
                let (line, col) = line_col(&f.src, p.primary.span.start);
                let mut body = format!("{}:{line}:{col}: {}", f.name, p.full_message());
                if let Some(h) = &p.help {
                    body.push_str(&format!("\nhelp: {h}"));
                }
                out.push_str(&format!(
                    "      <failure type=\"{}\" message=\"{}\">{}</failure>\n",
                    xml_escape(&p.code),
                    xml_escape(&p.full_message()),
                    xml_escape(&body)
                ));
            }
            out.push_str("    </testcase>\n");
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn cases(f: &Checked) -> Vec<(String, Vec<&Problem>)> {
    match &f.run {
        Err(p) => vec![(f.name.clone(), vec![p])],
        Ok(run) if run.syntax.is_some() || run.games.is_empty() => {
            vec![(f.name.clone(), run.syntax.iter().collect())]
        }
        Ok(run) => run
            .games
            .iter()
            .map(|g| (g.name(), g.problems.iter().collect()))
            .collect(),
    }
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
    }
}
