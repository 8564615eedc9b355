use cpc_dsk::amsdos::HeaderCheck;
use cpc_dsk::{Disk, FileContents, ImageKind, WriteOptions};

use crate::spec::pattern;

const SIZES: [usize; 8] = [0, 1, 127, 128, 16383, 16384, 16385, 65000];

/// Saves and re-reads a disc, so every check below goes through the image bytes.
fn reload(disk: &Disk) -> Disk {
    Disk::from_bytes(&disk.to_bytes().expect("writable")).expect("readable")
}

#[test]
fn binaries_round_trip_at_every_boundary_size_in_both_formats() {
    for kind in [ImageKind::Standard, ImageKind::Extended] {
        for (i, &size) in SIZES.iter().enumerate() {
            let data = pattern(i as u32, size);
            let mut disk = Disk::new_data(kind);
            disk.put_binary("PROG.BIN", &data, 0x1234, 0x5678).unwrap();
            let file = reload(&disk).read_file(0, "prog.bin").unwrap();
            assert!(file.contents() == &data[..], "{kind:?} size {size}");
            let header = file.valid_header().expect("valid header");
            assert_eq!((header.load, header.exec), (0x1234, 0x5678));
            assert_eq!(usize::from(header.length), size);
            assert_eq!(header.real_length as usize, size);
            assert_eq!(header.file_type, 2);
            // Records as stored: header record plus the data, rounded up.
            assert_eq!(file.stored.len(), (128 + size).div_ceil(128) * 128);
            assert!(
                file.with_header()[128..] == data[..],
                "{kind:?} size {size}"
            );
        }
    }
}

#[test]
fn ascii_files_round_trip_at_every_boundary_size() {
    for (i, &size) in SIZES.iter().enumerate() {
        let data = pattern(100 + i as u32, size);
        let mut disk = Disk::new_data(ImageKind::Standard);
        disk.put(
            "TEXT.TXT",
            FileContents::Ascii(&data),
            WriteOptions::default(),
        )
        .unwrap();
        let file = reload(&disk).read_file(0, "TEXT.TXT").unwrap();
        assert_eq!(file.header, HeaderCheck::Missing, "size {size}");
        assert!(file.contents() == &data[..], "size {size}");
    }
}

#[test]
fn a_full_disc_round_trips_and_the_179th_k_is_refused() {
    // 65535 bytes + header = 513 records = 65 blocks; two of them and a 48 K file fill
    // the 178 blocks exactly.
    let files = [
        ("BIG1.BIN", pattern(1, 65535)),
        ("BIG2.BIN", pattern(2, 65535)),
        ("REST.BIN", pattern(3, 48 * 1024 - 128)),
    ];
    let mut disk = Disk::new_data(ImageKind::Extended);
    for (name, data) in &files {
        disk.put_binary(name, data, 0x40, 0x40).unwrap();
    }
    let disk = reload(&disk);
    let catalog = disk.catalog().unwrap();
    assert_eq!(catalog.free_k, 0);
    let sizes: Vec<u32> = catalog.files.iter().map(|f| f.size_k).collect();
    assert_eq!(sizes, [65, 65, 48]);
    for (name, data) in &files {
        assert_eq!(
            disk.read_file(0, name).unwrap().contents(),
            &data[..],
            "{name}"
        );
    }

    let mut full = disk.clone();
    let err = full.put_binary("ONE.BIN", &[], 0x40, 0x40).unwrap_err();
    assert_eq!(
        err.to_string(),
        "disk full: ONE.BIN needs 1K but only 0K free"
    );
    assert!(full == disk, "a refused write changes nothing");
}

#[test]
fn a_179k_file_is_refused_on_an_empty_disc_and_178k_fits() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    let err = disk
        .put(
            "HUGE.TXT",
            FileContents::Ascii(&pattern(5, 179 * 1024)),
            WriteOptions::default(),
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "disk full: HUGE.TXT needs 179K but only 178K free"
    );
    assert!(
        disk == Disk::new_data(ImageKind::Standard),
        "a refused write changes nothing"
    );

    let data = pattern(6, 178 * 1024);
    disk.put(
        "HUGE.TXT",
        FileContents::Ascii(&data),
        WriteOptions::default(),
    )
    .unwrap();
    let disk = reload(&disk);
    let catalog = disk.catalog().unwrap();
    assert_eq!((catalog.free_k, catalog.files[0].size_k), (0, 178));
    // 178 K = 12 extents (11 full + one of 2 K).
    assert_eq!(catalog.files[0].entries.len(), 12);
    assert!(
        disk.read_file(0, "HUGE.TXT").unwrap().contents() == &data[..],
        "file contents differ"
    );
}

#[test]
fn sixty_four_files_round_trip_and_the_65th_is_refused() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    let data: Vec<Vec<u8>> = (0..64).map(|i| pattern(i, 17 + 29 * i as usize)).collect();
    for (i, d) in data.iter().enumerate() {
        disk.put_binary(&format!("F{i:02}.BIN"), d, 0x4000, 0x4000)
            .unwrap();
    }
    let disk = reload(&disk);
    let catalog = disk.catalog().unwrap();
    assert_eq!((catalog.files.len(), catalog.free_entries), (64, 0));
    let blocks: usize = data.iter().map(|d| (128 + d.len()).div_ceil(1024)).sum();
    assert_eq!(catalog.free_k as usize, 178 - blocks);
    for (i, d) in data.iter().enumerate() {
        let name = format!("F{i:02}.BIN");
        assert_eq!(
            disk.read_file(0, &name).unwrap().contents(),
            &d[..],
            "{name}"
        );
    }

    let mut full = disk.clone();
    let err = full
        .put_binary("F64.BIN", &[1], 0x4000, 0x4000)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "directory full: F64.BIN needs 1 directory entries but only 0 of 64 are free"
    );
    assert!(full == disk, "a refused write changes nothing");
}

#[test]
fn files_over_16k_use_one_entry_per_16k() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    // 16384 + 128 bytes = 129 records: a full extent and one more record.
    let data = pattern(9, 16384);
    disk.put_binary("X.BIN", &data, 0x100, 0x100).unwrap();
    let entries = disk.file_system().read_directory(disk.image()).unwrap();
    let used: Vec<_> = entries.iter().filter(|e| !e.is_free()).collect();
    assert_eq!(used.len(), 2);
    assert_eq!((used[0].extent, used[0].records), (0, 0x80));
    assert_eq!((used[1].extent, used[1].records), (1, 1));
    assert_eq!(used[0].blocks, core::array::from_fn(|i| 2 + i as u8));
    assert_eq!(used[1].blocks[..2], [18, 0]);
}
