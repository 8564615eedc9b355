//! GTP (Go Text Protocol) as Othello programs speak it (Edax, GRhino): a server loop for any
//! move generator, and a client that drives another program through its standard input/output.
//!
//! Coordinates are `a1`..`h8` (rows 1-8 top to bottom), answers are upper case like GRhino's
//! (`E6`, `PASS`). Only `boardsize 8` is accepted.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use crate::board::{Board, Color};
use crate::notation::{parse_square, square_name, to_board_string};

/// Something that chooses moves: the reference engine at a level, the emulated Z80 program...
pub trait MoveSource {
    /// The name answered to `name`.
    fn name(&self) -> String;
    /// The version answered to `version`.
    fn version(&self) -> String {
        env!("CARGO_PKG_VERSION").to_string()
    }
    /// The move for the side to move of `board`, which has at least one legal move.
    fn choose(&mut self, board: &Board) -> Result<u8, String>;
    /// `clear_board`: a new game begins. A source with a clock resets it here.
    fn new_game(&mut self) {}
    /// GTP 2 `time_settings`: the game's time control. Sources without a clock ignore it.
    fn time_settings(&mut self, _settings: TimeSettings) {}
    /// GTP 2 `time_left`: `color` has `seconds` left (and `stones` moves to make in them,
    /// in byo-yomi; 0 in main time). Sources without a clock ignore it.
    fn time_left(&mut self, _color: Color, _seconds: u32, _stones: u32) {}
}

/// GTP 2 `time_settings main_time byo_yomi_time byo_yomi_stones`, seconds and stones.
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

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "quit",
];

/// A GTP session: the board, its history (for `undo`) and the move source.
pub struct Session<'a> {
    board: Board,
    history: Vec<Board>,
    source: &'a mut dyn MoveSource,
}

/// What one command produced: the answer and whether the session ends.
struct Reply {
    result: Result<String, String>,
    quit: bool,
}

impl<'a> Session<'a> {
    /// A new session at the start position.
    pub fn new(source: &'a mut dyn MoveSource) -> Self {
        Session {
            board: Board::start(),
            history: Vec::new(),
            source,
        }
    }

    /// The current position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Serves commands from `input` until `quit` or end of input.
    pub fn serve(&mut self, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        for line in input.lines() {
            let line = line?;
            // GTP: strip comments and control characters; an optional numeric id prefixes the command.
            let line: String = line
                .split('#')
                .next()
                .unwrap_or("")
                .chars()
                .map(|c| if c == '\t' { ' ' } else { c })
                .filter(|c| !c.is_control())
                .collect();
            let mut words = line.split_whitespace().peekable();
            let id = match words.peek() {
                Some(w) if w.chars().all(|c| c.is_ascii_digit()) => {
                    words.next().map(str::to_string)
                }
                _ => None,
            };
            let Some(command) = words.next() else {
                continue;
            };
            let args: Vec<&str> = words.collect();
            let reply = self.execute(&command.to_ascii_lowercase(), &args);
            let id = id.unwrap_or_default();
            match reply.result {
                Ok(text) => write!(output, "={id} {text}\n\n")?,
                Err(text) => write!(output, "?{id} {text}\n\n")?,
            }
            output.flush()?;
            if reply.quit {
                break;
            }
        }
        Ok(())
    }

    fn execute(&mut self, command: &str, args: &[&str]) -> Reply {
        let result = match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok(self.source.name()),
            "version" => Ok(self.source.version()),
            "known_command" => Ok(args
                .first()
                .is_some_and(|c| COMMANDS.contains(&c.to_ascii_lowercase().as_str()))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "boardsize" => match args.first().map(|s| s.parse::<u32>()) {
                Some(Ok(8)) => Ok(String::new()),
                _ => Err("unacceptable size".to_string()),
            },
            "clear_board" => {
                self.board = Board::start();
                self.history.clear();
                self.source.new_game();
                Ok(String::new())
            }
            "time_settings" => parse_time_settings(args).map(|t| {
                self.source.time_settings(t);
                String::new()
            }),
            "time_left" => parse_time_left(args).map(|(color, seconds, stones)| {
                self.source.time_left(color, seconds, stones);
                String::new()
            }),
            "komi" => Ok(String::new()),
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => match self.history.pop() {
                Some(previous) => {
                    self.board = previous;
                    Ok(String::new())
                }
                None => Err("cannot undo".to_string()),
            },
            "showboard" => Ok(show_board(&self.board)),
            "final_score" => Ok(final_score(&self.board)),
            "quit" => {
                return Reply {
                    result: Ok(String::new()),
                    quit: true,
                }
            }
            _ => Err("unknown command".to_string()),
        };
        Reply {
            result,
            quit: false,
        }
    }

    /// Brings the side to move to `color`, inserting the pass the controller left out.
    fn turn_to(&mut self, color: Color) -> Result<(), String> {
        if self.board.to_move == color {
            return Ok(());
        }
        if self.board.must_pass() && !self.board.is_game_over() {
            self.history.push(self.board);
            self.board.pass();
            return Ok(());
        }
        Err(format!(
            "it is {}'s turn",
            color_name(self.board.to_move).to_ascii_lowercase()
        ))
    }

    fn play(&mut self, args: &[&str]) -> Result<String, String> {
        let [color, vertex] = args else {
            return Err("syntax error: play <color> <vertex>".to_string());
        };
        let color = parse_color(color)?;
        if vertex.eq_ignore_ascii_case("pass") {
            if self.board.to_move == color && !self.board.must_pass() {
                return Err("illegal move: a pass is only allowed without a legal move".to_string());
            }
            if self.board.to_move == color {
                self.history.push(self.board);
                self.board.pass();
            }
            return Ok(String::new());
        }
        let square = parse_square(vertex).ok_or_else(|| format!("invalid vertex `{vertex}`"))?;
        self.turn_to(color)?;
        let before = self.board;
        if self.board.play(square).is_none() {
            return Err("illegal move".to_string());
        }
        self.history.push(before);
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[&str]) -> Result<String, String> {
        let [color] = args else {
            return Err("syntax error: genmove <color>".to_string());
        };
        let color = parse_color(color)?;
        self.turn_to(color)?;
        if self.board.must_pass() {
            if !self.board.is_game_over() {
                self.history.push(self.board);
                self.board.pass();
            }
            return Ok("PASS".to_string());
        }
        let square = self.source.choose(&self.board)?;
        let before = self.board;
        if self.board.play(square).is_none() {
            return Err(format!(
                "engine chose the illegal move {}",
                square_name(square)
            ));
        }
        self.history.push(before);
        Ok(square_name(square).to_ascii_uppercase())
    }
}

/// The arguments of `time_settings main_time byo_yomi_time byo_yomi_stones`.
fn parse_time_settings(args: &[&str]) -> Result<TimeSettings, String> {
    let [main, byo_yomi, stones] = args else {
        return Err("syntax error: time_settings main_time byo_yomi_time byo_yomi_stones".into());
    };
    let n = |w: &str| {
        w.parse::<u32>()
            .map_err(|_| format!("syntax error: `{w}` is not a number of seconds or stones"))
    };
    Ok(TimeSettings {
        main: n(main)?,
        byo_yomi: n(byo_yomi)?,
        stones: n(stones)?,
    })
}

/// The arguments of `time_left color time stones`. Seconds are integers in GTP 2; a fraction
/// (some controllers send one) is cut off.
fn parse_time_left(args: &[&str]) -> Result<(Color, u32, u32), String> {
    let [color, time, stones] = args else {
        return Err("syntax error: time_left color time stones".into());
    };
    let color = parse_color(color)?;
    let time = time
        .parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t >= 0.0)
        .ok_or_else(|| format!("syntax error: `{time}` is not a number of seconds"))?;
    let stones = stones
        .parse::<u32>()
        .map_err(|_| format!("syntax error: `{stones}` is not a number of stones"))?;
    Ok((color, time.min(f64::from(u32::MAX)) as u32, stones))
}

fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("invalid color `{text}`")),
    }
}

/// The reference engine at a level (`cpc-othello engine gtp`): the AI's move, book included.
pub struct Reference {
    /// The AI level; `weights` must define it.
    pub level: u8,
    /// The weights and AI parameters.
    pub weights: crate::weights::Weights,
}

impl MoveSource for Reference {
    fn name(&self) -> String {
        format!("cpc-othello reference level {}", self.level)
    }

    fn choose(&mut self, board: &Board) -> Result<u8, String> {
        crate::ai::best_move(board, self.level, &self.weights)
            .best_move
            .ok_or_else(|| "the engine found no move".to_string())
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The board as text: columns a-h, rows 1-8, `X` black, `O` white, `.` empty, `*` legal move.
#[must_use]
pub fn show_board(board: &Board) -> String {
    let cells = to_board_string(board);
    let legal = board.legal_moves();
    let mut text = String::from("\n   a b c d e f g h\n");
    for row in 0..8 {
        text.push_str(&format!("{} ", row + 1));
        for col in 0..8 {
            let sq = row * 8 + col;
            let c = match cells.as_bytes()[sq] {
                b'X' => 'X',
                b'O' => 'O',
                _ if legal & (1 << sq) != 0 => '*',
                _ => '.',
            };
            text.push(' ');
            text.push(c);
        }
        text.push('\n');
    }
    let (b, w) = (board.black.count_ones(), board.white.count_ones());
    if board.is_game_over() {
        text.push_str(&format!(
            "Black {b}  White {w}  game over: {}",
            final_score(board)
        ));
    } else {
        text.push_str(&format!(
            "Black {b}  White {w}  {} to move",
            color_name(board.to_move)
        ));
    }
    text
}

/// GTP `final_score`: `B+n`, `W+n` or `0` by the WOF rule (empties to the winner).
#[must_use]
pub fn final_score(board: &Board) -> String {
    let s = board.final_score();
    match s.black.cmp(&s.white) {
        std::cmp::Ordering::Greater => format!("B+{}", s.black - s.white),
        std::cmp::Ordering::Less => format!("W+{}", s.white - s.black),
        std::cmp::Ordering::Equal => "0".to_string(),
    }
}

/// Errors of the GTP client.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The program could not be started or its pipes failed.
    #[error("GTP program `{program}`: {source}")]
    Io {
        /// The program.
        program: String,
        /// The I/O error.
        source: io::Error,
    },
    /// The program answered `? ...` to a command.
    #[error("GTP program `{program}` refused `{command}`: {answer}")]
    Refused {
        /// The program.
        program: String,
        /// The command sent.
        command: String,
        /// Its error text.
        answer: String,
    },
    /// The program closed its output before answering.
    #[error("GTP program `{program}` stopped answering after `{command}`")]
    Closed {
        /// The program.
        program: String,
        /// The command sent.
        command: String,
    },
}

/// Drives a GTP program started as a child process.
pub struct Client {
    program: String,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Client {
    /// Starts `program` with `args`; its standard error is discarded.
    pub fn spawn(program: &str, args: &[String]) -> Result<Client, ClientError> {
        let io_err = |source| ClientError::Io {
            program: program.to_string(),
            source,
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(io_err)?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = BufReader::new(child.stdout.take().expect("stdout was piped"));
        Ok(Client {
            program: program.to_string(),
            child,
            stdin,
            stdout,
        })
    }

    /// Sends one command and returns the text of its `=` answer.
    pub fn send(&mut self, command: &str) -> Result<String, ClientError> {
        let io_err = |source| ClientError::Io {
            program: self.program.clone(),
            source,
        };
        writeln!(self.stdin, "{command}").map_err(io_err)?;
        self.stdin.flush().map_err(io_err)?;
        let mut answer = String::new();
        let mut started = false;
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).map_err(io_err)?;
            if n == 0 {
                return Err(ClientError::Closed {
                    program: self.program.clone(),
                    command: command.to_string(),
                });
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if !started {
                if line.is_empty() {
                    continue;
                }
                started = true;
            } else if line.is_empty() {
                break;
            }
            answer.push_str(line);
            answer.push('\n');
        }
        let answer = answer.trim_end().to_string();
        let (status, text) = answer.split_at(1);
        let text = text
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        if status == "=" {
            Ok(text)
        } else {
            Err(ClientError::Refused {
                program: self.program.clone(),
                command: command.to_string(),
                answer: text,
            })
        }
    }

    /// `genmove`: the program's move for `color`, `None` for a pass.
    pub fn genmove(&mut self, color: Color) -> Result<Option<u8>, ClientError> {
        let answer = self.send(&format!(
            "genmove {}",
            color_name(color).to_ascii_lowercase()
        ))?;
        if answer.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        parse_square(&answer)
            .map(Some)
            .ok_or_else(|| ClientError::Refused {
                program: self.program.clone(),
                command: "genmove".to_string(),
                answer: format!("not a square: `{answer}`"),
            })
    }

    /// `play`: tells the program a move (`None` = pass).
    pub fn play(&mut self, color: Color, square: Option<u8>) -> Result<(), ClientError> {
        let vertex = square.map_or_else(|| "pass".to_string(), square_name);
        self.send(&format!(
            "play {} {vertex}",
            color_name(color).to_ascii_lowercase()
        ))
        .map(|_| ())
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        if self.child.try_wait().ok().flatten().is_none() {
            std::thread::sleep(std::time::Duration::from_millis(20));
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::squares;

    /// The first legal move in canonical order.
    struct FirstLegal;

    impl MoveSource for FirstLegal {
        fn name(&self) -> String {
            "first-legal".to_string()
        }
        fn choose(&mut self, board: &Board) -> Result<u8, String> {
            squares(board.legal_moves())
                .next()
                .ok_or_else(|| "no legal move".to_string())
        }
    }

    fn run(script: &str) -> String {
        let mut source = FirstLegal;
        let mut session = Session::new(&mut source);
        let mut out = Vec::new();
        session.serve(script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn answers_the_handshake_and_plays() {
        let out = run("protocol_version\n1 name\nboardsize 8\nclear_board\ngenmove black\nplay white c3\nquit\n");
        assert_eq!(
            out,
            "= 2\n\n=1 first-legal\n\n= \n\n= \n\n= D3\n\n= \n\n= \n\n"
        );
    }

    #[test]
    fn refuses_bad_input_with_reasons() {
        let out = run("boardsize 19\nplay black a1\nplay purple d3\ngenmove\nfoo\nundo\n");
        let answers: Vec<&str> = out.split("\n\n").filter(|s| !s.is_empty()).collect();
        assert_eq!(
            answers,
            [
                "? unacceptable size",
                "? illegal move",
                "? invalid color `purple`",
                "? syntax error: genmove <color>",
                "? unknown command",
                "? cannot undo"
            ]
        );
    }

    #[test]
    fn undo_restores_the_position() {
        let out = run("play black d3\nundo\nshowboard\n");
        assert!(out.contains("Black 2  White 2  Black to move"), "{out}");
    }

    /// Records what the session tells a source with a clock.
    #[derive(Default)]
    struct Clock {
        told: Vec<String>,
    }

    impl MoveSource for Clock {
        fn name(&self) -> String {
            "clock".to_string()
        }
        fn choose(&mut self, board: &Board) -> Result<u8, String> {
            FirstLegal.choose(board)
        }
        fn new_game(&mut self) {
            self.told.push("new game".into());
        }
        fn time_settings(&mut self, t: TimeSettings) {
            self.told
                .push(format!("settings {} {} {}", t.main, t.byo_yomi, t.stones));
        }
        fn time_left(&mut self, color: Color, seconds: u32, stones: u32) {
            self.told
                .push(format!("{} {seconds} {stones}", color_name(color)));
        }
    }

    #[test]
    fn the_time_commands_reach_the_source_or_are_refused() {
        let mut source = Clock::default();
        let mut out = Vec::new();
        let script = "known_command time_left\ntime_settings 600 30 5\n7 Time_Left\tWHITE 29.9 2\n\
                      clear_board\ntime_left b 12 0 # comment\ntime_settings 1 2\n\
                      time_settings a 0 0\ntime_left red 5 0\ntime_left b -1 0\ntime_left b 5 x\n";
        Session::new(&mut source)
            .serve(script.as_bytes(), &mut out)
            .unwrap();
        let out = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = out.split("\n\n").filter(|s| !s.is_empty()).collect();
        assert_eq!(
            answers,
            [
                "= true",
                "= ",
                "=7 ",
                "= ",
                "= ",
                "? syntax error: time_settings main_time byo_yomi_time byo_yomi_stones",
                "? syntax error: `a` is not a number of seconds or stones",
                "? invalid color `red`",
                "? syntax error: `-1` is not a number of seconds",
                "? syntax error: `x` is not a number of stones",
            ]
        );
        assert_eq!(
            source.told,
            ["settings 600 30 5", "White 29 2", "new game", "Black 12 0"]
        );
        assert!(TimeSettings {
            main: 600,
            byo_yomi: 30,
            stones: 5
        }
        .limited());
        assert!(
            !TimeSettings {
                main: 0,
                byo_yomi: 1,
                stones: 0
            }
            .limited(),
            "no time limits"
        );
        assert!(!TimeSettings {
            main: 0,
            byo_yomi: 0,
            stones: 0
        }
        .limited());
    }
}
