# ccn_node in lockstep: the node under test inside a ring of C nodes with
# L1s and L2s (random traffic; the ring's invariants every cycle) at every
# point, seed-003's Fig. 6 example with the §14.9 zero-load timings on C
# and RTL at every point (requester, sharer, throttled core of a small
# ring), and a fault caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ccn_node --cycles 100000 --seed 1
expect_last_line "cosim ccn_node: 100000 cycles, 0 mismatches"
expect_out "point small: 100000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ccn_node --stim fig6
expect_out "point default: [0-9]+ cycles, 0 mismatches"
expect_out "point sharer: [0-9]+ cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ccn_node --cycles 100000 --seed 2 --coverage --point sharer
expect_out "responses filled here +[1-9]"
expect_rc 1 "$GMEM_COSIM" cosim ccn_node --cycles 10000 --seed 1 --inject-fault 5000
expect_out "cosim ccn_node\[default\]: MISMATCH at cycle 5000"
exit 0
