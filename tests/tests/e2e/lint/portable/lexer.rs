//! Splits one source line (comment excluded) into tokens, the way `cpc-asm` reads numbers:
//! `&`, `#` and `%` start a number where a value may start, and are operators after a value.
//! Number spellings outside the portable subset and backslashes in strings are reported here.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Name,
    Number,
    Str,
    Op,
    LParen,
    RParen,
    Comma,
    Colon,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub kind: Kind,
    pub text: String,
    /// 1-based column of the first character.
    pub col: usize,
}

/// The tokens of `line` and the problems found while reading them, as (column, reason).
pub fn lex(line: &str) -> (Vec<Token>, Vec<(usize, &'static str)>) {
    let chars: Vec<char> = line.chars().collect();
    let mut tokens: Vec<Token> = Vec::new();
    let mut problems = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        // A number may start here: at the start, after an operator, `,` `(` or a space.
        let value_may_start = match tokens.last() {
            None => true,
            Some(t) => {
                matches!(t.kind, Kind::Op | Kind::LParen | Kind::Comma | Kind::Colon)
                    || chars[i - 1].is_whitespace()
            }
        };
        let next = chars.get(i + 1).copied();
        let kind = if c == ';' {
            break;
        } else if c.is_whitespace() {
            i += 1;
            continue;
        } else if c == '"' || c == '\'' {
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' {
                    problems.push((
                        i + 1,
                        "backslash in a string: RASM reads it as an escape, WinAPE and cpc-asm \
                         as a character",
                    ));
                }
                i += 1;
            }
            i += 1; // the closing quote (an unclosed string is cpc-asm's error)
            Kind::Str
        } else if is_name_start(c) {
            while i < chars.len() && is_name_char(chars[i]) {
                i += 1;
            }
            // `af'`: the quote belongs to the register.
            let word: String = chars[start..i].iter().collect();
            if word.eq_ignore_ascii_case("af") && chars.get(i) == Some(&'\'') {
                i += 1;
            }
            Kind::Name
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            if !chars[start..i].iter().all(char::is_ascii_digit) {
                problems.push((
                    start + 1,
                    "number spelling (`0x1F`, `1Fh`, `0b101`): not portable; write `&1F`, \
                     `#1F` or `%101`",
                ));
            }
            Kind::Number
        } else if value_may_start
            && ((c == '&' || c == '#') && next.is_some_and(|n| n.is_ascii_hexdigit())
                || c == '%' && next.is_some_and(|n| n == '0' || n == '1'))
        {
            i += 1;
            while i < chars.len() && chars[i].is_ascii_hexdigit() {
                i += 1;
            }
            Kind::Number
        } else if c == '$' {
            i += 1;
            if next.is_some_and(|n| n.is_ascii_hexdigit()) {
                while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                    i += 1;
                }
                problems.push((
                    start + 1,
                    "`$1F` hexadecimal: not portable; write `&1F` or `#1F` (`$` alone, the \
                     current address, is portable)",
                ));
                Kind::Number
            } else {
                Kind::Name // the current address
            }
        } else {
            i += 1;
            match c {
                '(' => Kind::LParen,
                ')' => Kind::RParen,
                ',' => Kind::Comma,
                ':' => Kind::Colon,
                _ => {
                    let pair: String = [c, next.unwrap_or(' ')].iter().collect();
                    if ["<<", ">>", "<=", ">=", "==", "!=", "&&", "||"].contains(&pair.as_str()) {
                        i += 1;
                    }
                    Kind::Op
                }
            }
        };
        tokens.push(Token {
            kind,
            text: chars[start..i.min(chars.len())].iter().collect(),
            col: start + 1,
        });
    }
    (tokens, problems)
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '@'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '@'
}
