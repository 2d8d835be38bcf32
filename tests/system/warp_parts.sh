# l1d.warp_parts (GPGPU-Sim's -gpgpu_shmem_warp_parts): at 2 each
# half-warp coalesces on its own, so a warp whose 32 lanes read one line
# requests it twice and the second request merges into the first's miss
# (a secondary miss); at 1 the warp requests it once. The coalescer's
# rule itself is tests/unit/test_icnt.c's.
. tests/lib.sh
get() { "$GMEM_FAST" stats-get "$TMP/$1.json" "$2"; }
for p in 1 2; do
  expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3.json --workload stream:n=65536,store=0 \
    --set l1d.warp_parts=$p --stats "$TMP/p$p.json"
done
insts=$(get p1 lsu.memory_instructions)
[ "$insts" -gt 0 ] || fail "no memory instructions"
[ "$(get p2 lsu.memory_instructions)" = "$insts" ] || fail "the parts changed the instructions"
[ "$(get p1 lsu.requests)" = "$insts" ] || fail "one part: $(get p1 lsu.requests) requests"
[ "$(get p2 lsu.requests)" = $((2 * insts)) ] || fail "two parts: $(get p2 lsu.requests) requests"
[ "$(get p1 l1d.merges)" = 0 ] || fail "one part: $(get p1 l1d.merges) merges"
[ "$(get p2 l1d.merges)" = "$(get p2 l1d.misses)" ] ||
  fail "two parts: $(get p2 l1d.merges) merges, $(get p2 l1d.misses) misses"
expect_rc 2 "$GMEM" run --config configs/dlmshr-ch3.json --workload stream --set l1d.warp_parts=3
expect_out 'warp_parts'
exit 0
