# The reproduction harness over two "hosts" with --sshloginfile: an sshd of
# the test's own (its host key, its port, its authorized key, in TMP)
# listens on 127.0.0.1 and 127.0.0.2, root logs in by key, and GNU parallel
# runs tests/reproduce/tiny.json's four runs on both, one at a time each;
# every run records the address it was reached at. It needs root (sshd's
# privilege separation and a root login); where root, Debian's
# openssh-server or a free port is missing, the test says so and skips
# (exit 77) -- `make test` installs openssh-server (scripts/deps.sh cluster).
. tests/lib.sh
skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "not root: cannot start an sshd that takes root logins"
[ -x /usr/sbin/sshd ] || skip "no /usr/sbin/sshd (Debian openssh-server)"
command -v ssh >/dev/null && command -v ssh-keygen >/dev/null || skip "no ssh client (Debian openssh-client)"
command -v parallel >/dev/null && command -v jq >/dev/null ||
  fail "GNU parallel and jq are needed (scripts/deps.sh reproduce)"

k=$TMP/ssh
mkdir -p "$k" /run/sshd && chmod 700 "$k"
ssh-keygen -q -t ed25519 -N '' -f "$k/host_key" || fail "ssh-keygen (host key)"
ssh-keygen -q -t ed25519 -N '' -f "$k/id" || fail "ssh-keygen (user key)"
cp "$k/id.pub" "$k/authorized_keys"
sshd_pid=
cleanup() { [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null && wait "$sshd_pid" 2>/dev/null; }
trap cleanup EXIT
started=
for try in 1 2 3 4 5; do
  port=$(( 20000 + (RANDOM % 20000) ))
  cat >"$k/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
ListenAddress 127.0.0.2
HostKey $k/host_key
PidFile $k/sshd.pid
AuthorizedKeysFile $k/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
LogLevel ERROR
EOF
  /usr/sbin/sshd -D -e -f "$k/sshd_config" >"$k/sshd.log" 2>&1 &
  sshd_pid=$!
  sshc="ssh -i $k/id -p $port -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o ConnectTimeout=5"
  for i in $(seq 20); do
    if $sshc root@127.0.0.2 true 2>/dev/null && $sshc root@127.0.0.1 true 2>/dev/null; then started=1; break; fi
    kill -0 "$sshd_pid" 2>/dev/null || break
    sleep 0.25
  done
  [ -n "$started" ] && break
  kill "$sshd_pid" 2>/dev/null; wait "$sshd_pid" 2>/dev/null; sshd_pid=
done
[ -n "$started" ] || skip "sshd could not be started or reached here: $(tail -n 3 "$k/sshd.log" | tr '\n' ' ')"
echo "sshd on 127.0.0.1 and 127.0.0.2 port $port (pid $sshd_pid)"
# The remote side runs the checkout's script at the same path (it is this
# machine: a shared file system, as the harness requires).
out=$($sshc root@127.0.0.2 "cd $PWD && scripts/reproduce --help | head -n 1") || fail "remote run of the script failed"
[[ $out == usage:* ]] || fail "remote --help: $out"

printf '1/%s root@127.0.0.1\n1/%s root@127.0.0.2\n' "$sshc" "$sshc" >"$k/hosts"
res=$TMP/res
run scripts/reproduce tests/reproduce/tiny.json --results "$res" --gmem "$GMEM_FAST" \
  --sshloginfile "$k/hosts" --jobs 1
[ "$RC" = 0 ] || fail "reproduce over ssh exited $RC: $OUT"
echo "$OUT"
expect_out "tiny: 4 runs, 0 cached, 4 to run"
[ "$(echo "$OUT" | grep -c '^done tiny ')" = 4 ] || fail "not 4 runs done"
vias=$(for m in "$res"/cache/*/meta.json; do jq -r .via "$m"; done | sort | uniq -c)
echo "runs per host:"; echo "$vias"
echo "$vias" | grep -q ' ssh:127.0.0.1$' || fail "no run on 127.0.0.1"
echo "$vias" | grep -q ' ssh:127.0.0.2$' || fail "no run on 127.0.0.2"
echo "$vias" | grep -q ' local$' && fail "a run ran locally, not over ssh"
[ -s "$res/tiny.png" ] && [ -s "$res/tiny.md" ] || fail "no figure written"
# The same figure run locally from the same cache: nothing reruns, and the
# results are those of the ssh runs.
cp "$res/tiny.json" "$TMP/ssh.json"
run scripts/reproduce tests/reproduce/tiny.json --results "$res" --gmem "$GMEM_FAST" --jobs 2
[ "$RC" = 0 ] || fail "local rerun exited $RC"
expect_out "tiny: 4 runs, 4 cached, 0 to run"
cmp -s "$res/tiny.json" "$TMP/ssh.json" || fail "results changed on the cached rerun"
exit 0
