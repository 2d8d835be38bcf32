// The quota set of three rpm values a, b, c in 1..32 (c = 1 for two
// kernels): q_x = lcm(a, b, c) / x, combinational. Factored so every
// divide is small and exact:
//   g01 = gcd(a, b), a' = a / g01, b' = b / g01, l01 = a' * b = lcm(a, b)
//   g   = gcd(c, l01 mod c), c' = c / g      (gcd(l01, c) without a wide gcd)
//   q_a = b' * c', q_b = a' * c', q_c = l01 / g
// Each q is at most lcm of the other two, <= 32 * 31 = 992.
module qbmi_quota_unit (
  input  wire [5:0]  a_i,
  input  wire [5:0]  b_i,
  input  wire [5:0]  c_i,
  output wire [15:0] qa_o,
  output wire [15:0] qb_o,
  output wire [15:0] qc_o
);
  // Binary GCD of x in 1..32 and y in 0..32, unrolled: common factors of 2
  // out, x made odd, then 10 subtract-or-halve steps: over every pair, the
  // fewest after which x is the gcd (the steps a pair may still take only
  // halve y to 0). The qbmi `lcm` stimulus checks all 32^3 rpm sets; 9
  // steps fail it.
  function automatic [5:0] gcd6(input [5:0] x_in, input [5:0] y_in);
    reg [5:0] x, y, t;
    reg [2:0] sh;
    integer s;
    begin
      x  = x_in;
      y  = y_in;
      sh = 3'd0;
      if (y == 6'd0) begin
        gcd6 = x;
      end else begin
        for (s = 0; s < 5; s = s + 1)
          if (!x[0] && !y[0]) begin
            x  = x >> 1;
            y  = y >> 1;
            sh = sh + 3'd1;
          end
        for (s = 0; s < 5; s = s + 1)
          if (!x[0]) x = x >> 1;
        for (s = 0; s < 10; s = s + 1)
          if (y != 6'd0) begin
            if (!y[0]) begin
              y = y >> 1;
            end else if (x > y) begin
              t = x - y;
              x = y;
              y = t;
            end else begin
              y = y - x;
            end
          end
        gcd6 = x << sh;
      end
    end
  endfunction

  wire [5:0]  g01 = gcd6(a_i, b_i);
  wire [5:0]  a_r = a_i / g01;
  wire [5:0]  b_r = b_i / g01;
  wire [9:0]  l01 = {4'd0, a_r} * {4'd0, b_i};
  /* verilator lint_off UNUSEDSIGNAL */  // the remainder is below c <= 32
  wire [9:0]  l_mod_c = l01 % {4'd0, c_i};
  /* verilator lint_on UNUSEDSIGNAL */
  wire [5:0]  g   = gcd6(c_i, l_mod_c[5:0]);
  wire [5:0]  c_r = c_i / g;
  wire [9:0]  qa  = {4'd0, b_r} * {4'd0, c_r};
  wire [9:0]  qb  = {4'd0, a_r} * {4'd0, c_r};
  wire [9:0]  qc  = l01 / {4'd0, g};
  assign qa_o = {6'd0, qa};
  assign qb_o = {6'd0, qb};
  assign qc_o = {6'd0, qc};
endmodule
