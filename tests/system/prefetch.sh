# The L1D prefetcher plug-in (cmodel/sim/plug/prefetch.c), on the Fermi
# configuration with one CTA per SM (latency-bound, so the L1D port has
# idle cycles to prefetch in): on a streaming kernel (thread g reads
# a[g + k*T]: each warp strides by the grid) the per-warp stride prefetcher
# raises the L1D hit rate and cuts the run's cycles; on a per-warp
# sequential sweep the next-line one does; on a random gather neither
# does. Prefetches are counted in the stats' "prefetch" object and only
# there (demand counters stay demand); a bad section is refused naming its
# path.
. tests/lib.sh
cfg=configs/fermi-gtx480.json
get() { "$GMEM" stats-get "$TMP/s.json" "$@"; }
run_w() { # run_w WORKLOAD [--set ...]
  local w=$1
  shift
  expect_rc 0 "$GMEM" run --config $cfg --workload "$w" "$@" --stats "$TMP/s.json"
}
gt() { awk -v a="$1" -v b="$2" -v m="$3" 'BEGIN { exit !(a > b + m) }' || fail "$4: expected $1 > $2 + $3"; }
le() { awk -v a="$1" -v b="$2" -v m="$3" 'BEGIN { exit !(a <= b + m) }' || fail "$4: expected $1 <= $2 + $3"; }
on="--set l1d.prefetch.enable=true"

w=stream:n=262144,ctas=15,store=0
run_w $w
base=$(get l1d.hit_rate) base_cyc=$(get cycles) demand=$(get l1d.accesses)
"$GMEM" stats-get "$TMP/s.json" prefetch.issued >/dev/null 2>&1 && fail "prefetch stats with the prefetcher off"
run_w $w $on
# Most prefetched lines are still on their way when the demand load comes
# (it merges into the prefetch's MSHR entry, no hit): on the GTX480 DRAM
# timing the hit rate goes 0 -> 0.09 while the run is 2.4x shorter.
gt "$(get l1d.hit_rate)" "$base" 0.05 "the stride prefetcher raises a stream's L1D hit rate"
gt "$base_cyc" "$(( $(get cycles) * 3 / 2 ))" 0 "the stride prefetcher shortens the stream by a third"
[ "$(get prefetch.policy)" = stride ] || fail "policy not reported"
issued=$(get prefetch.issued) useful=$(get prefetch.useful)
[ "$issued" -gt 1000 ] || fail "stream: only $issued prefetches issued"
[ "$useful" -gt $((issued / 20)) ] || fail "stream: $useful useful of $issued"
[ "$(get l1d.accesses)" = "$demand" ] || fail "prefetches counted as demand accesses"

w=stride:stride=128,iters=64,ctas=15,gap=20
run_w $w
base=$(get l1d.hit_rate)
run_w $w $on --set l1d.prefetch.policy=next_line
gt "$(get l1d.hit_rate)" "$base" 0.3 "the next-line prefetcher raises a sequential sweep's hit rate"

w=gather:n=4194304,iters=8,ctas=60
run_w $w
base=$(get l1d.hit_rate)
for p in stride next_line; do
  run_w $w $on --set l1d.prefetch.policy=$p
  le "$(get l1d.hit_rate)" "$base" 0.002 "the $p prefetcher does not raise a random gather's hit rate"
done

# The MSHRs and set indexes see the prefetches too: their RTL agrees.
expect_rc 0 "$GMEM_COSIM" run --config $cfg --workload stream:n=65536,ctas=15,store=0 $on \
  --rtl mshr,set_hash
expect_out "lockstep mshr +27 instances"
expect_last_line "lockstep: 0 mismatches"

expect_rc 2 "$GMEM" run --config $cfg --workload stream --set l1d.prefetch.degree=99
expect_out "\\\$.l1d.prefetch.degree: 99 is out of range, expected 1..16"
expect_rc 2 "$GMEM" run --config $cfg --workload stream --set l1d.prefetch.policy=magic
expect_out "\\\$.l1d.prefetch.policy: expected one of \"next_line\", \"stride\""
exit 0
