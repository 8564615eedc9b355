//! The expression tree.

use crate::diag::Span;

/// How a symbol name is scoped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SymScope {
    /// `name` or `name.local` written out in full.
    Global,
    /// `.name`: belongs to the last global label before it.
    Local,
    /// `@name`: belongs to the innermost macro expansion or REPT iteration.
    MacroLocal,
}

/// A symbol as written in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SymName {
    pub scope: SymScope,
    /// Lower case: symbols are case-insensitive.
    pub key: Box<str>,
    /// As written, for messages and symbol files.
    pub text: Box<str>,
}

impl SymName {
    pub fn new(text: &str) -> Self {
        let scope = if text.starts_with('.') {
            SymScope::Local
        } else if text.starts_with('@') {
            SymScope::MacroLocal
        } else {
            SymScope::Global
        };
        SymName {
            scope,
            key: text.to_ascii_lowercase().into(),
            text: text.into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnOp {
    Neg,
    Plus,
    Not,
    LogicalNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Xor,
    Or,
    LogicalAnd,
    LogicalOr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Func {
    Low,
    High,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Expr {
    Num(i64, Span),
    Sym(SymName, Span),
    /// `$`.
    Pc(Span),
    Unary(UnOp, Box<Expr>, Span),
    Binary(BinOp, Box<Expr>, Box<Expr>, Span),
    Func(Func, Box<Expr>, Span),
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Num(_, s)
            | Expr::Sym(_, s)
            | Expr::Pc(s)
            | Expr::Unary(_, _, s)
            | Expr::Binary(_, _, _, s)
            | Expr::Func(_, _, s) => *s,
        }
    }
}
