/* oracles.c: the oracle registry (oracles.def): the table the judge iterates,
 * the entry points of the oracles it lists, and the --oracles names.
 *
 * Each entry point adapts one oracle's own function to OracleCase; an oracle
 * written for the registry can be its own entry point. */
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "oracle.h"
#include "oracles.h"

#define KIND(k) (1u << (k))
const OracleInfo orc_oracles[ORC_NORACLES] = {
#define ORACLE(id, name, group, entry, kinds, needs, on) {name, group, ORC_##id, entry, kinds, needs, on},
#include "oracles.def"
#undef ORACLE
};
#undef KIND

static struct {
	const Program *p;
	unsigned long epoch, next;
} input;

void
orc_input_begin(const Program *p)
{
	input.p = p;
	input.epoch = ++input.next;
}

void
orc_input_end(void)
{
	input.p = NULL;
	input.epoch = 0;
}

unsigned long
orc_input_epoch(const Func *f)
{
	if (!input.p || !f)
		return 0;
	for (int i = 0; i < input.p->nfuncs; i++)
		if (input.p->funcs[i] == f)
			return input.epoch;
	return 0;
}

struct OracleShared {
	EventGraph graph;       /* of the case's q, when built (its buffers kept across cases) */
	const Func *graph_of;   /* NULL: not built for this function */
	OrcAlignment al;
	int aligned;            /* al is the alignment of this function's q to p */
	Loc where;              /* not preserved: orc_align_explain's where, what and why */
	const char *what;
	char why[400];
	Arena *scratch;         /* the alignment's insertions and erased copies */
};

OracleShared *
orc_shared_new(void)
{
	OracleShared *s = calloc(1, sizeof *s);
	if (!s)
		abort();
	orc_events_init(&s->graph);
	return s;
}

void
orc_shared_reset(OracleShared *s, Arena *scratch)
{
	s->graph_of = NULL;
	s->aligned = 0;
	s->scratch = scratch;
}

void
orc_shared_free(OracleShared *s)
{
	if (!s)
		return;
	orc_events_free(&s->graph);
	free(s);
}

/* The event graph of c->q, built once for every row (NULL: no shared state). */
static const EventGraph *
case_graph(const OracleCase *c)
{
	OracleShared *s = c->shared;
	if (!s)
		return NULL;
	if (s->graph_of != c->q) {
		orc_events_build(&s->graph, c->q);
		s->graph_of = c->q;
	}
	return &s->graph;
}

/* The alignment of c->q to c->p, done once for every row (NULL: no shared state). */
static const OrcAlignment *
case_alignment(const OracleCase *c)
{
	OracleShared *s = c->shared;
	if (!s)
		return NULL;
	if (!s->aligned) {
		s->al.ins = NULL;
		s->al.nins = 0;
		s->where = (Loc){0, 0};
		s->what = NULL;
		/* Not preserved: al.ins, al.nins get the shape alignment when q
		 * aligns by shape (orc_align_shape's, which minimality reads
		 * there), else stay NULL, 0. */
		s->al.preserved = orc_align_explain_shape(c->p, c->q, s->scratch, &s->al.ins, &s->al.nins,
		                                          &s->where, &s->what, s->why, sizeof s->why,
		                                          &s->al.ins, &s->al.nins) == 0;
		s->aligned = 1;
	}
	return &s->al;
}

int
orc_run_soundness(const OracleCase *c, FindingList *out)
{
	const EventGraph *g = case_graph(c);
	return g ? orc_soundness_graph(g, c->q, c->o, c->model, out) : orc_soundness(c->q, c->o, c->model, out);
}

int
orc_run_handshake(const OracleCase *c, FindingList *out)
{
	const EventGraph *g = case_graph(c);
	return g ? orc_handshake_graph(g, c->model, out) : orc_handshake(c->q, c->o, c->model, out);
}

int
orc_run_cross(const OracleCase *c, FindingList *out)
{
	return orc_cross(c->q, c->o, c->model, out);
}

/* An output that aligns with its input is preserved: nothing to report. */
int
orc_run_preservation(const OracleCase *c, FindingList *out)
{
	const OrcAlignment *al = case_alignment(c);
	if (!al)
		return orc_preservation(c->p, c->q, c->model, out);
	/* The shared alignment said why (same arena, same answer as a rerun). */
	return al->preserved ? 0 : orc_preservation_report(c->shared->where, c->shared->what, c->shared->why,
	                                                   c->model, out);
}

int
orc_run_idempotence(const OracleCase *c, FindingList *out)
{
	return c->qq ? orc_idempotence(c->q, c->qq, c->model, out) : 0;
}

/* The three levels at once; what placement could not decide, and levels
 * skipped on an unsound output, become notes. */
int
orc_run_minimality(const OracleCase *c, FindingList *out)
{
	const OracleOptions *o = c->o;
	const char *fn = c->p->name ? c->p->name : "?";
	MinimalityStatus st;
	int n = orc_minimality_graph(c->p, c->q, case_graph(c), case_alignment(c), o, c->model, out, &st);
	/* The notes' texts as fl_add_note's formats would make them:
	 * "%s: placement undecided in function %s: %s" and
	 * "%s: necessity and alias not judged in function %s: the output is unsound". */
	char note[512];
	size_t k;
	if ((o->enabled & ORC_PLACEMENT) && st.placement == ORC_PLACEMENT_UNDECIDED && !out->keys_only) {
		k = 0;
		orc_put_str(note, sizeof note, &k, c->model);
		orc_put_str(note, sizeof note, &k, ": placement undecided in function ");
		orc_put_str(note, sizeof note, &k, fn);
		orc_put_str(note, sizeof note, &k, ": ");
		orc_put_str(note, sizeof note, &k, st.note);
		fl_add_note_text(out, note);
	}
	if (st.necessity_skipped && (o->enabled & (ORC_NECESSITY | ORC_ALIAS)) && !out->keys_only) {
		k = 0;
		orc_put_str(note, sizeof note, &k, c->model);
		orc_put_str(note, sizeof note, &k, ": necessity and alias not judged in function ");
		orc_put_str(note, sizeof note, &k, fn);
		orc_put_str(note, sizeof note, &k, ": the output is unsound");
		fl_add_note_text(out, note);
	}
	return n;
}

/* A comma-separated list of names, groups and "all" -> ORC_* mask. */
int
orc_parse_oracles(const char *list, unsigned *mask)
{
	*mask = 0;
	const char *p = list;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		int found = 0;
		if (n == 3 && !strncmp(p, "all", 3)) {
			*mask |= ORC_ALL;
			found = 1;
		}
		for (int i = 0; i < ORC_NORACLES; i++) {
			const OracleInfo *r = &orc_oracles[i];
			if ((strlen(r->name) == n && !strncmp(r->name, p, n)) ||
			    (strlen(r->group) == n && !strncmp(r->group, p, n))) {
				*mask |= r->bit;
				found = 1;
			}
		}
		if (!found)
			return -1;
		p += n + (end != NULL);
	}
	return *mask ? 0 : -1;
}
