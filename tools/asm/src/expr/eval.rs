//! Computes an expression. Symbols and `$` come from an [`Env`]; arithmetic is on `i64`
//! (wrapping), comparisons and logical operators give 1 or 0 as in C.

use super::ast::{BinOp, Expr, Func, SymName, UnOp};
use crate::diag::{Diagnostic, Span};

/// What an expression can see: symbols and the current address.
pub(crate) trait Env {
    /// The value of a symbol. A symbol not known yet may be guessed (see the pass loop).
    fn symbol(&mut self, name: &SymName, span: Span) -> Result<i64, Diagnostic>;
    /// `$`: the address of the current statement.
    fn pc(&self, span: Span) -> Result<i64, Diagnostic>;
}

pub(crate) fn eval(e: &Expr, env: &mut dyn Env) -> Result<i64, Diagnostic> {
    match e {
        Expr::Num(n, _) => Ok(*n),
        Expr::Sym(name, span) => env.symbol(name, *span),
        Expr::Pc(span) => env.pc(*span),
        Expr::Unary(op, inner, _) => {
            let v = eval(inner, env)?;
            Ok(match op {
                UnOp::Neg => v.wrapping_neg(),
                UnOp::Plus => v,
                UnOp::Not => !v,
                UnOp::LogicalNot => (v == 0) as i64,
            })
        }
        Expr::Func(f, inner, _) => {
            let v = eval(inner, env)?;
            Ok(match f {
                Func::Low => v & 0xFF,
                Func::High => (v >> 8) & 0xFF,
            })
        }
        Expr::Binary(op, l, r, _) => binary(*op, l, r, env),
    }
}

fn binary(op: BinOp, l: &Expr, r: &Expr, env: &mut dyn Env) -> Result<i64, Diagnostic> {
    let a = eval(l, env)?;
    // Short-circuit like C, so `defined && x / defined` style guards work.
    match op {
        BinOp::LogicalAnd if a == 0 => return Ok(0),
        BinOp::LogicalOr if a != 0 => return Ok(1),
        _ => {}
    }
    let b = eval(r, env)?;
    let v = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div | BinOp::Rem if b == 0 => {
            return Err(Diagnostic::error("division by zero", r.span()).label("this divisor is 0"))
        }
        BinOp::Div => a.wrapping_div(b),
        BinOp::Rem => a.wrapping_rem(b),
        BinOp::Shl | BinOp::Shr if !(0..64).contains(&b) => {
            return Err(Diagnostic::error(
                format!("shift by {b} is out of range 0..=63"),
                r.span(),
            ))
        }
        BinOp::Shl => a.wrapping_shl(b as u32),
        BinOp::Shr => a >> b,
        BinOp::Lt => (a < b) as i64,
        BinOp::Le => (a <= b) as i64,
        BinOp::Gt => (a > b) as i64,
        BinOp::Ge => (a >= b) as i64,
        BinOp::Eq => (a == b) as i64,
        BinOp::Ne => (a != b) as i64,
        BinOp::And => a & b,
        BinOp::Xor => a ^ b,
        BinOp::Or => a | b,
        BinOp::LogicalAnd | BinOp::LogicalOr => (b != 0) as i64,
    };
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::lex_file;
    use crate::source::FileId;

    struct NoSyms;
    impl Env for NoSyms {
        fn symbol(&mut self, name: &SymName, span: Span) -> Result<i64, Diagnostic> {
            Err(Diagnostic::error(
                format!("undefined `{}`", name.text),
                span,
            ))
        }
        fn pc(&self, _: Span) -> Result<i64, Diagnostic> {
            Ok(0x4000)
        }
    }

    fn calc(src: &str) -> Result<i64, String> {
        let lines = lex_file(FileId(0), src);
        let toks = &lines[0].tokens;
        let end = Span::new(FileId(0), src.len() as u32, src.len() as u32);
        let e = crate::expr::parse_expr(toks, end).map_err(|d| d.message)?;
        eval(&e, &mut NoSyms).map_err(|d| d.message)
    }

    #[test]
    fn c_precedence() {
        assert_eq!(calc("1+2*3"), Ok(7));
        assert_eq!(calc("(1+2)*3"), Ok(9));
        assert_eq!(calc("1 << 2 + 1"), Ok(8));
        assert_eq!(calc("1 | 2 ^ 3 & 1"), Ok(1 | (2 ^ (3 & 1))));
        assert_eq!(calc("1 + 2 == 3 && 4 > 3"), Ok(1));
        assert_eq!(calc("-2 * -3"), Ok(6));
        assert_eq!(calc("~0 & &FF"), Ok(255));
        assert_eq!(calc("!5 || !0"), Ok(1));
        assert_eq!(calc("10 % 3 - 7 / 2"), Ok(-2));
        assert_eq!(calc("low(&1234) + high(&1234)"), Ok(0x34 + 0x12));
        assert_eq!(calc("$+2"), Ok(0x4002));
        assert_eq!(calc("'a'"), Ok(97));
        assert_eq!(calc("3 < 2 || 2 <= 2"), Ok(1));
        assert_eq!(calc("8 >> 1 != 4"), Ok(0));
    }

    #[test]
    fn errors() {
        assert_eq!(calc("1/0"), Err("division by zero".into()));
        assert_eq!(calc("1%(2-2)"), Err("division by zero".into()));
        assert!(calc("1 << 64").is_err());
        assert!(calc("(1+2").unwrap_err().contains("expected `)`"));
        assert!(calc("1 2").unwrap_err().contains("expected an operator"));
        assert!(calc("a+1").unwrap_err().contains("register"));
        assert!(calc("'ab'").is_err());
        assert!(calc(&"(".repeat(200)).unwrap_err().contains("nested"));
        let long = format!("1{}", "+1".repeat(1000));
        assert!(calc(&long).unwrap_err().contains("too long"));
    }

    #[test]
    fn short_circuit_skips_the_right_side() {
        assert_eq!(calc("0 && 1/0"), Ok(0));
        assert_eq!(calc("1 || 1/0"), Ok(1));
    }
}
