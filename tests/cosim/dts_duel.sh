# dts_duel in lockstep: drifting hit rates with every decision re-derived by
# the stimulus, and five intervals worked by hand on C and RTL.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim dts_duel --cycles 200000 --seed 7 --coverage
expect_last_line "cosim dts_duel: 200000 cycles, 0 mismatches"
echo "$OUT" | grep -q "coverage incomplete" && fail "incomplete coverage:
$OUT"
expect_rc 0 "$GMEM_COSIM" cosim dts_duel --stim golden --point default
expect_last_line "cosim dts_duel: 3000 cycles, 0 mismatches"
# Point prose (margin 0, 2000 cycles) is the one REPRODUCTION.md's CF
# no-loss variant runs: in the system, the RTL decides beside the C model.
expect_rc 0 "$GMEM_COSIM" run --config configs/dts-ch4-duel.json --workload backprop:in=16384 \
  --set dts.duel_margin=0 --set dts.duel_interval=2000 --rtl dts_duel --stats "$TMP/prose.json"
expect_out "lockstep dts_duel +1 instances"
expect_last_line "lockstep: 0 mismatches"
exit 0
