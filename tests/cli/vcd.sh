# --vcd writes both sides' VCDs: each a valid VCD (gtkwave's vcd2fst reads
# it), every C-side signal present in the RTL VCD under the same
# hierarchical name, and the two agreeing on every value at every time.
. tests/lib.sh

# "time scope.name value" for every change, for the signals of the C side.
changes() { # changes FILE NAMESFILE
  awk -v names="$2" '
    BEGIN { while ((getline n < names) > 0) want[n] = 1 }
    $1 == "$scope" { scope[++d] = $3; next }
    $1 == "$upscope" { d--; next }
    $1 == "$var" {
      p = scope[1]; for (i = 2; i <= d; i++) p = p "." scope[i]
      full = p "." $5
      if (full in want) ids[$4] = ids[$4] " " full
      next
    }
    /^#/ { t = substr($0, 2); next }
    /^b/ { split($0, a, " "); v = substr(a[1], 2); id = a[2]; emit(); next }
    /^[01xz]/ { v = substr($0, 1, 1); id = substr($0, 2); emit(); next }
    function emit(  k, n, arr) {
      if (!(id in ids)) return
      n = split(ids[id], arr, " ")
      for (k = 1; k <= n; k++) print t, arr[k], v
    }' "$1" | sort
}

for point in default zero_hold; do
  expect_rc 0 "$GMEM_COSIM" cosim milg --cycles 3000 --seed 2 --point $point --vcd "$TMP/milg"
  [ $point = default ] && p=$TMP/milg || p=$TMP/milg.$point
  for side in c rtl; do
    [ -s "$p.$side.vcd" ] || fail "$p.$side.vcd missing"
    vcd2fst "$p.$side.vcd" "$TMP/x.fst" >/dev/null 2>&1 || fail "vcd2fst rejects $p.$side.vcd"
  done
  # Names declared on the C side (full hierarchical names).
  awk '$1 == "$scope" { s[++d] = $3 } $1 == "$upscope" { d-- }
       $1 == "$var" { p = s[1]; for (i = 2; i <= d; i++) p = p "." s[i]; print p "." $5 }' \
      "$p.c.vcd" | sort -u > "$TMP/names"
  [ "$(wc -l < "$TMP/names")" -ge 20 ] || fail "too few C-side signals"
  changes "$p.c.vcd" "$TMP/names" > "$TMP/c.txt"
  changes "$p.rtl.vcd" "$TMP/names" > "$TMP/rtl.txt"
  cut -d' ' -f2 "$TMP/rtl.txt" | sort -u > "$TMP/rtl_names"
  missing=$(comm -23 "$TMP/names" "$TMP/rtl_names")
  [ -z "$missing" ] || fail "C-side signals absent from the RTL VCD: $missing"
  [ "$(wc -l < "$TMP/c.txt")" -gt 1000 ] || fail "too few value changes"
  diff -q "$TMP/c.txt" "$TMP/rtl.txt" >/dev/null || {
    diff "$TMP/c.txt" "$TMP/rtl.txt" | head -5; fail "C and RTL waveforms differ"; }
done
exit 0
