// cta_succ_prefetch — the Successor Prefetch Engine (seed-002 §10.4, PFH):
// per-SM FIFOs of successor CTAs' first-line addresses, drained one
// prefetch a cycle round robin over the SMs. Behaviour, cycle by cycle:
// cmodel/blocks/cta_succ_prefetch.ports.
module cta_succ_prefetch #(
  parameter int unsigned N_SM  = 15,
  parameter int unsigned DEPTH = 4
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        cfg_en_i,
  input  wire        cfg_succ_i,
  input  wire [5:0]  cfg_A_i,
  input  wire [31:0] cfg_q_i,
  input  wire [4:0]  cfg_r_i,
  input  wire [39:0] cfg_desc_base_i,
  input  wire [31:0] cfg_desc_sx_i,
  input  wire [31:0] cfg_desc_sy_i,
  input  wire [31:0] cfg_desc_stride_i,
  input  wire [7:0]  cfg_desc_cnt_i,
  input  wire        disp_valid_i,
  input  wire [4:0]  disp_sm_i,
  input  wire [31:0] disp_w_i,
  input  wire [4:0]  disp_i_i,
  input  wire [31:0] succ_bx_i,
  input  wire [15:0] succ_by_i,
  input  wire        pf_ready_i,
  output wire        succ_valid_o,
  output wire [31:0] succ_w_o,
  output wire        pf_valid_o,
  output wire [4:0]  pf_sm_o,
  output wire [39:0] pf_addr_o
);
  localparam int unsigned NE = N_SM * DEPTH;
  localparam [3:0] DEPTH4 = 4'(DEPTH);

  reg [4:0]  rr_q              /*verilator public_flat_rd*/;
  reg [39:0] first_q [0:NE-1]  /*verilator public_flat_rd*/;
  reg [2:0]  head_q  [0:N_SM-1] /*verilator public_flat_rd*/;
  reg [3:0]  count_q [0:N_SM-1] /*verilator public_flat_rd*/;
  reg [7:0]  k_q     [0:N_SM-1] /*verilator public_flat_rd*/;

  // The successor: a 33-bit sum, so a wrap past 2^32 is past every cluster.
  wire [32:0] w_next = {1'b0, disp_w_i} + (cfg_succ_i ? 33'd1 : {27'd0, cfg_A_i});
  wire [32:0] jobs   = {1'b0, cfg_q_i} + ((disp_i_i < cfg_r_i) ? 33'd1 : 33'd0);
  wire        succ   = cfg_en_i && disp_valid_i && cfg_desc_cnt_i != 8'd0 && w_next < jobs;

  // The successor's first line, mod 2^40.
  /* verilator lint_off UNUSEDSIGNAL */  // products above bit 39 wrap away
  wire [63:0] px = {32'd0, succ_bx_i} * {32'd0, cfg_desc_sx_i};
  wire [47:0] py = {32'd0, succ_by_i} * {16'd0, cfg_desc_sy_i};
  /* verilator lint_on UNUSEDSIGNAL */
  wire [39:0] first_new = cfg_desc_base_i + px[39:0] + py[39:0];

  // Per-SM views padded to 32 SMs, so a 5-bit SM number indexes them.
  reg [2:0] vhead  [0:31];
  reg [3:0] vcount [0:31];
  reg [7:0] vk     [0:31];
  integer   j;
  always @* begin
    for (j = 0; j < 32; j = j + 1) begin
      vhead[j] = 3'd0; vcount[j] = 4'd0; vk[j] = 8'd0;
    end
    for (j = 0; j < N_SM; j = j + 1) begin
      vhead[j] = head_q[j]; vcount[j] = count_q[j]; vk[j] = k_q[j];
    end
  end

  // The issuing SM: the first at or after rr with an entry.
  reg        found;
  reg [4:0]  s;
  always @* begin
    found = 1'b0;
    s = 5'd0;
    for (j = N_SM - 1; j >= 0; j = j - 1)
      if (vcount[5'((32'(rr_q) + j) % N_SM)] != 4'd0) begin
        found = 1'b1;
        s = 5'((32'(rr_q) + j) % N_SM);
      end
  end

  // The head entry of the issuing SM (entries padded like the views).
  reg [39:0] head_addr;
  always @* begin
    head_addr = 40'd0;
    for (j = 0; j < NE; j = j + 1)
      if (32'(j) == 32'(s) * DEPTH + 32'(vhead[s]))
        head_addr = first_q[j];
  end

  wire [39:0] k_off = {32'd0, vk[s]} * cfg_desc_stride_i;
  wire        fire = found && pf_ready_i;
  wire        last = {1'b0, vk[s]} + 9'd1 >= {1'b0, cfg_desc_cnt_i};
  wire        push_ok = succ && 32'(disp_sm_i) < N_SM;
  wire        full = push_ok && vcount[disp_sm_i] == DEPTH4;

  wire [3:0] tail_sum = {1'b0, vhead[disp_sm_i]} + vcount[disp_sm_i];
  wire [3:0] tail = (tail_sum >= DEPTH4) ? tail_sum - DEPTH4 : tail_sum;

  wire       push = push_ok && !full;
  wire [4:0] after = (32'(s) + 1 == N_SM) ? 5'd0 : s + 5'd1;

  genvar g;
  generate
    for (g = 0; g < N_SM; g = g + 1) begin : g_sm
      wire here = fire && s == 5'(g);
      always @(posedge clk) begin
        if (!rst_n) begin
          head_q[g] <= 3'd0; count_q[g] <= 4'd0; k_q[g] <= 8'd0;
        end else begin
          if (here && last) begin
            k_q[g] <= 8'd0;
            head_q[g] <= (32'(head_q[g]) + 1 == DEPTH) ? 3'd0 : head_q[g] + 3'd1;
          end else if (here) begin
            k_q[g] <= k_q[g] + 8'd1;
          end
          count_q[g] <= count_q[g] + ((push && disp_sm_i == 5'(g)) ? 4'd1 : 4'd0)
                                   - ((here && last) ? 4'd1 : 4'd0);
        end
      end
    end
    for (g = 0; g < NE; g = g + 1) begin : g_entry
      always @(posedge clk) begin
        if (!rst_n) first_q[g] <= 40'd0;
        else if (push && 32'(disp_sm_i) * DEPTH + 32'(tail) == g) first_q[g] <= first_new;
      end
    end
  endgenerate

  always @(posedge clk) begin
    if (!rst_n) rr_q <= 5'd0;
    else if (fire) rr_q <= after;
  end

  assign succ_valid_o = succ;
  assign succ_w_o     = w_next[31:0];
  assign pf_valid_o   = found;
  assign pf_sm_o      = found ? s : 5'd0;
  assign pf_addr_o    = found ? head_addr + k_off : 40'd0;
endmodule
