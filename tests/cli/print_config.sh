# gmem run --print-config prints the configuration as resolved -- the file
# with its --set overrides, every field of the schema, plug-in sections
# included -- as JSON and exits 0 without running (no --workload needed,
# no stats written). Its output is itself a configuration that resolves to
# the same values.
. tests/lib.sh
expect_rc 0 "$GMEM" run --print-config
echo "$OUT" > "$TMP/default.json"
expect_rc 0 "$GMEM" stats-get "$TMP/default.json" name sm.count l1d.c.xor_shift \
  dram.scheduler l2.cart.enable l1d.prefetch.policy milg.enable bpg.interval dts.duel
[ "$OUT" = "$(printf 'default\n16\n0\nfrfcfs\nfalse\nstride\nfalse\n1000\nfalse')" ] ||
  fail "--print-config of the default config gave: $OUT"
# --set overrides show in it; a bad one is still an error
expect_rc 0 "$GMEM" run --config fermi-gtx480 --set l1d.c.ways=8 --set bpg.enable=true \
  --print-config --stats "$TMP/never.json"
echo "$OUT" > "$TMP/fermi.json"
[ -e "$TMP/never.json" ] && fail "--print-config wrote stats"
echo "$OUT" | grep -q '^run ' && fail "--print-config ran the model: $OUT"
expect_rc 0 "$GMEM" stats-get "$TMP/fermi.json" name l1d.c.ways bpg.enable l2.c.ways
[ "$OUT" = "$(printf 'fermi-gtx480\n8\ntrue\n8')" ] || fail "resolved values: $OUT"
expect_rc 2 "$GMEM" run --set l1d.c.ways=99 --print-config
expect_out "^gmem: --set l1d.c.ways=99: \\\$.l1d.c.ways: 99 is out of range"
# the output is a configuration that resolves to itself
expect_rc 0 "$GMEM" run --config "$TMP/fermi.json" --print-config
[ "$OUT" = "$(cat "$TMP/fermi.json")" ] || fail "the printed config does not resolve to itself"
expect_rc 0 "$GMEM" run --help
expect_out "--print-config"
exit 0
