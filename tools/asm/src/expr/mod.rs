//! Expressions: the tree ([`ast`]), how it is read from tokens ([`parse`]) and computed
//! ([`eval`]). C precedence; every node carries its span.

pub(crate) mod ast;
pub(crate) mod eval;
pub(crate) mod parse;

pub(crate) use ast::{Expr, SymName, SymScope};
pub(crate) use eval::{eval, Env};
pub(crate) use parse::parse_expr;
