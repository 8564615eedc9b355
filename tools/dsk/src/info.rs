//! `cpc-othello dsk info`: what an image is (format, creator, geometry, sector order of
//! track 0 and of the tracks that differ) and, when it holds an AMSDOS file system, its
//! format and space. Here so that the CLI only prints, and the text can be tested on an
//! image made in memory.

use std::fmt::Write as _;

use crate::amsdos::DiscFormat;
use crate::disk::Disk;
use crate::image::DiskImage;
use crate::sector::show_ids;
use crate::Error;

/// The description of the image file `bytes`, a line per fact.
pub fn describe(bytes: &[u8]) -> Result<String, Error> {
    let image = DiskImage::parse(bytes)?;
    // Writing to a String cannot fail.
    let mut out = String::new();
    let _ = writeln!(
        out,
        "image:    {}, created by \"{}\", {} bytes",
        image.kind().describe(),
        image.creator(),
        bytes.len()
    );
    let _ = writeln!(
        out,
        "geometry: {} tracks, {} side(s)",
        image.cylinders(),
        image.sides()
    );
    for side in 0..image.sides() {
        let _ = match image.track(0, side) {
            Some(t) => writeln!(
                out,
                "side {side}:   track 0 has {} sectors of {} bytes, order {}",
                t.sectors.len(),
                128usize << t.size_code.min(8),
                show_ids(&t.sector_ids())
            ),
            None => writeln!(out, "side {side}:   track 0 unformatted"),
        };
    }
    let odd: Vec<String> = image
        .tracks()
        .iter()
        .flatten()
        .filter(|t| Some(t.sector_ids()) != image.track(0, t.side).map(|t0| t0.sector_ids()))
        .map(|t| format!("{}/{}", t.cylinder, t.side))
        .collect();
    if !odd.is_empty() {
        let _ = writeln!(
            out,
            "          tracks with another sector order: {}",
            odd.join(" ")
        );
    }
    match Disk::from_image(image) {
        Ok(disk) => {
            let catalog = disk.catalog()?;
            let format = disk.format();
            let first = format.first_sector();
            let _ = writeln!(
                out,
                "AMSDOS:   {} format (sector IDs &{first:02X}-&{:02X}), {}K capacity, {} file(s), \
                 {}K free, {} of 64 directory entries free",
                format.name(),
                first + 8,
                catalog.capacity_k,
                catalog.files.len(),
                catalog.free_k,
                catalog.free_entries
            );
            if format == DiscFormat::System {
                out.push_str("          (tracks 0-1 reserved for the boot sector and CP/M)\n");
            }
        }
        Err(e) => {
            let _ = writeln!(out, "AMSDOS:   {e}");
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::image::ImageKind;

    #[test]
    fn a_new_data_disc() {
        let disk = Disk::new_data(ImageKind::Standard);
        let bytes = disk.to_bytes().unwrap();
        let text = describe(&bytes).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("image:    "), "{text}");
        assert_eq!(lines[1], "geometry: 40 tracks, 1 side(s)");
        assert!(
            lines[2].starts_with("side 0:   track 0 has 9 sectors of 512 bytes"),
            "{text}"
        );
        assert!(lines[3].starts_with("AMSDOS:   "), "{text}");
        assert!(lines[3].contains("(sector IDs &C1-&C9), 178K capacity, 0 file(s), 178K free"));
        assert!(describe(b"not a disc").is_err());
    }
}
