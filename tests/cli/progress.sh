# On a terminal, a long run shows its progress as the work done of the
# work known up front -- the workload's warps that exited, of all its
# warps -- with the cycle beside it, never as cycles of the --max-cycles
# cap; without a terminal it prints nothing. (script(1) gives it a pty.)
. tests/lib.sh
command -v script >/dev/null || fail "script (util-linux) is needed"
# stream:n=16M: 65536 CTAs of 8 warps, short ones, so the count moves
timeout 120 script -qec "$GMEM run --workload stream:n=16777216 --max-cycles 300000" /dev/null \
  >"$TMP/tty.txt" 2>&1
lines=$(tr '\r' '\n' <"$TMP/tty.txt" | grep -E '^(warps|cycles):' || true)
[ -n "$lines" ] || fail "no progress line on a terminal: $(tr '\r' '\n' <"$TMP/tty.txt")"
echo "$lines" | grep -q '300000 (' && fail "progress is of the --max-cycles cap: $lines"
echo "$lines" | grep -Evq '^warps: [0-9]+/524288 \([0-9]+%\), cycle [0-9]+ \(' &&
  fail "progress lines not of the 524288 warps: $lines"
last=$(echo "$lines" | tail -n 1)
done=$(echo "$last" | sed -E 's#^warps: ([0-9]+)/.*#\1#')
pct=$(echo "$last" | sed -E 's#^[^(]*\(([0-9]+)%.*#\1#')
[ "$done" -gt 0 ] || fail "no warp done: $last"
[ "$pct" = "$(awk -v d="$done" 'BEGIN { printf "%.0f", 100 * d / 524288 }')" ] ||
  fail "$pct% is not $done of 524288 warps"
# not a terminal: no progress
expect_rc 3 "$GMEM" run --workload stream:n=16777216 --max-cycles 300000
echo "$OUT" | grep -q 'warps:' && fail "progress without a terminal: $OUT"
exit 0
