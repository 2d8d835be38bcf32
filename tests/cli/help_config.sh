# `gmem help config` is the configuration reference, printed from the
# loader's schema tables; docs/config.md is its --markdown output. Neither
# may drift: the committed page must be what this build prints (`make
# docs` regenerates it), and every field --print-config prints -- the
# configuration as the loader resolved it, plug-in sections included --
# must be in the reference.
. tests/lib.sh
CFG=${GMEM_DOCS_CONFIG:-fermi-gtx480}
expect_rc 0 "$GMEM" help config --markdown
echo "$OUT" > "$TMP/config.md"
diff -u docs/config.md "$TMP/config.md" > "$TMP/diff" ||
  fail "docs/config.md differs from 'gmem help config --markdown' (run make docs):
$(cat "$TMP/diff")"

expect_rc 0 "$GMEM" help config
ref=$OUT
expect_out '^\$\.l1d\.c\.sets  integer 1\.\.256, default 32$'
expect_out '^\$\.sm\.scheduler  enum gto \| lrr, default gto$'
expect_out '^\$\.l2\.cart\.enable  boolean true \| false, default false$'
expect_out '^\$\.dram\.tRCD  integer 1\.\.100, default 12, unit DRAM cycles$'

# Every leaf path of --print-config's JSON (cJSON prints one key a line,
# an object's braces on lines of their own): each must be in the reference.
expect_rc 0 "$GMEM" run --config "$CFG" --print-config
paths=$(echo "$OUT" | awk '
  /^[ \t]*"[^"]+":/ {
    match($0, /"[^"]+"/); key = substr($0, RSTART + 1, RLENGTH - 2)
    if ($0 ~ /\{[ \t]*$/) { stack[++depth] = key; next }
    p = "$"; for (i = 1; i <= depth; i++) p = p "." stack[i]
    print p "." key; next
  }
  /^[ \t]*\}/ { if (depth > 0) depth-- }')
n=0
for p in $paths; do
  n=$((n + 1))
  grep -qF -- "$p  " <<< "$ref" || fail "--print-config prints $p, which gmem help config does not describe"
done
[ "$n" -gt 60 ] || fail "only $n paths read from --print-config: $OUT"
# and the reference's leaves are exactly those: no field it describes is
# one the loader would not print
refn=$(grep -cE '^\$\.[^ ]+  (integer|boolean|enum|string)' <<< "$ref")
[ "$refn" = "$n" ] || fail "gmem help config describes $refn fields, --print-config prints $n"

expect_rc 0 "$GMEM" help
expect_out "usage: gmem <command>"
expect_rc 0 "$GMEM" help --help
expect_out "usage: gmem help"
expect_rc 2 "$GMEM" help confg
expect_out "help: unknown topic 'confg' \(expected config"
exit 0
