/* bench_read: reader throughput and memory (issue 17).
 *
 * Reads a large TVMScript program with ir_read() and prints the reader's
 * speed in MB/s (median of several runs) and its peak memory: the growth of
 * the process's peak resident set while one read runs, as a multiple of the
 * input's size.  Uses only the public reader API, so that the same source
 * builds against an older tree for a ratio.
 *
 *     bench_read [--stmts N] [--nested] [--runs R] [--repeat K] [FILE]
 *     bench_read --stmts N [--nested] --emit OUT
 *
 * Without FILE it generates a program of N statements (default 1,000,000)
 * in canonical form: one flat sequence of shared and local stores, wgmma,
 * tma_load and call_extern statements and fences, the mix of bench_pass's
 * "straight" shape; --nested puts runs of them in for/while/if blocks.
 * --emit writes the generated program to OUT instead (for `fencefuzz pass`).
 * --repeat K times K reads per run (each into a fresh arena, as a caller that
 * reads many small programs does) and prints the time per read: for small
 * inputs, where one read is too short to time and the fixed costs count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir.h"

typedef struct Buf {
	char *p;
	size_t len, cap;
} Buf;

static void
put(Buf *b, const char *s)
{
	size_t n = strlen(s);
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 1 << 20;
		while (cap < b->len + n + 1)
			cap *= 2;
		b->p = realloc(b->p, cap);
		if (!b->p)
			abort();
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n + 1);
	b->len += n;
}

static unsigned long rng = 12345;

static unsigned
rnd(void)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(rng >> 33);
}

static void
indent(Buf *b, int depth)
{
	for (int i = 0; i < depth; i++)
		put(b, "    ");
}

static const char access[] =
	"T.tvm_access_ptr(T.type_annotation(\"float16\"), smem.data, 0, 64, 2)";

static void
leaf(Buf *b, int depth)
{
	char line[256];
	indent(b, depth);
	switch (rnd() % 6) {
	case 0:
		snprintf(line, sizeof line, "smem[%u] = T.float16(0.0)\n", rnd() % 64);
		break;
	case 1:
		snprintf(line, sizeof line, "acc[%u] = T.float32(0.0)\n", rnd() % 8);
		break;
	case 2:
		snprintf(line, sizeof line, "T.ptx_wgmma_ss(\"m64n8k16\", desc, desc)\n");
		break;
	case 3:
		snprintf(line, sizeof line, "T.tma_load(A_desc, 0, %s)\n", access);
		break;
	case 4:
		snprintf(line, sizeof line, "T.call_extern(\"handle\", \"ext_op\", %s)\n", access);
		break;
	default:
		snprintf(line, sizeof line, "T.fence_proxy_async()\n");
		break;
	}
	put(b, line);
}

static long made;

static void block(Buf *b, long budget, int depth);

static void
compound(Buf *b, long budget, int depth)
{
	char line[128];
	made++;
	indent(b, depth);
	switch (rnd() % 4) {
	case 0:
		snprintf(line, sizeof line, "for i in range(%u):\n", rnd() % 3 + 1);
		put(b, line);
		block(b, budget - 1, depth + 1);
		break;
	case 1:
		put(b, "for i in range(n):\n");
		block(b, budget - 1, depth + 1);
		break;
	case 2:
		put(b, "while acc[0] < T.float32(3.0):\n");
		block(b, budget - 1, depth + 1);
		break;
	default:
		put(b, "if tx == 0:\n");
		block(b, budget / 2, depth + 1);
		indent(b, depth);
		put(b, "else:\n");
		block(b, budget / 2, depth + 1);
		break;
	}
}

static void
block(Buf *b, long budget, int depth)
{
	long start = made;
	do {
		long left = budget - (made - start);
		if (depth < 6 && left > 8 && rnd() % 3 == 0) {
			compound(b, left < 64 ? left : 8 + (long)(rnd() % 56), depth);
		} else {
			made++;
			leaf(b, depth);
		}
	} while (made - start < budget);
}

static Buf
generate(long stmts, int nested)
{
	Buf b = {0};
	put(&b, "# from tvm.script import tir as T\n\n@T.prim_func\n"
	        "def main(A_desc: T.handle(\"uint8x128\", \"grid_constant\"), n: T.int32):\n"
	        "    T.func_attr({\"target\": T.target({\"arch\": \"sm_90a\", \"kind\": \"cuda\"})})\n"
	        "    tx = T.launch_thread(\"threadIdx.x\", 128)\n"
	        "    smem = T.decl_buffer((64,), \"float16\", scope=\"shared\")\n"
	        "    acc = T.decl_buffer((8,), scope=\"local\")\n"
	        "    desc = T.allocate([1], \"uint64\", \"local.descriptor.wgmma\")\n");
	made = 4;
	if (nested) {
		block(&b, stmts, 1);
	} else {
		for (long i = 0; i < stmts; i++)
			leaf(&b, 1);
		made += stmts;
	}
	return b;
}

static double
clock_s(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double
now(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

/* CPU time of the process: on a shared machine, wall time also counts the
 * time other processes held the cores. */
static double
cpu_now(void)
{
	return clock_s(CLOCK_PROCESS_CPUTIME_ID);
}

/* VmHWM in bytes; reset_peak() makes it the current RSS (Linux). */
static long
peak_rss(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "VmHWM:", 6) == 0)
			kb = atol(line + 6);
	fclose(f);
	return kb < 0 ? -1 : kb * 1024;
}

static int
reset_peak(void)
{
	FILE *f = fopen("/proc/self/clear_refs", "w");
	if (!f)
		return 0;
	int ok = fputs("5", f) >= 0;
	return fclose(f) == 0 && ok;
}

static int
cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

int
main(int argc, char **argv)
{
	long stmts = 1000000;
	int nested = 0, runs = 5;
	long repeat = 1;
	const char *file = NULL, *emit = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--stmts") && i + 1 < argc)
			stmts = atol(argv[++i]);
		else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
			runs = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
			repeat = atol(argv[++i]);
		else if (!strcmp(argv[i], "--nested"))
			nested = 1;
		else if (!strcmp(argv[i], "--emit") && i + 1 < argc)
			emit = argv[++i];
		else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "usage: bench_read [--stmts N] [--nested] [--runs R] [--repeat K] [--emit OUT] [FILE]\n");
			return 2;
		} else
			file = argv[i];
	}
	if (runs < 1 || runs > 100 || stmts < 1 || repeat < 1 || repeat > 100000000) {
		fprintf(stderr, "bench_read: bad --runs, --repeat or --stmts\n");
		return 2;
	}
	Buf b = {0};
	if (file) {
		FILE *f = fopen(file, "rb");
		if (!f) {
			perror(file);
			return 2;
		}
		char chunk[1 << 16];
		size_t n;
		while ((n = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
			chunk[n] = 0;
			put(&b, chunk); /* TVMScript has no NUL bytes */
		}
		fclose(f);
	} else {
		b = generate(stmts, nested);
	}
	if (emit) {
		FILE *f = fopen(emit, "wb");
		if (!f || fwrite(b.p, 1, b.len, f) != b.len || fclose(f) != 0) {
			perror(emit);
			return 2;
		}
		printf("%s: %ld statements, %zu bytes\n", emit, made, b.len);
		return 0;
	}
	double *t = malloc(sizeof *t * (size_t)runs), *c = malloc(sizeof *c * (size_t)runs);
	long growth = -1, base = 0;
	size_t arena = 0;
	for (int i = 0; i < runs; i++) {
		int have_peak = i == 0 && reset_peak();
		if (have_peak)
			base = peak_rss();
		double t0 = now(), c0 = cpu_now();
		for (long k = 0; k < repeat; k++) {
			Arena *a = ar_new();
			Diag d;
			Program *p = ir_read(a, file ? file : "bench", b.p, b.len, &d);
			if (!p) {
				diag_print(stderr, &d);
				return 1;
			}
			if (k == repeat - 1)
				arena = ar_bytes(a);
			ar_free(a);
		}
		t[i] = (now() - t0) / (double)repeat;
		c[i] = (cpu_now() - c0) / (double)repeat;
		if (have_peak)
			growth = peak_rss() - base;
	}
	qsort(t, (size_t)runs, sizeof *t, cmp_double);
	qsort(c, (size_t)runs, sizeof *c, cmp_double);
	double med = t[runs / 2], cmed = c[runs / 2];
	printf("input      %zu bytes%s\n", b.len, file ? "" : nested ? " (generated, nested)" : " (generated)");
	printf("read       %.1f ms median of %d (best %.1f ms)\n", med * 1e3, runs, t[0] * 1e3);
	if (repeat > 1)
		printf("per read   %.2f us CPU, %.2f us wall (median of %d runs of %ld reads; best %.2f us CPU)\n",
		       cmed * 1e6, med * 1e6, runs, repeat, c[0] * 1e6);
	printf("speed      %.1f MB/s wall, %.1f MB/s of CPU time (%.1f ms)\n", (double)b.len / med / 1e6,
	       (double)b.len / cmed / 1e6, cmed * 1e3);
	printf("arena      %.1f MB = %.2fx the input (bytes the reader allocated in it)\n",
	       (double)arena / 1e6, (double)arena / (double)b.len);
	if (growth >= 0)
		printf("peak RSS   +%.1f MB = %.2fx the input\n", (double)growth / 1e6,
		       (double)growth / (double)b.len);
	else
		printf("peak RSS   unknown (no /proc/self/clear_refs)\n");
	free(t);
	free(c);
	free(b.p);
	return 0;
}
