# l2.write_fetch (GPGPU-Sim 3.x's L2 write-allocate W): a write miss sends
# the write on to DRAM and fetches its line, so a store-heavy run whose
# output fits the L2 reads the lines it writes from DRAM and writes them
# there at once, where without it they stay dirty in the L2; the
# fetches answer no SM (the replies the SMs see are the same), and the run
# completes. A sectored L2 is refused.
. tests/lib.sh
get() { "$GMEM_FAST" stats-get "$TMP/$1.json" "$2"; }
for wf in false true; do
  expect_rc 0 "$GMEM" run --config configs/fermi-gtx480.json --workload transpose:n=256 \
    --set l2.write_fetch=$wf --stats "$TMP/$wf.json"
  [ "$(get $wf '$.run.end')" = completed ] || fail "write_fetch=$wf: the run did not complete"
done
[ "$(get true '$.icnt.reply_packets')" = "$(get false '$.icnt.reply_packets')" ] ||
  fail "the SMs saw $(get true '$.icnt.reply_packets') replies with write_fetch, $(get false '$.icnt.reply_packets') without"
[ "$(get true '$.dram.reads')" -gt "$(get false '$.dram.reads')" ] ||
  fail "write_fetch read no more from DRAM ($(get true '$.dram.reads'))"
[ "$(get true '$.dram.writes')" -gt "$(get false '$.dram.writes')" ] ||
  fail "write_fetch wrote no more to DRAM ($(get true '$.dram.writes'))"
expect_rc 2 "$GMEM" run --config configs/v100.json --workload stream --set l2.write_fetch=true
expect_out '\$\.l2\.write_fetch: a sectored L2 \(l2\.c\.sector 32\) fetches no line on a write miss; expected false'
exit 0
