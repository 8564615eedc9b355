# Level 7 (25 CPC minutes a side) in one `match --json` report: how its sides ended and how
# its endgame went, one side per game. jq -r -f docs/jq/level7-clock.jq REPORT.json
[.games[] | .cpc.black, .cpc.white | select(. != null)] as $s | ($s | length) as $n
| ($s | map(1500 - .total_us / 1e6)) as $left
| ($s | map([.answers[] | select(.empties == 15 or .empties == 16)][0] | select(.) | .stage | startswith("wld"))) as $chk
| ($s | map([.answers[] | select(.empties == 13 or .empties == 14)][0] | select(.) | .stage == "exact")) as $ex
| "\($n) sides: < 10 s \($left | map(select(. < 10)) | length), < 30 s \($left | map(select(. < 30)) | length), unused median \($left | sort | .[$n / 2 | floor] | round) s; check at 16/15 answered \($chk | map(select(.)) | length) of \($chk | length); exact at 14/13 finished \($ex | map(select(.)) | length) of \($ex | length)"
