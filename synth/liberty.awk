# synth/liberty.awk -- the few facts synth/run.sh needs from a liberty file.
#
#   awk -f synth/liberty.awk -v what=cells LIB
#       one line per cell: "CELL <name> <area> <ff|comb>"
#       then one line per flip-flop cell pin: "FFPIN <cell> <pin> <input|output|clock>"
#       then "TIMEUNIT_PS <ps per library time unit>"
#   awk -f synth/liberty.awk -v what=fake -v ff=<cell> LIB
#       liberty text of two timing-only cells for flip-flop <cell>:
#         GMEM_TCQ_<cell>  a buffer whose delay/slew tables are the published
#                          CK->Q (rising_edge) tables of the flop's first output
#                          pin that has one: load-dependent clock-to-q delay;
#         GMEM_TSU_<cell>  a buffer with the flop's D input capacitance and a
#                          fixed delay = setup time (see setup_value below);
#       followed by "/* SETUP_PS <value> */" for the JSON.
#   awk -f synth/liberty.awk -v what=power LIB
#       the facts synth/power.awk needs (see there): PCELL (leakage), PPIN
#       (direction, capacitance), PFUNC (output function), PSEQ (flop D, Q,
#       QN), POUT (output-pin internal energy per transition at two loads) and
#       PIN (input-pin internal energy per transition). Internal energies are
#       the mean of rise_power and fall_power, of the pin's groups ("when"
#       states, related pins) and of the table's input-slew rows (for a 2-row
#       table: the value at the midpoint of its two slews); loads are the
#       table's columns 2 and 4 when it has 4 or more, else its first and last.
#
# This is a small parser for the liberty syntax real libraries use
# (groups "name (args) {", simple "k : v ;" and complex "k (args) ;"
# attributes, /* */ comments, "\" line continuations); it is not a full
# liberty reader. No python on purpose: a fresh Debian box has awk.

function trim(s) { gsub(/^[ \t"]+|[ \t"]+$/, "", s); return s }

function open_group(name, args) {
    depth++; gname[depth] = name; garg[depth] = trim(args)
    if (name == "cell") { cell = garg[depth]; order[++ncell] = cell; area[cell] = 0 }
    else if (name == "ff" && cell != "") { isff[cell] = 1 }
    else if (name == "pin" && cell != "") { pin = garg[depth]; pins[cell] = pins[cell] " " pin }
    else if (name == "timing") { ttype = ""; tcap = ""; setup_max = -1 }
    if (in_timing && (name == "cell_rise" || name == "cell_fall" || \
                      name == "rise_transition" || name == "fall_transition")) {
        capturing = depth; tcap = tcap "        " name " (" args ") {\n"
    }
    if (name == "timing") in_timing = depth
    if (name == "internal_power" && cell != "") { in_ipwr = depth; ip_rel = ""; ip_n = 0 }
    if (in_ipwr && (name == "rise_power" || name == "fall_power")) { in_ptab = depth; pt_i2 = ""; pt_vals = ""; pt_tmpl = trim(args) }
    if (name == "power_lut_template") { in_tmpl = depth; tmpl = trim(args) }
    if (name == "ff" && cell != "") { split(trim(args), ffa, /[ \t"]*,[ \t"]*/); ffq[cell] = trim(ffa[1]); ffqn[cell] = trim(ffa[2]) }
    if (in_timing && (name == "rise_constraint" || name == "fall_constraint")) in_constraint = depth
}

# power table -> per-column energies (mean over its rows), kept as
# ptab_n columns ptab_l[j] (load) / ptab_e[j]
function reduce_table(    rows, nr, i, c, nc, j, sum, loads, nl) {
    delete ptab_l; delete ptab_e; ptab_n = 0
    nr = split(pt_vals, rows, /"[ \t]*,[ \t]*"/)
    for (i = 1; i <= nr; i++) {
        gsub(/"/, "", rows[i]); nc = split(rows[i], c, /[ \t]*,[ \t]*/)
        for (j = 1; j <= nc; j++) sum[j] += c[j] / nr
    }
    nl = split((pt_i2 != "") ? pt_i2 : tmpl_i2[pt_tmpl], loads, /[ \t]*,[ \t]*/)
    for (j = 1; j <= nc; j++) { ptab_l[j] = loads[j] + 0; ptab_e[j] = sum[j] }
    ptab_n = nc
}
function close_group() {
    if (depth == in_ptab) {
        reduce_table()
        k = (ptab_n >= 4) ? 2 : 1; k2 = (ptab_n >= 4) ? 4 : ptab_n
        ip_n++; ipl1 = ptab_l[k]; ipl2 = ptab_l[k2]; ipe1[ip_n] = ptab_e[k]; ipe2[ip_n] = ptab_e[k2]
        in_ptab = 0
    }
    if (depth == in_ipwr) {
        e1 = 0; e2 = 0; for (i = 1; i <= ip_n; i++) { e1 += ipe1[i] / ip_n; e2 += ipe2[i] / ip_n }
        key = cell SUBSEP pin
        if (ip_n > 0) { pw_n[key]++; pw_e1[key] += e1; pw_e2[key] += e2; pw_l1[key] = ipl1; pw_l2[key] = ipl2 }
        in_ipwr = 0
    }
    if (depth == in_tmpl) in_tmpl = 0
    if (depth == capturing) { tcap = tcap "        }\n"; capturing = 0 }
    if (depth == in_constraint) in_constraint = 0
    if (depth == in_timing) {
        if (ttype == "rising_edge" && isout[cell, pin] && !((cell) in tcq)) tcq[cell] = tcap
        if (ttype == "setup_rising" && setup_max > setup[cell]) setup[cell] = setup_max
        in_timing = 0
    }
    if (gname[depth] == "pin") pin = ""
    if (gname[depth] == "cell") cell = ""
    depth--
}

# setup_value: a constraint table "values" attribute -> one number: the entry
# in the middle row (constrained-pin slew, e.g. 45 ps of Nangate's 3 points)
# and first column (smallest clock slew, i.e. an ideal clock); the only
# entry of a scalar table.
function setup_value(args,    n, rows, i, r, c) {
    n = split(args, rows, /"[ \t]*,[ \t]*"/)
    r = rows[int((n + 1) / 2)]
    gsub(/"/, "", r)
    split(r, c, /[ \t]*,[ \t]*/)
    return c[1] + 0
}

function attr(name, value, raw) {
    if (capturing) tcap = tcap "          " raw "\n"
    if (name == "area" && cell != "" && depth == 2) area[cell] = value + 0
    else if (name == "direction" && pin != "") { dir[cell, pin] = value; if (value == "output") isout[cell, pin] = 1 }
    else if (name == "capacitance" && pin != "" && !in_timing) cap[cell, pin] = value
    else if (name == "clocked_on" && cell != "") { v = value; gsub(/[!() ]/, "", v); clk[cell] = v }
    else if (name == "timing_type" && in_timing) ttype = value
    else if (name == "cell_leakage_power" && cell != "" && depth == 2) leak[cell] = value + 0
    else if (name == "function" && pin != "" && !in_timing) func[cell, pin] = value
    else if (name == "clock" && pin != "" && value == "true") isclk[cell, pin] = 1
    else if (name == "next_state" && cell != "") { v = value; gsub(/[!() ]/, "", v); ffd[cell] = v }
    else if (in_ptab && name == "index_2") { v = value; gsub(/"/, "", v); pt_i2 = v }
    else if (in_ptab && name == "values") pt_vals = value
    else if (in_tmpl && name == "index_2") { v = value; gsub(/"/, "", v); tmpl_i2[tmpl] = v }
    else if (name == "values" && in_constraint) {
        v = setup_value(value); if (v > setup_max) setup_max = v
    }
    else if (name == "time_unit" && depth == 1) {
        v = value; u = value; gsub(/[a-z]/, "", v); gsub(/[0-9.]/, "", u)
        tu_ps = v * (u == "ns" ? 1000 : u == "us" ? 1000000 : 1)
    }
}

function parse(s,    m, name) {
    while (s ~ /[^ \t\r]/) {
        if (match(s, /^[ \t]*[A-Za-z_][A-Za-z0-9_.]*[ \t]*\([^)]*\)[ \t]*\{/)) {
            m = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1)
            name = m; sub(/^[ \t]*/, "", name); sub(/[ \t]*\(.*/, "", name)
            sub(/^[^(]*\(/, "", m); sub(/\)[ \t]*\{$/, "", m)
            open_group(name, m)
        } else if (match(s, /^[ \t]*\}/)) {
            s = substr(s, RLENGTH + 1); close_group()
        } else if (match(s, /^[ \t]*[A-Za-z_][A-Za-z0-9_.]*[ \t]*\([^;]*\)[ \t]*;/)) {
            m = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1)
            sub(/^[ \t]*/, "", m); name = m; sub(/[ \t]*\(.*/, "", name)
            v = m; sub(/^[^(]*\(/, "", v); sub(/\)[ \t]*;$/, "", v)
            attr(name, v, m)
        } else if (match(s, /^[ \t]*[A-Za-z_][A-Za-z0-9_.]*[ \t]*:[^;]*;?/)) {
            m = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1)
            sub(/^[ \t]*/, "", m); name = m; sub(/[ \t]*:.*/, "", name)
            v = m; sub(/^[^:]*:/, "", v); sub(/;$/, "", v)
            attr(name, trim(v), m)
        } else {
            return            # something this parser does not need
        }
    }
}

BEGIN { tu_ps = 1000 }        # liberty's default time unit is 1 ns

{
    line = $0
    # join "\" continuation lines
    while (line ~ /\\[ \t\r]*$/ && (getline nxt) > 0) { sub(/\\[ \t\r]*$/, "", line); line = line " " nxt }
    # drop /* */ comments, also across lines
    out = ""
    while (1) {
        if (incomment) {
            p = index(line, "*/"); if (!p) { line = ""; break }
            line = substr(line, p + 2); incomment = 0
        }
        p = index(line, "/*"); if (!p) { out = out line; break }
        out = out substr(line, 1, p - 1); line = substr(line, p + 2); incomment = 1
    }
    parse(out)
}

END {
    if (what == "cells") {
        for (i = 1; i <= ncell; i++) {
            c = order[i]
            printf "CELL %s %s %s\n", c, area[c], (isff[c] ? "ff" : "comb")
            if (!isff[c]) continue
            n = split(pins[c], pl, " ")
            for (j = 1; j <= n; j++) {
                p = pl[j]
                printf "FFPIN %s %s %s\n", c, p, (p == clk[c] ? "clock" : dir[c, p])
            }
        }
        printf "TIMEUNIT_PS %s\n", tu_ps
    } else if (what == "power") {
        for (i = 1; i <= ncell; i++) {
            c = order[i]
            printf "PCELL %s %.6f\n", c, leak[c] + 0
            n = split(pins[c], pl, " ")
            for (j = 1; j <= n; j++) {
                p = pl[j]; d = dir[c, p]
                if (d == "input" && (isclk[c, p] || p == clk[c])) d = "clock"
                printf "PPIN %s %s %s %s\n", c, p, d, cap[c, p] + 0
                if (dir[c, p] == "output" && func[c, p] != "" && !isff[c]) printf "PFUNC %s %s %s\n", c, p, func[c, p]
                key = c SUBSEP p
                if (key in pw_n) {
                    if (dir[c, p] == "output")
                        printf "POUT %s %s %s %.6f %s %.6f\n", c, p, pw_l1[key], pw_e1[key] / pw_n[key], pw_l2[key], pw_e2[key] / pw_n[key]
                    else
                        printf "PIN %s %s %.6f\n", c, p, (pw_e1[key] + pw_e2[key]) / 2 / pw_n[key]
                }
            }
            if (isff[c]) {
                q = "-"; qn = "-"
                for (j = 1; j <= n; j++) { p = pl[j]; f = func[c, p]; gsub(/[" ]/, "", f)
                    if (dir[c, p] == "output" && f == ffq[c]) q = p
                    if (dir[c, p] == "output" && f == ffqn[c]) qn = p }
                printf "PSEQ %s %s %s %s\n", c, ffd[c], q, qn
            }
        }
    } else if (what == "fake") {
        if (!isff[ff]) { print "liberty.awk: " ff " is not a flip-flop cell" > "/dev/stderr"; exit 1 }
        if (!((ff) in tcq)) { print "liberty.awk: no rising_edge arc in " ff > "/dev/stderr"; exit 1 }
        dcap = 0; n = split(pins[ff], pl, " ")
        for (j = 1; j <= n; j++) if (dir[ff, pl[j]] == "input" && pl[j] != clk[ff] && cap[ff, pl[j]] > dcap) dcap = cap[ff, pl[j]]
        s = (ff in setup) ? setup[ff] : 0
        printf "  /* timing-only cells made by synth/liberty.awk from %s */\n", ff
        printf "  cell (GMEM_TCQ_%s) {\n    area : 0;\n", ff
        printf "    pin (A) { direction : input; capacitance : 0; }\n"
        printf "    pin (Z) {\n      direction : output;\n      function : \"A\";\n"
        printf "      timing () {\n        related_pin : \"A\";\n        timing_sense : positive_unate;\n%s      }\n    }\n  }\n", tcq[ff]
        printf "  cell (GMEM_TSU_%s) {\n    area : 0;\n", ff
        printf "    pin (A) { direction : input; capacitance : %s; }\n", dcap
        printf "    pin (Z) {\n      direction : output;\n      function : \"A\";\n"
        printf "      timing () {\n        related_pin : \"A\";\n        timing_sense : positive_unate;\n"
        printf "        cell_rise (scalar) { values (\"%s\"); }\n        cell_fall (scalar) { values (\"%s\"); }\n", s, s
        printf "        rise_transition (scalar) { values (\"0\"); }\n        fall_transition (scalar) { values (\"0\"); }\n"
        printf "      }\n    }\n  }\n"
        printf "  /* SETUP_PS %.1f */\n", s * tu_ps
    }
}
