// cart — the Cache Access Reordering Tree in front of an L2 bank
// (seed-001 ch.2). Fill and drain both read start-of-cycle state and commit
// at the edge. Behaviour, cycle by cycle: cmodel/blocks/cart.ports.
module cart #(
  parameter int unsigned NB    = 16,
  parameter int unsigned NR    = 4,
  parameter int unsigned NC    = 2,
  parameter int unsigned DEPTH = 2,
  parameter int unsigned MODE  = 0
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        in_valid_i,
  input  wire [3:0]  in_bank_i,
  input  wire [15:0] in_row_i,
  input  wire [7:0]  in_col_i,
  input  wire [31:0] in_payload_i,
  input  wire        out_ready_i,
  input  wire        pl_valid_i,
  input  wire [3:0]  pl_qid_i,
  output wire        in_ready_o,
  output wire        out_valid_o,
  output wire [3:0]  out_bank_o,
  output wire [15:0] out_row_o,
  output wire [7:0]  out_col_o,
  output wire [31:0] out_payload_o,
  output wire [1:0]  out_case_o,
  output wire [3:0]  out_qid_o,
  output wire [11:0] st_occupancy_o,
  output wire        st_fill_stall_o
);
  localparam int unsigned NQ  = NR * NC;       // queues per branch
  localparam int unsigned NQT = NB * NQ;
  localparam int unsigned NG  = NB * NR;
  // Signed copies for the integer index arithmetic below.
  localparam integer NBI = NB, NQI = NQ, NQTI = NQT, DI = DEPTH;
  function automatic integer u4(input [3:0] v); u4 = {28'd0, v}; endfunction
  function automatic integer u3(input [2:0] v); u3 = {29'd0, v}; endfunction
  function automatic integer u1(input v);       u1 = {31'd0, v}; endfunction

  reg        q_valid_q [0:NQT-1]       /*verilator public_flat_rd*/;
  reg [7:0]  q_col_q   [0:NQT-1]       /*verilator public_flat_rd*/;
  reg [3:0]  q_cnt_q   [0:NQT-1]       /*verilator public_flat_rd*/;
  reg [2:0]  q_rd_q    [0:NQT-1]       /*verilator public_flat_rd*/;
  reg [31:0] q_data_q  [0:NQT*DEPTH-1] /*verilator public_flat_rd*/;
  reg        g_valid_q [0:NG-1]        /*verilator public_flat_rd*/;
  reg [15:0] g_row_q   [0:NG-1]        /*verilator public_flat_rd*/;
  reg        g_young_q [0:NG-1]        /*verilator public_flat_rd*/;
  reg        h_valid_q [0:NB-1]        /*verilator public_flat_rd*/;
  reg [3:0]  h_q_q     [0:NB-1]        /*verilator public_flat_rd*/;
  reg [15:0] h_row_q   [0:NB-1]        /*verilator public_flat_rd*/;
  reg [7:0]  h_col_q   [0:NB-1]        /*verilator public_flat_rd*/;
  reg [3:0]  rr_q                      /*verilator public_flat_rd*/;
  reg [11:0] occ_q                     /*verilator public_flat_rd*/;

  // ---- fill: the addressed branch's comparators (start-of-cycle state)
  reg     f_ok, f_open, f_claim;
  integer f_b, f_q;                     // branch, queue within it
  integer own, y, nmatch, fk, fg, fq0;
  always @* begin
    f_ok = 1'b0; f_open = 1'b0; f_claim = 1'b0;
    f_b = u4(in_bank_i); f_q = 0; own = -1; y = -1; nmatch = 0; fq0 = 0;
    fg = 0; fk = 0;   // loop variables too, or synthesis infers latches
    if ((in_valid_i || pl_valid_i) && f_b < NBI) begin
      if (pl_valid_i) begin
        f_q = u4(pl_qid_i);
        if (f_q < NQI && u4(q_cnt_q[f_b*NQ + f_q]) < DI) begin
          f_ok = 1'b1;
          f_open = !q_valid_q[f_b*NQ + f_q];
          f_claim = !g_valid_q[f_b*NR + f_q/NC];
        end
      end else begin
        for (fg = NR - 1; fg >= 0; fg = fg - 1)
          if (g_valid_q[f_b*NR + fg] && g_row_q[f_b*NR + fg] == in_row_i) own = fg;
        if (own >= 0) begin
          fq0 = own * NC;
          for (fk = NC - 1; fk >= 0; fk = fk - 1)
            if (q_valid_q[f_b*NQ + fq0 + fk] && q_col_q[f_b*NQ + fq0 + fk] == in_col_i) begin
              if (y < 0) y = fk;
              nmatch = nmatch + 1;
            end
          if (nmatch > 1) y = u1(g_young_q[f_b*NR + own]);
          if (y >= 0 && u4(q_cnt_q[f_b*NQ + fq0 + y]) < DI) begin
            f_ok = 1'b1; f_q = fq0 + y;
          end else begin
            for (fk = NC - 1; fk >= 0; fk = fk - 1)
              if (!q_valid_q[f_b*NQ + fq0 + fk]) begin
                f_ok = 1'b1; f_open = 1'b1; f_q = fq0 + fk;
              end
          end
        end else begin
          for (fg = NR - 1; fg >= 0; fg = fg - 1)
            if (!g_valid_q[f_b*NR + fg]) begin
              f_ok = 1'b1; f_open = 1'b1; f_claim = 1'b1; f_q = fg * NC;
            end
        end
      end
    end
  end

  // ---- drain: the rotating branch search, then same queue / same row /
  // longest within it (MODE 1: the longest queue anywhere)
  reg     nonempty [0:NB-1];
  integer ne_b, ne_q;
  always @* begin
    for (ne_b = 0; ne_b < NB; ne_b = ne_b + 1) begin
      nonempty[ne_b] = 1'b0;
      for (ne_q = 0; ne_q < NQ; ne_q = ne_q + 1)
        nonempty[ne_b] = nonempty[ne_b] | q_valid_q[ne_b*NQ + ne_q];
    end
  end

  // Of two queues of a group with one tag only the older may drain.
  reg     elig [0:NQT-1];
  integer e_i;
  always @* begin
    for (e_i = 0; e_i < NQTI; e_i = e_i + 1) begin
      elig[e_i] = q_valid_q[e_i] && !(NC >= 2 && q_valid_q[(NC < 2) ? e_i : (e_i ^ 1)] &&
                  q_col_q[(NC < 2) ? e_i : (e_i ^ 1)] == q_col_q[e_i] &&
                  u1(g_young_q[e_i / NC]) == e_i % 2);
    end
  end

  reg       d_valid;
  reg [1:0] d_why;
  integer   d_b, d_q, dk, dt, dq, hq, best_r, best_a, cnt_r, cnt_a, gi, gbest;
  always @* begin
    d_valid = occ_q != 12'd0; d_why = 2'd0; d_b = 0; d_q = 0;
    hq = 0; best_r = -1; best_a = -1; cnt_r = 0; cnt_a = 0; gbest = 0;
    dk = 0; dt = 0; dq = 0; gi = 0;
    if (MODE == 1) begin
      for (gi = NQT - 1; gi >= 0; gi = gi - 1)
        if (elig[gi] && u4(q_cnt_q[gi]) >= cnt_a) begin
          cnt_a = u4(q_cnt_q[gi]); gbest = gi;
        end
      d_b = gbest / NQ; d_q = gbest % NQ;
      if (d_valid) d_why = 2'd3;
    end else begin
      for (dk = NB; dk >= 1; dk = dk - 1) begin
        dt = u4(rr_q) + dk;
        if (dt >= NBI) dt = dt - NBI;
        if (nonempty[dt]) d_b = dt;
      end
      hq = u4(h_q_q[d_b]);
      for (dq = NQ - 1; dq >= 0; dq = dq - 1)
        if (elig[d_b*NQ + dq]) begin
          if (u4(q_cnt_q[d_b*NQ + dq]) >= cnt_a) begin
            cnt_a = u4(q_cnt_q[d_b*NQ + dq]); best_a = dq;
          end
          if (g_row_q[d_b*NR + dq/NC] == h_row_q[d_b] && u4(q_cnt_q[d_b*NQ + dq]) >= cnt_r) begin
            cnt_r = u4(q_cnt_q[d_b*NQ + dq]); best_r = dq;
          end
        end
      if (h_valid_q[d_b] && hq < NQI && elig[d_b*NQ + hq] &&
          g_row_q[d_b*NR + hq/NC] == h_row_q[d_b] && q_col_q[d_b*NQ + hq] == h_col_q[d_b]) begin
        d_q = hq; d_why = 2'd1;
      end else if (h_valid_q[d_b] && best_r >= 0) begin
        d_q = best_r; d_why = 2'd2;
      end else begin
        d_q = best_a < 0 ? 0 : best_a; d_why = 2'd3;
      end
      if (!d_valid) d_why = 2'd0;
    end
  end

  wire    offer = d_valid && !pl_valid_i;
  wire    pop   = offer && out_ready_i;
  wire    f_do  = f_ok;
  integer pi, fi, fpos, rdn, gq0, s, k;
  reg     any_left;
  always @* begin
    pi = d_b*NQ + d_q;
    fi = f_b*NQ + f_q;
    if (fi >= NQTI) fi = 0;
    fpos = u3(q_rd_q[fi]) + u4(q_cnt_q[fi]);
    if (fpos >= DI) fpos = fpos - DI;
    rdn = u3(q_rd_q[pi]) + 1;
    if (rdn >= DI) rdn = 0;
    // The popped queue's group after the edge: another live queue, or a
    // refill of the popped one.
    gq0 = d_b*NQ + (d_q/NC)*NC;
    any_left = 1'b0;
    for (k = 0; k < NC; k = k + 1)
      if (gq0 + k == pi) any_left = any_left | (q_cnt_q[pi] > 4'd1) | (f_do && fi == pi);
      else any_left = any_left | q_valid_q[gq0 + k] | (f_do && fi == gq0 + k);
  end

  always @(posedge clk) begin
    if (!rst_n) begin
      for (s = 0; s < NQT; s = s + 1) begin
        q_valid_q[s] <= 1'b0; q_col_q[s] <= 8'd0; q_cnt_q[s] <= 4'd0; q_rd_q[s] <= 3'd0;
      end
      for (s = 0; s < NQT*DEPTH; s = s + 1) q_data_q[s] <= 32'd0;
      for (s = 0; s < NG; s = s + 1) begin
        g_valid_q[s] <= 1'b0; g_row_q[s] <= 16'd0; g_young_q[s] <= 1'b0;
      end
      for (s = 0; s < NB; s = s + 1) begin
        h_valid_q[s] <= 1'b0; h_q_q[s] <= 4'd0; h_row_q[s] <= 16'd0; h_col_q[s] <= 8'd0;
      end
      rr_q <= 4'(NB - 1);
      occ_q <= 12'd0;
    end else begin
      if (offer) rr_q <= 4'(d_b);
      if (pop) begin
        h_valid_q[d_b] <= 1'b1;
        h_q_q[d_b]     <= 4'(d_q);
        h_row_q[d_b]   <= g_row_q[d_b*NR + d_q/NC];
        h_col_q[d_b]   <= q_col_q[pi];
        q_rd_q[pi]     <= 3'(rdn);
      end
      if (f_do) begin
        q_data_q[fi*DEPTH + fpos] <= in_payload_i;
        q_valid_q[fi] <= 1'b1;
        if (f_open) begin
          q_col_q[fi] <= in_col_i;
          g_young_q[f_b*NR + f_q/NC] <= 1'(f_q % NC);
        end
        if (f_claim || pl_valid_i) begin
          g_valid_q[f_b*NR + f_q/NC] <= 1'b1;
          g_row_q[f_b*NR + f_q/NC]   <= in_row_i;
        end
      end
      if (pop && f_do && fi == pi) begin
        q_cnt_q[pi] <= q_cnt_q[pi];
      end else begin
        if (pop) q_cnt_q[pi] <= q_cnt_q[pi] - 4'd1;
        if (f_do) q_cnt_q[fi] <= q_cnt_q[fi] + 4'd1;
      end
      if (pop && q_cnt_q[pi] == 4'd1 && !(f_do && fi == pi)) begin
        q_valid_q[pi] <= 1'b0;
        g_valid_q[d_b*NR + d_q/NC] <= any_left;
      end
      occ_q <= occ_q + {11'd0, f_do} - {11'd0, pop};
    end
  end

  assign in_ready_o      = f_ok;
  assign st_fill_stall_o = in_valid_i && !f_ok;
  assign st_occupancy_o  = occ_q;
  assign out_valid_o     = offer;
  assign out_bank_o      = offer ? 4'(d_b) : 4'd0;
  assign out_row_o       = offer ? g_row_q[d_b*NR + d_q/NC] : 16'd0;
  assign out_col_o       = offer ? q_col_q[pi] : 8'd0;
  assign out_payload_o   = offer ? q_data_q[pi*DEPTH + u3(q_rd_q[pi])] : 32'd0;
  assign out_case_o      = offer ? d_why : 2'd0;
  assign out_qid_o       = offer ? 4'(d_q) : 4'd0;
endmodule
