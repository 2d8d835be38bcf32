# scripts/soak.sh (make soak) on a small scale: the table's rows and its
# verdict, a seed that re-runs a table exactly, in-system rows, and a
# broken RTL (the dlmshr that forgets its slot-valid bits at reset) making
# its rows MISMATCH and the soak exit 1 naming the logs.
. tests/lib.sh
export GMEM=$GMEM_FAST
expect_rc 0 env SOAK_DIR="$TMP/a" SOAK_BLOCKS="milg set_hash" SOAK_CYCLES=3000 \
  SOAK_OTHER_CYCLES=1000 SOAK_SYS_CYCLES=0 SOAK_SEED=40 scripts/soak.sh
expect_out "^soak: 6 runs, 1 at a time, seeds 40\.\.45; default points 3000 cycles, others 1000"
expect_out "^milg +default +40 +3000 +0 +[0-9.]+  ok$"
expect_out "^set_hash +default +41 +3000 +0 +[0-9.]+  ok$"
expect_out "^milg +zero_hold +42 +1000 +0 +[0-9.]+  ok$"
expect_out "^set_hash +l2 +44 +1000 +0 "
expect_out "^soak: 6 runs in [0-9]+s wall at SOAK_JOBS=1; 0 not ok$"
[ -s "$TMP/a/soak.txt" ] || fail "no table file"
expect_rc 0 env SOAK_DIR="$TMP/s" SOAK_BLOCKS=none SOAK_SYS_CYCLES=1000 SOAK_JOBS=2 \
  SOAK_SEED=3 scripts/soak.sh
expect_out "^system +fermi-gtx480 +[0-9]+ +1000 +0 +[0-9.]+  ok  instance-cycles=[1-9][0-9]+$"
expect_out "^system +dlmshr-ch3-dl "
# the modern configs' blocks have parameters no Verilated point has yet
expect_out "^system +v100 +[0-9]+ +0 +0 +[0-9.]+  SKIP  no-rtl-point=part_map\(NP=32,"
expect_out "; 0 not ok \(3 skipped: no RTL point\)$"
expect_rc 1 env GMEM_COSIM="$GMEM_FAULT_DLMSHR_RESET" SOAK_DIR="$TMP/f" SOAK_BLOCKS=dlmshr \
  SOAK_CYCLES=1000 SOAK_SYS_CYCLES=0 SOAK_SEED=9 scripts/soak.sh
expect_out "^dlmshr +default +9 +0 +1 +[0-9.]+  MISMATCH$"
expect_out "; 5 not ok$"
expect_out "soak: failed runs' logs: $TMP/f/logs/dlmshr.default.log"
grep -q "MISMATCH after reset" "$TMP/f/logs/dlmshr.default.log" || fail "log lacks the report"
expect_rc 2 env SOAK_DIR="$TMP/x" SOAK_CYCLES=1e6 scripts/soak.sh
expect_out "soak: '1e6' is not a number"
exit 0
