//! Integration tests of cpc-dsk: one binary, one module per concern.

/// Images built from the reference document, independent of the crate's writer.
mod spec;

/// Refusals: disc full, directory full, duplicates, names, users, attributes.
mod limits;
/// No input makes the reader panic.
mod props;
/// Images as other tools write them: interleave, 42 tracks, SYSTEM, two sides, damage.
mod reader;
/// Put-then-get round trips at the size boundaries, full disc, 64 files.
mod roundtrip;
/// What the writer puts in the image and the header, byte by byte.
mod writer;
