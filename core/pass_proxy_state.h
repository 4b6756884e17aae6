/* pass_proxy_state.h: the state-set dataflow engine of InjectFenceProxy as
 * rewritten in TileLang 9f25954 (#1863), shared by the models
 * tilelang-9f25954 and tilelang-head (SPEC 5).  The two differ only in the
 * options below; everything else is one implementation, so a behaviour
 * change between them is exactly an option. */
#ifndef FENCEFUZZ_PASS_PROXY_STATE_H
#define FENCEFUZZ_PASS_PROXY_STATE_H

#include "ir.h"

/* Which column of the op table (ops.h) classifies a call statement. */
typedef enum { PROXY_COLUMN_REF, PROXY_COLUMN_HEAD } ProxyColumn;

typedef struct ProxyStateOptions {
	ProxyColumn column;
	int keep_loop_steps; /* 0: every visited For is rebuilt without its step */
	int min_sm;          /* >0: leave a function alone unless its target arch is sm_<min_sm> or newer */
} ProxyStateOptions;

/* Runs the model on one function; the result shares unchanged nodes with
 * `in`, which stays valid.  Linear in the size of the function. */
Func *pass_proxy_state_run(const Func *in, Arena *a, const ProxyStateOptions *opt);

/* The arch number of the function's target ("sm_90a" -> 90), or -1 when the
 * function has no target, a target without an arch dict entry, or an arch
 * that is not sm_<digits>. */
int pass_target_sm(const Func *f);

#endif
