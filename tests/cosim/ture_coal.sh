# ture_coal in lockstep: 500K random cycles at every point with the
# scoreboard's checks (recalls answer and clear exactly the granule's bits,
# TABLE_FULL and OVERSUB name the least recently updated granule, FALLBACK
# only from an empty table, whole batches, no granule in two entries) and
# complete coverage; the hand-worked golden script on C and RTL at both
# points (its recall answers and TABLE_FULL evictions at their stated
# cycles); a fault caught; points whose SCAN does not divide NCOAL or is not
# a power of two refused.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ture_coal --cycles 500000 --seed 11 --coverage
expect_last_line "cosim ture_coal: 500000 cycles, 0 mismatches"
for p in default small; do
  expect_out "point $p: 500000 cycles, 0 mismatches"
done
expect_out "batch ended by none +[1-9]"
expect_out "FALLBACK eviction +[1-9]"
expect_out "TABLE_FULL eviction +[1-9]"
expect_rc 0 "$GMEM_COSIM" cosim ture_coal --stim golden
expect_out "point default: 9913 cycles, 0 mismatches"
expect_out "point small: 189 cycles, 0 mismatches"
expect_rc 1 "$GMEM_COSIM" cosim ture_coal --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim ture_coal\[default\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
echo '{"doc": "bad", "params": {"NCOAL": 12, "SCAN": 8}}' > "$TMP/bad.json"
expect_rc 2 "$GMEM_COSIM" block-params ture_coal "$TMP/bad.json"
expect_out '\$.params.SCAN: 8 does not divide NCOAL \(12\)'
echo '{"doc": "bad", "params": {"NCOAL": 12, "SCAN": 3}}' > "$TMP/bad3.json"
expect_rc 2 "$GMEM_COSIM" block-params ture_coal "$TMP/bad3.json"
expect_out '\$.params.SCAN: 3 is not a power of two'
exit 0
