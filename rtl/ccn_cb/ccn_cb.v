// ccn_cb — the CCN buffer of one core (seed-003 §5.1, §14.2).
// Behaviour: cmodel/blocks/ccn_cb.ports.
module ccn_cb #(
  parameter int unsigned Q_DEPTH = 8
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire [3:0]  my_cid_i,
  input  wire        miss_valid_i,
  input  wire [25:0] miss_la_i,
  input  wire        rt_enable_i,
  input  wire        rt_sampling_i,
  input  wire        inj_accept_i,
  output wire        miss_to_ccn_o,
  output wire        inj_valid_o,
  output wire [31:0] inj_flit_o,
  output wire [3:0]  cb_count_o
);
  // Eight slots always (a 3-bit pointer indexes them all); Q_DEPTH wraps.
  reg [26:0] ent_q [0:7] /*verilator public_flat_rd*/;
  reg [2:0]  head_q  /*verilator public_flat_rd*/;
  reg [2:0]  tail_q  /*verilator public_flat_rd*/;
  reg [3:0]  count_q /*verilator public_flat_rd*/;

  localparam logic [2:0] LAST = 3'(Q_DEPTH - 1);
  wire [3:0] CID = my_cid_i;  // a strap: one design for every core

  // The start-of-cycle count decides: a pop this cycle does not make room.
  wire to_ccn = rt_enable_i && (count_q < 4'(Q_DEPTH));
  wire push   = miss_valid_i && to_ccn;
  wire pop    = inj_accept_i && (count_q != 4'd0);
  wire [26:0] head_ent = ent_q[head_q];

  integer i;
  always @(posedge clk) begin
    if (!rst_n) begin
      for (i = 0; i < 8; i = i + 1) ent_q[i] <= 27'd0;
      head_q  <= 3'd0;
      tail_q  <= 3'd0;
      count_q <= 4'd0;
    end else begin
      if (push) begin
        ent_q[tail_q] <= {rt_sampling_i, miss_la_i};
        tail_q <= (tail_q == LAST) ? 3'd0 : tail_q + 3'd1;
      end
      if (pop) head_q <= (head_q == LAST) ? 3'd0 : head_q + 3'd1;
      count_q <= count_q + {3'd0, push} - {3'd0, pop};
    end
  end

  assign miss_to_ccn_o = to_ccn;
  assign inj_valid_o   = count_q != 4'd0;
  assign inj_flit_o    = (count_q != 4'd0) ? {1'b1, head_ent[26], CID, head_ent[25:0]} : 32'd0;
  assign cb_count_o    = count_q;
endmodule
