/* bench_ext: the cost of an external pass model per program, in one run:
 * the same identity server (tests/external_mock_server.py) through the
 * persistent protocol (`ext-server:`, one process for all programs) and as
 * one command per program (`ext:`), next to the built-in identity (which
 * shares the input's nodes: no printing, no reading), the print + read
 * round trip alone (what any external model costs fencefuzz), and an
 * identity server in C (bench/ext_identity_server.c: the protocol's own
 * cost without Python's).
 *
 * Programs come from the campaign generator (seed 1, default size), the
 * same N for every row except ext:, which gets --ext-programs of them
 * (each costs a process start).  One process, one worker.
 *
 *     bench_ext [--programs N] [--ext-programs M] [--size S]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "campaign.h"
#include "gen.h"
#include "ir.h"
#include "pass.h"

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct Row {
	const char *what;
	long programs, failed;
	double seconds;
	double cpu;        /* CPU seconds of fencefuzz and of the model's processes */
} Row;

static double
cpu(int who)
{
	struct rusage ru;
	getrusage(who, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* CPU seconds a server takes to start and stop, without programs. */
static double
start_cost(const PassModel *m)
{
	char hello[600];
	PassError err;
	double c0 = cpu(RUSAGE_SELF) + cpu(RUSAGE_CHILDREN);
	if (pass_ext_server_hello(m, hello, sizeof hello, &err)) {
		fprintf(stderr, "bench_ext: %s does not start: %s\n", m->name, err.msg);
		exit(2);
	}
	pass_ext_server_stop_all();
	return cpu(RUSAGE_SELF) + cpu(RUSAGE_CHILDREN) - c0;
}

/* Every program through m (NULL: print and read back only). */
static Row
run(const char *what, const PassModel *m, char **texts, long n)
{
	Row r = {what, n, 0, 0, 0};
	double c0 = cpu(RUSAGE_SELF) + cpu(RUSAGE_CHILDREN);
	if (m && m->run_program && strncmp(m->name, "ext:", 4)) { /* a server: started, not timed */
		char hello[600];
		PassError err;
		pass_ext_server_hello(m, hello, sizeof hello, &err);
	}
	double t0 = now();
	for (long i = 0; i < n; i++) {
		Arena *a = ar_new();
		Diag d;
		Program *p = ir_read(a, "bench", texts[i], strlen(texts[i]), &d);
		if (!p) {
			fprintf(stderr, "bench_ext: program %ld does not read: %s\n", i, d.msg);
			exit(2);
		}
		if (m) {
			PassError err;
			if (!pass_run_ex(m, p, &err)) {
				if (!r.failed)
					fprintf(stderr, "bench_ext: %s failed: %s\n", what, err.msg);
				r.failed++;
			}
		} else {
			StrBuf sb;
			sb_init(&sb);
			ir_print_program(&sb, p);
			Program *q = ir_read(a, "bench", sb.p, sb.len, &d);
			sb_free(&sb);
			if (!q)
				r.failed++;
		}
		ar_free(a);
	}
	r.seconds = now() - t0;
	pass_ext_server_stop_all(); /* reaped: its CPU time is counted */
	r.cpu = cpu(RUSAGE_SELF) + cpu(RUSAGE_CHILDREN) - c0;
	return r;
}

int
main(int argc, char **argv)
{
	long n = 20000, next = 20;
	const char *server = EXT_MOCK_SERVER;
	int size = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--programs") && i + 1 < argc)
			n = atol(argv[++i]);
		else if (!strcmp(argv[i], "--ext-programs") && i + 1 < argc)
			next = atol(argv[++i]);
		else if (!strcmp(argv[i], "--size") && i + 1 < argc)
			size = atoi(argv[++i]);
		else {
			fprintf(stderr, "usage: bench_ext [--programs N] [--ext-programs M] [--size S]\n");
			return 2;
		}
	}
	if (n < 1 || next < 1 || next > n)
		return fprintf(stderr, "bench_ext: need 1 <= --ext-programs <= --programs\n"), 2;
	char **texts = calloc((size_t)n, sizeof *texts);
	size_t bytes = 0;
	for (long i = 0; i < n; i++) {
		Arena *a = ar_new();
		Decider d;
		dz_init_seed(&d, fz_program_seed(1, i));
		GenOptions g = {.size = size};
		Program *p = fz_generate(a, &d, &g);
		StrBuf sb;
		sb_init(&sb);
		ir_print_program(&sb, p);
		bytes += sb.len;
		texts[i] = sb_take(&sb);
		ar_free(a);
	}
	char srv[4200], ext[4200];
	snprintf(srv, sizeof srv, "ext-server:python3 -S %s --serve", server);
	snprintf(ext, sizeof ext, "ext:python3 -S %s", server);
	const PassModel *ms = pass_find(srv), *me = pass_find(ext);
	const PassModel *mc = pass_find("ext-server:" EXT_IDENTITY_SERVER);
	char hello[600];
	PassError err;
	double t0 = now();
	if (pass_ext_server_hello(ms, hello, sizeof hello, &err)) {
		fprintf(stderr, "bench_ext: the server does not start: %s\n", err.msg);
		return 2;
	}
	double start_s = now() - t0;
	pass_ext_server_stop_all();
	double start_py = start_cost(ms), start_c = 0;
	enum { NROWS = 5 };
	Row rows[NROWS];
	rows[0] = run("built-in identity (no text)", pass_find("identity"), texts, n);
	rows[1] = run("print + read only", NULL, texts, n);
	rows[2] = run("ext-server: identity server (Python)", ms, texts, n);
	rows[3] = run("ext: the same script, one process per program", me, texts, next);
	rows[4] = run("ext-server: identity server in C", mc, texts, n);
	start_c = start_cost(mc);
	rows[2].cpu -= start_py; /* programs only */
	rows[4].cpu -= start_c;
	double load[1] = {0};
	FILE *la = fopen("/proc/loadavg", "r");
	if (la) {
		if (fscanf(la, "%lf", &load[0]) != 1)
			load[0] = 0;
		fclose(la);
	}
	printf("%ld generated programs, %.0f bytes each on average; Python server start %.0f ms "
	       "(handshake: %s); load average %.2f\n\n", n, (double)bytes / (double)n, start_s * 1e3,
	       hello, load[0]);
	printf("| model | programs | failed | wall s | programs/s (wall) | CPU us/program | "
	       "programs/s per busy core (CPU) |\n");
	printf("|---|---|---|---|---|---|---|\n");
	for (int i = 0; i < NROWS; i++)
		printf("| %s | %ld | %ld | %.2f | %.0f | %.1f | %.0f |\n", rows[i].what, rows[i].programs,
		       rows[i].failed, rows[i].seconds, rows[i].programs / rows[i].seconds,
		       rows[i].cpu / rows[i].programs * 1e6, rows[i].programs / rows[i].cpu);
	double per_srv = rows[2].seconds / rows[2].programs, per_rt = rows[1].seconds / rows[1].programs;
	double per_c = rows[4].seconds / rows[4].programs;
	printf("\nwall time over print + read: %.1f us/program with the Python server, %.1f with the "
	       "C one; ext-server is %.0fx ext: (wall), %.0fx (CPU)\n", (per_srv - per_rt) * 1e6,
	       (per_c - per_rt) * 1e6, (rows[3].seconds / rows[3].programs) / per_srv,
	       (rows[3].cpu / rows[3].programs) / (rows[2].cpu / rows[2].programs));
	for (long i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	pass_ext_server_stop_all();
	return rows[2].failed || rows[3].failed || rows[4].failed ? 1 : 0;
}
