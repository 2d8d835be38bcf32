// set_hash — cache set-index functions of seed-000 §5.1 (L1D and L2).
// Behaviour and parameter meaning: cmodel/blocks/set_hash.ports. Parameters
// arrive resolved (no 0 = auto) from `gmem block-params`.
module set_hash #(
  parameter int unsigned LB           = 7,
  parameter int unsigned SB           = 5,
  parameter int unsigned XOR_SHIFT    = 5,
  parameter int unsigned PMOD_P       = 31,
  parameter int unsigned APRIME_P     = 37,
  parameter int unsigned DPRIME_P     = 11,
  parameter int unsigned IPOLY_POLY   = 37,
  parameter int unsigned IPOLY_CODE_P = 19,
  parameter int unsigned PIPE         = 0
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire [31:0] addr_i,
  input  wire [2:0]  func_sel_i,
  input  wire        in_valid_i,
  output wire [7:0]  set_idx_o,
  output wire        out_valid_o
);
  localparam int unsigned AB = 32 - LB;  // block-address bits
  localparam int unsigned CW = $clog2(AB * IPOLY_CODE_P + 1);

  // x^i mod IPOLY_POLY(x) over GF(2).
  function automatic [SB-1:0] gf2_pow(input integer i);
    integer k;
    reg [SB:0] r;
    begin
      r = (SB + 1)'(1);
      for (k = 0; k < i; k = k + 1) begin
        r = r << 1;
        if (r[SB]) r = r ^ IPOLY_POLY[SB:0];
      end
      gf2_pow = r[SB-1:0];
    end
  endfunction

  // 2^i mod IPOLY_CODE_P over the integers (the released code's "I-Poly").
  function automatic [CW-1:0] int_pow(input integer i);
    integer k;
    reg [CW-1:0] r;
    begin
      r = CW'(1 % IPOLY_CODE_P);
      for (k = 0; k < i; k = k + 1) r = CW'((r * 2) % IPOLY_CODE_P);
      int_pow = r;
    end
  endfunction

  wire [AB-1:0] a     = addr_i[31:LB];
  wire [SB-1:0] x     = a[SB-1:0];
  wire [SB-1:0] t     = addr_i[LB+XOR_SHIFT +: SB];
  wire [SB-1:0] big_t = addr_i[LB+SB +: SB];   // T mod 2^SB is all D_Prime needs

  wire [SB-1:0] pmod;
  wire [9:0]    aprime;
  gm_mod_const #(.W(AB), .P(PMOD_P),   .OW(SB)) u_pmod   (.a_i(a), .r_o(pmod));
  gm_mod_const #(.W(AB), .P(APRIME_P), .OW(10)) u_aprime (.a_i(a), .r_o(aprime));

  // The block offset and the high A_Prime bits do not reach the index.
  wire [31:0] unused_addr   = addr_i;
  wire [9:0]  unused_aprime = aprime;

  wire [SB-1:0] dprime = SB'(big_t * DPRIME_P[SB-1:0]) + x;

  // Per-bit residues are elaboration-time constants; the functions are an
  // XOR tree and an adder tree over the block-address bits.
  wire [SB-1:0] ipoly_term [0:AB-1];
  wire [CW-1:0] icode_term [0:AB-1];
  genvar g;
  for (g = 0; g < AB; g = g + 1) begin : g_term
    localparam [SB-1:0] RP = gf2_pow(g);
    localparam [CW-1:0] RI = int_pow(g);
    assign ipoly_term[g] = a[g] ? RP : '0;
    assign icode_term[g] = a[g] ? RI : '0;
  end

  reg [SB-1:0] ipoly;
  reg [CW-1:0] icode;
  integer i;
  always @* begin
    ipoly = '0;
    icode = '0;
    for (i = 0; i < AB; i = i + 1) begin
      ipoly = ipoly ^ ipoly_term[i];
      icode = icode + icode_term[i];
    end
  end

  reg [SB-1:0] idx;
  always @* begin
    case (func_sel_i)
      3'd0:    idx = x;
      3'd1:    idx = x ^ t;
      3'd2:    idx = pmod;
      3'd3:    idx = aprime[SB-1:0];
      3'd4:    idx = dprime;
      3'd5:    idx = ipoly;
      3'd6:    idx = icode[SB-1:0];
      default: idx = '0;
    endcase
  end

  wire [7:0] idx8 = 8'(idx);
  reg  [7:0] set_idx_q /*verilator public_flat_rd*/;
  reg        valid_q   /*verilator public_flat_rd*/;
  always @(posedge clk) begin
    if (!rst_n) begin
      set_idx_q <= 8'd0;
      valid_q   <= 1'b0;
    end else begin
      set_idx_q <= idx8;
      valid_q   <= in_valid_i;
    end
  end

  assign set_idx_o   = (PIPE != 0) ? set_idx_q : idx8;
  assign out_valid_o = (PIPE != 0) ? valid_q   : in_valid_i;
endmodule
