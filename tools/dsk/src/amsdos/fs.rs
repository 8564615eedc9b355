//! The AMSDOS file system over any [`SectorIo`]: directory, block allocation, reading,
//! writing and erasing files. Every write is planned completely (space, entries, name)
//! before the first sector changes.

use std::collections::BTreeMap;

use crate::image::DiskImage;
use crate::sector::{SectorIo, SectorPos};

use super::catalog::{Catalog, CatalogFile};
use super::dir::{DirEntry, BLOCKS_PER_EXTENT, ENTRY_SIZE, FREE, RECORDS_PER_EXTENT};
use super::error::user_name;
use super::file::{AmsdosFile, FileContents, EOF};
use super::format::{DiscFormat, BLOCK_SIZE, DIR_BLOCKS, DIR_ENTRIES, SECTOR_SIZE};
use super::header::AmsdosHeader;
use super::{AmsdosError, AmsdosName};

/// Attributes and policy for a file being written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriteOptions {
    /// User number 0-15.
    pub user: u8,
    /// Set the read-only attribute.
    pub read_only: bool,
    /// Set the system (hidden from CAT) attribute.
    pub system: bool,
    /// Replace a file of the same user and name instead of refusing.
    pub replace: bool,
}

/// Geometry of one AMSDOS volume.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileSystem {
    format: DiscFormat,
    /// Blocks (directory included) whose sectors lie on tracks the image has.
    blocks: u16,
}

impl FileSystem {
    /// A volume of `format` on a disc with `cylinders` tracks per side (AMSDOS uses 40 at
    /// most; a shorter image has fewer blocks).
    pub fn new(format: DiscFormat, cylinders: u8) -> FileSystem {
        let blocks = (0..format.total_blocks())
            .take_while(|&b| format.block_sectors(b)[1].cylinder < cylinders)
            .count() as u16;
        FileSystem { format, blocks }
    }

    /// Detects the format of an image.
    pub fn detect(image: &DiskImage) -> Result<FileSystem, AmsdosError> {
        let format = DiscFormat::detect(image)?;
        Ok(FileSystem::new(format, image.cylinders()))
    }

    /// The disc format.
    pub fn format(&self) -> DiscFormat {
        self.format
    }

    /// Data capacity in K (blocks outside the directory).
    pub fn capacity_k(&self) -> u32 {
        u32::from(self.blocks.saturating_sub(DIR_BLOCKS))
    }

    fn read_block(&self, io: &impl SectorIo, block: u16) -> Result<Vec<u8>, AmsdosError> {
        let mut out = vec![0u8; BLOCK_SIZE];
        for (pos, half) in self
            .format
            .block_sectors(block)
            .iter()
            .zip(out.chunks_mut(SECTOR_SIZE))
        {
            io.read_sector(*pos, half)?;
        }
        Ok(out)
    }

    fn write_block(
        &self,
        io: &mut impl SectorIo,
        block: u16,
        data: &[u8],
    ) -> Result<(), AmsdosError> {
        for (pos, half) in self
            .format
            .block_sectors(block)
            .iter()
            .zip(data.chunks(SECTOR_SIZE))
        {
            io.write_sector(*pos, half)?;
        }
        Ok(())
    }

    /// The 64 raw directory entries.
    pub fn read_directory(&self, io: &impl SectorIo) -> Result<Vec<DirEntry>, AmsdosError> {
        if self.blocks < DIR_BLOCKS {
            return Err(AmsdosError::NotAmsdos {
                reason: "the image is too short to hold the directory".into(),
            });
        }
        let mut entries = Vec::with_capacity(DIR_ENTRIES);
        for block in 0..DIR_BLOCKS {
            for chunk in self.read_block(io, block)?.chunks_exact(ENTRY_SIZE) {
                let mut raw = [0u8; ENTRY_SIZE];
                raw.copy_from_slice(chunk);
                entries.push(DirEntry::parse(&raw));
            }
        }
        Ok(entries)
    }

    fn write_directory(
        &self,
        io: &mut impl SectorIo,
        entries: &[DirEntry],
    ) -> Result<(), AmsdosError> {
        let bytes: Vec<u8> = entries.iter().flat_map(|e| e.to_bytes()).collect();
        for (block, data) in (0..DIR_BLOCKS).zip(bytes.chunks(BLOCK_SIZE)) {
            self.write_block(io, block, data)?;
        }
        Ok(())
    }

    /// Where entry `index` lives, for messages.
    fn entry_place(&self, index: usize) -> String {
        let block = (index * ENTRY_SIZE / BLOCK_SIZE) as u16;
        let half = (index * ENTRY_SIZE % BLOCK_SIZE) / SECTOR_SIZE;
        let pos: SectorPos = self.format.block_sectors(block)[half];
        format!(
            "directory entry {index} ({pos}, byte {})",
            index * ENTRY_SIZE % SECTOR_SIZE
        )
    }

    /// Blocks used by any entry (directory blocks included).
    fn used_blocks(&self, entries: &[DirEntry], skip: &[usize]) -> Vec<bool> {
        let mut used = vec![false; usize::from(self.blocks)];
        for b in used.iter_mut().take(usize::from(DIR_BLOCKS)) {
            *b = true;
        }
        for (i, e) in entries.iter().enumerate() {
            if e.is_free() || skip.contains(&i) {
                continue;
            }
            for &b in &e.blocks {
                if let Some(slot) = used.get_mut(usize::from(b)) {
                    *slot = true;
                }
            }
        }
        used
    }

    /// Every file of every user, sorted by user then name, with the free space.
    pub fn catalog(&self, io: &impl SectorIo) -> Result<Catalog, AmsdosError> {
        let entries = self.read_directory(io)?;
        let mut files: BTreeMap<(u8, AmsdosName), Vec<usize>> = BTreeMap::new();
        for (i, e) in entries.iter().enumerate() {
            if e.is_file() {
                files.entry((e.user, e.name())).or_default().push(i);
            }
        }
        let used = self.used_blocks(&entries, &[]);
        let free_blocks = used.iter().filter(|u| !**u).count() as u32;
        let files = files
            .into_iter()
            .map(|((user, name), mut extents)| {
                extents.sort_by_key(|&i| entries[i].extent_index());
                let first = &entries[extents[0]];
                let records: u32 = extents.iter().map(|&i| u32::from(entries[i].records)).sum();
                let blocks: u32 = extents
                    .iter()
                    .map(|&i| u32::from(entries[i].records).div_ceil(8))
                    .sum();
                CatalogFile {
                    user,
                    name,
                    read_only: first.read_only(),
                    system: first.system(),
                    archive: first.archive(),
                    records,
                    size_k: blocks,
                    entries: extents,
                }
            })
            .collect();
        Ok(Catalog {
            files,
            free_k: free_blocks,
            free_entries: entries.iter().filter(|e| e.is_free()).count(),
            capacity_k: self.capacity_k(),
        })
    }

    /// Reads a file: all its records, and what its first record says about a header.
    pub fn read_file(
        &self,
        io: &impl SectorIo,
        user: u8,
        name: &AmsdosName,
    ) -> Result<AmsdosFile, AmsdosError> {
        let entries = self.read_directory(io)?;
        let mut extents: Vec<usize> = (0..entries.len())
            .filter(|&i| entries[i].user == user && entries[i].name() == *name)
            .collect();
        if extents.is_empty() {
            return Err(AmsdosError::NotFound {
                user,
                name: name.to_string(),
            });
        }
        extents.sort_by_key(|&i| entries[i].extent_index());
        let mut stored = Vec::new();
        for (n, &i) in extents.iter().enumerate() {
            let e = &entries[i];
            let label = || {
                format!(
                    "{}: {}",
                    user_name(&user, &name.to_string()),
                    self.entry_place(i)
                )
            };
            if e.extent_index() != n as u32 {
                return Err(AmsdosError::CorruptDirectory(format!(
                    "{}: extent {} found where extent {n} was expected",
                    label(),
                    e.extent_index()
                )));
            }
            if u32::from(e.records) > RECORDS_PER_EXTENT {
                return Err(AmsdosError::CorruptDirectory(format!(
                    "{}: {} records, an entry maps at most {RECORDS_PER_EXTENT}",
                    label(),
                    e.records
                )));
            }
            let records = usize::from(e.records);
            for (k, &block) in e.blocks.iter().take(records.div_ceil(8)).enumerate() {
                let block = u16::from(block);
                if block < DIR_BLOCKS || block >= self.blocks {
                    return Err(AmsdosError::CorruptDirectory(format!(
                        "{}: block slot {k} holds {block}, data blocks are {DIR_BLOCKS}-{}",
                        label(),
                        self.blocks.saturating_sub(1)
                    )));
                }
                let data = self.read_block(io, block)?;
                let want = (records - 8 * k).min(8) * 128;
                stored.extend_from_slice(&data[..want]);
            }
        }
        let first = &entries[extents[0]];
        Ok(AmsdosFile {
            user,
            name: *name,
            read_only: first.read_only(),
            system: first.system(),
            header: AmsdosHeader::check(&stored, name),
            stored,
        })
    }

    /// Writes a file. Refusals (name taken, no room, bad contents) are found before the
    /// first sector is written; a sector that cannot be written part-way through (a damaged
    /// image) can leave a partial write, which is why [`crate::Disk`] works on a copy.
    pub fn write_file(
        &self,
        io: &mut impl SectorIo,
        name: &AmsdosName,
        contents: &FileContents<'_>,
        options: WriteOptions,
    ) -> Result<(), AmsdosError> {
        let user = options.user;
        if user > 15 {
            return Err(AmsdosError::InvalidUser(user));
        }
        let label = user_name(&user, &name.to_string());
        let data = contents.stored(user, name)?;
        let mut entries = self.read_directory(io)?;
        let old: Vec<usize> = (0..entries.len())
            .filter(|&i| entries[i].user == user && entries[i].name() == *name)
            .collect();
        if !old.is_empty() && !options.replace {
            return Err(AmsdosError::FileExists {
                user,
                name: name.to_string(),
            });
        }

        let records = data.len().div_ceil(128);
        let blocks_needed = records.div_ceil(8);
        let extents_needed = records.div_ceil(RECORDS_PER_EXTENT as usize).max(1);
        let used = self.used_blocks(&entries, &old);
        let free: Vec<u16> = (0..self.blocks)
            .filter(|&b| !used[usize::from(b)])
            .collect();
        if blocks_needed > free.len() {
            return Err(AmsdosError::DiskFull {
                name: label,
                needed_k: blocks_needed as u32,
                free_k: free.len() as u32,
            });
        }
        let slots: Vec<usize> = (0..entries.len())
            .filter(|&i| entries[i].is_free() || old.contains(&i))
            .collect();
        if extents_needed > slots.len() {
            return Err(AmsdosError::DirectoryFull {
                name: label,
                needed: extents_needed,
                free: slots.len(),
            });
        }

        // The plan fits: data blocks first, then the directory that points at them.
        let blocks = &free[..blocks_needed];
        for (chunk, &block) in data.chunks(BLOCK_SIZE).zip(blocks) {
            let mut buf = vec![FREE; BLOCK_SIZE];
            buf[..chunk.len()].copy_from_slice(chunk);
            let record_end = chunk.len().div_ceil(128) * 128;
            buf[chunk.len()..record_end].fill(EOF);
            self.write_block(io, block, &buf)?;
        }
        for &i in &old {
            entries[i].user = FREE;
        }
        let mut raw_name = name.raw();
        if options.read_only {
            raw_name[8] |= 0x80;
        }
        if options.system {
            raw_name[9] |= 0x80;
        }
        for (extent, &slot) in slots.iter().take(extents_needed).enumerate() {
            let first_record = extent * RECORDS_PER_EXTENT as usize;
            let ext_records = (records - first_record).min(RECORDS_PER_EXTENT as usize);
            let first_block = extent * BLOCKS_PER_EXTENT;
            let ext_blocks: Vec<u8> = blocks[first_block..first_block + ext_records.div_ceil(8)]
                .iter()
                .map(|&b| b as u8)
                .collect();
            entries[slot] = DirEntry::new(
                user,
                raw_name,
                extent as u32,
                ext_records as u8,
                &ext_blocks,
            );
        }
        self.write_directory(io, &entries)
    }

    /// Erases a file (its entries become free, as ERA does). Read-only files are kept
    /// unless `force`.
    pub fn remove(
        &self,
        io: &mut impl SectorIo,
        user: u8,
        name: &AmsdosName,
        force: bool,
    ) -> Result<(), AmsdosError> {
        let mut entries = self.read_directory(io)?;
        let found: Vec<usize> = (0..entries.len())
            .filter(|&i| entries[i].user == user && entries[i].name() == *name)
            .collect();
        if found.is_empty() {
            return Err(AmsdosError::NotFound {
                user,
                name: name.to_string(),
            });
        }
        if !force && found.iter().any(|&i| entries[i].read_only()) {
            return Err(AmsdosError::ReadOnly {
                user,
                name: name.to_string(),
            });
        }
        for &i in &found {
            entries[i].user = FREE;
        }
        self.write_directory(io, &entries)
    }
}
