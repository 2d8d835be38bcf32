# Bad configs and workloads exit 2 with a message naming the file and JSON
# path, or the spec, key and expected values.
. tests/lib.sh
expect_rc 2 "$GMEM" run --config configs/fermi-gtx480.json --workload atx
expect_out "unknown workload 'atx'"
expect_rc 2 "$GMEM" run --config configs/fermi-gtx480.json --workload atax:n=abc
expect_out "atax:n=abc: n: expected an integer"
expect_rc 2 "$GMEM" run --config configs/fermi-gtx480.json
expect_out "--workload SPEC is required"
sed 's/"ways": 4/"ways": 400/' configs/fermi-gtx480.json > "$TMP/bad.json"
expect_rc 2 "$GMEM" run --config "$TMP/bad.json" --workload atax
expect_out "bad.json: \\\$.l1d.c.ways: 400 is out of range, expected 1..64"
sed 's/"sets": 32/"setz": 32/' configs/fermi-gtx480.json > "$TMP/bad.json"
expect_rc 2 "$GMEM" run --config "$TMP/bad.json" --workload atax
expect_out "\\\$.l1d.c.setz: unknown key"
sed 's/"sets": 32/"sets": 48/' configs/fermi-gtx480.json > "$TMP/bad.json"
expect_rc 2 "$GMEM" run --config "$TMP/bad.json" --workload atax
expect_out "\\\$.l1d.c.sets: 48 is not a power of two"
sed 's/"func": "mod"/"func": "xor"/' configs/fermi-gtx480.json > "$TMP/bad.json"
expect_rc 2 "$GMEM" run --config "$TMP/bad.json" --workload atax
expect_out "\\\$.part.func: \"xor\" needs a power-of-two number of channels"
expect_rc 2 "$GMEM" run --config fermi-gtx480 --set dram.bank_groups=3 --workload atax
expect_out "\\\$.dram.bank_groups: 3 does not divide \\\$.dram.banks = 16"
sed 's/"scheduler": "gto"/"scheduler": "fifo"/' configs/fermi-gtx480.json > "$TMP/bad.json"
expect_rc 2 "$GMEM" run --config "$TMP/bad.json" --workload atax
expect_out "\\\$.sm.scheduler: expected one of \"gto\", \"lrr\""
printf '{"sm": {"count": 4,}}' > "$TMP/bad.json"
expect_rc 2 "$GMEM" run --config "$TMP/bad.json" --workload atax
expect_out "bad.json:1:.*invalid JSON"
expect_rc 2 "$GMEM" run --config "$TMP/none.json" --workload atax
expect_out "none.json: cannot open"
expect_rc 2 "$GMEM" run --workload atax --max-cycles -5
expect_out "--max-cycles expects a non-negative integer"
# --set overrides are checked like the file, and named as --set.
expect_rc 2 "$GMEM" run --workload atax --set l1d.c.setz=4
expect_out "--set l1d.c.setz=4: \\\$.l1d.c.setz: unknown key"
expect_rc 2 "$GMEM" run --workload atax --set l1d.c.ways=x
expect_out "--set l1d.c.ways=x: \\\$.l1d.c.ways: expected an integer \\(decimal, or hex after 0x\\) in 1..64, got 'x'"
expect_rc 2 "$GMEM" run --workload atax --set nonsense
expect_out "--set nonsense: expected PATH=VALUE"
expect_rc 2 "$GMEM" run --workload atax --set dts.duel=true
expect_out "\\\$.dts.duel: SM dueling needs \\\$.dts.enable and at least 3 SMs"
expect_rc 2 "$GMEM" run --workload atax --set dts.enable=true --set dts.duel=true --set sm.count=2
expect_out "\\\$.sm.count is 2"
expect_rc 0 "$GMEM" run --workload stream:ctas=2 --set sm.count=2 --set part.func=xor --set l2.channels=4
# Every shipped configuration loads (one with BMI on arbitrates between
# kernels: it takes a pair).
for c in configs/*.json; do
  w=stream:ctas=1
  [ "$("$GMEM" run --config "$c" --print-config | jq -r .qbmi.enable)" = true ] &&
    w=pair:stream:ctas=1+stream:ctas=1
  expect_rc 3 "$GMEM" run --config "$c" --workload "$w" --max-cycles 100
done
exit 0
