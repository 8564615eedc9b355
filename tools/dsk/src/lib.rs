//! Amstrad CPC `.dsk` disc images and AMSDOS files.
