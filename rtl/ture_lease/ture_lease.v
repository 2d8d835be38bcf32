// ture_lease — TURE's lease unit and per-allocation lease registers
// (seed-001 §4.4.3 Eq. 4.2, §4.4.6, §9.4). Behaviour, cycle by cycle:
// cmodel/blocks/ture_lease.ports.
module ture_lease #(
  parameter int unsigned NGRP       = 16,
  parameter int unsigned LEASE_INIT = 1023,
  parameter int unsigned ALPHA_SH   = 1
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        ho_valid_i,
  input  wire        ho_end_i,
  input  wire [3:0]  ho_aid_i,
  input  wire [9:0]  ho_cnt_i,
  input  wire [15:0] ho_div_i,
  input  wire        lrst_valid_i,
  input  wire        lrst_all_i,
  input  wire [3:0]  lrst_aid_i,
  input  wire [3:0]  st_lease_aid_i,
  input  wire [3:0]  q_aid_i,
  input  wire [3:0]  r_aid_i,
  output wire        ho_ready_o,
  output wire        busy_o,
  output wire        done_o,
  output wire        upd_valid_o,
  output wire [3:0]  upd_aid_o,
  output wire [9:0]  upd_lease_o,
  output wire [9:0]  st_lease_o,
  output wire        st_lease_v_o,
  output wire [9:0]  q_life_o,
  output wire [9:0]  q_recall_o,
  output wire [9:0]  r_recall_o
);
  localparam integer G = NGRP;
  localparam [1:0] PH_IDLE = 2'd0, PH_EDIV = 2'd1, PH_SCAN = 2'd2, PH_FDIV = 2'd3;

  reg [1:0]  ph_q      /*verilator public_flat_rd*/;
  reg [3:0]  it_q      /*verilator public_flat_rd*/;
  reg [14:0] dq_q      /*verilator public_flat_rd*/;
  reg [4:0]  rem_q     /*verilator public_flat_rd*/;
  reg [4:0]  dy_q      /*verilator public_flat_rd*/;
  reg [3:0]  cur_q     /*verilator public_flat_rd*/;
  reg        coll_q    /*verilator public_flat_rd*/;
  reg        done_q    /*verilator public_flat_rd*/;
  reg [15:0] hist_q    /*verilator public_flat_rd*/;
  reg        hv_q      /*verilator public_flat_rd*/;
  reg [17:0] acc_q     [0:G-1] /*verilator public_flat_rd*/;
  reg [4:0]  n_q       [0:G-1] /*verilator public_flat_rd*/;
  reg [9:0]  lease_q   [0:G-1] /*verilator public_flat_rd*/;
  reg        lease_v_q [0:G-1] /*verilator public_flat_rd*/;

  // ---- the shared divider: one restoring step a cycle
  wire [5:0]  div_t  = {rem_q, dq_q[14]};
  wire        div_ge = div_t >= {1'b0, dy_q};
  // The new remainder is below dy_q, so its top bit is always 0.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [5:0]  div_r6 = div_ge ? div_t - {1'b0, dy_q} : div_t;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [4:0]  rem_d  = div_r6[4:0];
  wire [14:0] quo    = {dq_q[13:0], div_ge};
  wire        last   = it_q == 4'd0;

  // ---- the entry offered: its page count, and whether it is kept
  reg [4:0] pop;
  integer b;
  always @* begin
    pop = 5'd0;
    for (b = 0; b < 16; b = b + 1) pop = pop + {4'd0, ho_div_i[b]};
  end
  wire aid_ok   = {1'b0, ho_aid_i} < 5'(NGRP);
  wire take     = ph_q == PH_IDLE && ho_valid_i;
  wire take_ent = take && !ho_end_i && ho_div_i != 16'd0 && aid_ok;

  // ---- the group at cur_q. Array indices are 32-bit: only the bits that
  // address NGRP groups are read.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [31:0] ci = {28'd0, cur_q};
  wire [31:0] si, qi, ri;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [17:0] acc_cur = acc_q[ci];
  wire [4:0]  n_cur   = n_q[ci];
  wire [18:0] acc_sum = {1'b0, acc_cur} + {4'd0, quo};
  wire [17:0] acc_new = acc_sum[18] ? 18'h3ffff : acc_sum[17:0];
  wire [4:0]  n_new   = n_cur == 5'd31 ? n_cur : n_cur + 5'd1;
  // Sfx + 8 n; the final divide takes it >> 4 (nested floors compose).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [18:0] fnum    = {1'b0, acc_cur} + {11'd0, n_cur, 3'd0};
  /* verilator lint_on UNUSEDSIGNAL */
  wire        scan_last = cur_q == 4'(NGRP - 1);

  // ---- the new lease: lease (2^A - 1) + F + 2^(A-1), >> A, clamped. The
  // old lease's share is taken at the scan (hist_q), off the divider's path.
  wire [9:0]  l_old   = lease_q[ci];
  wire [15:0] l_half  = ALPHA_SH == 0 ? 16'd0 : 16'd1 << (ALPHA_SH - 1);
  wire [15:0] l_hist  = ({6'd0, l_old} << ALPHA_SH) - {6'd0, l_old} + l_half;
  wire [15:0] l_sum   = hist_q + {1'b0, quo};
  wire [15:0] l_raw   = hv_q ? (l_sum >> ALPHA_SH) : {1'b0, quo};
  wire        rst_cur = lrst_valid_i && (lrst_all_i || lrst_aid_i == cur_q);
  wire [9:0]  l_new   = l_raw == 16'd0 ? 10'd1
                      : l_raw > 16'd1023 ? 10'd1023 : l_raw[9:0];
  wire        upd     = ph_q == PH_FDIV && last;

  integer g;
  always @(posedge clk) begin
    if (!rst_n) begin
      ph_q <= PH_IDLE; it_q <= 4'd0; dq_q <= 15'd0; rem_q <= 5'd0; dy_q <= 5'd0;
      cur_q <= 4'd0; coll_q <= 1'b0; done_q <= 1'b0; hist_q <= 16'd0; hv_q <= 1'b0;
      for (g = 0; g < G; g = g + 1) begin
        acc_q[g] <= 18'd0; n_q[g] <= 5'd0; lease_q[g] <= 10'd0; lease_v_q[g] <= 1'b0;
      end
    end else begin
      done_q <= 1'b0;
      case (ph_q)
        PH_IDLE: begin
          if (take && ho_end_i) begin
            ph_q <= PH_SCAN; cur_q <= 4'd0; coll_q <= 1'b0;
          end else if (take_ent) begin
            ph_q <= PH_EDIV; cur_q <= ho_aid_i; dq_q <= {1'b0, ho_cnt_i, 4'd0};
            dy_q <= pop; rem_q <= 5'd0; it_q <= 4'd14; coll_q <= 1'b1;
          end
        end
        PH_EDIV: begin
          dq_q <= quo; rem_q <= rem_d;
          if (!last) it_q <= it_q - 4'd1;
          else begin
            acc_q[ci] <= acc_new; n_q[ci] <= n_new; ph_q <= PH_IDLE;
          end
        end
        PH_SCAN: begin
          if (n_cur == 5'd0) begin
            if (scan_last) begin ph_q <= PH_IDLE; done_q <= 1'b1; end
            else cur_q <= cur_q + 4'd1;
          end else begin
            dq_q <= fnum[18:4]; dy_q <= n_cur; rem_q <= 5'd0; it_q <= 4'd14;
            hist_q <= l_hist; hv_q <= lease_v_q[ci];
            ph_q <= PH_FDIV;
          end
        end
        default: begin  // PH_FDIV
          dq_q <= quo; rem_q <= rem_d;
          if (!last) it_q <= it_q - 4'd1;
          else begin
            lease_q[ci] <= l_new; lease_v_q[ci] <= 1'b1;
            acc_q[ci] <= 18'd0; n_q[ci] <= 5'd0;
            if (scan_last) begin ph_q <= PH_IDLE; done_q <= 1'b1; end
            else begin cur_q <= cur_q + 4'd1; ph_q <= PH_SCAN; end
          end
        end
      endcase
      // After the lease write: a reset in the same edge wins.
      if (rst_cur) begin hist_q <= 16'd0; hv_q <= 1'b0; end
      if (lrst_valid_i)
        for (g = 0; g < G; g = g + 1)
          if (lrst_all_i || 4'(g) == lrst_aid_i) begin
            lease_q[g] <= 10'd0; lease_v_q[g] <= 1'b0;
          end
    end
  end

  // ---- readback and the controller's lifetimes
  wire       st_ok = {1'b0, st_lease_aid_i} < 5'(NGRP);
  assign si = st_ok ? {28'd0, st_lease_aid_i} : 32'd0;
  wire       q_ok  = {1'b0, q_aid_i} < 5'(NGRP);
  assign qi = q_ok ? {28'd0, q_aid_i} : 32'd0;
  wire [9:0] life  = (q_ok && lease_v_q[qi]) ? lease_q[qi] : 10'(LEASE_INIT);
  wire       r_ok  = {1'b0, r_aid_i} < 5'(NGRP);
  assign ri = r_ok ? {28'd0, r_aid_i} : 32'd0;
  /* verilator lint_off UNUSEDSIGNAL */  // only the halved value leaves
  wire [9:0] rlife = (r_ok && lease_v_q[ri]) ? lease_q[ri] : 10'(LEASE_INIT);
  /* verilator lint_on UNUSEDSIGNAL */

  assign ho_ready_o   = ph_q == PH_IDLE;
  assign busy_o       = ph_q != PH_IDLE || coll_q;
  assign done_o       = done_q;
  assign upd_valid_o  = upd;
  assign upd_aid_o    = upd ? cur_q : 4'd0;
  assign upd_lease_o  = upd ? l_new : 10'd0;
  assign st_lease_o   = st_ok ? lease_q[si] : 10'd0;
  assign st_lease_v_o = st_ok && lease_v_q[si];
  assign q_life_o     = life;
  assign q_recall_o   = life[9:1] == 9'd0 ? 10'd1 : {1'b0, life[9:1]};
  assign r_recall_o   = rlife[9:1] == 9'd0 ? 10'd1 : {1'b0, rlife[9:1]};
endmodule
