//! Running a program from a CDT tape image as `RUN"` would: the first binary file on the
//! tape, loaded where its header says and entered at its entry address (the tape itself is
//! not played: the blocks are read from the image, every CRC checked).

use cpc_dsk::is_binary;
use cpc_dsk::tape::{read_tape, tape_files};

use crate::error::EmuError;
use crate::program::Program;

/// The first binary file of a tape image: its name and its program.
///
/// # Errors
/// [`EmuError::Tape`] for a damaged image (with the byte offset), [`EmuError::NoTapeBinary`]
/// when no file on it is a binary.
pub fn program_from_tape(image: &[u8]) -> Result<(String, Program), EmuError> {
    let files = tape_files(&read_tape(image)?)?;
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    let file = files
        .iter()
        .find(|f| is_binary(f.file_type))
        .ok_or_else(|| EmuError::NoTapeBinary(names.join(", ")))?;
    Ok((
        file.name.clone(),
        Program {
            load: file.load,
            exec: file.entry,
            bytes: file.data.clone(),
        },
    ))
}
