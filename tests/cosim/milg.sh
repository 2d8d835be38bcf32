# milg in lockstep: 1M random cycles at every point, the hand-worked golden
# script on C and RTL, stimulus coverage, and a caught fault.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim milg --cycles 1000000 --seed 1
expect_last_line "cosim milg: 1000000 cycles, 0 mismatches"
expect_out "point zero_hold: 1000000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim milg --stim golden
expect_last_line "cosim milg: 11682 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim milg --cycles 1000000 --seed 4 --coverage
expect_out "update, rf>>10 = 3 +[1-9]"
expect_rc 1 "$GMEM_COSIM" cosim milg --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim milg\[default\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
expect_out "last inputs:"
[ -s "$TMP/mm.default.c.vcd" ] && [ -s "$TMP/mm.default.rtl.vcd" ] || fail "no mismatch VCDs"
exit 0
