//! Rules the sources keep, read from the files: no module circles inside a crate
//! ([`module_graph`]), the game's assembler sources in the subset WinAPE and RASM read too
//! ([`portable_sources`], with the lint itself in [`portable`]), and nothing outside the
//! repository ([`self_contained`]).

mod module_graph;
mod portable;
mod portable_sources;
mod self_contained;
