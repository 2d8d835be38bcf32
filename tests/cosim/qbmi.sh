# qbmi in lockstep: 1M random cycles at every point (K = 2 and 3, QBMI and
# RBMI) with full stimulus coverage, the hand-worked golden sequences of
# qbmi_golden.h on C and RTL, every quota set, and a caught fault.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim qbmi --cycles 1000000 --seed 1 --coverage
expect_last_line "cosim qbmi: 1000000 cycles, 0 mismatches"
for p in default k3 rbmi rbmi_k3; do
  expect_out "point $p: 1000000 cycles, 0 mismatches"
done
echo "$OUT" | grep -q "coverage incomplete" && fail "coverage incomplete:
$OUT"
expect_out "quota saturated +[1-9]"
expect_out "tie to round-robin +[1-9]"
expect_rc 0 "$GMEM_COSIM" cosim qbmi --stim golden
expect_out "point default: 17121 cycles, 0 mismatches"
expect_out "point k3: 300 cycles, 0 mismatches"
expect_out "point rbmi_k3: 300 cycles, 0 mismatches"
expect_last_line "cosim qbmi: 17121 cycles, 0 mismatches"
# every rpm set (32^3 at K = 3) through the backdoor: the RTL's factored
# gcd/lcm unit against the C model's lcm
expect_rc 0 "$GMEM_COSIM" cosim qbmi --stim lcm
expect_out "point default: 2048 cycles, 0 mismatches"
expect_out "point k3: 65536 cycles, 0 mismatches"
expect_last_line "cosim qbmi: 65536 cycles, 0 mismatches"
expect_rc 1 "$GMEM_COSIM" cosim qbmi --point k3 --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim qbmi\[k3\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
[ -s "$TMP/mm.c.vcd" ] && [ -s "$TMP/mm.rtl.vcd" ] || fail "no mismatch VCDs"
exit 0
