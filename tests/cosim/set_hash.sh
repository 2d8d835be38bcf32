# set_hash in lockstep: every function at every point (random), and every
# function over every block address at the L1D point (exhaustive).
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim set_hash --cycles 1000000 --seed 1
expect_last_line "cosim set_hash: 1000000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim set_hash --stim exhaustive --point default --cycles 300000000
expect_last_line "cosim set_hash: 268435456 cycles, 0 mismatches"
exit 0
