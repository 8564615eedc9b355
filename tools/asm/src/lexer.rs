//! Turns source text into tokens, line by line. Every token carries its span.
//!
//! Number forms: `&1F #1F $1F 0x1F 1Fh %1010 0b1010 'a'` and decimal. `&` and `%` are also
//! operators (AND, modulo): they start a number only where a value is expected, i.e. after an
//! operator, a comma or an opening parenthesis, or after white space (`and &0F`). Written with no
//! space before them after a value (`x&0F`), they are operators.

use crate::diag::{Diagnostic, Span};
use crate::source::FileId;

/// Punctuation and operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Punct {
    Comma,
    Colon,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Shl,
    Shr,
    Amp,
    Pipe,
    Caret,
    Tilde,
    Bang,
    EqEq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    AndAnd,
    OrOr,
    Assign,
}

impl Punct {
    pub fn text(self) -> &'static str {
        use Punct::*;
        match self {
            Comma => ",",
            Colon => ":",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            RBrace => "}",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Percent => "%",
            Shl => "<<",
            Shr => ">>",
            Amp => "&",
            Pipe => "|",
            Caret => "^",
            Tilde => "~",
            Bang => "!",
            EqEq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            AndAnd => "&&",
            OrOr => "||",
            Assign => "=",
        }
    }
}

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// A name as written (case kept): label, mnemonic, register, directive, `af'`.
    Ident(Box<str>),
    Num(i64),
    /// A quoted string (either quote), without the quotes.
    Str(Box<str>),
    /// `$` alone: the current address.
    Dollar,
    P(Punct),
}

impl Tok {
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Num(n) => format!("number {n}"),
            Tok::Str(_) => "a string".to_string(),
            Tok::Dollar => "`$`".to_string(),
            Tok::P(p) => format!("`{}`", p.text()),
        }
    }

    /// True if this token is the identifier `word` (case-insensitive).
    pub fn is_word(&self, word: &str) -> bool {
        matches!(self, Tok::Ident(s) if s.eq_ignore_ascii_case(word))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// The tokens of one source line. `error` is the first thing that could not be lexed; the
/// tokens before it are kept so that block directives are still recognised.
#[derive(Clone, Debug)]
pub(crate) struct LexedLine {
    pub start: u32,
    pub tokens: Vec<Token>,
    pub error: Option<Diagnostic>,
}

/// Lexes a whole file.
pub(crate) fn lex_file(file: FileId, text: &str) -> Vec<LexedLine> {
    let mut lines = Vec::with_capacity(text.len() / 24);
    let mut start = 0usize;
    // A final line ending ends the last line; it does not start an empty one.
    let text = text.strip_suffix('\n').unwrap_or(text);
    for raw in text.split('\n') {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        lines.push(lex_line(file, line, start as u32));
        start += raw.len() + 1;
    }
    lines
}

fn lex_line(file: FileId, line: &str, base: u32) -> LexedLine {
    let mut lx = Lexer {
        file,
        src: line.as_bytes(),
        text: line,
        base,
        pos: 0,
        // Most lines hold fewer tokens: one allocation, no regrowth.
        tokens: Vec::with_capacity(8),
    };
    let error = lx.run().err();
    LexedLine {
        start: base,
        tokens: lx.tokens,
        error,
    }
}

struct Lexer<'a> {
    file: FileId,
    src: &'a [u8],
    text: &'a str,
    base: u32,
    pos: usize,
    tokens: Vec<Token>,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'.' || c == b'@'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'.'
}

impl Lexer<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.base + start as u32, self.base + end as u32)
    }

    fn peek(&self, ahead: usize) -> u8 {
        self.src.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn push(&mut self, tok: Tok, start: usize) {
        let span = self.span(start, self.pos);
        self.tokens.push(Token { tok, span });
    }

    /// True where a value is expected: `&`/`%` followed by a digit is then a number prefix.
    fn value_expected(&self, start: usize) -> bool {
        let after_space = start > 0 && matches!(self.src[start - 1], b' ' | b'\t');
        let after_value = matches!(
            self.tokens.last().map(|t| &t.tok),
            Some(Tok::Ident(_) | Tok::Num(_) | Tok::Str(_) | Tok::Dollar | Tok::P(Punct::RParen))
        );
        after_space || !after_value
    }

    fn run(&mut self) -> Result<(), Diagnostic> {
        while self.pos < self.src.len() {
            let c = self.src[self.pos];
            let start = self.pos;
            match c {
                b' ' | b'\t' | b'\x0c' => self.pos += 1,
                b';' => break,
                b'"' | b'\'' => self.string(c)?,
                b'0'..=b'9' => self.number()?,
                b'&' if self.peek(1).is_ascii_hexdigit() && self.value_expected(start) => {
                    self.pos += 1;
                    self.radix_number(start, 16, "hexadecimal")?
                }
                b'%' if matches!(self.peek(1), b'0' | b'1') && self.value_expected(start) => {
                    self.pos += 1;
                    self.radix_number(start, 2, "binary")?
                }
                b'#' => {
                    self.pos += 1;
                    if !self.peek(0).is_ascii_hexdigit() {
                        return Err(Diagnostic::error(
                            "`#` must be followed by hexadecimal digits",
                            self.span(start, self.pos),
                        ));
                    }
                    self.radix_number(start, 16, "hexadecimal")?
                }
                b'$' => {
                    self.pos += 1;
                    if self.peek(0).is_ascii_hexdigit() {
                        self.radix_number(start, 16, "hexadecimal")?
                    } else {
                        self.push(Tok::Dollar, start)
                    }
                }
                c if is_ident_start(c) => self.ident(),
                _ => self.punct(start)?,
            }
        }
        Ok(())
    }

    fn string(&mut self, quote: u8) -> Result<(), Diagnostic> {
        let start = self.pos;
        let body = start + 1;
        match self.src[body..].iter().position(|&b| b == quote) {
            Some(len) => {
                self.pos = body + len + 1;
                let s = self.text[body..body + len].into();
                self.push(Tok::Str(s), start);
                Ok(())
            }
            None => Err(
                Diagnostic::error("unterminated string", self.span(start, self.src.len()))
                    .label(format!("no closing {}", quote as char)),
            ),
        }
    }

    fn word_end(&self, from: usize) -> usize {
        let mut end = from;
        while end < self.src.len()
            && (self.src[end].is_ascii_alphanumeric() || self.src[end] == b'_')
        {
            end += 1;
        }
        end
    }

    /// After a prefix (`&`, `#`, `$`, `%`): the digits up to the end of the word.
    fn radix_number(&mut self, start: usize, radix: u32, what: &str) -> Result<(), Diagnostic> {
        let end = self.word_end(self.pos);
        let digits = &self.text[self.pos..end];
        self.pos = end;
        let value = parse_digits(digits, radix).map_err(|e| {
            Diagnostic::error(format!("invalid {what} number: {e}"), self.span(start, end))
        })?;
        self.push(Tok::Num(value), start);
        Ok(())
    }

    fn number(&mut self) -> Result<(), Diagnostic> {
        let start = self.pos;
        let end = self.word_end(start);
        let word = &self.text[start..end];
        self.pos = end;
        // Case-insensitive prefixes and suffix, tested without allocating: numbers are common.
        let prefixed = |p: &str| {
            word.get(..2)
                .filter(|w| w.eq_ignore_ascii_case(p))
                .map(|_| &word[2..])
        };
        let result = if let Some(h) = word.strip_suffix(['h', 'H']) {
            parse_digits(h, 16)
        } else if let Some(x) = prefixed("0x") {
            parse_digits(x, 16)
        } else if let Some(b) = prefixed("0b") {
            parse_digits(b, 2)
        } else {
            parse_digits(word, 10)
        };
        let value = result.map_err(|e| {
            Diagnostic::error(
                format!("invalid number `{word}`: {e}"),
                self.span(start, end),
            )
        })?;
        self.push(Tok::Num(value), start);
        Ok(())
    }

    fn ident(&mut self) {
        let start = self.pos;
        self.pos += 1;
        while self.pos < self.src.len() && is_ident_char(self.src[self.pos]) {
            self.pos += 1;
        }
        // `af'` is one name: the quote is not the start of a string.
        if self.peek(0) == b'\'' && self.text[start..self.pos].eq_ignore_ascii_case("af") {
            self.pos += 1;
        }
        let name = self.text[start..self.pos].into();
        self.push(Tok::Ident(name), start);
    }

    fn punct(&mut self, start: usize) -> Result<(), Diagnostic> {
        use Punct::*;
        let two = [self.peek(0), self.peek(1)];
        let (p, len) = match &two {
            b"<<" => (Shl, 2),
            b">>" => (Shr, 2),
            b"<=" => (Le, 2),
            b">=" => (Ge, 2),
            b"==" => (EqEq, 2),
            b"!=" => (Ne, 2),
            b"&&" => (AndAnd, 2),
            b"||" => (OrOr, 2),
            [c, _] => {
                let p = match c {
                    b',' => Comma,
                    b':' => Colon,
                    b'(' => LParen,
                    b')' => RParen,
                    b'{' => LBrace,
                    b'}' => RBrace,
                    b'+' => Plus,
                    b'-' => Minus,
                    b'*' => Star,
                    b'/' => Slash,
                    b'%' => Percent,
                    b'&' => Amp,
                    b'|' => Pipe,
                    b'^' => Caret,
                    b'~' => Tilde,
                    b'!' => Bang,
                    b'<' => Lt,
                    b'>' => Gt,
                    b'=' => Assign,
                    _ => {
                        let ch = self.text[start..].chars().next().unwrap_or('?');
                        let end = start + ch.len_utf8();
                        return Err(Diagnostic::error(
                            format!("unexpected character `{}`", ch.escape_debug()),
                            self.span(start, end),
                        ));
                    }
                };
                (p, 1)
            }
        };
        self.pos += len;
        self.push(Tok::P(p), start);
        Ok(())
    }
}

/// Parses `digits` in `radix`, rejecting empty input, foreign digits and values past `i64`.
fn parse_digits(digits: &str, radix: u32) -> Result<i64, String> {
    if digits.is_empty() {
        return Err("no digits".to_string());
    }
    let mut value: i64 = 0;
    for c in digits.chars() {
        let d = c
            .to_digit(radix)
            .ok_or_else(|| format!("`{}` is not a base-{radix} digit", c.to_ascii_lowercase()))?;
        value = value
            .checked_mul(radix as i64)
            .and_then(|v| v.checked_add(d as i64))
            .ok_or_else(|| "too large".to_string())?;
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        let l = lex_line(FileId(0), s, 0);
        assert!(l.error.is_none(), "{:?}", l.error);
        l.tokens.into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn number_forms() {
        for s in ["&1F", "#1F", "$1F", "0x1F", "1Fh", "01fH", "31", "0X1f"] {
            assert_eq!(toks(s), vec![Tok::Num(31)], "{s}");
        }
        for s in ["%1010", "0b1010", "10"] {
            assert_eq!(toks(s), vec![Tok::Num(10)], "{s}");
        }
    }

    #[test]
    fn amp_and_percent_are_operators_after_values() {
        use Punct::*;
        assert_eq!(
            toks("x&0Fh"),
            vec![Tok::Ident("x".into()), Tok::P(Amp), Tok::Num(15)]
        );
        assert_eq!(
            toks("and &0F"),
            vec![Tok::Ident("and".into()), Tok::Num(15)]
        );
        assert_eq!(toks("7%2"), vec![Tok::Num(7), Tok::P(Percent), Tok::Num(2)]);
        assert_eq!(
            toks("(1)&1"),
            vec![
                Tok::P(LParen),
                Tok::Num(1),
                Tok::P(RParen),
                Tok::P(Amp),
                Tok::Num(1)
            ]
        );
        assert_eq!(toks("a && b").len(), 3);
    }

    #[test]
    fn dollar_alone_is_the_address() {
        assert_eq!(
            toks("$+2"),
            vec![Tok::Dollar, Tok::P(Punct::Plus), Tok::Num(2)]
        );
    }

    #[test]
    fn af_prime_and_strings() {
        assert_eq!(
            toks("ex af,af'"),
            vec![
                Tok::Ident("ex".into()),
                Tok::Ident("af".into()),
                Tok::P(Punct::Comma),
                Tok::Ident("af'".into())
            ]
        );
        assert_eq!(
            toks("db 'a;b' ; c"),
            vec![Tok::Ident("db".into()), Tok::Str("a;b".into())]
        );
    }

    #[test]
    fn errors_have_spans() {
        let l = lex_line(FileId(0), "  ld a,12x", 0);
        let e = l.error.expect("error");
        assert_eq!((e.span.unwrap().start, e.span.unwrap().end), (7, 10));
        assert!(lex_line(FileId(0), "db \"abc", 0).error.is_some());
        assert!(lex_line(FileId(0), "db 99999999999999999999", 0)
            .error
            .is_some());
        assert!(lex_line(FileId(0), "ld a,é", 0).error.is_some());
    }
}
