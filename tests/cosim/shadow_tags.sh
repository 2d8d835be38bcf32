# shadow_tags in lockstep at every point, each update checked against an
# independent MRU-list LRU reference (coverage must be complete).
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" cosim shadow_tags --cycles 200000 --seed 5 --coverage
expect_last_line "cosim shadow_tags: 200000 cycles, 0 mismatches"
echo "$OUT" | grep -q "coverage incomplete" && fail "incomplete coverage:
$OUT"
exit 0
