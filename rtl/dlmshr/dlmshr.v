// dlmshr — Dynamically Linked MSHRs (seed-001 ch.3): NSETS slot sets of two
// slots, linked at run time into super-entries, one DAU FSM per set
// (dlmshr_dau). The outer ports are those of `mshr`. Behaviour, cycle by
// cycle: cmodel/blocks/dlmshr.ports.
module dlmshr #(
  parameter int unsigned NSETS        = 64,
  parameter int unsigned NRESV        = 32,
  parameter int unsigned ACCESS_LAT   = 2,
  parameter int unsigned DEALLOC_MODE = 0,
  parameter int unsigned LINK_EN      = 1
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        req_valid_i,
  input  wire [31:0] req_blk_i,
  input  wire [31:0] req_info_i,
  input  wire        req_is_wr_i,
  input  wire [31:0] prb_blk_i,
  input  wire        fill_valid_i,
  input  wire [31:0] fill_blk_i,
  input  wire        fwd_ready_i,
  output wire        req_ready_o,
  output wire        req_accept_o,
  output wire        req_primary_o,
  output wire        req_rf_o,
  output wire [1:0]  req_rf_cause_o,
  output wire        miss_issue_valid_o,
  output wire [31:0] miss_issue_blk_o,
  output wire        prb_hit_o,
  output wire        prb_full_o,
  output wire        fill_ready_o,
  output wire        fill_err_o,
  output wire        fwd_valid_o,
  output wire [31:0] fwd_blk_o,
  output wire [31:0] fwd_info_o,
  output wire        fwd_is_wr_o,
  output wire        fwd_last_o,
  output wire [8:0]  st_nentries_o,
  output wire [15:0] st_used_slots_o,
  output wire [8:0]  st_nfree_set_o,
  output wire        st_err_o
);
  localparam int unsigned NS = NSETS * 2;
  localparam int unsigned EW = $clog2(NSETS);   // set index
  localparam int unsigned SW = $clog2(NS);      // slot index
  localparam bit RIPPLE = DEALLOC_MODE == 0;
  localparam bit LINK   = LINK_EN != 0;
  localparam [3:0] S0 = 4'd0, S3 = 4'd3, S5 = 4'd5, S8 = 4'd8, S10 = 4'd10;
  // Sets 0..NRESV-1 are reserved for heads; a mask, so NRESV = 0 is no
  // special case.
  function automatic [NSETS-1:0] resv_mask();
    integer i;
    for (i = 0; i < NSETS; i = i + 1) resv_mask[i] = i < $signed(NRESV);
  endfunction
  localparam [NSETS-1:0] RESV = resv_mask();

  reg [3:0]  fsm_q       [0:NSETS-1] /*verilator public_flat_rd*/;
  reg [7:0]  nxt_q       [0:NSETS-1] /*verilator public_flat_rd*/;
  reg [7:0]  tail_q      [0:NSETS-1] /*verilator public_flat_rd*/;
  reg [7:0]  hid_q       [0:NSETS-1] /*verilator public_flat_rd*/;
  reg [31:0] blk_q       [0:NSETS-1] /*verilator public_flat_rd*/;
  reg        filled_q    [0:NSETS-1] /*verilator public_flat_rd*/;
  reg        ret_q       [0:NSETS-1] /*verilator public_flat_rd*/;
  reg        slot_v_q    [0:NS-1]    /*verilator public_flat_rd*/;
  reg [31:0] slot_info_q [0:NS-1]    /*verilator public_flat_rd*/;
  reg        slot_wr_q   [0:NS-1]    /*verilator public_flat_rd*/;
  reg [8:0]  nfree_resv_q            /*verilator public_flat_rd*/;
  reg [8:0]  nfree_link_q            /*verilator public_flat_rd*/;
  reg [7:0]  rq_q        [0:NSETS-1] /*verilator public_flat_rd*/;
  reg [7:0]  rq_head_q               /*verilator public_flat_rd*/;
  reg [8:0]  rq_n_q                  /*verilator public_flat_rd*/;
  reg [7:0]  cur_set_q               /*verilator public_flat_rd*/;
  reg        cur_slot_q              /*verilator public_flat_rd*/;
  reg        cur_busy_q              /*verilator public_flat_rd*/;
  reg        pipe_v_q    [0:2]       /*verilator public_flat_rd*/;
  reg [31:0] pipe_blk_q  [0:2]       /*verilator public_flat_rd*/;
  reg [8:0]  nheads_q;   // live super-entries (heads S1..S5)
  reg [15:0] used_q;     // recorded, not yet released requests

  function automatic is_head(input [3:0] s);
    is_head = s >= 4'd1 && s <= S5;
  endfunction
  function automatic is_linked(input [3:0] s);
    is_linked = s == S3 || s == S8;
  endfunction
  function automatic is_full(input [3:0] s);
    is_full = s == 4'd2 || s == S3 || s == 4'd4 || s == 4'd7 || s == S8 || s == 4'd9;
  endfunction

  // ---- the CAM over pending heads, and the free-set searches; lowest
  // index wins, one block per search so an input change re-evaluates only
  // its own.
  reg          req_hit, prb_hit, fill_hit, resv_free, link_free;
  reg [EW-1:0] req_e, prb_e, fill_e, resv_e, link_e;
  integer a, b, c, d, r;
  always @* begin
    req_hit = 1'b0; req_e = '0;
    for (a = NSETS - 1; a >= 0; a = a - 1)
      if (is_head(fsm_q[a]) && !filled_q[a] && blk_q[a] == req_blk_i) begin
        req_hit = 1'b1; req_e = EW'(a);
      end
  end
  always @* begin
    prb_hit = 1'b0; prb_e = '0;
    for (b = NSETS - 1; b >= 0; b = b - 1)
      if (is_head(fsm_q[b]) && !filled_q[b] && blk_q[b] == prb_blk_i) begin
        prb_hit = 1'b1; prb_e = EW'(b);
      end
  end
  always @* begin
    fill_hit = 1'b0; fill_e = '0;
    for (c = NSETS - 1; c >= 0; c = c - 1)
      if (is_head(fsm_q[c]) && !filled_q[c] && blk_q[c] == fill_blk_i) begin
        fill_hit = 1'b1; fill_e = EW'(c);
      end
  end
  always @* begin
    resv_free = 1'b0; resv_e = '0; link_free = 1'b0; link_e = '0;
    for (d = NSETS - 1; d >= 0; d = d - 1)
      if (fsm_q[d] == S0) begin
        if (RESV[d]) begin resv_free = 1'b1; resv_e = EW'(d); end
        else           begin link_free = 1'b1; link_e = EW'(d); end
      end
  end

  // ---- the DAU's decision on the request (start-of-cycle state)
  wire [EW-1:0] tail_e     = tail_q[req_e][EW-1:0];
  wire          tail_full  = is_full(fsm_q[tail_e]);
  wire          tail_head  = is_head(fsm_q[tail_e]);
  wire          can_link   = LINK && link_free;
  wire          primary    = req_valid_i && !req_hit && (resv_free || link_free);
  wire [EW-1:0] prim_e     = resv_free ? resv_e : link_e;
  wire          merge      = req_valid_i && req_hit && !tail_full;
  wire          do_link    = req_valid_i && req_hit && tail_full && can_link;
  wire          secondary  = req_valid_i && req_hit;   // the tail's FSM sees it
  wire          accept     = primary || merge || do_link;
  wire [1:0]    cause      = (!req_valid_i || accept) ? 2'd0 : (req_hit ? 2'd2 : 2'd1);
  wire [EW-1:0] prb_tail   = tail_q[prb_e][EW-1:0];
  wire          prb_full   = prb_hit ? (is_full(fsm_q[prb_tail]) && !can_link)
                                     : !(resv_free || link_free);

  // ---- the release cursor: the oldest filled chain, head to tail
  wire          fwd_valid  = rq_n_q != 9'd0;
  wire [EW-1:0] rq_h       = rq_q[rq_head_q[EW-1:0]][EW-1:0];
  wire [EW-1:0] f_set      = cur_busy_q ? cur_set_q[EW-1:0] : rq_h;
  wire          f_slot     = cur_busy_q && cur_slot_q;
  wire [SW-1:0] f_k        = {f_set, f_slot};
  wire          f_has1     = !f_slot && slot_v_q[{f_set, 1'b1}];
  wire          f_last_set = !f_has1;
  wire          f_last     = f_last_set && !is_linked(fsm_q[f_set]);
  wire          fwd_go     = fwd_valid && fwd_ready_i;

  // ---- one DAU FSM per set
  wire [3:0] dau_next [0:NSETS-1];
  reg  [3:0] next     [0:NSETS-1];
  reg        released [0:NSETS-1];
  genvar g;
  for (g = 0; g < NSETS; g = g + 1) begin : g_set
    wire at_tail = secondary && tail_e == EW'(g);
    wire req_h   = (primary && prim_e == EW'(g)) || (at_tail && tail_head);
    wire req_a   = (do_link && link_e == EW'(g)) || (at_tail && !tail_head);
    wire sfree   = is_linked(fsm_q[g]) && fsm_q[nxt_q[g][EW-1:0]] == S0;
    dlmshr_dau #(.RIPPLE(RIPPLE ? 1 : 0)) u_dau (
      .state_i(fsm_q[g]), .req_h_i(req_h), .req_a_i(req_a), .link_ok_i(do_link),
      .ret_i(ret_q[g]), .sfree_ext_i(sfree), .next_o(dau_next[g]));
  end

  // Without linking a set frees on the edge of its last release, as the
  // conventional table does.
  reg [8:0] rel_resv, rel_link, rel_heads;
  reg       illegal;
  always @* begin
    rel_resv = 9'd0; rel_link = 9'd0; rel_heads = 9'd0; illegal = 1'b0;
    for (r = 0; r < NSETS; r = r + 1) begin
      next[r] = (!LINK && fwd_go && f_last && f_set == EW'(r)) ? S0 : dau_next[r];
      released[r] = fsm_q[r] != S0 && next[r] == S0;
      if (released[r]) begin
        if (RESV[r]) rel_resv = rel_resv + 9'd1;
        else           rel_link = rel_link + 9'd1;
        if (is_head(fsm_q[r])) rel_heads = rel_heads + 9'd1;
      end
      illegal = illegal || fsm_q[r] > S10;
    end
  end

  // The ready queue of filled heads, modulo NSETS.
  wire [8:0] head_inc  = {1'b0, rq_head_q} + 9'd1;
  wire [7:0] head_next = (head_inc == 9'(NSETS)) ? 8'd0 : head_inc[7:0];
  wire       pop       = fwd_go && f_last;
  wire [8:0] n_after   = rq_n_q - {8'd0, pop};
  wire [7:0] h_after   = pop ? head_next : rq_head_q;
  wire [9:0] tail_sum  = {2'b0, h_after} + {1'b0, n_after};
  wire [EW-1:0] rq_tail = EW'((tail_sum >= 10'(NSETS)) ? tail_sum - 10'(NSETS) : tail_sum);
  wire [EW-1:0] new_set = primary ? prim_e : link_e;
  wire          take_resv = primary && RESV[prim_e];

  integer s;
  always @(posedge clk) begin
    if (!rst_n) begin
      for (s = 0; s < NSETS; s = s + 1) begin
        fsm_q[s] <= S0; nxt_q[s] <= 8'd0; tail_q[s] <= 8'd0; hid_q[s] <= 8'd0;
        blk_q[s] <= 32'd0; filled_q[s] <= 1'b0; ret_q[s] <= 1'b0; rq_q[s] <= 8'd0;
      end
      for (s = 0; s < NS; s = s + 1) begin
`ifndef GMEM_FAULT_DLMSHR_RESET
        slot_v_q[s] <= 1'b0;
`endif
        // (make cosim-fault FAULT=dlmshr-reset leaves the slot-valid bits
        // out of reset: they keep their power-up values, which are zeros
        // in the usual Verilated start, so only a random start shows it.)
        slot_info_q[s] <= 32'd0; slot_wr_q[s] <= 1'b0;
      end
      for (s = 0; s < 3; s = s + 1) begin
        pipe_v_q[s] <= 1'b0; pipe_blk_q[s] <= 32'd0;
      end
      nfree_resv_q <= 9'(NRESV);
      nfree_link_q <= 9'(NSETS - NRESV);
      rq_head_q <= 8'd0; rq_n_q <= 9'd0;
      cur_set_q <= 8'd0; cur_slot_q <= 1'b0; cur_busy_q <= 1'b0;
      nheads_q <= 9'd0; used_q <= 16'd0;
    end else begin
      pipe_v_q[2] <= pipe_v_q[1]; pipe_blk_q[2] <= pipe_blk_q[1];
      pipe_v_q[1] <= pipe_v_q[0]; pipe_blk_q[1] <= pipe_blk_q[0];
      pipe_v_q[0] <= primary;     pipe_blk_q[0] <= primary ? req_blk_i : 32'd0;

      for (s = 0; s < NSETS; s = s + 1) begin
        fsm_q[s] <= next[s];
        if (released[s]) begin
          nxt_q[s] <= 8'd0; tail_q[s] <= 8'd0; hid_q[s] <= 8'd0; blk_q[s] <= 32'd0;
          filled_q[s] <= 1'b0; ret_q[s] <= 1'b0;
        end
      end

      // The request's data: a new head, a newly linked set, or slot 1 of the tail.
      if (primary || do_link) begin
        blk_q[new_set]    <= req_blk_i;
        hid_q[new_set]    <= primary ? 8'(prim_e) : 8'(req_e);
        tail_q[new_set]   <= primary ? 8'(prim_e) : 8'd0;
        nxt_q[new_set]    <= 8'd0;
        filled_q[new_set] <= 1'b0;
        ret_q[new_set]    <= 1'b0;
        slot_v_q[{new_set, 1'b0}]    <= 1'b1;
        slot_info_q[{new_set, 1'b0}] <= req_info_i;
        slot_wr_q[{new_set, 1'b0}]   <= req_is_wr_i;
      end
      if (do_link) begin
        nxt_q[tail_e] <= 8'(link_e);
        tail_q[req_e] <= 8'(link_e);
      end
      if (merge) begin
        slot_v_q[{tail_e, 1'b1}]    <= 1'b1;
        slot_info_q[{tail_e, 1'b1}] <= req_info_i;
        slot_wr_q[{tail_e, 1'b1}]   <= req_is_wr_i;
      end

      // The release of one slot.
      if (fwd_go) begin
        slot_v_q[f_k] <= 1'b0;
        if (f_last_set && RIPPLE && LINK) ret_q[f_set] <= 1'b1;
        if (f_last) begin
          if (LINK && !RIPPLE)
            for (s = 0; s < NSETS; s = s + 1)
              if (fsm_q[s] != S0 && hid_q[s][EW-1:0] == rq_h && next[s] != S0) ret_q[s] <= 1'b1;
          cur_busy_q <= 1'b0;
        end else begin
          cur_busy_q <= 1'b1;
          cur_set_q  <= f_has1 ? 8'(f_set) : nxt_q[f_set];
          cur_slot_q <= f_has1;
        end
      end
      rq_head_q <= h_after;

      // A fill queues its chain for release.
      if (fill_valid_i && fill_hit) begin
        filled_q[fill_e] <= 1'b1;
        rq_q[rq_tail]    <= 8'(fill_e);
      end
      rq_n_q <= n_after + {8'd0, fill_valid_i && fill_hit};

      nfree_resv_q <= nfree_resv_q - {8'd0, take_resv} + rel_resv;
      nfree_link_q <= nfree_link_q - {8'd0, (primary && !take_resv) || do_link} + rel_link;
      nheads_q     <= nheads_q + {8'd0, primary} - rel_heads;
      used_q       <= used_q + {15'd0, accept} - {15'd0, fwd_go};
    end
  end

  assign req_ready_o        = 1'b1;
  assign req_accept_o       = accept;
  assign req_primary_o      = primary;
  assign req_rf_o           = req_valid_i && !accept;
  assign req_rf_cause_o     = cause;
  assign miss_issue_valid_o = (ACCESS_LAT == 1) ? primary : pipe_v_q[ACCESS_LAT - 2];
  assign miss_issue_blk_o   = (ACCESS_LAT == 1) ? (primary ? req_blk_i : 32'd0)
                                                : pipe_blk_q[ACCESS_LAT - 2];
  assign prb_hit_o          = prb_hit;
  assign prb_full_o         = prb_full;
  assign fill_ready_o       = 1'b1;
  assign fill_err_o         = fill_valid_i && !fill_hit;
  assign fwd_valid_o        = fwd_valid;
  assign fwd_blk_o          = fwd_valid ? blk_q[f_set] : 32'd0;
  assign fwd_info_o         = fwd_valid ? slot_info_q[f_k] : 32'd0;
  assign fwd_is_wr_o        = fwd_valid && slot_wr_q[f_k];
  assign fwd_last_o         = fwd_valid && f_last;
  assign st_nentries_o      = nheads_q;
  assign st_used_slots_o    = used_q;
  assign st_nfree_set_o     = nfree_resv_q + nfree_link_q;
  assign st_err_o           = illegal;
endmodule
