/* bench_oracles: throughput of generation + reference model + every default
 * oracle, in programs per second on one core, and where the time goes.
 *
 *     bench_oracles [--programs N] [--seed S] [--models 1|3] [--no-breakdown]
 *
 * Programs 0..N-1 are generated as a campaign with seed S generates them
 * (fz_program_seed), at the generator's default size and swarm features.
 * Each is judged as `fencefuzz check` judges it (orc_check, the default
 * oracle set, root causes included) by tilelang-9f25954, or with --models 3
 * by the three TileLang models as a default campaign does.
 *
 * Times are the CPU time of the process's thread (one core), not wall time.
 * Line 1: programs/s of the whole (generation + model + oracles), the
 * number of findings and a digest of all they say (two builds that judge
 * alike print the same), and the time.
 * Then, unless --no-breakdown, a second pass over the same programs with
 * each stage timed on its own (the model run, its run on its own output for
 * idempotence, each oracle called directly) as a share of their sum, and
 * orc_check as a whole on the same programs (root causes included).
 *
 * Only the library interfaces a campaign uses are called, so the program
 * builds against older trees too and two builds can be compared in one run.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "campaign.h"
#include "gen.h"
#include "judge.h"
#include "oracle.h"
#include "pass.h"

/* CPU time of this thread: per-core figures stay meaningful on a shared machine. */
static double
cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { T_GEN, T_MODEL, T_MODEL2, T_SOUND, T_HAND, T_PRES, T_IDEM, T_MIN, T_CHECK, T_N };

static const char *const stage_names[T_N] = {
	"generation", "model run", "model on its output", "soundness", "handshake",
	"preservation", "idempotence", "minimality", "orc_check (all, root causes)",
};

/* FNV-1a over n bytes, eight bytes a round (the same value byte by byte). */
static uint64_t
mix(uint64_t h, const void *p, size_t n)
{
	const uint64_t P = 0x100000001b3ULL;
	const unsigned char *c = p, *end8 = c + (n & ~(size_t)7), *end = c + n;
	for (; c < end8; c += 8) {
		h = (h ^ c[0]) * P;
		h = (h ^ c[1]) * P;
		h = (h ^ c[2]) * P;
		h = (h ^ c[3]) * P;
		h = (h ^ c[4]) * P;
		h = (h ^ c[5]) * P;
		h = (h ^ c[6]) * P;
		h = (h ^ c[7]) * P;
	}
	for (; c < end; c++)
		h = (h ^ *c) * P;
	return h;
}

static uint64_t
mix_str(uint64_t h, const char *s)
{
	return s ? mix(h, s, strlen(s) + 1) : mix(h, "", 1);
}

/* A digest of everything a finding says (kind, place, message, witness,
 * strength, signature, root cause) and of the notes: two builds that judge
 * alike print the same digest. */
static uint64_t
digest(uint64_t h, const FindingList *fl)
{
	for (int i = 0; i < fl->n; i++) {
		const Finding *f = &fl->items[i];
		int k = f->kind, st = f->strength;
		h = mix(h, &k, sizeof k);
		h = mix_str(h, f->model);
		h = mix_str(h, f->oracle);
		h = mix(h, &f->loc, sizeof f->loc);
		h = mix_str(h, f->message);
		for (int j = 0; j < f->nwitness; j++) {
			h = mix(h, &f->witness[j].loc, sizeof f->witness[j].loc);
			h = mix_str(h, f->witness[j].what);
		}
		h = mix(h, &st, sizeof st);
		h = mix_str(h, f->strength_note);
		h = mix(h, &f->signature, sizeof f->signature);
		h = mix_str(h, f->root_cause);
	}
	for (int i = 0; i < fl->nnotes; i++)
		h = mix_str(h, fl->notes[i]);
	return h;
}

static void
usage(void)
{
	fprintf(stderr, "usage: bench_oracles [--programs N] [--seed S] [--models 1|3] [--no-breakdown]\n");
	exit(2);
}

/* Each stage of orc_check on its own, timed (no root causes). */
static void
stages(const PassModel *m, const Program *p, const OracleOptions *o, FindingList *fl, double *t)
{
	double t0 = cpu_now();
	PassError err;
	Program *q = pass_run_ex(m, p, &err);
	double t1 = cpu_now();
	t[T_MODEL] += t1 - t0;
	if (!q)
		return;
	Program *qq = pass_run_ex(m, q, &err);
	t0 = cpu_now();
	t[T_MODEL2] += t0 - t1;
	for (int i = 0; i < p->nfuncs && i < q->nfuncs; i++) {
		const Func *pf = p->funcs[i], *qf = q->funcs[i];
		orc_soundness(qf, o, m->name, fl);
		t1 = cpu_now(), t[T_SOUND] += t1 - t0;
		orc_handshake(qf, o, m->name, fl);
		t0 = cpu_now(), t[T_HAND] += t0 - t1;
		orc_preservation(pf, qf, m->name, fl);
		t1 = cpu_now(), t[T_PRES] += t1 - t0;
		if (qq)
			orc_idempotence(qf, qq->funcs[i], m->name, fl);
		t0 = cpu_now(), t[T_IDEM] += t0 - t1;
		MinimalityStatus st;
		orc_minimality_status(pf, qf, o, m->name, fl, &st);
		t1 = cpu_now(), t[T_MIN] += t1 - t0;
		t0 = t1;
	}
}

int
main(int argc, char **argv)
{
	long n = 20000;
	unsigned long long seed = 1;
	int nmodels = 1, breakdown = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--programs") && i + 1 < argc)
			n = atol(argv[++i]);
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--models") && i + 1 < argc)
			nmodels = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--no-breakdown"))
			breakdown = 0;
		else
			usage();
	}
	if (n <= 0 || (nmodels != 1 && nmodels != 3))
		usage();
	const PassModel *models[3] = {pass_find("tilelang-9f25954"), pass_find("tilelang-head"),
	                              pass_find("tilelang-legacy")};
	OracleOptions o;
	orc_defaults(&o);
	GenOptions g = {0};

	long findings = 0, judged = 0;
	uint64_t h = 0xcbf29ce484222325ULL;
	double t0 = cpu_now();
	for (long i = 0; i < n; i++) {
		Arena *a = ar_new();
		Decider d;
		dz_init_seed(&d, fz_program_seed(seed, i));
#if defined FZ_HAVE_GENERATE_FULL && defined PASS_HAVE_INPUT_VERSIONS
		/* The generator's op versions, as a campaign worker hands them over
		 * (bench/ratio.sh also builds this file against older trees, which
		 * lack both and scan every program instead). */
		unsigned versions;
		Program *p = fz_generate_full(a, &d, &g, NULL, &versions);
#else
		Program *p = fz_generate(a, &d, &g);
#endif
		FindingList fl;
		fl_init(&fl, a);
		orc_share_begin(p, &o); /* as a campaign worker judges its models */
#if defined FZ_HAVE_GENERATE_FULL && defined PASS_HAVE_INPUT_VERSIONS
		pass_input_versions(p, versions);
#endif
		for (int m = 0; m < nmodels; m++)
			if (pass_accepts(models[m], p, NULL)) {
				orc_check(models[m], p, &o, &fl);
				judged++;
			}
		orc_share_end();
		findings += fl.n;
		h = digest(h, &fl);
		ar_free(a);
	}
	double total = cpu_now() - t0;
	printf("programs %ld  models %d  judged %ld  findings %ld  digest %016llx  seconds %.3f  "
	       "programs/s %.0f\n",
	       n, nmodels, judged, findings, (unsigned long long)h, total, (double)n / total);
	if (!breakdown)
		return 0;

	double t[T_N] = {0};
	for (long i = 0; i < n; i++) {
		double s = cpu_now();
		Arena *a = ar_new();
		Decider d;
		dz_init_seed(&d, fz_program_seed(seed, i));
		Program *p = fz_generate(a, &d, &g);
		t[T_GEN] += cpu_now() - s;
		FindingList fl;
		fl_init(&fl, a);
		for (int m = 0; m < nmodels; m++) {
			if (!pass_accepts(models[m], p, NULL))
				continue;
			stages(models[m], p, &o, &fl, t);
			s = cpu_now();
			orc_check(models[m], p, &o, &fl);
			t[T_CHECK] += cpu_now() - s;
		}
		ar_free(a);
	}
	/* Shares of the stages timed one by one; orc_check as called (with root
	 * causes, without the per-stage timer calls) on its own line. */
	double whole = 0;
	for (int k = 0; k < T_CHECK; k++)
		whole += t[k];
	printf("| stage | CPU seconds | share |\n|---|---:|---:|\n");
	for (int k = 0; k < T_CHECK; k++)
		printf("| %s | %.3f | %.1f%% |\n", stage_names[k], t[k], 100 * t[k] / whole);
	printf("| sum of the stages | %.3f | 100%% |\n", whole);
	printf("| %s | %.3f | |\n", stage_names[T_CHECK], t[T_CHECK]);
	return 0;
}
