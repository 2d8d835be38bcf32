#!/usr/bin/env bash
# The acceptance commands of the CTA-clustering issue (seed 002); exits
# non-zero on the first that fails. Run from the top of the checkout after
# `make cosim`: 2 M lockstep cycles at every point of both blocks, the
# golden examples on C and RTL, a fault caught, in-system lockstep, costs.
. "$(dirname "$0")/help.sh"
no_args "$@"
set -eu
cd "$(dirname "$0")/.."
C=build/gmem-cosim
for b in cta_remap cta_dispatch icta_profiler cta_succ_prefetch; do
  out=$($C cosim $b --cycles 2000000 --seed 11 | tail -n 1)
  echo "$out"
  [ "$out" = "cosim $b: 2000000 cycles, 0 mismatches" ]
done
$C cosim cta_remap --stim golden | tail -n 1
$C cosim cta_dispatch --stim golden --point small | tail -n 1
$C cosim cta_succ_prefetch --stim golden --point small | tail -n 1
$C cosim icta_profiler --stim golden --point small | tail -n 1
$C cosim icta_profiler --stim lru --point default | tail -n 1
for b in cta_dispatch cta_succ_prefetch icta_profiler; do
  ! $C cosim $b --cycles 10000 --inject-fault 5000 >/dev/null
done
$C run --config configs/cta-fermi.json --set cta.scheme=CLU --workload hotspot \
  --rtl cta_dispatch,cta_remap | tail -n 3
$C run --config configs/cta-fermi.json --set cta.scheme=CLU --set cta.pfh.enable=true \
  --set cta.pfh.sx=1024 --set cta.pfh.cnt=8 --workload stream:n=262144,tb=256,store=0,gap=50 \
  --rtl cta_succ_prefetch,cta_dispatch,cta_remap | tail -n 3
$C run --config configs/fermi-gtx480.json --workload gemm:n=256 --icta-hw \
  --rtl icta_profiler | tail -n 3
# icta_profiler's default point alone takes about 13 minutes of Yosys.
SYNTH_OUT=synth/out synth/run.sh cta_remap cta_dispatch cta_succ_prefetch icta_profiler
grep -E '"(block|total_area_um2|fmax_mhz)"' synth/out/cta_remap.json synth/out/cta_dispatch.json \
  synth/out/cta_succ_prefetch.json synth/out/icta_profiler.json
