# part_map in lockstep: every function at every point (random), and every
# function over every chunk address at the 16-partition and 6-partition points.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim part_map --cycles 1000000 --seed 1
expect_last_line "cosim part_map: 1000000 cycles, 0 mismatches"
for p in default fermi6; do
  expect_rc 0 "$GMEM_COSIM" cosim part_map --stim exhaustive --point $p --cycles 200000000
  expect_last_line "cosim part_map: 134217728 cycles, 0 mismatches"
done
exit 0
