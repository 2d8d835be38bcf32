#!/usr/bin/env bash
# The acceptance commands of the CART issue; exits non-zero on the first
# that fails. Run from the top of the checkout after `make cosim`.
. "$(dirname "$0")/help.sh"
no_args "$@"
set -eu
cd "$(dirname "$0")/.."
C=build/gmem-cosim
out=$($C cosim cart --cycles 2000000 --seed 11 | tail -n 1)
echo "$out"
[ "$out" = "cosim cart: 2000000 cycles, 0 mismatches" ]
for p in fig26 fig26_longest; do $C cosim cart --stim fig26 --point $p | tail -n 1; done
SYNTH_OUT=synth/out synth/run.sh cart
grep -E '"(block|area_um2|crit_path_ps)"' synth/out/cart.json
