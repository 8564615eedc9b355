//! The rustc-style renderer: `error:`, ` --> file:line:col`, the source line, a caret row,
//! then the notes (those with a place get their own excerpt).

use std::fmt::Write;

use super::{Diagnostic, Span};
use crate::source::SourceMap;

const TAB: &str = "    ";

pub(super) fn render(map: &SourceMap, d: &Diagnostic, out: &mut String) {
    let width = gutter_width(map, d);
    let _ = writeln!(out, "error: {}", d.message);
    if let Some(span) = d.span {
        excerpt(map, span, d.label.as_deref(), width, out);
    }
    for note in d.notes.iter().filter(|n| n.span.is_none()) {
        let _ = writeln!(out, "{:width$} = note: {}", "", note.message);
    }
    for note in d.notes.iter() {
        if let Some(span) = note.span {
            let _ = writeln!(out, "note: {}", note.message);
            excerpt(map, span, None, width, out);
        }
    }
}

fn gutter_width(map: &SourceMap, d: &Diagnostic) -> usize {
    let spans = d
        .span
        .iter()
        .chain(d.notes.iter().filter_map(|n| n.span.as_ref()));
    spans
        .map(|s| map.line_col(s.file, s.start).0.to_string().len())
        .max()
        .unwrap_or(1)
}

fn excerpt(map: &SourceMap, span: Span, label: Option<&str>, width: usize, out: &mut String) {
    let (line, col) = map.line_col(span.file, span.start);
    let _ = writeln!(
        out,
        "{:width$}--> {}:{}:{}",
        "",
        map.file(span.file).name,
        line,
        col
    );
    let text = map.line_text(span.file, line - 1);
    let line_start = map.file(span.file).line_starts[line - 1] as usize;
    let start = (span.start as usize)
        .saturating_sub(line_start)
        .min(text.len());
    let end = (span.end as usize)
        .saturating_sub(line_start)
        .clamp(start, text.len());
    let shown = |s: &str| s.replace('\t', TAB);
    let before = text.get(..start).map_or(0, |s| shown(s).chars().count());
    let marked = text.get(start..end).map_or(0, |s| shown(s).chars().count());
    let _ = writeln!(out, "{:width$} |", "");
    let _ = writeln!(out, "{line:>width$} | {}", shown(text));
    let carets = "^".repeat(marked.max(1));
    let label = label.map(|l| format!(" {l}")).unwrap_or_default();
    let _ = writeln!(out, "{:width$} | {:before$}{carets}{label}", "", "");
}
