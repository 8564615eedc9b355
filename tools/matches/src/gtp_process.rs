//! A GTP program as a referee must drive it: every answer within a time limit, anything that
//! is not a GTP answer reported as such, and the program's last words on standard error kept
//! for the message when it dies. (`othello_engine::gtp::Client` waits for ever and trusts
//! the format, which suits a test talking to a known program, not a match against any.)

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// Bytes of the program's standard error kept for messages (the end of it).
const STDERR_KEPT: usize = 1000;

/// A running GTP program.
pub struct GtpProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
}

impl GtpProcess {
    /// Starts `program` with `args`. Messages do not name it: the caller knows it by the
    /// name the user gave.
    ///
    /// # Errors
    /// Why it cannot be started.
    pub fn spawn(program: &Path, args: &[String]) -> Result<GtpProcess, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("does not start: {e}"))?;
        let (Some(stdin), Some(stdout), Some(mut err)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("its pipes could not be opened".to_string());
        };
        // Readers on their own threads, so that a silent program is a timeout, not a hang;
        // they end when the program closes its output.
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let kept = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut buf = [0u8; 512];
            while let Ok(n @ 1..) = err.read(&mut buf) {
                if let Ok(mut text) = kept.lock() {
                    text.push_str(&String::from_utf8_lossy(&buf[..n]));
                    if text.len() > 2 * STDERR_KEPT {
                        let cut = text.len() - STDERR_KEPT;
                        let cut = (cut..text.len())
                            .find(|&i| text.is_char_boundary(i))
                            .unwrap_or(0);
                        text.drain(..cut);
                    }
                }
            }
        });
        Ok(GtpProcess {
            child,
            stdin,
            lines,
            stderr,
        })
    }

    /// Sends `command` and waits up to `timeout` for the answer: `Ok(text)` for `= text`,
    /// `Err(Refused(text))` for `? text`.
    ///
    /// # Errors
    /// [`GtpFault`]: refused, no answer in time, output closed, or not a GTP answer.
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<String, GtpFault> {
        if let Err(e) = writeln!(self.stdin, "{command}").and_then(|()| self.stdin.flush()) {
            self.settle();
            return Err(self.fault(command, format!("cannot be sent ({e})")));
        }
        let mut first = String::new();
        while first.trim().is_empty() {
            first = self.next_line(command, timeout)?;
        }
        let first = first.trim_end_matches('\r');
        let status = first.chars().next().unwrap_or(' ');
        if status != '=' && status != '?' {
            return Err(self.fault(
                command,
                format!(
                    "answered `{}`, which is not a GTP answer (`= ...` or `? ...`)",
                    clip(first)
                ),
            ));
        }
        let mut text = first[1..]
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        loop {
            let line = self.next_line(command, timeout)?;
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() {
                break;
            }
            text.push('\n');
            text.push_str(line);
        }
        if status == '=' {
            Ok(text)
        } else {
            Err(GtpFault::Refused(format!(
                "refused `{command}`: {}",
                clip(&text)
            )))
        }
    }

    fn next_line(&mut self, command: &str, timeout: Duration) -> Result<String, GtpFault> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(self.fault(
                command,
                format!("gave no answer within {} s", timeout.as_secs_f64()),
            )),
            Err(RecvTimeoutError::Disconnected) => {
                self.settle();
                Err(self.fault(command, "closed its output without answering".to_string()))
            }
        }
    }

    /// After its pipe broke: lets the program exit (up to 0.5 s) and the stderr reader
    /// collect its last words, for the message.
    fn settle(&mut self) {
        for _ in 0..50 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                break;
            }
            thread::sleep(Duration::from_millis(10));
        }
        thread::sleep(Duration::from_millis(50));
    }

    fn fault(&mut self, command: &str, what: String) -> GtpFault {
        let status = match self.child.try_wait() {
            Ok(Some(status)) => format!("; it exited ({status})"),
            _ => String::new(),
        };
        let stderr = self
            .stderr
            .lock()
            .map(|t| t.trim().to_string())
            .unwrap_or_default();
        let stderr = if stderr.is_empty() {
            String::new()
        } else {
            format!("; its standard error ends: {}", clip(&stderr))
        };
        GtpFault::Broken(format!("sent `{command}`: {what}{status}{stderr}"))
    }
}

impl Drop for GtpProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..20 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What went wrong with a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpFault {
    /// The program answered `? ...` (the message says to what).
    Refused(String),
    /// The program is no longer usable: silent, closed, or not speaking GTP.
    Broken(String),
}

impl std::fmt::Display for GtpFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GtpFault::Refused(m) | GtpFault::Broken(m) => f.write_str(m),
        }
    }
}

/// `text` shortened to 200 characters for a message.
fn clip(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> GtpProcess {
        let args = ["-c".to_string(), script.to_string()];
        GtpProcess::spawn(Path::new("/bin/sh"), &args).unwrap()
    }

    const SECOND: Duration = Duration::from_secs(5);

    #[test]
    fn reads_answers_ids_and_refusals() {
        let mut p = sh(r#"while read l; do case "$l" in
            name) printf '=1 Test\n\n';;
            list) printf '= a\nb\n\n';;
            *) printf '? unknown command\n\n';;
            esac; done"#);
        assert_eq!(p.send("name", SECOND), Ok("Test".to_string()));
        assert_eq!(p.send("list", SECOND), Ok("a\nb".to_string()));
        assert_eq!(
            p.send("foo", SECOND),
            Err(GtpFault::Refused(
                "refused `foo`: unknown command".to_string()
            ))
        );
    }

    #[test]
    fn garbage_silence_and_death_are_faults_with_reasons() {
        let mut p = sh("read l; echo hello; echo");
        let err = p.send("name", SECOND).unwrap_err().to_string();
        assert!(
            err.contains("answered `hello`, which is not a GTP answer"),
            "{err}"
        );

        let mut p = sh("read l; sleep 10");
        let err = p.send("name", Duration::from_millis(200)).unwrap_err();
        assert!(err.to_string().contains("no answer within 0.2 s"), "{err}");

        let mut p = sh("echo 'no such file: book.dat' >&2; exit 3");
        let err = p.send("name", SECOND).unwrap_err().to_string();
        assert!(err.starts_with("sent `name`:"), "{err}");
        assert!(err.contains("no such file: book.dat"), "{err}");
        assert!(err.contains("exit status: 3"), "{err}");
    }

    #[test]
    fn a_missing_program_does_not_start() {
        let err = GtpProcess::spawn(Path::new("/nonexistent/gtp"), &[])
            .err()
            .unwrap();
        assert!(err.starts_with("does not start:"), "{err}");
    }
}
