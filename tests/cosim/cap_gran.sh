# cap_gran in lockstep: 2M random cycles at every point with the host
# world's invariants (no granule migrated twice, runs inside the fault's
# block and allocation, an eviction request before every run that does not
# fit, residency = the world's) and complete coverage; the hand-worked
# golden script (seed-001 §4.3, §9.4) on C and RTL; a fault caught.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim cap_gran --cycles 2000000 --seed 11 --coverage
expect_last_line "cosim cap_gran: 2000000 cycles, 0 mismatches"
for p in default small; do
  expect_out "point $p: 2000000 cycles, 0 mismatches"
done
expect_out "oversubscription left +[1-9]"
expect_out "run of 16 granules +[1-9]"
expect_rc 0 "$GMEM_COSIM" cosim cap_gran --stim golden
expect_out "point small: 184 cycles, 0 mismatches"
expect_last_line "cosim cap_gran: 184 cycles, 0 mismatches"
expect_rc 1 "$GMEM_COSIM" cosim cap_gran --cycles 10000 --seed 1 --inject-fault 5000 \
  --mismatch-vcd "$TMP/mm"
expect_out "cosim cap_gran\[default\]: MISMATCH at cycle 5000"
expect_out "injected fault: bit [0-9]+ of [a-z_]+_o flipped at cycle 5000"
exit 0
