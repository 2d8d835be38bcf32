#!/usr/bin/env bash
# The acceptance commands of the BPG / shadow tags issue; exits non-zero on
# the first that fails. Run from the top of the checkout after `make cosim`.
. "$(dirname "$0")/help.sh"
no_args "$@"
set -eu
cd "$(dirname "$0")/.."
C=build/gmem-cosim
check() { # check BLOCK CYCLES
  out=$($C cosim "$1" --cycles "$2" --seed 5 | tail -n 1)
  echo "$out"
  [ "$out" = "cosim $1: $2 cycles, 0 mismatches" ]
}
check shadow_tags 1000000
check bpg 2000000
$C cosim bpg --stim lmax --point fast | tail -n 1
SYNTH_OUT=synth/out synth/run.sh shadow_tags bpg
grep -E '"(block|area_um2|crit_path_ps)"' synth/out/shadow_tags.json synth/out/bpg.json
