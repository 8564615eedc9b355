//! Reading `match --json` reports for the commands that look at several of them (`elo`,
//! `losses`).

use std::path::PathBuf;

use anyhow::{Context, Result};

/// Each report's name (its path as given) and its parsed JSON.
pub fn read_reports(paths: &[PathBuf]) -> Result<Vec<(String, serde_json::Value)>> {
    paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let value = serde_json::from_str(&text)
                .with_context(|| format!("{} is not JSON", path.display()))?;
            Ok((path.display().to_string(), value))
        })
        .collect()
}
