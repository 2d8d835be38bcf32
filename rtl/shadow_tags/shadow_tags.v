// shadow_tags — a set-sampled shadow tag array with true LRU (seed-000
// §4.4, §10.5). Behaviour, cycle by cycle: cmodel/blocks/shadow_tags.ports.
module shadow_tags #(
  parameter int unsigned SETS        = 32,
  parameter int unsigned NSAMP       = 4,
  parameter int unsigned WAYS        = 4,
  parameter int unsigned SAMPLE_MODE = 0
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        upd_valid_i,
  input  wire [7:0]  upd_set_i,
  input  wire [31:0] upd_tag_i,
  output wire        sampled_o,
  output wire        shadow_hit_o,
  output wire [2:0]  hit_way_o
);
  localparam int unsigned N     = NSAMP * WAYS;
  localparam int unsigned RATIO = SETS / NSAMP;
  localparam integer WI = WAYS;

  reg        v_q   [0:N-1] /*verilator public_flat_rd*/;
  reg [2:0]  age_q [0:N-1] /*verilator public_flat_rd*/;
  reg [31:0] tag_q [0:N-1] /*verilator public_flat_rd*/;

  // The sampled slot of the set: every RATIO-th set, or the low sets.
  wire [8:0] set9  = {1'b0, upd_set_i};
  wire       in_range = set9 < 9'(SETS);
  wire       samp  = upd_valid_i && in_range &&
                     (SAMPLE_MODE == 1 ? set9 < 9'(NSAMP) : (set9 % 9'(RATIO)) == 9'd0);
  wire [8:0] slot9 = SAMPLE_MODE == 1 ? set9 : set9 / 9'(RATIO);

  // The hit way, the lowest invalid way, and the oldest way of the slot.
  reg        hit, has_inv;
  reg [2:0]  hw, inv_w, old_w;
  integer    w, base;
  always @* begin
    hit = 1'b0; has_inv = 1'b0; hw = 3'd0; inv_w = 3'd0; old_w = 3'd0;
    base = {23'd0, slot9} * WI;
    for (w = WI - 1; w >= 0; w = w - 1) begin
      if (samp && v_q[base + w] && tag_q[base + w] == upd_tag_i) begin
        hit = 1'b1; hw = 3'(w);
      end
      if (!v_q[base + w]) begin
        has_inv = 1'b1; inv_w = 3'(w);
      end
      if (age_q[base + w] == 3'(WAYS - 1)) old_w = 3'(w);
    end
  end

  wire [2:0] way = hit ? hw : (has_inv ? inv_w : old_w);
  wire [2:0] old_age = age_q[base + {29'd0, way}];

  integer s, k;
  always @(posedge clk) begin
    if (!rst_n) begin
      for (s = 0; s < N; s = s + 1) begin
        v_q[s] <= 1'b0; age_q[s] <= 3'(s % WAYS); tag_q[s] <= 32'd0;
      end
    end else if (samp) begin
      for (k = 0; k < WI; k = k + 1)
        if (age_q[base + k] < old_age) age_q[base + k] <= age_q[base + k] + 3'd1;
      age_q[base + {29'd0, way}] <= 3'd0;
      if (!hit) begin
        v_q[base + {29'd0, way}]   <= 1'b1;
        tag_q[base + {29'd0, way}] <= upd_tag_i;
      end
    end
  end

  assign sampled_o    = samp;
  assign shadow_hit_o = hit;
  assign hit_way_o    = hit ? hw : 3'd0;
endmodule
