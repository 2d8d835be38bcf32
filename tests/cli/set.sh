# --set values: an integer is the whole value (decimal or 0x hex), never a
# prefix of it; a bad value given with --set is blamed on --set, also when
# a cross-field rule (checked after every override) finds it, and a value
# the message names that came from --set says so.
. tests/lib.sh
# (a run that loads its configuration stops at --max-cycles: exit 3)
run_set() { expect_rc "$1" "$GMEM" run --workload stream:ctas=1 --max-cycles 50 "${@:2}"; }
for v in 1K 5abc '12 x' ' 7' 3.0 -1 1e2 0x 0xg 12345678901234567890123; do
  run_set 2 --set "icnt.latency=$v"
  expect_out "^gmem: --set icnt.latency=$v: \\\$.icnt.latency: expected an integer \(decimal, or hex after 0x\) in 1..1000, got '$v'$"
done
run_set 2 --set sm.count=8junk
expect_out "^gmem: --set sm.count=8junk: \\\$.sm.count: expected an integer"
run_set 2 --set sm.count=0
expect_out "^gmem: --set sm.count=0: \\\$.sm.count: 0 is out of range, expected 1..256$"
run_set 2 --set sm.count=0x1000
expect_out "^gmem: --set sm.count=0x1000: \\\$.sm.count: 4096 is out of range, expected 1..256$"
# 0x10 is 16 (and 010 is ten, not octal): the same configuration as the
# decimal value (the stats differ only in run.sets, the overrides as given)
same_config() {
  expect_rc 0 "$GMEM" run --set "$1" --print-config; local a=$OUT
  expect_rc 0 "$GMEM" run --set "$2" --print-config
  [ "$a" = "$OUT" ] || fail "--set $1 and --set $2 resolve differently"
}
same_config sm.count=0x10 sm.count=16
same_config icnt.latency=010 icnt.latency=10
run_set 2 --set dts.enable=yes
expect_out "^gmem: --set dts.enable=yes: \\\$.dts.enable: expected true or false, got 'yes'$"
run_set 2 --set 'l1d.c=5'
expect_out "^gmem: --set l1d.c=5: \\\$.l1d.c: expected a JSON object"
run_set 3 --set 'l1d.c={"sets": 64}' --set l1d.c.alloc=on_fill --set dram.addr_map=0000RRRRRRRRRRRRBBBCCCCBCCSSSSSS
# cross-field rules: the value came from --set
run_set 2 --set l1d.c.sets=3
expect_out "^gmem: --set l1d.c.sets=3: \\\$.l1d.c.sets: 3 is not a power of two$"
run_set 2 --set 'l1d.c={"sets": 48}'
expect_out "^gmem: --set l1d.c=\{\"sets\": 48\}: \\\$.l1d.c.sets: 48 is not a power of two$"
run_set 2 --set dram.addr_map=0000RRRRRRRRRRRRBBBCCCCBCCSSSSSZ
expect_out "^gmem: --set dram.addr_map=0000RRRRRRRRRRRRBBBCCCCBCCSSSSSZ: \\\$.dram.addr_map: 'Z' is not one of R, B, C, S, 0$"
run_set 2 --set dram.addr_map=RB
expect_out "^gmem: --set dram.addr_map=RB: \\\$.dram.addr_map: expected 32 letters"
run_set 2 --config configs/fermi-gtx480.json --set l1d.c.line=64
expect_out "^gmem: configs/fermi-gtx480.json: \\\$.l2.c.line: 128 differs from \\\$.l1d.c.line 64 \(\\\$.l1d.c.line from --set l1d.c.line=64\)$"
run_set 2 --set l2.c.line=64 --set l1d.c.line=32
expect_out "^gmem: --set l2.c.line=64: \\\$.l2.c.line: 64 differs from \\\$.l1d.c.line 32 \(\\\$.l1d.c.line from --set l1d.c.line=32\)$"
# ... but from the file when the file gave it
sed 's/"sets": 32/"sets": 48/' configs/fermi-gtx480.json > "$TMP/bad.json"
run_set 2 --config "$TMP/bad.json" --set l2.c.sets=64
expect_out "^gmem: $TMP/bad.json: \\\$.l1d.c.sets: 48 is not a power of two$"
exit 0
