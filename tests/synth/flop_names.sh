# synth/flop_names.awk: a flop whose Q drives a register's net is named
# after that bit (escaped, bit selects joined); a flop on a net yosys named
# itself, and every other cell, keep their names; the netlist is otherwise
# unchanged.
. tests/lib.sh
cat > "$TMP/in.v" <<'V'
module m(clk, a, y);
  DFF_X1 _4219_ (
    .CK(clk),
    .D(_0041_),
    .Q(\quota_q[1] [0]),
    .QN(_2155_)
  );
  DFFR_X1 _4220_ (
    .CK(clk),
    .D(a),
    .Q(rr_q),
    .QN(_2156_)
  );
  DFF_X1 _4221_ (
    .CK(clk),
    .D(a),
    .Q(_0099_),
    .QN(_2157_)
  );
  NAND2_X1 _4222_ (
    .A1(a),
    .A2(rr_q),
    .ZN(y)
  );
endmodule
V
awk -f synth/flop_names.awk -v ffs="DFF_X1 DFFR_X1" "$TMP/in.v" > "$TMP/out.v" || fail "awk failed"
grep -qF 'DFF_X1 \quota_q[1][0]_reg (' "$TMP/out.v" || fail "the quota_q bit's flop is not named after it"
grep -qF 'DFFR_X1 \rr_q_reg (' "$TMP/out.v" || fail "a DFFR_X1 on rr_q is not named after it"
grep -qF 'DFF_X1 _4221_ (' "$TMP/out.v" || fail "a flop on an unnamed net was renamed"
grep -qF 'NAND2_X1 _4222_ (' "$TMP/out.v" || fail "a gate was renamed"
[ "$(wc -l < "$TMP/out.v")" = "$(wc -l < "$TMP/in.v")" ] || fail "line count changed"
[ "$(diff "$TMP/in.v" "$TMP/out.v" | grep -c '^>')" = 2 ] || fail "more than the two headers changed"
exit 0
