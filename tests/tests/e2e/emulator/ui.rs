//! Driving the whole game of `cpc/` in the bundled emulator the way a player does: keys
//! pressed and released on the emulated matrix, the program's state read back through the
//! memory interface of docs/architecture.md, the screen decoded from video RAM.
//!
//! Every address and layout constant comes from the assembler's JSON symbol file, so the
//! tests follow the sources instead of copying numbers out of them; the key protocol and the
//! user interface's addresses are the driver's (`cpc_game::driver::ui`).

use cpc_e2e::game::default_image;
use cpc_emu::{Cpc, CpcKey, Symbols};
use cpc_game::driver::board_from_bytes;
use cpc_game::driver::ui::{hold_key, next_scan, UiAddrs, KEY_LIMIT_US};
use cpc_game::symbols as sym;
use cpc_game::Image;
use othello_engine::board::{squares, Board, Color};
use othello_engine::weights::Weights;

/// CPC time allowed until the program waits for a key again (an AI move at level 2 takes
/// well under a second; a whole move with its flip animation a few tenths).
pub const SETTLE_LIMIT_US: u64 = 20_000_000;
pub use cpc_game::driver::ui::FRAME_US;

/// `record_list` / `last_move` entry of a pass.
pub const PLY_PASS: u8 = 0xFF;

/// What the screen shows on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    Empty,
    Black,
    White,
}

/// The game image running in an emulator.
pub struct Game {
    pub cpc: Cpc,
    image: &'static Image,
    ui: UiAddrs,
}

impl Game {
    /// Boots the game with the shipped weights (built once per process) as `RUN"` would.
    pub fn boot() -> Game {
        let image = default_image();
        let ui = UiAddrs::of(image).unwrap_or_else(|e| panic!("{e}"));
        let cpc = image.boot().expect("the image fits in memory");
        Game { cpc, image, ui }
    }

    /// Boots and runs until the program waits for the first key.
    pub fn started() -> Game {
        let mut game = Game::boot();
        game.settle();
        game
    }

    /// The symbol file of the image.
    pub fn symbols(&self) -> &Symbols {
        self.image.symbols()
    }

    /// The value of a symbol (an address or an EQU).
    pub fn sym(&self, name: &str) -> u16 {
        self.image
            .addr(name)
            .unwrap_or_else(|e| panic!("{e} (missing from the symbol file)"))
    }

    pub fn byte(&self, name: &str) -> u8 {
        self.cpc.peek(self.sym(name))
    }

    pub fn word(&self, name: &str) -> u16 {
        self.cpc.peek_word(self.sym(name))
    }

    /// `ui_state`.
    pub fn state(&self) -> u8 {
        self.cpc.peek(self.ui.state)
    }

    /// The value of the state constant `ST_...`.
    pub fn st(&self, name: &str) -> u8 {
        self.sym(name) as u8
    }

    pub fn ready(&self) -> bool {
        self.cpc.peek(self.ui.ready) == 1
    }

    /// Runs until `ui_ready` is set; panics if it takes longer than [`SETTLE_LIMIT_US`].
    pub fn settle(&mut self) {
        let ready = self.ui.ready;
        let out = self
            .cpc
            .run_until(SETTLE_LIMIT_US, |m| m.peek(ready) == 1)
            .expect("emulator runs");
        assert!(
            out.met(),
            "the program did not wait for a key within {} s (ui_state {}, pc &{:04X})",
            SETTLE_LIMIT_US / 1_000_000,
            self.state(),
            self.cpc.pc()
        );
    }

    /// Runs until `condition` holds; panics after `limit_us`.
    pub fn run_until(&mut self, what: &str, limit_us: u64, condition: impl FnMut(&Cpc) -> bool) {
        let out = self
            .cpc
            .run_until(limit_us, condition)
            .expect("emulator runs");
        assert!(
            out.met(),
            "{what}: not within {limit_us} µs (ui_state {})",
            self.state()
        );
    }

    /// Presses `key` while the program waits for one, holds it until the program has taken
    /// it, releases it and lets the keyboard scan see the release (the driver's
    /// `press_key`, each half checked). Does not wait for what the key starts.
    pub fn press(&mut self, key: CpcKey) {
        assert!(
            self.ready(),
            "{key:?} pressed while the program is busy (ui_state {})",
            self.state()
        );
        self.take(key, KEY_LIMIT_US, "taken");
        // The scan in the next frame's interrupt must see the key up before it goes down
        // again.
        let scanned = next_scan(&mut self.cpc, &self.ui).expect("emulator runs");
        assert!(
            scanned,
            "a keyboard scan: not within {} µs (ui_state {})",
            3 * FRAME_US,
            self.state()
        );
    }

    /// Holds `key` until the program counts it in `ui_keys` (at most `limit_us`), then
    /// releases it; panics if it was not taken.
    fn take(&mut self, key: CpcKey, limit_us: u64, what: &str) {
        let taken = hold_key(&mut self.cpc, &self.ui, key, limit_us).expect("emulator runs");
        assert!(
            taken,
            "{key:?} {what}: not within {limit_us} µs (ui_state {})",
            self.state()
        );
    }

    /// [`Game::press`], then waits until the program waits for a key again.
    pub fn key(&mut self, key: CpcKey) {
        self.press(key);
        self.settle();
    }

    /// Several [`Game::key`]s.
    pub fn keys(&mut self, keys: &[CpcKey]) {
        for &k in keys {
            self.key(k);
        }
    }

    /// Presses `key` while the program is busy (the keys the interrupt handler takes itself,
    /// such as M while the computer thinks): holds it until the program counts it in
    /// `ui_keys` (at most `limit_us`), then releases it. Does not wait for what follows.
    pub fn press_busy(&mut self, key: CpcKey, limit_us: u64) {
        self.take(key, limit_us, "taken while busy");
    }

    /// Moves the cursor with SPACE to the legal move `sq` and plays it with RETURN, then
    /// waits until the program waits for a key again.
    pub fn play(&mut self, sq: u8) {
        assert_eq!(
            self.state(),
            self.st(sym::ST_HUMAN),
            "a human move asked for"
        );
        let legal = self.legal();
        assert!(
            legal.contains(&sq),
            "{sq} is not among the legal moves {legal:?}"
        );
        while self.cursor() != sq {
            self.key(CpcKey::Space);
        }
        self.key(CpcKey::Return);
    }

    /// Runs until the program waits for a key in state `ST_...` `name`, for at most
    /// `limit_us`.
    pub fn settle_in(&mut self, name: &str, limit_us: u64) {
        let (ready, state, want) = (self.ui.ready, self.ui.state, self.st(name));
        self.run_until(&format!("waiting in {name}"), limit_us, |m| {
            m.peek(ready) == 1 && m.peek(state) == want
        });
    }

    /// `game_board` as a reference board with `side_to_move`.
    pub fn board(&self) -> Board {
        let bytes = self.cpc.read_bytes(self.ui.board, 64);
        board_from_bytes(&bytes, self.colour(sym::SIDE_TO_MOVE))
            .unwrap_or_else(|| panic!("game_board holds a byte other than 0, 1, 2: {bytes:?}"))
    }

    /// A colour byte (1 black, 2 white).
    pub fn colour(&self, name: &str) -> Color {
        match self.byte(name) {
            1 => Color::Black,
            2 => Color::White,
            v => panic!("{name} = {v}, not a colour"),
        }
    }

    /// `legal_list`.
    pub fn legal(&self) -> Vec<u8> {
        self.ui.legal(&self.cpc)
    }

    /// The hint's principal variation: `hint_pv_len` moves of `hint_pv`.
    pub fn hint_pv(&self) -> Vec<u8> {
        self.cpc.read_bytes(
            self.sym(sym::HINT_PV),
            usize::from(self.byte(sym::HINT_PV_LEN)),
        )
    }

    /// `record_list`: squares and [`PLY_PASS`].
    pub fn record(&self) -> Vec<u8> {
        self.ui.record(&self.cpc)
    }

    pub fn cursor(&self) -> u8 {
        self.cpc.peek(self.ui.cursor)
    }

    // ----- the screen, decoded from video RAM (reference 4.5) -------------------------

    /// The pen of pixel (x 0..319, y 0..199) in mode 1.
    pub fn pen(&self, x: usize, y: usize) -> u8 {
        let addr = 0xC000 + (y / 8) * 80 + (y % 8) * 0x800 + x / 4;
        let byte = self.cpc.ram()[addr];
        let p = x % 4;
        (byte >> (7 - p) & 1) | (byte >> (3 - p) & 1) << 1
    }

    /// Top-left pixel of square `sq` (its grid corner).
    pub fn square_origin(&self, sq: u8) -> (usize, usize) {
        let x = usize::from(self.sym(sym::BOARD_X)) * 4
            + usize::from(sq % 8) * usize::from(self.sym(sym::CELL_W)) * 4;
        let y = usize::from(self.sym(sym::BOARD_Y))
            + usize::from(sq / 8) * usize::from(self.sym(sym::CELL_H));
        (x, y)
    }

    /// What square `sq` shows: the pen of a disc pixel away from the last-move dot.
    pub fn shown(&self, sq: u8) -> Shown {
        let (x, y) = self.square_origin(sq);
        match self.pen(x + 12, y + 6) {
            p if p == self.sym(sym::PEN_BOARD) as u8 => Shown::Empty,
            p if p == self.sym(sym::PEN_BLACK) as u8 => Shown::Black,
            p if p == self.sym(sym::PEN_WHITE) as u8 => Shown::White,
            p => panic!("square {sq} shows pen {p} where a disc or the board belongs"),
        }
    }

    /// True if square `sq` has the yellow cursor frame.
    pub fn has_frame(&self, sq: u8) -> bool {
        let (x, y) = self.square_origin(sq);
        self.pen(x + 1, y + 10) == self.sym(sym::PEN_HI) as u8
    }

    /// True if square `sq` has the yellow hint ring (a pixel of the ring's left side).
    pub fn has_ring(&self, sq: u8) -> bool {
        let (x, y) = self.square_origin(sq);
        self.pen(x + 4, y + 10) == self.sym(sym::PEN_HI) as u8
    }

    /// The per-move score drawn in square `sq`, read back from the screen by matching the
    /// white pixels of each byte of the score's lines against the program's digit font
    /// (`score_digits`); `None` when the square shows no number (a square with a disc
    /// never does).
    pub fn score_shown(&self, sq: u8) -> Option<i32> {
        if self.cpc.peek(self.ui.board + u16::from(sq)) != 0 {
            return None;
        }
        let (x, y) = self.square_origin(sq);
        let top = usize::from(self.sym(sym::SCORE_TOP));
        let lines = usize::from(self.sym(sym::SCORE_LINES));
        let chars = usize::from(self.sym(sym::SCORE_CHARS));
        let font = self.cpc.read_bytes(self.sym(sym::SCORE_DIGITS), 11 * lines);
        let white = self.sym(sym::PEN_WHITE) as u8;
        let text: String = (0..chars)
            .map(|k| {
                let rows: Vec<u8> = (0..lines)
                    .map(|r| {
                        (1..4).fold(0u8, |acc, px| {
                            acc << 1 | u8::from(self.pen(x + 4 * k + px, y + top + r) == white)
                        })
                    })
                    .collect();
                if rows.iter().all(|&b| b == 0) {
                    return ' ';
                }
                match font.chunks(lines).position(|g| g == rows.as_slice()) {
                    Some(10) => '-',
                    Some(d) => char::from(b'0' + d as u8),
                    None => '?',
                }
            })
            .collect();
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        Some(
            text.parse()
                .unwrap_or_else(|_| panic!("square {sq} shows `{text}`, not a number")),
        )
    }

    /// A signed 16-bit word.
    pub fn int16(&self, name: &str) -> i16 {
        self.word(name) as i16
    }

    /// True if square `sq` has the yellow last-move dot.
    pub fn has_dot(&self, sq: u8) -> bool {
        let (x, y) = self.square_origin(sq);
        self.pen(x + 12, y + 10) == self.sym(sym::PEN_HI) as u8
    }

    /// `n` characters of text at screen byte `x`, pixel line `y`, read back by matching
    /// each 8 x 8 cell against the program's own font (`font_data`); `?` where no glyph
    /// matches.
    pub fn text(&self, x: usize, y: usize, n: usize) -> String {
        let font = self.cpc.read_bytes(self.sym(sym::FONT_DATA), 64 * 8);
        (0..n)
            .map(|i| {
                let rows: Vec<u8> = (0..8)
                    .map(|r| {
                        (0..8).fold(0u8, |acc, px| {
                            acc << 1 | u8::from(self.pen(x * 4 + i * 8 + px, y + r) != 0)
                        })
                    })
                    .collect();
                font.chunks(8)
                    .position(|g| g == rows.as_slice())
                    .map_or('?', |g| char::from(0x20 + g as u8))
            })
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    /// The panel line at `y` (a `PY_...` value), as text.
    pub fn panel_line(&self, y: usize) -> String {
        self.text(usize::from(self.sym(sym::PANEL_X)), y, 14)
    }

    /// The three message lines.
    pub fn messages(&self) -> [String; 3] {
        let y = usize::from(self.sym(sym::PY_MSG));
        let pitch = usize::from(self.sym(sym::LINE_PITCH));
        [
            self.panel_line(y),
            self.panel_line(y + pitch),
            self.panel_line(y + 2 * pitch),
        ]
    }

    /// Checks that the screen shows `board`: every square's disc, the cursor frame exactly
    /// on `cursor` (if any) and the last-move dot exactly on `last` (if any).
    pub fn assert_screen_shows(
        &self,
        board: &Board,
        cursor: Option<u8>,
        last: Option<u8>,
        at: &str,
    ) {
        for sq in 0..64u8 {
            let want = if board.black >> sq & 1 != 0 {
                Shown::Black
            } else if board.white >> sq & 1 != 0 {
                Shown::White
            } else {
                Shown::Empty
            };
            assert_eq!(self.shown(sq), want, "{at}: square {sq} on screen");
            assert_eq!(
                self.has_frame(sq),
                cursor == Some(sq),
                "{at}: cursor frame on square {sq}"
            );
            assert_eq!(
                self.has_dot(sq),
                last == Some(sq),
                "{at}: last-move dot on square {sq}"
            );
        }
    }
}

/// The legal moves of `board` in the canonical order (ascending square index).
pub fn legal_moves(board: &Board) -> Vec<u8> {
    squares(board.legal_moves()).collect()
}

/// A level-1 game played by the reference alone, the human (black) choosing at random with
/// `seed` as [`Rng`] does in the key-driven tests: its plies ([`PLY_PASS`] for a pass) and
/// the colour of each side that had to pass, in order.
pub fn simulate_random_game(seed: u64, w: &Weights) -> (Vec<u8>, Vec<Color>) {
    let mut rng = Rng::new(seed);
    let mut b = Board::start();
    let (mut plies, mut passes) = (Vec::new(), Vec::new());
    while !b.is_game_over() {
        if b.must_pass() {
            passes.push(b.to_move);
            b.pass();
            plies.push(PLY_PASS);
            continue;
        }
        let sq = if b.to_move == Color::Black {
            let legal = legal_moves(&b);
            legal[rng.below(legal.len())]
        } else {
            othello_engine::ai::best_move(&b, 1, w).best_move.unwrap()
        };
        b.play(sq);
        plies.push(sq);
    }
    (plies, passes)
}

pub fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "BLACK",
        Color::White => "WHITE",
    }
}

/// A direction key of the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    pub fn key(self) -> CpcKey {
        match self {
            Dir::Up => CpcKey::CursorUp,
            Dir::Down => CpcKey::CursorDown,
            Dir::Left => CpcKey::CursorLeft,
            Dir::Right => CpcKey::CursorRight,
        }
    }
}

/// Where a cursor key takes the cursor, as cpc/README.md defines it: among the legal moves
/// at least one step that way, the smallest "steps that way + 2 x steps sideways", the
/// earliest on a tie; none: the cursor stays.
pub fn nearest(from: u8, legal: &[u8], dir: Dir) -> u8 {
    let (r0, c0) = (i32::from(from / 8), i32::from(from % 8));
    let mut best: Option<(i32, u8)> = None;
    for &sq in legal {
        let (dr, dc) = (i32::from(sq / 8) - r0, i32::from(sq % 8) - c0);
        let (way, side) = match dir {
            Dir::Up => (-dr, dc),
            Dir::Down => (dr, dc),
            Dir::Left => (-dc, dr),
            Dir::Right => (dc, dr),
        };
        if way < 1 {
            continue;
        }
        let cost = way + 2 * side.abs();
        let better = match best {
            None => true,
            Some((b, _)) => cost < b,
        };
        if better {
            best = Some((cost, sq));
        }
    }
    best.map_or(from, |(_, sq)| sq)
}

/// A small xorshift generator, so that every run plays the same games.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
