// gm_sram -- a synchronous SRAM macro: DEPTH words of WIDTH bits, one write
// port and one read port, BE byte-enable lanes of WIDTH/BE bits each.
//
// Behaviour (what Verilator simulates, flip-flops and muxes):
//   * write: on the rising clock edge with we high, every lane whose wbe bit
//     is set takes its slice of wdata at word waddr;
//   * read: on the rising clock edge with re high, rdata takes word raddr as
//     it was before that edge's write (read-first: a read of the word being
//     written returns the old value); with re low rdata holds its value.
//     rdata is therefore the word addressed one cycle earlier, as from an
//     SRAM macro whose address register sits inside it.
//   * no reset: the contents and rdata start as whatever the simulator's
//     initial value is (Verilator: zero unless --x-initial unique).
//
// In synthesis (synth/run.sh) the module is a black box: each parameter set
// becomes one liberty cell priced by synth/sram/sram_model.awk (area, read
// delay, minimum period, energy per access, leakage), never flip-flops.
// Keep the port names: the flow's liberty cells and netlist cutter use them.
module gm_sram #(
  parameter integer DEPTH = 16,
  parameter integer WIDTH = 32,
  parameter integer BE = 1          // write lanes; WIDTH must be a multiple of BE
) (
  input  wire                                        clk,
  input  wire                                        we,
  input  wire [((DEPTH > 1) ? $clog2(DEPTH) : 1)-1:0] waddr,
  input  wire [WIDTH-1:0]                            wdata,
  input  wire [BE-1:0]                               wbe,
  input  wire                                        re,
  input  wire [((DEPTH > 1) ? $clog2(DEPTH) : 1)-1:0] raddr,
  output wire [WIDTH-1:0]                            rdata
);
  localparam integer LW = WIDTH / BE;          // bits per lane

  reg [WIDTH-1:0] mem [0:DEPTH-1];
  reg [WIDTH-1:0] rdata_q;

  integer l;
  always @(posedge clk) begin
    if (re) rdata_q <= mem[raddr];
    if (we)
      for (l = 0; l < BE; l = l + 1)
        if (wbe[l]) mem[waddr][l * LW +: LW] <= wdata[l * LW +: LW];
  end

  assign rdata = rdata_q;
endmodule
