//! `cpc-othello z80-gtp`: the Z80 program as a GTP engine, with a clock.
//!
//! `othello_engine::gtp::Session` speaks GTP (the board, `play`, `genmove`, `undo`, GTP 2's
//! `time_settings main_time byo_yomi_time byo_yomi_stones` and `time_left color time
//! stones`, ...); the Z80 program is its move source, and this module keeps the clock those
//! commands set, which gives the `ai_time` of each `genmove` (the seconds the side to move has
//! left for the rest of the game, counted by the program in CPC time; the Z80 program
//! deepens its search in stages and stops in time, cpc/budget.asm):
//!
//! 1. after `time_left` for the colour to move: that many seconds, less the CPC time this
//!    engine has thought for that colour since (at least 1). In byo-yomi (`stones` > 0) the
//!    period's time is passed the same way: the program never takes more than three
//!    quarters of what it is given for one move (half before the exact endgame; at least a
//!    second), so it keeps within the period;
//! 2. after `time_settings` with a main time (and no `time_left` yet): the main time less the
//!    CPC time used this game (at least 1; the byo-yomi time once the main time is gone);
//! 3. otherwise, at a level with a budget (weights.toml): the level's budget less the CPC
//!    time used this game, as the game does (at least 1);
//! 4. otherwise 0: no limit, the level's full search.
//!
//! `time_settings` with `byo_yomi_time` > 0 and `byo_yomi_stones` = 0 means "no time limits"
//! (GTP 2), as does `0 0 0`; then rules 3 and 4 apply. `clear_board` starts a new game: the
//! CPC time used and the `time_left` values are forgotten, the settings stay.

use std::io::{self, BufRead, Write};

use othello_engine::board::{Board, Color};
use othello_engine::gtp::{MoveSource, Session, TimeSettings};

use super::players::{budget_left, Z80Player};

/// The clocks of a GTP game as this engine knows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GtpClock {
    /// The last `time_settings`.
    pub settings: Option<TimeSettings>,
    /// The seconds of the last `time_left` of each colour (black, white).
    pub told: [Option<u32>; 2],
    /// CPC µs thought for each colour since its last `time_left`.
    pub since_told_us: [u64; 2],
    /// CPC µs thought for each colour this game.
    pub used_us: [u64; 2],
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
        let i = color.index();
        if let Some(left) = self.told[i] {
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
        budget_left(budget_s, self.used_us[i])
    }

    /// `color` thought `us` CPC µs.
    pub fn spend(&mut self, color: Color, us: u64) {
        let i = color.index();
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

    /// `time_settings`: the time left told before is forgotten.
    pub fn time_settings(&mut self, settings: TimeSettings) {
        self.settings = Some(settings);
        self.told = [None, None];
        self.since_told_us = [0, 0];
    }

    /// `time_left color seconds stones`: the stones do not change the time a move may take
    /// (see the module's rule 1).
    pub fn time_left(&mut self, color: Color, seconds: u32) {
        let i = color.index();
        self.told[i] = Some(seconds);
        self.since_told_us[i] = 0;
    }
}

/// The Z80 player as the session's move source, with the clock the session's time commands
/// set.
struct Clocked {
    player: Z80Player,
    clock: GtpClock,
}

impl MoveSource for Clocked {
    fn name(&self) -> String {
        "cpc-othello-z80".to_string()
    }

    fn version(&self) -> String {
        self.player.version()
    }

    fn choose(&mut self, board: &Board) -> Result<u8, String> {
        let seconds = self
            .clock
            .ai_time(board.to_move, self.player.budget_seconds());
        let answer = self.player.ask(board, seconds)?;
        self.clock.spend(board.to_move, answer.us);
        match answer.mv {
            sq @ 0..=63 => Ok(sq),
            other => Err(format!(
                "the Z80 program answered ai_move = &{other:02X} with a legal move on the board"
            )),
        }
    }

    fn new_game(&mut self) {
        self.clock.new_game();
        // The per-game record of answers starts again too (it is not the GTP clock).
        self.player.new_game();
    }

    fn time_settings(&mut self, settings: TimeSettings) {
        self.clock.time_settings(settings);
    }

    fn time_left(&mut self, color: Color, seconds: u32, _stones: u32) {
        self.clock.time_left(color, seconds);
    }
}

/// Serves GTP on `input`/`output` with `player` until `quit` or the end of the input.
///
/// # Errors
/// An I/O error.
pub fn serve(player: Z80Player, input: impl BufRead, output: impl Write) -> io::Result<()> {
    let mut source = Clocked {
        player,
        clock: GtpClock::default(),
    };
    Session::new(&mut source).serve(input, output)
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
        let settings = |main, byo_yomi, stones| TimeSettings {
            main,
            byo_yomi,
            stones,
        };
        c.time_settings(settings(600, 0, 0));
        assert_eq!(c.ai_time(Color::White, 0), 600);
        c.spend(Color::White, 60_000_000);
        assert_eq!(c.ai_time(Color::White, 1500), 540);
        // time_left wins, less what was thought since.
        c.time_left(Color::White, 30);
        assert_eq!(c.ai_time(Color::White, 1500), 30);
        c.spend(Color::White, 10_000_000);
        assert_eq!(c.ai_time(Color::White, 1500), 20);
        assert_eq!(c.ai_time(Color::Black, 1500), 600, "black was not told");
        c.time_left(Color::Black, 7);
        assert_eq!(c.ai_time(Color::Black, 0), 7);
        // Byo-yomi once the main time is gone.
        c.new_game();
        assert_eq!(c.told, [None, None], "clear_board forgets time_left");
        c.time_settings(settings(10, 60, 5));
        c.spend(Color::Black, 12_000_000);
        assert_eq!(c.ai_time(Color::Black, 0), 60);
        // "No time limits": the level decides.
        c.time_settings(settings(0, 1, 0));
        assert_eq!(c.ai_time(Color::Black, 0), 0);
        assert_eq!(c.ai_time(Color::Black, 1500), 1488);
    }
}
