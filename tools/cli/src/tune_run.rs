//! What `tune`'s two ways share (SPSA in `tune_cmd`, the edge fit in `tune_edge_cmd`): Ctrl-C
//! wired to a clean stop, the worker threads, and the notice that the opening book no longer
//! applies to the written file.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::{Context, Result};
use cpc_matches::tune;
use othello_engine::weights::Weights;

/// A flag Ctrl-C sets: the run stops cleanly and writes what it has.
pub(crate) fn stop_on_ctrl_c() -> Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
        .context("cannot catch Ctrl-C")?;
    Ok(stop)
}

/// The worker threads (`None`: all cores).
pub(crate) fn worker_pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")
}

/// Tells the user when the written file no longer matches the shipped opening book.
pub(crate) fn say_if_the_book_no_longer_applies(before: &Weights, after: &Weights, output: &Path) {
    match tune::book_mismatch(after) {
        Some(why) if tune::book_mismatch(before).is_none() => println!(
            "the opening book no longer applies ({why}): the tuned file plays without it; \
             `cpc-othello engine book --generate --weights {}` computes one",
            output.display()
        ),
        _ => {}
    }
}
