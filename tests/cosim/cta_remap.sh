# cta_remap in lockstep: 300K random cycles at every point (serial and
# combinational divider, LUT depths), the Fig. 8 / §10.1 golden vectors on
# C and RTL at every point (values and latency), coverage, a caught fault.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim cta_remap --cycles 300000 --seed 1
expect_last_line "cosim cta_remap: 300000 cycles, 0 mismatches"
for p in comb default lut256 small; do
  expect_out "point $p: 300000 cycles, 0 mismatches"
done
expect_rc 0 "$GMEM_COSIM" cosim cta_remap --stim golden
expect_out "point default: 2324 cycles, 0 mismatches"
expect_out "point comb: 154 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim cta_remap --cycles 300000 --seed 3 --coverage
expect_out "TILE decodes +[1-9]"
expect_out "cfg changed while busy +[1-9]"
expect_rc 1 "$GMEM_COSIM" cosim cta_remap --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim cta_remap\[default\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
exit 0
