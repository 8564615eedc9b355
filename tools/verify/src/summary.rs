//! What `cpc-othello verify` prints and keeps of a run: its options read back (`--levels`,
//! the command lines that reproduce a mismatch), the summary text, the MAME disc and
//! screenshots. Here rather than in the CLI so that the CLI only parses and prints, and so
//! that the summary can be tested without running the binary.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use cpc_game::{media, BuildError, Image};
use cpc_mame::roms::Roms;
use othello_engine::notation::to_position_string;

use crate::report::{reproduce, stopped_text, Invocation};
use crate::{Levels, MameConfig, Report};

impl Levels {
    /// `--levels`: `all`, or a comma-separated list of levels from 1.
    pub fn parse(text: &str) -> Result<Levels, String> {
        if text.trim().eq_ignore_ascii_case("all") {
            return Ok(Levels::All);
        }
        let list = text
            .split(',')
            .map(|part| {
                let part = part.trim();
                part.parse::<u8>().ok().filter(|&l| l > 0).ok_or_else(|| {
                    format!("--levels: `{part}` is not a level (1, 2, ... or `all`)")
                })
            })
            .collect::<Result<Vec<u8>, String>>()?;
        Ok(Levels::List(list))
    }
}

impl MameConfig {
    /// `games` MAME games per level of `image` with `roms`, in the scratch directory `dir`:
    /// the program's disc is written there (`othello.dsk`), MAME's files go under `mame/`.
    pub fn in_dir(
        image: &Image,
        games: usize,
        roms: Roms,
        dir: &Path,
    ) -> Result<MameConfig, BuildError> {
        let dsk = dir.join("othello.dsk");
        media::write(&dsk, &media::dsk(image.program())?)?;
        Ok(MameConfig {
            games,
            dsk,
            roms,
            work: dir.join("mame"),
        })
    }
}

/// How a run was asked for: the options the summary and the reproducing commands name.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// `--weights` as given.
    pub weights: Option<PathBuf>,
    /// The weights file read (`--weights`, or the one of the sources directory).
    pub weights_path: PathBuf,
    /// `--sources` as given.
    pub sources: Option<PathBuf>,
    /// `--program` and `--symbols`: a built program checked instead of the sources.
    pub program: Option<(PathBuf, PathBuf)>,
    /// `--machine`: `6128` or `464`.
    pub machine: String,
    /// `--positions`.
    pub positions: usize,
    /// `--seed`.
    pub seed: u64,
    /// `--deep-positions` as given.
    pub deep_positions: Option<usize>,
    /// `--time` as given.
    pub time: Option<u16>,
}

impl RunOptions {
    /// The run's options as the reproducing commands repeat them.
    #[must_use]
    pub fn invocation(&self) -> Invocation {
        let mut verify = String::from("cpc-othello verify");
        let mut engine_weights = String::new();
        if let Some(w) = &self.weights {
            verify.push_str(&format!(" --weights {}", w.display()));
            engine_weights = format!(" --weights {}", w.display());
        } else if self.sources.is_some() {
            engine_weights = format!(" --weights {}", self.weights_path.display());
        }
        if let Some(s) = &self.sources {
            verify.push_str(&format!(" --sources {}", s.display()));
        }
        if let Some((p, s)) = &self.program {
            verify.push_str(&format!(
                " --program {} --symbols {}",
                p.display(),
                s.display()
            ));
        }
        let mut options = String::new();
        if let Some(n) = self.deep_positions {
            options.push_str(&format!(" --deep-positions {n}"));
        }
        if let Some(t) = self.time {
            options.push_str(&format!(" --time {t}"));
        }
        Invocation {
            verify,
            engine_weights,
            positions: self.positions,
            seed: self.seed,
            options,
        }
    }
}

impl Report {
    /// The text `verify` prints: what ran, the table, speeds, MAME games, stopped answers,
    /// levels not implemented, and the first mismatch with the commands that reproduce it.
    #[must_use]
    pub fn summary(&self, run: &RunOptions, threads: usize) -> String {
        // Writing to a String cannot fail.
        let mut out = String::new();
        let program = match &run.program {
            Some((p, _)) => p.display().to_string(),
            None => "the sources, built in memory".into(),
        };
        let _ = writeln!(
            out,
            "verify: {program} with weights {} against the reference engine on a CPC {} (seed {}, \
             {threads} threads)\n",
            run.weights_path.display(),
            run.machine,
            run.seed
        );
        out.push_str(&self.table());
        let _ = writeln!(
            out,
            "\n{} positions in {:.2} s: {:.0} positions/s; games in {:.2} s",
            self.positions,
            self.position_seconds,
            self.positions_per_second(),
            self.game_seconds
        );
        for r in &self.mame {
            let table = r.table.map_or(String::new(), |t| format!(", table in {t}"));
            let _ = writeln!(
                out,
                "MAME {}: {}: {} plies, {} frames, {:.1} s{table}",
                r.machine, r.game, r.plies, r.frames, r.wall_seconds
            );
        }
        let plural = |list: &[u8]| if list.len() == 1 { "" } else { "s" };
        let listed = |list: &[u8]| {
            list.iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !self.mame_skipped.is_empty() {
            let _ = writeln!(
                out,
                "MAME: no games at level{} {} (a budget: the computer plays by its clock, so its \
                 moves cannot be typed in advance)",
                plural(&self.mame_skipped),
                listed(&self.mame_skipped)
            );
        }
        let how = run.invocation();
        if self.stopped_count > 0 {
            let _ = writeln!(
                out,
                "{} answers stopped before any stage was complete (ai_depth &FE: a legal move, \
                 not compared); the first:",
                self.stopped_count
            );
            for s in self.stopped.iter().take(5) {
                let _ = writeln!(out, "  {}", stopped_text(s, &how));
            }
        }
        if !self.not_implemented.is_empty() {
            let _ = writeln!(
                out,
                "level{} {}: not implemented in the Z80 program{}",
                plural(&self.not_implemented),
                listed(&self.not_implemented),
                if self.levels_listed {
                    " (asked for: the run fails)"
                } else {
                    ""
                }
            );
        }
        let Some(first) = self.first_mismatch() else {
            if self.passed() {
                out.push_str("0 mismatches\n");
            }
            return out;
        };
        let _ = writeln!(out, "\n{} MISMATCHES; the first:", self.mismatch_count);
        let _ = writeln!(out, "  what:      {}", first.kind.name());
        if let Some(level) = first.level {
            let _ = writeln!(out, "  level:     {level}");
        }
        let _ = writeln!(out, "  where:     {}", first.origin);
        let _ = writeln!(out, "  position:  {}", to_position_string(&first.board));
        if !first.moves.is_empty() {
            let _ = writeln!(
                out,
                "  game:      {}",
                crate::game::plies_text(&first.moves)
            );
        }
        let _ = writeln!(out, "  Z80:       {}", first.z80);
        let _ = writeln!(out, "  reference: {}", first.reference);
        out.push_str("  reproduce:\n");
        for command in reproduce(first, &how) {
            let _ = writeln!(out, "    {command}");
        }
        out
    }

    /// Copies the MAME games' final screenshots next to the JSON report `json`
    /// (`<stem>-<machine>-<n>.png`), where the report then points; a warning for each one
    /// that could not be copied (the report then names none).
    pub fn keep_screenshots(&mut self, json: &Path) -> Vec<String> {
        let dir = json
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let stem = json
            .file_stem()
            .map_or_else(|| "verify".into(), |s| s.to_string_lossy().into_owned());
        let mut warnings = Vec::new();
        for (i, game) in self.mame.iter_mut().enumerate() {
            if let Some(shot) = &game.screenshot {
                let keep = dir.join(format!("{stem}-{}-{}.png", game.machine, i + 1));
                game.screenshot = match std::fs::copy(shot, &keep) {
                    Ok(_) => Some(keep.display().to_string()),
                    Err(e) => {
                        warnings.push(format!(
                            "warning: {shot}: cannot copy to {}: {e}",
                            keep.display()
                        ));
                        None
                    }
                };
            }
        }
        warnings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_all_or_a_list() {
        assert_eq!(Levels::parse(" ALL "), Ok(Levels::All));
        assert_eq!(Levels::parse("1, 2,7"), Ok(Levels::List(vec![1, 2, 7])));
        for bad in ["0", "1,,2", "x", "256"] {
            let err = Levels::parse(bad).unwrap_err();
            assert!(err.starts_with("--levels: `"), "{bad}: {err}");
        }
    }

    #[test]
    fn the_reproducing_commands_repeat_the_options_that_choose_the_program() {
        let run = RunOptions {
            weights_path: "cpc/weights.toml".into(),
            sources: Some("my-src".into()),
            positions: 50,
            seed: 3,
            time: Some(20),
            ..RunOptions::default()
        };
        let how = run.invocation();
        assert_eq!(how.verify, "cpc-othello verify --sources my-src");
        assert_eq!(how.engine_weights, " --weights cpc/weights.toml");
        assert_eq!(how.options, " --time 20");
        let run = RunOptions {
            weights: Some("w.toml".into()),
            program: Some(("g.bin".into(), "g.json".into())),
            deep_positions: Some(10),
            ..run
        };
        let how = run.invocation();
        assert_eq!(
            how.verify,
            "cpc-othello verify --weights w.toml --sources my-src --program g.bin --symbols g.json"
        );
        assert_eq!(how.engine_weights, " --weights w.toml");
        assert_eq!(how.options, " --deep-positions 10 --time 20");
        assert_eq!((how.positions, how.seed), (50, 3));
    }
}
