// dts_duel — SM dueling for the locality-filtered L1D (seed-004 §1.10).
// Behaviour, cycle by cycle: cmodel/blocks/dts_duel.ports.
module dts_duel #(
  parameter int unsigned INTERVAL = 500,
  parameter int unsigned REL      = 0,
  parameter int unsigned MARGIN   = 10
) (
  input  wire clk,
  input  wire rst_n,
  input  wire acc0_i,
  input  wire hit0_i,
  input  wire acc1_i,
  input  wire hit1_i,
  output wire filter_en_o,
  output wire decide_o
);
  reg [11:0] cyc_q /*verilator public_flat_rd*/;
  reg [11:0] a0_q  /*verilator public_flat_rd*/;
  reg [11:0] m0_q  /*verilator public_flat_rd*/;
  reg [11:0] a1_q  /*verilator public_flat_rd*/;
  reg [11:0] m1_q  /*verilator public_flat_rd*/;
  reg        en_q  /*verilator public_flat_rd*/;

  wire [11:0] a0 = a0_q + {11'd0, acc0_i};
  wire [11:0] m0 = m0_q + {11'd0, acc0_i && !hit0_i};
  wire [11:0] a1 = a1_q + {11'd0, acc1_i};
  wire [11:0] m1 = m1_q + {11'd0, acc1_i && !hit1_i};
  wire        last = cyc_q == 12'(INTERVAL - 1);

  // 100*(m0*a1 - m1*a0) > MARGIN*a0*a1 (REL: > MARGIN*m1*a0): the products
  // are under 2^24, so both sides fit 33-bit signed arithmetic. A MARGIN
  // dividing 100 (the seed's 10) divides both sides at elaboration:
  // 10*(m0*a1 - m1*a0) > a0*a1, one constant multiplier fewer.
  localparam int unsigned MNZ = MARGIN != 0 ? MARGIN : 1;  // no division by 0
  localparam int unsigned DIV = MARGIN != 0 && 100 % MNZ == 0 ? 1 : 0;
  localparam int unsigned KL  = DIV != 0 ? 100 / MNZ : 100;
  localparam int unsigned KR  = DIV != 0 ? 1 : MARGIN;
  wire [23:0]        u01  = {12'd0, m0} * {12'd0, a1};
  wire [23:0]        u10  = {12'd0, m1} * {12'd0, a0};
  wire [23:0]        ua   = {12'd0, a0} * {12'd0, a1};
  wire signed [28:0] p01  = $signed({5'd0, u01});
  wire signed [28:0] p10  = $signed({5'd0, u10});
  wire signed [28:0] pa   = $signed({5'd0, ua});
  wire signed [32:0] lhs  = $signed(33'(KL)) * (33'(p01) - 33'(p10));
  wire signed [32:0] rhs  = $signed(33'(KR)) * (REL != 0 ? 33'(p10) : 33'(pa));
  wire               worse = lhs > rhs;
  wire               en_new = (a0 == 12'd0 || a1 == 12'd0) ? en_q : !worse;

  always @(posedge clk) begin
    if (!rst_n) begin
      cyc_q <= 12'd0; a0_q <= 12'd0; m0_q <= 12'd0; a1_q <= 12'd0; m1_q <= 12'd0;
      en_q <= 1'b0;
    end else if (last) begin
      en_q <= en_new;
      cyc_q <= 12'd0; a0_q <= 12'd0; m0_q <= 12'd0; a1_q <= 12'd0; m1_q <= 12'd0;
    end else begin
      cyc_q <= cyc_q + 12'd1;
      a0_q <= a0; m0_q <= m0; a1_q <= a1; m1_q <= m1;
    end
  end

  assign filter_en_o = en_q;
  assign decide_o    = last;
endmodule
