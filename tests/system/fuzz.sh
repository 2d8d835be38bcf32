# A smoke of every libFuzzer harness (tests/fuzz): 50 s shared among them,
# each from its seed corpus (under 60 s in all), under ASan and UBSan, with no crash, leak or
# timeout. `make test` builds them (clang and its fuzzer runtime come from
# scripts/deps.sh fuzz).
. tests/lib.sh
n=0
for f in tests/fuzz/*.c; do
  h=${f##*/}; h=${h%.c}
  [ -x "build/fuzz/bin/$h" ] || fail "build/fuzz/bin/$h is missing (make fuzz-build)"
  [ -n "$(ls "tests/fuzz/$h")" ] || fail "tests/fuzz/$h/ has no seeds"
  n=$((n + 1))
done
[ $n -ge 6 ] || fail "only $n harnesses"
FUZZ_WORK=$TMP expect_rc 0 timeout 120 scripts/fuzz.sh $((50 / n))
echo "$OUT"
exit 0
