# synth/flop_names.awk -- name each flip-flop of a mapped netlist after the
# register bit it holds, so OpenSTA's paths start and end at names a reader
# knows (`rr_q[3]_reg`, not `_4219_`).
#
#   awk -f synth/flop_names.awk -v ffs="DFF_X1 DFFR_X1" mapped.v > named.v
#
# Input: yosys `write_verilog -noattr`, one pin per line. A flop whose Q
# drives a named net (the register) becomes `\<net>_reg `; one whose Q net
# yosys named itself (`_123_`) keeps its name. yosys' `autoname` does this
# for every cell, a minute and a half on a 300 k-cell block (rename -wire
# skips a flop whose QN is unnamed, i.e. nearly all of them).
BEGIN { n = split(ffs, t, " "); for (i = 1; i <= n; i++) ff[t[i]] = 1 }
held {
    buf[++nb] = $0
    if ($0 ~ /^[ \t]*\.Q\(/) {
        q = $0; sub(/^[ \t]*\.Q\(/, "", q); sub(/\),?[ \t]*$/, "", q)
        sub(/^\\/, "", q); gsub(/ /, "", q)
        if (q != "" && q !~ /^_[0-9]+_$/) name = "\\" q "_reg "
    }
    if ($0 ~ /\);[ \t]*$/) {
        if (name != "") { h = buf[1]; sub(/[^ ]+ \($/, name "(", h); buf[1] = h }
        for (i = 1; i <= nb; i++) print buf[i]
        held = 0
    }
    next
}
$1 in ff && $NF == "(" && NF == 3 { held = 1; nb = 1; buf[1] = $0; name = ""; next }
{ print }
