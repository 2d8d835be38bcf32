/* shadow_tags — a set-sampled shadow tag array (see shadow_tags.ports). */
#ifndef GM_SHADOW_TAGS_H
#define GM_SHADOW_TAGS_H

#define GM_BLOCK shadow_tags
#define GM_PORTS "shadow_tags.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { SHT_MAX_SAMP = 32, SHT_MAX_WAYS = 8 };

typedef struct shadow_tags {
    shadow_tags_params_t p;
    uint8_t v[SHT_MAX_SAMP * SHT_MAX_WAYS], age[SHT_MAX_SAMP * SHT_MAX_WAYS];
    uint32_t tag[SHT_MAX_SAMP * SHT_MAX_WAYS];
    shadow_tags_counters_t ctr;
} shadow_tags_t;

int shadow_tags_init(shadow_tags_t *m, const shadow_tags_params_t *p, gm_err_t *err);
void shadow_tags_reset(shadow_tags_t *m);
void shadow_tags_eval(const shadow_tags_t *m, const shadow_tags_in_t *in,
                      shadow_tags_out_t *out);
void shadow_tags_tick(shadow_tags_t *m, const shadow_tags_in_t *in);
void shadow_tags_counters(const shadow_tags_t *m, shadow_tags_counters_t *c);
/* The sampled slot of an L1D set, or -1 when the set is not sampled. */
int shadow_tags_slot(const shadow_tags_params_t *p, unsigned set);
/* Every set's ages are a permutation of 0..WAYS-1; no tag twice in a set. */
int shadow_tags_check(const shadow_tags_t *m, gm_err_t *err);

/* 1 when a cycle without requests would change nothing (block.h). */
int shadow_tags_idle(const shadow_tags_t *m);

#endif
