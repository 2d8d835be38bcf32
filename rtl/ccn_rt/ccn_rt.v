// ccn_rt — one core's request throttler (seed-003 §7, §14.7).
// Behaviour: cmodel/blocks/ccn_rt.ports.
module ccn_rt #(
  parameter int unsigned CNT_W = 24
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        cfg_ccn_en_i,
  input  wire        cfg_rt_en_i,
  input  wire [23:0] cfg_ts_i,
  input  wire [23:0] cfg_tp_i,
  input  wire [7:0]  cfg_hmin_num_i,
  input  wire [7:0]  cfg_hmin_den_i,
  input  wire [7:0]  insn_inc_i,
  input  wire        cb_push_i,
  input  wire        ccn_hit_rsp_i,
  input  wire        ccn_hit_smp_i,
  output wire        rt_enable_o,
  output wire        rt_sampling_o,
  output wire [31:0] stat_epochs_o,
  output wire [31:0] stat_off_epochs_o
);
  localparam logic [23:0] SAT = 24'((64'd1 << CNT_W) - 64'd1);
  localparam logic [1:0] SAMPLE = 2'd0, ON = 2'd1, OFF = 2'd2;

  reg [1:0]  state_q      /*verilator public_flat_rd*/;
  reg [23:0] ecnt_q       /*verilator public_flat_rd*/;
  reg [23:0] n_total_q    /*verilator public_flat_rd*/;
  reg [23:0] n_hits_q     /*verilator public_flat_rd*/;
  reg [31:0] epochs_q     /*verilator public_flat_rd*/;
  reg [31:0] off_epochs_q /*verilator public_flat_rd*/;

  wire [24:0] e = {1'b0, ecnt_q} + {17'd0, insn_inc_i};
  wire sampling = state_q == SAMPLE;
  wire [23:0] tot_inc = n_total_q + {23'd0, cb_push_i && n_total_q != SAT};
  wire [23:0] hit_inc = n_hits_q + {23'd0, ccn_hit_rsp_i && ccn_hit_smp_i && n_hits_q != SAT};
  // h_reuse >= H_min without a divider: hits * DEN >= total * NUM (24 x 8).
  wire [31:0] lhs  = {8'd0, tot_inc} * {24'd0, cfg_hmin_num_i};
  wire [31:0] rhs  = {8'd0, hit_inc} * {24'd0, cfg_hmin_den_i};
  wire keep        = (tot_inc == 24'd0) || (rhs >= lhs);
  wire window_end  = sampling && (e >= {1'b0, cfg_ts_i});
  wire epoch_end   = e >= {1'b0, cfg_tp_i};
  /* verilator lint_off UNUSEDSIGNAL */  // e_n < 2^25; the register keeps 24 bits
  wire [24:0] e_n  = epoch_end ? e - {1'b0, cfg_tp_i} : e;
  /* verilator lint_on UNUSEDSIGNAL */

  always @(posedge clk) begin
    if (!rst_n) begin
      state_q      <= SAMPLE;
      ecnt_q       <= 24'd0;
      n_total_q    <= 24'd0;
      n_hits_q     <= 24'd0;
      epochs_q     <= 32'd0;
      off_epochs_q <= 32'd0;
    end else begin
      ecnt_q <= e_n[23:0];
      if (epoch_end) begin
        n_total_q <= 24'd0;
        n_hits_q  <= 24'd0;
        state_q   <= SAMPLE;
        epochs_q  <= epochs_q + 32'd1;
      end else if (sampling) begin
        n_total_q <= tot_inc;
        n_hits_q  <= hit_inc;
        if (window_end) state_q <= keep ? ON : OFF;
      end
      if (window_end && !keep) off_epochs_q <= off_epochs_q + 32'd1;
    end
  end

  assign rt_enable_o       = cfg_ccn_en_i && (!cfg_rt_en_i || state_q != OFF);
  assign rt_sampling_o     = sampling;
  assign stat_epochs_o     = epochs_q;
  assign stat_off_epochs_o = off_epochs_q;
endmodule
