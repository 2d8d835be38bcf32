# dts in lockstep: random loads, stores and fills with back-pressure at every
# point (invariants every cycle, coverage complete), and all 14 steps of
# seed-004 §1.8 on the C model (the golden check) and the RTL (the lockstep;
# steps 11-14 from the example's assumed state, loaded into both through the
# backdoor). A fault injected after the load must be caught. The sectored
# points (sector: four 32-byte sectors a line; knobs: two) cover sector
# misses and stores dropping one sector of a line that stays, with the
# per-sector invariants every cycle.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim dts --cycles 200000 --seed 7 --coverage
expect_last_line "cosim dts: 200000 cycles, 0 mismatches"
echo "$OUT" | grep -q "coverage incomplete" && fail "incomplete coverage:
$OUT"
[ "$(echo "$OUT" | grep -cE 'SECTOR_MISS +[1-9]')" = 2 ] || fail "sector misses not covered:
$OUT"
[ "$(echo "$OUT" | grep -cE 'store drops a sector +[1-9]')" = 2 ] || fail "sector drops:
$OUT"
expect_rc 1 "$GMEM_COSIM" cosim dts --point sector --cycles 2000 --inject-fault 777
expect_out "MISMATCH at cycle 777"
expect_rc 0 "$GMEM_COSIM" cosim dts --stim golden --point default
expect_last_line "cosim dts: 19 cycles, 0 mismatches"
expect_rc 1 "$GMEM_COSIM" cosim dts --stim golden --point default --inject-fault 14
expect_out "MISMATCH at cycle 14"
exit 0
