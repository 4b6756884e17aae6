/* bench_reduce: the reducer against a generic line-based one (issue 5).
 *
 * For every mutant and every pair of built-in models, and for each of
 * SEEDS campaign seeds, the first generated program on which the two differ
 * (a mutant against the reference) is reduced twice, keeping the same
 * differential finding (kind differential, both sides' soundness verdicts,
 * the same raw signature):
 *   fencefuzz  fz_reduce, the tree-aware reducer of fuzz/reduce.c;
 *   ddmin      Zeller's ddmin over the lines of the printed program, a
 *              candidate kept when it reads back, verifies and shows the
 *              same finding: what a generic line-based reducer can do.
 * Both under the same budget (--budget seconds per reduction).  Sizes are
 * statements (ST_SEQ nodes not counted), times wall-clock on one core.
 *
 *     bench_reduce [--seeds N] [--budget S]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "gen.h"
#include "reduce.h"

enum { MAX_SEEDS = 16 };

static int
differs(const PassModel *a, const PassModel *b, const Program *p)
{
	return pass_accepts(a, p, NULL) && pass_accepts(b, p, NULL) &&
	       !ir_equal_program(pass_run(a, p), pass_run(b, p));
}

/* The first program of campaign seed `seed` on which a and b differ. */
static Program *
first_difference(Arena *ar, const PassModel *a, const PassModel *b, uint64_t seed)
{
	GenOptions g = {0};
	for (long i = 0; i < 200000; i++) {
		Arena *t = ar_new();
		Decider d;
		dz_init_seed(&d, fz_program_seed(seed, i));
		Program *p = fz_generate(t, &d, &g);
		if (differs(a, b, p)) {
			StrBuf sb;
			sb_init(&sb);
			ir_print_program(&sb, p);
			Diag dg;
			Program *q = ir_read(ar, "program", sb.p, sb.len, &dg);
			sb_free(&sb);
			ar_free(t);
			return q;
		}
		ar_free(t);
	}
	return NULL;
}

/* ---- ddmin over lines ------------------------------------------------------ */

typedef struct Lines {
	char **v;
	int n;
} Lines;

/* The kept lines as one text, read as a program into arena a (NULL when it
 * does not read). */
static Program *
read_kept(Arena *a, char **lines, const unsigned char *keep, int n)
{
	StrBuf sb;
	sb_init(&sb);
	for (int i = 0; i < n; i++)
		if (keep[i]) {
			sb_puts(&sb, lines[i]);
			sb_putc(&sb, '\n');
		}
	Diag d;
	Program *p = ir_read(a, "ddmin", sb.p ? sb.p : "", sb.len, &d);
	sb_free(&sb);
	return p;
}

static int
ddmin_test(const ReduceTarget *t, char **lines, const unsigned char *keep, int n, long *trials)
{
	Arena *a = ar_new();
	Diag d;
	Program *p = read_kept(a, lines, keep, n);
	int ok = 0;
	(*trials)++;
	if (p && !ir_verify_program(p, &d)) {
		FindingList fl;
		fl_init(&fl, a);
		ok = fz_shows(t, p, &fl, NULL);
	}
	ar_free(a);
	return ok;
}

/* Zeller's ddmin: complements of n chunks, n doubling up to the number of
 * lines left.  keep[] marks the lines kept; returns the lines left. */
static int
ddmin(const ReduceTarget *t, char **lines, int total, unsigned char *keep, double budget,
      long *trials, int *hit_limit)
{
	double t0 = fz_now();
	int *idx = malloc(sizeof *idx * (size_t)total);
	unsigned char *trial = malloc((size_t)total);
	int n = 2;
	for (;;) {
		int m = 0;
		for (int i = 0; i < total; i++)
			if (keep[i])
				idx[m++] = i;
		if (m < 2 || n > m)
			break;
		int reduced = 0;
		for (int c = 0; c < n && !reduced; c++) {
			if (fz_now() - t0 > budget) {
				*hit_limit = 1;
				goto out;
			}
			int lo = (int)((long)m * c / n), hi = (int)((long)m * (c + 1) / n);
			memcpy(trial, keep, (size_t)total);
			for (int j = lo; j < hi; j++)
				trial[idx[j]] = 0;
			if (ddmin_test(t, lines, trial, total, trials)) {
				memcpy(keep, trial, (size_t)total);
				n = n > 2 ? n - 1 : 2;
				reduced = 1;
			}
		}
		if (!reduced) {
			if (n >= m)
				break;
			n = n * 2 < m ? n * 2 : m;
		}
	}
out:;
	int left = 0;
	for (int i = 0; i < total; i++)
		left += keep[i];
	free(idx);
	free(trial);
	return left;
}

static long
ddmin_statements(char **lines, const unsigned char *keep, int n)
{
	Arena *a = ar_new();
	Program *p = read_kept(a, lines, keep, n);
	long s = p ? fz_count_stmts(p) : -1;
	ar_free(a);
	return s;
}

/* ---- the table ------------------------------------------------------------- */

typedef struct Sample {
	long orig, ours, ddmin;
	double ours_ms, ddmin_ms;
	long ours_trials, ddmin_trials;
	int ours_limit, ddmin_limit;
} Sample;

static int
cmp_long(const void *x, const void *y)
{
	long a = *(const long *)x, b = *(const long *)y;
	return a < b ? -1 : a > b;
}

static int
cmp_dbl(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

static long
med_l(long *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_long);
	return v[n / 2];
}

static double
med_d(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_dbl);
	return v[n / 2];
}

static int
sample(const PassModel *a, const PassModel *b, uint64_t seed, double budget, Sample *s)
{
	Arena *ar = ar_new();
	Program *p = first_difference(ar, a, b, seed);
	if (!p) {
		ar_free(ar);
		return -1;
	}
	ReduceTarget t = {0};
	t.model = a;
	t.other = b;
	t.kind = FK_DIFFERENTIAL;
	orc_defaults(&t.oracles);
	FindingList fl;
	fl_init(&fl, ar);
	Finding f;
	if (!fz_shows(&t, p, &fl, &f)) {
		ar_free(ar);
		return -1;
	}
	t.raw_signature = f.signature;
	s->orig = fz_count_stmts(p);

	ReduceResult r;
	ReduceLimits lim = {budget, 0};
	char err[256];
	if (fz_reduce(ar, p, &t, &lim, &r, err, sizeof err)) {
		ar_free(ar);
		return -1;
	}
	s->ours = r.stmts_after;
	s->ours_ms = r.seconds * 1000;
	s->ours_trials = r.trials;
	s->ours_limit = r.hit_limit;
	fz_reduce_result_free(&r);

	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, p);
	char *text = sb_take(&sb);
	int n = 0, cap = 64;
	char **lines = malloc(sizeof *lines * (size_t)cap);
	for (char *q = text, *nl; q && *q; q = nl ? nl + 1 : NULL) {
		nl = strchr(q, '\n');
		if (nl)
			*nl = 0;
		if (n == cap)
			lines = realloc(lines, sizeof *lines * (size_t)(cap *= 2));
		lines[n++] = q;
	}
	unsigned char *keep = malloc((size_t)n);
	memset(keep, 1, (size_t)n);
	double t0 = fz_now();
	s->ddmin_trials = 0;
	s->ddmin_limit = 0;
	ddmin(&t, lines, n, keep, budget, &s->ddmin_trials, &s->ddmin_limit);
	s->ddmin_ms = (fz_now() - t0) * 1000;
	s->ddmin = ddmin_statements(lines, keep, n);
	free(keep);
	free(lines);
	free(text);
	ar_free(ar);
	return 0;
}

int
main(int argc, char **argv)
{
	int seeds = 3;
	double budget = 10;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seeds") && i + 1 < argc)
			seeds = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--budget") && i + 1 < argc)
			budget = atof(argv[++i]);
		else {
			fprintf(stderr, "usage: bench_reduce [--seeds N] [--budget S]\n");
			return 2;
		}
	}
	if (seeds < 1 || seeds > MAX_SEEDS)
		seeds = 3;
	static const char *const diffs[3][2] = {
		{"tilelang-9f25954", "tilelang-legacy"},
		{"tilelang-9f25954", "tilelang-head"},
		{"tilelang-head", "tilelang-legacy"},
	};
	int nm;
	const PassModel *const *mutants = pass_mutants(&nm);
	const PassModel *ref = pass_find(PASS_DEFAULT_MODEL);
	printf("Reduction of the first differing program, median of %d campaign seeds per row "
	       "(budget %.0f s per reduction);\nstatements, milliseconds, candidates judged\n\n",
	       seeds, budget);
	printf("| %-47s | %5s | %9s | %8s | %7s | %6s | %9s | %6s |\n", "difference", "orig",
	       "fencefuzz", "ms", "trials", "ddmin", "ms", "trials");
	printf("|%s|%s|%s|%s|%s|%s|%s|%s|\n", "-------------------------------------------------", "-------",
	       "-----------", "----------", "---------", "--------", "-----------", "--------");
	enum { MAXS = 19 * MAX_SEEDS };
	static long all_ours[MAXS], all_dd[MAXS], all_orig[MAXS];
	static double all_oms[MAXS], all_dms[MAXS];
	int na = 0, ahead_size = 0, ahead_time = 0, limits = 0, dd_limits = 0;
	for (int row = 0; row < 3 + nm; row++) {
		const PassModel *a = row < 3 ? pass_find(diffs[row][0]) : mutants[row - 3];
		const PassModel *b = row < 3 ? pass_find(diffs[row][1]) : ref;
		char name[128];
		snprintf(name, sizeof name, "%s vs %s", a->name, row < 3 ? b->name : "reference");
		long o[MAX_SEEDS], u[MAX_SEEDS], d[MAX_SEEDS], ut[MAX_SEEDS], dt[MAX_SEEDS];
		double ums[MAX_SEEDS], dms[MAX_SEEDS];
		int k = 0;
		for (int s = 0; s < seeds; s++) {
			Sample sm;
			if (sample(a, b, (uint64_t)s + 1, budget, &sm))
				continue;
			o[k] = sm.orig, u[k] = sm.ours, d[k] = sm.ddmin, ut[k] = sm.ours_trials,
			dt[k] = sm.ddmin_trials, ums[k] = sm.ours_ms, dms[k] = sm.ddmin_ms;
			all_orig[na] = sm.orig, all_ours[na] = sm.ours, all_dd[na] = sm.ddmin;
			all_oms[na] = sm.ours_ms, all_dms[na] = sm.ddmin_ms;
			na++;
			ahead_size += sm.ours <= sm.ddmin;
			ahead_time += sm.ours_ms <= sm.ddmin_ms;
			limits += sm.ours_limit;
			dd_limits += sm.ddmin_limit;
			k++;
		}
		if (!k) {
			printf("| %-47s | %5s | %9s | %8s | %7s | %6s | %9s | %6s |\n", name, "-", "none", "",
			       "", "", "", "");
			continue;
		}
		printf("| %-47s | %5ld | %9ld | %8.1f | %7ld | %6ld | %9.1f | %6ld |\n", name, med_l(o, k),
		       med_l(u, k), med_d(ums, k), med_l(ut, k), med_l(d, k), med_d(dms, k), med_l(dt, k));
	}
	if (!na)
		return 1;
	long max_ours = 0;
	double max_ms = 0;
	for (int i = 0; i < na; i++) {
		if (all_ours[i] > max_ours)
			max_ours = all_ours[i];
		if (all_oms[i] > max_ms)
			max_ms = all_oms[i];
	}
	printf("\nover all %d reductions: original median %ld statements; fencefuzz median %ld "
	       "(max %ld), %.1f ms median (max %.1f ms);\nddmin median %ld statements, %.1f ms median; "
	       "fencefuzz as small or smaller in %d of %d, as fast or faster in %d of %d;\n"
	       "stopped by the budget: fencefuzz %d, ddmin %d\n",
	       na, med_l(all_orig, na), med_l(all_ours, na), max_ours, med_d(all_oms, na), max_ms,
	       med_l(all_dd, na), med_d(all_dms, na), ahead_size, na, ahead_time, na, limits, dd_limits);
	return 0;
}
