# gmem record writes a .gmt trace that replays as the workload did; a
# trace cut at every length, and one with any bit flipped, exits 2 naming
# the file and the byte offset (the sanitized build: never a memory error).
. tests/lib.sh
expect_rc 0 "$GMEM" record --workload atax:n=64 -o "$TMP/atax.gmt"
expect_out "^record atax:n=64,tb=256: 1 stream, 2 kernels -> $TMP/atax.gmt$"
[ "$(head -c 8 "$TMP/atax.gmt")" = GMTRACE1 ] || fail "no GMTRACE1 magic"
expect_rc 0 "$GMEM" run --workload atax:n=64 --stats "$TMP/a.json"
expect_rc 0 "$GMEM" run --workload "trace:file=$TMP/atax.gmt" --stats "$TMP/t.json"
expect_rc 1 "$GMEM" diff-stats "$TMP/a.json" "$TMP/t.json"
[ "$(echo "$OUT" | head -n 1)" = '  $.workload: "atax:n=64,tb=256" -> "trace:file='"$TMP"'/atax.gmt"' ] ||
  fail "the replay differs from the workload beyond its name:
$OUT"
expect_last_line "1 difference"
# the seed reaches random workloads
expect_rc 0 "$GMEM" record --workload gather:n=1000,iters=2,ctas=2 --seed 5 -o "$TMP/g5.gmt"
expect_rc 0 "$GMEM" record --workload gather:n=1000,iters=2,ctas=2 --seed 6 -o "$TMP/g6.gmt"
cmp -s "$TMP/g5.gmt" "$TMP/g6.gmt" && fail "--seed made no difference"
# usage
expect_rc 2 "$GMEM" record -o "$TMP/x.gmt"
expect_out "record: --workload SPEC is required"
expect_rc 2 "$GMEM" record --workload atax
expect_out "record: -o FILE is required"
expect_rc 2 "$GMEM" record --workload atx -o "$TMP/x.gmt"
expect_out "unknown workload 'atx'"
expect_rc 2 "$GMEM" record --workload atax:n=64 -o "$TMP/no/such/dir/x.gmt"
expect_out "record: $TMP/no/such/dir/x.gmt: cannot open for writing"
expect_rc 2 "$GMEM" record --workload atax:n=64 --frobnicate
expect_out "record: unknown option '--frobnicate'"
[ ! -e "$TMP/x.gmt" ] || fail "a failed record left a file"
ls "$TMP" | grep -q tmp- && fail "a temporary file was left: $(ls "$TMP")"

# every cut, every length: exit 2, the file and the byte offset
expect_rc 0 "$GMEM" record --workload stream:n=32,tb=32,ctas=1 -o "$TMP/s.gmt"
size=$(stat -c %s "$TMP/s.gmt")
[ "$size" -gt 60 ] || fail "a $size-byte trace"
for len in $(seq 0 $((size - 1))); do
  head -c "$len" "$TMP/s.gmt" > "$TMP/cut.gmt"
  expect_rc 2 "$GMEM" run --workload "trace:file=$TMP/cut.gmt"
  expect_out "^gmem: trace:file=$TMP/cut.gmt: file: $TMP/cut.gmt: not a (valid )?gmem trace \(.*at byte [0-9]+.*\)$"
done
# random single-bit flips, anywhere
RANDOM=3
for i in $(seq 1 60); do
  at=$((RANDOM % size)); bit=$((RANDOM % 8))
  cp "$TMP/s.gmt" "$TMP/flip.gmt"
  b=$(od -An -tu1 -j $at -N1 "$TMP/s.gmt" | tr -d ' ')
  printf "$(printf '\\%03o' $((b ^ (1 << bit))))" |
    dd of="$TMP/flip.gmt" bs=1 seek=$at conv=notrunc status=none
  cmp -s "$TMP/s.gmt" "$TMP/flip.gmt" && fail "byte $at unchanged"
  expect_rc 2 "$GMEM" run --workload "trace:file=$TMP/flip.gmt"
  expect_out "$TMP/flip.gmt: (not a (valid )?gmem trace|trace version).*byte [0-9]+"
done
exit 0
