//! Macros: the recorded body, and expansion by token substitution. A parameter is used by its
//! name (`ld a,count`) or in braces (`ld a,{count}`, RASM style); it is replaced by the tokens of
//! the argument, which keep their own spans (errors in them point at the call).

use std::rc::Rc;

use super::files::Lines;
use crate::diag::Span;
use crate::lexer::{LexedLine, Punct, Tok, Token};
use crate::parser::{parse_line, Line};

pub(crate) struct MacroDef {
    /// As written.
    pub name: Box<str>,
    /// Lower case.
    pub params: Vec<Box<str>>,
    pub body: Lines,
    pub span: Span,
}

fn param_index(params: &[Box<str>], t: &Token) -> Option<usize> {
    match &t.tok {
        Tok::Ident(w) => params.iter().position(|p| p.eq_ignore_ascii_case(w)),
        _ => None,
    }
}

/// The body with the arguments in place of the parameters. Lines that name no parameter are
/// shared with the definition, not parsed again.
pub(crate) fn expand(def: &MacroDef, args: &[Vec<Token>]) -> Vec<Rc<Line>> {
    def.body
        .iter()
        .map(|line| {
            let uses = line
                .tokens
                .iter()
                .any(|t| param_index(&def.params, t).is_some());
            if !uses || !line.lexed_ok {
                return line.clone();
            }
            let toks = substitute(&line.tokens, &def.params, args);
            let lexed = LexedLine {
                start: line.span.start,
                tokens: toks,
                error: None,
            };
            Rc::new(parse_line(lexed, line.span))
        })
        .collect()
}

fn substitute(toks: &[Token], params: &[Box<str>], args: &[Vec<Token>]) -> Vec<Token> {
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let braced = toks[i].tok == Tok::P(Punct::LBrace)
            && toks
                .get(i + 2)
                .is_some_and(|t| t.tok == Tok::P(Punct::RBrace));
        if braced {
            if let Some(p) = param_index(params, &toks[i + 1]) {
                out.extend(args[p].iter().cloned());
                i += 3;
                continue;
            }
        }
        match param_index(params, &toks[i]) {
            Some(p) => out.extend(args[p].iter().cloned()),
            None => out.push(toks[i].clone()),
        }
        i += 1;
    }
    out
}
