// part_map — memory-partition mapping functions of seed-000 §5.4.
// Behaviour: cmodel/blocks/part_map.ports. Parameters arrive resolved.
module part_map #(
  parameter int unsigned NP         = 16,
  parameter int unsigned CHUNK_LB   = 8,
  parameter int unsigned PXOR_SHIFT = 8,
  parameter int unsigned P_PRIME    = 13,
  parameter int unsigned P_APRIME   = 31,
  parameter int unsigned P_DPRIME   = 11,
  parameter int unsigned P_IPOLY    = 19
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire [31:0] addr_i,
  input  wire [2:0]  func_sel_i,
  output wire [5:0]  part_id_o,
  output wire [31:0] part_addr_o
);
  localparam int unsigned NPB  = $clog2(NP);
  localparam int unsigned CB   = 32 - CHUNK_LB;           // chunk-address bits
  localparam bit          POW2 = (NP & (NP - 1)) == 0;
  localparam [31:0]       LOW  = (32'd1 << CHUNK_LB) - 32'd1;

  // x^i mod P_IPOLY(x) over GF(2).
  function automatic [NPB-1:0] gf2_pow(input integer i);
    integer k;
    reg [NPB:0] r;
    begin
      r = (NPB + 1)'(1);
      for (k = 0; k < i; k = k + 1) begin
        r = r << 1;
        if (r[NPB]) r = r ^ P_IPOLY[NPB:0];
      end
      gf2_pow = r[NPB-1:0];
    end
  endfunction

  wire [CB-1:0]  c = addr_i[31:CHUNK_LB];
  wire [NPB-1:0] lo = c[NPB-1:0];

  wire [NPB-1:0] f_mod, f_prime;
  wire [9:0]     aprime_full;
  wire [NPB-1:0] f_aprime;
  gm_mod_const #(.W(CB), .P(NP),       .OW(NPB)) u_mod    (.a_i(c), .r_o(f_mod));
  gm_mod_const #(.W(CB), .P(P_PRIME),  .OW(NPB)) u_prime  (.a_i(c), .r_o(f_prime));
  gm_mod_const #(.W(CB), .P(P_APRIME), .OW(10))  u_aprime (.a_i(c), .r_o(aprime_full));
  gm_mod_const #(.W(10), .P(NP),       .OW(NPB)) u_aprime_np (.a_i(aprime_full), .r_o(f_aprime));

  wire [NPB-1:0] f_xor    = lo ^ c[PXOR_SHIFT +: NPB];
  wire [NPB-1:0] f_dprime = NPB'(c[NPB +: NPB] * P_DPRIME[NPB-1:0]) + lo;

  wire [NPB-1:0] ipoly_term [0:CB-1];
  genvar g;
  for (g = 0; g < CB; g = g + 1) begin : g_term
    localparam [NPB-1:0] R = gf2_pow(g);
    assign ipoly_term[g] = c[g] ? R : '0;
  end
  reg [NPB-1:0] f_ipoly;
  integer i;
  always @* begin
    f_ipoly = '0;
    for (i = 0; i < CB; i = i + 1) f_ipoly = f_ipoly ^ ipoly_term[i];
  end

  // XOR, D_Prime and I-Poly produce NPB bits; fold into 0..NP-1.
  reg  [NPB-1:0] raw;
  wire [NPB-1:0] raw_np;
  gm_mod_const #(.W(NPB), .P(NP), .OW(NPB)) u_fold (.a_i(raw), .r_o(raw_np));

  reg [NPB-1:0] id;
  always @* begin
    raw = '0;
    id  = '0;
    case (func_sel_i)
      3'd0: id = f_mod;
      3'd1: begin raw = f_xor;    id = raw_np; end
      3'd2: id = f_prime;
      3'd3: id = f_aprime;
      3'd4: begin raw = f_dprime; id = raw_np; end
      3'd5: begin raw = f_ipoly;  id = raw_np; end
      default: id = '0;
    endcase
  end

  // The partition address drops the partition digit of the chunk address.
  wire [CB-1:0] rest = POW2 ? (c >> NPB) : c / CB'(NP);

  // Combinational: the clock and reset are in the interface for uniformity.
  wire unused_clk = clk ^ rst_n;

  assign part_id_o   = 6'(id);
  assign part_addr_o = (32'(rest) << CHUNK_LB) | (addr_i & LOW);
endmodule
