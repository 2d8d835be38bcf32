#!/usr/bin/env bash
# The training runs of the profile-guided build (Makefile "profile-guided
# optimization"): scripts/pgo-train.sh BIN runs BIN, an instrumented
# build/gmem, over short runs that cover the model's paths -- the Fermi
# bench set's workloads at small sizes, and each family of configuration
# (the sectored caches, the DL-MSHR, CART, the decoupled L1D with SM
# dueling, MDB, QBMI, the CCN ring, CTA clustering, unified memory) -- so
# no family is left to the compiler's guesses. A profile changes how fast
# the model runs, never what it computes (the golden regression holds with
# and without it). About 2 s (4 s instrumented). The runs' stats go to
# BIN's directory (train.json).
. "$(dirname "$0")/help.sh"
[ $# -eq 1 ] || usage_error "usage: scripts/pgo-train.sh BIN"
set -eu
case $1 in -*) usage_error "unknown option '$1'" ;; /*) bin=$1 ;; *) bin=$PWD/$1 ;; esac
[ -x "$bin" ] || usage_error "'$1' is not an executable gmem"
cd "$(dirname "$0")/.."
out=$(dirname "$bin")
run() { # run CONFIG WORKLOAD
    "$bin" run --config "configs/$1.json" --workload "$2" --stats "$out/train.json" >/dev/null ||
        { echo "pgo-train: $bin run --config configs/$1.json --workload $2 failed" >&2; exit 1; }
}
for w in atax:n=256 gemm:n=64 2dconv:n=256 bfs:nodes=4096 hotspot:n=256; do
    run fermi-gtx480 "$w"
done
run fermi-gtx480-mdb bicg:n=256
run v100 spmv
run a100 2dconv:n=256
run dlmshr-ch3-dl srad:n=128
run cart-ch2-cart transpose:n=256
run dts-ch4-duel bfs:nodes=4096
run maxwell-ch4-qbmi pair:atax:n=256+2dconv:n=256
run ccn-fermi 2dconv:n=256
run cta-fermi 2dconv:n=256
run capture-pascal 2dconv:n=128
