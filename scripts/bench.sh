#!/usr/bin/env bash
# `make bench`: speed of the model on the Fermi GTX480 configuration —
# simulated core cycles per second and L1D accesses per second (target:
# at least 1 M L1D accesses/s on one core) — and the cost of in-system RTL
# lockstep (`--rtl all` against the pure-C build over the same set; goal:
# at most 3x).
# Each number is the best of REPEAT runs (default 3); results also go to
# build/bench.json.
#   scripts/bench.sh --against REV   the pure-C speed of this build and of
#       REV's (built in a scratch worktree), side by side: the two run in
#       turn, workload by workload, best of REPEAT each, so the shared
#       machine's noise hits both alike; prints the ratio per workload and
#       over the set (build/bench-against.json).
. "$(dirname "$0")/help.sh"
case $# in
  0) ;;
  2) [ "$1" = --against ] || usage_error "unknown argument '$1'" ;;
  *) [ "$1" = --against ] || usage_error "unknown argument '$1'"; usage_error "--against takes one REV" ;;
esac
set -u
cd "$(dirname "$0")/.."
repeat=${REPEAT:-3}
cfg=configs/fermi-gtx480.json
tmp=$(mktemp -d /tmp/gmem-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
set_w=(atax:n=1024 gemm:n=256 2dconv:n=1024 bfs:nodes=65536 hotspot)

secs() { # secs CMD...: wall time of one run
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || { echo "bench: '$*' failed" >&2; exit 1; }
  t1=$(date +%s.%N)
  awk -v a="$t0" -v z="$t1" 'BEGIN { print z - a }'
}
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }

if [ "${1:-}" = "--against" ]; then
  rev=${2:?"usage: scripts/bench.sh --against REV"}
  [ -x build/gmem ] || { echo "bench: build/gmem is missing (make)" >&2; exit 2; }
  sha=$(git rev-parse --verify "$rev^{commit}" 2>/dev/null) ||
    { echo "bench: '$rev' is not a commit" >&2; exit 2; }
  wt=$tmp/base
  git worktree add --detach "$wt" "$sha" >/dev/null 2>&1 ||
    { echo "bench: cannot check out $rev" >&2; exit 2; }
  trap 'git worktree remove --force "$wt" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
  echo "building $rev (${sha:0:10}) in a scratch worktree ..."
  make -C "$wt" -j2 build/gmem >"$tmp/build.log" 2>&1 ||
    { tail -20 "$tmp/build.log" >&2; echo "bench: building $rev failed" >&2; exit 1; }
  # each build runs its own tree's configuration: a field added since REV
  # would be an unknown key to REV's build
  old=$wt/build/gmem new=build/gmem ocfg=$wt/$cfg
  echo "pure-C speed on $cfg, $rev against this build, in turn (best of $repeat each):"
  printf '  %-16s %12s %10s %10s %14s %14s %7s
' workload "L1D access" "old s" "new s" \
    "old access/s" "new access/s" ratio
  json="{\"config\": \"$cfg\", \"against\": \"$sha\", \"runs\": ["
  sep= tot_acc=0 tot_old=0 tot_new=0
  for w in "${set_w[@]}"; do
    "$new" run --config $cfg --workload "$w" --stats "$tmp/n.json" >/dev/null
    "$old" run --config "$ocfg" --workload "$w" --stats "$tmp/o.json" >/dev/null
    acc=$("$new" stats-get "$tmp/n.json" l1d.accesses)
    # each report names the build that wrote it and echoes its configuration
    # (run.*: a field the new build added shows there), so only the
    # results are compared
    [ -z "$("$new" diff-stats "$tmp/o.json" "$tmp/n.json" | grep '^  \$\.' | grep -v '^  \$\.run\.')" ] ||
      echo "  note: $w's stats differ between the builds"
    to= tn=
    for _ in $(seq "$repeat"); do
      to=$(min "$to" "$(secs "$old" run --config "$ocfg" --workload "$w")")
      tn=$(min "$tn" "$(secs "$new" run --config $cfg --workload "$w")")
    done
    awk -v w="$w" -v a="$acc" -v o="$to" -v n="$tn" 'BEGIN {
      printf "  %-16s %12d %10.2f %10.2f %14.0f %14.0f %6.3fx\n", w, a, o, n, a / o, a / n, o / n }'
    tot_acc=$((tot_acc + acc))
    tot_old=$(awk -v a="$tot_old" -v b="$to" 'BEGIN { print a + b }')
    tot_new=$(awk -v a="$tot_new" -v b="$tn" 'BEGIN { print a + b }')
    json="$json$sep{\"workload\": \"$w\", \"l1d_accesses\": $acc, \"old_seconds\": $to, \"new_seconds\": $tn}"
    sep=", "
  done
  awk -v a="$tot_acc" -v o="$tot_old" -v n="$tot_new" 'BEGIN {
    printf "  %-16s %12d %10.2f %10.2f %14.0f %14.0f %6.3fx\n", "all five", a, o, n, a / o, a / n, o / n }'
  ratio=$(awk -v o="$tot_old" -v n="$tot_new" 'BEGIN { printf "%.4f", o / n }')
  echo "  this build's aggregate L1D accesses/s is ${ratio}x $rev's"
  mkdir -p build
  echo "$json], \"ratio\": $ratio}" > build/bench-against.json
  exit 0
fi

best() { # best CMD...: the shortest wall time (s) of $repeat runs
  local b=
  for _ in $(seq "$repeat"); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "bench: '$*' failed" >&2; exit 1; }
    t1=$(date +%s.%N)
    b=$(awk -v b="$b" -v t="$(awk -v a="$t0" -v z="$t1" 'BEGIN { print z - a }')" 'BEGIN { print (b == "" || t < b) ? t : b }')
  done
  echo "$b"
}

echo "speed on $cfg (best of $repeat):"
printf '  %-16s %10s %12s %8s %14s %14s\n' workload cycles "L1D access" seconds "cycles/s" "L1D access/s"
json="{\"config\": \"$cfg\", \"runs\": ["
sep=
tot_acc=0
tot_t=0
for w in "${set_w[@]}"; do
  build/gmem run --config $cfg --workload "$w" --stats "$tmp/s.json" >/dev/null
  read -r cyc acc <<<"$(build/gmem stats-get "$tmp/s.json" cycles l1d.accesses | tr '\n' ' ')"
  t=$(best build/gmem run --config $cfg --workload "$w")
  cps=$(awk -v c="$cyc" -v t="$t" 'BEGIN { printf "%.0f", c / t }')
  aps=$(awk -v a="$acc" -v t="$t" 'BEGIN { printf "%.0f", a / t }')
  printf '  %-16s %10s %12s %8.2f %14s %14s\n' "$w" "$cyc" "$acc" "$t" "$cps" "$aps"
  tot_acc=$((tot_acc + acc))
  tot_t=$(awk -v a="$tot_t" -v b="$t" 'BEGIN { print a + b }')
  json="$json$sep{\"workload\": \"$w\", \"cycles\": $cyc, \"l1d_accesses\": $acc, \"seconds\": $t, \"cycles_per_s\": $cps, \"l1d_accesses_per_s\": $aps}"
  sep=", "
done
agg=$(awk -v a="$tot_acc" -v t="$tot_t" 'BEGIN { printf "%.0f", a / t }')
printf '  %-16s %10s %12s %8.2f %14s %14s\n' "all five" "" "$tot_acc" "$tot_t" "" "$agg"
awk -v a="$agg" 'BEGIN { exit !(a >= 1000000) }' && verdict="met" || verdict="NOT met"
echo "  target: at least 1000000 L1D accesses/s over the set: $verdict"

# The lockstep's cost over the same set: --rtl all (the RTL on worker
# threads) against the pure-C build, workload by workload, each best of
# REPEAT and run in turn with its pure-C twin so the machine's noise falls on
# both; then one workload in-line (--rtl-threads 0) for comparison.
echo "lockstep cost over the set (--rtl all against pure C, best of $repeat each, in turn):"
printf '  %-16s %8s %8s %8s\n' workload "C s" "RTL s" ratio
ljson="["
lsep=
lc=0
lr=0
for w in "${set_w[@]}"; do
  c=
  r=
  for _ in $(seq "$repeat"); do
    c=$(min "$c" "$(secs build/gmem run --config $cfg --workload "$w")")
    r=$(min "$r" "$(secs build/gmem-cosim run --config $cfg --workload "$w" --rtl all)")
  done
  printf '  %-16s %8.2f %8.2f %7.2fx\n' "$w" "$c" "$r" "$(awk -v c="$c" -v r="$r" 'BEGIN { print r / c }')"
  lc=$(awk -v a="$lc" -v b="$c" 'BEGIN { print a + b }')
  lr=$(awk -v a="$lr" -v b="$r" 'BEGIN { print a + b }')
  ljson="$ljson$lsep{\"workload\": \"$w\", \"c_seconds\": $c, \"rtl_all_seconds\": $r}"
  lsep=", "
done
lratio=$(awk -v c="$lc" -v r="$lr" 'BEGIN { printf "%.2f", r / c }')
printf '  %-16s %8.2f %8.2f %7.2fx\n' "all five" "$lc" "$lr" "$lratio"
awk -v r="$lratio" 'BEGIN { exit !(r <= 3) }' && verdict="met" || verdict="NOT met"
echo "  target: --rtl all at most 3x the pure-C time over the set: $verdict"
w=atax:n=512
tc=$(best build/gmem run --config $cfg --workload $w)
th=$(best build/gmem-cosim run --config $cfg --workload $w)
tr=$(best build/gmem-cosim run --config $cfg --workload $w --rtl all)
ti=$(best build/gmem-cosim run --config $cfg --workload $w --rtl all --rtl-threads 0)
echo "lockstep cost on $w:"
awk -v c="$tc" -v h="$th" -v r="$tr" -v i="$ti" 'BEGIN {
  printf "  pure C %.2f s; every cycle simulated (no idle skipping) %.2f s; --rtl all %.2f s (RTL on worker threads), %.2f s (--rtl-threads 0, in-line)\n", c, h, r, i
  printf "  slowdown of --rtl all: %.2fx against the pure-C build (in-line %.2fx), %.2fx against the same build without RTL\n", r / c, i / c, r / h }'
json="$json], \"l1d_accesses_per_s\": $agg, \"lockstep_set\": {\"runs\": $ljson], \"c_seconds\": $lc, \"rtl_all_seconds\": $lr, \"ratio\": $lratio}, \"lockstep\": {\"workload\": \"$w\", \"c_seconds\": $tc, \"c_every_cycle_seconds\": $th, \"rtl_all_seconds\": $tr, \"rtl_all_inline_seconds\": $ti}}"
mkdir -p build
echo "$json" > build/bench.json
echo "written build/bench.json"
