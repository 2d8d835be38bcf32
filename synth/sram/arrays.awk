# synth/sram/arrays.awk -- the RTL's arrays (yosys $mem_v2 cells after
# `memory -nomap`) as SRAM macros: the inventory, and the netlist rewrite that
# makes the chosen ones black boxes. synth/run.sh drives it:
#
#   awk -f synth/sram/arrays.awk -v what=list MEMS.dump
#       MEMS.dump is yosys `dump t:$mem_v2`; one line per array:
#       ARR <cell> <memid> <words> <bits> <abits> <rports> <wports> <sync>
#       (sync 1: every read port is clocked; 0: the RTL reads it
#       combinationally).
#   awk -f synth/sram/arrays.awk -v what=rewrite CHOSEN DESIGN.il > NEW.il
#       CHOSEN: "SRAM <cell> <module> ..." lines. Each chosen $mem_v2 cell of
#       the RTLIL design becomes an instance of <module>: its parameters and
#       its clock/reset ports (RD_CLK, RD_ARST, RD_SRST, WR_CLK) are dropped
#       and one CLK pin is tied to the block's clk; address, data and enable
#       ports stay connected, so all logic that drives them is kept.
#   awk -f synth/sram/arrays.awk -v what=bb CHOSEN > BB.v
#       a (* blackbox *) Verilog module per chosen array with those ports.
#   CHOSEN line: SRAM <cell> <module> <words> <bits> <abits> <rports> <wports> <sync>

what == "list" && $1 == "cell" && $2 == "$mem_v2" { flush(); cell = $3; inmem = 1; next }
what == "list" && inmem && $1 == "parameter" {
    p = $2; sub(/^\\/, "", p); v = $3
    if (p == "MEMID") { v = $3; gsub(/^"|"$/, "", v); gsub(/\\\\/, "", v); sub(/^\\/, "", v) }
    par[p] = v; next
}
what == "list" && inmem && $1 == "end" { flush(); next }

function flush(    sync, e, r) {
    if (!inmem) return
    r = par["RD_PORTS"] + 0; e = par["RD_CLK_ENABLE"]
    if (e ~ /'/) { sub(/^[0-9]*'/, "", e); sync = (r > 0 && e !~ /0/) ? 1 : 0 }
    else sync = (r > 0 && r < 31 && e + 0 == 2 ^ r - 1) ? 1 : 0
    print "ARR", cell, (par["MEMID"] == "" ? cell : par["MEMID"]), par["SIZE"] + 0, par["WIDTH"] + 0,
          par["ABITS"] + 0, r, par["WR_PORTS"] + 0, sync
    delete par; inmem = 0
}

what == "rewrite" && FILENAME == ARGV[1] { if ($1 == "SRAM") mod[$2] = $3; next }
what == "rewrite" && $1 == "cell" && $2 == "$mem_v2" && ($3 in mod) {
    sub(/\$mem_v2/, "\\" mod[$3]); print; conv = 1; next
}
what == "rewrite" && conv && $1 == "parameter" { next }
what == "rewrite" && conv && $1 == "connect" && $2 ~ /^\\(RD_CLK|RD_ARST|RD_SRST|WR_CLK)$/ { next }
what == "rewrite" && conv && $1 == "end" { print "    connect \\CLK \\clk"; print; conv = 0; next }
what == "rewrite" { print; next }

what == "bb" && $1 == "SRAM" {
    m = $3; w = $5; a = $6; r = $7; wp = $8
    printf "(* blackbox *)\nmodule %s (\n  input CLK,\n", m
    printf "  input [%d:0] RD_ADDR,\n  input [%d:0] RD_EN,\n  output [%d:0] RD_DATA,\n", r * a - 1, r - 1, r * w - 1
    printf "  input [%d:0] WR_ADDR,\n  input [%d:0] WR_DATA,\n  input [%d:0] WR_EN\n);\nendmodule\n", wp * a - 1, wp * w - 1, wp * w - 1
}
