//! [`Problem`]: one thing wrong with a file or a line — a syntax error, an illegal
//! event, a failed directive or an unmet goal — with its code, message, labelled spans
//! and help. It implements [`miette::Diagnostic`]; the source text is attached at the
//! edge (the CLI or the REPL), never here.

use super::codes::Code;
use crate::syntax::ast::Span;
use std::fmt;

/// A labelled span of a [`Problem`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What to say there.
    pub text: String,
}

/// Which game of a collection a problem is in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRef {
    /// 1-based number of the game in its file.
    pub number: usize,
    /// Its `Event` tag, if it has one.
    pub event: Option<String>,
}

impl fmt::Display for GameRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.number)?;
        if let Some(e) = &self.event {
            write!(f, " \"{e}\"")?;
        }
        Ok(())
    }
}

/// One diagnostic.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    /// Stable code by concept, e.g. `lanrick::rule::too_far`.
    pub code: String,
    /// The message in plain words, citing the rule.
    pub message: String,
    /// The primary label: the exact token at fault.
    pub primary: Label,
    /// Secondary labels that explain.
    pub secondary: Vec<Label>,
    /// What would be legal instead, computed from the engine.
    pub help: Option<String>,
    /// The game of a collection, when the file holds more than one.
    pub game: Option<GameRef>,
}

impl Problem {
    /// A problem with a code, a message and a primary label.
    pub fn new(
        code: Code,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> Problem {
        Problem {
            code: code.as_str().to_owned(),
            message: message.into(),
            primary: Label {
                span,
                text: label.into(),
            },
            secondary: Vec::new(),
            help: None,
            game: None,
        }
    }

    /// Adds the help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, text: impl Into<String>) -> Problem {
        self.secondary.push(Label {
            span,
            text: text.into(),
        });
        self
    }

    /// Moves every span `by` bytes (for text that was parsed out of a larger one).
    pub fn shifted(mut self, by: usize) -> Problem {
        self.primary.span = self.primary.span.shift(by);
        for l in &mut self.secondary {
            l.span = l.span.shift(by);
        }
        self
    }

    /// The message with the game named in front, when there is one.
    pub fn full_message(&self) -> String {
        match &self.game {
            Some(g) => format!("{g}: {}", self.message),
            None => self.message.clone(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.full_message())
    }
}

impl std::error::Error for Problem {}

fn source_span(span: Span) -> miette::SourceSpan {
    miette::SourceSpan::new(span.start.into(), span.len())
}

impl miette::Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let primary = miette::LabeledSpan::new_primary_with_span(
            Some(self.primary.text.clone()),
            source_span(self.primary.span),
        );
        let rest = self
            .secondary
            .iter()
            .map(|l| miette::LabeledSpan::new_with_span(Some(l.text.clone()), source_span(l.span)));
        Some(Box::new(std::iter::once(primary).chain(rest)))
    }
}
