//! Reads an expression from tokens by precedence climbing (C precedence, loosest first):
//! `||`, `&&`, `|`, `^`, `&`, `== !=`, `< <= > >=`, `<< >>`, `+ -`, `* / %`, then the unary
//! `- + ~ !`, `LOW()`, `HIGH()`, parentheses.

use super::ast::{BinOp, Expr, Func, SymName, UnOp};
use crate::diag::{Diagnostic, Span};
use crate::keywords;
use crate::lexer::{Punct, Tok, Token};

/// Limits that keep hostile input from exhausting the stack (parsing, evaluating and dropping
/// are recursive).
const MAX_NODES: u32 = 400;
const MAX_DEPTH: u32 = 64;

/// Parses all of `toks` as one expression. `end` is where "end of line" errors point.
pub(crate) fn parse_expr(toks: &[Token], end: Span) -> Result<Expr, Diagnostic> {
    let mut p = Parser {
        toks,
        pos: 0,
        nodes: 0,
        depth: 0,
        end,
    };
    let e = p.binary(0)?;
    if let Some(t) = toks.get(p.pos) {
        return Err(Diagnostic::error(
            format!(
                "expected an operator or the end of the value, found {}",
                t.tok.describe()
            ),
            t.span,
        ));
    }
    Ok(e)
}

struct Parser<'t> {
    toks: &'t [Token],
    pos: usize,
    nodes: u32,
    depth: u32,
    end: Span,
}

fn binop(t: &Tok) -> Option<(BinOp, u8)> {
    use Punct::*;
    let Tok::P(p) = t else { return None };
    Some(match p {
        OrOr => (BinOp::LogicalOr, 1),
        AndAnd => (BinOp::LogicalAnd, 2),
        Pipe => (BinOp::Or, 3),
        Caret => (BinOp::Xor, 4),
        Amp => (BinOp::And, 5),
        EqEq => (BinOp::Eq, 6),
        Ne => (BinOp::Ne, 6),
        Lt => (BinOp::Lt, 7),
        Le => (BinOp::Le, 7),
        Gt => (BinOp::Gt, 7),
        Ge => (BinOp::Ge, 7),
        Shl => (BinOp::Shl, 8),
        Shr => (BinOp::Shr, 8),
        Plus => (BinOp::Add, 9),
        Minus => (BinOp::Sub, 9),
        Star => (BinOp::Mul, 10),
        Slash => (BinOp::Div, 10),
        Percent => (BinOp::Rem, 10),
        _ => return None,
    })
}

impl Parser<'_> {
    fn node(&mut self, span: Span) -> Result<(), Diagnostic> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(Diagnostic::error(
                format!("expression too long (more than {MAX_NODES} operations)"),
                span,
            ));
        }
        Ok(())
    }

    fn enter(&mut self, span: Span) -> Result<(), Diagnostic> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diagnostic::error(
                format!("expression nested too deeply (more than {MAX_DEPTH} levels)"),
                span,
            ));
        }
        Ok(())
    }

    fn binary(&mut self, min_prec: u8) -> Result<Expr, Diagnostic> {
        let mut lhs = self.unary()?;
        while let Some(t) = self.toks.get(self.pos) {
            let Some((op, prec)) = binop(&t.tok) else {
                break;
            };
            if prec < min_prec {
                break;
            }
            self.pos += 1;
            self.enter(t.span)?;
            let rhs = self.binary(prec + 1)?;
            self.depth -= 1;
            let span = lhs.span().to(rhs.span());
            self.node(span)?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs), span);
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr, Diagnostic> {
        let Some(t) = self.toks.get(self.pos) else {
            return Err(Diagnostic::error("expected a value", self.end));
        };
        let op = match t.tok {
            Tok::P(Punct::Minus) => UnOp::Neg,
            Tok::P(Punct::Plus) => UnOp::Plus,
            Tok::P(Punct::Tilde) => UnOp::Not,
            Tok::P(Punct::Bang) => UnOp::LogicalNot,
            _ => return self.primary(),
        };
        self.pos += 1;
        self.enter(t.span)?;
        let inner = self.unary()?;
        self.depth -= 1;
        let span = t.span.to(inner.span());
        self.node(span)?;
        Ok(Expr::Unary(op, Box::new(inner), span))
    }

    fn expect_rparen(&mut self, open: Span) -> Result<Span, Diagnostic> {
        match self.toks.get(self.pos) {
            Some(t) if t.tok == Tok::P(Punct::RParen) => {
                self.pos += 1;
                Ok(t.span)
            }
            Some(t) => Err(Diagnostic::error(
                format!("expected `)`, found {}", t.tok.describe()),
                t.span,
            )
            .note("to close this `(`", Some(open))),
            None => {
                Err(Diagnostic::error("expected `)`", self.end)
                    .note("to close this `(`", Some(open)))
            }
        }
    }

    fn primary(&mut self) -> Result<Expr, Diagnostic> {
        let t = &self.toks[self.pos];
        self.pos += 1;
        match &t.tok {
            Tok::Num(n) => Ok(Expr::Num(*n, t.span)),
            Tok::Dollar => Ok(Expr::Pc(t.span)),
            Tok::Str(s) => {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if (c as u32) < 256 => Ok(Expr::Num(c as i64, t.span)),
                    (Some(c), None) => Err(Diagnostic::error(
                        format!("character `{c}` has no 8-bit code"),
                        t.span,
                    )),
                    _ => Err(Diagnostic::error(
                        "a string used as a value must have exactly one character",
                        t.span,
                    )),
                }
            }
            Tok::P(Punct::LParen) => {
                self.enter(t.span)?;
                let inner = self.binary(0)?;
                self.depth -= 1;
                self.expect_rparen(t.span)?;
                Ok(inner)
            }
            Tok::Ident(name) => {
                let func = match name.to_ascii_lowercase().as_str() {
                    "low" => Some(Func::Low),
                    "high" => Some(Func::High),
                    _ => None,
                };
                let next_is_paren =
                    matches!(self.toks.get(self.pos), Some(n) if n.tok == Tok::P(Punct::LParen));
                if let (Some(f), true) = (func, next_is_paren) {
                    let open = self.toks[self.pos].span;
                    self.pos += 1;
                    self.enter(open)?;
                    let arg = self.binary(0)?;
                    self.depth -= 1;
                    let close = self.expect_rparen(open)?;
                    self.node(t.span)?;
                    return Ok(Expr::Func(f, Box::new(arg), t.span.to(close)));
                }
                if keywords::register(name).is_some() {
                    return Err(Diagnostic::error(
                        format!("`{name}` is a register, not a value"),
                        t.span,
                    ));
                }
                if keywords::is_keyword(name) {
                    return Err(Diagnostic::error(
                        format!("`{name}` is a reserved word, not a value"),
                        t.span,
                    ));
                }
                Ok(Expr::Sym(SymName::new(name), t.span))
            }
            other => Err(Diagnostic::error(
                format!("expected a value, found {}", other.describe()),
                t.span,
            )),
        }
    }
}
