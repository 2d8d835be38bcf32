# The committed cost report (synth/out, written by `make synth`) answers
# issue 16's acceptance: every parameter point of every block is costed
# (configs/blocks/<block>/<point>.json has a record in synth/out/<block>.json
# with an OpenSTA Fmax), and every block with a seed cost figure
# (synth/seed_costs.tsv) is within 2x of it or has a structural reason
# written in synth/out/summary.md. The summary is rebuilt from the JSON into
# TMP and must match the committed one (so it is not stale).
. tests/lib.sh
for t in yosys sta gnuplot; do
  command -v $t >/dev/null || { echo "SKIP: $t not installed (scripts/deps.sh synth plot)"; exit 77; }
done

# every point costed
for cfg in configs/blocks/*/; do
  b=$(basename "$cfg"); j=synth/out/$b.json
  [ -f "$j" ] || fail "$b: no synth/out/$b.json (run make synth)"
  for p in "$cfg"*.json; do
    p=$(basename "$p" .json)
    line=$(grep "^    {\"point\": \"$p\"," "$j") || fail "$b: point $p not costed in $j"
    echo "$line" | grep -q '"fmax_mhz": [0-9]' || fail "$b $p: no OpenSTA Fmax"
    echo "$line" | grep -q '"total_area_um2": [0-9]' || fail "$b $p: no total area"
  done
done

# the summary, rebuilt
mkdir -p "$TMP/out"
cp synth/out/*.json "$TMP/out/"
SYNTH_OUT=$TMP/out expect_rc 0 synth/summary.sh
diff -q "$TMP/out/summary.md" synth/out/summary.md >/dev/null \
  || fail "synth/out/summary.md is stale: synth/summary.sh writes something else from the same JSON"

# every seeded figure within 2x, or a reason given (seed_costs.tsv) and shown
# in the summary. (awk: a tab-separated row may have empty fields.)
awk -F'\t' -v sum=synth/out/summary.md '
    BEGIN { while ((getline l < sum) > 0) summary = summary "\n" l }
    { n++
      if ($5 == "") { print $1 " " $2 ": not costed"; bad = 1; next }
      if ($6 >= 0.5 && $6 <= 2) next
      if ($9 == "") { print $1 " " $2 ": " $6 "x the seed (" $3 " um2, " $4 ") and no reason in synth/seed_costs.tsv"; bad = 1; next }
      if (index(summary, "**" $1 " " $2 "** (" $6 "×): " $9) == 0) { print $1 " " $2 ": its reason is not in summary.md"; bad = 1 } }
    END { if (n < 8) { print "only " n " seeded figures compared"; bad = 1 }; exit bad }' \
  "$TMP/out/seed_ratio.tsv" > "$TMP/bad" || fail "$(cat "$TMP/bad")"
exit 0
