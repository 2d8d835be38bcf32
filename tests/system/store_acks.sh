# sm.store_acks (GPGPU-Sim's stores_done(): a warp exits only once every
# store request it sent is acknowledged; with l2.write_fetch a write
# miss's ack comes back from DRAM with its write). transpose's stores, one
# a thread and each a line of its own, are all the kernel does: with acks
# awaited the CTAs retire later and the run's timing moves, the work does
# not (same instructions, requests and replies); the ack's source moves it
# again. A run that lost an ack would never end (the watchdog;
# tests/unit/test_sim.c checks every count is given back).
. tests/lib.sh
get() { "$GMEM_FAST" stats-get "$TMP/$1.json" "$2"; }
w=transpose:n=256
expect_rc 0 "$GMEM" run --config configs/cart-ch2.json --workload $w --set sm.store_acks=false \
  --stats "$TMP/off.json"
expect_rc 0 "$GMEM" run --config configs/cart-ch2.json --workload $w --set sm.store_acks=true \
  --stats "$TMP/dram.json"
expect_rc 0 "$GMEM" run --config configs/cart-ch2.json --workload $w --set sm.store_acks=true \
  --set l2.write_fetch=false --stats "$TMP/l2.json"
expect_rc 0 "$GMEM" run --config configs/cart-ch2.json --workload $w --set sm.store_acks=false \
  --set l2.write_fetch=false --stats "$TMP/l2-off.json"
for k in warp_instructions lsu.requests icnt.reply_packets; do
  [ "$(get off $k)" = "$(get dram $k)" ] || fail "store_acks changed $k: $(get off $k) -> $(get dram $k)"
done
[ "$(get off cycles)" != "$(get dram cycles)" ] || fail "store_acks: the same cycles, $(get off cycles)"
[ "$(get l2 cycles)" != "$(get l2-off cycles)" ] ||
  fail "store_acks without write_fetch: the same cycles, $(get l2 cycles)"
[ "$(get dram cycles)" != "$(get l2 cycles)" ] ||
  fail "acks from DRAM and from the L2: the same cycles, $(get l2 cycles)"
# the run says what it did
[ "$(get dram run.config.sm.store_acks)" = true ] || fail "run.config.sm.store_acks not recorded"
expect_rc 2 "$GMEM" run --config configs/cart-ch2.json --workload $w --set sm.store_acks=2
expect_out 'store_acks'
exit 0
