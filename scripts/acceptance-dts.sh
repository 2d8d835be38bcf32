#!/usr/bin/env bash
# The acceptance commands of the decoupled-tag-store issue; exits non-zero on
# the first that fails. Run from the top of the checkout after `make cosim`.
. "$(dirname "$0")/help.sh"
no_args "$@"
set -eu
cd "$(dirname "$0")/.."
C=build/gmem-cosim
out=$($C cosim dts --cycles 2000000 --seed 7 | tail -n 1)
echo "$out"
[ "$out" = "cosim dts: 2000000 cycles, 0 mismatches" ]
$C cosim dts --stim golden --point default | tail -n 1
$C cosim dts_duel --cycles 2000000 --seed 7 | tail -n 1
$C cosim dts_duel --stim golden --point default | tail -n 1
make -s build/san/tests/test_dts && TMP=$(mktemp -d) build/san/tests/test_dts
SYNTH_OUT=synth/out synth/run.sh dts dts_duel
grep -E '"(block|area_um2|crit_path_ps)"' synth/out/dts.json
