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
 * (each costs a process start).  One process, one worker.  Each program is
 * read from its text, then given to the model: the first columns time the
 * whole loop (reading the input included, as before), the "call" columns
 * the model call alone (pass_run_ex: what a campaign worker, which holds
 * the program already, pays).  Then a profiled run of each server says
 * where the time of a call goes.  --rounds R repeats everything R times,
 * rows interleaved, and prints medians.
 *
 *     bench_ext [--programs N] [--ext-programs M] [--size S] [--rounds R]
 *               [--py-server SCRIPT] [--c-server PROGRAM]
 *
 * (the servers default to the tree's tests/external_mock_server.py and the
 * build's ext_identity_server). */
#define _DEFAULT_SOURCE
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "campaign.h"
#include "gen.h"
#include "ir.h"
#include "pass.h"
#include "pass_ext.h"

enum { MAX_ROUNDS = 15 };

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double
self_cpu(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double
cpu(int who)
{
	struct rusage ru;
	getrusage(who, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

typedef struct Row {
	long programs, failed;
	double seconds;    /* the whole loop, wall */
	double cpu;        /* CPU seconds of the loop: fencefuzz and the model's processes */
	double call;       /* wall seconds in the model calls alone */
	double call_cpu;   /* fencefuzz's CPU seconds in them, plus the model's processes' */
	double model_cpu;  /* the model's processes' CPU seconds (servers: programs only) */
	PassExtProfile prof;
} Row;

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

/* Every program through m (NULL: print and read back only); a server is
 * started before the clock starts, and profiled when profile is set. */
static Row
run(const PassModel *m, char **texts, long n, int profile)
{
	Row r;
	memset(&r, 0, sizeof r);
	r.programs = n;
	int server = m && m->run_program && strncmp(m->name, "ext:", 4);
	double start = server ? start_cost(m) : 0;
	double c0 = cpu(RUSAGE_SELF) + cpu(RUSAGE_CHILDREN), k0 = cpu(RUSAGE_CHILDREN);
	if (server) {
		char hello[600];
		PassError err;
		pass_ext_server_hello(m, hello, sizeof hello, &err);
		if (profile)
			pass_ext_server_profile(m, &r.prof);
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
		double w0 = now(), u0 = self_cpu();
		if (m) {
			PassError err;
			if (!pass_run_ex(m, p, &err)) {
				if (!r.failed)
					fprintf(stderr, "bench_ext: %s failed: %s\n", m->name, err.msg);
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
		r.call_cpu += self_cpu() - u0;
		r.call += now() - w0;
		ar_free(a);
	}
	r.seconds = now() - t0;
	if (server)
		pass_ext_server_profile(m, NULL);
	pass_ext_server_stop_all(); /* reaped: its CPU time is counted */
	r.cpu = cpu(RUSAGE_SELF) + cpu(RUSAGE_CHILDREN) - c0 - start; /* programs only */
	r.model_cpu = cpu(RUSAGE_CHILDREN) - k0 - (server ? start : 0);
	if (r.model_cpu < 0)
		r.model_cpu = 0;
	r.call_cpu += r.model_cpu;
	return r;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The median over rounds of the field at byte offset off of rows[0..k). */
static double
median(const Row *rows, int k, size_t off)
{
	double v[MAX_ROUNDS];
	for (int i = 0; i < k; i++)
		v[i] = *(const double *)((const char *)&rows[i] + off);
	qsort(v, (size_t)k, sizeof v[0], cmp_double);
	return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

static double
median_long(const Row *rows, int k, size_t off)
{
	double v[MAX_ROUNDS];
	for (int i = 0; i < k; i++)
		v[i] = (double)*(const long *)((const char *)&rows[i] + off);
	qsort(v, (size_t)k, sizeof v[0], cmp_double);
	return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

#define MED(rows, k, field) median(rows, k, offsetof(Row, field))
#define MEDP(rows, k, field) median(rows, k, offsetof(Row, prof) + offsetof(PassExtProfile, field))
#define MEDPL(rows, k, field) median_long(rows, k, offsetof(Row, prof) + offsetof(PassExtProfile, field))

int
main(int argc, char **argv)
{
	long n = 20000, next = 20;
	const char *server = EXT_MOCK_SERVER, *cserver = EXT_IDENTITY_SERVER;
	int size = 0, rounds = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--programs") && i + 1 < argc)
			n = atol(argv[++i]);
		else if (!strcmp(argv[i], "--ext-programs") && i + 1 < argc)
			next = atol(argv[++i]);
		else if (!strcmp(argv[i], "--size") && i + 1 < argc)
			size = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
			rounds = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--py-server") && i + 1 < argc)
			server = argv[++i];
		else if (!strcmp(argv[i], "--c-server") && i + 1 < argc)
			cserver = argv[++i];
		else {
			fprintf(stderr, "usage: bench_ext [--programs N] [--ext-programs M] [--size S] "
			                "[--rounds R] [--py-server SCRIPT] [--c-server PROGRAM]\n");
			return 2;
		}
	}
	if (n < 1 || next < 1 || next > n)
		return fprintf(stderr, "bench_ext: need 1 <= --ext-programs <= --programs\n"), 2;
	if (rounds < 1 || rounds > MAX_ROUNDS)
		return fprintf(stderr, "bench_ext: need 1 <= --rounds <= %d\n", MAX_ROUNDS), 2;
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
	char srv[4200], ext[4200], csrv[4200];
	snprintf(srv, sizeof srv, "ext-server:python3 -S %s --serve", server);
	snprintf(ext, sizeof ext, "ext:python3 -S %s", server);
	snprintf(csrv, sizeof csrv, "ext-server:%s", cserver);
	const PassModel *ms = pass_find(srv), *me = pass_find(ext), *mc = pass_find(csrv);
	char hello[600];
	PassError err;
	double t0 = now();
	if (pass_ext_server_hello(ms, hello, sizeof hello, &err)) {
		fprintf(stderr, "bench_ext: the server does not start: %s\n", err.msg);
		return 2;
	}
	double start_s = now() - t0;
	pass_ext_server_stop_all();

	enum { NROWS = 5, NSPLIT = 2 };
	static const char *const what[NROWS] = {
		"built-in identity (no text)",
		"print + read only",
		"ext-server: identity server (Python)",
		"ext: the same script, one process per program",
		"ext-server: identity server in C",
	};
	const PassModel *model[NROWS] = {pass_find("identity"), NULL, ms, me, mc};
	const PassModel *split_model[NSPLIT] = {mc, ms};
	static Row rows[NROWS][MAX_ROUNDS], split[NSPLIT][MAX_ROUNDS];
	for (int k = 0; k < rounds; k++) {
		for (int i = 0; i < NROWS; i++)
			rows[i][k] = run(model[i], texts, i == 3 ? next : n, 0);
		for (int i = 0; i < NSPLIT; i++)
			split[i][k] = run(split_model[i], texts, n, 1);
	}

	double load = 0;
	FILE *la = fopen("/proc/loadavg", "r");
	if (la) {
		if (fscanf(la, "%lf", &load) != 1)
			load = 0;
		fclose(la);
	}
	printf("%ld generated programs, %.0f bytes each on average; Python server start %.0f ms "
	       "(handshake: %s); load average %.2f; %s\n\n", n, (double)bytes / (double)n, start_s * 1e3,
	       hello, load, rounds > 1 ? "medians of the rounds" : "one round");
	printf("| model | programs | failed | wall s | programs/s (wall) | CPU us/program | "
	       "programs/s per busy core (CPU) | call us (wall) | calls/s (wall) | call CPU us |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|\n");
	double call_us[NROWS];
	for (int i = 0; i < NROWS; i++) {
		const Row *r = rows[i];
		long progs = r[0].programs;
		double secs = MED(r, rounds, seconds), c = MED(r, rounds, cpu);
		double call = MED(r, rounds, call), ccpu = MED(r, rounds, call_cpu);
		long failed = (long)median_long(r, rounds, offsetof(Row, failed));
		call_us[i] = call / (double)progs * 1e6;
		printf("| %s | %ld | %ld | %.2f | %.0f | %.1f | %.0f | %.1f | %.0f | %.1f |\n", what[i], progs,
		       failed, secs, (double)progs / secs, c / (double)progs * 1e6, (double)progs / c, call_us[i],
		       (double)progs / call, ccpu / (double)progs * 1e6);
	}
	printf("\n\"call\": pass_run_ex alone (the input already read); call CPU: fencefuzz's, plus the "
	       "model's processes' (a server's start excluded).\n");
	printf("ext-server is %.0fx ext: per call (wall); the protocol's own cost (call minus print + "
	       "read back): %.1f us/program with the Python server, %.1f with the C one\n",
	       call_us[3] / call_us[2], call_us[2] - call_us[1], call_us[4] - call_us[1]);

	/* One CPU clock read, for the profiled runs' own cost. */
	double q0 = self_cpu(), q1 = q0;
	enum { NCLOCK = 20000 };
	for (int i = 0; i < NCLOCK; i++) {
		struct timespec ts;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	}
	q1 = self_cpu();
	double clock_cost = (q1 - q0) / NCLOCK;

	printf("\nWhere an ext-server call goes (profiled runs, us/program; CPU: fencefuzz's, "
	       "its CPU clock reads (%.2f us each) taken out of \"the rest\"):\n\n", clock_cost * 1e6);
	printf("| phase | C server, wall | C server, CPU | Python server, wall | Python server, CPU |\n"
	       "|---|---|---|---|---|\n");
	double per[NSPLIT];
	typedef struct Split {
		double print, send, wait, recv, io, read_back, rest, verify, call, server, fcpu;
		double c_print, c_io, c_read_back, c_rest, c_verify;
		double writes, polls, reads;
	} Split;
	Split sp[NSPLIT];
	for (int j = 0; j < NSPLIT; j++) {
		const Row *r = split[j];
		double u = per[j] = 1e6 / (double)r[0].programs;
		Split *x = &sp[j];
		x->print = MEDP(r, rounds, print) * u;
		x->send = MEDP(r, rounds, send) * u;
		x->wait = MEDP(r, rounds, wait) * u;
		x->recv = MEDP(r, rounds, recv) * u;
		x->read_back = MEDP(r, rounds, read_back) * u;
		double total = MEDP(r, rounds, total) * u;
		x->rest = total - x->print - x->send - x->wait - x->recv - x->read_back;
		x->call = MED(r, rounds, call) * u;
		x->verify = x->call - total;
		x->server = MED(r, rounds, model_cpu) * u;
		x->fcpu = (MED(r, rounds, call_cpu) - MED(r, rounds, model_cpu)) * u;
		x->c_print = MEDP(r, rounds, cpu_print) * u;
		x->c_io = MEDP(r, rounds, cpu_io) * u;
		x->c_read_back = MEDP(r, rounds, cpu_read_back) * u;
		double ctotal = MEDP(r, rounds, cpu_total) * u;
		double clocks = MEDPL(r, rounds, clock_reads) / (double)r[0].programs * clock_cost * 1e6;
		x->c_rest = ctotal - x->c_print - x->c_io - x->c_read_back - clocks;
		x->c_verify = x->fcpu - ctotal;
		x->writes = MEDPL(r, rounds, writes) / (double)r[0].programs;
		x->polls = MEDPL(r, rounds, polls) / (double)r[0].programs;
		x->reads = MEDPL(r, rounds, reads) / (double)r[0].programs;
	}
	const Split *c = &sp[0], *py = &sp[1];
	printf("| print the request (ir_print_program) | %.1f | %.1f | %.1f | %.1f |\n", c->print,
	       c->c_print, py->print, py->c_print);
	printf("| write the request | %.1f | %.1f (write, wait | %.1f | %.1f (write, wait |\n", c->send,
	       c->c_io, py->send, py->c_io);
	printf("| wait for the answer (in poll: the server, the wake-ups) | %.1f | and read | %.1f | "
	       "and read |\n", c->wait, py->wait);
	printf("| read the answer off the pipe, parse its frame | %.1f | together) | %.1f | together) |\n",
	       c->recv, py->recv);
	printf("| read the answer back as a program (ir_read) | %.1f | %.1f | %.1f | %.1f |\n",
	       c->read_back, c->c_read_back, py->read_back, py->c_read_back);
	printf("| the rest of the call (cache, frame, signals, bookkeeping) | %.1f | %.1f | %.1f | %.1f |\n",
	       c->rest, c->c_rest, py->rest, py->c_rest);
	printf("| verify the result (pass_run_ex: ir_verify_program where FENCEFUZZ_VERIFY) | %.1f | %.1f "
	       "| %.1f | %.1f |\n", c->verify, c->c_verify, py->verify, py->c_verify);
	printf("| **the whole call** | %.1f | %.1f | %.1f | %.1f |\n", c->call, c->fcpu, py->call, py->fcpu);
	printf("| the server's CPU (its rusage; inside the wait) | | %.1f | | %.1f |\n", c->server,
	       py->server);
	printf("| system calls on the pipes per program (write + poll + read) | %.2f + %.2f + %.2f | | "
	       "%.2f + %.2f + %.2f | |\n", c->writes, c->polls, c->reads, py->writes, py->polls, py->reads);
	printf("\nthe protocol's own cost, per program: fencefuzz's CPU outside print, read back and "
	       "verify %.1f us (C) / %.1f us (Python), plus the server's %.1f / %.1f us; "
	       "wall outside them: %.1f / %.1f us\n",
	       c->c_io + c->c_rest, py->c_io + py->c_rest, c->server, py->server,
	       c->send + c->wait + c->recv + c->rest, py->send + py->wait + py->recv + py->rest);
	for (long i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	pass_ext_server_stop_all();
	long bad = 0;
	for (int k = 0; k < rounds; k++)
		bad += rows[2][k].failed + rows[3][k].failed + rows[4][k].failed + split[0][k].failed +
		       split[1][k].failed;
	return bad ? 1 : 0;
}
