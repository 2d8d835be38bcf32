# Golden-model regression: every run of tests/golden/runs.txt gives exactly
# the stats kept in tests/golden/stats; a difference is explained value by
# value (gmem diff-stats). scripts/regen-golden.sh rewrites them on purpose.
. tests/lib.sh
bad=0
while read -r name config workload; do
  case "$name" in ''|'#'*) continue ;; esac
  want=tests/golden/stats/$name.json
  [ -f "$want" ] || fail "$want is missing (run scripts/regen-golden.sh)"
  expect_rc 0 "$GMEM" run --config "$config" --workload "$workload" --stats "$TMP/$name.json"
  if ! cmp -s "$want" "$TMP/$name.json"; then
    echo "golden $name ($config, $workload) differs:"
    "$GMEM" diff-stats "$want" "$TMP/$name.json" | head -40
    bad=1
  fi
done < tests/golden/runs.txt
[ $bad = 0 ] || fail "stats differ from tests/golden/stats (intended? scripts/regen-golden.sh)"
exit 0
