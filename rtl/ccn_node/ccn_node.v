// ccn_node — one core's node of the cooperative-caching ring (seed-003
// §5, §14.8), built from the six CCN blocks. Behaviour:
// cmodel/blocks/ccn_node.ports; the wiring is the C model's settle().
module ccn_node #(
  /* verilator lint_off UNUSEDPARAM */  // the stimuli's ring and position
  parameter int unsigned STIM_CID   = 0,
  parameter int unsigned N          = 15,
  /* verilator lint_on UNUSEDPARAM */
  parameter int unsigned Q_DEPTH    = 8,
  parameter int unsigned NSETS      = 32,
  parameter int unsigned IDX_W      = 5,
  parameter int unsigned NWAYS      = 4,
  parameter int unsigned ST_PORTS   = 1,
  parameter int unsigned LINK_LAT   = 1,
  parameter int unsigned RESP_BEATS = 4,
  parameter int unsigned FLOW       = 0
) (
  input  wire          clk,
  input  wire          rst_n,
  input  wire [3:0]    my_cid_i,
  input  wire          miss_valid_i,
  input  wire [25:0]   miss_la_i,
  input  wire          upd_valid_i,
  input  wire [6:0]    upd_set_i,
  input  wire [2:0]    upd_way_i,
  input  wire [25:0]   upd_tag_i,
  input  wire          upd_v_i,
  input  wire [1023:0] l1_rd_data_i,
  input  wire          fill_ready_i,
  input  wire          home_eject_ready_i,
  input  wire [7:0]    insn_inc_i,
  input  wire          cfg_ccn_en_i,
  input  wire          cfg_rt_en_i,
  input  wire [23:0]   cfg_ts_i,
  input  wire [23:0]   cfg_tp_i,
  input  wire [7:0]    cfg_hmin_num_i,
  input  wire [7:0]    cfg_hmin_den_i,
  input  wire          req_in_valid_i,
  input  wire [31:0]   req_in_flit_i,
  input  wire          req_out_ready_i,
  input  wire          rsp_in_valid_i,
  input  wire [31:0]   rsp_in_hdr_i,
  input  wire [1023:0] rsp_in_data_i,
  input  wire          rsp_in_last_i,
  input  wire          rsp_out_ready_i,
  output wire          miss_to_ccn_o,
  output wire          l1_steal_o,
  output wire [6:0]    l1_rd_set_o,
  output wire [2:0]    l1_rd_way_o,
  output wire          fill_valid_o,
  output wire [25:0]   fill_la_o,
  output wire          fill_smp_o,
  output wire [1023:0] fill_data_o,
  output wire          home_eject_valid_o,
  output wire [25:0]   home_eject_la_o,
  output wire          home_eject_smp_o,
  output wire          req_in_ready_o,
  output wire          req_out_valid_o,
  output wire [31:0]   req_out_flit_o,
  output wire          rsp_in_ready_o,
  output wire          rsp_out_valid_o,
  output wire [31:0]   rsp_out_hdr_o,
  output wire [1023:0] rsp_out_data_o,
  output wire          rsp_out_last_o,
  output wire          rt_enable_o,
  output wire          rt_sampling_o,
  output wire          err_multi_o,
  output wire [3:0]    cb_count_o,
  output wire [3:0]    reqq_count_o,
  output wire [3:0]    respq_count_o,
  output wire [31:0]   stat_epochs_o,
  output wire [31:0]   stat_off_epochs_o
);
  localparam int unsigned TAG_W = (IDX_W != 0) ? 26 - IDX_W : 26;

  wire rt_enable, rt_sampling, miss_to_ccn;
  wire cb_inj_valid, inj_accept;
  wire [31:0] cb_inj_flit;
  wire st_lkp_valid, st_lkp_gnt, st_lkp_hit;
  wire [6:0] st_lkp_set;
  wire [25:0] st_lkp_tag;
  wire [2:0] st_lkp_way;
  wire hit_req_valid, hit_req_smp, hit_stage_ready;
  wire [6:0] hit_req_set;
  wire [2:0] hit_req_way;
  wire [3:0] hit_req_src;
  wire [25:0] hit_req_la;
  wire rsp_inj_valid, rsp_inj_accept;
  wire [30:0] rsp_inj_hdr;
  wire [1023:0] rsp_inj_data;

  ccn_rt #(.CNT_W(24)) u_rt (
    .clk(clk), .rst_n(rst_n),
    .cfg_ccn_en_i(cfg_ccn_en_i), .cfg_rt_en_i(cfg_rt_en_i), .cfg_ts_i(cfg_ts_i),
    .cfg_tp_i(cfg_tp_i), .cfg_hmin_num_i(cfg_hmin_num_i), .cfg_hmin_den_i(cfg_hmin_den_i),
    .insn_inc_i(insn_inc_i), .cb_push_i(miss_valid_i && miss_to_ccn),
    .ccn_hit_rsp_i(fill_valid_o && fill_ready_i), .ccn_hit_smp_i(fill_smp_o),
    .rt_enable_o(rt_enable), .rt_sampling_o(rt_sampling),
    .stat_epochs_o(stat_epochs_o), .stat_off_epochs_o(stat_off_epochs_o));

  ccn_cb #(.Q_DEPTH(Q_DEPTH)) u_cb (
    .clk(clk), .rst_n(rst_n), .my_cid_i(my_cid_i),
    .miss_valid_i(miss_valid_i), .miss_la_i(miss_la_i), .rt_enable_i(rt_enable),
    .rt_sampling_i(rt_sampling), .inj_accept_i(inj_accept),
    .miss_to_ccn_o(miss_to_ccn), .inj_valid_o(cb_inj_valid), .inj_flit_o(cb_inj_flit),
    .cb_count_o(cb_count_o));

  ccn_reqq #(.Q_DEPTH(Q_DEPTH), .NSETS(NSETS), .IDX_W(IDX_W),
             .LINK_LAT(LINK_LAT), .FLOW(FLOW)) u_reqq (
    .clk(clk), .rst_n(rst_n), .my_cid_i(my_cid_i),
    .fwd_in_valid_i(req_in_valid_i), .fwd_in_flit_i(req_in_flit_i),
    .inj_valid_i(cb_inj_valid), .inj_flit_i(cb_inj_flit),
    .home_eject_ready_i(home_eject_ready_i),
    .st_lkp_gnt_i(st_lkp_gnt), .st_lkp_hit_i(st_lkp_hit), .st_lkp_way_i(st_lkp_way),
    .hit_stage_ready_i(hit_stage_ready), .fwd_out_ready_i(req_out_ready_i),
    .fwd_in_ready_o(req_in_ready_o), .inj_accept_o(inj_accept),
    .home_eject_valid_o(home_eject_valid_o), .home_eject_la_o(home_eject_la_o),
    .home_eject_smp_o(home_eject_smp_o),
    .st_lkp_valid_o(st_lkp_valid), .st_lkp_set_o(st_lkp_set), .st_lkp_tag_o(st_lkp_tag),
    .hit_req_valid_o(hit_req_valid), .hit_req_set_o(hit_req_set), .hit_req_way_o(hit_req_way),
    .hit_req_src_o(hit_req_src), .hit_req_la_o(hit_req_la), .hit_req_smp_o(hit_req_smp),
    .fwd_out_valid_o(req_out_valid_o), .fwd_out_flit_o(req_out_flit_o),
    .count_o(reqq_count_o));

  ccn_shadow_tag #(.NSETS(NSETS), .NWAYS(NWAYS), .TAG_W(TAG_W), .ST_PORTS(ST_PORTS)) u_st (
    .clk(clk), .rst_n(rst_n),
    .upd_valid_i(upd_valid_i), .upd_set_i(upd_set_i), .upd_way_i(upd_way_i),
    .upd_tag_i(upd_tag_i), .upd_v_i(upd_v_i),
    .lkp_valid_i(st_lkp_valid), .lkp_set_i(st_lkp_set), .lkp_tag_i(st_lkp_tag),
    .lkp_gnt_o(st_lkp_gnt), .lkp_hit_o(st_lkp_hit), .lkp_way_o(st_lkp_way),
    .err_multi_o(err_multi_o));

  ccn_hit_read #(.STRICT(0)) u_hit (
    .clk(clk), .rst_n(rst_n),
    .hit_valid_i(hit_req_valid), .hit_set_i(hit_req_set), .hit_way_i(hit_req_way),
    .hit_src_i(hit_req_src), .hit_la_i(hit_req_la), .hit_smp_i(hit_req_smp),
    .l1_rd_data_i(l1_rd_data_i), .rsp_inj_accept_i(rsp_inj_accept),
    .hit_stage_ready_o(hit_stage_ready), .l1_steal_o(l1_steal_o),
    .l1_rd_set_o(l1_rd_set_o), .l1_rd_way_o(l1_rd_way_o),
    .rsp_inj_valid_o(rsp_inj_valid), .rsp_inj_hdr_o(rsp_inj_hdr),
    .rsp_inj_data_o(rsp_inj_data));

  ccn_respq #(.Q_DEPTH(Q_DEPTH), .RESP_BEATS(RESP_BEATS), .FLOW(FLOW)) u_respq (
    .clk(clk), .rst_n(rst_n), .my_cid_i(my_cid_i),
    .loc_valid_i(rsp_inj_valid), .loc_hdr_i(rsp_inj_hdr), .loc_data_i(rsp_inj_data),
    .in_beat_valid_i(rsp_in_valid_i), .in_hdr_i(rsp_in_hdr_i), .in_beat_data_i(rsp_in_data_i),
    .in_beat_last_i(rsp_in_last_i), .fill_ready_i(fill_ready_i), .out_ready_i(rsp_out_ready_i),
    .loc_accept_o(rsp_inj_accept), .in_ready_o(rsp_in_ready_o),
    .fill_valid_o(fill_valid_o), .fill_la_o(fill_la_o), .fill_smp_o(fill_smp_o),
    .fill_data_o(fill_data_o),
    .out_beat_valid_o(rsp_out_valid_o), .out_hdr_o(rsp_out_hdr_o),
    .out_beat_data_o(rsp_out_data_o), .out_beat_last_o(rsp_out_last_o),
    .count_o(respq_count_o));

  assign miss_to_ccn_o = miss_to_ccn;
  assign rt_enable_o   = rt_enable;
  assign rt_sampling_o = rt_sampling;
endmodule
