#!/usr/bin/env bash
# synth/summary.sh -- synth/out/summary.md (and area_vs_seed.png when gnuplot
# is installed): every costed block and point of synth/out/*.json (written by
# synth/run.sh) next to the seeds' figures (synth/seed_costs.tsv, with
# synth/reference.tsv's wording for blocks without a figure).
# Plain bash + awk: run.sh writes one point per line, so the JSON is read
# line by line.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
OUT=${SYNTH_OUT:-synth/out}
SEEDS=synth/seed_costs.tsv
REF=synth/reference.tsv
for f in "$SEEDS" "$REF"; do [ -f "$f" ] || { echo "synth/summary.sh: error: $f not found" >&2; exit 1; }; done
mkdir -p "$OUT"
jsons=()
for f in "$OUT"/*.json; do [ -e "$f" ] && jsons+=("$f"); done

# One tab-separated row per costed point (the fields the tables need), then
# the seed comparison rows (also the chart's data).
awk -v OFS='\t' '
    function field(line, key,    m) {           # value of "key": in a one-line JSON object
        if (match(line, "\"" key "\": (\"[^\"]*\"|[-0-9.e]+|null|true|false)")) {
            m = substr(line, RSTART + length(key) + 4, RLENGTH - length(key) - 4)
            gsub(/^"|"$/, "", m); return m
        }
        return ""
    }
    /^  "block": / { b = field($0, "block"); next }
    /^    \{"point": / {
        p = field($0, "point")
        n = split("area_um2 sram_area_um2 total_area_um2 array_storage_um2 clock_mhz clock_domain fmax_mhz meets_clock wns_ns sram_min_period_ns path_from path_to path_arrival_ns path_cells crit_path_ps flops total_power_mw leakage_mw internal_mw switching_mw sram_mw power_activity period_ns", k, " ")
        s = b OFS p
        for (i = 1; i <= n; i++) s = s OFS field($0, k[i])
        print s
    }' ${jsons[@]+"${jsons[@]}"} > "$OUT/points.tsv"

awk -F'\t' -v OFS='\t' '
    FILENAME ~ /seed_costs/ { if ($0 ~ /^#/ || NF < 5) next; key = $1 SUBSEP $2; seed[key] = $3; scope[key] = $4; src[key] = $5; why[key] = $6; smw[key] = $7; order[++ns] = key; next }
    { row[$1 SUBSEP $2] = $0 }
    END {
        for (i = 1; i <= ns; i++) {
            key = order[i]; split(key, bp, SUBSEP)
            if (!(key in row)) { print bp[1], bp[2], seed[key], scope[key], "", "", "not costed", src[key], why[key], smw[key], ""; continue }
            split(row[key], f, "\t")
            g = (scope[key] == "storage") ? f[6] : f[5]
            r = g / seed[key]
            ok = (r >= 0.5 && r <= 2) ? "yes" : (why[key] != "" ? "no (reason below)" : "NO")
            print bp[1], bp[2], seed[key], scope[key], g, sprintf("%.2f", r), ok, src[key], why[key], smw[key], f[19]
        }
    }' "$SEEDS" "$OUT/points.tsv" > "$OUT/seed_ratio.tsv"

# The chart: gmem's figure of the seed's scope against the seed's, log scale.
chart=""
if command -v gnuplot >/dev/null; then
    awk -F'\t' '$5 != "" { printf "\"%s %s\" %s %s\n", $1, $2, $5, $3 }' "$OUT/seed_ratio.tsv" > "$OUT/area_vs_seed.dat"
    if [ -s "$OUT/area_vs_seed.dat" ]; then
        gnuplot <<EOF && chart=yes
set terminal pngcairo size 900,480 font ",10" noenhanced
set output "$OUT/area_vs_seed.png"
set title "Area per instance: gmem (45 nm, synth/run.sh) vs the seeds' figure of the same scope"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set ylabel "µm² (log scale)"
set xtics rotate by -30
set grid ytics
set key top left
plot "$OUT/area_vs_seed.dat" using 2:xtic(1) title "gmem", "" using 3 title "seed"
EOF
    fi
fi

{
    echo "# gmem cost summary"
    echo
    echo "Written by \`synth/summary.sh\` from \`synth/out/*.json\` (\`synth/run.sh\`, see synth/README.md) and"
    echo "\`synth/seed_costs.tsv\`. 45 nm: standard cells from the Nangate 45 nm Open Cell Library (X1 cells,"
    echo "typical corner), arrays read through at most 2 ports a cycle priced as SRAM macros by"
    echo "\`synth/sram/sram_model.awk\` (OpenRAM FreePDK45 periphery fitted to the published macros, CACTI 6.5's"
    echo "ITRS 146 F² bit cell) when that is cheaper than their bits as flops; every other array is flip-flops."
    echo "Those arrays are costed analytically: the RTL still builds them from flops (lockstep unchanged); the"
    echo "flow cuts them out of the synthesized netlist (\`memory -nomap\` inventory) and puts a macro there."
    echo
    echo "## Area against the seeds"
    echo
    echo "Logic = standard cells (flops included), SRAM = the macros, Storage = the arrays' bits alone (SRAM"
    echo "macro area, or bits × DFF_X1 for arrays left as flops: no read muxes, no write logic). The seed's"
    echo "figure is per instance (per SM, per L2 partition / bank); \"scope\" says which gmem figure it is"
    echo "compared with."
    echo
    echo "| Block | Point | Seed µm² | Scope | gmem µm² | Ratio | Within 2× | Power mW gmem / seed | Seed source |"
    echo "|---|---|---:|---|---:|---:|---|---|---|"
    awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, ($5 == "" ? "" : sprintf("%.0f", $5)), $6, $7,
        ($10 != "" && $11 != "" ? sprintf("%.2f / %s", $11, $10) : ""), $8 }' "$OUT/seed_ratio.tsv"
    echo
    # Which power figures come from an in-system run (a toggle file's header
    # names the run and the window), and which from the default activity.
    awk -F'\t' '$24 ~ /^toggle file / { split($24, w, " "); printf "%s\t%s\t%s\t%s\n", $1, $2, $19, w[3] }' \
        "$OUT/points.tsv" > "$OUT/.toggled"
    if [ -s "$OUT/.toggled" ]; then
        echo "Power from in-system toggle counts (\`gmem-cosim run --rtl BLOCK --toggles DIR\`, README"
        echo "\"Power from in-system toggles\"): the registers' and ports' rates of the mean instance over the"
        echo "window, every other net's propagated through the gates:"
        echo
        while IFS=$'\t' read -r b p mw f; do
            run=$(sed -n 's/^# from: //p' "$f" 2>/dev/null | head -1)
            win=$(sed -n 's/^# window: //p' "$f" 2>/dev/null | head -1)
            echo "- **$b $p**: $(printf '%.2f' "$mw") mW; \`$f\`: \`${run:-?}\`; ${win:-?}"
        done < "$OUT/.toggled"
        echo
        echo "Every other point's power is at the default activity (every net 0.1 toggles a cycle, every SRAM"
        echo "port used in 10 % of the cycles): compare magnitudes only."
    else
        echo "gmem's power is at the default activity (every net 0.1 toggles a cycle, every SRAM port used in 10 %"
        echo "of the cycles), not the seeds' workloads: compare magnitudes only."
    fi
    rm -f "$OUT/.toggled"
    echo
    [ -n "$chart" ] && { echo "![area vs seed](area_vs_seed.png)"; echo; }
    if awk -F'\t' '$9 != "" { f = 1 } END { exit !f }' "$OUT/seed_ratio.tsv"; then
        echo "Why a figure cannot be within 2×:"
        echo
        awk -F'\t' '$9 != "" { printf "- **%s %s** (%s×): %s\n", $1, $2, $6, $9 }' "$OUT/seed_ratio.tsv"
        echo
    fi
    echo "## Every block and point"
    echo
    echo "Clock = the GPU domain the block sits in (synth/clocks.tsv, configs/fermi-gtx480.json). Fmax ="
    echo "1 / (period − worst slack) from OpenSTA, or the slowest SRAM macro's minimum cycle if longer"
    echo "(inputs arrive and outputs are due at 20 % of the period; the reset is not timed). Power at the"
    echo "clock, with the activity named in the last column."
    echo
    echo "| Block | Point | Logic µm² | SRAM µm² | Total µm² | Storage µm² | Flops | Clock MHz | Fmax MHz | Meets | SRAM min ns | Power mW | Activity |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|"
    awk -F'\t' '{ act = ($24 ~ /^DEFAULT/) ? "default 0.1" : "toggle file"
        printf "| %s | %s | %.0f | %.0f | %.0f | %.0f | %s | %s (%s) | %s | %s | %s | %.3f | %s |\n",
            $1, $2, $3, $4, $5, $6, $18, $7, $8, $9, ($10 == "true" ? "yes" : "**no**"), ($12 + 0 > 0 ? $12 : "—"), $19, act }' "$OUT/points.tsv"
    echo
    echo "## Paths that miss the clock"
    echo
    echo "The worst path of every point that misses its clock (OpenSTA), how many cycles it needs at that"
    echo "clock, and where registers would go: a path of n cells needing k cycles is cut after every n/k"
    echo "cells (or, when the SRAM macro's own minimum cycle is the limit, the macro must be banked or"
    echo "replaced by a faster one)."
    echo
    echo "| Block | Point | Needs ns | Period ns | From → to (names cut at 48 characters) | Cells on the path | Fix |"
    echo "|---|---|---:|---:|---|---|---|"
    awk -F'\t' '
    function short(x) { return (length(x) > 48) ? substr(x, 1, 45) "..." : x }
    $10 == "false" {
        need = 1000 / $9; per = $25; k = int(need / per); if (k * per < need) k++
        nc = split($16, c, " ")
        if ($12 + 0 >= need - 1e-6) fix = "SRAM macro minimum cycle " $12 " ns: bank the array or use a faster macro"
        else if (nc > 0 && $15 / nc > 0.25)
            fix = sprintf("slow nets (%.2f ns a cell): buffer or replicate the high-fanout select/enable nets first", $15 / nc)
        else fix = sprintf("%d cycles: a register after every %d of %d cells", k, int((nc + k - 1) / k), nc)
        from = short($13); to = short($14); gsub(/\|/, "\\|", from); gsub(/\|/, "\\|", to)
        cells = (nc > 0) ? sprintf("%d: %s ... %s", nc, c[1], c[nc]) : ""
        printf "| %s | %s | %.3f | %.3f | %s → %s | %s | %s |\n", $1, $2, need, per, from, to, cells, fix }' "$OUT/points.tsv"
    echo
    echo "## Blocks without a numeric seed figure"
    echo
    awk -F'\t' 'FNR == NR { if (!/^#/) s[$1] = 1; next } FNR > 1 && !($1 in s) { printf "- **%s**: %s (%s)\n", $1, $2, $3 }' "$SEEDS" "$REF"
    echo
    echo "Power columns (leakage / internal / switching / SRAM mW) and every path's cells are in"
    echo "\`synth/out/<block>.json\`; the arrays and how each was priced are in its \`arrays\` list."
} > "$OUT/summary.md.tmp"
mv "$OUT/summary.md.tmp" "$OUT/summary.md"
echo "synth: wrote $OUT/summary.md" >&2
