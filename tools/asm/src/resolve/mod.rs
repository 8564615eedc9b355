//! The pass loop. Pass 1 may meet symbols that are defined further down: it guesses them (the
//! value of the previous pass, or 0) and notes the guess. A pass is final when it used no guess
//! whose value turned out different, i.e. every forward reference saw its final value; only the
//! errors of the final pass are reported. Layout may depend on values (`DS`, `ALIGN`, `IF`,
//! `ORG`), so this can take more than two passes; a value that never settles is an error.

mod exec;
pub(crate) mod files;
mod macros;
pub(crate) mod pass;
pub(crate) mod symbols;

use crate::diag::Diagnostic;
use crate::source::FileId;
use files::Files;
use pass::{Pass, PassOutput};
use symbols::SymbolTable;

/// Passes after which the loop gives up.
pub(crate) const MAX_PASSES: usize = 16;

/// Where a pass stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ResolutionState {
    /// Some value was a guess that did not hold: run another pass.
    Unresolved,
    /// Every value was final: this pass's bytes and errors are the result.
    Resolved,
}

/// Runs passes until one is final. The output's `errors` are the errors to report (empty on
/// success).
pub(crate) fn resolve_iteratively(
    files: &mut Files<'_>,
    roots: &[FileId],
    defines: &[(String, i64)],
) -> PassOutput {
    let mut prev = SymbolTable::default();
    let mut passes = 0;
    loop {
        passes += 1;
        let mut out = Pass::run(files, &prev, roots, defines);
        if out.fatal || out.state == ResolutionState::Resolved {
            return out;
        }
        if passes == MAX_PASSES {
            out.errors = not_settled(&out);
            return out;
        }
        prev = std::mem::take(&mut out.symbols);
    }
}

fn not_settled(out: &PassOutput) -> Vec<Diagnostic> {
    let mut errors: Vec<Diagnostic> = out
        .changed
        .iter()
        .take(5)
        .map(|c| {
            let after = c.after.map_or("undefined".to_string(), |v| v.to_string());
            let msg = format!(
                "the value of `{}` does not settle: after {MAX_PASSES} passes it still changes ({} -> {after})",
                c.text, c.before
            );
            let d = match c.span {
                Some(s) => Diagnostic::error(msg, s),
                None => Diagnostic::global(msg),
            };
            d.note(
                "a value that decides the layout (IF, DS, ALIGN, ORG) depends on an address after it",
                None,
            )
        })
        .collect();
    if errors.is_empty() {
        errors.push(Diagnostic::global(format!(
            "symbol values did not settle after {MAX_PASSES} passes"
        )));
    }
    errors
}
