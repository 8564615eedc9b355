#[path = "../../game/tests/support/scratch_dir.rs"]
mod scratch_dir;

use cpc_dsk::amsdos::{checksum, AmsdosHeader, AmsdosName};
use cpc_dsk::{Disk, Error, ImageKind};

use crate::spec::{assert_same_bytes, binary, header, pattern, SpecDisk};

#[test]
fn a_new_standard_data_disc_is_the_documented_layout() {
    let bytes = Disk::new_data(ImageKind::Standard).to_bytes().unwrap();
    assert_eq!(bytes.len(), 194_816);
    assert_eq!(&bytes[..34], b"MV - CPCEMU Disk-File\r\nDisk-Info\r\n");
    assert_eq!(&bytes[0x22..0x2D], b"cpc-othello");
    assert_eq!(&bytes[0x30..0x34], &[40, 1, 0x00, 0x13]);
    assert!(bytes[0x34..0x100].iter().all(|&b| b == 0));
    // Track 0's info block, as in the Caprice32 example of the reference (1.7).
    assert_eq!(&bytes[0x100..0x10D], b"Track-Info\r\n\0");
    assert_eq!(&bytes[0x110..0x118], &[0, 0, 0, 0, 2, 9, 0x4E, 0xE5]);
    assert_eq!(
        &bytes[0x118..0x128],
        &[0, 0, 0xC1, 2, 0, 0, 0, 0, 0, 0, 0xC6, 2, 0, 0, 0, 0]
    );
    assert_same_bytes(
        &bytes[0x100..],
        &SpecDisk::data().build(&[])[0x100..],
        "blank",
    );
}

#[test]
fn a_new_extended_data_disc_is_the_documented_layout() {
    let bytes = Disk::new_data(ImageKind::Extended).to_bytes().unwrap();
    assert_eq!(bytes.len(), 194_816);
    assert_eq!(&bytes[..34], b"EXTENDED CPC DSK File\r\nDisk-Info\r\n");
    assert_eq!(&bytes[0x30..0x34], &[40, 1, 0, 0]);
    assert_eq!(&bytes[0x34..0x34 + 40], &[0x13; 40]);
    assert_eq!(bytes[0x34 + 40], 0);
    assert_eq!(&bytes[0x118..0x120], &[0, 0, 0xC1, 2, 0, 0, 0x00, 0x02]);
    let spec = SpecDisk {
        extended: true,
        ..SpecDisk::data()
    };
    assert_same_bytes(&bytes[0x100..], &spec.build(&[])[0x100..], "blank");
}

#[test]
fn files_land_where_the_spec_puts_them() {
    let files = [
        ("FIRST.BIN", 0x4000, pattern(1, 17_000)),
        ("SECOND.BIN", 0x0040, pattern(2, 3)),
        ("THIRD.BIN", 0x1000, pattern(3, 1024 - 128)),
    ];
    for kind in [ImageKind::Standard, ImageKind::Extended] {
        let mut disk = Disk::new_data(kind);
        for (name, load, data) in &files {
            disk.put_binary(name, data, *load, *load).unwrap();
        }
        let spec = SpecDisk {
            extended: kind == ImageKind::Extended,
            ..SpecDisk::data()
        };
        let expected: Vec<_> = files.iter().map(|(n, l, d)| binary(0, n, *l, d)).collect();
        assert_same_bytes(
            &disk.to_bytes().unwrap()[0x100..],
            &spec.build(&expected)[0x100..],
            &format!("{kind:?}"),
        );
    }
}

#[test]
fn the_header_is_the_documented_128_bytes() {
    let name = AmsdosName::parse("othello.bin").unwrap();
    let ours = AmsdosHeader::binary(0, name, 0x1000, 0x1234, 9999).to_bytes();
    assert_eq!(ours, header(0, "OTHELLO.BIN", 0x1000, 0x1234, 9999));
    assert_eq!(ours[18], 2);
    assert_eq!(&ours[21..23], &[0x00, 0x10]);
    assert_eq!(&ours[24..28], &[0x0F, 0x27, 0x34, 0x12]);
    assert_eq!(&ours[64..67], &[0x0F, 0x27, 0x00]);
    let sum: u32 = ours[..67].iter().map(|&b| u32::from(b)).sum();
    assert_eq!(u16::from_le_bytes([ours[67], ours[68]]), sum as u16);
    assert_eq!(checksum(&ours), sum as u16);
    assert!(ours[69..].iter().all(|&b| b == 0));
    let parsed = AmsdosHeader::from_record(&ours).unwrap();
    assert_eq!(
        (parsed.load, parsed.exec, parsed.length),
        (0x1000, 0x1234, 9999)
    );
}

#[test]
fn saving_replaces_the_file_through_a_temporary_one() {
    let dir = scratch_dir::scratch_dir(
        "dsk-writer",
        "saving_replaces_the_file_through_a_temporary_one",
    );
    let path = dir.join("x.dsk");
    let mut disk = Disk::new_data(ImageKind::Standard);
    disk.save(&path).unwrap();
    disk.put_binary("A.BIN", &[1, 2, 3], 0x4000, 0x4000)
        .unwrap();
    disk.save(&path).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), disk.to_bytes().unwrap());
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["x.dsk"], "no temporary file is left behind");
    assert_eq!(
        Disk::open(&path).unwrap().to_bytes().unwrap(),
        disk.to_bytes().unwrap()
    );

    let missing = dir.join("no/such/dir/x.dsk");
    assert!(matches!(disk.save(&missing), Err(Error::Io { .. })));
}

#[test]
fn converting_the_container_keeps_every_sector() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    disk.put_binary("A.BIN", &pattern(7, 5000), 0x4000, 0x4000)
        .unwrap();
    let mut image = disk.clone().into_image();
    image.set_kind(ImageKind::Extended);
    let extended = image.to_bytes().unwrap();
    assert_eq!(&extended[..16], b"EXTENDED CPC DSK");
    assert_same_bytes(
        &extended[0x100..],
        &{
            let mut e = Disk::new_data(ImageKind::Extended);
            e.put_binary("A.BIN", &pattern(7, 5000), 0x4000, 0x4000)
                .unwrap();
            e.to_bytes().unwrap()
        }[0x100..],
        "standard converted to extended",
    );
}
