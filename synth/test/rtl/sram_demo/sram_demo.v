// sram_demo -- a test block for the costing flow's SRAM path (tests/synth/sram.sh):
// two gm_sram instances of different shapes (the second one twice, to check
// that equal configurations share one liberty cell), a registered read path
// through an adder (so the worst path starts at an SRAM output) and a few flops.
module sram_demo #(
  parameter integer DEPTH = 64,
  parameter integer WIDTH = 32
) (
  input  wire                     clk,
  input  wire                     rst_n,
  input  wire                     we_i,
  input  wire [$clog2(DEPTH)-1:0] waddr_i,
  input  wire [WIDTH-1:0]         wdata_i,
  input  wire [$clog2(DEPTH)-1:0] raddr_i,
  output reg  [WIDTH-1:0]         sum_o,
  output wire [7:0]               tag_o
);
  wire [WIDTH-1:0] rd_a;
  wire [7:0]       rd_b0, rd_b1;

  gm_sram #(.DEPTH(DEPTH), .WIDTH(WIDTH), .BE(1)) u_data (
    .clk(clk), .we(we_i), .waddr(waddr_i), .wdata(wdata_i), .wbe(1'b1),
    .re(1'b1), .raddr(raddr_i), .rdata(rd_a));

  gm_sram #(.DEPTH(16), .WIDTH(8), .BE(1)) u_tag0 (
    .clk(clk), .we(we_i), .waddr(waddr_i[3:0]), .wdata(wdata_i[7:0]), .wbe(1'b1),
    .re(1'b1), .raddr(raddr_i[3:0]), .rdata(rd_b0));

  gm_sram #(.DEPTH(16), .WIDTH(8), .BE(1)) u_tag1 (
    .clk(clk), .we(we_i), .waddr(waddr_i[3:0]), .wdata(wdata_i[15:8]), .wbe(1'b1),
    .re(1'b1), .raddr(raddr_i[3:0]), .rdata(rd_b1));

  always @(posedge clk) begin
    if (!rst_n) sum_o <= {WIDTH{1'b0}};
    else        sum_o <= sum_o + rd_a;
  end
  assign tag_o = rd_b0 ^ rd_b1;
endmodule
