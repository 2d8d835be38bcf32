# The build-time port check catches an RTL interface that drifts from the
# .ports file: a wrong width, a renamed port, a missing state register.
. tests/lib.sh
src="rtl/milg/milg.v"
chk() { # chk VERILOG_FILE
  yosys -q -p "read_verilog -sv $1; hierarchy -top milg; proc; write_json $TMP/p.json" \
    >/dev/null 2>&1 || fail "yosys failed on $1"
  run "$GMEM" check-ports milg "$TMP/p.json"
}
chk "$src"
[ "$RC" = 0 ] || fail "check-ports rejects the real RTL: $OUT"
sed 's/output wire \[6:0\] mil_o/output wire [7:0] mil_o/' "$src" > "$TMP/w.v"
chk "$TMP/w.v"; [ "$RC" = 1 ] || fail "width change not caught"
expect_out "port mil_o is 8 bits, the .ports file says 7"
sed 's/inflight_o/inflite_o/g' "$src" > "$TMP/n.v"
chk "$TMP/n.v"; [ "$RC" = 1 ] || fail "rename not caught"
expect_out "missing port inflight_o"
sed 's/rf_cnt_q/rf_count_q/g' "$src" > "$TMP/s.v"
chk "$TMP/s.v"; [ "$RC" = 1 ] || fail "state rename not caught"
expect_out "missing state register rf_cnt_q"
exit 0
