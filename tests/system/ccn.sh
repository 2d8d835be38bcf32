# CCN (seed 003) in the system, configs/ccn-fermi.json (Table II): on a GEMM
# (every CTA row shares A's rows and B's columns with CTAs on other SMs)
# the ring serves a good share of the L1 misses from remote L1s, quickly,
# and the L2 sees fewer requests than without it; the throttler turns a
# core off on a streaming kernel with no reuse; configurations the ring
# cannot serve are refused naming the JSON path; and every SM's ccn_node
# runs its RTL beside the C model with 0 mismatches, and a node's port
# trace replays.
. tests/lib.sh
get() { "$GMEM_FAST" stats-get "$TMP/$1.json" "$2"; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }' || fail "$3: expected $1 > $2"; }
w=gemm:n=128
expect_rc 0 "$GMEM_FAST" run --config configs/ccn-fermi.json --workload $w --stats "$TMP/on.json"
expect_rc 0 "$GMEM_FAST" help stats --from "$TMP/on.json"
expect_rc 0 "$GMEM_FAST" run --config configs/ccn-fermi.json --set ccn.enable=false --workload $w \
  --stats "$TMP/off.json"
gt "$(get on ccn.h_reuse)" 0.2 "share of the ring's requests a remote L1 served"
gt 80 "$(get on ccn.remote_hit_latency)" "remote-hit latency (seed: 42 cycles under load)"
gt "$(get off l2.accesses)" "$(get on l2.accesses)" "the ring takes requests off the L2"
[ "$(get on ccn.tag_updates_lost)" = 0 ] || fail "shadow-tag updates were lost"
[ "$(get on blocks.ccn_node.remote_hits_served)" = "$(get on ccn.remote_hits)" ] \
  || fail "the nodes' served hits differ from the hits filled"
# CCN-RT with short epochs on a stream: no reuse, so the windows turn the
# cores off; CCN-B keeps sending every miss round the ring.
s="--set ccn.t_s=2000 --set ccn.t_p=20000"
expect_rc 0 "$GMEM_FAST" run --config configs/ccn-fermi.json $s --workload stream --stats "$TMP/rt.json"
expect_rc 0 "$GMEM_FAST" run --config configs/ccn-fermi.json $s --set ccn.rt=false --workload stream \
  --stats "$TMP/b.json"
gt "$(get rt ccn.rt_off_windows)" 0 "throttled windows on a stream"
gt "$(get b ccn.requests)" "$(get rt ccn.requests)" "the throttler keeps misses off the ring"
# The figures' modes. observe routes nothing: cycle for cycle the run
# without the section, with the reuse coefficient measured (hotspot's
# halos are lines of the neighbouring CTAs, on other SMs). oracle fills exactly the
# misses whose line is VALID in another L1D, with no L2 traffic for them;
# a hit waits exactly oracle_lat cycles (or longer when the L1D's reply
# queue is full), and clusters of 3 SMs find fewer sharers than the whole
# GPU.
w=hotspot:n=128
c="--config configs/ccn-fermi.json --workload $w"
expect_rc 0 "$GMEM_FAST" run $c --set ccn.enable=false --stats "$TMP/g0.json"
expect_rc 0 "$GMEM_FAST" run $c --set ccn.mode=observe --stats "$TMP/gobs.json"
expect_rc 0 "$GMEM_FAST" run $c --set ccn.mode=oracle --stats "$TMP/gor.json"
expect_rc 0 "$GMEM_FAST" run $c --set ccn.mode=oracle --set ccn.oracle_lat=300 --stats "$TMP/gor300.json"
expect_rc 0 "$GMEM_FAST" run $c --set ccn.mode=oracle --set ccn.oracle_cluster=3 --stats "$TMP/gcl3.json"
[ "$(get g0 cycles)" = "$(get gobs cycles)" ] || fail "observe changed the run ($(get g0 cycles) vs $(get gobs cycles) cycles)"
[ "$(get g0 l2.accesses)" = "$(get gobs l2.accesses)" ] || fail "observe changed the L2 accesses"
[ "$(get gobs ccn.requests)" = 0 ] || fail "observe routed requests"
gt "$(get gobs ccn.urc)" 0.2 "hotspot's measured reuse coefficient"
[ "$(get gor ccn.remote_hits)" = "$(get gor ccn.reuse_misses)" ] || fail "oracle: hits differ from the remote-valid misses"
gt "$(get gor ccn.remote_hits)" 0 "oracle hits"
gt "$(get gobs l2.accesses)" "$(get gor l2.accesses)" "the oracle's hits stay off the L2"
gt "$(get gobs cycles)" "$(get gor cycles)" "the ideal is faster than the baseline"
[ "$(get gor ccn.remote_hit_latency)" = 0 ] || fail "oracle_lat 0: a hit waits $(get gor ccn.remote_hit_latency) cycles"
gt "$(get gor300 ccn.remote_hit_latency)" 299.99 "the oracle's fill waits oracle_lat cycles"
gt "$(get gor ccn.remote_hits)" "$(get gcl3 ccn.remote_hits)" "clusters of 3 find fewer sharers"
expect_rc 2 "$GMEM_FAST" run $c --set ccn.mode=ideal
expect_out '\$\.ccn\.mode'
# Refused configurations.
expect_rc 2 "$GMEM_FAST" run --config configs/fermi-gtx480.json --set ccn.enable=true --workload $w
expect_out 'ccn.enable: the ring.s lookups need an L1D'
expect_rc 2 "$GMEM_FAST" run --config configs/ccn-fermi.json --set ccn.t_s=30000 --set ccn.t_p=20000 \
  --workload $w
expect_out '\$\.ccn\.t_s'
# In-system lockstep of every node.
expect_rc 0 "$GMEM_COSIM" run --config configs/ccn-fermi.json --workload gemm:n=64 --rtl ccn_node
expect_out "lockstep ccn_node +15 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
# The same on a Table I stand-in whose ring serves most misses remotely.
expect_rc 0 "$GMEM_COSIM" run --config configs/ccn-fermi.json --workload cutcp:rx=4,ry=4,rz=1 \
  --rtl ccn_node
expect_last_line "lockstep: 0 mismatches"
# A node's port trace, recorded in the system, replays against its RTL.
expect_rc 3 "$GMEM_COSIM" run --config configs/ccn-fermi.json --workload gemm:n=64 --max-cycles 3000 \
  --record-ports "$TMP/tr" --record sm1.ccn
expect_rc 0 "$GMEM_COSIM" replay "$TMP/tr/sm1.ccn.gmpt"
expect_last_line "replay sm1.ccn (ccn_node): 3000 cycles, 0 mismatches"
exit 0
