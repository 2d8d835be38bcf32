# mshr in lockstep: random traffic with the release scoreboard at every
# point (coverage must be complete), and the §3.1 golden sequence.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim mshr --cycles 300000 --seed 3 --coverage
expect_last_line "cosim mshr: 300000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim mshr --stim golden --point small
expect_last_line "cosim mshr: 16 cycles, 0 mismatches"
exit 0
