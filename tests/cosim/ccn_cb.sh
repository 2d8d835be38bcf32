# ccn_cb in lockstep: random phases at every point with the in-order
# scoreboard (no flit lost, duplicated or reordered), coverage, and a fault.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ccn_cb --cycles 300000 --seed 1
expect_last_line "cosim ccn_cb: 300000 cycles, 0 mismatches"
expect_out "point small: 300000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ccn_cb --cycles 200000 --seed 2 --coverage
expect_out "miss deflected by a full CB +[1-9]"
expect_rc 1 "$GMEM_COSIM" cosim ccn_cb --cycles 10000 --seed 1 --inject-fault 5000
expect_out "cosim ccn_cb\[default\]: MISMATCH at cycle 5000"
exit 0
