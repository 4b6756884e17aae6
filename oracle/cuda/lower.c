/* lower.c: a fencefuzz program -> a self-contained CUDA kernel for SM90
 * (docs/hw-races.md).  Prints text only; needs no CUDA to build.
 *
 * Every op SM90 has runs as its own instruction (the device helpers are in
 * prelude.c; docs/hw-races.md has the table):
 *   shared data buffer     a 4 KiB region of dynamic shared memory and its
 *                          4 KiB generic shadow; an allocation whose
 *                          tvm_access_ptr offsets select tiles: NSLOTS
 *                          regions, the tile picked at run time
 *   shared store           ff_gw: st.shared of a fresh tag in the thread's
 *                          words, the shadow first
 *   atomics                red / atom.shared (ff_atomic)
 *   ptx_cp_async, groups   cp.async.ca, cp.async.commit_group / wait_group
 *   stmatrix / ldmatrix    the real instructions where the warp is converged
 *   tma_store (+ reduce)   cp.(reduce.)async.bulk[.tensor.2d] -> a slot
 *   tma_load, _im2col,     cp.async.bulk.tensor (2-d, im2col, multicast in a
 *     _multicast,          2-CTA cluster), cp.async.bulk; on the program's
 *     ptx_cp_async_bulk    mbarrier when it has its own, else on the issuer's
 *   wgmma ss / rs / sp     wgmma.mma_async m64n8k16 / .sp m64n8k32 f16
 *   mbarrier ops           as written (init, arrive, expect_tx scaled to the
 *                          4 KiB loads it covers, try_wait.parity)
 *   shuffle_elect          a warp of the group, elect.sync
 *   tvm_storage_sync       bar.sync of the scope (named barriers as written)
 *   if tx >= N             a thread partition with its own named barrier
 *   for / while / if / let C control flow on kernel parameters, block and
 *                          thread indices (loops capped at FF_LOOP_CAP and
 *                          FF_WHILE_CAP iterations)
 * What has no faithful instruction is a stand-in (standin(): confirm runs it
 * only with --stand-ins), an op SM90 lacks is recorded in sm90_missing, and
 * synchronization that cannot run as written is refused (refuse()); the
 * kernel's header lists them with what is lowered conservatively. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "effects.h"
#include "lower.h"

enum { MAXV = 512, MAXNOTES = 32 };

typedef enum {
	K_NONE, K_FENCE, K_COMMIT, K_WAIT, K_ASTORE, K_ALOAD, K_WGMMA, K_GW, K_GR,
	K_STMATRIX, K_LDMATRIX, K_SYNC, K_IGNORE, K_GENERIC_CALL,
	K_ATOMIC, K_CPASYNC, K_CPCOMMIT, K_CPWAIT, K_MBAR
} Kind;

/* The program's mbarrier operations, lowered as written (K_MBAR) */
typedef enum { MB_NONE, MB_INIT, MB_FENCE_INIT, MB_ARRIVE, MB_ARRIVE_TX, MB_EXPECT_TX, MB_WAIT, MB_CP_ARRIVE } MbOp;

typedef struct Ctx {
	int conv;  /* all threads of the scope get here together: barriers allowed */
	int wg;    /* warpgroup-uniform: wgmma allowed */
	int warp;  /* warp-uniform: stmatrix/ldmatrix allowed */
	int pid;   /* -1: the scope is the whole CTA; else a thread partition
	            * [plo, phi) of an `if tx >= N` split, with its named barrier */
	int plo, phi;
} Ctx;

enum { MAXSPLIT = 16, NSLOTS = 8, PART_BAR0 = 8, PART_MAX = 7, PROG_BAR_MAX = 7 };

typedef struct L {
	const LowerOptions *o;
	StrBuf *sb;
	int ind;
	int site;
	int loopn;
	int nthreads;
	int has_handshake;
	const Var *regvar[CU_MAX_REGIONS * 4];
	int nregvar;
	int nreg;
	const Var *descvar[64], *descbuf[64];
	int ndesc;
	const Var *tvars[8];
	int ntvars;
	const Var *divvars[MAXV];
	int ndiv;
	const Var *declared[MAXV];
	int ndecl;
	const Var *params[CU_MAX_PARAMS];
	int nparams;
	struct { const Var *v; int ext; int stride; } bvars[8];
	int nbvars;
	char notes[MAXNOTES][160];
	int nnotes;
	LowerInfo *info;
	int overflow;
	int in_cond;
	int toomany; /* more than MAXV variables: refused */
	unsigned chunkmask; /* regions written by stmatrix: words owned by stmatrix lanes */
	/* shared variables whose tvm_access_ptr offsets select one of NSLOTS
	 * regions at run time (one dynamic allocation holding several tiles) */
	struct { const Var *v; int64_t unit; int split; } split[MAXSPLIT];
	int nsplit;
	const Var *barvar[8]; /* shared.barrier buffers: 16 program mbarriers each */
	int nbarvar;
	int psync;            /* the program has mbarrier operations of its own */
	int has_init, has_wait, has_expect, psync_loads;
	int tx_loads;         /* loads the expect_tx being lowered covers */
	struct { int lo, hi; } parts[PART_MAX];
	int nparts;
} L;

static void
note(L *l, const char *fmt, ...)
{
	char buf[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (int i = 0; i < l->nnotes; i++)
		if (!strcmp(l->notes[i], buf))
			return;
	if (l->nnotes < MAXNOTES)
		snprintf(l->notes[l->nnotes++], sizeof l->notes[0], "%s", buf);
	l->info->nunsupported++;
}

static void
append(char *buf, size_t n, const char *what)
{
	size_t len = strlen(buf);
	if (strstr(buf, what) || len + strlen(what) + 3 >= n)
		return;
	snprintf(buf + len, n - len, "%s%s", len ? "; " : "", what);
}

/* An op lowered as another instruction: a stand-in, run only with
 * confirm --stand-ins and then counted apart. */
static void
standin(L *l, const char *fmt, ...)
{
	char buf[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	note(l, "stand-in: %s", buf);
	l->info->n_standin++;
	append(l->info->standin, sizeof l->info->standin, buf);
}

/* Synchronization the lowering cannot run as written: the case is refused. */
static void
refuse(L *l, const char *fmt, ...)
{
	if (l->info->refused[0])
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(l->info->refused, sizeof l->info->refused, fmt, ap);
	va_end(ap);
	note(l, "refused: %s", l->info->refused);
}

static void
line(L *l, const char *fmt, ...)
{
	for (int i = 0; i < l->ind; i++)
		sb_puts(l->sb, "  ");
	va_list ap;
	va_start(ap, fmt);
	char buf[1024];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	sb_puts(l->sb, buf);
	sb_putc(l->sb, '\n');
}

static int
in_list(const Var *const *a, int n, const Var *v)
{
	for (int i = 0; i < n; i++)
		if (a[i] == v)
			return 1;
	return 0;
}

static void
cname(StrBuf *sb, const Var *v)
{
	sb_printf(sb, "v%d_", v->id);
	for (const char *s = v->name; *s && s - v->name < 40; s++) {
		char c = *s;
		sb_putc(sb, (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_');
	}
}

static void
declare(L *l, const Var *v)
{
	if (in_list(l->declared, l->ndecl, v))
		return;
	if (l->ndecl < MAXV)
		l->declared[l->ndecl++] = v;
	else
		l->toomany = 1;
}

/* ---- buffers ------------------------------------------------------------- */

static int
split_of(const L *l, const Var *v)
{
	for (int i = 0; i < l->nsplit; i++)
		if (l->split[i].v == v)
			return l->split[i].split ? i : -1;
	return -1;
}

static int
region_of(L *l, const Var *data)
{
	for (int i = 0; i < l->nregvar; i++)
		if (l->regvar[i] == data)
			return i % CU_MAX_REGIONS;
	if (split_of(l, data) >= 0 && l->nregvar + NSLOTS <= CU_MAX_REGIONS) {
		/* NSLOTS regions in a row: the tiles of one allocation */
		int r = l->nregvar;
		for (int k = 0; k < NSLOTS; k++)
			l->regvar[l->nregvar++] = data;
		if (l->nregvar > l->nreg)
			l->nreg = l->nregvar;
		return r;
	}
	if (l->nregvar >= CU_MAX_REGIONS * 4) {
		note(l, "more than %d shared buffers: the rest share region 0", CU_MAX_REGIONS * 4);
		return 0;
	}
	if (l->nregvar == CU_MAX_REGIONS)
		note(l, "more than %d shared buffers: regions are reused modulo %d", CU_MAX_REGIONS,
		     CU_MAX_REGIONS);
	l->regvar[l->nregvar] = data;
	int r = l->nregvar++ % CU_MAX_REGIONS;
	if (r + 1 > l->nreg)
		l->nreg = r + 1;
	return r;
}

static int
is_shared_data_var(const Var *v)
{
	return v && v->ptr_scope && orc_scope_is_data_shared(v->ptr_scope);
}

/* The shared data variable a pointer-ish argument designates, or NULL. */
static const Var *
ptr_var(const Expr *e, int depth)
{
	if (!e || depth > 32)
		return NULL;
	switch (e->kind) {
	case EX_VAR:
		return is_shared_data_var(e->u.var) ? e->u.var : NULL;
	case EX_CALL: {
		const char *n = e->u.call.name;
		if (!strcmp(n, "tvm_access_ptr") && e->u.call.nargs >= 2)
			return ptr_var(e->u.call.args[1], depth + 1);
		if ((!strcmp(n, "access_ptr") || !strcmp(n, "address_of")) && e->u.call.nargs >= 1)
			return ptr_var(e->u.call.args[0], depth + 1);
		const Effect *ef = orc_effect(n);
		if (ef && ef->role == ER_PURE)
			for (int i = 0; i < e->u.call.nargs; i++) {
				const Var *v = ptr_var(e->u.call.args[i], depth + 1);
				if (v)
					return v;
			}
		return NULL;
	}
	default: { /* a bare buffer or a load: the buffer's data */
		const Buffer *b = ir_expr_buf(e);
		return b && b->data && is_shared_data_var(b->data) ? b->data : NULL;
	}
	}
}

/* A descriptor argument (desc.data, desc[0]) -> its data var. */
static const Var *
desc_var(const Expr *e)
{
	const Buffer *b = ir_expr_buf(e);
	const Var *v = e->kind == EX_VAR ? e->u.var : b ? b->data : NULL;
	if (v && v->ptr_scope && strstr(v->ptr_scope, "descriptor"))
		return v;
	return NULL;
}

static const Var *
desc_target(L *l, const Var *d)
{
	for (int i = 0; i < l->ndesc; i++)
		if (l->descvar[i] == d)
			return l->descbuf[i];
	return NULL;
}

static void ex(L *l, StrBuf *sb, const Expr *e, int depth);
static int atomic_op(const char *n);
static int expr_div(L *l, const Expr *e, int depth);

static int
dtype_of_annot(const Expr *e)
{
	if (e && e->kind == EX_CALL && !strcmp(e->u.call.name, "type_annotation") && e->u.call.nargs >= 1 &&
	    e->u.call.args[0]->kind == EX_STR)
		return orc_dtype_bytes(e->u.call.args[0]->u.s);
	if (e && e->kind == EX_STR)
		return orc_dtype_bytes(e->u.s);
	return 0;
}

/* The tvm_access_ptr (or access_ptr of a load) inside e whose base is v. */
static const Expr *
find_access(const Expr *e, const Var *v, int depth)
{
	if (!e || depth > 32 || e->kind != EX_CALL)
		return NULL;
	const char *n = e->u.call.name;
	if (!strcmp(n, "tvm_access_ptr") && e->u.call.nargs >= 4)
		return ptr_var(e->u.call.args[1], 0) == v ? e : NULL;
	if (!strcmp(n, "access_ptr") && e->u.call.nargs >= 1)
		return ptr_var(e->u.call.args[0], 0) == v ? e : NULL;
	for (int i = 0; i < e->u.call.nargs; i++) {
		const Expr *f = find_access(e->u.call.args[i], v, depth + 1);
		if (f)
			return f;
	}
	return NULL;
}

/* The region of v, as C text: its number, or for a split variable the slot
 * that the byte offset `off * esize` selects at run time. */
static void
region_text(L *l, StrBuf *sb, const Var *v, const Expr *off, int esize)
{
	int r = region_of(l, v), k = split_of(l, v);
	int64_t c;
	if (k < 0 || !off || (ir_is_const_int(off, &c) && c == 0)) {
		sb_printf(sb, "%d", r);
		return;
	}
	sb_printf(sb, "(%d + (int)ff_floormod(ff_floordiv((ff_i64)(", r);
	ex(l, sb, off, 0);
	sb_printf(sb, ") * %d, %lldLL), %d))", esize > 0 ? esize : 1, (long long)l->split[k].unit, NSLOTS);
}

/* The region a call's pointer argument to v designates. */
static void
region_of_call(L *l, StrBuf *sb, const Expr *call, const Var *v)
{
	const Expr *a = NULL;
	for (int i = 0; i < call->u.call.nargs && !a; i++)
		a = find_access(call->u.call.args[i], v, 0);
	if (a && !strcmp(a->u.call.name, "tvm_access_ptr"))
		region_text(l, sb, v, a->u.call.args[2], dtype_of_annot(a->u.call.args[0]));
	else if (a && a->u.call.args[0]->kind == EX_LOAD && a->u.call.args[0]->u.load.nidx == 1)
		region_text(l, sb, v, a->u.call.args[0]->u.load.idx[0], orc_dtype_bytes(a->u.call.args[0]->u.load.buf->dtype));
	else
		region_text(l, sb, v, NULL, 0);
}

/* A buffer access buf[idx]: the region its element offset selects. */
static void
region_of_index(L *l, StrBuf *sb, const Buffer *b, Expr *const *idx, int nidx)
{
	region_text(l, sb, b->data, nidx == 1 ? idx[0] : NULL, orc_dtype_bytes(b->dtype));
}

/* An mbarrier argument (mbarrier[i], address_of(mbarrier[i]), a barrier
 * var): its address among the program's mbarriers, as C text; 0 if e is none. */
static int
bar_text(L *l, StrBuf *sb, const Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == EX_CALL && !strcmp(e->u.call.name, "address_of") && e->u.call.nargs == 1)
		return bar_text(l, sb, e->u.call.args[0]);
	if (e->kind == EX_CALL && !strcmp(e->u.call.name, "get_mbarrier") && e->u.call.nargs == 1) {
		sb_puts(sb, "ff_pbar(t, (");
		ex(l, sb, e->u.call.args[0], 0);
		sb_puts(sb, "))");
		return 1;
	}
	const Var *v = NULL;
	const Expr *idx = NULL;
	if (e->kind == EX_LOAD && e->u.load.nidx == 1) {
		v = e->u.load.buf->data;
		idx = e->u.load.idx[0];
	} else if (e->kind == EX_VAR) {
		v = e->u.var;
	} else if (e->kind == EX_BUF) {
		v = e->u.buf->data;
	}
	if (!v || !v->ptr_scope || strcmp(v->ptr_scope, "shared.barrier"))
		return 0;
	int k = 0;
	while (k < l->nbarvar && l->barvar[k] != v)
		k++;
	if (k == l->nbarvar) {
		if (l->nbarvar == 8) {
			refuse(l, "more than 8 shared.barrier buffers");
			k = 0;
		} else
			l->barvar[l->nbarvar++] = v;
	}
	sb_printf(sb, "ff_pbar(t, %d + ((", k * 16);
	if (idx)
		ex(l, sb, idx, 0);
	else
		sb_puts(sb, "0");
	sb_puts(sb, ") & 15))");
	return 1;
}

/* ---- pre-pass: descriptors, thread/block vars, extents ------------------- */

static void prepass_stmt(L *l, const Stmt *s, int depth);

/* The names the lowering runs as mbarrier operations or atomics, hashed
 * (open addressing, built once): classify looks up every call. */
static const struct LowerName {
	const char *name;
	MbOp mb;    /* MB_NONE: not an mbarrier operation */
	int atomic; /* FF_AT_* of an atomic, else -1 */
} lower_names[] = {
	{"ptx_init_barrier_thread_count", MB_INIT, -1},
	{"ptx_fence_barrier_init", MB_FENCE_INIT, -1},
	{"ptx_arrive_barrier", MB_ARRIVE, -1},
	{"tl::mbarrier_arrive", MB_ARRIVE, -1},
	{"ptx_arrive_barrier_expect_tx", MB_ARRIVE_TX, -1},
	{"mbarrier_expect_tx", MB_EXPECT_TX, -1},
	{"mbarrier_wait_parity", MB_WAIT, -1},
	{"tl::mbarrier_wait", MB_WAIT, -1},
	{"ptx_cp_async_barrier", MB_CP_ARRIVE, -1},
	{"ptx_cp_async_barrier_noinc", MB_CP_ARRIVE, -1},
	{"atomic_add", MB_NONE, 0}, {"AtomicAdd", MB_NONE, 0}, {"atomicAdd", MB_NONE, 0},
	{"atomicSub", MB_NONE, 0}, {"atomicExch", MB_NONE, 1}, {"atomicCAS", MB_NONE, 2},
	{"atomic_max", MB_NONE, 3}, {"AtomicMax", MB_NONE, 3}, {"atomicMax", MB_NONE, 3},
	{"atomic_min", MB_NONE, 4}, {"AtomicMin", MB_NONE, 4}, {"atomicMin", MB_NONE, 4},
	{"atomicAnd", MB_NONE, 5}, {"atomicOr", MB_NONE, 6}, {"atomicXor", MB_NONE, 7},
};
enum { N_LOWER_NAMES = sizeof lower_names / sizeof lower_names[0], LOWER_SLOTS = 64 };
static signed char lower_slots[LOWER_SLOTS]; /* row + 1; 0 = empty */
static pthread_once_t lower_slots_once = PTHREAD_ONCE_INIT;

static unsigned
name_hash(const char *s)
{
	unsigned h = 2166136261u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h & (LOWER_SLOTS - 1);
}

static void
build_lower_names(void)
{
	_Static_assert(N_LOWER_NAMES < LOWER_SLOTS / 2, "the lowering's name table outgrew its index");
	for (int i = 0; i < N_LOWER_NAMES; i++) {
		unsigned h = name_hash(lower_names[i].name);
		while (lower_slots[h])
			h = (h + 1) & (LOWER_SLOTS - 1);
		lower_slots[h] = (signed char)(i + 1);
	}
}

static const struct LowerName *
lower_name(const char *n)
{
	pthread_once(&lower_slots_once, build_lower_names);
	for (unsigned h = name_hash(n); lower_slots[h]; h = (h + 1) & (LOWER_SLOTS - 1))
		if (!strcmp(lower_names[lower_slots[h] - 1].name, n))
			return &lower_names[lower_slots[h] - 1];
	return NULL;
}

static MbOp
mbar_op(const char *n)
{
	const struct LowerName *r = lower_name(n);
	return r ? r->mb : MB_NONE;
}

static const char *
call_fname(const Expr *c)
{
	if ((!strcmp(c->u.call.name, "call_extern") || !strcmp(c->u.call.name, "call_pure_extern")) &&
	    c->u.call.nargs >= 2 && c->u.call.args[1]->kind == EX_STR)
		return c->u.call.args[1]->u.s;
	return c->u.call.name;
}

/* tvm_access_ptr extents and offsets (which variables hold several tiles),
 * and the program's own mbarrier operations. */
static void
prepass_expr(L *l, const Expr *e, int depth)
{
	if (!e || depth > 32 || e->kind != EX_CALL)
		return;
	const char *n = call_fname(e);
	MbOp mb = mbar_op(n);
	if (mb != MB_NONE && mb != MB_FENCE_INIT) {
		l->psync = 1;
		l->has_init |= mb == MB_INIT;
		l->has_wait |= mb == MB_WAIT;
		l->has_expect |= mb == MB_EXPECT_TX || mb == MB_ARRIVE_TX;
	}
	if (!strcmp(n, "tvm_access_ptr") && e->u.call.nargs >= 4) {
		const Var *v = ptr_var(e->u.call.args[1], 0);
		int64_t off = 0, ext = 0;
		int esz = dtype_of_annot(e->u.call.args[0]);
		/* tiles of at least 1 KiB at offsets that do not depend on the thread
		 * (a thread's own vector inside a tile is no tile) */
		if (v && esz > 0 && ir_is_const_int(e->u.call.args[3], &ext) && ext * esz >= 1024 &&
		    !expr_div(l, e->u.call.args[2], 0)) {
			int64_t unit = ext * esz;
			int k = 0;
			while (k < l->nsplit && l->split[k].v != v)
				k++;
			if (k == l->nsplit && l->nsplit < MAXSPLIT) {
				l->split[k].v = v;
				l->split[k].unit = unit;
				l->split[k].split = 0;
				l->nsplit++;
			}
			if (k < l->nsplit) {
				if (unit < l->split[k].unit)
					l->split[k].unit = unit;
				if (!ir_is_const_int(e->u.call.args[2], &off) || off * esz >= l->split[k].unit)
					l->split[k].split = 1;
			}
		}
	}
	for (int i = 0; i < e->u.call.nargs; i++)
		prepass_expr(l, e->u.call.args[i], depth + 1);
}

static void
prepass_stmt(L *l, const Stmt *s, int depth)
{
	if (!s || depth > IR_MAX_DEPTH)
		return;
	switch (s->kind) {
	case ST_EVAL: {
		const Expr *c = s->u.eval.value;
		prepass_expr(l, c, 0);
		if (c->kind == EX_CALL && c->u.call.nargs >= 2) {
			int off;
			const Effect *ef = orc_call_effect(c, &off);
			if (ef && ef->role == ER_DESC_INIT && c->u.call.nargs > off + 1) {
				const Var *d = desc_var(c->u.call.args[off]);
				const Var *b = NULL;
				for (int i = off + 1; i < c->u.call.nargs && !b; i++)
					b = ptr_var(c->u.call.args[i], 0);
				if (d && b && l->ndesc < 64) {
					l->descvar[l->ndesc] = d;
					l->descbuf[l->ndesc++] = b;
				}
			}
		}
		if (c->kind == EX_CALL) {
			int off;
			const Effect *ef = orc_call_effect(c, &off);
			if (ef && (ef->role == ER_COMMIT || ef->role == ER_WAIT))
				l->has_handshake = 1;
		}
		break;
	}
	case ST_LAUNCH: {
		int64_t ext = 1;
		int known = ir_is_const_int(s->u.launch.extent, &ext);
		if (!strncmp(s->u.launch.tag, "threadIdx.x", 11)) {
			if (known && ext > 0 && ext > l->nthreads)
				l->nthreads = (int)ext;
			if (l->ntvars < 8 && !in_list(l->tvars, l->ntvars, s->u.launch.var))
				l->tvars[l->ntvars++] = s->u.launch.var;
		}
		break;
	}
	case ST_FOR:
		if (s->u.for_.kind == FOR_THREAD_BINDING && s->u.for_.thread &&
		    !strcmp(s->u.for_.thread, "threadIdx.x")) {
			int64_t ext;
			if (ir_is_const_int(s->u.for_.extent, &ext) && ext > l->nthreads)
				l->nthreads = (int)ext;
		}
		break;
	default:
		break;
	}
	IrBodies b; /* then every body, in order */
	ir_stmt_bodies(&b, s);
	for (Stmt **c; (c = ir_bodies_next(&b));)
		prepass_stmt(l, *c, depth + 1);
}

/* ---- expressions ----------------------------------------------------------- */

static int expr_div(L *l, const Expr *e, int depth);

static int
expr_div(L *l, const Expr *e, int depth)
{
	if (!e || depth > 64)
		return 1;
	switch (e->kind) {
	case EX_VAR:
		return in_list(l->tvars, l->ntvars, e->u.var) || in_list(l->divvars, l->ndiv, e->u.var);
	case EX_BIN:
		return expr_div(l, e->u.bin.a, depth + 1) || expr_div(l, e->u.bin.b, depth + 1);
	case EX_NOT:
		return expr_div(l, e->u.operand, depth + 1);
	case EX_CALL:
		if (strstr(e->u.call.name, "shuffle_elect") || strstr(e->u.call.name, "lane") ||
		    strstr(e->u.call.name, "thread") || strstr(e->u.call.name, "warp"))
			return 1;
		for (int i = 0; i < e->u.call.nargs; i++)
			if (expr_div(l, e->u.call.args[i], depth + 1))
				return 1;
		return 0;
	case EX_LOAD:
		for (int i = 0; i < e->u.load.nidx; i++)
			if (expr_div(l, e->u.load.idx[i], depth + 1))
				return 1;
		return 0;
	default:
		return 0;
	}
}

static void ex(L *l, StrBuf *sb, const Expr *e, int depth);

static void
ex_args_void(L *l, StrBuf *sb, const Expr *e, int depth)
{
	/* evaluate every argument for its reads / writes, value 0 */
	sb_puts(sb, "(");
	for (int i = 0; i < e->u.call.nargs; i++) {
		const Expr *a = e->u.call.args[i];
		if (a->kind == EX_CALL || a->kind == EX_LOAD || a->kind == EX_BIN) {
			sb_puts(sb, "(void)(");
			ex(l, sb, a, depth + 1);
			sb_puts(sb, "), ");
		}
	}
	sb_puts(sb, "0LL)");
}

static Kind classify(L *l, const Expr *c, const Var **ra, const Var **rb);

/* A binary operation: C's operator, or the prelude's helper where C's
 * division and modulo differ from TIR's. */
static void
ex_bin(L *l, StrBuf *sb, const Expr *e, int depth)
{
	const char *fn = NULL;
	switch (e->u.bin.op) {
	case BIN_DIV: fn = "ff_div"; break;
	case BIN_FLOORDIV: fn = "ff_floordiv"; break;
	case BIN_FLOORMOD: fn = "ff_floormod"; break;
	default: break;
	}
	if (fn) {
		sb_printf(sb, "%s(", fn);
		ex(l, sb, e->u.bin.a, depth + 1);
		sb_puts(sb, ", ");
		ex(l, sb, e->u.bin.b, depth + 1);
		sb_puts(sb, ")");
		return;
	}
	const char *tok = e->u.bin.op == BIN_AND ? "&&" : e->u.bin.op == BIN_OR ? "||"
	                                                                         : ir_binop_token(e->u.bin.op);
	sb_puts(sb, "((ff_i64)(");
	ex(l, sb, e->u.bin.a, depth + 1);
	sb_printf(sb, " %s ", tok);
	ex(l, sb, e->u.bin.b, depth + 1);
	sb_puts(sb, "))");
	return;
}

/* A load: its indices evaluated, and a generic read when from shared memory. */
static void
ex_load(L *l, StrBuf *sb, const Expr *e, int depth)
{
	const Var *d = e->u.load.buf->data;
	sb_puts(sb, "(");
	for (int i = 0; i < e->u.load.nidx; i++) {
		sb_puts(sb, "(void)(");
		ex(l, sb, e->u.load.idx[i], depth + 1);
		sb_puts(sb, "), ");
	}
	if (is_shared_data_var(d)) {
		l->info->n_generic_read++;
		sb_puts(sb, "ff_gr(t, ");
		region_of_index(l, sb, e->u.load.buf, e->u.load.idx, e->u.load.nidx);
		sb_puts(sb, "))");
	} else {
		sb_puts(sb, "0LL)");
	}
	return;
}

/* A call that computes a value (casts, selects, bit operations, min/max,
 * the elect predicate): 1 when lowered. */
static int
ex_pure_call(L *l, StrBuf *sb, const Expr *e, int depth)
{
	const char *n = e->u.call.name;
	int na = e->u.call.nargs;
	Expr *const *a = e->u.call.args;
	if ((!strcmp(n, "Cast") || !strcmp(n, "reinterpret")) && na >= 1) {
		ex(l, sb, a[na - 1], depth + 1);
		return 1;
	}
	if (!strcmp(n, "if_then_else") && na == 3) {
		sb_puts(sb, "((");
		ex(l, sb, a[0], depth + 1);
		sb_puts(sb, ") ? (");
		ex(l, sb, a[1], depth + 1);
		sb_puts(sb, ") : (");
		ex(l, sb, a[2], depth + 1);
		sb_puts(sb, "))");
		return 1;
	}
	const char *bop = !strcmp(n, "bitwise_and") ? "&" : !strcmp(n, "bitwise_or") ? "|"
	                  : !strcmp(n, "bitwise_xor") ? "^" : !strcmp(n, "shift_left") ? "<<"
	                  : !strcmp(n, "shift_right") ? ">>" : NULL;
	if (bop && na == 2) {
		sb_puts(sb, "((ff_i64)(");
		ex(l, sb, a[0], depth + 1);
		sb_printf(sb, ") %s (ff_i64)(", bop);
		ex(l, sb, a[1], depth + 1);
		sb_puts(sb, "))");
		return 1;
	}
	if ((!strcmp(n, "max") || !strcmp(n, "min")) && na == 2) {
		sb_printf(sb, "ff_%s(", n);
		ex(l, sb, a[0], depth + 1);
		sb_puts(sb, ", ");
		ex(l, sb, a[1], depth + 1);
		sb_puts(sb, ")");
		return 1;
	}
	if (strstr(n, "shuffle_elect") && na >= 1) {
		sb_puts(sb, "ff_elect(t, ");
		ex(l, sb, a[0], depth + 1);
		sb_puts(sb, ")");
		return 1;
	}
	return 0;
}

/* A call inside an expression: a value, or an access it makes (a let value,
 * a condition). */
static void
ex_call(L *l, StrBuf *sb, const Expr *e, int depth)
{
	const char *n = e->u.call.name;
	if (ex_pure_call(l, sb, e, depth))
		return;
	const Var *ra = NULL, *rb = NULL;
	Kind k = classify(l, e, &ra, &rb);
	if (k == K_ATOMIC && ra) {
		l->info->n_generic_write++;
		l->info->n_atomic++;
		sb_puts(sb, "(ff_atomic(t, ");
		region_of_call(l, sb, e, ra);
		sb_printf(sb, ", %du, %d, 1) + ", ++l->site, atomic_op(call_fname(e)));
		ex_args_void(l, sb, e, depth);
		sb_puts(sb, ")");
		return;
	}
	if ((k == K_GW || k == K_STMATRIX || k == K_GENERIC_CALL || k == K_CPASYNC) && ra) {
		l->info->n_generic_write++;
		if (k != K_GW)
			standin(l, "%s inside an expression as st.shared", call_fname(e));
		sb_puts(sb, "(ff_gw(t, ");
		region_of_call(l, sb, e, ra);
		sb_printf(sb, ", %du), ", ++l->site);
		ex_args_void(l, sb, e, depth);
		sb_puts(sb, ")");
		return;
	}
	if ((k == K_GR || k == K_LDMATRIX) && ra) {
		l->info->n_generic_read++;
		if (k == K_LDMATRIX || strcmp(call_fname(e), n) || !orc_effect(n))
			standin(l, "%s inside an expression as ld.shared", call_fname(e));
		sb_puts(sb, "(ff_gr(t, ");
		region_of_call(l, sb, e, ra);
		sb_puts(sb, "), ");
		ex_args_void(l, sb, e, depth);
		sb_puts(sb, ")");
		return;
	}
	if (k == K_ASTORE || k == K_ALOAD || k == K_WGMMA)
		note(l, "async op %s inside an expression: not issued", n);
	else if (l->in_cond)
		note(l, "call %s in a condition or loop bound evaluates to 0", n);
	ex_args_void(l, sb, e, depth);
}

static void
ex(L *l, StrBuf *sb, const Expr *e, int depth)
{
	if (!e || depth > 64) {
		sb_puts(sb, "0LL");
		return;
	}
	switch (e->kind) {
	case EX_INT:
	case EX_POD_BOOL:
		sb_printf(sb, "(%lldLL)", (long long)ir_int_value(e));
		return;
	case EX_FLOAT:
		sb_printf(sb, "(%lldLL)", (long long)e->u.f);
		return;
	case EX_VAR: {
		const Var *v = e->u.var;
		if (v->ptr_scope || (v->dtype && !strcmp(v->dtype, "handle"))) {
			sb_puts(sb, "0LL");
			return;
		}
		declare(l, v);
		cname(sb, v);
		return;
	}
	case EX_BIN:
		ex_bin(l, sb, e, depth);
		return;
	case EX_NOT:
		sb_puts(sb, "((ff_i64)!(");
		ex(l, sb, e->u.operand, depth + 1);
		sb_puts(sb, "))");
		return;
	case EX_LOAD:
		ex_load(l, sb, e, depth);
		return;
	case EX_CALL:
		ex_call(l, sb, e, depth);
		return;
	default:
		sb_puts(sb, "0LL");
		return;
	}
}

/* ---- call classification ----------------------------------------------------- */

/* The generic-call rule for calls without a row: a tvm_access_ptr with a
 * shared base writes unless its rw_mask is a constant without bit 2; an
 * address_of of a shared element may write. */
static void
scan_ptrs(const Expr *e, const Var **w, const Var **r, int depth)
{
	if (!e || depth > 32 || e->kind != EX_CALL)
		return;
	const char *n = e->u.call.name;
	if (!strcmp(n, "tvm_access_ptr") && e->u.call.nargs >= 2) {
		const Var *v = ptr_var(e->u.call.args[1], 0);
		int64_t m = 3;
		if (e->u.call.nargs == 5 && !ir_is_const_int(e->u.call.args[4], &m))
			m = 3;
		if (v) {
			if ((m & 2) && !*w)
				*w = v;
			if ((m & 1) && !*r)
				*r = v;
		}
		return;
	}
	if (!strcmp(n, "access_ptr") && e->u.call.nargs >= 1) {
		const Var *v = ptr_var(e->u.call.args[0], 0);
		int64_t m = 3;
		if (e->u.call.nargs >= 3 && !ir_is_const_int(e->u.call.args[2], &m))
			m = 3;
		if (v) {
			if ((m & 2) && !*w)
				*w = v;
			if ((m & 1) && !*r)
				*r = v;
		}
		return;
	}
	if (!strcmp(n, "address_of") && e->u.call.nargs >= 1) {
		const Var *v = ptr_var(e->u.call.args[0], 0);
		if (v && !*w)
			*w = v;
		return;
	}
	for (int i = 0; i < e->u.call.nargs; i++)
		scan_ptrs(e->u.call.args[i], w, r, depth + 1);
}

static const Var *
operand(const Expr *c, int off, uint32_t bits)
{
	for (int i = off; i < c->u.call.nargs; i++)
		if (bits & (1u << (i - off))) {
			const Var *v = ptr_var(c->u.call.args[i], 0);
			if (v)
				return v;
		}
	return NULL;
}

static const Var *
any_shared_arg(const Expr *c, int off, int skip)
{
	for (int i = off; i < c->u.call.nargs; i++) {
		const Var *v = ptr_var(c->u.call.args[i], 0);
		if (v && skip-- <= 0)
			return v;
	}
	return NULL;
}

/* FF_AT_* of an atomic's name, or -1 */
static int
atomic_op(const char *n)
{
	const struct LowerName *r = lower_name(n);
	return r ? r->atomic : -1;
}

static Kind
classify(L *l, const Expr *c, const Var **ra, const Var **rb)
{
	*ra = *rb = NULL;
	if (c->kind != EX_CALL)
		return K_NONE;
	const char *n = c->u.call.name;
	int off;
	const Effect *ef = orc_call_effect(c, &off);
	const char *fn = call_fname(c);
	if (!strcmp(n, "tvm_storage_sync"))
		return K_SYNC;
	if (!strcmp(fn, "ptx_commit_group"))
		return K_CPCOMMIT;
	if (!strcmp(fn, "ptx_wait_group"))
		return K_CPWAIT;
	if (strstr(fn, "tcgen05") && !l->info->sm90_missing[0])
		snprintf(l->info->sm90_missing, sizeof l->info->sm90_missing, "%s", fn);
	if (mbar_op(fn) != MB_NONE)
		return K_MBAR;
	if (!ef || ef->role == ER_EXTERN) {
		const Var *w = NULL, *r = NULL;
		for (int i = 0; i < c->u.call.nargs; i++)
			scan_ptrs(c->u.call.args[i], &w, &r, 0);
		if (w) {
			*ra = w;
			return K_GENERIC_CALL;
		}
		if (r) {
			*ra = r;
			return K_GR;
		}
		return K_NONE;
	}
	switch (ef->role) {
	case ER_FENCE: return K_FENCE;
	case ER_COMMIT: return K_COMMIT;
	case ER_WAIT: return K_WAIT;
	case ER_DESC_INIT:
	case ER_BARRIER:
	case ER_PURE:
	case ER_PTR:
		return K_IGNORE;
	case ER_ACCESS:
		break;
	default:
		return K_NONE;
	}
	if (ef->proxy == EP_GENERIC) {
		if (ef->wr) {
			*ra = operand(c, off, ef->wr);
			if (!*ra)
				*ra = any_shared_arg(c, off, 0);
			if (atomic_op(fn) >= 0)
				return K_ATOMIC;
			if (!strcmp(fn, "ptx_cp_async"))
				return K_CPASYNC;
			return !strcmp(n, "ptx_stmatrix") ? K_STMATRIX : K_GW;
		}
		*ra = operand(c, off, ef->rd);
		if (!*ra)
			*ra = any_shared_arg(c, off, 0);
		return !strcmp(n, "ptx_ldmatrix") ? K_LDMATRIX : K_GR;
	}
	/* async */
	if (ef->flags & EF_DESC) {
		const Var *d[2] = {NULL, NULL};
		int nd = 0;
		for (int i = off; i < c->u.call.nargs && nd < 2; i++) {
			const Var *v = desc_var(c->u.call.args[i]);
			if (v)
				d[nd++] = v;
		}
		if (!strncmp(n, "ptx_wgmma_rs", 12) || !strcmp(n, "ptx_wgmma_sp_rs") ||
		    !strcmp(n, "ptx_tcgen05_mma_ts")) {
			d[1] = d[0]; /* A in registers: B only */
		}
		*ra = d[0] ? desc_target(l, d[0]) : NULL;
		*rb = d[1] ? desc_target(l, d[1]) : NULL;
		if (!*ra && (d[0] || d[1]))
			note(l, "descriptor without initialize_wgmma_descriptor: operand is the first shared buffer");
		if (!strncmp(n, "ptx_tcgen05", 11)) {
			standin(l, "%s (no tcgen05 on SM90) as a bulk store of its operand", n);
			return K_ASTORE;
		}
		return K_WGMMA;
	}
	if (ef->flags & EF_PTRS) {
		*ra = any_shared_arg(c, off, 0);
		*rb = any_shared_arg(c, off, 1);
		return K_WGMMA;
	}
	if (ef->wr) {
		*ra = operand(c, off, ef->wr);
		return K_ALOAD;
	}
	*ra = operand(c, off, ef->rd);
	return K_ASTORE;
}

static int
is_async_kind(Kind k)
{
	return k == K_ASTORE || k == K_ALOAD || k == K_WGMMA;
}

static int contains_async(L *l, const Stmt *s, int depth);

static int
contains_async(L *l, const Stmt *s, int depth)
{
	if (!s || depth > IR_MAX_DEPTH)
		return 0;
	const Var *a, *b;
	switch (s->kind) {
	case ST_EVAL:
		return is_async_kind(classify(l, s->u.eval.value, &a, &b));
	default:
		break;
	}
	IrBodies bs; /* any body, in order */
	ir_stmt_bodies(&bs, s);
	for (Stmt **c; (c = ir_bodies_next(&bs));)
		if (contains_async(l, *c, depth + 1))
			return 1;
	return 0;
}

/* `tx < C`, `tx >= C`, `C <= tx`, `C > tx`: *k the first thread index on
 * the upper side, *upper whether the predicate holds there. */
static int
split_pred(L *l, const Expr *e, int64_t *k, int *upper)
{
	if (e->kind != EX_BIN)
		return 0;
	BinOp op = e->u.bin.op;
	if (op != BIN_LT && op != BIN_GE && op != BIN_LE && op != BIN_GT)
		return 0;
	const Expr *v = e->u.bin.a, *c = e->u.bin.b;
	if (v->kind != EX_VAR) {
		const Expr *x = v;
		v = c;
		c = x;
	}
	if (v->kind != EX_VAR || !in_list(l->tvars, l->ntvars, v->u.var) || !ir_is_const_int(c, k))
		return 0;
	int left = v == e->u.bin.a, strict_lower = (op == BIN_LT || op == BIN_GE);
	if (left != strict_lower)
		*k += 1;
	*upper = left ? (op == BIN_GE || op == BIN_GT) : (op == BIN_LE || op == BIN_LT);
	return 1;
}

/* `tx < C`, `tx >= C`, `C <= tx`, `C > tx` with C a multiple of m. */
static int
uniform_pred(L *l, const Expr *e, int m)
{
	if (e->kind != EX_BIN)
		return 0;
	BinOp op = e->u.bin.op;
	if (op != BIN_LT && op != BIN_GE && op != BIN_LE && op != BIN_GT)
		return 0;
	const Expr *v = e->u.bin.a, *c = e->u.bin.b;
	if (v->kind != EX_VAR) {
		const Expr *x = v;
		v = c;
		c = x;
	}
	int64_t k;
	if (v->kind != EX_VAR || !in_list(l->tvars, l->ntvars, v->u.var) || !ir_is_const_int(c, &k))
		return 0;
	/* the first thread index on the upper side of the split */
	int left = v == e->u.bin.a, strict_lower = (op == BIN_LT || op == BIN_GE);
	if (left != strict_lower)
		k += 1;
	return k % m == 0;
}

/* ---- statements ---------------------------------------------------------------- */

static void stmt(L *l, const Stmt *s, Ctx c, int depth);

static void
bar(L *l, Ctx c)
{
	if (c.conv && l->o->barriers) {
		if (c.pid < 0)
			line(l, "ff_bar(t);");
		else
			line(l, "ff_bar_n(%du, %du); /* threads [%d, %d) */", (unsigned)(PART_BAR0 + c.pid),
			     (unsigned)(c.phi - c.plo), c.plo, c.phi);
	}
}

/* The partition [lo, hi) of a warp-specialized split: its named barrier. */
static int
partition(L *l, int lo, int hi)
{
	for (int i = 0; i < l->nparts; i++)
		if (l->parts[i].lo == lo && l->parts[i].hi == hi)
			return i;
	if (l->nparts == PART_MAX)
		return -1;
	l->parts[l->nparts].lo = lo;
	l->parts[l->nparts].hi = hi;
	l->info->n_partition = l->nparts + 1;
	return l->nparts++;
}

static int
is_sync_stmt(L *l, const Stmt *s)
{
	const Var *a, *b;
	return s && s->kind == ST_EVAL && classify(l, s->u.eval.value, &a, &b) == K_SYNC;
}

static int
desc_index(const L *l, const Var *d)
{
	for (int i = 0; i < l->ndesc; i++)
		if (l->descvar[i] == d)
			return i;
	return -1;
}

/* The region an MMA reads through its k-th descriptor argument: the
 * descriptor's run-time region where it points into a split variable. */
static void
desc_region(L *l, StrBuf *sb, const Expr *e, int k, const Var *target)
{
	int off;
	(void)orc_call_effect(e, &off);
	int seen = 0;
	for (int i = off; i < e->u.call.nargs; i++) {
		const Var *d = desc_var(e->u.call.args[i]);
		if (!d)
			continue;
		if (seen++ == k) {
			int di = desc_index(l, d);
			if (di >= 0 && split_of(l, l->descbuf[di]) >= 0) {
				(void)region_of(l, l->descbuf[di]);
				sb_printf(sb, "ff_dr%d", di);
				return;
			}
			break;
		}
	}
	sb_printf(sb, "%d", target ? region_of(l, target) : 0);
}

/* The mbarrier argument of an async load or barrier op (its `bar` bits, or
 * the first argument), as C text; refused when it is no program mbarrier. */
static int
call_bar(L *l, StrBuf *sb, const Expr *e, const char *what)
{
	int off;
	const Effect *ef = orc_call_effect(e, &off);
	for (int i = off; i < e->u.call.nargs; i++)
		if ((ef && (ef->bar & (1u << (i - off)))) || (!ef && i == off))
			if (bar_text(l, sb, e->u.call.args[i]))
				return 1;
	if (!ef || !ef->bar)
		if (e->u.call.nargs > off && bar_text(l, sb, e->u.call.args[off]))
			return 1;
	refuse(l, "%s: its mbarrier argument is not an element of a shared.barrier buffer", what);
	sb_puts(sb, "ff_pbar(t, 0)");
	return 0;
}

static void
emit_mbar(L *l, const Expr *e, Ctx c)
{
	const char *fn = call_fname(e);
	MbOp op = mbar_op(fn);
	int off = strcmp(fn, e->u.call.name) ? 2 : 0;
	int na = e->u.call.nargs - off;
	Expr *const *a = e->u.call.args + off;
	StrBuf b, v;
	sb_init(&b);
	sb_init(&v);
	if (op != MB_FENCE_INIT)
		(void)call_bar(l, &b, e, fn);
	if (na >= 2)
		ex(l, &v, a[1], 0);
	else
		sb_puts(&v, "0");
	(void)c;
	switch (op) {
	case MB_INIT:
		line(l, "ff_mbar_init(%s, %s, ff_rep); /* %s */", b.p, v.p, fn);
		break;
	case MB_FENCE_INIT:
		line(l, "ff_mbar_fence_init(); /* %s */", fn);
		break;
	case MB_ARRIVE:
		if (na > 1)
			note(l, "%s with more than the barrier argument: a plain arrive", fn);
		line(l, "ff_mbar_arrive(%s); /* %s */", b.p, fn);
		break;
	case MB_CP_ARRIVE:
		line(l, "ff_cp_mbar_arrive(%s); /* %s */", b.p, fn);
		if (strstr(fn, "noinc"))
			note(l, "%s: lowered without .noinc", fn);
		break;
	case MB_ARRIVE_TX:
	case MB_EXPECT_TX:
		if (l->tx_loads <= 0)
			refuse(l, "%s with no async load on the same mbarrier after it in its block: its byte count "
			          "cannot be matched to the lowered 4 KiB loads", fn);
		line(l, "%s(%s, %du); /* %s(..., %s): %d lowered load(s) of 4 KiB */",
		     op == MB_ARRIVE_TX ? "ff_mbar_arrive_tx" : "ff_mbar_expect_tx", b.p, 4096 * (l->tx_loads > 0 ? l->tx_loads : 0),
		     fn, v.p, l->tx_loads);
		break;
	case MB_WAIT:
		line(l, "ff_mbar_wait(t, %s, %s); /* %s */", b.p, v.p, fn);
		break;
	default:
		break;
	}
	sb_free(&b);
	sb_free(&v);
}

static int
is_access_call(const Expr *a)
{
	return a->kind == EX_CALL && (!strcmp(a->u.call.name, "address_of") || !strcmp(a->u.call.name, "access_ptr") ||
	                              !strcmp(a->u.call.name, "tvm_access_ptr"));
}

/* tvm_storage_sync: a named barrier, or one of all threads where all reach it. */
static void
emit_storage_sync(L *l, const Expr *e, Ctx c)
{
	int64_t id = 0, cnt = 0;
	if (e->u.call.nargs >= 3 && ir_is_const_int(e->u.call.args[1], &id) &&
	    ir_is_const_int(e->u.call.args[2], &cnt)) {
		/* tvm_storage_sync("shared", id, count): a named barrier */
		if (id < 1 || id > PROG_BAR_MAX || cnt < 32 || cnt % 32 || cnt > l->nthreads)
			refuse(l, "tvm_storage_sync with barrier %lld and %lld threads: not lowered (ids 1..%d, a "
			          "multiple of 32 threads)", (long long)id, (long long)cnt, PROG_BAR_MAX);
		line(l, "ff_bar_n(%du, %du); /* tvm_storage_sync(shared, %lld, %lld) */", (unsigned)id, (unsigned)cnt,
		     (long long)id, (long long)cnt);
	} else if (c.conv && c.pid < 0)
		line(l, "ff_bar(t); /* tvm_storage_sync */");
	else {
		if (c.conv)
			refuse(l, "tvm_storage_sync inside the thread partition [%d, %d): a barrier of all %d threads "
			          "that the other threads never reach", c.plo, c.phi, l->nthreads);
		else
			refuse(l, "tvm_storage_sync under a thread predicate: a barrier of all %d threads that "
			          "some threads never reach", l->nthreads);
		line(l, "/* tvm_storage_sync (refused: not every thread reaches it) */");
	}
}

/* A call with no effect the kernel runs: a descriptor's region where it
 * initializes one, else a comment. */
static void
emit_ignored(L *l, const Expr *e)
{
	const char *n = e->u.call.name;
	const char *fn = call_fname(e);
	StrBuf tmp;
	const Effect *ef = orc_effect(n);
	int off;
	ef = orc_call_effect(e, &off);
	if (ef && ef->role == ER_DESC_INIT && e->u.call.nargs > off) {
		const Var *d = desc_var(e->u.call.args[off]);
		int di = d ? desc_index(l, d) : -1;
		if (di >= 0 && split_of(l, l->descbuf[di]) >= 0) {
			sb_init(&tmp);
			region_of_call(l, &tmp, e, l->descbuf[di]);
			line(l, "ff_dr%d = %s; /* %s */", di, tmp.p, n);
			sb_free(&tmp);
			return;
		}
	}
	line(l, "/* %s */", fn);
	if (!strncmp(fn, "mbarrier", 8) || strstr(fn, "arrive") || strstr(fn, "barrier"))
		note(l, "%s: not lowered", fn);
}

/* The calls of kind k that are synchronization or no access: 1 when lowered. */
static int
emit_sync_call(L *l, const Expr *e, Kind k, Ctx c)
{
	const char *n = e->u.call.name;
	const char *fn = call_fname(e);
	StrBuf tmp;
	switch (k) {
	case K_FENCE:
		l->info->n_fence++;
		line(l, "ff_fence();");
		return 1;
	case K_COMMIT:
		line(l, "ff_commit();");
		return 1;
	case K_WAIT:
		line(l, "ff_wait_read();");
		return 1;
	case K_CPCOMMIT:
		line(l, "ff_cp_commit(); /* ptx_commit_group */");
		return 1;
	case K_CPWAIT: {
		int64_t w = 0;
		int off = strcmp(fn, n) ? 2 : 0;
		if (e->u.call.nargs <= off || !ir_is_const_int(e->u.call.args[off], &w) || w < 0 || w > 7) {
			note(l, "ptx_wait_group without a constant 0..7: waits for all groups");
			w = 0;
		}
		line(l, "FF_CP_WAIT(%d); /* ptx_wait_group */", (int)w);
		return 1;
	}
	case K_MBAR:
		emit_mbar(l, e, c);
		return 1;
	case K_SYNC:
		emit_storage_sync(l, e, c);
		return 1;
	case K_IGNORE:
		emit_ignored(l, e);
		return 1;
	case K_NONE:
		sb_init(&tmp);
		ex_args_void(l, &tmp, e, 0);
		line(l, "(void)%s; /* %s */", tmp.p ? tmp.p : "0", n);
		sb_free(&tmp);
		if (strncmp(n, "warpgroup_", 10))
			note(l, "call %s: no shared-memory effect", fn);
		return 1;
	default:
		return 0;
	}
}

/* The C text of the call's regions: R for its first operand, R2 for its
 * second (a wgmma's B; R again when it has one operand). */
static void
operand_regions(L *l, const Expr *e, Kind k, const Var *ra, const Var *rb, StrBuf *R, StrBuf *R2)
{
	const char *n = e->u.call.name;
	if (k == K_WGMMA && (orc_call_effect(e, &(int){0})->flags & EF_DESC)) {
		desc_region(l, R, e, 0, ra);
		if (!strncmp(n, "ptx_wgmma_rs", 12) || !strcmp(n, "ptx_wgmma_sp_rs") || !strcmp(n, "ptx_tcgen05_mma_ts"))
			sb_puts(R2, R->p);
		else
			desc_region(l, R2, e, 1, rb ? rb : ra);
	} else {
		if (ra)
			region_of_call(l, R, e, ra);
		else
			sb_printf(R, "%d", l->nreg ? 0 : (l->nreg = 1, 0));
		if (rb)
			region_of_call(l, R2, e, rb);
		else
			sb_puts(R2, R->p);
	}
}

/* Arguments may hold reads of their own: each one that does, evaluated. */
static void
arg_reads(L *l, const Expr *e)
{
	StrBuf tmp;
	for (int i = 0; i < e->u.call.nargs; i++) {
		const Expr *a = e->u.call.args[i];
		if (a->kind == EX_LOAD && !is_shared_data_var(a->u.load.buf->data))
			continue;
		if (a->kind == EX_BIN || (a->kind == EX_CALL && !is_access_call(a) &&
		                          strcmp(a->u.call.name, "type_annotation"))) {
			sb_init(&tmp);
			ex(l, &tmp, a, 0);
			if (tmp.p && strstr(tmp.p, "ff_g"))
				line(l, "(void)%s;", tmp.p);
			sb_free(&tmp);
		}
	}
}

static void
emit_astore(L *l, const Expr *e, const char *r)
{
	const char *n = e->u.call.name;
	const char *fn = call_fname(e);
	l->info->n_async_store++;
	int tensor = !strcmp(n, "tma_store") || !strcmp(n, "tma_store_scatter4");
	if (tensor && e->u.call.nargs >= 1 && is_access_call(e->u.call.args[0]))
		tensor = 0; /* tma_store(global pointer, smem, bytes): the non-tensor bulk copy */
	int kind = tensor;
	int64_t red = 0;
	if (!strcmp(fn, "tl::tma_store_add"))
		kind = 2;
	else if (tensor && !strcmp(n, "tma_store") && e->u.call.nargs >= 5 &&
	         ir_is_const_int(e->u.call.args[e->u.call.nargs - 2], &red) && red == 1)
		kind = 3;
	if (!strcmp(n, "tma_store_cluster"))
		standin(l, "tma_store_cluster as a bulk store to global memory");
	if (!strcmp(n, "tma_store_scatter4"))
		standin(l, "tma_store_scatter4 as a 2-d tensor store");
	line(l, "ff_astore(t, p, %s, %d, &tm_store); /* %s */", r, kind, fn);
	if (l->o->handshake == 0 && !l->has_handshake)
		line(l, "ff_commit(); ff_wait_read(); /* handshake (copy lowering) */");
}

static void
emit_aload(L *l, const Expr *e, const char *r)
{
	const char *n = e->u.call.name;
	l->info->n_async_load++;
	int tensor = strcmp(n, "ptx_cp_async_bulk") != 0;
	const char *map = "&tm_load";
	if (!strcmp(n, "tma_load_im2col")) {
		tensor = 2;
		map = "&tm_im2col";
		l->info->n_im2col++;
	} else if (!strcmp(n, "tma_load_multicast")) {
		int64_t mask = 3;
		tensor = 3;
		map = "&tm_half";
		l->info->cluster = 2;
		if (e->u.call.nargs > 3 && ir_is_const_int(e->u.call.args[3], &mask) && mask != 3)
			note(l, "tma_load_multicast mask %lld: run in clusters of 2 CTAs with mask 0b11", (long long)mask);
	} else if (strcmp(n, "tma_load") && strcmp(n, "ptx_cp_async_bulk"))
		standin(l, "%s as a 2-d tensor load into this CTA", n);
	if (l->psync) {
		StrBuf b;
		sb_init(&b);
		(void)call_bar(l, &b, e, n);
		l->psync_loads++;
		line(l, "ff_aload_on(t, p, %s, %d, %s, %du, %s); /* %s */", r, tensor, map, ++l->site, b.p, n);
		sb_free(&b);
	} else
		line(l, "ff_aload(t, p, %s, %d, %s, %du); /* %s */", r, tensor, map, ++l->site, n);
}

/* wgmma where a whole warpgroup issues it, else a bulk store of its operand. */
static void
emit_wgmma(L *l, const Expr *e, Ctx c, const char *r, const char *r2)
{
	const char *n = e->u.call.name;
	if (c.wg && l->nthreads % 128 == 0) {
		l->info->n_wgmma++;
		int sp = !strncmp(n, "ptx_wgmma_sp", 12) || !strcmp(n, "tl_gemm_sp");
		if (sp)
			l->info->n_sparse++;
		if (!strcmp(n, "ptx_wgmma_rs")) {
			line(l, "ff_wgmma_rs(t, %s); /* %s */", r2, n);
		} else if (sp) {
			if (!strcmp(n, "ptx_wgmma_sp_rs"))
				standin(l, "ptx_wgmma_sp_rs as wgmma.sp with A from shared memory (B's buffer)");
			line(l, "ff_wgmma_sp(t, %s, %s); /* %s */", r, r2, n);
		} else {
			if (strcmp(n, "ptx_wgmma_ss"))
				note(l, "%s: lowered as wgmma m64n8k16 f16 with A and B from shared memory", n);
			line(l, "ff_wgmma(t, %s, %s); /* %s */", r, r2, n);
		}
		if (strcmp(n, "tl_gemm") && strcmp(n, "tl_gemm_sp"))
			note(l, "wgmma shapes: m64n8k16 (sparse m64n8k32) f16 whatever the program's shape");
	} else {
		l->info->n_async_store++;
		standin(l, "%s where not all threads of a warpgroup arrive, as a bulk store of its operand", n);
		line(l, "ff_astore(t, p, %s, 0, &tm_store); /* %s (not warpgroup-converged) */", r, n);
		if (l->o->handshake == 0 && !l->has_handshake)
			line(l, "ff_commit(); ff_wait_read();");
	}
}

/* The access a call of kind k makes, on regions r (and r2). */
static void
emit_access(L *l, const Expr *e, Kind k, Ctx c, const Var *ra, const char *r, const char *r2)
{
	const char *n = e->u.call.name;
	const char *fn = call_fname(e);
	switch (k) {
	case K_GW:
		l->info->n_generic_write++;
		line(l, "ff_gw(t, %s, %du); /* %s */", r, ++l->site, fn);
		break;
	case K_GENERIC_CALL:
		l->info->n_generic_write++;
		standin(l, "call %s writing through a pointer as st.shared", fn);
		line(l, "ff_gw(t, %s, %du); /* %s */", r, ++l->site, fn);
		break;
	case K_ATOMIC:
		l->info->n_generic_write++;
		l->info->n_atomic++;
		line(l, "(void)ff_atomic(t, %s, %du, %d, 0); /* %s: atom/red.shared */", r, ++l->site, atomic_op(fn), fn);
		break;
	case K_CPASYNC:
		l->info->n_generic_write++;
		l->info->n_cp_async++;
		line(l, "ff_cp_async(t, p, %s, %du); /* ptx_cp_async */", r, ++l->site);
		break;
	case K_STMATRIX:
		l->info->n_generic_write++;
		if (c.warp) {
			/* the words of its region(s) belong to the stmatrix lanes: every
			 * tile of a split variable */
			int base = ra ? region_of(l, ra) : 0, nt = ra && split_of(l, ra) >= 0 ? NSLOTS : 1;
			for (int j = 0; j < nt && base + j < CU_MAX_REGIONS; j++)
				l->chunkmask |= 1u << (base + j);
			line(l, "ff_stmatrix(t, %s, %du);", r, ++l->site);
		} else {
			standin(l, "ptx_stmatrix under a warp-divergent predicate as st.shared");
			line(l, "ff_gw(t, %s, %du); /* ptx_stmatrix */", r, ++l->site);
		}
		break;
	case K_GR:
		l->info->n_generic_read++;
		if (strcmp(fn, n) || !orc_effect(n))
			standin(l, "call %s reading through a pointer as ld.shared", fn);
		line(l, "(void)ff_gr(t, %s); /* %s */", r, fn);
		break;
	case K_LDMATRIX:
		l->info->n_generic_read++;
		if (c.warp)
			line(l, "ff_ldmatrix(t, %s);", r);
		else {
			standin(l, "ptx_ldmatrix under a warp-divergent predicate as ld.shared");
			line(l, "(void)ff_gr(t, %s); /* ptx_ldmatrix */", r);
		}
		break;
	case K_ASTORE:
		emit_astore(l, e, r);
		break;
	case K_ALOAD:
		emit_aload(l, e, r);
		break;
	case K_WGMMA:
		emit_wgmma(l, e, c, r, r2);
		break;
	default:
		break;
	}
}

static void
emit_call(L *l, const Expr *e, Ctx c)
{
	const Var *ra = NULL, *rb = NULL;
	Kind k = classify(l, e, &ra, &rb);
	if (emit_sync_call(l, e, k, c))
		return;
	const char *fn = call_fname(e);
	if (!ra) {
		if (l->nregvar == 0)
			note(l, "%s with no shared buffer in the program: uses a scratch region", fn);
		else
			note(l, "%s: operand not resolved, uses the first shared buffer", fn);
	}
	if (l->o->fence_all && is_async_kind(k)) {
		l->info->n_fence++;
		line(l, "ff_fence(); /* fenced control */");
	}
	StrBuf R, R2;
	sb_init(&R);
	sb_init(&R2);
	operand_regions(l, e, k, ra, rb, &R, &R2);
	arg_reads(l, e);
	emit_access(l, e, k, c, ra, R.p, R2.p);
	sb_free(&R);
	sb_free(&R2);
}

/* Loads on the mbarrier `bar` (C text) in s: what an expect_tx before them covers. */
static int
count_loads_on(L *l, const Stmt *s, const char *bar, int depth)
{
	if (!s || depth > IR_MAX_DEPTH)
		return 0;
	const Var *a, *b;
	switch (s->kind) {
	case ST_EVAL: {
		const Expr *e = s->u.eval.value;
		if (classify(l, e, &a, &b) != K_ALOAD)
			return 0;
		StrBuf t;
		sb_init(&t);
		(void)call_bar(l, &t, e, e->u.call.name);
		int same = t.p && !strcmp(t.p, bar);
		sb_free(&t);
		return same;
	}
	default:
		break;
	}
	int n = 0; /* the sum over every body */
	IrBodies bs;
	ir_stmt_bodies(&bs, s);
	for (Stmt **c; (c = ir_bodies_next(&bs));)
		n += count_loads_on(l, *c, bar, depth + 1);
	return n;
}

static void
stmt_list(L *l, Stmt *const *items, int n, Ctx c, int depth)
{
	for (int i = 0; i < n; i++) {
		const Stmt *s = items[i];
		int fence_it = 0;
		if (s->kind == ST_EVAL && s->u.eval.value->kind == EX_CALL) {
			MbOp op = mbar_op(call_fname(s->u.eval.value));
			if (op == MB_EXPECT_TX || op == MB_ARRIVE_TX) {
				/* the loads after it in its block on the same mbarrier */
				StrBuf b;
				sb_init(&b);
				(void)call_bar(l, &b, s->u.eval.value, "expect_tx");
				l->tx_loads = 0;
				for (int j = i + 1; j < n; j++)
					l->tx_loads += count_loads_on(l, items[j], b.p, depth);
				sb_free(&b);
			}
		}
		if (c.conv && l->o->barriers) {
			if (s->kind == ST_EVAL) {
				const Var *a, *b;
				fence_it = is_async_kind(classify(l, s->u.eval.value, &a, &b));
			} else if (s->kind == ST_IF && expr_div(l, s->u.if_.cond, 0)) {
				fence_it = contains_async(l, s, depth);
			} else if (s->kind == ST_BLOCK && s->u.block.where && expr_div(l, s->u.block.where, 0)) {
				fence_it = contains_async(l, s, depth);
			} else if ((s->kind == ST_FOR || s->kind == ST_WHILE) && contains_async(l, s, depth)) {
				/* a divergent loop: barrier around the whole loop */
				fence_it = s->kind == ST_WHILE ? expr_div(l, s->u.while_.cond, 0)
				           : (expr_div(l, s->u.for_.min, 0) || expr_div(l, s->u.for_.extent, 0));
			}
		}
		/* none where the program has its own barrier right there */
		if (fence_it && !(i > 0 && is_sync_stmt(l, items[i - 1])))
			bar(l, c);
		stmt(l, s, c, depth + 1);
		if (fence_it && !(i + 1 < n && is_sync_stmt(l, items[i + 1])))
			bar(l, c);
	}
}

static void
body(L *l, const Stmt *s, Ctx c, int depth)
{
	if (!s)
		return;
	if (s->kind == ST_SEQ)
		stmt_list(l, s->u.seq.items, s->u.seq.n, c, depth);
	else
		stmt_list(l, (Stmt *const *)&s, 1, c, depth);
}

static void
assign(L *l, const Var *v, const Expr *e)
{
	declare(l, v);
	StrBuf t;
	sb_init(&t);
	cname(&t, v);
	sb_puts(&t, " = ");
	ex(l, &t, e, 0);
	sb_puts(&t, ";");
	line(l, "%s", t.p);
	sb_free(&t);
	if (expr_div(l, e, 0) && !in_list(l->divvars, l->ndiv, v)) {
		if (l->ndiv < MAXV)
			l->divvars[l->ndiv++] = v;
		else
			l->toomany = 1;
	}
}

static void
open_if(L *l, const Expr *cond)
{
	StrBuf t;
	sb_init(&t);
	l->in_cond = 1;
	ex(l, &t, cond, 0);
	l->in_cond = 0;
	line(l, "if (%s) {", t.p);
	sb_free(&t);
}

/* The context of a branch on cond (else_: of its else).  A split of the
 * threads at a multiple of 32 inside a converged scope (`if tx >= 128`: the
 * producer / consumer partitions of a warp-specialized kernel) is a
 * converged scope of its own, with a named barrier of its thread count. */
static Ctx
narrow_ex(L *l, Ctx c, const Expr *cond, int else_)
{
	if (!expr_div(l, cond, 0))
		return c;
	Ctx d = c;
	d.conv = 0;
	d.wg = c.wg && uniform_pred(l, cond, 128);
	d.warp = c.warp && uniform_pred(l, cond, 32);
	int64_t k;
	int upper;
	if (c.conv && split_pred(l, cond, &k, &upper) && k % 32 == 0) {
		int lo = c.pid < 0 ? 0 : c.plo, hi = c.pid < 0 ? l->nthreads : c.phi;
		int up = upper != else_;
		int nlo = up ? (k > lo ? (int)k : lo) : lo, nhi = up ? hi : (k < hi ? (int)k : hi);
		if (nhi - nlo >= 32 && (nlo > lo || nhi < hi)) {
			int pid = partition(l, nlo, nhi);
			if (pid >= 0) {
				d.conv = 1;
				d.pid = pid;
				d.plo = nlo;
				d.phi = nhi;
			}
		}
	}
	return d;
}

static Ctx
narrow(L *l, Ctx c, const Expr *cond)
{
	return narrow_ex(l, c, cond, 0);
}

/* A store: reads in its indices and value, then a generic write when to shared memory. */
static void
stmt_store(L *l, const Stmt *s, Ctx c, int depth)
{
	StrBuf t;
	const Var *d = s->u.store.buf->data;
	sb_init(&t);
	for (int i = 0; i < s->u.store.nidx; i++) {
		sb_puts(&t, "(void)(");
		ex(l, &t, s->u.store.idx[i], 0);
		sb_puts(&t, "); ");
	}
	sb_puts(&t, "(void)(");
	ex(l, &t, s->u.store.value, 0);
	sb_puts(&t, ");");
	if (strstr(t.p, "ff_g"))
		line(l, "%s", t.p);
	sb_free(&t);
	if (is_shared_data_var(d)) {
		l->info->n_generic_write++;
		sb_init(&t);
		region_of_index(l, &t, s->u.store.buf, s->u.store.idx, s->u.store.nidx);
		line(l, "ff_gw(t, %s, %du); /* %s[...] = ... */", t.p, ++l->site, s->u.store.buf->name);
		sb_free(&t);
	}
}

/* A loop: a thread binding of threadIdx.x, else a C loop capped at FF_LOOP_CAP. */
static void
stmt_for(L *l, const Stmt *s, Ctx c, int depth)
{
	StrBuf t;
	const Var *v = s->u.for_.var;
	declare(l, v);
	int n = l->loopn++;
	if (s->u.for_.kind == FOR_THREAD_BINDING && s->u.for_.thread &&
	    !strncmp(s->u.for_.thread, "threadIdx.x", 11)) {
		if (l->ntvars < 8 && !in_list(l->tvars, l->ntvars, v))
			l->tvars[l->ntvars++] = v;
		sb_init(&t);
		cname(&t, v);
		line(l, "%s = (ff_i64)t.tid;", t.p);
		sb_free(&t);
		body(l, s->u.for_.body, c, depth);
		return;
	}
	Ctx d = c;
	if (expr_div(l, s->u.for_.min, 0) || expr_div(l, s->u.for_.extent, 0) ||
	    (s->u.for_.step && expr_div(l, s->u.for_.step, 0))) {
		d.conv = d.wg = d.warp = 0;
		if (l->ndiv < MAXV)
			l->divvars[l->ndiv++] = v;
	}
	StrBuf mn, ext, st;
	sb_init(&mn);
	sb_init(&ext);
	sb_init(&st);
	l->in_cond = 1;
	ex(l, &mn, s->u.for_.min, 0);
	ex(l, &ext, s->u.for_.extent, 0);
	l->in_cond = 0;
	if (s->u.for_.step)
		ex(l, &st, s->u.for_.step, 0);
	else
		sb_puts(&st, "1LL");
	sb_init(&t);
	cname(&t, v);
	line(l, "{ const ff_i64 ff_lo%d = %s, ff_hi%d = ff_lo%d + (%s), ff_st%d = ff_max(%s, 1LL);", n,
	     mn.p, n, n, ext.p, n, st.p);
	line(l, "FF_LOOP_PRAGMA for (int ff_n%d = 0; ff_n%d < FF_LOOP_CAP && ff_lo%d + ff_n%d * ff_st%d < ff_hi%d; ++ff_n%d) {",
	     n, n, n, n, n, n, n);
	l->ind++;
	line(l, "%s = ff_lo%d + ff_n%d * ff_st%d;", t.p, n, n, n);
	body(l, s->u.for_.body, d, depth);
	l->ind--;
	line(l, "} }");
	sb_free(&t);
	sb_free(&mn);
	sb_free(&ext);
	sb_free(&st);
}

/* A while loop, capped at FF_WHILE_CAP iterations. */
static void
stmt_while(L *l, const Stmt *s, Ctx c, int depth)
{
	StrBuf t;
	int n = l->loopn++;
	Ctx d = narrow(l, c, s->u.while_.cond);
	if (!d.conv)
		d.wg = d.warp = 0;
	sb_init(&t);
	l->in_cond = 1;
	ex(l, &t, s->u.while_.cond, 0);
	l->in_cond = 0;
	line(l, "FF_LOOP_PRAGMA for (int ff_n%d = 0; ff_n%d < FF_WHILE_CAP && (%s); ++ff_n%d) {", n, n, t.p, n);
	sb_free(&t);
	l->ind++;
	body(l, s->u.while_.body, d, depth);
	l->ind--;
	line(l, "}");
}

/* An if: each branch narrows the thread context by its condition. */
static void
stmt_if(L *l, const Stmt *s, Ctx c, int depth)
{
	Ctx d = narrow(l, c, s->u.if_.cond);
	open_if(l, s->u.if_.cond);
	l->ind++;
	body(l, s->u.if_.then_, d, depth);
	l->ind--;
	if (s->u.if_.else_) {
		line(l, "} else {");
		l->ind++;
		/* the complement of a uniform predicate is uniform */
		Ctx e = narrow_ex(l, c, s->u.if_.cond, 1);
		body(l, s->u.if_.else_, e, depth);
		l->ind--;
	}
	line(l, "}");
}

/* A launch_thread: threadIdx.x, blockIdx.* (from the grid's one dimension), else 0. */
static void
stmt_launch(L *l, const Stmt *s, Ctx c, int depth)
{
	StrBuf t;
	const Var *v = s->u.launch.var;
	declare(l, v);
	const char *tag = s->u.launch.tag;
	sb_init(&t);
	cname(&t, v);
	if (!strcmp(tag, "threadIdx.x")) {
		if (l->ntvars < 8 && !in_list(l->tvars, l->ntvars, v))
			l->tvars[l->ntvars++] = v;
		line(l, "%s = (ff_i64)t.tid;", t.p);
	} else if (!strncmp(tag, "blockIdx.", 9)) {
		int64_t ext = 1;
		if (!ir_is_const_int(s->u.launch.extent, &ext) || ext < 1) {
			ext = 1;
			note(l, "%s with a symbolic extent: taken as 1", tag);
		}
		int stride = 1;
		for (int i = 0; i < l->nbvars; i++)
			stride *= l->bvars[i].ext;
		if (l->nbvars < 8) {
			l->bvars[l->nbvars].v = v;
			l->bvars[l->nbvars].ext = (int)(ext > 4096 ? 4096 : ext);
			l->bvars[l->nbvars++].stride = stride;
		}
		line(l, "%s = (ff_i64)((blockIdx.x / %du) %% %du);", t.p, (unsigned)stride,
		     (unsigned)(ext > 4096 ? 4096 : ext));
	} else {
		note(l, "%s: taken as 0 (one-dimensional blocks)", tag);
		line(l, "%s = 0;", t.p);
	}
	sb_free(&t);
	body(l, s->u.launch.body, c, depth);
}

/* A block: its shared allocations, and its where predicate as an if. */
static void
stmt_block(L *l, const Stmt *s, Ctx c, int depth)
{
	for (int i = 0; i < s->u.block.nallocs; i++)
		if (s->u.block.allocs[i]->data && is_shared_data_var(s->u.block.allocs[i]->data))
			(void)region_of(l, s->u.block.allocs[i]->data);
	if (s->u.block.where) {
		Ctx d = narrow(l, c, s->u.block.where);
		open_if(l, s->u.block.where);
		l->ind++;
		body(l, s->u.block.body, d, depth);
		l->ind--;
		line(l, "}");
	} else {
		body(l, s->u.block.body, c, depth);
	}
}

static void
stmt(L *l, const Stmt *s, Ctx c, int depth)
{
	if (!s)
		return;
	if (depth > IR_MAX_DEPTH) {
		l->overflow = 1;
		return;
	}
	switch (s->kind) {
	case ST_SEQ:
		body(l, s, c, depth);
		return;
	case ST_EVAL:
		if (s->u.eval.value->kind == EX_CALL)
			emit_call(l, s->u.eval.value, c);
		return;
	case ST_STORE:
		stmt_store(l, s, c, depth);
		return;
	case ST_FOR:
		stmt_for(l, s, c, depth);
		return;
	case ST_WHILE:
		stmt_while(l, s, c, depth);
		return;
	case ST_IF:
		stmt_if(l, s, c, depth);
		return;
	case ST_LET:
		assign(l, s->u.let.var, s->u.let.value);
		body(l, s->u.let.body, c, depth);
		return;
	case ST_LAUNCH:
		stmt_launch(l, s, c, depth);
		return;
	case ST_ALLOC:
		if (is_shared_data_var(s->u.alloc.var))
			(void)region_of(l, s->u.alloc.var);
		body(l, s->u.alloc.body, c, depth);
		return;
	case ST_DECL:
		if (s->u.decl.buf->data && is_shared_data_var(s->u.decl.buf->data))
			(void)region_of(l, s->u.decl.buf->data);
		body(l, s->u.decl.body, c, depth);
		return;
	case ST_BLOCK:
		stmt_block(l, s, c, depth);
		return;
	default: /* assert, attr: their body */
		body(l, ir_body(s), c, depth);
		return;
	}
}

void
cu_lower_defaults(LowerOptions *o)
{
	o->barriers = 1;
	o->handshake = 0;
	o->fence_all = 0;
}

/* The kernel's header comment: what it runs, how, and what it could not. */
static void
print_header(L *l, const Func *f, StrBuf *out)
{
	const LowerOptions *o = l->o;
	const LowerInfo *info = l->info;
	sb_printf(out, "// fencefuzz lower: function %s, %d program threads per block, %d shared region(s), "
	               "%d B dynamic shared memory\n",
	          f->name, l->nthreads, l->nreg, info->smem_bytes);
	sb_printf(out, "// options: barriers=%s handshake=%s%s\n", o->barriers ? "auto" : "none",
	          o->handshake ? "program" : (l->has_handshake ? "auto (the program's own)" : "auto (added)"),
	          o->fence_all ? " fence-all (control)" : "");
	sb_printf(out, "// events: %d generic write(s), %d generic read(s), %d async store(s), %d async load(s), "
	               "%d wgmma, %d fence(s)\n",
	          info->n_generic_write, info->n_generic_read, info->n_async_store, info->n_async_load,
	          info->n_wgmma, info->n_fence);
	sb_printf(out, "// params (FFParams.iparam):");
	for (int i = 0; i < l->nparams; i++)
		sb_printf(out, " %d=%s", i, l->params[i]->name);
	sb_printf(out, "%s\n", l->nparams ? "" : " none");
	for (int i = 0; i < l->nregvar && i < CU_MAX_REGIONS; i++)
		sb_printf(out, "// region %d: %s (%s)\n", i, l->regvar[i]->name, l->regvar[i]->ptr_scope);
	sb_printf(out, "// synchronization: %s%s\n",
	          l->psync ? "the program's mbarriers as written (init, arrive, expect_tx, try_wait.parity)"
	                   : "async loads complete on the issuer's own mbarrier, waited right after the issue (the program has none)",
	          l->nparts ? "; thread partitions with named barriers" : "");
	for (int i = 0; i < l->nparts; i++)
		sb_printf(out, "//   partition %d: threads [%d, %d), named barrier %d\n", i, l->parts[i].lo, l->parts[i].hi,
		          PART_BAR0 + i);
	if (info->cluster > 1)
		sb_printf(out, "// cluster launch: %d CTAs per cluster (multicast loads)\n", info->cluster);
	if (info->sm90_missing[0])
		sb_printf(out, "// not on SM90: %s (confirm: unsupported-on-sm90 unless --stand-ins)\n", info->sm90_missing);
	if (info->n_standin)
		sb_printf(out, "// stand-ins: %s (confirm runs them only with --stand-ins)\n", info->standin);
	if (info->refused[0])
		sb_printf(out, "// refused: %s (confirm does not run it)\n", info->refused);
	if (l->nnotes) {
		sb_printf(out, "// lowered conservatively:\n");
		for (int i = 0; i < l->nnotes; i++)
			sb_printf(out, "//   - %s\n", l->notes[i]);
	} else {
		sb_printf(out, "// lowered conservatively: nothing\n");
	}
}

int
cu_lower(const Program *p, const LowerOptions *o, const char *ns, StrBuf *out, LowerInfo *info,
         char *err, size_t errlen)
{
	memset(info, 0, sizeof *info);
	if (!p || p->nfuncs < 1) {
		snprintf(err, errlen, "no function to lower");
		return -1;
	}
	L *l = calloc(1, sizeof *l);
	if (!l) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	l->o = o;
	l->info = info;
	const Func *f = p->funcs[0];
	if (p->nfuncs > 1)
		note(l, "only the first of %d functions is lowered", p->nfuncs);
	prepass_stmt(l, f->body, 0);
	if (l->nthreads <= 0)
		l->nthreads = 128;
	if (l->nthreads > 1024) {
		note(l, "threadIdx.x extent %d: capped at 1024", l->nthreads);
		l->nthreads = 1024;
	}
	l->nthreads = (l->nthreads + 31) / 32 * 32;
	for (int i = 0; i < f->nroot_allocs; i++)
		if (f->root_allocs[i]->data && is_shared_data_var(f->root_allocs[i]->data))
			(void)region_of(l, f->root_allocs[i]->data);
	for (int i = 0; i < f->nparams; i++) {
		const Var *v = f->params[i].var;
		if (f->params[i].buf || v->ptr_scope || (v->dtype && !strcmp(v->dtype, "handle")))
			continue;
		if (l->nparams < CU_MAX_PARAMS)
			l->params[l->nparams++] = v;
		else
			note(l, "more than %d integer parameters: the rest are 0", CU_MAX_PARAMS);
	}
	for (int i = 0; i < f->nfree && l->nparams < CU_MAX_PARAMS; i++)
		l->params[l->nparams++] = f->free_vars[i];

	StrBuf bodytext;
	sb_init(&bodytext);
	l->sb = &bodytext;
	l->ind = 2;
	Ctx c = {1, 1, 1, -1, 0, 0};
	body(l, f->body, c, 0);
	if (l->overflow || l->toomany) {
		sb_free(&bodytext);
		snprintf(err, errlen, l->overflow ? "program nests deeper than %d" : "more than %d variables: not lowered",
		         l->overflow ? IR_MAX_DEPTH : MAXV);
		free(l);
		return -1;
	}
	if (l->nreg < 1)
		l->nreg = 1;
	if (l->psync && !l->has_init)
		refuse(l, "the program uses mbarriers it never initialises (no ptx_init_barrier_thread_count)");
	if (l->psync && l->psync_loads && !l->has_expect)
		refuse(l, "async loads on the program's mbarriers with no mbarrier_expect_tx / arrive_expect_tx");
	info->program_sync = l->psync;
	if (info->cluster < 1)
		info->cluster = 1;

	info->nthreads = l->nthreads;
	info->nregions = l->nreg;
	info->smem_bytes = l->nreg * 8192 + 8192 + 16384 + 2048;
	info->nparams = l->nparams;
	for (int i = 0; i < l->nparams; i++)
		info->params[i] = l->params[i]->name;

	print_header(l, f, out);
	if (!ns)
		sb_puts(out, cu_prelude);
	if (ns)
		sb_printf(out, "namespace %s {\n", ns);
	sb_printf(out, "%s__global__ void __launch_bounds__(1024) ff_kernel(const FFParams p, "
	               "const __grid_constant__ FFTensorMap tm_load, const __grid_constant__ FFTensorMap tm_store, "
	               "const __grid_constant__ FFTensorMap tm_im2col, const __grid_constant__ FFTensorMap tm_half) {\n",
	          ns ? "" : "extern \"C\" ");
	sb_puts(out, "  extern __shared__ __align__(1024) unsigned char ff_smem[];\n");
	/* the cluster size is a literal: a kernel without multicast has no cluster barrier */
	sb_printf(out, "  FFThread t;\n  ff_begin(t, p, ff_smem, %d, %d, 0x%xu, %d);\n", l->nreg, l->nthreads, l->chunkmask,
	          info->cluster);
	sb_printf(out, "  if (threadIdx.x >= %d) { ff_stress(t, %d); return; }\n", l->nthreads, info->cluster);
	for (int i = 0; i < l->ndesc; i++)
		if (split_of(l, l->descbuf[i]) >= 0)
			sb_printf(out, "  int ff_dr%d = %d; /* the region descriptor %s points into */\n", i,
			          region_of(l, l->descbuf[i]), l->descvar[i]->name);
	for (int i = 0; i < l->ndecl; i++) {
		const Var *v = l->declared[i];
		int pi = -1;
		for (int j = 0; j < l->nparams; j++)
			if (l->params[j] == v)
				pi = j;
		StrBuf nm;
		sb_init(&nm);
		cname(&nm, v);
		if (pi >= 0)
			sb_printf(out, "  ff_i64 %s = p.iparam[%d];\n", nm.p, pi);
		else
			sb_printf(out, "  ff_i64 %s = 0;\n", nm.p);
		sb_free(&nm);
	}
	sb_puts(out, "  for (int ff_rep = 0; ff_rep < p.reps; ++ff_rep) {\n");
	if (bodytext.p)
		sb_puts(out, bodytext.p);
	sb_printf(out, "    ff_bar(t);\n  }\n  ff_end(t, p, %d);\n}\n", info->cluster);
	if (ns)
		sb_printf(out, "} // namespace %s\n", ns);
	sb_free(&bodytext);
	free(l);
	return 0;
}
