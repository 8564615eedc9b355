//! The progress bar of the long commands (`verify`, `match`): a [`Progress`] on stderr,
//! hidden when stderr is not a terminal.

use std::io::IsTerminal;
use std::time::Duration;

use cpc_verify::Progress;
use indicatif::{ProgressBar, ProgressStyle};

/// A progress bar; `template` is indicatif's (`{msg}`: the phase).
pub struct Bar(ProgressBar);

impl Bar {
    /// A bar drawn with `template`, ticking on its own.
    pub fn new(template: &str) -> Bar {
        let bar = if std::io::stderr().is_terminal() {
            ProgressBar::new(0)
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(
            ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        Bar(bar)
    }

    /// A line above the bar (on stderr as it is when the bar is hidden).
    pub fn warn(&self, text: &str) {
        if self.0.is_hidden() {
            eprintln!("{text}");
        } else {
            self.0.println(text);
        }
    }

    /// Takes the bar off the screen.
    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}

impl Progress for Bar {
    fn phase(&self, name: &str, total: u64) {
        self.0.set_length(total);
        self.0.set_position(0);
        self.0.set_message(name.to_string());
        self.0.reset_eta();
    }

    fn advance(&self, n: u64) {
        self.0.inc(n);
    }

    fn note(&self, text: &str) {
        self.0.set_message(text.to_string());
    }
}
