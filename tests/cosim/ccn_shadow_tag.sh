# ccn_shadow_tag in lockstep: random writes and lookups at every point,
# checked against a mirror (update-first, V = 0 never hits), coverage, and
# a fault caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ccn_shadow_tag --cycles 300000 --seed 1
expect_last_line "cosim ccn_shadow_tag: 300000 cycles, 0 mismatches"
expect_out "point l1_48k: 300000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ccn_shadow_tag --cycles 300000 --seed 2 --coverage --point small
expect_out "two ways matched +[1-9]"
expect_rc 1 "$GMEM_COSIM" cosim ccn_shadow_tag --cycles 10000 --seed 1 --inject-fault 5000
expect_out "cosim ccn_shadow_tag\[default\]: MISMATCH at cycle 5000"
exit 0
