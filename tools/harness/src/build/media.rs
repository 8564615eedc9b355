//! The game on the CPC's other media: a cassette (a CDT image, or its sound as a WAV file)
//! for a 464 without a disc drive, and a snapshot that starts the game at once in an emulator.

use std::path::Path;

use cpc_dsk::tape::{write_tape, write_tape_wav, TapeFile, TapeSpeed, TYPE_BINARY};
use cpc_emu::{Cpc, Program, SnaModel};

use super::{BuildError, BuildOutput};

/// The program's name on the tape: `RUN"OTHELLO` (or `RUN"` for the first file) loads it.
pub const TAPE_FILE_NAME: &str = "OTHELLO";

fn tape_file(out: &BuildOutput) -> TapeFile {
    TapeFile {
        name: TAPE_FILE_NAME.to_string(),
        file_type: TYPE_BINARY,
        load: out.load,
        entry: out.exec,
        data: out.binary.clone(),
    }
}

/// The built program as a CDT tape image at `speed`.
///
/// # Errors
/// [`BuildError::Tape`] if the program cannot go on a tape.
pub fn cdt(out: &BuildOutput, speed: TapeSpeed) -> Result<Vec<u8>, BuildError> {
    write_tape(&tape_file(out), speed).map_err(BuildError::Tape)
}

/// Writes [`cdt`] to `path`.
///
/// # Errors
/// As [`cdt`], and [`BuildError::Disk`] if the file cannot be written.
pub fn write_cdt(out: &BuildOutput, path: &Path, speed: TapeSpeed) -> Result<(), BuildError> {
    Ok(cpc_dsk::write_atomically(path, &cdt(out, speed)?)?)
}

/// Writes the same tape as a 44.1 kHz WAV file, for a real cassette port.
///
/// # Errors
/// As [`write_cdt`].
pub fn write_wav(out: &BuildOutput, path: &Path, speed: TapeSpeed) -> Result<(), BuildError> {
    let bytes = write_tape_wav(&tape_file(out), speed).map_err(BuildError::Tape)?;
    Ok(cpc_dsk::write_atomically(path, &bytes)?)
}

/// The snapshot of a CPC that has just loaded the program and is about to enter it: the
/// state `RUN"` leaves (the bundled emulator's [`Cpc::boot`]), 64 KB, so that one file starts
/// the game on a 464 and on a 6128.
///
/// # Errors
/// [`BuildError::Snapshot`] if the program does not fit the machine.
pub fn snapshot(out: &BuildOutput) -> Result<Vec<u8>, BuildError> {
    let program = Program {
        load: out.load,
        exec: out.exec,
        bytes: out.binary.clone(),
    };
    let cpc = Cpc::boot(&program).map_err(|e| BuildError::Snapshot(e.to_string()))?;
    Ok(cpc.to_sna(SnaModel::Cpc6128))
}

/// Writes [`snapshot`] to `path`.
///
/// # Errors
/// As [`snapshot`], and [`BuildError::Disk`] if the file cannot be written.
pub fn write_sna(out: &BuildOutput, path: &Path) -> Result<(), BuildError> {
    Ok(cpc_dsk::write_atomically(path, &snapshot(out)?)?)
}
