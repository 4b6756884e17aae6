/* handshake.c: a bulk store's shared source is not rewritten before the
 * store has finished reading it (docs/semantics.md §2, §5.3).
 *
 * Checks: after every async read completed through bulk async-groups
 * (tma_store, tma_store_scatter4, tl::tma_store_add: EF_BULK_GROUP in
 * effects.def), on every path of the issuing thread, a tma_store_arrive
 * (cp.async.bulk.commit_group) and then a tma_store_wait
 * (cp.async.bulk.wait_group.read 0) come before any generic WRITE whose
 * footprint may overlap the store's source, around loop back edges too.
 *
 * Method: reachability on the event graph (events.c) over states (node,
 * committed?), one search per store: a commit sets committed; a full wait
 * ends the path only when committed (a wait before the commit does not cover
 * the store, whose group does not exist yet); a wait_group with N != 0 ends
 * nothing (it may leave the newest group pending).  Fences play no part.
 * Footprints are always compared (byte ranges; undecidable -> overlap): the
 * rule is about the store's own source, not all of shared memory.
 * tma_store_cluster completes on the peer CTA's mbarrier, not by groups, and
 * is not judged here.
 *
 * Assumes: the thread that issues the store is the one that waits (program
 * order); other threads' writes are ordered after its wait by a barrier,
 * which this per-thread view does not see, so such writes count on any path
 * from the store.
 */
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "oracle.h"
#include "oracles.h"

static const char RULE[] =
	"PTX ISA 9.1 \u00a79.7.9.25.6 (cp.async.bulk.commit_group, cp.async.bulk.wait_group.read): the source "
	"of a bulk store may be rewritten only after its bulk async-group is committed and "
	"wait_group.read has completed (docs/semantics.md \u00a72 hazard 6; the race shows on real "
	"hardware: docs/hw-races.md)";
static const char NOTE[] =
	"all paths of the control-flow graph; branch conditions and trip counts unknown unless constant";

static void
report(const EventGraph *g, const int *parent, int *path, int src, int target, const char *model,
       FindingList *out)
{
	const Event *s = &g->ev[src], *t = &g->ev[target / 2];
	Finding *f = fl_add(out, FK_HANDSHAKE, model, "handshake", RULE, t->loc);
	char ds[96], dt[96];
	orc_event_describe(s, ds, sizeof ds);
	orc_event_describe(t, dt, sizeof dt);
	if (!out->keys_only) { /* fl_set_message's text, made without its format */
		char msg[1024];
		size_t k = 0;
		orc_put_str(msg, sizeof msg, &k, ds);
		orc_put_str(msg, sizeof msg, &k, " of ");
		orc_put_str(msg, sizeof msg, &k, s->buf ? s->buf : "shared memory");
		orc_put_str(msg, sizeof msg, &k, " (line ");
		orc_put_int(msg, sizeof msg, &k, s->loc.line);
		orc_put_str(msg, sizeof msg, &k, ") is followed by ");
		orc_put_str(msg, sizeof msg, &k, dt);
		orc_put_str(msg, sizeof msg, &k, " of ");
		orc_put_str(msg, sizeof msg, &k, t->buf ? t->buf : "shared memory");
		orc_put_str(msg, sizeof msg, &k, " (line ");
		orc_put_int(msg, sizeof msg, &k, t->loc.line);
		orc_put_str(msg, sizeof msg, &k, ") with no tma_store_arrive then tma_store_wait on some path");
		f->message = ar_strdup(out->arena, msg);
	}
	int len = 0;
	for (int v = target; v >= 0; v = parent[v])
		path[len++] = v;
	for (int i = 0, j = len - 1; i < j; i++, j--) {
		int x = path[i];
		path[i] = path[j] / 2;
		path[j] = x / 2;
	}
	if (len % 2)
		path[len / 2] /= 2;
	orc_events_witness(g, path, len, out, f);
	f->strength = STRENGTH_PROVED;
	f->strength_note = ar_strdup(out->arena, NOTE);
	fl_sign(f);
}

/* The search's arrays, kept from call to call (grown, never shrunk). */
static _Thread_local struct {
	int *mem;
	unsigned char *done;
	size_t nmem, ndone;
} scratch;

/* A source of the searches: an async read completed through bulk
 * async-groups, of a site. */
static int
is_store(const Event *e)
{
	return e->kind == EV_AREAD && (e->flags & EVF_BULK_GROUP) && e->site >= 0;
}

/* The search from store s over states (node, committed?): the first state
 * entered at a generic write whose footprint may overlap the store's
 * source, else -1 (stamp: s on the states met; parent: the search tree). */
static int
search_store(const Event *ev, int s, int *stamp, int *parent, int *queue)
{
	const Event *src = &ev[s];
	int head = 0, tail = 0;
	stamp[2 * s] = s;
	parent[2 * s] = -1;
	queue[tail++] = 2 * s;
	while (head < tail) {
		int u = queue[head++];
		int committed = u & 1;
		for (int k = 0; k < 2; k++) {
			int v = ev[u / 2].succ[k];
			if (v < 0)
				continue;
			const Event *e = &ev[v];
			int c = committed;
			if (e->kind == EV_COMMIT)
				c = 1;
			else if (e->kind == EV_WAIT && !(e->flags & EVF_PARTIAL) && committed)
				continue; /* the store's source is free from here on */
			int st = 2 * v + c;
			if (stamp[st] == s)
				continue;
			stamp[st] = s;
			parent[st] = u;
			queue[tail++] = st;
			if (e->kind == EV_GWRITE && orc_foot_overlap(&src->foot, &e->foot))
				return st;
		}
	}
	return -1;
}

int
orc_handshake_graph(const EventGraph *gp, const char *model, FindingList *out)
{
	const EventGraph *g = gp;
	int n2 = 2 * g->n, hits = 0;
	/* The graph's fields in locals: the stores below are ints, which the
	 * compiler would otherwise reload g->ev and g->n after. */
	const Event *ev = g->ev;
	int n = g->n;
	/* The searches' sources in node order: from the soundness oracle's
	 * list of the async accesses with a site when at hand (stores), else
	 * every node from the first source on.  None (the common case):
	 * nothing to set up. */
	const int *list = NULL;
	int stores[64], nstores = 0, first = 0;
	int nlist = orc_sound_async_sites(g, &list);
	if (nlist >= 0) {
		for (int x = 0; x < nlist; x++)
			if (is_store(&ev[list[x]]))
				stores[nstores++] = list[x];
		if (!nstores)
			return 0;
	} else {
		while (first < n && !is_store(&ev[first]))
			first++;
		if (first == n)
			return 0;
	}
	/* state = 2 * node + committed */
	scratch.mem = orc_scratch_grow(scratch.mem, &scratch.nmem, sizeof *scratch.mem * (size_t)(3 * n2) + 1);
	scratch.done = orc_scratch_grow(scratch.done, &scratch.ndone, (size_t)g->nsites + 1);
	int *mem = scratch.mem;
	unsigned char *done = scratch.done;
	memset(done, 0, (size_t)g->nsites + 1);
	int *stamp = mem, *parent = mem + n2, *queue = mem + 2 * n2;
	for (int i = 0; i < n2; i++)
		stamp[i] = -1;
	int end = nlist >= 0 ? nstores : n;
	for (int x = nlist >= 0 ? 0 : first; x < end; x++) {
		int s = nlist >= 0 ? stores[x] : x;
		if ((nlist < 0 && !is_store(&ev[s])) || done[ev[s].site])
			continue;
		int found = search_store(ev, s, stamp, parent, queue);
		if (found < 0)
			continue;
		done[ev[s].site] = 1;
		hits++;
		if (out)
			report(g, parent, queue, s, found, model, out);
	}
	return hits;
}

/* The graph of the function being judged on its own, rebuilt in place for
 * each call (its buffers kept: orc_events_build reuses them). */
static _Thread_local EventGraph own;
static _Thread_local int own_ready;

/* Stops the walk at a call whose effect completes through bulk async-groups
 * (EF_BULK_GROUP): the only calls whose events this oracle starts from. */
static int
bulk_call(const Expr *e, void *ctx)
{
	(void)ctx;
	int argoff;
	const Effect *eff;
	if (e->kind == EX_CALL && (eff = orc_call_effect(e, &argoff)) && (eff->flags & EF_BULK_GROUP))
		return 1;
	return IR_WALK_GO;
}

int
orc_handshake(const Func *q, const OracleOptions *o, const char *model, FindingList *out)
{
	(void)o;
	/* No bulk store anywhere (the walk visits every expression the graph
	 * translates, and more): no async read of a bulk group in the graph,
	 * nothing to follow, so it is not built. */
	if (ir_walk_stmt(q->body, NULL, bulk_call, NULL) == IR_WALK_GO)
		return 0;
	if (!own_ready) {
		orc_events_init(&own);
		own_ready = 1;
	}
	orc_events_build(&own, q);
	return orc_handshake_graph(&own, model, out);
}
