//! *Rebuild*: the weights file's text, as the editor holds it, to the program `cpc-othello build
//! --weights` makes of the same text (the embedded `cpc/` sources, `cpc_game::assemble`), or the
//! mistake with its line and column; and the build's media, byte for byte the CLI's.

use cpc_dsk::tape::TapeSpeed;
use cpc_emu::Program;
use cpc_game::{media, sources, BuildError};
use othello_engine::weights::{Weights, WeightsError};
use serde_json::{json, Value};

use crate::bundle::Bundle;

/// The name the editor's text goes by in messages (`weights.toml:12:5: ...`).
pub const WEIGHTS_NAME: &str = cpc_game::sources::WEIGHTS_FILE;

/// Why a rebuild failed.
#[derive(Debug, thiserror::Error)]
pub enum RebuildError {
    /// The text is not a valid weights file.
    #[error("{WEIGHTS_NAME}:{line}:{col}: {message}")]
    Weights {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// What is wrong.
        message: String,
    },
    /// The sources did not assemble or the program does not fit.
    #[error("{0}")]
    Build(String),
}

impl RebuildError {
    /// The error as JSON for the page: `{"message", "line", "col"}` (line and column `null`
    /// when the error is not in the weights text).
    #[must_use]
    pub fn to_json(&self) -> Value {
        match self {
            RebuildError::Weights { line, col, .. } => {
                json!({"message": self.to_string(), "line": line, "col": col})
            }
            RebuildError::Build(_) => {
                json!({"message": self.to_string(), "line": null, "col": null})
            }
        }
    }
}

/// Parses the weights text as `cpc-othello build --weights` reads a file.
///
/// # Errors
/// [`RebuildError::Weights`] with the line and column of the mistake.
pub fn parse_weights(text: &str) -> Result<Weights, RebuildError> {
    Weights::parse(text, WEIGHTS_NAME).map_err(|e| match e {
        WeightsError::Invalid {
            line, col, message, ..
        } => RebuildError::Weights { line, col, message },
        other => RebuildError::Build(other.to_string()),
    })
}

/// Builds the game from the embedded sources with the weights `text`.
///
/// # Errors
/// [`RebuildError`]: the weights text is invalid, or the build fails.
pub fn build(text: &str) -> Result<Bundle, RebuildError> {
    let weights = parse_weights(text)?;
    let image = cpc_game::assemble(&sources::embedded(), &weights, WEIGHTS_NAME)
        .map_err(|e: BuildError| RebuildError::Build(e.to_string()))?;
    Ok(Bundle {
        binary: image.binary(),
        load: image.load(),
        exec: image.exec(),
        symbols_json: image.symbols_json(),
        weights_text: text.to_string(),
        crc32: image.crc32(),
        book_left_out: image.book().left_out.clone(),
    })
}

/// The tape's speed: `cpc-othello build --cdt`'s default (SPEED WRITE 0).
pub const TAPE_BAUD: u16 = 1000;

/// The build's media the page offers for download.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Medium {
    /// The DATA disc image with `OTHELLO.BIN` (`cpc-othello build`'s `target/othello.dsk`).
    Dsk,
    /// The tape at the CLI's default speed, 1000 baud (`build --cdt`).
    Cdt,
    /// The snapshot (`build --sna`).
    Sna,
}

impl Medium {
    /// The medium a file extension names.
    #[must_use]
    pub fn from_extension(ext: &str) -> Option<Medium> {
        match ext {
            "dsk" => Some(Medium::Dsk),
            "cdt" => Some(Medium::Cdt),
            "sna" => Some(Medium::Sna),
            _ => None,
        }
    }
}

/// `bundle`'s program as `medium`, the bytes `cpc-othello build` writes.
///
/// # Errors
/// The media's error, as text.
pub fn medium(bundle: &Bundle, medium: Medium) -> Result<Vec<u8>, String> {
    let program = Program {
        load: bundle.load,
        exec: bundle.exec,
        bytes: bundle.binary.clone(),
    };
    let bytes = match medium {
        Medium::Dsk => media::dsk(&program),
        Medium::Cdt => {
            let speed = TapeSpeed::from_baud(TAPE_BAUD).map_err(|e| e.to_string())?;
            media::cdt(&program, speed)
        }
        Medium::Sna => media::sna(&program),
    };
    bytes.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_table_says_where() {
        let text = sources::DEFAULT_WEIGHTS_TEXT.replacen("[corner]", "[corner]\nedge = \"x\"", 1);
        let err = build(&text).unwrap_err();
        let json = err.to_json();
        assert!(json["line"].as_u64().is_some(), "{json}");
        assert!(err.to_string().starts_with("weights.toml:"), "{err}");
    }
}
