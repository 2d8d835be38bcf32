#!/usr/bin/env bash
# Checks the Debian packages gmem needs and installs the missing ones with
# apt-get when run as root; otherwise prints the exact command and exits 2.
#   scripts/deps.sh [GROUP...]           check, install if root
#   scripts/deps.sh --check [GROUP...]   check only (exit 2 if something is missing)
# Each make target checks only the groups it needs (see the Makefile's
# dependency section); no GROUP means all of them (`make deps`):
#   core   gcc, make, libcjson-dev, liblzma-dev   build/gmem (the pure-C build)
#   unit   libcmocka-dev               the unit tests
#   rtl    g++, verilator, yosys       RTL models: cosim, lint, the port check
#   synth  yosys, opensta (sta)        the costing flow (synthesis, static timing, power)
#   vcd    gtkwave (vcd2fst)           the VCD checks of the tests
#   plot   gnuplot-nox                 plots
#   fuzz   clang, libclang-rt-14-dev   the libFuzzer harnesses (tests/fuzz)
#   reproduce  parallel, jq, file      scripts/reproduce and the checks of its results
#   cluster    openssh, slurm-wlm, munge   the harness's ssh and Slurm tests
. "$(dirname "$0")/help.sh"
set -u

# group : package : a command, file or file pattern that proves it is installed
checks=(
  "core:gcc:cmd:gcc"
  "core:make:cmd:make"
  "core:libcjson-dev:file:/usr/include/cjson/cJSON.h"
  "core:liblzma-dev:file:/usr/include/lzma.h"
  "unit:libcmocka-dev:file:/usr/include/cmocka.h"
  "rtl:g++:cmd:g++"
  "rtl:verilator:cmd:verilator"
  "rtl:yosys:cmd:yosys"
  "synth:yosys:cmd:yosys"
  "synth:opensta:cmd:sta"
  "vcd:gtkwave:cmd:vcd2fst"
  "plot:gnuplot-nox:cmd:gnuplot"
  "fuzz:clang:cmd:clang"
  "fuzz:libclang-rt-14-dev:glob:/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a"
  "reproduce:parallel:cmd:parallel"
  "reproduce:jq:cmd:jq"
  "reproduce:file:cmd:file"
  "cluster:openssh-client:cmd:ssh-keygen"
  "cluster:openssh-server:file:/usr/sbin/sshd"
  "cluster:slurm-wlm:file:/usr/sbin/slurmctld"
  "cluster:slurm-client:cmd:sbatch"
  "cluster:munge:file:/usr/sbin/munged"
)
all_groups="core unit rtl synth vcd plot fuzz reproduce cluster"

check_only=0
if [ "${1:-}" = --check ]; then
  check_only=1
  shift
fi
groups=${*:-$all_groups}
for g in $groups; do
  case " $all_groups " in
    *" $g "*) ;;
    *) echo "deps: unknown group '$g' (groups: $all_groups)" >&2; exit 2 ;;
  esac
done

missing=()
for c in "${checks[@]}"; do
  IFS=: read -r group pkg kind what <<<"$c"
  case " $groups " in *" $group "*) ;; *) continue ;; esac
  case " ${missing[*]} " in *" $pkg "*) continue ;; esac
  case $kind in
    cmd) command -v "$what" >/dev/null 2>&1 || missing+=("$pkg") ;;
    file) [ -e "$what" ] || missing+=("$pkg") ;;
    glob) compgen -G "$what" >/dev/null || missing+=("$pkg") ;;
  esac
done

if [ ${#missing[@]} -eq 0 ]; then
  # The RTL must stay accepted by these exact versions (Debian 12).
  case " $groups " in
    *" rtl "*|*" synth "*)
      vv=$(verilator --version 2>/dev/null | awk '{print $2}')
      yv=$(yosys -V 2>/dev/null | awk '{print $2}')
      case " $groups " in *" rtl "*)
        [ "$vv" = 5.006 ] || echo "deps: note: verilator $vv (gmem is checked with 5.006)" >&2 ;;
      esac
      [ "$yv" = 0.23 ] || echo "deps: note: yosys $yv (gmem is checked with 0.23)" >&2
      ;;
  esac
  exit 0
fi

cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ $check_only = 1 ]; then
  echo "deps: missing: ${missing[*]}; install with: sudo $cmd" >&2
  exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "deps: missing Debian packages: ${missing[*]}" >&2
  echo "deps: install them with: sudo apt-get update && sudo $cmd" >&2
  exit 2
fi
echo "deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 && $cmd >&2 || {
  echo "deps: apt-get failed; run: apt-get update && $cmd" >&2
  exit 2
}
exec "$0" --check $groups
