// milg — Memory Instruction Limiting number Generator (DMIL), one per kernel
// per SM (seed-000 §6.4, §10.10). Behaviour: cmodel/blocks/milg.ports.
module milg #(
  parameter int unsigned ZERO_MODE = 0,   // 0: release to MIL_MAX, 1: hold
  parameter int unsigned MIL_MAX   = 127
) (
  input  wire       clk,
  input  wire       rst_n,
  input  wire       minst_issue_i,
  input  wire       minst_done_i,
  input  wire       rsfail_pulse_i,
  input  wire       req_pulse_i,
  input  wire [5:0] req_cnt_inc_i,
  output wire [6:0] mil_o,
  output wire       issue_allow_o,
  output wire       mil_update_o,
  output wire [6:0] inflight_o
);
  reg [6:0]  inflight_q     /*verilator public_flat_rd*/;
  reg [6:0]  max_inflight_q /*verilator public_flat_rd*/;
  reg [11:0] rf_cnt_q       /*verilator public_flat_rd*/;
  reg [9:0]  req_cnt_q      /*verilator public_flat_rd*/;
  reg [6:0]  mil_q          /*verilator public_flat_rd*/;

  // A request count reaching 1024 ends the sampling interval.
  wire [5:0]  req_inc = req_pulse_i ? req_cnt_inc_i : 6'd0;
  wire [10:0] req_sum = {1'b0, req_cnt_q} + {5'd0, req_inc};
  wire        update  = req_sum[10];

  reg [6:0] inflight_d;
  always @* begin
    inflight_d = inflight_q;
    if (minst_issue_i && !minst_done_i && inflight_q != 7'd127)
      inflight_d = inflight_q + 7'd1;
    else if (minst_done_i && !minst_issue_i && inflight_q != 7'd0)
      inflight_d = inflight_q - 7'd1;
  end

  // RF >> 10 is 0..3 because rf_cnt saturates; x/3 for x < 128 is exactly
  // (x * 43) >> 7, which avoids a divider.
  wire [1:0]  rf_div  = rf_cnt_q[11:10];
  /* verilator lint_off UNUSEDSIGNAL */  // by3[6:0] is the discarded fraction
  wire [13:0] by3     = {7'd0, max_inflight_q} * 14'd43;
  /* verilator lint_on UNUSEDSIGNAL */
  reg  [6:0]  quot;
  always @* begin
    case (rf_div)
      2'd1:    quot = max_inflight_q;
      2'd2:    quot = max_inflight_q >> 1;
      default: quot = by3[13:7];
    endcase
  end
  wire [6:0] released = (ZERO_MODE != 0) ? mil_q : MIL_MAX[6:0];
  wire [6:0] limit    = (rf_div == 2'd0) ? released
                      : (quot == 7'd0)   ? 7'd1 : quot;

  always @(posedge clk) begin
    if (!rst_n) begin
      inflight_q     <= 7'd0;
      max_inflight_q <= 7'd0;
      rf_cnt_q       <= 12'd0;
      req_cnt_q      <= 10'd0;
      mil_q          <= MIL_MAX[6:0];
    end else begin
      inflight_q <= inflight_d;
      req_cnt_q  <= req_sum[9:0];
      if (update) begin
        mil_q          <= limit;
        rf_cnt_q       <= {11'd0, rsfail_pulse_i};
        max_inflight_q <= inflight_d;
      end else begin
        if (rsfail_pulse_i && rf_cnt_q != 12'hfff) rf_cnt_q <= rf_cnt_q + 12'd1;
        if (inflight_d > max_inflight_q) max_inflight_q <= inflight_d;
      end
    end
  end

  assign mil_o         = mil_q;
  assign issue_allow_o = inflight_q < mil_q;
  assign mil_update_o  = update;
  assign inflight_o    = inflight_q;
endmodule
