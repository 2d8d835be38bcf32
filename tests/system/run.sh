# The GPU memory model end to end (issue acceptance): the Fermi config on
# ATAX writes stats with cycles, ipc and the l1d/l2/dram counters; the same
# run again gives byte-identical stats; the model's request bookkeeping
# (every request freed exactly once) holds under the sanitizers.
. tests/lib.sh
expect_rc 0 "$GMEM_FAST" run --config configs/fermi-gtx480.json --workload atax:n=2048 \
  --stats "$TMP/s.json"
expect_out "run atax:n=2048,tb=256 on fermi-gtx480: [0-9]+ cycles, IPC [0-9.]+"
for k in '"cycles"' '"ipc"' '"l1d"' '"l2"' '"dram"' '"row_hit_rate"' '"reservation_fails"' \
         '"schema":	"gmem-stats/1"'; do
  grep -q "$k" "$TMP/s.json" || fail "stats lack $k"
done
expect_rc 0 "$GMEM_FAST" run --config configs/fermi-gtx480.json --workload atax:n=2048 \
  --stats "$TMP/s2.json"
cmp "$TMP/s.json" "$TMP/s2.json" || fail "two identical runs gave different stats"
# A few workloads of every family under ASan/UBSan, including concurrent kernels.
for w in bicg:n=128 2dconv:n=128 bfs:nodes=2048 pair:pf+hs kmeans:points=2048 \
         gather:ctas=16 tiled:ctas=16 streamcluster:points=2048,dim=8 \
         particlefilter:particles=512,frames=2,x=32,y=32 histogram:bytes=64K \
         histogram:bytes=64K,atomic=1 barneshut:bodies=1024; do
  expect_rc 0 "$GMEM" run --config configs/maxwell-ch3-sound.json --workload "$w" \
    --stats "$TMP/w.json"
done
# The locality-filtered L1D with SM dueling (many 500-cycle decisions).
expect_rc 0 "$GMEM" run --config configs/dts-ch4-duel.json --workload backprop:in=4096 \
  --stats "$TMP/d.json"
[ "$("$GMEM" stats-get "$TMP/d.json" blocks.dts_duel.intervals)" -gt 30 ] || fail "too few duels"
# --max-cycles stops a run and says so (exit 3).
expect_rc 3 "$GMEM" run --workload atax:n=512 --max-cycles 1000
expect_out "1000 cycles \(max reached\)"
exit 0
