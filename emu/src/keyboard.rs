//! The 10 x 8 keyboard matrix (80 keys including joystick 0), read through PSG register 14
//! (reference section 4.7). A 0 bit means "pressed".

use std::fmt;

macro_rules! keys {
    ($( $variant:ident = ($line:expr, $bit:expr, $name:expr) ),* $(,)?) => {
        /// One position of the CPC keyboard matrix.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum CpcKey { $( $variant ),* }

        impl CpcKey {
            /// Every position of the matrix, line 0 bit 0 first.
            pub const ALL: [CpcKey; 80] = {
                let mut all = [CpcKey::CursorUp; 80];
                $( all[$line * 8 + $bit] = CpcKey::$variant; )*
                all
            };

            /// (line, bit) in the matrix.
            pub const fn position(self) -> (u8, u8) {
                match self { $( CpcKey::$variant => ($line, $bit) ),* }
            }

            /// The name used in key scripts and error messages.
            pub const fn name(self) -> &'static str {
                match self { $( CpcKey::$variant => $name ),* }
            }
        }
    };
}

keys! {
    KeypadDot = (0, 7, "FDOT"), Enter = (0, 6, "ENTER"), F3 = (0, 5, "F3"), F6 = (0, 4, "F6"),
    F9 = (0, 3, "F9"), CursorDown = (0, 2, "DOWN"), CursorRight = (0, 1, "RIGHT"),
    CursorUp = (0, 0, "UP"),
    F0 = (1, 7, "F0"), F2 = (1, 6, "F2"), F1 = (1, 5, "F1"), F5 = (1, 4, "F5"), F8 = (1, 3, "F8"),
    F7 = (1, 2, "F7"), Copy = (1, 1, "COPY"), CursorLeft = (1, 0, "LEFT"),
    Control = (2, 7, "CTRL"), Backslash = (2, 6, "BACKSLASH"), Shift = (2, 5, "SHIFT"),
    F4 = (2, 4, "F4"), RightBracket = (2, 3, "RBRACKET"), Return = (2, 2, "RETURN"),
    LeftBracket = (2, 1, "LBRACKET"), Clr = (2, 0, "CLR"),
    Dot = (3, 7, "DOT"), Slash = (3, 6, "SLASH"), Colon = (3, 5, "COLON"),
    Semicolon = (3, 4, "SEMICOLON"), P = (3, 3, "P"), At = (3, 2, "AT"), Minus = (3, 1, "MINUS"),
    Caret = (3, 0, "CARET"),
    Comma = (4, 7, "COMMA"), M = (4, 6, "M"), K = (4, 5, "K"), L = (4, 4, "L"), I = (4, 3, "I"),
    O = (4, 2, "O"), Digit9 = (4, 1, "9"), Digit0 = (4, 0, "0"),
    Space = (5, 7, "SPACE"), N = (5, 6, "N"), J = (5, 5, "J"), H = (5, 4, "H"), Y = (5, 3, "Y"),
    U = (5, 2, "U"), Digit7 = (5, 1, "7"), Digit8 = (5, 0, "8"),
    V = (6, 7, "V"), B = (6, 6, "B"), F = (6, 5, "F"), G = (6, 4, "G"), T = (6, 3, "T"),
    R = (6, 2, "R"), Digit5 = (6, 1, "5"), Digit6 = (6, 0, "6"),
    X = (7, 7, "X"), C = (7, 6, "C"), D = (7, 5, "D"), S = (7, 4, "S"), W = (7, 3, "W"),
    E = (7, 2, "E"), Digit3 = (7, 1, "3"), Digit4 = (7, 0, "4"),
    Z = (8, 7, "Z"), CapsLock = (8, 6, "CAPSLOCK"), A = (8, 5, "A"), Tab = (8, 4, "TAB"),
    Q = (8, 3, "Q"), Esc = (8, 2, "ESC"), Digit2 = (8, 1, "2"), Digit1 = (8, 0, "1"),
    Del = (9, 7, "DEL"), Joy0Fire3 = (9, 6, "J0FIRE3"), Joy0Fire2 = (9, 5, "J0FIRE2"),
    Joy0Fire1 = (9, 4, "J0FIRE1"), Joy0Right = (9, 3, "J0RIGHT"), Joy0Left = (9, 2, "J0LEFT"),
    Joy0Down = (9, 1, "J0DOWN"), Joy0Up = (9, 0, "J0UP"),
}

/// Joystick 1 shares line 6 with keys 6, 5, R, T, G, F (reference section 4.7).
const ALIASES: [(&str, CpcKey); 9] = [
    ("J1UP", CpcKey::Digit6),
    ("J1DOWN", CpcKey::Digit5),
    ("J1LEFT", CpcKey::R),
    ("J1RIGHT", CpcKey::T),
    ("J1FIRE1", CpcKey::G),
    ("J1FIRE2", CpcKey::F),
    ("CONTROL", CpcKey::Control),
    ("DELETE", CpcKey::Del),
    ("ESCAPE", CpcKey::Esc),
];

impl CpcKey {
    /// Looks a key up by its script name (case-insensitive; joystick 1 aliases accepted).
    pub fn from_name(name: &str) -> Option<CpcKey> {
        let upper = name.to_ascii_uppercase();
        CpcKey::ALL
            .iter()
            .copied()
            .find(|k| k.name() == upper)
            .or_else(|| ALIASES.iter().find(|(n, _)| *n == upper).map(|(_, k)| *k))
    }

    /// The keys to hold to type `c` on a UK CPC: letters (either case), digits, space and
    /// the unshifted punctuation keys; `None` for characters with no single key.
    pub fn for_char(c: char) -> Option<CpcKey> {
        let c = c.to_ascii_uppercase();
        let name = match c {
            ' ' => "SPACE",
            '.' => "DOT",
            ',' => "COMMA",
            '/' => "SLASH",
            ':' => "COLON",
            ';' => "SEMICOLON",
            '@' => "AT",
            '-' => "MINUS",
            '^' => "CARET",
            '[' => "LBRACKET",
            ']' => "RBRACKET",
            '\\' => "BACKSLASH",
            '\n' => "RETURN",
            _ if c.is_ascii_alphanumeric() => return CpcKey::from_name(&c.to_string()),
            _ => return None,
        };
        CpcKey::from_name(name)
    }
}

impl fmt::Display for CpcKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The matrix state: one byte per line, bit clear = pressed. Lines 10-15 read &FF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keyboard {
    lines: [u8; 16],
}

impl Keyboard {
    pub fn new() -> Keyboard {
        Keyboard { lines: [0xFF; 16] }
    }

    pub fn set(&mut self, key: CpcKey, pressed: bool) {
        let (line, bit) = key.position();
        if pressed {
            self.lines[line as usize] &= !(1 << bit);
        } else {
            self.lines[line as usize] |= 1 << bit;
        }
    }

    pub fn is_pressed(&self, key: CpcKey) -> bool {
        let (line, bit) = key.position();
        self.lines[line as usize] & (1 << bit) == 0
    }

    pub fn release_all(&mut self) {
        self.lines = [0xFF; 16];
    }

    /// The byte PSG register 14 returns for keyboard line `line` (port C bits 3-0).
    pub fn line(&self, line: u8) -> u8 {
        self.lines[(line & 0x0F) as usize]
    }
}

impl Default for Keyboard {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_80_positions_are_distinct_and_named_uniquely() {
        for (i, key) in CpcKey::ALL.iter().enumerate() {
            let (line, bit) = key.position();
            assert_eq!(line as usize * 8 + bit as usize, i, "{key}");
            assert_eq!(CpcKey::from_name(key.name()), Some(*key));
        }
    }

    /// Firmware key numbers (line * 8 + bit) from the reference's quick-lookup table.
    #[test]
    fn firmware_key_numbers() {
        let expect = [
            (CpcKey::CursorUp, 0),
            (CpcKey::CursorRight, 1),
            (CpcKey::CursorDown, 2),
            (CpcKey::CursorLeft, 8),
            (CpcKey::Clr, 16),
            (CpcKey::Return, 18),
            (CpcKey::Space, 47),
            (CpcKey::Esc, 66),
            (CpcKey::Tab, 68),
            (CpcKey::Del, 79),
            (CpcKey::A, 69),
            (CpcKey::Z, 71),
            (CpcKey::Digit1, 64),
            (CpcKey::Digit0, 32),
        ];
        for (key, number) in expect {
            let (line, bit) = key.position();
            assert_eq!(line * 8 + bit, number, "{key}");
        }
    }

    #[test]
    fn matrix_bits_and_aliases() {
        let mut kb = Keyboard::new();
        kb.set(CpcKey::Space, true);
        assert_eq!(kb.line(5), 0x7F);
        kb.set(CpcKey::Space, false);
        assert_eq!(kb.line(5), 0xFF);
        assert_eq!(CpcKey::from_name("j1up"), Some(CpcKey::Digit6));
        assert_eq!(CpcKey::for_char('e'), Some(CpcKey::E));
        assert_eq!(CpcKey::for_char('!'), None);
        assert_eq!(kb.line(12), 0xFF);
    }
}
