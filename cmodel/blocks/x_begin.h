/* Default every X-macro of a .ports file to nothing, so each expansion
 * defines only the kinds it needs. Paired with x_end.h. */
#ifndef PARAM
#define PARAM(name, def, min, max, doc)
#endif
#ifndef IN
#define IN(name, width)
#endif
#ifndef OUT
#define OUT(name, width)
#endif
#ifndef INW
#define INW(name, width)
#endif
#ifndef OUTW
#define OUTW(name, width)
#endif
#ifndef STATE
#define STATE(name, width)
#endif
#ifndef STATE_ARR
#define STATE_ARR(name, width, depth)
#endif
#ifndef STATE_EXPR
#define STATE_EXPR(name, width, depth, expr)
#endif
#ifndef COUNTER
#define COUNTER(name, doc)
#endif
