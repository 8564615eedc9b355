//! How a long run over the program (`verify`, a match, `tune`) tells what it has done: the
//! libraries call a [`Progress`], the command line draws it as a bar.

/// Told how far a run is.
pub trait Progress: Sync {
    /// A new phase of `total` steps begins.
    fn phase(&self, name: &str, total: u64);
    /// `n` more steps are done.
    fn advance(&self, n: u64);
    /// A short running result to show beside the bar (a match's score and Elo).
    fn note(&self, _text: &str) {}
}

/// A [`Progress`] that shows nothing.
pub struct Silent;

impl Progress for Silent {
    fn phase(&self, _: &str, _: u64) {}
    fn advance(&self, _: u64) {}
}
