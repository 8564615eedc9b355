//! The bias the generated tables add to their bytes, shared by `linetab.inc` and
//! `edgetab.inc` (the edge table's unpacking adds to `lt_len8`'s bytes, so both must agree).

/// Minus a table's smallest value, so that its bytes are unsigned and as small as they can
/// be (the weights file keeps every share within -SHARE_LIMIT..SHARE_LIMIT, docs/ai.md 2, so
/// a byte never exceeds 2 * SHARE_LIMIT).
pub(super) fn bias(t: &[i32]) -> i32 {
    -t.iter().copied().min().unwrap_or(0)
}
