# The UVM stand-ins run end to end in the model (without UVM) on a Pascal
# config: each new workload for a few thousand cycles at a small size, its
# stats naming the canonical spec; repeat=2 runs twice the launches of one
# pass and, on the same arrays, no more DRAM reads than two passes.
. tests/lib.sh
cfg=configs/cta-pascal.json
for w in addvect:n=65536 ra:n=262144 lr:instances=2048,features=16,iters=2 \
         svm:l=256,features=64 cnn:images=1,tests=1 bn:nodes=10,samples=40,iters=1 \
         uvmbfs:nodes=2048; do
  expect_rc 0 "$GMEM" run --config "$cfg" --workload "$w" --max-cycles 400000 \
    --stats "$TMP/s.json"
  expect_out "run ${w%%:*}:.* on cta-pascal: [0-9]+ cycles"
  [ "$("$GMEM" stats-get "$TMP/s.json" ipc | cut -d. -f1)" -ge 1 ] || fail "$w: IPC below 1"
done
# A pass, then the same pass twice: twice the kernels.
expect_rc 0 "$GMEM" run --config "$cfg" --workload addvect:n=65536 --stats "$TMP/one.json"
expect_rc 0 "$GMEM" run --config "$cfg" --workload addvect:n=65536,repeat=2 \
  --stats "$TMP/two.json"
expect_out "run addvect:n=65536,tb=256,repeat=2 on cta-pascal"
k1=$(grep -c '"name":	"add"' "$TMP/one.json")
k2=$(grep -c '"name":	"add"' "$TMP/two.json")
[ "$k2" -eq $((2 * k1)) ] && [ "$k1" -ge 1 ] || fail "repeat=2 ran $k2 kernels, one pass $k1"
r1=$("$GMEM" stats-get "$TMP/one.json" dram.reads)
r2=$("$GMEM" stats-get "$TMP/two.json" dram.reads)
[ "$r1" -gt 0 ] && [ "$r2" -ge "$r1" ] && [ "$r2" -le $((2 * r1)) ] ||
  fail "DRAM reads: one pass $r1, two passes $r2"
exit 0
