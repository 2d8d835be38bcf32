/* The tree of seed-001 Fig 2.6 and its drain orders, shared by the cart
 * golden stimulus and the unit tests. Queue contents are listed head
 * first (the figure draws the head rightmost). The figure's queues hold up
 * to 5 entries, so replays need DEPTH >= 5 (spec §2.6). */
#ifndef GM_CART_GOLDEN_H
#define GM_CART_GOLDEN_H

typedef struct cart_fig26_queue {
    unsigned bank, row, col; /* the figure's B/R/C */
    unsigned n;
    unsigned mr[5];          /* MR numbers, head first */
} cart_fig26_queue_t;

/* Q0..Q5. Q3 and Q4 share a tag: Q4 was opened when Q3 was full. */
static const cart_fig26_queue_t cart_fig26_queues[6] = {
    {1, 1, 0, 3, {2, 1, 0, 0, 0}},
    {1, 1, 1, 5, {7, 6, 5, 4, 3}},
    {1, 2, 2, 4, {11, 10, 9, 8, 0}},
    {2, 1, 1, 2, {13, 12, 0, 0, 0}},
    {2, 1, 1, 2, {15, 14, 0, 0, 0}},
    {3, 3, 1, 3, {18, 17, 16, 0, 0}},
};

enum { CART_FIG26_N = 19, CART_FIG26_LONGEST_VERBATIM = 6 };

/* CART, starting at bank 1 with no history: the dissertation's order. */
static const unsigned cart_fig26_cart_order[CART_FIG26_N] = {
    7, 13, 18, 6, 12, 17, 5, 15, 16, 4, 14, 3, 2, 1, 0, 11, 10, 9, 8};

/* out_case of each of those picks with no history anywhere (1 same queue,
 * 2 same row, 3 longest): Q4 after Q3 and Q0 after Q1 are the same-row
 * picks, Q2 is the longest left. */
static const unsigned cart_fig26_cart_case[CART_FIG26_N] = {
    3, 3, 3, 1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1, 1, 3, 1, 1, 1};

/* Longest-first, ties to the lower queue ID: the first six are the
 * dissertation's; the rest follow from the same rule (worked by hand; Q4
 * waits behind Q3, the older queue of its tag). */
static const unsigned cart_fig26_longest_order[CART_FIG26_N] = {
    7, 6, 11, 2, 5, 10, 18, 1, 4, 9, 13, 17, 0, 3, 8, 12, 15, 14, 16};

#endif
