// icta_profiler — the inter-CTA reuse profiler's set-associative tracker
// (seed-002 §10.5, INTERP-1). Behaviour, cycle by cycle:
// cmodel/blocks/icta_profiler.ports.
//
// A set's ways live in one row of row_q (age, tag, last CTA per way), read
// and rewritten whole in the access's cycle: one read and one write address
// a cycle, so the row array is an SRAM in hardware (combinational read). It
// is not reset: only the valid bits (flops, cleared in one cycle) say which
// fields mean anything.
module icta_profiler #(
  parameter int unsigned SETS  = 1024,
  parameter int unsigned WAYS  = 8,
  parameter int unsigned CTA_W = 32
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        acc_valid_i,
  input  wire [39:0] acc_addr_i,
  input  wire [31:0] acc_cta_i,
  input  wire        acc_is_store_i,
  input  wire [2:0]  cfg_gran_log2_i,
  input  wire        cfg_count_stores_i,
  input  wire        clear_i,
  output wire [47:0] cnt_first_o,
  output wire [47:0] cnt_intra_o,
  output wire [47:0] cnt_inter_o,
  output wire [47:0] cnt_evict_o,
  output wire [1:0]  cls_o,
  output wire        hit_o,
  output wire [2:0]  way_o,
  output wire        evict_o,
  output wire [31:0] prev_cta_o
);
  localparam int unsigned SET_W = $clog2(SETS);
  localparam int unsigned TAG_W = 38 - SET_W;        // 40-bit address, 4-byte blocks at least
  localparam int unsigned WB    = 3 + TAG_W + CTA_W; // one way: age, tag, last CTA
  localparam int unsigned ROW_W = WAYS * WB;
  localparam integer      WI    = WAYS;

  // Bit w of v_q[s]: way w of set s valid (bits WAYS..7 stay 0).
  /* verilator lint_off UNUSEDSIGNAL */
  reg [7:0]         v_q   [0:SETS-1] /*verilator public_flat_rd*/;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [ROW_W-1:0]   row_q [0:SETS-1];
  reg [47:0]        cnt_first_q /*verilator public_flat_rd*/;
  reg [47:0]        cnt_intra_q /*verilator public_flat_rd*/;
  reg [47:0]        cnt_inter_q /*verilator public_flat_rd*/;
  reg [47:0]        cnt_evict_q /*verilator public_flat_rd*/;

  // Block, set, tag and CTA of the access.
  wire        counted = acc_valid_i && !clear_i && (!acc_is_store_i || cfg_count_stores_i);
  wire [2:0]  gran    = cfg_gran_log2_i < 3'd2 ? 3'd2 : cfg_gran_log2_i;
  /* verilator lint_off UNUSEDSIGNAL */  // a block of >= 4 bytes has 38 bits
  wire [39:0] blk     = acc_addr_i >> gran;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [SET_W-1:0] set = blk[SET_W-1:0];
  wire [TAG_W-1:0] tag = blk[37:SET_W];
  /* verilator lint_off UNUSEDSIGNAL */  // CTAs are compared in CTA_W bits
  wire [31:0] cta32   = acc_cta_i;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [CTA_W-1:0] cta = cta32[CTA_W-1:0];

  wire [ROW_W-1:0] row  = row_q[set];
  wire [7:0]       vset = v_q[set];

  // The hit way, the lowest invalid way and the LRU (age WAYS-1) way.
  reg              hit, has_inv;
  reg [2:0]        hw, inv_w, lru_w;
  reg [CTA_W-1:0]  hit_cta;
  integer          w;
  always @* begin
    hit = 1'b0; has_inv = 1'b0; hw = 3'd0; inv_w = 3'd0; lru_w = 3'd0;
    hit_cta = {CTA_W{1'b0}};
    for (w = WI - 1; w >= 0; w = w - 1) begin
      if (vset[w] && row[w * WB + 3 +: TAG_W] == tag) begin
        hit = 1'b1; hw = 3'(w); hit_cta = row[w * WB + 3 + TAG_W +: CTA_W];
      end
      if (!vset[w]) begin
        has_inv = 1'b1; inv_w = 3'(w);
      end
      if (vset[w] && row[w * WB +: 3] == 3'(WAYS - 1)) lru_w = 3'(w);
    end
  end

  wire [2:0] way     = hit ? hw : (has_inv ? inv_w : lru_w);
  wire       do_hit  = counted && hit;
  wire       do_fill = counted && !hit;
  wire       evict   = do_fill && !has_inv;
  wire [1:0] cls     = !counted ? 2'd0 : (!hit ? 2'd1 : (hit_cta == cta ? 2'd2 : 2'd3));
  // A fill's old age is WAYS-1: every valid way ages (the LRU one leaves).
  wire [2:0] old_age = hit ? row[{29'd0, hw} * WB +: 3] : 3'(WAYS - 1);

  // The set's row after the access.
  reg [ROW_W-1:0] row_d;
  reg [2:0]       a;
  integer         k;
  always @* begin
    row_d = row;
    for (k = 0; k < WI; k = k + 1) begin
      a = row[k * WB +: 3];
      if (3'(k) == way) begin
        row_d[k * WB +: 3]                 = 3'd0;
        row_d[k * WB + 3 +: TAG_W]         = tag;
        row_d[k * WB + 3 + TAG_W +: CTA_W] = cta;
      end else if (vset[k] && a < old_age) begin
        row_d[k * WB +: 3] = a + 3'd1;
      end
    end
  end

  always @(posedge clk) begin
    if (counted) row_q[set] <= row_d;
  end

  integer s;
  always @(posedge clk) begin
    if (!rst_n || clear_i) begin
      for (s = 0; s < SETS; s = s + 1) v_q[s] <= 8'd0;
    end else if (do_fill) begin
      v_q[set][way] <= 1'b1;
    end
  end

  always @(posedge clk) begin
    if (!rst_n) begin
      cnt_first_q <= 48'd0; cnt_intra_q <= 48'd0; cnt_inter_q <= 48'd0; cnt_evict_q <= 48'd0;
    end else begin
      if (do_fill)                 cnt_first_q <= cnt_first_q + 48'd1;
      if (do_hit && cls == 2'd2)   cnt_intra_q <= cnt_intra_q + 48'd1;
      if (do_hit && cls == 2'd3)   cnt_inter_q <= cnt_inter_q + 48'd1;
      if (evict)                   cnt_evict_q <= cnt_evict_q + 48'd1;
    end
  end

  assign cnt_first_o = cnt_first_q;
  assign cnt_intra_o = cnt_intra_q;
  assign cnt_inter_o = cnt_inter_q;
  assign cnt_evict_o = cnt_evict_q;
  assign cls_o       = cls;
  assign hit_o       = counted && hit;
  assign way_o       = counted ? way : 3'd0;
  assign evict_o     = evict;
  assign prev_cta_o  = do_hit ? 32'(hit_cta) : 32'd0;
endmodule
