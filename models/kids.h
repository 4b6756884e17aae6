/* kids.h: the child-expression field macros of the node table
 * (core/nodes.def) as inline code, for the models' hot walks (the vocabulary
 * scan, the proxy classifier), where the generic iterators of core/walk.c
 * cost more than the work itself.  The visiting order is the table's, as
 * ir_expr_kids / ir_stmt_kids give it.
 *
 * With KID defined, FX, FXD, FXL, FXA and FXS run KID(x) on each child
 * expression x (an Expr *, maybe NULL) of the node NODE; the includer
 * defines KID and NODE, then includes this file and nodes.def inside a
 * switch on NODE's kind:
 *
 *     switch (e->kind) {
 *     #define NODE e
 *     #define KID(x) if (walk(x)) return 1;
 *     #include "kids.h"
 *     #define EXPR(kind, name, fields) case kind: fields break;
 *     #include "nodes.def"
 *     #undef KID
 *     #undef NODE
 *     }
 *
 * Without KID they expand to `| 1`, for a table of the kinds that have
 * child expressions (a walk skips the others without a call):
 *
 *     static const unsigned char has_kids[] = {
 *     #include "kids.h"
 *     #define EXPR(kind, name, fields) [kind] = 0 fields,
 *     #include "nodes.def"
 *     };
 *
 * With BODY defined, FB and FBS run BODY(x) on each body x (a Stmt *, maybe
 * NULL) of the statement NODE, in the table's order (ir_stmt_bodies's):
 *
 *     switch (s->kind) {
 *     #define NODE s
 *     #define BODY(x) bits |= summary(x);
 *     #include "kids.h"
 *     #define STMT(kind, name, word, fields) case kind: fields break;
 *     #include "nodes.def"
 *     #undef BODY
 *     #undef NODE
 *     }
 *
 * nodes.def undefines the field macros at its end, so this file has no
 * include guard: include it again before each expansion.  A statement's
 * buffers and bodies are not its child expressions (ir_stmt_defbufs,
 * ir_stmt_bodies). */
#ifdef BODY
#define FB(m) BODY(NODE->u.m)
#define FBS(m, c) \
	for (int kids_i_ = 0; kids_i_ < NODE->u.c; kids_i_++) \
		BODY(NODE->u.m[kids_i_])
#elif defined KID
#define FX(m) KID(NODE->u.m)
#define FXD(m) KID(NODE->u.m)
#define FXL(m) KID(NODE->u.m)
#define FXA(m) KID(NODE->u.m)
#define FXS(m, c) \
	for (int kids_i_ = 0; kids_i_ < NODE->u.c; kids_i_++) \
		KID(NODE->u.m[kids_i_])
#else
#define FX(m) | 1
#define FXD(m) | 1
#define FXL(m) | 1
#define FXA(m) | 1
#define FXS(m, c) | 1
#endif
