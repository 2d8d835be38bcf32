# The load-to-use latency ladder of the modern configurations: the chase
# workload (one thread, dependent loads) on configs/v100, a100 and h100,
# each rung's average load latency (lsu.avg_load_latency, core cycles)
# within 15 % of the figure measured on the hardware (the sources below;
# README.md, "The latency ladder", says which rungs agree by construction).
#   L1      a 4 KB chain (32 lines), inside every L1D
#   L2near  128 lines all in one channel of SM 0's half of the L2 (stride =
#           256 B x channels: one channel, and one L1D set, which 128 lines
#           overflow, so every load misses the L1D and hits the L2)
#   L2far   the same 128 lines moved to the channel half the channels away
#   DRAM    16384 lines of that near channel, more than its L2 banks hold,
#           first pass only: every load misses the L2
# A warm rung is the steady state: the first pass's cold misses are
# subtracted (a run of n loads from one of n + W: W warm loads).
. tests/lib.sh
G=$GMEM_FAST
W=2000

# The figures, core cycles: name L1 L2 DRAM FAR (FAR: the far-minus-near
# L2 difference, "-" where the GPU has one L2).
#  v100  Jia et al., arXiv:1804.06826 (2018): L1 28, L2 193;
#        markdewing/AI_kernels latency/README.md: V100 main memory 460
#  a100  a microbenchmarking paper's A100 figures as tabulated in
#        YKTian-x2b/AmpereArchViaMicroBenchMark README.md section 2.1 (the
#        paper is not named there; likely Abdelkhalik et al.,
#        arXiv:2208.11174): L1 33, L2 200, global 290
#  h100  markdewing/AI_kernels latency/README.md, GH200's H100: L1 40,
#        L2 281, main memory 690
#  FAR   no A100/H100 figure found: the 117-cycle per-SM spread of L2 hits
#        on an L40, Alpay and Basaran, arXiv:2606.22588 (a proxy; the
#        configs cite it for l2.far_latency)
CITED="v100 28 193 460 -
a100 33 200 290 117
h100 40 281 690 117"

avg() { # avg CONFIG SPEC: AVG = the run's lsu.avg_load_latency
  expect_rc 0 "$G" run --config "$1" --workload "$2" --stats "$TMP/l.json"
  AVG=$("$G" stats-get "$TMP/l.json" lsu.avg_load_latency) || fail "$1 $2: no average"
}

warm() { # warm CONFIG SPEC N: WARM = the mean latency of the loads after the first N
  local a1
  avg "$1" "$2,loads=$3"
  a1=$AVG
  avg "$1" "$2,loads=$(($3 + W))"
  WARM=$(awk -v a1="$a1" -v a2="$AVG" -v n="$3" -v w="$W" \
    'BEGIN { printf "%.1f", (a2 * (n + w) - a1 * n) / w }')
}

near() { # near GOT WANT WHAT: GOT within 15 % of WANT
  awk -v g="$1" -v w="$2" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= 0.15 * w) }' ||
    fail "$3: $1 cycles, not within 15 % of the cited $2"
}

below() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }' || fail "$3: $1 is not below $2"; }

while read -r cfg l1 l2 dram far; do
  expect_rc 0 "$G" run --config "$cfg" --print-config
  echo "$OUT" > "$TMP/$cfg.json"
  C=$("$G" stats-get "$TMP/$cfg.json" l2.channels)
  [ "$("$G" stats-get "$TMP/$cfg.json" part.func part.chunk_lb | tr '\n' ' ')" = 'mod 8 ' ] ||
    fail "$cfg: the chains are placed for part.func mod with 256-byte chunks"
  # the heap's first chunk lands in channel (0x10000000 / 256) mod C; the
  # near chain starts at channel 0 or there, the far one C/2 channels on
  base=$(( (0x10000000 / 256) % C ))
  off=0
  [ $((2 * base)) -lt "$C" ] || off=$(( (C - base) * 256 ))
  S=$((256 * C))
  chain="chase:footprint=$((128 * S)),stride=$S"
  warm "$cfg" "chase:footprint=4096,stride=128" 32
  r1=$WARM
  warm "$cfg" "$chain,offset=$off" 128
  r2=$WARM
  avg "$cfg" "chase:footprint=$((16384 * S)),stride=$S,offset=$off,loads=2000"
  r3=$AVG
  warm "$cfg" "$chain,offset=$((off + C / 2 * 256))" 128
  rf=$WARM
  echo "ladder $cfg: L1 $r1 (cited $l1), L2 near $r2 (cited $l2), L2 far $rf, DRAM $r3 (cited $dram)"
  near "$r1" "$l1" "$cfg L1 hit"
  near "$r2" "$l2" "$cfg L2 hit (near half)"
  near "$r3" "$dram" "$cfg DRAM"
  below "$r1" "$r2" "$cfg: L1 below L2"
  below "$r2" "$r3" "$cfg: L2 below DRAM"
  if [ "$far" = - ]; then
    [ "$rf" = "$r2" ] || fail "$cfg: one L2, yet the two halves' chains differ: $r2 and $rf"
  else
    near "$(awk -v a="$rf" -v b="$r2" 'BEGIN { print a - b }')" "$far" "$cfg far minus near L2"
  fi
done <<EOF
$CITED
EOF
exit 0
