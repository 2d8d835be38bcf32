# ccn_hit_read in lockstep: random hits and RespQ refusals at every point
# (one steal and exactly one response per hit, the line of the stolen
# cycle), coverage, and a fault caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ccn_hit_read --cycles 200000 --seed 1
expect_last_line "cosim ccn_hit_read: 200000 cycles, 0 mismatches"
expect_out "point strict: 200000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ccn_hit_read --cycles 100000 --seed 2 --coverage --point default
expect_out "held line sent later +[1-9]"
expect_rc 1 "$GMEM_COSIM" cosim ccn_hit_read --cycles 10000 --seed 1 --inject-fault 5000
expect_out "cosim ccn_hit_read\[default\]: MISMATCH at cycle 5000"
exit 0
