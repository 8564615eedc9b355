//! Directive arguments: `ORG`, `DB`, `DW`, `DS`, `ALIGN`, `INCLUDE`, `INCBIN`, `IF`..,
//! `MACRO`, `REPT`, `ASSERT`, `PRINT`, `RUN` (EQU is parsed with its name, in `parser`).

use super::{split_commas, Block};
use crate::diag::{Diagnostic, Span};
use crate::expr::{parse_expr, Expr, SymName};
use crate::keywords::{self, Dir};
use crate::lexer::{Punct, Tok, Token};

/// One item of `DB`/`PRINT`: a string (any length) or a value.
#[derive(Clone, Debug)]
pub(crate) enum DataItem {
    Str(Box<str>, Span),
    Expr(Expr),
}

#[derive(Clone, Debug)]
pub(crate) enum Directive {
    Org(Expr),
    Equ {
        name: SymName,
        name_span: Span,
        value: Expr,
        /// `=`: may be assigned again (EQU may not).
        reassignable: bool,
    },
    Db(Vec<DataItem>),
    Dw(Vec<Expr>),
    Ds {
        count: Expr,
        fill: Option<Expr>,
    },
    Align {
        to: Expr,
        fill: Option<Expr>,
    },
    Include {
        path: Box<str>,
        span: Span,
    },
    Incbin {
        path: Box<str>,
        span: Span,
        offset: Option<Expr>,
        length: Option<Expr>,
    },
    If(Expr),
    Ifdef {
        name: SymName,
        span: Span,
        negate: bool,
    },
    Else,
    Endif,
    Macro {
        name: SymName,
        /// Lower case.
        params: Vec<Box<str>>,
    },
    Endm,
    Rept(Expr),
    Endr,
    Assert {
        cond: Expr,
        message: Option<Box<str>>,
    },
    Print(Vec<DataItem>),
    Run(Expr),
}

impl Directive {
    pub fn block(&self) -> Option<Block> {
        Some(match self {
            Directive::If(_) | Directive::Ifdef { .. } => Block::If,
            Directive::Else => Block::Else,
            Directive::Endif => Block::Endif,
            Directive::Macro { .. } => Block::Macro,
            Directive::Endm => Block::Endm,
            Directive::Rept(_) => Block::Rept,
            Directive::Endr => Block::Endr,
            _ => return None,
        })
    }
}

fn exprs(args: &[Token], end: Span) -> Result<Vec<Expr>, Diagnostic> {
    split_commas(args, end)?
        .into_iter()
        .map(|(t, _)| parse_expr(t, end))
        .collect()
}

/// Between `min` and `max` values.
fn n_exprs(
    head: Span,
    name: &str,
    args: &[Token],
    end: Span,
    min: usize,
    max: usize,
) -> Result<Vec<Expr>, Diagnostic> {
    let v = exprs(args, end)?;
    if v.len() < min || v.len() > max {
        let want = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        let span = args
            .first()
            .map_or(head, |f| f.span.to(args[args.len() - 1].span));
        return Err(Diagnostic::error(
            format!("`{name}` takes {want} value(s), found {}", v.len()),
            span,
        ));
    }
    Ok(v)
}

fn items(args: &[Token], end: Span) -> Result<Vec<DataItem>, Diagnostic> {
    split_commas(args, end)?
        .into_iter()
        .map(|(t, span)| match t {
            [Token {
                tok: Tok::Str(s), ..
            }] => Ok(DataItem::Str(s.clone(), span)),
            _ => parse_expr(t, end).map(DataItem::Expr),
        })
        .collect()
}

fn no_args(name: &str, args: &[Token]) -> Result<(), Diagnostic> {
    match args.first() {
        None => Ok(()),
        Some(t) => Err(Diagnostic::error(
            format!("`{name}` takes no arguments"),
            t.span.to(args[args.len() - 1].span),
        )),
    }
}

fn string_arg<'t>(
    name: &str,
    head: Span,
    t: Option<&'t Token>,
) -> Result<(&'t str, Span), Diagnostic> {
    match t {
        Some(Token {
            tok: Tok::Str(s),
            span,
        }) => Ok((s, *span)),
        Some(t) => Err(Diagnostic::error(
            format!(
                "`{name}` expects a file name in quotes, found {}",
                t.tok.describe()
            ),
            t.span,
        )),
        None => Err(Diagnostic::error(
            format!("`{name}` expects a file name in quotes"),
            head,
        )),
    }
}

pub(crate) fn parse(
    dir: Dir,
    head: Span,
    args: &[Token],
    end: Span,
) -> Result<Directive, Diagnostic> {
    let one = |name: &str| -> Result<Expr, Diagnostic> {
        Ok(n_exprs(head, name, args, end, 1, 1)?.remove(0))
    };
    let d = match dir {
        Dir::Org => Directive::Org(one("ORG")?),
        Dir::Equ => return Err(Diagnostic::error("`EQU` needs a name before it", head)),
        Dir::Db => {
            let v = items(args, end)?;
            if v.is_empty() {
                return Err(Diagnostic::error("`DB` needs at least one value", head));
            }
            Directive::Db(v)
        }
        Dir::Dw => {
            let v = exprs(args, end)?;
            if v.is_empty() {
                return Err(Diagnostic::error("`DW` needs at least one value", head));
            }
            Directive::Dw(v)
        }
        Dir::Ds => {
            let mut v = n_exprs(head, "DS", args, end, 1, 2)?.into_iter();
            Directive::Ds {
                count: v.next().expect("checked count"),
                fill: v.next(),
            }
        }
        Dir::Align => {
            let mut v = n_exprs(head, "ALIGN", args, end, 1, 2)?.into_iter();
            Directive::Align {
                to: v.next().expect("checked count"),
                fill: v.next(),
            }
        }
        Dir::Include => {
            let (path, span) = string_arg("INCLUDE", head, args.first())?;
            no_args("INCLUDE \"file\"", &args[1..])?;
            Directive::Include {
                path: path.into(),
                span,
            }
        }
        Dir::Incbin => {
            let (path, span) = string_arg("INCBIN", head, args.first())?;
            let rest = match args.get(1) {
                None => &args[1..],
                Some(t) if t.tok == Tok::P(Punct::Comma) => &args[2..],
                Some(t) => {
                    return Err(Diagnostic::error(
                        format!(
                            "expected `,` after the file name, found {}",
                            t.tok.describe()
                        ),
                        t.span,
                    ))
                }
            };
            if args.len() > 1 && rest.is_empty() {
                return Err(Diagnostic::error("expected an offset after `,`", end));
            }
            let mut v = n_exprs(head, "INCBIN", rest, end, 0, 2)?.into_iter();
            Directive::Incbin {
                path: path.into(),
                span,
                offset: v.next(),
                length: v.next(),
            }
        }
        Dir::If => Directive::If(one("IF")?),
        Dir::Ifdef | Dir::Ifndef => {
            let name = if dir == Dir::Ifdef { "IFDEF" } else { "IFNDEF" };
            match args {
                [Token {
                    tok: Tok::Ident(s),
                    span,
                }] => Directive::Ifdef {
                    name: SymName::new(s),
                    span: *span,
                    negate: dir == Dir::Ifndef,
                },
                _ => {
                    return Err(Diagnostic::error(
                        format!("`{name}` expects one symbol name"),
                        head,
                    ))
                }
            }
        }
        Dir::Else => {
            no_args("ELSE", args)?;
            Directive::Else
        }
        Dir::Endif => {
            no_args("ENDIF", args)?;
            Directive::Endif
        }
        Dir::Macro => match args.first() {
            Some(Token {
                tok: Tok::Ident(name),
                ..
            }) => {
                let rest = match args.get(1) {
                    Some(t) if t.tok == Tok::P(Punct::Comma) => &args[2..],
                    _ => &args[1..],
                };
                macro_params(name, rest)?
            }
            _ => return Err(Diagnostic::error("`MACRO` expects a name", head)),
        },
        Dir::Endm => {
            no_args("ENDM", args)?;
            Directive::Endm
        }
        Dir::Rept => Directive::Rept(one("REPT")?),
        Dir::Endr => {
            no_args("ENDR", args)?;
            Directive::Endr
        }
        Dir::Assert => {
            let parts = split_commas(args, end)?;
            let (cond_toks, _) = parts
                .first()
                .ok_or_else(|| Diagnostic::error("`ASSERT` expects a condition", head))?;
            let cond = parse_expr(cond_toks, end)?;
            let message = match &parts[1..] {
                [] => None,
                [(
                    [Token {
                        tok: Tok::Str(s), ..
                    }],
                    _,
                )] => Some(s.clone()),
                [(_, span), ..] => {
                    return Err(Diagnostic::error(
                        "`ASSERT` expects at most a message in quotes after the condition",
                        *span,
                    ))
                }
            };
            Directive::Assert { cond, message }
        }
        Dir::Print => Directive::Print(items(args, end)?),
        Dir::Run => Directive::Run(one("RUN")?),
    };
    Ok(d)
}

/// `name p1, p2` after `MACRO` (or before it, in the `name MACRO p1, p2` form).
pub(crate) fn macro_params(name: &str, toks: &[Token]) -> Result<Directive, Diagnostic> {
    let mut params: Vec<Box<str>> = Vec::new();
    let end = toks
        .last()
        .map_or(Span::new(crate::source::FileId(0), 0, 0), |t| t.span);
    for (item, span) in split_commas(toks, end)? {
        match item {
            [Token {
                tok: Tok::Ident(p), ..
            }] if !keywords::is_keyword(p) && keywords::register(p).is_none() => {
                let p: Box<str> = p.to_ascii_lowercase().into();
                if params.contains(&p) {
                    return Err(Diagnostic::error(
                        format!("parameter `{p}` appears twice"),
                        span,
                    ));
                }
                params.push(p);
            }
            _ => {
                return Err(Diagnostic::error(
                    "a macro parameter must be a name (not a register or keyword)",
                    span,
                ))
            }
        }
    }
    Ok(Directive::Macro {
        name: SymName::new(name),
        params,
    })
}
