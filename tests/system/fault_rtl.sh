# A deliberately broken RTL (make cosim-fault FAULT=mshr: under load the
# MSHR takes the highest free entry) in the full system: the run stops with
# exit 1 and names the instance, its cycle, the diverging register and the
# VCD window of both sides. The correct build passes the same command.
# Then the DL-MSHR with one DAU transition flipped (make cosim-fault
# FAULT=dlmshr: a full head granted a link goes to S4, not S3) in the L1Ds
# and L2 banks of the seed-001 ch.3 configuration.
. tests/lib.sh
[ -x "$GMEM_FAULT" ] || fail "$GMEM_FAULT missing (make test builds it)"
expect_rc 1 "$GMEM_FAULT" run --config configs/fermi-gtx480.json --workload atax:n=1024 --rtl all \
  --mismatch-vcd "$TMP/mm/run"
expect_out "lockstep MISMATCH in sm[0-9]+\.l1d\.mshr at its cycle [0-9]+ \(core cycle [0-9]+\)"
expect_out "first diverging state register: ent_[a-z]+_q\[[0-9]+\] after the edge of cycle [0-9]+"
expect_out "VCD window, cycles [0-9]+\.\.[0-9]+ of sm[0-9]+\.l1d\.mshr"
for side in c rtl; do
  [ -s "$TMP/mm/run.$side.vcd" ] || fail "no $side VCD"
  vcd2fst "$TMP/mm/run.$side.vcd" "$TMP/x.fst" >/dev/null 2>&1 || fail "bad $side VCD"
done
[ -x "$GMEM_FAULT_DLMSHR" ] || fail "$GMEM_FAULT_DLMSHR missing (make test builds it)"
expect_rc 1 "$GMEM_FAULT_DLMSHR" run --config configs/dlmshr-ch3.json --set l1d.c.mshr=dl \
  --set l2.c.mshr=dl --workload atax:n=256 --rtl all --mismatch-vcd "$TMP/dl/run"
expect_out "lockstep MISMATCH in (sm[0-9]+\.l1d|l2\.bank[0-9]+)\.dlmshr at its cycle [0-9]+"
expect_out "first diverging state register: fsm_q\[[0-9]+\] after the edge of cycle [0-9]+: C 0x3, RTL 0x4"
exit 0
