//! The linker step: the final pass's sections become the program. Sections are the runs of
//! bytes started by each `ORG` and by each root file (a file without `ORG` continues where the
//! previous one ended); two that share an address are an error naming both.

use crate::diag::Diagnostic;
use crate::resolve::pass::Section;

/// Errors for overlapping sections; each names the later section and notes the earlier one.
pub(crate) fn check_overlaps(sections: &[Section]) -> Vec<Diagnostic> {
    let mut order: Vec<usize> = (0..sections.len())
        .filter(|&i| !sections[i].data.is_empty())
        .collect();
    order.sort_by_key(|&i| sections[i].start);
    let mut errors = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            let (a, b) = (&sections[i], &sections[j]);
            let a_end = a.start + a.data.len() as i64;
            if b.start >= a_end {
                break;
            }
            let (later, earlier) = if i < j { (b, a) } else { (a, b) };
            let range = |s: &Section| {
                format!(
                    "&{:04X}-&{:04X}",
                    s.start,
                    s.start + s.data.len() as i64 - 1
                )
            };
            let d = Diagnostic::error(
                format!(
                    "section {} overlaps section {}",
                    range(later),
                    range(earlier)
                ),
                later.origin,
            )
            .label("this section")
            .note(
                format!("the section {} starts here", range(earlier)),
                Some(earlier.origin),
            );
            errors.push(d);
        }
    }
    errors
}
