//! What a match's `--black`/`--white` text names: `z80:LEVEL` (the Z80 program in the
//! bundled emulator), `ref:LEVEL` (the reference engine) or any other text, a GTP program's
//! command line, split as a POSIX shell splits words (quotes and backslashes, nothing else).

use std::path::{Path, PathBuf};

/// Where a program not found on `PATH` is also looked for (Debian puts games there and
/// leaves it off the `PATH` of many accounts).
pub const GAMES_DIR: &str = "/usr/games";

/// One side of a match, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineSpec {
    /// The Z80 program's `ai_entry` at this level.
    Z80(u8),
    /// `othello_engine::ai::best_move` (book included) at this level.
    Reference(u8),
    /// A GTP program: the path found and its arguments.
    Gtp {
        /// The program (resolved through `PATH` and [`GAMES_DIR`]).
        program: PathBuf,
        /// Its arguments.
        args: Vec<String>,
    },
}

impl EngineSpec {
    /// Parses `text`; a GTP program must exist (a path, on `PATH` or in [`GAMES_DIR`]).
    ///
    /// # Errors
    /// A message saying what is wrong with `text` (the caller names the option).
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        for (prefix, make) in [
            ("z80:", EngineSpec::Z80 as fn(u8) -> EngineSpec),
            ("ref:", EngineSpec::Reference),
        ] {
            if let Some(level) = text.strip_prefix(prefix) {
                return match level.parse::<u8>() {
                    Ok(l) if l > 0 => Ok(make(l)),
                    _ => Err(format!(
                        "expected a level number 1, 2, ... after `{prefix}`"
                    )),
                };
            }
        }
        let words = split_command_line(text)?;
        let Some((name, args)) = words.split_first() else {
            return Err(
                "empty engine: expected `z80:LEVEL`, `ref:LEVEL` or a GTP program's command line"
                    .to_string(),
            );
        };
        let program = find_program(name).ok_or_else(|| {
            format!(
                "no program `{name}` (not `z80:LEVEL` or `ref:LEVEL`, so a GTP program; looked \
                 on PATH and in {GAMES_DIR})"
            )
        })?;
        Ok(EngineSpec::Gtp {
            program,
            args: args.to_vec(),
        })
    }

    /// The level of a `z80:` or `ref:` engine.
    #[must_use]
    pub fn level(&self) -> Option<u8> {
        match self {
            EngineSpec::Z80(l) | EngineSpec::Reference(l) => Some(*l),
            EngineSpec::Gtp { .. } => None,
        }
    }
}

/// Splits `text` into words as a POSIX shell would, without expansions: blanks separate
/// words, `'...'` is literal, `"..."` is literal but for `\"`, `\\`, `\$` and `` \` ``, and a
/// backslash outside quotes takes the next character literally.
///
/// # Errors
/// An unterminated quote or a trailing backslash.
pub fn split_command_line(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("unterminated `'` quote".to_string()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err("unterminated `\"` quote".to_string()),
                        },
                        Some(c) => w.push(c),
                        None => return Err("unterminated `\"` quote".to_string()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("a `\\` at the end escapes nothing".to_string()),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// The program `name`: as given when it holds a `/`, otherwise the first executable file of
/// that name on `PATH`, then in [`GAMES_DIR`].
#[must_use]
pub fn find_program(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        let path = PathBuf::from(name);
        return is_executable(&path).then_some(path);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(std::iter::once(PathBuf::from(GAMES_DIR)))
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<String> {
        split_command_line(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(split("gtp-rhino -l 1"), ["gtp-rhino", "-l", "1"]);
        assert_eq!(split("  a\t b  "), ["a", "b"]);
        assert_eq!(
            split("edax --book 'my book.dat'"),
            ["edax", "--book", "my book.dat"]
        );
        assert_eq!(split(r#"x "a \"b\" \n" c"#), ["x", r#"a "b" \n"#, "c"]);
        assert_eq!(split(r"a\ b c"), ["a b", "c"]);
        assert_eq!(split("a''b \"\""), ["ab", ""]);
        assert_eq!(split(""), Vec::<String>::new());
    }

    #[test]
    fn refuses_what_a_shell_refuses() {
        assert_eq!(
            split_command_line("a 'b"),
            Err("unterminated `'` quote".to_string())
        );
        assert_eq!(
            split_command_line("a \"b\\"),
            Err("unterminated `\"` quote".to_string())
        );
        assert!(split_command_line("a\\").is_err());
    }

    #[test]
    fn parses_the_three_kinds() {
        assert_eq!(EngineSpec::parse("z80:6"), Ok(EngineSpec::Z80(6)));
        assert_eq!(EngineSpec::parse("ref:2"), Ok(EngineSpec::Reference(2)));
        for bad in ["z80:", "z80:0", "ref:x", "ref:-1", "z80:300"] {
            let err = EngineSpec::parse(bad).unwrap_err();
            assert!(err.contains("expected a level number"), "{bad}: {err}");
        }
        // `sh` is on every PATH a test runs with.
        let EngineSpec::Gtp { program, args } = EngineSpec::parse("sh -c 'exit 0'").unwrap() else {
            panic!("not a GTP program");
        };
        assert!(program.ends_with("sh"), "{}", program.display());
        assert_eq!(args, ["-c", "exit 0"]);
        let err = EngineSpec::parse("no-such-program-here -x").unwrap_err();
        assert!(err.contains("no program `no-such-program-here`"), "{err}");
        assert!(EngineSpec::parse("  ")
            .unwrap_err()
            .contains("empty engine"));
        assert!(EngineSpec::parse("/nonexistent/prog").is_err());
    }
}
