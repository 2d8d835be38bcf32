#!/usr/bin/env bash
# The acceptance commands of the CCN issue (seed 003) that exist so far:
# 2M cycles of random lockstep of every CCN block at every point, the Fig. 6
# golden example on C and RTL, a fault injected into the node caught, every
# SM's node in lockstep in a run of configs/ccn-fermi.json, and the blocks'
# costs. Exits non-zero on the first that fails. Run from the top of the
# checkout after `make cosim`. (The reproduction rows wait for the harness.)
. "$(dirname "$0")/help.sh"
no_args "$@"
set -eu
cd "$(dirname "$0")/.."
C=build/gmem-cosim
for b in ccn_cb ccn_reqq ccn_shadow_tag ccn_hit_read ccn_respq ccn_rt ccn_node; do
  out=$($C cosim $b --cycles 2000000 --seed 3 | tail -n 1)
  echo "$out"
  [ "$out" = "cosim $b: 2000000 cycles, 0 mismatches" ]
done
$C cosim ccn_node --stim fig6
if $C cosim ccn_node --cycles 10000 --seed 3 --inject-fault 4000 >/dev/null 2>&1; then
  echo "the injected fault was not caught" >&2; exit 1
fi
echo "fault at cycle 4000: caught"
out=$($C run --config configs/ccn-fermi.json --workload gemm:n=128 --rtl ccn_node | tail -n 1)
echo "$out"
[ "$out" = "lockstep: 0 mismatches" ]
SYNTH_OUT=synth/out synth/run.sh ccn_cb ccn_reqq ccn_shadow_tag ccn_hit_read ccn_respq ccn_rt ccn_node
grep -h -E '"(block|total_area_um2|fmax_mhz)"' synth/out/ccn_*.json
