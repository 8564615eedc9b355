//! The one-pass rule (docs/assembler.md, cpc/README.md "Assembling by hand"): RASM fixes the
//! size of a `ds`, the address of an `org`, the condition of an `if` and the boundary of an
//! `align` where it reaches them, so their operands may only name symbols defined earlier in
//! assembly order. This walks the sources from the top file through their `include`s, as the
//! assembler does, and reports every later-defined name used there.

use std::collections::HashSet;

use super::lexer::{lex, Kind, Token};
use super::Finding;

/// Directives whose operands must be known where they are reached.
const ONE_PASS: &[&str] = &["ds", "defs", "org", "if", "align"];

/// A source text by its file name: the sources and the generated includes.
pub trait Sources {
    fn text(&self, name: &str) -> Option<String>;
}

/// Every operand of a `ds`/`org`/`if`/`align` that names a symbol defined later, reached from
/// `top` in assembly order: (file, finding).
pub fn forward_references(sources: &impl Sources, top: &str) -> Vec<(String, Finding)> {
    let mut walk = Walk {
        defined: HashSet::new(),
        uses: Vec::new(),
        missing: Vec::new(),
    };
    walk.file(sources, top, 0);
    let mut out = walk.missing;
    for (file, token, line, directive) in walk.uses {
        if !walk.defined.contains(&token.text.to_ascii_lowercase()) {
            continue; // never defined: the assembler itself reports it
        }
        out.push((
            file,
            Finding {
                line,
                col: token.col,
                reason: format!(
                    "`{}` is defined later: RASM needs a `{directive}` operand known where it \
                     is reached; define it before",
                    token.text
                ),
            },
        ));
    }
    out.sort_by(|a, b| (&a.0, a.1.line, a.1.col).cmp(&(&b.0, b.1.line, b.1.col)));
    out
}

struct Walk {
    /// Names defined so far (lower case: symbols are case-insensitive).
    defined: HashSet<String>,
    /// Names used by one-pass operands before their definition: (file, token, line, directive).
    uses: Vec<(String, Token, usize, String)>,
    /// Includes that could not be read.
    missing: Vec<(String, Finding)>,
}

impl Walk {
    fn file(&mut self, sources: &impl Sources, name: &str, depth: usize) {
        let Some(text) = sources.text(name) else {
            return;
        };
        for (index, line) in text.lines().enumerate() {
            let (tokens, _) = lex(line);
            let mut statements: Vec<&[Token]> = tokens.split(|t| t.kind == Kind::Colon).collect();
            if let Some(first) = tokens.first().filter(|t| t.kind == Kind::Name) {
                let colon = tokens.get(1).is_some_and(|t| t.kind == Kind::Colon);
                let equ = tokens
                    .get(1)
                    .is_some_and(|t| t.text.eq_ignore_ascii_case("equ"));
                if (colon || first.col == 1) && !equ {
                    self.define(first);
                    statements[0] = &statements[0][1..];
                }
            }
            for statement in statements {
                self.statement(sources, name, index + 1, statement, depth);
            }
        }
    }

    fn define(&mut self, token: &Token) {
        if !token.text.starts_with('@') {
            self.defined.insert(token.text.to_ascii_lowercase());
        }
    }

    fn statement(
        &mut self,
        sources: &impl Sources,
        file: &str,
        line: usize,
        tokens: &[Token],
        depth: usize,
    ) {
        let Some(word) = tokens.first().filter(|t| t.kind == Kind::Name) else {
            return;
        };
        let lower = word.text.to_ascii_lowercase();
        if tokens
            .get(1)
            .is_some_and(|t| t.text.eq_ignore_ascii_case("equ"))
        {
            // `name equ value` written after indentation or in column 1.
            self.define(word);
            return;
        }
        if ONE_PASS.contains(&lower.as_str()) {
            for t in tokens[1..].iter().filter(|t| t.kind == Kind::Name) {
                if !self.defined.contains(&t.text.to_ascii_lowercase()) {
                    self.uses
                        .push((file.to_string(), t.clone(), line, lower.clone()));
                }
            }
        }
        if (lower == "include" || lower == "read") && depth < 16 {
            if let Some(target) = tokens.get(1).filter(|t| t.kind == Kind::Str) {
                let included = target.text.trim_matches(|c| c == '"' || c == '\'');
                if sources.text(included).is_none() {
                    self.missing.push((
                        file.to_string(),
                        Finding {
                            line,
                            col: target.col,
                            reason: format!("{included}: cannot be read"),
                        },
                    ));
                } else {
                    self.file(sources, included, depth + 1);
                }
            }
        }
    }
}
