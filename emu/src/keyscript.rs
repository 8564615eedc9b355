//! Key scripts: which keys go down and up at which frame, for headless runs and tests.
//!
//! Syntax: items separated by spaces, commas, semicolons or new lines; `#` starts a comment
//! running to the end of the line. Frames count from the start of the machine (0 = the
//! first frame); key names are those of [`CpcKey::name`] (case-insensitive: `A`, `7`,
//! `SPACE`, `RETURN`, `ENTER`, `ESC`, `DEL`, `SHIFT`, `CTRL`, `COPY`, `UP`, `F5`, `J0FIRE1`...).
//!
//! | item | meaning |
//! |---|---|
//! | `50:SPACE` | tap: press SPACE at frame 50, release it at frame 52 |
//! | `50:SPACE*10` | hold SPACE for 10 frames |
//! | `50:SHIFT+A` | press SHIFT and A together (a chord), release both 2 frames later |
//! | `50:+SHIFT` | press SHIFT and keep it down |
//! | `80:-SHIFT` | release SHIFT |
//! | `50:"D3 F5"` | type the text: each character held 2 frames then released 2 frames |
//! | `50:"D3"*4` | the same with 4 frames down, 4 up |
//!
//! Example: `100:"E6" 120:RETURN 200:+J0FIRE1 210:-J0FIRE1`.

use crate::keyboard::CpcKey;

/// Frames a tapped key stays down unless `*N` says otherwise.
pub const DEFAULT_HOLD: u64 = 2;

/// One key going down or up at the start of a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyChange {
    pub frame: u64,
    pub key: CpcKey,
    pub down: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyScript {
    changes: Vec<KeyChange>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct KeyScriptError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl KeyScript {
    pub fn parse(text: &str) -> Result<KeyScript, KeyScriptError> {
        let mut changes = Vec::new();
        for (start, item) in split_items(text) {
            parse_item(item, &mut changes).map_err(|(offset, message)| {
                let (line, column) = line_column(text, start + offset);
                KeyScriptError {
                    line,
                    column,
                    message,
                }
            })?;
        }
        changes.sort_by_key(|c| c.frame);
        Ok(KeyScript { changes })
    }

    /// Every change, in frame order (stable for changes in the same frame).
    pub fn changes(&self) -> &[KeyChange] {
        &self.changes
    }

    /// The frame of the last change (0 when empty).
    pub fn last_frame(&self) -> u64 {
        self.changes.last().map_or(0, |c| c.frame)
    }
}

/// Splits on separators outside quotes, dropping comments; yields (byte offset, item).
fn split_items(text: &str) -> Vec<(usize, &str)> {
    let mut items = Vec::new();
    let mut start: Option<usize> = None;
    let mut in_quotes = false;
    let mut in_comment = false;
    for (i, c) in text.char_indices() {
        if in_comment {
            in_comment = c != '\n';
            continue;
        }
        let separator = !in_quotes && (c.is_whitespace() || c == ',' || c == ';' || c == '#');
        if separator {
            if let Some(s) = start.take() {
                items.push((s, &text[s..i]));
            }
            in_comment = c == '#';
        } else {
            if c == '"' {
                in_quotes = !in_quotes;
            }
            start.get_or_insert(i);
        }
    }
    if let Some(s) = start {
        items.push((s, &text[s..]));
    }
    items
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |p| p + 1) + 1;
    (line, column)
}

type ItemError = (usize, String);

fn parse_item(item: &str, out: &mut Vec<KeyChange>) -> Result<(), ItemError> {
    let colon = item
        .find(':')
        .ok_or_else(|| (0, format!("`{item}` needs the form FRAME:KEY")))?;
    let frame: u64 = item[..colon]
        .parse()
        .map_err(|_| (0, format!("`{}` is not a frame number", &item[..colon])))?;
    let action_at = colon + 1;
    let action = &item[action_at..];
    if let Some(keys) = action.strip_prefix('+') {
        for key in parse_keys(keys, action_at + 1)? {
            out.push(KeyChange {
                frame,
                key,
                down: true,
            });
        }
        return Ok(());
    }
    if let Some(keys) = action.strip_prefix('-') {
        for key in parse_keys(keys, action_at + 1)? {
            out.push(KeyChange {
                frame,
                key,
                down: false,
            });
        }
        return Ok(());
    }
    let (body, hold) = split_hold(action, action_at)?;
    if let Some(text) = body.strip_prefix('"') {
        let text = text.strip_suffix('"').ok_or_else(|| {
            (
                action_at,
                "unterminated text: missing closing `\"`".to_string(),
            )
        })?;
        let mut at = frame;
        for (i, c) in text.chars().enumerate() {
            let key = CpcKey::for_char(c).ok_or_else(|| {
                (
                    action_at + 1 + i,
                    format!("no CPC key types `{c}` (use key names instead)"),
                )
            })?;
            out.push(KeyChange {
                frame: at,
                key,
                down: true,
            });
            out.push(KeyChange {
                frame: at + hold,
                key,
                down: false,
            });
            at += 2 * hold;
        }
        return Ok(());
    }
    for key in parse_keys(body, action_at)? {
        out.push(KeyChange {
            frame,
            key,
            down: true,
        });
        out.push(KeyChange {
            frame: frame + hold,
            key,
            down: false,
        });
    }
    Ok(())
}

fn split_hold(action: &str, action_at: usize) -> Result<(&str, u64), ItemError> {
    match action.rfind('*') {
        Some(star) if !action[star..].contains('"') => {
            let n = &action[star + 1..];
            let hold: u64 = n.parse().ok().filter(|h| *h > 0).ok_or_else(|| {
                (
                    action_at + star + 1,
                    format!("`{n}` is not a hold of 1 or more frames"),
                )
            })?;
            Ok((&action[..star], hold))
        }
        _ => Ok((action, DEFAULT_HOLD)),
    }
}

fn parse_keys(keys: &str, at: usize) -> Result<Vec<CpcKey>, ItemError> {
    if keys.is_empty() {
        return Err((at, "missing key name".to_string()));
    }
    let mut offset = at;
    let mut out = Vec::new();
    for name in keys.split('+') {
        let key =
            CpcKey::from_name(name).ok_or_else(|| (offset, format!("unknown key `{name}`")))?;
        out.push(key);
        offset += name.len() + 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(frame: u64, key: CpcKey, down: bool) -> KeyChange {
        KeyChange { frame, key, down }
    }

    #[test]
    fn every_form() {
        let s = KeyScript::parse(
            "10:SPACE, 20:space*5; 30:SHIFT+A\n40:+CTRL 41:-ctrl # comment: 99:ESC\n50:\"E6\"*3",
        )
        .unwrap();
        use CpcKey::*;
        assert_eq!(
            s.changes(),
            &[
                change(10, Space, true),
                change(12, Space, false),
                change(20, Space, true),
                change(25, Space, false),
                change(30, Shift, true),
                change(30, A, true),
                change(32, Shift, false),
                change(32, A, false),
                change(40, Control, true),
                change(41, Control, false),
                change(50, E, true),
                change(53, E, false),
                change(56, Digit6, true),
                change(59, Digit6, false),
            ]
        );
        assert_eq!(s.last_frame(), 59);
    }

    #[test]
    fn text_with_spaces_stays_one_item() {
        let s = KeyScript::parse("0:\"A B\"").unwrap();
        assert_eq!(s.changes().len(), 6);
        assert_eq!(s.changes()[2], change(4, CpcKey::Space, true));
    }

    #[test]
    fn errors_say_where() {
        let err = KeyScript::parse("10:SPACE\n  20:SPCE").unwrap_err();
        assert_eq!(err.to_string(), "line 2, column 6: unknown key `SPCE`");
        let err = KeyScript::parse("x:A").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 1: `x` is not a frame number"
        );
        let err = KeyScript::parse("5:A*0").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 5: `0` is not a hold of 1 or more frames"
        );
        let err = KeyScript::parse("5:\"A!\"").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 5: no CPC key types `!` (use key names instead)"
        );
        let err = KeyScript::parse("5:\"AB").unwrap_err();
        assert!(err.to_string().contains("unterminated"), "{err}");
        let err = KeyScript::parse("5").unwrap_err();
        assert!(err.to_string().contains("FRAME:KEY"), "{err}");
        let err = KeyScript::parse("5:+").unwrap_err();
        assert!(err.to_string().contains("missing key"), "{err}");
    }
}
