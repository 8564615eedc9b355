//! PNG screenshots of the framebuffer. The file goes through `cpc_dsk::write_atomically`
//! (a temporary file renamed into place), so a failed write never leaves a half-written image.

use std::path::Path;

use crate::error::EmuError;
use crate::machine::Cpc;
use crate::video::{HEIGHT, WIDTH};

impl Cpc {
    /// Writes the current picture ([`WIDTH`] x [`HEIGHT`], RGB) as a PNG file.
    pub fn save_png(&self, path: &Path) -> Result<(), EmuError> {
        write_png(path, self.framebuffer(), WIDTH, HEIGHT)
    }
}

/// Writes 0x00RRGGBB pixels as an 8-bit RGB PNG, atomically.
pub fn write_png(path: &Path, pixels: &[u32], width: usize, height: usize) -> Result<(), EmuError> {
    let png_err = |e: png::EncodingError| EmuError::Png {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let mut encoded = Vec::new();
    let mut encoder = png::Encoder::new(&mut encoded, width as u32, height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(png_err)?;
    let rgb: Vec<u8> = pixels
        .iter()
        .flat_map(|p| [(p >> 16) as u8, (p >> 8) as u8, *p as u8])
        .collect();
    writer.write_image_data(&rgb).map_err(png_err)?;
    writer.finish().map_err(png_err)?;
    cpc_dsk::write_atomically(path, &encoded).map_err(|e| match e {
        cpc_dsk::Error::Io { path, source } => EmuError::Io {
            path,
            error: source,
        },
        other => EmuError::Io {
            path: path.to_path_buf(),
            error: std::io::Error::other(other.to_string()),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn png_round_trip() {
        let dir = tempfile::Builder::new()
            .prefix("cpc-emu-png-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("shot.png");
        let pixels = [0x00FF_0080u32, 0x0000_FF00, 0x0012_3456, 0x00FF_FFFF];
        write_png(&path, &pixels, 2, 2).unwrap();
        let decoder = png::Decoder::new(std::io::BufReader::new(fs::File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (2, 2));
        assert_eq!(&buf[..6], &[0xFF, 0x00, 0x80, 0x00, 0xFF, 0x00]);
        assert_eq!(&buf[6..12], &[0x12, 0x34, 0x56, 0xFF, 0xFF, 0xFF]);
        let leftovers: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file left");
    }

    #[test]
    fn unwritable_path_is_an_error() {
        let err = write_png(Path::new("/nonexistent-dir/x.png"), &[0], 1, 1).unwrap_err();
        assert!(
            err.to_string().starts_with("/nonexistent-dir/x.png:"),
            "{err}"
        );
    }
}
