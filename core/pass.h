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
/* Whether m's version has every op p calls (always, for versions == 0).
 * If not, returns 0 and fills *err (may be NULL) as pass_run_ex would. */
int pass_accepts(const PassModel *m, const Program *p, PassError *err);

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
