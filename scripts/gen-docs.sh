#!/usr/bin/env bash
# Writes the reference pages gmem prints from its own tables:
#   scripts/gen-docs.sh GMEM OUTDIR   -> OUTDIR/config.md, OUTDIR/stats.md
# `make docs` runs it into docs/; tests/cli/help_config.sh and
# help_stats.sh run it into a scratch directory and compare, so the pages
# cannot drift from the build. stats.md lists the paths of a reference
# run's report (below), then the documented paths only other runs write.
. "$(dirname "$0")/help.sh"
[ $# -eq 2 ] || usage_error "needs GMEM and OUTDIR (got: $*)"
set -eu
gmem=$1 out=$2
cfg=${GMEM_DOCS_CONFIG:-fermi-gtx480}
mkdir -p "$out"
"$gmem" help config --markdown > "$out/config.md.tmp"
mv "$out/config.md.tmp" "$out/config.md"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# the reference run: the README's configuration, a small workload
"$gmem" run --config "$cfg" --workload stream:n=4096 --stats "$scratch/s.json" > /dev/null
"$gmem" help stats --markdown --from "$scratch/s.json" > "$out/stats.md.tmp"
mv "$out/stats.md.tmp" "$out/stats.md"
