//! Any bytes given to the image reader, and then every file-system operation on whatever
//! it accepted: nothing may panic, and a disc we wrote must read back.
#![no_main]

use cpc_dsk::{Disk, DiskImage, FileContents, WriteOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
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
        assert_eq!(file.contents(), &[0x41; 3000][..]);
    }
});
