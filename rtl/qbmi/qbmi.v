// qbmi — Balanced Memory request Issuing arbiter, one per SM (seed-000 §6.3,
// §10.9): QBMI (MODE 0) or RBMI (MODE 1). Behaviour: cmodel/blocks/qbmi.ports.
// The quota set is registered from the rpm registers through the
// combinational lcm unit (qbmi_quota_unit below), so a new rpm reaches q one
// cycle after it is written: the quota refresh's whole latency.
module qbmi #(
  parameter int unsigned K    = 2,   // kernels sharing the SM (2 or 3)
  parameter int unsigned MODE = 0    // 0 QBMI, 1 RBMI
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire [2:0]  mem_cand_i,
  input  wire [2:0]  minst_issue_i,
  input  wire [2:0]  req_gen_pulse_i,
  input  wire [17:0] req_gen_cnt_i,
  output reg  [2:0]  mem_grant_o,
  output reg  [47:0] quota_o,
  output reg  [17:0] rpm_o,
  output reg  [47:0] qset_o,
  output reg  [2:0]  rpm_update_o
);
  reg [9:0]  req_cnt_q   [0:K-1] /*verilator public_flat_rw*/;
  reg [9:0]  minst_cnt_q [0:K-1] /*verilator public_flat_rw*/;
  reg [5:0]  rpm_q       [0:K-1] /*verilator public_flat_rw*/;
  reg [15:0] q_q         [0:K-1] /*verilator public_flat_rw*/;
  reg [15:0] quota_q     [0:K-1] /*verilator public_flat_rw*/;
  reg [1:0]  rr_q                /*verilator public_flat_rw*/;

  // quota_q padded to three kernels, so the 2-bit kernel index of the
  // grant walk always lands inside the array.
  wire [15:0] quota_all [0:3];
  genvar gk;
  generate
    for (gk = 0; gk < 4; gk = gk + 1) begin : g_pad
      if (gk < K) begin : g_live
        assign quota_all[gk] = quota_q[gk];
      end else begin : g_none
        assign quota_all[gk] = 16'd0;
      end
    end
  endgenerate

  // ---- grant: walk from rr so the first of equal quotas met wins ----
  integer i;
  reg [2:0]  k_sum;
  reg [1:0]  k_at;
  reg        found;
  reg [1:0]  best;
  always @* begin
    found = 1'b0;
    best  = 2'd0;
    for (i = 0; i < K; i = i + 1) begin
      // rr + i reaches 4 for K = 3: three bits before the wrap.
      k_sum = {1'b0, rr_q} + i[2:0];
      if ({29'd0, k_sum} >= K) k_sum = k_sum - K[2:0];
      k_at = k_sum[1:0];
      if (mem_cand_i[k_at]) begin
        if (!found) begin
          found = 1'b1;
          best  = k_at;
        end else if (MODE == 0 && quota_all[k_at] > quota_all[best]) begin
          best = k_at;
        end
      end
    end
    mem_grant_o = found ? (3'd1 << best) : 3'd0;
  end

  // ---- rpm: round(1024 / m) clamped to 1..32 ----
  // For m >= 32 the quotient is at most 32, so six restoring steps suffice;
  // below 32 it exceeds 32 and clamps.
  function automatic [5:0] rpm_of(input [9:0] m);
    reg [15:0] rem;
    reg [5:0]  quo;
    integer s;
    begin
      rem = 16'd1024 + {7'd0, m[9:1]};
      quo = 6'd0;
      for (s = 5; s >= 0; s = s - 1) begin
        if (rem >= ({6'd0, m} << s)) begin
          rem = rem - ({6'd0, m} << s);
          quo[s] = 1'b1;
        end
      end
      rpm_of = (m < 10'd32) ? 6'd32 : quo;
    end
  endfunction

  // ---- per-kernel counters and quotas ----
  reg [10:0] req_sum  [0:K-1];
  reg [9:0]  minst_d  [0:K-1];
  reg [15:0] left     [0:K-1];
  reg [16:0] quota_s  [0:K-1];
  reg        refresh;
  reg [2:0]  wrap;
  always @* begin
    refresh = 1'b0;
    wrap    = 3'd0;
    for (i = 0; i < K; i = i + 1) begin
      req_sum[i] = {1'b0, req_cnt_q[i]}
                 + {5'd0, req_gen_pulse_i[i] ? req_gen_cnt_i[6*i +: 6] : 6'd0};
      wrap[i]    = req_sum[i][10];
      minst_d[i] = (minst_cnt_q[i] == 10'd1023) ? 10'd1023
                 : minst_cnt_q[i] + {9'd0, minst_issue_i[i]};
      left[i]    = (minst_issue_i[i] && quota_q[i] != 16'd0) ? quota_q[i] - 16'd1
                 : quota_q[i];
      if (left[i] == 16'd0) refresh = 1'b1;
    end
    for (i = 0; i < K; i = i + 1)
      quota_s[i] = {1'b0, left[i]} + (refresh ? {1'b0, q_q[i]} : 17'd0);
    rpm_update_o = wrap;
  end

  // rr moves past the lowest-index kernel that issued.
  wire [2:0] issue_k = minst_issue_i & ((K == 3) ? 3'b111 : 3'b011);
  reg  [1:0] rr_d;
  always @* begin
    rr_d = rr_q;
    if (issue_k[0])      rr_d = 2'd1;
    else if (issue_k[1]) rr_d = (K == 2) ? 2'd0 : 2'd2;
    else if (issue_k[2]) rr_d = 2'd0;
  end

  // ---- the quota set from the registered rpm ----
  wire [5:0]  rpm0 = rpm_q[0];
  wire [5:0]  rpm1 = rpm_q[1];
  wire [5:0]  rpm2;
  wire [15:0] qn0, qn1, qn2;
  generate
    if (K == 3) begin : g_k3
      assign rpm2 = rpm_q[K-1];
    end else begin : g_k2
      assign rpm2 = 6'd1;
    end
  endgenerate
  qbmi_quota_unit u_quota (
    .a_i(rpm0), .b_i(rpm1), .c_i(rpm2), .qa_o(qn0), .qb_o(qn1), .qc_o(qn2)
  );
  wire [15:0] qn [0:2];
  assign qn[0] = qn0;
  assign qn[1] = qn1;
  assign qn[2] = qn2;

  always @(posedge clk) begin
    if (!rst_n) begin
      for (i = 0; i < K; i = i + 1) begin
        req_cnt_q[i]   <= 10'd0;
        minst_cnt_q[i] <= 10'd0;
        rpm_q[i]       <= 6'd1;
        q_q[i]         <= 16'd1;
        quota_q[i]     <= 16'd1;
      end
      rr_q <= 2'd0;
    end else begin
      for (i = 0; i < K; i = i + 1) begin
        req_cnt_q[i] <= req_sum[i][9:0];
        if (wrap[i]) begin
          rpm_q[i]       <= rpm_of(minst_d[i]);
          minst_cnt_q[i] <= 10'd0;
        end else begin
          minst_cnt_q[i] <= minst_d[i];
        end
        quota_q[i] <= quota_s[i][16] ? 16'hffff : quota_s[i][15:0];
        q_q[i]     <= qn[i];
      end
      rr_q <= rr_d;
    end
  end

  always @* begin
    quota_o = 48'd0;
    rpm_o   = 18'd0;
    qset_o  = 48'd0;
    for (i = 0; i < K; i = i + 1) begin
      quota_o[16*i +: 16] = quota_q[i];
      rpm_o[6*i +: 6]     = rpm_q[i];
      qset_o[16*i +: 16]  = q_q[i];
    end
  end
endmodule
