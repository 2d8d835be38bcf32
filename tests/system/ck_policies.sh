# TB-partition policies for concurrent kernels (plug/ck.c, seed-000 §6.1)
# on maxwell-ch4 with bp (256 threads, 3072 registers, 1088 B shared memory
# a CTA) and an sv with enough rows that neither kernel runs out of CTAs
# in the 30 000 cycles: each policy's partition checked per SM, the DRF
# result hand-worked, the quotas' ratio, the window, and the bad inputs.
. tests/lib.sh
W=pair:bp+sv:rows=1M
ck() { # ck NAME --set ...: run with the ck section on, stats in $TMP/NAME.json
  local name=$1; shift
  expect_rc 3 "$GMEM" run --config maxwell-ch4 --workload "$W" --max-cycles 30000 \
    --set ck.enable=true "$@" --stats "$TMP/$name.json"
}
get() { jq -c "$2" "$TMP/$1.json"; }

# count 9,4: no SM ever holds more than 9 bp and 4 sv CTAs, and each gets there.
ck count --set ck.policy=count --set ck.tbs0=9 --set ck.tbs1=4
[ "$(get count .ck.max_resident)" = "[9,4]" ] || fail "count 9,4: $(get count .ck)"
[ "$(get count '[.ck.sm_ctas[1][] | select(. == 4)] | length')" = 16 ] ||
  fail "count 9,4: every SM should have taken 4 sv CTAs: $(get count .ck.sm_ctas)"

# ws with a partition given behaves as count.
ck ws --set ck.policy=ws --set ck.tbs0=3 --set ck.tbs1=2
[ "$(get ws .ck.max_resident)" = "[3,2]" ] || fail "ws 3,2: $(get ws .ck)"

# spatial 10/6: bp only on SMs 0-9, sv only on 10-15; even: 8/8.
ck spatial --set ck.policy=spatial --set ck.sms0=10 --set ck.sms1=6
[ "$(get spatial '[.ck.sm_ctas[0][10:][], .ck.sm_ctas[1][:10][]] | add')" = 0 ] ||
  fail "spatial 10,6: a kernel on another's SM: $(get spatial .ck.sm_ctas)"
[ "$(get spatial '[.ck.sm_ctas[0][:10][], .ck.sm_ctas[1][10:][]] | map(select(. > 0)) | length')" = 16 ] ||
  fail "spatial 10,6: an SM left idle: $(get spatial .ck.sm_ctas)"
ck spatial_even --set ck.policy=spatial
[ "$(get spatial_even .ck.sms)" = "[8,8]" ] || fail "spatial even: $(get spatial_even .ck)"

# SMK-P's DRF by hand: bp's dominant share is threads (256/3072 = 1/12 a
# CTA), sv's CTA slots (1/16; 128 threads are 1/24). Placing the lower
# share each time gives bp 6 (6/12) and sv 8 (8/16) at equal shares; the
# tie goes to either, then the other: bp 7 (7/12), sv 9 (9/16), 16 CTA
# slots full. A CTA that ends is replaced by its own kernel (its share is
# then the lower), so (7, 9) is the most either ever holds.
ck drf --set ck.policy=smk_p
[ "$(get drf .ck.max_resident)" = "[7,9]" ] || fail "smk_p: $(get drf .ck)"

# SMK-(P+W) quotas 1:3: both kernels always have warps, so every refill
# lets bp issue 1 and sv 3 warp instructions per SM.
ck quota --set ck.policy=smk_pw --set ck.quota0=1 --set ck.quota1=3
read -r r b s < <(get quota '[.ck.refills, .kernels[0].warp_instructions, .kernels[2].warp_instructions] | @tsv' | tr -d '"' | sed 's/\\t/ /g')
[ "$b" -le "$r" ] && [ "$s" -le $((3 * r)) ] || fail "smk_pw: more than the quotas: $r refills, $b, $s"
awk -v b="$b" -v s="$s" 'BEGIN { exit !(s > 2.9 * b && s < 3.1 * b) }' ||
  fail "smk_pw 1:3: sv/bp warp instructions $s/$b"

# window: a fixed-length run. This bp+sv finishes in 76 520 cycles; with a
# 150 000-cycle window both members start over and the run ends, completed,
# at exactly the window, with more of each kernel's work done than once.
P=pair:bp:in=16384+sv:rows=8192
expect_rc 0 "$GMEM" run --config maxwell-ch4 --workload $P --stats "$TMP/once.json"
expect_rc 0 "$GMEM" run --config maxwell-ch4 --workload $P --set ck.enable=true \
  --set ck.window=150000 --stats "$TMP/win.json"
[ "$(get win '[.cycles, .run.end]')" = '[150000,"completed"]' ] || fail "window: $(get win '[.cycles, .run.end]')"
for k in 0 2; do
  [ "$(get win ".kernels[$k].thread_instructions")" -gt "$(get once ".kernels[$k].thread_instructions")" ] ||
    fail "window: kernel $k not relaunched: $(get win ".kernels[$k]")"
done

# Bad input: exit 2 naming the JSON path.
expect_rc 2 "$GMEM" run --config maxwell-ch4 --workload pair:bp+sv --set ck.enable=true --set ck.policy=count --set ck.tbs0=9
expect_out '\$\.ck\.tbs1: policy count needs a value for kernel 1'
expect_rc 2 "$GMEM" run --config maxwell-ch4 --workload pair:bp+sv --set ck.enable=true --set ck.policy=spatial --set ck.sms0=10 --set ck.sms1=10
expect_out '\$\.ck\.sms0: spatial: .*add up to sm.count \(16\), not 20'
expect_rc 2 "$GMEM" run --config maxwell-ch4 --workload pair:bp+sv --set ck.enable=true --set ck.policy=ws
expect_out '\$\.ck\.tbs0: policy ws needs a value .*--isolated'
expect_rc 2 "$GMEM" run --config maxwell-ch4 --workload pair:bp+sv --set ck.policy=fair
expect_out 'ck\.policy'
exit 0
