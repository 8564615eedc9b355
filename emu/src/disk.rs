//! Starting an AMSDOS binary from a `.dsk` image the way `RUN"NAME` does: find the file,
//! check its header says "binary", put its bytes at the load address and start at the
//! entry address (reference section 3.1). There is no disc controller: the file is read
//! from the image by the cpc-dsk crate before the machine starts.

use cpc_dsk::amsdos::AmsdosName;
use cpc_dsk::{file_kind, is_binary, Disk};

pub use crate::error::DiskError;
use crate::error::EmuError;
use crate::machine::Cpc;
use crate::program::Program;

impl Cpc {
    /// Boots the binary `name` from a disc image (default: the first binary in directory
    /// order). As `RUN"` does, a name without a dot also finds `NAME.BAS` and `NAME.BIN`.
    pub fn boot_dsk(image: &[u8], name: Option<&str>) -> Result<Cpc, EmuError> {
        let (_, program) = program_from_dsk(image, name)?;
        Cpc::boot(&program)
    }
}

/// The chosen file's name and its program.
pub fn program_from_dsk(image: &[u8], name: Option<&str>) -> Result<(String, Program), DiskError> {
    let disk = Disk::from_bytes(image)?;
    let catalog = disk.catalog().map_err(cpc_dsk::Error::from)?;
    let mut files: Vec<_> = catalog.files.iter().filter(|f| f.user == 0).collect();
    let names: Vec<String> = files.iter().map(|f| f.name.to_string()).collect();
    let available = || {
        if names.is_empty() {
            "no files".to_string()
        } else {
            names.join(", ")
        }
    };
    let chosen = match name {
        Some(wanted) => {
            let candidates = run_candidates(wanted).map_err(cpc_dsk::Error::from)?;
            let found = candidates
                .iter()
                .find_map(|c| files.iter().find(|f| f.name == *c));
            let file = found.ok_or_else(|| DiskError::NotFound {
                name: wanted.to_ascii_uppercase(),
                available: available(),
            })?;
            file.name
        }
        None => {
            files.sort_by_key(|f| f.entries.first().copied().unwrap_or(usize::MAX));
            let binary = files.iter().find(|f| {
                disk.read_file(0, &f.name.to_string())
                    .ok()
                    .and_then(|file| file.valid_header().map(|h| is_binary(h.file_type)))
                    .unwrap_or(false)
            });
            binary
                .ok_or_else(|| DiskError::NoBinary {
                    available: available(),
                })?
                .name
        }
    };
    let shown = chosen.to_string();
    let file = disk.read_file(0, &shown).map_err(cpc_dsk::Error::from)?;
    let header = file.valid_header().ok_or_else(|| DiskError::NoHeader {
        name: shown.clone(),
    })?;
    if !is_binary(header.file_type) {
        return Err(DiskError::NotBinary {
            name: shown,
            kind: file_kind(header.file_type),
            file_type: header.file_type,
        });
    }
    let program = Program {
        load: header.load,
        exec: header.exec,
        bytes: file.contents().to_vec(),
    };
    Ok((shown, program))
}

/// `NAME` -> `NAME`, `NAME.BAS`, `NAME.BIN` (AMSDOS's search order); `NAME.EXT` -> itself.
fn run_candidates(name: &str) -> Result<Vec<AmsdosName>, cpc_dsk::AmsdosError> {
    if name.contains('.') {
        return Ok(vec![AmsdosName::parse(name)?]);
    }
    ["", ".BAS", ".BIN"]
        .iter()
        .map(|ext| AmsdosName::parse(&format!("{name}{ext}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cpc_dsk::{FileContents, ImageKind, WriteOptions};

    fn disc() -> Vec<u8> {
        let mut disk = Disk::new_data(ImageKind::Standard);
        disk.put(
            "README.TXT",
            FileContents::Ascii(b"hello"),
            WriteOptions::default(),
        )
        .unwrap();
        disk.put_binary("ZED.BIN", &[0x76], 0x8000, 0x8000).unwrap();
        disk.put_binary("GAME.BIN", &[0x00, 0x18, 0xFE], 0x4000, 0x4001)
            .unwrap();
        disk.to_bytes().unwrap()
    }

    #[test]
    fn default_is_the_first_binary_in_directory_order() {
        let (name, program) = program_from_dsk(&disc(), None).unwrap();
        assert_eq!(name, "ZED.BIN");
        assert_eq!(
            (program.load, program.exec, program.bytes),
            (0x8000, 0x8000, vec![0x76])
        );
    }

    #[test]
    fn names_as_run_quote_finds_them() {
        let (name, program) = program_from_dsk(&disc(), Some("game")).unwrap();
        assert_eq!(name, "GAME.BIN");
        assert_eq!((program.load, program.exec), (0x4000, 0x4001));
        let cpc = Cpc::boot_dsk(&disc(), Some("GAME.BIN")).unwrap();
        assert_eq!(cpc.pc(), 0x4001);
        assert_eq!(cpc.read_bytes(0x4000, 3), [0x00, 0x18, 0xFE]);
    }

    #[test]
    fn errors_name_the_problem() {
        let msg = |name: Option<&str>, image: &[u8]| {
            program_from_dsk(image, name).unwrap_err().to_string()
        };
        assert_eq!(
            msg(Some("other"), &disc()),
            "no file OTHER for user 0 on the disc (it holds: GAME.BIN, README.TXT, ZED.BIN)"
        );
        assert!(msg(Some("README.TXT"), &disc()).contains("README.TXT has no valid AMSDOS header"));
        let empty = Disk::new_data(ImageKind::Standard).to_bytes().unwrap();
        assert_eq!(
            msg(None, &empty),
            "no binary file for user 0 on the disc (it holds: no files)"
        );
        let garbage = msg(None, &[0u8; 300]);
        assert!(!garbage.is_empty());
    }
}
