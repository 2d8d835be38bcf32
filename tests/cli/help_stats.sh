# The stats reference: the writer builds reports field by field, so the
# descriptions live in cmodel/stats_doc.c and are checked against real
# reports here. docs/stats.md must be what scripts/gen-docs.sh makes of
# this build's reference run (make docs), every path a default run
# writes must be documented with its type -- and so must every path of
# runs with each plug-in and block on, and of one with --sample and
# --per-sm (each SM's object checked) -- and a report holding a path the
# reference lacks fails `gmem help stats --from`.
. tests/lib.sh
CFG=${GMEM_DOCS_CONFIG:-fermi-gtx480}
GMEM_DOCS_CONFIG=$CFG scripts/gen-docs.sh "$GMEM" "$TMP/docs" > "$TMP/gen.log" 2>&1 ||
  fail "scripts/gen-docs.sh failed (an undocumented path?): $(cat "$TMP/gen.log")"
for page in config.md stats.md; do
  diff -u "docs/$page" "$TMP/docs/$page" > "$TMP/diff" ||
    fail "docs/$page differs from what this build generates (run make docs):
$(cat "$TMP/diff")"
done
grep -q '^| `l1d.reservation_fails.mshr` | integer | ' docs/stats.md ||
  fail "docs/stats.md lacks l1d.reservation_fails.mshr"
grep -q '^| `run.config.l1d.c.sets` | integer | sets (a power of two) |' docs/stats.md ||
  fail "docs/stats.md lacks run.config.* from the schema"

# every path of a default run, and of runs with every plug-in and block on
W=stream:n=4096
expect_rc 0 "$GMEM" run --config "$CFG" --workload $W --stats "$TMP/default.json"
expect_rc 0 "$GMEM" help stats --from "$TMP/default.json"
expect_out '^dram\.requests_per_channel  array of integer$'
expect_rc 0 "$GMEM" run --config "$CFG" --workload $W --set bpg.enable=true \
  --set l1d.prefetch.enable=true --set milg.enable=true --set l2.cart.enable=true \
  --set l1d.c.mshr=dl --stats "$TMP/plugs1.json"
expect_rc 0 "$GMEM" help stats --from "$TMP/plugs1.json"
expect_out '^prefetch\.accuracy  number$'
expect_out '^blocks\.cart\.instances  integer$'
expect_rc 0 "$GMEM" run --config "$CFG" --workload $W --set dts.enable=true \
  --set dts.duel=true --set l2.c.mshr=dl --stats "$TMP/plugs2.json"
expect_rc 0 "$GMEM" help stats --from "$TMP/plugs2.json"
expect_out '^blocks\.dts_duel\.switches  integer$'
# and with sectored caches (their sectors objects), the bpg and DL-MSHR on
expect_rc 0 "$GMEM" run --config "$CFG" --workload $W --set l1d.c.sector=32 \
  --set l2.c.sector=32 --set l2.write_fetch=false --set bpg.enable=true --set l1d.c.mshr=dl --stats "$TMP/sectors.json"
expect_rc 0 "$GMEM" help stats --from "$TMP/sectors.json"
expect_out '^l1d\.sectors\.requests\.reads\.partial  integer$'
expect_out '^l2\.sectors\.writeback_bytes  integer$'

# and of co-runs with --isolated under the TB-partition policies (the ck object)
for p in ws smk_pw spatial; do
  expect_rc 0 "$GMEM" run --config maxwell-ch4 --workload pair:bp:in=4096+sv:rows=2048 \
    --set ck.enable=true --set ck.policy=$p --set ck.window=5000 --set ck.profile_cycles=2000 \
    --isolated --stats "$TMP/ck_$p.json"
  expect_rc 0 "$GMEM" help stats --from "$TMP/ck_$p.json"
done
expect_out '^ck\.stp  number$'

# and of a run with the opt-in parts: every SM's object checked, listed once
expect_rc 0 "$GMEM" run --config "$CFG" --workload $W --sample 1000 --per-sm \
  --stats "$TMP/optin.json"
expect_rc 0 "$GMEM" help stats --from "$TMP/optin.json"
expect_out '^sms\[\]\.l1d\.reservation_fails\.bypass_slots  integer$'
expect_out '^samples\.rows  array of array of integer$'
[ "$(echo "$OUT" | grep -c '^sms\[\]\.ctas ')" = 1 ] || fail "sms[].ctas not listed once"
sed 's/"ctas":/"new_counter": 1, "ctas":/' "$TMP/optin.json" > "$TMP/sm_new.json"
expect_rc 1 "$GMEM" help stats --from "$TMP/sm_new.json"
expect_out "sm_new\.json: sms\[\]\.new_counter \(number\) is not documented"
sed '0,/"sm":/s/"sm":[^,]*,/"sm": "zero",/' "$TMP/optin.json" > "$TMP/sm_type.json"
expect_rc 1 "$GMEM" help stats --from "$TMP/sm_type.json"
expect_out "sms\[\]\.sm holds a string, documented as integer"

# a path the reference lacks, or of another type, fails (exit 1) by name
sed 's/"cycles":/"new_counter": 3, "cycles":/' "$TMP/default.json" > "$TMP/new.json"
expect_rc 1 "$GMEM" help stats --from "$TMP/new.json"
expect_out "new\.json: new_counter \(number\) is not documented \(cmodel/stats_doc\.c\)"
sed 's/"cycles":[^,]*,/"cycles": "many",/' "$TMP/default.json" > "$TMP/type.json"
expect_rc 1 "$GMEM" help stats --from "$TMP/type.json"
expect_out "type\.json: cycles holds a string, documented as integer"
sed 's/"cycles":[^,]*,/"cycles": 1.5,/' "$TMP/default.json" > "$TMP/frac.json"
expect_rc 1 "$GMEM" help stats --from "$TMP/frac.json"
expect_out "cycles holds a number, documented as integer"
expect_rc 2 "$GMEM" help stats --from "$TMP/none.json"
expect_out "none\.json: cannot open"
echo '[1]' > "$TMP/arr.json"
expect_rc 2 "$GMEM" help stats --from "$TMP/arr.json"
expect_out "arr\.json: expected a stats report"
expect_rc 2 "$GMEM" help config --from "$TMP/default.json"
expect_out "help config: --from is for help stats"

# without --from: every documented path, with when it is written
expect_rc 0 "$GMEM" help stats
expect_out '^prefetch\.useful  integer  \(written: l1d\.prefetch\.enable is true\)$'
expect_out '^ipc  number  \(written: every run\)$'
expect_out '^blocks\.milg\.issued  integer  \(written: the run has milg blocks\)$'
expect_out '^sms\[\]\.ctas  integer  \(written: a run with --per-sm\)$'
expect_out '^samples\.interval  integer  \(written: a run with --sample N\)$'
exit 0
