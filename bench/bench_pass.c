/* bench_pass: pass-model throughput on generated programs (issue 2; the project's bar:
 * the reference pass must be linear, 1,000,000 statements in under 1 s).
 *
 * Two shapes, each from 10 to 1,000,000 statements:
 *   straight  one flat sequence mixing shared stores, local stores, wgmma,
 *             tma_load, generic externs (tvm_access_ptr write) and fences;
 *   nested    the same statements inside loops (constant, symbolic, zero
 *             trip), while loops and if/else, nested up to 4 deep.
 * For each model: wall time of the best of several runs, and ns per
 * statement.  Also the reader and the printer on the same programs.
 *
 *     bench_pass [--max N]
 *
 * With --file F: the stages of `fencefuzz pass F` one by one, in CPU time
 * (user + system: page faults count), best of --repeat R runs (default 3):
 * read (the reader), verify-in (the verifier on what was read), pass (the
 * model, with the verification of its output that FENCEFUZZ_VERIFY builds
 * run inside pass_run_ex subtracted), verify-out (that verification on its
 * own), print, write (the text to F.bench-out, then removed), the total and
 * the process's peak RSS.
 *
 *     bench_pass --file big.py [--model M] [--repeat R]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "ir.h"
#include "pass.h"

typedef struct Gen {
	Arena *a;
	Func *f;
	Buffer *smem, *local;
	Var *desc, *tmadesc, *n, *tx;
	unsigned long rng;
	long made;
} Gen;

static unsigned
rnd(Gen *g)
{
	g->rng = g->rng * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(g->rng >> 33);
}

static Expr **
args(Gen *g, int n)
{
	return ar_alloc(g->a, sizeof(Expr *) * (size_t)n);
}

static Expr *
access_ptr(Gen *g, int mask)
{
	Expr **v = args(g, 5);
	Expr **t = args(g, 1);
	t[0] = ir_str(g->a, "float16");
	v[0] = ir_call(g->a, "type_annotation", t, 1);
	v[1] = ir_varref(g->a, g->smem->data);
	v[2] = ir_int(g->a, 0, "int32");
	v[3] = ir_int(g->a, 64, "int32");
	v[4] = ir_int(g->a, mask, "int32");
	return ir_call(g->a, "tvm_access_ptr", v, 5);
}

static Stmt *
leaf(Gen *g)
{
	Arena *a = g->a;
	g->made++;
	switch (rnd(g) % 6) {
	case 0: {
		Expr **i = args(g, 1);
		i[0] = ir_int(a, rnd(g) % 64, "int32");
		return ir_store(a, g->smem, i, 1, ir_float(a, 0.0, "float16"));
	}
	case 1: {
		Expr **i = args(g, 1);
		i[0] = ir_int(a, rnd(g) % 8, "int32");
		return ir_store(a, g->local, i, 1, ir_float(a, 0.0, "float32"));
	}
	case 2: {
		Expr **v = args(g, 3);
		v[0] = ir_str(a, "m64n8k16");
		v[1] = ir_varref(a, g->desc);
		v[2] = ir_varref(a, g->desc);
		return ir_eval(a, ir_call(a, "ptx_wgmma_ss", v, 3));
	}
	case 3: {
		Expr **v = args(g, 3);
		v[0] = ir_varref(a, g->tmadesc);
		v[1] = ir_int(a, 0, "int32");
		v[2] = access_ptr(g, 2);
		return ir_eval(a, ir_call(a, "tma_load", v, 3));
	}
	case 4: {
		Expr **v = args(g, 3);
		v[0] = ir_str(a, "handle");
		v[1] = ir_str(a, "ext_op");
		v[2] = access_ptr(g, 2);
		return ir_eval(a, ir_call(a, "call_extern", v, 3));
	}
	default:
		if (rnd(g) % 4)
			return leaf(g);
		return ir_eval(a, ir_call(a, "fence_proxy_async", NULL, 0));
	}
}

static Stmt *block(Gen *g, long budget, int depth);

static Stmt *
compound(Gen *g, long budget, int depth)
{
	Arena *a = g->a;
	g->made++;
	Stmt *body = block(g, budget - 1, depth + 1);
	switch (rnd(g) % 4) {
	case 0: {
		Var *v = ir_var(a, g->f, "i", "int32", NULL);
		return ir_for(a, v, ir_int(a, 0, "int32"), ir_int(a, (int)(rnd(g) % 3), "int32"), NULL,
		              FOR_SERIAL, NULL, NULL, body);
	}
	case 1: {
		Var *v = ir_var(a, g->f, "i", "int32", NULL);
		return ir_for(a, v, ir_int(a, 0, "int32"), ir_varref(a, g->n), NULL, FOR_SERIAL,
		              NULL, NULL, body);
	}
	case 2: {
		Expr **i = args(g, 1);
		i[0] = ir_int(a, 0, "int32");
		return ir_while(a, ir_bin(a, BIN_LT, ir_load(a, g->local, i, 1), ir_int(a, 3, "int32")),
		                body);
	}
	default: {
		Stmt *other = block(g, budget / 2, depth + 1);
		return ir_if(a, ir_bin(a, BIN_EQ, ir_varref(a, g->tx), ir_int(a, 0, "int32")), body,
		             other);
	}
	}
}

/* A sequence of about `budget` statements. */
static Stmt *
block(Gen *g, long budget, int depth)
{
	long start = g->made;
	int cap = 16, n = 0;
	Stmt **items = malloc(sizeof *items * (size_t)cap);
	do {
		if (n == cap)
			items = realloc(items, sizeof *items * (size_t)(cap *= 2));
		long left = budget - (g->made - start);
		if (depth < 4 && left > 8 && rnd(g) % 3 == 0)
			items[n++] = compound(g, left < 64 ? left : 8 + (long)(rnd(g) % 56), depth);
		else
			items[n++] = leaf(g);
	} while (g->made - start < budget);
	Stmt *s = ir_seq(g->a, items, n);
	free(items);
	return s;
}

static Program *
make_program(Arena *a, long stmts, int nested)
{
	Gen g = {.a = a, .rng = 12345};
	Func *f = g.f = ir_func(a, "main");
	g.n = ir_var(a, f, "n", "int32", NULL);
	g.tmadesc = ir_var(a, f, "A_desc", "uint8x128", "grid_constant");
	f->nparams = 2;
	f->params = ar_alloc(a, sizeof *f->params * 2);
	f->params[0].var = g.tmadesc;
	f->params[1].var = g.n;
	g.tx = ir_var(a, f, "tx", "int32", NULL);
	Expr **shape = ar_alloc(a, sizeof *shape);
	shape[0] = ir_int(a, 64, "int32");
	Var *sdata = ir_var(a, f, "smem", "float16", "shared");
	g.smem = ir_buffer(a, f, "smem", "float16", shape, 1, sdata, BUF_DECL);
	sdata->owner = g.smem;
	Expr **lshape = ar_alloc(a, sizeof *lshape);
	lshape[0] = ir_int(a, 8, "int32");
	Var *ldata = ir_var(a, f, "acc", "float32", "local");
	g.local = ir_buffer(a, f, "acc", "float32", lshape, 1, ldata, BUF_DECL);
	ldata->owner = g.local;
	g.desc = ir_var(a, f, "desc", "uint64", "local.descriptor.wgmma");
	Stmt *body;
	if (nested) {
		body = block(&g, stmts, 0);
	} else {
		Stmt **items = malloc(sizeof *items * (size_t)stmts);
		for (long i = 0; i < stmts; i++)
			items[i] = leaf(&g);
		body = ir_seq(a, items, (int)stmts);
		free(items);
	}
	Expr **dshape = ar_alloc(a, sizeof *dshape);
	dshape[0] = ir_int(a, 1, "int32");
	Expr **ext = ar_alloc(a, sizeof *ext);
	ext[0] = ir_int(a, 1, "int32");
	body = ir_alloc(a, g.desc, ext, 1, NULL, NULL, body);
	body = ir_decl(a, g.local, 1, body);
	body = ir_decl(a, g.smem, 1, body);
	body = ir_launch(a, g.tx, "threadIdx.x", ir_int(a, 128, "int32"), body);
	f->body = body;
	/* An sm_90a target, so that tilelang-head (gated on it) does its work. */
	Expr **tk = ar_alloc(a, sizeof *tk * 2), **tv = ar_alloc(a, sizeof *tv * 2);
	tk[0] = ir_str(a, "arch");
	tv[0] = ir_str(a, "sm_90a");
	tk[1] = ir_str(a, "kind");
	tv[1] = ir_str(a, "cuda");
	Expr **targ = ar_alloc(a, sizeof *targ);
	targ[0] = ir_dict(a, tk, tv, 2);
	Expr **ak = ar_alloc(a, sizeof *ak), **av = ar_alloc(a, sizeof *av);
	ak[0] = ir_str(a, "target");
	av[0] = ir_call(a, "target", targ, 1);
	f->attrs = ir_dict(a, ak, av, 1);
	Program *p = ir_program(a);
	p->nfuncs = 1;
	p->funcs = ar_alloc(a, sizeof *p->funcs);
	p->funcs[0] = f;
	return p;
}

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Best of several runs; small programs are repeated to get a measurable time. */
static double
time_model(const PassModel *m, const Program *p, long stmts)
{
	long reps = stmts < 100000 ? 1000000 / stmts : 1;
	double best = 1e30;
	for (int round = 0; round < 3; round++) {
		Arena *scratch = ar_new();
		Program tmp = *p;
		tmp.arena = scratch;
		double t0 = now();
		for (long r = 0; r < reps; r++)
			(void)pass_run(m, &tmp);
		double t = (now() - t0) / (double)reps;
		ar_free(scratch);
		if (t < best)
			best = t;
	}
	return best;
}

static double
cpu(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { ST_READ, ST_VIN, ST_PASS, ST_VOUT, ST_PRINT, ST_WRITE, NSTAGE };

/* One run of the stages of `fencefuzz pass` on src; t[] gets CPU seconds. */
static int
split_once(const char *file, const char *src, size_t len, const PassModel *m, double *t)
{
	Diag d = {0};
	Arena *a = ar_new();
	double t0 = cpu();
	Program *p = ir_read(a, file, src, len, &d);
	t[ST_READ] = cpu() - t0;
	if (!p) {
		diag_print(stderr, &d);
		ar_free(a);
		return 1;
	}
	size_t read_bytes = ar_bytes(a);
	t0 = cpu();
	int bad = ir_verify_program(p, &d);
	t[ST_VIN] = cpu() - t0;
	PassError err;
	t0 = cpu();
	Program *q = pass_run_ex(m, p, &err);
	t[ST_PASS] = cpu() - t0;
	if (bad || !q) {
		fprintf(stderr, "bench: %s\n", bad ? d.msg : err.msg);
		ar_free(a);
		return 1;
	}
	if (getenv("BENCH_ARENA"))
		fprintf(stderr, "arena: %.1f MB after reading, %.1f MB after the pass\n",
		        (double)read_bytes / 1e6, (double)ar_bytes(a) / 1e6);
	t0 = cpu();
	(void)ir_verify_program(q, &d);
	t[ST_VOUT] = cpu() - t0;
#ifdef FENCEFUZZ_VERIFY
	t[ST_PASS] -= t[ST_VOUT];
#endif
	StrBuf sb;
	sb_init(&sb);
	t0 = cpu();
	ir_print_program(&sb, q);
	t[ST_PRINT] = cpu() - t0;
	char out[4096];
	snprintf(out, sizeof out, "%s.bench-out", file);
	t0 = cpu();
	FILE *f = fopen(out, "wb");
	if (!f || fwrite(sb.p, 1, sb.len, f) != sb.len || fputc('\n', f) == EOF || fclose(f)) {
		perror(out);
		return 1;
	}
	t[ST_WRITE] = cpu() - t0;
	remove(out);
	sb_free(&sb);
	ar_free(a);
	return 0;
}

static int
split(const char *file, const char *model, int repeat)
{
	const PassModel *m = pass_find(model);
	if (!m) {
		fprintf(stderr, "bench: unknown model %s\n", model);
		return 2;
	}
	Diag d = {0};
	size_t len;
	char *src = ir_read_text(file, &len, &d);
	if (!src) {
		diag_print(stderr, &d);
		return 2;
	}
	static const char *const names[NSTAGE] = {"read", "verify-in", "pass", "verify-out", "print",
	                                          "write"};
	double best[NSTAGE], total = 1e30;
	for (int r = 0; r < repeat; r++) {
		double t[NSTAGE], sum = 0;
		if (split_once(file, src, len, m, t))
			return 1;
		for (int i = 0; i < NSTAGE; i++)
			sum += t[i];
		if (sum < total) {
			total = sum;
			memcpy(best, t, sizeof best);
		}
	}
	printf("| stage      | CPU ms   |\n|------------|---------:|\n");
	for (int i = 0; i < NSTAGE; i++)
		printf("| %-10s | %8.1f |\n", names[i], best[i] * 1e3);
	printf("| %-10s | %8.1f |\n", "total", total * 1e3);
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		printf("peak RSS %.0f MB\n", (double)ru.ru_maxrss / 1024.0);
	free(src);
	return 0;
}

static void
row(const char *shape, const char *what, long stmts, double seconds)
{
	printf("| %-8s | %-18s | %9ld | %10.3f | %8.1f |\n", shape, what, stmts, seconds * 1e3,
	       seconds * 1e9 / (double)stmts);
}

int
main(int argc, char **argv)
{
	long max = 1000000;
	const char *file = NULL, *model = PASS_DEFAULT_MODEL;
	int repeat = 3;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--max") && i + 1 < argc)
			max = atol(argv[++i]);
		else if (!strcmp(argv[i], "--file") && i + 1 < argc)
			file = argv[++i];
		else if (!strcmp(argv[i], "--model") && i + 1 < argc)
			model = argv[++i];
		else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
			repeat = atoi(argv[++i]);
	}
	if (file)
		return split(file, model, repeat > 0 ? repeat : 1);
	int nmodels;
	const PassModel *const *models = pass_models(&nmodels);
	printf("| shape    | model / stage      | statements |   ms       | ns/stmt  |\n");
	printf("|----------|--------------------|-----------:|-----------:|---------:|\n");
	for (int nested = 0; nested <= 1; nested++) {
		for (long n = 10; n <= max; n *= 10) {
			Arena *a = ar_new();
			Program *p = make_program(a, n, nested);
			long stmts = (long)ir_count_stmts(p->funcs[0]->body);
			const char *shape = nested ? "nested" : "straight";
			for (int m = 0; m < nmodels; m++)
				row(shape, models[m]->name, stmts, time_model(models[m], p, stmts));
			/* Reader and printer on the same program, for scale. */
			StrBuf sb;
			sb_init(&sb);
			double t0 = now();
			ir_print_program(&sb, p);
			row(shape, "print", stmts, now() - t0);
			Arena *b = ar_new();
			Diag d = {0};
			t0 = now();
			Program *q = ir_read(b, "bench", sb.p, sb.len, &d);
			double tr = now() - t0;
			if (!q) {
				fprintf(stderr, "bench: generated program does not read back: ");
				diag_print(stderr, &d);
				return 1;
			}
			row(shape, "read", stmts, tr);
			ar_free(b);
			sb_free(&sb);
			ar_free(a);
		}
	}
	return 0;
}
