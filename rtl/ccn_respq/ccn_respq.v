// ccn_respq — one core's response queue on the CCN response ring
// (seed-003 §5.3, §14.6). Behaviour: cmodel/blocks/ccn_respq.ports.
module ccn_respq #(
  parameter int unsigned Q_DEPTH    = 8,
  parameter int unsigned RESP_BEATS = 4,
  parameter int unsigned FLOW       = 0
) (
  input  wire          clk,
  input  wire          rst_n,
  input  wire [3:0]    my_cid_i,
  input  wire          loc_valid_i,
  input  wire [30:0]   loc_hdr_i,
  input  wire [1023:0] loc_data_i,
  input  wire          in_beat_valid_i,
  /* verilator lint_off UNUSEDSIGNAL */  // bit 31 repeats in_beat_valid_i;
  input  wire [31:0]   in_hdr_i,         // beats use the low 1024/RESP_BEATS bits
  input  wire [1023:0] in_beat_data_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire          in_beat_last_i,
  input  wire          fill_ready_i,
  input  wire          out_ready_i,
  output wire          loc_accept_o,
  output wire          in_ready_o,
  output wire          fill_valid_o,
  output wire [25:0]   fill_la_o,
  output wire          fill_smp_o,
  output wire [1023:0] fill_data_o,
  output wire          out_beat_valid_o,
  output wire [31:0]   out_hdr_o,
  output wire [1023:0] out_beat_data_o,
  output wire          out_beat_last_o,
  output wire [3:0]    count_o
);
  wire [3:0] CID = my_cid_i;  // a strap: one design for every core
  localparam logic [2:0] LAST = 3'(Q_DEPTH - 1);
  localparam int unsigned BW  = 32 / RESP_BEATS;   // words a beat
  localparam logic [1:0] LB   = 2'(RESP_BEATS - 1);

  reg [30:0] qh_q [0:7]   /*verilator public_flat_rd*/;
  reg        qr_q [0:7]   /*verilator public_flat_rd*/;
  reg [31:0] qd_q [0:255] /*verilator public_flat_rd*/;
  reg [2:0]  head_q  /*verilator public_flat_rd*/;
  reg [2:0]  tail_q  /*verilator public_flat_rd*/;
  reg [3:0]  count_q /*verilator public_flat_rd*/;
  reg [1:0]  sbeat_q /*verilator public_flat_rd*/;
  reg        dv_q    /*verilator public_flat_rd*/;
  reg        dhome_q /*verilator public_flat_rd*/;
  reg [2:0]  dslot_q /*verilator public_flat_rd*/;
  reg [1:0]  dbeat_q /*verilator public_flat_rd*/;
  reg        fv_q    /*verilator public_flat_rd*/;
  reg [30:0] fh_q    /*verilator public_flat_rd*/;
  reg [31:0] fd_q [0:31] /*verilator public_flat_rd*/;

  wire loc = loc_valid_i && ((FLOW != 0) ? count_q < 4'(Q_DEPTH)
                                         : {1'b0, count_q} + 5'd2 <= 5'(Q_DEPTH));
  wire first  = !dv_q;
  wire home   = first ? in_hdr_i[29:26] == CID : dhome_q;
  wire fill   = fv_q && fill_ready_i;
  wire ready  = !first ? 1'b1 : home ? (!fv_q || fill_ready_i)
                                     : (count_q < 4'(Q_DEPTH) && !loc);
  wire acc    = in_beat_valid_i && ready;
  wire [1:0] beat = first ? 2'd0 : dbeat_q;
  wire head_v = count_q != 4'd0 && qr_q[head_q];
  wire send   = head_v && out_ready_i;
  wire pop    = send && sbeat_q == LB;
  wire reserve = acc && first && !home;
  wire [2:0] slot = reserve ? tail_q : dslot_q;

  reg [1023:0] fill_line, out_beat;
  integer w;
  always @* begin
    fill_line = 1024'd0;
    out_beat  = 1024'd0;
    for (w = 0; w < 32; w = w + 1) begin
      fill_line[w*32 +: 32] = fd_q[w];
      if (w < BW) out_beat[w*32 +: 32] = qd_q[{head_q, 5'(32'(sbeat_q) * BW + w)}];
    end
  end

  integer i;
  always @(posedge clk) begin
    if (!rst_n) begin
      for (i = 0; i < 8; i = i + 1) begin
        qh_q[i] <= 31'd0;
        qr_q[i] <= 1'b0;
      end
      for (i = 0; i < 256; i = i + 1) qd_q[i] <= 32'd0;
      for (i = 0; i < 32; i = i + 1) fd_q[i] <= 32'd0;
      head_q  <= 3'd0;
      tail_q  <= 3'd0;
      count_q <= 4'd0;
      sbeat_q <= 2'd0;
      dv_q    <= 1'b0;
      dhome_q <= 1'b0;
      dslot_q <= 3'd0;
      dbeat_q <= 2'd0;
      fv_q    <= 1'b0;
      fh_q    <= 31'd0;
    end else begin
      if (send) sbeat_q <= pop ? 2'd0 : sbeat_q + 2'd1;
      if (pop) head_q <= (head_q == LAST) ? 3'd0 : head_q + 3'd1;
      if (fill) fv_q <= 1'b0;
      if (loc) begin
        qh_q[tail_q] <= loc_hdr_i;
        qr_q[tail_q] <= 1'b1;
        for (i = 0; i < 32; i = i + 1) qd_q[{tail_q, 5'(i)}] <= loc_data_i[i*32 +: 32];
      end
      if (acc) begin
        if (first && home) fh_q <= in_hdr_i[30:0];
        if (reserve) begin
          qh_q[tail_q] <= in_hdr_i[30:0];
          qr_q[tail_q] <= 1'b0;
          dslot_q      <= tail_q;
        end
        for (i = 0; i < 32; i = i + 1)
          if (i < BW) begin
            if (home) fd_q[5'(32'(beat) * BW + i)] <= in_beat_data_i[i*32 +: 32];
            else qd_q[{slot, 5'(32'(beat) * BW + i)}] <= in_beat_data_i[i*32 +: 32];
          end
        if (in_beat_last_i) begin
          dv_q <= 1'b0;
          if (home) fv_q <= 1'b1;
          else qr_q[slot] <= 1'b1;
        end else begin
          dv_q    <= 1'b1;
          dhome_q <= home;
          dbeat_q <= beat + 2'd1;
        end
      end
      if (loc || reserve) tail_q <= (tail_q == LAST) ? 3'd0 : tail_q + 3'd1;
      count_q <= count_q + {3'd0, loc || reserve} - {3'd0, pop};
    end
  end

  assign loc_accept_o     = loc;
  assign in_ready_o       = ready;
  assign fill_valid_o     = fv_q;
  assign fill_la_o        = fv_q ? fh_q[25:0] : 26'd0;
  assign fill_smp_o       = fv_q && fh_q[30];
  assign fill_data_o      = fv_q ? fill_line : 1024'd0;
  assign out_beat_valid_o = head_v;
  assign out_hdr_o        = head_v ? {1'b1, qh_q[head_q]} : 32'd0;
  assign out_beat_data_o  = head_v ? out_beat : 1024'd0;
  assign out_beat_last_o  = head_v && sbeat_q == LB;
  assign count_o          = count_q;
endmodule
