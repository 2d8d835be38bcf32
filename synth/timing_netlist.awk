# synth/timing_netlist.awk -- turn yosys' mapped BLIF into the netlist ABC times.
#
#   awk -f synth/timing_netlist.awk -v map=NAMES FFSPEC MAPPED.blif > TIMING.blif
#
# FFSPEC holds "FFPIN <cell> <pin> <input|output|clock>" lines (liberty.awk).
# ABC's `stime` only times combinational logic from primary inputs to
# primary outputs, so every flip-flop instance is cut open:
#   - each flop output pin (Q, QN) becomes a new primary input that drives
#     the old net through GMEM_TCQ_<cell>, a buffer carrying the flop's
#     published CK->Q tables, so a path that starts at a flop includes the
#     load-dependent clock-to-q delay;
#   - each flop data input pin (D) is fed to GMEM_TSU_<cell>, a buffer with
#     the D pin capacitance and a fixed delay equal to the setup time, whose
#     output becomes a new primary output; a path that ends at a flop thus
#     includes the setup time;
#   - the clock pin is dropped (ideal clock, no skew).
# Block inputs start at time 0 with zero slew and block outputs have no load,
# so in->out paths count only the gates in between.
# Yosys' `.names` buffers (net aliases) become GMEM_WIRE (zero delay) and
# constant nets become primary inputs (they never switch).
# NAMES gets one line per ABC input/output in ABC's order
# ("pi|po <index> <in|out|reg|const> <name>"): ABC reports the critical
# path as "Start-point = piN.  End-point = poM.".

function addpi(net, kind, name) {
    if ((net) in seen) return
    seen[net] = 1; pis[npi++] = net; pikind[net] = kind; piname[net] = name
}
function addpo(net, kind, name) { pos[npo++] = net; pokind[net] = kind; poname[net] = name }

FNR == NR { if ($1 == "FFPIN") { role[$2, $3] = $4; isff[$2] = 1 } ; next }

{
    # BLIF continuation lines end in "\"
    while ($0 ~ /\\[ \t\r]*$/ && (getline nxt) > 0) { sub(/\\[ \t\r]*$/, ""); $0 = $0 " " nxt }
}
/^[ \t]*(#|$)/ { next }
$1 == ".model"   { model = $2; next }
$1 == ".inputs"  { for (i = 2; i <= NF; i++) addpi($i, "in", $i); next }
$1 == ".outputs" { for (i = 2; i <= NF; i++) addpo($i, "out", $i); next }
$1 == ".names" {
    if (NF == 2) { addpi($2, "const", $2); next }            # constant net
    if (NF != 3) { print "timing_netlist.awk: unexpected logic: " $0 > "/dev/stderr"; bad = 1; next }
    body[nb++] = ".gate GMEM_WIRE A=" $2 " Z=" $3; next
}
/^[ \t]*[01-]/ { next }                                     # .names cube lines
$1 == ".gate" || $1 == ".subckt" {
    cell = $2
    if (!isff[cell]) { $1 = ".gate"; body[nb++] = $0; next }
    k++; qname = ""; nd = 0
    for (i = 3; i <= NF; i++) {
        split($i, pn, "="); r = role[cell, pn[1]]
        if (r == "") { b = pn[1]; sub(/\[[0-9]+\]$/, "", b); r = role[cell, b] }   # a bus pin: its bus's role
        if (r == "output") {
            if (qname == "") qname = pn[2]
            pi = "gm_ff" k "_" pn[1]
            addpi(pi, "reg", pn[2])
            body[nb++] = ".gate GMEM_TCQ_" cell " A=" pi " Z=" pn[2]
        } else if (r == "input") {
            po = "gm_ff" k "_" pn[1]; dnet[nd++] = po
            addpo(po, "reg", "")
            body[nb++] = ".gate GMEM_TSU_" cell " A=" pn[2] " Z=" po
        }
    }
    for (i = 0; i < nd; i++) poname[dnet[i]] = qname       # name a flop by its Q net
    next
}
$1 == ".end" || $1 == ".cname" { next }
{ print "timing_netlist.awk: unexpected BLIF line: " $0 > "/dev/stderr"; bad = 1 }

END {
    if (bad) exit 1
    print ".model " model
    for (i = 0; i < npi; i++) { print ".inputs " pis[i];  print "pi", i, pikind[pis[i]], piname[pis[i]] > map }
    for (i = 0; i < npo; i++) { print ".outputs " pos[i]; print "po", i, pokind[pos[i]], poname[pos[i]] > map }
    for (i = 0; i < nb; i++) print body[i]
    print ".end"
}
