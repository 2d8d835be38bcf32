# gmem run --sample N: the report's "samples", whole-GPU counters every N
# core cycles and at the run's end, cumulative. Bad N (under 100, not a
# number, more than 100000 rows in --max-cycles) is refused before the
# run (exit 2); the rows are deterministic, the last equals the report's
# figures, and sampling changes nothing else in the report.
. tests/lib.sh
W=atax:n=256
for n in 0 99; do
  expect_rc 2 "$GMEM" run --workload $W --sample $n
  expect_out "^gmem: run: --sample must be at least 100 \(core cycles\)$"
done
expect_rc 2 "$GMEM" run --workload $W --sample abc
expect_out "^gmem: run: --sample expects a non-negative integer, got 'abc'$"
expect_rc 2 "$GMEM" run --workload $W --sample
expect_out "run: --sample needs a value"
# the default --max-cycles (50000000) allows N >= 500; the bound is checked
# whichever order the options come in, before anything is simulated
start=$(date +%s)
expect_rc 2 "$GMEM" run --workload atax:n=4096 --sample 100 --stats "$TMP/no.json"
expect_out "^gmem: run: --sample 100 gives up to 500000 samples in --max-cycles 50000000; at most 100000: raise N to 500 or lower --max-cycles$"
expect_rc 2 "$GMEM" run --workload $W --sample 100 --max-cycles 10000100
expect_out "gives up to 100001 samples .*raise N to 101 "
[ $(( $(date +%s) - start )) -lt 20 ] || fail "a bad --sample failed only after a run"
[ ! -e "$TMP/no.json" ] || fail "a refused --sample left a stats file"
expect_rc 0 "$GMEM" run --help
expect_out "--sample N +add \"samples\" to the stats"

# a whole run: rows at N, 2N, ... and the end; the last row is the report's
expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload $W --sample 1000 --stats "$TMP/s.json"
expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload $W --sample 1000 --stats "$TMP/s2.json"
cmp -s "$TMP/s.json" "$TMP/s2.json" || fail "two --sample runs differ"
jq -e '.samples.interval == 1000 and .samples.columns == ["cycle", "warp_instructions",
  "thread_instructions", "l1d_accesses", "l1d_hits", "l1d_reservation_fails", "l2_accesses",
  "l2_hits", "dram_reads", "dram_writes", "dram_row_hits"]' "$TMP/s.json" >/dev/null ||
  fail "samples header: $(jq -c '.samples | del(.rows)' "$TMP/s.json")"
jq -e '.cycles as $c | .samples.rows as $r
  | ($r | length) == (($c + 999) / 1000 | floor)
  and ([$r[:-1][] | .[0]] == [range(1; $r | length) | . * 1000])
  and $r[-1] == [.cycles, .warp_instructions, .thread_instructions, .l1d.accesses, .l1d.hits,
                 .l1d.reservation_fails.total, .l2.accesses, .l2.hits, .dram.reads,
                 .dram.writes, .dram.row_hits]
  and ([range(1; $r | length) as $i | range(11) as $k | $r[$i][$k] >= $r[$i - 1][$k]] | all)
  and ($r[0][1] > 0)' "$TMP/s.json" >/dev/null ||
  fail "samples rows wrong: $(jq -c '[.cycles, .samples.rows[0], .samples.rows[-2:]]' "$TMP/s.json")"
# sampling only reads: the rest of the report is the unsampled run's
expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload $W --stats "$TMP/plain.json"
jq -e 'has("samples") | not' "$TMP/plain.json" >/dev/null || fail "samples without --sample"
[ "$(jq -S 'del(.samples)' "$TMP/s.json")" = "$(jq -S . "$TMP/plain.json")" ] ||
  fail "--sample changed the report: $("$GMEM" diff-stats "$TMP/plain.json" "$TMP/s.json" | head)"

# a run cut by --max-cycles ends with its last cycle; one ending on a
# sampling cycle has no duplicate end row
expect_rc 3 "$GMEM" run --workload $W --sample 1000 --max-cycles 2500 --stats "$TMP/m.json"
[ "$(jq -c '[.samples.rows[][0]]' "$TMP/m.json")" = "[1000,2000,2500]" ] ||
  fail "--max-cycles 2500 rows: $(jq -c '[.samples.rows[][0]]' "$TMP/m.json")"
expect_rc 3 "$GMEM" run --workload $W --sample 1000 --max-cycles 3000 --stats "$TMP/e.json"
[ "$(jq -c '[.samples.rows[][0]]' "$TMP/e.json")" = "[1000,2000,3000]" ] ||
  fail "--max-cycles 3000 rows: $(jq -c '[.samples.rows[][0]]' "$TMP/e.json")"
# the smallest N at the bound: exactly 100000 rows allowed
expect_rc 3 "$GMEM" run --workload $W --sample 100 --max-cycles 10000 --stats "$TMP/b.json"
[ "$(jq '.samples.rows | length' "$TMP/b.json")" = 100 ] || fail "--sample 100 of 10000 cycles"
# a row is one stats-get away (a JSON array in one cell)
expect_rc 0 "$GMEM" stats-get --csv "$TMP/s.json" -- samples.interval 'samples.rows[1]'
expect_out '/s\.json,1000,"\[2000,[0-9,]+\]"$'
exit 0
