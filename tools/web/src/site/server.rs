//! A tiny static file server for the page (`std::net`, one thread per connection): GET and
//! HEAD of the files of one directory, `/` for `index.html`, the MIME types the page needs
//! (`application/wasm`, so the browser compiles the module while it downloads), nothing
//! outside the directory. It serves 127.0.0.1 only: the page is for the machine it runs on.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

/// A bound server, not yet serving.
pub struct Server {
    listener: TcpListener,
    root: PathBuf,
}

impl Server {
    /// Binds 127.0.0.1:`port` (0: any free port) for the files of `root`.
    ///
    /// # Errors
    /// When the port cannot be bound.
    pub fn bind(root: &Path, port: u16) -> std::io::Result<Server> {
        let listener = TcpListener::bind(("127.0.0.1", port))?;
        Ok(Server {
            listener,
            root: root.to_path_buf(),
        })
    }

    /// The address bound.
    ///
    /// # Errors
    /// As [`TcpListener::local_addr`].
    pub fn addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The page's URL.
    ///
    /// # Errors
    /// As [`Server::addr`].
    pub fn url(&self) -> std::io::Result<String> {
        Ok(format!("http://{}/", self.addr()?))
    }

    /// Serves until the process ends.
    pub fn run(self) {
        for stream in self.listener.incoming().flatten() {
            let root = self.root.clone();
            std::thread::spawn(move || {
                // A client that goes away mid-answer is no error of ours.
                let _ = answer(stream, &root);
            });
        }
    }

    /// Serves on a thread of its own (tests).
    #[must_use]
    pub fn spawn(self) -> JoinHandle<()> {
        std::thread::spawn(move || self.run())
    }
}

/// The MIME type of a file name.
#[must_use]
pub fn mime(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or_default() {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "png" => "image/png",
        "json" => "application/json",
        "txt" | "toml" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file a request path names inside `root`, `None` for anything that would leave it.
fn file_for(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or_default();
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let safe = path
        .split('/')
        .all(|part| !part.is_empty() && part != ".." && part != "." && !part.contains('\\'));
    safe.then(|| root.join(path))
}

fn answer(stream: TcpStream, root: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // The headers are not needed; read them so the client is not reset mid-request.
    let mut line = String::new();
    while reader.read_line(&mut line)? > 2 {
        line.clear();
    }
    let mut parts = request.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let mut out = stream;
    if method != "GET" && method != "HEAD" {
        return reply(
            &mut out,
            "405 Method Not Allowed",
            "text/plain",
            b"GET only\n",
            true,
        );
    }
    let head_only = method == "HEAD";
    match file_for(root, target).and_then(|p| std::fs::read(&p).ok().map(|b| (p, b))) {
        Some((path, body)) => {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            reply(&mut out, "200 OK", mime(name), &body, !head_only)
        }
        None => reply(
            &mut out,
            "404 Not Found",
            "text/plain",
            b"not found\n",
            !head_only,
        ),
    }
}

fn reply(
    out: &mut TcpStream,
    status: &str,
    mime: &str,
    body: &[u8],
    with_body: bool,
) -> std::io::Result<()> {
    write!(
        out,
        "HTTP/1.1 {status}\r\nContent-Type: {mime}\r\nContent-Length: {}\r\n\
         Cache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if with_body {
        out.write_all(body)?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn get(addr: SocketAddr, target: &str) -> String {
        let mut s = TcpStream::connect(addr).unwrap();
        write!(s, "GET {target} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn serves_files_with_their_types_and_nothing_outside() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<p>hi</p>").unwrap();
        std::fs::write(dir.path().join("m.wasm"), [0, 97, 115, 109]).unwrap();
        let server = Server::bind(dir.path(), 0).unwrap();
        let addr = server.addr().unwrap();
        let _ = server.spawn();
        let index = get(addr, "/?keys=1:A");
        assert!(index.starts_with("HTTP/1.1 200 OK"), "{index}");
        assert!(index.contains("text/html") && index.ends_with("<p>hi</p>"));
        assert!(get(addr, "/m.wasm").contains("Content-Type: application/wasm"));
        assert!(get(addr, "/../Cargo.toml").starts_with("HTTP/1.1 404"));
        assert!(get(addr, "/nope.js").starts_with("HTTP/1.1 404"));
        assert_eq!(file_for(Path::new("/r"), "/a//b"), None);
    }
}
