# l1d.closed (seed-001 Fig 3.11, GPGPU-Sim's -gpgpu_gmem_skip_L1D): every
# global load and store goes around the L1D -- it sees no access, every
# request takes the bypass path, yet the run makes the same requests and
# completes. Open (the default), the same run sends none around it.
. tests/lib.sh
get() { "$GMEM_FAST" stats-get "$TMP/$1.json" "$2"; }
expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3.json --workload bfs:nodes=4096 \
  --set l1d.closed=true --stats "$TMP/closed.json"
expect_rc 0 "$GMEM" run --config configs/dlmshr-ch3.json --workload bfs:nodes=4096 \
  --stats "$TMP/open.json"
req=$(get closed '$.lsu.requests')
[ "$req" -gt 0 ] || fail "closed: no requests"
[ "$(get closed '$.l1d.accesses')" = 0 ] || fail "closed: the L1D saw accesses"
[ "$(get closed '$.lsu.bypassed')" = "$req" ] ||
  fail "closed: $req requests, $(get closed '$.lsu.bypassed') went around the L1D"
[ "$(get closed '$.run.end')" = completed ] || fail "closed: the run did not complete"
[ "$(get open '$.lsu.requests')" = "$req" ] || fail "open and closed made different requests"
[ "$(get open '$.lsu.bypassed')" = 0 ] || fail "open: requests went around the L1D"
[ "$(get open '$.l1d.accesses')" -gt 0 ] || fail "open: the L1D saw no access"
exit 0
