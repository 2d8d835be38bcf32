# Lockstep off the critical path (--rtl-threads N, README "Lockstep inside
# the system"): the RTL replayed by worker threads behind the C model checks
# exactly what the in-line lockstep checks -- the same evaluations, edges
# and fixed-point skips per block, the same stats -- and a broken RTL stops
# the run with the same report, whatever the number of workers. The
# fixed-point skipping itself is exact: the fault builds below are caught
# with it on, at the cycle and register the in-line run names.
. tests/lib.sh
lock() { echo "$OUT" | grep '^lockstep'; }
mism() { echo "$OUT" | grep -A2 '^lockstep MISMATCH'; }

args=(run --config configs/fermi-gtx480.json --workload atax:n=256 --rtl all)
expect_rc 0 "$GMEM_COSIM" "${args[@]}" --rtl-threads 0 --stats "$TMP/s0.json"
expect_out "lockstep mshr +27 instances, [0-9]+ cycles, [0-9]+ evaluations checked; the RTL clocked on [0-9]+ \([0-9.]+ %\), the rest at a fixed point"
inline=$(lock)
for t in 1 3; do
  expect_rc 0 "$GMEM_COSIM" "${args[@]}" --rtl-threads $t --stats "$TMP/s$t.json"
  [ "$(lock)" = "$inline" ] || fail "--rtl-threads $t checked otherwise than in-line:
$(lock)
in-line:
$inline"
  for f in s0 s$t; do grep -v '"wall_seconds"\|"rtl-threads"' "$TMP/$f.json" >"$TMP/$f.cmp"; done
  cmp -s "$TMP/s0.cmp" "$TMP/s$t.cmp" || fail "--rtl-threads $t changed the stats"
done

# A broken MSHR (its fault shows in state first) and a broken DL-MSHR.
[ -x "$GMEM_FAULT" ] || fail "$GMEM_FAULT missing (make test builds it)"
fargs=(run --config configs/fermi-gtx480.json --workload atax:n=1024 --rtl all)
expect_rc 1 "$GMEM_FAULT" "${fargs[@]}" --rtl-threads 0 --mismatch-vcd "$TMP/m0/run"
ref=$(mism)
[ -n "$ref" ] || fail "no mismatch report"
for t in 1 2; do
  expect_rc 1 "$GMEM_FAULT" "${fargs[@]}" --rtl-threads $t --mismatch-vcd "$TMP/m$t/run"
  [ "$(mism)" = "$ref" ] || fail "--rtl-threads $t reported otherwise:
$(mism)
in-line:
$ref"
  cmp -s "$TMP/m0/run.rtl.vcd" "$TMP/m$t/run.rtl.vcd" || fail "--rtl-threads $t: another VCD window"
done
[ -x "$GMEM_FAULT_DLMSHR" ] || fail "$GMEM_FAULT_DLMSHR missing (make test builds it)"
dargs=(run --config configs/dlmshr-ch3.json --set l1d.c.mshr=dl --set l2.c.mshr=dl
  --workload atax:n=256 --rtl all)
expect_rc 1 "$GMEM_FAULT_DLMSHR" "${dargs[@]}" --rtl-threads 0 --mismatch-vcd "$TMP/d0/run"
ref=$(mism)
expect_rc 1 "$GMEM_FAULT_DLMSHR" "${dargs[@]}" --rtl-threads 2 --mismatch-vcd "$TMP/d2/run"
[ "$(mism)" = "$ref" ] || fail "dlmshr: --rtl-threads 2 reported otherwise:
$(mism)
in-line:
$ref"

expect_rc 2 "$GMEM_COSIM" "${args[@]}" --rtl-threads many
expect_out "run: --rtl-threads expects a number of threads 0..64, got 'many'"
expect_rc 2 "$GMEM_COSIM" "${args[@]}" --rtl-threads 65
exit 0
