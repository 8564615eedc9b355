use cpc_dsk::{Disk, DiskImage, FileContents, ImageKind, WriteOptions};
use proptest::prelude::*;

use crate::spec::{binary, pattern, SpecDisk};

/// Every operation a user can ask for, on whatever the bytes turn out to be. Only panics
/// fail; errors are the expected outcome for most inputs.
fn exercise(bytes: &[u8]) {
    let Ok(image) = DiskImage::parse(bytes) else {
        return;
    };
    let _ = image.to_bytes();
    let Ok(mut disk) = Disk::from_image(image) else {
        return;
    };
    if let Ok(catalog) = disk.catalog() {
        let _ = catalog.cat_lines(0);
        for f in &catalog.files {
            if let Ok(file) = disk.read_file(f.user, &f.name.to_string()) {
                let _ = (file.contents(), file.with_header());
                let _ = file.contents_after_damaged_header();
            }
        }
        if let Some(f) = catalog.files.first() {
            let _ = disk.clone().remove(f.user, &f.name.to_string(), true);
        }
    }
    let replace = WriteOptions {
        replace: true,
        ..WriteOptions::default()
    };
    if disk
        .put("FUZZ.BIN", FileContents::Ascii(&[0x41; 3000]), replace)
        .is_ok()
    {
        let again = Disk::from_bytes(&disk.to_bytes().expect("a disc we wrote is writable"))
            .expect("a disc we wrote is readable");
        let file = again
            .read_file(0, "FUZZ.BIN")
            .expect("the file we wrote is readable");
        assert!(file.contents() == &[0x41; 3000][..], "file contents differ");
    }
}

fn sample_image(extended: bool) -> Vec<u8> {
    let spec = SpecDisk {
        extended,
        ..SpecDisk::data()
    };
    spec.build(&[
        binary(0, "A.BIN", 0x4000, &pattern(1, 20_000)),
        binary(2, "B.BIN", 0x4000, &pattern(2, 100)),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        exercise(&bytes);
    }

    #[test]
    fn arbitrary_bytes_behind_a_valid_signature_never_panic(
        extended in any::<bool>(),
        tracks in 1u8..4,
        sides in 0u8..4,
        rest in proptest::collection::vec(any::<u8>(), 0..6000),
    ) {
        let mut bytes = Disk::new_data(if extended { ImageKind::Extended } else { ImageKind::Standard })
            .to_bytes()
            .unwrap()[..0x100]
            .to_vec();
        bytes[0x30] = tracks;
        bytes[0x31] = sides;
        bytes.extend_from_slice(&rest);
        exercise(&bytes);
    }

    #[test]
    fn damaged_valid_images_never_panic(
        extended in any::<bool>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..40),
        cut in proptest::option::of(any::<prop::sample::Index>()),
    ) {
        let mut bytes = sample_image(extended);
        // Half of the edits land in the headers and the directory, where damage matters.
        for (i, (at, value)) in edits.iter().enumerate() {
            let range = if i % 2 == 0 { 0x1500 } else { bytes.len() };
            let at = at.index(range);
            bytes[at] = *value;
        }
        if let Some(cut) = cut {
            bytes.truncate(cut.index(bytes.len()));
        }
        exercise(&bytes);
    }
}
