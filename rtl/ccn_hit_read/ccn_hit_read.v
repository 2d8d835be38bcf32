// ccn_hit_read — a remote hit's L1 data read and RespQ injection
// (seed-003 §14.5). Behaviour: cmodel/blocks/ccn_hit_read.ports.
module ccn_hit_read #(
  parameter int unsigned STRICT = 0
) (
  input  wire          clk,
  input  wire          rst_n,
  input  wire          hit_valid_i,
  input  wire [6:0]    hit_set_i,
  input  wire [2:0]    hit_way_i,
  input  wire [3:0]    hit_src_i,
  input  wire [25:0]   hit_la_i,
  input  wire          hit_smp_i,
  input  wire [1023:0] l1_rd_data_i,
  input  wire          rsp_inj_accept_i,
  output wire          hit_stage_ready_o,
  output wire          l1_steal_o,
  output wire [6:0]    l1_rd_set_o,
  output wire [2:0]    l1_rd_way_o,
  output wire          rsp_inj_valid_o,
  output wire [30:0]   rsp_inj_hdr_o,
  output wire [1023:0] rsp_inj_data_o
);
  reg        sv_q      /*verilator public_flat_rd*/;
  reg        rd_done_q /*verilator public_flat_rd*/;
  reg [6:0]  s_set_q   /*verilator public_flat_rd*/;
  reg [2:0]  s_way_q   /*verilator public_flat_rd*/;
  reg [30:0] s_hdr_q   /*verilator public_flat_rd*/;
  reg [31:0] hold_q [0:31] /*verilator public_flat_rd*/;

  wire ready = !sv_q || (STRICT == 0 && rsp_inj_accept_i);
  wire steal = sv_q && !rd_done_q;
  wire take  = hit_valid_i && ready;
  wire leave = sv_q && rsp_inj_accept_i;

  reg [1023:0] held;
  integer w;
  always @* begin
    for (w = 0; w < 32; w = w + 1) held[w*32 +: 32] = hold_q[w];
  end

  integer i;
  always @(posedge clk) begin
    if (!rst_n) begin
      sv_q      <= 1'b0;
      rd_done_q <= 1'b0;
      s_set_q   <= 7'd0;
      s_way_q   <= 3'd0;
      s_hdr_q   <= 31'd0;
      for (i = 0; i < 32; i = i + 1) hold_q[i] <= 32'd0;
    end else begin
      // A refused response keeps its line: the array is read only once.
      if (sv_q && !leave && !rd_done_q) begin
        for (i = 0; i < 32; i = i + 1) hold_q[i] <= l1_rd_data_i[i*32 +: 32];
        rd_done_q <= 1'b1;
      end
      if (leave) sv_q <= 1'b0;
      if (take) begin
        sv_q      <= 1'b1;
        rd_done_q <= 1'b0;
        s_set_q   <= hit_set_i;
        s_way_q   <= hit_way_i;
        s_hdr_q   <= {hit_smp_i, hit_src_i, hit_la_i};
      end
    end
  end

  assign hit_stage_ready_o = ready;
  assign l1_steal_o        = steal;
  assign l1_rd_set_o       = steal ? s_set_q : 7'd0;
  assign l1_rd_way_o       = steal ? s_way_q : 3'd0;
  assign rsp_inj_valid_o   = sv_q;
  assign rsp_inj_hdr_o     = sv_q ? s_hdr_q : 31'd0;
  assign rsp_inj_data_o    = !sv_q ? 1024'd0 : steal ? l1_rd_data_i : held;
endmodule
