#!/usr/bin/env bash
# `make run`, the main job: the default GPU configuration (configs/default.json,
# the Maxwell-like "GPGPU-Sim default" of seed-000 ch.3) on a small workload
# set, each mechanism off and on, one table of IPC, L1D hit rate, L1D
# reservation fails, L2 hit rate and DRAM row-buffer hit rate.
# Each row: mechanism | workload | --set options that turn it on [| --set
# options of both runs, off and on].
. "$(dirname "$0")/help.sh"
no_args "$@"
set -u
cd "$(dirname "$0")/.."
gmem=${GMEM:-build/gmem}
config=${CONFIG:-configs/default.json}
tmp=$(mktemp -d /tmp/gmem-run.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

rows=(
  "set index BXOR (L1D, L2)|rowscan:rows=4096,cols=32|l1d.c.set_func=bxor l2.c.set_func=bxor"
  "partition map XOR|stride:iters=16|part.func=xor"
  "allocate on fill|atax:n=256|l1d.c.alloc=on_fill"
  "DMIL (milg)|pair:backprop:in=16384+kmeans:points=8192|milg.enable=true"
  "CART (L2 banks)|lbm:y=60,z=8,steps=1|l2.cart.enable=true"
  "BPG (MDB, per-SM L-BPG)|tiled:tile=16384,reps=8|bpg.enable=true"
  "decoupled tag store (dts)|bfs:nodes=16384|dts.enable=true"
  "DL-MSHR (L1D, 32x4 slots)|tiled:shared=1,reps=1,tile=8192,gap=0|l1d.c.mshr=dl|l1d.c.mshr_entries=32 l1d.c.mshr_merge=4"
)

printf '%-26s %-6s %9s %8s %8s %10s %8s %8s\n' mechanism state cycles IPC "L1D hit" "L1D RF" "L2 hit" "row hit"
status=0
for row in "${rows[@]}"; do
  IFS='|' read -r name workload on base <<<"$row"
  for state in off on; do
    sets=()
    for s in $base; do sets+=(--set "$s"); done
    if [ $state = on ]; then
      for s in $on; do sets+=(--set "$s"); done
    fi
    if ! "$gmem" run --config "$config" --workload "$workload" "${sets[@]}" \
         --stats "$tmp/s.json" >"$tmp/out" 2>&1; then
      cat "$tmp/out" >&2
      status=1
      continue
    fi
    read -r cyc ipc l1 rf l2 row <<<"$("$gmem" stats-get "$tmp/s.json" cycles ipc \
      l1d.hit_rate l1d.reservation_fails.total l2.hit_rate dram.row_hit_rate | tr '\n' ' ')"
    printf '%-26s %-6s %9s %8.3f %8.3f %10s %8.3f %8.3f\n' \
      "$([ $state = off ] && echo "$name")" "$state" "$cyc" "$ipc" "$l1" "$rf" "$l2" "$row"
  done
  [ $state = on ] && printf '%-26s %s\n' "" "workload: $workload"
done
exit $status
