// mshr — the conventional, explicitly addressed MSHR (seed-001 §3.1) with
// the DL-MSHR's outer interface (seed-001 §9.2). Behaviour:
// cmodel/blocks/mshr.ports. One address comparator per entry (a CAM), the
// lowest free entry for a primary, a queue of filled entries released one
// slot per cycle.
module mshr #(
  parameter int unsigned NENT       = 32,
  parameter int unsigned NSLOT      = 8,
  parameter int unsigned ACCESS_LAT = 1
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
  output wire [15:0] st_used_slots_o
);
  localparam int unsigned NS = NENT * NSLOT;
  localparam int unsigned EW = (NENT > 1) ? $clog2(NENT) : 1;  // entry index
  localparam int unsigned SW = (NS > 1) ? $clog2(NS) : 1;      // slot index

  reg        ent_v_q     [0:NENT-1] /*verilator public_flat_rd*/;
  reg        ent_f_q     [0:NENT-1] /*verilator public_flat_rd*/;
  reg [31:0] ent_blk_q   [0:NENT-1] /*verilator public_flat_rd*/;
  reg [6:0]  ent_cnt_q   [0:NENT-1] /*verilator public_flat_rd*/;
  reg [6:0]  ent_rd_q    [0:NENT-1] /*verilator public_flat_rd*/;
  reg [31:0] slot_info_q [0:NS-1]   /*verilator public_flat_rd*/;
  reg        slot_wr_q   [0:NS-1]   /*verilator public_flat_rd*/;
  reg [7:0]  rq_q        [0:NENT-1] /*verilator public_flat_rd*/;
  reg [7:0]  rq_head_q              /*verilator public_flat_rd*/;
  reg [8:0]  rq_n_q                 /*verilator public_flat_rd*/;
  reg        pipe_v_q    [0:2]      /*verilator public_flat_rd*/;
  reg [31:0] pipe_blk_q  [0:2]      /*verilator public_flat_rd*/;

  // ---- the CAM (one comparator per entry, for each of the three lookups)
  // and the free-entry search; lowest index wins. Separate blocks, so a
  // change of one input re-evaluates only its own search.
  reg        req_hit, prb_hit, fill_hit, have_free;
  reg [EW-1:0] req_e, prb_e, fill_e, free_e;
  reg [8:0]  nent_q /*verilator public_flat_rd*/;   // live entries
  reg [15:0] used_q /*verilator public_flat_rd*/;   // occupied slots
  integer i, j, k, l, r;
  always @* begin
    req_hit = 1'b0; req_e = '0;
    for (i = NENT - 1; i >= 0; i = i - 1)
      if (ent_v_q[i] && !ent_f_q[i] && ent_blk_q[i] == req_blk_i) begin
        req_hit = 1'b1; req_e = EW'(i);
      end
  end
  always @* begin
    prb_hit = 1'b0; prb_e = '0;
    for (j = NENT - 1; j >= 0; j = j - 1)
      if (ent_v_q[j] && !ent_f_q[j] && ent_blk_q[j] == prb_blk_i) begin
        prb_hit = 1'b1; prb_e = EW'(j);
      end
  end
  always @* begin
    fill_hit = 1'b0; fill_e = '0;
    for (k = NENT - 1; k >= 0; k = k - 1)
      if (ent_v_q[k] && !ent_f_q[k] && ent_blk_q[k] == fill_blk_i) begin
        fill_hit = 1'b1; fill_e = EW'(k);
      end
  end
  always @* begin
    have_free = 1'b0; free_e = '0;
    for (l = NENT - 1; l >= 0; l = l - 1)
      if (!ent_v_q[l]) begin
        have_free = 1'b1; free_e = EW'(l);
      end
  end
  wire [8:0]  nent = nent_q;
  wire [15:0] used = used_q;

  wire [6:0] nslot      = 7'(NSLOT);
  wire       merge_ok   = ent_cnt_q[req_e] < nslot;
  wire       accept     = req_valid_i && (req_hit ? merge_ok : have_free);
  wire       primary    = req_valid_i && !req_hit && have_free;
  wire [1:0] cause      = !req_valid_i || accept ? 2'd0 : (req_hit ? 2'd2 : 2'd1);
`ifdef GMEM_FAULT_MSHR
  // A deliberately broken variant, built only by `make cosim-fault
  // FAULT=mshr` for the lockstep's own test (tests/system/fault_rtl.sh):
  // under load it allocates the highest free entry, not the lowest.
  reg [EW-1:0] high_free;
  integer f;
  always @* begin
    high_free = free_e;
    for (f = 0; f < NENT; f = f + 1)
      if (!ent_v_q[f]) high_free = EW'(f);
  end
  wire [EW-1:0] pick_free = (nent > 9'(NENT / 2)) ? high_free : free_e;
`else
  wire [EW-1:0] pick_free = free_e;
`endif
  wire [EW-1:0] alloc_e = req_hit ? req_e : pick_free;
  wire       prb_ok     = prb_hit ? (ent_cnt_q[prb_e] < nslot) : have_free;

  // ---- release: the oldest filled entry, one slot per cycle
  wire        fwd_valid = rq_n_q != 9'd0;
  wire [EW-1:0] fwd_e   = EW'(rq_q[rq_head_q[EW-1:0]]);
  wire [SW-1:0] fwd_s   = SW'(32'(fwd_e) * NSLOT + 32'(ent_rd_q[fwd_e]));
  wire        fwd_go    = fwd_valid && fwd_ready_i;
  wire        fwd_done  = fwd_go && (ent_rd_q[fwd_e] + 7'd1 == ent_cnt_q[fwd_e]);
  wire [SW-1:0] wr_s    = SW'(32'(alloc_e) * NSLOT + (req_hit ? 32'(ent_cnt_q[req_e]) : 32'd0));

  // The queue pointer arithmetic is modulo NENT.
  wire [8:0] head_inc  = {1'b0, rq_head_q} + 9'd1;
  wire [7:0] head_next = (head_inc == 9'(NENT)) ? 8'd0 : head_inc[7:0];
  wire [8:0] n_after   = rq_n_q - {8'd0, fwd_done};
  wire [7:0] h_after   = fwd_done ? head_next : rq_head_q;
  wire [9:0] tail_sum  = {2'b0, h_after} + {1'b0, n_after};
  wire [EW-1:0] tail   = EW'((tail_sum >= 10'(NENT)) ? tail_sum - 10'(NENT) : tail_sum);

  always @(posedge clk) begin
    if (!rst_n) begin
      for (r = 0; r < NENT; r = r + 1) begin
        ent_v_q[r] <= 1'b0; ent_f_q[r] <= 1'b0; ent_blk_q[r] <= 32'd0;
        ent_cnt_q[r] <= 7'd0; ent_rd_q[r] <= 7'd0; rq_q[r] <= 8'd0;
      end
      for (r = 0; r < NS; r = r + 1) begin
        slot_info_q[r] <= 32'd0; slot_wr_q[r] <= 1'b0;
      end
      for (r = 0; r < 3; r = r + 1) begin
        pipe_v_q[r] <= 1'b0; pipe_blk_q[r] <= 32'd0;
      end
      rq_head_q <= 8'd0;
      rq_n_q    <= 9'd0;
      nent_q    <= 9'd0;
      used_q    <= 16'd0;
    end else begin
      nent_q <= nent_q + {8'd0, primary} - {8'd0, fwd_done};
      used_q <= used_q + {15'd0, accept} - {15'd0, fwd_go};
      pipe_v_q[2]   <= pipe_v_q[1];   pipe_blk_q[2] <= pipe_blk_q[1];
      pipe_v_q[1]   <= pipe_v_q[0];   pipe_blk_q[1] <= pipe_blk_q[0];
      pipe_v_q[0]   <= primary;       pipe_blk_q[0] <= primary ? req_blk_i : 32'd0;
      if (fwd_go) begin
        if (fwd_done) begin
          ent_v_q[fwd_e] <= 1'b0; ent_f_q[fwd_e] <= 1'b0; ent_blk_q[fwd_e] <= 32'd0;
          ent_cnt_q[fwd_e] <= 7'd0; ent_rd_q[fwd_e] <= 7'd0;
        end else begin
          ent_rd_q[fwd_e] <= ent_rd_q[fwd_e] + 7'd1;
        end
      end
      if (accept) begin
        if (primary) begin
          ent_v_q[alloc_e] <= 1'b1; ent_f_q[alloc_e] <= 1'b0;
          ent_blk_q[alloc_e] <= req_blk_i; ent_rd_q[alloc_e] <= 7'd0;
          ent_cnt_q[alloc_e] <= 7'd1;
        end else begin
          ent_cnt_q[alloc_e] <= ent_cnt_q[alloc_e] + 7'd1;
        end
        slot_info_q[wr_s] <= req_info_i;
        slot_wr_q[wr_s]   <= req_is_wr_i;
      end
      if (fill_valid_i && fill_hit) begin
        ent_f_q[fill_e] <= 1'b1;
        rq_q[tail]      <= 8'(fill_e);
      end
      rq_head_q <= h_after;
      rq_n_q    <= n_after + {8'd0, fill_valid_i && fill_hit};
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
  assign prb_full_o         = !prb_ok;
  assign fill_ready_o       = 1'b1;
  assign fill_err_o         = fill_valid_i && !fill_hit;
  assign fwd_valid_o        = fwd_valid;
  assign fwd_blk_o          = fwd_valid ? ent_blk_q[fwd_e] : 32'd0;
  assign fwd_info_o         = fwd_valid ? slot_info_q[fwd_s] : 32'd0;
  assign fwd_is_wr_o        = fwd_valid && slot_wr_q[fwd_s];
  assign fwd_last_o         = fwd_valid && (ent_rd_q[fwd_e] + 7'd1 == ent_cnt_q[fwd_e]);
  assign st_nentries_o      = nent;
  assign st_used_slots_o    = used;
endmodule
