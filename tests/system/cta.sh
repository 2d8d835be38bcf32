# CTA clustering (cmodel/sim/plug/cta.c, seed-002 §4): the dispatcher and
# remap unit take over dispatch. On a 3x3 stencil (2dconv, halo rows shared
# by row-adjacent CTAs) under a strict-RR scheduler, RD and CLU put each
# cluster of consecutive CTA rows on one SM: the L1D hit rate rises and L2
# accesses fall by more than 40 %; each SM runs exactly its cluster's
# |C_i| = q + (i < r) CTAs. In-system lockstep of both blocks (RD, and
# CLU_TOT with column clusters and tiles, CLU on the Maxwell-like
# configuration; the GPU's own dispatcher beside them), 0 mismatches. A bad section is
# refused naming its path; two kernel streams are refused.
. tests/lib.sh
cfg=configs/fermi-gtx480.json
w=2dconv:n=512
get() { "$GMEM" stats-get "$TMP/s.json" "$@"; }
run_s() { # run_s SCHEME [--set ...]
  local s=$1
  shift
  expect_rc 0 "$GMEM" run --config $cfg --workload $w --set cta.enable=true \
    --set cta.scheme="$s" --set cta.policy=strict_rr "$@" --stats "$TMP/s.json"
}
gt() { awk -v a="$1" -v b="$2" -v m="$3" 'BEGIN { exit !(a > b + m) }' || fail "$4: expected $1 > $2 + $3"; }

run_s BSL
bhit=$(get l1d.hit_rate) bl2=$(get l2.accesses)
[ "$(get cta.ctas_placed)" = 1024 ] || fail "BSL placed $(get cta.ctas_placed) of 1024 CTAs"
for s in RD CLU; do
  run_s $s
  gt "$(get l1d.hit_rate)" "$bhit" 0.03 "$s raises the L1D hit rate"
  l2=$(get l2.accesses)
  gt "$((bl2 * 6 / 10))" "$l2" 0 "$s cuts L2 accesses by 40 %"
  # 1024 CTAs (16 x 64) over 15 SMs: q = 68, r = 4.
  [ "$(get "cta.ctas_per_sm[0]")" = 69 ] && [ "$(get "cta.ctas_per_sm[14]")" = 68 ] ||
    fail "$s: SM 0 ran $(get "cta.ctas_per_sm[0]") CTAs, SM 14 $(get "cta.ctas_per_sm[14]")"
done

expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload $w --set cta.enable=true \
  --set cta.scheme=RD --set cta.policy=strict_rr --rtl cta_dispatch,cta_remap
expect_out "lockstep cta_dispatch +2 instances, [1-9][0-9]+ cycles"
expect_out "lockstep cta_remap +1 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload $w --set cta.enable=true \
  --set cta.scheme=CLU_TOT --set cta.agents=3 --set cta.dir=col --rtl all
expect_out "lockstep cta_dispatch +2 instances"
expect_last_line "lockstep: 0 mismatches"
expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload $w --set cta.enable=true \
  --set cta.scheme=CLU --set cta.dir=tile --set cta.tw=4 --set cta.th=2 --set cta.policy=random \
  --rtl cta_dispatch,cta_remap
expect_last_line "lockstep: 0 mismatches"

# A seed-002 generation's shape (16 SMs x 32 CTA slots, sectored L1/Tex).
expect_rc 0 "$GMEM_COSIM" run --config configs/cta-maxwell.json --set cta.scheme=CLU \
  --workload 2dconv:n=256 --rtl cta_dispatch,cta_remap
expect_last_line "lockstep: 0 mismatches"

expect_rc 2 "$GMEM" run --config $cfg --workload $w --set cta.enable=true --set cta.agents=3
expect_out "\\\$\.cta\.agents"
expect_rc 2 "$GMEM" run --config $cfg --workload $w --set cta.scheme=FOO
expect_out "cta\.scheme"
expect_rc 2 "$GMEM" run --config $cfg --workload pair:atax:n=256+bfs --set cta.enable=true
expect_out "one kernel stream"
exit 0
