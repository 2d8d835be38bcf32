# PFH and BPS, the CTA-clustering complements (seed-002 §4.3 (II), (III);
# cmodel/sim/plug/cta/pfh.c, bps.c). PFH: on a streaming kernel under CLU
# (each CTA reads its own 1 KiB: 8 lines, no reuse) the successor prefetch
# engine fills the L1D with each agent's next CTA's lines: the hit rate
# rises from 0, every issued prefetch is an L1D miss of its own, the first
# demand hit counts it useful, and the block's counters agree with the
# plug-in's; in-system lockstep of the engine with the dispatcher and the
# remap unit, 0 mismatches. BPS: hotspot's power array (device array 2)
# marked .cg: its loads' requests go around the L1D (l1d.accesses falls by
# exactly lsu.bypassed). Bad sections are refused naming their paths.
. tests/lib.sh
cfg=configs/cta-fermi.json
w=stream:n=262144,tb=256,store=0,gap=50
get() { "$GMEM" stats-get "$TMP/s.json" "$@"; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }' || fail "$3: expected $1 > $2"; }
pfh=(--set cta.pfh.enable=true --set cta.pfh.sx=1024 --set cta.pfh.cnt=8)

expect_rc 0 "$GMEM" run --config $cfg --workload $w --set cta.scheme=CLU --stats "$TMP/s.json"
[ "$(get l1d.hits)" = 0 ] || fail "a stream hits without PFH: $(get l1d.hits)"
expect_rc 0 "$GMEM" run --config $cfg --workload $w --set cta.scheme=CLU "${pfh[@]}" \
  --set cta.pfh.mshr_max=16 --stats "$TMP/s.json"
gt "$(get l1d.hit_rate)" 0.2 "PFH raises the stream's L1D hit rate"
issued=$(get cta.pfh.issued) useful=$(get cta.pfh.useful)
gt "$issued" 1000 "prefetches issued"
gt "$useful" 1000 "prefetches useful"
[ "$(get l1d.hits)" = "$useful" ] || fail "L1D hits $(get l1d.hits) != useful prefetches $useful"
[ "$(get blocks.cta_succ_prefetch.issued)" = "$(get cta.pfh.offered)" ] ||
  fail "the engine issued $(get blocks.cta_succ_prefetch.issued), the L1Ds were offered $(get cta.pfh.offered)"
[ "$(get blocks.cta_succ_prefetch.queued)" -gt 0 ] || fail "no successor queued"

# w + 1 (the SM's next task) reaches the same lines for the agents but one.
expect_rc 0 "$GMEM" run --config $cfg --workload $w --set cta.scheme=CLU "${pfh[@]}" \
  --set cta.pfh.succ=sm --stats "$TMP/s.json"
gt "$(get cta.pfh.issued)" 1000 "successor w+1: prefetches issued"

expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload stream:n=65536,tb=256,store=0,gap=50 \
  --set cta.scheme=CLU_TOT --set cta.agents=4 "${pfh[@]}" \
  --rtl cta_succ_prefetch,cta_dispatch,cta_remap
expect_out "lockstep cta_succ_prefetch +1 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"

# BPS: hotspot's power array streams.
expect_rc 0 "$GMEM" run --config $cfg --workload hotspot:n=256,steps=2 --set cta.scheme=CLU \
  --stats "$TMP/s.json"
acc0=$(get l1d.accesses)
expect_rc 0 "$GMEM" run --config $cfg --workload hotspot:n=256,steps=2 --set cta.scheme=CLU \
  --set cta.bps.enable=true --set cta.bps.arrays=4 --stats "$TMP/s.json"
gt "$(get cta.bps.marked_cg)" 0 "BPS marks loads"
byp=$(get lsu.bypassed)
gt "$byp" 0 "BPS bypasses requests"
[ "$((acc0 - byp))" = "$(get l1d.accesses)" ] ||
  fail "L1D accesses $(get l1d.accesses), expected $acc0 - $byp bypassed"

expect_rc 2 "$GMEM" run --config $cfg --workload $w --set cta.pfh.enable=true
expect_out "\\\$\.cta\.pfh\.enable: .*CLU or CLU_TOT"
expect_rc 2 "$GMEM" run --config configs/cta-maxwell.json --workload $w --set cta.scheme=CLU \
  --set cta.pfh.enable=true
expect_out "\\\$\.l1d\.c\.sector = 0"
expect_rc 2 "$GMEM" run --config $cfg --workload $w --set cta.scheme=CLU "${pfh[@]}" \
  --set cta.pfh.array=1
expect_out "\\\$\.cta\.pfh\.array: 1, but the workload allocates 1"
expect_rc 2 "$GMEM" run --config $cfg --workload $w --set cta.bps.enable=true \
  --set cta.bps.arrays=2
expect_out "\\\$\.cta\.bps\.arrays: bit 1"
expect_rc 2 "$GMEM" run --config $cfg --workload $w --set cta.pfh.cnt=0
expect_out "cta\.pfh\.cnt"
exit 0
