// ture_coal_chunk -- one chunk of SCAN table entries compared in a cycle
// (see cmodel/blocks/ture_coal.ports): the lowest valid entry holding the
// key, the lowest free entry, and the valid entry with the smallest stamp,
// ties to the lowest. The minimum is a comparator tree (log2 SCAN levels)
// rather than a chain, so its depth grows with the log of the chunk.
module ture_coal_chunk #(
  parameter int unsigned SCAN = 16
) (
  input  wire [SCAN-1:0]    v_i,
  input  wire [SCAN*80-1:0] ent_i,      // per lane {grn 32, bits 16, stamp 32}
  input  wire [31:0]        key_i,
  output reg                hit_o,
  output reg  [7:0]         hit_lane_o,
  output reg  [15:0]        hit_bits_o,
  output reg                free_o,
  output reg  [7:0]         free_lane_o,
  output wire               min_v_o,
  output wire [7:0]         min_lane_o,
  output wire [31:0]        min_stamp_o,
  output wire [31:0]        min_grn_o
);
  integer j;
  always @* begin
    hit_o = 1'b0; hit_lane_o = 8'd0; hit_bits_o = 16'd0;
    free_o = 1'b0; free_lane_o = 8'd0;
    for (j = SCAN - 1; j >= 0; j = j - 1) begin
      if (v_i[j] && ent_i[j * 80 + 48 +: 32] == key_i) begin
        hit_o = 1'b1; hit_lane_o = 8'(j); hit_bits_o = ent_i[j * 80 + 32 +: 16];
      end
      if (!v_i[j]) begin free_o = 1'b1; free_lane_o = 8'(j); end
    end
  end

  // Heap-ordered tree: node k combines 2k and 2k+1, leaves SCAN..2*SCAN-1
  // are the lanes; the right child wins only when strictly smaller, so
  // equal stamps go to the lower lane.
  /* verilator lint_off UNUSEDSIGNAL */  // node 0 is not in the heap
  reg [2*SCAN-1:0]    nv;
  reg [2*SCAN*8-1:0]  ni;
  reg [2*SCAN*32-1:0] ns, ng;
  /* verilator lint_on UNUSEDSIGNAL */
  integer k;
  always @* begin
    nv[0] = 1'b0; ni[7:0] = 8'd0; ns[31:0] = 32'd0; ng[31:0] = 32'd0;
    for (k = 0; k < SCAN; k = k + 1) begin
      nv[SCAN + k] = v_i[k];
      ni[(SCAN + k) * 8 +: 8] = 8'(k);
      ns[(SCAN + k) * 32 +: 32] = ent_i[k * 80 +: 32];
      ng[(SCAN + k) * 32 +: 32] = ent_i[k * 80 + 48 +: 32];
    end
    for (k = SCAN - 1; k >= 1; k = k - 1) begin
      if (nv[2 * k + 1] && (!nv[2 * k] ||
          ns[(2 * k + 1) * 32 +: 32] < ns[(2 * k) * 32 +: 32])) begin
        nv[k] = 1'b1;
        ni[k * 8 +: 8] = ni[(2 * k + 1) * 8 +: 8];
        ns[k * 32 +: 32] = ns[(2 * k + 1) * 32 +: 32];
        ng[k * 32 +: 32] = ng[(2 * k + 1) * 32 +: 32];
      end else begin
        nv[k] = nv[2 * k];
        ni[k * 8 +: 8] = ni[(2 * k) * 8 +: 8];
        ns[k * 32 +: 32] = ns[(2 * k) * 32 +: 32];
        ng[k * 32 +: 32] = ng[(2 * k) * 32 +: 32];
      end
    end
  end

  // The root, node 1 (with SCAN = 1 the single lane's leaf).
  assign min_v_o     = nv[1];
  assign min_lane_o  = ni[8 +: 8];
  assign min_stamp_o = ns[32 +: 32];
  assign min_grn_o   = ng[32 +: 32];
endmodule
