//! Diagnostics: spans (byte offsets, turned into line:column only when printed), errors with
//! notes, and the collection handed back to the caller.

mod render;

use std::fmt;
use std::sync::Arc;

use crate::source::{FileId, SourceMap};

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    pub(crate) file: FileId,
    pub(crate) start: u32,
    pub(crate) end: u32,
}

impl Span {
    pub(crate) fn new(file: FileId, start: u32, end: u32) -> Self {
        Span { file, start, end }
    }

    /// From the start of `self` to the end of `other` (same file assumed; else `self`).
    pub(crate) fn to(self, other: Span) -> Span {
        if self.file != other.file || other.end < self.start {
            return self;
        }
        Span::new(self.file, self.start, other.end)
    }
}

/// A secondary message attached to an error, with an optional place.
#[derive(Clone, Debug)]
pub struct Note {
    pub(crate) message: String,
    pub(crate) span: Option<Span>,
}

impl Note {
    /// The note's text.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// Where an error is, as printed: file name, 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file name as the sources named it.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// One error: a message, the place it points at, and notes (include/macro chain, hints).
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub(crate) message: String,
    pub(crate) span: Option<Span>,
    pub(crate) label: Option<String>,
    pub(crate) notes: Vec<Note>,
    /// Boxed: filled in only when handed to the caller, and keeps `Result<_, Diagnostic>` small.
    location: Option<Box<Location>>,
}

impl Diagnostic {
    pub(crate) fn error(message: impl Into<String>, span: Span) -> Self {
        Diagnostic {
            message: message.into(),
            span: Some(span),
            label: None,
            notes: Vec::new(),
            location: None,
        }
    }

    pub(crate) fn global(message: impl Into<String>) -> Self {
        Diagnostic {
            message: message.into(),
            span: None,
            label: None,
            notes: Vec::new(),
            location: None,
        }
    }

    /// Text printed under the caret.
    pub(crate) fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub(crate) fn note(mut self, message: impl Into<String>, span: Option<Span>) -> Self {
        self.notes.push(Note {
            message: message.into(),
            span,
        });
        self
    }

    /// The error message (first line of the rendering, after `error: `).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where the error points, if anywhere.
    pub fn location(&self) -> Option<&Location> {
        self.location.as_deref()
    }

    /// The notes: macro expansions and includes that led here (innermost first), and hints.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }
}

/// Proof that an error was recorded. Only [`Sink::error`] makes one (and
/// [`Reported::suppressed`], for an error dropped as a repeat or past the cap), so no code path
/// can fail without saying why.
#[derive(Debug)]
pub(crate) struct Reported(());

impl Reported {
    /// The error was a repeat of one already recorded, or one too many.
    pub fn suppressed() -> Self {
        Reported(())
    }
}

/// Collects the errors of one pass.
#[derive(Debug, Default)]
pub(crate) struct Sink {
    pub errors: Vec<Diagnostic>,
}

impl Sink {
    pub fn error(&mut self, d: Diagnostic) -> Reported {
        self.errors.push(d);
        Reported(())
    }
}

/// Everything that went wrong in an assembly. `Display` renders it like rustc does.
#[derive(Clone)]
pub struct Diagnostics {
    sources: Arc<SourceMap>,
    errors: Vec<Diagnostic>,
    printed: Vec<String>,
}

impl Diagnostics {
    pub(crate) fn new(
        sources: Arc<SourceMap>,
        mut errors: Vec<Diagnostic>,
        printed: Vec<String>,
    ) -> Self {
        for d in &mut errors {
            d.location = d.span.map(|s| {
                let (line, column) = sources.line_col(s.file, s.start);
                Box::new(Location {
                    file: sources.file(s.file).name.clone(),
                    line,
                    column,
                })
            });
        }
        Diagnostics {
            sources,
            errors,
            printed,
        }
    }

    /// The errors, in source order of the pass that found them.
    pub fn errors(&self) -> &[Diagnostic] {
        &self.errors
    }

    /// What `PRINT` wrote before the assembly failed.
    pub fn printed(&self) -> &[String] {
        &self.printed
    }

    /// One error rendered with its source excerpt.
    pub fn render(&self, d: &Diagnostic) -> String {
        let mut out = String::new();
        render::render(&self.sources, d, &mut out);
        out
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.errors {
            f.write_str(&self.render(d))?;
            f.write_str("\n")?;
        }
        match self.errors.len() {
            1 => write!(f, "error: could not assemble because of the error above"),
            n => write!(f, "error: could not assemble because of {n} errors"),
        }
    }
}

impl fmt::Debug for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Diagnostics {}
