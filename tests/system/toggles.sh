# Power from in-system toggles (README "Power from in-system toggles"):
# `gmem-cosim run --rtl mshr --toggles DIR` on a tiny run writes a toggle
# file whose every count equals an independent count from the VCD of the
# same instance and window (the C model's dump and Verilator's own); two
# instances pool into sums; power.awk reads the file through synth/run.sh
# and synth/repower.sh; bad options exit 2.
. tests/lib.sh
export LC_ALL=C # join and sort agree on the order
[ -x "${GMEM_COSIM:-}" ] || { echo "SKIP: no gmem-cosim (make build/gmem-cosim)"; exit 77; }
# SM 0's L1D MSHR at the 4 x 4 `small` point, so every array fits the RTL
# VCD (Verilator traces arrays of up to 32 elements).
run="run --config configs/fermi-gtx480.json --set l1d.c.mshr_entries=4 --set l1d.c.mshr_merge=4
     --workload atax:n=64 --rtl mshr"
S=200 E=700
# shellcheck disable=SC2086
expect_rc 0 "$GMEM_COSIM" $run --toggles "$TMP/t0" --toggle-window $S:$E \
  --toggle-instances sm0.l1d.mshr --vcd "$TMP/v/sm0" --vcd-instance sm0.l1d.mshr
expect_out "toggles mshr +small: 1 instances, 500 cycles -> $TMP/t0/mshr.small.tgl"
expect_out "lockstep: 0 mismatches"
f=$TMP/t0/mshr.small.tgl
grep -q '^# from: gmem-cosim run --config configs/fermi-gtx480.json' "$f" || fail "the header does not name the run"
grep -v '^#' "$f" | sort > "$TMP/tgl.txt"

# The C model's VCD: every net and array, the same counts.
awk -v from=$S -v to=$E -f tests/system/vcd_toggles.awk "$TMP/v/sm0.c.vcd" | sort > "$TMP/cvcd.txt"
diff "$TMP/tgl.txt" "$TMP/cvcd.txt" > "$TMP/d" || fail "toggle file and C VCD differ: $(head -20 "$TMP/d")"
# Verilator's VCD of the RTL: every net it traces under the file's name agrees.
awk -v from=$S -v to=$E -f tests/system/vcd_toggles.awk "$TMP/v/sm0.rtl.vcd" | sort > "$TMP/rvcd.txt"
both=$(join <(grep -v '^sram\|^cycles' "$TMP/tgl.txt") <(grep -v '^sram\|^cycles' "$TMP/rvcd.txt") | awk '{ n++; if ($2 != $4 || $3 != $5) { print "differs: " $0 > "/dev/stderr"; bad = 1 } }
    END { print n + 0; exit bad }') || fail "toggle file and RTL VCD differ"
[ "$both" -ge 500 ] || fail "only $both nets of the toggle file are in the RTL VCD"
# Not a trivial file: the window saw requests, fills and forwarding.
awk '$1 != "cycles" && $1 != "sram" && $2 > 0 { n++ } END { exit !(n >= 50) }' "$TMP/tgl.txt" \
  || fail "fewer than 50 bits toggled"
awk '$1 == "sram" && $2 == "ent_blk_q" && $4 > 0 { ok = 1 } END { exit !ok }' "$TMP/tgl.txt" \
  || fail "no entry allocated in the window"
awk '$1 != "cycles" && $1 != "sram" && ($2 > 500 || $3 > 500) { bad = 1 } END { exit bad }' "$TMP/tgl.txt" \
  || fail "a count exceeds the window's 500 cycles"

# Pooling: SM 0 and SM 1 together are the sums of each alone.
# shellcheck disable=SC2086
expect_rc 0 "$GMEM_COSIM" $run --toggles "$TMP/t1" --toggle-window $S:$E --toggle-instances sm1.l1d.mshr
# shellcheck disable=SC2086
expect_rc 0 "$GMEM_COSIM" $run --toggles "$TMP/t2" --toggle-window $S:$E \
  --toggle-instances sm0.l1d.mshr,sm1.l1d.mshr
expect_out "toggles mshr +small: 2 instances, 1000 cycles"
grep -v '^#' "$TMP/t1/mshr.small.tgl" | sort > "$TMP/one.txt"
grep -v '^#' "$TMP/t2/mshr.small.tgl" | sort > "$TMP/two.txt"
sum_of() { # the nets' and arrays' counts of two files, added
  join <(grep -v '^sram' "$1") <(grep -v '^sram' "$2") \
    | awk '{ if ($1 == "cycles") print $1, $2 + $3; else print $1, $2 + $4, $3 + $5 }'
  join <(awk '$1 == "sram" { print $2, $4 }' "$1" | sort) <(awk '$1 == "sram" { print $2, $4 }' "$2" | sort) \
    | awk '{ print "sram", $1, "-", $2 + $3 }'
}
sum_of "$TMP/tgl.txt" "$TMP/one.txt" | sort > "$TMP/sum.txt"
diff "$TMP/sum.txt" "$TMP/two.txt" > "$TMP/d" || fail "two instances are not the sum of each alone: $(head "$TMP/d")"

# power.awk reads it: synth/run.sh costs the small point with the file
# (as the default point of a private point directory) and says how many
# of its nets matched the netlist; repower.sh gives the same figure and,
# without the file, the default-activity one.
if command -v yosys >/dev/null && command -v sta >/dev/null; then
  mkdir -p "$TMP/cfg/mshr" "$TMP/act"
  cp configs/blocks/mshr/small.json "$TMP/cfg/mshr/default.json"
  cp "$f" "$TMP/act/mshr.default.tgl"
  export GMEM="${GMEM_FAST:-$GMEM}" # run.sh asks it the points' parameters
  SYNTH_CONFIGS=$TMP/cfg SYNTH_OUT=$TMP/so SYNTH_ACTIVITY=$TMP/act expect_rc 0 synth/run.sh mshr
  act=$(grep -o '"power_activity": "[^"]*"' "$TMP/so/mshr.json" | head -1)
  echo "$act" | grep -q "toggle file" || fail "run.sh did not use the toggle file: $act"
  # The file's names are the netlist's: nearly every flop (all but the RTL's
  # own counters that are not STATE) and every port bit.
  m=$(echo "$act" | sed -n 's/.*it names \([0-9]*\) of \([0-9]*\) flops and \([0-9]*\) of \([0-9]*\) port bits.*/\1 \2 \3 \4/p')
  [ -n "$m" ] || fail "no coverage in: $act"
  set -- $m
  awk -v a="$1" -v b="$2" 'BEGIN { exit !(b > 0 && a / b >= 0.9) }' || fail "it names only $1 of $2 flops"
  [ "$3" = "$4" ] || fail "it names only $3 of $4 port bits"
  p1=$(grep -o '"total_power_mw": [0-9.]*' "$TMP/so/mshr.json" | head -1)
  SYNTH_OUT=$TMP/so SYNTH_ACTIVITY=$TMP/act expect_rc 0 synth/repower.sh mshr default
  p2=$(grep -o '"total_power_mw": [0-9.]*' "$TMP/so/mshr.json" | head -1)
  [ "$p1" = "$p2" ] || fail "repower.sh gives $p2, run.sh $p1"
  SYNTH_OUT=$TMP/so SYNTH_ACTIVITY=$TMP/none expect_rc 0 synth/repower.sh mshr default
  grep -q '"power_activity": "DEFAULT' "$TMP/so/mshr.json" || fail "repower.sh without a file is not the default"
  p3=$(grep -o '"total_power_mw": [0-9.]*' "$TMP/so/mshr.json" | head -1)
  [ "$p3" != "$p1" ] || fail "the toggle file did not change the power ($p1)"
else
  echo "note: yosys/sta not installed; the power.awk part is skipped"
fi

# Bad options: exit 2 with a message.
# shellcheck disable=SC2086
expect_rc 2 "$GMEM_COSIM" $run --toggle-window 1:2
expect_out "need --toggles DIR"
expect_rc 2 "$GMEM_COSIM" run --config configs/fermi-gtx480.json --workload atax:n=64 --toggles "$TMP/x"
expect_out "name its blocks with --rtl"
# shellcheck disable=SC2086
expect_rc 2 "$GMEM_COSIM" $run --toggles "$TMP/x" --toggle-window 9:3
expect_out "START < END"
# shellcheck disable=SC2086
expect_rc 2 "$GMEM_COSIM" $run --toggles "$TMP/x" --toggle-window 900000000:900000001
expect_out "no instance ran a cycle of the window"
exit 0
