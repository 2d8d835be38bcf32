# synth/sram/sram_model.awk -- cost model of an SRAM macro at 45 nm (area, access
# time, minimum period, energy per access, leakage) from published data only.
#
#   awk -f synth/sram/sram_model.awk -v what=coeffs synth/sram/openram_freepdk45.tsv > COEFFS
#   awk -f synth/sram/sram_model.awk -v what=cost  -v words=W -v bits=B [-v rports=1 -v wports=1 -v rwports=0] COEFFS
#   awk -f synth/sram/sram_model.awk -v what=lib   -v words=W -v bits=B -v cell=NAME [...] COEFFS
#   awk -f synth/sram/sram_model.awk -v what=check COEFFS synth/sram/openram_freepdk45.tsv
#   awk -f synth/sram/sram_model.awk -v what=types -v widths="8 32" COEFFS   (liberty bus types)
#
# The data (synth/sram/openram_freepdk45.tsv) are the published OpenRAM
# FreePDK45 macros (1 read/write port): array rows R and columns C, area,
# leakage, clock->data delay, minimum period and read/write power. what=coeffs
# fits, weighting every macro by its relative error:
#   area    A1 = (R*h + Hp) * (C*w + Wp) = a*R*C + b*R + c*C + b*c/a   (um^2)
#           (bit cells, a row periphery of width Wp beside the array -- decoder
#           and word-line drivers --, a column periphery of height Hp under it --
#           precharge, column mux, sense amplifiers, write drivers, data flops --
#           and their corner, Hp*Wp: control logic); a, b, c by grid search;
#   leakage L1 = l1*R*C + l0                                          (mW)
#   delay   D1 = t0 + tr*R + tc*C      (falling clock edge -> read data, ns)
#   period  P1 = p0 + pr*R + pc*C      (the macro's minimum clock period, ns)
#   energy  E  = e0 + er*R + ec*C      (pJ per read / per write), where the
#           published energy of an access is (2*power_lib - leakage) * char_ns:
#           OpenRAM writes half the average power over one access cycle at the
#           characterization period into each of rise_power and fall_power.
# Ports (what=cost/lib): CACTI 6.5's multiport cell (highradix.cc, router.cc):
#   cell.h = b_h + 2*pitch*(nw + nrw - 1 + nr), cell.w = b_w + 2*pitch*(nrw - 1 + nr + nw)
# with the ITRS 45 nm SRAM cell of technology.cc (area 146 F^2, aspect 1.46,
# so b_w = 10 F, b_h = 14.6 F) and the semi-global wire pitch 4 F; the
# array term scales by (h/b_h)*(w/b_w) (2.79 for 1 read + 1 write port), the
# row periphery by h/b_h and by the number of ports (one decoder and set of
# word-line drivers per port), the column periphery by w/b_w, the corner by
# the number of ports. Leakage per cell scales with the transistor count
# (6 + 2 per port beyond the first: 8T for 1R+1W), the rest by ports.
# Delay, period and energies are those of one port of the same array.
#
# Organization of W words x B bits (OpenRAM 2018 sram.compute_sizes, which
# made the fitted macros): words per row m = 1, 2 or 4 as the square-array
# column count sqrt(W*B*asp) (asp = cell height/width = 1.75, the OpenRAM
# FreePDK45 cell_1rw boundary 0.895 x 1.565 um) is below 1.5*B, between, or
# above 3*B; then rows R = W/m are capped at 512 (m grows) and raised to 16
# (m shrinks, at least 1); C = B*m.
#
# Output of what=cost: one line "key value" per figure (area_um2, access_ns,
# min_period_ns, read_pj, write_pj, leak_mw, rows, cols, extrapolated).
# "extrapolated 1" means R*C lies outside the fitted range (32 .. 131072 bits).

function abs(x) { return x < 0 ? -x : x }

# --- fitting -----------------------------------------------------------------
function solve(n,    i, j, k, p, t, f) {
    for (i = 1; i <= n; i++) {
        p = i
        for (j = i + 1; j <= n; j++) if (abs(M[j, i]) > abs(M[p, i])) p = j
        for (k = 1; k <= n + 1; k++) { t = M[i, k]; M[i, k] = M[p, k]; M[p, k] = t }
        for (j = 1; j <= n; j++) if (j != i) {
            f = M[j, i] / M[i, i]
            for (k = i; k <= n + 1; k++) M[j, k] -= f * M[i, k]
        }
    }
    for (i = 1; i <= n; i++) sol[i] = M[i, n + 1] / M[i, i]
}
# relative-error least squares of column y on regressors X[i,1..nv]
function lsq(nv, y,    i, j, k, w) {
    delete M
    for (i = 1; i <= N; i++) {
        if (Y[i, y] == "") continue
        w = 1 / (Y[i, y] * Y[i, y])
        for (j = 1; j <= nv; j++) {
            for (k = 1; k <= nv; k++) M[j, k] += w * X[i, j] * X[i, k]
            M[j, nv + 1] += w * X[i, j] * Y[i, y]
        }
    }
    solve(nv)
}
function area_err(a, b, c,    i, e, s) {
    s = 0
    for (i = 1; i <= N; i++) { e = (a * R[i] * C[i] + b * R[i] + c * C[i] + b * c / a) / Y[i, 1] - 1; s += e * e }
    return s
}
function fit_area(    a, b, c, best, s, it, sa, sb, sc, a0, b0, c0) {
    best = 1e99
    for (a = 0.30; a <= 1.60; a += 0.02)
        for (b = 0; b <= 160; b += 2)
            for (c = 0; c <= 80; c += 1) {
                s = area_err(a, b, c)
                if (s < best) { best = s; FA = a; FB = b; FC = c }
            }
    for (it = 1; it <= 3; it++) {
        sa = 0.02 / 5 ^ it; sb = 2 / 5 ^ it; sc = 1 / 5 ^ it
        a0 = FA; b0 = FB; c0 = FC
        for (a = a0 - 5 * sa; a <= a0 + 5 * sa; a += sa)
            for (b = b0 - 5 * sb; b <= b0 + 5 * sb; b += sb)
                for (c = c0 - 5 * sc; c <= c0 + 5 * sc; c += sc) {
                    if (b < 0 || c < 0) continue
                    s = area_err(a, b, c)
                    if (s < best) { best = s; FA = a; FB = b; FC = c }
                }
    }
}

# --- the model -----------------------------------------------------------------
function organize(w, b,    m, cols_t) {
    cols_t = sqrt(w * b * 1.75)
    m = (cols_t < 1.5 * b) ? 1 : (cols_t > 3 * b) ? 4 : 2
    if (w / m > 512) m = w / 512
    if (w / m < 16) { m = w / 16; if (m < 1) m = 1 }
    ROWS = int((w + m - 1) / m); COLS = b * m
}
function model(w, b, nr, nw, nrw,    bh, bw, p, h, wd, sh, sw, np, rc, tcount, s, ka, kb, kc) {
    organize(w, b)
    np = nr + nw + nrw
    # CACTI 6.5 multiport cell, in units of F
    bw = 10; bh = 14.6; p = 4
    h = bh + 2 * p * (nw + nrw - 1 + nr)
    wd = bw + 2 * p * (nrw - 1 + nr + nw)
    sh = h / bh; sw = wd / bw
    rc = ROWS * COLS
    AREA_OPENRAM = K["a"] * sh * sw * rc + K["b"] * sh * np * ROWS + K["c"] * sw * COLS + K["b"] * K["c"] / K["a"] * np
    # bitcell=itrs: the same organization with CACTI 6.5's ITRS 45 nm cell
    # (146 F^2, F = 45 nm: 0.2957 um^2) in place of the fitted OpenRAM bit
    # area K["a"]; the pitch-matched row and column periphery shrink with the
    # cell's linear size, sqrt of the area ratio.
    if (bitcell == "itrs") {
        s = 146 * 0.045 * 0.045 / K["a"]
        ka = K["a"] * s; kb = K["b"] * sqrt(s); kc = K["c"] * sqrt(s)
        AREA = ka * sh * sw * rc + kb * sh * np * ROWS + kc * sw * COLS + kb * kc / ka * np
    } else AREA = AREA_OPENRAM
    tcount = 6 + 2 * (np - 1)
    LEAK = K["l1"] * rc * tcount / 6 + K["l0"] * np
    DELAY = K["t0"] + K["tr"] * ROWS + K["tc"] * COLS
    PERIOD = K["p0"] + K["pr"] * ROWS + K["pc"] * COLS
    ERD = K["re0"] + K["rer"] * ROWS + K["rec"] * COLS
    EWR = K["we0"] + K["wer"] * ROWS + K["wec"] * COLS
    EXTRAP = (rc < 32 || rc > 131072) ? 1 : 0
}

BEGIN {
    if (what == "") what = "cost"
    if (rports == "") rports = 1
    if (wports == "") wports = 1
    if (rwports == "") rwports = 0
}

# what=coeffs: read the published table
what == "coeffs" && /^#/ { next }
what == "coeffs" && NF >= 12 {
    N++; R[N] = $4; C[N] = $5
    Y[N, 1] = $6; Y[N, 2] = $7
    Y[N, 3] = ($8 > 0) ? $8 : ""; Y[N, 4] = ($9 > 0) ? $9 : ""
    Y[N, 5] = ($12 > 0) ? (2 * $11 - $7) * $12 : ""
    Y[N, 6] = ($12 > 0) ? (2 * $10 - $7) * $12 : ""
    next
}
# what=cost/lib/check: read the coefficients ("key value")
what != "coeffs" && FNR == NR { K[$1] = $2; next }
# what=check: second file is the published table
what == "check" && !/^#/ && NF >= 12 {
    model($2, $3, 0, 0, 1)
    printf "%s\t%d\t%d\t%.0f\t%.0f\t%+.1f%%\t%.4f\t%.4f\t%.3f\t%.3f\t%.3f\t%.3f\t%s\t%s\n", $1, $2, $3,
        $6, AREA, (AREA / $6 - 1) * 100, $7, LEAK, $8, DELAY, $9, PERIOD,
        ($12 > 0) ? sprintf("%.3f", (2 * $11 - $7) * $12) : "-", ($12 > 0) ? sprintf("%.3f", ERD) : "-"
}

END {
    if (what == "coeffs") {
        if (N < 4) { print "sram_model.awk: too few data rows" > "/dev/stderr"; exit 1 }
        fit_area()
        printf "a %.6f\nb %.6f\nc %.6f\n", FA, FB, FC
        for (i = 1; i <= N; i++) { X[i, 1] = R[i] * C[i]; X[i, 2] = 1 }
        lsq(2, 2); printf "l1 %.6e\nl0 %.6e\n", sol[1], sol[2]
        for (i = 1; i <= N; i++) { X[i, 1] = 1; X[i, 2] = R[i]; X[i, 3] = C[i] }
        lsq(3, 3); printf "t0 %.6f\ntr %.6e\ntc %.6e\n", sol[1], sol[2], sol[3]
        lsq(3, 4); printf "p0 %.6f\npr %.6e\npc %.6e\n", sol[1], sol[2], sol[3]
        lsq(3, 5); printf "re0 %.6f\nrer %.6e\nrec %.6e\n", sol[1], sol[2], sol[3]
        lsq(3, 6); printf "we0 %.6f\nwer %.6e\nwec %.6e\n", sol[1], sol[2], sol[3]
        exit 0
    }
    if (what == "check") exit 0
    if (what == "types") {       # bus types for the widths in "widths"
        n = split(widths, wl, " ")
        for (i = 1; i <= n; i++) if (!(wl[i] in seen)) { seen[wl[i]] = 1
            printf "  type (gm_bus%d) {\n    base_type : array;\n    data_type : bit;\n    bit_width : %d;\n    bit_from : %d;\n    bit_to : 0;\n    downto : true;\n  }\n", wl[i], wl[i], wl[i] - 1 }
        exit 0
    }
    if (words < 1 || bits < 1) { print "sram_model.awk: words and bits must be positive" > "/dev/stderr"; exit 1 }
    model(words, bits, rports, wports, rwports)
    if (what == "cost") {
        printf "words %d\nbits %d\nrports %d\nwports %d\nrwports %d\nrows %d\ncols %d\n", words, bits, rports, wports, rwports, ROWS, COLS
        printf "area_um2 %.3f\narea_openram_um2 %.3f\nbitcell %s\n", AREA, AREA_OPENRAM, (bitcell == "itrs") ? "itrs" : "openram"
        printf "access_ns %.4f\nmin_period_ns %.4f\nread_pj %.4f\nwrite_pj %.4f\nleak_mw %.6f\nextrapolated %d\n",
            DELAY, PERIOD, ERD, EWR, LEAK, EXTRAP
        exit 0
    }
    if (what == "lib") { write_lib(); exit 0 }
    if (what == "arrlib") { write_arrlib(); exit 0 }
    print "sram_model.awk: unknown what=" what > "/dev/stderr"; exit 1
}

# A liberty cell for one gm_sram configuration: ports clk, we, waddr, wdata,
# wbe, re, raddr, rdata (buses as liberty bus groups of types declared by
# what=types). Write and read-address/enable pins are sampled on the rising
# clock edge (setup 0.015 ns, the OpenRAM macros' middle setup entry); rdata
# follows the falling edge by the read delay (OpenRAM reads in the second half
# of the cycle), and clk carries the minimum period. Leakage in nW (the gmem45
# unit); internal energy per rising clock edge with re / we high, fJ.
function write_lib(    aw) {
    aw = addr_bits(words)
    printf "  /* %s: gm_sram %d words x %d bits, %d read + %d write + %d read/write port(s);\n", cell, words, bits, rports, wports, rwports
    printf "     array %d x %d, area %.1f um^2, read %.3f ns after the falling edge, min period %.3f ns,\n", ROWS, COLS, AREA, DELAY, PERIOD
    printf "     read %.3f pJ, write %.3f pJ, leakage %.4f mW%s (synth/sram/sram_model.awk). */\n", ERD, EWR, LEAK, EXTRAP ? ", EXTRAPOLATED" : ""
    printf "  cell (%s) {\n    area : %.3f;\n    dont_use : true;\n    dont_touch : true;\n", cell, AREA
    printf "    cell_leakage_power : %.3f;\n", LEAK * 1e6
    printf "    pin (clk) {\n      direction : input;\n      clock : true;\n      capacitance : 0.2091;\n"
    printf "      timing () {\n        related_pin : \"clk\";\n        timing_type : minimum_period;\n"
    printf "        rise_constraint (scalar) { values (\"%.4f\"); }\n        fall_constraint (scalar) { values (\"%.4f\"); }\n      }\n", PERIOD, PERIOD
    printf "      internal_power () {\n        when : \"re\";\n        rise_power (scalar) { values (\"%.4f\"); }\n        fall_power (scalar) { values (\"0\"); }\n      }\n", ERD * 1000
    printf "      internal_power () {\n        when : \"we\";\n        rise_power (scalar) { values (\"%.4f\"); }\n        fall_power (scalar) { values (\"0\"); }\n      }\n", EWR * 1000
    printf "    }\n"
    in_port("pin", "we", ""); in_port("pin", "re", "")
    in_port("bus", "waddr", "gm_bus" aw); in_port("bus", "raddr", "gm_bus" aw)
    in_port("bus", "wdata", "gm_bus" bits); in_port("bus", "wbe", "gm_bus" (be < 1 ? 1 : be))
    printf "    bus (rdata) {\n      bus_type : gm_bus%d;\n      direction : output;\n", bits
    printf "      timing () {\n        related_pin : \"clk\";\n        timing_type : falling_edge;\n        timing_sense : non_unate;\n"
    printf "        cell_rise (scalar) { values (\"%.4f\"); }\n        cell_fall (scalar) { values (\"%.4f\"); }\n", DELAY, DELAY
    printf "        rise_transition (scalar) { values (\"0.03\"); }\n        fall_transition (scalar) { values (\"0.03\"); }\n      }\n    }\n"
    printf "  }\n"
}
function in_port(kind, n, type) {
    printf "    %s (%s) {\n", kind, n
    if (type != "") printf "      bus_type : %s;\n", type
    printf "      direction : input;\n      capacitance : 0.2091;\n"
    printf "      timing () {\n        related_pin : \"%s\";\n        timing_type : setup_rising;\n", (clkpin == "") ? "clk" : clkpin
    printf "        rise_constraint (scalar) { values (\"0.015\"); }\n        fall_constraint (scalar) { values (\"0.015\"); }\n      }\n    }\n"
}
# A liberty cell for an RTL array costed as SRAM (synth/sram/arrays.awk): the
# yosys $mem_v2 cell's own ports, rports read ports and rtl_wports write
# ports wide (the RTL's per-entry reset and update writes are yosys write
# ports; the macro is priced with one). Pins: CLK; RD_ADDR, RD_EN, RD_DATA;
# WR_ADDR, WR_DATA, WR_EN (per bit). Writes (and, for a synchronous read,
# RD_ADDR and RD_EN) are set up to the rising edge of CLK; sync=1: RD_DATA
# follows the falling edge by the read delay, as gm_sram; sync=0 (the RTL
# reads combinationally): RD_DATA follows RD_ADDR by the read delay.
function write_arrlib(    aw, n, rel) {
    clkpin = "CLK"
    printf "  /* %s: RTL array %s, %d words x %d bits, %d read port(s) (%s), priced as %d read + 1 write port(s);\n", cell, memid, words, bits, rports, sync ? "synchronous" : "combinational", rports
    printf "     array %d x %d, area %.1f um^2 (%s bit cell; OpenRAM cell %.1f um^2), read %.3f ns, min period %.3f ns,\n", ROWS, COLS, AREA, (bitcell == "itrs") ? "ITRS" : "OpenRAM", AREA_OPENRAM, DELAY, PERIOD
    printf "     read %.3f pJ, write %.3f pJ, leakage %.4f mW%s (synth/sram/sram_model.awk). */\n", ERD, EWR, LEAK, EXTRAP ? ", EXTRAPOLATED" : ""
    printf "  cell (%s) {\n    area : %.3f;\n    dont_use : true;\n    dont_touch : true;\n", cell, AREA
    printf "    cell_leakage_power : %.3f;\n", LEAK * 1e6
    printf "    pin (CLK) {\n      direction : input;\n      clock : true;\n      capacitance : 0.2091;\n"
    printf "      timing () {\n        related_pin : \"CLK\";\n        timing_type : minimum_period;\n"
    printf "        rise_constraint (scalar) { values (\"%.4f\"); }\n        fall_constraint (scalar) { values (\"%.4f\"); }\n      }\n    }\n", PERIOD, PERIOD
    in_port("bus", "WR_ADDR", "gm_bus" wports_rtl * abits)
    in_port("bus", "WR_DATA", "gm_bus" wports_rtl * bits)
    in_port("bus", "WR_EN", "gm_bus" wports_rtl * bits)
    if (sync) { in_port("bus", "RD_ADDR", "gm_bus" rports * abits); in_port("bus", "RD_EN", "gm_bus" rports) }
    else {
        printf "    bus (RD_ADDR) {\n      bus_type : gm_bus%d;\n      direction : input;\n      capacitance : 0.2091;\n    }\n", rports * abits
        printf "    bus (RD_EN) {\n      bus_type : gm_bus%d;\n      direction : input;\n      capacitance : 0.2091;\n    }\n", rports
    }
    printf "    bus (RD_DATA) {\n      bus_type : gm_bus%d;\n      direction : output;\n", rports * bits
    if (sync) printf "      timing () {\n        related_pin : \"CLK\";\n        timing_type : falling_edge;\n        timing_sense : non_unate;\n"
    else {     # every address bit (a bus-to-bus arc needs equal widths)
        rel = ""; for (n = 0; n < rports * abits; n++) rel = rel (n ? " " : "") "RD_ADDR[" n "]"
        printf "      timing () {\n        related_pin : \"%s\";\n        timing_type : combinational;\n        timing_sense : non_unate;\n", rel
    }
    printf "        cell_rise (scalar) { values (\"%.4f\"); }\n        cell_fall (scalar) { values (\"%.4f\"); }\n", DELAY, DELAY
    printf "        rise_transition (scalar) { values (\"0.03\"); }\n        fall_transition (scalar) { values (\"0.03\"); }\n      }\n    }\n"
    printf "  }\n"
}
function addr_bits(w,    a) { a = 0; while ((2 ^ a) < w) a++; return a < 1 ? 1 : a }
