#!/usr/bin/env bash
# synth/summary.sh -- synth/out/summary.md: every costed block (synth/out/*.json,
# written by synth/run.sh) next to the cost the seeds report (synth/reference.tsv).
# Plain bash + awk: the JSON files are read line by line, which works because
# run.sh writes one point per line.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
OUT=synth/out
REF=synth/reference.tsv
[ -f "$REF" ] || { echo "synth/summary.sh: error: $REF not found" >&2; exit 1; }
mkdir -p "$OUT"

jsons=()
for f in "$OUT"/*.json; do [ -e "$f" ] && jsons+=("$f"); done

{
    echo "# gmem synthesis cost summary"
    echo
    echo "Written by \`synth/summary.sh\` from \`synth/out/*.json\` (\`synth/run.sh\`) and \`synth/reference.tsv\`."
    echo "Area is standard-cell area after yosys + ABC mapping (no placement, no wires); the critical path"
    echo "includes clock-to-q and setup where the path starts or ends at a flop (see \`synth/README.md\`)."
    echo "The seeds' figures mostly come from CACTI (SRAM arrays) and are for the whole GPU or a whole cache:"
    echo "compare orders of magnitude, and scale by the number of instances (per SM, per partition) first."
    echo
    echo "| Block | Point | Cells | Flops | Area (µm²) | Area (mm²) | Crit. path (ps) | Path (from → to) | Seed figure | Source |"
    echo "|---|---|---:|---:|---:|---:|---:|---|---|---|"
    awk -F'\t' -v OFS='' '
        function cell(s) { gsub(/\|/, "\\|", s); return s }
        function field(line, key,    m) {           # value of "key": in a one-line JSON object
            if (match(line, "\"" key "\": (\"[^\"]*\"|[-0-9.e]+|null)")) {
                m = substr(line, RSTART + length(key) + 4, RLENGTH - length(key) - 4)
                gsub(/^"|"$/, "", m); return m
            }
            return ""
        }
        FILENAME ~ /reference\.tsv$/ {
            if (FNR > 1 && $1 != "") { ref[$1] = $2; src[$1] = $3; blocks[$1] = 1 }
            next
        }
        /^  "block": / { b = field($0, "block"); blocks[b] = 1; next }
        /^  "liberty": / { lib[b] = field($0, "liberty"); next }
        /^    \{"point": / {
            n[b]++
            row[b, n[b]] = sprintf("| %s | %s | %s | %.1f | %.6f | %s | %s → %s |",
                field($0, "point"), field($0, "cells"), field($0, "flops"),
                field($0, "area_um2"), field($0, "area_um2") / 1e6, field($0, "crit_path_ps"),
                cell(field($0, "crit_from")), cell(field($0, "crit_to")))
        }
        END {
            nb = 0; for (x in blocks) names[++nb] = x
            for (i = 2; i <= nb; i++) for (j = i; j > 1 && names[j - 1] > names[j]; j--) { t = names[j]; names[j] = names[j - 1]; names[j - 1] = t }
            for (i = 1; i <= nb; i++) {
                x = names[i]
                if (!n[x]) { print "| ", x, " | not costed yet | | | | | | | ", cell(ref[x]), " | ", cell(src[x]), " |"; continue }
                for (k = 1; k <= n[x]; k++)
                    print "| ", (k == 1 ? x : ""), " ", row[x, k], " ", (k == 1 ? cell(ref[x]) : ""), " | ", (k == 1 ? cell(src[x]) : ""), " |"
                libs[lib[x]] = 1
            }
            print ""
            for (l in libs) print "Liberty: `", l, "`."
        }' "$REF" ${jsons[@]+"${jsons[@]}"}
} > "$OUT/summary.md.tmp"
mv "$OUT/summary.md.tmp" "$OUT/summary.md"
echo "synth: wrote $OUT/summary.md" >&2
