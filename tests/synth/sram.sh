# The SRAM path of the costing flow: synth/sram/sram_model.awk reproduces the
# published OpenRAM FreePDK45 macros it is fitted to, and a test block with
# gm_sram instances (synth/test/rtl/sram_demo) is costed with each instance as
# a liberty macro (never flops), equal configurations sharing one cell, its
# SRAM area the model's, and OpenSTA's worst path starting at the macro.
. tests/lib.sh
for t in yosys yosys-abc sta; do
  command -v $t >/dev/null || { echo "SKIP: $t not installed (scripts/deps.sh synth)"; exit 77; }
done
if command -v verilator >/dev/null; then
  verilator --lint-only -Wall rtl/common/gm_sram.v --top-module gm_sram \
    || fail "gm_sram is not verilator -Wall clean"
fi

# model vs the published macros: area within 30 %, read delay and minimum
# period within 10 % (the fit's worst cases are 25 % and 4 %).
awk -f synth/sram/sram_model.awk -v what=coeffs synth/sram/openram_freepdk45.tsv > "$TMP/coeffs" \
  || fail "the SRAM model fit failed"
awk -f synth/sram/sram_model.awk -v what=check "$TMP/coeffs" synth/sram/openram_freepdk45.tsv > "$TMP/check"
[ "$(wc -l < "$TMP/check")" -ge 7 ] || fail "model check printed too few macros"
awk -F'\t' '{ a = $5 / $4 - 1; if (a < -0.3 || a > 0.3) { print "area", $0; bad = 1 }
              if ($9 > 0 && ($10 / $9 > 1.1 || $10 / $9 < 0.9)) { print "delay", $0; bad = 1 }
              if ($11 > 0 && ($12 / $11 > 1.1 || $12 / $11 < 0.9)) { print "period", $0; bad = 1 } }
            END { exit bad }' "$TMP/check" || fail "the SRAM model is off the published macros"

# the test block at 500 MHz
export SYNTH_OUT=$TMP/out SYNTH_RTL=synth/test/rtl SYNTH_CONFIGS=synth/test/configs SYNTH_CLOCK_MHZ=500
expect_rc 0 synth/run.sh sram_demo
j=$TMP/out/sram_demo.json
rec=$(grep '"point": "default"' "$j")
field() { echo "$rec" | grep -o "\"$1\": [^,}]*" | head -1 | sed 's/.*: //; s/"//g'; }
[ "$(echo "$rec" | grep -o '"sram_cell"' | wc -l)" = 2 ] || fail "expected 2 SRAM cells: $rec"
echo "$rec" | grep -q '"sram_cell": "gm_sram_16x8", "count": 2' || fail "the two 16x8 instances do not share one cell"
echo "$rec" | grep -q '"sram_cell": "gm_sram_64x32", "count": 1' || fail "no 64x32 cell"
# 32 flops (the accumulator), none from the SRAMs (64*32 + 2*16*8 bits)
[ "$(field flops)" = 32 ] || fail "flops $(field flops), expected 32 (SRAM bits became flops?)"
a16=$(awk -f synth/sram/sram_model.awk -v what=cost -v words=16 -v bits=8 -v bitcell=itrs "$TMP/coeffs" | awk '$1 == "area_um2" { print $2 }')
a64=$(awk -f synth/sram/sram_model.awk -v what=cost -v words=64 -v bits=32 -v bitcell=itrs "$TMP/coeffs" | awk '$1 == "area_um2" { print $2 }')
awk -v s="$(field sram_area_um2)" -v a="$a16" -v b="$a64" 'BEGIN { d = s - (2 * a + b); exit !(d < 0.01 && d > -0.01) }' \
  || fail "SRAM area $(field sram_area_um2), model says 2 x $a16 + $a64"
awk -v l="$(field area_um2)" -v s="$(field sram_area_um2)" -v t="$(field total_area_um2)" \
  'BEGIN { exit !(l > 0 && t - l - s < 0.01 && t - l - s > -0.01) }' || fail "total != logic + SRAM: $rec"
[ "$(field path_from)" = "u_data (falling edge-triggered flip-flop clocked by clk)" ] \
  || fail "worst path starts at '$(field path_from)', expected the 64x32 macro"
echo "$rec" | grep -q '"path_cells": "gm_sram_64x32 ' || fail "the worst path's cells do not start at the macro"
awk -v f="$(field fmax_mhz)" 'BEGIN { exit !(f > 100 && f < 2000) }' || fail "Fmax $(field fmax_mhz)"
grep -q 'cell (gm_sram_64x32)' "$TMP/out/log/sram_demo.default.sram.lib" || fail "no liberty cell written"
grep -q 'Error' "$TMP/out/log/sram_demo.default.log" && fail "OpenSTA reported an error (see the log)"
exit 0
