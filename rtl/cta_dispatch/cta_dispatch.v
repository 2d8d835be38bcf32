// cta_dispatch — the cluster-aware CTA dispatcher (seed-002 §8.2, §10.2):
// baseline policies (strict RR, RR then on demand, random) and cluster
// binding (static agents, dynamic) with a per-SM active limit. Behaviour,
// cycle by cycle: cmodel/blocks/cta_dispatch.ports.
module cta_dispatch #(
  parameter int unsigned N_SM  = 15,
  parameter int unsigned SLOTS = 8,
  parameter int unsigned TIE   = 0
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        launch_valid_i,
  input  wire [31:0] launch_V_i,
  input  wire [2:0]  launch_policy_i,
  input  wire [5:0]  launch_slots_i,
  input  wire [5:0]  launch_active_i,
  input  wire [15:0] launch_seed_i,
  input  wire [31:0] sm_can_accept_i,
  input  wire        retire_valid_i,
  input  wire [4:0]  retire_sm_i,
  input  wire [5:0]  retire_slot_i,
  input  wire        disp_ready_i,
  output wire        launch_ready_o,
  output wire        disp_valid_o,
  output wire [4:0]  disp_sm_o,
  output wire [5:0]  disp_slot_o,
  output wire [31:0] disp_u_o,
  output wire [31:0] disp_w_o,
  output wire [4:0]  disp_i_o,
  output wire [31:0] disp_mask_o,
  output wire        kernel_done_o
);
  localparam int unsigned NA = N_SM * SLOTS;
  localparam [2:0] P_STRICT = 3'd0, P_DEMAND = 3'd1, P_RANDOM = 3'd2, P_STATIC = 3'd3,
                   P_DYNAMIC = 3'd4, P_WAVE = 3'd5;
  localparam [5:0] SLOTS6 = 6'(SLOTS);

  reg        running_q /*verilator public_flat_rd*/;
  reg [2:0]  policy_q  /*verilator public_flat_rd*/;
  reg [5:0]  slots_q   /*verilator public_flat_rd*/;
  reg [5:0]  active_q  /*verilator public_flat_rd*/;
  reg [31:0] V_q       /*verilator public_flat_rd*/;
  reg [31:0] q_q       /*verilator public_flat_rd*/;
  reg [4:0]  r_q       /*verilator public_flat_rd*/;
  reg [31:0] next_u_q  /*verilator public_flat_rd*/;
  reg [4:0]  rr_q      /*verilator public_flat_rd*/;
  reg        fwd_q     /*verilator public_flat_rd*/;
  reg [15:0] lfsr_q    /*verilator public_flat_rd*/;
  reg [31:0] retired_q /*verilator public_flat_rd*/;
  reg [31:0] busy_q    [0:N_SM-1] /*verilator public_flat_rd*/;
  reg [5:0]  act_q     [0:N_SM-1] /*verilator public_flat_rd*/;
  reg [31:0] next_w_q  [0:N_SM-1] /*verilator public_flat_rd*/;
  reg [31:0] agent_w_q [0:NA-1]   /*verilator public_flat_rd*/;
  reg [31:0] ndisp_q   [0:N_SM-1] /*verilator public_flat_rd*/;

  // This cycle's retire, applied before the pick; per-SM views padded to
  // 32 SMs so a 5-bit SM number indexes them.
  reg [31:0] vbusy [0:31];
  reg [5:0]  vact  [0:31];
  reg [31:0] nw    [0:31];
  reg        rhit;
  integer    i;
  always @* begin
    rhit = 1'b0;
    for (i = 0; i < 32; i = i + 1) begin
      vbusy[i] = 32'd0; vact[i] = 6'd0; nw[i] = 32'd0;
    end
    for (i = 0; i < N_SM; i = i + 1) begin
      vbusy[i] = busy_q[i];
      vact[i]  = act_q[i];
      nw[i]    = next_w_q[i];
      if (retire_valid_i && retire_sm_i == 5'(i) && !retire_slot_i[5] &&
          busy_q[i][retire_slot_i[4:0]]) begin
        vbusy[i][retire_slot_i[4:0]] = 1'b0;
        vact[i] = act_q[i] - 6'd1;
        rhit = 1'b1;
      end
    end
  end

  wire [31:0] smask = slots_q[5] ? 32'hffff_ffff : (32'd1 << slots_q[4:0]) - 32'd1;
  reg  [31:0] can;
  always @* begin
    can = 32'd0;
    for (i = 0; i < N_SM; i = i + 1)
      can[i] = running_q && sm_can_accept_i[i] && vact[i] < active_q &&
               (~vbusy[i] & smask) != 32'd0;
  end

  // Per SM: the lowest free agent slot with work left (CLUSTER_STATIC),
  // and whether dynamic binding has work for it.
  reg [31:0] st_ok, dyn_ok;
  reg [5:0]  st_a [0:31];
  reg [31:0] st_w [0:31];
  genvar g;
  generate
    for (g = 0; g < 32; g = g + 1) begin : g_cand
      if (g < N_SM) begin : g_real
        /* verilator lint_off CMPCONST */  // SM 31 of 32 is never below r
        wire [31:0] jobs_g = q_q + ((5'(g) < r_q) ? 32'd1 : 32'd0);
        /* verilator lint_on CMPCONST */
        integer b;
        always @* begin
          st_ok[g] = 1'b0; st_a[g] = 6'd0; st_w[g] = 32'd0;
          for (b = SLOTS - 1; b >= 0; b = b - 1)
            if (running_q && sm_can_accept_i[g] && 6'(b) < active_q && !vbusy[g][b] &&
                agent_w_q[g * SLOTS + b] < jobs_g) begin
              st_ok[g] = 1'b1; st_a[g] = 6'(b); st_w[g] = agent_w_q[g * SLOTS + b];
            end
          dyn_ok[g] = can[g] && next_w_q[g] < jobs_g;
        end
      end else begin : g_pad
        always @* begin
          st_ok[g] = 1'b0; st_a[g] = 6'd0; st_w[g] = 32'd0; dyn_ok[g] = 1'b0;
        end
      end
    end
  endgenerate

  // The first SM of a mask at or after rr (the mask doubled, so the
  // search wraps past N_SM - 1).
  function automatic [4:0] first_from(input [31:0] m, input [4:0] rr);
    reg [63:0] dbl;
    integer j;
    begin
      dbl = 64'd0;
      for (j = 0; j < N_SM; j = j + 1) begin
        dbl[j] = m[j];
        dbl[j + N_SM] = m[j];
      end
      first_from = 5'd0;
      for (j = 2 * N_SM - 1; j >= 0; j = j - 1)
        if (dbl[j] && j >= {27'd0, rr}) first_from = 5'((j >= N_SM) ? j - N_SM : j);
    end
  endfunction

  // The pick.
  reg        pv;
  reg [4:0]  t;
  reg [5:0]  pslot;
  reg [31:0] pw;
  reg [5:0]  cnt, pre;
  reg [5:0]  kth;
  wire       left = next_u_q < V_q;
  always @* begin
    pv = 1'b0; t = 5'd0; pslot = 6'd0; pw = 32'd0; cnt = 6'd0; pre = 6'd0; kth = 6'd0;
    case (policy_q)
      P_STRICT: begin
        t  = rr_q;
        pv = left && can[rr_q];
      end
      P_DEMAND: begin
        pv = left && can != 32'd0;
        if (fwd_q && TIE == 0) begin
          for (i = 31; i >= 0; i = i - 1) if (can[i]) t = 5'(i);
        end else begin
          t = first_from(can, rr_q);
        end
      end
      P_RANDOM: begin
        pv = left && can != 32'd0;
        for (i = 0; i < N_SM; i = i + 1) cnt = cnt + {5'd0, can[i]};
        kth = (cnt == 6'd0) ? 6'd0 : 6'(lfsr_q % {10'd0, cnt});
        // The kth SM that can take, counted from bit 0: the one with kth
        // takers below it (a 6-bit running count, not kth 32-bit
        // clear-lowest steps; kth < cnt <= 32).
        pre = 6'd0;
        for (i = 0; i < N_SM; i = i + 1) begin
          if (can[i] && pre == kth) t = 5'(i);
          pre = pre + {5'd0, can[i]};
        end
      end
      P_WAVE: pv = 1'b0;  // the wave below
      P_STATIC: begin
        pv = st_ok != 32'd0;
        t  = first_from(st_ok, rr_q);
        pslot = st_a[t];
        pw = st_w[t];
      end
      default: begin
        pv = dyn_ok != 32'd0;
        t  = first_from(dyn_ok, rr_q);
        pw = nw[t];
      end
    endcase
    if (!pv) begin
      t = 5'd0; pslot = 6'd0; pw = 32'd0;
    end else if (policy_q != P_STATIC) begin
      for (i = SLOTS - 1; i >= 0; i = i - 1)
        if (!vbusy[t][i] && smask[i]) pslot = 6'(i);
    end
  end

  wire cluster     = policy_q == P_STATIC || policy_q == P_DYNAMIC;
  wire launch_fire = !running_q && launch_valid_i;

  // WAVE: every SM that can take gets a CTA, from rr onward while CTAs are
  // left; a WAVE launch is dispatched from in its own cycle.
  wire        w_fire = launch_fire && launch_policy_i == P_WAVE;
  wire        w_on   = launch_fire ? launch_policy_i == P_WAVE : policy_q == P_WAVE;
  wire        w_run  = w_fire || (running_q && policy_q == P_WAVE);
  wire [31:0] w_V    = w_fire ? launch_V_i : V_q;
  wire [31:0] w_u0   = w_fire ? 32'd0 : next_u_q;
  // In SM order from rr (rr < N_SM): the SMs that can take, rotated so
  // rr is bit 0 (the mask doubled, so the rotation wraps past N_SM - 1);
  // the ith of them takes while fewer than the CTAs left went before it,
  // a 6-bit running count against the 32-bit remainder; the takers
  // rotated back.
  localparam [31:0] SM_MASK = (N_SM >= 32) ? 32'hffff_ffff : (32'd1 << N_SM) - 32'd1;
  wire [31:0] w_acc  = sm_can_accept_i & SM_MASK;
  wire [63:0] w_dbl  = {32'd0, w_acc} | ({32'd0, w_acc} << N_SM);
  wire [63:0] w_rot  = w_dbl >> rr_q;
  wire [31:0] wleft  = w_V - w_u0;
  wire        w_many = wleft[31:6] != 26'd0;
  reg  [31:0] wtake;
  reg  [5:0]  wpre;
  always @* begin
    wtake = 32'd0; wpre = 6'd0;
    for (i = 0; i < N_SM; i = i + 1)
      if (w_run && w_rot[i] && (w_many || wpre < wleft[5:0])) begin
        wtake[i] = 1'b1;
        wpre = wpre + 6'd1;
      end
  end
  wire [63:0] w_back = {32'd0, wtake} << rr_q;
  wire [31:0] w_wrap = 32'(w_back >> N_SM);
  wire [31:0] wmask  = (w_back[31:0] | w_wrap) & SM_MASK;
  wire [31:0] wcnt   = {26'd0, wpre};
  wire        w_take = wmask != 32'd0 && disp_ready_i;
  wire [31:0] w_next = w_u0 + (w_take ? wcnt : 32'd0);
  wire [4:0]  rr_inc = (32'(rr_q) + 32'd1 >= N_SM) ? 5'd0 : rr_q + 5'd1;
  wire disp_fire   = pv && disp_ready_i;
  wire done        = running_q && retired_q == V_q;
  wire [4:0] after = (32'(t) + 32'd1 >= N_SM) ? 5'd0 : t + 5'd1;
  wire [5:0] l_s   = (launch_slots_i == 6'd0 || launch_slots_i > SLOTS6) ? SLOTS6 : launch_slots_i;
  wire [5:0] l_a   = (launch_active_i == 6'd0 || launch_active_i > l_s) ? l_s : launch_active_i;

  generate
    for (g = 0; g < N_SM; g = g + 1) begin : g_sm
      wire here = disp_fire && t == 5'(g);
      always @(posedge clk) begin
        if (!rst_n) begin
          busy_q[g] <= 32'd0; act_q[g] <= 6'd0; next_w_q[g] <= 32'd0; ndisp_q[g] <= 32'd0;
        end else begin
          busy_q[g] <= vbusy[g] | (here ? 32'd1 << pslot[4:0] : 32'd0);
          act_q[g]  <= vact[g] + (here ? 6'd1 : 6'd0);
          if (launch_fire) begin
            next_w_q[g] <= 32'd0;
            ndisp_q[g]  <= (w_take && wmask[g]) ? 32'd1 : 32'd0;
          end else if (w_on) begin
            if (w_take && wmask[g]) ndisp_q[g] <= ndisp_q[g] + 32'd1;
          end else if (here) begin
            ndisp_q[g] <= ndisp_q[g] + 32'd1;
            if (policy_q > P_STATIC) next_w_q[g] <= next_w_q[g] + 32'd1;
          end
        end
      end
    end
    for (g = 0; g < NA; g = g + 1) begin : g_agent
      always @(posedge clk) begin
        if (!rst_n) agent_w_q[g] <= 32'd0;
        else if (launch_fire) agent_w_q[g] <= 32'(g % SLOTS);
        else if (disp_fire && policy_q == P_STATIC && 32'(t) * SLOTS + 32'(pslot) == g)
          agent_w_q[g] <= agent_w_q[g] + {26'd0, active_q};
      end
    end
  endgenerate

  always @(posedge clk) begin
    if (!rst_n) begin
      running_q <= 1'b0; policy_q <= 3'd0; slots_q <= 6'd0; active_q <= 6'd0;
      V_q <= 32'd0; q_q <= 32'd0; r_q <= 5'd0; next_u_q <= 32'd0; rr_q <= 5'd0;
      fwd_q <= 1'b0; lfsr_q <= 16'd1; retired_q <= 32'd0;
    end else if (w_on) begin
      // the wave's cycle (wave_tick in the C model)
      if (w_fire) begin
        policy_q <= P_WAVE; slots_q <= l_s; active_q <= l_a; V_q <= launch_V_i;
        q_q <= launch_V_i / N_SM; r_q <= 5'(launch_V_i % N_SM);
        fwd_q <= 1'b0; retired_q <= 32'd0;
        lfsr_q <= (launch_seed_i == 16'd0) ? 16'd1 : launch_seed_i;
      end else if (running_q) begin
        retired_q <= retired_q + {31'd0, rhit};
      end
      next_u_q  <= w_next;
      running_q <= w_run && w_next != w_V;
      rr_q      <= rr_inc;
    end else if (!running_q) begin
      if (launch_valid_i) begin
        running_q <= 1'b1;
        policy_q  <= (launch_policy_i > P_WAVE) ? P_STRICT : launch_policy_i;
        slots_q   <= l_s;
        active_q  <= l_a;
        V_q       <= launch_V_i;
        q_q       <= launch_V_i / N_SM;
        r_q       <= 5'(launch_V_i % N_SM);
        next_u_q  <= 32'd0; rr_q <= 5'd0; fwd_q <= 1'b0; retired_q <= 32'd0;
        lfsr_q    <= (launch_seed_i == 16'd0) ? 16'd1 : launch_seed_i;
      end
    end else begin
      if (policy_q == P_DEMAND && can == 32'd0) fwd_q <= 1'b1;
      if (disp_fire) begin
        if (!cluster) next_u_q <= next_u_q + 32'd1;
        if (policy_q == P_RANDOM)
          lfsr_q <= {lfsr_q[14:0], lfsr_q[15] ^ lfsr_q[13] ^ lfsr_q[12] ^ lfsr_q[10]};
        else if (policy_q != P_DEMAND || !fwd_q || TIE != 0)
          rr_q <= after;
      end
      retired_q <= retired_q + {31'd0, rhit};
      if (done) running_q <= 1'b0;
    end
  end

  assign launch_ready_o = !running_q;
  assign disp_valid_o   = w_on ? wmask != 32'd0 : pv;
  assign disp_mask_o    = w_on ? wmask : (pv ? 32'd1 << t : 32'd0);
  assign disp_sm_o      = w_on ? (wmask != 32'd0 ? rr_q : 5'd0) : (pv ? t : 5'd0);
  assign disp_slot_o    = (pv && !w_on) ? pslot : 6'd0;
  assign disp_u_o       = w_on ? (wmask != 32'd0 ? w_u0 : 32'd0)
                               : ((pv && !cluster) ? next_u_q : 32'd0);
  assign disp_w_o       = (pv && cluster && !w_on) ? pw : 32'd0;
  assign disp_i_o       = (pv && cluster && !w_on) ? t : 5'd0;
  assign kernel_done_o  = done;
endmodule
