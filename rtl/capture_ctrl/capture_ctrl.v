// capture_ctrl — CAPTURE's GMMU controller (seed-001 §9.4): cap_gran,
// ture_sampler, ture_lease and ture_coal with the lifetime access pipeline
// and the eviction path. Behaviour: cmodel/blocks/capture_ctrl.ports; the
// wiring is the C model's settle().
module capture_ctrl #(
  parameter int unsigned NALLOC     = 16,
  parameter int unsigned OS_CLEAR   = 256,
  parameter int unsigned NSAMP      = 16,
  parameter int unsigned SAMP_D     = 1000,
  parameter int unsigned SAMP_S     = 6000,
  parameter int unsigned LEASE_INIT = 1023,
  parameter int unsigned ALPHA_SH   = 1,
  parameter int unsigned NCOAL      = 256,
  parameter int unsigned SCAN       = 16,
  parameter int unsigned BATCH      = 4
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire [27:0] cfg_cap_pages_i,
  input  wire        alloc_we_i,
  input  wire        alloc_free_i,
  input  wire [3:0]  alloc_id_i,
  input  wire [35:0] alloc_base_vpn_i,
  input  wire [27:0] alloc_pages_i,
  input  wire        kernel_launch_i,
  input  wire        ff_valid_i,
  input  wire [35:0] ff_vpn_i,
  input  wire [3:0]  ff_aid_i,
  input  wire        ptw_ready_i,
  input  wire        ptw_rsp_valid_i,
  input  wire        ptw_present_i,
  input  wire        mig_ready_i,
  input  wire        mig_done_i,
  input  wire [4:0]  mig_done_ngrn_i,
  input  wire        acc_valid_i,
  input  wire [35:0] acc_vpn_i,
  input  wire [3:0]  acc_aid_i,
  input  wire        acc_res_i,
  input  wire [9:0]  lt_rd_data_i,
  input  wire        ev_ready_i,
  input  wire        ev_done_i,
  input  wire        lru_rsp_valid_i,
  input  wire [31:0] lru_rsp_grn_i,
  input  wire        lru_rsp_none_i,
  input  wire [3:0]  st_lease_aid_i,
  input  wire [3:0]  q_aid_i,
  output wire        ff_ready_o,
  output wire        ff_done_o,
  output wire        ptw_valid_o,
  output wire [35:0] ptw_vpn_o,
  output wire        mig_valid_o,
  output wire [31:0] mig_grn_o,
  output wire [4:0]  mig_ngrn_o,
  output wire        mig_demand_o,
  output wire        acc_ready_o,
  output wire        lt_rd_valid_o,
  output wire [35:0] lt_rd_vpn_o,
  output wire        lt_wr_valid_o,
  output wire [35:0] lt_wr_vpn_o,
  output wire [9:0]  lt_wr_data_o,
  output wire        ev_valid_o,
  output wire [31:0] ev_grn_o,
  output wire [1:0]  ev_reason_o,
  output wire        lru_req_valid_o,
  output wire        st_oversub_o,
  output wire [27:0] st_resident_pages_o,
  output wire [2:0]  st_gcode_o,
  output wire [9:0]  st_lease_o,
  output wire        st_samp_active_o,
  output wire [9:0]  q_life_o,
  output wire [8:0]  st_occ_o
);
  localparam logic [2:0] S_IDLE = 3'd0, S_INS = 3'd1, S_REC = 3'd2, S_RWAIT = 3'd3,
                         S_RWR = 3'd4;

  reg [2:0]  fsm_q      /*verilator public_flat_rd*/;
  reg        p1_v_q     /*verilator public_flat_rd*/;
  reg [35:0] p1_vpn_q   /*verilator public_flat_rd*/;
  reg [3:0]  p1_aid_q   /*verilator public_flat_rd*/;
  reg        p1_kill_q  /*verilator public_flat_rd*/;
  reg        fw_v_q     /*verilator public_flat_rd*/;
  reg [35:0] fw_vpn_q   /*verilator public_flat_rd*/;
  reg [9:0]  fw_data_q  /*verilator public_flat_rd*/;
  reg [35:0] r_vpn_q    /*verilator public_flat_rd*/;
  reg [3:0]  r_aid_q    /*verilator public_flat_rd*/;
  reg [15:0] r_bits_q   /*verilator public_flat_rd*/;
  reg [27:0] pend_q     /*verilator public_flat_rd*/;
  reg [7:0]  evpend_q   /*verilator public_flat_rd*/;
  reg        os_busy_q  /*verilator public_flat_rd*/;
  reg        os_short_q /*verilator public_flat_rd*/;

  // ---- sub-block wires
  wire        g_mig_valid, g_evreq_valid;
  wire [4:0]  g_mig_ngrn;
  wire [27:0] g_resident;
  wire        c_ins_ready, c_rec_ready, c_rec_done, c_rec_hit, c_os_ready, c_ev_valid;
  wire [15:0] c_rec_bits;
  wire [31:0] c_ev_grn;
  wire        s_acc_ready, s_ho_valid, s_ho_end;
  wire [3:0]  s_ho_aid;
  wire [9:0]  s_ho_cnt;
  wire [15:0] s_ho_div;
  wire        l_ho_ready;
  wire [9:0]  l_r_recall;
  /* verilator lint_off UNUSEDSIGNAL */  // the sub-blocks' outputs the top has no use for
  wire        s_sampled, l_busy, l_done, l_upd_valid, l_st_lease_v;
  wire [3:0]  l_upd_aid;
  wire [9:0]  l_upd_lease, l_q_recall;
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- the eviction path and the migration gate
  wire [28:0] used   = {1'b0, g_resident} + {1'b0, pend_q};
  wire [28:0] avail  = {1'b0, cfg_cap_pages_i} > used ? {1'b0, cfg_cap_pages_i} - used : 29'd0;
  wire [8:0]  need   = {g_mig_ngrn, 4'd0};
  wire        hold   = g_mig_valid && !os_short_q && avail < {20'd0, need};
  wire        more   = hold && !os_busy_q && evpend_q == 8'd0;
  wire        os_valid = g_evreq_valid || more;
  wire        os_hs  = os_valid && c_os_ready;
  wire        ev_hs  = c_ev_valid && ev_ready_i;
  wire        mig_hs = g_mig_valid && !hold && mig_ready_i;

  // ---- the access pipeline
`ifdef GMEM_FAULT_CAPTURE_CTRL
  // deliberately broken (make cosim-fault FAULT=capture_ctrl): no forwarding,
  // so a page read in the cycle of its own write sees the stale value
  wire [9:0] lt      = lt_rd_data_i;
  wire       fw_unused = fw_v_q ^ (|fw_vpn_q) ^ (|fw_data_q);
`else
  wire [9:0] lt      = (fw_v_q && fw_vpn_q == p1_vpn_q) ? fw_data_q : lt_rd_data_i;
`endif
  wire       p1_stop = p1_v_q && lt <= 10'd1;
  wire       ready   = fsm_q == S_IDLE && !p1_stop && s_acc_ready;
  wire       take    = acc_valid_i && ready;
  wire       load    = take && acc_res_i;
  wire       ev_p1   = ev_hs && c_ev_grn == p1_vpn_q[35:4];
  wire       ev_r    = ev_hs && c_ev_grn == r_vpn_q[35:4];
  wire       ev_acc  = ev_hs && c_ev_grn == acc_vpn_i[35:4];

  // the recall writes, lowest page first
  reg  [3:0] low;
  integer    b;
  always @* begin
    low = 4'd15;
    for (b = 14; b >= 0; b = b - 1)
      if (r_bits_q[b]) low = 4'(b);
  end

  wire       dec_wr = fsm_q == S_IDLE && p1_v_q && lt != 10'd0;
  wire       wr_v   = dec_wr || fsm_q == S_RWR;
  wire [35:0] wr_vpn = dec_wr ? p1_vpn_q : (fsm_q == S_RWR ? {r_vpn_q[35:4], low} : 36'd0);
  wire [9:0]  wr_data = dec_wr ? lt - 10'd1 : (fsm_q == S_RWR ? l_r_recall : 10'd0);

  cap_gran #(.NALLOC(NALLOC), .OS_CLEAR(OS_CLEAR)) u_gran (
    .clk(clk), .rst_n(rst_n),
    .cfg_cap_pages_i(cfg_cap_pages_i), .alloc_we_i(alloc_we_i), .alloc_free_i(alloc_free_i),
    .alloc_id_i(alloc_id_i), .alloc_base_vpn_i(alloc_base_vpn_i), .alloc_pages_i(alloc_pages_i),
    .kernel_launch_i(kernel_launch_i), .ff_valid_i(ff_valid_i), .ff_vpn_i(ff_vpn_i),
    .ff_aid_i(ff_aid_i), .ptw_ready_i(ptw_ready_i), .ptw_rsp_valid_i(ptw_rsp_valid_i),
    .ptw_present_i(ptw_present_i), .mig_ready_i(mig_ready_i && !hold),
    .mig_done_i(mig_done_i), .mig_done_ngrn_i(mig_done_ngrn_i), .ev_done_i(ev_done_i),
    .evreq_ready_i(c_os_ready),
    .ff_ready_o(ff_ready_o), .ff_done_o(ff_done_o), .ptw_valid_o(ptw_valid_o),
    .ptw_vpn_o(ptw_vpn_o), .mig_valid_o(g_mig_valid), .mig_grn_o(mig_grn_o),
    .mig_ngrn_o(g_mig_ngrn), .mig_demand_o(mig_demand_o), .evreq_valid_o(g_evreq_valid),
    .st_oversub_o(st_oversub_o), .st_resident_pages_o(g_resident), .st_gcode_o(st_gcode_o));

  ture_sampler #(.NSAMP(NSAMP), .SAMP_D(SAMP_D), .SAMP_S(SAMP_S)) u_samp (
    .clk(clk), .rst_n(rst_n),
    .acc_valid_i(take), .acc_vpn_i(acc_vpn_i), .acc_aid_i(acc_aid_i), .ho_ready_i(l_ho_ready),
    .acc_ready_o(s_acc_ready), .acc_sampled_o(s_sampled), .st_samp_active_o(st_samp_active_o),
    .ho_valid_o(s_ho_valid), .ho_end_o(s_ho_end), .ho_aid_o(s_ho_aid), .ho_cnt_o(s_ho_cnt),
    .ho_div_o(s_ho_div));

  ture_lease #(.NGRP(NALLOC), .LEASE_INIT(LEASE_INIT), .ALPHA_SH(ALPHA_SH)) u_lease (
    .clk(clk), .rst_n(rst_n),
    .ho_valid_i(s_ho_valid), .ho_end_i(s_ho_end), .ho_aid_i(s_ho_aid), .ho_cnt_i(s_ho_cnt),
    .ho_div_i(s_ho_div),
    .lrst_valid_i(kernel_launch_i || alloc_we_i || alloc_free_i),
    .lrst_all_i(kernel_launch_i), .lrst_aid_i(alloc_id_i),
    .st_lease_aid_i(st_lease_aid_i), .q_aid_i(q_aid_i), .r_aid_i(r_aid_q),
    .ho_ready_o(l_ho_ready), .busy_o(l_busy), .done_o(l_done),
    .upd_valid_o(l_upd_valid), .upd_aid_o(l_upd_aid), .upd_lease_o(l_upd_lease),
    .st_lease_o(st_lease_o), .st_lease_v_o(l_st_lease_v), .q_life_o(q_life_o),
    .q_recall_o(l_q_recall), .r_recall_o(l_r_recall));

  ture_coal #(.NCOAL(NCOAL), .SCAN(SCAN), .BATCH(BATCH)) u_coal (
    .clk(clk), .rst_n(rst_n),
    .ins_valid_i(fsm_q == S_INS), .ins_vpn_i(r_vpn_q),
    .rec_valid_i(fsm_q == S_REC), .rec_grn_i(r_vpn_q[35:4]),
    .os_valid_i(os_valid), .ev_ready_i(ev_ready_i),
    .lru_rsp_valid_i(lru_rsp_valid_i), .lru_rsp_grn_i(lru_rsp_grn_i),
    .lru_rsp_none_i(lru_rsp_none_i),
    .ins_ready_o(c_ins_ready), .rec_ready_o(c_rec_ready), .rec_done_o(c_rec_done),
    .rec_hit_o(c_rec_hit), .rec_bits_o(c_rec_bits), .os_ready_o(c_os_ready),
    .ev_valid_o(c_ev_valid), .ev_grn_o(c_ev_grn), .ev_reason_o(ev_reason_o),
    .lru_req_valid_o(lru_req_valid_o), .st_occ_o(st_occ_o));

  // ---- next state
  reg [2:0]  fsm_d;
  reg [35:0] r_vpn_d;
  reg [3:0]  r_aid_d;
  reg [15:0] r_bits_d;
  always @* begin
    fsm_d = fsm_q; r_vpn_d = r_vpn_q; r_aid_d = r_aid_q; r_bits_d = r_bits_q;
    case (fsm_q)
      S_IDLE:
        if (p1_v_q && lt == 10'd1 && !(p1_kill_q || ev_p1)) begin
          fsm_d = S_INS; r_vpn_d = p1_vpn_q; r_aid_d = p1_aid_q;
        end else if (p1_v_q && lt == 10'd0) begin
          fsm_d = S_REC; r_vpn_d = p1_vpn_q; r_aid_d = p1_aid_q;
        end
      S_INS:
        if (c_ins_ready || ev_r) fsm_d = S_IDLE;
      S_REC:
        if (c_rec_ready) fsm_d = S_RWAIT;
      S_RWAIT:
        if (c_rec_done) begin
          if (c_rec_hit && c_rec_bits != 16'd0) begin
            fsm_d = S_RWR; r_bits_d = c_rec_bits;
          end else begin
            fsm_d = S_IDLE;
          end
        end
      default: begin // S_RWR
        r_bits_d = r_bits_q & (r_bits_q - 16'd1);
        if (r_bits_d == 16'd0) fsm_d = S_IDLE;
      end
    endcase
  end

  wire [9:0]  done_pages = mig_done_i ? {1'b0, mig_done_ngrn_i, 4'd0} : 10'd0;
  wire [28:0] pend_add   = {1'b0, pend_q} + (mig_hs ? {20'd0, need} : 29'd0);
  wire [27:0] pend_sat   = pend_add[28] ? 28'hfffffff : pend_add[27:0];
  wire [27:0] pend_d     = pend_sat > {18'd0, done_pages} ? pend_sat - {18'd0, done_pages}
                                                          : 28'd0;
  wire [8:0]  ev_add     = {1'b0, evpend_q} + {8'd0, ev_hs};
  wire [7:0]  ev_sat     = ev_add[8] ? 8'hff : ev_add[7:0];
  wire [7:0]  evpend_d   = (ev_done_i && ev_sat != 8'd0) ? ev_sat - 8'd1 : ev_sat;

  always @(posedge clk) begin
    if (!rst_n) begin
      fsm_q <= S_IDLE; p1_v_q <= 1'b0; p1_vpn_q <= 36'd0; p1_aid_q <= 4'd0;
      p1_kill_q <= 1'b0; fw_v_q <= 1'b0; fw_vpn_q <= 36'd0; fw_data_q <= 10'd0;
      r_vpn_q <= 36'd0; r_aid_q <= 4'd0; r_bits_q <= 16'd0; pend_q <= 28'd0;
      evpend_q <= 8'd0; os_busy_q <= 1'b0; os_short_q <= 1'b0;
    end else begin
      fsm_q <= fsm_d; r_vpn_q <= r_vpn_d; r_aid_q <= r_aid_d; r_bits_q <= r_bits_d;
      p1_v_q <= load;
      p1_kill_q <= load && ev_acc;
      if (take) begin
        p1_vpn_q <= acc_vpn_i; p1_aid_q <= acc_aid_i;
      end
      fw_v_q <= wr_v;
      if (wr_v) begin
        fw_vpn_q <= wr_vpn; fw_data_q <= wr_data;
      end
      pend_q <= pend_d;
      evpend_q <= evpend_d;
      os_busy_q <= os_hs || (os_busy_q && !c_rec_ready);
      if (mig_hs) os_short_q <= 1'b0;
      else if (lru_req_valid_o && lru_rsp_valid_i && lru_rsp_none_i) os_short_q <= 1'b1;
      else if (os_hs) os_short_q <= 1'b0;
    end
  end

  assign mig_valid_o         = g_mig_valid && !hold;
  assign mig_ngrn_o          = g_mig_ngrn;
  assign acc_ready_o         = ready;
  assign lt_rd_valid_o       = load;
  assign lt_rd_vpn_o         = load ? acc_vpn_i : 36'd0;
  assign lt_wr_valid_o       = wr_v;
  assign lt_wr_vpn_o         = wr_vpn;
  assign lt_wr_data_o        = wr_data;
  assign ev_valid_o          = c_ev_valid;
  assign ev_grn_o            = c_ev_grn;
  assign st_resident_pages_o = g_resident;
endmodule
