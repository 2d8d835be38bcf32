# l1d.segments (GPGPU-Sim 3.x's coalescing by access size,
# memory_coalescing_arch_13): alignedtypes' byte fields, a warp's 32 lanes
# over a line's four 32-byte segments, become four accesses of the line
# each, the three after the first merging into its miss -- so the MSHR's
# slots fill (merge-full fails, none without segments); a kernel of 4-byte
# accesses runs as it does without them. The coalescer's rule itself is
# tests/unit/test_icnt.c's.
. tests/lib.sh
get() { "$GMEM_FAST" stats-get "$TMP/$1.json" "$2"; }
for s in false true; do
  expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3.json --workload alignedtypes:bytes=65536 \
    --set l1d.segments=$s --stats "$TMP/at-$s.json"
  expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3.json --workload atax:n=128 \
    --set l1d.segments=$s --stats "$TMP/ax-$s.json"
done
[ "$(get at-false lsu.memory_instructions)" = "$(get at-true lsu.memory_instructions)" ] ||
  fail "segments changed the instructions"
[ "$(get at-true lsu.requests)" -gt "$(get at-false lsu.requests)" ] ||
  fail "segments: $(get at-true lsu.requests) requests, without $(get at-false lsu.requests)"
[ "$(get at-false blocks.mshr.rf_merge_full)" = 0 ] ||
  fail "without segments: $(get at-false blocks.mshr.rf_merge_full) merge-full fails"
[ "$(get at-true blocks.mshr.rf_merge_full)" -gt 0 ] || fail "segments: no merge-full fail"
[ "$(get at-true l1d.merges)" -gt "$(get at-false l1d.merges)" ] ||
  fail "segments: $(get at-true l1d.merges) merges, without $(get at-false l1d.merges)"
for k in cycles lsu.requests l1d.merges l1d.misses; do
  [ "$(get ax-true $k)" = "$(get ax-false $k)" ] ||
    fail "4-byte accesses: $k $(get ax-true $k) with segments, $(get ax-false $k) without"
done
expect_rc 2 "$GMEM" run --config configs/dlmshr-ch3.json --workload stream --set l1d.segments=2
expect_out 'segments'
exit 0
