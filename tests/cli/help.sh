# Every command answers --help with its usage and exit 0: gmem's and the
# scripts' (each its header comment, doing nothing else -- no bench run, no
# golden stats rewritten, no packages installed); and a script refuses an
# argument it does not take with exit 2, before doing anything.
. tests/lib.sh
for bin in "$GMEM" "$GMEM_COSIM"; do
  expect_rc 0 "$bin" --help
  expect_out "usage: gmem <command>"
  expect_rc 0 "$bin" help
  for cmd in run record list cosim replay block-params check-ports diff-stats stats-get import-gpgpusim; do
    expect_rc 0 "$bin" "$cmd" --help
    expect_out "usage: gmem"
  done
done
expect_rc 0 "$GMEM" list blocks
expect_out "milg +5 in, 4 out, 2 params, 5 state regs; points: default zero_hold"
expect_rc 0 "$GMEM" list plugins
expect_out "cart +l2.cart +cache access reordering tree"
expect_out "prefetch +l1d.prefetch"
expect_out "\.degree +lines prefetched per trigger"
expect_rc 2 "$GMEM" list plugs
expect_out "unknown list 'plugs' \(expected configs, workloads, blocks or plugins\)"
expect_rc 0 "$GMEM_COSIM" cosim milg --stim list
expect_out "golden"
# make help: a line per goal a user runs, and nothing built or checked
OUT=$(make -s help 2>&1)
RC=$?
[ "$RC" = 0 ] || fail "make help exited $RC: $OUT"
for g in run test cosim lint synth bench soak reproduce fuzz docs deps clean; do
  echo "$OUT" | grep -q "^make $g " || fail "make help does not list '$g': $OUT"
done
before=$(git status --porcelain 2>/dev/null; ls -l build/bench.json 2>/dev/null)
for s in scripts/*.sh scripts/reproduce; do
  [ "$s" = scripts/help.sh ] && continue
  for opt in --help -h; do
    OUT=$(cd "$TMP" && timeout 20 "$OLDPWD/$s" "$opt" 2>&1)
    RC=$?
    [ "$RC" = 0 ] || fail "$s $opt exited $RC: $OUT"
    [ -n "$OUT" ] && [ "$(echo "$OUT" | wc -l)" -ge 2 ] || fail "$s $opt printed no usage: $OUT"
    case $OUT in '#'* | *$'\n#'*) fail "$s $opt printed comment marks: $OUT" ;; esac
  done
  # an argument it does not take: refused before it does anything
  [ "$s" = scripts/run-tests.sh ] && continue # its argument is a name filter
  OUT=$(cd "$TMP" && timeout 20 "$OLDPWD/$s" --bogus 2>&1)
  RC=$?
  [ "$RC" = 2 ] || fail "$s --bogus exited $RC (expected 2): $OUT"
  echo "$OUT" | grep -q -- "bogus" || fail "$s --bogus: the message does not name it: $OUT"
done
[ "$(git status --porcelain 2>/dev/null; ls -l build/bench.json 2>/dev/null)" = "$before" ] ||
  fail "a script's --help changed the checkout"
exit 0
