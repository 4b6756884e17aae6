/* bench_campaign: the built-in engine's throughput and time to first finding
 * (issue 4; the project's bar: >= 50,000 programs/s per core; every behaviour change
 * found in seconds).
 *
 * Table 1, programs per second of CPU time (this thread's, so that the figure
 * is per core on a shared machine too) at the generator's default size, for:
 * generation alone; + tilelang-9f25954; + soundness; + all oracles; + all
 * oracles on the three TileLang models (what `campaign` does by default).
 *
 * Table 2, for each mutant and each pair of built-in models, the time and the
 * number of programs until the first program that shows it (median and worst
 * of 5 campaign seeds, capped at --cap seconds).  A mutant is shown by a
 * program on which the oracles report some finding kind more often for the
 * mutant than for the reference (the oracles alone decide, as in a campaign);
 * a model difference by a program whose two outputs differ structurally.
 * Columns: the builtin engine (swarm: each program's feature mask drawn from
 * its decisions), the uniform baseline (the same search with every feature on,
 * GenOptions.features = FZ_F_ALL), and, with --engines FILE, libFuzzer and
 * AFL++ on fuzz/targets/fuzz_find.c as measured by bench/bench_engines.sh.
 *
 *     bench_campaign [--seconds S] [--cap S] [--no-throughput | --throughput-only]
 *                    [--engines FILE]
 *     bench_campaign --list-rows
 *
 * --list-rows prints the key of each row of table 2, one a line, in the
 * form fuzz_find takes in FENCEFUZZ_FIND ("diff:A,B" or "mutant:NAME").
 * FILE has one line per row and engine: KEY<TAB>ENGINE<TAB>MEDIAN<TAB>WORST
 * <TAB>FOUND, with ENGINE libfuzzer or afl, times in ms or "> cap".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "campaign.h"
#include "gen.h"
#include "oracle.h"
#include "pass.h"

typedef enum { STAGE_GEN, STAGE_REF, STAGE_SOUND, STAGE_ALL, STAGE_ALL3 } Stage;

static const char *const stage_names[] = {
	"generate", "generate + 9f25954", "+ soundness", "+ all oracles", "all oracles, 3 models",
};

/* CPU time of this thread: a per-core figure stays meaningful on a shared machine. */
static double
cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double
throughput(Stage st, double seconds)
{
	const PassModel *models[3] = {pass_find("tilelang-9f25954"), pass_find("tilelang-head"),
	                              pass_find("tilelang-legacy")};
	OracleOptions o;
	orc_defaults(&o);
	if (st == STAGE_SOUND)
		o.enabled = ORC_SOUNDNESS;
	GenOptions g = {0};
	long n = 0;
	double t0 = cpu_now(), t;
	Arena *a = ar_new(); /* reset after each program, as a campaign worker does */
	do {
		for (int k = 0; k < 64; k++, n++) {
			Decider d;
			dz_init_seed(&d, fz_program_seed(99, n));
			unsigned versions;
			Program *p = fz_generate_full(a, &d, &g, NULL, &versions);
			if (st == STAGE_REF && pass_accepts(models[0], p, NULL))
				pass_run(models[0], p);
			else if (st >= STAGE_SOUND) {
				FindingList fl;
				fl_init(&fl, a);
				/* as a campaign worker judges its models: the generator's
				 * op versions handed over, no vocabulary scan */
				orc_share_begin(p, &o);
				pass_input_versions(p, versions);
				for (int m = 0; m < (st == STAGE_ALL3 ? 3 : 1); m++)
					orc_check(models[m], p, &o, &fl);
				orc_share_end();
			}
			ar_reset(a);
		}
		t = cpu_now() - t0;
	} while (t < seconds);
	ar_free(a);
	return (double)n / t;
}

/* 1 when program p shows `m` against the reference (see the header). */
static int
shows_mutant(const PassModel *m, const PassModel *ref, const Program *p, const OracleOptions *o)
{
	int cm[FK_COUNT] = {0}, cr[FK_COUNT] = {0};
	FindingList fl;
	fl_init(&fl, p->arena);
	orc_check(m, p, o, &fl);
	for (int i = 0; i < fl.n; i++)
		cm[fl.items[i].kind]++;
	fl_init(&fl, p->arena);
	orc_check(ref, p, o, &fl);
	for (int i = 0; i < fl.n; i++)
		cr[fl.items[i].kind]++;
	for (int k = 0; k < FK_COUNT; k++)
		if (cm[k] > cr[k])
			return 1;
	return 0;
}

static int
shows_difference(const PassModel *a, const PassModel *b, const Program *p)
{
	return pass_accepts(a, p, NULL) && pass_accepts(b, p, NULL) &&
	       !ir_equal_program(pass_run(a, p), pass_run(b, p));
}

static int
cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

/* Time to the first showing program from campaign seed `seed`; -1 if none
 * within cap seconds. */
static double
first_finding(const PassModel *a, const PassModel *b, int mutant, uint64_t seed, double cap,
              unsigned features, long *programs)
{
	OracleOptions o;
	orc_defaults(&o);
	GenOptions g = {0};
	g.features = features;
	double t0 = fz_now();
	for (long i = 0;; i++) {
		Arena *ar = ar_new();
		Decider d;
		dz_init_seed(&d, fz_program_seed(seed, i));
		Program *p = fz_generate(ar, &d, &g);
		int hit = mutant ? shows_mutant(a, b, p, &o) : shows_difference(a, b, p);
		ar_free(ar);
		double t = fz_now() - t0;
		if (hit) {
			*programs = i + 1;
			return t;
		}
		if (t > cap) {
			*programs = i + 1;
			return -1;
		}
	}
}

enum { SEEDS = 5 };

typedef struct Result {
	char med[32], worst[32];
	long med_p, worst_p;
	int found;
} Result;

/* Median and worst of SEEDS campaign seeds with generator features `features`. */
static void
measure(const PassModel *a, const PassModel *b, int mutant, double cap, unsigned features,
        Result *r)
{
	double t[SEEDS];
	long progs[SEEDS];
	int missed = 0;
	for (int s = 0; s < SEEDS; s++) {
		t[s] = first_finding(a, b, mutant, (uint64_t)s + 1, cap, features, &progs[s]);
		if (t[s] < 0)
			missed++, t[s] = 1e30;
	}
	long sorted_p[SEEDS];
	memcpy(sorted_p, progs, sizeof progs);
	double sorted[SEEDS];
	memcpy(sorted, t, sizeof t);
	qsort(sorted, SEEDS, sizeof *sorted, cmp_double);
	for (int i = 1; i < SEEDS; i++)
		for (int j = i; j > 0 && sorted_p[j - 1] > sorted_p[j]; j--) {
			long x = sorted_p[j];
			sorted_p[j] = sorted_p[j - 1];
			sorted_p[j - 1] = x;
		}
	snprintf(r->med, sizeof r->med, sorted[SEEDS / 2] > 1e29 ? "> cap" : "%.1f",
	         sorted[SEEDS / 2] * 1e3);
	snprintf(r->worst, sizeof r->worst, sorted[SEEDS - 1] > 1e29 ? "> cap" : "%.1f",
	         sorted[SEEDS - 1] * 1e3);
	r->med_p = sorted_p[SEEDS / 2];
	r->worst_p = sorted_p[SEEDS - 1];
	r->found = SEEDS - missed;
}

/* The engines' results (--engines FILE), looked up by row key. */
typedef struct EngineLine {
	char key[96], engine[16], med[32], worst[32], found[16];
} EngineLine;

static EngineLine *engine_lines;

static void
copy_field(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, src, n);
	dst[n] = 0;
}
static int n_engine_lines;

static int
read_engines(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		return -1;
	}
	char line[512];
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = 0;
		char *field[5];
		int nf = 0;
		for (char *p = line, *tab; nf < 5; p = tab + 1) {
			field[nf++] = p;
			if (!(tab = strchr(p, '\t')))
				break;
			*tab = 0;
		}
		if (nf < 5)
			continue;
		EngineLine *grown = realloc(engine_lines, (size_t)(n_engine_lines + 1) * sizeof *grown);
		if (!grown)
			abort();
		engine_lines = grown;
		EngineLine *e = &engine_lines[n_engine_lines++];
		copy_field(e->key, sizeof e->key, field[0]);
		copy_field(e->engine, sizeof e->engine, field[1]);
		copy_field(e->med, sizeof e->med, field[2]);
		copy_field(e->worst, sizeof e->worst, field[3]);
		copy_field(e->found, sizeof e->found, field[4]);
	}
	fclose(f);
	return 0;
}

static const EngineLine *
engine_result(const char *key, const char *engine)
{
	for (int i = 0; i < n_engine_lines; i++)
		if (!strcmp(engine_lines[i].key, key) && !strcmp(engine_lines[i].engine, engine))
			return &engine_lines[i];
	return NULL;
}

static void
row(const char *what, const char *key, const PassModel *a, const PassModel *b, int mutant,
    double cap, int engines)
{
	Result sw, un;
	measure(a, b, mutant, cap, 0, &sw);
	measure(a, b, mutant, cap, FZ_F_ALL, &un);
	printf("| %-38s | %9s | %9s | %8ld | %8ld | %d/%d | %9s | %9s | %8ld | %8ld | %d/%d |", what,
	       sw.med, sw.worst, sw.med_p, sw.worst_p, sw.found, SEEDS, un.med, un.worst, un.med_p,
	       un.worst_p, un.found, SEEDS);
	if (engines) {
		static const char *const names[] = {"libfuzzer", "afl"};
		for (int e = 0; e < 2; e++) {
			const EngineLine *l = engine_result(key, names[e]);
			printf(" %9s | %9s | %5s |", l ? l->med : "-", l ? l->worst : "-",
			       l ? l->found : "-");
		}
	}
	printf("\n");
	fflush(stdout);
}

int
main(int argc, char **argv)
{
	double seconds = 2, cap = 10;
	int no_throughput = 0, throughput_only = 0, list_rows = 0;
	const char *engines = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
			seconds = atof(argv[++i]);
		else if (!strcmp(argv[i], "--cap") && i + 1 < argc)
			cap = atof(argv[++i]);
		else if (!strcmp(argv[i], "--engines") && i + 1 < argc)
			engines = argv[++i];
		else if (!strcmp(argv[i], "--no-throughput"))
			no_throughput = 1;
		else if (!strcmp(argv[i], "--throughput-only"))
			throughput_only = 1;
		else if (!strcmp(argv[i], "--list-rows"))
			list_rows = 1;
		else {
			fprintf(stderr, "usage: bench_campaign [--seconds S] [--cap S] [--no-throughput | "
			                "--throughput-only] [--engines FILE] | --list-rows\n");
			return 2;
		}
	}
	static const char *const diffs[3][2] = {
		{"tilelang-9f25954", "tilelang-legacy"},
		{"tilelang-9f25954", "tilelang-head"},
		{"tilelang-head", "tilelang-legacy"},
	};
	int n;
	const PassModel *const *mutants = pass_mutants(&n);
	if (list_rows) {
		for (int i = 0; i < 3; i++)
			printf("diff:%s,%s\n", diffs[i][0], diffs[i][1]);
		for (int i = 0; i < n; i++)
			printf("%s\n", mutants[i]->name);
		return 0;
	}
	if (engines && read_engines(engines) != 0)
		return 1;
	if (!no_throughput) {
		printf("| stage (one core, default size)  | programs/s |\n|---|---:|\n");
		for (Stage st = STAGE_GEN; st <= STAGE_ALL3; st++)
			printf("| %-31s | %10.0f |\n", stage_names[st], throughput(st, seconds));
		printf("\n");
	}
	if (throughput_only)
		return 0;

	printf("| first program showing it (builtin, uniform: cap %g s) | builtin median ms | builtin worst ms | "
	       "builtin median programs | builtin worst programs | builtin found | uniform median ms | "
	       "uniform worst ms | uniform median programs | uniform worst programs | uniform found |",
	       cap);
	if (engines)
		printf(" libFuzzer median ms | libFuzzer worst ms | libFuzzer found | AFL++ median ms | "
		       "AFL++ worst ms | AFL++ found |");
	printf("\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|%s\n",
	       engines ? "---:|---:|---:|---:|---:|---:|" : "");
	for (int i = 0; i < 3; i++) {
		char what[96], key[96];
		const char *b = diffs[i][1];
		if (!strncmp(diffs[i][0], "tilelang-", 9) && !strncmp(b, "tilelang-", 9))
			b += 9;
		snprintf(what, sizeof what, "difference %s / %s", diffs[i][0], b);
		snprintf(key, sizeof key, "diff:%s,%s", diffs[i][0], diffs[i][1]);
		row(what, key, pass_find(diffs[i][0]), pass_find(diffs[i][1]), 0, cap, engines != NULL);
	}
	const PassModel *ref = pass_find("tilelang-9f25954");
	for (int i = 0; i < n; i++)
		row(mutants[i]->name, mutants[i]->name, mutants[i], ref, 1, cap, engines != NULL);
	free(engine_lines);
	return 0;
}
