# cart in lockstep: random fills with L2 back-pressure and the drain
# scoreboard at every point (coverage complete), and the Fig 2.6 tree
# drained in the dissertation's CART order and in longest-first order, on
# the C model (the golden check) and the RTL (the lockstep) at once.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim cart --cycles 200000 --seed 11 --coverage
expect_last_line "cosim cart: 200000 cycles, 0 mismatches"
echo "$OUT" | grep -q "coverage incomplete" && fail "incomplete coverage:
$OUT"
for p in fig26 fig26_longest; do
  expect_rc 0 "$GMEM_COSIM" cosim cart --stim fig26 --point $p
  expect_last_line "cosim cart: 38 cycles, 0 mismatches"
done
expect_rc 2 "$GMEM_COSIM" cosim cart --stim fig26 --point default
expect_out "needs NB>=4, NR=4, NC=2, DEPTH>=5"
exit 0
