# The pure-C build skips the cycles of idle SMs and L2 banks; the cosim
# build (hooks attached) simulates every cycle. Both must give identical
# stats: skipping is an optimisation, never a change of behaviour (the two
# binaries may be builds of different commits: run.gmem_version is left out).
. tests/lib.sh
for w in "fermi-gtx480 atax:n=512" "maxwell-ch4-dmil pair:bp+sv" "cart-ch2 bfs:nodes=4096"; do
  set -- $w
  expect_rc 0 "$GMEM_FAST" run --config configs/$1.json --workload "$2" --stats "$TMP/c.json"
  expect_rc 0 "$GMEM_COSIM" run --config configs/$1.json --workload "$2" --stats "$TMP/h.json"
  for f in c h; do grep -v '^[[:space:]]*"gmem_version":' "$TMP/$f.json" > "$TMP/$f.v.json"; done
  "$GMEM_FAST" diff-stats "$TMP/c.v.json" "$TMP/h.v.json" || fail "$1 $2: skipping idle cycles changed the stats"
done
exit 0
