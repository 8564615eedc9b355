//! A built game program and its symbol file, as every driver of its memory boots it: the
//! bytes, where they load and start, the symbols, and the machine to run them on (a 6128, or a
//! 464 without the second 64 KB).

use std::path::Path;

use cpc_dsk::amsdos::HeaderCheck;
use cpc_dsk::Disk;
use cpc_emu::{Cpc, Program, Symbols};
use othello_engine::weights::Weights;

use crate::program::{GameImage, DISK_FILE_NAME};
use crate::DriverError;

/// The weights the program evaluates with on a machine with (`true`) or without the 6128's
/// second 64 KB: all of them on a 6128; without the edge table on a 464, which has no room
/// for it and plays without it (cpc/edgetab.asm, docs/ai.md appendix A). What the reference
/// must play to give the program's answers on that machine.
#[must_use]
pub fn played_weights(weights: &Weights, second_64k: bool) -> Weights {
    if second_64k {
        weights.clone()
    } else {
        weights.without_edge()
    }
}

/// A built game program and its symbols.
#[derive(Clone, Debug)]
pub struct Image {
    program: Program,
    symbols: Symbols,
    second_64k: bool,
}

impl Image {
    /// The program `program` with the symbols `symbols`, run on a 6128.
    #[must_use]
    pub fn new(program: Program, symbols: Symbols) -> Image {
        Image {
            program,
            symbols,
            second_64k: true,
        }
    }

    /// Runs the program on a machine with the 6128's second 64 KB (`true`, the default) or
    /// without it, a 464 (`false`): the program keeps its transposition table in the second
    /// 64 KB when it finds it (docs/ai.md appendix A).
    pub fn set_second_64k(&mut self, present: bool) {
        self.second_64k = present;
    }

    /// Whether the program runs with the 6128's second 64 KB ([`Image::set_second_64k`]).
    #[must_use]
    pub fn second_64k(&self) -> bool {
        self.second_64k
    }

    /// The weights the program evaluates with on this image's machine ([`played_weights`]).
    #[must_use]
    pub fn played_weights(&self, weights: &Weights) -> Weights {
        played_weights(weights, self.second_64k)
    }

    /// The image an in-memory build made.
    ///
    /// # Errors
    /// [`DriverError::Image`] if the assembler's symbol file does not parse.
    pub fn from_game(game: &GameImage) -> Result<Image, DriverError> {
        let symbols = Symbols::from_json(&game.symbols_json())
            .map_err(|e| DriverError::Image(format!("the build's symbol file: {e}")))?;
        Ok(Image::new(game.program(), symbols))
    }

    /// A raw binary (no AMSDOS header, as `cpc-othello build` writes `<stem>.bin`) and its
    /// JSON symbol file, which says where it loads and starts.
    ///
    /// # Errors
    /// [`DriverError::Image`] naming the file that cannot be read or lacks an address.
    pub fn from_files(binary: &Path, symbols: &Path) -> Result<Image, DriverError> {
        let bytes = std::fs::read(binary)
            .map_err(|e| DriverError::Image(format!("{}: {e}", binary.display())))?;
        Image::from_files_bytes(bytes, symbols).map_err(|e| match e {
            DriverError::Image(why) => DriverError::Image(format!("{}: {why}", binary.display())),
            other => other,
        })
    }

    /// [`Image::from_files`] with the binary's bytes already read (e.g. from a disc).
    ///
    /// # Errors
    /// [`DriverError::Image`] naming the symbol file that cannot be read or lacks an address,
    /// or bytes that do not fit in memory.
    pub fn from_files_bytes(bytes: Vec<u8>, symbols: &Path) -> Result<Image, DriverError> {
        let file = symbols;
        let symbols = Symbols::load(file).map_err(|e| DriverError::Image(e.to_string()))?;
        let missing = |what: &str| {
            DriverError::Image(format!(
                "{}: no `{what}` address (expected the JSON symbol file `cpc-othello build` \
                 writes)",
                file.display()
            ))
        };
        let load = symbols.load_address().ok_or_else(|| missing("load"))?;
        let exec = symbols.exec_address().ok_or_else(|| missing("exec"))?;
        if bytes.is_empty() || usize::from(load) + bytes.len() > 0x1_0000 {
            return Err(DriverError::Image(format!(
                "{} bytes do not fit in memory from &{load:04X}",
                bytes.len()
            )));
        }
        Ok(Image::new(Program { load, exec, bytes }, symbols))
    }

    /// The game on a disc `cpc-othello build` wrote: OTHELLO.BIN, loaded and started where its
    /// AMSDOS header says, with the symbol file beside the disc.
    ///
    /// # Errors
    /// [`DriverError::Image`] naming the disc or the symbol file: no `OTHELLO.BIN`, no valid
    /// header, or a symbol file of another build.
    pub fn from_disc(dsk: &Path) -> Result<Image, DriverError> {
        let disc =
            Disk::open(dsk).map_err(|e| DriverError::Image(format!("{}: {e}", dsk.display())))?;
        let file = disc
            .read_file(0, DISK_FILE_NAME)
            .map_err(|e| DriverError::Image(format!("{}: {e}", dsk.display())))?;
        let HeaderCheck::Valid(header) = &file.header else {
            return Err(DriverError::Image(format!(
                "{}: {DISK_FILE_NAME} has no valid AMSDOS header",
                dsk.display()
            )));
        };
        let symbols_file = crate::driver::transcript::symbols_beside(dsk);
        let built = Image::from_files_bytes(file.contents().to_vec(), &symbols_file)?;
        let program = built.program();
        if (program.load, program.exec) != (header.load, header.exec) {
            return Err(DriverError::Image(format!(
                "{}: the disc loads at &{:04X} and starts at &{:04X}, {} says &{:04X} and &{:04X}: \
                 not the symbols of this build",
                dsk.display(),
                header.load,
                header.exec,
                symbols_file.display(),
                program.load,
                program.exec
            )));
        }
        Ok(Image::new(
            Program {
                load: header.load,
                exec: header.exec,
                bytes: program.bytes.clone(),
            },
            built.symbols().clone(),
        ))
    }

    /// The program.
    #[must_use]
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The symbols.
    #[must_use]
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// What tells one build from another whatever file it came from: the CRC-32 of the
    /// program's bytes, their number and where it loads and starts (`crc32 1A2B3C4D, 24164
    /// bytes at &1000, starts at &1000`).
    #[must_use]
    pub fn fingerprint(&self) -> String {
        let p = &self.program;
        format!(
            "crc32 {:08X}, {} bytes at &{:04X}, starts at &{:04X}",
            crc32fast::hash(&p.bytes),
            p.bytes.len(),
            p.load,
            p.exec
        )
    }

    /// The address (or value) of symbol `name`.
    ///
    /// # Errors
    /// [`DriverError::Symbol`] when the symbol file lacks it.
    pub fn addr(&self, name: &str) -> Result<u16, DriverError> {
        self.symbols
            .get(name)
            .ok_or_else(|| DriverError::Symbol(name.to_string()))
    }

    /// Changes the byte at `addr` in the program itself (as a patched binary would).
    ///
    /// # Errors
    /// [`DriverError::Image`] when `addr` is outside the program.
    pub fn patch(&mut self, addr: u16, value: u8) -> Result<(), DriverError> {
        let at = usize::from(addr.wrapping_sub(self.program.load));
        let len = self.program.bytes.len();
        match self.program.bytes.get_mut(at) {
            Some(byte) if addr >= self.program.load => {
                *byte = value;
                Ok(())
            }
            _ => Err(DriverError::Image(format!(
                "&{addr:04X} is outside the program (&{:04X}, {len} bytes)",
                self.program.load
            ))),
        }
    }

    /// A fresh machine (a 6128, or a 464: [`Image::set_second_64k`]) running nothing yet,
    /// with the program in memory.
    pub fn boot(&self) -> Result<Cpc, DriverError> {
        let mut cpc = Cpc::boot(&self.program).map_err(|e| DriverError::Image(e.to_string()))?;
        cpc.set_second_64k(self.second_64k);
        Ok(cpc)
    }
}
