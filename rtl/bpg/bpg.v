// bpg — the Bypassing Parameter Generator (seed-000 ch.2): 8 adjusted-hits
// calculators over shadow_tags monitors, the selector, the G-BPG bus and
// the bypass decision. Behaviour, cycle by cycle: cmodel/blocks/bpg.ports.
module bpg #(
  parameter int unsigned SETS           = 32,
  parameter int unsigned NSAMP          = 4,
  parameter int unsigned WAYS           = 4,
  parameter int unsigned SAMPLE_MODE    = 0,
  parameter int unsigned INTERVAL       = 1000,
  parameter int unsigned E_SHIFT        = 1,
  parameter int unsigned RF_SCALE_SHIFT = 0,
  parameter int unsigned RF_RESCALE     = 0,
  parameter int unsigned START_MODE     = 0,
  parameter int unsigned GLOBAL         = 0
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        launch_i,
  input  wire [3:0]  n_active_tb_i,
  input  wire [5:0]  warps_per_tb_i,
  input  wire        acc_valid_i,
  input  wire [7:0]  acc_set_i,
  input  wire [31:0] acc_tag_i,
  input  wire [5:0]  acc_wid_i,
  input  wire [3:0]  acc_tb_i,
  input  wire        rf_pulse_i,
  input  wire        g_in_valid_i,
  input  wire        g_in_mode_tb_i,
  input  wire [3:0]  g_in_lmax_i,
  input  wire        g_in_bypass_en_i,
  input  wire [5:0]  q_wid_i,
  input  wire [3:0]  q_tb_i,
  input  wire        q_cg_i,
  output wire [3:0]  lmax_o,
  output wire        bypass_en_o,
  output wire        mode_tb_o,
  output wire        started_o,
  output wire        update_o,
  output wire        g_valid_o,
  output wire        g_mode_tb_o,
  output wire [3:0]  g_lmax_o,
  output wire        g_bypass_en_o,
  output wire        route_bypass_o
);
  reg [9:0]  hit_cnt_q [0:7] /*verilator public_flat_rd*/;
  reg [16:0] cube_q    [0:7] /*verilator public_flat_rd*/;
  reg [11:0] rf_cnt_q        /*verilator public_flat_rd*/;
  reg [9:0]  acc_cnt_q       /*verilator public_flat_rd*/;
  reg [5:0]  n_q             /*verilator public_flat_rd*/;
  reg [3:0]  lmax_r_q        /*verilator public_flat_rd*/;
  reg        bypass_en_r_q   /*verilator public_flat_rd*/;
  reg        mode_tb_r_q     /*verilator public_flat_rd*/;
  reg        started_r_q     /*verilator public_flat_rd*/;

  // round((l/d)^3 * 2^16) for d in 1..63, as a table (no divider).
  function automatic [25:0] cube_q16(input [3:0] l, input [5:0] d);
    integer dd, l3, d3;
    cube_q16 = 26'd0;
    l3 = {28'd0, l} * {28'd0, l} * {28'd0, l};
    for (dd = 1; dd < 64; dd = dd + 1)
      if ({26'd0, d} == dd) begin
        d3 = dd * dd * dd;
        cube_q16 = 26'((l3 * 65536 + d3 / 2) / d3);
      end
  endfunction

  // ---- the monitors: calculator i sees the requests of ids 0..i
  wire [5:0] acc_id = mode_tb_r_q ? {2'd0, acc_tb_i} : acc_wid_i;
  wire       sh_rst_n = rst_n && !launch_i;
  wire [7:0] sh_hit;
  genvar g;
  for (g = 0; g < 8; g = g + 1) begin : g_calc
    wire unused_sampled;
    wire [2:0] unused_way;
    shadow_tags #(.SETS(SETS), .NSAMP(NSAMP), .WAYS(WAYS), .SAMPLE_MODE(SAMPLE_MODE)) u_sh (
      .clk(clk), .rst_n(sh_rst_n),
      .upd_valid_i(acc_valid_i && acc_id <= 6'(g)), .upd_set_i(acc_set_i), .upd_tag_i(acc_tag_i),
      .sampled_o(unused_sampled), .shadow_hit_o(sh_hit[g]), .hit_way_o(unused_way));
  end

  // ---- the selector, from start-of-cycle counters
  wire [3:0] cap  = n_q < 6'd8 ? n_q[3:0] : 4'd8;
  wire [3:0] lcur = bypass_en_r_q ? lmax_r_q : cap;
  reg  [3:0] best;
  reg        any;
  reg signed [27:0] bv, adj;
  reg [25:0] cube;
  reg [37:0] est;
  integer    i;
  always @* begin
    best = 4'd1; any = 1'b0; bv = 28'sd0; adj = 28'sd0; cube = 26'd0; est = 38'd0;
    for (i = 0; i < 8; i = i + 1)
      if (6'(i + 1) <= n_q) begin
        cube = RF_RESCALE != 0 ? cube_q16(4'(i + 1), {2'd0, lcur}) : {9'd0, cube_q[i]};
        est  = (({26'd0, rf_cnt_q} * {12'd0, cube}) >> 16) >> RF_SCALE_SHIFT;
        adj  = $signed({18'd0, hit_cnt_q[i]}) - $signed({1'b0, 27'(est >> E_SHIFT)});
        if (!any || adj >= bv) begin
          bv = adj; best = 4'(i + 1); any = 1'b1;
        end
      end
  end

  wire upd    = !launch_i && acc_valid_i && acc_cnt_q == 10'(INTERVAL - 1);
  wire new_en = best < cap;
  wire [5:0] n_launch = n_active_tb_i > 4'd1 ? {2'd0, n_active_tb_i}
                                             : (warps_per_tb_i != 6'd0 ? warps_per_tb_i : 6'd1);
  wire [5:0] q_id = mode_tb_r_q ? {2'd0, q_tb_i} : q_wid_i;

  // Counters after this cycle's hits and fails, halved by an update.
  reg [9:0]  hit_nxt [0:7];
  reg [10:0] h;
  reg [11:0] r, rf_nxt;
  integer    j;
  always @* begin
    for (j = 0; j < 8; j = j + 1) begin
      h = {1'b0, hit_cnt_q[j]} + {10'd0, acc_valid_i && acc_id <= 6'(j) && sh_hit[j] &&
                                          hit_cnt_q[j] != 10'd1023};
      hit_nxt[j] = upd ? h[10:1] : h[9:0];
    end
    r = rf_cnt_q + {11'd0, rf_pulse_i && rf_cnt_q != 12'd4095};
    rf_nxt = upd ? {1'b0, r[11:1]} : r;
  end

  integer k;
  always @(posedge clk) begin
    if (!rst_n || launch_i) begin
      for (k = 0; k < 8; k = k + 1) begin
        hit_cnt_q[k] <= 10'd0;
        cube_q[k] <= (rst_n && 6'(k + 1) <= n_launch) ? 17'(cube_q16(4'(k + 1), n_launch)) : 17'd0;
      end
      rf_cnt_q <= 12'd0; acc_cnt_q <= 10'd0;
      n_q <= rst_n ? n_launch : 6'd1;
      lmax_r_q <= 4'd8; bypass_en_r_q <= 1'b0; started_r_q <= 1'b0;
      mode_tb_r_q <= rst_n && n_active_tb_i > 4'd1;
    end else begin
      for (k = 0; k < 8; k = k + 1) hit_cnt_q[k] <= hit_nxt[k];
      rf_cnt_q <= rf_nxt;
      if (upd) acc_cnt_q <= 10'd0;
      else if (acc_valid_i) acc_cnt_q <= acc_cnt_q + 10'd1;
      if (upd && GLOBAL == 0) begin
        lmax_r_q <= best; bypass_en_r_q <= new_en; started_r_q <= 1'b1;
      end
      if (GLOBAL != 0 && g_in_valid_i) begin
        lmax_r_q <= g_in_lmax_i; bypass_en_r_q <= g_in_bypass_en_i;
        mode_tb_r_q <= g_in_mode_tb_i; started_r_q <= 1'b1;
      end
    end
  end

  assign lmax_o         = lmax_r_q;
  assign bypass_en_o    = bypass_en_r_q;
  assign mode_tb_o      = mode_tb_r_q;
  assign started_o      = started_r_q;
  assign update_o       = upd;
  assign g_valid_o      = upd;
  assign g_mode_tb_o    = upd && mode_tb_r_q;
  assign g_lmax_o       = upd ? best : 4'd0;
  assign g_bypass_en_o  = upd && new_en;
  assign route_bypass_o = q_cg_i || (START_MODE == 1 && !started_r_q) ||
                          (bypass_en_r_q && q_id >= {2'd0, lmax_r_q});
endmodule
