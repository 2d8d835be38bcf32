# CTA dispatch through the cta_dispatch block (WAVE, cmodel/sim/dispatch.c):
# an ordinary default-config run in in-system lockstep, 0 mismatches, with
# the golden run's stats to the byte (RTL beside it changes nothing).
. tests/lib.sh
strip_version() { grep -v '^[[:space:]]*"gmem_version":' "$1"; }
cfg=configs/fermi-gtx480.json

expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload atax:n=256 --rtl cta_dispatch \
  --stats "$TMP/a.json"
expect_out "lockstep cta_dispatch +1 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
cmp -s <(strip_version tests/golden/stats/fermi-atax.json) <(strip_version "$TMP/a.json") ||
  fail "atax under lockstep: stats differ from tests/golden/stats/fermi-atax.json"

exit 0
