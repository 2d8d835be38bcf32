// dts — the decoupled tag store with locality filtering (seed-004 ch.4).
// One request per cycle, decided on start-of-cycle state (the S1 tag probe);
// a HIT's line is read in S2. Behaviour: cmodel/blocks/dts.ports.
// Sectors (SECTORS > 1): every data line keeps a valid and a pending bit per
// sector in the data-store meta (sv_q, sp_q: 4 bits, those above SECTORS
// held at 0), beside LV and the data-LRU rank; the tag store stays per line.
module dts #(
  parameter int unsigned SETS      = 32,
  parameter int unsigned TW        = 8,
  parameter int unsigned DW        = 4,
  parameter int unsigned T         = 2,
  parameter int unsigned RC_INIT   = 0,
  parameter int unsigned CMP_GT    = 0,
  parameter int unsigned TAG_TIE   = 0,
  parameter int unsigned FREE_PICK = 0,
  parameter int unsigned AGE2      = 0,
  parameter int unsigned SECTORS   = 1
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        req_valid_i,
  input  wire [31:0] req_addr_i,
  input  wire        req_store_i,
  input  wire        req_first_i,
  input  wire        filter_en_i,
  input  wire        mshr_ok_i,
  input  wire        merge_ok_i,
  input  wire        byp_ok_i,
  input  wire        fill_valid_i,
  input  wire [31:0] fill_addr_i,
  output reg  [2:0]  outcome_o,
  output reg  [1:0]  rf_cause_o,
  output reg  [1:0]  pos_o,
  output reg         evict_valid_o,
  output reg  [31:0] evict_addr_o,
  output wire        line_hit_o,
  output reg         st_drop_o,
  output reg         fill_err_o,
  output wire        rsp_valid_o,
  output wire [1:0]  rsp_pos_o,
  output reg  [7:0]  st_free_o
);
  localparam int unsigned SB = $clog2(SETS);
  localparam integer TWI = TW, DWI = DW, NT = SETS * TW, ND = SETS * DW;
  localparam [2:0] HIT = 3'd1, HITR = 3'd2, MISS = 3'd3, BYP = 3'd4, RF = 3'd5, STORE = 3'd6,
                   SECM = 3'd7;
  // The sector masks' live bits: SECTORS of them.
  localparam [3:0] NSM = 4'((5'd1 << SECTORS) - 5'd1);

  reg        tv_q    [0:NT-1] /*verilator public_flat_rw*/;
  reg        tc_q    [0:NT-1] /*verilator public_flat_rw*/;
  reg [31:0] ttag_q  [0:NT-1] /*verilator public_flat_rw*/;
  reg [5:0]  trc_q   [0:NT-1] /*verilator public_flat_rw*/;
  reg [1:0]  tpos_q  [0:NT-1] /*verilator public_flat_rw*/;
  reg [2:0]  tlru_q  [0:NT-1] /*verilator public_flat_rw*/;
  reg        lv_q    [0:ND-1] /*verilator public_flat_rw*/;
  reg [3:0]  sv_q    [0:ND-1] /*verilator public_flat_rw*/;
  reg [3:0]  sp_q    [0:ND-1] /*verilator public_flat_rw*/;
  reg [1:0]  dlru_q  [0:ND-1] /*verilator public_flat_rw*/;
  reg [2:0]  freec_q [0:SETS-1] /*verilator public_flat_rw*/;
  reg        s2_v_q             /*verilator public_flat_rw*/;
  reg [1:0]  s2_pos_q           /*verilator public_flat_rw*/;

  wire [SB-1:0] s   = req_addr_i[7 +: SB];
  wire [31:0]   tg  = req_addr_i >> (7 + SB);
  // A sector's bit in its line's masks: offset * SECTORS / 128.
  wire [1:0]    sidx = 2'(({2'd0, req_addr_i[6:0]} * 9'(SECTORS)) >> 7);
  wire [3:0]    sbit = 4'd1 << sidx;
  integer tb, db;   // the set's first tag entry and data line
  always @* begin
    tb = {{(32-SB){1'b0}}, s} * TWI;
    db = {{(32-SB){1'b0}}, s} * DWI;
  end

  // ---- the S1 decision
  reg        hit_t, fr_t, ins, alloc, sevict, any_l, secm;
  integer    t, w, v, l, o, k;
  reg [5:0]  rc;
  reg [6:0]  rc_inc;
  reg [5:0]  teff;
  reg        passed;
  always @* begin
    outcome_o = 3'd0; rf_cause_o = 2'd0; pos_o = 2'd0; evict_valid_o = 1'b0;
    evict_addr_o = 32'd0; st_drop_o = 1'b0; secm = 1'b0;
    hit_t = 1'b0; fr_t = 1'b0; ins = 1'b0; alloc = 1'b0; sevict = 1'b0; any_l = 1'b0;
    t = 0; w = 0; v = 0; l = 0; o = -1; rc = 6'd0; rc_inc = 7'd0; passed = 1'b0; k = 0;
    teff = filter_en_i ? 6'(T) : 6'd0;
    for (k = 0; k < TWI; k = k + 1)
      if (tv_q[tb + k] && ttag_q[tb + k] == tg) begin
        hit_t = 1'b1; t = k;
      end
    if (req_valid_i) begin
      if (req_store_i) begin
        // Write-evict drops a valid sector; the line goes with its last
        // valid sector unless another's fetch is pending.
        outcome_o = STORE;
        if (hit_t && tc_q[tb + t] && (sv_q[db + {30'd0, tpos_q[tb + t]}] & sbit) != 4'd0) begin
          st_drop_o = 1'b1; l = {30'd0, tpos_q[tb + t]}; o = t;
          sevict = (sv_q[db + l] & ~sbit) == 4'd0 && sp_q[db + l] == 4'd0;
        end
      end else if (hit_t && tc_q[tb + t]) begin
        w = t; l = {30'd0, tpos_q[tb + t]};
        if ((sv_q[db + l] & sbit) != 4'd0) begin
          outcome_o = HIT;
        end else if ((sp_q[db + l] & sbit) != 4'd0) begin
          outcome_o = merge_ok_i ? HITR : RF;
          rf_cause_o = merge_ok_i ? 2'd0 : 2'd2;
        end else begin
          outcome_o = mshr_ok_i ? SECM : RF;
          rf_cause_o = mshr_ok_i ? 2'd0 : 2'd2;
          secm = mshr_ok_i;
        end
        pos_o = 2'(l);
      end else begin
        if (hit_t) begin
          // RC counts line references: only a request's first sector adds 1.
          w = t;
          rc_inc = {1'b0, trc_q[tb + t]} + {6'd0, req_first_i};
          rc = rc_inc > 7'd63 ? 6'd63 : rc_inc[5:0];
        end else begin
          // A free tag way, else the LFU candidate (ties: oldest, or lowest way).
          alloc = 1'b1; rc = 6'(RC_INIT);
          for (k = 0; k < TWI; k = k + 1)
            if (!tv_q[tb + k] && (!fr_t || FREE_PICK == 0)) begin
              fr_t = 1'b1; v = k;
            end
          if (!fr_t) begin
            any_l = 1'b0;
            for (k = 0; k < TWI; k = k + 1)
              if (!tc_q[tb + k]) begin
                if (!any_l) begin
                  any_l = 1'b1; v = k;
                end else if (trc_q[tb + k] < trc_q[tb + v] ||
                             (trc_q[tb + k] == trc_q[tb + v] && TAG_TIE == 0 &&
                              tlru_q[tb + k] > tlru_q[tb + v])) begin
                  v = k;
                end
              end
          end
          w = v;
        end
        passed = CMP_GT != 0 ? rc > teff : rc >= teff;
        if (passed) begin
          // A free data line, else the LRU line not reserved.
          any_l = 1'b0;
          if (freec_q[s] != 3'd0) begin
            for (k = 0; k < DWI; k = k + 1)
              if (!lv_q[db + k] && (!any_l || FREE_PICK == 0)) begin
                any_l = 1'b1; l = k;
              end
          end else begin
            for (k = 0; k < DWI; k = k + 1)
              if (sp_q[db + k] == 4'd0 && (!any_l || dlru_q[db + k] > dlru_q[db + l])) begin
                any_l = 1'b1; l = k;
              end
            for (k = 0; k < TWI; k = k + 1)
              if (any_l && tv_q[tb + k] && tc_q[tb + k] && {30'd0, tpos_q[tb + k]} == l) o = k;
          end
          if (!any_l) begin
            outcome_o = RF; rf_cause_o = 2'd1; o = -1;
          end else if (!mshr_ok_i) begin
            outcome_o = RF; rf_cause_o = 2'd2; o = -1;
          end else begin
            outcome_o = MISS; ins = 1'b1; pos_o = 2'(l);
          end
        end else begin
          outcome_o = byp_ok_i ? BYP : RF;
          rf_cause_o = byp_ok_i ? 2'd0 : 2'd3;
        end
      end
      if (!(outcome_o == HIT || outcome_o == HITR || outcome_o == MISS || outcome_o == SECM))
        pos_o = 2'd0;
      if ((ins || sevict) && o >= 0) begin
        evict_valid_o = 1'b1;
        evict_addr_o = (ttag_q[tb + o] << (7 + SB)) | ({{(32-SB){1'b0}}, s} << 7);
      end
    end
  end

  assign line_hit_o = req_valid_i && hit_t && tc_q[tb + t];

  // ---- the fill: the committed entry of fill_addr whose sector is pending
  wire [SB-1:0] fs  = fill_addr_i[7 +: SB];
  wire [31:0]   ftg = fill_addr_i >> (7 + SB);
  wire [1:0]    fidx = 2'(({2'd0, fill_addr_i[6:0]} * 9'(SECTORS)) >> 7);
  wire [3:0]    fbit = 4'd1 << fidx;
  reg        f_ok;
  integer    f_l, fk, ftb, fdb;
  always @* begin
    f_ok = 1'b0; f_l = 0;
    ftb = {{(32-SB){1'b0}}, fs} * TWI;
    fdb = {{(32-SB){1'b0}}, fs} * DWI;
    for (fk = 0; fk < TWI; fk = fk + 1)
      if (fill_valid_i && tv_q[ftb + fk] && tc_q[ftb + fk] && ttag_q[ftb + fk] == ftg &&
          (sp_q[fdb + {30'd0, tpos_q[ftb + fk]}] & fbit) != 4'd0) begin
        f_ok = 1'b1; f_l = {30'd0, tpos_q[ftb + fk]};
      end
    fill_err_o = fill_valid_i && !f_ok;
  end

  integer fsum, fi;
  always @* begin
    fsum = 0;
    for (fi = 0; fi < SETS; fi = fi + 1) fsum = fsum + {29'd0, freec_q[fi]};
    st_free_o = 8'(fsum);
  end

  wire       touch_both = outcome_o == HIT || outcome_o == HITR || outcome_o == SECM;
  wire       tag_upd     = outcome_o == BYP || outcome_o == MISS;
  wire [2:0] old_t      = tlru_q[tb + w];
  wire [1:0] old_d      = dlru_q[db + l];
  // Aging: one step (two with AGE2 when the insert evicted), floors at 0.
  wire [5:0] age_by = (ins && AGE2 != 0 && o >= 0) ? 6'd2 : 6'd1;

  integer r;
  always @(posedge clk) begin
    if (!rst_n) begin
      for (r = 0; r < NT; r = r + 1) begin
        tv_q[r] <= 1'b0; tc_q[r] <= 1'b0; ttag_q[r] <= 32'd0; trc_q[r] <= 6'd0;
        tpos_q[r] <= 2'd0; tlru_q[r] <= 3'(r % TW);
      end
      for (r = 0; r < ND; r = r + 1) begin
        lv_q[r] <= 1'b0; sv_q[r] <= 4'd0; sp_q[r] <= 4'd0; dlru_q[r] <= 2'(r % DW);
      end
      for (r = 0; r < SETS; r = r + 1) freec_q[r] <= 3'(DW);
      s2_v_q <= 1'b0; s2_pos_q <= 2'd0;
    end else begin
      s2_v_q   <= outcome_o == HIT;
      s2_pos_q <= outcome_o == HIT ? 2'(l) : 2'd0;
      if (touch_both || tag_upd) begin
        for (r = 0; r < TWI; r = r + 1)
          if (tlru_q[tb + r] < old_t) tlru_q[tb + r] <= tlru_q[tb + r] + 3'd1;
        tlru_q[tb + w] <= 3'd0;
      end
      if (touch_both || ins) begin
        for (r = 0; r < DWI; r = r + 1)
          if (dlru_q[db + r] < old_d) dlru_q[db + r] <= dlru_q[db + r] + 2'd1;
        dlru_q[db + l] <= 2'd0;
      end
      if (tag_upd) begin
        if (alloc) begin
          tv_q[tb + w] <= 1'b1; tc_q[tb + w] <= 1'b0; ttag_q[tb + w] <= tg;
        end
        trc_q[tb + w] <= rc;
      end
      if (ins || sevict) begin
        for (r = 0; r < TWI; r = r + 1)
          if (tv_q[tb + r] && (!ins || r != w) && r != o)
            trc_q[tb + r] <= trc_q[tb + r] > age_by ? trc_q[tb + r] - age_by : 6'd0;
        if (o >= 0) begin
          tc_q[tb + o] <= 1'b0; trc_q[tb + o] <= 6'd0;
        end
      end
      if (ins) begin
        if (o < 0) freec_q[s] <= freec_q[s] - 3'd1;
        tc_q[tb + w] <= 1'b1; tpos_q[tb + w] <= 2'(l); trc_q[tb + w] <= rc;
        lv_q[db + l] <= 1'b1;
      end
      if (sevict) begin
        lv_q[db + l] <= 1'b0;
        freec_q[s] <= freec_q[s] + 3'd1;
      end
      // The sector masks, bit by bit: on one line the request and the fill
      // never touch the same bit (a sector fetched or dropped is not the
      // pending one being filled), and an insert's line has nothing pending.
      if (ins) begin
        sv_q[db + l] <= 4'd0; sp_q[db + l] <= sbit & NSM;
      end
      if (secm) sp_q[db + l][sidx] <= 1'b1;
      if (st_drop_o) sv_q[db + l][sidx] <= 1'b0;
      if (f_ok) begin
        sv_q[fdb + f_l][fidx] <= 1'b1; sp_q[fdb + f_l][fidx] <= 1'b0;
      end
    end
  end

  assign rsp_valid_o = s2_v_q;
  assign rsp_pos_o   = s2_pos_q;
endmodule
