#!/usr/bin/env bash
# The acceptance commands of issue 23 part 1 (the qbmi block, RBMI, SMIL and
# the plug-in); exits non-zero on the first that fails. Run from the top of
# the checkout after `make cosim`. Set SYNTH=1 to cost the block again.
. "$(dirname "$0")/help.sh"
no_args "$@"
set -eu
cd "$(dirname "$0")/.."
C=build/gmem-cosim
# 2 M random cycles at every point (K = 2, 3; QBMI, RBMI)
out=$($C cosim qbmi --cycles 2000000 --seed 9)
echo "$out"
[ "$(echo "$out" | grep -c ': 2000000 cycles, 0 mismatches$')" = 5 ]
# the hand-worked sequences on C and RTL, at every point
out=$($C cosim qbmi --stim golden | tail -n 1)
echo "$out"
[ "$out" = "cosim qbmi: 17121 cycles, 0 mismatches" ]
make -s build/san/tests/test_qbmi && TMP=$(mktemp -d) build/san/tests/test_qbmi
# a fault injected is caught (exit 1)
if $C cosim qbmi --cycles 10000 --seed 9 --inject-fault 5000 > /dev/null 2>&1; then
  echo "the injected fault was not caught"; exit 1
fi
echo "injected fault caught"
# in-system lockstep: the whole bp+sv pair, then a triple
out=$($C run --config configs/maxwell-ch4.json --workload pair:bp+sv --set qbmi.enable=true \
  --rtl qbmi | tail -n 2)
echo "$out"
[ "$(echo "$out" | tail -n 1)" = "lockstep: 0 mismatches" ]
out=$($C run --config configs/maxwell-ch4.json --workload triple:pf+bp+ks --set qbmi.enable=true \
  --rtl qbmi --max-cycles 2000000 | tail -n 2)
echo "$out"
[ "$(echo "$out" | tail -n 1)" = "lockstep: 0 mismatches" ]
if [ "${SYNTH:-0}" = 1 ]; then
  SYNTH_OUT=synth/out synth/run.sh qbmi && synth/summary.sh
fi
grep -oE '"point": "[a-z0-9_]+"|"total_area_um2": [0-9.]+|"fmax_mhz": [0-9.]+' synth/out/qbmi.json | tail -n 12 | paste - - -
