use cpc_dsk::amsdos::AmsdosName;
use cpc_dsk::{AmsdosError, Disk, FileContents, ImageKind, WriteOptions};

use crate::spec::pattern;

fn binary(data: &[u8]) -> FileContents<'_> {
    FileContents::Binary {
        load: 0x4000,
        exec: 0x4000,
        data,
    }
}

#[test]
fn a_duplicate_name_is_refused_unless_replacing() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    disk.put_binary("GAME.BIN", &[1, 2, 3], 0x4000, 0x4000)
        .unwrap();
    let before = disk.clone();
    let err = disk
        .put_binary("game.bin", &[4], 0x4000, 0x4000)
        .unwrap_err();
    assert_eq!(
        err,
        AmsdosError::FileExists {
            user: 0,
            name: "GAME.BIN".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "GAME.BIN already exists (use --force to replace it)"
    );
    assert!(disk == before, "a refused change leaves the disc as it was");

    let replace = WriteOptions {
        replace: true,
        ..WriteOptions::default()
    };
    disk.put("GAME.BIN", binary(&[4]), replace).unwrap();
    assert_eq!(disk.read_file(0, "GAME.BIN").unwrap().contents(), &[4]);
    assert_eq!(disk.catalog().unwrap().files.len(), 1);
}

#[test]
fn replacing_counts_the_space_the_old_file_frees() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    disk.put(
        "A.TXT",
        FileContents::Ascii(&pattern(1, 100 * 1024)),
        WriteOptions::default(),
    )
    .unwrap();
    assert_eq!(disk.catalog().unwrap().free_k, 78);
    let new = pattern(2, 150 * 1024);
    let replace = WriteOptions {
        replace: true,
        ..WriteOptions::default()
    };
    disk.put("A.TXT", FileContents::Ascii(&new), replace)
        .unwrap();
    assert_eq!(disk.catalog().unwrap().free_k, 28);
    assert!(
        disk.read_file(0, "A.TXT").unwrap().contents() == &new[..],
        "file contents differ"
    );
}

#[test]
fn names_are_upper_cased_and_invalid_ones_refused() {
    let name = AmsdosName::parse("othello.bin").unwrap();
    assert_eq!(name.to_string(), "OTHELLO.BIN");
    assert_eq!(&name.raw(), b"OTHELLO BIN");
    assert_eq!(AmsdosName::parse("run").unwrap().raw(), *b"RUN        ");
    assert_eq!(
        AmsdosName::parse("a-b_c.$$$").unwrap().to_string(),
        "A-B_C.$$$"
    );

    let cases = [
        (
            "TOOLONGNM.BIN",
            "the name has 9 characters, at most 8 are allowed",
        ),
        (
            "A.BINX",
            "the extension has 4 characters, at most 3 are allowed",
        ),
        ("A*B.BIN", "'*' is not allowed in AMSDOS names"),
        ("A?.BIN", "'?' is not allowed in AMSDOS names"),
        ("A:B", "':' is not allowed in AMSDOS names"),
        ("A B.BIN", "character U+0020 is not allowed in AMSDOS names"),
        ("A.B.C", "'.' is not allowed in AMSDOS names"),
        ("É.BIN", "character U+00C9 is not allowed in AMSDOS names"),
        ("", "the name part is empty"),
        (".BIN", "the name part is empty"),
    ];
    for (text, reason) in cases {
        let err = AmsdosName::parse(text).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("invalid AMSDOS file name \"{text}\": {reason}"),
            "{text}"
        );
    }
    let mut disk = Disk::new_data(ImageKind::Standard);
    assert!(matches!(
        disk.put_binary("BAD*.BIN", &[0], 0, 0),
        Err(AmsdosError::InvalidName { .. })
    ));
}

#[test]
fn users_0_to_15_keep_separate_files_and_16_is_refused() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    for user in 0..16u8 {
        let options = WriteOptions {
            user,
            ..WriteOptions::default()
        };
        disk.put("SAME.BIN", binary(&[user; 10]), options).unwrap();
    }
    let err = disk
        .put(
            "SAME.BIN",
            binary(&[0]),
            WriteOptions {
                user: 16,
                ..WriteOptions::default()
            },
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid user number 16: AMSDOS users are 0-15"
    );
    let disk = Disk::from_bytes(&disk.to_bytes().unwrap()).unwrap();
    for user in 0..16u8 {
        let file = disk.read_file(user, "SAME.BIN").unwrap();
        assert_eq!(file.contents(), &[user; 10]);
        assert_eq!(file.valid_header().unwrap().user, user);
    }
    let catalog = disk.catalog().unwrap();
    assert_eq!(catalog.files.len(), 16);
    // CAT lists only the current user's files.
    assert_eq!(catalog.cat_lines(7)[2], "SAME    .BIN   1K");
    assert_eq!(catalog.cat_lines(7)[0], "Drive A: user  7");
    assert_eq!(catalog.cat_lines(12)[0], "Drive A: user 12");
    assert_eq!(
        disk.read_file(3, "OTHER.BIN").unwrap_err().to_string(),
        "3:OTHER.BIN not found"
    );
}

#[test]
fn read_only_and_system_attributes_are_stored_and_honoured() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    let ro = WriteOptions {
        read_only: true,
        ..WriteOptions::default()
    };
    let sys = WriteOptions {
        system: true,
        ..WriteOptions::default()
    };
    disk.put("LOCKED.BIN", binary(&[1]), ro).unwrap();
    disk.put("HIDDEN.BIN", binary(&[2]), sys).unwrap();
    disk.put("PLAIN.BIN", binary(&[3]), WriteOptions::default())
        .unwrap();

    let entries = disk.file_system().read_directory(disk.image()).unwrap();
    let locked = entries
        .iter()
        .find(|e| e.name().to_string() == "LOCKED.BIN")
        .unwrap();
    assert_eq!(
        &locked.raw_name,
        &[
            b'L',
            b'O',
            b'C',
            b'K',
            b'E',
            b'D',
            b' ',
            b' ',
            b'B' | 0x80,
            b'I',
            b'N'
        ]
    );
    let hidden = entries
        .iter()
        .find(|e| e.name().to_string() == "HIDDEN.BIN")
        .unwrap();
    assert_eq!(hidden.raw_name[9], b'I' | 0x80);

    let catalog = disk.catalog().unwrap();
    assert_eq!(
        catalog.cat_lines(0),
        [
            "Drive A: user  0",
            "",
            "LOCKED  .BIN*  1K   PLAIN   .BIN   1K",
            "",
            "175K free"
        ]
    );
    assert_eq!(disk.read_file(0, "HIDDEN.BIN").unwrap().contents(), &[2]);

    let before = disk.clone();
    let err = disk.remove(0, "LOCKED.BIN", false).unwrap_err();
    assert_eq!(
        err.to_string(),
        "LOCKED.BIN is read-only (use --force to erase it anyway)"
    );
    assert!(disk == before, "a refused change leaves the disc as it was");
    disk.remove(0, "LOCKED.BIN", true).unwrap();
    disk.remove(0, "PLAIN.BIN", false).unwrap();
    assert_eq!(disk.catalog().unwrap().free_k, 177);
    assert_eq!(
        disk.remove(0, "PLAIN.BIN", false).unwrap_err().to_string(),
        "PLAIN.BIN not found"
    );
}

#[test]
fn erased_space_is_reused_from_the_lowest_block() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    disk.put_binary("A.BIN", &pattern(1, 3000), 0x4000, 0x4000)
        .unwrap();
    disk.put_binary("B.BIN", &pattern(2, 100), 0x4000, 0x4000)
        .unwrap();
    disk.remove(0, "A.BIN", false).unwrap();
    disk.put_binary("C.BIN", &pattern(3, 2000), 0x4000, 0x4000)
        .unwrap();
    let entries = disk.file_system().read_directory(disk.image()).unwrap();
    let c = entries
        .iter()
        .find(|e| !e.is_free() && e.name().to_string() == "C.BIN")
        .unwrap();
    assert_eq!(c.blocks[..3], [2, 3, 4], "A's blocks 2-4 are free again");
    assert_eq!(
        disk.read_file(0, "B.BIN").unwrap().contents(),
        &pattern(2, 100)[..]
    );
}

#[test]
fn binary_and_ascii_contents_are_checked() {
    let mut disk = Disk::new_data(ImageKind::Standard);
    let err = disk
        .put_binary("BIG.BIN", &vec![0; 65536], 0, 0)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "BIG.BIN: a binary file holds at most 65535 bytes (16-bit header length), this one has 65536"
    );
    let err = disk
        .put(
            "T.TXT",
            FileContents::Ascii(b"abc\x1adef"),
            WriteOptions::default(),
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "T.TXT: byte 3 is &1A, the AMSDOS end-of-file mark; store the file as binary instead"
    );
    let err = disk
        .put(
            "H.BIN",
            FileContents::Headered(&[0xFFu8; 128]),
            WriteOptions::default(),
        )
        .unwrap_err();
    assert!(
        err.to_string().contains("not a valid AMSDOS header"),
        "{err}"
    );
}

#[test]
fn a_headered_file_is_stored_as_is_under_its_new_name() {
    let mut a = Disk::new_data(ImageKind::Standard);
    a.put_binary("ORIG.BIN", &pattern(4, 500), 0x8000, 0x8010)
        .unwrap();
    let exported = a.read_file(0, "ORIG.BIN").unwrap().with_header().to_vec();
    let mut b = Disk::new_data(ImageKind::Extended);
    let options = WriteOptions {
        user: 2,
        ..WriteOptions::default()
    };
    b.put("COPY.BIN", FileContents::Headered(&exported), options)
        .unwrap();
    let copy = b.read_file(2, "COPY.BIN").unwrap();
    let header = copy.valid_header().unwrap();
    assert_eq!((header.load, header.exec, header.user), (0x8000, 0x8010, 2));
    assert_eq!(header.name.to_string(), "COPY.BIN");
    assert!(
        copy.contents() == &pattern(4, 500)[..],
        "file contents differ"
    );
}
