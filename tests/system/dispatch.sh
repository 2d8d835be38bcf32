# CTA dispatch through the cta_dispatch block (WAVE, cmodel/sim/dispatch.c):
# an ordinary default-config run in in-system lockstep, 0 mismatches, with
# the golden run's stats to the byte (RTL beside it changes nothing); a
# pair of kernel streams stays on the stream path (no block instance).
# Per-kernel schemes
# (cta.per_kernel): 2mm's two kernels in one run, the first under CLU (every
# CTA on its cluster's SM), the second under BSL with strict RR (CTAs dealt
# round robin, few in their cluster), both blocks of the pair and the GPU's
# own in lockstep; a bad entry is refused naming its path.
. tests/lib.sh
strip_version() { grep -v '^[[:space:]]*"gmem_version":' "$1"; }
cfg=configs/fermi-gtx480.json

expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload atax:n=256 --rtl cta_dispatch \
  --stats "$TMP/a.json"
expect_out "lockstep cta_dispatch +1 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
cmp -s <(strip_version tests/golden/stats/fermi-atax.json) <(strip_version "$TMP/a.json") ||
  fail "atax under lockstep: stats differ from tests/golden/stats/fermi-atax.json"

# Concurrent streams take the stream path (dispatch.c: each SM picks a
# stream from its own preference among those with CTAs left, which changes
# mid-wave; the block runs one kernel at a time): no block instance there.
expect_rc 3 "$GMEM_COSIM" run --config $cfg --workload pair:atax:n=256+bfs:nodes=4096 \
  --rtl cta_dispatch --max-cycles 5000
expect_out "lockstep cta_dispatch +0 instances: this run has none, nothing compared"
expect_last_line "lockstep: 0 mismatches"

get() { "$GMEM" stats-get "$TMP/k.json" "$@"; }
expect_rc 0 "$GMEM" run --config $cfg --workload 2mm:n=128 --set cta.enable=true \
  --set cta.policy=strict_rr --set cta.per_kernel=mm2_kernel1=CLU,1=BSL --stats "$TMP/k.json"
[ "$(get 'cta.per_kernel[0].kernel')" = mm2_kernel1 ] && [ "$(get 'cta.per_kernel[0].scheme')" = CLU ] &&
  [ "$(get 'cta.per_kernel[1].kernel')" = mm2_kernel2 ] && [ "$(get 'cta.per_kernel[1].scheme')" = BSL ] ||
  fail "per-kernel schemes: $(get cta.per_kernel)"
n0=$(get 'cta.per_kernel[0].ctas') c0=$(get 'cta.per_kernel[0].ctas_in_cluster')
n1=$(get 'cta.per_kernel[1].ctas') c1=$(get 'cta.per_kernel[1].ctas_in_cluster')
[ "$n0" -gt 0 ] && [ "$n0" = "$c0" ] || fail "CLU kernel: $c0 of $n0 CTAs on their cluster's SM"
[ "$n1" = "$n0" ] && [ $((c1 * 4)) -lt "$n1" ] ||
  fail "BSL kernel: $c1 of $n1 CTAs on their cluster's SM (strict RR deals them round robin)"
# The same kernels under one scheme for the run: the per-kernel run's
# first kernel is the all-CLU run's.
expect_rc 0 "$GMEM" run --config $cfg --workload 2mm:n=128 --set cta.enable=true \
  --set cta.policy=strict_rr --set cta.scheme=CLU --set cta.per_kernel=1=CLU --stats "$TMP/k.json"
[ "$(get 'cta.per_kernel[1].ctas_in_cluster')" = "$n1" ] || fail "all-CLU: kernel 2 not clustered"

expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload 2mm:n=64 --set cta.enable=true \
  --set cta.per_kernel=0=CLU_TOT/col/2,mm2_kernel2=RD --rtl cta_dispatch,cta_remap
expect_out "lockstep cta_dispatch +2 instances"
expect_last_line "lockstep: 0 mismatches"

for bad in mm2_kernel1 x=FOO 0=CLU/diag 0=CLU/row/2 0=CLU_TOT/row/99; do
  expect_rc 2 "$GMEM" run --config $cfg --workload 2mm:n=64 --set cta.enable=true \
    --set "cta.per_kernel=$bad"
  expect_out "\\\$\.cta\.per_kernel"
done
exit 0
