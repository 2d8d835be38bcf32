# In-system lockstep (issue acceptance): every block instance of the Fermi
# model on ATAX runs its RTL beside its C model, with a count per block
# type and 0 mismatches; the same for DMIL's milg and for CART's cart in
# the L2 banks; the same with sectored caches (mshr and dlmshr on sector
# addresses); an unknown block is refused.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" run --config configs/fermi-gtx480.json --workload atax:n=1024 --rtl all
expect_out "lockstep mshr +27 instances, [1-9][0-9]+ cycles, [1-9][0-9]+ evaluations checked"
expect_out "lockstep set_hash +27 instances"
expect_out "lockstep part_map +1 instances"
expect_last_line "lockstep: 0 mismatches"
expect_rc 3 "$GMEM_COSIM" run --config configs/maxwell-ch4-dmil.json --workload pair:bp+sv \
  --rtl milg,part_map --max-cycles 20000
expect_out "lockstep milg +32 instances"
# The seed-001 ch.2 system with CART in the 8 L2 banks.
expect_rc 0 "$GMEM_COSIM" run --config configs/cart-ch2-cart.json --workload spmv:rows=4096 --rtl all
expect_out "lockstep cart +8 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
# MDB in G-BPG mode: SM 0's bpg decides and broadcasts, 14 followers.
expect_rc 0 "$GMEM_COSIM" run --config configs/fermi-gtx480-mdb.json --set bpg.global=true \
  --workload kmeans:points=4096 --rtl all
expect_out "lockstep bpg +15 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
# The locality-filtered L1D: a dts per SM as the L1D's tag store.
expect_rc 0 "$GMEM_COSIM" run --config configs/dts-ch4-dts.json --workload bfs:nodes=4096 --rtl all
expect_out "lockstep dts +15 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
# ... with SM dueling picking the followers' mode (one dts_duel for the GPU).
expect_rc 0 "$GMEM_COSIM" run --config configs/dts-ch4-dts.json --set dts.duel=true \
  --workload bfs:nodes=4096 --rtl all
expect_out "lockstep dts_duel +1 instances, [1-9][0-9]+ cycles"
expect_out "lockstep dts +15 instances"
expect_last_line "lockstep: 0 mismatches"
# Sectored caches: the mshr and dlmshr RTL get sector addresses (the MSHR
# keyed by sector, README "Sectored caches") through the same ports.
sec="--set l1d.c.sector=32 --set l2.c.sector=32 --set l2.write_fetch=false"
expect_rc 0 "$GMEM_COSIM" run --config configs/fermi-gtx480.json --workload atax:n=256 $sec \
  --rtl all
expect_out "lockstep mshr +27 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
expect_rc 0 "$GMEM_COSIM" run --config configs/fermi-gtx480.json --workload atax:n=256 $sec \
  --set l1d.c.mshr=dl --set l2.c.mshr=dl --rtl all
expect_out "lockstep dlmshr +27 instances, [1-9][0-9]+ cycles"
expect_last_line "lockstep: 0 mismatches"
expect_rc 2 "$GMEM_COSIM" run --workload atax --rtl nosuch
expect_out "--rtl: unknown block 'nosuch'"
exit 0
