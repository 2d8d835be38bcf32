# ccn_respq in lockstep: random upstream packets (for this core and
# others), local responses, fill-port and downstream stalls at every point
# (4, 2 and 1 beats a line), a scoreboard (each packet leaves once, whole,
# in order; each home packet filled once with its line; the bubble rule),
# coverage, and a fault caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim ccn_respq --cycles 200000 --seed 1
expect_last_line "cosim ccn_respq: 200000 cycles, 0 mismatches"
expect_out "point beats1: 200000 cycles, 0 mismatches"
expect_rc 0 "$GMEM_COSIM" cosim ccn_respq --cycles 200000 --seed 2 --coverage --point default
expect_out "downstream stalled mid-packet +[1-9]"
expect_rc 1 "$GMEM_COSIM" cosim ccn_respq --cycles 10000 --seed 1 --inject-fault 5000
expect_out "cosim ccn_respq\[default\]: MISMATCH at cycle 5000"
exit 0
