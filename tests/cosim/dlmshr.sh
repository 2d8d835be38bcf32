# dlmshr in lockstep: random traffic with the release scoreboard and the
# DAU coverage at every point (every state and every row of the next-state
# table must be reached), the §9.2 golden tests at both Fig 3.7-scale
# points, and the broken-DAU variant (make cosim-fault FAULT=dlmshr: S2 with
# a granted link goes to S4) caught at the first wrong transition.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim dlmshr --cycles 200000 --seed 3 --coverage
expect_last_line "cosim dlmshr: 200000 cycles, 0 mismatches"
[ "$(echo "$OUT" | grep -c 'DAU state coverage: 11/11 (100%)')" = 4 ] || fail "state coverage:
$OUT"
[ "$(echo "$OUT" | grep -c 'DAU transition coverage: 22/22 (100%)')" = 4 ] || fail "transition coverage"
echo "$OUT" | grep -q "coverage incomplete" && fail "incomplete coverage:
$OUT"
for p in small parallel; do
  expect_rc 0 "$GMEM_COSIM" cosim dlmshr --stim golden --point $p
  expect_out "0 mismatches"
done
expect_rc 2 "$GMEM_COSIM" cosim dlmshr --stim golden --point default
expect_out "needs NSETS=8"
[ -x "$GMEM_FAULT_DLMSHR" ] || fail "$GMEM_FAULT_DLMSHR missing (make test builds it)"
expect_rc 1 "$GMEM_FAULT_DLMSHR" cosim dlmshr --point small --cycles 100000 --seed 3
expect_out "first diverging state register: fsm_q\[[0-9]+\] after the edge of cycle [0-9]+: C 0x3, RTL 0x4"
exit 0
