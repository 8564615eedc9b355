//! Helpers of the browser test: a small WebDriver client, base64, and the CLI's side.

pub mod base64;
pub mod cli;
pub mod webdriver;
