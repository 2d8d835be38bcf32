#!/usr/bin/env bash
# Rewrites tests/golden/stats/*.json from tests/golden/runs.txt. Do this only
# when a change to the model is meant to change its results, and say in the
# commit why the numbers moved (`gmem diff-stats old new` shows how).
. "$(dirname "$0")/help.sh"
no_args "$@"
set -eu
cd "$(dirname "$0")/.."
gmem=${GMEM:-build/gmem}
mkdir -p tests/golden/stats
grep -v '^#' tests/golden/runs.txt | while read -r name config workload; do
  [ -n "$name" ] || continue
  "$gmem" run --config "$config" --workload "$workload" --stats "tests/golden/stats/$name.json" >/dev/null
  echo "regen-golden: $name"
done
