//! The game on the CPC's media, as bytes (the browser page offers them for download) or
//! written to files (`cpc-othello build`): a DATA disc with `OTHELLO.BIN`, a cassette (a CDT
//! image, or its sound as a WAV file) for a 464 without a disc drive, and a snapshot that
//! starts the game at once in an emulator. The same program gives the same bytes either way.

use std::path::Path;

use cpc_dsk::tape::{write_tape, write_tape_wav, TapeFile, TapeSpeed, TYPE_BINARY};
use cpc_dsk::{Disk, ImageKind};
use cpc_emu::{Cpc, Program, SnaModel};

use crate::error::BuildError;

/// The program's name on the disc: `RUN"OTHELLO` finds it.
pub const DISK_FILE_NAME: &str = "OTHELLO.BIN";

/// The program's name on the tape: `RUN"OTHELLO` (or `RUN"` for the first file) loads it.
pub const TAPE_FILE_NAME: &str = "OTHELLO";

/// A standard DATA disc holding the program as [`DISK_FILE_NAME`] with its AMSDOS header.
///
/// # Errors
/// [`BuildError::Disk`] if the program does not fit on the disc.
pub fn disk(program: &Program) -> Result<Disk, BuildError> {
    let mut disk = Disk::new_data(ImageKind::Standard);
    disk.put_binary(DISK_FILE_NAME, &program.bytes, program.load, program.exec)
        .map_err(cpc_dsk::Error::from)?;
    Ok(disk)
}

/// [`disk`] as the bytes of a `.dsk` image.
///
/// # Errors
/// As [`disk`].
pub fn dsk(program: &Program) -> Result<Vec<u8>, BuildError> {
    Ok(disk(program)?.to_bytes()?)
}

fn tape_file(program: &Program) -> TapeFile {
    TapeFile {
        name: TAPE_FILE_NAME.to_string(),
        file_type: TYPE_BINARY,
        load: program.load,
        entry: program.exec,
        data: program.bytes.clone(),
    }
}

/// The program as a CDT tape image at `speed`.
///
/// # Errors
/// [`BuildError::Tape`] if the program cannot go on a tape.
pub fn cdt(program: &Program, speed: TapeSpeed) -> Result<Vec<u8>, BuildError> {
    write_tape(&tape_file(program), speed).map_err(BuildError::Tape)
}

/// The same tape as a 44.1 kHz WAV file, for a real cassette port.
///
/// # Errors
/// As [`cdt`].
pub fn wav(program: &Program, speed: TapeSpeed) -> Result<Vec<u8>, BuildError> {
    write_tape_wav(&tape_file(program), speed).map_err(BuildError::Tape)
}

/// The snapshot of a CPC that has just loaded the program and is about to enter it: the
/// state `RUN"` leaves (the bundled emulator's [`Cpc::boot`]), 64 KB, so that one file starts
/// the game on a 464 and on a 6128.
///
/// # Errors
/// [`BuildError::Snapshot`] if the program does not fit the machine.
pub fn sna(program: &Program) -> Result<Vec<u8>, BuildError> {
    let cpc = Cpc::boot(program).map_err(|e| BuildError::Snapshot(e.to_string()))?;
    Ok(cpc.to_sna(SnaModel::Cpc6128))
}

/// Writes `bytes` (one of the media above) to `path` through a temporary file renamed over it.
///
/// # Errors
/// [`BuildError::Disk`] if the file cannot be written.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), BuildError> {
    Ok(cpc_dsk::write_atomically(path, bytes)?)
}
