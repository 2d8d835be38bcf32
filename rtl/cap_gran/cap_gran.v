// cap_gran — CAP's granularity tracking registers and far-fault FSM in the
// GMMU (seed-001 §4.3, §9.4). Behaviour, cycle by cycle:
// cmodel/blocks/cap_gran.ports.
module cap_gran #(
  parameter int unsigned NALLOC   = 16,
  parameter int unsigned OS_CLEAR = 256
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
  input  wire        ev_done_i,
  input  wire        evreq_ready_i,
  output wire        ff_ready_o,
  output wire        ff_done_o,
  output wire        ptw_valid_o,
  output wire [35:0] ptw_vpn_o,
  output wire        mig_valid_o,
  output wire [31:0] mig_grn_o,
  output wire [4:0]  mig_ngrn_o,
  output wire        mig_demand_o,
  output wire        evreq_valid_o,
  output wire        st_oversub_o,
  output wire [27:0] st_resident_pages_o,
  output wire [2:0]  st_gcode_o
);
  localparam [2:0] S_IDLE = 3'd0, S_GMUL = 3'd1, S_GCMP = 3'd2, S_GRAN = 3'd3,
                   S_PREQ = 3'd4, S_PWAIT = 3'd5, S_MIG = 3'd6, S_DONE = 3'd7;
  localparam [27:0] PAGES_MAX = 28'hfff_ffff;

  reg [2:0]  fsm_q      /*verilator public_flat_rd*/;
  reg [55:0] mul_a_q    /*verilator public_flat_rd*/;
  reg [27:0] mul_b_q    /*verilator public_flat_rd*/;
  reg [55:0] mul_acc_q  /*verilator public_flat_rd*/;
  reg [35:0] vpn_q      /*verilator public_flat_rd*/;
  reg [3:0]  aid_q      /*verilator public_flat_rd*/;
  reg [2:0]  gcode_q    /*verilator public_flat_rd*/;
  reg [31:0] rlo_q      /*verilator public_flat_rd*/;
  reg [4:0]  rn_q       /*verilator public_flat_rd*/;
  reg [3:0]  doff_q     /*verilator public_flat_rd*/;
  reg [4:0]  pidx_q     /*verilator public_flat_rd*/;
  reg [15:0] present_q  /*verilator public_flat_rd*/;
  reg [15:0] todo_q     /*verilator public_flat_rd*/;
  reg        evd_q      /*verilator public_flat_rd*/;
  reg [31:0] m_agg_q    /*verilator public_flat_rd*/;
  reg [27:0] resident_q /*verilator public_flat_rd*/;
  reg [27:0] pend_q     /*verilator public_flat_rd*/;
  reg        oversub_q  /*verilator public_flat_rd*/;
  reg        a_v_q     [0:NALLOC-1] /*verilator public_flat_rd*/;
  reg [35:0] a_base_q  [0:NALLOC-1] /*verilator public_flat_rd*/;
  reg [27:0] a_pages_q [0:NALLOC-1] /*verilator public_flat_rd*/;
  reg [2:0]  a_gcode_q [0:NALLOC-1] /*verilator public_flat_rd*/;

  // Free space: pages on their way are not free.
  wire [29:0] used  = {2'b0, resident_q} + {2'b0, pend_q};
  wire [27:0] avail = ({2'b0, cfg_cap_pages_i} > used) ? 28'(({2'b0, cfg_cap_pages_i} - used))
                                                        : 28'd0;

  // ---- the faulting allocation's entry (registered table); IDLE loads
  // the multiplier with the entry ff_aid names.
  wire        known = 32'(aid_q) < NALLOC;
  reg         e_v;
  reg  [35:0] e_base;
  reg  [27:0] e_pages;
  reg  [27:0] f_pages;
  integer     i;
  always @* begin
    e_v = 1'b0; e_base = 36'd0; e_pages = 28'd0; f_pages = 28'd0;
    for (i = 0; i < NALLOC; i = i + 1) begin
      if (aid_q == 4'(i) && a_v_q[i]) begin
        e_v = 1'b1; e_base = a_base_q[i]; e_pages = a_pages_q[i];
      end
      if (ff_aid_i == 4'(i) && a_v_q[i]) f_pages = a_pages_q[i];
    end
  end

  // Eq. 4.1 with c = 11/10, every candidate compared at once (GCMP): the
  // largest T = 16 << c pages under the allocation's cap with
  // 10*avail*req >= 11*T*M_agg; avail*req comes from the shift-and-add
  // multiplier (GMUL), which keeps the multiply off the clock's path.
  wire [63:0] lhs    = {5'd0, mul_acc_q, 3'd0} + {7'd0, mul_acc_q, 1'd0};
  wire [35:0] agg11  = 36'd11 * {4'd0, m_agg_q};
  reg  [2:0]  capc, eq_code;
  integer     c;
  always @* begin
    capc = 3'd0;
    for (c = 1; c <= 4; c = c + 1)
      if ({4'd0, e_pages} >= (32'd16 << c)) capc = 3'(c);
    eq_code = 3'd0;
    for (c = 1; c <= 4; c = c + 1)
      if (3'(c) <= capc && lhs >= ({28'd0, agg11} << (4 + c))) eq_code = 3'(c);
  end
  wire [2:0] code = oversub_q ? 3'd3 : eq_code;

  // GRAN: the T-aligned block holding the fault, in granules, clipped to the
  // granules the allocation overlaps.
  wire [31:0] dg     = vpn_q[35:4];
  wire [31:0] ngrn   = 32'd1 << gcode_q;
  wire [31:0] start  = dg & ~(ngrn - 32'd1);
  wire [32:0] alo    = {1'b0, e_base[35:4]};
  /* verilator lint_off UNUSEDSIGNAL */  // the low 4 bits are the page in a granule
  wire [36:0] alast  = {1'b0, e_base} + {9'd0, e_pages} - 37'd1;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [32:0] ahi    = alast[36:4];
  wire        in_alloc = e_v && e_pages != 28'd0 && {1'b0, dg} >= alo && {1'b0, dg} <= ahi;
  wire [32:0] s_end  = {1'b0, start} + {1'b0, ngrn} - 33'd1;
  wire [32:0] lo_c   = ({1'b0, start} > alo) ? {1'b0, start} : alo;
  wire [32:0] hi_c   = (s_end < ahi) ? s_end : ahi;
  wire [31:0] r_lo   = in_alloc ? lo_c[31:0] : dg;
  // Inside the allocation both differences are below 16.
  wire [4:0]  r_span = 5'(hi_c - lo_c);
  wire [4:0]  r_n    = in_alloc ? r_span + 5'd1 : 5'd1;
  wire [3:0]  r_doff = 4'(dg - r_lo);

  // ---- PREQ/PWAIT: the demand granule first, then the rest ascending.
  wire [4:0] km1  = pidx_q - 5'd1;
  wire [3:0] poff = (pidx_q == 5'd0) ? doff_q
                  : (km1 < {1'b0, doff_q}) ? km1[3:0] : pidx_q[3:0];
  wire [31:0] pgrn = rlo_q + {28'd0, poff};
  wire [15:0] pres = present_q | (ptw_present_i ? (16'd1 << poff) : 16'd0);
  wire [15:0] absent = ~pres & 16'(((17'd1 << rn_q) - 17'd1));

  // ---- MIG: the run holding the demand granule, else the lowest.
  reg [3:0] rf, rl;
  integer   k;
  wire      run_any = todo_q != 16'd0;
  always @* begin
    rf = 4'd0;
    if (todo_q[doff_q]) begin
      for (k = 0; k < 15; k = k + 1)
        if (4'(k) < doff_q && !todo_q[k]) rf = 4'(k + 1);
    end else begin
      for (k = 15; k >= 0; k = k - 1)
        if (todo_q[k]) rf = 4'(k);
    end
    rl = 4'd15;
    for (k = 15; k >= 1; k = k - 1)
      if (4'(k) > rf && !todo_q[k]) rl = 4'(k - 1);
  end
  wire [4:0]  run_n   = {1'b0, rl} - {1'b0, rf} + 5'd1;
  wire        in_mig  = fsm_q == S_MIG && run_any;
  wire [8:0]  run_pg  = {run_n, 4'd0};
  wire        need_ev = in_mig && avail < {19'd0, run_pg};
  wire        ask     = need_ev && !evd_q;
  wire        mig_hs  = in_mig && !ask && mig_ready_i;
  wire [15:0] run_mask = 16'(((17'd1 << run_n) - 17'd1) << rf);
  wire        run_dem  = doff_q >= rf && doff_q <= rl;

  always @(posedge clk) begin
    if (!rst_n) begin
      fsm_q <= S_IDLE; mul_a_q <= 56'd0; mul_b_q <= 28'd0; mul_acc_q <= 56'd0; vpn_q <= 36'd0; aid_q <= 4'd0; gcode_q <= 3'd0;
      rlo_q <= 32'd0; rn_q <= 5'd0; doff_q <= 4'd0; pidx_q <= 5'd0;
      present_q <= 16'd0; todo_q <= 16'd0; evd_q <= 1'b0;
    end else begin
      case (fsm_q)
        S_IDLE: if (ff_valid_i) begin
          vpn_q <= ff_vpn_i; aid_q <= ff_aid_i;
          mul_a_q <= {28'd0, avail}; mul_b_q <= f_pages; mul_acc_q <= 56'd0;
          fsm_q <= S_GMUL;
        end
        S_GMUL: begin
          if (mul_b_q != 28'd0) begin
            if (mul_b_q[0]) mul_acc_q <= mul_acc_q + mul_a_q;
            mul_a_q <= {mul_a_q[54:0], 1'b0};
            mul_b_q <= {1'b0, mul_b_q[27:1]};
          end else fsm_q <= S_GCMP;
        end
        S_GCMP: begin
          gcode_q <= code; fsm_q <= S_GRAN;
        end
        S_GRAN: begin
          rlo_q <= r_lo; rn_q <= r_n; doff_q <= r_doff;
          pidx_q <= 5'd0; present_q <= 16'd0; todo_q <= 16'd0; evd_q <= 1'b0;
          fsm_q <= S_PREQ;
        end
        S_PREQ: if (ptw_ready_i) fsm_q <= S_PWAIT;
        S_PWAIT: if (ptw_rsp_valid_i) begin
          present_q <= pres;
          pidx_q <= pidx_q + 5'd1;
          if (pidx_q + 5'd1 < rn_q) begin
            fsm_q <= S_PREQ;
          end else begin
            todo_q <= absent;
            fsm_q <= (absent != 16'd0) ? S_MIG : S_DONE;
          end
        end
        S_MIG: begin
          if (!run_any) fsm_q <= S_DONE;
          else if (ask) begin
            if (evreq_ready_i) evd_q <= 1'b1;
          end else if (mig_ready_i) begin
            todo_q <= todo_q & ~run_mask;
            evd_q <= 1'b0;
            if ((todo_q & ~run_mask) == 16'd0) fsm_q <= S_DONE;
          end
        end
        default: fsm_q <= S_IDLE;
      endcase
    end
  end

  // The allocation table, M_agg and the granularity registers (a
  // kernel_launch after this cycle's write; it wins over GRAN's write).
  reg        nv    [0:NALLOC-1];
  reg [27:0] npg   [0:NALLOC-1];
  reg [31:0] agg_d;
  integer    j;
  always @* begin
    agg_d = 32'd0;
    for (j = 0; j < NALLOC; j = j + 1) begin
      nv[j] = a_v_q[j]; npg[j] = a_pages_q[j];
      if (alloc_id_i == 4'(j)) begin
        if (alloc_we_i) begin nv[j] = 1'b1; npg[j] = alloc_pages_i; end
        else if (alloc_free_i) nv[j] = 1'b0;
      end
      agg_d = agg_d + (nv[j] ? {4'd0, npg[j]} : 32'd0);
    end
  end

  integer t;
  always @(posedge clk) begin
    if (!rst_n) begin
      m_agg_q <= 32'd0;
      for (t = 0; t < NALLOC; t = t + 1) begin
        a_v_q[t] <= 1'b0; a_base_q[t] <= 36'd0; a_pages_q[t] <= 28'd0; a_gcode_q[t] <= 3'd0;
      end
    end else begin
      for (t = 0; t < NALLOC; t = t + 1) begin
        a_v_q[t] <= nv[t];
        a_pages_q[t] <= npg[t];
        if (alloc_id_i == 4'(t) && alloc_we_i) a_base_q[t] <= alloc_base_vpn_i;
        if (kernel_launch_i || (alloc_id_i == 4'(t) && alloc_we_i)) a_gcode_q[t] <= 3'd0;
        else if (fsm_q == S_GCMP && known && aid_q == 4'(t)) a_gcode_q[t] <= code;
      end
      if (kernel_launch_i) m_agg_q <= agg_d;
    end
  end

  // Residency, pending migrations and the oversubscription flag.
  wire [27:0] done_pg = mig_done_i ? {19'd0, mig_done_ngrn_i, 4'd0} : 28'd0;
  wire [28:0] pend_s  = {1'b0, pend_q} + (mig_hs ? {20'd0, run_pg} : 29'd0);
  wire [27:0] pend_a  = pend_s[28] ? PAGES_MAX : pend_s[27:0];
  wire [28:0] res_s   = {1'b0, resident_q} + {1'b0, done_pg};
  wire [27:0] res_a   = res_s[28] ? PAGES_MAX : res_s[27:0];
  always @(posedge clk) begin
    if (!rst_n) begin
      resident_q <= 28'd0; pend_q <= 28'd0; oversub_q <= 1'b0;
    end else begin
      pend_q <= (pend_a > done_pg) ? pend_a - done_pg : 28'd0;
      resident_q <= !ev_done_i ? res_a : (res_a > 28'd16) ? res_a - 28'd16 : 28'd0;
      if (need_ev) oversub_q <= 1'b1;
      else if (kernel_launch_i || {4'd0, avail} >= 32'(OS_CLEAR)) oversub_q <= 1'b0;
    end
  end

  assign ff_ready_o          = fsm_q == S_IDLE;
  assign ff_done_o           = fsm_q == S_DONE;
  assign ptw_valid_o         = fsm_q == S_PREQ;
  assign ptw_vpn_o           = (fsm_q == S_PREQ) ? {pgrn, 4'd0} : 36'd0;
  assign evreq_valid_o       = in_mig && ask;
  assign mig_valid_o         = in_mig && !ask;
  assign mig_grn_o           = in_mig ? rlo_q + {28'd0, rf} : 32'd0;
  assign mig_ngrn_o          = in_mig ? run_n : 5'd0;
  assign mig_demand_o        = in_mig && run_dem;
  assign st_oversub_o        = oversub_q;
  assign st_resident_pages_o = resident_q;
  assign st_gcode_o          = gcode_q;
endmodule
