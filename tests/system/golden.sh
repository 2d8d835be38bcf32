# Golden-model regression: every run of tests/golden/runs.txt gives exactly
# the stats kept in tests/golden/stats; a difference is explained value by
# value (gmem diff-stats). scripts/regen-golden.sh rewrites them on purpose.
# The one line left out is run.gmem_version, the build that wrote the file;
# the rest of the run's provenance, the resolved configuration included, is
# compared like the counters.
. tests/lib.sh
strip_version() { grep -v '^[[:space:]]*"gmem_version":' "$1"; }
bad=0
while read -r name config workload; do
  case "$name" in ''|'#'*) continue ;; esac
  want=tests/golden/stats/$name.json
  [ -f "$want" ] || fail "$want is missing (run scripts/regen-golden.sh)"
  expect_rc 0 "$GMEM" run --config "$config" --workload "$workload" --stats "$TMP/$name.json"
  if ! cmp -s <(strip_version "$want") <(strip_version "$TMP/$name.json"); then
    echo "golden $name ($config, $workload) differs:"
    "$GMEM" diff-stats "$want" "$TMP/$name.json" | head -40
    bad=1
  fi
done < tests/golden/runs.txt
[ $bad = 0 ] || fail "stats differ from tests/golden/stats (intended? scripts/regen-golden.sh)"
exit 0
