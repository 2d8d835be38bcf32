# synth/power.awk -- leakage and dynamic power of a mapped block.
#
#   awk -f synth/power.awk -v mhz=700 -v vdd=1.1 -v default_act=0.1 -v out_load=0.974659 \
#       [-v actfile=FILE.tgl] POWERFACTS MAPPED.blif
#
# POWERFACTS comes from synth/liberty.awk what=power (standard cells) plus the
# SRAM lines run.sh appends:
#   PCELL  <cell> <leakage_nW>
#   PPIN   <cell> <pin> <input|output|clock> <cap_fF>
#   PFUNC  <cell> <pin> <function>               (combinational outputs)
#   PSEQ   <cell> <D pin> <Q pin> <QN pin or ->  (positive-edge flop)
#   POUT   <cell> <pin> <load1> <E1_fJ> <load2> <E2_fJ>   internal energy per
#          output transition, mean of rise and fall and of the pin's related
#          groups, at the midpoint of the two published input slews
#   PIN    <cell> <pin> <E_fJ>                    input-pin internal energy per
#          transition (mean of rise and fall)
#   PSRAM  <cell> <read_pJ> <write_pJ> <leak_mW>  (gm_sram macros)
#
# Activity (toggles per clock cycle) of each net:
#   - no actfile: every net toggles default_act times a cycle with duty 0.5
#     (the labelled default); SRAM ports are read and written in default_act
#     of the cycles;
#   - actfile (format below): nets it names take its rates; block inputs it
#     does not name take default_act; every other net is propagated from its
#     driver's inputs (transition density with independent inputs: a gate
#     output toggles sum_i P(dy/dx_i) * D(x_i) times a cycle, its duty is
#     P(y = 1)); a flop's Q takes its D's rate unless named. Loops through
#     flops are iterated 8 times.
# The clock (pins of type clock) toggles twice a cycle.
#
# Power (mW at mhz):
#   leakage   sum of cell_leakage_power (+ SRAM leakage);
#   switching 0.5 * C * Vdd^2 per transition of every cell-driven net, C the
#             sum of its load pins' capacitances (+ out_load per block
#             output); nets driven from block inputs are not counted;
#   internal  per output transition the POUT energy at the net's load, per
#             input-pin transition the PIN energy (the flop's D and clock);
#             a flop's QN internal energy counts with Q's transitions;
#   sram      reads/cycle * read energy + writes/cycle * write energy.
#
# Toggle file (synth/README.md, "Activity"): '#' comments, then
#   cycles <N>                       cycles observed (required, first)
#   <net> <toggles> [<cycles high>]  a net of the mapped netlist: a register
#                                    bit as the RTL names it (cnt_q[3]) or a
#                                    block port bit (addr_i[5])
#   sram <instance> <reads> <writes> accesses of a gm_sram instance or an
#                                    array macro (named after the RTL array,
#                                    slot_info_q); '-' for a count the file
#                                    does not know: reads then come from the
#                                    macro's read enable (re, RD_EN), writes
#                                    from `we` or default_act
#
# Output: "key value" lines: leakage_mw internal_mw switching_mw sram_mw
# total_mw nets named_nets matched_nets mode, and how much of the netlist a
# file covers: flop_q (flops) / flop_named (whose Q it names), ports (port
# bits but clk, rst_n) / ports_named.

function tbl_energy(cell, pin, load,    l1, e1, l2, e2) {
    if (!((cell, pin) in POL1)) return 0
    l1 = POL1[cell, pin]; e1 = POE1[cell, pin]; l2 = POL2[cell, pin]; e2 = POE2[cell, pin]
    if (l2 == l1) return e1
    return e1 + (e2 - e1) * (load - l1) / (l2 - l1)
}

# --- boolean function of a cell output: truth table over its input pins -----
# A tiny recursive-descent evaluator for liberty function strings:
# expr := term (('|' | '+' | '^') term)* ; term := factor (('&' | '*' | ' ') factor)* ;
# factor := '!' factor | '(' expr ')' | pin ['\''] | '1' | '0'
function ev_expr(    v, op, w) {
    v = ev_term()
    while (TP <= TN && (TOK[TP] == "|" || TOK[TP] == "+" || TOK[TP] == "^")) {
        op = TOK[TP++]; w = ev_term()
        v = (op == "^") ? ((v + w) % 2) : (v || w)
    }
    return v
}
function ev_term(    v, w) {
    v = ev_factor()
    while (TP <= TN && (TOK[TP] == "&" || TOK[TP] == "*" || TOK[TP] == "!" || TOK[TP] == "(" || TOK[TP] ~ /^[A-Za-z01]/)) {
        if (TOK[TP] == "&" || TOK[TP] == "*") TP++
        w = ev_factor(); v = v && w
    }
    return v
}
function ev_factor(    v, t) {
    t = TOK[TP++]
    if (t == "!") return !ev_factor()
    if (t == "(") { v = ev_expr(); TP++; return v }
    if (t == "1") v = 1
    else if (t == "0") v = 0
    else v = VAL[t] + 0
    if (TP <= TN && TOK[TP] == "'") { TP++; v = !v }
    return v
}
function tokenize(s,    i, c, name) {
    TN = 0; name = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c ~ /[A-Za-z0-9_]/) { name = name c; continue }
        if (name != "") { TOK[++TN] = name; name = "" }
        if (c ~ /[!&|^()*+']/) TOK[++TN] = c
    }
    if (name != "") TOK[++TN] = name
}
# TT[cell, pin, k] for k = 0 .. 2^n - 1, inputs ordered as INS[cell, 1..n]
function truth(cell, pin,    n, k, j) {
    n = NIN[cell]
    tokenize(FUNC[cell, pin])
    for (k = 0; k < 2 ^ n; k++) {
        for (j = 1; j <= n; j++) VAL[INS[cell, j]] = int(k / 2 ^ (j - 1)) % 2
        TP = 1
        TT[cell, pin, k] = ev_expr() ? 1 : 0
    }
}

BEGIN {
    if (mhz == "") mhz = 700
    if (vdd == "") vdd = 1.1
    if (default_act == "") default_act = 0.1
    if (out_load == "") out_load = 0
    mode = (actfile == "") ? "default" : "file"
    if (actfile != "") {
        cycles = 0
        while ((getline line < actfile) > 0) {
            sub(/#.*/, "", line); n = split(line, f, " ")
            if (n == 0) continue
            if (f[1] == "cycles") { cycles = f[2] + 0; continue }
            if (cycles <= 0) { print "power.awk: " actfile ": 'cycles N' must come first" > "/dev/stderr"; exit 2 }
            if (f[1] == "sram") {
                if (f[3] != "-") SR[f[2]] = f[3] / cycles
                if (f[4] != "-") SW[f[2]] = f[4] / cycles
                nsram_named++; continue
            }
            named++
            ACTF[f[1]] = f[2] / cycles
            DUTYF[f[1]] = (n >= 3) ? f[3] / cycles : 0.5
        }
        close(actfile)
    }
}

# ---- facts ----
FNR == NR {
    if ($1 == "PCELL") LEAK[$2] = $3
    else if ($1 == "PPIN") { DIR[$2, $3] = $4; CAP[$2, $3] = $5
        if ($4 == "input" || $4 == "clock") { NIN[$2]++; INS[$2, NIN[$2]] = $3 } }
    else if ($1 == "PFUNC") { fstr = $0; sub(/^PFUNC [^ ]+ [^ ]+ /, "", fstr); FUNC[$2, $3] = fstr; OUTS[$2] = OUTS[$2] " " $3 }
    else if ($1 == "PSEQ") { SEQD[$2] = $3; SEQQ[$2] = $4; SEQQN[$2] = $5 }
    else if ($1 == "POUT") { POL1[$2, $3] = $4; POE1[$2, $3] = $5; POL2[$2, $3] = $6; POE2[$2, $3] = $7 }
    else if ($1 == "PIN") PINE[$2, $3] = $4
    else if ($1 == "PSRAM") { SRAMR[$2] = $3; SRAMW[$2] = $4; SRAML[$2] = $5 }
    next
}

# ---- the mapped netlist (BLIF from yosys write_blif -gates) ----
{ while ($0 ~ /\\[ \t\r]*$/ && (getline nxt) > 0) { sub(/\\[ \t\r]*$/, ""); $0 = $0 " " nxt } }
/^[ \t]*(#|$)/ { next }
$1 == ".inputs"  { for (i = 2; i <= NF; i++) { ISIN[$i] = 1; NETS[$i] = 1 } next }
$1 == ".outputs" { for (i = 2; i <= NF; i++) { ISOUT[$i] = 1; NETS[$i] = 1 } next }
$1 == ".names" {
    lastc = ""
    if (NF == 2) { CONSTNET[$2] = 1; CONSTV[$2] = 0; lastc = $2; next }   # constant
    ALIAS[$3] = $2; NETS[$3] = 1; next                          # buffer: $3 = $2
}
$1 ~ /^[01-]+$/ { if (NF == 1 && lastc != "") CONSTV[lastc] = 1; next }   # cube lines
$1 == ".cname" { NAMEI[ng] = $2; next }
$1 == ".gate" || $1 == ".subckt" {
    lastc = ""; ng++; GC[ng] = $2; NAMEI[ng] = "g" ng
    for (i = 3; i <= NF; i++) {
        split($i, pn, "="); p = pn[1]; net = pn[2]; NETS[net] = 1
        G[ng, p] = net; GP[ng] = GP[ng] " " p
        d = DIR[$2, p]
        if (d == "output") DRV[net] = ng SUBSEP p
        else if (d == "input" || d == "clock") LOADC[net] += CAP[$2, p]
        else if (p ~ /\[/) {                                      # SRAM bus bit
            base = p; sub(/\[.*/, "", base)
            if (base == "rdata") DRV[net] = ng SUBSEP p; else LOADC[net] += 0.2091
        }
        else if (p != "clk") LOADC[net] += 0.2091
    }
    next
}
$1 == ".end" || $1 == ".model" { next }

# Accesses a cycle of a macro's port from its enable's duty: gm_sram's `re`,
# or the array macros' RD_EN (one per read port; tied to $true when the RTL
# reads the array combinationally every cycle).
function port_use(g, pin, arrpin,    m, k, ps, u, found) {
    if ((g, pin) in G) return duty(G[g, pin])
    m = split(GP[g], ps, " "); u = 0
    for (k = 1; k <= m; k++) if (ps[k] ~ ("^" arrpin "(\\[[0-9]+\\])?$")) { u += duty(G[g, ps[k]]); found = 1 }
    return found ? u : default_act
}

function root(n) { while (n in ALIAS) n = ALIAS[n]; return n }
function act(n) { n = root(n); return (n in A) ? A[n] : 0 }
function duty(n) { n = root(n); return (n in DU) ? DU[n] : 0.5 }
# Net n's activity and duty set to a and d; 1 when that changed them.
function set_net(n, a, d,    c) {
    c = !(n in A) || !(n in DU) || A[n] != a || DU[n] != d
    A[n] = a; DU[n] = d
    return c
}

# evaluate one gate output from its inputs' activities and duties
function eval_gate(g, p,    cell, n, j, k, pr, yk, dens, pdiff, x, prob1, kk) {
    cell = GC[g]; n = NIN[cell]
    if (!((cell, p, 0) in TT)) truth(cell, p)
    for (j = 1; j <= n; j++) { X[j] = duty(G[g, INS[cell, j]]); XA[j] = act(G[g, INS[cell, j]]) }
    prob1 = 0; dens = 0
    for (k = 0; k < 2 ^ n; k++) {
        pr = 1
        for (j = 1; j <= n; j++) { x = int(k / 2 ^ (j - 1)) % 2; pr *= x ? X[j] : 1 - X[j] }
        yk = TT[cell, p, k]
        prob1 += yk * pr
        # Boolean difference w.r.t. input j, counted once per pair (bit j = 0)
        for (j = 1; j <= n; j++) if (int(k / 2 ^ (j - 1)) % 2 == 0) {
            kk = k + 2 ^ (j - 1)
            if (TT[cell, p, kk] != yk) dens += XA[j] * pr / (1 - X[j] > 0 ? 1 - X[j] : 1)
        }
    }
    OUTA = dens; OUTD = prob1
}

END {
    if (mode == "default") {
        for (n in NETS) { A[root(n)] = default_act; DU[root(n)] = 0.5 }
    } else {
        for (n in NETS) {
            r = root(n)
            if (n in ACTF) { A[r] = ACTF[n]; DU[r] = DUTYF[n]; FIXED[r] = 1; matched++ }
        }
        # how much of the netlist the file covers: its flops' Q and its ports
        for (g = 1; g <= ng; g++) if (GC[g] in SEQD && (g, SEQQ[GC[g]]) in G) {
            flop_q++; if (G[g, SEQQ[GC[g]]] in ACTF) flop_named++
        }
        for (n in ISIN) if (n != "clk" && n != "rst_n") { ports++; if (n in ACTF) ports_named++ }
        for (n in ISOUT) { ports++; if (n in ACTF) ports_named++ }
        for (n in ISIN) { r = root(n); if (!(r in FIXED)) { A[r] = default_act; DU[r] = 0.5; FIXED[r] = 1 } }
        for (n in CONSTNET) { r = root(n); A[r] = 0; DU[r] = CONSTV[n] ? 1 : 0; FIXED[r] = 1 }
        # initial guess for unnamed flop outputs, then iterate combinational
        # propagation (gates in netlist order, repeated until stable enough)
        for (g = 1; g <= ng; g++) if (GC[g] in SEQD) {
            q = root(G[g, SEQQ[GC[g]]]); if (q != "" && !(q in FIXED)) { A[q] = default_act; DU[q] = 0.5 }
        }
        # A sweep that changes no value leaves the next one nothing to do
        # (each gate is a function of the values alone), so the loops stop
        # there: the same result, without the idle sweeps (dlmshr l1d's
        # 160 k gates took 150 s through all 32).
        for (it = 1; it <= 8; it++) {
            chg_it = 0
            for (pass = 1; pass <= 4; pass++) {
                chg = 0
                for (g = 1; g <= ng; g++) {
                    cell = GC[g]
                    if (cell in SEQD || cell in SRAMR) continue
                    m = split(OUTS[cell], os, " ")
                    for (k = 1; k <= m; k++) if ((g, os[k]) in G) {
                        o = root(G[g, os[k]]); if (o in FIXED) continue
                        eval_gate(g, os[k])
                        if (set_net(o, (OUTA > 1) ? 1 : OUTA, OUTD)) chg = 1
                    }
                }
                if (!chg) break
                chg_it = 1
            }
            for (g = 1; g <= ng; g++) if (GC[g] in SEQD) {
                cell = GC[g]; q = root(G[g, SEQQ[cell]])
                if (q == "" || (q in FIXED)) continue
                na = act(G[g, SEQD[cell]]); if (na > 1) na = 1
                if (set_net(q, na, duty(G[g, SEQD[cell]]))) chg_it = 1
                if (SEQQN[cell] != "-" && (g, SEQQN[cell]) in G) {
                    qn = root(G[g, SEQQN[cell]])
                    if (!(qn in FIXED) && set_net(qn, A[q], 1 - DU[q])) chg_it = 1
                }
            }
            if (!chg_it) break
        }
    }
    f_hz = mhz * 1e6
    leak_nw = 0; int_fj = 0; sw_fj = 0; sram_pj = 0
    for (n in ISOUT) LOADC[root(n)] += out_load
    for (n in LOADC) if (root(n) != n) { LOADC[root(n)] += LOADC[n]; LOADC[n] = 0 }
    for (g = 1; g <= ng; g++) {
        cell = GC[g]
        if (cell in SRAMR) {
            inst = NAMEI[g]
            r = (mode == "file" && inst in SR) ? SR[inst] : (mode == "file" ? port_use(g, "re", "RD_EN") : default_act)
            w = (mode == "file" && inst in SW) ? SW[inst] : (mode == "file" && (g, "we") in G ? duty(G[g, "we"]) : default_act)
            sram_pj += r * SRAMR[cell] + w * SRAMW[cell]
            leak_nw += SRAML[cell] * 1e6
            continue
        }
        leak_nw += LEAK[cell]
        m = split(GP[g], ps, " ")
        for (k = 1; k <= m; k++) {
            p = ps[k]; net = root(G[g, p]); d = DIR[cell, p]
            if (d == "output") {
                a = act(net); ld = LOADC[net] + 0
                sw_fj += 0.5 * ld * vdd * vdd * a
                int_fj += tbl_energy(cell, p, ld) * a
            } else if (d == "clock") {
                int_fj += PINE[cell, p] * 2
            } else if ((cell, p) in PINE) {
                int_fj += PINE[cell, p] * act(net)
            }
        }
        # the flop's QN switches with Q even when unconnected
        if (cell in SEQD && SEQQN[cell] != "-" && !((g, SEQQN[cell]) in G) && (cell, SEQQN[cell]) in POL1)
            int_fj += tbl_energy(cell, SEQQN[cell], 0) * act(G[g, SEQQ[cell]])
    }
    # fJ per cycle * cycles/s = fW ... -> mW: 1 fJ * 1 Hz = 1e-15 W = 1e-12 mW
    printf "mode %s\n", mode
    printf "default_act %s\n", default_act
    printf "named_nets %d\nmatched_nets %d\n", named + 0, matched + 0
    printf "flop_q %d\nflop_named %d\nports %d\nports_named %d\n", flop_q + 0, flop_named + 0, ports + 0, ports_named + 0
    printf "leakage_mw %.6f\n", leak_nw * 1e-6
    printf "internal_mw %.6f\n", int_fj * f_hz * 1e-12
    printf "switching_mw %.6f\n", sw_fj * f_hz * 1e-12
    printf "sram_mw %.6f\n", sram_pj * f_hz * 1e-9
    printf "total_mw %.6f\n", leak_nw * 1e-6 + (int_fj + sw_fj) * f_hz * 1e-12 + sram_pj * f_hz * 1e-9
}
