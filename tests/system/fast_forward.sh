# The fast-forward (sim/ff.c): a run skips the clock edges at which no
# stage can act and adds what they count in bulk, so its stats are byte
# for byte those of the same run with --no-skip (every edge simulated).
# Runs: UVM on demand (NP) and oversubscribed with evictions, cut by
# --max-cycles inside a fault's wait and sampled with --sample (the
# fast-forward stops at both); memory-bound Fermi with FR-FCFS and FCFS;
# a sectored L2 with the A100's far half; the L2's gates; the DL-MSHR. Each must skip
# something (--skip-report), and the comparison must catch a difference
# (a run with another seed). A plug-in that cannot say when it acts next
# (milg) and RTL beside the C models (--rtl) turn skipping off. --no-skip
# also checks every idle SM and bank each cycle (gpu.c lets them sleep until
# a CTA, a reply or a request reaches them): fermi-atax runs 2 of 15 SMs
# busy, two kernels in turn.
. tests/lib.sh
fast=${GMEM_FAST:-$GMEM}

same() { # same NAME BINARY RUN-ARGS...: with and without skipping, byte for byte
  local n=$1 g=$2
  shift 2
  run "$g" run "$@" --stats "$TMP/$n.ff.json" --skip-report
  [ "$RC" = 0 ] || [ "$RC" = 3 ] || fail "$n: exited $RC: $OUT"
  skipped=$(echo "$OUT" | sed -n 's/^fast-forward: \([0-9]*\) of [0-9]* core cycles skipped$/\1/p')
  [ -n "$skipped" ] || fail "$n: no --skip-report line: $OUT"
  run "$g" run "$@" --stats "$TMP/$n.all.json" --no-skip
  [ "$RC" = 0 ] || [ "$RC" = 3 ] || fail "$n --no-skip: exited $RC: $OUT"
  cmp -s "$TMP/$n.ff.json" "$TMP/$n.all.json" || {
    "$g" diff-stats "$TMP/$n.all.json" "$TMP/$n.ff.json" | head -20
    fail "$n: skipping changed the stats"
  }
  echo "$n: $skipped core cycles skipped, stats identical"
}

uvm="--config configs/capture-pascal.json --set sm.count=8"
same np "$GMEM" $uvm --workload atax:n=128
# 45 us of 1481 MHz cycles a fault, 8 faults at the least: most of the run
[ "$skipped" -gt 500000 ] || fail "np: only $skipped cycles skipped"
same np-cut "$GMEM" $uvm --workload atax:n=128 --max-cycles 400000 --sample 7000
[ "$("$GMEM" stats-get "$TMP/np-cut.ff.json" cycles)" = 400000 ] || fail "np-cut: not cut at 400000"
[ "$skipped" -gt 0 ] || fail "np-cut: nothing skipped"
same oversub "$GMEM" $uvm --workload stream:n=32768,store=0 --set uvm.scheme=TPTE \
  --set uvm.oversub_pct=110
[ "$("$GMEM" stats-get "$TMP/oversub.ff.json" uvm.evicted_pages)" -gt 0 ] || fail "oversub: no eviction"
[ "$skipped" -gt 100000 ] || fail "oversub: only $skipped cycles skipped"

same fermi-atax "$fast" --config configs/fermi-gtx480.json --workload atax:n=512
[ "$skipped" -gt 0 ] || fail "fermi-atax: nothing skipped"
same fermi-fcfs "$GMEM" --config configs/fermi-gtx480.json --workload bfs:nodes=8192 \
  --set dram.scheduler=fcfs
[ "$skipped" -gt 0 ] || fail "fermi-fcfs: nothing skipped"
same a100 "$GMEM" --config configs/a100.json --workload gather:iters=4,ctas=216
[ "$skipped" -gt 0 ] || fail "a100: nothing skipped"
# a crossbar whose sources stream two packets at once (its next send: the
# first lane free)
same speedup2 "$GMEM" --config configs/fermi-gtx480.json --set icnt.input_speedup=2 \
  --workload bfs:nodes=8192
[ "$skipped" -gt 0 ] || fail "speedup2: nothing skipped"
# virtual output queues (its next send: any queued packet's output free)
same voq "$GMEM" --config configs/fermi-gtx480.json --set icnt.voq=true \
  --workload bfs:nodes=8192
[ "$skipped" -gt 0 ] || fail "voq: nothing skipped"
# GPGPU-Sim's L2 intake and output gates (l2.intake_gate: a bank whose
# incoming queue is full leaves requests in the crossbar; l2.reply_gate: a
# bank whose replies fill the L2-to-icnt queue makes no access), both on
# in fermi-gtx480 and so in every run above: skipping stays exact with
# each alone, and each moves the run
bfs="--config configs/fermi-gtx480.json --workload bfs:nodes=8192"
same gate-in "$GMEM" $bfs --set l2.reply_gate=0
same gate-out "$GMEM" $bfs --set l2.intake_gate=false
"$GMEM" run $bfs --set l2.reply_gate=0 --set l2.intake_gate=false --stats "$TMP/nogate.json" \
  > /dev/null || fail "bfs without the gates"
for g in gate-in gate-out; do
  [ "$("$GMEM" stats-get "$TMP/$g.ff.json" '$.cycles')" != \
    "$("$GMEM" stats-get "$TMP/nogate.json" '$.cycles')" ] || fail "$g: the gate changed nothing"
done
# the DL-MSHR's own skip (dlmshr_tick_idle): it skips only while every
# DL-MSHR is empty, which spmv's run no longer reaches since the L2 sends
# its filled misses before its hits; addvect's does
same dlmshr "$GMEM" --config configs/dlmshr-ch3-dl.json --workload addvect
[ "$skipped" -gt 0 ] || fail "dlmshr: nothing skipped"

# the comparison sees a difference: another seed's random graph
"$GMEM" run --config configs/fermi-gtx480.json --workload bfs:nodes=8192 --seed 2 \
  --stats "$TMP/seed2.json" > /dev/null || fail "seed 2 run failed"
cmp -s "$TMP/fermi-fcfs.all.json" "$TMP/seed2.json" && fail "the comparison misses another seed's run"

# milg has no next_event: every cycle is simulated
same dmil "$GMEM" --config configs/maxwell-ch4-dmil.json --workload pair:bp+sv --max-cycles 20000
[ "$skipped" = 0 ] || fail "dmil: skipped $skipped cycles with a plug-in that cannot tell"

# in-system lockstep sees every edge, and agrees with the pure C run
if [ -x "${GMEM_COSIM:-}" ]; then
  expect_rc 0 "$GMEM_COSIM" run $uvm --workload atax:n=64 --rtl mshr --skip-report \
    --stats "$TMP/rtl.json"
  expect_out '^fast-forward: 0 of [0-9]+ core cycles skipped$'
  expect_rc 0 "$GMEM" run $uvm --workload atax:n=64 --stats "$TMP/c.json" --skip-report
  expect_out '^fast-forward: [1-9][0-9]* of'
  for f in rtl c; do grep -v '^[[:space:]]*"gmem_version":' "$TMP/$f.json" > "$TMP/$f.v.json"; done
  "$GMEM" diff-stats "$TMP/c.v.json" "$TMP/rtl.v.json" || fail "--rtl mshr: stats differ from the pure C run's"
fi
exit 0
