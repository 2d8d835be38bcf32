// ccn_reqq — one core's request queue on the CCN request ring
// (seed-003 §5.2-5.3, §14.3). Behaviour: cmodel/blocks/ccn_reqq.ports.
module ccn_reqq #(
  parameter int unsigned Q_DEPTH  = 8,
  parameter int unsigned NSETS    = 32,
  parameter int unsigned IDX_W    = 5,
  parameter int unsigned LINK_LAT = 1,
  parameter int unsigned FLOW     = 0
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire [3:0]  my_cid_i,
  input  wire        fwd_in_valid_i,
  /* verilator lint_off UNUSEDSIGNAL */  // bit 31 (valid) repeats *_valid_i
  input  wire [31:0] fwd_in_flit_i,
  input  wire        inj_valid_i,
  input  wire [31:0] inj_flit_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire        home_eject_ready_i,
  input  wire        st_lkp_gnt_i,
  input  wire        st_lkp_hit_i,
  input  wire [2:0]  st_lkp_way_i,
  input  wire        hit_stage_ready_i,
  input  wire        fwd_out_ready_i,
  output wire        fwd_in_ready_o,
  output wire        inj_accept_o,
  output wire        home_eject_valid_o,
  output wire [25:0] home_eject_la_o,
  output wire        home_eject_smp_o,
  output wire        st_lkp_valid_o,
  output wire [6:0]  st_lkp_set_o,
  output wire [25:0] st_lkp_tag_o,
  output wire        hit_req_valid_o,
  output wire [6:0]  hit_req_set_o,
  output wire [2:0]  hit_req_way_o,
  output wire [3:0]  hit_req_src_o,
  output wire [25:0] hit_req_la_o,
  output wire        hit_req_smp_o,
  output wire        fwd_out_valid_o,
  output wire [31:0] fwd_out_flit_o,
  output wire [3:0]  count_o
);
  wire [3:0] CID = my_cid_i;  // a strap: one design for every core
  localparam logic [2:0] LAST = 3'(Q_DEPTH - 1);
  localparam int unsigned L   = LINK_LAT;

  reg [30:0] q_q [0:7]  /*verilator public_flat_rd*/;
  reg [2:0]  head_q     /*verilator public_flat_rd*/;
  reg [2:0]  tail_q     /*verilator public_flat_rd*/;
  reg [3:0]  count_q    /*verilator public_flat_rd*/;
  reg        lv_q [0:4] /*verilator public_flat_rd*/;
  reg [30:0] lf_q [0:4] /*verilator public_flat_rd*/;

  wire [30:0] af       = fwd_in_flit_i[30:0];
  wire        arr      = fwd_in_valid_i;
  wire        arr_home = arr && af[29:26] == CID;
  wire        room     = count_q < 4'(Q_DEPTH);
  wire        fifo_hv  = count_q != 4'd0;
  // With the FIFO empty the arriving flit is the head: one cycle a hop.
  wire        bypass   = !fifo_hv && arr && !arr_home;
  wire        hv       = fifo_hv || bypass;
  wire [30:0] hf       = fifo_hv ? q_q[head_q] : bypass ? af : 31'd0;
  wire        h_home   = hv && hf[29:26] == CID;
  wire        lkp      = hv && !h_home;
  wire [25:0] la       = hf[25:0];

  wire [6:0] set_mod;
  gm_mod_const #(.W(26), .P(NSETS), .OW(7)) u_set (.a_i(la), .r_o(set_mod));
  wire [6:0]  set = (IDX_W != 0) ? 7'(la & 26'((1 << IDX_W) - 1)) : set_mod;
  wire [25:0] tag = la >> IDX_W;

  // The link advances from its far end.
  reg [4:0] mv;
  integer i;
  always @* begin
    mv = 5'd0;
    for (i = 4; i >= 0; i = i - 1)
      if (i < L)
        mv[i] = lv_q[i] && ((i == L - 1) ? fwd_out_ready_i : (!lv_q[i + 1] || mv[i + 1]));
  end
  wire stage0_free = !lv_q[0] || mv[0];

  wire hit  = lkp && st_lkp_gnt_i && st_lkp_hit_i;
  wire take = hit && hit_stage_ready_i;
  wire fwd  = hv && stage0_free && (h_home || (lkp && st_lkp_gnt_i && !st_lkp_hit_i));
  wire pop  = (fwd || take) && fifo_hv;
  wire enq_fwd = arr && !arr_home && room && !(bypass && (fwd || take));
  wire free_ok = (FLOW != 0) ? room : ({1'b0, count_q} + 5'd2 <= 5'(Q_DEPTH));
  wire inj  = inj_valid_i && !(arr && !arr_home && room) && free_ok;
  wire enq  = enq_fwd || inj;

  integer k;
  always @(posedge clk) begin
    if (!rst_n) begin
      for (k = 0; k < 8; k = k + 1) q_q[k] <= 31'd0;
      for (k = 0; k < 5; k = k + 1) begin
        lv_q[k] <= 1'b0;
        lf_q[k] <= 31'd0;
      end
      head_q  <= 3'd0;
      tail_q  <= 3'd0;
      count_q <= 4'd0;
    end else begin
      // From the far end: a stage that fills as it empties ends full (the
      // later assignment wins).
      for (k = 4; k >= 0; k = k - 1)
        if (k < L && mv[k]) begin
          lv_q[k] <= 1'b0;
          if (k + 1 < L) begin
            lv_q[k + 1] <= 1'b1;
            lf_q[k + 1] <= lf_q[k];
          end
        end
      if (fwd) begin
        lv_q[0] <= 1'b1;
        lf_q[0] <= hf;
      end
      if (pop) head_q <= (head_q == LAST) ? 3'd0 : head_q + 3'd1;
      if (enq) begin
        q_q[tail_q] <= enq_fwd ? af : inj_flit_i[30:0];
        tail_q <= (tail_q == LAST) ? 3'd0 : tail_q + 3'd1;
      end
      count_q <= count_q + {3'd0, enq} - {3'd0, pop};
    end
  end

  wire        out_v = lv_q[L - 1];
  assign fwd_in_ready_o     = arr_home ? home_eject_ready_i : room;
  assign inj_accept_o       = inj;
  assign home_eject_valid_o = arr_home;
  assign home_eject_la_o    = arr_home ? af[25:0] : 26'd0;
  assign home_eject_smp_o   = arr_home && af[30];
  assign st_lkp_valid_o     = lkp;
  assign st_lkp_set_o       = lkp ? set : 7'd0;
  assign st_lkp_tag_o       = lkp ? tag : 26'd0;
  assign hit_req_valid_o    = hit;
  assign hit_req_set_o      = hit ? set : 7'd0;
  assign hit_req_way_o      = hit ? st_lkp_way_i : 3'd0;
  assign hit_req_src_o      = hit ? hf[29:26] : 4'd0;
  assign hit_req_la_o       = hit ? la : 26'd0;
  assign hit_req_smp_o      = hit && hf[30];
  assign fwd_out_valid_o    = out_v;
  assign fwd_out_flit_o     = out_v ? {1'b1, lf_q[L - 1]} : 32'd0;
  assign count_o            = count_q;
endmodule
