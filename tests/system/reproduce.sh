# The reproduction harness (scripts/reproduce) end to end on a tiny
# experiment of its own (tests/reproduce/tiny.json: BMOD and BXOR x two
# small kernels, through GNU parallel on this machine): the figure's JSON
# (raw values equal to the runs' stats, normalization, geometric mean, the
# headline's gain ratio and verdict), its Markdown table and its PNG; the
# cache (a second run reruns nothing and takes seconds; touching one
# variant's --set list reruns only that variant; --force reruns all);
# --dry-run lists the commands and runs nothing; --slurm --dry-run writes a
# job array script that runs a task when given one; bad experiment files
# and failing runs are reported; runs stopped by max_cycles are marked.
. tests/lib.sh
command -v parallel >/dev/null && command -v jq >/dev/null ||
  fail "GNU parallel and jq are needed (scripts/deps.sh reproduce)"
exp=tests/reproduce/tiny.json
res=$TMP/res
rep() { run scripts/reproduce "$@" --results "$res" --gmem "$GMEM_FAST"; }
num_eq() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-9 * (b < 0 ? -b : b) + 1e-12) }' ||
  fail "$3: $1 != $2"; }

rep --help
[ "$RC" = 0 ] || fail "--help exited $RC"
expect_out "usage: scripts/reproduce"
expect_out "--sshloginfile"

# ---- first run: 4 runs through GNU parallel, then the figure's files.
rep "$exp" --jobs 2
[ "$RC" = 0 ] || fail "first run exited $RC: $OUT"
expect_out "tiny: 4 runs, 0 cached, 4 to run"
[ "$(echo "$OUT" | grep -c '^done tiny ')" = 4 ] || fail "not 4 runs done: $OUT"
for f in tiny.json tiny.md tiny.png; do [ -s "$res/$f" ] || fail "no $f"; done
file "$res/tiny.png" | grep -q 'PNG image data' || fail "tiny.png is not a PNG: $(file "$res/tiny.png")"
j=$res/tiny.json
jq -e . "$j" >/dev/null || fail "tiny.json is not JSON"
[ "$(jq '.runs | length' "$j")" = 4 ] || fail "tiny.json lacks the 4 runs"
# Every run's raw value is the metric of its cached stats.
while IFS=$'\t' read -r v w key val; do
  st=$res/cache/$key/stats.json
  [ -s "$st" ] || fail "run $v/$w: no cached stats $st"
  num_eq "$val" "$("$GMEM_FAST" stats-get "$st" ipc)" "run $v/$w raw ipc"
  num_eq "$(jq --arg v "$v" --arg w "$w" '.raw[$v][$w]' "$j")" "$val" "raw[$v][$w]"
done < <(jq -r '.runs[] | [.variant, .workload, .key, .value] | @tsv' "$j")
# Normalized to BMOD per workload; the geomean over the workloads.
for w in ATX RS; do
  num_eq "$(jq --arg w $w '.normalized.BMOD[$w]' "$j")" 1 "BMOD/$w normalized"
  num_eq "$(jq --arg w $w '.normalized.BXOR[$w]' "$j")" \
    "$(jq --arg w $w '.raw.BXOR[$w] / .raw.BMOD[$w]' "$j")" "BXOR/$w normalized"
done
gm=$(jq -r '.normalized.BXOR | "\(.ATX) \(.RS)"' "$j" | awk '{ printf "%.12g", sqrt($1 * $2) }')
num_eq "$(jq '.normalized.BXOR.geomean' "$j")" "$gm" "BXOR geomean"
# Each headline: gmem's value, the seed's, (gmem - 1) / (seed - 1), the verdict.
[ "$(jq '.headline | length' "$j")" = 2 ] || fail "not 2 headlines"
for i in 0 1; do
  h=$(jq -c ".headline[$i]" "$j")
  g=$(jq .gmem <<<"$h") s=$(jq .seed <<<"$h") q=$(jq .gain_ratio <<<"$h")
  num_eq "$q" "$(awk -v g="$g" -v s="$s" 'BEGIN { printf "%.12g", (g - 1) / (s - 1) }')" "headline $i gain ratio"
  want_dir=$(awk -v q="$q" 'BEGIN { print (q > 0) ? "true" : "false" }')
  want_2x=$(awk -v q="$q" 'BEGIN { print (q >= 0.5 && q <= 2) ? "true" : "false" }')
  [ "$(jq .verdict.direction_matches <<<"$h")" = "$want_dir" ] || fail "headline $i direction: $h"
  [ "$(jq .verdict.within_2x <<<"$h")" = "$want_2x" ] || fail "headline $i within_2x: $h"
done
num_eq "$(jq '.headline[0].gmem' "$j")" "$(jq '.normalized.BXOR.geomean' "$j")" "headline 0 is the geomean"
num_eq "$(jq '.headline[1].seed' "$j")" 4 "headline 1's seed value"
# The table: a row per workload, the geomean, the seed's, the verdict lines.
md=$res/tiny.md
grep -q '^| workload | spec | BMOD | BXOR |$' "$md" || fail "table header missing"
grep -q '^| ATX | `atax:n=128` | 1.00 ' "$md" || fail "ATX row missing"
grep -q "^| \*\*geomean\*\* | | \*\*1.00\*\* | \*\*$(LC_ALL=C printf '%.2f' "$gm")\*\* |$" "$md" || fail "geomean row wrong"
grep -q "^| seed's geomean | | 1.00 | 2.00 |$" "$md" || fail "seed row wrong"
grep -q "^verdict tiny BXOR/geomean: gmem $(LC_ALL=C printf '%.2f' "$gm"), seed 2.00, gain ratio " "$md" ||
  fail "verdict line missing"

# ---- second run, nothing changed: nothing reruns, in seconds.
stamp() { for m in "$res"/cache/*/meta.json; do stat -c '%n %Y.%y' "$m"; done; }
before=$(stamp)
start=$(date +%s%N)
rep "$exp" --jobs 2
took=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$RC" = 0 ] || fail "second run exited $RC: $OUT"
expect_out "tiny: 4 runs, 4 cached, 0 to run"
echo "$OUT" | grep -q '^done ' && fail "second run reran something: $OUT"
[ "$before" = "$(stamp)" ] || fail "second run touched the cache"
[ "$took" -lt 10000 ] || fail "second run took $took ms"
echo "second run: $took ms"

# ---- "summary": "mean": the same runs (all cached), the arithmetic mean.
jq '.figure = "tinymean" | .summary = "mean" | .seed_values.BXOR = {"mean": 2.0, "RS": 4.0}
    | .headline[0].workload = "mean"' "$exp" >"$TMP/mean.json"
rep "$TMP/mean.json" --jobs 2
[ "$RC" = 0 ] || fail "mean run exited $RC: $OUT"
expect_out "tinymean: 4 runs, 4 cached, 0 to run"
jm=$res/tinymean.json
am=$(jq '[.normalized.BXOR | to_entries[] | select(.key != "mean") | .value] | add / length' "$jm")
num_eq "$(jq '.normalized.BXOR.mean' "$jm")" "$am" "BXOR arithmetic mean"
num_eq "$(jq '.headline[0].gmem' "$jm")" "$am" "headline 0 is the mean"
grep -q "^| \*\*mean\*\* | | \*\*1.00\*\* | " "$res/tinymean.md" || fail "mean row missing"
file "$res/tinymean.png" | grep -q 'PNG image data' || fail "tinymean.png is not a PNG"
# a metric 0 for both variants (no bypass slots here) normalizes to 1
jq '.figure = "tinyzero" | .metric = "l1d.reservation_fails.bypass_slots"' "$exp" >"$TMP/zero.json"
rep "$TMP/zero.json" --jobs 2
[ "$RC" = 0 ] || fail "zero-metric run exited $RC: $OUT"
[ "$(jq -c '[.normalized.BXOR[]] | unique' "$res/tinyzero.json")" = "[1]" ] ||
  fail "0/0 should normalize to 1: $(jq -c .normalized "$res/tinyzero.json")"
jq '.summary = "median"' "$exp" >"$TMP/median.json"
rep "$TMP/median.json"
[ "$RC" = 2 ] || fail "summary median: exit $RC, expected 2"
expect_out 'summary: "geomean" or "mean"'

# ---- one variant's --set list changed: only that variant reruns.
jq '.variants[1].set += ["l1d.c.missq=8"]' "$exp" >"$TMP/touched.json"
rep "$TMP/touched.json" --jobs 2
[ "$RC" = 0 ] || fail "touched run exited $RC: $OUT"
expect_out "tiny: 4 runs, 2 cached, 2 to run"
[ "$(echo "$OUT" | grep -c '^done tiny BXOR ')" = 2 ] || fail "BXOR not rerun: $OUT"
echo "$OUT" | grep -q '^done tiny BMOD ' && fail "BMOD rerun: $OUT"
# The config file's content is in the key too: a copy with one value
# changed reruns everything that uses it.
sed 's/"missq": 8/"missq": 6/' configs/fermi-gtx480.json >"$TMP/fermi6.json"
jq --arg c "$TMP/fermi6.json" '.variants[0].config = $c' "$exp" >"$TMP/cfg.json"
rep "$TMP/cfg.json" --jobs 2
[ "$RC" = 0 ] || fail "config run exited $RC: $OUT"
expect_out "tiny: 4 runs, 2 cached, 2 to run"
echo "$OUT" | grep -q '^done tiny BXOR ' && fail "BXOR rerun after a change of BMOD's config: $OUT"
# ... and so is its base's: the key hashes the configuration as resolved.
cp "$TMP/fermi6.json" "$TMP/base6.json"
printf '{"base": "./base6.json", "name": "derived6"}\n' >"$TMP/derived6.json"
jq --arg c "$TMP/derived6.json" '.variants[0].config = $c' "$exp" >"$TMP/derived.json"
rep "$TMP/derived.json" --jobs 2
[ "$RC" = 0 ] || fail "derived config run exited $RC: $OUT"
expect_out "tiny: 4 runs, 2 cached, 2 to run"
sed -i 's/"missq": 6/"missq": 4/' "$TMP/base6.json"
rep "$TMP/derived.json" --jobs 2
[ "$RC" = 0 ] || fail "changed base run exited $RC: $OUT"
expect_out "tiny: 4 runs, 2 cached, 2 to run"
echo "$OUT" | grep -q '^done tiny BXOR ' && fail "BXOR rerun after a change of BMOD's base: $OUT"

# ---- --dry-run lists the commands and runs nothing; --force lists all.
n_entries=$(ls "$res/cache" | wc -l)
rep "$exp" --dry-run
[ "$RC" = 0 ] || fail "--dry-run exited $RC"
echo "$OUT" | grep -q "^$GMEM_FAST run" && fail "--dry-run listed cached runs: $OUT"
rep "$exp" --dry-run --force
[ "$RC" = 0 ] || fail "--dry-run --force exited $RC"
expect_out "tiny: 4 runs, 0 cached, 4 to run"
[ "$(echo "$OUT" | grep -c "^$GMEM_FAST run ")" = 4 ] || fail "--dry-run --force lists not 4 commands: $OUT"
expect_out "^$GMEM_FAST run --config configs/fermi-gtx480.json --set l1d.c.set_func=bmod --workload atax:n=128 --stats $res/cache/[0-9a-f]{64}/stats.json --max-cycles 5000000$"
expect_out "--set l1d.c.set_func=bxor --workload rowscan:rows=1024,cols=8 --stats "
echo "$OUT" | grep -q '^done ' && fail "--dry-run ran something"
[ "$(ls "$res/cache" | wc -l)" = "$n_entries" ] || fail "--dry-run wrote cache entries"
# The listed command is the run: executed by hand it gives the cached stats
# (those of the entry it names: $j is the last figure written, derived6's).
listed=$(echo "$OUT" | grep "set_func=bmod --workload atax:n=128")
cached=$(echo "$listed" | sed 's#.*--stats \([^ ]*\).*#\1#')
cmd=$(echo "$listed" | sed "s#--stats [^ ]*#--stats $TMP/by-hand.json#")
eval "$cmd" >/dev/null || fail "the listed command failed: $cmd"
cmp -s "$TMP/by-hand.json" "$cached" || fail "the listed command's stats differ from the cached run's"

# ---- --slurm --dry-run: the job list and an sbatch array script.
rep "$exp" --slurm --dry-run --force --jobs 3
[ "$RC" = 0 ] || fail "--slurm --dry-run exited $RC: $OUT"
sb=$res/slurm/array.sbatch
expect_out "would submit: sbatch --wait $sb \(4 array tasks\)"
[ -x "$sb" ] || fail "no executable $sb"
bash -n "$sb" || fail "$sb is not valid bash"
head -n 1 "$sb" | grep -q '^#!/bin/bash' || fail "$sb lacks #!/bin/bash"
grep -q '^#SBATCH --array=1-4%3$' "$sb" || fail "array line wrong: $(grep array "$sb")"
grep -q "^#SBATCH --chdir=$PWD\$" "$sb" || fail "chdir line wrong"
grep -q '^#SBATCH --output=.*/logs/%A_%a.out$' "$sb" || fail "output line wrong"
[ "$(wc -l <"$res/slurm/jobs.txt")" = 4 ] || fail "jobs.txt has not 4 lines"
while read -r d; do [[ $d == "$res/cache/"* ]] || fail "jobs.txt line $d is no cache entry"; done <"$res/slurm/jobs.txt"
# Without Slurm, one array task by hand: line 2 of jobs.txt is run and cached.
d2=$(sed -n 2p "$res/slurm/jobs.txt")
rm -f "$d2/meta.json"
SLURM_ARRAY_JOB_ID=7 SLURM_ARRAY_TASK_ID=2 bash "$sb" >"$TMP/task.out" 2>&1 ||
  fail "array task 2 failed: $(cat "$TMP/task.out")"
[ "$(jq -r .via "$d2/meta.json")" = slurm:7_2 ] || fail "task 2 did not record its array task"

# ---- errors: a bad experiment file, an unknown figure, a failing run.
jq 'del(.metric)' "$exp" >"$TMP/bad.json"
rep "$TMP/bad.json"
[ "$RC" = 2 ] || fail "missing metric: exit $RC"
expect_out "missing field metric"
jq '.normalize = "NOPE"' "$exp" >"$TMP/bad.json"
rep "$TMP/bad.json"
[ "$RC" = 2 ] || fail "bad normalize: exit $RC"
expect_out "normalize: no variant NOPE"
jq '.headline += [{"variant": "BMOD", "workload": "RS", "claim": "x"}]' "$exp" >"$TMP/bad.json"
rep "$TMP/bad.json"
[ "$RC" = 2 ] || fail "headline without a seed value: exit $RC"
expect_out "headline BMOD/RS: no seed value"
rep no-such-figure
[ "$RC" = 2 ] || fail "unknown figure: exit $RC"
expect_out "no figure 'no-such-figure'"
head -c 200 "$exp" >"$TMP/cut.json" # a file cut short: where the JSON breaks
rep "$TMP/cut.json"
[ "$RC" = 2 ] || fail "a cut experiment file: exit $RC"
expect_out "cut.json: not valid JSON (.*at line [0-9]*, column [0-9]*)"
# From another directory its defaults are still the checkout's (build/gmem,
# results/): nothing is looked for in the caller's directory.
top=$PWD
run bash -c "cd '$TMP' && '$top/scripts/reproduce' '$top/$exp' --dry-run --force"
[ "$RC" = 0 ] || fail "--dry-run from another directory exited $RC: $OUT"
[ "$(echo "$OUT" | grep -c '^build/gmem run ')" = 4 ] || fail "not the checkout's build/gmem: $OUT"
jq '.workloads[1].spec = "rowscan:rows=1024,colz=8"' "$exp" >"$TMP/fails.json"
rep "$TMP/fails.json" --jobs 2
[ "$RC" = 1 ] || fail "a failing run: exit $RC"
expect_out "FAILED tiny BMOD RS"
expect_out "did not finish"
# A run stopped by max_cycles (gmem exits 3, its stats written) is a
# truncated value, marked in the figure, not a failed run.
jq '.max_cycles = 2000' "$exp" >"$TMP/capped.json"
rep "$TMP/capped.json" --jobs 2
[ "$RC" = 0 ] || fail "capped runs: exit $RC: $OUT"
[ "$(jq '.truncated_runs | length' "$j")" = 4 ] || fail "not 4 truncated runs: $(jq -c .truncated_runs "$j")"
grep -q '^† the run reached max_cycles (2000)' "$res/tiny.md" || fail "tiny.md does not mark the truncated runs"
# An experiment's args go into every command, before the workload, and
# into the key: none of its runs is the cached one without them.
jq '.args = ["--per-sm"]' "$exp" >"$TMP/args.json"
rep "$TMP/args.json" --dry-run
[ "$RC" = 0 ] || fail "--dry-run with args exited $RC: $OUT"
expect_out "tiny: 4 runs, 0 cached, 4 to run"
expect_out "^$GMEM_FAST run --config configs/fermi-gtx480.json --set l1d.c.set_func=bmod --per-sm --workload atax:n=128 "
jq '.args = "--per-sm"' "$exp" >"$TMP/badargs.json"
rep "$TMP/badargs.json" --dry-run
[ "$RC" = 2 ] || fail "args not an array: exit $RC"
expect_out "args must be an array of strings"
exit 0
