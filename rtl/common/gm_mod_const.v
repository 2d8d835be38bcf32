// a mod P for a constant P. A power of two is a mask; otherwise each set bit
// of a contributes its residue 2^i mod P to a small sum (an adder tree), and
// only that sum, a few bits wide, goes through a real modulo.
module gm_mod_const #(
  parameter int unsigned W  = 25,  // width of a
  parameter int unsigned P  = 31,  // modulus, >= 1
  parameter int unsigned OW = 8    // width of the result (P <= 2^OW)
) (
  input  wire [W-1:0]  a_i,
  output wire [OW-1:0] r_o
);
  // Sum of W residues, each < P.
  localparam int unsigned SW = $clog2(W * P + 1);

  function automatic [SW-1:0] pow2_mod(input integer i);
    integer k;
    reg [SW-1:0] r;
    begin
      r = SW'(1 % P);
      for (k = 0; k < i; k = k + 1) r = SW'((r * 2) % P);
      pow2_mod = r;
    end
  endfunction

  generate
    if ((P & (P - 1)) == 0) begin : g_pow2
      assign r_o = OW'(a_i & W'(P - 1));
    end else begin : g_sum
      // Each bit's residue is an elaboration-time constant.
      wire [SW-1:0] term [0:W-1];
      genvar g;
      for (g = 0; g < W; g = g + 1) begin : g_term
        localparam [SW-1:0] R = pow2_mod(g);
        assign term[g] = a_i[g] ? R : '0;
      end
      reg [SW-1:0] sum;
      integer i;
      always @* begin
        sum = '0;
        for (i = 0; i < W; i = i + 1) sum = sum + term[i];
      end
      /* verilator lint_off UNUSEDSIGNAL */  // r < P <= 2^OW: high bits are 0
      wire [SW-1:0] r = sum % SW'(P);
      /* verilator lint_on UNUSEDSIGNAL */
      assign r_o = OW'(r);
    end
  endgenerate
endmodule
