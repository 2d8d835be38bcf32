# --max-cycles bounds a run's time only if no clock domain ticks far more
# often than the core: every clock is within 1/8..8 times the core clock,
# and a configuration or --set outside it is an error naming the field,
# the allowed range and the --set that gave the value (core_mhz=1 used to
# run 924 DRAM edges per counted cycle: 1.5 s per 5595 cycles, hours for
# the default cap).
. tests/lib.sh
start=$(date +%s)
expect_rc 2 "$GMEM" run --set clock.core_mhz=1 --workload atax --max-cycles 5595
expect_out "^gmem: $PWD/configs/default.json: \\\$.clock.icnt_mhz: 700 MHz is not within 1/8..8 times \\\$.clock.core_mhz \(1 MHz\): expected 1..8 \(\\\$.clock.core_mhz from --set clock.core_mhz=1\)$"
[ $(( $(date +%s) - start )) -lt 5 ] || fail "the refusal took $(( $(date +%s) - start )) s"
expect_rc 2 "$GMEM" run --set clock.dram_mhz=6000 --workload atax
expect_out "^gmem: --set clock.dram_mhz=6000: \\\$.clock.dram_mhz: 6000 MHz is not within 1/8..8 times \\\$.clock.core_mhz \(700 MHz\): expected 88..5600$"
expect_rc 2 "$GMEM" run --set clock.l2_mhz=87 --workload atax
expect_out "\\\$.clock.l2_mhz: 87 MHz is not within"
sed 's/"dram_mhz": 924/"dram_mhz": 9000/' configs/fermi-gtx480.json > "$TMP/fast-dram.json"
expect_rc 2 "$GMEM" run --config "$TMP/fast-dram.json" --workload atax
expect_out "^gmem: $TMP/fast-dram.json: \\\$.clock.dram_mhz: 9000 MHz is not within 1/8..8 times \\\$.clock.core_mhz \(700 MHz\): expected 88..5600$"
# the bounds themselves are allowed
expect_rc 3 "$GMEM" run --set clock.dram_mhz=5600 --set clock.l2_mhz=88 --workload atax \
  --max-cycles 1000
exit 0
