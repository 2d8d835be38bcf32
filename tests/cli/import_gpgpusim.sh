# gmem import-gpgpusim: GPGPU-Sim option files (tests/fixtures/gpgpusim/:
# GTX480 in the 3.x syntax, QV100- and RTX2060-like in the 4.x syntax) into
# gmem configurations. The GTX480 import equals configs/fermi-gtx480.json
# field by field but for the difference listed below, with its
# reason; every option of every fixture is mapped or reported; the 4.x
# imports run; bad input exits 2 naming the file, line and what was expected.
. tests/lib.sh
T=$TMP
F=tests/fixtures/gpgpusim

expect_rc 0 "$GMEM" import-gpgpusim --help
expect_out "usage: gmem import-gpgpusim FILE -o OUT.json"
expect_rc 0 "$GMEM" help
expect_out "import-gpgpusim +write a gmem configuration from a GPGPU-Sim option file"

# ---- GTX480 against configs/fermi-gtx480.json, field by field
expect_rc 0 "$GMEM" import-gpgpusim $F/gtx480.config -o "$T/gtx480.json" --name fermi-gtx480
GTX=$OUT
echo "$GTX" | tail -n 1 | grep -Eq "^import-gpgpusim: $F/gtx480.config -> $T/gtx480.json: 62 options, [0-9]+ mapped whole, [0-9]+ unmapped" ||
  fail "summary line: $(echo "$GTX" | tail -n 1)"
"$GMEM" run --config "$T/gtx480.json" --print-config > "$T/imported.json" || fail "print-config"
"$GMEM" run --config fermi-gtx480 --print-config > "$T/fermi.json" || fail "print-config fermi"
# the written file is a complete configuration: it prints as itself
cmp -s <("$GMEM" run --config "$T/gtx480.json" --print-config) "$T/gtx480.json" ||
  fail "the written config is not its own --print-config"
expect_rc 1 "$GMEM" diff-stats "$T/imported.json" "$T/fermi.json"
# The difference, and why:
#  l2.c.set_func    GTX480's dl2 set index is L (linear = gmem's bmod); gmem's
#                   Fermi config follows seed-000 ch.2 Table 1 (BXOR).
# (-dram_latency 100 counts core cycles -- GPGPU-Sim adds it at
# gpu_sim_cycle, the core clock -- and gmem DRAM cycles: both say 132.)
[ "$OUT" = '  $.l2.c.set_func: "bmod" -> "bxor"
1 difference' ] || fail "GTX480 import against fermi-gtx480, expected the listed difference:
$OUT"
echo "$GTX" | grep -q "gtx480.config:64: converted: -dram_latency 100: 100 core cycles at 700 MHz are 132 cycles of gmem's DRAM clock (924 MHz)" ||
  fail "the importer does not say why dram.latency is 132: $GTX"
# with that set as imported, the Fermi config is the import
expect_rc 0 "$GMEM" run --config fermi-gtx480 --set l2.c.set_func=bmod \
  --print-config
[ "$OUT" = "$(cat "$T/imported.json")" ] || fail "fermi-gtx480 with the difference is not the import"
# what gmem cannot hold is said: the Fermi hash set index, the
# interconnect's file, the power model; and how 3.x groups the banks
for want in "gtx480.config:37: unmapped: -gpgpu_cache:dl1 32:128:4,L:L:m:N:H,A:32:8,8: set index H" \
            "gtx480.config:79: converted: -gpgpu_dram_timing_opt nbk=16:.*: nbkgrp=4 over 16 banks: GPGPU-Sim 3.x puts bank j in group j >> 3 .*\\\$.dram.bank_groups = 2" \
            "gtx480.config:61: unmapped: -inter_config_file config_fermi_islip.icnt: " \
            "gtx480.config:90: unmapped: -power_simulation_enabled 1: " \
            "gtx480.config: default: -gpgpu_l1_latency 1 \(GPGPU-Sim's default, not in the file\)" \
            "gtx480.config: gmem-default: \\\$.icnt.latency = 8: "; do
  echo "$GTX" | grep -Eq -- "$want" || fail "stderr lacks /$want/:
$GTX"
done

# ---- nothing dropped silently: every option line of every fixture is
# either one the importer maps whole or named on stderr by its line
mapped=" -gpgpu_n_clusters -gpgpu_n_cores_per_cluster -gpgpu_n_mem -gpgpu_n_sub_partition_per_mchannel
 -gpgpu_clock_domains -gpgpu_shader_registers -gpgpu_shader_core_pipeline -gpgpu_shader_cta
 -gpgpu_shmem_size -gpgpu_shmem_warp_parts -gpgpu_num_sched_per_core -gpgpu_scheduler
 -gpgpu_coalesce_arch
 -gpgpu_cache:dl1 -gpgpu_cache:dl2
 -gpgpu_l1_latency -rop_latency -gpgpu_l2_rop_latency -dram_latency -gpgpu_dram_scheduler
 -gpgpu_frfcfs_dram_sched_queue_size -gpgpu_n_mem_per_ctrlr -gpgpu_dram_buswidth
 -gpgpu_dram_burst_length -dram_data_command_freq_ratio -gpgpu_mem_addr_mapping
 -gpgpu_dram_timing_opt -gpgpu_memory_partition_indexing -icnt_flit_size -gpgpu_gmem_skip_L1D "
check_all() { # check_all FIXTURE STDERR
  local n name
  while read -r n name; do
    echo "$2" | grep -q "^$1:$n: " && continue
    case "$mapped" in *" $name "*|*" $name"$'\n'*) continue ;; esac
    fail "$1:$n: $name is neither mapped nor reported"
  done < <(grep -n '^-' "$1" | sed 's/:/ /; s/ \(-[^ ]*\).*/ \1/')
}
check_all $F/gtx480.config "$GTX"

# ---- the 4.x files: sectored caches, a streaming L1D of one 256- or
# 512-way set, IPOLY indexing, HBM and GDDR6; they import and they run
for fx in qv100 rtx2060; do
  expect_rc 0 "$GMEM" import-gpgpusim $F/$fx.config -o "$T/$fx.json"
  check_all $F/$fx.config "$OUT"
  expect_out "$fx.config:[0-9]+: converted: -gpgpu_cache:dl1 S:1:128:[0-9]+,L:L:s:N:L,A:256:8,16:0,32: cache type S \(4 sectors of 32 bytes a line\): \\\$.l1d.c.sector = 32"
  expect_out "$fx.config:[0-9]+: converted: -gpgpu_cache:dl2 S:[0-9]+:128:[0-9]+,L:B:m:L:P,A:192:4,32:0,32: cache type S .*: \\\$.l2.c.sector = 32"
  expect_out "unmapped: -gpgpu_cache:dl1 .*: 1 sets x (256|512) ways: gmem's caches have at most 64 ways; wrote the same (256|512) lines as (4|8) sets x 64 ways"
  expect_out "unmapped: -gpgpu_cache:dl1 .*: allocation s \(streaming\)"
  expect_out "unmapped: -gpgpu_cache:dl2 .*: set index P"
  expect_rc 0 "$GMEM" run --config "$T/$fx.json" --workload stream:n=4096
done
expect_rc 0 "$GMEM" stats-get "$T/qv100.json" sm.count sm.max_warps l1d.c.sets l1d.c.ways l1d.c.alloc \
  l2.channels l2.c.ways dram.bus_bytes dram.latency part.chunk_lb dram.addr_map icnt.flit_bytes \
  dram.bank_groups dram.tCCDL dram.tRTPL
# (4.x groups nbkgrp=4 of 16 banks as 4, where 3.x makes 2: above)
[ "$OUT" = "$(printf '80\n64\n4\n64\non_fill\n32\n24\n16\n75\n8\n0000RRRRRRRRRRRRRBBBCCCBCCCSSSSS\n40\n4\n2\n3')" ] ||
  fail "QV100 import: $OUT"
# a sectored L2 under a line-granular L1D (GPGPU-Sim's Fermi/Kepler layout):
# gmem carries one sector size from the L1D down, so it keeps whole lines
sed 's/^-gpgpu_cache:dl1 S:/-gpgpu_cache:dl1 /' $F/qv100.config > "$T/mixed.config"
expect_rc 0 "$GMEM" import-gpgpusim "$T/mixed.config" -o "$T/mixed.json"
expect_out "mixed.config:[0-9]+: unmapped: -gpgpu_cache:dl2 S:.*: cache type S \(4 sectors of 32 bytes a line\) beside a line-granular L1D: gmem needs one sector size in both caches"
expect_rc 0 "$GMEM" stats-get "$T/mixed.json" l1d.c.sector l2.c.sector
[ "$OUT" = "$(printf '0\n0')" ] || fail "mixed import: sectors $OUT"
expect_rc 0 "$GMEM" stats-get "$T/qv100.json" l1d.c.sector l2.c.sector
[ "$OUT" = "$(printf '32\n32')" ] || fail "QV100 import: sectors $OUT"
expect_rc 0 "$GMEM" stats-get "$T/rtx2060.json" l2.channels part.func clock.dram_mhz dram.tRCD
[ "$OUT" = "$(printf '12\nmod\n3500\n20')" ] || fail "RTX2060 import: $OUT"
# -o - writes to stdout
"$GMEM" import-gpgpusim $F/rtx2060.config -o - 2>/dev/null | cmp -s - "$T/rtx2060.json" ||
  fail "-o - differs from the file"

# ---- options a mapping decodes: the D-letter form of the address map
# (the channel from a run of log2(channels) bits: the same as dramid@) and
# the XOR channel index (gmem's xor over dramid@ only); an unknown option is
# reported, not dropped
printf -- '-gpgpu_n_mem 8\n-gpgpu_mem_addr_mapping 00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR.BBBBCCDD.DCCCSSSS\n-gpgpu_memory_partition_indexing 1\n-my_own_option 5\n-gpgpu_dram_timing_opt 16:2:6:12:28:12:40:12:4:5:12:1:0:0\n' > "$T/d.config"
expect_rc 0 "$GMEM" import-gpgpusim "$T/d.config" -o "$T/d.json"
expect_out "d.config:4: unmapped: -my_own_option 5: no gmem counterpart"
expect_out "d.config:3: unmapped: -gpgpu_memory_partition_indexing 1: XOR is gmem's xor for a power-of-two channel count and a dramid@ mapping only"
expect_rc 0 "$GMEM" stats-get "$T/d.json" part.chunk_lb dram.addr_map part.func
[ "$OUT" = "$(printf '7\n000000RRRRRRRRRRRRRBBBBCCCCCSSSS\nmod')" ] || fail "D letters: $OUT"
printf -- '-gpgpu_n_mem 8\n-gpgpu_n_sub_partition_per_mchannel 2\n-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS\n-gpgpu_memory_partition_indexing 1\n-gpgpu_dram_timing_opt 16:2:6:12:28:12:40:12:4:5:12:1:0:0\n' > "$T/x.config"
expect_rc 0 "$GMEM" import-gpgpusim "$T/x.config" -o "$T/x.json"
expect_rc 0 "$GMEM" stats-get "$T/x.json" part.func part.chunk_lb part.pxor_shift
[ "$OUT" = "$(printf 'xor\n8\n4')" ] || fail "XOR indexing: $OUT"
# -gpgpu_gmem_skip_L1D 1: global accesses skip the L1D, gmem's l1d.closed
{ cat "$T/d.config"; printf -- '-gpgpu_gmem_skip_L1D 1\n'; } > "$T/s.config"
expect_rc 0 "$GMEM" import-gpgpusim "$T/s.config" -o "$T/s.json"
expect_rc 0 "$GMEM" stats-get "$T/s.json" l1d.closed
[ "$OUT" = true ] || fail "skip_L1D 1: l1d.closed $OUT"

# ---- bad input: exit 2, the file, the line, what was expected
bad() { # bad TEXT REGEX
  printf '%s\n' "$1" > "$T/bad.config"
  expect_rc 2 "$GMEM" import-gpgpusim "$T/bad.config" -o "$T/bad.json"
  expect_out "^gmem: $T/bad.config:$2"
  [ -e "$T/bad.json" ] && fail "a refused import wrote $T/bad.json"
  return 0
}
bad '-gpgpu_n_mem 6
gpgpu_n_clusters 15' "2: 'gpgpu_n_clusters': expected an option, -name value"
bad '-gpgpu_n_mem' "1: -gpgpu_n_mem: expected a value after it"
bad '-gpgpu_gmem_skip_L1D yes' "1: -gpgpu_gmem_skip_L1D yes: expected 0 or 1"
bad '# geometry
-gpgpu_cache:dl1 32:128,L:L:m:N,A:32:8,8' "2: -gpgpu_cache:dl1 32:128,L:L:m:N,A:32:8,8: expected \[N\|S:\]<sets>:<line>:<ways>,.*the first group has 2 fields"
bad '-gpgpu_cache:dl1 N:64:128:6,L:L:q:N:H,A:128:8,8' "1: -gpgpu_cache:dl1 .*: allocation 'q', expected m, f or s"
bad '-gpgpu_cache:dl2 S:48:128:8,L:B:m:L:P,A:192:4,32:0,32' "1: -gpgpu_cache:dl2 .*: 48 sets: expected a power of two"
bad '-gpgpu_n_clusters 300' "1: -gpgpu_n_clusters 300: 300 clusters x 3 cores per cluster \(GPGPU-Sim's default\) = 900 SMs: expected 1..256, gmem's range of \\\$.sm.count"
bad '-gpgpu_n_cores_per_cluster 1
-gpgpu_shader_cta 64' "2: -gpgpu_shader_cta 64: 64 for \\\$.sm.max_ctas \(CTAs per SM\): expected 1..32, gmem's range"
bad '-gpgpu_shader_core_pipeline 1536:16' "1: -gpgpu_shader_core_pipeline 1536:16: a warp of 16 threads: expected 32"
bad '-gpgpu_clock_domains 700:700:fast:924' "1: -gpgpu_clock_domains 700:700:fast:924: expected <core>:<icnt>:<l2>:<dram> clocks in MHz"
bad '-gpgpu_dram_timing_opt "nbk=16:CCD=2:XYZ=3"' "1: -gpgpu_dram_timing_opt nbk=16:CCD=2:XYZ=3: 'XYZ': expected the timings"
bad '-gpgpu_dram_timing_opt "nbk=16:CCD=2' "1: a quoted value that is never closed"
bad '-gpgpu_dram_timing_opt 16:2:6:12:28:12:40:12:4:5:12:0:3:2' "1: -gpgpu_dram_timing_opt .*: nbkgrp=0: expected 1 to nbk=16 bank groups"
bad '-gpgpu_mem_addr_mapping dramid@8;0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS' "1: -gpgpu_mem_addr_mapping .*: 32 bit letters: expected 64"
bad '-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSX' "1: -gpgpu_mem_addr_mapping .*: 'X': expected one of D B R C S 0"
# a rule over several fields is blamed on the option that gave the field
bad '-gpgpu_dram_timing_opt 8:2:6:12:28:12:40:12:4:5:12:1:0:0
-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS' "2: -gpgpu_mem_addr_mapping dramid@8;.*: \\\$.dram.addr_map: 4 bank bits do not address \\\$.dram.banks = 8 \(a rule of gmem's configurations"
bad '-gpgpu_dram_scheduler 2' "1: -gpgpu_dram_scheduler 2: expected 0 \(FIFO\) or 1 \(FR-FCFS\)"
expect_rc 2 "$GMEM" import-gpgpusim "$T/nosuch.config" -o "$T/x.json"
expect_out "^gmem: $T/nosuch.config: cannot open"
expect_rc 2 "$GMEM" import-gpgpusim $F/gtx480.config
expect_out "^gmem: import-gpgpusim: -o OUT.json is required"
expect_rc 2 "$GMEM" import-gpgpusim -o "$T/x.json"
expect_out "^gmem: import-gpgpusim: FILE \(a gpgpusim.config\) is required"
exit 0
