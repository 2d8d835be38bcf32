# The costing flow on a block: a JSON report with every field, positive
# area and critical path, one record per parameter point; and LIBERTY=
# really changes the library (a copy with doubled cell areas doubles area);
# the points start longest first by the last run's times.
. tests/lib.sh
for t in yosys yosys-abc sta; do
  command -v $t >/dev/null || { echo "SKIP: $t not installed (scripts/deps.sh synth)"; exit 77; }
done
export SYNTH_OUT=$TMP/out GMEM
expect_rc 0 synth/run.sh milg
j=$TMP/out/milg.json
for k in block params cells flops area_um2 crit_path_ps liberty points; do
  grep -q "\"$k\"" "$j" || fail "milg.json lacks $k"
done
area=$(sed -n 's/^  "area_um2": \([0-9.]*\),$/\1/p' "$j")
crit=$(sed -n 's/^  "crit_path_ps": \([0-9.]*\),$/\1/p' "$j")
awk -v a="$area" -v c="$crit" 'BEGIN { exit !(a > 0 && c > 0) }' || fail "area $area, crit $crit"
[ "$(grep -c '"point":' "$j")" = 2 ] || fail "expected 2 points"
# Points run longest first by the last run's times (new points first):
# with zero_hold's made the longer, it starts before default.
[ "$(echo "$OUT" | grep -m1 '^synth: milg [a-z_]*$')" = "synth: milg default" ] \
  || fail "with no earlier times, default did not start first"
sed -i 's/\("point": "zero_hold".*"runtime_s": {[^}]*"total": \)[0-9]*/\1999/' "$j"
grep -q '"total": 999}' "$j" || fail "could not set zero_hold's time"
SYNTH_JOBS=1 expect_rc 0 synth/run.sh milg
[ "$(echo "$OUT" | grep -m1 '^synth: milg [a-z_]*$')" = "synth: milg zero_hold" ] \
  || fail "the point that took longest last time did not start first"
awk '/area :/ { sub(/[0-9.]+/, $3 * 2) } { print }' synth/lib/gmem45.lib > "$TMP/double.lib"
LIBERTY=$TMP/double.lib SYNTH_OUT=$TMP/out2 expect_rc 0 synth/run.sh milg
area2=$(sed -n 's/^  "area_um2": \([0-9.]*\),$/\1/p' "$TMP/out2/milg.json")
awk -v a="$area" -v b="$area2" 'BEGIN { exit !(b > 1.9 * a && b < 2.1 * a) }' \
  || fail "doubled cell areas gave $area2 against $area"
grep -q "double.lib" "$TMP/out2/milg.json" || fail "the report does not name LIBERTY"
expect_rc 1 synth/run.sh nosuchblock
exit 0
