#!/usr/bin/env bash
# synth/repower.sh -- re-cost the power of points already synthesized, from
# the toggle files now in synth/activity, without synthesizing again.
#
#   synth/repower.sh <block> [<point> ...]      (default: every point)
#
# run.sh keeps each point's mapped netlist and power facts beside its log
# (synth/out/log/<block>.<point>.blif, .powerfacts); this runs synth/power.awk
# on them exactly as run.sh's power step does, at the point's clock from
# synth/out/<block>.json, and rewrites that point's power fields there
# (power_activity, leakage_mw, internal_mw, switching_mw, sram_mw,
# total_power_mw; the top level's total_power_mw for default). The netlist
# must be the one the JSON costed: its gate count must equal the point's
# "cells" (else: re-run synth/run.sh). Environment as run.sh: SYNTH_OUT,
# SYNTH_ACTIVITY, SYNTH_DEFAULT_ACTIVITY, LIBERTY; SYNTH_NETLISTS (default
# $SYNTH_OUT/log).
set -euo pipefail

die() { echo "repower: $*" >&2; exit 2; }
[ $# -ge 1 ] || { echo "usage: synth/repower.sh <block> [<point> ...]" >&2; exit 2; }
abspath() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$(abspath "${SYNTH_OUT:-$ROOT/synth/out}")
NETS=$(abspath "${SYNTH_NETLISTS:-$OUT/log}")
ACTDIR=$(abspath "${SYNTH_ACTIVITY:-$ROOT/synth/activity}")
LIBERTY=$(abspath "${LIBERTY:-$ROOT/synth/lib/gmem45.lib}")
DEFAULT_ACT=${SYNTH_DEFAULT_ACTIVITY:-0.1}
cd "$ROOT"
rel() { case "$1" in "$ROOT"/*) echo "${1#"$ROOT"/}" ;; *) echo "$1" ;; esac; }

block=$1; shift
json=$OUT/$block.json
[ -f "$json" ] || die "$(rel "$json") not found (synthesize with synth/run.sh $block first)"
[ -f "$LIBERTY" ] || die "liberty file not found: $LIBERTY"
points=("$@")
[ ${#points[@]} -gt 0 ] || mapfile -t points < <(grep -o '"point": "[^"]*"' "$json" | sed 's/.*: "//; s/"$//')

# Supply and output load as run.sh takes them.
VDD=$(awk '/^[ \t]*nom_voltage[ \t]*:/ { v = $0; sub(/.*:[ \t]*/, "", v); sub(/;.*/, "", v); print v + 0; exit }' "$LIBERTY")
[ -n "$VDD" ] || VDD=1.1

for point in "${points[@]}"; do
    blif=$NETS/$block.$point.blif facts=$NETS/$block.$point.powerfacts
    [ -f "$blif" ] && [ -f "$facts" ] \
        || die "$block ($point): no kept netlist $(rel "$blif") (re-run synth/run.sh $block)"
    line=$(grep -F "{\"point\": \"$point\"," "$json") || die "$block: no point '$point' in $(rel "$json")"
    mhz=$(grep -o '"clock_mhz": [0-9.]*' <<<"$line" | head -1 | sed 's/.*: //')
    cells=$(grep -o '"cells": [0-9]*' <<<"$line" | head -1 | sed 's/.*: //')
    gates=$(grep -c '^\.gate ' "$blif" || true)
    [ "$gates" = "$cells" ] || die "$block ($point): the kept netlist has $gates cells, $(rel "$json") costed $cells (re-run synth/run.sh $block)"
    drive=$(awk '$1 == "PFUNC" && $4 == "A" && $2 ~ /^BUF/ { print $2; exit }' "$facts")
    out_load=$(awk -v c="$drive" '$1 == "PPIN" && $2 == c && $4 == "input" { print $5; exit }' "$facts")
    [ -n "$out_load" ] || out_load=1.0
    actfile=""
    [ -f "$ACTDIR/$block.$point.tgl" ] && actfile=$ACTDIR/$block.$point.tgl
    res=$(awk -f synth/power.awk -v mhz="$mhz" -v vdd="$VDD" -v default_act="$DEFAULT_ACT" \
        -v out_load="$out_load" -v actfile="$actfile" "$facts" "$blif") \
        || die "power calculation failed for $block ($point)"
    eval "$(awk '{ printf "pw_%s=%s\n", $1, $2 }' <<<"$res")"
    if [ -n "$actfile" ]; then
        act="toggle file $(rel "$actfile") ($pw_matched_nets of $pw_named_nets nets matched; it names $pw_flop_named of $pw_flop_q flops and $pw_ports_named of $pw_ports port bits; other nets propagated, unnamed inputs $DEFAULT_ACT)"
    else
        act="DEFAULT: every net $DEFAULT_ACT toggles/cycle, SRAM ports $DEFAULT_ACT accesses/cycle (no toggle file)"
    fi
    awk -v pt="$point" -v act="$act" -v lk="$pw_leakage_mw" -v in_="$pw_internal_mw" \
        -v sw="$pw_switching_mw" -v sr="$pw_sram_mw" -v tot="$pw_total_mw" '
        function put(key, val) { sub("\"" key "\": [-0-9.e+]*", "\"" key "\": " val) }
        index($0, "{\"point\": \"" pt "\",") {
            sub(/"power_activity": "[^"]*"/, "\"power_activity\": \"" act "\"")
            put("leakage_mw", lk); put("internal_mw", in_); put("switching_mw", sw)
            put("sram_mw", sr); put("total_power_mw", tot)
        }
        pt == "default" && /^  "total_power_mw": / { $0 = "  \"total_power_mw\": " tot "," }
        { print }' "$json" > "$json.tmp"
    mv "$json.tmp" "$json"
    echo "repower: $block $point: $pw_total_mw mW ($act)" >&2
done
