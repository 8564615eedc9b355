//! Instruction operands. The rule for parentheses: an operand whose outer parentheses enclose
//! all of it is a memory operand, `(nn)`; `(1+2)*3` is a value. So `ld a,(5)` reads memory even
//! where only a value would fit (write `ld a,5` or `ld a,+(5)` for the value).

use crate::diag::{Diagnostic, Span};
use crate::encode::{IndexReg, Operand, Reg16, Reg8};
use crate::expr::{parse_expr, Expr};
use crate::keywords;
use crate::lexer::{Punct, Tok, Token};

#[derive(Clone, Debug)]
pub(crate) enum OperandAst {
    /// Registers, conditions, `(hl)`-style indirections, `(c)`: nothing to compute.
    Fixed(Operand),
    Imm(Expr),
    Mem(Expr),
    /// `(ix)` has no offset expression.
    Indexed(IndexReg, Option<Expr>),
}

#[derive(Clone, Debug)]
pub(crate) struct OperandNode {
    pub ast: OperandAst,
    pub span: Span,
}

/// Index of the `)` that closes the `(` at 0, if any.
fn closing_paren(toks: &[Token]) -> Option<usize> {
    let mut depth = 0;
    for (i, t) in toks.iter().enumerate() {
        match t.tok {
            Tok::P(Punct::LParen) => depth += 1,
            Tok::P(Punct::RParen) => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

pub(crate) fn parse_operand(
    toks: &[Token],
    span: Span,
    end: Span,
) -> Result<OperandNode, Diagnostic> {
    let node = |ast| Ok(OperandNode { ast, span });
    if let [Token {
        tok: Tok::Ident(w), ..
    }] = toks
    {
        if let Some(op) = keywords::register(w) {
            return node(OperandAst::Fixed(op));
        }
    }
    let whole_parens = toks.first().is_some_and(|t| t.tok == Tok::P(Punct::LParen))
        && closing_paren(toks) == Some(toks.len() - 1);
    if !whole_parens {
        return node(OperandAst::Imm(parse_expr(toks, end)?));
    }
    let inner = &toks[1..toks.len() - 1];
    let close = toks[toks.len() - 1].span;
    let Some(first) = inner.first() else {
        return Err(Diagnostic::error("empty parentheses", span));
    };
    let reg = match &first.tok {
        Tok::Ident(w) => keywords::register(w).map(|r| (r, w)),
        _ => None,
    };
    let Some((reg, word)) = reg else {
        return node(OperandAst::Mem(parse_expr(inner, close)?));
    };
    let index = match reg {
        Operand::Reg16(Reg16::Ix) => Some(IndexReg::Ix),
        Operand::Reg16(Reg16::Iy) => Some(IndexReg::Iy),
        _ => None,
    };
    if inner.len() == 1 {
        let ast = match (reg, index) {
            (_, Some(ix)) => OperandAst::Indexed(ix, None),
            (Operand::Reg16(r @ (Reg16::Bc | Reg16::De | Reg16::Hl | Reg16::Sp)), _) => {
                OperandAst::Fixed(Operand::Ind(r))
            }
            (Operand::Reg8(Reg8::C), _) => OperandAst::Fixed(Operand::PortC),
            _ => {
                return Err(Diagnostic::error(
                    format!("`({word})` is not an operand"),
                    span,
                ))
            }
        };
        return node(ast);
    }
    match (index, &inner[1].tok) {
        (Some(ix), Tok::P(Punct::Plus | Punct::Minus)) => {
            // The sign is part of the offset: `(ix-2+1)` is offset `-2+1`.
            let offset = parse_expr(&inner[1..], close)?;
            node(OperandAst::Indexed(ix, Some(offset)))
        }
        (Some(_), other) => Err(Diagnostic::error(
            format!(
                "expected `+`, `-` or `)` after `{word}`, found {}",
                other.describe()
            ),
            inner[1].span,
        )),
        (None, _) => Err(Diagnostic::error(
            format!("`{word}` is a register, not a value"),
            first.span,
        )),
    }
}
