# The mshr plug-in's section "dlmshr" (access latency, deallocation,
# reserved head sets) and its stats object "mshr": per level slot
# utilization in [0, 1] and reservation fails equal to the cache's own
# count of MSHR fails, for the conventional MSHR and the DL-MSHR.
. tests/lib.sh
expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3-dl.json --print-config
echo "$OUT" | jq -e '.dlmshr == {"access_lat": 2, "dealloc": "ripple", "reserve": true}' >/dev/null ||
  fail "default dlmshr section: $(echo "$OUT" | jq -c .dlmshr)"
expect_rc 2 "$GMEM" run --config configs/dlmshr-ch3-dl.json --set dlmshr.access_lat=5 --print-config
expect_out 'dlmshr.access_lat: 5 is out of range, expected 1..4'
expect_rc 2 "$GMEM" run --config configs/dlmshr-ch3-dl.json --set dlmshr.dealloc=fast --print-config
expect_out 'dlmshr.dealloc'
check() { # check STATS: the mshr object agrees with the caches' counters
  jq -e '.mshr.l1d.rf == .l1d.reservation_fails.mshr and .mshr.l2.rf == .l2.reservation_fails.mshr
         and .mshr.rf == .mshr.l1d.rf + .mshr.l2.rf
         and .mshr.l1d.slot_util > 0 and .mshr.l1d.slot_util <= 1
         and .mshr.l2.slot_util > 0 and .mshr.l2.slot_util <= 1' "$1" >/dev/null ||
    fail "$1: mshr stats disagree: $(jq -c '[.mshr, .l1d.reservation_fails, .l2.reservation_fails]' "$1")"
}
w=bfs:nodes=2048
expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3.json --workload $w --stats "$TMP/conv.json"
check "$TMP/conv.json"
[ "$(jq .mshr.l1d.rf "$TMP/conv.json")" -gt 0 ] || fail "bfs should fill the conventional L1D MSHR"
expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3-dl.json --workload $w --stats "$TMP/dl.json"
check "$TMP/dl.json"
# access_lat reaches the block: the run changes. (reserve only decides
# which free set a head takes first -- a primary may still take a linkable
# set -- and dealloc=parallel only when a set is freed; on bfs neither
# changes the run: no merge-full fail, a chain's release ends before its
# sets are wanted. The block's golden points "parallel" and "linkoff" cover
# those paths; here they must run and keep the stats consistent.)
expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3-dl.json --workload $w --set dlmshr.access_lat=1 --stats "$TMP/k.json"
check "$TMP/k.json"
[ "$(jq .cycles "$TMP/k.json")" != "$(jq .cycles "$TMP/dl.json")" ] || fail "access_lat=1 changed nothing"
for s in dlmshr.dealloc=parallel dlmshr.reserve=false; do
  expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3-dl.json --workload $w --set $s --stats "$TMP/k.json"
  check "$TMP/k.json"
done
expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3-dl.json --workload $w --set dlmshr.access_lat=2 \
  --set dlmshr.dealloc=ripple --set dlmshr.reserve=true --stats "$TMP/d.json"
[ "$(jq -c 'del(.run)' "$TMP/d.json")" = "$(jq -c 'del(.run)' "$TMP/dl.json")" ] || fail "the defaults given explicitly changed the run"
echo ok
