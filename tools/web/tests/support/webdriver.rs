//! Just enough of WebDriver (W3C, JSON over HTTP/1.1 on 127.0.0.1) to drive Debian's headless
//! Chromium through chromedriver: start the driver, open a session with a fresh profile, load a
//! URL, run a script, read the browser's log, take a screenshot. Plain `std::net`: the driver is
//! local and answers with a Content-Length, so no HTTP crate is needed.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A running chromedriver, stopped when dropped.
pub struct Driver {
    child: Child,
    port: u16,
}

/// One browser session.
pub struct Session<'a> {
    driver: &'a Driver,
    id: String,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// One HTTP request to 127.0.0.1:`port`; the answer's `value` (an error for a status other
/// than 200). The answer is read up to its Content-Length: chromedriver may keep the
/// connection open.
fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream =
        TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("chromedriver: {e}"))?;
    stream.set_read_timeout(Some(Duration::from_secs(600))).ok();
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).map_err(|e| e.to_string())?;
    let mut length = None;
    let mut chunked = false;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).map_err(|e| e.to_string())? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            let (name, value) = (name.trim().to_ascii_lowercase(), value.trim());
            if name == "content-length" {
                length = value.parse::<usize>().ok();
            } else if name == "transfer-encoding" {
                chunked = value.eq_ignore_ascii_case("chunked");
            }
        }
    }
    let mut raw = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).map_err(|e| e.to_string())?;
            let n = usize::from_str_radix(size.trim(), 16).map_err(|e| e.to_string())?;
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n + 2];
            reader.read_exact(&mut chunk).map_err(|e| e.to_string())?;
            raw.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = length {
        raw.resize(n, 0);
        reader.read_exact(&mut raw).map_err(|e| e.to_string())?;
    } else {
        reader.read_to_end(&mut raw).map_err(|e| e.to_string())?;
    }
    let body = String::from_utf8_lossy(&raw);
    let value: Value = serde_json::from_str(&body)
        .map_err(|e| format!("chromedriver: {method} {path}: {e}: {body}"))?;
    if status.split_whitespace().nth(1) == Some("200") {
        Ok(value["value"].clone())
    } else {
        Err(format!(
            "chromedriver: {method} {path}: {}",
            value["value"]["message"].as_str().unwrap_or(&body)
        ))
    }
}

impl Driver {
    /// Starts `chromedriver` on a free port and waits until it answers.
    pub fn start(binary: &Path) -> Result<Driver, String> {
        let port = free_port();
        let child = Command::new(binary)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: {e}", binary.display()))?;
        let driver = Driver { child, port };
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if request(port, "GET", "/status", None).is_ok_and(|v| v["ready"] == true) {
                return Ok(driver);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err("chromedriver did not answer within 20 s".into())
    }

    /// A new headless Chromium (`chromium`) with a fresh profile in `profile`.
    pub fn session(&self, chromium: &Path, profile: &Path) -> Result<Session<'_>, String> {
        let args = [
            "--headless=new".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            "--window-size=1500,1150".into(),
            format!("--user-data-dir={}", profile.display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
            "goog:loggingPrefs": {"browser": "ALL"},
        }}});
        let v = request(self.port, "POST", "/session", Some(&caps))?;
        let id = v["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session: {v}"))?
            .to_string();
        Ok(Session { driver: self, id })
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Session<'_> {
    fn call(&self, method: &str, what: &str, body: Option<&Value>) -> Result<Value, String> {
        let path = format!("/session/{}{what}", self.id);
        request(self.driver.port, method, &path, body)
    }

    /// Loads `url`.
    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.call("POST", "/url", Some(&json!({ "url": url })))
            .map(|_| ())
    }

    /// Runs `script` (a function body: `return ...`) in the page; its value.
    pub fn eval(&self, script: &str) -> Result<Value, String> {
        self.call(
            "POST",
            "/execute/sync",
            Some(&json!({"script": script, "args": []})),
        )
    }

    /// Evaluates `expression` every 100 ms until it is true, at most `limit`; `what` names it in
    /// the error.
    pub fn wait_for(&self, expression: &str, limit: Duration, what: &str) -> Result<(), String> {
        let deadline = Instant::now() + limit;
        loop {
            if self.eval(&format!("return !!({expression});"))? == json!(true) {
                return Ok(());
            }
            if Instant::now() > deadline {
                let state = self.eval("return JSON.stringify({errors: window.cpcTest && cpcTest.errors, status: window.cpcTest && cpcTest.status, checks: window.cpcTest && cpcTest.checks, banner: document.getElementById('banner') && document.getElementById('banner').textContent});")?;
                return Err(format!(
                    "{what}: not within {} s; the page: {state}",
                    limit.as_secs()
                ));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The browser's console log since the last call (entries with `level` and `message`).
    pub fn browser_log(&self) -> Result<Vec<Value>, String> {
        let body = json!({"type": "browser"});
        let v = self
            .call("POST", "/se/log", Some(&body))
            .or_else(|_| self.call("POST", "/log", Some(&body)))?;
        Ok(v.as_array().cloned().unwrap_or_default())
    }

    /// A PNG of the window's contents.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        let v = self.call("GET", "/screenshot", None)?;
        super::base64::decode(v.as_str().unwrap_or_default())
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let _ = self.call("DELETE", "", None);
    }
}
