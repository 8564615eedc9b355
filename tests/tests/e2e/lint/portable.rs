//! A lint for the portable subset of docs/assembler.md ("Compatibility with WinAPE and RASM"):
//! it flags, with line, column and reason, every construct that `cpc-asm` accepts but WinAPE
//! or RASM reads differently or not at all. Anything `cpc-asm` rejects needs no rule here: the
//! build already fails on it.

mod lexer;
pub mod order;

use lexer::{lex, Kind, Token};

/// One non-portable construct: where it starts (1-based) and why it is not portable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub line: usize,
    pub col: usize,
    pub reason: String,
}

/// cpc-asm directives outside the portable subset, and what to write instead.
const DIRECTIVES: &[(&str, &str)] = &[
    (
        "read",
        "`read`: Maxam's spelling, which RASM does not know; write `include \"file\"` (RASM, \
         sjasmplus, basm and cpc-asm accept it)",
    ),
    (
        "endm",
        "`endm`: WinAPE documents only `mend`; write `mend` (RASM and cpc-asm accept both)",
    ),
    ("ifdef", "`ifdef` is not in the portable subset"),
    ("ifndef", "`ifndef` is not in the portable subset"),
    ("rept", "`rept` is not in the portable subset"),
    ("repeat", "`repeat` is not in the portable subset"),
    ("endr", "`endr` is not in the portable subset"),
    ("rend", "`rend` is not in the portable subset"),
    ("assert", "`assert` is not in the portable subset"),
    ("print", "`print` is not in the portable subset"),
    ("run", "`run` is not in the portable subset"),
    (
        "dm",
        "`dm` is not confirmed for WinAPE; write `defm` or `db`",
    ),
];

const PRECEDENCE: &str = "a product after + or - without parentheses: Maxam, whose syntax \
    WinAPE keeps, evaluates + - * / left to right (as RASM does with -m); parenthesise the product";

/// Every non-portable construct of a source text.
pub fn lint(text: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let mut report = |col: usize, reason: &str| {
            findings.push(Finding {
                line: index + 1,
                col,
                reason: reason.to_string(),
            })
        };
        let (tokens, problems) = lex(line);
        for (col, reason) in problems {
            report(col, reason);
        }
        let mut statements: Vec<&[Token]> = tokens.split(|t| t.kind == Kind::Colon).collect();
        // A name in column 1 is a label, and so is a name followed by `:`; `after_label` is the
        // statement that follows it (where `macro` would be the name-first form).
        let mut after_label = None;
        if let Some(name) = tokens.first().filter(|t| t.kind == Kind::Name) {
            let colon = tokens.get(1).is_some_and(|t| t.kind == Kind::Colon);
            if colon || name.col == 1 {
                check_name(name, &mut report);
                statements[0] = &statements[0][1..];
                after_label = Some(usize::from(colon));
            }
        }
        for (i, statement) in statements.into_iter().enumerate() {
            check_statement(statement, after_label == Some(i), &mut report);
        }
    }
    findings
}

fn check_name(token: &Token, report: &mut impl FnMut(usize, &str)) {
    if token.text.starts_with('.') {
        report(
            token.col,
            "`.name` label: WinAPE drops the dot (a plain global label), RASM and cpc-asm make \
             it local to the last label; use a unique global name",
        );
    }
}

/// One statement: a directive or instruction and its operands. `after_label`: the line's
/// label comes right before it (so `macro` there is the name-first form).
fn check_statement(tokens: &[Token], after_label: bool, report: &mut impl FnMut(usize, &str)) {
    let Some(word) = tokens.first() else {
        return;
    };
    if word.kind == Kind::Op && word.text == "=" {
        return report(word.col, "`name = value` variable: not portable; use `equ`");
    }
    if word.kind != Kind::Name {
        return check_expression(tokens, report);
    }
    let lower = word.text.to_ascii_lowercase();
    let next = tokens.get(1);
    // `name equ v`, `name macro`, `name = v` written after indentation.
    if let Some(n) = next {
        let n_lower = n.text.to_ascii_lowercase();
        if n.kind == Kind::Op && n.text == "=" {
            return report(n.col, "`name = value` variable: not portable; use `equ`");
        }
        if n.kind == Kind::Name && n_lower == "equ" {
            check_name(word, report);
            return check_expression(&tokens[2..], report);
        }
        if n.kind == Kind::Name && n_lower == "macro" {
            return report(n.col, NAME_FIRST_MACRO);
        }
    }
    if lower == "equ" {
        return check_expression(&tokens[1..], report);
    }
    if lower == "macro" {
        if after_label {
            return report(word.col, NAME_FIRST_MACRO);
        }
        if let Some(param) = tokens.get(2) {
            report(
                param.col,
                "macro parameters: WinAPE substitutes them as bare words, RASM only when \
                 written {param}; write the code out or use a macro without parameters",
            );
        }
        return;
    }
    if let Some((_, reason)) = DIRECTIVES.iter().find(|(d, _)| *d == lower) {
        return report(word.col, reason);
    }
    check_expression(&tokens[1..], report);
}

const NAME_FIRST_MACRO: &str = "`name macro`: WinAPE documents only `macro name`, RASM accepts \
    the name first only in its AS80/UZ80 modes; write `macro name`";

/// Operands: numbers, names, strings and operators.
fn check_expression(tokens: &[Token], report: &mut impl FnMut(usize, &str)) {
    // Per parenthesis level: a binary + or - was seen since the last comma.
    let mut additive = vec![false];
    let mut value_expected = true;
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            Kind::Name => {
                check_name(t, report);
                let lower = t.text.to_ascii_lowercase();
                let call = tokens.get(i + 1).is_some_and(|n| n.kind == Kind::LParen);
                if call && (lower == "low" || lower == "high") {
                    report(
                        t.col,
                        "`low()`/`high()`: not in WinAPE's documented syntax; write `x/256` for \
                         the high byte",
                    );
                }
                value_expected = false;
            }
            Kind::Number | Kind::Str => value_expected = false,
            Kind::LParen => {
                additive.push(false);
                value_expected = true;
            }
            Kind::RParen => {
                if additive.len() > 1 {
                    additive.pop();
                }
                value_expected = false;
            }
            Kind::Comma => {
                *additive.last_mut().unwrap() = false;
                value_expected = true;
            }
            Kind::Op => {
                match t.text.as_str() {
                    "+" | "-" if value_expected => {} // unary
                    "+" | "-" => *additive.last_mut().unwrap() = true,
                    "*" | "/" if *additive.last().unwrap() => report(t.col, PRECEDENCE),
                    "*" | "/" => {}
                    "}" => {}
                    "{" => report(
                        t.col,
                        "braces ({param}, RASM tags): not portable; WinAPE has no such syntax",
                    ),
                    op => report(
                        t.col,
                        &format!(
                            "operator `{op}`: Maxam/WinAPE spell operators as words with their \
                             own precedence; keep to + - * / and parentheses"
                        ),
                    ),
                }
                value_expected = true;
            }
            Kind::Colon => {}
        }
    }
}
