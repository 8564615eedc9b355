//! The PC keyboard onto the CPC's, in the page: the DOM's `KeyboardEvent.code` (the key's place
//! on the keyboard, whatever the layout) to a [`CpcKey`], mapped as `cpc-othello run`'s window
//! maps minifb's keys (`cpc_emu::window::cpc_key`): main Enter is RETURN, keypad Enter is ENTER,
//! the keypad digits are the CPC's f0-f9, Backspace is DEL, Delete is CLR, Alt or Insert is
//! COPY. Tab and the F-keys are left to the browser (focus, reload, full screen); the CPC's
//! own f-keys are on the keypad.

use cpc_emu::CpcKey;

/// The CPC key a DOM `KeyboardEvent.code` stands for, `None` for a key the page leaves to the
/// browser.
#[must_use]
pub fn cpc_key_for_code(code: &str) -> Option<CpcKey> {
    use CpcKey as C;
    if let Some(letter) = code.strip_prefix("Key") {
        return single(letter)
            .filter(char::is_ascii_uppercase)
            .and_then(CpcKey::for_char);
    }
    if let Some(digit) = code.strip_prefix("Digit") {
        return single(digit)
            .filter(char::is_ascii_digit)
            .and_then(CpcKey::for_char);
    }
    if let Some(digit) = code.strip_prefix("Numpad").and_then(single) {
        return match digit {
            '0'..='9' => CpcKey::from_name(&format!("F{digit}")),
            _ => None,
        };
    }
    Some(match code {
        "NumpadDecimal" => C::KeypadDot,
        "NumpadEnter" => C::Enter,
        "Enter" => C::Return,
        "Space" => C::Space,
        "ArrowUp" => C::CursorUp,
        "ArrowDown" => C::CursorDown,
        "ArrowLeft" => C::CursorLeft,
        "ArrowRight" => C::CursorRight,
        "Escape" => C::Esc,
        "Backspace" => C::Del,
        "Delete" => C::Clr,
        "ShiftLeft" | "ShiftRight" => C::Shift,
        "ControlLeft" | "ControlRight" => C::Control,
        "AltLeft" | "AltRight" | "Insert" => C::Copy,
        "CapsLock" => C::CapsLock,
        "Comma" => C::Comma,
        "Period" => C::Dot,
        "Slash" => C::Slash,
        "Semicolon" => C::Semicolon,
        "Quote" => C::Colon,
        "Minus" => C::Minus,
        "Equal" => C::Caret,
        "BracketLeft" => C::LeftBracket,
        "BracketRight" => C::RightBracket,
        "Backslash" => C::Backslash,
        "Backquote" => C::At,
        _ => return None,
    })
}

/// The one character of `s`, if it has exactly one.
fn single(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys the issue names reach the CPC keys `cpc-othello run` gives them, each PC key a
    /// different CPC key; the page's own keys stay with the browser.
    #[test]
    fn the_window_s_map() {
        let pairs = [
            ("KeyA", "A"),
            ("KeyZ", "Z"),
            ("Digit0", "0"),
            ("Digit9", "9"),
            ("Numpad0", "F0"),
            ("Numpad5", "F5"),
            ("Numpad9", "F9"),
            ("NumpadDecimal", "FDOT"),
            ("NumpadEnter", "ENTER"),
            ("Enter", "RETURN"),
            ("Space", "SPACE"),
            ("ArrowUp", "UP"),
            ("ArrowDown", "DOWN"),
            ("ArrowLeft", "LEFT"),
            ("ArrowRight", "RIGHT"),
            ("Escape", "ESC"),
            ("Backspace", "DEL"),
            ("Delete", "CLR"),
            ("ShiftLeft", "SHIFT"),
            ("ControlRight", "CTRL"),
            ("AltLeft", "COPY"),
            ("Quote", "COLON"),
            ("Backquote", "AT"),
        ];
        for (code, name) in pairs {
            assert_eq!(
                cpc_key_for_code(code).map(CpcKey::name),
                Some(name),
                "{code}"
            );
        }
        let letters_and_digits: std::collections::HashSet<CpcKey> = ('A'..='Z')
            .map(|c| format!("Key{c}"))
            .chain(('0'..='9').map(|c| format!("Digit{c}")))
            .chain(('0'..='9').map(|c| format!("Numpad{c}")))
            .filter_map(|code| cpc_key_for_code(&code))
            .collect();
        assert_eq!(letters_and_digits.len(), 46);
        for browser in [
            "Tab",
            "F5",
            "F12",
            "KeyAB",
            "Keya",
            "Digit",
            "NumpadAdd",
            "MetaLeft",
        ] {
            assert_eq!(cpc_key_for_code(browser), None, "{browser}");
        }
    }
}
