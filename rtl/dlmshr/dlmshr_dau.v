// dlmshr_dau — the next state of one slot set's DAU FSM (seed-001 §3.5,
// Fig 3.8; the table of §9.3). Combinational: the state register lives in
// the dlmshr top, one instance of this per set. In every state the release
// (ret) takes precedence over a request. States 11..15 are illegal: held.
module dlmshr_dau #(
  parameter int unsigned RIPPLE = 1   // linked sets wait for their successor
) (
  input  wire [3:0] state_i,
  input  wire       req_h_i,     // a head-type request is directed at this set
  input  wire       req_a_i,     // an attached-type request is directed at this set
  input  wire       link_ok_i,   // ... and a linkable free set was granted
  input  wire       ret_i,       // all its slots released (PARALLEL: its chain's)
  input  wire       sfree_ext_i, // its successor is back in S0
  output reg  [3:0] next_o
);
  localparam [3:0] S0 = 4'd0, S1 = 4'd1, S2 = 4'd2, S3 = 4'd3, S4 = 4'd4, S5 = 4'd5,
                   S6 = 4'd6, S7 = 4'd7, S8 = 4'd8, S9 = 4'd9, S10 = 4'd10;

  wire leave = ret_i && ((RIPPLE == 0) || sfree_ext_i);

  always @* begin
    next_o = state_i;
    case (state_i)
      S0:  if (req_h_i) next_o = S1; else if (req_a_i) next_o = S6;
      S1:  if (ret_i) next_o = S5; else if (req_h_i) next_o = S2;
`ifdef GMEM_FAULT_DLMSHR
      // A deliberately broken DAU (make cosim-fault FAULT=dlmshr): a full
      // head that was granted a link goes to S4 (starved) instead of S3.
      S2:  if (ret_i) next_o = S5; else if (req_h_i) next_o = S4;
`else
      S2:  if (ret_i) next_o = S5; else if (req_h_i) next_o = link_ok_i ? S3 : S4;
`endif
      S3:  if (leave) next_o = S5;
      S4:  if (ret_i) next_o = S5; else if (req_h_i && link_ok_i) next_o = S3;
      S5:  next_o = S0;
      S6:  if (ret_i) next_o = S10; else if (req_a_i) next_o = S7;
      S7:  if (ret_i) next_o = S10; else if (req_a_i) next_o = link_ok_i ? S8 : S9;
      S8:  if (leave) next_o = S10;
      S9:  if (ret_i) next_o = S10; else if (req_a_i && link_ok_i) next_o = S8;
      S10: next_o = S0;
      default: next_o = state_i;
    endcase
  end
endmodule
