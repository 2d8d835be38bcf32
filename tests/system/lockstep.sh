# In-system lockstep (issue acceptance): every block instance of the Fermi
# model on ATAX runs its RTL beside its C model, with a count per block
# type and 0 mismatches; an unknown block is refused.
. tests/lib.sh
expect_rc 0 "$GMEM_COSIM" run --config configs/fermi-gtx480.json --workload atax:n=1024 --rtl all
expect_out "lockstep mshr +27 instances, [1-9][0-9]+ cycles, [1-9][0-9]+ evaluations checked"
expect_out "lockstep set_hash +27 instances"
expect_out "lockstep part_map +1 instances"
expect_last_line "lockstep: 0 mismatches"
expect_rc 0 "$GMEM_COSIM" run --config configs/maxwell-ch4-dmil.json --workload pair:bp+sv \
  --rtl milg,part_map --max-cycles 20000
expect_out "lockstep milg +32 instances"
expect_rc 2 "$GMEM_COSIM" run --workload atax --rtl nosuch
expect_out "--rtl: unknown block 'nosuch'"
exit 0
