# ccn_reqq in lockstep: random upstream, CB, shadow-tag, data-stage and link
# traffic at every point (the 48KB L1's mod-96 sets, 5-cycle hops, the
# paper's flow rule), a scoreboard (each request leaves exactly once, in
# order; home returns ejected; start-of-cycle input rules), coverage, and a
# fault caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ccn_reqq --cycles 300000 --seed 1
expect_last_line "cosim ccn_reqq: 300000 cycles, 0 mismatches"
expect_out "point link5: 300000 cycles, 0 mismatches"
expect_out "point l1_48k: 300000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ccn_reqq --cycles 200000 --seed 2 --coverage --point small
expect_out "hit head blocked +[1-9]"
expect_rc 1 "$GMEM_COSIM" cosim ccn_reqq --cycles 10000 --seed 1 --inject-fault 5000
expect_out "cosim ccn_reqq\[default\]: MISMATCH at cycle 5000"
exit 0
