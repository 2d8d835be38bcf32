# gmem run --isolated (cmodel/corun.c): STP and ANTT of a pair against its
# members alone (seed-000 §6.5), Warped-Slicer's profiled sweet point and
# SMK-(P+W)'s derived quotas, the cache of the runs alone, bad input.
. tests/lib.sh
P=pair:bp:in=16384+sv:rows=8192
CK=(--config maxwell-ch4 --set ck.enable=true --set ck.window=30000)
get() { jq -r "$2" "$TMP/$1.json"; }
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 1e-5 && d > -1e-5) }'; }

expect_rc 0 "$GMEM" run "${CK[@]}" --workload $P --isolated --isolated-cache "$TMP/cache" \
  --stats "$TMP/even.json"
[ "$(ls "$TMP/cache" | wc -l)" = 2 ] || fail "expected 2 cache entries: $(ls "$TMP/cache")"
# "isolated": the member alone on the whole GPU for the same window
# (relaunched when it finishes), IPC = thread instructions / window.
for k in 0 1; do
  m=$(get even ".ck.members[$k]")
  expect_rc 0 "$GMEM" run "${CK[@]}" --workload "$m" --stats "$TMP/alone$k.json"
  near "$(get alone$k '.thread_instructions / .cycles')" "$(get even ".ck.ipc_isolated[$k]")" ||
    fail "member $k alone: $(get alone$k '.thread_instructions / .cycles') vs $(get even .ck)"
  near "$(get even ".ck.ipc_corun[$k] / .ck.ipc_isolated[$k]")" "$(get even ".ck.norm_ipc[$k]")" ||
    fail "norm_ipc[$k]: $(get even .ck)"
done
# the co-run IPC of a member: its kernels' thread instructions over the window
near "$(get even '[.kernels[0,1].thread_instructions] | add / 30000')" "$(get even '.ck.ipc_corun[0]')" ||
  fail "ipc_corun[0]: $(get even .ck)"
near "$(get even '.ck.norm_ipc | add')" "$(get even .ck.stp)" || fail "STP: $(get even .ck)"
near "$(get even '.ck.norm_ipc | map(1 / .) | add / 2')" "$(get even .ck.antt)" || fail "ANTT: $(get even .ck)"
# the cache: the same stats, no new entry
expect_rc 0 "$GMEM" run "${CK[@]}" --workload $P --isolated --isolated-cache "$TMP/cache" \
  --stats "$TMP/again.json"
cmp -s <(grep -v gmem_version "$TMP/even.json") <(grep -v gmem_version "$TMP/again.json") ||
  fail "a cached rerun differs"
[ "$(ls "$TMP/cache" | wc -l)" = 2 ] || fail "a cached rerun added entries"
# without a cache the same numbers
expect_rc 0 "$GMEM" run "${CK[@]}" --workload $P --isolated --stats "$TMP/nocache.json"
[ "$(get nocache .ck.stp)" = "$(get even .ck.stp)" ] || fail "cache changed STP"

# Warped-Slicer: each member's curve has a point per CTA count one SM
# holds (bp 11: 22 registers x 256 threads; sv 16: CTA slots); the sweet
# point fits one SM and maximizes the sum of curve / curve's best.
expect_rc 0 "$GMEM" run "${CK[@]}" --set ck.policy=ws --set ck.profile_cycles=10000 \
  --workload $P --isolated --isolated-cache "$TMP/cache" --stats "$TMP/ws.json"
[ "$(get ws '.ck.ws.curves | map(length) | tostring')" = "[11,16]" ] || fail "ws curves: $(get ws .ck.ws)"
[ "$(get ws '.ck.tbs == .ck.ws.partition')" = true ] || fail "ws: partition not applied: $(get ws .ck)"
best=$(get ws '.ck.ws.curves as $c | [range(1; 12) as $a | range(1; 17) as $b
  | select(8 * $a + 4 * $b <= 96 and 256 * $a + 128 * $b <= 3072 and $a + $b <= 16
           and 5632 * $a + 2048 * $b <= 65536)
  | ($c[0][$a - 1] / ($c[0] | max)) + ($c[1][$b - 1] / ($c[1] | max))] | max')
near "$best" "$(get ws .ck.ws.predicted_stp)" || fail "ws: best sum $best, picked $(get ws .ck.ws)"

# SMK-(P+W): quota = warp instructions per SM alone in ck.epoch cycles
expect_rc 0 "$GMEM" run "${CK[@]}" --set ck.policy=smk_pw --set ck.epoch=1000 \
  --workload $P --isolated --isolated-cache "$TMP/cache" --stats "$TMP/pw.json"
for k in 0 1; do
  want=$(get alone$k '(.warp_instructions * 1000 / (30000 * 16)) + 0.5 | floor')
  [ "$(get pw ".ck.quota[$k]")" = "$want" ] || fail "quota $k: $(get pw .ck.quota), want $want"
done

# --isolated-config: the runs alone on another configuration (and not the
# run's --set list): a DMIL co-run measured against the members without it
expect_rc 0 "$GMEM" run "${CK[@]}" --set milg.enable=true --workload $P --isolated \
  --isolated-config maxwell-ch4 --isolated-cache "$TMP/cache" --stats "$TMP/dmil.json"
[ "$(get dmil .ck.ipc_isolated)" = "$(get even .ck.ipc_isolated)" ] ||
  fail "--isolated-config: $(get dmil .ck.ipc_isolated) vs $(get even .ck.ipc_isolated)"

# a triple: three members
expect_rc 0 "$GMEM" run "${CK[@]}" --workload triple:pf+bp:in=16384+sv:rows=8192 --isolated \
  --isolated-cache "$TMP/cache" --stats "$TMP/tri.json"
[ "$(get tri '.ck.norm_ipc | length')" = 3 ] || fail "triple: $(get tri .ck)"
near "$(get tri '.ck.norm_ipc | add')" "$(get tri .ck.stp)" || fail "triple STP"

# bad input
expect_rc 2 "$GMEM" run --config maxwell-ch4 --workload $P --isolated
expect_out '\$\.ck\.window: set ck\.enable=true and ck\.window=N'
expect_rc 2 "$GMEM" run "${CK[@]}" --workload bp --isolated
expect_out 'is not a pair or triple'
expect_rc 2 "$GMEM" run "${CK[@]}" --workload $P --isolated-cache "$TMP/cache"
expect_out 'go with --isolated'
exit 0
