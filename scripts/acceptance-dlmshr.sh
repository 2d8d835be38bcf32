#!/usr/bin/env bash
# The acceptance commands of the DL-MSHR issue, in order; exits non-zero on
# the first that fails. Run from the top of the checkout after `make cosim`.
. "$(dirname "$0")/help.sh"
no_args "$@"
set -eu
cd "$(dirname "$0")/.."
C=build/gmem-cosim
for b in dlmshr mshr; do
  out=$($C cosim $b --cycles 2000000 --seed 3 | tail -n 1)
  echo "$out"
  [ "$out" = "cosim $b: 2000000 cycles, 0 mismatches" ]
done
$C cosim dlmshr --cycles 200000 --seed 3 --coverage | grep -E "coverage|mismatches"
make -s cosim-fault FAULT=dlmshr
if build/fault-dlmshr/gmem-cosim cosim dlmshr --point small --cycles 100000 --seed 3 >/dev/null; then
  echo "the broken DAU was not caught" >&2; exit 1
fi
echo "fault injection (broken DAU transition): caught"
SYNTH_OUT=synth/out synth/run.sh mshr dlmshr
grep -E '"(block|area_um2|crit_path_ps)"' synth/out/mshr.json synth/out/dlmshr.json
