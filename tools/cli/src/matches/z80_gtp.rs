//! `cpc-othello z80-gtp`: the Z80 program as a GTP engine, with the GTP time commands.
//!
//! The commands of `othello_engine::gtp::Session` (the board, `play`, `genmove`, `undo`, ...)
//! plus GTP 2's `time_settings main_time byo_yomi_time byo_yomi_stones` and
//! `time_left color time stones`, which set the `ai_time` of each `genmove` (the seconds the
//! side to move has left for the rest of the game, counted by the program in CPC time; the
//! Z80 program deepens its search in stages and stops in time, cpc/budget.asm):
//!
//! 1. after `time_left` for the colour to move: that many seconds, less the CPC time this
//!    engine has thought for that colour since (at least 1). In byo-yomi (`stones` > 0) the
//!    period's time is passed the same way: the program never takes more than half of what
//!    it is given for one move, so it keeps within the period;
//! 2. after `time_settings` with a main time (and no `time_left` yet): the main time less the
//!    CPC time used this game (at least 1; the byo-yomi time once the main time is gone);
//! 3. otherwise, at a level with a budget (weights.toml): the level's budget less the CPC
//!    time used this game, as the game does (at least 1);
//! 4. otherwise 0: no limit, the level's full search.
//!
//! `time_settings` with `byo_yomi_time` > 0 and `byo_yomi_stones` = 0 means "no time limits"
//! (GTP 2), as does `0 0 0`; then rules 3 and 4 apply. `clear_board` starts a new game: the
//! CPC time used and the `time_left` values are forgotten, the settings stay.

use std::cell::RefCell;
use std::io::{self, BufRead, Write};
use std::rc::Rc;

use othello_engine::board::{Board, Color};
use othello_engine::gtp::{MoveSource, Session};

use super::players::Z80Player;

/// The commands this front end answers itself, besides the session's.
pub const TIME_COMMANDS: &[&str] = &["time_settings", "time_left"];

/// GTP 2 `time_settings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeSettings {
    /// Main time, seconds.
    pub main: u32,
    /// Byo-yomi time, seconds.
    pub byo_yomi: u32,
    /// Stones per byo-yomi period.
    pub stones: u32,
}

impl TimeSettings {
    /// False for the settings GTP 2 defines as "no time limits" (byo-yomi time without
    /// stones), and for no time at all.
    #[must_use]
    pub fn limited(&self) -> bool {
        !(self.byo_yomi > 0 && self.stones == 0) && (self.main > 0 || self.byo_yomi > 0)
    }
}

/// The clocks of a GTP game as this engine knows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GtpClock {
    /// The last `time_settings`.
    pub settings: Option<TimeSettings>,
    /// The last `time_left` of each colour (black, white): seconds, stones.
    pub told: [Option<(u32, u32)>; 2],
    /// CPC µs thought for each colour since its last `time_left`.
    pub since_told_us: [u64; 2],
    /// CPC µs thought for each colour this game.
    pub used_us: [u64; 2],
}

fn index(color: Color) -> usize {
    usize::from(color == Color::White)
}

fn seconds(us: u64) -> u64 {
    us / 1_000_000
}

fn at_least_one(s: u64) -> u16 {
    u16::try_from(s.max(1)).unwrap_or(u16::MAX)
}

impl GtpClock {
    /// `ai_time` for `color`'s next move; `budget_s`: the level's budget in seconds (0: none).
    #[must_use]
    pub fn ai_time(&self, color: Color, budget_s: u32) -> u16 {
        let i = index(color);
        if let Some((left, _stones)) = self.told[i] {
            return at_least_one(u64::from(left).saturating_sub(seconds(self.since_told_us[i])));
        }
        if let Some(t) = self.settings.filter(TimeSettings::limited) {
            let used = seconds(self.used_us[i]);
            let main = u64::from(t.main).saturating_sub(used);
            return at_least_one(if main == 0 && t.stones > 0 {
                u64::from(t.byo_yomi)
            } else {
                main
            });
        }
        if budget_s > 0 {
            return at_least_one(u64::from(budget_s).saturating_sub(seconds(self.used_us[i])));
        }
        0
    }

    /// `color` thought `us` CPC µs.
    pub fn spend(&mut self, color: Color, us: u64) {
        let i = index(color);
        self.used_us[i] += us;
        self.since_told_us[i] += us;
    }

    /// A new game (`clear_board`): the settings stay.
    pub fn new_game(&mut self) {
        *self = GtpClock {
            settings: self.settings,
            ..GtpClock::default()
        };
    }

    /// `time_settings main_time byo_yomi_time byo_yomi_stones`.
    ///
    /// # Errors
    /// A syntax error.
    pub fn time_settings(&mut self, args: &[&str]) -> Result<(), String> {
        let [main, byo, stones] = args else {
            return Err(
                "syntax error: time_settings main_time byo_yomi_time byo_yomi_stones".into(),
            );
        };
        let n = |w: &str| {
            w.parse::<u32>()
                .map_err(|_| format!("syntax error: `{w}` is not a number of seconds or stones"))
        };
        self.settings = Some(TimeSettings {
            main: n(main)?,
            byo_yomi: n(byo)?,
            stones: n(stones)?,
        });
        self.told = [None, None];
        self.since_told_us = [0, 0];
        Ok(())
    }

    /// `time_left color time stones`.
    ///
    /// # Errors
    /// A syntax error.
    pub fn time_left(&mut self, args: &[&str]) -> Result<(), String> {
        let [color, time, stones] = args else {
            return Err("syntax error: time_left color time stones".into());
        };
        let color = match color.to_ascii_lowercase().as_str() {
            "b" | "black" => Color::Black,
            "w" | "white" => Color::White,
            _ => return Err(format!("syntax error: invalid color `{color}`")),
        };
        // Seconds are integers in GTP 2; a fraction (sent by some controllers) is cut off.
        let time = time
            .parse::<f64>()
            .ok()
            .filter(|t| t.is_finite() && *t >= 0.0)
            .ok_or_else(|| format!("syntax error: `{time}` is not a number of seconds"))?;
        let stones = stones
            .parse::<u32>()
            .map_err(|_| format!("syntax error: `{stones}` is not a number of stones"))?;
        let i = index(color);
        self.told[i] = Some((time.min(f64::from(u32::MAX)) as u32, stones));
        self.since_told_us[i] = 0;
        Ok(())
    }
}

/// The Z80 player as the session's move source, its `ai_time` from the shared clock.
struct Clocked {
    player: Z80Player,
    clock: Rc<RefCell<GtpClock>>,
}

impl MoveSource for Clocked {
    fn name(&self) -> String {
        MoveSource::name(&self.player)
    }

    fn version(&self) -> String {
        MoveSource::version(&self.player)
    }

    fn choose(&mut self, board: &Board) -> Result<u8, String> {
        let seconds = self
            .clock
            .borrow()
            .ai_time(board.to_move, self.player.budget_seconds());
        let before = self.player.clock().total_us;
        let mv = self.player.ask(board, seconds)?;
        let spent = self.player.clock().total_us - before;
        self.clock.borrow_mut().spend(board.to_move, spent);
        match mv {
            sq @ 0..=63 => Ok(sq),
            other => Err(format!(
                "the Z80 program answered ai_move = &{other:02X} with a legal move on the board"
            )),
        }
    }
}

/// A GTP line as `Session::serve` reads it: comments and control characters gone, tabs as
/// spaces; then the optional numeric id, the command (lower case) and its arguments.
fn parse_line(line: &str) -> (String, Option<String>, Option<String>, Vec<String>) {
    let clean: String = line
        .split('#')
        .next()
        .unwrap_or("")
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    let mut words = clean.split_whitespace().peekable();
    let id = match words.peek() {
        Some(w) if w.chars().all(|c| c.is_ascii_digit()) => words.next().map(str::to_string),
        _ => None,
    };
    let command = words.next().map(str::to_ascii_lowercase);
    let args = words.map(str::to_string).collect();
    (clean, id, command, args)
}

/// Serves GTP on `input`/`output` with `player` until `quit` or the end of the input; returns
/// the player (its last answer tells the stage of the last `genmove`).
///
/// # Errors
/// An I/O error.
pub fn serve(
    player: Z80Player,
    input: impl BufRead,
    mut output: impl Write,
) -> io::Result<Z80Player> {
    let clock = Rc::new(RefCell::new(GtpClock::default()));
    let mut source = Clocked {
        player,
        clock: Rc::clone(&clock),
    };
    {
        let mut session = Session::new(&mut source);
        for line in input.lines() {
            let line = line?;
            let (clean, id, command, args) = parse_line(&line);
            let Some(command) = command else { continue };
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let id = id.unwrap_or_default();
            let mine = match command.as_str() {
                "time_settings" => Some(
                    clock
                        .borrow_mut()
                        .time_settings(&args)
                        .map(|()| String::new()),
                ),
                "time_left" => Some(clock.borrow_mut().time_left(&args).map(|()| String::new())),
                "known_command"
                    if args.first().is_some_and(|c| {
                        TIME_COMMANDS.contains(&c.to_ascii_lowercase().as_str())
                    }) =>
                {
                    Some(Ok("true".to_string()))
                }
                _ => None,
            };
            if let Some(result) = mine {
                match result {
                    Ok(text) => write!(output, "={id} {text}\n\n")?,
                    Err(text) => write!(output, "?{id} {text}\n\n")?,
                }
                output.flush()?;
                continue;
            }
            // Everything else is the session's; `list_commands` gets the time commands added.
            let mut answer = Vec::new();
            session.serve(clean.as_bytes(), &mut answer)?;
            if command == "list_commands" && answer.starts_with(b"=") {
                let text = String::from_utf8_lossy(&answer);
                let body = text.trim_end_matches('\n');
                answer = format!("{body}\n{}\n\n", TIME_COMMANDS.join("\n")).into_bytes();
            }
            if command == "clear_board" && answer.starts_with(b"=") {
                clock.borrow_mut().new_game();
            }
            output.write_all(&answer)?;
            output.flush()?;
            if command == "quit" {
                break;
            }
        }
    }
    Ok(source.player)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_of_a_move_follows_the_gtp_clock_then_the_budget() {
        let mut c = GtpClock::default();
        // No time commands: the budget, less what was used; none without one.
        assert_eq!(c.ai_time(Color::Black, 1500), 1500);
        assert_eq!(c.ai_time(Color::Black, 0), 0);
        c.spend(Color::Black, 100_500_000);
        assert_eq!(c.ai_time(Color::Black, 1500), 1400);
        assert_eq!(c.ai_time(Color::White, 1500), 1500);
        c.spend(Color::Black, 2_000_000_000);
        assert_eq!(c.ai_time(Color::Black, 1500), 1, "at least a second");
        // Settings with a main time: that clock, at every level.
        c.new_game();
        c.time_settings(&["600", "0", "0"]).unwrap();
        assert_eq!(c.ai_time(Color::White, 0), 600);
        c.spend(Color::White, 60_000_000);
        assert_eq!(c.ai_time(Color::White, 1500), 540);
        // time_left wins, less what was thought since.
        c.time_left(&["white", "30", "0"]).unwrap();
        assert_eq!(c.ai_time(Color::White, 1500), 30);
        c.spend(Color::White, 10_000_000);
        assert_eq!(c.ai_time(Color::White, 1500), 20);
        assert_eq!(c.ai_time(Color::Black, 1500), 600, "black was not told");
        c.time_left(&["b", "7.9", "3"]).unwrap();
        assert_eq!(c.ai_time(Color::Black, 0), 7);
        // Byo-yomi once the main time is gone.
        c.new_game();
        assert_eq!(c.told, [None, None], "clear_board forgets time_left");
        c.time_settings(&["10", "60", "5"]).unwrap();
        c.spend(Color::Black, 12_000_000);
        assert_eq!(c.ai_time(Color::Black, 0), 60);
        // "No time limits": the level decides.
        c.time_settings(&["0", "1", "0"]).unwrap();
        assert_eq!(c.ai_time(Color::Black, 0), 0);
        assert_eq!(c.ai_time(Color::Black, 1500), 1488);
        for bad in [&["1", "2"][..], &["a", "0", "0"], &["1", "-2", "0"]] {
            assert!(c.time_settings(bad).is_err(), "{bad:?}");
        }
        for bad in [
            &["black", "5"][..],
            &["red", "5", "0"],
            &["b", "x", "0"],
            &["b", "-1", "0"],
        ] {
            assert!(c.time_left(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn lines_are_read_as_the_session_reads_them() {
        let (clean, id, command, args) = parse_line("12 Time_Left\tblack 30 0 # comment");
        assert_eq!(clean.trim(), "12 Time_Left black 30 0");
        assert_eq!(id.as_deref(), Some("12"));
        assert_eq!(command.as_deref(), Some("time_left"));
        assert_eq!(args, ["black", "30", "0"]);
        assert_eq!(parse_line("   # nothing").2, None);
    }
}
