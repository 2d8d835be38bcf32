// ccn_shadow_tag — one L1's shadow tags (seed-003 §6, §14.4).
// Behaviour: cmodel/blocks/ccn_shadow_tag.ports.
module ccn_shadow_tag #(
  parameter int unsigned NSETS    = 32,
  parameter int unsigned NWAYS    = 4,
  parameter int unsigned TAG_W    = 21,
  parameter int unsigned ST_PORTS = 1
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        upd_valid_i,
  input  wire [6:0]  upd_set_i,
  input  wire [2:0]  upd_way_i,
  input  wire [25:0] upd_tag_i,
  input  wire        upd_v_i,
  input  wire        lkp_valid_i,
  input  wire [6:0]  lkp_set_i,
  input  wire [25:0] lkp_tag_i,
  output wire        lkp_gnt_o,
  output wire        lkp_hit_o,
  output wire [2:0]  lkp_way_o,
  output wire        err_multi_o
);
  localparam int unsigned N = NSETS * NWAYS;
  reg        v_q   [0:N-1] /*verilator public_flat_rd*/;
  reg [25:0] tag_q [0:N-1] /*verilator public_flat_rd*/;

  localparam logic [25:0] TMASK = 26'((64'd1 << TAG_W) - 64'd1);

  // One port: an update owns it this cycle and the lookup waits.
  wire gnt     = !(ST_PORTS == 1 && upd_valid_i);
  wire set_ok  = {25'd0, lkp_set_i} < NSETS;
  wire [25:0] ltag = lkp_tag_i & TMASK;

  reg [7:0] hits;
  integer w;
  always @* begin
    hits = 8'd0;
    for (w = 0; w < NWAYS; w = w + 1)
      if (lkp_valid_i && gnt && set_ok &&
          v_q[32'(lkp_set_i) * NWAYS + w] && tag_q[32'(lkp_set_i) * NWAYS + w] == ltag)
        hits[w] = 1'b1;
  end

  reg [2:0] way;
  integer k;
  always @* begin
    way = 3'd0;
    for (k = 7; k >= 0; k = k - 1)
      if (hits[k]) way = 3'(k);
  end

  wire upd_ok = {25'd0, upd_set_i} < NSETS && {29'd0, upd_way_i} < NWAYS;
  /* verilator lint_off UNUSEDSIGNAL */  // the index fits in log2(N) bits
  wire [31:0] upd_e = 32'(upd_set_i) * NWAYS + 32'(upd_way_i);
  /* verilator lint_on UNUSEDSIGNAL */

  integer i;
  always @(posedge clk) begin
    if (!rst_n) begin
      for (i = 0; i < N; i = i + 1) begin
        v_q[i]   <= 1'b0;
        tag_q[i] <= 26'd0;
      end
    end else if (upd_valid_i && upd_ok) begin
      v_q[upd_e]   <= upd_v_i;
      tag_q[upd_e] <= upd_tag_i & TMASK;
    end
  end

  assign lkp_gnt_o   = gnt;
  assign lkp_hit_o   = hits != 8'd0;
  assign lkp_way_o   = way;
  assign err_multi_o = (hits & (hits - 8'd1)) != 8'd0;
endmodule
