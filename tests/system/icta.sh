# The inter-CTA reuse profiler (plug/icta.c, gmem run --icta): it only
# watches (a run's cycles are the same with it); a coalesced stream touches
# each of its 262144 x 4 B / 128 B = 8192 lines once (8192 first touches,
# no reuse); a 3x3 stencil's halo rows are shared by row-adjacent CTAs, so
# about half its reuse is inter-CTA (Fig. 3's metric); clustering (CLU)
# turns that into L1D hits: the hits on lines another CTA brought grow
# more than 3x over the same scheduler without clusters.
. tests/lib.sh
cfg=configs/fermi-gtx480.json
get() { "$GMEM" stats-get "$TMP/s.json" "$@"; }
s=stream:n=262144,ctas=15,store=0
expect_rc 0 "$GMEM" run --config $cfg --workload $s --stats "$TMP/s.json"
cyc=$(get cycles)
expect_rc 0 "$GMEM" run --config $cfg --workload $s --icta --stats "$TMP/s.json"
[ "$(get cycles)" = "$cyc" ] || fail "the profiler changed the run: $(get cycles) cycles, not $cyc"
[ "$(get icta.first_touch)" = 8192 ] && [ "$(get icta.intra_cta)" = 0 ] &&
  [ "$(get icta.inter_cta)" = 0 ] || fail "stream: $(get icta.first_touch) first touches, $(get icta.intra_cta) intra, $(get icta.inter_cta) inter"
expect_out "icta: all +8192 +0 +0 +0.0%"
expect_out "seed-002: 45% over 33 applications"

w=2dconv:n=512
expect_rc 0 "$GMEM" run --config $cfg --workload $w --icta --stats "$TMP/s.json"
awk -v x="$(get icta.inter_share)" 'BEGIN { exit !(x > 0.4 && x < 0.6) }' ||
  fail "2dconv: inter-CTA share $(get icta.inter_share), expected 0.4..0.6"
[ "$(get icta.first_touch)" = 16352 ] || fail "2dconv: $(get icta.first_touch) first touches"
on="--set cta.enable=true --set cta.policy=strict_rr"
expect_rc 0 "$GMEM" run --config $cfg --workload $w --icta $on --set cta.scheme=BSL --stats "$TMP/s.json"
bsl=$(get icta.l1d_hits_inter_cta)
expect_rc 0 "$GMEM" run --config $cfg --workload $w --icta $on --set cta.scheme=CLU --stats "$TMP/s.json"
[ "$(get icta.l1d_hits_inter_cta)" -gt $((3 * bsl)) ] ||
  fail "CLU: $(get icta.l1d_hits_inter_cta) inter-CTA L1D hits, BSL $bsl"
exit 0
