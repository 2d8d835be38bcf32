/* --per-sm: the stats report's "sms", each SM's own counters, for seeing
 * imbalance the whole-GPU sums hide (issue 18). */
#ifndef GM_SIM_PER_SM_H
#define GM_SIM_PER_SM_H

#include <cjson/cJSON.h>

struct gm_gpu;

/* One object per SM, SM 0 first; NULL when out of memory. */
cJSON *gm_per_sm_json(const struct gm_gpu *g);

#endif
