#!/usr/bin/env bash
# The lockstep soak (make soak): every block at every parameter point in
# block lockstep, and the whole system with --rtl all on every shipped
# configuration, each with a fresh seed (stimulus, workload and the RTL's
# random start before reset), SOAK_JOBS at a time. Prints one table --
# block, point, seed, cycles, mismatches, wall seconds -- and exits 1 if any
# run mismatched or failed. Not part of make test: its length is the knob.
#
#   SOAK_CYCLES=N        cycles at each block's default point (1000000)
#   SOAK_OTHER_CYCLES=N  cycles at every other point (SOAK_CYCLES)
#   SOAK_SYS_CYCLES=N    core cycles of each in-system run (200000; 0: none)
#   SOAK_JOBS=N          runs at a time (1)
#   SOAK_SEED=S          the first seed (default: fresh from /dev/urandom);
#                        run i gets S+i, so a table can be re-run exactly
#   SOAK_BLOCKS="a b"    only these blocks (default: every block; "none":
#                        only the in-system runs)
#   SOAK_DIR=DIR         logs, rows and mismatch VCDs (build/soak)
#   SOAK_OUT=FILE        the table also goes here (SOAK_DIR/soak.txt)
# A failed run's log is SOAK_DIR/logs/<block>.<point>.log; it holds the
# command that reproduces it.
. "$(dirname "$0")/help.sh"
no_args "$@"
set -u
cd "$(dirname "$0")/.."
top=$PWD
cosim=${GMEM_COSIM:-$top/build/gmem-cosim}
gmem=${GMEM:-$top/build/gmem}
cyc=${SOAK_CYCLES:-1000000}
other=${SOAK_OTHER_CYCLES:-$cyc}
sys=${SOAK_SYS_CYCLES:-200000}
jobs=${SOAK_JOBS:-1}
dir=${SOAK_DIR:-$top/build/soak}
out=${SOAK_OUT:-$dir/soak.txt}
for v in "$cyc" "$other" "$sys" "$jobs"; do
  [[ $v =~ ^[0-9]+$ ]] || { echo "soak: '$v' is not a number" >&2; exit 2; }
done
[ "$jobs" -ge 1 ] || { echo "soak: SOAK_JOBS must be at least 1" >&2; exit 2; }
[ -x "$cosim" ] || { echo "soak: $cosim missing (make cosim)" >&2; exit 2; }
seed=${SOAK_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
[[ $seed =~ ^[0-9]+$ ]] || { echo "soak: SOAK_SEED '$seed' is not a number" >&2; exit 2; }
rm -rf "$dir/logs" "$dir/rows" && mkdir -p "$dir/logs" "$dir/rows" "$(dirname "$out")"

blocks=${SOAK_BLOCKS:-$("$gmem" list blocks | awk '/^  [a-z_]+ / { print $1 }')}
[ -n "$blocks" ] || { echo "soak: no blocks" >&2; exit 2; }
[ "$blocks" = none ] && blocks=

# The job list, longest first so the last job to start is a short one:
# "kind block point cycles seed", kind b (block lockstep) or s (system).
list=$dir/jobs.txt
: > "$list"
i=0
add() { echo "$1 $2 $3 $4 $((seed + i))" >> "$list"; i=$((i + 1)); }
for b in $blocks; do
  [ -f "configs/blocks/$b/default.json" ] || { echo "soak: no block '$b'" >&2; exit 2; }
  add b "$b" default "$cyc"
done
for b in $blocks; do
  for f in configs/blocks/$b/*.json; do
    p=$(basename "$f" .json)
    [ "$p" = default ] || add b "$b" "$p" "$other"
  done
done
if [ "$sys" -gt 0 ]; then
  for f in configs/*.json; do add s system "$(basename "$f" .json)" "$sys"; done
fi

# One run: its row "block point seed cycles mismatches seconds status note".
soak_one() {
  local kind=$1 b=$2 p=$3 n=$4 s=$5 log rc start secs got mm status note cmd
  log=$dir/logs/$b.$p.log
  if [ "$kind" = b ]; then
    cmd=("$cosim" cosim "$b" --point "$p" --cycles "$n" --seed "$s"
         --mismatch-vcd "$dir/mismatch/$b.$p")
  else
    # A random graph and a random gather, both drawn from the seed, side by
    # side: misses, merges, reservation fails and bypasses on every config
    # -- but a config with CTA clustering on, which dispatches one kernel
    # stream (README "CTA clustering"), runs the graph alone.
    local wl="pair:bfs:nodes=65536+gather:n=1048576,iters=64"
    "$cosim" run --config "configs/$p.json" --print-config |
      grep -A1 '"cta":' | grep -q '"enable":[[:space:]]*true' && wl="bfs:nodes=65536"
    cmd=("$cosim" run --config "configs/$p.json" --rtl all --seed "$s" --max-cycles "$n"
         --workload "$wl" --mismatch-vcd "$dir/mismatch/$p")
  fi
  start=$(date +%s.%N)
  { printf '%q ' "${cmd[@]}"; echo; } > "$log"
  "${cmd[@]}" >> "$log" 2>&1
  rc=$?
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  note=-
  if [ "$kind" = b ]; then
    got=$(sed -n "s/^cosim $b: \([0-9]*\) cycles, \([0-9]*\) mismatches$/\1 \2/p" "$log" | tail -n 1)
  else
    got=$(sed -n "s/^run .* on [^:]*: \([0-9]*\) cycles.*/\1/p" "$log" | tail -n 1)
    [ -n "$got" ] && got="$got $(grep -c 'lockstep MISMATCH' "$log")"
    note=$(awk '/^lockstep [a-z_]+ +[0-9]+ instances/ { n += $5 } END { printf "%d", n }' "$log")
    note="instance-cycles=$note"
  fi
  if [ -z "$got" ]; then got="0 0"; fi
  mm=${got#* }
  # An in-system run stopped by --max-cycles exits 3 (README: how a run
  # ends); its lockstep verdict is still the last line.
  [ "$kind" = s ] && [ "$rc" = 3 ] && grep -qx 'lockstep: 0 mismatches' "$log" && rc=0
  # A config whose blocks' parameters have no Verilated point (the modern
  # GPUs' 256 x 64 L1D MSHR, their 32/40 partitions) cannot run --rtl all:
  # said as SKIP, naming the first block that lacks its point.
  if [ "$kind" = s ] && [ "$rc" = 2 ] && grep -q ': no RTL model of ' "$log"; then
    rc=skip
    note="no-rtl-point=$(sed -n 's/.*: no RTL model of \([a-z_]*\) with "\([^"]*\)".*/\1(\2)/p' "$log" |
      head -n 1 | tr ' ' ',')"
  fi
  case $rc in
    0) status=ok ;;
    skip) status=SKIP ;;
    1) status=MISMATCH; [ "$mm" -gt 0 ] || { mm=1; status=FAIL; } ;;
    *) status=ERROR ;;
  esac
  printf '%s %s %s %s %s %.1f %s %s\n' "$b" "$p" "$s" "${got%% *}" "$mm" "$secs" "$status" \
    "$note" > "$dir/rows/$b.$p"
}
export -f soak_one
export cosim dir

echo "soak: $(wc -l < "$list") runs, $jobs at a time, seeds $seed..$((seed + i - 1));" \
     "default points $cyc cycles, others $other, in-system $sys core cycles"
start=$(date +%s)
xargs -P "$jobs" -L 1 bash -c 'soak_one "$@"' _ < "$list"
total=$(( $(date +%s) - start ))

{
  printf '%-12s %-18s %10s %12s %10s %9s  %s\n' block point seed cycles mismatches wall_s status
  while read -r _ b p _ _; do
    if [ -f "$dir/rows/$b.$p" ]; then
      read -r rb rp rs rc rm rw st note < "$dir/rows/$b.$p"
      [ "$note" = - ] && note= || note="  $note"
      printf '%-12s %-18s %10s %12s %10s %9s  %s%s\n' "$rb" "$rp" "$rs" "$rc" "$rm" "$rw" "$st" \
        "$note"
    else
      printf '%-12s %-18s %10s %12s %10s %9s  %s\n' "$b" "$p" - - - - "NOT RUN"
    fi
  done < "$list"
  echo "soak: $(wc -l < "$list") runs in ${total}s wall at SOAK_JOBS=$jobs;" \
       "$(cat "$dir"/rows/* 2>/dev/null | awk '$7 != "ok" && $7 != "SKIP"' | wc -l) not ok$(cat \
       "$dir"/rows/* 2>/dev/null | awk '$7 == "SKIP" { n++ } END { if (n) printf " (%d skipped: no RTL point)", n }')"
} | tee "$out"
bad=$(cat "$dir"/rows/* 2>/dev/null | awk '$7 != "ok" && $7 != "SKIP"' | wc -l)
ran=$(ls "$dir/rows" | wc -l)
[ "$bad" -eq 0 ] && [ "$ran" -eq "$(wc -l < "$list")" ] || {
  echo "soak: failed runs' logs: $(cat "$dir"/rows/* | awk -v d="$dir" '$7 != "ok" && $7 != "SKIP" { printf "%s/logs/%s.%s.log ", d, $1, $2 }')" >&2
  exit 1
}
exit 0
