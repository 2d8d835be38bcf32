# The Listing-3 microbenchmark replica (seed-002 §2.2, §2.3, §10.6) on the
# four generations' configurations, with the per-CTA trace of the cta
# plug-in (cta.trace: CTA id, SM, cycles, longest load). Temporal (Fig. 2):
# on SM 0 the first turnaround's first CTA waits for DRAM and the later
# turnarounds' loads hit the L1D. Spatial (staggered, DELAY = 1200): only
# the first CTA an SM runs waits long; every later one hits. Schedulers
# (§2.3): round robin then demand gives SM i the CTAs i, i+M, ... and an
# even share (4/4/2/2 turnarounds: 32, 64, 64, 64 CTAs an SM); the random
# policy gives SM 0 other ids and an uneven share (the seed's "60 rather
# than 64").
. tests/lib.sh
get() { "$GMEM" stats-get "$TMP/s.json" "$@"; }
col() { get "cta.trace.$1" | tr -d '[]' | tr ',' '\n'; }
trace() { paste <(col cta) <(col sm) <(col load_cycles); } # id sm load

# Fermi: 15 x 8 x 4 = 480 CTAs, strict round robin.
expect_rc 0 "$GMEM" run --config configs/cta-fermi.json --workload listing3 \
  --set cta.policy=strict_rr --set cta.trace=480 --stats "$TMP/s.json"
trace > "$TMP/t"
[ "$(awk '$2 == 0' "$TMP/t" | wc -l)" = 32 ] || fail "SM 0 ran $(awk '$2 == 0' "$TMP/t" | wc -l) CTAs"
awk '$2 == 0 && $1 % 15 { exit 1 }' "$TMP/t" || fail "strict RR put a CTA other than 15k on SM 0"
awk '$1 == 0 { exit !($2 == 0 && $3 > 200) }' "$TMP/t" || fail "CTA 0 did not wait for DRAM"
# Turnarounds 2-4 (ids >= 120) hit the L1D.
awk '$1 >= 120 && $3 > 5 { exit 1 }' "$TMP/t" || fail "a later-turnaround load missed the L1D"
first=$(awk '$2 == 0 && $1 < 120 { s += $3; n++ } END { print int(s / n) }' "$TMP/t")
[ "$first" -gt 50 ] || fail "SM 0's first turnaround averaged $first cycles a load"

# Staggered: only each SM's first CTA waits (CTA 0 for DRAM, CTAs 1-14 for L2).
expect_rc 0 "$GMEM" run --config configs/cta-fermi.json --workload listing3:slots=2,turns=2,staggered=1 \
  --set cta.policy=strict_rr --set cta.trace=60 --stats "$TMP/s.json"
trace > "$TMP/t"
awk '$1 == 0 { exit !($3 > 200) }' "$TMP/t" || fail "staggered: CTA 0 did not wait for DRAM"
awk '$1 >= 1 && $1 < 15 && ($3 < 50 || $3 > 200) { exit 1 }' "$TMP/t" ||
  fail "staggered: a first CTA of SMs 1-14 did not wait for the L2"
awk '$1 >= 15 && $3 > 5 { exit 1 }' "$TMP/t" || fail "staggered: a later CTA missed the L1D"
[ "$(get l1d.merges)" = 0 ] || fail "staggered: $(get l1d.merges) hits on lines in flight"

# The four generations: even shares under RR-then-demand, uneven under random.
for g in "fermi 15 8 4 32" "kepler 15 16 4 64" "maxwell 16 32 2 64" "pascal 20 32 2 64"; do
  set -- $g
  expect_rc 0 "$GMEM" run --config configs/cta-$1.json --workload listing3:sms=$2,slots=$3,turns=$4 \
    --set cta.policy=rr_demand --stats "$TMP/s.json"
  get cta.ctas_per_sm | tr -d '[]' | tr ',' '\n' | awk -v w=$5 '$1 != w { exit 1 }' ||
    fail "$1: RR then demand gave uneven shares: $(get cta.ctas_per_sm)"
  expect_rc 0 "$GMEM" run --config configs/cta-$1.json --workload listing3:sms=$2,slots=$3,turns=$4 \
    --set cta.policy=random --set cta.trace=$((4 * $2 * $3)) --stats "$TMP/s.json"
  get cta.ctas_per_sm | tr -d '[]' | tr ',' '\n' | awk -v w=$5 '$1 != w { u = 1 } END { exit !u }' ||
    fail "$1: the random policy gave every SM exactly $5 CTAs"
  trace | awk -v m=$2 '$2 == 0 && $1 % m { o = 1 } END { exit !o }' ||
    fail "$1: the random policy gave SM 0 only round-robin ids"
done
exit 0
