//! [`Disk`]: an AMSDOS disc held in memory, the API the build (create, put, save) and the
//! emulator (open, list, read) use. Changes are made on a copy of the image and kept only
//! when they succeed, and saving goes through a temporary file renamed over the target.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::amsdos::{
    AmsdosError, AmsdosFile, AmsdosName, Catalog, DiscFormat, FileContents, FileSystem,
    WriteOptions, TRACKS,
};
use crate::image::{DiskImage, ImageKind};
use crate::Error;

/// An AMSDOS disc image in memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disk {
    image: DiskImage,
    fs: FileSystem,
}

impl Disk {
    /// A freshly formatted, empty disc: 40 tracks, one side, 9 x 512-byte sectors in the
    /// interleaved order AMSDOS formats with, every byte &E5.
    pub fn new(format: DiscFormat, kind: ImageKind) -> Disk {
        let image = DiskImage::formatted(kind, TRACKS, 1, &format.interleaved_ids());
        Disk {
            image,
            fs: FileSystem::new(format, TRACKS),
        }
    }

    /// A new empty DATA disc (178 K).
    pub fn new_data(kind: ImageKind) -> Disk {
        Disk::new(DiscFormat::Data, kind)
    }

    /// Wraps a parsed image, detecting its AMSDOS format.
    pub fn from_image(image: DiskImage) -> Result<Disk, AmsdosError> {
        let fs = FileSystem::detect(&image)?;
        Ok(Disk { image, fs })
    }

    /// Parses image bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Disk, Error> {
        Ok(Disk::from_image(DiskImage::parse(bytes)?)?)
    }

    /// Reads an image file.
    pub fn open(path: impl AsRef<Path>) -> Result<Disk, Error> {
        let path = path.as_ref();
        let bytes = fs::read(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Disk::from_bytes(&bytes)
    }

    /// The image bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, Error> {
        Ok(self.image.to_bytes()?)
    }

    /// Writes the image to `path` through a temporary file in the same directory that is
    /// renamed over it, so a failure never leaves a half-written image.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), Error> {
        write_atomically(path.as_ref(), &self.to_bytes()?)
    }

    /// The underlying image (sector-level access, e.g. for an FDC emulation).
    pub fn image(&self) -> &DiskImage {
        &self.image
    }

    /// Gives the image back.
    pub fn into_image(self) -> DiskImage {
        self.image
    }

    /// The file system geometry.
    pub fn file_system(&self) -> FileSystem {
        self.fs
    }

    /// The disc format.
    pub fn format(&self) -> DiscFormat {
        self.fs.format()
    }

    /// All files and the free space.
    pub fn catalog(&self) -> Result<Catalog, AmsdosError> {
        self.fs.catalog(&self.image)
    }

    /// Stores a file named `name` (8.3, case-insensitive).
    pub fn put(
        &mut self,
        name: &str,
        contents: FileContents<'_>,
        options: WriteOptions,
    ) -> Result<(), AmsdosError> {
        let name = AmsdosName::parse(name)?;
        let mut copy = self.image.clone();
        self.fs.write_file(&mut copy, &name, &contents, options)?;
        self.image = copy;
        Ok(())
    }

    /// Stores a binary file for user 0 with a header giving its load and entry address.
    pub fn put_binary(
        &mut self,
        name: &str,
        data: &[u8],
        load: u16,
        exec: u16,
    ) -> Result<(), AmsdosError> {
        self.put(
            name,
            FileContents::Binary { load, exec, data },
            WriteOptions::default(),
        )
    }

    /// Reads a file of `user`.
    pub fn read_file(&self, user: u8, name: &str) -> Result<AmsdosFile, AmsdosError> {
        let name = AmsdosName::parse(name)?;
        self.fs.read_file(&self.image, user, &name)
    }

    /// Erases a file of `user`; read-only files only with `force`.
    pub fn remove(&mut self, user: u8, name: &str, force: bool) -> Result<(), AmsdosError> {
        let name = AmsdosName::parse(name)?;
        let mut copy = self.image.clone();
        self.fs.remove(&mut copy, user, &name, force)?;
        self.image = copy;
        Ok(())
    }
}

/// Writes `bytes` to `path` via a temporary file in the same directory, then renames it
/// over `path`; the temporary file is removed if anything fails.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let io_err = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    let file_name = path
        .file_name()
        .ok_or_else(|| io_err(std::io::Error::other("not a file path")))?;
    let tmp = path.with_file_name(format!(
        ".{}.tmp-{}-{}",
        file_name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut file = fs::File::create_new(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if let Err(source) = result {
        let _ = fs::remove_file(&tmp);
        return Err(io_err(source));
    }
    Ok(())
}
