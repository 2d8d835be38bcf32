#!/usr/bin/env bash
# synth/run.sh <block> [<block> ...] -- cost gmem blocks: cells, flops, area, critical path.
#
# For every parameter point configs/blocks/<block>/<point>.json (default first):
#   1. $GMEM block-params <block> <json> --format yosys prints the chparam line;
#   2. yosys: read rtl/<block>/*.v (+ the blocks in rtl/<block>/uses, rtl/common/*.v),
#      chparam, synth -flatten,
#      dfflibmap (flops -> the liberty's D flip-flop; yosys rebuilds synchronous
#      reset/enable as logic in front of D), abc -liberty (logic -> liberty
#      cells), stat -liberty (cells and area in um^2);
#   3. ABC `stime` on the mapped netlist gives the critical path in ps (see
#      "Critical path" below);
# and writes synth/out/<block>.json (the top-level numbers are the default
# point's) plus yosys/ABC logs in synth/out/log/<block>.<point>.log.
#
# Environment: GMEM (default build/gmem), SYNTH_OUT (default synth/out),
# SYNTH_POINTS (only these points besides default; all when unset),
# LIBERTY (default synth/lib/gmem45.lib),
# YOSYS (default yosys), YOSYS_ABC (default yosys-abc).
#
# Critical path: yosys 0.23's `sta` wants cell models with `specify` timing and
# stops on liberty cells ("ERROR: Module `INV_X1' is used with parameters but
# is not parametric!"), and `abc -liberty` prints no delay, so the flow times
# the mapped netlist itself with ABC's standard-cell timer:
#   yosys-abc -c "read_lib <timing lib>; read_blif <netlist>; topo; stime -p"
# `stime` uses the liberty tables (load- and slew-dependent delays) but only
# for combinational logic between primary inputs and outputs. So
# synth/timing_netlist.awk cuts every flop open (its Q becomes an input that
# goes through a buffer with the flop's CK->Q tables, its D an output behind a
# buffer whose delay is the setup time); synth/liberty.awk writes those two
# timing-only cells from the flop's own liberty data into a copy of the
# liberty. The reported delay is the longest of
#   reg->reg  clk->q + logic + setup,   in->reg  logic + setup,
#   reg->out  clk->q + logic,           in->out  logic,
# with an ideal clock (no skew/jitter), inputs arriving at t=0 with zero slew,
# unloaded outputs, no wires (no wire-load model) and no sizing (gmem45.lib
# has X1 cells only). High-fanout nets (a CAM's select lines drive hundreds
# of gates) are buffered first by ABC's `buffer` (BUF_X1 trees), as any
# physical flow would: unbuffered, one X1 gate driving 1800 pins alone
# "takes" a microsecond. The buffers are counted in the path, not in
# area_um2 (the area is the mapped netlist's). crit_from/crit_to name the
# path's ends.
set -euo pipefail

die() { echo "synth/run.sh: error: $*" >&2; exit 1; }
usage() { echo "usage: [GMEM=...] [LIBERTY=...] synth/run.sh <block> [<block> ...]" >&2; exit 2; }

[ $# -ge 1 ] || usage
case "$1" in -h|--help) usage ;; esac

# Everything below runs from the repository root; a relative LIBERTY is taken
# relative to the caller's directory.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LIBERTY=${LIBERTY:-$ROOT/synth/lib/gmem45.lib}
case "$LIBERTY" in /*) ;; *) LIBERTY=$PWD/$LIBERTY ;; esac
cd "$ROOT"
GMEM=${GMEM:-build/gmem}
YOSYS=${YOSYS:-yosys}
YOSYS_ABC=${YOSYS_ABC:-yosys-abc}
SYNTH=synth
OUT=${SYNTH_OUT:-$SYNTH/out}
LOGDIR=$OUT/log

command -v "$YOSYS" >/dev/null || die "'$YOSYS' not found (apt-get install yosys)"
command -v "$YOSYS_ABC" >/dev/null || die "'$YOSYS_ABC' not found (it comes with Debian's yosys package)"
[ -f "$LIBERTY" ] || die "liberty file not found: $LIBERTY"
command -v "$GMEM" >/dev/null || die "GMEM=$GMEM is not an executable (build it with 'make', or set GMEM)"

# The liberty path as recorded in the JSON: repo-relative when inside the repo.
lib_rec=$LIBERTY
case "$LIBERTY" in "$ROOT"/*) lib_rec=${LIBERTY#"$ROOT"/} ;; esac
yosys_ver=$("$YOSYS" -V 2>/dev/null | awk '{print $1, $2; exit}')

mkdir -p "$LOGDIR"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/gmem-synth.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# Liberty facts: cell areas, flip-flop pins, time unit (see synth/liberty.awk).
awk -f $SYNTH/liberty.awk -v what=cells "$LIBERTY" > "$TMP/cells" \
    || die "cannot parse liberty $LIBERTY"
grep -q '^CELL .* ff$' "$TMP/cells" || die "liberty $LIBERTY has no flip-flop cell (ff group)"

# JSON string escaping (paths and names are plain, this is belt and braces).
jstr() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }

# cost_point <block> <point> <json>: runs one point; leaves $TMP/<block>.<point>/record
# (its line in "points") and .../top (its fields for the top level).
cost_point() {
    local block=$1 point=$2 json=$3
    local log=$LOGDIR/$block.$point.log
    local work=$TMP/$block.$point
    mkdir -p "$work"

    local chparam
    chparam=$("$GMEM" block-params "$block" "$json" --format yosys 2>"$work/gmem.err") \
        || die "$GMEM block-params $block $json --format yosys failed: $(cat "$work/gmem.err")"
    chparam=$(printf '%s\n' "$chparam" | grep -m1 '^chparam' || true)
    [ -n "$chparam" ] || die "$GMEM block-params $block $json --format yosys printed no 'chparam' line"
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

    local files=(rtl/"$block"/*.v)
    [ -e "${files[0]}" ] || die "no RTL: rtl/$block/*.v"
    local u
    for u in $(cat "rtl/$block/uses" 2>/dev/null); do files+=(rtl/"$u"/*.v); done
    local common=(rtl/common/*.v)
    [ -e "${common[0]}" ] && files+=("${common[@]}")

    cat > "$work/synth.ys" <<EOF
read_verilog -sv ${files[*]}
$chparam
synth -top $block -flatten $(block_flags "$block")
dfflibmap -liberty $LIBERTY
abc -liberty $LIBERTY
opt_clean
stat -liberty $LIBERTY
write_blif -gates $work/mapped.blif
EOF
    { echo "# $block point '$point' ($json), liberty $LIBERTY"; echo "# $chparam"; } > "$log"
    "$YOSYS" -q -l "$log.yosys" -s "$work/synth.ys" >/dev/null 2>"$work/yosys.err" || {
        cat "$log.yosys" >> "$log" 2>/dev/null; rm -f "$log.yosys"
        die "yosys failed on $block ($point): $(grep -h -m1 'ERROR' "$work/yosys.err" "$log" | head -1); full log: $log"
    }
    cat "$log.yosys" >> "$log"; rm -f "$log.yosys"

    # The last stat report (synth prints one of its own before mapping):
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
    if grep -q '^TYPE \$' "$work/stat"; then
        die "unmapped yosys cells in $block ($point): $(awk '$2 ~ /^\$/ {printf "%s ", $2}' "$work/stat")- the liberty lacks a suitable cell; see $log"
    fi

    # Timing library = the liberty + timing-only flop cells + a zero-delay wire.
    local ffs
    ffs=$(awk 'NR == FNR { if ($1 == "CELL" && $4 == "ff") ff[$2] = 1; next }
               $1 == "TYPE" && ($2 in ff) { print $2 }' "$TMP/cells" "$work/stat")
    {
        # drop the library's closing brace (the last "}" in the file)
        awk '{ l[NR] = $0 } /}/ { last = NR } END {
               for (i = 1; i <= NR; i++) { if (i == last) sub(/}[^}]*$/, "", l[i]); print l[i] } }' "$LIBERTY"
        for ff in $ffs; do awk -f $SYNTH/liberty.awk -v what=fake -v ff="$ff" "$LIBERTY" || exit 1; done
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

    awk -f $SYNTH/timing_netlist.awk -v map="$work/names" "$TMP/cells" "$work/mapped.blif" \
        > "$work/timing.blif" || die "cannot build the timing netlist for $block ($point)"
    "$YOSYS_ABC" -c "read_lib -w $work/timing.lib; read_blif $work/timing.blif; topo; buffer -p; stime -p" \
        > "$work/abc.out" 2>&1 || true
    { echo; echo "# ---- timing: $YOSYS_ABC stime -p (times in ps) ----"; cat "$work/abc.out"; } >> "$log"
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

    # Per-cell-type count and area, flop count.
    local cells area flops bycell
    cells=$(awk '$1 == "CELLS" { print $2 }' "$work/stat")
    area=$(awk '$1 == "AREA" { print $2 + 0 }' "$work/stat")
    flops=$(awk 'NR == FNR { if ($1 == "CELL" && $4 == "ff") ff[$2] = 1; next }
                 $1 == "TYPE" && ($2 in ff) { n += $3 } END { print n + 0 }' "$TMP/cells" "$work/stat")
    bycell=$(awk 'NR == FNR { if ($1 == "CELL") a[$2] = $3; next }
                  $1 == "TYPE" { s = s (s == "" ? "" : ", ") sprintf("\"%s\": {\"count\": %d, \"area_um2\": %.3f}", $2, $3, $3 * a[$2]) }
                  END { print "{" s "}" }' "$TMP/cells" "$work/stat")

    # One line for the points list, and the default point's fields for the top level.
    printf '{"point": %s, "params": %s, "cells": %s, "flops": %s, "area_um2": %s, "crit_path_ps": %s, "crit_from": %s, "crit_to": %s, "setup_ps": %s, "by_cell": %s}\n' \
        "$(jstr "$point")" "$params" "$cells" "$flops" "$area" "$crit" \
        "$(jstr "${from/:/ }")" "$(jstr "${to/:/ }")" "$setup_ps" "$bycell" > "$work/record"
    printf '  "params": %s,\n  "cells": %s,\n  "flops": %s,\n  "area_um2": %s,\n  "crit_path_ps": %s,\n  "crit_from": %s,\n  "crit_to": %s,\n' \
        "$params" "$cells" "$flops" "$area" "$crit" "$(jstr "${from/:/ }")" "$(jstr "${to/:/ }")" > "$work/top"
}

# Extra `synth` options of a block. cart: Yosys's SAT-based resource
# sharing merges the fill and drain muxes of its queue arrays into a
# structure with a (false) combinational loop, which ABC's timer rejects;
# -noshare keeps them apart. SYNTH_FLAGS adds options for every block.
block_flags() {
    case "$1" in cart) echo "-noshare ${SYNTH_FLAGS:-}" ;; *) echo "${SYNTH_FLAGS:-}" ;; esac
}

for block in "$@"; do
    case "$block" in ""|*/*|.*) die "bad block name '$block'" ;; esac
    [ -d "rtl/$block" ] || die "no RTL directory rtl/$block"
    cfg=configs/blocks/$block
    [ -f "$cfg/default.json" ] || die "missing parameter point $cfg/default.json"
    points=(default)
    for j in "$cfg"/*.json; do
        p=$(basename "$j" .json); [ "$p" = default ] && continue
        # SYNTH_POINTS="a b": only these points besides default (large
        # points take minutes each).
        if [ -n "${SYNTH_POINTS:-}" ] && [[ " $SYNTH_POINTS " != *" $p "* ]]; then continue; fi
        points+=("$p")
    done

    for p in "${points[@]}"; do
        echo "synth: $block $p" >&2
        ( cost_point "$block" "$p" "$cfg/$p.json" ) || exit 1
    done

    # Top level = the default point; one point per line so that
    # synth/summary.sh can read the file with awk.
    {
        printf '{\n  "block": %s,\n  "liberty": %s,\n  "tool": %s,\n' \
            "$(jstr "$block")" "$(jstr "$lib_rec")" "$(jstr "$yosys_ver, yosys-abc stime")"
        cat "$TMP/$block.default/top"
        printf '  "points": [\n'
        n=${#points[@]}
        for ((i = 0; i < n; i++)); do
            printf '    %s%s\n' "$(cat "$TMP/$block.${points[$i]}/record")" "$([ $i -lt $((n - 1)) ] && echo ,)"
        done
        printf '  ]\n}\n'
    } > "$OUT/$block.json.tmp"
    mv "$OUT/$block.json.tmp" "$OUT/$block.json"
    echo "synth: wrote $OUT/$block.json" >&2
done
