# The reproduction harness through Slurm (--slurm): a single-node cluster of
# the test's own -- munged, slurmctld and slurmd from Debian's slurm-wlm,
# with a private key, socket, slurm.conf, ports and state in TMP -- takes
# tests/reproduce/tiny.json's four runs as one `sbatch --array` job and
# `sbatch --wait` returns when they are done; every run records its array
# task. It needs root (slurmd runs jobs as their user); where root,
# slurm-wlm or munge is missing, or the daemons do not come up, the test
# says so and skips (exit 77) -- `make test` installs them
# (scripts/deps.sh cluster). The sbatch script itself is checked without Slurm
# by tests/system/reproduce.sh (--slurm --dry-run).
. tests/lib.sh
skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "not root: cannot start slurmd"
for b in /usr/sbin/slurmctld /usr/sbin/slurmd /usr/sbin/munged; do
  [ -x $b ] || skip "no $b (Debian slurm-wlm, munge)"
done
command -v sbatch >/dev/null && command -v munge >/dev/null || skip "no sbatch or munge client"
command -v jq >/dev/null || fail "jq is needed (scripts/deps.sh reproduce)"

s=$TMP/slurm
mkdir -p "$s/state" "$s/spool" && chmod 700 "$s"
pids=()
cleanup() { local p; for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait "${pids[@]}" 2>/dev/null; }
trap cleanup EXIT
dd if=/dev/urandom bs=1 count=1024 of="$s/munge.key" 2>/dev/null && chmod 400 "$s/munge.key"
munged -F -f --key-file="$s/munge.key" --socket="$s/munge.sock" --log-file="$s/munged.log" \
  --pid-file="$s/munged.pid" --seed-file="$s/munged.seed" >"$s/munged.out" 2>&1 &
pids+=($!)
for i in $(seq 20); do munge -S "$s/munge.sock" -n >/dev/null 2>&1 && break; sleep 0.25; done
munge -S "$s/munge.sock" -n >/dev/null 2>&1 || skip "munged did not start: $(tail -n 2 "$s/munged.out" | tr '\n' ' ')"

port=$(( 20000 + (RANDOM % 20000) ))
cat >"$s/slurm.conf" <<EOF
ClusterName=gmemtest
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$s/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/slurmctld.log
SlurmdLogFile=$s/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=localhost CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$s/slurm.conf
slurmctld -D -i >"$s/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N localhost >"$s/slurmd.out" 2>&1 &
pids+=($!)
up=
for i in $(seq 60); do
  sinfo -h -o '%T' 2>/dev/null | grep -qx idle && { up=1; break; }
  sleep 0.25
done
[ -n "$up" ] || skip "slurmctld/slurmd did not come up: $(sinfo 2>&1 | tail -n 1); $(grep -h error "$s"/slurm*.out | tail -n 2 | tr '\n' ' ')"
echo "slurm up: $(sinfo -h | tr -s ' ')"

res=$TMP/res
run timeout 120 scripts/reproduce tests/reproduce/tiny.json --results "$res" --gmem "$GMEM_FAST" --slurm --jobs 2
echo "$OUT"
[ "$RC" = 0 ] || fail "reproduce --slurm exited $RC; logs: $(cat "$res"/slurm/logs/* 2>/dev/null | tail -n 5)"
expect_out "tiny: 4 runs, 0 cached, 4 to run"
expect_out "Submitted batch job [0-9]+"
grep -q '^#SBATCH --array=1-4%2$' "$res/slurm/array.sbatch" || fail "array line wrong"
vias=$(for m in "$res"/cache/*/meta.json; do jq -r .via "$m"; done | sort)
echo "$vias"
[ "$(echo "$vias" | grep -c '^slurm:[0-9]*_[1-4]$')" = 4 ] || fail "not 4 runs from array tasks: $vias"
[ "$(echo "$vias" | sed 's/_.*//' | sort -u | wc -l)" = 1 ] || fail "the runs are not one array job"
[ "$(ls "$res"/slurm/logs | wc -l)" = 4 ] || fail "not 4 task logs"
[ -s "$res/tiny.png" ] && [ -s "$res/tiny.md" ] || fail "no figure written"
exit 0
