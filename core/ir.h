/* ir.h: the fencefuzz IR, and every prototype of the core layer, grouped by
 * the file that defines it.
 *
 * The IR mirrors the TIR subset TileLang prints around InjectFenceProxy
 * (docs/tvmscript.md).  All nodes of one program live in one Arena and are
 * never freed one by one.  Nodes are immutable once built: a pass model builds
 * new nodes for what it changes and shares the rest with its input, so the
 * input Program stays valid after the pass (the preservation oracle needs it).
 *
 * Names are kept as written; identity of variables and buffers is by pointer.
 * Structural equality (equal.c) compares up to consistent renaming of bound
 * variables, as TVM's structural_equal does.
 */
#ifndef FENCEFUZZ_IR_H
#define FENCEFUZZ_IR_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena.h"

/* Bounds on hostile input (reader) and on anything that recurses. */
enum {
	IR_MAX_DEPTH = 1000,          /* statement + expression nesting */
	IR_MAX_NODES = 50 * 1000 * 1000,
	IR_MAX_INPUT = 64 << 20,      /* bytes of program text (reading it takes ~3.8x in memory: the IR) */
	IR_MAX_NAME = 256,            /* identifier length */
	IR_MAX_STRING = 1 << 16       /* string literal length */
};

/* The two TVMScript eras a program can be written in (docs/tvmscript-eras.md):
 * ERA_SEED is the text of TileLang 9f25954's TVM (`import tir as T`,
 * LetStmt/Allocate/DeclBuffer with bodies, T.block); ERA_HEAD the text of
 * TileLang head's TVM (`import tirx as T`, flat Bind/AllocBuffer/DeclBuffer
 * lines, T.sblock, structured asserts).  Both read into the same IR: a head
 * flat node is the seed scoping node whose body is the rest of its block. */
typedef enum { ERA_SEED, ERA_HEAD } IrEra;

typedef struct Var Var;
typedef struct Buffer Buffer;
typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Func Func;
typedef struct Program Program;

/* A diagnostic for bad input: file:line:col: message. */
typedef struct Diag {
	const char *file;
	int line, col;
	char msg[512];
} Diag;

typedef struct Loc {
	int line, col;
} Loc;

/* Growable text buffer used by the printer and the CLI. */
typedef struct StrBuf {
	char *p;
	size_t len, cap;
} StrBuf;

/* ---- variables and buffers ---------------------------------------------- */

enum {
	VAR_ENV_THREAD = 1 << 0, /* defined by T.env_thread(...) before its launch */
	VAR_SIZE_VAR = 1 << 1,   /* T.int32(is_size_var=True) */
	VAR_FREE = 1 << 2        /* defined by `m = T.int32()`: no binding node */
};

struct Var {
	const char *name;
	const char *dtype;     /* "int32", "handle", or a pointer's element dtype */
	const char *ptr_scope; /* non-NULL: a pointer var, T.handle(dtype, scope) */
	Buffer *owner;         /* buffer that defines this var as its data: prints owner.data */
	int flags;             /* VAR_* */
	int id;                /* unique within its Func, creation order */
	int scratch;           /* free for one traversal at a time (eq/hash/print) */
};

typedef enum {
	BUF_PARAM,  /* A: T.Buffer(...) in the parameter list */
	BUF_MATCH,  /* A = T.match_buffer(A_handle, ...) */
	BUF_DECL,   /* declared by an ST_DECL node */
	BUF_ALIAS,  /* T.Buffer(..., data=p): no node at all */
	BUF_BLOCK   /* alloc_buffer of a block (or the implicit root block) */
} BufKind;

struct Buffer {
	const char *name;
	const char *dtype;
	Expr **shape;
	int ndim;
	Var *data;           /* pointer var; its ptr_scope is the buffer's scope */
	BufKind kind;
	/* Non-default buffer fields, printed in TVM's order when present. */
	Expr *strides;       /* EX_TUPLE or NULL */
	Expr *elem_offset;
	Expr *align;
	Expr *offset_factor;
	Expr *buffer_type;
	Expr *axis_separators;
	Expr *match_source;  /* BUF_MATCH: the handle param (EX_VAR) or region */
	int id;
	int scratch;
};

/* ---- expressions ---------------------------------------------------------- */

typedef enum {
	EX_INT,      /* ir_int_value, dtype: int32 prints bare, "bool" prints T.bool(..) */
	EX_FLOAT,    /* u.f, dtype (ir_expr_dtype) */
	EX_STR,      /* u.s, a string literal */
	EX_POD_BOOL, /* ir_int_value, Python True/False (annotations, attrs) */
	EX_NONE,     /* Python None */
	EX_VAR,      /* u.var; a buffer-owned data var prints `buf.data` */
	EX_BUF,      /* u.buf, a bare buffer name (attr nodes, call args) */
	EX_BIN,      /* u.bin */
	EX_NOT,      /* u.operand */
	EX_CALL,     /* u.call: T.name(args, key=value) */
	EX_LOAD,     /* u.load: buf[i, j] (an index may be an EX_SLICE) */
	EX_SLICE,    /* u.slice: begin:end[:step], only as a load/store index */
	EX_TUPLE,    /* u.list: (a, b) */
	EX_LIST,     /* u.list: [a, b] */
	EX_DICT,     /* u.dict: {k: v}, keys sorted when all are strings */
	EX_METADATA  /* u.meta: metadata["key"][index], kept opaque */
} ExprKind;

typedef enum {
	BIN_ADD, BIN_SUB, BIN_MUL, BIN_DIV, BIN_FLOORDIV, BIN_FLOORMOD,
	BIN_LT, BIN_LE, BIN_EQ, BIN_NE, BIN_GT, BIN_GE,
	BIN_AND, BIN_OR
} BinOp;

/* Every node takes the bytes of its own kind only (ir_expr_size,
 * ir_stmt_size): the header, then the union member of its kind.  Read a
 * node's members of its own kind only, copy a node with ir_copy_expr /
 * ir_copy_stmt (never `*c = *e`, which reads past a small node), and never
 * change a node's kind in place.  Debug builds catch a read past a node's
 * own bytes (ir.c: the tail of a full-size slot is filled with a pattern,
 * and poisoned under AddressSanitizer).
 *
 * The union u spans the whole node: each of its members starts with the
 * header's 12 bytes (IR_HEAD, never read or written through u), so that a
 * member's leading int (a count, an operator, a small literal's value)
 * fills the header's last 4 bytes and the pointers after it start at 16.
 * Assign the fields of a member, never a whole member (that would write the
 * header's bytes too). */
#define IR_HEAD(name) char name[12]

/* A literal's dtype is a code in its header (Expr.dt): the common names by
 * number, any other one (IR_DT_OTHER) stored in the node, in u.other_dtype.
 * Read it with ir_expr_dtype, which gives the same pointer for every
 * literal of one named code; set it through the constructors only.
 * IR_DT_WIDE in the code: the literal's value is in u.i (u.f), not in the
 * header's u.i32; every float and IR_DT_OTHER literal has it, an integer
 * one when its value does not fit in 32 bits. */
enum {
	IR_DT_NONE,      /* no dtype: ir_expr_dtype gives NULL (not well formed) */
	IR_DT_INT32, IR_DT_INT64, IR_DT_BOOL, IR_DT_FLOAT32, IR_DT_FLOAT16,
	IR_DT_BFLOAT16, IR_DT_FLOAT64, IR_DT_INT8, IR_DT_INT16, IR_DT_UINT8,
	IR_DT_UINT16, IR_DT_UINT32, IR_DT_UINT64, IR_DT_FLOAT8_E4M3FN,
	IR_DT_FLOAT8_E5M2,
	IR_DT_NAMED,     /* the number of codes with a name in ir_dtype_names */
	IR_DT_WIDE = 0x80,
	IR_DT_OTHER = 0xff
};
extern const char *const ir_dtype_names[IR_DT_NAMED];
int ir_dtype_code(const char *dtype); /* IR_DT_* of a name (NULL: IR_DT_NONE) */

struct Expr {
	union {
		struct {
			ExprKind kind : 8;
			uint8_t dt;        /* EX_INT, EX_FLOAT: IR_DT_*; 0 in every other node */
			uint16_t height;   /* the reader's: nesting height, saturated (read.c) */
			Loc loc;
		};
		union {
			struct {           /* EX_INT, EX_POD_BOOL: ir_int_value; EX_FLOAT: f */
				IR_HEAD(lit_head_);
				int32_t i32;   /* the value, without IR_DT_WIDE (EX_POD_BOOL: always) */
				union {
					int64_t i; /* with IR_DT_WIDE only: read ir_int_value */
					double f;
				};
				const char *other_dtype; /* present only when dt is IR_DT_OTHER */
			};
			struct {
				IR_HEAD(ref_head_);
				union {
					const char *s;
					Var *var;
					Buffer *buf;
					Expr *operand;
				};
			};
			struct { IR_HEAD(h_); BinOp op; Expr *a, *b; } bin;
			struct {
				IR_HEAD(h_);
				const char *name; /* bare op name, e.g. "tma_load", "call_extern" */
				Expr **args;
				int nargs;
				int nkw;
				/* Present only when nkw > 0: a call without keywords is
				 * allocated without these two (read them only then). */
				const char **kwnames;
				Expr **kwargs;
			} call;
			struct { IR_HEAD(h_); int nidx; Buffer *buf; Expr **idx; } load;
			struct { IR_HEAD(h_); Expr *begin, *end, *step; } slice; /* step may be NULL */
			struct { IR_HEAD(h_); int n; Expr **items; } list;
			struct { IR_HEAD(h_); int n; Expr **keys, **vals; } dict;
			struct { IR_HEAD(h_); const char *key; int64_t index; } meta;
		} u;
	};
};
_Static_assert(offsetof(Expr, loc) == 4 && offsetof(Expr, u.i32) == 12 && offsetof(Expr, u.i) == 16 &&
               offsetof(Expr, u.s) == 16 && offsetof(Expr, u.load.nidx) == 12,
               "the header is 12 bytes, a member's leading int its last 4");

/* A literal's dtype (EX_INT, EX_FLOAT), else NULL. */
static inline const char *
ir_expr_dtype(const Expr *e)
{
	if (e->kind > EX_FLOAT)
		return NULL;
	if (e->dt == IR_DT_OTHER)
		return e->u.other_dtype;
	return ir_dtype_names[e->dt & ~IR_DT_WIDE];
}

/* A literal's dtype as the code ir_dtype_code gives for its name: what
 * ir_int_dt / ir_float_dt take to make another literal of that dtype. */
static inline int
ir_expr_dtype_code(const Expr *e)
{
	return e->dt == IR_DT_OTHER ? IR_DT_OTHER : e->dt & ~IR_DT_WIDE;
}

/* The value of an integer literal (EX_INT) or of a Python bool
 * (EX_POD_BOOL). */
static inline int64_t
ir_int_value(const Expr *e)
{
	return e->dt & IR_DT_WIDE ? e->u.i : e->u.i32;
}

/* ---- statements ------------------------------------------------------------ */

typedef enum {
	ST_SEQ,    /* never nested directly in another ST_SEQ, never < 2 items */
	ST_EVAL,   /* T.f(..) or T.evaluate(e) */
	ST_STORE,  /* buf[idx] = value */
	ST_FOR,
	ST_WHILE,
	ST_IF,
	ST_LET,    /* x: T.int32 = v */
	ST_ASSERT, /* assert cond, "msg" */
	ST_ATTR,   /* T.attr(node, "key", value) */
	ST_LAUNCH, /* tx = T.launch_thread("threadIdx.x", 128) */
	ST_ALLOC,  /* p = T.allocate([n], "uint8", "shared.dyn") */
	ST_DECL,   /* b = T.decl_buffer(...) */
	ST_BLOCK   /* with T.block("name"): */
} StmtKind;

typedef enum {
	FOR_SERIAL, FOR_PARALLEL, FOR_VECTORIZED, FOR_UNROLL, FOR_THREAD_BINDING
} ForKind;

struct Stmt {
	union {
		struct {
			StmtKind kind;
			Loc loc;
		};
		/* As Expr's: every member starts with the header's 12 bytes. */
		union {
			struct { IR_HEAD(h_); int n; Stmt **items; } seq;
			struct { IR_HEAD(h_); Expr *value; } eval;
			struct { IR_HEAD(h_); int nidx; Buffer *buf; Expr **idx; Expr *value; } store;
			struct {
				IR_HEAD(h_);
				ForKind kind;
				Var *var;
				Expr *min, *extent;
				Expr *step;        /* NULL when absent */
				const char *thread; /* FOR_THREAD_BINDING */
				Expr *annotations;  /* EX_DICT or NULL */
				Stmt *body;
			} for_;
			struct { IR_HEAD(h_); Expr *cond; Stmt *body; } while_;
			struct { IR_HEAD(h_); Expr *cond; Stmt *then_; Stmt *else_; } if_; /* else_ may be NULL */
			struct { IR_HEAD(h_); Var *var; Expr *value; Stmt *body; } let;
			/* msg: the message (seed), or the one message part; an EX_LIST
			 * when a structured assert has another number of parts.
			 * error_kind: NULL for "RuntimeError" (all a seed assert says). */
			struct { IR_HEAD(h_); Expr *cond; Expr *msg; Stmt *body; const char *error_kind; } assert_;
			struct { IR_HEAD(h_); Expr *node; const char *key; Expr *value; Stmt *body; } attr;
			struct { IR_HEAD(h_); Var *var; const char *tag; Expr *extent; Stmt *body; } launch;
			struct {
				IR_HEAD(h_);
				int nextents;
				Var *var;           /* pointer var: dtype + scope */
				Expr **extents;
				Expr *condition;    /* NULL = true */
				Expr *annotations;  /* EX_DICT or NULL */
				Stmt *body;
			} alloc;
			struct {
				IR_HEAD(h_);
				int allocates;      /* 1: sugar for Allocate+DeclBuffer (no data=), head's AllocBuffer */
				Buffer *buf;
				Stmt *body;
				Expr *annotations;  /* allocates: head's AllocBuffer annotations (EX_DICT) or NULL */
			} decl;
			struct {
				IR_HEAD(h_);
				int nallocs;
				const char *name;
				Expr *where;        /* T.where predicate, NULL = true */
				Expr *reads;        /* EX_LIST of regions, NULL = not given */
				Expr *writes;
				Expr *attrs;        /* T.block_attr dict or NULL */
				Buffer **allocs;
				Stmt *body;
			} block;
		} u;
	};
};
_Static_assert(offsetof(Stmt, loc) == 4 && offsetof(Stmt, u.store.nidx) == 12 &&
               offsetof(Stmt, u.store.buf) == 16, "the header is 12 bytes, a member's leading int its last 4");

/* ---- functions and programs ------------------------------------------------ */

typedef struct Param {
	Var *var;    /* the handle or scalar var */
	Buffer *buf; /* non-NULL for an inline `A: T.Buffer(...)` param */
} Param;

struct Func {
	const char *name;
	int is_private;
	Param *params;
	int nparams;
	Expr *attrs;        /* T.func_attr dict (EX_DICT) or NULL */
	Var **free_vars;    /* `m = T.int32()` definitions, in order */
	int nfree;
	Var **env_threads;  /* `tx = T.env_thread(..)` definitions, in order */
	int nenv;
	Buffer **matches;   /* T.match_buffer, in order */
	int nmatches;
	int has_root_block; /* prints `# with T.block("root"):` */
	Buffer **root_allocs;
	int nroot_allocs;
	Stmt *body;
	int nvars, nbufs;   /* id counters */
};

struct Program {
	Func **funcs;
	int nfuncs;
	int is_module;      /* read from an @I.ir_module class: print it back so */
	const char *module_name;
	IrEra era;          /* the era the text was written in (the reader sets it) */
	Arena *arena;
};

/* ---- arena.c: arena.h ------------------------------------------------------ */

/* ---- strbuf.c ---------------------------------------------------------------- */
void sb_init(StrBuf *sb);
void sb_free(StrBuf *sb);
void sb_putc(StrBuf *sb, char c);
void sb_puts(StrBuf *sb, const char *s);
void sb_putn(StrBuf *sb, const char *s, size_t n);
void sb_printf(StrBuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *sb_take(StrBuf *sb); /* NUL-terminated, caller frees */

/* ---- ir.c: constructors (all allocate in the arena) --------------------------- */
Var *ir_var(Arena *a, Func *f, const char *name, const char *dtype, const char *ptr_scope);
Buffer *ir_buffer(Arena *a, Func *f, const char *name, const char *dtype,
                  Expr **shape, int ndim, Var *data, BufKind kind);
/* A buffer's scope, "global" when unknown. */
static inline const char *
ir_buffer_scope(const Buffer *b)
{
	return b->data && b->data->ptr_scope ? b->data->ptr_scope : "global";
}
/* The scope's text starts with "shared" (compared inline: the oracles and
 * the models ask it of every buffer they meet). */
static inline int
ir_scope_is_shared(const char *scope)
{
	return scope && scope[0] == 's' && scope[1] == 'h' && scope[2] == 'a' && scope[3] == 'r' &&
	       scope[4] == 'e' && scope[5] == 'd';
}

Expr *ir_int(Arena *a, int64_t v, const char *dtype);   /* dtype NULL: "int32" */
Expr *ir_float(Arena *a, double v, const char *dtype);  /* dtype NULL: "float32" */
/* The same with the dtype's code (ir_dtype_code) known: dtype is read only
 * when code is IR_DT_OTHER. */
Expr *ir_int_dt(Arena *a, int64_t v, int code, const char *dtype);
Expr *ir_float_dt(Arena *a, double v, int code, const char *dtype);
Expr *ir_str(Arena *a, const char *s);
Expr *ir_pod_bool(Arena *a, int v);
Expr *ir_none(Arena *a);
Expr *ir_varref(Arena *a, Var *v);
Expr *ir_bufref(Arena *a, Buffer *b);
Expr *ir_bin(Arena *a, BinOp op, Expr *x, Expr *y);
Expr *ir_not(Arena *a, Expr *x);
Expr *ir_call(Arena *a, const char *name, Expr **args, int nargs);
Expr *ir_call_kw(Arena *a, const char *name, Expr **args, int nargs,
                 const char **kwnames, Expr **kwargs, int nkw);
Expr *ir_load(Arena *a, Buffer *b, Expr **idx, int nidx);
Expr *ir_slice(Arena *a, Expr *begin, Expr *end, Expr *step);
Expr *ir_tuple(Arena *a, ExprKind kind, Expr **items, int n); /* EX_TUPLE/EX_LIST */
Expr *ir_dict(Arena *a, Expr **keys, Expr **vals, int n);     /* sorts string keys */
Expr *ir_metadata(Arena *a, const char *key, int64_t index);

Stmt *ir_seq(Arena *a, Stmt **items, int n);  /* flattens, drops no-op evals as TVM does; n==1 returns the item */
Stmt *ir_eval(Arena *a, Expr *value);
Stmt *ir_store(Arena *a, Buffer *b, Expr **idx, int nidx, Expr *value);
Stmt *ir_for(Arena *a, Var *v, Expr *min, Expr *extent, Expr *step, ForKind kind,
             const char *thread, Expr *annotations, Stmt *body);
Stmt *ir_while(Arena *a, Expr *cond, Stmt *body);
Stmt *ir_if(Arena *a, Expr *cond, Stmt *then_, Stmt *else_);
Stmt *ir_let(Arena *a, Var *v, Expr *value, Stmt *body);
Stmt *ir_assert(Arena *a, Expr *cond, Expr *msg, Stmt *body);
Stmt *ir_attr(Arena *a, Expr *node, const char *key, Expr *value, Stmt *body);
Stmt *ir_launch(Arena *a, Var *v, const char *tag, Expr *extent, Stmt *body);
Stmt *ir_alloc(Arena *a, Var *v, Expr **extents, int n, Expr *cond, Expr *ann, Stmt *body);
Stmt *ir_decl(Arena *a, Buffer *b, int allocates, Stmt *body);
Stmt *ir_block(Arena *a, const char *name, Stmt *body);
Stmt *ir_copy_stmt(Arena *a, const Stmt *s);  /* shallow copy, for rebuilding */
Expr *ir_copy_expr(Arena *a, const Expr *e);  /* shallow copy, for rebuilding */
size_t ir_stmt_size(StmtKind k);              /* bytes of a statement of that kind */
size_t ir_expr_size(const Expr *e);           /* bytes of e's node (what a copy takes) */
Stmt *ir_with_body(Arena *a, const Stmt *s, Stmt *body); /* same node, new body (single-body kinds) */
/* Per statement kind: where a node of that kind holds its one body, as a
 * byte offset into the node (the node table's only FB field; ir.c expands
 * it from nodes.def); 0 for the kinds that have no single body: a
 * sequence, an if, the leaves. */
extern const unsigned char ir_body_offsets[];

#include "ir_build.h" /* the constant-size constructors, inline */
/* The body slot of a statement of a single-body kind, else NULL. */
static inline Stmt **
ir_body_slot(Stmt *s)
{
	unsigned off = ir_body_offsets[s->kind];
	return off ? (Stmt **)((char *)s + off) : NULL;
}
/* The body of a single-body kind (not if/seq/leaves); else, or for NULL, NULL. */
static inline Stmt *
ir_body(const Stmt *s)
{
	unsigned off = s ? ir_body_offsets[s->kind] : 0;
	return off ? *(Stmt *const *)((const char *)s + off) : NULL;
}
Func *ir_func(Arena *a, const char *name);
Func *ir_func_with_body(Arena *a, const Func *f, Stmt *body); /* shallow copy */
Program *ir_program(Arena *a);
Program *ir_program_map(const Program *p, Func *(*fn)(const Func *, void *), void *ctx);

/* An integer literal (EX_INT, a "bool" one included), its value in *out
 * when out is not NULL. */
static inline int
ir_is_const_int(const Expr *e, int64_t *out)
{
	if (e && e->kind == EX_INT) {
		if (out)
			*out = ir_int_value(e);
		return 1;
	}
	return 0;
}
int ir_is_call(const Expr *e, const char *name);
int ir_stmt_is_call(const Stmt *s, const char *name); /* ST_EVAL of that call */
const char *ir_binop_name(BinOp op);   /* "Add", "Sub", ... (T.Add) */
const char *ir_binop_token(BinOp op);  /* "+", "-", ... */
size_t ir_count_stmts(const Stmt *s);  /* statements excluding ST_SEQ nodes */
int ir_expr_same(const Expr *a, const Expr *b); /* syntactic, vars by pointer */
/* range(start, stop) <-> (min, extent): the reader stores extent =
 * ir_loop_extent(start, stop); the printer prints stop = ir_loop_stop(min,
 * extent).  The two are inverse, so reading what was printed is a fixed point. */
Expr *ir_loop_extent(Arena *a, Expr *start, Expr *stop);
Expr *ir_loop_stop(Arena *a, Expr *min, Expr *extent);

/* ---- vocab.c: the reader's spelling aliases (vocab.def VOCAB_ALIAS) ---------- */
/* The models' op table and its lookup are in models/opclass.h. */
const char *op_canonical_name(const char *name); /* reader aliases: shuffle_elect -> tl_shuffle_elect */

/* ---- read.c: TVMScript reader -------------------------------------------------- */
/* Reads a whole file.  Returns NULL and fills *d on bad input. */
Program *ir_read(Arena *a, const char *file, const char *src, size_t len, Diag *d);
/* A whole file ("-" = stdin), NUL-terminated, at most IR_MAX_INPUT bytes;
 * the caller frees it.  NULL with *d filled on an I/O error. */
char *ir_read_text(const char *path, size_t *len, Diag *d);
/* Reads a file from disk ("-" = stdin); fills *d on I/O error too. */
Program *ir_read_file(Arena *a, const char *path, Diag *d);
void diag_print(FILE *out, const Diag *d);
/* lex.c: "\n<the source line>\n<caret under col>" into out (nothing when
 * the line does not exist), as read errors carry it. */
void ir_excerpt(const char *src, size_t len, int line, int col, char *out, size_t cap);

/* ---- print.c: canonical TVMScript printer ------------------------------------- */
void ir_print_program(StrBuf *sb, const Program *p);
void ir_print_func(StrBuf *sb, const Func *f, int indent);
void ir_print_expr(StrBuf *sb, const Expr *e);
void ir_print_stmt(StrBuf *sb, const Stmt *s, int indent); /* debug helper */
/* ir_print_program's text written to out as it is printed, sb (emptied
 * first) holding about chunk bytes at a time; a function printed again
 * (print.c's speculation) is written over when out can seek and does not
 * append, else held whole.  0, or -1 when a write failed. */
int ir_print_program_file(FILE *out, const Program *p, StrBuf *sb, size_t chunk);
/* Another spelling for some calls (repro_pytest.c: TileLang's frontend has no
 * Python wrapper for several printed tl ops).  call_head either returns -1
 * (print `T.name(` as usual) or writes its own head, opening parenthesis
 * included, and returns how many arguments of its own it wrote before the
 * call's (the printer then puts ", " before the call's first argument).
 * Everything else prints as ir_print_func does. */
typedef struct PrintHooks {
	int (*call_head)(StrBuf *sb, const Expr *call, void *ctx);
	void *ctx;
} PrintHooks;
void ir_print_func_hooked(StrBuf *sb, const Func *f, int indent, const PrintHooks *hooks);

/* Printing in a chosen era.  era: the spelling (ir_print_program prints
 * p->era).  A program printed in the other era than it was read in is
 * converted: head's flat lines take the rest of their block as body, so a
 * seed scoping node followed by siblings prints as its flat line, its body,
 * then the siblings (the same program; the IR read back nests them).
 * Whatever has no spelling in the target era is reported by ir_era_check;
 * printed anyway, it keeps a readable spelling of the other era.
 * tl_call_intrin: every TileLang op call prints as
 * `T.call_intrin("<dtype>", tir.op.Op.get("tl.NAME"), args...)` (head:
 * `tirx.op.Op.get`), the form TVM's own TVMScript parser reads.
 * locs: when not NULL, every statement printed is put in this map (ptrmap.h,
 * a Stmt pointer to pm_loc_pack of its line:col in the text, counted from
 * where the printing starts), the location ir_read gives the statement when
 * it reads the text back; a sequence has its first item's, each loop of a
 * T.grid line that line's.  Statements of a program printed in the other
 * era than its own are converted copies (ir_era_flatten) and not mapped. */
struct PtrMap;
typedef struct IrPrintOptions {
	IrEra era;
	int tl_call_intrin;
	struct PtrMap *locs;
} IrPrintOptions;
void ir_print_program_opts(StrBuf *sb, const Program *p, const IrPrintOptions *o);
void ir_print_func_opts(StrBuf *sb, const Func *f, int indent, const IrPrintOptions *o,
                        const PrintHooks *hooks); /* hooks may be NULL */
/* 0 when every construct of p has a spelling in era; else 1 and *d says
 * which one cannot be converted and where (d->file is left to the caller). */
int ir_era_check(const Program *p, IrEra era, Diag *d);
const char *ir_era_name(IrEra era);             /* "seed", "head" */
/* era.c: s in head's shape, every flat-line kind (let, assert, allocate,
 * decl_buffer) last in its sequence; new nodes in a.  NULL when that
 * shape nests too deep to print (ir_era_check says so). */
Stmt *ir_era_flatten(Arena *a, Stmt *s);
int ir_era_parse(const char *name, IrEra *out); /* 0 ok, -1 unknown */

/* ---- equal.c: structural equality and hash ------------------------------------ */
int ir_equal_program(const Program *a, const Program *b);
int ir_equal_func(const Func *a, const Func *b);
int ir_equal_stmt(const Stmt *a, const Stmt *b); /* free vars compared by name */
/* Equal, and indistinguishable to anything that reads them: the same Var and
 * Buffer objects where equality would map one to another, every statement
 * and expression at the same location; shared subtrees are not walked.  Two
 * models' outputs of one input that are identical judge alike. */
int ir_identical_func(const Func *a, const Func *b);
uint64_t ir_hash_program(const Program *p);
uint64_t ir_hash_func(const Func *f);
uint64_t ir_hash_stmt(const Stmt *s);

/* ---- walk.c: children of a node, expanded from the node table (nodes.def) --------
 * Generic walks visit children through these instead of switching on kinds.
 * A node's children come in segments: one slot (a field such as
 * for_.min; arr 0) or an array of len slots (call args, store indices, seq
 * items; arr 1), in the table's order.  ir_kids_next / ir_bodies_next step
 * over every slot in order, including slots that hold NULL (an absent
 * step, else branch or annotation dict): callers skip those themselves,
 * so that two nodes of one kind always give the same number of slots.
 * Slots are pointers into the node, so a caller may rewrite a child in
 * place, on a node it owns only (nodes are shared between a pass's input
 * and output: ir_copy_stmt first, and copy the arrays it rewrites).
 * Expression children of a statement do not include buffer fields;
 * ir_buffer_kids gives those (shape, then strides, elem_offset, align,
 * offset_factor, buffer_type, axis_separators, match_source).  A block's
 * alloc buffers and the buffers of stores, loads and decls are no
 * expressions: ir_stmt_buf / ir_expr_buf name the buffer of a node. */
enum { IR_MAX_SEGS = 8 };
typedef struct IrKids {
	Expr **seg[IR_MAX_SEGS];
	int len[IR_MAX_SEGS];
	unsigned char arr[IR_MAX_SEGS];
	int nseg;
	int s, i; /* cursor of ir_kids_next */
} IrKids;
typedef struct IrBodies {
	Stmt **seg[2];
	int len[2];
	unsigned char arr[2];
	int nseg;
	int s, i;
} IrBodies;
void ir_expr_kids(IrKids *k, const Expr *e);     /* child expressions of e */
void ir_stmt_kids(IrKids *k, const Stmt *s);     /* expressions of s (its header) */
void ir_buffer_kids(IrKids *k, const Buffer *b); /* a buffer's field expressions */
Expr **ir_kids_next(IrKids *k);                  /* next slot, NULL after the last */
void ir_stmt_bodies(IrBodies *b, const Stmt *s); /* child statements of s */
Stmt **ir_bodies_next(IrBodies *b);
int ir_stmt_nbodies(const Stmt *s);              /* slots ir_stmt_bodies gives */
const char *ir_stmt_name(StmtKind k);            /* TVM node name: "For" */
const char *ir_stmt_word(StmtKind k);            /* for messages: "for loop" */
const char *ir_expr_name(ExprKind k);            /* "BufferLoad" */
Var *ir_stmt_var(const Stmt *s);    /* the var s defines (for/let/launch/alloc), else NULL */
Buffer *ir_stmt_buf(const Stmt *s); /* the buffer of a store or decl, else NULL */
Buffer *ir_expr_buf(const Expr *e); /* the buffer of an EX_BUF or EX_LOAD, else NULL */
Buffer **ir_stmt_defbufs(const Stmt *s, int *n); /* buffers s defines: decl's, block allocs */
/* Preorder walks.  fn returns IR_WALK_GO to descend into the node's
 * children, IR_WALK_SKIP to skip them, or any other value to stop the walk,
 * which then returns that value (IR_WALK_GO when it ran to the end).
 * Recursion is as deep as the IR (bounded by IR_MAX_DEPTH, verify.c).
 * ir_walk_stmt calls sfn on every statement (ST_SEQ included) and, when
 * efn is not NULL, efn on every expression of every statement it descends
 * into (its header expressions, before its bodies; buffer fields not
 * included). */
enum { IR_WALK_GO = 0, IR_WALK_SKIP = -1 };
typedef int (*IrExprFn)(const Expr *e, void *ctx);
typedef int (*IrStmtFn)(const Stmt *s, void *ctx);
int ir_walk_expr(const Expr *e, IrExprFn fn, void *ctx);
int ir_walk_stmt(const Stmt *s, IrStmtFn sfn, IrExprFn efn, void *ctx);
int ir_expr_depth(const Expr *e);   /* 0 for NULL, 1 for a leaf */
int ir_expr_count_calls(const Expr *e, const char *name); /* calls of that name, nested ones too */
long ir_count_call_stmts(const Stmt *s, const char *name); /* statements that are that call (ir_stmt_is_call) */
/* s with every body b replaced by fn(b, ctx): s itself when fn changed none;
 * else a copy in a (a seq rebuilt by ir_seq, which flattens it).  Copy on
 * write: the input is never changed. */
Stmt *ir_map_bodies(Arena *a, const Stmt *s, Stmt *(*fn)(Stmt *body, void *ctx), void *ctx);

/* ---- equal.c: one expression equality, with hooks -------------------------------
 * ir_expr_eq compares two expressions field by field as the node table
 * lists them (kind, dtype, literals, names, children); how variables and
 * buffers compare is the caller's: var / buf get both sides (either may be
 * NULL only when the field is).  identical: a == b is equal without a look
 * (not so for a renaming comparison, where one var may map to another).
 * max_depth > 0: a pair nested deeper than that is unequal. */
typedef struct IrEqHooks {
	int (*var)(void *ctx, const Var *a, const Var *b);
	int (*buf)(void *ctx, Buffer *a, Buffer *b);
	void *ctx;
	int identical;
	int max_depth;
} IrEqHooks;
int ir_expr_eq(const Expr *a, const Expr *b, const IrEqHooks *h);

/* ---- verify.c: IR invariants --------------------------------------------------- */
/* Returns 0 when the program is well formed; else 1 with the first problem in *d. */
int ir_verify_program(const Program *p, Diag *d);

#endif
