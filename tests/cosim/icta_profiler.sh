# icta_profiler in lockstep: 300K random cycles at every point (each
# access's class, eviction and previous CTA checked against an MRU-list
# reference, coverage complete), the hand-worked INTERP-1 rows (point
# small) and the 8-way LRU order with its ages (point default) on C and
# RTL, and a fault injected and caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim icta_profiler --cycles 300000 --seed 1 --coverage
expect_last_line "cosim icta_profiler: 300000 cycles, 0 mismatches"
for p in default mid small; do
  expect_out "point $p: 300000 cycles, 0 mismatches"
done
echo "$OUT" | grep -q "coverage incomplete" && fail "incomplete coverage:
$OUT"
expect_out "first touch evicting the LRU way +[1-9]"
expect_rc 0 "$GMEM_COSIM" cosim icta_profiler --stim golden --point small
expect_last_line "cosim icta_profiler: 23 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim icta_profiler --stim lru --point default
expect_last_line "cosim icta_profiler: 19 cycles, 0 mismatches"
expect_rc 2 "$GMEM_COSIM" cosim icta_profiler --stim golden --point default
expect_out "point small"
expect_rc 1 "$GMEM_COSIM" cosim icta_profiler --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim icta_profiler\[default\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
exit 0
