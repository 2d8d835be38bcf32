# The inter-CTA reuse profiler's hardware tracker in the system (gmem run
# --icta-hw: one icta_profiler block fed the exact profiler's accesses).
# When the footprint fits the tracker (2dconv:n=256, 4096 lines in 1024 x
# 8 ways, 4 a set) it never evicts and its counts equal the exact ones;
# when it does not (2dconv:n=512 in 128 x 4), it evicts and only ever turns
# a reuse into a first touch: the first touches it gains are the intra-
# and inter-CTA reuses it lost, at most one per eviction. The tracker only
# watches (the run's cycles do not change); in-system lockstep of its RTL,
# 0 mismatches; bad tracker fields exit 2 naming their JSON path.
. tests/lib.sh
cfg=configs/fermi-gtx480.json
get() { "$GMEM" stats-get "$TMP/s.json" "$@"; }
w=2dconv:n=256
expect_rc 0 "$GMEM" run --config $cfg --workload $w --stats "$TMP/s.json"
cyc=$(get cycles)
expect_rc 0 "$GMEM" run --config $cfg --workload $w --icta-hw --stats "$TMP/s.json"
[ "$(get cycles)" = "$cyc" ] || fail "the tracker changed the run: $(get cycles) cycles, not $cyc"
expect_out "icta-hw: all"
[ "$(get icta.tracker.evictions)" = 0 ] || fail "n=256: $(get icta.tracker.evictions) evictions"
for f in first_touch intra_cta inter_cta; do
  [ "$(get icta.tracker.$f)" = "$(get icta.$f)" ] ||
    fail "n=256: tracker $f $(get icta.tracker.$f), exact $(get icta.$f)"
done
[ "$(get icta.tracker.first_excess)" = 0 ] && [ "$(get icta.tracker.inter_share_error)" = 0 ] ||
  fail "n=256: error $(get icta.tracker.first_excess) / $(get icta.tracker.inter_share_error)"
[ "$(get icta.inter_cta)" -gt 0 ] || fail "n=256: no inter-CTA reuse to compare"
expect_rc 0 "$GMEM" help stats --from "$TMP/s.json"   # every icta path documented

small="--set icta.tracker_sets=128 --set icta.tracker_ways=4 --set icta.tracker_cta_w=16"
expect_rc 0 "$GMEM" run --config $cfg --workload 2dconv:n=512 --icta-hw $small --stats "$TMP/s.json"
ev=$(get icta.tracker.evictions) gain=$(get icta.tracker.first_excess)
lost=$(( $(get icta.intra_cta) - $(get icta.tracker.intra_cta) + $(get icta.inter_cta) - $(get icta.tracker.inter_cta) ))
[ "$ev" -gt 0 ] && [ "$gain" -gt 0 ] && [ "$gain" -le "$ev" ] && [ "$gain" = "$lost" ] ||
  fail "n=512 in 128 x 4: $ev evictions, $gain first touches gained, $lost reuses lost"
[ "$(get icta.tracker.intra_cta)" -le "$(get icta.intra_cta)" ] &&
  [ "$(get icta.tracker.inter_cta)" -le "$(get icta.inter_cta)" ] || fail "n=512: the tracker found reuse the exact profiler did not"
expect_out "icta-hw: all .*128 sets x 4 ways, 16-bit CTAs, 128-byte blocks"

expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload $w --icta-hw --rtl icta_profiler
expect_out "lockstep icta_profiler +1 instances"
expect_out "lockstep: 0 mismatches"
expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload 2dconv:n=512 --icta-hw $small \
  --rtl icta_profiler
expect_out "lockstep: 0 mismatches"

expect_rc 2 "$GMEM" run --config $cfg --workload $w --set icta.tracker=true
expect_out '\$\.icta\.tracker: .*needs \$\.icta\.enable'
expect_rc 2 "$GMEM" run --config $cfg --workload $w --icta-hw --set icta.tracker_sets=100
expect_out '\$\.icta\.tracker_sets: 100 is not a power of two'
exit 0
