# `make` (build/gmem) needs only a C compiler, make, libcjson and liblzma: in a
# scratch copy of the sources, with a PATH of links to just the compiler,
# binutils, make, the shell and the coreutils it uses -- no verilator,
# yosys, vcd2fst, gnuplot, clang or git -- it builds build/gmem, which
# runs. A target that needs Verilator still asks for it.
. tests/lib.sh
src=$TMP/src
bin=$TMP/bin
mkdir -p "$src" "$bin"
tar -C . -cf - Makefile cmodel configs scripts | tar -C "$src" -xf -
for t in bash sh cc gcc cpp as ld ld.bfd make find cat cmp printf mkdir mv rm touch echo \
         id dirname basename sed grep tr head tail sort uname expr env ls true false; do
  p=$(command -v "$t") || continue
  ln -s "$(readlink -f "$p")" "$bin/$t"
done
for t in verilator yosys vcd2fst gnuplot clang git g++ apt-get; do
  [ -e "$bin/$t" ] && fail "$t is in the scratch PATH"
done
[ -e "$bin/gcc" ] || fail "no gcc to link"
# gcc finds its own programs (cc1, collect2, lto-wrapper) by its install path
run env -i HOME="$TMP" PATH="$bin" make -C "$src" -j2
[ "$RC" = 0 ] || fail "make without the RTL tools exited $RC:
$(echo "$OUT" | tail -n 30)"
echo "$OUT" | grep -Eq "verilator|yosys|vcd2fst|gnuplot" && fail "make mentioned an RTL tool:
$OUT"
[ -x "$src/build/gmem" ] || fail "no build/gmem"
expect_rc 3 env -i PATH="$bin" "$src/build/gmem" run --config fermi-gtx480 \
  --workload stream:ctas=1 --max-cycles 100
expect_out " on fermi-gtx480: 100 cycles"
expect_rc 0 env -i PATH="$bin" "$src/build/gmem" --version
expect_out "^gmem unknown$"
# groups already checked are not checked again (nor all of them instead)
touch "$src/build/.deps-core" "$src/build/.deps-rtl"
run env -i HOME="$TMP" PATH="$bin" make -n -C "$src" cosim
echo "$OUT" | grep -q "deps:" && fail "make -n cosim checked dependencies again:
$(echo "$OUT" | grep deps:)"
rm "$src/build/.deps-rtl"
# ... and the RTL build asks for Verilator (and cannot install it: no apt-get here)
run env -i HOME="$TMP" PATH="$bin" make -C "$src" cosim
[ "$RC" = 2 ] || fail "make cosim without Verilator exited $RC"
expect_out "deps: .*verilator"
exit 0
