# BMI and SMIL in the system (seed-000 ch.4): in-system lockstep of the
# per-SM qbmi arbiter (two and three streams, QBMI with DMIL), QBMI moving
# L1D accesses toward the starved kernel on bp+ks (Fig 34's direction), and
# SMIL's static limits holding (max in flight = the limit) and moving IPC.
. tests/lib.sh
m4=configs/maxwell-ch4.json
get() { "$GMEM" stats-get "$@"; }

# lockstep: pair and triple, 0 mismatches
expect_rc 3 "$GMEM_COSIM" run --config $m4 --workload pair:bp+sv --set qbmi.enable=true \
  --rtl qbmi --max-cycles 200000
expect_out "lockstep qbmi +16 instances, 3200000 cycles"
expect_last_line "lockstep: 0 mismatches"
expect_rc 3 "$GMEM_COSIM" run --config $m4 --workload triple:pf+bp+ks --set qbmi.enable=true \
  --rtl qbmi --max-cycles 100000
expect_out "lockstep qbmi +16 instances, 1600000 cycles"
expect_last_line "lockstep: 0 mismatches"
# a port trace of one SM's arbiter, recorded in the system, replays on its RTL
expect_rc 3 "$GMEM_COSIM" run --config configs/maxwell-ch4-qbmi.json --workload pair:bp+sv \
  --rtl qbmi --max-cycles 5000 --record-ports "$TMP/pt" --record sm0.qbmi
expect_rc 0 "$GMEM_COSIM" replay "$TMP/pt/sm0.qbmi.gmpt"
expect_out "^replay sm0.qbmi \(qbmi\): 5000 cycles, 0 mismatches$"
# QBMI and DMIL together (both gates), and RBMI, with their RTL
expect_rc 3 "$GMEM_COSIM" run --config $m4 --workload pair:bp+ks --set qbmi.enable=true \
  --set milg.enable=true --rtl qbmi,milg --max-cycles 50000 --stats "$TMP/dq.json"
expect_out "lockstep milg +32 instances"
expect_last_line "lockstep: 0 mismatches"
[ "$(get "$TMP/dq.json" lsu.milg_gated)" -gt 0 ] || fail "DMIL never gated with QBMI on"
[ "$(get "$TMP/dq.json" blocks.qbmi.grants)" -gt 0 ] || fail "QBMI never granted with DMIL on"
expect_rc 3 "$GMEM_COSIM" run --config $m4 --workload triple:pf+bp+ks --set qbmi.enable=true \
  --set qbmi.mode=rbmi --rtl qbmi --max-cycles 50000
expect_last_line "lockstep: 0 mismatches"

# Fig 34: on bp+ks, ks (about 17 requests per memory instruction) takes
# nearly every L1D access; QBMI gives bp the quota of the lower Req/Minst
# and bp's share of the accesses rises many-fold (measured: 1.5 % -> 18 %
# in 100 K cycles), RBMI's round-robin less (8 %).
share() { # share FILE: bp's L1D accesses per mille of both kernels'
  local a b
  a=$(get "$1" 'kernels[0].l1d.accesses'); b=$(get "$1" 'kernels[2].l1d.accesses')
  echo $((1000 * a / (a + b)))
}
for v in base:"" qbmi:"--set qbmi.enable=true" rbmi:"--set qbmi.enable=true --set qbmi.mode=rbmi"; do
  # shellcheck disable=SC2086
  expect_rc 3 "$GMEM" run --config $m4 --workload pair:bp+ks ${v#*:} --max-cycles 100000 \
    --stats "$TMP/${v%%:*}.json"
done
[ "$(get "$TMP/base.json" 'kernels[2].name')" = invert_mapping ] || fail "kernels[2] is not ks"
sb=$(share "$TMP/base.json"); sq=$(share "$TMP/qbmi.json"); sr=$(share "$TMP/rbmi.json")
echo "bp's share of L1D accesses (per mille): base $sb, RBMI $sr, QBMI $sq"
[ "$sq" -gt $((5 * sb)) ] || fail "QBMI: bp's share $sq per mille is not 5x the base's $sb"
[ "$sq" -gt "$sr" ] && [ "$sr" -gt "$sb" ] || fail "expected base $sb < RBMI $sr < QBMI $sq"
[ "$(get "$TMP/base.json" blocks.qbmi.grants 2>/dev/null)" = "" ] || fail "qbmi off made blocks"

# SMIL on sv+ks: (Limit_k0, Limit_k1) = (3, 1), the seed's optimum, holds
# each stream to its limit and lifts the pair's IPC (measured 17 -> 174 in
# 200 K cycles: ks stops thrashing the L1D).
expect_rc 3 "$GMEM" run --config $m4 --workload pair:sv+ks --max-cycles 100000 --stats "$TMP/s0.json"
expect_rc 3 "$GMEM" run --config $m4 --workload pair:sv+ks --max-cycles 100000 \
  --set smil.enable=true --set smil.limit0=3 --set smil.limit1=1 --stats "$TMP/s31.json"
[ "$(get "$TMP/s31.json" 'smil.max_inflight[0]')" = 3 ] || fail "stream 0 above its limit 3"
[ "$(get "$TMP/s31.json" 'smil.max_inflight[1]')" = 1 ] || fail "stream 1 above its limit 1"
i0=$(get "$TMP/s0.json" 'kernels[1].ipc'); i1=$(get "$TMP/s31.json" 'kernels[1].ipc')
t0=$(get "$TMP/s0.json" ipc); t1=$(get "$TMP/s31.json" ipc)
echo "ks IPC $i0 -> $i1, total $t0 -> $t1 with SMIL (3, 1)"
awk -v a="$i0" -v b="$i1" 'BEGIN { exit !(b != a) }' || fail "ks's IPC did not move"
awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b > 2 * a) }' || fail "SMIL (3, 1) did not lift IPC"
# limit 1 on one stream only; the other stays unlimited
expect_rc 3 "$GMEM" run --config $m4 --workload pair:sv+ks --max-cycles 50000 \
  --set smil.enable=true --set smil.limit0=1 --stats "$TMP/s1.json"
[ "$(get "$TMP/s1.json" 'smil.max_inflight[0]')" = 1 ] || fail "stream 0 above its limit 1"
[ "$(get "$TMP/s1.json" 'smil.max_inflight[1]')" -gt 1 ] || fail "stream 1 was limited"

# bad input: exit 2 naming the field
expect_rc 2 "$GMEM" run --config $m4 --workload atax:n=256 --set qbmi.enable=true
expect_out "qbmi.enable: BMI arbitrates between 2 or 3 kernel streams, the workload has 1"
expect_rc 2 "$GMEM" run --config $m4 --workload pair:bp+sv --set smil.limit1=200
expect_out "smil.limit1"
expect_rc 2 "$GMEM" run --config $m4 --workload pair:bp+sv --set qbmi.mode=fair
expect_out '\$.qbmi.mode: expected one of "qbmi", "rbmi"'
exit 0
