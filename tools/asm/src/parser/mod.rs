//! Source lines -> statements. A line is `[label[:]] [statement {: statement}] [; comment]`.
//!
//! Labels: a name in the first column (colon optional), or a name followed by `:` anywhere.
//! `name EQU value` / `name = value` / `name MACRO params` may be indented. Block directives
//! (IF.., ELSE, ENDIF, MACRO, ENDM, REPT, ENDR) stand alone on their line so that the walker can
//! skip and record blocks line by line.

mod directive;
mod operand;

pub(crate) use directive::{DataItem, Directive};
pub(crate) use operand::{OperandAst, OperandNode};

use crate::diag::{Diagnostic, Span};
use crate::expr::{parse_expr, SymName};
use crate::keywords::{self, Dir};
use crate::lexer::{LexedLine, Punct, Tok, Token};

/// A block directive, as the walker needs to know even on lines it skips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Block {
    If,
    Else,
    Endif,
    Macro,
    Endm,
    Rept,
    Endr,
}

#[derive(Clone, Debug)]
pub(crate) struct LabelDef {
    pub name: SymName,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub(crate) enum StmtKind {
    Instr {
        /// Lower case, the encoder's own spelling.
        mnemonic: &'static str,
        operands: Vec<OperandNode>,
    },
    /// A name that is neither mnemonic nor directive: a macro call, or an error.
    Call {
        name: SymName,
        args: Vec<Vec<Token>>,
    },
    Dir(Directive),
}

#[derive(Clone, Debug)]
pub(crate) struct Stmt {
    pub kind: StmtKind,
    /// The keyword (mnemonic, directive or macro name).
    pub head: Span,
    /// The whole statement.
    pub span: Span,
}

/// One parsed line.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub tokens: Vec<Token>,
    /// The whole line, comment included (for the listing).
    pub span: Span,
    /// From the first to the last token (for errors about the line as a whole).
    pub code: Span,
    pub label: Option<LabelDef>,
    pub block: Option<Block>,
    pub body: Result<Vec<Stmt>, Diagnostic>,
    /// The label is a first-column name without colon: if a macro of that name exists when the
    /// line runs, the line is a call of it instead.
    pub maybe_call: bool,
    /// False if lexing failed (the tokens are then incomplete).
    pub lexed_ok: bool,
}

fn block_of(dir: Dir) -> Option<Block> {
    Some(match dir {
        Dir::If | Dir::Ifdef | Dir::Ifndef => Block::If,
        Dir::Else => Block::Else,
        Dir::Endif => Block::Endif,
        Dir::Macro => Block::Macro,
        Dir::Endm => Block::Endm,
        Dir::Rept => Block::Rept,
        Dir::Endr => Block::Endr,
        _ => return None,
    })
}

fn is_colon(t: &Token) -> bool {
    t.tok == Tok::P(Punct::Colon)
}

/// Drops the tokens of lines that will never need them (only macro bodies, which are
/// substituted, and possible macro calls keep them): they are most of the memory.
pub(crate) fn drop_unneeded_tokens(lines: &mut [Line]) {
    let mut depth = 0usize;
    for line in lines {
        match line.block {
            Some(Block::Macro) => depth += 1,
            Some(Block::Endm) => depth = depth.saturating_sub(1),
            _ => {}
        }
        let in_macro = depth > 0 || line.block == Some(Block::Endm);
        if !in_macro && !line.maybe_call {
            line.tokens = Vec::new();
        }
    }
}

/// Parses one lexed line. `span` covers the whole line.
pub(crate) fn parse_line(lexed: LexedLine, span: Span) -> Line {
    let LexedLine {
        start,
        tokens,
        error,
    } = lexed;
    let mut label = None;
    let mut maybe_call = false;
    let mut rest = 0;
    if let Some(Token {
        tok: Tok::Ident(name),
        span: s,
    }) = tokens.first()
    {
        let name_is_free = !keywords::is_keyword(name) && keywords::register(name).is_none();
        let second = tokens.get(1);
        let defines = second.is_some_and(|t| {
            t.tok.is_word("equ") || t.tok.is_word("macro") || t.tok == Tok::P(Punct::Assign)
        });
        if name_is_free && second.is_some_and(is_colon) {
            label = Some(LabelDef {
                name: SymName::new(name),
                span: *s,
            });
            rest = 2;
        } else if name_is_free && !defines && s.start == start {
            label = Some(LabelDef {
                name: SymName::new(name),
                span: *s,
            });
            // Macro names never start with `.` or `@`.
            maybe_call = !name.starts_with(['.', '@']);
            rest = 1;
        }
    }
    let (block, mut body) = parse_body(&tokens[rest..], &mut label, span);
    if let Some(e) = reserved_label(&tokens) {
        body = Err(e);
    }
    let lexed_ok = error.is_none();
    let code = match (tokens.first(), tokens.last()) {
        (Some(f), Some(l)) => f.span.to(l.span),
        _ => span,
    };
    let body = match error {
        Some(e) => Err(e),
        None => body,
    };
    Line {
        tokens,
        span,
        code,
        label,
        block,
        body,
        maybe_call,
        lexed_ok,
    }
}

/// `sub:` or `ld:` written as a label: a reserved word followed directly by a colon.
fn reserved_label(tokens: &[Token]) -> Option<Diagnostic> {
    match tokens {
        [Token {
            tok: Tok::Ident(w),
            span,
        }, colon, ..]
            if is_colon(colon)
                && colon.span.start == span.end
                && (keywords::is_keyword(w) || keywords::register(w).is_some()) =>
        {
            Some(Diagnostic::error(
                format!("`{w}` is a reserved word (an instruction, directive or register); it cannot be a label"),
                *span,
            ))
        }
        _ => None,
    }
}

fn parse_body(
    toks: &[Token],
    label: &mut Option<LabelDef>,
    line: Span,
) -> (Option<Block>, Result<Vec<Stmt>, Diagnostic>) {
    let parts = || toks.split(is_colon).filter(|p| !p.is_empty());
    let mut block = None;
    let mut stmts = Vec::new();
    let mut error = None;
    let count = parts().count();
    for part in parts() {
        let end = Span::new(
            line.file,
            part[part.len() - 1].span.end,
            part[part.len() - 1].span.end,
        );
        let result = parse_stmt(part, label, end);
        match result {
            Ok(stmt) => {
                let b = match &stmt.kind {
                    StmtKind::Dir(d) => d.block(),
                    _ => None,
                };
                if let Some(b) = b {
                    block = Some(b);
                    if count > 1 && error.is_none() {
                        error = Some(Diagnostic::error(
                            "this directive must be alone on its line",
                            stmt.head,
                        ));
                    }
                }
                stmts.push(stmt);
            }
            Err(e) => {
                if block.is_none() {
                    block = guess_block(part);
                }
                error.get_or_insert(e);
            }
        }
    }
    match error {
        Some(e) => (block, Err(e)),
        None => (block, Ok(stmts)),
    }
}

/// The block keyword of a statement that failed to parse (so skipping still nests right).
fn guess_block(part: &[Token]) -> Option<Block> {
    let word = |t: &Token| match &t.tok {
        Tok::Ident(s) => Some(s.clone()),
        _ => None,
    };
    if part.get(1).is_some_and(|t| t.tok.is_word("macro")) {
        return Some(Block::Macro);
    }
    word(&part[0])
        .and_then(|w| keywords::directive(&w))
        .and_then(block_of)
}

fn parse_stmt(st: &[Token], label: &mut Option<LabelDef>, end: Span) -> Result<Stmt, Diagnostic> {
    let first = &st[0];
    let span = first.span.to(st[st.len() - 1].span);
    let Tok::Ident(word) = &first.tok else {
        return Err(Diagnostic::error(
            format!(
                "expected an instruction, a directive or a label, found {}",
                first.tok.describe()
            ),
            first.span,
        ));
    };
    // `name EQU v`, `name = v`, `name MACRO p1, p2`
    if let Some(second) = st.get(1) {
        let assign = second.tok == Tok::P(Punct::Assign);
        if (second.tok.is_word("equ") || assign) && !keywords::is_keyword(word) {
            let value = parse_expr(&st[2..], end)?;
            let d = Directive::Equ {
                name: SymName::new(word),
                name_span: first.span,
                value,
                reassignable: assign,
            };
            return Ok(Stmt {
                kind: StmtKind::Dir(d),
                head: second.span,
                span,
            });
        }
        if second.tok.is_word("macro") && !keywords::is_keyword(word) {
            let d = directive::macro_params(word, &st[2..])?;
            return Ok(Stmt {
                kind: StmtKind::Dir(d),
                head: second.span,
                span,
            });
        }
    }
    // `label: EQU v` / `label = v` (the label is the name being defined)
    if st[0].tok.is_word("equ") || (st[0].tok == Tok::P(Punct::Assign)) {
        let Some(l) = label.take() else {
            return Err(Diagnostic::error(
                "`EQU` needs a name before it",
                first.span,
            ));
        };
        let value = parse_expr(&st[1..], end)?;
        let d = Directive::Equ {
            name: l.name,
            name_span: l.span,
            value,
            reassignable: st[0].tok == Tok::P(Punct::Assign),
        };
        return Ok(Stmt {
            kind: StmtKind::Dir(d),
            head: first.span,
            span,
        });
    }
    if let Some(dir) = keywords::directive(word) {
        let d = directive::parse(dir, first.span, &st[1..], end)?;
        return Ok(Stmt {
            kind: StmtKind::Dir(d),
            head: first.span,
            span,
        });
    }
    if let Some(mnemonic) = crate::encode::canonical(word) {
        let mut operands = Vec::new();
        for (toks, op_span) in split_commas(&st[1..], end)? {
            operands.push(operand::parse_operand(toks, op_span, end)?);
        }
        return Ok(Stmt {
            kind: StmtKind::Instr { mnemonic, operands },
            head: first.span,
            span,
        });
    }
    let args = split_commas(&st[1..], end)?
        .into_iter()
        .map(|(toks, _)| toks.to_vec())
        .collect();
    Ok(Stmt {
        kind: StmtKind::Call {
            name: SymName::new(word),
            args,
        },
        head: first.span,
        span,
    })
}

/// Splits `toks` at commas outside parentheses. An empty item is an error; no tokens at all
/// gives no items.
pub(crate) fn split_commas(toks: &[Token], end: Span) -> Result<Vec<(&[Token], Span)>, Diagnostic> {
    let mut items = Vec::new();
    if toks.is_empty() {
        return Ok(items);
    }
    let mut depth = 0i32;
    let mut from = 0;
    for (i, t) in toks.iter().enumerate() {
        match t.tok {
            Tok::P(Punct::LParen) => depth += 1,
            Tok::P(Punct::RParen) => depth -= 1,
            Tok::P(Punct::Comma) if depth <= 0 => {
                if i == from {
                    return Err(Diagnostic::error("expected a value before `,`", t.span));
                }
                items.push((&toks[from..i], toks[from].span.to(toks[i - 1].span)));
                from = i + 1;
            }
            _ => {}
        }
    }
    if from == toks.len() {
        return Err(Diagnostic::error("expected a value after `,`", end));
    }
    items.push((&toks[from..], toks[from].span.to(toks[toks.len() - 1].span)));
    Ok(items)
}
