# CAPTURE from the capture_ctrl block (uvm.ctrl=block, sim/uvm_ctrl.h) on
# the seed's Table 4.1 config at 110 % of the footprint: the block takes
# the far faults, probes, migrates, learns leases, recalls expired pages
# and evicts, the system never holds more than its capacity, and every
# eviction is the block's or a counted fallback of the system's; a
# two-kernel workload launches twice; the RTL agrees in lockstep (when
# gmem-cosim is built); block mode without CAPTURE, or with what it cannot
# drive, or a workload with more device arrays than its 16 region ids, is
# refused naming the JSON path (exit 2).
. tests/lib.sh
cfg=configs/capture-pascal.json
get() { "$GMEM" stats-get "$TMP/$1.json" "$2"; }
# 8 of the 28 SMs: the waits cost the same, a cycle a third as much
run_c() { # run_c NAME WORKLOAD [--set ...]
  local n=$1 wl=$2
  shift 2
  expect_rc 0 "$GMEM" run --config $cfg --set sm.count=8 --workload $wl --set uvm.scheme=CAPTURE \
    --set uvm.ctrl=block "$@" --stats "$TMP/$n.json"
}

run_c blk 2dconv:n=512 --set uvm.oversub_pct=110
[ "$(get blk uvm.capture.ctrl)" = block ] || fail "block mode not reported"
expect_rc 0 "$GMEM" help stats --from "$TMP/blk.json" # every uvm.capture path documented
[ "$(get blk blocks.capture_ctrl.instances)" = 1 ] || fail "not one capture_ctrl instance"
[ "$(get blk uvm.capture.launches)" = 1 ] || fail "2dconv: not one kernel launch"
ff=$(get blk uvm.far_faults)
[ "$ff" -gt 0 ] || fail "no far fault"
[ "$(get blk uvm.capture.faults_handed)" -le "$ff" ] || fail "more faults handed than taken"
[ "$(( $(get blk uvm.capture.faults_handed) + $(get blk uvm.capture.faults_covered) ))" = "$ff" ] ||
  fail "a far fault neither handed to the block nor covered by a migration"
[ "$(get blk uvm.capture.probes)" -ge "$(get blk uvm.capture.faults_handed)" ] ||
  fail "fewer probes than faults (the demand granule is always probed)"
[ "$(get blk uvm.prefetched_pages)" -gt 0 ] || fail "CAP prefetched nothing"
[ "$(get blk uvm.capture.mig_pages)" -ge "$(get blk uvm.pages_migrated)" ] ||
  fail "pages landed that no migration command took"
# the environment's counts against the block's own
[ "$(get blk blocks.capture_ctrl.faults)" = "$(get blk uvm.capture.faults_handed)" ] ||
  fail "faults the block took and the system handed differ"
[ "$(get blk blocks.capture_ctrl.migrations)" = "$(get blk uvm.capture.mig_commands)" ] ||
  fail "migration commands differ"
[ "$(( $(get blk blocks.capture_ctrl.evict_table_full) + $(get blk blocks.capture_ctrl.evict_oversub) \
  + $(get blk blocks.capture_ctrl.evict_fallback) ))" = "$(get blk uvm.capture.ev_commands)" ] ||
  fail "evictions by reason do not add up to the granules the system evicted"
[ "$(get blk blocks.capture_ctrl.leases_written)" -gt 0 ] || fail "no lease written"
[ "$(get blk uvm.capture.lease_changes)" -gt 0 ] || fail "no lease read back"
[ "$(get blk uvm.capture.leases[0])" -gt 0 ] || fail "region 0 has no lease"
[ "$(get blk blocks.capture_ctrl.expiries)" -gt 0 ] || fail "no lifetime expired"
[ "$(get blk blocks.capture_ctrl.recall_hits)" -gt 0 ] || fail "no recall"
[ "$(get blk uvm.capture.acc_events)" = "$(get blk blocks.capture_ctrl.accesses)" ] ||
  fail "access events handed and taken differ"
[ "$(get blk uvm.capture.ev_commands)" -gt 0 ] || fail "110 %: the block evicted nothing"
[ "$(( $(get blk uvm.capture.ev_pages) + $(get blk uvm.capture.sys_fallback_pages) ))" = \
  "$(get blk uvm.evicted_pages)" ] || fail "an eviction neither the block's nor a fallback"
[ "$(get blk uvm.resident_max)" -le "$(get blk uvm.capacity_pages)" ] || fail "over capacity"
"$GMEM" stats-get "$TMP/blk.json" uvm.ture.windows >/dev/null 2>&1 && fail "model TURE stats in block mode"

# with acc_full=drop no access waits for the queue; the events it had no
# room for are counted instead
run_c drop 2dconv:n=512 --set uvm.oversub_pct=110 --set uvm.acc_full=drop
[ "$(get blk uvm.capture.acc_full_waits)" -gt 0 ] || fail "stall: the queue never held an access"
[ "$(get drop uvm.capture.acc_full_waits)" = 0 ] || fail "drop: an access waited"
[ "$(get drop uvm.capture.acc_dropped)" -gt 0 ] || fail "drop: no event dropped"
[ "$(get blk uvm.capture.acc_dropped)" = 0 ] || fail "stall: an event dropped"
# every translated access (a TLB hit, or a walk's go or replay) is an
# event taken, dropped, or still in the 64-entry queue at the end
n=$(( $(get drop uvm.capture.acc_events) + $(get drop uvm.capture.acc_dropped) ))
acc=$(( $(get drop uvm.tlb_hits) + $(get drop uvm.walks) ))
[ "$n" -le "$acc" ] && [ "$n" -ge $(( acc - 64 )) ] ||
  fail "drop: events taken and dropped are not the translated accesses"

# the model's run of the same has its own TURE and no block
expect_rc 0 "$GMEM" run --config $cfg --set sm.count=8 --workload 2dconv:n=512 \
  --set uvm.scheme=CAPTURE --set uvm.oversub_pct=110 --stats "$TMP/model.json"
[ "$(get model uvm.ture.windows)" -gt 0 ] || fail "model mode: no TURE window"
"$GMEM" stats-get "$TMP/model.json" uvm.capture.ctrl >/dev/null 2>&1 && fail "block stats in model mode"
"$GMEM" stats-get "$TMP/model.json" blocks.capture_ctrl.instances >/dev/null 2>&1 &&
  fail "a capture_ctrl instance in model mode"

# two kernels, two launches; all of memory free: no eviction
run_c atax atax:n=256
[ "$(get atax uvm.capture.launches)" = 2 ] || fail "atax: not two kernel launches"
[ "$(get atax uvm.evicted_pages)" = 0 ] || fail "atax in 1 GiB evicted"
[ "$(get atax uvm.far_faults)" -gt 0 ] || fail "atax: no far fault"

if [ -x "${GMEM_COSIM:-}" ]; then
  expect_rc 0 "$GMEM_COSIM" run --config $cfg --set sm.count=8 --workload 2dconv:n=512 \
    --set uvm.scheme=CAPTURE --set uvm.oversub_pct=110 --set uvm.ctrl=block --rtl capture_ctrl
  expect_out "lockstep capture_ctrl +1 instances, [1-9][0-9]+ cycles"
  expect_last_line "lockstep: 0 mismatches"
  # model mode makes no instance: the report says nothing was compared
  expect_rc 0 "$GMEM_COSIM" run --config $cfg --set sm.count=8 --workload atax:n=128 \
    --set uvm.scheme=CAPTURE --rtl capture_ctrl
  expect_out "lockstep capture_ctrl +0 instances: this run has none, nothing compared"
else
  echo "note: no gmem-cosim; the lockstep part is left out"
fi

expect_rc 2 "$GMEM" run --config $cfg --workload atax:n=128 --set uvm.scheme=TPTE --set uvm.ctrl=block
expect_out '\$\.uvm\.ctrl: block drives CAPTURE .*not prefetch TP with evict TE'
expect_rc 2 "$GMEM" run --config $cfg --workload atax:n=128 --set uvm.ctrl=block
expect_out '\$\.uvm\.ctrl: block drives CAPTURE'
expect_rc 2 "$GMEM" run --config $cfg --workload atax:n=128 --set uvm.scheme=CAPTURE \
  --set uvm.ctrl=block --set uvm.prefetch_before_launch=true
expect_out '\$\.uvm\.prefetch_before_launch: not with \$\.uvm\.ctrl block'
expect_rc 2 "$GMEM" run --config $cfg --workload atax:n=128 --set uvm.scheme=CAPTURE \
  --set uvm.ctrl=block --set uvm.np_when_full=true
expect_out '\$\.uvm\.np_when_full: not with \$\.uvm\.ctrl block'
expect_rc 2 "$GMEM" run --config $cfg --workload atax:n=128 --set uvm.ctrl=rtl
expect_out '\$\.uvm\.ctrl: expected one of'
# the block's 4-bit allocation ids name 16 regions: heartwall's 623 arrays are refused
expect_rc 2 "$GMEM" run --config $cfg --workload heartwall:frames=1 --set uvm.scheme=CAPTURE \
  --set uvm.ctrl=block
expect_out '\$\.uvm\.ctrl: block: workload heartwall:frames=1,tsize=25,ssize=40 has 623 device arrays; the capture_ctrl block registers at most 16'
exit 0
