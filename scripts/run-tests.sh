#!/usr/bin/env bash
# Runs every test: the unit-test binaries (sanitized) and every tests/*/*.sh,
# two at a time, and ends with "N passed, N failed" (", N skipped" after it when
# a test exits 77: it could not run here, and its log's last line says why).
# Logs: build/test-logs/.
#   scripts/run-tests.sh [FILTER]    only tests whose name contains FILTER
. "$(dirname "$0")/help.sh"
set -u
cd "$(dirname "$0")/.."
top=$PWD
logs=$top/build/test-logs
rm -rf "$logs" && mkdir -p "$logs"
filter=${1:-}

tests=()
for t in build/san/tests/test_*; do [ -x "$t" ] && tests+=("$t"); done
for t in tests/*/*.sh; do [ -f "$t" ] && tests+=("$t"); done

run_one() {
  local t=$1 name log tmp start rc
  name=$(echo "$t" | sed 's#^build/san/tests/#unit/#; s#^tests/##; s#\.sh$##')
  log=$logs/$(echo "$name" | tr / _).log
  tmp=$(mktemp -d /tmp/gmem-test.XXXXXX)
  start=$(date +%s)
  if [[ $t == *.sh ]]; then
    GMEM=$top/build/san/gmem GMEM_FAST=$top/build/gmem GMEM_COSIM=$top/build/gmem-cosim \
      GMEM_COSIM_SAN=$top/build/san/gmem-cosim \
      GMEM_FAULT=$top/build/fault-mshr/gmem-cosim \
      GMEM_FAULT_DLMSHR=$top/build/fault-dlmshr/gmem-cosim \
      GMEM_FAULT_DLMSHR_RESET=$top/build/fault-dlmshr-reset/gmem-cosim TMP=$tmp \
      timeout 1200 bash "$t" >"$log" 2>&1
  else
    TMP=$tmp timeout 600 "$t" >"$log" 2>&1
  fi
  rc=$?
  rm -rf "$tmp"
  if [ $rc -eq 0 ]; then
    printf 'PASS %-40s %4ss\n' "$name" $(( $(date +%s) - start ))
  elif [ $rc -eq 77 ]; then
    printf 'SKIP %-40s %4ss  (%s)\n' "$name" $(( $(date +%s) - start )) "$(tail -n 1 "$log")"
    return 0
  else
    printf 'FAIL %-40s %4ss  (log: %s)\n' "$name" $(( $(date +%s) - start )) "${log#$top/}"
    tail -n 15 "$log" | sed 's/^/     | /'
  fi
  return $rc
}
export -f run_one
export top logs

selected=()
for t in "${tests[@]}"; do
  [ -z "$filter" ] || [[ $t == *"$filter"* ]] && selected+=("$t")
done
# Longest first, so the two slots end together instead of one slow test
# running alone at the end: the tests named in tests/slow.txt (longest
# first), then the rest in their usual order.
ordered=()
while read -r s; do
  [[ $s == '#'* || -z $s ]] && continue
  for t in "${selected[@]}"; do [ "$t" = "$s" ] && ordered+=("$t"); done
done < tests/slow.txt
for t in "${selected[@]}"; do
  case " ${ordered[*]} " in *" $t "*) ;; *) ordered+=("$t") ;; esac
done
selected=("${ordered[@]}")
results=$(printf '%s\n' "${selected[@]}" | xargs -P 2 -I{} bash -c 'run_one "$@"' _ {})
echo "$results"
passed=$(echo "$results" | grep -c '^PASS')
failed=$(echo "$results" | grep -c '^FAIL')
skipped=$(echo "$results" | grep -c '^SKIP')
if [ "$skipped" -gt 0 ]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
