/* ccn_shadow_tag — one L1's shadow tags (see ccn_shadow_tag.ports). */
#ifndef GM_CCN_SHADOW_TAG_H
#define GM_CCN_SHADOW_TAG_H

#define GM_BLOCK ccn_shadow_tag
#define GM_PORTS "ccn_shadow_tag.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { CCN_ST_MAX = 128 * 8 };

typedef struct ccn_shadow_tag {
    ccn_shadow_tag_params_t p;
    uint8_t v[CCN_ST_MAX];   /* [set * NWAYS + way] */
    uint32_t tag[CCN_ST_MAX];
    ccn_shadow_tag_counters_t ctr;
} ccn_shadow_tag_t;

int ccn_shadow_tag_init(ccn_shadow_tag_t *m, const ccn_shadow_tag_params_t *p, gm_err_t *err);
void ccn_shadow_tag_reset(ccn_shadow_tag_t *m);
void ccn_shadow_tag_eval(const ccn_shadow_tag_t *m, const ccn_shadow_tag_in_t *in,
                         ccn_shadow_tag_out_t *out);
void ccn_shadow_tag_tick(ccn_shadow_tag_t *m, const ccn_shadow_tag_in_t *in);
void ccn_shadow_tag_counters(const ccn_shadow_tag_t *m, ccn_shadow_tag_counters_t *c);
int ccn_shadow_tag_idle(const ccn_shadow_tag_t *m);

#endif
