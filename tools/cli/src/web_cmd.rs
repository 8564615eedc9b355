//! `cpc-othello web`: builds the browser edition (the page's WebAssembly module, its static
//! files and the default build) and serves it on 127.0.0.1, or with `--out DIR` writes it into
//! DIR and exits.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use cpc_web::site::{self, server::Server};

/// Arguments of `web`.
#[derive(Args)]
pub struct WebArgs {
    /// Write the page into DIR (index.html at its root: static files, no server needed) and exit
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// The port to serve on (127.0.0.1 only); a free one when it is taken
    #[arg(long, default_value_t = 8051)]
    port: u16,
}

/// Runs `web`.
pub fn run(args: WebArgs) -> anyhow::Result<ExitCode> {
    let dir = args
        .out
        .clone()
        .unwrap_or_else(|| site::wasm::target_dir().with_file_name("web"));
    let page = site::build_page(&dir)?;
    println!(
        "{}: the page, {} files, {:.2} MB in all (default build CRC-32 {:08X})",
        page.dir.display(),
        page.files.len(),
        page.total_bytes() as f64 / 1e6,
        page.crc32
    );
    if args.out.is_some() {
        return Ok(ExitCode::SUCCESS);
    }
    let server = match Server::bind(&dir, args.port) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("port {} is not free ({e}); taking another", args.port);
            Server::bind(&dir, 0).context("binding 127.0.0.1")?
        }
    };
    println!("serving the page at {} (Ctrl-C stops)", server.url()?);
    server.run();
    Ok(ExitCode::SUCCESS)
}
