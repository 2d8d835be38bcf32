#!/usr/bin/env bash
# The acceptance commands of issue 24's TURE blocks (ture_sampler,
# ture_lease and ture_coal, three of capture_ctrl's sub-blocks); exits
# non-zero on the first that fails. Run from the top of the checkout after
# `make cosim`. Set SYNTH=1 to cost the blocks again.
. "$(dirname "$0")/help.sh"
no_args "$@"
set -eu
cd "$(dirname "$0")/.."
C=build/gmem-cosim
for b in ture_sampler ture_lease ture_coal capture_ctrl; do
  npts=$(ls configs/blocks/$b/*.json | wc -l)
  # 2 M random cycles at every point, the spec scoreboard checking each
  out=$($C cosim $b --cycles 2000000 --seed 11 --coverage)
  echo "$out"
  [ "$(echo "$out" | grep -c '^  point [a-z_0-9]*: 2000000 cycles, 0 mismatches$')" = "$npts" ]
  ! echo "$out" | grep -q "coverage incomplete"
  # the hand-worked windows on C and RTL, at every point
  out=$($C cosim $b --stim golden)
  echo "$out"
  [ "$(echo "$out" | grep -c '^  point [a-z_0-9]*: [0-9]* cycles, 0 mismatches$')" = "$npts" ]
  make -s build/san/tests/test_$b && TMP=$(mktemp -d) build/san/tests/test_$b
  # a fault injected is caught (exit 1)
  if $C cosim $b --cycles 10000 --seed 11 --inject-fault 5000 > /dev/null 2>&1; then
    echo "$b: the injected fault was not caught"; exit 1
  fi
  echo "$b: injected fault caught"
  if [ "${SYNTH:-0}" = 1 ]; then
    SYNTH_OUT=synth/out synth/run.sh $b
  fi
  grep -oE '"point": "[a-z0-9_]+"|"total_area_um2": [0-9.]+|"fmax_mhz": [0-9.]+' \
    synth/out/$b.json | tail -n $((3 * npts)) | paste - - -
done
if [ "${SYNTH:-0}" = 1 ]; then synth/summary.sh; fi
