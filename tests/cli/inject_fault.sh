# --inject-fault C past the run's end: a cosim or replay run that ends
# before cycle C never flipped the bit, so it showed nothing; it exits 2
# saying so (it was a clean "0 mismatches", exit 0, which reads as a pass
# of a check that never happened). A fault inside the run is caught (1).
. tests/lib.sh

# Block lockstep: cycles 0..999 run; 999 is the last cycle a fault can hit.
expect_rc 2 "$GMEM_COSIM" cosim mshr --point small --cycles 1000 --inject-fault 1000
expect_out "^gmem: cosim mshr/small: --inject-fault 1000: the fault was never injected: the run ended after 1000 cycles \(give --cycles above 1000\)$"
expect_rc 2 "$GMEM_COSIM" cosim milg --cycles 50 --inject-fault 123456789
expect_out "cosim milg/default: --inject-fault 123456789: the fault was never injected: the run ended after 50 cycles"
# Every point of a block: the first stops the run.
expect_rc 2 "$GMEM_COSIM" cosim milg --cycles 50 --inject-fault 50
expect_out "cosim milg/[a-z_]+: --inject-fault 50: the fault was never injected"
echo "$OUT" | grep -q "0 mismatches" && fail "a run whose fault was never injected reports mismatches:
$OUT"
# The last cycle of the run is still hit, and caught.
expect_rc 1 "$GMEM_COSIM" cosim mshr --point small --cycles 1000 --inject-fault 999 \
  --mismatch-vcd "$TMP/m1"
expect_out "MISMATCH at cycle 999"
expect_last_line "cosim mshr: 999 cycles, 1 mismatches"
# No fault asked for: a clean run is a pass.
expect_rc 0 "$GMEM_COSIM" cosim mshr --point small --cycles 1000
expect_last_line "cosim mshr: 1000 cycles, 0 mismatches"

# Replay of a recorded port trace: the trace's length is the run's.
expect_rc 3 "$GMEM_COSIM" run --config configs/fermi-gtx480.json --workload atax:n=256 \
  --max-cycles 3000 --record-ports "$TMP/pt" --record sm0.l1d.mshr
t=$TMP/pt/sm0.l1d.mshr.gmpt
[ -s "$t" ] || fail "no trace recorded"
expect_rc 0 "$GMEM_COSIM" replay "$t"
n=$(echo "$OUT" | sed -n 's/^replay sm0.l1d.mshr (mshr): \([0-9]*\) cycles, 0 mismatches$/\1/p')
[ -n "$n" ] && [ "$n" -gt 10 ] || fail "replay did not report its cycles: $OUT"
expect_rc 2 "$GMEM_COSIM" replay "$t" --inject-fault "$n"
expect_out "^gmem: replay: .*sm0.l1d.mshr.gmpt: --inject-fault $n: the fault was never injected: the trace ends after $n cycles$"
expect_rc 2 "$GMEM_COSIM" replay "$t" --inject-fault 99999999
expect_out "the fault was never injected: the trace ends after $n cycles"
expect_rc 1 "$GMEM_COSIM" replay "$t" --inject-fault $((n - 1)) --mismatch-vcd "$TMP/m2"
expect_out "MISMATCH at cycle $((n - 1))"
exit 0
