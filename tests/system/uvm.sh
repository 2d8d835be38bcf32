# Unified memory (plug/uvm.c, sim/uvm_*.c) on the seed's Table 4.1 config
# (configs/capture-pascal.json): a far fault costs 45 us + the transfer,
# so on-demand migration (NP) makes one fault per page touched, each page
# migrated once without oversubscription; the tree prefetcher (TP) takes
# fewer faults and less time, CAP no more faults and no more time than TP, CAPTURE learns leases; at 110 % of the footprint evictions happen
# and the run ends; with device memory a tenth of the footprint every wait
# still ends; cudaMemPrefetchAsync before the launch leaves no fault; the
# RTL of the MSHRs agrees in lockstep while the LSUs wait. With
# the section off there is no "uvm" object (the golden regression holds
# the rest), and bad input names its JSON path (exit 2).
. tests/lib.sh
cfg=configs/capture-pascal.json
w=atax:n=128
get() { "$GMEM" stats-get "$TMP/$1.json" "uvm.$2"; }
cyc() { "$GMEM" stats-get "$TMP/$1.json" cycles; }
run_u() { # run_u NAME WORKLOAD [--set ...]
  local n=$1 wl=$2
  shift 2
  # 8 of the 28 SMs: the waits cost the same, a cycle a third as much
  expect_rc 0 "$GMEM" run --config $cfg --set sm.count=8 --workload $wl "$@" --stats "$TMP/$n.json"
}

run_u np $w
fp=$(get np footprint_pages)
[ "$(get np far_faults)" -gt 0 ] || fail "NP: no far fault"
[ "$(get np pages_migrated)" = "$(get np far_faults)" ] || fail "NP: a page migrated without its fault"
[ "$(get np pages_migrated)" -le "$fp" ] || fail "NP: more pages migrated than the footprint"
[ "$(get np demand_pages)" = "$(get np pages_migrated)" ] || fail "NP prefetched"
[ "$(get np evicted_pages)" = 0 ] || fail "NP without oversubscription evicted"
[ "$(get np tlb_hits)" -gt "$(get np tlb_misses)" ] || fail "NP: the TLBs hardly hit"
# each fault is 45 us = 66645 cycles at 1481 MHz on the serial link
[ "$(cyc np)" -gt $(( $(get np far_faults) * 66645 )) ] || fail "NP: faster than its faults"

run_u tp $w --set uvm.prefetch=TP
[ "$(get tp far_faults)" -lt "$(get np far_faults)" ] || fail "TP: not fewer faults than NP"
[ "$(cyc np)" -gt "$(cyc tp)" ] || fail "TP: not faster than NP"
[ "$(get tp prefetched_pages)" -gt 0 ] || fail "TP prefetched nothing"
[ "$(get tp pages_migrated)" -le "$fp" ] || fail "TP: a page migrated twice"
[ "$(get tp prefetch)" = TP ] || fail "TP: prefetcher not reported"

# CAP: with 1 GiB free each region comes in at its own size (atax:n=128's
# arrays are 64 KiB and 512 B: one granule each), so one fault a region
run_u cap $w --set uvm.prefetch=CAP
[ "$(get cap far_faults)" -le "$(get tp far_faults)" ] || fail "CAP: more faults than TP"
[ "$(cyc tp)" -ge "$(cyc cap)" ] || fail "CAP: slower than TP"
[ "$(get cap pages_migrated)" -le "$fp" ] || fail "CAP: a page migrated twice"
[ "$(get cap cap.faults_by_granularity.64K)" = "$(get cap far_faults)" ] ||
  fail "CAP: granularity histogram does not count every fault"
# at 110 % CAP enters its 512 KiB mode and the run completes
run_u cap110 stream:n=262144,store=0 --set uvm.prefetch=CAP --set uvm.oversub_pct=110
[ "$(get cap110 cap.oversub_entries)" -gt 0 ] || fail "CAP at 110 %: never oversubscribed"
[ "$(get cap110 resident_max)" -le "$(get cap110 capacity_pages)" ] || fail "CAP 110 %: over capacity"
# CAPTURE (CAP + TURE) at 110 %: leases are learned from the sampler's
# windows, lifetimes expire into the coalescing table, and evictions stay
# within capacity
# (2 MiB: at atax:n=128 a 110 % memory of 15 pages is less than one
# 4-granule batch, and the run thrashes)
run_u capture 2dconv:n=512 --set uvm.scheme=CAPTURE --set uvm.oversub_pct=110
[ "$(get capture evict)" = TURE ] || fail "CAPTURE: evictor not reported"
[ "$(get capture prefetch)" = CAP ] || fail "CAPTURE: prefetcher not reported"
[ "$(get capture ture.windows)" -gt 0 ] || fail "CAPTURE: no sampling window closed"
[ "$(get capture ture.leases_learned)" -gt 0 ] || fail "CAPTURE: no lease learned"
[ "$(get capture ture.expired)" -gt 0 ] || fail "CAPTURE: no lifetime expired"
[ "$(get capture evicted_pages)" -gt 0 ] || fail "CAPTURE 110 %: nothing evicted"
[ "$(get capture resident_max)" -le "$(get capture capacity_pages)" ] || fail "CAPTURE: over capacity"
# every path of the report, uvm.cap and uvm.ture too, is documented (stats_doc.c)
expect_rc 0 "$GMEM" help stats --from "$TMP/capture.json"

# 110 %: evictions, and the run completes (a stream: each page's reuse is
# short, so the run is not all thrashing)
ws=stream:n=32768,store=0
run_u o110 $ws --set uvm.scheme=TPTE --set uvm.oversub_pct=110
fp=$(get o110 footprint_pages)
cap=$(get o110 capacity_pages)
[ "$cap" = $(( fp * 100 / 110 )) ] || fail "110 %: capacity $cap of a footprint $fp"
[ "$(get o110 evicted_pages)" -gt 0 ] || fail "110 %: nothing evicted"
[ "$(get o110 resident_max)" -le "$cap" ] || fail "110 %: more resident than capacity"
[ "$(get o110 oversub_onset_cycle)" -gt 0 ] || fail "110 %: no oversubscription onset"
[ "$(get o110 evict)" = TE ] || fail "TPTE: evictor not reported"

# a tenth of the footprint (3 pages), less than one 64 KiB leaf the tree
# prefetcher moves, and 2 MiB evictions: every wait ends
run_u tiny $ws --set uvm.scheme=TPNE --set uvm.oversub_pct=1000
[ "$(get tiny resident_max)" -le "$(get tiny capacity_pages)" ] || fail "tiny: over capacity"
[ "$(get tiny evicted_pages)" -gt 0 ] || fail "tiny: nothing evicted"

fp=$(get np footprint_pages)
run_u pre $w --set uvm.prefetch_before_launch=true
[ "$(get pre far_faults)" = 0 ] || fail "prefetch before launch: far faults"
[ "$(get pre prelaunch_pages)" = "$fp" ] || fail "prefetch before launch: not every page"
[ "$(get pre prelaunch_cycles)" -gt 0 ] || fail "prefetch before launch: took no time"

# the blocks beside the C models still agree while LSUs wait on translation
expect_rc 0 "$GMEM_COSIM" run --config $cfg --set sm.count=8 --workload $w --set uvm.prefetch=TP \
  --rtl mshr
expect_last_line "lockstep: 0 mismatches"

expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload $w --stats "$TMP/off.json"
"$GMEM" stats-get "$TMP/off.json" uvm.far_faults >/dev/null 2>&1 && fail "uvm stats with uvm off"

expect_rc 0 "$GMEM" record --workload atax:n=64 -o "$TMP/atax.gmt"
expect_rc 2 "$GMEM" run --config $cfg --workload "trace:file=$TMP/atax.gmt"
expect_out '\$\.uvm\.enable: .*no device arrays'
expect_rc 2 "$GMEM" run --config $cfg --workload $w --set uvm.tlb_assoc=3
expect_out '\$\.uvm\.tlb_assoc: 3 ways do not divide 4096 entries'
expect_rc 2 "$GMEM" run --config $cfg --workload $w --set uvm.fault_us=400
expect_out '\$\.uvm\.fault_us: 400 us is 592400 core cycles at 1481 MHz'
expect_rc 2 "$GMEM" run --config $cfg --workload $w --set uvm.prefetch=CAPX
expect_out '\$\.uvm\.prefetch: expected one of'
exit 0
