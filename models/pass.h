/* pass.h: the pass-model interface.  A model is `program in -> program out`
 * (docs/semantics.md §4); every model is a named, documented implementation behind this
 * one interface, selected by name with --model. */
#ifndef FENCEFUZZ_PASS_H
#define FENCEFUZZ_PASS_H

#include "ir.h"
#include "vocab.h"

/* Why a model produced no output.  A built-in model fails only by refusing
 * a program that calls an op its TileLang version does not have
 * (PASS_ERR_REJECTED); external models (ext:COMMAND, pass_external.c;
 * ext-server:COMMAND, pass_ext_server.c) can also crash, time out or answer
 * something unreadable. */
typedef enum {
	PASS_OK,
	PASS_ERR_CRASH,      /* the command exited non-zero or was killed by a signal, or the
	                      * server said the pass itself failed (an `error` answer) */
	PASS_ERR_TIMEOUT,    /* it ran past the timeout; its process group was killed */
	PASS_ERR_UNREADABLE, /* its output is not a program with the input's function count,
	                      * or (a server) its answer broke the framing */
	PASS_ERR_REJECTED    /* the model refused the program: not judged (msg says why): an op
	                      * its version does not have, or a server's `reject` answer */
} PassErrorKind;

typedef struct PassError {
	PassErrorKind kind;
	char msg[1024];      /* one line: exit status / signal / reader diagnostic; stderr head */
	Loc loc;             /* PASS_ERR_REJECTED: the offending call (0:0 when unknown) */
} PassError;

/* What a model is asked to explain (explain below): one finding the oracles
 * made on its output, in the oracles' words only (kind of question,
 * locations, witness steps as the oracles describe them), so that the model
 * can name its own rule to blame without the oracles ever reading it. */
typedef enum {
	PASS_Q_UNFENCED_WRITE, /* a generic write reaches an async access unfenced */
	PASS_Q_UNFENCED_READ,  /* a generic read reaches an async write unfenced (WAR) */
	PASS_Q_EXTRA_FENCE,    /* an inserted fence is not needed */
	PASS_Q_ALIAS_FENCE,    /* an inserted fence guards only non-overlapping footprints */
	PASS_Q_PLACEMENT,      /* the inserted fences cost more than the optimum */
	PASS_Q_NOT_PRESERVED,  /* the output is not the input plus insertions */
	PASS_Q_NOT_IDEMPOTENT, /* a second run changes the output */
	PASS_Q_HANDSHAKE,      /* a tma_store source rewritten before arrive+wait */
	PASS_Q_OTHER
} PassQuestion;

typedef struct PassStep {
	Loc loc;          /* a statement of the input (0:0: one the model built) */
	const char *what; /* "generic write store", "branch", "async read ptx_wgmma_ss" */
} PassStep;

typedef struct PassQuery {
	PassQuestion question;
	Loc at;                /* the finding's location: the async op, the fence, ... */
	const PassStep *steps; /* the witness, first event first */
	int nsteps;
} PassQuery;

/* The root cause of a finding that exists only because the model's target
 * gate left the function alone (check.c: kind FK_GATED). */
#define PASS_CAUSE_GATED "skipped by the target gate"

typedef struct PassModel {
	const char *name;    /* "tilelang-9f25954" */
	const char *summary; /* one line for `fencefuzz models` */
	/* Builds the transformed function in arena a (normally the input's own
	 * arena), sharing unchanged nodes with the input, which stays valid. */
	Func *(*run)(const Func *in, Arena *a);
	/* Optional, for models that transform a whole program at once (external
	 * models: one command run per program).  When set, pass_run_ex calls it
	 * instead of run: it returns the output, built in in->arena, or NULL with
	 * *err filled.  cmd is its private data (the shell command). */
	Program *(*run_program)(const struct PassModel *m, const Program *in, PassError *err);
	const char *cmd;
	/* Optional: run with the vocabulary check of pass_accepts folded into
	 * the model's own walk, so that each node of the body is read once:
	 * returns NULL when a statement of in->body calls an op outside
	 * `versions` (pass_run_ex checks the function's attrs and buffers
	 * itself, and reports the first foreign call as pass_accepts does). */
	Func *(*run_checked)(const Func *in, Arena *a, unsigned versions);
	/* Optional: the model's own account of a finding on its output `out` of
	 * `in` (one function): the rule of the model to blame, as a short label
	 * without names, lines or constants ("async set: tma_load_multicast not
	 * async", "generic write unseen: call inside a let value"), static or in
	 * arena a; NULL when the model cannot say (a program without source
	 * locations: statements are found by the witness's locations). */
	const char *(*explain)(const struct PassModel *m, const Func *in, const Func *out,
	                       const PassQuery *q, Arena *a);
	/* Optional: the same pass with its target gate off.  check.c runs it on
	 * a function the gate changed and records a finding absent from its
	 * output as FK_GATED (PASS_CAUSE_GATED). */
	const struct PassModel *ungated;
	/* The rule a failure of this model cites (its contract); NULL: that of ext:. */
	const char *contract;
	/* The TileLang versions (VV_* of vocab.h) whose ops the model knows: a
	 * program calling an op outside them is refused (PASS_ERR_REJECTED),
	 * not judged.  0: no check (identity, external models). */
	unsigned versions;
} PassModel;

#define PASS_DEFAULT_MODEL "tilelang-9f25954"

/* pass.c */
const PassModel *pass_find(const char *name);          /* built-in or mutant:NAME; NULL if unknown */
const PassModel *const *pass_models(int *count);        /* built-in models, in listing order */
/* Every function (or run_program); output in p->arena.  pass_run_ex returns
 * NULL with *err filled when the model failed: a built-in model refuses a
 * program with an op its version lacks (PASS_ERR_REJECTED), an external one
 * can also crash or time out.  pass_run is for callers that only meet
 * built-in models and have checked pass_accepts: it aborts with the message
 * when the model fails. */
Program *pass_run(const PassModel *m, const Program *p);
Program *pass_run_ex(const PassModel *m, const Program *p, PassError *err);
/* Between pass_input_begin(p) and pass_input_end(), p is not changed (a
 * judge running several models on one input): pass_run_ex on p finds once
 * which versions have every op p calls, and runs each model whose versions
 * include one of them without its vocabulary check (the same output). */
void pass_input_begin(const Program *p);
/* After pass_input_begin(p): the versions (VV_*) that have every op p calls
 * (program_versions, as the program's maker computed them while building
 * it), so that pass_run_ex and pass_accepts skip their scan of p.  Ignored
 * for any program but the one of pass_input_begin. */
void pass_input_versions(const Program *p, unsigned versions);
#define PASS_HAVE_INPUT_VERSIONS 1 /* (for sources built against older trees too) */
void pass_input_end(void);
/* While pass_run_ex runs a built-in model on the program of
 * pass_input_begin or on an output made of it (whose nodes all stay alive
 * and unchanged until pass_input_end), and f is the function of it that
 * the model was handed: a number for that family of programs, never the
 * same for two families (64 bits); 0 otherwise (a function the model
 * built itself, say).  A model may keep what it learns of f's nodes, by
 * address, while it holds. */
unsigned long long pass_run_family(const Func *f);
/* Whether m's version has every op p calls (always, for versions == 0).
 * If not, returns 0 and fills *err (may be NULL) as pass_run_ex would. */
int pass_accepts(const PassModel *m, const Program *p, PassError *err);

/* The vocabulary check of pass_accepts, for models that fold it into their
 * own walk (run_checked): the first call outside `versions` among
 * statement s's own expressions and the shapes of the buffers it defines
 * (not its bodies), in pass_accepts's order; pass_first_foreign: in the
 * whole subtree (NULL allowed).  NULL when there is none. */
const Expr *pass_foreign_own(const Stmt *s, unsigned versions);
const Expr *pass_first_foreign(const Stmt *s, unsigned versions);

/* pass_explain.c: what the models' explain hooks share */
/* The first statement of body (preorder, not a sequence) at loc, with its
 * ancestors, sequences included, in path[0..*depth) (outermost first, at
 * most maxdepth);
 * NULL when loc is 0:0 or no statement is there. */
const Stmt *pass_stmt_at(const Stmt *body, Loc loc, const Stmt **path, int *depth, int maxdepth);
/* 1 when the statement at loc lies in a for loop of constant extent <= 0
 * (a body that never runs). */
int pass_in_dead_loop(const Stmt *body, Loc loc);
/* Integer constant folding of a condition (literals, comparisons, and/or,
 * not): 1 with *v set, or 0 when it is not constant. */
int pass_fold_const(const Expr *e, int64_t *v);
/* A for of constant extent <= 0 or a while of constant false condition. */
int pass_never_runs(const Stmt *s);
/* The op named at the end of a witness step ("async read ptx_wgmma_ss" ->
 * "ptx_wgmma_ss"), in buf. */
const char *pass_step_op(const char *what, char *buf, size_t n);
/* The name of a call statement's call as the oracles name it: the extern
 * function's string for call_extern, the op otherwise; NULL if s is no call
 * statement. */
const char *pass_call_name(const Stmt *s);
/* "let value", "loop bound", "condition", ...: where a call sits in a
 * statement that is not a call statement. */
const char *pass_header_name(const Stmt *s);
/* "for loop", "if", "decl_buffer", ...: what a compound statement is. */
const char *pass_stmt_name(const Stmt *s);
/* An op of the TMA, wgmma, tcgen05 or bulk-copy families, by name. */
int pass_is_async_family(const char *name);
/* The label of an async op the model does not count async: "async set: no
 * sparse wgmma op is async" when the model counts no op of its family async
 * (is_async(ctx, op): by op-table index), else "async set: NAME not async". */
const char *pass_async_set_label(const char *name, int (*is_async)(const void *ctx, int op),
                                 const void *ctx, Arena *a);
/* "fmt"-formatted label in arena a. */
const char *pass_label(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* pass_external.c: "ext:COMMAND" runs COMMAND with /bin/sh -c once per
 * program, the canonical TVMScript of the whole program on its stdin, and
 * reads the transformed program from its stdout.  Timeout: $FENCEFUZZ_EXT_TIMEOUT
 * seconds (default PASS_EXT_TIMEOUT_DEFAULT); past it the command's process
 * group is killed. */
#define PASS_EXT_PREFIX "ext:"
#define PASS_EXT_TIMEOUT_DEFAULT 10.0
const PassModel *pass_find_external(const char *name); /* "[NAME=]ext:COMMAND"; NULL if not that form */

/* pass_ext_server.c: "ext-server:COMMAND" starts COMMAND (/bin/sh -c) once
 * per process and sends it every program over the framed protocol of
 * docs/external-models.md; the server restarts after a crash, a hang or a
 * framing violation.  Timeouts: $FENCEFUZZ_EXT_TIMEOUT seconds per program,
 * $FENCEFUZZ_EXT_START_TIMEOUT (default PASS_EXT_START_TIMEOUT_DEFAULT) for
 * the start-up handshake. */
#define PASS_EXT_SERVER_PREFIX "ext-server:"
#define PASS_EXT_START_TIMEOUT_DEFAULT 120.0
const PassModel *pass_find_ext_server(const char *name); /* "[NAME=]ext-server:COMMAND" */
/* The server's handshake, starting it when it is not running: "VERSION (pass
 * PASS)" into out.  Returns 0; -1 with *err filled when it does not start;
 * 1 when m is not a server model. */
int pass_ext_server_hello(const PassModel *m, char *out, size_t cap, PassError *err);
/* Ends every server this process started (stdin closed, then killed after
 * a short grace); the next program starts them again.  Call before fork(). */
void pass_ext_server_stop_all(void);
/* The handshakes of the server models among models[0..n) as a JSON object
 * {"NAME": "VERSION (pass PASS)"} into out ("" when there are none), the
 * servers stopped afterwards.  Returns 0, or -1 with *err filled (a server
 * that does not start, or out too small). */
int pass_ext_server_versions(const PassModel *const *models, int n, char *out, size_t cap,
                             PassError *err);

/* pass.c: "NAME=REST" names an external model: returns REST and sets
 * name[] to NAME (letters, digits, '_', '-', '.'; not a built-in's name), or
 * returns spec itself with name[] = spec when it has no NAME= part.  NULL
 * when the NAME part is malformed. */
const char *pass_spec_split(const char *spec, char *name, size_t cap);

/* pass_mutants.c: deliberately broken variants of tilelang-9f25954, one
 * fault each, named "mutant:NAME", for measuring oracles and fuzzers. */
const PassModel *pass_find_mutant(const char *name);    /* "mutant:NAME" or "NAME"; NULL if none */
const PassModel *const *pass_mutants(int *count);       /* in listing order */

/* One declaration per built-in model file. */
extern const PassModel pass_tilelang_9f25954;
extern const PassModel pass_tilelang_legacy;
extern const PassModel pass_tilelang_head;
extern const PassModel pass_identity;

#endif
