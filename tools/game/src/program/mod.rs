//! The game's program: its sources (`cpc/main.asm` and what it includes, from the directory or
//! from memory) and a weights file become the assembled image ([`assemble`]); [`build_game`]
//! writes it as `OTHELLO.BIN` on a DATA disc image, with the listing, the symbols (JSON and
//! WinAPE form), the memory map, the raw binary and the generated includes next to it.
//!
//! The weights reach the program only through the generated include ([`weights_inc`]), handed
//! to the assembler in memory, so the sources never hold a stale copy of them; the opening book
//! likewise through `book.inc` ([`book_inc`]), and the leaf's line tables, made from the two
//! mobility weights, through `linetab.inc` ([`linetab_inc`]).

mod bias;
pub mod book_inc;
pub mod edgetab_inc;
pub mod linetab_inc;
pub mod weights_inc;

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use cpc_asm::{Assembly, FileSystem, Options};
use cpc_emu::Program;
use othello_engine::weights::{Weights, DEFAULT_FILE_NAME};

pub use crate::error::BuildError;
pub use crate::media::DISK_FILE_NAME;
use crate::sources::{self, Sources};

pub use book_inc::{book_include, empty_book_include, BookInclude, BOOK_INCLUDE};
pub use edgetab_inc::{edgetab_include, EDGETAB_INCLUDE};
pub use linetab_inc::{linetab_include, LINETAB_INCLUDE};
pub use weights_inc::{weights_include, WEIGHTS_INCLUDE};

/// Where `RUN"` can load a binary with AMSDOS active (HIMEM = &A67B), both ends included.
pub const LOAD_RANGE: RangeInclusive<u16> = 0x0040..=0xA67B;

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Where `main.asm` and the files it includes are read from.
    pub sources: Sources,
    /// The AI parameters.
    pub weights: Weights,
    /// Where the weights came from, for the header of `weights.inc`.
    pub weights_origin: String,
    /// The disc image to write; the other outputs go next to it, named after its stem.
    pub dsk: PathBuf,
}

impl BuildOptions {
    /// The workspace's sources and weights file, writing `dsk`.
    #[must_use]
    pub fn new(dsk: impl Into<PathBuf>) -> BuildOptions {
        BuildOptions {
            sources: Sources::Dir(sources::default_dir()),
            weights: Weights::default(),
            weights_origin: DEFAULT_FILE_NAME.to_string(),
            dsk: dsk.into(),
        }
    }

    /// Uses the weights file at `path` instead.
    ///
    /// # Errors
    /// [`BuildError::Weights`] when the file cannot be read or is invalid.
    pub fn weights_file(mut self, path: &Path) -> Result<BuildOptions, BuildError> {
        self.weights = Weights::load(path)?;
        self.weights_origin = path.display().to_string();
        Ok(self)
    }
}

/// The assembled game, in memory.
pub struct GameImage {
    assembly: Assembly,
    weights_inc: String,
    book: BookInclude,
    linetab_inc: String,
    edgetab_inc: String,
}

impl GameImage {
    /// The program bytes, from [`GameImage::load`] on.
    #[must_use]
    pub fn binary(&self) -> Vec<u8> {
        self.assembly.binary()
    }

    /// The load address.
    #[must_use]
    pub fn load(&self) -> u16 {
        self.assembly.load_address()
    }

    /// The entry address.
    #[must_use]
    pub fn exec(&self) -> u16 {
        self.assembly.exec_address()
    }

    /// The symbol file in the assembler's JSON form.
    #[must_use]
    pub fn symbols_json(&self) -> String {
        self.assembly.symbols_json()
    }

    /// The generated `weights.inc` the image was built with.
    #[must_use]
    pub fn weights_inc(&self) -> &str {
        &self.weights_inc
    }

    /// The generated `linetab.inc` the image was built with.
    #[must_use]
    pub fn linetab_inc(&self) -> &str {
        &self.linetab_inc
    }

    /// The generated `edgetab.inc` the image was built with.
    #[must_use]
    pub fn edgetab_inc(&self) -> &str {
        &self.edgetab_inc
    }

    /// The generated `book.inc` the image was built with, and whether the book is in it.
    #[must_use]
    pub fn book(&self) -> &BookInclude {
        &self.book
    }

    /// The whole assembly (listing, sections, symbols).
    #[must_use]
    pub fn assembly(&self) -> &Assembly {
        &self.assembly
    }

    /// The program as the emulator and the media take it: bytes, load and entry address.
    #[must_use]
    pub fn program(&self) -> Program {
        Program {
            load: self.load(),
            exec: self.exec(),
            bytes: self.binary(),
        }
    }

    /// The CRC-32 of the program's bytes: what the CLI and the page print to tell builds apart.
    #[must_use]
    pub fn crc32(&self) -> u32 {
        crc32fast::hash(&self.binary())
    }
}

/// Assembles the game from `sources` with `weights`, without writing anything, and checks
/// that it loads and starts within [`LOAD_RANGE`]. `weights_origin` names the weights file
/// in `weights.inc`'s header (a comment: the bytes do not depend on it).
///
/// # Errors
/// [`BuildError::Weights`] for a table with issue 53's trial terms (the reference's only),
/// [`BuildError::Assembly`], [`BuildError::BookTooBig`] (the program with its book does not
/// fit its RAM), [`BuildError::Empty`] or [`BuildError::Layout`].
pub fn assemble(
    sources: &Sources,
    weights: &Weights,
    weights_origin: &str,
) -> Result<GameImage, BuildError> {
    if weights.has_reference_only_terms() {
        // Issue 53's trials: the reference plays them, the Z80 program does not.
        return Err(BuildError::Weights(
            othello_engine::weights::WeightsError::Invalid {
                file: weights_origin.to_string(),
                line: 1,
                col: 1,
                message: "the trial terms [corner_region], search.stability and search.parity \
                          are the reference's only: the Z80 program does not implement them"
                    .to_string(),
            },
        ));
    }
    let weights_inc = weights_include(weights, weights_origin);
    let book = book_include(weights);
    let linetab_inc = linetab_include(weights);
    let edgetab_inc = edgetab_include(weights);
    let main = sources.main_path();
    let assemble_with = |book: &BookInclude| {
        let options = Options::default()
            .generated_file(WEIGHTS_INCLUDE, weights_inc.clone())
            .generated_file(BOOK_INCLUDE, book.text.clone())
            .generated_file(LINETAB_INCLUDE, linetab_inc.clone())
            .generated_file(EDGETAB_INCLUDE, edgetab_inc.clone());
        let roots = [main.clone()];
        match sources.memory_files() {
            Some(files) => cpc_asm::assemble_with(&files, &roots, &options),
            None => cpc_asm::assemble_with(&FileSystem, &roots, &options),
        }
    };
    let assembly = match assemble_with(&book) {
        Ok(assembly) => assembly,
        Err(diagnostics) => {
            return Err(book_too_big(&diagnostics, &book, || {
                assemble_with(&empty_book_include(weights)).ok()
            })
            .unwrap_or(BuildError::Assembly { diagnostics }))
        }
    };
    let len = assembly.binary().len() as u32;
    if len == 0 {
        return Err(BuildError::Empty(main.display().to_string()));
    }
    let (load, exec) = (assembly.load_address(), assembly.exec_address());
    let last = u32::from(load) + len - 1;
    let inside =
        |a: u32| (u32::from(*LOAD_RANGE.start())..=u32::from(*LOAD_RANGE.end())).contains(&a);
    let exec_in_program = (u32::from(load)..=last).contains(&u32::from(exec));
    if !inside(u32::from(load)) || !inside(last) || !exec_in_program {
        return Err(BuildError::Layout {
            load,
            last,
            exec,
            allowed: LOAD_RANGE,
        });
    }
    Ok(GameImage {
        assembly,
        weights_inc,
        book,
        linetab_inc,
        edgetab_inc,
    })
}

/// The end of the search's RAM below which the program must end, and where `RUN"` stops
/// loading (cpc/main.asm's layout checks, whose errors name these instructions).
const LAYOUT_CHECKS: [&str; 2] = [
    "the_program_runs_into_the_search_ram",
    "the_program_file_runs_past_himem",
];

/// When the program failed one of cpc/main.asm's layout checks with a book in it, and builds
/// without the book (`without_book`), the error that says so and how much book fits.
fn book_too_big(
    diagnostics: &cpc_asm::Diagnostics,
    book: &BookInclude,
    without_book: impl FnOnce() -> Option<Assembly>,
) -> Option<BuildError> {
    let text = diagnostics.to_string();
    if book.entries == 0 || !LAYOUT_CHECKS.iter().any(|c| text.contains(c)) {
        return None;
    }
    let bare = without_book()?;
    let at = |name: &str| bare.symbol(name);
    let ram = at("FRAMES")? - at("program_end")?;
    let load = i64::from(*LOAD_RANGE.end()) + 1 - at("image_end")?;
    let (room, limit) = if ram <= load {
        (ram, "below the search's RAM, FRAMES")
    } else {
        (load, "below HIMEM, where RUN\" stops loading")
    };
    Some(BuildError::BookTooBig {
        entries: book.entries,
        bytes: book.entries * book_inc::ENTRY_BYTES,
        room: usize::try_from(room).unwrap_or(0),
        limit,
    })
}

/// [`assemble`] from the sources in the directory `dir` (`main.asm` and what it includes).
///
/// # Errors
/// As [`assemble`].
pub fn assemble_game(
    dir: &Path,
    weights: &Weights,
    weights_origin: &str,
) -> Result<GameImage, BuildError> {
    assemble(&Sources::dir(dir), weights, weights_origin)
}

/// The files a build wrote.
#[derive(Clone, Debug)]
pub struct BuildOutput {
    /// The disc image with [`DISK_FILE_NAME`].
    pub dsk: PathBuf,
    /// The raw program bytes (no AMSDOS header), `<stem>.bin`.
    pub binary_file: PathBuf,
    /// The assembler listing, `<stem>.lst`.
    pub listing: PathBuf,
    /// Symbols as JSON, `<stem>.json` (what the emulator and `verify` read addresses from).
    pub symbols_json: PathBuf,
    /// Symbols as `NAME &ADDR` lines for WinAPE / RASM, `<stem>.sym`.
    pub symbols_winape: PathBuf,
    /// The memory map, `<stem>.map`.
    pub memory_map: PathBuf,
    /// The generated include, `weights.inc`, for assembling the sources by hand.
    pub weights_inc: PathBuf,
    /// The generated include `book.inc`, for assembling the sources by hand.
    pub book_inc: PathBuf,
    /// The generated include `linetab.inc`, for assembling the sources by hand.
    pub linetab_inc: PathBuf,
    /// The generated include `edgetab.inc`, for assembling the sources by hand.
    pub edgetab_inc: PathBuf,
    /// Why the opening book was left out of the program (its weights differ), if it was.
    pub book_left_out: Option<String>,
    /// Load address.
    pub load: u16,
    /// Entry address.
    pub exec: u16,
    /// The program bytes.
    pub binary: Vec<u8>,
}

impl BuildOutput {
    /// The program written, as the media ([`crate::media`]) and the emulator take it.
    #[must_use]
    pub fn program(&self) -> Program {
        Program {
            load: self.load,
            exec: self.exec,
            bytes: self.binary.clone(),
        }
    }
}

/// Assembles the game and writes the disc image and the files next to it. Every file is
/// written through a temporary file renamed over the target, so a failed build never leaves
/// a half-written output.
///
/// # Errors
/// Any [`BuildError`]; nothing is written unless the assembly succeeded.
pub fn build_game(options: &BuildOptions) -> Result<BuildOutput, BuildError> {
    let image = assemble(&options.sources, &options.weights, &options.weights_origin)?;
    let program = image.program();
    let disk = crate::media::disk(&program)?;
    let Program {
        load,
        exec,
        bytes: binary,
    } = program;

    let dir = match options.dsk.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir).map_err(|error| BuildError::OutputDir {
        path: dir.clone(),
        error,
    })?;
    let stem = options
        .dsk
        .file_stem()
        .map_or_else(|| "othello".into(), |s| s.to_string_lossy().into_owned());
    let beside = |ext: &str| dir.join(format!("{stem}.{ext}"));
    let out = BuildOutput {
        dsk: options.dsk.clone(),
        binary_file: beside("bin"),
        listing: beside("lst"),
        symbols_json: beside("json"),
        symbols_winape: beside("sym"),
        memory_map: beside("map"),
        weights_inc: dir.join(WEIGHTS_INCLUDE),
        book_inc: dir.join(BOOK_INCLUDE),
        linetab_inc: dir.join(LINETAB_INCLUDE),
        edgetab_inc: dir.join(EDGETAB_INCLUDE),
        book_left_out: image.book().left_out.clone(),
        load,
        exec,
        binary,
    };
    let asm = image.assembly();
    let write = |path: &Path, bytes: &[u8]| cpc_dsk::write_atomically(path, bytes);
    write(&out.binary_file, &out.binary)?;
    write(&out.listing, asm.listing().as_bytes())?;
    write(&out.symbols_json, asm.symbols_json().as_bytes())?;
    write(&out.symbols_winape, asm.symbols_winape().as_bytes())?;
    write(&out.memory_map, asm.memory_map().as_bytes())?;
    write(&out.weights_inc, image.weights_inc().as_bytes())?;
    write(&out.book_inc, image.book().text.as_bytes())?;
    write(&out.linetab_inc, image.linetab_inc().as_bytes())?;
    write(&out.edgetab_inc, image.edgetab_inc().as_bytes())?;
    disk.save(&out.dsk)?;
    Ok(out)
}
