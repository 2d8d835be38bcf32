#!/usr/bin/env bash
# Checks the Debian packages gmem needs and installs the missing ones with
# apt-get when run as root; otherwise prints the exact command and exits 2.
#   scripts/deps.sh [GROUP ...]           check, install if root
#   scripts/deps.sh [GROUP ...] --check   check only (exit 2 if something is missing)
# Groups: build (the default: what `make` and its targets need), reproduce
# (scripts/reproduce: GNU parallel, jq, gnuplot; `make reproduce` checks it),
# test (what `make test` adds: the harness's tools, and sshd and Slurm for
# the harness's ssh and Slurm checks).
set -u

groups=()
check_only=0
for a in "$@"; do
  case $a in
    --check) check_only=1 ;;
    build|reproduce|test) groups+=("$a") ;;
    *) echo "deps: unknown argument '$a' (groups: build, reproduce, test; --check)" >&2; exit 2 ;;
  esac
done
[ ${#groups[@]} -gt 0 ] || groups=(build)

# package : a file or command that proves it is installed
build_checks=(
  "gcc:cmd:gcc"
  "g++:cmd:g++"
  "make:cmd:make"
  "verilator:cmd:verilator"
  "yosys:cmd:yosys"
  "libcjson-dev:file:/usr/include/cjson/cJSON.h"
  "libcmocka-dev:file:/usr/include/cmocka.h"
  "gtkwave:cmd:vcd2fst"
  "gnuplot-nox:cmd:gnuplot"
)
reproduce_checks=(
  "parallel:cmd:parallel"
  "jq:cmd:jq"
  "gnuplot-nox:cmd:gnuplot"
)
test_checks=(
  "${reproduce_checks[@]}"
  "file:cmd:file"
  "openssh-client:cmd:ssh-keygen"
  "openssh-server:file:/usr/sbin/sshd"
  "slurm-wlm:file:/usr/sbin/slurmctld"
  "slurm-client:cmd:sbatch"
  "munge:file:/usr/sbin/munged"
)
checks=()
for g in "${groups[@]}"; do
  case $g in
    build) checks+=("${build_checks[@]}") ;;
    reproduce) checks+=("${reproduce_checks[@]}") ;;
    test) checks+=("${test_checks[@]}") ;;
  esac
done

missing=()
declare -A seen=()
for c in "${checks[@]}"; do
  IFS=: read -r pkg kind what <<<"$c"
  [ -z "${seen[$pkg]:-}" ] || continue
  seen[$pkg]=1
  if [ "$kind" = cmd ]; then
    command -v "$what" >/dev/null 2>&1 || missing+=("$pkg")
  else
    [ -e "$what" ] || missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  [[ " ${groups[*]} " == *" build "* ]] || exit 0
  # The RTL must stay accepted by these exact versions (Debian 12).
  vv=$(verilator --version 2>/dev/null | awk '{print $2}')
  yv=$(yosys -V 2>/dev/null | awk '{print $2}')
  [ "$vv" = 5.006 ] || echo "deps: note: verilator $vv (gmem is checked with 5.006)" >&2
  [ "$yv" = 0.23 ] || echo "deps: note: yosys $yv (gmem is checked with 0.23)" >&2
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
exec "$0" "${groups[@]}" --check
