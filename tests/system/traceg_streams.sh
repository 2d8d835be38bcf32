# An Accel-Sim trace with 0x7f... addresses (two allocations more than 4 GB
# apart) and two CUDA streams (tests/fixtures/traceg-streams: kernel-1 and
# kernel-3 on stream 0, kernel-2 on stream 94733312) runs to completion;
# the report's "kernels" holds one object per kernel: the kernels of
# different streams overlap in time, those of one stream do not, and the
# per-kernel counts sum to the whole-GPU figures. Then the same trace
# xz-compressed (if the xz tool is here), and cut short: exit 2 naming the
# file and the byte.
. tests/lib.sh
FIX=tests/fixtures/traceg-streams

check_kernels() { # check_kernels REPORT
  jq -e '
    def s(f): [.kernels[] | f] | add;
    (.kernels | length) == 3 and .kernels_completed == 3
    and [.kernels[].id] == [1, 2, 3]
    and [.kernels[].name] == ["_Z4axpyPfS_", "_Z6gatherPKfPf", "_Z5scalePf"]
    and [.kernels[].stream] == [0, 1, 0]
    and [.kernels[].cuda_stream] == [0, 94733312, 0]
    and all(.kernels[]; .state == "completed" and .cycles == .end_cycle - .start_cycle
                        and .cycles > 0 and .end_cycle <= $c)
    and s(.warp_instructions) == .warp_instructions
    and s(.thread_instructions) == .thread_instructions
    and s(.memory_instructions) == .lsu.memory_instructions
    and s(.l1d.accesses) == .l1d.accesses and s(.l1d.hits) == .l1d.hits
    and s(.l1d.misses) == .l1d.misses and s(.l1d.merges) == .l1d.merges
    and s(.l1d.reservation_fails) == .l1d.reservation_fails.total
    and s(.l2.accesses) == .l2.accesses and s(.l2.hits) == .l2.hits
    and s(.l2.misses) == .l2.misses and s(.l2.merges) == .l2.merges
    and s(.dram.reads) == .dram.reads and s(.dram.writes) == .dram.writes
    and all(.kernels[]; .warp_instructions > 0 and .l1d.accesses > 0 and .l2.accesses > 0)' \
    --argjson c "$(jq .cycles "$1")" "$1" >/dev/null ||
    fail "$1: per-kernel figures: $(jq -c '[.kernels[] | del(.l1d, .l2, .dram)]' "$1")"
  local k='.kernels'
  # stream 0's second kernel starts when its first has ended; stream 1's
  # kernel starts before stream 0's first ends
  jq -e "$k[2].start_cycle >= $k[0].end_cycle and $k[1].start_cycle < $k[0].end_cycle
         and $k[0].start_cycle < $k[1].end_cycle" "$1" >/dev/null ||
    fail "$1: kernel times: $(jq -c "[$k[] | [.start_cycle, .end_cycle]]" "$1")"
}

expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload "traceg:dir=$FIX" --stats "$TMP/t.json"
check_kernels "$TMP/t.json"
# the per-kernel section is documented, as every path of a report
expect_rc 0 "$GMEM" help stats --from "$TMP/t.json"

# On one SM of two CTA slots the streams hold one slot each while both
# have kernels; once stream 1's kernel is done, stream 0 takes both, so
# kernel 1 ends sooner than as a pair's member, which keeps half the SM.
mkdir "$TMP/a" "$TMP/b"
cp "$FIX"/kernel-1.traceg "$FIX"/kernel-3.traceg "$TMP/a/"
printf 'kernel-1.traceg\nkernel-3.traceg\n' > "$TMP/a/kernelslist.g"
cp "$FIX"/kernel-2.traceg "$TMP/b/"
printf 'kernel-2.traceg\n' > "$TMP/b/kernelslist.g"
one="--set sm.count=1 --set sm.max_ctas=2"
expect_rc 0 "$GMEM" run --config fermi-gtx480 $one --workload "traceg:dir=$FIX" --stats "$TMP/s1.json"
check_kernels "$TMP/s1.json"
expect_rc 0 "$GMEM" run --config fermi-gtx480 $one \
  --workload "pair:traceg:dir=$TMP/a+traceg:dir=$TMP/b" --stats "$TMP/p1.json"
t=$(jq '.kernels[0].end_cycle' "$TMP/s1.json")
p=$(jq '.kernels[0].end_cycle' "$TMP/p1.json")
k2=$(jq '.kernels[1].end_cycle' "$TMP/s1.json")
[ "$k2" -lt "$t" ] && [ "$t" -lt "$p" ] ||
  fail "kernel 1 ends at $t (stream 1 done at $k2), as a pair's member at $p: expected earlier"

# compressed: kernel-2 as kernel-2.traceg.xz, listed so (Accel-Sim's naming)
command -v xz >/dev/null || { echo "skip: no xz tool to compress the fixture"; exit 77; }
mkdir "$TMP/x"
cp "$FIX"/kernel-1.traceg "$FIX"/kernel-3.traceg "$TMP/x/"
xz -c "$FIX/kernel-2.traceg" > "$TMP/x/kernel-2.traceg.xz"
sed 's/^kernel-2\.traceg$/kernel-2.traceg.xz/' "$FIX/kernelslist.g" > "$TMP/x/kernelslist.g"
expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload "traceg:dir=$TMP/x" --stats "$TMP/x.json"
check_kernels "$TMP/x.json"
# the same run as the plain files' but for the workload's path
[ "$(jq -S 'del(.workload, .run)' "$TMP/x.json")" = "$(jq -S 'del(.workload, .run)' "$TMP/t.json")" ] ||
  fail "the .xz trace ran differently: $("$GMEM" diff-stats "$TMP/t.json" "$TMP/x.json" | head)"
# concatenated streams decode as one, as xz -dc does
head -c 2000 "$FIX/kernel-2.traceg" | xz -c > "$TMP/x/kernel-2.traceg.xz"
tail -c +2001 "$FIX/kernel-2.traceg" | xz -c >> "$TMP/x/kernel-2.traceg.xz"
expect_rc 0 "$GMEM" run --config fermi-gtx480 --workload "traceg:dir=$TMP/x" --stats "$TMP/c.json"
check_kernels "$TMP/c.json"

# cut short: refused before the run, naming the file and the byte
xz -c "$FIX/kernel-2.traceg" > "$TMP/full.xz"
size=$(stat -c %s "$TMP/full.xz")
head -c $((size - 40)) "$TMP/full.xz" > "$TMP/x/kernel-2.traceg.xz"
expect_rc 2 "$GMEM" run --config fermi-gtx480 --workload "traceg:dir=$TMP/x" --stats "$TMP/bad.json"
expect_out "kernel-2\.traceg\.xz: the xz stream is truncated at compressed byte [0-9]+ of $((size - 40))"
# cut inside the header, and a corrupt byte in the data
head -c 20 "$TMP/full.xz" > "$TMP/x/kernel-2.traceg.xz"
expect_rc 2 "$GMEM" run --config fermi-gtx480 --workload "traceg:dir=$TMP/x"
expect_out "kernel-2\.traceg\.xz: the xz stream is truncated at compressed byte"
cp "$TMP/full.xz" "$TMP/x/kernel-2.traceg.xz"
printf '\377\377\377\377' | dd of="$TMP/x/kernel-2.traceg.xz" bs=1 seek=100 conv=notrunc 2>/dev/null
expect_rc 2 "$GMEM" run --config fermi-gtx480 --workload "traceg:dir=$TMP/x"
expect_out "kernel-2\.traceg\.xz: corrupt xz data at compressed byte [0-9]+ of $size"
# not xz at all
cp "$FIX/kernel-2.traceg" "$TMP/x/kernel-2.traceg.xz"
expect_rc 2 "$GMEM" run --config fermi-gtx480 --workload "traceg:dir=$TMP/x"
expect_out "kernel-2\.traceg\.xz: not an xz file"
exit 0
