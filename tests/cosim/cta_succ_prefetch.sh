# cta_succ_prefetch in lockstep: 300K random cycles at every point (phased
# descriptors, FIFO-filling bursts, pf_ready back-pressure; a scoreboard
# checks every request against what was queued), coverage complete, the
# hand-worked successors / addresses / full FIFO / round robin on C and
# RTL, and a fault injected into the engine caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim cta_succ_prefetch --cycles 300000 --seed 1 --coverage
expect_last_line "cosim cta_succ_prefetch: 300000 cycles, 0 mismatches"
for p in default small; do
  expect_out "point $p: 300000 cycles, 0 mismatches"
done
expect_out "successors dropped \(FIFO full\) +[1-9]"
expect_out "push and pop, one SM, one cycle +[1-9]"
expect_out "address wrapped at 2\^40 +[1-9]"
expect_rc 0 "$GMEM_COSIM" cosim cta_succ_prefetch --stim golden --point small
expect_last_line "cosim cta_succ_prefetch: 16 cycles, 0 mismatches"
expect_rc 1 "$GMEM_COSIM" cosim cta_succ_prefetch --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim cta_succ_prefetch\[default\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
exit 0
