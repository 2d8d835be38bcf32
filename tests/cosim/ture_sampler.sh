# ture_sampler in lockstep: constrained-random at every point (default: the
# spec's 1000-in-6000 window over 16 entries; small: 4 entries, 20 in 60;
# wide_window: a window long enough to saturate a counter) with the spec
# scoreboard and full coverage, the hand-worked golden windows on C and RTL,
# and a caught fault.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ture_sampler --cycles 2000000 --seed 11 --coverage
for p in default small wide_window; do
  expect_out "point $p: 2000000 cycles, 0 mismatches"
done
echo "$OUT" | grep -q "coverage incomplete" && fail "coverage incomplete:
$OUT"
expect_out "new block ignored \(full\) +[1-9]"
expect_out "acc_ready = 0 \(late hand-over\) +[1-9]"
expect_last_line "cosim ture_sampler: 2000000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ture_sampler --stim golden
expect_out "point default: 12010 cycles, 0 mismatches"
expect_out "point small: 130 cycles, 0 mismatches"
expect_out "point wide_window: 2330 cycles, 0 mismatches"
expect_rc 1 "$GMEM_COSIM" cosim ture_sampler --point small --cycles 10000 --seed 1 \
  --inject-fault 5000 --mismatch-vcd "$TMP/mm"
expect_out "cosim ture_sampler\[small\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
[ -s "$TMP/mm.c.vcd" ] && [ -s "$TMP/mm.rtl.vcd" ] || fail "no mismatch VCDs"
# a window that never closes is refused, naming the field
echo '{"doc": "bad", "params": {"NSAMP": 4, "SAMP_D": 60, "SAMP_S": 60}}' > "$TMP/bad.json"
expect_rc 2 "$GMEM" block-params ture_sampler "$TMP/bad.json"
expect_out 'bad.json: \$.params.SAMP_D: 60 must be below SAMP_S \(60\)'
exit 0
