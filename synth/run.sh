#!/usr/bin/env bash
# synth/run.sh <block> [<block> ...] -- cost gmem blocks: area (standard cells
# + SRAM macros), static timing at the clock of the GPU domain the block sits
# in, leakage and dynamic power. synth/README.md describes every step.
#
# For every parameter point configs/blocks/<block>/<point>.json (default first):
#   1. $GMEM block-params <block> <json> --format yosys prints the chparam line;
#   2. yosys: read rtl/<block>/*.v (+ the blocks in rtl/<block>/uses,
#      rtl/common/*.v), chparam, hierarchy; every gm_sram instance (rtl/common/gm_sram.v)
#      becomes a black box
#      (its parameters are dumped first); synth -flatten, dfflibmap,
#      abc with the script in abc_script() below (delay target = the clock
#      period; high-fanout nets buffered), stat, write_verilog/write_blif;
#   3. each gm_sram configuration becomes a liberty cell from
#      synth/sram/sram_model.awk (its area is the "SRAM area");
#   4. OpenSTA (`sta`) times the netlist against the block's clock
#      (synth/clocks.tsv), inputs arriving and outputs required at 20 % of the
#      period: worst slack, worst path, Fmax;
#   5. ABC's `stime` times it as well (cross-check, as before);
#   6. synth/power.awk: leakage, internal, switching and SRAM power at the
#      clock, from a toggle file synth/activity/<block>.<point>.tgl when there
#      is one, else a default activity (labelled as such);
# and writes synth/out/<block>.json (the top-level numbers are the default
# point's) plus the logs synth/out/log/<block>.<point>.log.
#
# Environment: GMEM (default build/gmem), SYNTH_OUT (default synth/out),
# SYNTH_POINTS (only these points besides default; all when unset),
# LIBERTY (default synth/lib/gmem45.lib), YOSYS, YOSYS_ABC, STA (tools),
# SYNTH_RTL / SYNTH_CONFIGS (other RTL and parameter-point roots; the point
# JSON's "params" are then read directly, without GMEM), SYNTH_CLOCKS (default
# synth/clocks.tsv), SYNTH_CLOCK_MHZ (overrides the table),
# SYNTH_ACTIVITY (directory of toggle files, default synth/activity),
# SYNTH_DEFAULT_ACTIVITY (default 0.1 toggles/cycle), SYNTH_FLAGS (extra
# `synth` options of phase A for every block), SYNTH_JOBS (points costed at a time,
# default 1; the longest by the last run's runtime_s first),
# SYNTH_ARRAYS (sram|flops), SYNTH_SRAM_CELL (itrs|openram),
# SYNTH_SRAM_MAX_READ_PORTS (default 2).
set -euo pipefail

die() { echo "synth/run.sh: error: $*" >&2; exit 1; }
usage() { echo "usage: [GMEM=...] [LIBERTY=...] synth/run.sh <block> [<block> ...]" >&2; exit 2; }

[ $# -ge 1 ] || usage
case "$1" in -h|--help) usage ;; esac

# Everything below runs from the repository root; relative LIBERTY, SYNTH_RTL,
# SYNTH_CONFIGS, SYNTH_ACTIVITY and SYNTH_CLOCKS are taken relative to the
# caller's directory.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
abspath() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
LIBERTY=$(abspath "${LIBERTY:-$ROOT/synth/lib/gmem45.lib}")
RTL=$(abspath "${SYNTH_RTL:-$ROOT/rtl}")
CFG=$(abspath "${SYNTH_CONFIGS:-$ROOT/configs/blocks}")
ACTDIR=$(abspath "${SYNTH_ACTIVITY:-$ROOT/synth/activity}")
CLOCKS=$(abspath "${SYNTH_CLOCKS:-$ROOT/synth/clocks.tsv}")
OUT=$(abspath "${SYNTH_OUT:-$ROOT/synth/out}")
cd "$ROOT"
GMEM=${GMEM:-build/gmem}
YOSYS=${YOSYS:-yosys}
YOSYS_ABC=${YOSYS_ABC:-yosys-abc}
STA=${STA:-sta}
SYNTH=synth
LOGDIR=$OUT/log
IO_FRAC=0.2                                   # input / output delay, fraction of the period
DEFAULT_ACT=${SYNTH_DEFAULT_ACTIVITY:-0.1}    # toggles per cycle when there is no toggle file
ARRAYS=${SYNTH_ARRAYS:-sram}                  # sram: arrays read through few ports priced as SRAM; flops: all flops
SRAM_CELL=${SYNTH_SRAM_CELL:-itrs}            # bit cell of the SRAM model: itrs (CACTI 6.5) or openram
SRAM_MAXRD=${SYNTH_SRAM_MAX_READ_PORTS:-2}    # most read ports an array may have to become SRAM
JOBS=${SYNTH_JOBS:-1}                         # points costed at a time
case "$JOBS" in [1-9]|[1-9][0-9]) ;; *) die "SYNTH_JOBS must be a number from 1 to 99, not '$JOBS'" ;; esac
case "$ARRAYS" in sram|flops) ;; *) die "SYNTH_ARRAYS must be sram or flops, not '$ARRAYS'" ;; esac
case "$SRAM_CELL" in itrs|openram) ;; *) die "SYNTH_SRAM_CELL must be itrs or openram, not '$SRAM_CELL'" ;; esac
OWN_PARAMS=0                                  # 1: read "params" from the point JSON
[ "$RTL" = "$ROOT/rtl" ] || OWN_PARAMS=1

command -v "$YOSYS" >/dev/null || die "'$YOSYS' not found (apt-get install yosys)"
command -v "$YOSYS_ABC" >/dev/null || die "'$YOSYS_ABC' not found (it comes with Debian's yosys package)"
command -v "$STA" >/dev/null || die "'$STA' (OpenSTA) not found (apt-get install opensta)"
[ -f "$LIBERTY" ] || die "liberty file not found: $LIBERTY"
[ $OWN_PARAMS = 1 ] || command -v "$GMEM" >/dev/null \
    || die "GMEM=$GMEM is not an executable (build it with 'make', or set GMEM)"
[ -n "${SYNTH_CLOCK_MHZ:-}" ] || [ -f "$CLOCKS" ] || die "clock table not found: $CLOCKS"

# Paths as recorded in the JSON: repo-relative when inside the repo.
rel() { case "$1" in "$ROOT"/*) echo "${1#"$ROOT"/}" ;; *) echo "$1" ;; esac; }
lib_rec=$(rel "$LIBERTY")
yosys_ver=$("$YOSYS" -V 2>/dev/null | awk '{print $1, $2; exit}')
sta_ver=$(echo 'puts [sta::version]' | "$STA" -no_splash -exit /dev/stdin 2>/dev/null | tail -1 || true)
[ -n "$sta_ver" ] || sta_ver=unknown

mkdir -p "$LOGDIR"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/gmem-synth.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# Liberty facts: cell areas, flip-flop pins, time unit, power data.
awk -f $SYNTH/liberty.awk -v what=cells "$LIBERTY" > "$TMP/cells" \
    || die "cannot parse liberty $LIBERTY"
grep -q '^CELL .* ff$' "$TMP/cells" || die "liberty $LIBERTY has no flip-flop cell (ff group)"
FF_AREA=$(awk '$1 == "CELL" && $4 == "ff" { print $3; exit }' "$TMP/cells")   # the flop an array bit costs
FF_CELLS=$(awk '$1 == "CELL" && $4 == "ff" { printf "%s ", $2 }' "$TMP/cells")
awk -f $SYNTH/liberty.awk -v what=power "$LIBERTY" > "$TMP/power" \
    || die "cannot read the power data of $LIBERTY"
VDD=$(awk '/^[ \t]*nom_voltage[ \t]*:/ { v = $0; sub(/.*:[ \t]*/, "", v); sub(/;.*/, "", v); print v + 0; exit }' "$LIBERTY")
[ -n "$VDD" ] || VDD=1.1
# Input drive and output load: the library's smallest buffer (BUF_X1 in gmem45).
DRIVE_CELL=$(awk '$1 == "PFUNC" && $4 == "A" && $2 ~ /^BUF/ { print $2; exit }' "$TMP/power")
OUT_LOAD=$(awk -v c="$DRIVE_CELL" '$1 == "PPIN" && $2 == c && $4 == "input" { print $5; exit }' "$TMP/power")
[ -n "$OUT_LOAD" ] || OUT_LOAD=1.0

# JSON string escaping (paths and names are plain, this is belt and braces).
jstr() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }

# clock_of <block> <point>: "<MHz> <domain> <source>" from synth/clocks.tsv
# (a row for <block>.<point>, else for <block>: domain, config file, key) and
# the config file's "clock" object.
clock_of() {
    local block=$1 point=$2 row domain file key mhz
    if [ -n "${SYNTH_CLOCK_MHZ:-}" ]; then echo "$SYNTH_CLOCK_MHZ override SYNTH_CLOCK_MHZ"; return; fi
    row=$(awk -F'\t' -v b="$block" -v bp="$block.$point" '!/^#/ && $1 == bp { print $2 "\t" $3 "\t" $4; found = 1; exit }
        !/^#/ && $1 == b && r == "" { r = $2 "\t" $3 "\t" $4 } END { if (!found && r != "") print r }' "$CLOCKS")
    [ -n "$row" ] || die "no clock for block '$block' in $(rel "$CLOCKS") (add a row: block, core|l2, config, key)"
    IFS=$'\t' read -r domain file key <<<"$row"
    [ -f "$file" ] || die "$(rel "$CLOCKS"): config file $file not found"
    mhz=$(tr -d '\n' < "$file" | grep -o "\"$key\"[ ]*:[ ]*[0-9.]*" | head -1 | sed 's/.*://; s/ //g')
    [ -n "$mhz" ] || die "$file has no \"$key\""
    echo "$mhz $domain $file:clock.$key"
}

# The ABC script for mapping to the liberty (yosys `abc -script`): one
# rewriting pass (dc2) and the delay-oriented mapper with the period as its
# target, then buffer trees on high-fanout nets (a CAM's compare lines drive
# thousands of pins; an X1 gate alone would "take" a microsecond).
# Yosys' default script adds &fraig -x, scorr and &dch -f, which on a
# flattened 100 k-gate block take minutes (dlmshr's L1D point ran past 20
# min); synth/README.md has the measurements.
abc_script() {
    printf 'strash; dc2; &get -n; &nf -D %s; &put; buffer -p\n' "$1"
}

# run_yosys <script> <what> <log> <work> <name>: yosys, its log appended to <log>.
run_yosys() {
    "$YOSYS" -q -l "$3.yosys" -s "$1" >/dev/null 2>"$4/yosys.err" || {
        cat "$3.yosys" >> "$3" 2>/dev/null; rm -f "$3.yosys"
        die "yosys ($2) failed on $5: $(grep -h -m1 'ERROR' "$4/yosys.err" "$3" | head -1); full log: $3"
    }
    cat "$3.yosys" >> "$3"; rm -f "$3.yosys"
}

SRAM_COEFFS=""
sram_coeffs() {
    if [ -z "$SRAM_COEFFS" ]; then
        SRAM_COEFFS=$TMP/sram.coeffs
        awk -f $SYNTH/sram/sram_model.awk -v what=coeffs $SYNTH/sram/openram_freepdk45.tsv > "$SRAM_COEFFS" \
            || die "SRAM model fit failed (synth/sram/sram_model.awk)"
    fi
}

# params_json <json>: the point's "params" object as a chparam line (test
# blocks, SYNTH_RTL), integers only.
params_json() {
    tr -d '\n' < "$2" | sed -n 's/.*"params"[ ]*:[ ]*{\([^}]*\)}.*/\1/p' | awk -v m="$1" -F',' '{
        s = "chparam"; for (i = 1; i <= NF; i++) { split($i, kv, ":"); k = kv[1]; v = kv[2]
            gsub(/[ "]/, "", k); gsub(/[ ]/, "", v); s = s " -set " k " " v }
        print s " " m }'
}

# cost_point <block> <point> <json>: runs one point; leaves $TMP/<block>.<point>/record
# (its line in "points") and .../top (its fields for the top level).
cost_point() {
    local block=$1 point=$2 json=$3
    local log=$LOGDIR/$block.$point.log
    local work=$TMP/$block.$point
    local t_start; t_start=$(date +%s)
    mkdir -p "$work"

    local chparam
    if [ $OWN_PARAMS = 1 ]; then
        chparam=$(params_json "$block" "$json")
    else
        chparam=$("$GMEM" block-params "$block" "$json" --format yosys 2>"$work/gmem.err") \
            || die "$GMEM block-params $block $json --format yosys failed: $(cat "$work/gmem.err")"
        chparam=$(printf '%s\n' "$chparam" | grep -m1 '^chparam' || true)
    fi
    [ -n "$chparam" ] || die "no 'chparam' line for $block ($json)"
    [ "$(printf '%s' "$chparam" | awk '{print $NF}')" = "$block" ] \
        || die "chparam line does not end with module '$block': $chparam"
    # No "-set": nothing to change (chparam would only list the parameters).
    case "$chparam" in *" -set "*) ;; *) chparam="" ;; esac

    # params object from the chparam line: -set NAME VALUE ...
    local params
    params=$(printf '%s\n' "$chparam" | awk '{
        s = ""; for (i = 2; i < NF; i++) if ($i == "-set") {
            v = $(i + 2); if (v !~ /^-?[0-9]+$/) { gsub(/"/, "", v); v = "\"" v "\"" }
            s = s (s == "" ? "" : ", ") "\"" $(i + 1) "\": " v; i += 2 }
        print "{" s "}" }')

    local files=("$RTL/$block"/*.v)
    [ -e "${files[0]}" ] || die "no RTL: $(rel "$RTL")/$block/*.v"
    local u
    for u in $(cat "$RTL/$block/uses" 2>/dev/null); do files+=("$RTL/$u"/*.v); done
    local common=("$ROOT"/rtl/common/*.v)
    [ -e "${common[0]}" ] && files+=("${common[@]}")
    # gm_sram (rtl/common/gm_sram.v): derived per parameter set by hierarchy,
    # dumped (for DEPTH/WIDTH/BE) and turned into black boxes before synthesis.

    local clk_mhz clk_domain clk_src period_ns period_ps
    read -r clk_mhz clk_domain clk_src < <(clock_of "$block" "$point")
    period_ns=$(awk -v m="$clk_mhz" 'BEGIN { printf "%.4f", 1000 / m }')
    period_ps=$(awk -v m="$clk_mhz" 'BEGIN { printf "%d", 1e6 / m }')
    abc_script "$period_ps" > "$work/map.abc"

    { echo "# $block point '$point' ($(rel "$json")), liberty $LIBERTY"; echo "# $chparam"
      echo "# clock $clk_mhz MHz ($clk_domain, $clk_src), period $period_ns ns"; } > "$log"

    # Phase A: elaborate, make gm_sram instances black boxes, run synth's
    # coarse steps (they end with `memory -nomap`: the arrays are $mem_v2
    # cells), list the arrays.
    cat > "$work/elab.ys" <<EOF
read_verilog -sv ${files[*]}
$chparam
hierarchy -top $block
tee -q -o $work/sram_params.txt dump gm_sram \$paramod*gm_sram*
blackbox gm_sram \$paramod*gm_sram*
rename -top $block
synth -top $block -flatten -run begin:fine $(block_flags "$block")
tee -q -o $work/mems.txt dump t:\$mem_v2
write_rtlil $work/elab.il
EOF
    run_yosys "$work/elab.ys" elaborate "$log" "$work" "$block ($point)"

    # The array inventory. With SYNTH_ARRAYS=sram an array read through at
    # most $SRAM_MAXRD ports becomes an SRAM macro when the model prices it
    # below its bits as bare flip-flops (a lower bound of the flop version:
    # no read muxes, no write logic); the rest stay flip-flops.
    : > "$work/chosen"
    awk -f $SYNTH/sram/arrays.awk -v what=list "$work/mems.txt" > "$work/arrays"
    local acell amemid aw ab aab ar awp async amod k=0 a_sram a_flop a_dec a_why
    local arrays_json="" storage=0
    while read -r _ acell amemid aw ab aab ar awp async; do
        a_flop=$(awk -v n=$((aw * ab)) -v a="$FF_AREA" 'BEGIN { printf "%.3f", n * a }')
        a_sram=null; a_dec=flops
        if [ "$ARRAYS" != sram ]; then a_why="SYNTH_ARRAYS=$ARRAYS"
        elif [ "$ar" -gt "$SRAM_MAXRD" ]; then a_why="read at $ar addresses a cycle (more than $SRAM_MAXRD ports)"
        elif [ "$ar" -lt 1 ]; then a_why="never read"
        else
            sram_coeffs
            a_sram=$(awk -f $SYNTH/sram/sram_model.awk -v what=cost -v words="$aw" -v bits="$ab" -v rports="$ar" \
                -v wports=1 -v bitcell="$SRAM_CELL" "$SRAM_COEFFS" | awk '$1 == "area_um2" { print $2 }')
            if awk -v s="$a_sram" -v f="$a_flop" 'BEGIN { exit !(s < f) }'; then
                k=$((k + 1)); amod=gm_arr${k}_${aw}x${ab}_${ar}r; a_dec=sram; a_why="SRAM $a_sram < flops $a_flop um2"
                echo "SRAM $acell $amod $aw $ab $aab $ar $awp $async $amemid" >> "$work/chosen"
            else a_why="SRAM $a_sram >= flops $a_flop um2"
            fi
        fi
        storage=$(awk -v t="$storage" -v x="$([ "$a_dec" = sram ] && echo "$a_sram" || echo "$a_flop")" 'BEGIN { printf "%.3f", t + x }')
        arrays_json="$arrays_json${arrays_json:+, }{\"array\": $(jstr "$amemid"), \"words\": $aw, \"bits\": $ab, \"read_ports\": $ar, \"rtl_write_ports\": $awp, \"sync_read\": $([ "$async" = 1 ] && echo true || echo false), \"flop_bits_um2\": $a_flop, \"sram_um2\": $a_sram, \"as\": \"$a_dec\", \"why\": $(jstr "$a_why")}"
    done < "$work/arrays"
    awk -f $SYNTH/sram/arrays.awk -v what=rewrite "$work/chosen" "$work/elab.il" > "$work/arrays.il"
    awk -f $SYNTH/sram/arrays.awk -v what=bb "$work/chosen" > "$work/arrays_bb.v"

    # Phase B: synthesis and mapping of everything else.
    cat > "$work/synth.ys" <<EOF
$( [ -s "$work/chosen" ] && echo "read_verilog -sv $work/arrays_bb.v" )
read_rtlil $work/arrays.il
hierarchy -top $block
opt -fast -full
memory_map
opt_expr -full
opt_merge -share_all
opt_muxtree
opt_reduce -full
opt_merge -share_all
opt_share
opt_dff
opt_clean
opt -fast -full
techmap
opt -fast
abc -fast
opt -fast
hierarchy -check
check
dfflibmap -liberty $LIBERTY
abc -liberty $LIBERTY -D $period_ps -script $work/map.abc
opt_clean
stat -liberty $LIBERTY
write_verilog -noattr $work/mapped.v
write_blif -gates -cname $work/mapped.blif
EOF
    run_yosys "$work/synth.ys" synthesize "$log" "$work" "$block ($point)"
    local t_yosys; t_yosys=$(date +%s)

    # The stat report after mapping:
    # "Number of cells: N", one "<type> <count>" line per cell type, then
    # "Chip area for module '\<block>': A".
    awk '/Printing statistics/ { n = 0; cells = area = "" }
         /Number of cells:/ { cells = $NF; incells = 1; next }
         incells && NF == 2 && $2 ~ /^[0-9]+$/ { t[++n] = $1 " " $2; next }
         { incells = 0 }
         /Chip area for module/ { area = $NF }
         END {
             if (area == "" && cells == 0) area = 0      # no cells: stat prints no area line
             print "CELLS", cells; for (i = 1; i <= n; i++) print "TYPE", t[i]
             if (area != "") print "AREA", area
         }' "$log" > "$work/stat"
    grep -q '^AREA ' "$work/stat" || die "no area in yosys stat output; see $log"
    if awk '$1 == "TYPE" && $2 ~ /^\$/ && $2 !~ /gm_sram$/ { bad = 1 } END { exit !bad }' "$work/stat"; then
        die "unmapped yosys cells in $block ($point): $(awk '$1 == "TYPE" && $2 ~ /^\$/ && $2 !~ /gm_sram$/ {printf "%s ", $2}' "$work/stat")- the liberty lacks a suitable cell; see $log"
    fi

    # ---- SRAM macros: one liberty cell per gm_sram configuration ----
    # sram_params.txt (yosys `dump`): "module <type>" then "parameter \DEPTH 64" ...
    awk '$1 == "module" { m = $2; next }
         $1 == "parameter" && m != "" { p = $2; sub(/^\\/, "", p); v[m, p] = $3; mods[m] = 1 }
         END { for (m in mods) {
                 d = v[m, "DEPTH"]; w = v[m, "WIDTH"]; b = v[m, "BE"]
                 if (d == "") d = 16; if (w == "") w = 32; if (b == "") b = 1
                 printf "%s %d %d %d\n", m, d, w, b } }' "$work/sram_params.txt" 2>/dev/null > "$work/sram_types" || true
    awk 'NR == FNR { t[$1] = $0; next } $1 == "TYPE" && ($2 in t) { print t[$2], $3 }' \
        "$work/sram_types" "$work/stat" > "$work/srams"      # type depth width be count
    local sram_area=0 sram_json="" sram_minp=0 sram_lib=""
    : > "$work/sram_facts"
    if [ -s "$work/srams" ] || [ -s "$work/chosen" ]; then
        sram_coeffs
        sram_lib=$work/sram.lib
        local widths="" typ d w b n cellname
        while read -r typ d w b n; do
            widths="$widths $w $(awk -v d="$d" 'BEGIN { a = 0; while (2 ^ a < d) a++; print (a < 1 ? 1 : a) }') $b"
        done < "$work/srams"
        while read -r _ acell amod aw ab aab ar awp async amemid; do
            widths="$widths $((ar * aab)) $ar $((ar * ab)) $((awp * aab)) $((awp * ab))"
        done < "$work/chosen"
        { echo "library (gmem_sram) {"
          echo "  delay_model : table_lookup;"
          echo "  time_unit : \"1ns\";"; echo "  voltage_unit : \"1V\";"; echo "  current_unit : \"1mA\";"
          echo "  leakage_power_unit : \"1nW\";"; echo "  capacitive_load_unit (1, ff);"
          echo "  pulling_resistance_unit : \"1kohm\";"; echo "  nom_process : 1.00;"; echo "  nom_temperature : 25.00;"
          echo "  nom_voltage : $VDD;"
          # thresholds as in the OpenRAM FreePDK45 macro libraries (50 % delay, 10-90 % slew)
          for t in input_threshold_pct output_threshold_pct; do echo "  ${t}_rise : 50.0;"; echo "  ${t}_fall : 50.0;"; done
          for e in rise fall; do echo "  slew_lower_threshold_pct_$e : 10.0;"; echo "  slew_upper_threshold_pct_$e : 90.0;"; done
          awk -f $SYNTH/sram/sram_model.awk -v what=types -v widths="$widths" "$SRAM_COEFFS"
        } > "$sram_lib"
        while read -r typ d w b n; do
            cellname=gm_sram_${d}x${w}; [ "$b" -gt 1 ] && cellname=${cellname}_be$b
            awk -f $SYNTH/sram/sram_model.awk -v what=cost -v words="$d" -v bits="$w" -v bitcell="$SRAM_CELL" \
                "$SRAM_COEFFS" > "$work/sram_cost"
            awk -f $SYNTH/sram/sram_model.awk -v what=lib -v words="$d" -v bits="$w" -v be="$b" -v cell="$cellname" \
                -v bitcell="$SRAM_CELL" "$SRAM_COEFFS" >> "$sram_lib"
            eval "$(awk '{ printf "sc_%s=%s\n", $1, $2 }' "$work/sram_cost")"
            sram_area=$(awk -v a="$sram_area" -v x="$sc_area_um2" -v n="$n" 'BEGIN { printf "%.3f", a + x * n }')
            sram_minp=$(awk -v a="$sram_minp" -v x="$sc_min_period_ns" 'BEGIN { print (x > a) ? x : a }')
            sram_json="$sram_json${sram_json:+, }{\"sram_cell\": \"$cellname\", \"count\": $n, \"words\": $d, \"bits\": $w, \"be\": $b, \"rows\": $sc_rows, \"cols\": $sc_cols, \"area_um2_each\": $sc_area_um2, \"read_ns_after_falling_edge\": $sc_access_ns, \"min_period_ns\": $sc_min_period_ns, \"read_pj\": $sc_read_pj, \"write_pj\": $sc_write_pj, \"leak_mw_each\": $sc_leak_mw, \"extrapolated\": $([ "$sc_extrapolated" = 1 ] && echo true || echo false)}"
            echo "PSRAM $cellname $sc_read_pj $sc_write_pj $sc_leak_mw" >> "$work/sram_facts"
            echo "SRAMCELL $typ $cellname $sc_access_ns $w $d $b" >> "$work/sram_map"
        done < "$work/srams"
        # RTL arrays priced as SRAM (phase A): one macro each, named after its module.
        while read -r _ acell amod aw ab aab ar awp async amemid; do
            awk -f $SYNTH/sram/sram_model.awk -v what=cost -v words="$aw" -v bits="$ab" -v rports="$ar" -v wports=1 \
                -v bitcell="$SRAM_CELL" "$SRAM_COEFFS" > "$work/sram_cost"
            awk -f $SYNTH/sram/sram_model.awk -v what=arrlib -v words="$aw" -v bits="$ab" -v rports="$ar" -v wports=1 \
                -v wports_rtl="$awp" -v abits="$aab" -v sync="$async" -v cell="$amod" -v memid="$amemid" \
                -v bitcell="$SRAM_CELL" "$SRAM_COEFFS" >> "$sram_lib"
            eval "$(awk '{ printf "sc_%s=%s\n", $1, $2 }' "$work/sram_cost")"
            sram_area=$(awk -v a="$sram_area" -v x="$sc_area_um2" 'BEGIN { printf "%.3f", a + x }')
            sram_minp=$(awk -v a="$sram_minp" -v x="$sc_min_period_ns" 'BEGIN { print (x > a) ? x : a }')
            sram_json="$sram_json${sram_json:+, }{\"sram_cell\": \"$amod\", \"array\": $(jstr "$amemid"), \"count\": 1, \"words\": $aw, \"bits\": $ab, \"read_ports\": $ar, \"write_ports\": 1, \"sync_read\": $([ "$async" = 1 ] && echo true || echo false), \"rows\": $sc_rows, \"cols\": $sc_cols, \"area_um2_each\": $sc_area_um2, \"area_openram_um2_each\": $sc_area_openram_um2, \"read_ns\": $sc_access_ns, \"min_period_ns\": $sc_min_period_ns, \"read_pj\": $sc_read_pj, \"write_pj\": $sc_write_pj, \"leak_mw_each\": $sc_leak_mw, \"extrapolated\": $([ "$sc_extrapolated" = 1 ] && echo true || echo false)}"
            echo "PSRAM $amod $sc_read_pj $sc_write_pj $sc_leak_mw" >> "$work/sram_facts"
            echo "ARRCELL - $amod $sc_access_ns $async" >> "$work/sram_map"
        done < "$work/chosen"
        echo "}" >> "$sram_lib"
        # Rename the derived black boxes to the liberty cells, in both netlists.
        awk 'NR == FNR { if ($1 == "SRAMCELL") m["\\" $2] = $3; next }
             { if ($1 in m) $1 = "  " m[$1]; print }' "$work/sram_map" "$work/mapped.v" > "$work/mapped.v.tmp"
        mv "$work/mapped.v.tmp" "$work/mapped.v"
        awk 'NR == FNR { if ($1 == "SRAMCELL") m[$2] = $3; next }
             $1 == ".gate" && ($2 in m) { $2 = m[$2] } { print }' "$work/sram_map" "$work/mapped.blif" > "$work/mapped.blif.tmp"
        mv "$work/mapped.blif.tmp" "$work/mapped.blif"
        cp "$sram_lib" "$OUT/log/$block.$point.sram.lib"
    fi
    # The flops named after their registers, for the paths' ends.
    awk -f $SYNTH/flop_names.awk -v ffs="$FF_CELLS" "$work/mapped.v" > "$work/mapped.v.tmp" \
        || die "synth/flop_names.awk failed on $block ($point)"
    mv "$work/mapped.v.tmp" "$work/mapped.v"

    # ---- static timing: OpenSTA ----
    local io_ns; io_ns=$(awk -v p="$period_ns" -v f="$IO_FRAC" 'BEGIN { printf "%.4f", p * f }')
    cat > "$work/sta.tcl" <<EOF
read_liberty $LIBERTY
$( [ -n "$sram_lib" ] && echo "read_liberty $sram_lib" )
read_verilog $work/mapped.v
link_design $block
set clk_port [get_ports -quiet clk]
if { \$clk_port != "" } {
  create_clock -name clk -period $period_ns \$clk_port
  set ins [delete_from_list [all_inputs] \$clk_port]
} else {
  create_clock -name clk -period $period_ns
  set ins [all_inputs]
}
set_input_delay $io_ns -clock clk \$ins
# The synchronous reset is not timed: it reaches every flop, and a design
# distributes it through its own pipelined buffer tree (the netlist has
# none: one BUF_X1 would drive ~1700 fF).
set rst_port [get_ports -quiet rst_n]
if { \$rst_port != "" } { set_false_path -from \$rst_port }
set_output_delay $io_ns -clock clk [all_outputs]
$( [ -n "$DRIVE_CELL" ] && echo "set_driving_cell -lib_cell $DRIVE_CELL \$ins" )
set_load $OUT_LOAD [all_outputs]
report_worst_slack -digits 4
report_checks -path_delay max -format full -fields {capacitance slew input_pin} -digits 3
set_power_activity -global -activity $DEFAULT_ACT -duty 0.5
report_power -digits 4
EOF
    "$STA" -no_splash -exit "$work/sta.tcl" > "$work/sta.out" 2>&1 || true
    { echo; echo "# ---- timing: $STA (OpenSTA $sta_ver), clock $period_ns ns, io delay $io_ns ns ----"
      cat "$work/sta.out"; } >> "$log"
    grep -q '^worst slack' "$work/sta.out" || die "OpenSTA failed on $block ($point); see $log"
    # worst slack, the worst path's ends, arrival and cell types
    local wns path_from path_to path_arr path_cells sta_pwr
    wns=$(awk '/^worst slack/ { print $3; exit }' "$work/sta.out")
    path_from=$(awk '/^Startpoint:/ { $1 = ""; sub(/^ /, ""); print; exit }' "$work/sta.out")
    path_to=$(awk '/^Endpoint:/ { $1 = ""; sub(/^ /, ""); print; exit }' "$work/sta.out")
    path_arr=$(awk '/data arrival time/ { print $1; exit }' "$work/sta.out")
    path_cells=$(awk '/^Startpoint:/ { on = 1 } on && /data arrival time/ { exit }
        on && /\([A-Za-z0-9_]+\)$/ && $0 ~ /\/[A-Za-z0-9_\[\]]+ \(/ {
            c = $NF; gsub(/[()]/, "", c); if (c != last) { s = s (s == "" ? "" : " ") c; n++ } last = c }
        END { print s }' "$work/sta.out")
    sta_pwr=$(awk '$1 == "Total" && NF >= 5 { printf "%.6f %.6f %.6f %.6f", $2 * 1000, $3 * 1000, $4 * 1000, $5 * 1000; exit }' "$work/sta.out")
    [ -n "$sta_pwr" ] || sta_pwr="null null null null"
    local minp fmax meets
    minp=$(awk -v p="$period_ns" -v s="$wns" -v m="$sram_minp" 'BEGIN { x = p - s; if (m > x) x = m; printf "%.4f", x }')
    fmax=$(awk -v x="$minp" 'BEGIN { printf "%.1f", 1000 / x }')
    meets=$(awk -v p="$period_ns" -v x="$minp" 'BEGIN { print (x <= p + 1e-9) ? "true" : "false" }')

    # ---- ABC cross-check: the timing netlist with flops (and SRAMs) cut open ----
    local ffs
    ffs=$(awk 'NR == FNR { if ($1 == "CELL" && $4 == "ff") ff[$2] = 1; next }
               $1 == "TYPE" && ($2 in ff) { print $2 }' "$TMP/cells" "$work/stat")
    {
        awk '{ l[NR] = $0 } /}/ { last = NR } END {
               for (i = 1; i <= NR; i++) { if (i == last) sub(/}[^}]*$/, "", l[i]); print l[i] } }' "$LIBERTY"
        for ff in $ffs; do awk -f $SYNTH/liberty.awk -v what=fake -v ff="$ff" "$LIBERTY" || exit 1; done
        # SRAM: read data arrive half a period + the read delay after the
        # rising edge (an array the RTL reads combinationally: the read
        # delay); inputs are set up 0.015 ns before it.
        if [ -s "$work/sram_map" ]; then
            awk -v p="$period_ns" '$1 == "SRAMCELL" || $1 == "ARRCELL" { d = ($1 == "ARRCELL" && $5 == 0) ? $4 : p / 2 + $4; printf "  cell (GMEM_TCQ_%s) {\n    area : 0;\n    pin (A) { direction : input; capacitance : 0; }\n    pin (Z) {\n      direction : output;\n      function : \"A\";\n      timing () {\n        related_pin : \"A\";\n        timing_sense : positive_unate;\n        cell_rise (scalar) { values (\"%.4f\"); }\n        cell_fall (scalar) { values (\"%.4f\"); }\n        rise_transition (scalar) { values (\"0.03\"); }\n        fall_transition (scalar) { values (\"0.03\"); }\n      }\n    }\n  }\n", $3, d, d
                printf "  cell (GMEM_TSU_%s) {\n    area : 0;\n    pin (A) { direction : input; capacitance : 0.2091; }\n    pin (Z) {\n      direction : output;\n      function : \"A\";\n      timing () {\n        related_pin : \"A\";\n        timing_sense : positive_unate;\n        cell_rise (scalar) { values (\"0.015\"); }\n        cell_fall (scalar) { values (\"0.015\"); }\n        rise_transition (scalar) { values (\"0\"); }\n        fall_transition (scalar) { values (\"0\"); }\n      }\n    }\n  }\n", $3 }' "$work/sram_map"
        fi
        cat <<'EOF'
  cell (GMEM_WIRE) {
    area : 0;
    pin (A) { direction : input; capacitance : 0; }
    pin (Z) {
      direction : output;
      function : "A";
      timing () {
        related_pin : "A";
        timing_sense : positive_unate;
        cell_rise (scalar) { values ("0"); }
        cell_fall (scalar) { values ("0"); }
        rise_transition (scalar) { values ("0"); }
        fall_transition (scalar) { values ("0"); }
      }
    }
  }
}
EOF
    } > "$work/timing.lib" || die "cannot build the timing library for $block ($point)"
    local setup_ps
    setup_ps=$(awk '/SETUP_PS/ { v = $3 } END { print (v == "" ? "null" : v) }' "$work/timing.lib")
    # pin roles of the SRAM cells for the netlist cutter
    cp "$TMP/cells" "$work/cells"
    [ -s "$work/sram_map" ] && awk '$1 == "SRAMCELL" { c = $3; w = $5; d = $6; be = $7
            a = 0; while (2 ^ a < d) a++; if (a < 1) a = 1
            print "FFPIN", c, "clk", "clock"; print "FFPIN", c, "we", "input"; print "FFPIN", c, "re", "input"
            for (i = 0; i < a; i++) { print "FFPIN", c, "waddr[" i "]", "input"; print "FFPIN", c, "raddr[" i "]", "input" }
            for (i = 0; i < w; i++) { print "FFPIN", c, "wdata[" i "]", "input"; print "FFPIN", c, "rdata[" i "]", "output" }
            for (i = 0; i < be; i++) print "FFPIN", c, "wbe[" i "]", "input"
            # a one-bit port appears without an index in the BLIF
            print "FFPIN", c, "wbe", "input"; print "FFPIN", c, "waddr", "input"; print "FFPIN", c, "raddr", "input"
            print "FFPIN", c, "wdata", "input"; print "FFPIN", c, "rdata", "output" }
        $1 == "ARRCELL" { c = $3; print "FFPIN", c, "CLK", "clock"; print "FFPIN", c, "RD_DATA", "output"
            n = split("RD_ADDR RD_EN WR_ADDR WR_DATA WR_EN", p, " "); for (i = 1; i <= n; i++) print "FFPIN", c, p[i], "input" }' \
        "$work/sram_map" >> "$work/cells"
    awk -f $SYNTH/timing_netlist.awk -v map="$work/names" "$work/cells" "$work/mapped.blif" \
        > "$work/timing.blif" || die "cannot build the timing netlist for $block ($point)"
    "$YOSYS_ABC" -c "read_lib -w $work/timing.lib; read_blif $work/timing.blif; topo; stime -p" \
        > "$work/abc.out" 2>&1 || true
    { echo; echo "# ---- timing cross-check: $YOSYS_ABC stime -p (times in ps) ----"; cat "$work/abc.out"; } >> "$log"
    # ANSI colour codes are stripped before parsing ABC's report.
    local crit from to
    read -r crit from to < <(sed 's/\x1b\[[0-9;]*m//g' "$work/abc.out" | awk -v names="$work/names" '
        BEGIN { while ((getline l < names) > 0) { split(l, f, " "); k = f[1] f[2]; kind[k] = f[3]; nm[k] = f[4] } }
        # "Delay = 123.4 ps" or, for wide numbers, "Delay =1234567.8 ps"
        /Delay *=/ { t = $0; sub(/.*Delay *= */, "", t); split(t, w, " "); d = w[1] }
        # "Start-point = pi06.  End-point = po15." (indices are zero-padded)
        /Start-point =/ { s = $3; e = $6; gsub(/[^0-9]/, "", s); gsub(/[^0-9]/, "", e)
                          s = "pi" (s + 0); e = "po" (e + 0) }
        END {
            if (d == "") exit 1
            printf "%s %s:%s %s:%s\n", d, kind[s], nm[s], kind[e], nm[e]
        }') || die "ABC timing failed for $block ($point); see $log"
    [ "$from" = ":" ] && from=""     # no gates at all: nothing to report
    [ "$to" = ":" ] && to=""
    local t_sta; t_sta=$(date +%s)

    # ---- power ----
    local actfile="" act_rec
    [ -f "$ACTDIR/$block.$point.tgl" ] && actfile=$ACTDIR/$block.$point.tgl
    cat "$TMP/power" "$work/sram_facts" > "$work/powerfacts"
    # Kept beside the log so synth/repower.sh can re-cost power from a new toggle
    # file without synthesizing again (dlmshr l1d takes over half an hour).
    cp "$work/mapped.blif" "$LOGDIR/$block.$point.blif"
    cp "$work/powerfacts" "$LOGDIR/$block.$point.powerfacts"
    awk -f $SYNTH/power.awk -v mhz="$clk_mhz" -v vdd="$VDD" -v default_act="$DEFAULT_ACT" \
        -v out_load="$OUT_LOAD" -v actfile="$actfile" "$work/powerfacts" "$work/mapped.blif" > "$work/power.out" \
        || die "power calculation failed for $block ($point)"
    { echo; echo "# ---- power: synth/power.awk ----"; cat "$work/power.out"; } >> "$log"
    eval "$(awk '{ printf "pw_%s=%s\n", $1, $2 }' "$work/power.out")"
    if [ -n "$actfile" ]; then
        act_rec="toggle file $(rel "$actfile") ($pw_matched_nets of $pw_named_nets nets matched; it names $pw_flop_named of $pw_flop_q flops and $pw_ports_named of $pw_ports port bits; other nets propagated, unnamed inputs $DEFAULT_ACT)"
    else
        act_rec="DEFAULT: every net $DEFAULT_ACT toggles/cycle, SRAM ports $DEFAULT_ACT accesses/cycle (no toggle file)"
    fi

    # Per-cell-type count and area, flop count.
    local cells area flops bycell total
    cells=$(awk '$1 == "CELLS" { print $2 }' "$work/stat")
    area=$(awk '$1 == "AREA" { print $2 + 0 }' "$work/stat")
    flops=$(awk 'NR == FNR { if ($1 == "CELL" && $4 == "ff") ff[$2] = 1; next }
                 $1 == "TYPE" && ($2 in ff) { n += $3 } END { print n + 0 }' "$TMP/cells" "$work/stat")
    bycell=$(awk 'NR == FNR { if ($1 == "CELL") a[$2] = $3; next }
                  $1 == "TYPE" && ($2 in a) { s = s (s == "" ? "" : ", ") sprintf("\"%s\": {\"count\": %d, \"area_um2\": %.3f}", $2, $3, $3 * a[$2]) }
                  END { print "{" s "}" }' "$TMP/cells" "$work/stat")
    total=$(awk -v a="$area" -v s="$sram_area" 'BEGIN { printf "%.3f", a + s }')
    local t_end; t_end=$(date +%s)

    # One line for the points list, and the default point's fields for the top level.
    local common_fields
    common_fields=$(printf '"clock_mhz": %s, "clock_domain": %s, "clock_source": %s, "cells": %s, "flops": %s, "area_um2": %s, "sram_area_um2": %s, "total_area_um2": %s, "array_storage_um2": %s, "period_ns": %s, "io_delay_ns": %s, "wns_ns": %s, "min_period_ns": %s, "fmax_mhz": %s, "meets_clock": %s, "sram_min_period_ns": %s, "path_from": %s, "path_to": %s, "path_arrival_ns": %s, "path_cells": %s, "crit_path_ps": %s, "crit_from": %s, "crit_to": %s, "setup_ps": %s, "power_activity": %s, "leakage_mw": %s, "internal_mw": %s, "switching_mw": %s, "sram_mw": %s, "total_power_mw": %s, "opensta_power_mw": {"internal": %s, "switching": %s, "leakage": %s, "total": %s}, "runtime_s": {"yosys": %d, "timing": %d, "total": %d}' \
        "$clk_mhz" "$(jstr "$clk_domain")" "$(jstr "$clk_src")" "$cells" "$flops" "$area" "$sram_area" "$total" "$storage" \
        "$period_ns" "$io_ns" "$wns" "$minp" "$fmax" "$meets" "$sram_minp" \
        "$(jstr "$path_from")" "$(jstr "$path_to")" "${path_arr:-null}" "$(jstr "$path_cells")" \
        "$crit" "$(jstr "${from/:/ }")" "$(jstr "${to/:/ }")" "$setup_ps" \
        "$(jstr "$act_rec")" "$pw_leakage_mw" "$pw_internal_mw" "$pw_switching_mw" "$pw_sram_mw" "$pw_total_mw" \
        $sta_pwr \
        $((t_yosys - t_start)) $((t_sta - t_yosys)) $((t_end - t_start)))
    printf '{"point": %s, "params": %s, %s, "srams": [%s], "arrays": [%s], "by_cell": %s}\n' \
        "$(jstr "$point")" "$params" "$common_fields" "$sram_json" "$arrays_json" "$bycell" > "$work/record"
    printf '  "params": %s,\n  "cells": %s,\n  "flops": %s,\n  "area_um2": %s,\n  "sram_area_um2": %s,\n  "total_area_um2": %s,\n  "clock_mhz": %s,\n  "fmax_mhz": %s,\n  "meets_clock": %s,\n  "crit_path_ps": %s,\n  "crit_from": %s,\n  "crit_to": %s,\n  "total_power_mw": %s,\n' \
        "$params" "$cells" "$flops" "$area" "$sram_area" "$total" "$clk_mhz" "$fmax" "$meets" \
        "$crit" "$(jstr "${from/:/ }")" "$(jstr "${to/:/ }")" "$pw_total_mw" > "$work/top"
    echo "synth: $block $point: $area um2 logic + $sram_area um2 SRAM, Fmax $fmax MHz (clock $clk_mhz), $pw_total_mw mW, $((t_end - t_start)) s" >&2
}

# Extra `synth` options of a block. cart: Yosys's SAT-based resource
# sharing merges the fill and drain muxes of its queue arrays into a
# structure with a (false) combinational loop, which ABC's timer rejects;
# -noshare keeps them apart. SYNTH_FLAGS adds options for every block.
block_flags() {
    case "$1" in cart) echo "-noshare ${SYNTH_FLAGS:-}" ;; *) echo "${SYNTH_FLAGS:-}" ;; esac
}

sram_coeffs      # fit the SRAM model once (the points run in subshells)

# Every (block, point) is one job; SYNTH_JOBS of them run at a time.
declare -A block_points
tasks=()
for block in "$@"; do
    case "$block" in ""|*/*|.*) die "bad block name '$block'" ;; esac
    [ -d "$RTL/$block" ] || die "no RTL directory $(rel "$RTL")/$block"
    cfg=$CFG/$block
    [ -f "$cfg/default.json" ] || die "missing parameter point $(rel "$cfg")/default.json"
    points=(default)
    for j in "$cfg"/*.json; do
        p=$(basename "$j" .json); [ "$p" = default ] && continue
        # SYNTH_POINTS="a b": only these points besides default.
        if [ -n "${SYNTH_POINTS:-}" ] && [[ " $SYNTH_POINTS " != *" $p "* ]]; then continue; fi
        points+=("$p")
    done
    block_points[$block]="${points[*]}"
    for p in "${points[@]}"; do tasks+=("$block $p"); done
done

# Longest first, by each point's time in the last run's $OUT/<block>.json
# (points it lacks first of all): with SYNTH_JOBS at a time the run then
# ends about when its total work divided by SYNTH_JOBS does, not when the
# longest point, started late, does.
last_secs() {
    [ -f "$OUT/$1.json" ] || { echo 1000000; return; }
    awk -v p="$2" 'index($0, "{\"point\": \"" p "\",") {
        if (match($0, /"runtime_s": \{[^}]*"total": [0-9]+/)) { s = substr($0, RSTART, RLENGTH); sub(/.* /, "", s); print s; f = 1; exit } }
        END { if (!f) print 1000000 }' "$OUT/$1.json"
}
order=()
for t in "${tasks[@]}"; do read -r block p <<<"$t"; order+=("$(last_secs "$block" "$p") $t"); done
mapfile -t order < <(printf '%s\n' "${order[@]}" | sort -s -k1,1nr | cut -d' ' -f2-)

for t in "${order[@]}"; do
    read -r block p <<<"$t"
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
    echo "synth: $block $p" >&2
    ( cost_point "$block" "$p" "$CFG/$block/$p.json" ) &
done
wait
for t in "${tasks[@]}"; do
    read -r block p <<<"$t"
    [ -s "$TMP/$block.$p/record" ] || die "$block ($p) was not costed (its error is above)"
done

for block in "$@"; do
    read -r -a points <<<"${block_points[$block]}"
    # Top level = the default point; one point per line so that
    # synth/summary.sh can read the file with awk.
    {
        printf '{\n  "block": %s,\n  "liberty": %s,\n  "tool": %s,\n' \
            "$(jstr "$block")" "$(jstr "$lib_rec")" "$(jstr "$yosys_ver, OpenSTA $sta_ver, yosys-abc stime")"
        cat "$TMP/$block.default/top"
        printf '  "points": [\n'
        n=${#points[@]}
        for ((i = 0; i < n; i++)); do
            printf '    %s%s\n' "$(cat "$TMP/$block.${points[$i]}/record")" "$([ $i -lt $((n - 1)) ] && echo ,)"
        done
        printf '  ]\n}\n'
    } > "$OUT/$block.json.tmp"
    mv "$OUT/$block.json.tmp" "$OUT/$block.json"
    echo "synth: wrote $(rel "$OUT")/$block.json" >&2
done
