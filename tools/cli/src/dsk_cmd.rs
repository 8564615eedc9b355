//! `cpc-othello dsk ...`: create, list, fill and inspect `.dsk` images (in the spirit of iDSK).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use cpc_dsk::amsdos::{AmsdosHeader, HeaderCheck};
use cpc_dsk::{write_atomically, AmsdosError, Disk, FileContents, ImageKind, WriteOptions};

/// Disk image subcommands.
#[derive(Subcommand)]
pub enum DskCmd {
    /// Creates an empty AMSDOS DATA disc (40 tracks, 9 x 512-byte sectors, 178K free).
    New {
        /// Image file to create.
        image: PathBuf,
        /// Write the extended format ("EXTENDED CPC DSK") instead of the standard one.
        #[arg(long)]
        extended: bool,
        /// Overwrite the image if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Copies a host file onto the disc.
    Put {
        /// Image file.
        image: PathBuf,
        /// Host file to store.
        file: PathBuf,
        /// AMSDOS name (8.3); default: the host file's name, upper-cased.
        #[arg(long)]
        name: Option<String>,
        /// Load address of a binary (&4000, #4000, 0x4000, 4000h or decimal); a header is written.
        #[arg(long, value_parser = cpc_asm::parse_address, conflicts_with = "ascii")]
        load: Option<u16>,
        /// Entry address of a binary (default: the load address).
        #[arg(long, value_parser = cpc_asm::parse_address, requires = "load")]
        exec: Option<u16>,
        /// Store as a headerless ASCII file.
        #[arg(long)]
        ascii: bool,
        #[command(flatten)]
        user: UserArg,
        /// Replace a file of the same name.
        #[arg(long)]
        force: bool,
        /// Set the read-only attribute.
        #[arg(long)]
        read_only: bool,
        /// Set the system attribute (hidden from CAT).
        #[arg(long)]
        system: bool,
    },
    /// Lists the files of one user exactly as the CPC's CAT prints them (mode 1).
    Ls {
        /// Image file.
        image: PathBuf,
        #[command(flatten)]
        user: UserArg,
    },
    /// Copies a file off the disc (header included unless --strip-header).
    Get {
        /// Image file.
        image: PathBuf,
        /// AMSDOS name.
        name: String,
        /// Output file (`-` for standard output); default: the AMSDOS name.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Leave out the 128-byte AMSDOS header.
        #[arg(long)]
        strip_header: bool,
        #[command(flatten)]
        user: UserArg,
    },
    /// Erases a file.
    Rm {
        /// Image file.
        image: PathBuf,
        /// AMSDOS name.
        name: String,
        #[command(flatten)]
        user: UserArg,
        /// Erase even a read-only file.
        #[arg(long)]
        force: bool,
    },
    /// Shows the image format, geometry, sector order and AMSDOS format.
    Info {
        /// Image file.
        image: PathBuf,
    },
}

/// `--user U`.
#[derive(Args)]
pub struct UserArg {
    /// AMSDOS user number.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=15))]
    user: u8,
}

/// Runs one `dsk` subcommand.
pub fn run(cmd: DskCmd) -> anyhow::Result<ExitCode> {
    match cmd {
        DskCmd::New {
            image,
            extended,
            force,
        } => {
            if image.exists() && !force {
                bail!(
                    "{} already exists (use --force to overwrite it)",
                    image.display()
                );
            }
            let kind = if extended {
                ImageKind::Extended
            } else {
                ImageKind::Standard
            };
            Disk::new_data(kind).save(&image)?;
            println!(
                "{}: new DATA disc, {}, 178K free",
                image.display(),
                kind.describe()
            );
        }
        DskCmd::Put {
            image,
            file,
            name,
            load,
            exec,
            ascii,
            user,
            force,
            read_only,
            system,
        } => {
            let data = std::fs::read(&file).with_context(|| format!("{}", file.display()))?;
            let named = name.is_some();
            let name = match name {
                Some(n) => n,
                None => host_name(&file)?,
            };
            let headered = AmsdosHeader::from_record(&data).is_some();
            let contents = if ascii {
                FileContents::Ascii(&data)
            } else if let Some(load) = load {
                if headered {
                    bail!(
                        "{} already starts with an AMSDOS header; leave out --load/--exec to keep it",
                        file.display()
                    );
                }
                FileContents::Binary {
                    load,
                    exec: exec.unwrap_or(load),
                    data: &data,
                }
            } else if headered {
                FileContents::Headered(&data)
            } else {
                bail!(
                    "{} has no AMSDOS header: give --load ADDR (and --exec ADDR) for a binary, or --ascii",
                    file.display()
                );
            };
            let mut disk = open(&image)?;
            let options = WriteOptions {
                user: user.user,
                read_only,
                system,
                replace: force,
            };
            if let Err(err) = disk.put(&name, contents, options) {
                let hint = match err {
                    AmsdosError::InvalidName { .. } if !named => {
                        "; give the AMSDOS name with --name"
                    }
                    _ => "",
                };
                bail!("{}: {err}{hint}", image.display());
            }
            disk.save(&image)?;
            let free = disk.catalog()?.free_k;
            println!(
                "{}: stored {}, {free}K free",
                image.display(),
                name.to_uppercase()
            );
        }
        DskCmd::Ls { image, user } => {
            let catalog = open(&image)?.catalog()?;
            for line in catalog.cat_lines(user.user) {
                println!("{line}");
            }
        }
        DskCmd::Get {
            image,
            name,
            output,
            strip_header,
            user,
        } => {
            let disk = open(&image)?;
            let file = disk
                .read_file(user.user, &name)
                .with_context(|| image.display().to_string())?;
            let bytes = match (&file.header, strip_header) {
                (HeaderCheck::BadChecksum { stored, computed }, _) => {
                    eprintln!(
                        "warning: {}: header checksum &{stored:04X} stored but bytes 0-66 sum to &{computed:04X}; AMSDOS would treat the file as headerless",
                        file.name
                    );
                    if strip_header {
                        file.contents_after_damaged_header()
                    } else {
                        file.contents()
                    }
                }
                (_, true) => file.contents(),
                (_, false) => file.with_header(),
            };
            let output = output.unwrap_or_else(|| PathBuf::from(file.name.to_string()));
            if output == Path::new("-") {
                std::io::stdout().write_all(bytes)?;
            } else {
                write_atomically(&output, bytes)?;
            }
        }
        DskCmd::Rm {
            image,
            name,
            user,
            force,
        } => {
            let mut disk = open(&image)?;
            disk.remove(user.user, &name, force)
                .with_context(|| image.display().to_string())?;
            disk.save(&image)?;
        }
        DskCmd::Info { image } => info(&image)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn open(image: &Path) -> anyhow::Result<Disk> {
    Disk::open(image).with_context(|| image.display().to_string())
}

/// The host file's name, to be checked as an AMSDOS name by the library.
fn host_name(file: &Path) -> anyhow::Result<String> {
    file.file_name()
        .and_then(|n| n.to_str())
        .map(str::to_string)
        .with_context(|| format!("{}: give the AMSDOS name with --name", file.display()))
}

fn info(path: &Path) -> anyhow::Result<()> {
    let bytes = std::fs::read(path).with_context(|| path.display().to_string())?;
    let text = cpc_dsk::info::describe(&bytes).with_context(|| path.display().to_string())?;
    print!("{text}");
    Ok(())
}
