# gmem run --per-sm: the report's "sms", one object per SM, whose fields
# sum over the SMs to the whole-GPU figures; without the flag the report
# has no "sms", and with it nothing else changes.
. tests/lib.sh
W=atax:n=256,tb=32  # 2 kernels of 8 CTAs each, spread unevenly over 15 SMs
expect_rc 0 "$GMEM" run --help
expect_out "--per-sm +add \"sms\" to the stats"
expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload $W --per-sm --stats "$TMP/p.json"
expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload $W --stats "$TMP/plain.json"
jq -e 'has("sms") | not' "$TMP/plain.json" >/dev/null || fail "sms without --per-sm"
[ "$(jq -S 'del(.sms)' "$TMP/p.json")" = "$(jq -S . "$TMP/plain.json")" ] ||
  fail "--per-sm changed the report: $("$GMEM" diff-stats "$TMP/plain.json" "$TMP/p.json" | head)"

check_sums() { # check_sums REPORT: every per-SM field sums to the report's
  jq -e '
    def s(f): [.sms[] | f] | add;
    (.sms | length) == .run.config.sm.count
    and [.sms[].sm] == [range(.run.config.sm.count)]
    and s(.warp_instructions) == .warp_instructions
    and s(.thread_instructions) == .thread_instructions
    and s(.memory_instructions) == .lsu.memory_instructions
    and s(.l1d.accesses) == .l1d.accesses and s(.l1d.hits) == .l1d.hits
    and s(.l1d.misses) == .l1d.misses and s(.l1d.merges) == .l1d.merges
    and (.l1d.reservation_fails as $rf
         | all(.sms[]; (.l1d.reservation_fails | keys) == ($rf | keys)))
    and s(.l1d.reservation_fails.line) == .l1d.reservation_fails.line
    and s(.l1d.reservation_fails.mshr) == .l1d.reservation_fails.mshr
    and s(.l1d.reservation_fails.miss_queue) == .l1d.reservation_fails.miss_queue
    and s(.l1d.reservation_fails.bypass_slots) == .l1d.reservation_fails.bypass_slots
    and s(.l1d.reservation_fails.total) == .l1d.reservation_fails.total
    and all(.sms[]; .l1d.reservation_fails | .total == .line + .mshr + .miss_queue + .bypass_slots)' \
    "$1" >/dev/null || fail "$1: per-SM sums differ: $(jq -c '{sms: [.sms[] | del(.l1d)], l1d}' "$1")"
}
check_sums "$TMP/p.json"
[ "$(jq '[.sms[].ctas] | add' "$TMP/p.json")" = 16 ] ||
  fail "CTAs over the SMs: $(jq -c '[.sms[].ctas]' "$TMP/p.json"), expected 16 in all"
[ "$(jq '[.sms[] | select(.ctas == 0)] | length' "$TMP/p.json")" -gt 0 ] ||
  fail "the workload should leave some SMs without CTAs"
[ "$(jq '.sms[0].l1d.reservation_fails.total' "$TMP/p.json")" -gt 0 ] ||
  fail "expected reservation fails on SM 0"
# with the bypass path and a run cut short the sums still hold
expect_rc 3 "$GMEM" run --config fermi-gtx480 --workload bfs --set bpg.enable=true --per-sm \
  --max-cycles 20000 --stats "$TMP/b.json"
check_sums "$TMP/b.json"
# one SM's figures side by side
expect_rc 0 "$GMEM" stats-get --csv "$TMP/p.json" -- 'sms[0].ctas' 'sms[14].ctas'
expect_out "/p\\.json,$(jq '.sms[0].ctas' "$TMP/p.json"),$(jq '.sms[14].ctas' "$TMP/p.json")\$"
exit 0
