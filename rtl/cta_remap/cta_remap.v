// cta_remap — the CTA Remap Unit (seed-002 §8.1, §10.1): new-kernel CTA id
// (or cluster position) -> original CTA id and coordinates, on one divider
// shared by the request's divisions in turn. Behaviour, cycle by cycle:
// cmodel/blocks/cta_remap.ports.
module cta_remap #(
  parameter int unsigned DIV_IMPL = 0,  // 0 serial restoring (32 cycles), 1 combinational
  parameter int unsigned LUT_AW   = 6
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire [1:0]  cfg_mode_i,
  input  wire [1:0]  cfg_index_i,
  input  wire [31:0] cfg_V_i,
  input  wire [5:0]  cfg_M_i,
  input  wire [31:0] cfg_q_i,
  input  wire [4:0]  cfg_r_i,
  input  wire [31:0] cfg_gdx_i,
  input  wire [15:0] cfg_gdy_i,
  input  wire [7:0]  cfg_tw_i,
  input  wire [7:0]  cfg_th_i,
  input  wire [31:0] cfg_ntx_i,
  input  wire        in_valid_i,
  input  wire [31:0] in_u_i,
  input  wire [31:0] in_w_i,
  input  wire [4:0]  in_i_i,
  input  wire        out_ready_i,
  input  wire        lut_we_i,
  input  wire [11:0] lut_addr_i,
  input  wire [31:0] lut_wdata_i,
  output wire        in_ready_o,
  output wire        out_valid_o,
  output wire [31:0] out_v_o,
  output wire [31:0] out_bx_o,
  output wire [15:0] out_by_o,
  output wire        err_range_o
);
  localparam int unsigned DEPTH = 1 << LUT_AW;
  localparam [1:0] M_RD = 2'd1, M_CL = 2'd2, M_LUT = 2'd3;
  localparam [1:0] I_COL = 2'd1, I_TILE = 2'd2, I_LUT = 2'd3;
  // The divisions of a request: REDIRECT's u / M, the index method's
  // first, and TILE's t / ntx and s / tw.
  localparam [1:0] P_RD = 2'd0, P_I1 = 2'd1, P_T2 = 2'd2, P_T3 = 2'd3;
  localparam [7:0] DIVLAT = (DIV_IMPL != 0) ? 8'd1 : 8'd32;

  reg        busy_q /*verilator public_flat_rd*/;
  reg        ov_q   /*verilator public_flat_rd*/;
  reg [7:0]  left_q /*verilator public_flat_rd*/;
  reg [31:0] v_q    /*verilator public_flat_rd*/;
  reg [31:0] bx_q   /*verilator public_flat_rd*/;
  reg [15:0] by_q   /*verilator public_flat_rd*/;
  reg        err_q  /*verilator public_flat_rd*/;
  reg [31:0] lut_q [0:DEPTH-1] /*verilator public_flat_rd*/;

  // The request's configuration, held from the cycle it was taken.
  reg [1:0]  idx_q;
  reg [31:0] V_q, q_q, gdx_q, ntx_q;
  reg [4:0]  r_q;
  reg [15:0] gdy_q;
  reg [7:0]  tw_q, th_q;
  // The sequencer and the divider (dividend shifts out of quo_q).
  reg [1:0]  phase_q;
  reg [4:0]  cnt_q;
  reg [31:0] quo_q, rem_q, dvs_q;
  reg [31:0] vw_q, s_q, bxp_q, byp_q;
  reg        perr_q;

  function automatic [31:0] inv(input [31:0] w, input [31:0] i, input [31:0] q,
                                input [31:0] r);
    inv = i * (q + 32'd1) + w - ((i > r) ? (i - r) : 32'd0);
  endfunction

  // One division step, or the whole division.
  wire [31:0] dq, dr;
  wire        div_fin;
  generate
    if (DIV_IMPL != 0) begin : g_comb
      assign dq = (dvs_q == 32'd0) ? 32'hffff_ffff : quo_q / dvs_q;
      assign dr = (dvs_q == 32'd0) ? quo_q : quo_q % dvs_q;
      assign div_fin = 1'b1;
      /* verilator lint_off UNUSEDSIGNAL */  // the combinational divider keeps no remainder
      wire unused_rem = |rem_q;
      /* verilator lint_on UNUSEDSIGNAL */
    end else begin : g_serial
      wire [32:0] rem_sh  = {rem_q, quo_q[31]};
      wire        ge      = rem_sh >= {1'b0, dvs_q};
      /* verilator lint_off UNUSEDSIGNAL */  // bit 32 is 0 whenever ge
      wire [32:0] rem_sub = rem_sh - {1'b0, dvs_q};
      /* verilator lint_on UNUSEDSIGNAL */
      assign dq = {quo_q[30:0], ge};
      assign dr = ge ? rem_sub[31:0] : rem_sh[31:0];
      assign div_fin = cnt_q == 5'd31;
    end
  endgenerate

  // The configuration in force: the inputs when a request is taken, the
  // held copy while it runs.
  wire [1:0]  c_idx = busy_q ? idx_q : cfg_index_i;
  wire [31:0] c_V   = busy_q ? V_q   : cfg_V_i;
  wire [31:0] c_gdx = busy_q ? gdx_q : cfg_gdx_i;
  wire [15:0] c_gdy = busy_q ? gdy_q : cfg_gdy_i;
  wire [7:0]  c_tw  = busy_q ? tw_q  : cfg_tw_i;
  wire [7:0]  c_th  = busy_q ? th_q  : cfg_th_i;

  // v once known: at the request (IDENTITY, CLUSTER, LUT) or after u / M.
  reg [31:0] vsrc;
  reg        verr;
  always @* begin
    verr = 1'b0;
    if (busy_q) begin
      vsrc = inv(dq, dr, q_q, {27'd0, r_q});
    end else begin
      case (cfg_mode_i)
        M_CL:    vsrc = inv(in_w_i, {27'd0, in_i_i}, cfg_q_i, {27'd0, cfg_r_i});
        M_LUT: begin
          vsrc = lut_q[in_u_i[LUT_AW-1:0]];
          verr = (in_u_i >> LUT_AW) != 32'd0;
        end
        default: vsrc = in_u_i;
      endcase
    end
  end

  // The index method's first division, from v.
  reg [31:0] ld_a, ld_b;
  reg        ld_err;
  always @* begin
    ld_err = verr || vsrc >= c_V;
    ld_a   = vsrc;
    case (c_idx)
      I_COL:  ld_b = {16'd0, c_gdy};
      I_TILE: ld_b = {16'd0, 16'(c_tw * c_th)};
      I_LUT: begin
        ld_a   = lut_q[vsrc[LUT_AW-1:0]];
        ld_err = ld_err || (vsrc >> LUT_AW) != 32'd0;
        ld_b   = c_gdx;
      end
      default: ld_b = c_gdx;
    endcase
  end

  // The table: the identity after reset; written only while idle with no
  // request offered, so a running request never sees it change.
  wire lut_wr = !busy_q && !in_valid_i && lut_we_i;
  /* verilator lint_off UNUSEDSIGNAL */  // addresses past the table are dropped
  wire [11:0] lut_wa = lut_addr_i;
  /* verilator lint_on UNUSEDSIGNAL */
  genvar g;
  generate
    for (g = 0; g < DEPTH; g = g + 1) begin : g_lut
      always @(posedge clk) begin
        if (!rst_n) lut_q[g] <= 32'(g);
        else if (lut_wr && lut_wa[LUT_AW-1:0] == LUT_AW'(g)) lut_q[g] <= lut_wdata_i;
      end
    end
  endgenerate

  wire [7:0] ndiv = (cfg_mode_i == M_RD ? 8'd1 : 8'd0) + (cfg_index_i == I_TILE ? 8'd3 : 8'd1);
  wire [7:0] n_acc = ndiv * DIVLAT;

  always @(posedge clk) begin
    if (!rst_n) begin
      busy_q <= 1'b0; ov_q <= 1'b0; left_q <= 8'd0; err_q <= 1'b0;
      v_q <= 32'd0; bx_q <= 32'd0; by_q <= 16'd0;
      idx_q <= 2'd0; V_q <= 32'd0; q_q <= 32'd0; r_q <= 5'd0; gdx_q <= 32'd0;
      gdy_q <= 16'd0; tw_q <= 8'd0; th_q <= 8'd0; ntx_q <= 32'd0;
      phase_q <= P_RD; cnt_q <= 5'd0; quo_q <= 32'd0; rem_q <= 32'd0; dvs_q <= 32'd0;
      vw_q <= 32'd0; s_q <= 32'd0; bxp_q <= 32'd0; byp_q <= 32'd0; perr_q <= 1'b0;
    end else if (!busy_q) begin
      if (in_valid_i) begin
        busy_q <= 1'b1;
        left_q <= n_acc;
        idx_q <= cfg_index_i; V_q <= cfg_V_i; q_q <= cfg_q_i; r_q <= cfg_r_i;
        gdx_q <= cfg_gdx_i; gdy_q <= cfg_gdy_i; tw_q <= cfg_tw_i; th_q <= cfg_th_i;
        ntx_q <= cfg_ntx_i;
        cnt_q <= 5'd0; rem_q <= 32'd0;
        if (cfg_mode_i == M_RD) begin
          phase_q <= P_RD; quo_q <= in_u_i; dvs_q <= {26'd0, cfg_M_i}; perr_q <= 1'b0;
        end else begin
          phase_q <= P_I1; quo_q <= ld_a; dvs_q <= ld_b; vw_q <= vsrc; perr_q <= ld_err;
        end
      end
    end else if (ov_q) begin
      if (out_ready_i) begin
        ov_q <= 1'b0; busy_q <= 1'b0;
      end
    end else begin
      left_q <= left_q - 8'd1;
      if (!div_fin) begin
        quo_q <= dq; rem_q <= dr; cnt_q <= cnt_q + 5'd1;
      end else begin
        cnt_q <= 5'd0; rem_q <= 32'd0;
        case (phase_q)
          P_RD: begin
            phase_q <= P_I1; vw_q <= vsrc; quo_q <= ld_a; dvs_q <= ld_b;
            perr_q <= ld_err;
          end
          P_I1: begin
            if (idx_q == I_TILE) begin
              phase_q <= P_T2; s_q <= dr; quo_q <= dq; dvs_q <= ntx_q;
            end else begin
              ov_q <= 1'b1; v_q <= vw_q; err_q <= err_q | perr_q;
              bx_q <= (idx_q == I_COL) ? dq : dr;
              by_q <= (idx_q == I_COL) ? dr[15:0] : dq[15:0];
            end
          end
          P_T2: begin
            phase_q <= P_T3; bxp_q <= dr * {24'd0, tw_q}; byp_q <= dq * {24'd0, th_q};
            quo_q <= s_q; dvs_q <= {24'd0, tw_q};
          end
          default: begin
            ov_q <= 1'b1; v_q <= vw_q; err_q <= err_q | perr_q;
            bx_q <= bxp_q + dr;
            by_q <= 16'(byp_q + dq);
          end
        endcase
      end
    end
  end

  assign in_ready_o  = !busy_q;
  assign out_valid_o = ov_q;
  assign out_v_o     = v_q;
  assign out_bx_o    = bx_q;
  assign out_by_o    = by_q;
  assign err_range_o = err_q;
endmodule
