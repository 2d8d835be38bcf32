# Every stats report says what made it: run.gmem_version (the build's git
# describe), run.config_file, run.config (the configuration as resolved,
# every field), run.sets (the overrides as given), run.max_cycles and
# run.end (completed, max_cycles, ...), beside the top-level workload (the
# canonical spec) and seed.
. tests/lib.sh
expect_rc 0 "$GMEM" --version
version=${OUT#gmem }
expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload atax:n=64 --seed 7 \
  --set l1d.c.alloc=on_fill --set 'l2.c={"ways": 16}' --stats "$TMP/s.json"
expect_rc 0 "$GMEM" stats-get "$TMP/s.json" run.gmem_version run.end run.max_cycles \
  run.config_file run.sets workload seed
[ "$OUT" = "$(printf '%s\n' "$version" completed 50000000 "$PWD/configs/fermi-gtx480.json" \
  '["l1d.c.alloc=on_fill","l2.c={\"ways\": 16}"]' atax:n=64,tb=256 7)" ] ||
  fail "run provenance: $OUT"
# run.config is --print-config's configuration, value for value
expect_rc 0 "$GMEM" stats-get "$TMP/s.json" run.config
echo "$OUT" > "$TMP/resolved.json"
expect_rc 0 "$GMEM" run --config fermi-gtx480 --set l1d.c.alloc=on_fill \
  --set 'l2.c={"ways": 16}' --print-config
echo "$OUT" > "$TMP/printed.json"
expect_rc 0 "$GMEM" diff-stats "$TMP/printed.json" "$TMP/resolved.json"
expect_rc 0 "$GMEM" stats-get "$TMP/s.json" run.config.l1d.c.alloc run.config.l2.c.ways \
  run.config.l1d.prefetch.enable
[ "$OUT" = "$(printf 'on_fill\n16\nfalse')" ] || fail "run.config: $OUT"
# a config built on a base: run.config_file is the file given, run.config
# the chain resolved (every field, no "base")
expect_rc 0 "$GMEM" run --config fermi-gtx480-mdb --workload atax:n=64 --stats "$TMP/b.json"
expect_rc 0 "$GMEM" stats-get "$TMP/b.json" run.config_file run.config.name run.config.bpg.enable \
  run.config.sm.count config
[ "$OUT" = "$(printf '%s\n' "$PWD/configs/fermi-gtx480-mdb.json" fermi-gtx480-mdb true 15 \
  fermi-gtx480-mdb)" ] || fail "provenance of a derived config: $OUT"
expect_rc 2 "$GMEM" stats-get "$TMP/b.json" run.config.base
expect_out "no value at run.config.base"
# a run cut by --max-cycles says so
"$GMEM" run --workload atax:n=512 --max-cycles 1000 --stats "$TMP/m.json" >/dev/null 2>&1
expect_rc 0 "$GMEM" stats-get "$TMP/m.json" run.end run.max_cycles cycles
[ "$OUT" = "$(printf 'max_cycles\n1000\n1000')" ] || fail "a capped run: $OUT"
exit 0
