#!/bin/sh
# Rebuilds the trial weights files of docs/trials-53.md from cpc/weights.toml and the fitted
# tables here: no opening book on either side (plies = 0), everything else as shipped.
# Usage: sh docs/trials53/make-trials.sh OUT_DIR   (from the workspace root)
set -e
out=${1:?OUT_DIR}
mkdir -p "$out"
# The trials' base had no edge table (cpc/weights.toml has one since the second step): cut it.
sed -e 's/^plies = 8 .*/plies = 0/' -e '/^\[edge\]/,$d' cpc/weights.toml > "$out/base.toml"
t=docs/trials53
cat "$out/base.toml" "$t/edge-edge-byte.toml" > "$out/edge-byte.toml"
cat "$out/base.toml" "$t/edge-both-byte.toml" "$t/corner-both.toml" > "$out/both-byte.toml"
cat "$out/base.toml" "$t/corner-both.toml" > "$out/corner-both-only.toml"
sed 's/^\[search\]$/[search]\nstability = 10/' "$out/base.toml" > "$out/stab10.toml"
sed 's/^\[search\]$/[search]\nparity = 8/' "$out/base.toml" > "$out/par8.toml"
