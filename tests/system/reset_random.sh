# Reset is checked, not assumed: lockstep starts the RTL's registers random
# (+verilator+rand+reset+2, models verilated with --x-initial unique), so a
# register the reset forgets differs from the C model's right after reset.
# make cosim-fault FAULT=dlmshr-reset leaves the dlmshr's slot-valid bits
# out of its reset loop: block and in-system lockstep catch it with a
# random start (exit 1, naming slot_v_q and the start), and the same build
# passes with Verilator's usual all-zeros start -- which is what hid it.
. tests/lib.sh
F=$GMEM_FAULT_DLMSHR_RESET
[ -x "$F" ] || fail "$F missing (make test builds it)"

# Block lockstep, every point: the random start is caught after reset.
expect_rc 1 "$F" cosim dlmshr --cycles 2000 --seed 5 --mismatch-vcd "$TMP/blk"
expect_out "cosim dlmshr\[default\]: MISMATCH after reset \(seed 5, stimulus random\)"
expect_out "  state slot_v_q\[[0-9]+\] after reset: C 0x0, RTL 0x1"
expect_out "  RTL registers before reset: random \(\+verilator\+rand\+reset\+2, seeded by --seed 5\)"
expect_out "  VCD window, the reset \(2 edges\): $TMP/blk.default.c.vcd $TMP/blk.default.rtl.vcd"
[ -s "$TMP/blk.default.rtl.vcd" ] || fail "no VCD of the reset"
# The mismatch window's re-run starts the same (a seed per model, not per
# construction), so it names the same register as the first divergence.
reg=$(echo "$OUT" | sed -n 's/^  state \(slot_v_q\[[0-9]*\]\) after reset.*/\1/p' | head -n 1)
expect_out "first diverging state register: ${reg//[/\\[} after reset"
# ... and with an explicit seed, identically on a second run.
expect_rc 1 "$F" cosim dlmshr --point small --cycles 2000 +verilator+seed+77 --mismatch-vcd "$TMP/b2"
first=$OUT
expect_out "random \(\+verilator\+rand\+reset\+2 \+verilator\+seed\+77\)"
expect_rc 1 "$F" cosim dlmshr --point small --cycles 2000 +verilator+seed+77 --mismatch-vcd "$TMP/b2"
[ "$OUT" = "$first" ] || fail "two runs with +verilator+seed+77 differ:
$first
---
$OUT"
# All ones is caught too; all zeros is not: the fault hides there.
expect_rc 1 "$F" cosim dlmshr --point small --cycles 2000 +verilator+rand+reset+1 \
  --mismatch-vcd "$TMP/b3"
expect_out "RTL registers before reset: ones \(\+verilator\+rand\+reset\+1\)"
expect_rc 0 "$F" cosim dlmshr --cycles 20000 --seed 5 +verilator+rand+reset+0
expect_last_line "cosim dlmshr: 20000 cycles, 0 mismatches"
# The correct RTL passes from a random start at every point.
expect_rc 0 "$GMEM_COSIM" cosim dlmshr --cycles 20000 --seed 5
expect_last_line "cosim dlmshr: 20000 cycles, 0 mismatches"

# In-system: the DL-MSHR in every L1D and L2 bank (the runs stop at
# --max-cycles: exit 3 when the lockstep agreed, 1 on a mismatch). Each instance starts
# from its own seed (the run's seed and its path), so the first one
# attached already differs.
expect_rc 1 "$F" run --config configs/dlmshr-ch3-dl.json --workload atax:n=256 --rtl dlmshr \
  --max-cycles 5000 --mismatch-vcd "$TMP/sys"
expect_out "lockstep MISMATCH in (sm[0-9]+\.l1d|l2\.bank[0-9]+)\.dlmshr after reset \(core cycle 0\)"
expect_out "  state slot_v_q\[[0-9]+\]: C 0x0, RTL 0x1"
expect_out "  first diverging state register: slot_v_q\[[0-9]+\] after reset: C 0x0, RTL 0x1"
expect_out "  RTL registers before reset: random \(\+verilator\+rand\+reset\+2, seeded by --seed 1\)"
expect_rc 3 "$F" run --config configs/dlmshr-ch3-dl.json --workload atax:n=256 --rtl dlmshr \
  --max-cycles 5000 +verilator+rand+reset+0
expect_out "lockstep dlmshr +[1-9][0-9]* instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
expect_rc 3 "$GMEM_COSIM" run --config configs/dlmshr-ch3-dl.json --workload atax:n=256 \
  --rtl dlmshr --max-cycles 5000 --seed 9
expect_last_line "lockstep: 0 mismatches"

# Only Verilator's two start plusargs are taken, with its ranges.
for bad in +verilator+rand+reset+3 +verilator+seed+0 +verilator+seed+2147483648 \
           +verilator+seed+ +verilator+seed+1x +verilator+debug; do
  expect_rc 2 "$GMEM_COSIM" cosim milg --cycles 10 "$bad"
  expect_out "cosim: .*\+verilator\+"
  expect_rc 2 "$GMEM_COSIM" run --workload atax:n=64 --rtl milg "$bad"
done
exit 0
