# bpg in lockstep: random launches, accesses, fails and bus traffic at every
# point (the selector's choice re-checked each update, coverage complete),
# and the directed sequence that makes L_max = 1, 2, ..., 8 win in turn and
# a tie go to L = 8, on the C model (the golden check) and the RTL.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim bpg --cycles 300000 --seed 5 --coverage
expect_last_line "cosim bpg: 300000 cycles, 0 mismatches"
echo "$OUT" | grep -q "coverage incomplete" && fail "incomplete coverage:
$OUT"
expect_rc 0 "$GMEM_COSIM" cosim bpg --stim lmax --point fast
expect_last_line "cosim bpg: 749 cycles, 0 mismatches"
expect_rc 2 "$GMEM_COSIM" cosim bpg --stim lmax --point default
expect_out "use --point fast"
exit 0
