/* pass.c: the registry of built-in pass models (and, by name only, the
 * mutants of pass_mutants.c) and the driver that runs one
 * on every function of a program.  Before a model runs, every call of the
 * program must be an op of the model's TileLang version (vocab.def): a
 * model judges only programs its version could have been given, so a
 * finding is never about an op that version did not have.  In
 * FENCEFUZZ_VERIFY builds the output is checked with ir_verify_program: a
 * model that builds invalid IR is an internal bug, so it aborts (the fuzzers
 * see it). */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "opclass.h"
#include "pass.h"
#include "verify.h"
#include "vocab.h"

/* Listing order of `fencefuzz models`: the default first. */
static const PassModel *const models[] = {
	&pass_tilelang_9f25954,
	&pass_tilelang_head,
	&pass_tilelang_legacy,
	&pass_identity,
};

enum { NMODELS = sizeof models / sizeof models[0] };

static int
name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '-' || c == '.';
}

const char *
pass_spec_split(const char *spec, char *name, size_t cap)
{
	const char *eq = strchr(spec, '='), *colon = strchr(spec, ':');
	if (!eq || (colon && colon < eq)) {
		snprintf(name, cap, "%s", spec);
		return spec;
	}
	size_t n = (size_t)(eq - spec);
	if (n == 0 || n >= cap)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!name_char(spec[i]))
			return NULL;
	memcpy(name, spec, n);
	name[n] = 0;
	for (int i = 0; i < NMODELS; i++)
		if (!strcmp(models[i]->name, name))
			return NULL; /* a built-in keeps its name */
	return eq + 1;
}

const PassModel *
pass_find(const char *name)
{
	for (int i = 0; i < NMODELS; i++)
		if (strcmp(models[i]->name, name) == 0)
			return models[i];
	if (strncmp(name, "mutant:", 7) == 0)
		return pass_find_mutant(name);
	/* External models, also "NAME=ext...:COMMAND", and by NAME alone once
	 * given in full (a stored finding names its model so). */
	const PassModel *m = pass_find_ext_server(name);
	return m ? m : pass_find_external(name);
}

const PassModel *const *
pass_models(int *count)
{
	if (count)
		*count = NMODELS;
	return models;
}

typedef struct RunCtx {
	const PassModel *model;
	Arena *arena;
	int foreign; /* run_checked: a foreign call was found */
} RunCtx;

/* The function pass_run_ex hands the model now, when it is one of a
 * family's (pass_run_family). */
static const Func *family_func;

static Func *
run_one(const Func *f, void *ctx)
{
	RunCtx *rc = ctx;
	family_func = f;
	Func *out = rc->model->run(f, rc->arena);
	family_func = NULL;
	return out;
}

/* ---- the model's op vocabulary ------------------------------------------ */

/* vocab_versions of a call's name, through the name cache of ops.c (the
 * models' op lookup shares it). */
static unsigned
versions_of(const char *name)
{
	return op_name_info(name).versions;
}

/* Per expression kind: 1 when it has child expressions. */
static const unsigned char has_kids[] = {
#include "kids.h"
#define EXPR(kind, name, fields) [kind] = 0 fields,
#include "nodes.def"
};

/* Per statement kind: 1 when it defines buffers (ir_stmt_defbufs). */
static const unsigned char defines_bufs[] = {
#define FBD(m) | 1
#define FBDS(m, n) | 1
#define STMT(kind, name, word, fields) [kind] = 0 fields,
#include "nodes.def"
};

/* The first call (in preorder) whose op is not in `versions`: the call,
 * then its children in the node table's order (ir_walk_expr's).  A child of
 * a kind without children (a literal, a variable) is no call: it is skipped
 * without a call.  e is not NULL. */
static const Expr *
foreign_expr(const Expr *e, unsigned versions)
{
	if (e->kind == EX_CALL && !(versions_of(e->u.call.name) & versions))
		return e;
	const Expr *bad;
	switch (e->kind) {
#define NODE e
#define KID(x) if ((x) && has_kids[(x)->kind] && (bad = foreign_expr(x, versions))) return bad;
#include "kids.h"
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
#undef KID
#undef NODE
	}
	return NULL;
}

static const Expr *
foreign_buffer(const Buffer *b, unsigned versions)
{
	const Expr *bad = NULL;
	for (int i = 0; b && i < b->ndim && !bad; i++)
		if (b->shape[i] && has_kids[b->shape[i]->kind])
			bad = foreign_expr(b->shape[i], versions);
	return bad;
}

/* A statement's own expressions, then the shapes of the buffers it
 * defines. */
const Expr *
pass_foreign_own(const Stmt *s, unsigned versions)
{
	const Expr *bad;
	switch (s->kind) {
#define NODE s
#define KID(x) if ((x) && has_kids[(x)->kind] && (bad = foreign_expr(x, versions))) return bad;
#include "kids.h"
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
#undef KID
#undef NODE
	}
	int nb;
	Buffer **bufs = ir_stmt_defbufs(s, &nb);
	for (int i = 0; i < nb; i++)
		if ((bad = foreign_buffer(bufs[i], versions)))
			return bad;
	return NULL;
}

/* A statement's own expressions and buffers, then its bodies. */
const Expr *
pass_first_foreign(const Stmt *s, unsigned versions)
{
	if (!s)
		return NULL;
	const Expr *bad = pass_foreign_own(s, versions);
	if (bad)
		return bad;
	switch (s->kind) {
#define FB(m) if ((bad = pass_first_foreign(s->u.m, versions))) return bad;
#define FBS(m, c) \
	for (int i = 0; i < s->u.c; i++) { \
		if (i + 8 < s->u.c) \
			__builtin_prefetch(s->u.m[i + 8]); /* a big program's long sequence */ \
		if ((bad = pass_first_foreign(s->u.m[i], versions))) \
			return bad; \
	}
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	return NULL;
}

/* The first call of f outside versions v in what is not its body: the
 * attrs, then the buffers of params, matches and root allocs. */
static const Expr *
foreign_header(const Func *f, unsigned v)
{
	const Expr *bad = f->attrs ? foreign_expr(f->attrs, v) : NULL;
	for (int j = 0; j < f->nparams && !bad; j++)
		bad = foreign_buffer(f->params[j].buf, v);
	for (int j = 0; j < f->nmatches && !bad; j++)
		bad = foreign_buffer(f->matches[j], v);
	for (int j = 0; j < f->nroot_allocs && !bad; j++)
		bad = foreign_buffer(f->root_allocs[j], v);
	return bad;
}

/* The first call of p outside m's versions, or NULL. */
static const Expr *
first_foreign_op(const PassModel *m, const Program *p)
{
	unsigned v = m->versions;
	const Expr *bad = NULL;
	for (int i = 0; i < p->nfuncs && !bad; i++) {
		bad = foreign_header(p->funcs[i], v);
		if (!bad)
			bad = pass_first_foreign(p->funcs[i]->body, v);
	}
	return bad;
}

static const char *
version_label(unsigned versions)
{
	return versions == VV_SEED     ? "TileLang 9f25954"
	       : versions == VV_HEAD   ? "TileLang a35008a (head)"
	       : versions == VV_LEGACY ? "TileLang a60d619"
	                               : "its TileLang versions";
}

/* ---- the versions every op of a program has -------------------------------------- */

/* A scan for the versions every op of a program has: their AND so far,
 * and the versions of the names met (by address: a program names one op
 * by one string again and again), valid while the scan lasts (the
 * program is not changed under it).  The AND does not depend on the order
 * of the calls, so the scan visits them in any order, and stops at 0. */
/* Entries of a scan's name cache: a program names a few dozen ops, and
 * each miss costs an op_name_info. */
enum { SCAN_NAME_BITS = 6, SCAN_NAMES = 1 << SCAN_NAME_BITS };

typedef struct Scan {
	unsigned v;
	uint64_t filled; /* a bit per entry of names[] that holds a name */
	struct {
		const char *name;
		unsigned versions;
	} names[SCAN_NAMES];
} Scan;

static void
scan_begin(Scan *sc, unsigned v)
{
	sc->v = v;
	sc->filled = 0;
}

static inline unsigned
scan_name(Scan *sc, const char *name)
{
	size_t k = (size_t)(((uintptr_t)name * 0x9E3779B97F4A7C15ull) >> (64 - SCAN_NAME_BITS));
	if (!(sc->filled >> k & 1) || sc->names[k].name != name) {
		sc->filled |= (uint64_t)1 << k;
		sc->names[k].name = name;
		sc->names[k].versions = versions_of(name);
	}
	return sc->names[k].versions;
}

enum { SCAN_DEEP = 64 };

static void versions_tree(const Expr *e, Scan *sc);

/* sc->v &= the versions of every call in the tree e (a node with
 * children; the calls pass_accepts reads).  The walk goes on with one
 * child of each node that has children of its own and stacks the others;
 * it recurses only where the stack is full. */
static void
versions_tree(const Expr *e, Scan *sc)
{
	const Expr *stack[SCAN_DEEP];
	int top = 0;
	unsigned v = sc->v;
	for (;;) {
		const Expr *next = NULL;
		if (e->kind == EX_CALL && !(v &= scan_name(sc, e->u.call.name)))
			break;
		switch (e->kind) {
#define NODE e
#define KID(x) \
	if ((x) && has_kids[(x)->kind]) { \
		if (!next) \
			next = (x); \
		else if (top < SCAN_DEEP) \
			stack[top++] = (x); \
		else { \
			sc->v = v; \
			versions_tree(x, sc); \
			v = sc->v; \
		} \
	}
#include "kids.h"
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
#undef KID
#undef NODE
		}
		if (!next) {
			if (!top || !v)
				break;
			next = stack[--top];
		}
		e = next;
	}
	sc->v = v;
}

static inline void
versions_expr(const Expr *e, Scan *sc)
{
	if (!e || !has_kids[e->kind] || !sc->v)
		return;
	/* A call without arguments (a fence a model put, a barrier op): its
	 * op alone, without the walk. */
	if (e->kind == EX_CALL && !e->u.call.nargs && !e->u.call.nkw)
		sc->v &= scan_name(sc, e->u.call.name);
	else
		versions_tree(e, sc);
}

static void
versions_buffer(const Buffer *b, Scan *sc)
{
	for (int i = 0; b && i < b->ndim && sc->v; i++)
		versions_expr(b->shape[i], sc);
}

/* versions_stmt of a call or store statement: its expressions (no
 * buffers defined, no bodies). */
static inline void
versions_leaf(const Stmt *s, Scan *sc)
{
	if (s->kind == ST_STORE) {
		for (int i = 0; i < s->u.store.nidx; i++)
			versions_expr(s->u.store.idx[i], sc);
		versions_expr(s->u.store.value, sc);
	} else {
		versions_expr(s->u.eval.value, sc);
	}
}

/* A statement's own expressions, the shapes of the buffers it defines, its
 * bodies (pass_first_foreign's reach); the call and store items of a
 * sequence without a call of their own. */
static void
versions_stmt(const Stmt *s, Scan *sc)
{
	if (!s || !sc->v)
		return;
	if (s->kind == ST_SEQ) {
		for (int i = 0; i < s->u.seq.n && sc->v; i++) {
			const Stmt *t = s->u.seq.items[i];
			if (t && (t->kind == ST_EVAL || t->kind == ST_STORE))
				versions_leaf(t, sc);
			else
				versions_stmt(t, sc);
		}
		return;
	}
	if (s->kind == ST_EVAL || s->kind == ST_STORE) {
		versions_leaf(s, sc);
		return;
	}
	switch (s->kind) {
#define NODE s
#define KID(x) versions_expr(x, sc);
#include "kids.h"
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
#undef KID
#undef NODE
	}
	if (defines_bufs[s->kind]) {
		int nb;
		Buffer **bufs = ir_stmt_defbufs(s, &nb);
		for (int i = 0; i < nb; i++)
			versions_buffer(bufs[i], sc);
	}
	switch (s->kind) {
#define NODE s
#define BODY(x) versions_stmt(x, sc);
#include "kids.h"
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
#undef BODY
#undef NODE
	}
}

/* The versions that have every op p calls (first_foreign_op's reach: each
 * function's attrs, buffers and body); 0 when none has them all. */
static unsigned
program_versions(const Program *p)
{
	Scan sc;
	scan_begin(&sc, ~0u);
	for (int i = 0; i < p->nfuncs && sc.v; i++) {
		const Func *f = p->funcs[i];
		versions_expr(f->attrs, &sc);
		for (int j = 0; j < f->nparams; j++)
			versions_buffer(f->params[j].buf, &sc);
		for (int j = 0; j < f->nmatches; j++)
			versions_buffer(f->matches[j], &sc);
		for (int j = 0; j < f->nroot_allocs; j++)
			versions_buffer(f->root_allocs[j], &sc);
		versions_stmt(f->body, &sc);
	}
	return sc.v;
}

/* The program of pass_input_begin, and the versions its ops all have
 * (found at the first question about it); and the outputs of the runs on it
 * (and on those outputs) since, with versions that all their ops have: the
 * input's, less those of the calls in the statements the model built
 * (ir_verify_output names them).  An output shares every other node with
 * the program it was made of, and lives in that program's arena, which the
 * input's outlives; neither is changed. */
static struct {
	const Program *p;
	int known;
	unsigned versions;
} input;

enum { NDERIVED = 8 };

typedef struct Derived {
	const Program *q;
	unsigned versions;
} Derived;

static Derived derived[NDERIVED];
static int nderived;

/* The family's number (bumped at every begin and end), and whether a run
 * on one of its programs is under way (pass_run_family). */
static unsigned long long family;
static int in_family;

static void
next_family(void)
{
	family++;
}

void
pass_input_begin(const Program *p)
{
	input.p = p;
	input.known = 0;
	nderived = 0;
	next_family();
}

/* The versions of p, known to its maker: those program_versions(p) finds.
 * Only the program of pass_input_begin takes them (a reduced or re-read
 * program has its own begin, and is scanned). */
void
pass_input_versions(const Program *p, unsigned versions)
{
	if (!p || p != input.p)
		return;
	assert(versions == program_versions(p));
	input.versions = versions;
	input.known = 1;
}

void
pass_input_end(void)
{
	input.p = NULL;
	nderived = 0;
	next_family();
}

unsigned long long
pass_run_family(const Func *f)
{
	return in_family && f && f == family_func ? family : 0;
}

/* p is the fixed input or an output made of it. */
static int
of_family(const Program *p)
{
	if (!p || !input.p)
		return 0;
	if (p == input.p)
		return 1;
	for (int i = 0; i < nderived; i++)
		if (derived[i].q == p)
			return 1;
	return 0;
}

/* Versions that every op p calls has, when p is the fixed input or an
 * output made of it: 2 when *v is exactly program_versions(p) (the input),
 * 1 when *v is some of them (an output: its fences were counted, not the
 * calls it lost), 0 when nothing is known of p. */
static int
known_versions(const Program *p, unsigned *v)
{
	if (!p || !input.p)
		return 0;
	if (p == input.p) {
		if (!input.known) {
			input.versions = program_versions(p);
			input.known = 1;
		}
		*v = input.versions;
		return 2;
	}
	for (int i = 0; i < nderived; i++)
		if (derived[i].q == p) {
			*v = derived[i].versions;
			return 1;
		}
	return 0;
}

/* q, made of p by a model, is an output of the fixed input: versions are
 * those its ops all have (the fences' included). */
static void
remember_output(const Program *q, unsigned versions)
{
	if (nderived < NDERIVED)
		derived[nderived++] = (Derived){q, versions};
}

/* ir_verify_output's fresh: the versions of a statement the model built.
 * A call statement without arguments (a fence) is its op's versions,
 * which versions_stmt would find by the one look-up, without its walk. */
static void
fresh_versions(const Stmt *s, void *ctx)
{
	unsigned *v = ctx;
	const Expr *e = s && s->kind == ST_EVAL ? s->u.eval.value : NULL;
	if (e && e->kind == EX_CALL && !e->u.call.nargs && !e->u.call.nkw) {
		if (*v)
			*v &= versions_of(e->u.call.name);
		return;
	}
	Scan sc;
	scan_begin(&sc, *(unsigned *)ctx);
	versions_stmt(s, &sc);
	*(unsigned *)ctx = sc.v;
}

int
pass_accepts(const PassModel *m, const Program *p, PassError *err)
{
	if (!m->versions)
		return 1;
	unsigned all;
	int kn = known_versions(p, &all);
	if (kn && (all & m->versions)) {
		assert(!first_foreign_op(m, p));
		return 1;
	}
	/* A model of one version lacks an op of p exactly when that version
	 * is not among those all of p's ops have. */
	if (kn == 2 && !err && !(m->versions & (m->versions - 1))) {
		assert(first_foreign_op(m, p));
		return 0;
	}
	const Expr *bad = first_foreign_op(m, p);
	if (!bad)
		return 1;
	if (err) {
		char known[64];
		unsigned v = vocab_versions(bad->u.call.name);
		int one = v == VV_HEAD || v == VV_SEED || v == VV_LEGACY;
		err->kind = PASS_ERR_REJECTED;
		err->loc = bad->loc;
		snprintf(err->msg, sizeof err->msg,
		         "%s has no op T.%s (%s%s%s): model %s refuses the program, not judged",
		         version_label(m->versions), bad->u.call.name, v ? "it exists at " : "no modelled version has it",
		         v ? vocab_versions_str(v, known, sizeof known) : "", one ? " only" : "", m->name);
	}
	return 0;
}

/* pass_accepts and the run in one walk of each function (run_checked): a
 * foreign call found anywhere drops the output, and pass_accepts then
 * names the first one, exactly as it would have before the run. */
static Func *
run_one_checked(const Func *f, void *ctx)
{
	RunCtx *rc = ctx;
	family_func = f;
	Func *out = rc->foreign ? NULL : rc->model->run_checked(f, rc->arena, rc->model->versions);
	family_func = NULL;
	rc->foreign |= !out;
	return out ? out : (Func *)f;
}

static Program *
run_checked(const PassModel *m, const Program *p, PassError *err)
{
	RunCtx rc = {m, p->arena, 0};
	for (int i = 0; i < p->nfuncs && !rc.foreign; i++)
		rc.foreign = foreign_header(p->funcs[i], m->versions) != NULL;
	Program *q = rc.foreign ? NULL : ir_program_map(p, run_one_checked, &rc);
	if (!rc.foreign)
		return q;
	if (pass_accepts(m, p, err))
		abort(); /* the two checks disagree: an internal bug */
	return NULL;
}

#if defined FENCEFUZZ_VERIFY && defined NDEBUG
/* ir_verify_program on a model's output q of p, where ir_verify_output
 * could not tell.  In optimized builds a function the model returned as it
 * was (every field the input's: the model built nothing in it, as on a
 * second, idempotent run) is not checked again: it is the input's, which
 * its maker verified (the reader, the reducer, the generator's tests). */
static int
verify_output(const Program *p, const Program *q, Diag *d)
{
	if (q->nfuncs == p->nfuncs && q->nfuncs <= 64) {
		Func *changed[64];
		int n = 0, whole = 0;
		for (int i = 0; i < q->nfuncs; i++)
			if (!q->funcs[i] || !p->funcs[i])
				whole = 1; /* the verifier names a missing function by its index */
			else if (memcmp(q->funcs[i], p->funcs[i], sizeof *q->funcs[i]))
				changed[n++] = q->funcs[i];
		if (!whole) {
			Program sub = *q;
			sub.funcs = changed;
			sub.nfuncs = n;
			return ir_verify_program(&sub, d);
		}
	}
	return ir_verify_program(q, d);
}
#endif

/* After a model's run on p: in FENCEFUZZ_VERIFY builds, q is checked
 * (aborting when the model built invalid IR, an internal bug), and when
 * p's versions are known (pv, known) q is remembered with its own.  Both
 * read only what the model built (ir_verify_output), since the input
 * passed the verifier (its maker's check); where that cannot tell,
 * optimized builds verify q's changed functions in full and q is not
 * remembered.  Debug builds verify all of q, and abort if ir_verify_output
 * passed it wrongly. */
static inline __attribute__((always_inline)) void
after_run(const PassModel *m, const Program *p, const Program *q, int known, unsigned pv)
{
	int verify = 0;
#ifdef FENCEFUZZ_VERIFY
	verify = 1;
#endif
	unsigned w = pv;
	int unsure = 1;
	if ((known || verify) && !m->run_program)
		unsure = ir_verify_output(p, q, known ? fresh_versions : NULL, &w);
	if (known && !unsure)
		remember_output(q, w);
#ifdef FENCEFUZZ_VERIFY
	Diag d;
#ifdef NDEBUG
	int bad = unsure && verify_output(p, q, &d);
#else
	int bad = ir_verify_program(q, &d);
	if (bad && !unsure) {
		fprintf(stderr, "fencefuzz: internal error: ir_verify_output passed invalid IR of model %s\n",
		        m->name);
		abort();
	}
#endif
	if (bad) {
		fprintf(stderr, "fencefuzz: internal error: model %s built invalid IR: ", m->name);
		diag_print(stderr, &d);
		abort();
	}
#endif
}

Program *
pass_run_ex(const PassModel *m, const Program *p, PassError *err)
{
	err->kind = PASS_OK;
	err->msg[0] = 0;
	err->loc = (Loc){0, 0};
	Program *q = NULL;
	unsigned pv = 0;
	int known = m->versions && m->run && !m->run_program && known_versions(p, &pv);
	in_family = !m->run_program && of_family(p);
	if (known && (pv & m->versions)) {
		/* Every op of p is in m's versions: the run without the check
		 * (run_checked finds nothing foreign, pass_accepts accepts). */
		assert(!first_foreign_op(m, p));
		RunCtx rc = {m, p->arena, 0};
		q = ir_program_map(p, run_one, &rc);
	} else if (m->versions && m->run_checked && !m->run_program) {
		q = run_checked(m, p, err);
	} else if (!pass_accepts(m, p, err)) {
		q = NULL;
	} else if (m->run_program) {
		q = m->run_program(m, p, err);
	} else {
		RunCtx rc = {m, p->arena, 0};
		q = ir_program_map(p, run_one, &rc);
	}
	in_family = 0;
	if (!q)
		return NULL;
	after_run(m, p, q, known, pv);
	return q;
}

Program *
pass_run(const PassModel *m, const Program *p)
{
	PassError err;
	Program *q = pass_run_ex(m, p, &err);
	if (!q) {
		fprintf(stderr, "fencefuzz: model %s failed: %s\n", m->name, err.msg);
		abort();
	}
	return q;
}
