# Sanitized co-simulation: build/san/gmem-cosim (the model, the lockstep
# engine, the stimuli, the port-trace code and every RTL adapter built with
# AddressSanitizer and UndefinedBehaviorSanitizer, -fno-sanitize-recover:
# any report ends the run non-zero) runs block lockstep of every block at
# every point, a mismatch report with its window re-run and VCDs, a port
# trace recorded and replayed, and in-system --rtl all lockstep on the
# configs that hold every block type. Short: a few thousand cycles each.
. tests/lib.sh
S=${GMEM_COSIM_SAN:-}
[ -x "$S" ] || fail "$S missing (make test builds build/san/gmem-cosim)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
san_clean() { # no sanitizer report in the last run's output
  echo "$OUT" | grep -Eq "ERROR: (Address|Leak)Sanitizer|runtime error:" &&
    fail "sanitizer report:
$OUT"
  return 0
}

# Block lockstep: every block at every point (every adapter), random start.
blocks=$("$GMEM" list blocks | awk '/^  [a-z_]+ / { print $1 }')
[ -n "$blocks" ] || fail "no blocks listed"
for b in $blocks; do
  expect_rc 0 "$S" cosim "$b" --cycles 3000 --seed 11
  san_clean
  expect_last_line "cosim $b: 3000 cycles, 0 mismatches"
done
# A mismatch: the report, the window's re-run, both VCDs.
expect_rc 1 "$S" cosim dlmshr --point small --cycles 3000 --inject-fault 1500 \
  --mismatch-vcd "$TMP/mm"
san_clean
expect_out "MISMATCH at cycle 1500"
[ -s "$TMP/mm.c.vcd" ] && [ -s "$TMP/mm.rtl.vcd" ] || fail "no mismatch VCDs"
# A whole-run VCD of both sides.
expect_rc 0 "$S" cosim cart --point r2c1 --cycles 500 --vcd "$TMP/cart"
san_clean

# In-system --rtl all: every block type across these configs.
for c in fermi-gtx480 fermi-gtx480-mdb dlmshr-ch3-dl dts-ch4-duel cart-ch2-cart \
         maxwell-ch4-dmil ccn-fermi; do
  run "$S" run --config "configs/$c.json" --workload atax:n=256 --rtl all --max-cycles 3000 \
    --seed 4 --mismatch-vcd "$TMP/sys"
  [ "$RC" = 0 ] || [ "$RC" = 3 ] || fail "$c: exit $RC:
$OUT"
  san_clean
  expect_out "lockstep [a-z_]+ +[1-9][0-9]* instances"
  expect_last_line "lockstep: 0 mismatches"
done
# The BMI arbiter needs two kernel streams.
run "$S" run --config configs/maxwell-ch4-qbmi.json --workload pair:bp+sv --rtl all \
  --max-cycles 3000 --seed 4
[ "$RC" = 3 ] || fail "maxwell-ch4-qbmi: exit $RC:
$OUT"
san_clean
expect_out "lockstep qbmi +16 instances"
expect_last_line "lockstep: 0 mismatches"
# Port traces: record in the system, replay without it.
run "$S" run --config configs/fermi-gtx480.json --workload atax:n=256 --rtl all \
  --max-cycles 3000 --record-ports "$TMP/pt" --record sm0.l1d.mshr,part_map
[ "$RC" = 3 ] || fail "record: exit $RC: $OUT"
san_clean
for t in sm0.l1d.mshr part_map; do
  expect_rc 0 "$S" replay "$TMP/pt/$t.gmpt"
  san_clean
  expect_out "^replay $t \([a-z_]+\): [1-9][0-9]* cycles, 0 mismatches$"
done
head -c 700 "$TMP/pt/part_map.gmpt" > "$TMP/cut.gmpt"
expect_rc 2 "$S" replay "$TMP/cut.gmpt"
san_clean
exit 0
