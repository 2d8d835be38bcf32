# A path in a workload spec (trace:file=, traceg:dir=) may hold ',' and
# '+', written "\," and "\+" ('\' itself "\\"), where the spec's grammar
# would split there; the canonical spec in the stats writes them so and
# runs the same; any other '\' is an error naming the spec and the byte.
. tests/lib.sh
d="$TMP/tr,1+2"
mkdir -p "$d"
cp tests/golden/traceg/sample/* "$d/"
cp -r tests/golden/traceg/sample "$TMP/plain"
expect_rc 0 "$GMEM" run --workload "traceg:dir=$TMP/tr\\,1\\+2" --stats "$TMP/e.json"
expect_out "^run traceg:dir=$TMP/tr\\\\,1\\\\\+2 on default: "
expect_rc 0 "$GMEM" run --workload "traceg:dir=$TMP/plain" --stats "$TMP/p.json"
expect_rc 1 "$GMEM" diff-stats "$TMP/p.json" "$TMP/e.json"
[ "$(echo "$OUT" | head -n 1)" = "  \$.workload: \"traceg:dir=$TMP/plain\" -> \"traceg:dir=$TMP/tr\\\\,1\\\\+2\"" ] ||
  fail "the escaped directory ran differently: $OUT"
expect_last_line "1 difference"
# the canonical spec (the stats' workload) runs the same again
spec=$("$GMEM" stats-get "$TMP/e.json" workload)
[ "$spec" = "traceg:dir=$TMP/tr\\,1\\+2" ] || fail "canonical spec: $spec"
expect_rc 0 "$GMEM" run --workload "$spec" --stats "$TMP/e2.json"
cmp -s "$TMP/e.json" "$TMP/e2.json" || fail "the canonical spec ran differently"
# a .gmt file with both, and '\' itself, inside a pair
expect_rc 0 "$GMEM" record --workload atax:n=64 -o "$TMP/a,b+c\\d.gmt"
expect_rc 0 "$GMEM" run --workload "pair:trace:file=$TMP/a\\,b\\+c\\\\d.gmt+traceg:dir=$TMP/tr\\,1\\+2"
expect_out "^run pair:trace:file=$TMP/a\\\\,b\\\\\+c\\\\\\\\d.gmt\+traceg:dir=$TMP/tr\\\\,1\\\\\+2 on default: "
# what an unescaped ',' or a stray '\' gives
expect_rc 2 "$GMEM" run --workload "traceg:dir=$TMP/tr,1+2"
expect_out "expected key=value"
expect_rc 2 "$GMEM" run --workload "traceg:dir=$TMP/tr\\x"
expect_out "^gmem: traceg:dir=$TMP/tr\\\\x: dir: '\\\\' must escape ',', '\+' or '\\\\' \(byte [0-9]+ of the path\)$"
expect_rc 2 "$GMEM" run --workload "trace:file=$TMP/x.gmt\\"
expect_out "dir|file: '\\\\' must escape"
exit 0
