// ture_coal — TURE's eviction coalescing table in the GMMU (seed-001
// §4.4.5-4.4.6, §9.4): insert, recall, TABLE_FULL and OVERSUB evictions with
// the global-LRU fallback. Behaviour, cycle by cycle:
// cmodel/blocks/ture_coal.ports.
//
// The valid bits are flops; the payload is SCAN SRAM banks read a chunk a
// cycle, so one pass (NCOAL / SCAN + 1 cycles) serves the lookup, the free
// entry and the least-recently-updated search together. A 256-entry CAM in
// flops with 256-way read muxes is what this replaces: 20 k flops whose
// synthesis and timing did not finish.
module ture_coal #(
  parameter int unsigned NCOAL = 256,
  parameter int unsigned SCAN  = 16,
  parameter int unsigned BATCH = 4
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        ins_valid_i,
  input  wire [35:0] ins_vpn_i,
  input  wire        rec_valid_i,
  input  wire [31:0] rec_grn_i,
  input  wire        os_valid_i,
  input  wire        ev_ready_i,
  input  wire        lru_rsp_valid_i,
  input  wire [31:0] lru_rsp_grn_i,
  input  wire        lru_rsp_none_i,
  output wire        ins_ready_o,
  output wire        rec_ready_o,
  output wire        rec_done_o,
  output wire        rec_hit_o,
  output wire [15:0] rec_bits_o,
  output wire        os_ready_o,
  output wire        ev_valid_o,
  output wire [31:0] ev_grn_o,
  output wire [1:0]  ev_reason_o,
  output wire        lru_req_valid_o,
  output wire [8:0]  st_occ_o
);
  localparam [2:0] S_IDLE = 3'd0, S_SEARCH = 3'd1, S_DONE = 3'd2, S_EVICT = 3'd3,
                   S_LRU = 3'd4, S_FEVICT = 3'd5;
  localparam [1:0] OP_INS = 2'd1, OP_REC = 2'd2, OP_OS = 2'd3;
  localparam int unsigned NCHUNK = NCOAL / SCAN;
  localparam int unsigned AW = (NCHUNK > 1) ? $clog2(NCHUNK) : 1;
  localparam int unsigned L2S = $clog2(SCAN);
  localparam int unsigned PW = 80;              // {grn 32, bits 16, stamp 32}

  reg [2:0]  fsm_q        /*verilator public_flat_rd*/;
  reg [1:0]  op_q         /*verilator public_flat_rd*/;
  reg [31:0] key_q        /*verilator public_flat_rd*/;
  reg [3:0]  page_q       /*verilator public_flat_rd*/;
  reg [3:0]  left_q       /*verilator public_flat_rd*/;
  reg [8:0]  sidx_q       /*verilator public_flat_rd*/;
  reg        hit_v_q      /*verilator public_flat_rd*/;
  reg [7:0]  hit_idx_q    /*verilator public_flat_rd*/;
  reg [15:0] hit_bits_q   /*verilator public_flat_rd*/;
  reg        free_v_q     /*verilator public_flat_rd*/;
  reg [7:0]  free_idx_q   /*verilator public_flat_rd*/;
  reg        best_v_q     /*verilator public_flat_rd*/;
  reg [7:0]  best_idx_q   /*verilator public_flat_rd*/;
  reg [31:0] best_stamp_q /*verilator public_flat_rd*/;
  reg [31:0] best_grn_q   /*verilator public_flat_rd*/;
  reg [31:0] fgrn_q       /*verilator public_flat_rd*/;
  reg [8:0]  occ_q        /*verilator public_flat_rd*/;
  reg [31:0] stamp_ctr_q  /*verilator public_flat_rd*/;
  reg        v_q [0:NCOAL-1] /*verilator public_flat_rd*/;
  // The chunk the banks returned, registered: the macros' data arrive late
  // in the cycle (after the falling edge), too late for the comparisons.
  reg [SCAN*PW-1:0] chunk_q;

  wire idle   = fsm_q == S_IDLE;
  wire tk_rec = idle && rec_valid_i;
  wire tk_ins = idle && !rec_valid_i && ins_valid_i;
  wire tk_os  = idle && !rec_valid_i && !ins_valid_i && os_valid_i;
  wire ev_hs  = (fsm_q == S_EVICT || fsm_q == S_FEVICT) && ev_ready_i;
  wire os_clr = ev_hs && fsm_q == S_EVICT && op_q == OP_OS;
  wire start  = tk_rec || tk_ins || tk_os || (os_clr && left_q != 4'd1);
  wire search = fsm_q == S_SEARCH;
  wire last   = sidx_q == 9'(NCHUNK);

  // ---- the SRAM banks: bank j holds entries c * SCAN + j at word c
  wire [SCAN*PW-1:0] rdata;
  wire               re    = start || (search && sidx_q + 9'd1 < 9'(NCHUNK));
  /* verilator lint_off UNUSEDSIGNAL */  // a word address is AW bits of these
  wire [8:0]         rnext = start ? 9'd0 : sidx_q + 9'd1;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [AW-1:0]      raddr = rnext[AW-1:0];

  wire       done_ins  = fsm_q == S_DONE && op_q == OP_INS;
  wire       ins_hit   = done_ins && hit_v_q;
  wire       ins_alloc = done_ins && !hit_v_q && free_v_q;
  wire       full_put  = ev_hs && fsm_q == S_EVICT && op_q == OP_INS;
  wire       rec_clr   = fsm_q == S_DONE && op_q == OP_REC && hit_v_q;
  wire       wr_en     = ins_hit || ins_alloc || full_put;
  wire [7:0] wr_idx    = full_put ? best_idx_q : hit_v_q ? hit_idx_q : free_idx_q;
  wire [15:0] wr_bits  = (ins_hit ? hit_bits_q : 16'd0) | (16'd1 << page_q);
  wire [31:0] ctr_inc  = stamp_ctr_q + 32'd1;
  wire [PW-1:0] wdata  = {key_q, wr_bits, ctr_inc};
  wire [8:0]  wr_idx9  = {1'b0, wr_idx};
  /* verilator lint_off UNUSEDSIGNAL */
  wire [8:0]  wr_word  = wr_idx9 >> L2S;
  /* verilator lint_on UNUSEDSIGNAL */

  genvar b;
  generate
    for (b = 0; b < SCAN; b = b + 1) begin : g_bank
      wire we = wr_en && (wr_idx9 & 9'(SCAN - 1)) == 9'(b);
      gm_sram #(.DEPTH(NCHUNK), .WIDTH(PW), .BE(1)) u_bank (
        .clk(clk), .we(we), .waddr(wr_word[AW-1:0]), .wdata(wdata), .wbe(1'b1),
        .re(re), .raddr(raddr), .rdata(rdata[b * PW +: PW])
      );
    end
  endgenerate

  // ---- one chunk compared a cycle: chunk sidx - 1, from chunk_q and
  // vchunk_q, its valid bits taken in the same cycle as its payload (no
  // valid bit changes during a pass).
  reg  [SCAN-1:0] vchunk_q;
  reg  [SCAN-1:0] vchunk;
  integer g, i;
  always @* begin
    vchunk = '0;
    for (g = 0; g < NCHUNK; g = g + 1)
      if (sidx_q == 9'(g))
        for (i = 0; i < SCAN; i = i + 1) vchunk[i] = v_q[g * SCAN + i];
  end
  always @(posedge clk) vchunk_q <= vchunk;

  wire [8:0] cidx = sidx_q - 9'd1;
  /* verilator lint_off UNUSEDSIGNAL */  // entry indices are 8 bits
  wire [8:0] cbase9 = cidx << L2S;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [7:0] cbase  = cbase9[7:0];

  wire        c_hit, c_free, c_min_v;
  wire [7:0]  c_hit_lane, c_free_lane, c_min_lane;
  wire [15:0] c_hit_bits;
  wire [31:0] c_min_stamp, c_min_grn;
  ture_coal_chunk #(.SCAN(SCAN)) u_chunk (
    .v_i(vchunk_q), .ent_i(chunk_q), .key_i(key_q),
    .hit_o(c_hit), .hit_lane_o(c_hit_lane), .hit_bits_o(c_hit_bits),
    .free_o(c_free), .free_lane_o(c_free_lane),
    .min_v_o(c_min_v), .min_lane_o(c_min_lane), .min_stamp_o(c_min_stamp),
    .min_grn_o(c_min_grn)
  );
  wire cmp = search && sidx_q != 9'd0;

  // Loaded every cycle (the banks hold rdata while re is low): an enable
  // would put one control flop in front of SCAN * 80 flop inputs.
  always @(posedge clk) chunk_q <= rdata;

  // ---- control
  always @(posedge clk) begin
    if (!rst_n) begin
      fsm_q <= S_IDLE; op_q <= 2'd0; key_q <= 32'd0; page_q <= 4'd0; left_q <= 4'd0;
      sidx_q <= 9'd0; hit_v_q <= 1'b0; hit_idx_q <= 8'd0; hit_bits_q <= 16'd0;
      free_v_q <= 1'b0; free_idx_q <= 8'd0; best_v_q <= 1'b0; best_idx_q <= 8'd0;
      best_stamp_q <= 32'd0; best_grn_q <= 32'd0; fgrn_q <= 32'd0;
    end else begin
      if (tk_rec) begin op_q <= OP_REC; key_q <= rec_grn_i; end
      if (tk_ins) begin op_q <= OP_INS; key_q <= ins_vpn_i[35:4]; page_q <= ins_vpn_i[3:0]; end
      if (tk_os) begin op_q <= OP_OS; left_q <= 4'(BATCH); end
      if (start) begin
        sidx_q <= 9'd0; hit_v_q <= 1'b0; hit_idx_q <= 8'd0; hit_bits_q <= 16'd0;
        free_v_q <= 1'b0; free_idx_q <= 8'd0; best_v_q <= 1'b0; best_idx_q <= 8'd0;
        best_stamp_q <= 32'd0; best_grn_q <= 32'd0;
        fsm_q <= S_SEARCH;
      end
      if (cmp && c_hit && !hit_v_q) begin
        hit_v_q <= 1'b1; hit_idx_q <= cbase | c_hit_lane; hit_bits_q <= c_hit_bits;
      end
      if (cmp && c_free && !free_v_q) begin
        free_v_q <= 1'b1; free_idx_q <= cbase | c_free_lane;
      end
      if (cmp && c_min_v && (!best_v_q || c_min_stamp < best_stamp_q)) begin
        best_v_q <= 1'b1; best_idx_q <= cbase | c_min_lane;
        best_stamp_q <= c_min_stamp; best_grn_q <= c_min_grn;
      end
      case (fsm_q)
        S_SEARCH: if (last) fsm_q <= S_DONE; else sidx_q <= sidx_q + 9'd1;
        S_DONE: begin
          if (op_q == OP_OS) fsm_q <= best_v_q ? S_EVICT : S_LRU;
          else if (op_q == OP_INS && !hit_v_q && !free_v_q) fsm_q <= S_EVICT;
          else fsm_q <= S_IDLE;
        end
        S_LRU: if (lru_rsp_valid_i) begin
          if (lru_rsp_none_i) fsm_q <= S_IDLE;
          else begin fgrn_q <= lru_rsp_grn_i; fsm_q <= S_FEVICT; end
        end
        S_EVICT, S_FEVICT: if (ev_hs) begin
          if (op_q == OP_INS) fsm_q <= S_IDLE;
          else begin
            left_q <= left_q - 4'd1;
            if (left_q == 4'd1) fsm_q <= S_IDLE;
            else if (fsm_q == S_FEVICT) fsm_q <= S_LRU;
          end
        end
        default: ;
      endcase
    end
  end

  // ---- the valid bits, the occupancy and the update counter
  always @(posedge clk) begin
    if (!rst_n) begin
      occ_q <= 9'd0; stamp_ctr_q <= 32'd0;
    end else begin
      if (wr_en) stamp_ctr_q <= ctr_inc;
      if (ins_alloc) occ_q <= occ_q + 9'd1;
      else if (rec_clr || os_clr) occ_q <= occ_q - 9'd1;
    end
  end

  genvar e;
  generate
    for (e = 0; e < NCOAL; e = e + 1) begin : g_v
      always @(posedge clk) begin
        if (!rst_n) v_q[e] <= 1'b0;
        else if (ins_alloc && free_idx_q == 8'(e)) v_q[e] <= 1'b1;
        else if ((rec_clr && hit_idx_q == 8'(e)) || (os_clr && best_idx_q == 8'(e))) v_q[e] <= 1'b0;
      end
    end
  endgenerate

  assign rec_ready_o     = idle;
  assign ins_ready_o     = idle && !rec_valid_i;
  assign os_ready_o      = idle && !rec_valid_i && !ins_valid_i;
  assign rec_done_o      = fsm_q == S_DONE && op_q == OP_REC;
  assign rec_hit_o       = rec_done_o && hit_v_q;
  assign rec_bits_o      = rec_hit_o ? hit_bits_q : 16'd0;
  assign ev_valid_o      = fsm_q == S_EVICT || fsm_q == S_FEVICT;
  assign ev_grn_o        = (fsm_q == S_EVICT) ? best_grn_q : (fsm_q == S_FEVICT) ? fgrn_q : 32'd0;
  assign ev_reason_o     = (fsm_q == S_EVICT) ? ((op_q == OP_OS) ? 2'd2 : 2'd1)
                         : (fsm_q == S_FEVICT) ? 2'd3 : 2'd0;
  assign lru_req_valid_o = fsm_q == S_LRU;
  assign st_occ_o        = occ_q;
endmodule
