# gmem stats-get --csv FILE... -- PATH...: a header (file, then each path)
# and a row per file; strings quoted as RFC 4180 says; a path missing from
# one file is an error naming the file and the path (exit 2, no table
# printed) unless --missing=VALUE fills the cell.
. tests/lib.sh
cd "$TMP"
cat > a.json <<'J'
{"config": "fermi-gtx480", "ipc": 98.304, "cycles": 500,
 "l1d": {"hit_rate": 0.25, "reservation_fails": {"mshr": 7}},
 "workload": "pair:atax:n=512+bfs", "note": "say \"hi\"", "pad": " x",
 "dram": {"requests_per_channel": [3, 4]}}
J
cat > b.json <<'J'
{"config": "mine, tuned", "ipc": 2, "cycles": 900,
 "l1d": {"hit_rate": 0.5, "reservation_fails": {"mshr": 0}},
 "workload": "stream", "note": "two\nlines", "pad": "y",
 "dram": {"requests_per_channel": [1, 2]}}
J
cat > c.json <<'J'
{"config": "short", "ipc": 1, "cycles": 1, "l1d": {}}
J

expect_rc 0 "$GMEM" stats-get --csv a.json b.json -- config ipc '$.l1d.hit_rate' \
  l1d.reservation_fails.mshr 'dram.requests_per_channel[1]' dram.requests_per_channel
want='file,config,ipc,$.l1d.hit_rate,l1d.reservation_fails.mshr,dram.requests_per_channel[1],dram.requests_per_channel
a.json,fermi-gtx480,98.304,0.25,7,4,"[3,4]"
b.json,"mine, tuned",2,0.5,0,2,"[1,2]"'
[ "$OUT" = "$want" ] || fail "--csv gave:
$OUT
expected:
$want"

# quoting: quotes doubled, a comma, a line break or an edge space quoted
"$GMEM" stats-get --csv a.json b.json -- note pad workload > q.csv || fail "quoting run failed"
want='file,note,pad,workload
a.json,"say ""hi"""," x",pair:atax:n=512+bfs
b.json,"two
lines",y,stream'
[ "$(cat q.csv)" = "$want" ] || fail "quoting gave:
$(cat q.csv)"

# a missing path names the file and the path, prints no table
"$GMEM" stats-get --csv a.json c.json b.json -- ipc l1d.hit_rate > out.csv 2> err.txt
rc=$?
[ $rc = 2 ] || fail "a missing path exited $rc, expected 2"
grep -q "c.json: no value at l1d.hit_rate" err.txt || fail "missing path message: $(cat err.txt)"
[ -s out.csv ] && fail "a failed --csv printed a table: $(cat out.csv)"
# ... unless --missing=VALUE fills it (empty with --missing=)
expect_rc 0 "$GMEM" stats-get --csv --missing=NA a.json c.json -- ipc l1d.hit_rate
[ "$OUT" = "file,ipc,l1d.hit_rate
a.json,98.304,0.25
c.json,1,NA" ] || fail "--missing=NA gave: $OUT"
expect_rc 0 "$GMEM" stats-get --csv --missing= c.json -- l1d.hit_rate
[ "$OUT" = "file,l1d.hit_rate
c.json," ] || fail "--missing= gave: $OUT"

# bad input: exit 2, the message names what is wrong
expect_rc 2 "$GMEM" stats-get --csv a.json b.json
expect_out "expected FILE\.\.\. -- PATH\.\.\."
expect_rc 2 "$GMEM" stats-get --csv -- ipc
expect_out "at least one FILE before '--' and one PATH after it, got 0 and 1"
expect_rc 2 "$GMEM" stats-get --csv a.json --
expect_out "got 1 and 0"
expect_rc 2 "$GMEM" stats-get --csv a.json nothere.json -- ipc
expect_out "nothere\.json: cannot open"
echo '{"ipc": ' > broken.json
expect_rc 2 "$GMEM" stats-get --csv a.json broken.json -- ipc
expect_out "broken\.json:[0-9]+:[0-9]+: invalid JSON"
expect_rc 2 "$GMEM" stats-get --csv a.json -- 'dram.requests_per_channel[x]'
expect_out "'dram\.requests_per_channel\[x\]': expected KEY\[N\]"
expect_rc 2 "$GMEM" stats-get --csv a.json -- 'l1d..hit_rate'
expect_out "'l1d\.\.hit_rate': an empty key"
expect_rc 2 "$GMEM" stats-get --csv --missing a.json -- ipc
expect_out "unknown option '--missing'"
expect_rc 2 "$GMEM" stats-get --csv a.json -- 'dram.requests_per_channel[2]'
expect_out "a\.json: no value at dram\.requests_per_channel\[2\]"

# the one-file form is unchanged, and says which file lacks a path
expect_rc 0 "$GMEM" stats-get a.json ipc config
[ "$OUT" = "98.304
fermi-gtx480" ] || fail "stats-get gave: $OUT"
expect_rc 2 "$GMEM" stats-get c.json l1d.hit_rate
expect_out "c\.json: no value at l1d\.hit_rate"
expect_rc 0 "$GMEM" stats-get --help
expect_out "stats-get --csv \[--missing=VALUE\] FILE\.\.\. -- PATH\.\.\."
exit 0
