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
expect_out "not a gmem port trace"
exit 0
