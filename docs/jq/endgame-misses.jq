# The sides whose exact solve at 14 or 13 empties did not finish, over several `match --json`
# reports: after a check that did not finish either (its CPC s), or on the solve alone (CPC s
# of the seconds left). jq -s -r -f docs/jq/endgame-misses.jq REPORT.json...
[.[] | .games[] | .cpc.black, .cpc.white | select(. != null) | .answers
 | {check: [.[] | select(.empties == 15 or .empties == 16)][0], solve: [.[] | select(.empties == 13 or .empties == 14)][0]}
 | select(.solve != null and .solve.stage != "exact")]
| "exact at 14/13 not finished: \(length) sides; after a check that did not finish either: \(map(select(.check != null and (.check.stage | startswith("wld") | not))) | length) (\(map(select(.check != null and (.check.stage | startswith("wld") | not)) | .check.us / 1e6 | round) | sort | join(", ")) CPC s); on the solve alone: \(map(select(.check == null or (.check.stage | startswith("wld")))) | map(.solve | "\(.us / 1e6 | round) of \(.given_s)") | join(", "))"
