use cpc_dsk::amsdos::HeaderCheck;
use cpc_dsk::{
    AmsdosError, DiscFormat, Disk, DiskImage, Error, ImageError, ImageKind, SectorError,
};

use crate::spec::{
    assert_same_bytes, binary, pattern, raw_name, SpecDisk, SpecFile, INTERLEAVED, SEQUENTIAL,
};

fn sample_files() -> Vec<SpecFile> {
    vec![
        binary(0, "GAME.BIN", 0x4000, &pattern(1, 20_000)),
        binary(0, "TINY.BIN", 0x0040, &pattern(2, 5)),
        SpecFile {
            user: 3,
            raw_name: raw_name("NOTES.TXT"),
            stored: pattern(3, 300),
        },
    ]
}

/// Reads every sample file back through the crate and checks it against what was placed;
/// `other_k` is what files added since take.
fn check_sample(disk: &Disk, other_k: u32) {
    let game = disk.read_file(0, "GAME.BIN").unwrap();
    assert!(
        game.contents() == &pattern(1, 20_000)[..],
        "file contents differ"
    );
    assert_eq!(game.valid_header().unwrap().load, 0x4000);
    assert_eq!(
        disk.read_file(0, "TINY.BIN").unwrap().contents(),
        &pattern(2, 5)[..]
    );
    let notes = disk.read_file(3, "NOTES.TXT").unwrap();
    assert_eq!(notes.header, HeaderCheck::Missing);
    assert!(
        notes.contents() == &pattern(3, 300)[..],
        "file contents differ"
    );
    let catalog = disk.catalog().unwrap();
    // 20128 bytes = 20 K, 133 bytes = 1 K, 300 bytes = 1 K.
    for (user, name, k) in [(0, "GAME.BIN", 20), (0, "TINY.BIN", 1), (3, "NOTES.TXT", 1)] {
        let f = catalog
            .files
            .iter()
            .find(|f| f.user == user && f.name.to_string() == name);
        assert_eq!(f.map(|f| f.size_k), Some(k), "{name}");
    }
    assert_eq!(
        catalog.free_k,
        disk.file_system().capacity_k() - 22 - other_k
    );
}

#[test]
fn sectors_are_found_by_id_whatever_the_interleave() {
    let orders: [&[u8]; 4] = [
        &INTERLEAVED,
        &SEQUENTIAL,
        &[8, 7, 6, 5, 4, 3, 2, 1, 0],
        &[3, 7, 0, 4, 8, 1, 5, 2, 6],
    ];
    for extended in [false, true] {
        for order in orders {
            let spec = SpecDisk {
                extended,
                order: order.to_vec(),
                ..SpecDisk::data()
            };
            let bytes = spec.build(&sample_files());
            let disk = Disk::from_bytes(&bytes).unwrap();
            assert_eq!(disk.format(), DiscFormat::Data);
            check_sample(&disk, 0);
            // Written back unchanged, byte for byte, sector order included.
            assert_same_bytes(
                &disk.to_bytes().unwrap(),
                &bytes,
                &format!("extended {extended} order {order:?}"),
            );
        }
    }
}

#[test]
fn a_42_track_extended_image_is_read_and_keeps_its_42_tracks() {
    let spec = SpecDisk {
        extended: true,
        tracks: 42,
        creator: "Caprice32\r\n",
        ..SpecDisk::data()
    };
    let bytes = spec.build(&sample_files());
    assert_eq!(
        &bytes[0x30..0x34 + 42],
        &[&[42u8, 1, 0, 0][..], &[0x13; 42]].concat()
    );
    let image = DiskImage::parse(&bytes).unwrap();
    assert_eq!(image.creator(), "Caprice32");
    let mut disk = Disk::from_image(image).unwrap();
    check_sample(&disk, 0);
    assert_eq!(
        disk.file_system().capacity_k(),
        178,
        "AMSDOS uses 40 tracks"
    );
    disk.put_binary("NEW.BIN", &[1, 2, 3], 0x4000, 0x4000)
        .unwrap();
    let again = Disk::from_bytes(&disk.to_bytes().unwrap()).unwrap();
    assert_eq!(again.image().cylinders(), 42);
    assert_eq!(
        again.read_file(0, "NEW.BIN").unwrap().contents(),
        &[1, 2, 3]
    );
    check_sample(&again, 1);
}

#[test]
fn a_42_track_standard_image_is_read() {
    let spec = SpecDisk {
        tracks: 42,
        ..SpecDisk::data()
    };
    let bytes = spec.build(&sample_files());
    assert_eq!(bytes.len(), 204_544);
    check_sample(&Disk::from_bytes(&bytes).unwrap(), 0);
}

#[test]
fn system_format_discs_are_read_with_two_reserved_tracks() {
    for extended in [false, true] {
        let spec = SpecDisk {
            extended,
            ..SpecDisk::system()
        };
        let mut sectors = spec.blank_sectors();
        // A boot sector on track 0 must not be taken for a file.
        sectors.get_mut(&(0, 0, 0x41)).unwrap().fill(0x00);
        spec.place(&mut sectors, &sample_files());
        let bytes = spec.image(&sectors);
        let disk = Disk::from_bytes(&bytes).unwrap();
        assert_eq!(disk.format(), DiscFormat::System);
        assert_eq!(disk.file_system().capacity_k(), 169);
        check_sample(&disk, 0);
        // The directory is on track 2, sector &41 (block 0).
        let track2 = disk.image().track(2, 0).unwrap();
        assert_eq!(&track2.sector(0x41).unwrap().data[1..12], b"GAME    BIN");
        // Writing allocates after the existing files and keeps the format.
        let mut disk = disk;
        disk.put_binary("MORE.BIN", &[7; 10], 0x4000, 0x4000)
            .unwrap();
        let again = Disk::from_bytes(&disk.to_bytes().unwrap()).unwrap();
        assert_eq!(again.read_file(0, "MORE.BIN").unwrap().contents(), &[7; 10]);
        assert_eq!(again.catalog().unwrap().free_k, 169 - 23);
        assert_eq!(
            again
                .image()
                .track(0, 0)
                .unwrap()
                .sector(0x41)
                .unwrap()
                .data,
            vec![0; 512]
        );
    }
}

#[test]
fn new_system_discs_match_the_spec_layout() {
    let disk = Disk::new(DiscFormat::System, ImageKind::Standard);
    let blank = SpecDisk::system().build(&[]);
    assert_eq!(&disk.to_bytes().unwrap()[0x100..], &blank[0x100..]);
    assert_eq!(disk.catalog().unwrap().free_k, 169);
}

#[test]
fn two_sided_images_are_read_from_side_0() {
    for extended in [false, true] {
        let spec = SpecDisk {
            extended,
            sides: 2,
            ..SpecDisk::data()
        };
        let mut sectors = spec.blank_sectors();
        for t in 0..40 {
            for id in 0xC1..=0xC9 {
                sectors.get_mut(&(t, 1, id)).unwrap().fill(0x55);
            }
        }
        spec.place(&mut sectors, &sample_files());
        let bytes = spec.image(&sectors);
        // Sides are interleaved: T0S0 at 0x100, T0S1 right after.
        assert_eq!(&bytes[0x100 + 0x1300..0x100 + 0x130A], b"Track-Info");
        assert_eq!(bytes[0x100 + 0x1300 + 0x11], 1);
        let disk = Disk::from_bytes(&bytes).unwrap();
        assert_eq!(disk.image().sides(), 2);
        check_sample(&disk, 0);
        assert_same_bytes(&disk.to_bytes().unwrap(), &bytes, "two sides");
    }
}

#[test]
fn ibm_and_unknown_formats_are_refused_clearly() {
    let spec = SpecDisk {
        first_id: 0x01,
        order: vec![0, 1, 2, 3, 4, 5, 6, 7],
        ..SpecDisk::data()
    };
    let bytes = spec.image(&spec.blank_sectors());
    let err = Disk::from_bytes(&bytes).unwrap_err();
    assert_eq!(
        err.to_string(),
        "not an AMSDOS disc: track 0 has sector IDs &01,&02,&03,&04,&05,&06,&07,&08 (IBM format), expected &C1-&C9 (DATA) or &41-&49 (SYSTEM)"
    );
    // The container itself is still readable (e.g. for an emulator's FDC).
    assert_eq!(DiskImage::parse(&bytes).unwrap().cylinders(), 40);
}

#[test]
fn truncated_and_corrupt_images_name_the_offset_and_what_was_expected() {
    let good = SpecDisk::data().build(&sample_files());
    let err = |bytes: &[u8]| match Disk::from_bytes(bytes).unwrap_err() {
        Error::Image(e) => e,
        other => panic!("expected an image error, got {other}"),
    };

    assert_eq!(
        err(&good[..100]).to_string(),
        "truncated image: at byte offset 0x0 expected a 256-byte disc information block, but the file is only 0x64 bytes long"
    );
    let mut bad = good.clone();
    bad[..4].copy_from_slice(b"ABCD");
    assert_eq!(
        err(&bad).to_string(),
        "corrupt image at byte offset 0x0: expected the signature \"MV - CPCEMU\" or \"EXTENDED CPC DSK\", found \"ABCD CPCEMU Disk\""
    );
    // Cut inside the data of track 5: the first missing sector is named.
    let cut = 0x100 + 5 * 0x1300 + 0x100 + 3 * 512 + 17;
    assert_eq!(
        err(&good[..cut]),
        ImageError::Truncated {
            offset: 0x100 + 5 * 0x1300 + 0x100 + 3 * 512,
            expected: "512 bytes of data for sector &C7 of track 5 side 0".into(),
            len: cut,
        }
    );
    let mut bad = good.clone();
    bad[0x100 + 7 * 0x1300] = b'X';
    assert_eq!(
        err(&bad).to_string(),
        "corrupt image at byte offset 0x8600: expected \"Track-Info\" starting the block of track 7 side 0, found \"Xrack-Info\""
    );
    let mut bad = good.clone();
    bad[0x31] = 3;
    assert_eq!(
        err(&bad).to_string(),
        "corrupt image at byte offset 0x31: expected 1 or 2 sides, found 3"
    );
    let mut bad = good.clone();
    bad[0x100 + 0x15] = 10; // ten 512-byte sectors do not fit a 0x1300 track
    assert!(matches!(
        err(&bad),
        ImageError::Corrupt { offset: 0x115, .. }
    ));

    let ext = SpecDisk {
        extended: true,
        ..SpecDisk::data()
    }
    .build(&sample_files());
    let mut bad = ext.clone();
    // Sector 8 of track 0 claims 0x300 bytes: past the end of the 0x1300 block.
    bad[0x100 + 0x18 + 8 * 8 + 6..][..2].copy_from_slice(&0x300u16.to_le_bytes());
    assert_eq!(
        err(&bad).to_string(),
        "corrupt image at byte offset 0x15e: expected sector lengths that fit the 0x1300-byte track block of track 0 side 0 (sector 8 ends past it), found 0x1300 bytes of sector data"
    );
    let mut bad = ext.clone();
    bad[0x34] = 0x14; // track 0 said to be 0x100 longer: track 1 is not where promised
    let message = err(&bad).to_string();
    assert!(
        message.starts_with("corrupt image at byte offset 0x1500: expected \"Track-Info\" starting the block of track 1 side 0, found bytes "),
        "{message}"
    );
    let cut = ext.len() - 100;
    assert_eq!(
        err(&ext[..cut]),
        ImageError::Truncated {
            offset: ext.len() - 512,
            expected: "512 bytes of data for sector &C5 of track 39 side 0".into(),
            len: cut,
        }
    );
}

#[test]
fn unreadable_blocks_and_bad_directory_entries_are_reported_per_file() {
    let spec = SpecDisk {
        extended: true,
        ..SpecDisk::data()
    };
    let mut sectors = spec.blank_sectors();
    spec.place(&mut sectors, &sample_files());
    let mut bytes = spec.image(&sectors);
    // GAME.BIN takes entries 0-1 (20 K), TINY.BIN entry 2: point it beyond the disc.
    let dir = 0x100 + 0x100; // track 0, first listed sector = &C1 = directory start
    bytes[dir + 2 * 32 + 16] = 200;
    // Track 10 unformatted: GAME.BIN's blocks on it cannot be read.
    let image = DiskImage::parse(&bytes).unwrap();
    let mut tracks: Vec<_> = image.tracks().to_vec();
    tracks[10] = None;
    let image = DiskImage::from_tracks(ImageKind::Extended, 40, 1, tracks).unwrap();
    let bytes = image.to_bytes().unwrap();
    assert_eq!(bytes[0x34 + 10], 0);
    let disk = Disk::from_bytes(&bytes).unwrap();

    assert_eq!(
        disk.read_file(0, "TINY.BIN").unwrap_err().to_string(),
        "corrupt directory: TINY.BIN: directory entry 2 (sector &C1 of track 0 side 0, byte 64): block slot 0 holds 200, data blocks are 2-179"
    );
    // GAME.BIN (blocks 2-21, tracks 0-4) is not touched by the missing track 10
    // (blocks 45-49); a new 59 K file would be, and is refused without changing anything.
    assert!(disk.read_file(0, "GAME.BIN").is_ok());
    let before = disk.clone();
    let mut disk = disk;
    let err = disk
        .put_binary("LONG.BIN", &pattern(9, 60_000), 0x40, 0x40)
        .unwrap_err();
    assert_eq!(
        err,
        AmsdosError::Sector(SectorError::NoTrack {
            cylinder: 10,
            side: 0
        })
    );
    assert!(disk == before, "a refused change leaves the disc as it was");
    // The listing still works: the damage is only where it is.
    assert_eq!(disk.catalog().unwrap().files.len(), 3);
}

#[test]
fn a_bad_header_checksum_is_reported_and_the_file_still_read() {
    let mut file = binary(0, "DAMAGED.BIN", 0x4000, &pattern(5, 1000));
    file.stored[67] ^= 0x01;
    let bytes = SpecDisk::data().build(&[file.clone()]);
    let disk = Disk::from_bytes(&bytes).unwrap();
    let read = disk.read_file(0, "DAMAGED.BIN").unwrap();
    let stored = u16::from_le_bytes([file.stored[67], file.stored[68]]);
    assert_eq!(
        read.header,
        HeaderCheck::BadChecksum {
            stored,
            computed: stored ^ 0x01
        }
    );
    assert!(
        read.contents()[..1128] == file.stored[..],
        "every stored byte"
    );
    assert!(
        read.contents_after_damaged_header() == &pattern(5, 1000)[..],
        "data after the header"
    );
}
