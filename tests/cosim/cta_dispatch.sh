# cta_dispatch in lockstep: 100K random cycles at every point (every
# policy, throttling, gates, retires of free slots; the stimulus checks each
# CTA named once a kernel and cluster CTAs kept in their cluster),
# coverage complete at every point, the hand-worked cluster / strict-RR /
# random orders on C and RTL, and a fault injected into the dispatcher
# caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim cta_dispatch --cycles 100000 --seed 1 --coverage
expect_last_line "cosim cta_dispatch: 100000 cycles, 0 mismatches"
for p in default kepler maxwell pascal small wave15 wave16 wave20 wave28; do
  expect_out "point $p: 100000 cycles, 0 mismatches"
done
expect_out "CLUSTER_STATIC dispatches +[1-9]"
expect_out "dispatch at the active limit +[1-9]"
expect_out "WAVE dispatches +[1-9]"
expect_out "WAVE dispatching in its launch cycle +[1-9]"
expect_out "WAVE cut short by the CTAs left +[1-9]"
expect_rc 0 "$GMEM_COSIM" cosim cta_dispatch --stim golden --point small
expect_last_line "cosim cta_dispatch: 43 cycles, 0 mismatches"
expect_rc 1 "$GMEM_COSIM" cosim cta_dispatch --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim cta_dispatch\[default\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
exit 0
