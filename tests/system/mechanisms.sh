# Each mechanism moves its metric the expected way on a workload chosen to
# show it (the rows of `make run`, scripts/run-main.sh), on configs/default.json.
. tests/lib.sh
metric() { # metric WORKLOAD PATH [--set ...]: the value at PATH
  local w=$1 p=$2
  shift 2
  "$GMEM_FAST" run --config configs/default.json --workload "$w" "$@" --stats "$TMP/m.json" \
    >/dev/null || fail "run $w $* failed"
  "$GMEM_FAST" stats-get "$TMP/m.json" "$p"
}
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }' || fail "$3: expected $1 > $2"; }

w=rowscan:rows=4096,cols=32
gt "$(metric $w ipc --set l1d.c.set_func=bxor --set l2.c.set_func=bxor)" "$(metric $w ipc)" \
   "BXOR indexing raises IPC on a power-of-two row scan (BMOD camps on one set)"
w=stride:iters=16
gt "$(metric $w ipc --set part.func=xor)" "$(metric $w ipc)" \
   "XOR partition mapping beats modulo on a partition-camping stride"
w=atax:n=256
gt "$(metric $w l1d.reservation_fails.total)" \
   "$(metric $w l1d.reservation_fails.total --set l1d.c.alloc=on_fill)" \
   "allocate-on-fill lowers L1D reservation fails"
w=pair:backprop:in=16384+kmeans:points=8192
gt "$(metric $w l1d.reservation_fails.total)" \
   "$(metric $w l1d.reservation_fails.total --set milg.enable=true)" \
   "DMIL lowers reservation fails of a compute + memory kernel pair"
# CART needs a DRAM backlog to reorder: lbm (Parboil, seed-001's
# memory-intensive set) keeps every channel's queue full; spmv does not
# (with dram.latency in DRAM cycles, faf7d31, CART costs it 2 %).
w=lbm:y=60,z=8,steps=1
gt "$(metric $w ipc --set l2.cart.enable=true)" "$(metric $w ipc)" \
   "CART in front of the L2 banks raises IPC on a DRAM-bound kernel (lbm)"
"$GMEM_FAST" run --config configs/cart-ch2.json --workload spmv --stats "$TMP/a.json" >/dev/null \
  && "$GMEM_FAST" run --config configs/cart-ch2-cart.json --workload spmv --stats "$TMP/b.json" \
  >/dev/null || fail "cart-ch2 runs failed"
gt "$("$GMEM_FAST" stats-get "$TMP/b.json" dram.row_hit_rate)" \
   "$("$GMEM_FAST" stats-get "$TMP/a.json" dram.row_hit_rate)" \
   "CART raises the DRAM row-buffer hit rate of spmv on its seed's configuration"
w=tiled:tile=16384,reps=8
gt "$(metric $w ipc --set bpg.enable=true)" "$(metric $w ipc)" \
   "BPG raises IPC on a cache-thrashing kernel (16 KB tiles per CTA in a 16 KB L1D)"
"$GMEM_FAST" run --config configs/fermi-gtx480.json --workload kmeans:points=16384 \
  --stats "$TMP/a.json" >/dev/null && "$GMEM_FAST" run --config configs/fermi-gtx480-mdb.json \
  --workload kmeans:points=16384 --stats "$TMP/b.json" >/dev/null || fail "kmeans runs failed"
gt "$("$GMEM_FAST" stats-get "$TMP/b.json" ipc)" "$("$GMEM_FAST" stats-get "$TMP/a.json" ipc)" \
   "MDB raises IPC of kmeans on its seed's Fermi configuration"
# One CTA per SM (ATAX's 4 CTAs over 15 SMs): MDB works per warp there
# (seed-000 §4.1), so the warps above L_max bypass and IPC rises.
"$GMEM_FAST" run --config configs/fermi-gtx480.json --workload atax:n=1024 \
  --stats "$TMP/a.json" >/dev/null && "$GMEM_FAST" run --config configs/fermi-gtx480-mdb.json \
  --workload atax:n=1024 --stats "$TMP/b.json" >/dev/null || fail "atax runs failed"
gt "$("$GMEM_FAST" stats-get "$TMP/b.json" lsu.bypassed)" 10000 \
   "MDB bypasses ATAX's warps above L_max (one CTA per SM: per-warp granularity)"
gt "$("$GMEM_FAST" stats-get "$TMP/b.json" ipc)" \
   "$(awk -v x="$("$GMEM_FAST" stats-get "$TMP/a.json" ipc)" 'BEGIN { print 1.5 * x }')" \
   "MDB raises ATAX's IPC by half or more on the Fermi configuration"
w=bfs:nodes=16384
gt "$(metric $w l1d.hit_rate --set dts.enable=true)" "$(metric $w l1d.hit_rate)" \
   "the locality-filtered L1D (dts) raises the L1D hit rate of bfs"
gt "$(metric $w ipc --set dts.enable=true)" "$(metric $w ipc)" "dts raises IPC on bfs"
# SM dueling on the seed's own configuration: where the filter hurts
# (backprop reuses its lines soon) the followers fall back to the baseline and
# recover IPC; where it helps (syrk) they filter and beat the baseline.
duel() { # duel CONFIG WORKLOAD [--set ...]: IPC
  local c=$1 w=$2
  shift 2
  "$GMEM_FAST" run --config "configs/$c.json" --workload "$w" "$@" --stats "$TMP/d.json" \
    >/dev/null || fail "run $c $w $* failed"
  "$GMEM_FAST" stats-get "$TMP/d.json" ipc
}
w=backprop:in=16384
gt "$(duel dts-ch4-dts $w --set dts.duel=true)" "$(duel dts-ch4-dts $w)" \
   "SM dueling recovers IPC on backprop, where filtering every SM hurts"
w=syrk:n=128
gt "$(duel dts-ch4-dts $w --set dts.duel=true)" "$(duel dts-ch4 $w)" \
   "SM dueling keeps the filter's gain over the baseline on syrk"
"$GMEM_FAST" stats-get "$TMP/d.json" blocks.dts_duel.intervals >/dev/null 2>&1 \
  && fail "dts_duel counters without dueling"
duel dts-ch4-dts $w --set dts.duel=true >/dev/null
n=$("$GMEM_FAST" stats-get "$TMP/d.json" blocks.dts_duel.intervals)
f=$("$GMEM_FAST" stats-get "$TMP/d.json" blocks.dts_duel.filter_intervals)
gt "$n" 1000 "syrk: dts_duel intervals of 500 cycles"
gt "$f" "$((n / 2))" "syrk: the duel decides for filtering in most intervals"
w=tiled:shared=1,reps=1,tile=8192,gap=0
b="--set l1d.c.mshr_entries=32 --set l1d.c.mshr_merge=4"
gt "$(metric $w l1d.reservation_fails.mshr $b)" \
   "$(metric $w l1d.reservation_fails.mshr $b --set l1d.c.mshr=dl)" \
   "DL-MSHR lowers MSHR reservation fails when many warps miss on the same lines"
gt "$(metric $w ipc $b --set l1d.c.mshr=dl)" "$(metric $w ipc $b)" \
   "DL-MSHR raises IPC on the same kernel"
exit 0
