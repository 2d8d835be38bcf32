# A run that does not finish its workload says so on stderr and in its
# stats (run.end), with its own exit status: stopped by --max-cycles, 3;
# by Ctrl-C (SIGINT) or SIGTERM, at the next clock edge, with its stats
# still written (replaced in one step) and 128 + the signal (130, 143).
. tests/lib.sh
expect_rc 3 "$GMEM" run --workload atax:n=512 --max-cycles 1000 --stats "$TMP/m.json"
expect_out "1000 cycles \(max reached\)"
err=$("$GMEM" run --workload atax:n=512 --max-cycles 1000 2>&1 >/dev/null)
[ "$err" = "gmem: run: stopped by --max-cycles 1000 before the workload finished; the numbers cover those cycles only (exit status 3)" ] ||
  fail "stderr of a capped run: $err"
[ "$("$GMEM" stats-get "$TMP/m.json" run.end)" = max_cycles ] || fail "run.end of a capped run"
# a finished run exits 0 and says nothing on stderr
err=$("$GMEM" run --workload atax:n=64 2>&1 >/dev/null) || fail "a finished run failed"
[ -z "$err" ] || fail "a finished run wrote to stderr: $err"

# Signals. Job control on, so the background run does not start with
# SIGINT ignored (a script's background jobs do, and gmem keeps that).
set -m
interrupt() { # interrupt SIGNAL STATUS
  rm -f "$TMP/i.json"
  "$GMEM" run --workload atax:n=8192 --stats "$TMP/i.json" >"$TMP/out" 2>"$TMP/err" &
  local pid=$! rc
  sleep 3
  kill -"$1" $pid
  wait $pid; rc=$?
  [ $rc = "$2" ] || fail "SIG$1: exit $rc, expected $2: $(cat "$TMP/err")"
  grep -Eq "^gmem: run: interrupted by SIG$1 at cycle [1-9][0-9]*, stats written to $TMP/i.json \(exit status $2\)$" "$TMP/err" ||
    fail "SIG$1: stderr: $(cat "$TMP/err")"
  grep -q "cycles (interrupted)" "$TMP/out" || fail "SIG$1: summary: $(cat "$TMP/out")"
  [ "$("$GMEM" stats-get "$TMP/i.json" run.end)" = interrupted ] || fail "SIG$1: run.end"
  local cyc; cyc=$("$GMEM" stats-get "$TMP/i.json" cycles)
  grep -q "at cycle $cyc," "$TMP/err" || fail "SIG$1: the stats' $cyc cycles are not the cycle named"
  ls -a "$TMP" | grep -q 'tmp-' && fail "SIG$1: a temporary stats file was left"
  return 0
}
interrupt INT 130
interrupt TERM 143
exit 0
