#!/usr/bin/env bash
# `make run`: every block in lockstep (C model against RTL) at every
# parameter point, 200,000 cycles each, then a one-line summary per block.
set -u
cd "$(dirname "$0")/.."
status=0
for b in $(build/gmem list blocks | awk '/^  [a-z_]+ / { print $1 }'); do
  out=$(build/gmem-cosim cosim "$b" --cycles 200000 --seed 1) || status=1
  echo "$out" | tail -n 1
done
exit $status
