/* signature.c: cause signatures, so that findings group by cause, not by
 * program (docs/semantics.md §5.8, issue 5).
 *
 * A finding's raw signature (fl_sign) names what went wrong: kind, model,
 * oracle, rule, the end events of the witness.  Two different bugs can share
 * it (legacy misses the fence across a decl_buffer line and across a loop
 * back edge alike: "generic write store -> async read ptx_wgmma_ss").  The
 * cause signature replaces the witness ends by the shape of the REDUCED
 * program: a reduced program keeps only what the finding needs, and the
 * reducer turns a generic access the bug does not depend on into a plain
 * store, so its shape is the cause.  Shape =
 * statement kinds and nesting, call names (outermost and nested), the scope
 * rank of every buffer touched, the rw_mask of access pointers, loop kinds
 * and trip-count classes (0, 1, many, symbolic), whether an if has an else,
 * attribute keys, and the target arch; never names, constants, dtypes,
 * declarations or locations, which differ between programs showing the
 * same bug.  The finding's root cause (the model's rule to blame, check.c)
 * is mixed in too, so that each cause signature belongs to one root cause:
 * cause signatures are the rows under a root cause.
 */
#include <string.h>

#include "reduce.h"

typedef struct H {
	uint64_t h;
} H;

static void
mix_u(H *h, uint64_t v)
{
	h->h ^= v + 0x9e3779b97f4a7c15ULL + (h->h << 6) + (h->h >> 2);
}

static void
mix_s(H *h, const char *s)
{
	uint64_t x = 0xcbf29ce484222325ULL;
	for (; s && *s; s++)
		x = (x ^ (unsigned char)*s) * 0x100000001b3ULL;
	mix_u(h, x);
}

static const char *
scope_rank(const char *scope)
{
	if (!scope)
		return "global";
	if (!strcmp(scope, "shared.barrier"))
		return "barrier";
	if (ir_scope_is_shared(scope))
		return "shared";
	if (!strncmp(scope, "local", 5))
		return "local";
	return scope;
}

static void
shape_expr(H *h, const Expr *x)
{
	if (!x)
		return;
	mix_u(h, 100 + (uint64_t)x->kind);
	switch (x->kind) {
	case EX_VAR:
		if (x->u.var->ptr_scope)
			mix_s(h, scope_rank(x->u.var->ptr_scope));
		break;
	case EX_BUF:
		mix_s(h, scope_rank(ir_buffer_scope(x->u.buf)));
		break;
	case EX_BIN:
		mix_u(h, (uint64_t)x->u.bin.op);
		shape_expr(h, x->u.bin.a);
		shape_expr(h, x->u.bin.b);
		break;
	case EX_NOT:
		shape_expr(h, x->u.operand);
		break;
	case EX_CALL:
		mix_s(h, x->u.call.name);
		for (int i = 0; i < x->u.call.nargs; i++) {
			const Expr *arg = x->u.call.args[i];
			/* Literal arguments are constants, except what classifies an
			 * access: a tvm_access_ptr's rw_mask, an op's name string. */
			if (arg->kind == EX_INT && !(ir_is_call(x, "tvm_access_ptr") && i == 4))
				continue;
			if (arg->kind == EX_FLOAT)
				continue;
			if (arg->kind == EX_INT)
				mix_u(h, (uint64_t)ir_int_value(arg));
			else if (arg->kind == EX_STR && (ir_is_call(x, "call_extern") || ir_is_call(x, "call_intrin")))
				mix_s(h, arg->u.s);
			else
				shape_expr(h, arg);
		}
		break;
	case EX_LOAD:
		mix_s(h, scope_rank(ir_buffer_scope(x->u.load.buf)));
		for (int i = 0; i < x->u.load.nidx; i++)
			shape_expr(h, x->u.load.idx[i]);
		break;
	case EX_TUPLE:
	case EX_LIST:
		for (int i = 0; i < x->u.list.n; i++)
			shape_expr(h, x->u.list.items[i]);
		break;
	default:
		break;
	}
}

static void shape_stmt(H *h, const Stmt *s);

/* The items of a statement list, with declarations transparent: a
 * declaration's body is spliced into the list around it, so how buffers
 * are declared and where does not change the shape. */
static void
shape_items(H *h, const Stmt *s)
{
	if (!s)
		return;
	if (s->kind == ST_SEQ)
		for (int i = 0; i < s->u.seq.n; i++)
			shape_items(h, s->u.seq.items[i]);
	else if (s->kind == ST_DECL || s->kind == ST_ALLOC)
		shape_items(h, ir_body(s));
	else
		shape_stmt(h, s);
}

static void
shape_body(H *h, const Stmt *s)
{
	mix_u(h, 0xb0d1);
	shape_items(h, s);
	mix_u(h, 0xe7d);
}

static void
shape_stmt(H *h, const Stmt *s)
{
	mix_u(h, 1 + (uint64_t)s->kind);
	switch (s->kind) {
	case ST_EVAL:
		shape_expr(h, s->u.eval.value);
		break;
	case ST_STORE:
		mix_s(h, scope_rank(ir_buffer_scope(s->u.store.buf)));
		shape_expr(h, s->u.store.value);
		break;
	case ST_FOR: {
		int64_t ext;
		mix_u(h, (uint64_t)s->u.for_.kind);
		mix_u(h, !ir_is_const_int(s->u.for_.extent, &ext) ? 3 : ext == 0 ? 0 : ext == 1 ? 1 : 2);
		mix_u(h, s->u.for_.step != NULL);
		mix_u(h, s->u.for_.annotations != NULL);
		shape_body(h, s->u.for_.body);
		break;
	}
	case ST_WHILE:
		shape_expr(h, s->u.while_.cond);
		shape_body(h, s->u.while_.body);
		break;
	case ST_IF:
		shape_expr(h, s->u.if_.cond);
		mix_u(h, s->u.if_.else_ != NULL);
		shape_body(h, s->u.if_.then_);
		if (s->u.if_.else_)
			shape_body(h, s->u.if_.else_);
		break;
	case ST_LET:
		shape_expr(h, s->u.let.value);
		shape_body(h, s->u.let.body);
		break;
	case ST_ATTR:
		mix_s(h, s->u.attr.key);
		shape_body(h, s->u.attr.body);
		break;
	case ST_LAUNCH:
		mix_s(h, s->u.launch.tag);
		shape_body(h, s->u.launch.body);
		break;
	case ST_BLOCK:
		mix_u(h, s->u.block.where != NULL);
		shape_body(h, s->u.block.body);
		break;
	default:
		shape_body(h, ir_body(s));
		break;
	}
}

/* The target arch, the one function attribute a model reads. */
static void
shape_target(H *h, const Func *f)
{
	if (!f->attrs || f->attrs->kind != EX_DICT)
		return;
	StrBuf sb;
	sb_init(&sb);
	for (int i = 0; i < f->attrs->u.dict.n; i++)
		if (f->attrs->u.dict.keys[i]->kind == EX_STR &&
		    !strcmp(f->attrs->u.dict.keys[i]->u.s, "target"))
			ir_print_expr(&sb, f->attrs->u.dict.vals[i]);
	const char *arch = sb.p ? strstr(sb.p, "sm_") : NULL;
	if (arch) {
		size_t n = 3;
		while (arch[n] && arch[n] != '"' && arch[n] != '\'' && arch[n] != ' ')
			n++;
		char buf[32];
		snprintf(buf, sizeof buf, "%.*s", (int)(n < 31 ? n : 31), arch);
		mix_s(h, buf);
	} else if (sb.len) {
		mix_s(h, "target without arch");
	}
	sb_free(&sb);
}

uint64_t
fz_cause_signature(const Program *p, const Finding *f)
{
	/* Not the raw signature: its witness ends name the generic op, which the
	 * reducer has made canonical (a plain store) wherever the bug does not
	 * depend on it.  A differential's raw signature holds both verdicts. */
	H h = {f->kind == FK_DIFFERENTIAL ? f->signature : 0x5eed};
	mix_s(&h, orc_kind_name(f->kind));
	mix_s(&h, f->model);
	mix_s(&h, f->oracle);
	mix_s(&h, f->rule);
	if (f->root_cause)
		mix_s(&h, f->root_cause); /* one root cause per cause signature */
	for (int i = 0; i < p->nfuncs; i++) {
		shape_target(&h, p->funcs[i]);
		shape_body(&h, p->funcs[i]->body);
	}
	return h.h ? h.h : 1;
}
