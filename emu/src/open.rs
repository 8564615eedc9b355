//! Opening whatever file the user hands over: a `.dsk` image, a `.sna` snapshot, a `.cdt`
//! tape, an AMSDOS-headed binary, or a raw binary with an explicit load address. The kind is found
//! from the file's contents, not its name.

use std::path::Path;

use cpc_dsk::amsdos::AmsdosHeader;
use cpc_dsk::is_binary;

use crate::disk::program_from_dsk;
use crate::error::EmuError;
pub use crate::error::OpenError;
use crate::machine::Cpc;
use crate::program::Program;
use crate::tape::program_from_tape;

/// Choices the file itself cannot make.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenOptions {
    /// The file to run from a disc image (default: the first binary).
    pub file: Option<String>,
    /// Load address: the file is a raw binary without header.
    pub load: Option<u16>,
    /// Entry address of a raw binary (default: `load`).
    pub exec: Option<u16>,
}

/// A started machine and a line saying what was started.
pub struct Opened {
    pub cpc: Cpc,
    pub description: String,
}

enum Kind {
    Disk,
    Snapshot,
    Tape,
    Headered(AmsdosHeader),
    Other,
}

fn kind_of(bytes: &[u8]) -> Kind {
    if bytes.starts_with(b"MV - SNA") {
        Kind::Snapshot
    } else if bytes.starts_with(b"MV - CPC") || bytes.starts_with(b"EXTENDED") {
        Kind::Disk
    } else if bytes.starts_with(b"ZXTape!") {
        Kind::Tape
    } else {
        match AmsdosHeader::from_record(bytes) {
            // A real binary header: type binary and the length fits the file.
            Some(h) if is_binary(h.file_type) && 128 + h.length as usize <= bytes.len() => {
                Kind::Headered(h)
            }
            _ => Kind::Other,
        }
    }
}

impl Kind {
    fn describe(&self) -> &'static str {
        match self {
            Kind::Disk => "a disc image",
            Kind::Snapshot => "a snapshot",
            Kind::Tape => "a tape image",
            Kind::Headered(_) => "an AMSDOS binary (its header gives the addresses)",
            Kind::Other => "not a disc image",
        }
    }
}

/// Reads `path` and starts it.
pub fn open(path: &Path, options: &OpenOptions) -> Result<Opened, EmuError> {
    let bytes = std::fs::read(path).map_err(|error| EmuError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    open_bytes(&path.display().to_string(), &bytes, options)
}

/// Starts a file's contents; `shown` names it in messages.
pub fn open_bytes(shown: &str, bytes: &[u8], options: &OpenOptions) -> Result<Opened, EmuError> {
    let kind = kind_of(bytes);
    if options.file.is_some() && !matches!(kind, Kind::Disk) {
        return Err(OpenError::FileOnlyForDisks(shown.into(), kind.describe()).into());
    }
    if let Some(load) = options.load {
        if !matches!(kind, Kind::Other) {
            return Err(OpenError::LoadNotRaw(shown.into(), kind.describe()).into());
        }
        let program = Program {
            load,
            exec: options.exec.unwrap_or(load),
            bytes: bytes.to_vec(),
        };
        return booted(&format!("{shown} (raw)"), program);
    }
    match kind {
        Kind::Disk => {
            let (name, program) = program_from_dsk(bytes, options.file.as_deref())?;
            booted(&format!("{name} from {shown}"), program)
        }
        Kind::Tape => {
            let (name, program) = program_from_tape(bytes)?;
            booted(&format!("{name} from the tape {shown}"), program)
        }
        Kind::Snapshot => {
            let cpc = Cpc::from_sna(bytes)?;
            let description = format!("snapshot {shown}, PC &{:04X}", cpc.pc());
            Ok(Opened { cpc, description })
        }
        Kind::Headered(h) => {
            let data = bytes[128..128 + h.length as usize].to_vec();
            let program = Program {
                load: h.load,
                exec: h.exec,
                bytes: data,
            };
            booted(shown, program)
        }
        Kind::Other => Err(OpenError::Unknown(shown.into()).into()),
    }
}

/// A machine that has just loaded `program`, and the line that says so.
fn booted(what: &str, program: Program) -> Result<Opened, EmuError> {
    let description = format!(
        "{what}: {} bytes at &{:04X}, entry &{:04X}",
        program.bytes.len(),
        program.load,
        program.exec
    );
    Ok(Opened {
        cpc: Cpc::boot(&program)?,
        description,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cpc_dsk::{Disk, ImageKind};

    fn opts(file: Option<&str>, load: Option<u16>) -> OpenOptions {
        OpenOptions {
            file: file.map(str::to_string),
            load,
            exec: None,
        }
    }

    #[test]
    fn each_kind_by_contents() {
        let mut disk = Disk::new_data(ImageKind::Extended);
        disk.put_binary("A.BIN", &[0x76], 0x4000, 0x4000).unwrap();
        let image = disk.to_bytes().unwrap();
        let o = open_bytes("x.dsk", &image, &opts(None, None)).unwrap();
        assert_eq!(
            o.description,
            "A.BIN from x.dsk: 1 bytes at &4000, entry &4000"
        );

        let file = disk.read_file(0, "A.BIN").unwrap();
        let o = open_bytes("a.bin", file.with_header(), &opts(None, None)).unwrap();
        assert_eq!(o.cpc.pc(), 0x4000);
        assert_eq!(o.cpc.peek(0x4000), 0x76);

        let o = open_bytes("r.bin", &[0x18, 0xFE], &opts(None, Some(0x9000))).unwrap();
        assert_eq!((o.cpc.pc(), o.cpc.peek(0x9001)), (0x9000, 0xFE));

        let mut sna = crate::sna::tests::header(1, 64);
        sna.extend(vec![0; 0x10000]);
        let o = open_bytes("s.sna", &sna, &opts(None, None)).unwrap();
        assert_eq!(o.description, "snapshot s.sna, PC &4000");
    }

    #[test]
    fn misuse_is_explained() {
        let msg =
            |bytes: &[u8], o: OpenOptions| open_bytes("f", bytes, &o).err().unwrap().to_string();
        assert_eq!(
            msg(&[1, 2, 3], opts(None, None)),
            "f is not a .dsk image, a .sna snapshot, a .cdt tape or an AMSDOS binary \
             (give --load ADDR to run it as a raw binary)"
        );
        assert_eq!(
            msg(&[1, 2, 3], opts(Some("X"), None)),
            "--file picks a file on a .dsk image, but f is not a disc image"
        );
        let image = Disk::new_data(ImageKind::Standard).to_bytes().unwrap();
        assert_eq!(
            msg(&image, opts(None, Some(0x4000))),
            "--load is for raw binaries, but f is a disc image"
        );
        let err = open(Path::new("/nonexistent/x.dsk"), &OpenOptions::default())
            .err()
            .unwrap();
        assert!(err.to_string().starts_with("/nonexistent/x.dsk:"), "{err}");
    }
}
