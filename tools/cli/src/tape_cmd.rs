//! `cpc-othello tape ls FILE`: what is on a CDT tape image, as the firmware's CAT lists a
//! tape (each block found, with its number), and the files the blocks make.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Subcommand;
use cpc_dsk::tape::{file_kind, read_tape, tape_files, BlockHeader};

/// Tape images (.cdt).
#[derive(Subcommand)]
pub enum TapeCmd {
    /// List the files of a tape, and with --blocks every block as the firmware's CAT does
    Ls {
        /// The CDT image
        file: PathBuf,
        /// Every block: its number, where it loads, its speed and where it is in the image
        #[arg(long)]
        blocks: bool,
    },
}

/// Runs a `tape` command.
pub fn run(cmd: TapeCmd) -> anyhow::Result<ExitCode> {
    match cmd {
        TapeCmd::Ls { file, blocks } => {
            let bytes = std::fs::read(&file).with_context(|| file.display().to_string())?;
            let read = read_tape(&bytes).with_context(|| file.display().to_string())?;
            if blocks {
                for b in &read {
                    let h: &BlockHeader = &b.header;
                    println!(
                        "{:<16} block {:<3} Ok   {} bytes at &{:04X}, {} baud, offset {}",
                        h.name, h.block, h.data_length, h.location, b.baud, b.offset
                    );
                }
            }
            let files = tape_files(&read).with_context(|| file.display().to_string())?;
            let baud: Vec<String> = speeds(read.iter().map(|b| b.baud))
                .iter()
                .map(u32::to_string)
                .collect();
            println!(
                "{}: {} file{}, {} block{}, {} baud",
                file.display(),
                files.len(),
                if files.len() == 1 { "" } else { "s" },
                read.len(),
                if read.len() == 1 { "" } else { "s" },
                baud.join("/")
            );
            for f in &files {
                let kind = file_kind(f.file_type);
                println!(
                    "{:<16} {kind:<7} {:>6} bytes  load &{:04X}  entry &{:04X}",
                    f.name,
                    f.data.len(),
                    f.load,
                    f.entry
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Each speed once, in the order the tape first uses it (a tape may go back to a speed).
fn speeds(bauds: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut seen = Vec::new();
    for baud in bauds {
        if !seen.contains(&baud) {
            seen.push(baud);
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::speeds;

    #[test]
    fn each_speed_is_listed_once_in_first_use_order() {
        let bauds = [2000, 2000, 1000, 1000, 2000, 1000];
        assert_eq!(speeds(bauds.into_iter()), vec![2000, 1000]);
        assert_eq!(speeds([1000].into_iter()), vec![1000]);
        assert!(speeds(std::iter::empty()).is_empty());
    }
}
