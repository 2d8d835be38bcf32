# Bounded inputs: every reader of a file refuses what is not a regular file
# (a device, a directory, a FIFO) and a file over its documented size
# (util/file.h) before reading it, naming the file; a traceg kernelslist
# cannot lead outside its directory.
. tests/lib.sh
mkdir -p "$TMP/dir"
mkfifo "$TMP/fifo"
truncate -s 17M "$TMP/big.json"

# configs (run), parameter points (block-params), stats (stats-get, diff-stats)
for f in /dev/zero "$TMP/fifo"; do
  expect_rc 2 timeout 20 "$GMEM" run --config "$f" --workload atax
  expect_out "gmem: $f: not a regular file \((a character device|a FIFO)\)$"
  expect_rc 2 timeout 20 "$GMEM" block-params milg "$f"
  expect_out "$f: not a regular file"
  expect_rc 2 timeout 20 "$GMEM" stats-get "$f" ipc
  expect_out "$f: not a regular file"
  expect_rc 2 timeout 20 "$GMEM" diff-stats tests/golden/stats/fermi-atax.json "$f"
  expect_out "$f: not a regular file"
done
expect_rc 2 "$GMEM" run --config "$TMP/dir" --workload atax
expect_out "gmem: $TMP/dir: is a directory$"
expect_rc 2 "$GMEM" block-params milg "$TMP/dir"
expect_out "$TMP/dir: is a directory"
expect_rc 2 "$GMEM" run --config "$TMP/big.json" --workload atax
expect_out "big.json: 17825792 bytes, more than the 16777216-byte limit"

# .gmt traces
for f in /dev/zero "$TMP/fifo"; do
  expect_rc 2 timeout 20 "$GMEM" run --workload "trace:file=$f"
  expect_out "trace:file=$f: file: $f: not a regular file"
done
expect_rc 2 "$GMEM" run --workload "trace:file=$TMP/dir"
expect_out "trace:file=$TMP/dir: file: $TMP/dir: is a directory$"

# Accel-Sim traces: kernelslist.g and the kernel files
tg=$TMP/tg
mkdir -p "$tg"
ln -s /dev/zero "$tg/kernelslist.g"
expect_rc 2 timeout 20 "$GMEM" run --workload "traceg:dir=$tg"
expect_out "$tg/kernelslist.g: not a regular file"
rm "$tg/kernelslist.g"
mkdir "$tg/kernelslist.g"
expect_rc 2 "$GMEM" run --workload "traceg:dir=$tg"
expect_out "$tg/kernelslist.g: is a directory"
rmdir "$tg/kernelslist.g"
echo kernel-1.traceg > "$tg/kernelslist.g"
mkdir "$tg/kernel-1.traceg"
expect_rc 2 "$GMEM" run --workload "traceg:dir=$tg"
expect_out "$tg/kernel-1.traceg: is a directory"
rmdir "$tg/kernel-1.traceg"
mkfifo "$tg/kernel-1.traceg"
expect_rc 2 timeout 20 "$GMEM" run --workload "traceg:dir=$tg"
expect_out "$tg/kernel-1.traceg: not a regular file \(a FIFO\)"
rm "$tg/kernel-1.traceg"
# a path outside the directory: by '..' or by a link
echo 'kernel/../../../../etc/passwd' > "$tg/kernelslist.g"
expect_rc 2 "$GMEM" run --workload "traceg:dir=$tg"
expect_out "kernelslist.g:1: kernel/../../../../etc/passwd leaves the trace directory"
ln -s /etc/passwd "$tg/kernel-1.traceg"
echo kernel-1.traceg > "$tg/kernelslist.g"
expect_rc 2 "$GMEM" run --workload "traceg:dir=$tg"
expect_out "kernelslist.g:1: $tg/kernel-1.traceg is /etc/passwd, outside the trace directory"
rm "$tg/kernel-1.traceg"
# a line past the 64 KiB limit; more warps than the file could hold
{ printf -- '-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-kernel name = '
  head -c 70000 /dev/zero | tr '\0' x; echo; } > "$tg/kernel-1.traceg"
expect_rc 2 "$GMEM" run --workload "traceg:dir=$tg"
expect_out "kernel-1.traceg:3: a line longer than 65536 bytes"
printf -- '-grid dim = (1048576,1,1)\n-block dim = (1024,1,1)\n\n#BEGIN_TB\n' > "$tg/kernel-1.traceg"
expect_rc 2 "$GMEM" run --workload "traceg:dir=$tg"
expect_out "kernel-1.traceg:4: 33554432 warps in a 61-byte file"
exit 0
