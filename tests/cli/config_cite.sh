# A configuration's "cite" maps a field's dotted path to the source of its
# value: every key must name a field of the schema and every value be a
# non-empty string (else exit 2 naming the file and the JSON path); a
# valid one changes nothing a run does and stays out of --print-config
# and the report's run.config.
. tests/lib.sh
T=$TMP
printf '{"base": "fermi-gtx480", "cite": {"l1d.c.sets": "GTX480 whitepaper", "dram.tCL": "x", "l2": "y"}}\n' > "$T/cited.json"
"$GMEM" run --config fermi-gtx480 --print-config > "$T/plain.out" || fail "print-config"
expect_rc 0 "$GMEM" run --config "$T/cited.json" --print-config
[ "$OUT" = "$(cat "$T/plain.out")" ] || fail "a cite changed the resolved configuration"
echo "$OUT" | grep -q cite && fail "--print-config printed the cite"
expect_rc 0 "$GMEM" run --config "$T/cited.json" --workload stream:n=4096 --stats "$T/s.json"
grep -q '"cite"' "$T/s.json" && fail "the report holds the cite"
# a base's cite is checked too, and a file may cite its base's fields
printf '{"base": "cited.json", "name": "top", "cite": {"sm.count": "z"}}\n' > "$T/top.json"
expect_rc 0 "$GMEM" run --config "$T/top.json" --print-config
# a path that is not a field, a source that is not a string
printf '{"base": "fermi-gtx480", "cite": {"l1d.c.set": "x"}}\n' > "$T/bad.json"
expect_rc 2 "$GMEM" run --config "$T/bad.json" --print-config
expect_out "^gmem: $T/bad.json: \\\$\\.cite\\['l1d\\.c\\.set'\\]: not a configuration field"
printf '{"base": "bad.json", "name": "top"}\n' > "$T/onbad.json"
expect_rc 2 "$GMEM" run --config "$T/onbad.json" --print-config
expect_out "^gmem: $T/bad.json: \\\$\\.cite\\['l1d\\.c\\.set'\\]"
for v in 3 '""' null '["a"]'; do
  printf '{"base": "fermi-gtx480", "cite": {"dram.tCL": %s}}\n' "$v" > "$T/val.json"
  expect_rc 2 "$GMEM" run --config "$T/val.json" --print-config
  expect_out "val.json: \\\$\\.cite\\['dram\\.tCL'\\]: expected the source as a non-empty string"
done
printf '{"base": "fermi-gtx480", "cite": "all of it"}\n' > "$T/obj.json"
expect_rc 2 "$GMEM" run --config "$T/obj.json" --print-config
expect_out "obj.json: \\\$\\.cite: expected an object"
# it is not a --set path
expect_rc 2 "$GMEM" run --set cite.sm.count=x --print-config
expect_out "unknown key"
exit 0
