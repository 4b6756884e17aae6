/* lower.c: a fencefuzz program -> a self-contained CUDA kernel for SM90
 * (docs/hw-races.md).  Prints text only; needs no CUDA to build.
 *
 * What each construct becomes (the device helpers are in prelude.c):
 *   shared data buffer     a 4 KiB region of dynamic shared memory and its
 *                          4 KiB generic shadow (every buffer the same size:
 *                          footprints are not lowered)
 *   generic write          (shared store, stmatrix, cp.async, atomics, a
 *                          call writing through tvm_access_ptr/address_of)
 *                          ff_gw: the thread's stripe of the buffer gets a
 *                          fresh tag by st.shared, then the shadow the same;
 *                          stmatrix in a warp-converged place: real stmatrix
 *   generic read           ff_gr / ldmatrix: compared with the shadow
 *   tma_store, scatter4    cp.async.bulk.tensor.2d (tensor map) -> a slot
 *   tl::tma_store_add,     cp.async.bulk smem -> global -> a slot
 *     tma_store_cluster
 *   tma_load*              cp.async.bulk.tensor.2d global -> smem,
 *                          complete_tx on the issuer's own mbarrier
 *   ptx_cp_async_bulk      cp.async.bulk global -> smem, the same
 *   ptx_wgmma_*, tl_gemm*  wgmma.mma_async m64n8k16 f16 (operands from the
 *                          regions the descriptors were initialised from)
 *                          where all 128 threads of a warpgroup get there
 *   fence_proxy_async      fence.proxy.async.shared::cta
 *   tma_store_arrive/wait  cp.async.bulk.commit_group / wait_group.read 0
 *   tvm_storage_sync       bar.sync 1, nthreads (where converged)
 *   for / while / if / let C control flow on kernel parameters, block and
 *                          thread indices (loops capped at FF_LOOP_CAP and
 *                          FF_WHILE_CAP iterations)
 * Everything else is listed at the top of the kernel as lowered
 * conservatively (mostly: no effect). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "effects.h"
#include "lower.h"

enum { MAXV = 512, MAXNOTES = 32 };

typedef enum {
	K_NONE, K_FENCE, K_COMMIT, K_WAIT, K_ASTORE, K_ALOAD, K_WGMMA, K_GW, K_GR,
	K_STMATRIX, K_LDMATRIX, K_SYNC, K_IGNORE, K_GENERIC_CALL
} Kind;

typedef struct Ctx {
	int conv;  /* all program threads get here together: barriers allowed */
	int wg;    /* warpgroup-uniform: wgmma allowed */
	int warp;  /* warp-uniform: stmatrix/ldmatrix allowed */
} Ctx;

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
region_of(L *l, const Var *data)
{
	for (int i = 0; i < l->nregvar; i++)
		if (l->regvar[i] == data)
			return i % CU_MAX_REGIONS;
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
	case EX_BUF:
		return e->u.buf->data && is_shared_data_var(e->u.buf->data) ? e->u.buf->data : NULL;
	case EX_LOAD:
		return e->u.load.buf->data && is_shared_data_var(e->u.load.buf->data) ? e->u.load.buf->data
		                                                                      : NULL;
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
	default:
		return NULL;
	}
}

/* A descriptor argument (desc.data, desc[0]) -> its data var. */
static const Var *
desc_var(const Expr *e)
{
	const Var *v = NULL;
	if (e->kind == EX_VAR)
		v = e->u.var;
	else if (e->kind == EX_LOAD)
		v = e->u.load.buf->data;
	else if (e->kind == EX_BUF)
		v = e->u.buf->data;
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

/* ---- pre-pass: descriptors, thread/block vars, extents ------------------- */

static void prepass_stmt(L *l, const Stmt *s, int depth);

static void
prepass_stmt(L *l, const Stmt *s, int depth)
{
	if (!s || depth > IR_MAX_DEPTH)
		return;
	switch (s->kind) {
	case ST_SEQ:
		for (int i = 0; i < s->u.seq.n; i++)
			prepass_stmt(l, s->u.seq.items[i], depth + 1);
		return;
	case ST_EVAL: {
		const Expr *c = s->u.eval.value;
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
		return;
	}
	case ST_LAUNCH: {
		int64_t ext = 1;
		int known = ir_is_const_int(s->u.launch.extent, &ext);
		if (!strncmp(s->u.launch.tag, "threadIdx.x", 11)) {
			if (known && ext > 0 && ext > l->nthreads)
				l->nthreads = (int)ext;
		}
		prepass_stmt(l, s->u.launch.body, depth + 1);
		return;
	}
	case ST_FOR:
		if (s->u.for_.kind == FOR_THREAD_BINDING && s->u.for_.thread &&
		    !strcmp(s->u.for_.thread, "threadIdx.x")) {
			int64_t ext;
			if (ir_is_const_int(s->u.for_.extent, &ext) && ext > l->nthreads)
				l->nthreads = (int)ext;
		}
		prepass_stmt(l, s->u.for_.body, depth + 1);
		return;
	case ST_IF:
		prepass_stmt(l, s->u.if_.then_, depth + 1);
		prepass_stmt(l, s->u.if_.else_, depth + 1);
		return;
	default: {
		const Stmt *b = ir_body(s);
		if (b)
			prepass_stmt(l, b, depth + 1);
		return;
	}
	}
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
		sb_printf(sb, "(%lldLL)", (long long)e->u.i);
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
	case EX_BIN: {
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
	case EX_NOT:
		sb_puts(sb, "((ff_i64)!(");
		ex(l, sb, e->u.operand, depth + 1);
		sb_puts(sb, "))");
		return;
	case EX_LOAD: {
		const Var *d = e->u.load.buf->data;
		sb_puts(sb, "(");
		for (int i = 0; i < e->u.load.nidx; i++) {
			sb_puts(sb, "(void)(");
			ex(l, sb, e->u.load.idx[i], depth + 1);
			sb_puts(sb, "), ");
		}
		if (is_shared_data_var(d)) {
			l->info->n_generic_read++;
			sb_printf(sb, "ff_gr(t, %d))", region_of(l, d));
		} else {
			sb_puts(sb, "0LL)");
		}
		return;
	}
	case EX_CALL: {
		const char *n = e->u.call.name;
		int na = e->u.call.nargs;
		Expr *const *a = e->u.call.args;
		if ((!strcmp(n, "Cast") || !strcmp(n, "reinterpret")) && na >= 1) {
			ex(l, sb, a[na - 1], depth + 1);
			return;
		}
		if (!strcmp(n, "if_then_else") && na == 3) {
			sb_puts(sb, "((");
			ex(l, sb, a[0], depth + 1);
			sb_puts(sb, ") ? (");
			ex(l, sb, a[1], depth + 1);
			sb_puts(sb, ") : (");
			ex(l, sb, a[2], depth + 1);
			sb_puts(sb, "))");
			return;
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
			return;
		}
		if ((!strcmp(n, "max") || !strcmp(n, "min")) && na == 2) {
			sb_printf(sb, "ff_%s(", n);
			ex(l, sb, a[0], depth + 1);
			sb_puts(sb, ", ");
			ex(l, sb, a[1], depth + 1);
			sb_puts(sb, ")");
			return;
		}
		if (strstr(n, "shuffle_elect") && na >= 1) {
			sb_puts(sb, "((ff_i64)(ff_floormod((ff_i64)t.tid, ff_max(");
			ex(l, sb, a[0], depth + 1);
			sb_puts(sb, ", 1)) == 0))");
			return;
		}
		/* An access inside an expression (a let value, a condition) */
		const Var *ra = NULL, *rb = NULL;
		Kind k = classify(l, e, &ra, &rb);
		if ((k == K_GW || k == K_STMATRIX || k == K_GENERIC_CALL) && ra) {
			l->info->n_generic_write++;
			sb_printf(sb, "(ff_gw(t, %d, %du), ", region_of(l, ra), ++l->site);
			ex_args_void(l, sb, e, depth);
			sb_puts(sb, ")");
			return;
		}
		if ((k == K_GR || k == K_LDMATRIX) && ra) {
			l->info->n_generic_read++;
			sb_printf(sb, "(ff_gr(t, %d), ", region_of(l, ra));
			ex_args_void(l, sb, e, depth);
			sb_puts(sb, ")");
			return;
		}
		if (k == K_ASTORE || k == K_ALOAD || k == K_WGMMA)
			note(l, "async op %s inside an expression: not issued", n);
		else if (l->in_cond)
			note(l, "call %s in a condition or loop bound evaluates to 0", n);
		ex_args_void(l, sb, e, depth);
		return;
	}
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

static Kind
classify(L *l, const Expr *c, const Var **ra, const Var **rb)
{
	*ra = *rb = NULL;
	if (c->kind != EX_CALL)
		return K_NONE;
	const char *n = c->u.call.name;
	int off;
	const Effect *ef = orc_call_effect(c, &off);
	if (!strcmp(n, "tvm_storage_sync"))
		return K_SYNC;
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
			note(l, "%s (no tcgen05 on SM90): lowered as a bulk store of its operand", n);
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
	case ST_SEQ:
		for (int i = 0; i < s->u.seq.n; i++)
			if (contains_async(l, s->u.seq.items[i], depth + 1))
				return 1;
		return 0;
	case ST_EVAL:
		return is_async_kind(classify(l, s->u.eval.value, &a, &b));
	case ST_IF:
		return contains_async(l, s->u.if_.then_, depth + 1) ||
		       contains_async(l, s->u.if_.else_, depth + 1);
	default:
		return contains_async(l, ir_body(s), depth + 1);
	}
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
	if (c.conv && l->o->barriers)
		line(l, "ff_bar(t);");
}

static void
emit_call(L *l, const Expr *e, Ctx c)
{
	const Var *ra = NULL, *rb = NULL;
	Kind k = classify(l, e, &ra, &rb);
	const char *n = e->u.call.name;
	StrBuf tmp;
	switch (k) {
	case K_FENCE:
		l->info->n_fence++;
		line(l, "ff_fence();");
		return;
	case K_COMMIT:
		line(l, "ff_commit();");
		return;
	case K_WAIT:
		line(l, "ff_wait_read();");
		return;
	case K_SYNC:
		if (c.conv)
			line(l, "ff_bar(t); /* tvm_storage_sync */");
		else {
			note(l, "tvm_storage_sync under a thread predicate: not lowered");
			line(l, "/* tvm_storage_sync (divergent: omitted) */");
		}
		return;
	case K_IGNORE:
		line(l, "/* %s */", n);
		if (!strncmp(n, "mbarrier", 8) || strstr(n, "arrive") || strstr(n, "barrier"))
			note(l, "the program's mbarrier operations are not lowered (each load waits on its issuer's own mbarrier)");
		return;
	case K_NONE:
		sb_init(&tmp);
		ex_args_void(l, &tmp, e, 0);
		line(l, "(void)%s; /* %s */", tmp.p ? tmp.p : "0", n);
		sb_free(&tmp);
		if (strncmp(n, "warpgroup_", 10))
			note(l, "call %s: no shared-memory effect", n);
		return;
	default:
		break;
	}
	if (!ra) {
		if (l->nregvar == 0)
			note(l, "%s with no shared buffer in the program: uses a scratch region", n);
		else
			note(l, "%s: operand not resolved, uses the first shared buffer", n);
	}
	if (l->o->fence_all && is_async_kind(k)) {
		l->info->n_fence++;
		line(l, "ff_fence(); /* fenced control */");
	}
	int r = ra ? region_of(l, ra) : (l->nreg ? 0 : (l->nreg = 1, 0));
	int r2 = rb ? region_of(l, rb) : r;
	/* arguments may hold reads of their own */
	for (int i = 0; i < e->u.call.nargs; i++) {
		const Expr *a = e->u.call.args[i];
		if (a->kind == EX_LOAD && !is_shared_data_var(a->u.load.buf->data))
			continue;
		if (a->kind == EX_BIN || (a->kind == EX_CALL && strcmp(a->u.call.name, "tvm_access_ptr") &&
		                          strcmp(a->u.call.name, "access_ptr") && strcmp(a->u.call.name, "address_of") &&
		                          strcmp(a->u.call.name, "type_annotation"))) {
			sb_init(&tmp);
			ex(l, &tmp, a, 0);
			if (tmp.p && strstr(tmp.p, "ff_g"))
				line(l, "(void)%s;", tmp.p);
			sb_free(&tmp);
		}
	}
	switch (k) {
	case K_GW:
	case K_GENERIC_CALL:
		l->info->n_generic_write++;
		line(l, "ff_gw(t, %d, %du); /* %s */", r, ++l->site, n);
		return;
	case K_STMATRIX:
		l->info->n_generic_write++;
		if (c.warp) {
			l->chunkmask |= 1u << r;
			line(l, "ff_stmatrix(t, %d, %du);", r, ++l->site);
		}
		else {
			note(l, "ptx_stmatrix under a warp-divergent predicate: lowered as st.shared");
			line(l, "ff_gw(t, %d, %du); /* ptx_stmatrix */", r, ++l->site);
		}
		return;
	case K_GR:
		l->info->n_generic_read++;
		line(l, "(void)ff_gr(t, %d); /* %s */", r, n);
		return;
	case K_LDMATRIX:
		l->info->n_generic_read++;
		if (c.warp)
			line(l, "ff_ldmatrix(t, %d);", r);
		else {
			note(l, "ptx_ldmatrix under a warp-divergent predicate: lowered as ld.shared");
			line(l, "(void)ff_gr(t, %d); /* ptx_ldmatrix */", r);
		}
		return;
	case K_ASTORE: {
		l->info->n_async_store++;
		int tensor = !strcmp(n, "tma_store") || !strcmp(n, "tma_store_scatter4");
		if (tensor && e->u.call.nargs >= 1 && e->u.call.args[0]->kind == EX_CALL &&
		    (!strcmp(e->u.call.args[0]->u.call.name, "address_of") ||
		     !strcmp(e->u.call.args[0]->u.call.name, "access_ptr") ||
		     !strcmp(e->u.call.args[0]->u.call.name, "tvm_access_ptr")))
			tensor = 0; /* tma_store(global pointer, smem, bytes): the non-tensor bulk copy */
		if (!strcmp(n, "tma_store_cluster"))
			note(l, "tma_store_cluster: lowered as a bulk store to global memory");
		if (!strcmp(n, "tma_store_scatter4"))
			note(l, "tma_store_scatter4: lowered as a 2-d tensor store");
		line(l, "ff_astore(t, p, %d, %d, &tm_store); /* %s */", r, tensor, n);
		if (l->o->handshake == 0 && !l->has_handshake) {
			line(l, "ff_commit(); ff_wait_read(); /* handshake (copy lowering) */");
		}
		return;
	}
	case K_ALOAD: {
		l->info->n_async_load++;
		int tensor = strcmp(n, "ptx_cp_async_bulk") != 0;
		if (strcmp(n, "tma_load") && strcmp(n, "ptx_cp_async_bulk"))
			note(l, "%s: lowered as a 2-d tensor load into this CTA", n);
		line(l, "ff_aload(t, p, %d, %d, &tm_load, %du); /* %s */", r, tensor, ++l->site, n);
		return;
	}
	case K_WGMMA:
		if (c.wg && l->nthreads % 128 == 0) {
			l->info->n_wgmma++;
			if (strcmp(n, "ptx_wgmma_ss"))
				note(l, "%s: lowered as wgmma m64n8k16 f16 with A and B from shared memory", n);
			line(l, "ff_wgmma(t, %d, %d); /* %s */", r, r2, n);
		} else {
			l->info->n_async_store++;
			note(l, "%s where not all threads of a warpgroup arrive: lowered as a bulk store of its operand", n);
			line(l, "ff_astore(t, p, %d, 0, &tm_store); /* %s (not warpgroup-converged) */", r, n);
			if (l->o->handshake == 0 && !l->has_handshake)
				line(l, "ff_commit(); ff_wait_read();");
		}
		return;
	default:
		return;
	}
}

static void
stmt_list(L *l, Stmt *const *items, int n, Ctx c, int depth)
{
	for (int i = 0; i < n; i++) {
		const Stmt *s = items[i];
		int fence_it = 0;
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
		if (fence_it)
			bar(l, c);
		stmt(l, s, c, depth + 1);
		if (fence_it)
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

static Ctx
narrow(L *l, Ctx c, const Expr *cond)
{
	if (!expr_div(l, cond, 0))
		return c;
	Ctx d = c;
	d.conv = 0;
	d.wg = c.wg && uniform_pred(l, cond, 128);
	d.warp = c.warp && uniform_pred(l, cond, 32);
	return d;
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
	StrBuf t;
	switch (s->kind) {
	case ST_SEQ:
		body(l, s, c, depth);
		return;
	case ST_EVAL:
		if (s->u.eval.value->kind == EX_CALL)
			emit_call(l, s->u.eval.value, c);
		return;
	case ST_STORE: {
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
			line(l, "ff_gw(t, %d, %du); /* %s[...] = ... */", region_of(l, d), ++l->site,
			     s->u.store.buf->name);
		}
		return;
	}
	case ST_FOR: {
		const Var *v = s->u.for_.var;
		declare(l, v);
		int n = l->loopn++;
		if (s->u.for_.kind == FOR_THREAD_BINDING && s->u.for_.thread &&
		    !strncmp(s->u.for_.thread, "threadIdx.x", 11)) {
			if (l->ntvars < 8)
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
		return;
	}
	case ST_WHILE: {
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
		return;
	}
	case ST_IF: {
		Ctx d = narrow(l, c, s->u.if_.cond);
		open_if(l, s->u.if_.cond);
		l->ind++;
		body(l, s->u.if_.then_, d, depth);
		l->ind--;
		if (s->u.if_.else_) {
			line(l, "} else {");
			l->ind++;
			Ctx e = d;
			if (!d.conv) { /* the complement of a uniform predicate is uniform */
				e.wg = d.wg;
				e.warp = d.warp;
			}
			body(l, s->u.if_.else_, e, depth);
			l->ind--;
		}
		line(l, "}");
		return;
	}
	case ST_LET:
		assign(l, s->u.let.var, s->u.let.value);
		body(l, s->u.let.body, c, depth);
		return;
	case ST_ASSERT:
		body(l, s->u.assert_.body, c, depth);
		return;
	case ST_ATTR:
		body(l, s->u.attr.body, c, depth);
		return;
	case ST_LAUNCH: {
		const Var *v = s->u.launch.var;
		declare(l, v);
		const char *tag = s->u.launch.tag;
		sb_init(&t);
		cname(&t, v);
		if (!strcmp(tag, "threadIdx.x")) {
			if (l->ntvars < 8)
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
		return;
	}
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
	Ctx c = {1, 1, 1};
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

	info->nthreads = l->nthreads;
	info->nregions = l->nreg;
	info->smem_bytes = l->nreg * 8192 + 8192 + 16384 + 2048;
	info->nparams = l->nparams;
	for (int i = 0; i < l->nparams; i++)
		info->params[i] = l->params[i]->name;

	/* header */
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
	if (l->nnotes) {
		sb_printf(out, "// lowered conservatively:\n");
		for (int i = 0; i < l->nnotes; i++)
			sb_printf(out, "//   - %s\n", l->notes[i]);
	} else {
		sb_printf(out, "// lowered conservatively: nothing\n");
	}
	if (!ns)
		sb_puts(out, cu_prelude);
	if (ns)
		sb_printf(out, "namespace %s {\n", ns);
	sb_printf(out, "%s__global__ void __launch_bounds__(1024) ff_kernel(const FFParams p, "
	               "const __grid_constant__ FFTensorMap tm_load, const __grid_constant__ FFTensorMap tm_store) {\n",
	          ns ? "" : "extern \"C\" ");
	sb_puts(out, "  extern __shared__ __align__(1024) unsigned char ff_smem[];\n");
	sb_printf(out, "  FFThread t;\n  ff_begin(t, p, ff_smem, %d, %d, 0x%xu);\n", l->nreg, l->nthreads, l->chunkmask);
	sb_printf(out, "  if (threadIdx.x >= %d) { ff_stress(t); return; }\n", l->nthreads);
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
	sb_puts(out, "    ff_bar(t);\n  }\n  ff_end(t, p);\n}\n");
	if (ns)
		sb_printf(out, "} // namespace %s\n", ns);
	sb_free(&bodytext);
	free(l);
	return 0;
}
