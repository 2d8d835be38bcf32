# capture_ctrl in lockstep: constrained-random GMMU traffic at both points
# with capture_ctrl_world.h's checks every cycle (evicted granules resident
# and evicted once per residency, migrations within capacity, every
# lifetime read answered by lt - 1, st_resident_pages, the coalescing
# table's LRU order) and complete coverage (full tables, OVERSUB and extra
# batches, FALLBACK and short batches, recalls, forwarding, sampler stalls,
# leases learned); the hand-worked golden cases on C and RTL at both points
# (granularities, Eq. 4.2's lease, a recall at half the lease, TABLE_FULL,
# OVERSUB's 4 granules, 512 KiB and a second batch); a fault caught; a
# point whose SCAN is not a power of two refused with its JSON path.
# `cosim capture_ctrl --cycles 2000000 --seed 11` is the acceptance run
# (scripts/acceptance-ture.sh, 20 s on the shared machine); this test runs 1 M.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim capture_ctrl --cycles 1000000 --seed 11 --coverage
expect_last_line "cosim capture_ctrl: 1000000 cycles, 0 mismatches"
for p in default small; do
  expect_out "point $p: 1000000 cycles, 0 mismatches"
done
echo "$OUT" | grep -q "coverage incomplete" && fail "coverage incomplete:
$OUT"
expect_out "TABLE_FULL eviction +[1-9]"
expect_out "extra OVERSUB batch +[1-9]"
expect_out "recall hit +[1-9]"
expect_rc 0 "$GMEM_COSIM" cosim capture_ctrl --stim golden
expect_out "point default: 25420 cycles, 0 mismatches"
expect_out "point small: 706 cycles, 0 mismatches"
expect_rc 1 "$GMEM_COSIM" cosim capture_ctrl --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim capture_ctrl\[default\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
[ -s "$TMP/mm.default.c.vcd" ] && [ -s "$TMP/mm.default.rtl.vcd" ] || fail "no mismatch VCDs"
echo '{"doc": "bad", "params": {"NCOAL": 12, "SCAN": 3}}' > "$TMP/bad3.json"
expect_rc 2 "$GMEM_COSIM" block-params capture_ctrl "$TMP/bad3.json"
expect_out '\$.params.SCAN: 3 is not a power of two'
exit 0
