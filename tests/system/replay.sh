# Port traces: a system run records block instances; each trace replays
# against the RTL and the C model's recorded outputs with 0 mismatches;
# the broken RTL fails the same vector without the system; a fault is
# caught; a damaged file is refused.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" run --config configs/fermi-gtx480.json --workload atax:n=512 \
  --record-ports "$TMP/pt" --record sm0.l1d.mshr,sm0.l1d.set_hash,part_map,l2.bank3.mshr
for i in sm0.l1d.mshr sm0.l1d.set_hash part_map l2.bank3.mshr; do
  [ -s "$TMP/pt/$i.gmpt" ] || fail "no trace for $i"
  expect_rc 0 "$GMEM_COSIM" replay "$TMP/pt/$i.gmpt"
  expect_out "^replay $i \([a-z_]+\): [1-9][0-9]+ cycles, 0 mismatches$"
done
expect_rc 1 "$GMEM_COSIM" replay "$TMP/pt/sm0.l1d.mshr.gmpt" --inject-fault 1000 \
  --mismatch-vcd "$TMP/mm"
expect_out "MISMATCH at cycle 1000"
expect_rc 1 "$GMEM_FAULT" replay "$TMP/pt/sm0.l1d.mshr.gmpt" --mismatch-vcd "$TMP/mm2"
expect_out "MISMATCH"
head -c 100 "$TMP/pt/part_map.gmpt" > "$TMP/short.gmpt"
expect_rc 2 "$GMEM_COSIM" replay "$TMP/short.gmpt"
expect_out "short.gmpt: not a valid gmem port trace \(truncated header: 100 of 632 bytes at byte 100\)"
# A damaged trace is refused before anything is replayed, naming the file
# and the byte: cut mid-record, cut at a record boundary, a bit flipped
# anywhere (the header's length, record count and CRC-32 of the body).
f=$TMP/pt/part_map.gmpt
size=$(stat -c %s "$f")
head -c $((size - 3)) "$f" > "$TMP/cut.gmpt"
expect_rc 2 "$GMEM_COSIM" replay "$TMP/cut.gmpt"
expect_out "cut.gmpt: not a valid gmem port trace \(truncated: the header says [0-9]+ body bytes, the file has [0-9]+ at byte $((size - 3))\)"
head -c 632 "$f" > "$TMP/cut.gmpt"
expect_rc 2 "$GMEM_COSIM" replay "$TMP/cut.gmpt"
expect_out "cut.gmpt: not a valid gmem port trace \(truncated: .* the file has 0 at byte 632\)"
{ cat "$f"; printf 'T'; } > "$TMP/long.gmpt"
expect_rc 2 "$GMEM_COSIM" replay "$TMP/long.gmpt"
expect_out "long.gmpt: not a valid gmem port trace \(trailing bytes"
RANDOM=7
for i in $(seq 1 25); do
  if [ $i -le 10 ]; then at=$((RANDOM % 632)); else at=$((632 + (RANDOM * 32768 + RANDOM) % (size - 632))); fi
  bit=$((RANDOM % 8))
  cp "$f" "$TMP/flip.gmpt"
  b=$(od -An -tu1 -j $at -N1 "$f" | tr -d ' ')
  printf "$(printf '\\%03o' $((b ^ (1 << bit))))" |
    dd of="$TMP/flip.gmpt" bs=1 seek=$at conv=notrunc status=none
  cmp -s "$f" "$TMP/flip.gmpt" && fail "byte $at was not changed"
  expect_rc 2 "$GMEM_COSIM" replay "$TMP/flip.gmpt"
  expect_out "flip.gmpt: not a (valid )?gmem port trace .*at byte [0-9]+"
done
expect_rc 2 "$GMEM_COSIM" replay /dev/zero
expect_out "/dev/zero: not a regular file"
expect_rc 2 "$GMEM_COSIM" replay "$TMP/pt"
expect_out "$TMP/pt: is a directory"
# version 1, recorded before the integrity header
{ printf 'GMPT\001\000\000\000'; tail -c +9 "$f"; } > "$TMP/v1.gmpt"
expect_rc 2 "$GMEM_COSIM" replay "$TMP/v1.gmpt"
expect_out "version 1 at byte 4: recorded before traces had a checksum"
exit 0
