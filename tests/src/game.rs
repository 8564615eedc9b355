//! The game of `cpc/`, built once per test process: the image with the shipped weights that
//! every test of the program shares ([`default_image`]), and a build with other weights for
//! the tests that need one ([`image`]).

use std::sync::OnceLock;

use cpc_game::program::assemble_game;
use cpc_game::sources::default_dir;
use cpc_game::{GameImage, Image};
use othello_engine::weights::Weights;

/// The game of `cpc/` assembled with `weights` (`origin` names the weights file in the header
/// of `weights.inc`: a comment, the bytes do not depend on it); panics when it does not build.
pub fn build(weights: &Weights, origin: &str) -> GameImage {
    assemble_game(&default_dir(), weights, origin)
        .unwrap_or_else(|e| panic!("the game does not build:\n{e}"))
}

/// [`build`] as an image to boot.
pub fn image(weights: &Weights, origin: &str) -> Image {
    Image::from_game(&build(weights, origin)).unwrap_or_else(|e| panic!("{e}"))
}

/// The game with the shipped weights (`cpc/weights.toml`), built on first use and shared by
/// every test of the process.
pub fn default_image() -> &'static Image {
    static DEFAULT: OnceLock<Image> = OnceLock::new();
    DEFAULT.get_or_init(|| image(&Weights::default(), "cpc/weights.toml"))
}
