# ccn_rt in lockstep: phased random windows at every point (ON and OFF
# decisions, carries, saturation), coverage, and a fault caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ccn_rt --cycles 300000 --seed 1
expect_last_line "cosim ccn_rt: 300000 cycles, 0 mismatches"
expect_out "point small: 300000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ccn_rt --cycles 400000 --seed 2 --coverage --point small
expect_out "window turned it off +[1-9]"
expect_rc 1 "$GMEM_COSIM" cosim ccn_rt --cycles 10000 --seed 1 --inject-fault 5000
expect_out "cosim ccn_rt\[default\]: MISMATCH at cycle 5000"
exit 0
