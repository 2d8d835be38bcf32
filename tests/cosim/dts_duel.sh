# dts_duel in lockstep: drifting hit rates with every decision re-derived by
# the stimulus, and five intervals worked by hand on C and RTL.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim dts_duel --cycles 200000 --seed 7 --coverage
expect_last_line "cosim dts_duel: 200000 cycles, 0 mismatches"
echo "$OUT" | grep -q "coverage incomplete" && fail "incomplete coverage:
$OUT"
expect_rc 0 "$GMEM_COSIM" cosim dts_duel --stim golden --point default
expect_last_line "cosim dts_duel: 3000 cycles, 0 mismatches"
exit 0
