// ture_sampler — TURE's periodic sliding-window access sampler (seed-001
// §4.4.3, §9.4). Behaviour, cycle by cycle: cmodel/blocks/ture_sampler.ports.
module ture_sampler #(
  parameter int unsigned NSAMP  = 16,
  parameter int unsigned SAMP_D = 1000,
  parameter int unsigned SAMP_S = 6000
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        acc_valid_i,
  input  wire [35:0] acc_vpn_i,
  input  wire [3:0]  acc_aid_i,
  input  wire        ho_ready_i,
  output wire        acc_ready_o,
  output wire        acc_sampled_o,
  output wire        st_samp_active_o,
  output wire        ho_valid_o,
  output wire        ho_end_o,
  output wire [3:0]  ho_aid_o,
  output wire [9:0]  ho_cnt_o,
  output wire [15:0] ho_div_o
);
  localparam integer N = NSAMP;

  reg [12:0] timer_q     /*verilator public_flat_rd*/;
  reg        hand_q      /*verilator public_flat_rd*/;
  reg        v_q   [0:N-1] /*verilator public_flat_rd*/;
  reg [3:0]  aid_q [0:N-1] /*verilator public_flat_rd*/;
  reg [15:0] tag_q [0:N-1] /*verilator public_flat_rd*/;
  reg [9:0]  cnt_q [0:N-1] /*verilator public_flat_rd*/;
  reg [15:0] div_q [0:N-1] /*verilator public_flat_rd*/;

  // Only the page-in-block offset and the granule's low 16 bits are kept:
  // the spec's 16-bit block tag (the seed's 84-byte figure counts it).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [35:0] vpn = acc_vpn_i;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [15:0] blk_tag  = vpn[19:4];
  wire [15:0] page_bit = 16'd1 << vpn[3:0];

  wire open_w  = timer_q < 13'(SAMP_D);
  wire closing = timer_q == 13'(SAMP_D - 1);
  wire samp_en = acc_valid_i && open_w && !hand_q;

  // The matching entry, the lowest free one, and the lowest valid one (the
  // hand-over's offer); a descending scan leaves the lowest index.
  reg     hit, has_free, any_v;
  integer e;
  // Entry indices: only the bits that address NSAMP entries are read.
  /* verilator lint_off UNUSEDSIGNAL */
  integer hit_e, free_e, lv_e;
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    hit = 1'b0; has_free = 1'b0; any_v = 1'b0;
    hit_e = 0; free_e = 0; lv_e = 0;
    for (e = N - 1; e >= 0; e = e - 1) begin
      if (v_q[e] && aid_q[e] == acc_aid_i && tag_q[e] == blk_tag) begin
        hit = 1'b1; hit_e = e;
      end
      if (!v_q[e]) begin
        has_free = 1'b1; free_e = e;
      end else begin
        any_v = 1'b1; lv_e = e;
      end
    end
  end

  wire sampled = samp_en && (hit || has_free);
  wire [9:0] cnt_hit = cnt_q[hit_e];

  integer k;
  always @(posedge clk) begin
    if (!rst_n) begin
      timer_q <= 13'd0;
      hand_q  <= 1'b0;
      for (k = 0; k < N; k = k + 1) begin
        v_q[k] <= 1'b0; aid_q[k] <= 4'd0; tag_q[k] <= 16'd0;
        cnt_q[k] <= 10'd0; div_q[k] <= 16'd0;
      end
    end else begin
      timer_q <= (timer_q == 13'(SAMP_S - 1)) ? 13'd0 : timer_q + 13'd1;
      if (sampled) begin
        if (hit) begin
          if (cnt_hit != 10'd1023) cnt_q[hit_e] <= cnt_hit + 10'd1;
          div_q[hit_e] <= div_q[hit_e] | page_bit;
        end else begin
          v_q[free_e]   <= 1'b1;
          aid_q[free_e] <= acc_aid_i;
          tag_q[free_e] <= blk_tag;
          cnt_q[free_e] <= 10'd1;
          div_q[free_e] <= page_bit;
        end
      end
      if (hand_q && ho_ready_i) begin
        if (any_v) v_q[lv_e] <= 1'b0;
        else       hand_q <= 1'b0;
      end
      // A running hand-over is not restarted: its end marker must reach the
      // lease unit once.
      if (closing) hand_q <= 1'b1;
    end
  end

  wire offer = hand_q && any_v;
  assign acc_ready_o      = !(open_w && hand_q);
  assign acc_sampled_o    = sampled;
  assign st_samp_active_o = open_w;
  assign ho_valid_o       = hand_q;
  assign ho_end_o         = hand_q && !any_v;
  assign ho_aid_o         = offer ? aid_q[lv_e] : 4'd0;
  assign ho_cnt_o         = offer ? cnt_q[lv_e] : 10'd0;
  assign ho_div_o         = offer ? div_q[lv_e] : 16'd0;
endmodule
