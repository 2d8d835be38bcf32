# ture_lease in lockstep: constrained-random windows at both points
# (default: 16 groups, alpha 1/2; small: 4 groups, alpha 1/4) against the
# closed-form scoreboard with full coverage, the hand-worked golden windows
# (Eq. 4.2's F = 2, 10 -> 7, the clamp, recall, resets, done's cycle) on C
# and RTL, and a caught fault.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ture_lease --cycles 2000000 --seed 11 --coverage
for p in default small; do
  expect_out "point $p: 2000000 cycles, 0 mismatches"
done
echo "$OUT" | grep -q "coverage incomplete" && fail "coverage incomplete:
$OUT"
expect_out "reset in a write's edge +[1-9]"
expect_out "accumulator saturated +[1-9]"
expect_last_line "cosim ture_lease: 2000000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ture_lease --stim golden
expect_out "point default: 446 cycles, 0 mismatches"
expect_out "point small: 380 cycles, 0 mismatches"
expect_rc 1 "$GMEM_COSIM" cosim ture_lease --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim ture_lease\[default\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
[ -s "$TMP/mm.default.c.vcd" ] && [ -s "$TMP/mm.default.rtl.vcd" ] || fail "no mismatch VCDs"
exit 0
