# The seam of cmodel/sim (README "The GPU memory model"), read off the
# objects and the sources:
# 1. the stages' symbol dependencies (nm of each stage's object: a stage
#    depends on another when it uses a symbol the other defines) have no
#    cycle, and no stage uses a symbol of the GPU (gpu.o), of the plug-in
#    list (plugin.o) or of a plug-in (plug/*.o) -- plug-ins join stages
#    through hook points, never the other way round;
# 2. no file of cmodel/sim reads a block's state around its ports: no block
#    state type (X_t) and no block function but X_eval, X_tick and X_idle
#    (the block contract's) is named.
# Each check first proves it can fail, on input made to fail it.
. tests/lib.sh
obj=build/san/cmodel/sim
stages="sm lsu l1d cache icnt l2 dram"
for s in $stages gpu plugin; do
  [ -f "$obj/$s.o" ] || fail "$obj/$s.o is missing (make test builds it)"
done

defined() { nm --defined-only "$@" 2>/dev/null | awk 'NF == 3 && $2 ~ /^[TDBRC]$/ { print $3 }' | sort -u; }
undefined() { nm -u "$1" | awk '{ print $NF }' | sort -u; }

# 1. dependencies among the stages
: > "$TMP/edges"
for a in $stages; do
  undefined "$obj/$a.o" > "$TMP/$a.und"
  for b in $stages; do
    [ "$a" = "$b" ] && continue
    defined "$obj/$b.o" > "$TMP/$b.def"
    if [ -n "$(comm -12 "$TMP/$a.und" "$TMP/$b.def")" ]; then
      echo "$a $b" >> "$TMP/edges"
    fi
  done
  echo "$a $a" >> "$TMP/edges" # every stage is a node, even a lone one
done
echo "stage dependencies:"; grep -v '^\(\S*\) \1$' "$TMP/edges" | sed 's/ / -> /; s/^/  /'
printf 'sm lsu\nlsu l1d\nl1d sm\n' | tsort >/dev/null 2>&1 && fail "tsort missed a cycle"
tsort "$TMP/edges" > /dev/null 2> "$TMP/tsort.err" || fail "the stages depend on each other in a cycle:
$(cat "$TMP/tsort.err")
$(cat "$TMP/edges")"
# the data path's order: nothing upstream is used by what is downstream
for e in "lsu sm" "l1d lsu" "l1d sm" "cache l1d" "icnt lsu" "icnt l1d" "l2 icnt" "dram l2"; do
  grep -qx "$e" "$TMP/edges" && fail "stage ${e% *} uses stage ${e#* } (against the data path)"
done

defined "$obj/gpu.o" "$obj/plugin.o" "$obj"/plug/*.o > "$TMP/above"
for a in $stages; do
  used=$(comm -12 "$TMP/$a.und" "$TMP/above")
  [ -z "$used" ] || fail "stage $a uses the GPU's or a plug-in's symbols: $used"
done
comm -12 <(undefined "$obj/gpu.o") <(defined "$obj/sm.o") | grep -q . ||
  fail "the symbol check sees nothing (gpu.o should use sm.o)"

# 2. block state read around the ports
blocks=$(for f in cmodel/blocks/*.ports; do basename "$f" .ports; done | paste -sd'|')
pattern="\\b($blocks)_(t|quiet|reset|init|counters|decide)\\b|\\b($blocks)_t *\\*"
printf 'x = ((const dts_duel_t *)g->duel.st)->en;\n' > "$TMP/bad.c"
grep -Eq "$pattern" "$TMP/bad.c" || fail "the state-read pattern misses a known read"
if grep -rnE "$pattern" cmodel/sim; then
  fail "cmodel/sim reads block state around the ports (above)"
fi
exit 0
