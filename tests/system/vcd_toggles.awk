# tests/system/vcd_toggles.awk -- toggle counts of one block instance from
# its VCD (gmem-cosim run --vcd PREFIX --vcd-instance PATH), written apart
# from testbench/toggles.c so the two can be compared:
#
#   awk -v from=S -v to=E -f tests/system/vcd_toggles.awk PREFIX.c.vcd
#
# The engine dumps cycle k's last evaluation at time 2k+4 and its rising
# edge at 2k+5. A cycle's sample: outputs (_o) as of 2k+4, inputs (_i) and
# registers (_q) as of 2k+5. For k in [from, to): a bit toggles when it
# differs from cycle k-1's sample; it is high when it is 1. Prints the
# toggle file's lines: "cycles N", "<net> <toggles> <high>" per bit of
# every variable of the block's scope (depth 2), and "sram <array> -
# <cycles any element changed>" per register array.

function pad(s, w) { while (length(s) < w) s = "0" s; return s }

# Variables are kept by name: Verilator gives one identifier to every
# signal with the same value (a port and the register driving it).
function sample(k,    i, nm, v, p, b, arr, changed) {
    for (i = 1; i <= nv; i++) {
        nm = VARS[i]
        v = (KIND[nm] == "o") ? OUTV[nm] : CUR[ID[nm]]
        if (k >= from) {
            p = PREV[nm]
            if (v != p)
                for (b = 1; b <= W[nm]; b++)
                    if (substr(v, b, 1) != substr(p, b, 1)) TOG[nm, W[nm] - b]++
            for (b = 1; b <= W[nm]; b++) if (substr(v, b, 1) == "1") HIGH[nm, W[nm] - b]++
            if (v != p && ARR[nm] != "") changed[ARR[nm]] = 1
        }
        PREV[nm] = v
    }
    if (k >= from) { cycles++; for (arr in changed) WR[arr]++ }
}

# every sample time in [t0, t1)
function advance(t0, t1,    T, k, i) {
    if (t0 < 2 * (from - 1) + 4) t0 = 2 * (from - 1) + 4
    if (t1 > 2 * (to - 1) + 6) t1 = 2 * (to - 1) + 6
    for (T = t0; T < t1; T++) {
        k = int((T - 4) / 2)
        if (T % 2 == 0) { for (i = 1; i <= nv; i++) if (KIND[VARS[i]] == "o") OUTV[VARS[i]] = CUR[ID[VARS[i]]] }
        else sample(k)
    }
}

BEGIN { if (from < 1) { print "vcd_toggles.awk: from must be >= 1 (cycle from-1 is the baseline)" > "/dev/stderr"; exit 2 } }
$1 == "$scope" { depth++; next }
$1 == "$upscope" { depth--; next }
$1 == "$var" {
    if (depth != 2) next
    name = $5; kind = substr(name, length(name), 1)
    if (name !~ /_[ioq](\[[0-9]+\])?$/ || (name in W)) next
    if (name ~ /\]$/) { kind = "q"; base = name; sub(/\[[0-9]+\]$/, "", base); ARR[name] = base; ARRS[base] = 1 }
    W[name] = $3; ID[name] = $4; KIND[name] = kind; VARS[++nv] = name; WID[$4] = $3
    if (!($4 in CUR)) CUR[$4] = pad("", $3)
    next
}
/^#/ { t = substr($0, 2) + 0; if (started) advance(last, t); last = t; started = 1; next }
/^b/ { if ($2 in WID) CUR[$2] = pad(substr($1, 2), WID[$2]); next }
/^[01xz]/ { id = substr($0, 2); if (id in WID) CUR[id] = substr($0, 1, 1); next }
END {
    if (started) advance(last, last + 1)
    print "cycles " cycles
    for (i = 1; i <= nv; i++) {
        nm = VARS[i]
        for (b = 0; b < W[nm]; b++)
            printf "%s %d %d\n", (W[nm] > 1 ? nm "[" b "]" : nm), TOG[nm, b], HIGH[nm, b]
    }
    for (a in ARRS) printf "sram %s - %d\n", a, WR[a]
}
