//! `cpc-othello ... | head`: when the reader of its output has gone, a command ends quietly, as
//! a Unix filter does, instead of printing "Broken pipe" or panicking in `println!`.

#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

#[test]
fn a_command_whose_reader_has_gone_ends_without_a_word() {
    // perft prints one line; the pipe is closed before it writes it.
    let mut child = Command::new(env!("CARGO_BIN_EXE_cpc-othello"))
        .args(["engine", "perft", "9"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("it ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() || out.status.signal() == Some(libc::SIGPIPE),
        "ended with {:?}: {stderr}",
        out.status
    );
    assert!(stderr.is_empty(), "said on stderr: {stderr}");
}
