//! What each engine of a match plays with: `z80:LEVEL` and `ref:LEVEL` use the match's weights
//! file; `z80:LEVEL@FILE` a program of its own, built from a weights file (`.toml`) or frozen
//! (a `.bin` or `.dsk` that `cpc-othello build` wrote, with the `.json` symbol file beside it);
//! `ref:LEVEL@FILE.toml` the reference engine with those weights. So two weights files, or a
//! new build and an old one, can play each other.

use std::path::Path;

use othello_engine::weights::Weights;

use super::spec::EngineSpec;
use super::{build_image, Engine, MatchError};
use cpc_game::driver::transcript::symbols_beside;
use cpc_game::Image;

/// The weights and program of one engine.
#[derive(Clone)]
pub struct Side {
    /// The reference engine's weights, and for a Z80 program the level definitions (its
    /// budget); a frozen program plays with the weights built into it.
    pub weights: Weights,
    /// The Z80 program of a `z80:` engine.
    pub image: Option<Image>,
}

/// Where an engine's `@FILE` comes from.
enum Source<'a> {
    Toml(&'a Path),
    Binary(&'a Path),
    Disc(&'a Path),
}

fn source(path: &Path) -> Result<Source<'_>, String> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
    {
        Some(e) if e == "toml" => Ok(Source::Toml(path)),
        Some(e) if e == "bin" => Ok(Source::Binary(path)),
        Some(e) if e == "dsk" => Ok(Source::Disc(path)),
        _ => Err(format!(
            "{}: expected a weights file (.toml) or a build of the game (.bin or .dsk, with \
             its .json symbol file beside it)",
            path.display()
        )),
    }
}

/// The side of `engine`: the match's `weights` (named `origin`) unless it names a file of its
/// own. `shared` caches the program built from the match's weights, so that it is built once.
///
/// # Errors
/// [`MatchError::Engine`] for a file that cannot be used, [`MatchError::Build`] for one that
/// does not build.
pub fn resolve(
    engine: &Engine,
    weights: &Weights,
    origin: &str,
    shared: &mut Option<Image>,
) -> Result<Side, MatchError> {
    let fail = |why: String| MatchError::Engine {
        engine: engine.label.clone(),
        why,
    };
    let z80 = matches!(engine.spec, EngineSpec::Z80(_));
    let Some(path) = &engine.from else {
        let image = if z80 {
            if shared.is_none() {
                *shared = Some(build_image(weights, origin)?);
            }
            shared.clone()
        } else {
            None
        };
        return Ok(Side {
            weights: weights.clone(),
            image,
        });
    };
    match (source(path).map_err(fail)?, z80) {
        (Source::Toml(file), _) => {
            let own = Weights::load(file).map_err(|e| fail(e.to_string()))?;
            let image = if z80 {
                Some(build_image(&own, &file.display().to_string())?)
            } else {
                None
            };
            Ok(Side {
                weights: own,
                image,
            })
        }
        (_, false) => Err(fail(format!(
            "{}: the reference engine takes a weights file (.toml)",
            path.display()
        ))),
        (Source::Binary(bin), true) => {
            let image =
                Image::from_files(bin, &symbols_beside(bin)).map_err(|e| fail(e.to_string()))?;
            Ok(Side {
                weights: weights.clone(),
                image: Some(image),
            })
        }
        (Source::Disc(dsk), true) => Ok(Side {
            weights: weights.clone(),
            image: Some(Image::from_disc(dsk).map_err(|e| fail(e.to_string()))?),
        }),
    }
}
