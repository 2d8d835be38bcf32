# Helpers for the shell tests (sourced). Each test is a script that exits 0
# when it passes; the runner gives it GMEM (pure C, sanitized), GMEM_COSIM
# and a private TMP directory, and runs it from the top of the checkout.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }

# run CMD..., capturing stdout+stderr in $OUT and the status in $RC
run() { OUT=$("$@" 2>&1); RC=$?; }

expect_rc() { # expect_rc CODE CMD...
  local want=$1; shift
  run "$@"
  [ "$RC" = "$want" ] || fail "'$*' exited $RC, expected $want; output:
$OUT"
}

expect_out() { # expect_out REGEX  (on the last run's output)
  echo "$OUT" | grep -Eq -- "$1" || fail "output lacks /$1/:
$OUT"
}

expect_last_line() { # expect_last_line TEXT
  local last
  last=$(echo "$OUT" | tail -n 1)
  [ "$last" = "$1" ] || fail "last line is '$last', expected '$1'"
}
