# dts in lockstep: random loads, stores and fills with back-pressure at every
# point (invariants every cycle, coverage complete), and seed-004 §1.8 steps
# 1-10 on the C model (the golden check) and the RTL (the lockstep).
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim dts --cycles 200000 --seed 7 --coverage
expect_last_line "cosim dts: 200000 cycles, 0 mismatches"
echo "$OUT" | grep -q "coverage incomplete" && fail "incomplete coverage:
$OUT"
expect_rc 0 "$GMEM_COSIM" cosim dts --stim golden --point default
expect_last_line "cosim dts: 10 cycles, 0 mismatches"
exit 0
