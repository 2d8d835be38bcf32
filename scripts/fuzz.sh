#!/usr/bin/env bash
# `make fuzz`: runs the libFuzzer harnesses (build/fuzz/bin/, from
# tests/fuzz/<name>.c) one after another, each for SECONDS from its seed
# corpus tests/fuzz/<name>/ (new inputs go to $FUZZ_WORK/corpus/<name>,
# crashes to $FUZZ_WORK/crash/), and prints a table of executions per
# harness. Exit 1 if any harness found a crash, a leak or a timeout.
#   scripts/fuzz.sh SECONDS [NAME...]     default: every harness
#   FUZZ_RUNS=N scripts/fuzz.sh 0 NAME   stop after N executions instead
#   FUZZ_WORK=DIR                        working directory (build/fuzz)
. "$(dirname "$0")/help.sh"
set -u
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || usage_error "needs SECONDS"
[[ $1 =~ ^[0-9]+$ ]] || usage_error "SECONDS: '$1' is not a number of seconds"
secs=$1
shift
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in tests/fuzz/*.c; do n=${f##*/}; names+=("${n%.c}"); done
fi
work=${FUZZ_WORK:-build/fuzz}
mkdir -p "$work/crash" "$work/log"
limit=(-max_total_time="$secs")
[ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")
printf '%-10s %8s %12s %10s %8s  %s\n' harness seconds executions "exec/s" corpus result
status=0
for n in "${names[@]}"; do
  bin=build/fuzz/bin/$n
  [ -x "$bin" ] || { echo "fuzz: $bin is missing (make fuzz-build)" >&2; exit 2; }
  [ -d "tests/fuzz/$n" ] || { echo "fuzz: no seed corpus tests/fuzz/$n/" >&2; exit 2; }
  mkdir -p "$work/corpus/$n"
  dict=()
  [ -f "tests/fuzz/$n.dict" ] && dict=(-dict="tests/fuzz/$n.dict")
  log=$work/log/$n.log
  start=$(date +%s)
  "$bin" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/crash/$n-" "${dict[@]}" "$work/corpus/$n" "tests/fuzz/$n" \
    >"$log" 2>&1
  rc=$?
  t=$(( $(date +%s) - start ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  units=$(ls "$work/corpus/$n" | wc -l)
  result=ok
  if [ $rc -ne 0 ]; then
    result="FAILED (exit $rc; $log)"
    status=1
    grep -E "^(==[0-9]+==ERROR|SUMMARY|.*runtime error)" "$log" | head -n 5 >&2
  fi
  printf '%-10s %8s %12s %10s %8s  %s\n' "$n" "$t" "${execs:-?}" "${rate:-?}" "$units" "$result"
done
exit $status
