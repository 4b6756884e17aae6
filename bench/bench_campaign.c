/* bench_campaign: the built-in engine's throughput and time to first finding
 * (issue 4; SPEC 10: >= 50,000 programs/s per core; every behaviour change
 * found in seconds).
 *
 * Table 1, programs/s on one core at the generator's default size, for:
 * generation alone; + tilelang-9f25954; + soundness; + all oracles; + all
 * oracles on the three TileLang models (what `campaign` does by default).
 *
 * Table 2, for each mutant and each pair of built-in models, the time and the
 * number of programs until the first program that shows it (median and worst
 * of 5 campaign seeds, capped at --cap seconds).  A mutant is shown by a
 * program on which the oracles report some finding kind more often for the
 * mutant than for the reference (the oracles alone decide, as in a campaign);
 * a model difference by a program whose two outputs differ structurally.
 *
 *     bench_campaign [--seconds S] [--cap S]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "gen.h"
#include "oracle.h"
#include "pass.h"

typedef enum { STAGE_GEN, STAGE_REF, STAGE_SOUND, STAGE_ALL, STAGE_ALL3 } Stage;

static const char *const stage_names[] = {
	"generate", "generate + 9f25954", "+ soundness", "+ all oracles", "all oracles, 3 models",
};

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
	double t0 = fz_now(), t;
	do {
		for (int k = 0; k < 64; k++, n++) {
			Arena *a = ar_new();
			Decider d;
			dz_init_seed(&d, fz_program_seed(99, n));
			Program *p = fz_generate(a, &d, &g);
			if (st == STAGE_REF)
				pass_run(models[0], p);
			else if (st >= STAGE_SOUND) {
				FindingList fl;
				fl_init(&fl, a);
				for (int m = 0; m < (st == STAGE_ALL3 ? 3 : 1); m++)
					orc_check(models[m], p, &o, &fl);
			}
			ar_free(a);
		}
		t = fz_now() - t0;
	} while (t < seconds);
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
	return !ir_equal_program(pass_run(a, p), pass_run(b, p));
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
              long *programs)
{
	OracleOptions o;
	orc_defaults(&o);
	GenOptions g = {0};
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

static void
row(const char *what, const PassModel *a, const PassModel *b, int mutant, double cap)
{
	enum { SEEDS = 5 };
	double t[SEEDS];
	long progs[SEEDS];
	int missed = 0;
	for (int s = 0; s < SEEDS; s++) {
		t[s] = first_finding(a, b, mutant, (uint64_t)s + 1, cap, &progs[s]);
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
	char med[32], worst[32];
	snprintf(med, sizeof med, sorted[SEEDS / 2] > 1e29 ? "> cap" : "%.1f", sorted[SEEDS / 2] * 1e3);
	snprintf(worst, sizeof worst, sorted[SEEDS - 1] > 1e29 ? "> cap" : "%.1f",
	         sorted[SEEDS - 1] * 1e3);
	printf("| %-42s | %10s | %10s | %8ld | %8ld | %d/%d |\n", what, med, worst, sorted_p[SEEDS / 2],
	       sorted_p[SEEDS - 1], SEEDS - missed, SEEDS);
}

int
main(int argc, char **argv)
{
	double seconds = 2, cap = 10;
	for (int i = 1; i + 1 < argc; i++) {
		if (!strcmp(argv[i], "--seconds"))
			seconds = atof(argv[++i]);
		else if (!strcmp(argv[i], "--cap"))
			cap = atof(argv[++i]);
	}
	printf("| stage (one core, default size)  | programs/s |\n|---|---:|\n");
	for (Stage st = STAGE_GEN; st <= STAGE_ALL3; st++)
		printf("| %-31s | %10.0f |\n", stage_names[st], throughput(st, seconds));

	printf("\n| first program showing it (builtin engine)    | median ms | worst ms | median programs | worst programs | found |\n");
	printf("|---|---:|---:|---:|---:|---:|\n");
	const PassModel *ref = pass_find("tilelang-9f25954"), *head = pass_find("tilelang-head"),
	                *leg = pass_find("tilelang-legacy");
	row("difference tilelang-9f25954 / legacy", ref, leg, 0, cap);
	row("difference tilelang-9f25954 / head", ref, head, 0, cap);
	row("difference tilelang-head / legacy", head, leg, 0, cap);
	int n;
	const PassModel *const *mutants = pass_mutants(&n);
	for (int i = 0; i < n; i++)
		row(mutants[i]->name, mutants[i], ref, 1, cap);
	return 0;
}
