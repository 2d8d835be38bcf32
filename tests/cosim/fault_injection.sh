# Every block at every parameter point: a flipped RTL output bit is caught,
# at the cycle it was injected, with exit status 1.
. tests/lib.sh
blocks=$("$GMEM" list blocks | awk '/^  [a-z_]+ / { print $1 }')
[ -n "$blocks" ] || fail "no blocks listed"
for b in $blocks; do
  for f in configs/blocks/$b/*.json; do
    p=$(basename "$f" .json)
    expect_rc 1 "$GMEM_COSIM" cosim "$b" --point "$p" --cycles 2000 --inject-fault 777 \
      --mismatch-vcd "$TMP/$b"
    expect_out "cosim $b\[$p\]: MISMATCH at cycle 777"
    expect_out "injected fault: bit [0-9]+ of [a-z_0-9]+_o flipped at cycle 777"
    expect_last_line "cosim $b: 777 cycles, 1 mismatches"
  done
done
exit 0
