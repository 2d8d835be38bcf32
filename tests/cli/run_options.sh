# Command-line paper cuts: --max-cycles 0, stats-get '' and usage errors
# (stderr, exit 2), an unknown last option, --stats created before the run
# and replaced in one step (never the config file), --version, and
# --config NAME from any directory.
. tests/lib.sh
top=$PWD
expect_rc 2 "$GMEM" run --workload atax --max-cycles 0
expect_out "^gmem: run: --max-cycles must be at least 1$"
for args in "--frobnicate" "--workload atax --frobnicate" "--frobnicate x"; do
  expect_rc 2 "$GMEM" run $args
  expect_out "^gmem: run: unknown option '--frobnicate' \(see --help\)$"
done
expect_rc 2 "$GMEM" run --workload
expect_out "run: --workload needs a value"

# stats-get and diff-stats: a path must name a value; usage errors on stderr
s=tests/golden/stats/fermi-atax.json
for p in '' '$' '$.' 'lsu..requests' 'x['; do
  expect_rc 2 "$GMEM" stats-get "$s" "$p"
  expect_out "^gmem: stats-get: '$(printf '%s' "$p" | sed 's/[][$.]/\\&/g')': "
done
expect_rc 0 "$GMEM" stats-get "$s" ipc lsu.requests '$.l1d.hit_rate'
[ "$OUT" = "$(printf '4.046325\n75792\n0.329415')" ] || fail "stats-get printed: $OUT"
for cmd in "stats-get" "stats-get $s" "diff-stats" "diff-stats $s" "diff-stats $s $s $s"; do
  out=$("$GMEM" $cmd 2>/dev/null); rc=$?
  [ $rc = 2 ] || fail "'gmem $cmd' exited $rc, expected 2"
  [ -z "$out" ] || fail "'gmem $cmd' printed its usage error on stdout: $out"
  expect_rc 2 "$GMEM" $cmd
  expect_out "usage: gmem ${cmd%% *}"
done
out=$("$GMEM" stats-get --help 2>/dev/null) || fail "stats-get --help failed"
echo "$out" | grep -q "usage: gmem stats-get" || fail "stats-get --help: $out"

# --stats: created before the run (an unwritable path fails at once, not
# after the simulation), never the config file, replaced in one step
start=$(date +%s)
expect_rc 2 "$GMEM" run --workload atax:n=4096 --stats "$TMP/no/such/dir/s.json"
expect_out "^gmem: run: --stats $TMP/no/such/dir/s.json: cannot create: No such file or directory$"
[ $(( $(date +%s) - start )) -lt 20 ] || fail "an unwritable --stats path failed only after the run"
cp configs/fermi-gtx480.json "$TMP/c.json"
for st in "$TMP/c.json" "$TMP/./c.json"; do
  expect_rc 2 "$GMEM" run --config "$TMP/c.json" --workload stream:ctas=1 --stats "$st"
  expect_out "run: --stats $st is the configuration file"
done
cmp -s configs/fermi-gtx480.json "$TMP/c.json" || fail "the config was overwritten"
mkdir "$TMP/d"
expect_rc 2 "$GMEM" run --workload stream:ctas=1 --stats "$TMP/d"
expect_out "run: --stats $TMP/d: is a directory"
echo old > "$TMP/s.json"
expect_rc 2 "$GMEM" run --workload atx --stats "$TMP/s.json"
[ "$(cat "$TMP/s.json")" = old ] || fail "a failed run touched the stats file"
(umask 022 && "$GMEM" run --workload stream:ctas=1 --max-cycles 500 --stats "$TMP/s.json" \
  >/dev/null 2>&1; [ $? = 3 ]) || fail "the run failed"
expect_rc 0 "$GMEM" stats-get "$TMP/s.json" cycles
[ "$OUT" = 500 ] || fail "stats say $OUT cycles"
[ "$(stat -c %a "$TMP/s.json")" = 644 ] || fail "stats file mode $(stat -c %a "$TMP/s.json")"
ls -a "$TMP" | grep -q 'tmp-' && fail "a temporary stats file was left: $(ls -a "$TMP")"
expect_rc 3 "$GMEM" run --workload stream:ctas=1 --max-cycles 500 --stats /dev/null
expect_rc 3 "$GMEM" run --workload stream:ctas=1 --max-cycles 500 --stats -
echo "$OUT" | grep -q '"schema":' || fail "--stats - printed no stats"

# --version: git describe at build time
expect_rc 0 "$GMEM" --version
expect_out "^gmem [0-9A-Za-z._+-]+$"
if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
  echo "$OUT" | grep -q '^gmem unknown$' && fail "--version is unknown in a git checkout"
fi

# --config NAME (or a configs/ path) from any directory
cd "$TMP"
expect_rc 3 "$GMEM" run --config fermi-gtx480 --workload stream:ctas=1 --max-cycles 10
expect_out " on fermi-gtx480: "
expect_rc 3 "$GMEM" run --config maxwell-ch3.json --workload stream:ctas=1 --max-cycles 10
expect_out " on maxwell-ch3: "
expect_rc 3 "$GMEM" run --config configs/cart-ch2.json --workload stream:ctas=1 --max-cycles 10
expect_out " on cart-ch2: "
expect_rc 2 "$GMEM" run --config nosuch --workload stream:ctas=1
expect_out "^gmem: nosuch: cannot open: No such file or directory$"
# a file of that name in the working directory comes first
sed 's/"name": "fermi-gtx480"/"name": "mine"/' "$top/configs/fermi-gtx480.json" > fermi-gtx480
expect_rc 3 "$GMEM" run --config fermi-gtx480 --workload stream:ctas=1 --max-cycles 10
expect_out " on mine: "
exit 0
