# Every command answers --help with its usage and exit 0.
. tests/lib.sh
for bin in "$GMEM" "$GMEM_COSIM"; do
  expect_rc 0 "$bin" --help
  expect_out "usage: gmem <command>"
  expect_rc 0 "$bin" help
  for cmd in run record list cosim replay block-params check-ports diff-stats stats-get import-gpgpusim; do
    expect_rc 0 "$bin" "$cmd" --help
    expect_out "usage: gmem"
  done
done
expect_rc 0 "$GMEM" list blocks
expect_out "milg +5 in, 4 out, 2 params, 5 state regs; points: default zero_hold"
expect_rc 0 "$GMEM" list plugins
expect_out "cart +l2.cart +cache access reordering tree"
expect_out "prefetch +l1d.prefetch"
expect_out "\.degree +lines prefetched per trigger"
expect_rc 2 "$GMEM" list plugs
expect_out "unknown list 'plugs' \(expected configs, workloads, blocks or plugins\)"
expect_rc 0 "$GMEM_COSIM" cosim milg --stim list
expect_out "golden"
exit 0
