/* campaign.c: one campaign worker.  Program i is generated from
 * fz_program_seed(seed, i), run through every model, judged by the oracles;
 * each finding is recorded in the store, which deduplicates by (signature,
 * model, kind).  The program text is stored only the first time this worker
 * sees a finding, so that the store does not grow with every program.
 * Writes go in batches: what a worker finds is kept in memory and written in
 * one short transaction per second (sooner when 256 programs with a first
 * sighting wait), so workers sharing a database do not wait on each other's
 * write lock, and a killed worker loses at most its last second, never
 * consistency.  Only a program on which a finding is first seen is kept
 * until then (its text is stored); the findings seen again are counted per
 * row, and written once per row and transaction.
 *
 * Findings are recorded under their cause signature (signature.c): the
 * program is reduced (reduce.c) and the reduced program's shape signs the
 * finding, so one bug found from many programs is one row, and two bugs that
 * share a raw signature are two.  Reducing every occurrence would cost more
 * than finding them, so each worker reduces the occurrences 1, 8, 64, 512 ...
 * of each raw signature (a new cause under an old raw signature is still
 * found, at a logarithmic cost), and records the others under the cause of
 * the first reduction of their raw signature.  The first reduction of each
 * cause is stored as its reproducer.
 *
 * Locations.  A finding is stored with the text of its program, and its
 * locations are that text's: the program is printed (the text stored with a
 * finding first seen on it) with a location map (IrPrintOptions.locs), each
 * statement takes the line:col of the text, and the judges then give the
 * findings of the text read back, located, with no second read.  Most
 * programs find only what the worker has seen before, and what is kept of
 * those is their findings' keys (signature, kind, judge), which name no
 * location (fl_sign), and their number.  So without reduction each program
 * is first judged as generated, with no locations (the probe), judge after
 * judge: while every finding's key is seen already and no root cause is
 * wanted (cause_wanted), those findings are counted; at the first judge
 * that has a first sighting or a root cause to record, the program is
 * printed and located, and that judge and the next ones judge it as above.
 * A program whose judges all pass the probe is never printed.  FENCEFUZZ_CAMPAIGN_PROBE=0 locates
 * every program first (no probe); =check judges each probed program located
 * too and aborts where the two differ.
 *
 * Root causes.  A finding's root cause is the one of its reduction (a
 * program that keeps it, reduce.c), and the others of its raw signature get
 * the root cause of the first reduction with their cause.  With --no-reduce,
 * the root cause is the one the model gives on the located program. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "campaign.h"
#include "gen.h"
#include "pass.h"
#include "reduce.h"
#include "reproducer.h"
#include "ptrmap.h"
#include "store.h"

double
fz_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t
fz_program_seed(uint64_t campaign_seed, long index)
{
	/* splitmix64 of the pair: consecutive indices give unrelated seeds. */
	uint64_t z = campaign_seed * 0x9e3779b97f4a7c15ULL + (uint64_t)index + 1;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int
fail(char *err, size_t errlen, Db *db, const char *what)
{
	snprintf(err, errlen, "%s: %s", what, db ? db_error(db) : "");
	return -1;
}

/* Judge j of a campaign: the oracles on model j's output, or, for the last
 * judge of a differential campaign, the differential oracle on models 0
 * and 1.  A generated program may call an op only some versions have (the
 * swarm generates head-only ops too): a judge whose model's version lacks it
 * does not apply, and the program counts as not applicable for it instead
 * of a model-rejected finding. */
static int
njudges(const CampaignOptions *o)
{
	return o->nmodels + (o->differential && o->nmodels >= 2);
}

/* The reproducer texts of a finding's first reduction (arena strings). */
typedef struct Repro {
	const char *reduced, *pytest, *cuda;
} Repro;

/* A program on which some finding was first seen by this worker, kept
 * (with its arena) until the next flush: its text is stored, and its first
 * sightings make their rows.  Programs whose findings were all seen before
 * are not kept: their findings go to the worker's Again table as they are
 * judged, and their arena is freed at once. */
typedef struct Pending {
	Arena *a;          /* owns the program, its text and the findings */
	const char *text;  /* printed program */
	uint64_t hash;
	Finding *f;        /* the first sightings */
	Repro *repro;      /* per finding: reproducer texts to store when it is new */
	int n, cap;
} Pending;

enum { FLUSH_PROGRAMS = 256 };

/* Findings seen again, grouped by what the store deduplicates them by
 * (signature, model, kind): one write per group and flush.  A group lives
 * as long as the worker (open addressing); `agg` is a copy, in the worker's
 * arena, of the group's first sighting (the row exists by then: a sighting
 * is "again" only after a first one of its key was pending, and a flush
 * writes the first sightings before the groups), with the first root cause
 * of the group since the last flush; n counts the sightings since then. */
typedef struct AgainGroup {
	int used;
	Finding agg;
	long n;
} AgainGroup;

typedef struct Again {
	AgainGroup *g;
	size_t cap, n;
} Again;

static int
same_key(const Finding *a, const Finding *b)
{
	return a->signature == b->signature && a->kind == b->kind &&
	       (a->model == b->model || (a->model && b->model && !strcmp(a->model, b->model)));
}

static size_t
again_slot(const Again *ag, const Finding *f)
{
	uint64_t h = (f->signature ^ ((uint64_t)f->kind << 56)) * 0x9e3779b97f4a7c15ULL;
	size_t i = (size_t)(h >> 32) & (ag->cap - 1);
	while (ag->g[i].used && !same_key(&ag->g[i].agg, f))
		i = (i + 1) & (ag->cap - 1);
	return i;
}

static const char *
keep_str(Arena *a, const char *s)
{
	return s ? ar_strdup(a, s) : NULL;
}

/* A copy of f in arena a that outlives f's arena (root cause left out). */
static Finding
keep_finding(Arena *a, const Finding *f)
{
	Finding k = *f;
	k.model = keep_str(a, f->model);
	k.oracle = keep_str(a, f->oracle);
	k.rule = keep_str(a, f->rule);
	k.message = (char *)keep_str(a, f->message);
	k.strength_note = (char *)keep_str(a, f->strength_note);
	k.root_cause = NULL;
	if (f->nwitness > 0) {
		k.witness = ar_alloc(a, sizeof *k.witness * (size_t)f->nwitness);
		for (int i = 0; i < f->nwitness; i++) {
			k.witness[i].loc = f->witness[i].loc;
			k.witness[i].what = keep_str(a, f->witness[i].what);
		}
	}
	return k;
}

/* The group of f, made (from f) when it is the first of its key. */
static AgainGroup *
again_group(Again *ag, Arena *keep, const Finding *f)
{
	if ((ag->n + 1) * 2 > ag->cap) {
		Again bigger = {calloc(ag->cap ? ag->cap * 2 : 256, sizeof *bigger.g),
		                ag->cap ? ag->cap * 2 : 256, ag->n};
		if (!bigger.g)
			abort();
		for (size_t i = 0; i < ag->cap; i++)
			if (ag->g[i].used)
				bigger.g[again_slot(&bigger, &ag->g[i].agg)] = ag->g[i];
		free(ag->g);
		*ag = bigger;
	}
	AgainGroup *g = &ag->g[again_slot(ag, f)];
	if (!g->used) {
		g->used = 1;
		g->agg = keep_finding(keep, f);
		g->n = 0;
		ag->n++;
	}
	return g;
}

/* Records n sightings of f, and its reproducer when the row is new. */
static int
record(Db *db, int64_t campaign_id, int64_t program_id, const Finding *f, long n, const Repro *r,
       long *found, long *distinct, char *err, size_t errlen)
{
	int is_new = 0;
	int64_t fid = db_record_finding_n(db, campaign_id, program_id, f, n, &is_new);
	if (fid <= 0)
		return fail(err, errlen, db, "record finding");
	found[f->kind] += n;
	if (is_new)
		distinct[f->kind]++;
	if (is_new && r && r->reduced && db_reproducer(db, fid, r->reduced, r->pytest, r->cuda) <= 0)
		return fail(err, errlen, db, "store reproducer");
	return 0;
}

/* One short write transaction for everything found since the last flush,
 * with the worker's progress (next slot, programs added to the campaign's
 * execs): workers compute outside transactions, so several workers sharing
 * one database do not serialise on its write lock.  The shared counters
 * move only once the transaction is committed, so what the progress line
 * shows is in the database. */
static int
flush(Db *db, int64_t campaign_id, Pending *pend, int *npend, Again *again, int w,
      CampaignCounters *ctr, long next, double elapsed, char *err, size_t errlen)
{
	int rc = 0;
	long found[FK_COUNT] = {0}, distinct[FK_COUNT] = {0};
	long programs = ctr->programs[w];
	if (db_begin(db))
		rc = fail(err, errlen, db, "begin");
	for (int i = 0; i < *npend && !rc; i++) {
		int64_t program_id = db_program(db, pend[i].hash, pend[i].text);
		if (program_id <= 0) {
			rc = fail(err, errlen, db, "store program");
			break;
		}
		for (int k = 0; k < pend[i].n && !rc; k++)
			rc = record(db, campaign_id, program_id, &pend[i].f[k], 1, &pend[i].repro[k], found,
			            distinct, err, errlen);
	}
	/* The findings seen again, once each with their number of sightings,
	 * after every first sighting (which made their rows). */
	for (size_t i = 0; i < again->cap && !rc; i++)
		if (again->g[i].n)
			rc = record(db, campaign_id, 0, &again->g[i].agg, again->g[i].n, NULL, found,
			            distinct, err, errlen);
	for (size_t i = 0; i < again->cap; i++) {
		again->g[i].n = 0;
		again->g[i].agg.root_cause = NULL;
	}
	if (!rc) {
		long total = 0;
		for (int k = 0; k < FK_COUNT; k++)
			total += ctr->found[w][k] + found[k];
		if (db_stats(db, campaign_id, elapsed, programs, total) ||
		    db_campaign_progress(db, campaign_id, w, next, programs - ctr->cprograms[w]) ||
		    db_commit(db))
			rc = fail(err, errlen, db, "commit");
	} else {
		db_rollback(db);
	}
	if (!rc) {
		for (int k = 0; k < FK_COUNT; k++) {
			ctr->found[w][k] += found[k];
			ctr->distinct[w][k] += distinct[k];
		}
		ctr->cprograms[w] = programs;
		ctr->next[w] = next;
	}
	for (int i = 0; i < *npend; i++)
		ar_free(pend[i].a);
	*npend = 0;
	return rc;
}

/* The state one worker keeps across programs. */
typedef struct Worker {
	const CampaignOptions *o;
	int64_t campaign_id;
	int w;
	CampaignCounters *ctr;
	double start_time, last_flush;
	Db *db;
	PtrMap seen; /* signatures this worker has already stored a program for */
	PtrMap occurrences; /* raw key -> occurrences so far */
	PtrMap cause;       /* raw key -> cause signature of its first reduction */
	PtrMap reproduced;  /* causes this worker has a reproducer for */
	PtrMap root_cause;  /* raw key -> root cause of its first reduction (interned) */
	char **labels;      /* interned root causes, for the worker's lifetime */
	int nlabels;
	long next;   /* the slot after the last one judged */
	Pending pend[FLUSH_PROGRAMS];
	int npend;
	Again again; /* the findings seen again (groups for the worker's lifetime) */
	Arena *keep; /* the groups' copies of their first sighting */
	Arena *spare; /* the last program's arena, reset, for the next one */
	StrBuf text; /* the program being judged, printed (reused) */
	PtrMap locs; /* its statements' line:col in text (reused) */
	char *err;
	size_t errlen;
} Worker;

static int
worker_open(Worker *wk, const CampaignOptions *o, int64_t campaign_id, int w,
            CampaignCounters *ctr, double start_time, char *err, size_t errlen)
{
	memset(wk, 0, sizeof *wk);
	wk->o = o;
	wk->campaign_id = campaign_id;
	wk->w = w;
	wk->ctr = ctr;
	wk->start_time = start_time;
	wk->last_flush = fz_now();
	wk->err = err;
	wk->errlen = errlen;
	wk->keep = ar_new();
	sb_init(&wk->text);
	return db_open(o->db_path, &wk->db, err, errlen);
}

static int
is_power_of_8(intptr_t n)
{
	while (n >= 8 && n % 8 == 0)
		n /= 8;
	return n == 1;
}

/* A malloc'd text copied into arena a (NULL stays NULL) and freed. */
static const char *
keep_text(Arena *a, char *text)
{
	const char *k = text ? ar_strdup(a, text) : NULL;
	free(text);
	return k;
}

/* One copy of each root-cause label, alive as long as the worker (pending
 * findings point at it across arenas).  The labels are few: a linear search. */
static const char *
intern(Worker *wk, const char *s)
{
	if (!s)
		return NULL;
	for (int i = 0; i < wk->nlabels; i++)
		if (!strcmp(wk->labels[i], s))
			return wk->labels[i];
	char **labels = realloc(wk->labels, sizeof *labels * (size_t)(wk->nlabels + 1));
	char *copy = strdup(s);
	if (!labels || !copy)
		abort();
	wk->labels = labels;
	wk->labels[wk->nlabels++] = copy;
	return copy;
}

/* The cause signature of finding f of judge m on program p (see the head
 * of this file), and in *root_cause its root cause; when this reduction is
 * the worker's first of its cause, *repro gets the reproducer texts (in
 * arena a). */
static uint64_t
worker_cause(Worker *wk, Arena *a, const Program *p, int m, const Finding *f, Repro *repro,
             const char **root_cause)
{
	const CampaignOptions *o = wk->o;
	uint64_t raw = f->signature ^ ((uint64_t)f->kind << 56) ^ ((uint64_t)m << 48);
	const void *rk = (const void *)(uintptr_t)(raw | 1);
	intptr_t n = pm_add(&wk->occurrences, rk, 1);
	uint64_t cached = (uint64_t)(uintptr_t)pm_get(&wk->cause, rk);
	*root_cause = pm_get(&wk->root_cause, rk);
	if (cached && !is_power_of_8(n))
		return cached;
	ReduceTarget t = {0};
	t.model = o->models[m < o->nmodels ? m : 0];
	t.other = m < o->nmodels ? NULL : o->models[1];
	t.kind = f->kind;
	t.raw_signature = f->signature;
	t.oracles = o->oracles;
	/* The trial bound, not the clock, is what may cut a reduction short, so
	 * that equal settings give equal causes on a loaded machine too; the
	 * time is a safety bound only. */
	ReduceLimits lim = {o->reduce_seconds > 0 ? o->reduce_seconds : CAMPAIGN_REDUCE_SECONDS,
	                    CAMPAIGN_REDUCE_TRIALS};
	ReduceResult r;
	char err[256];
	Arena *ra = ar_new();
	double t0 = fz_now();
	uint64_t cause;
	const char *rc = NULL;
	if (fz_reduce(ra, p, &t, &lim, &r, err, sizeof err)) {
		/* The finding does not survive printing and reading back (it never
		 * should); keep the raw signature rather than lose the finding. */
		cause = f->signature;
	} else {
		cause = r.cause;
		rc = intern(wk, r.finding.root_cause);
		if (!pm_get(&wk->reproduced, (const void *)(uintptr_t)(cause | 1))) {
			pm_put(&wk->reproduced, (const void *)(uintptr_t)(cause | 1), (void *)1);
			repro->reduced = keep_text(a, fz_repro_tvmscript(&r));
			repro->pytest = keep_text(a, fz_repro_pytest(&r, &t));
			repro->cuda = keep_text(a, fz_repro_cuda(&r, &t));
		}
		fz_reduce_result_free(&r);
	}
	ar_free(ra);
	/* The reduction has its own budget (--reduce-time): the watchdog's time
	 * per case counts judging, from here on. */
	wk->ctr->since[wk->w] = fz_now();
	wk->ctr->reductions[wk->w]++;
	wk->ctr->reduce_seconds[wk->w] += fz_now() - t0;
	if (!cached) {
		pm_put(&wk->cause, rk, (void *)(uintptr_t)cause);
		if (rc)
			pm_put(&wk->root_cause, rk, (void *)rc);
		*root_cause = rc;
	} else if (cause == cached) {
		*root_cause = pm_get(&wk->root_cause, rk);
	} else {
		*root_cause = rc; /* a new cause under an old raw signature */
	}
	return cause;
}

/* Whether judge m's finding f needs its root cause (the model's explanation,
 * OrcExplainHook): with reduction, the reduction gives it; without, a
 * finding seen again needs it only while its group has none since the last
 * flush (the store keeps the first it is given).  Asked before the findings
 * of the program are counted, so a finding seen first here is explained.
 * A probe (worker_probe) asks for no explanation: it notes in `wanted`
 * that one would be asked for. */
typedef struct CauseQuery {
	const Worker *wk;
	int m;
	int probe, wanted;
} CauseQuery;

static int
cause_wanted(const Finding *f, void *ctx)
{
	CauseQuery *cq = ctx;
	const Worker *wk = cq->wk;
	if (!wk->o->no_reduce)
		return 0;
	uint64_t key = f->signature ^ ((uint64_t)f->kind << 56) ^ ((uint64_t)cq->m << 48);
	int w = 1;
	if (pm_get(&wk->seen, (void *)(uintptr_t)(key | 1)) && wk->again.cap) {
		const AgainGroup *g = &wk->again.g[again_slot(&wk->again, f)];
		w = !g->used || !g->agg.root_cause;
	}
	if (cq->probe) {
		cq->wanted |= w;
		return 0;
	}
	return w;
}

/* Runs judge j on p into fl; 0 when it does not apply (see njudges).  A
 * model whose TileLang version lacks an op of p refuses it: orc_check then
 * reports that refusal alone, and only then is pass_accepts asked (a scan
 * of p) whether the refusal is that one; applied[j] keeps the answer for
 * the differential judge. */
static int
judge_program(const Worker *wk, int j, const Program *p, FindingList *fl,
              unsigned char *applied, CauseQuery *cq)
{
	const CampaignOptions *o = wk->o;
	if (j >= o->nmodels) {
		if (!applied[0] || !applied[1])
			return 0;
		orc_differential(o->models[0], o->models[1], p, &o->oracles, fl);
		return 1;
	}
	const PassModel *m = o->models[j];
	OrcExplainHook hook = {cause_wanted, cq};
	orc_check_hook(m, p, &o->oracles, fl, &hook);
	applied[j] = !(m->versions && fl->n == 1 && fl->items[0].kind == FK_MODEL_REJECTED &&
	               !pass_accepts(m, p, NULL));
	return applied[j];
}

/* The worker's location map, emptied (its capacity kept). */
static void
clear_locs(PtrMap *m)
{
	if (m->cap) {
		memset(m->keys, 0, sizeof *m->keys * m->cap);
		m->n = 0;
	}
}

/* p printed into the worker's text, each statement taking the line:col the
 * text gives it. */
static void
locate(Worker *wk, Program *p)
{
	clear_locs(&wk->locs);
	IrPrintOptions po = {.era = p->era, .locs = &wk->locs};
	ir_print_program_opts(&wk->text, p, &po);
	fz_apply_locs(&wk->locs);
}

/* FENCEFUZZ_CAMPAIGN_PROBE: "0" locates every program before judging it (no
 * probe); "check" also judges located each program whose probe is taken,
 * and aborts where the findings differ. */
static int probe_mode_v = -1; /* 0 off, 1 on, 2 check */

static int
probe_mode(void)
{
	if (probe_mode_v < 0) {
		const char *e = getenv("FENCEFUZZ_CAMPAIGN_PROBE");
		probe_mode_v = e && !strcmp(e, "0") ? 0 : e && !strcmp(e, "check") ? 2 : 1;
	}
	return probe_mode_v;
}

/* The probe (see the head of this file): the judges on p as generated,
 * with no locations, into fl[] and judged[] (arena a), in order, up to the
 * first whose findings cannot be counted as they are (one whose key this
 * worker has not seen, or whose root cause is wanted).  Returns the number
 * of judges before it (njudges when none): their findings are counted, and
 * p is located for the others. */
static int
worker_probe(Worker *wk, Arena *a, const Program *p, unsigned versions, FindingList *fl,
             unsigned char *judged, unsigned char *applied)
{
	const CampaignOptions *o = wk->o;
	int m = 0, ok = 1;
	orc_share_begin(p, &o->oracles);
	pass_input_versions(p, versions);
	for (; m < njudges(o); m++) {
		fl_init(&fl[m], a);
		fl[m].keys_only = 1; /* what counting a finding seen again reads */
		wk->ctr->judge[wk->w] = m;
		CauseQuery cq = {wk, m, 1, 0};
		judged[m] = (unsigned char)judge_program(wk, m, p, &fl[m], applied, &cq);
		ok = !cq.wanted;
		for (int k = 0; judged[m] && k < fl[m].n && ok; k++) {
			const Finding *f = &fl[m].items[k];
			uint64_t key = f->signature ^ ((uint64_t)f->kind << 56) ^ ((uint64_t)m << 48);
			ok = pm_get(&wk->seen, (void *)(uintptr_t)(key | 1)) != NULL;
		}
		if (!ok)
			break;
	}
	orc_share_end();
	return m;
}

static int
same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* FENCEFUZZ_CAMPAIGN_PROBE=check: p located and judged again, against the
 * probe's findings (what counting them reads: kind, signature, model, root
 * cause, in order). */
static void
probe_check(Worker *wk, Arena *a, Program *p, unsigned versions, const FindingList *fl,
            const unsigned char *judged, int nclean)
{
	const CampaignOptions *o = wk->o;
	locate(wk, p);
	unsigned char applied[CAMPAIGN_MAX_MODELS + 1];
	orc_share_begin(p, &o->oracles);
	pass_input_versions(p, versions);
	for (int m = 0; m < nclean; m++) {
		FindingList again;
		fl_init(&again, a);
		CauseQuery cq = {wk, m, 1, 0};
		int j = judge_program(wk, m, p, &again, applied, &cq);
		int same = j == judged[m] && !cq.wanted && (!j || again.n == fl[m].n);
		for (int k = 0; same && j && k < again.n; k++) {
			const Finding *x = &again.items[k], *y = &fl[m].items[k];
			same = x->kind == y->kind && x->signature == y->signature && same_str(x->model, y->model) &&
			       same_str(x->root_cause, y->root_cause);
		}
		if (!same) {
			fprintf(stderr, "fencefuzz campaign: FENCEFUZZ_CAMPAIGN_PROBE=check: judge %d: the findings "
			                "without locations differ from the located ones (%d and %d)\n",
			        m, j ? fl[m].n : -1, judged[m] ? again.n : -1);
			abort();
		}
	}
	orc_share_end();
}

/* Counts finding k of judge m's list fl on p: seen before, in its Again
 * group; first seen, in pe (with p's text, printed by then). */
static void
take_finding(Worker *wk, Arena *a, const Program *p, Pending *pe, int m, const FindingList *fl, int k)
{
	const CampaignOptions *o = wk->o;
	const StrBuf *sb = &wk->text;
	const Finding *cur = &fl->items[k];
	uint64_t sig = cur->signature;
	Repro rp = {0};
	const char *root_cause = cur->root_cause;
	if (!o->no_reduce)
		sig = worker_cause(wk, a, p, m, cur, &rp, &root_cause);
	/* The map is keyed by pointers; a (signature, kind, judge)
	 * hash made odd (never NULL) stands in for one. */
	uint64_t key = sig ^ ((uint64_t)cur->kind << 56) ^ ((uint64_t)m << 48);
	if (pm_get(&wk->seen, (void *)(uintptr_t)(key | 1))) {
		Finding f = *cur;
		f.signature = sig;
		AgainGroup *g = again_group(&wk->again, wk->keep, &f);
		/* The store keeps the first root cause it is given (coalesce). */
		if (!g->agg.root_cause && root_cause)
			g->agg.root_cause = intern(wk, root_cause);
		g->n++;
		return;
	}
	pm_put(&wk->seen, (void *)(uintptr_t)(key | 1), (void *)1);
	if (!pe->text) {
		pe->text = ar_strndup(a, sb->p ? sb->p : "", sb->len);
		pe->hash = ir_hash_program(p);
	}
	/* Stored with the first finding of its raw signature and kind
	 * in this judge's list (with reduction, findings of one raw
	 * signature may sign under several causes). */
	for (int j = 0; j < k; j++)
		if (fl->items[j].signature == cur->signature && fl->items[j].kind == cur->kind) {
			cur = &fl->items[j];
			break;
		}
	if (pe->n == pe->cap) {
		pe->cap = pe->cap ? pe->cap * 2 : 8;
		Finding *f = ar_alloc(a, sizeof *f * (size_t)pe->cap);
		Repro *repro = ar_alloc(a, sizeof *repro * (size_t)pe->cap);
		if (pe->n) {
			memcpy(f, pe->f, sizeof *f * (size_t)pe->n);
			memcpy(repro, pe->repro, sizeof *repro * (size_t)pe->n);
		}
		pe->f = f;
		pe->repro = repro;
	}
	Finding *f = &pe->f[pe->n];
	*f = *cur;
	f->signature = sig;
	if (!o->no_reduce)
		f->root_cause = root_cause;
	pe->repro[pe->n] = rp;
	pe->n++;
}

/* Judges program p (owned by arena a, which this takes over; `versions`
 * have every op it calls, fz_generate_full's), keeps its findings for the
 * next flush, and flushes when due.  Returns 0 or -1. */
static int
worker_program(Worker *wk, Arena *a, Program *p, unsigned versions)
{
	const CampaignOptions *o = wk->o;
	Pending *pe = &wk->pend[wk->npend];
	memset(pe, 0, sizeof *pe);
	pe->a = a;
	wk->text.len = 0;
	unsigned char applied[CAMPAIGN_MAX_MODELS + 1], judged[CAMPAIGN_MAX_MODELS + 1];
	FindingList fl[CAMPAIGN_MAX_MODELS + 1];
	/* Without reduction, the findings of a judge that are all counted as
	 * seen again need no text and no locations: the probe's are taken, for
	 * the judges before `nclean`.  For the others, the text a finding seen
	 * first here is stored with is printed before judging them: its
	 * statements take the locations the text gives them, so that the
	 * findings are those of the stored text, read back. */
	int nclean = p && o->no_reduce && probe_mode() ? worker_probe(wk, a, p, versions, fl, judged, applied) : 0;
	if (nclean && probe_mode() == 2)
		probe_check(wk, a, p, versions, fl, judged, nclean);
	for (int m = 0; m < njudges(o); m++) {
		if (m == nclean && p) {
			locate(wk, p);
			/* Models whose outputs coincide are judged once (their
			 * findings are the same under each name). */
			orc_share_begin(p, &o->oracles);
			pass_input_versions(p, versions);
		}
		if (m >= nclean) {
			fl_init(&fl[m], a);
			wk->ctr->judge[wk->w] = m;
			CauseQuery cq = {wk, m, 0, 0};
			judged[m] = (unsigned char)judge_program(wk, m, p, &fl[m], applied, &cq);
		}
		if (!judged[m]) {
			wk->ctr->not_applicable[wk->w][m]++;
			continue;
		}
		for (int k = 0; k < fl[m].n; k++)
			take_finding(wk, a, p, pe, m, &fl[m], k);
	}
	orc_share_end();
	if (pe->n) {
		wk->npend++;
	} else if (!wk->spare) {
		ar_reset(a);
		wk->spare = a;
	} else {
		ar_free(a);
	}
	wk->ctr->programs[wk->w]++;
	double t = fz_now();
	if (wk->npend == FLUSH_PROGRAMS || t - wk->last_flush >= 1.0) {
		wk->last_flush = t;
		return flush(wk->db, wk->campaign_id, wk->pend, &wk->npend, &wk->again, wk->w, wk->ctr,
		             wk->next, t - wk->start_time, wk->err, wk->errlen);
	}
	return 0;
}

/* The last flush (unless rc says a store error came first), then cleanup. */
static int
worker_close(Worker *wk, int rc)
{
	if (!rc && wk->db)
		rc = flush(wk->db, wk->campaign_id, wk->pend, &wk->npend, &wk->again, wk->w, wk->ctr,
		           wk->next, fz_now() - wk->start_time, wk->err, wk->errlen);
	for (int i = 0; i < wk->npend; i++)
		ar_free(wk->pend[i].a);
	wk->npend = 0;
	if (rc)
		wk->ctr->failed[wk->w] = 1;
	int checked;
	long taken = orc_share_taken(&checked);
	if (checked)
		fprintf(stderr, "fencefuzz campaign: worker %d: FENCEFUZZ_JUDGE_SHARE=check: %ld verdicts taken over, "
		                "each equal to judging again\n", wk->w, taken);
	pm_free(&wk->seen);
	pm_free(&wk->occurrences);
	pm_free(&wk->cause);
	pm_free(&wk->reproduced);
	pm_free(&wk->root_cause);
	free(wk->again.g);
	wk->again = (Again){0};
	ar_free(wk->keep);
	wk->keep = NULL;
	ar_free(wk->spare);
	wk->spare = NULL;
	sb_free(&wk->text);
	pm_free(&wk->locs);
	for (int i = 0; i < wk->nlabels; i++)
		free(wk->labels[i]);
	free(wk->labels);
	wk->labels = NULL;
	wk->nlabels = 0;
	db_close(wk->db);
	return rc;
}

static unsigned char *read_file_bytes(const char *path, size_t *len);

/* fz_campaign_program, and *op_versions gets the versions that have every
 * op the program calls (0 without a program). */
static Program *
campaign_program(const CampaignOptions *o, Arena *a, int w, long k, unsigned *op_versions)
{
	long i = w + k * o->jobs;
	Decider d;
	*op_versions = 0;
	if (!o->files) {
		/* Ops of the versions the campaign's models have, head-only ones
		 * included when a model of head judges (the others skip those
		 * programs as not applicable). */
		unsigned versions = 0;
		for (int m = 0; m < o->nmodels; m++)
			versions |= o->models[m]->versions ? o->models[m]->versions : VV_ALL;
		GenOptions g = {.size = o->size, .features = 0, .versions = versions};
		dz_init_seed(&d, fz_program_seed(o->seed, i));
		return fz_generate_full(a, &d, &g, NULL, op_versions);
	}
	if (i >= o->nfiles)
		return NULL;
	/* Decoded as the engine targets decode them (fuzz_gen_oracles.c:
	 * default generator options), so a harvested file is the program the
	 * engine ran, whatever --size says.  A file that vanished or cannot be
	 * read decodes as the empty input. */
	GenOptions g = {0};
	size_t len = 0;
	unsigned char *bytes = read_file_bytes(o->files[i], &len);
	dz_init_bytes(&d, bytes && len ? bytes : NULL, bytes ? len : 0);
	Program *p = fz_generate_full(a, &d, &g, NULL, op_versions);
	free(bytes);
	return p;
}

Program *
fz_campaign_program(const CampaignOptions *o, Arena *a, int w, long k)
{
	unsigned versions;
	return campaign_program(o, a, w, k, &versions);
}

/* Fault injection for the watchdog's tests: FENCEFUZZ_FAULT=KIND:INDEX
 * (hang, hog or crash) makes the worker judging program (or file) INDEX
 * loop, allocate without end, or die of SIGSEGV. */
static void
inject_fault(long index)
{
	static int init;
	static char kind[16];
	static long at = -1;
	if (!init) {
		const char *e = getenv("FENCEFUZZ_FAULT");
		init = 1;
		if (e && sscanf(e, "%15[a-z]:%ld", kind, &at) != 2)
			at = -1;
	}
	if (index != at)
		return;
	if (!strcmp(kind, "hang"))
		for (volatile int spin = 1; spin;)
			;
	if (!strcmp(kind, "hog"))
		for (;;) {
			char *p = malloc(16 << 20);
			if (p)
				memset(p, 1, 16 << 20);
			struct timespec nap = {0, 10 * 1000 * 1000};
			nanosleep(&nap, NULL);
		}
	if (!strcmp(kind, "crash"))
		raise(SIGSEGV);
}

static int
skipped(const CampaignCounters *ctr, int w, long k)
{
	for (int j = 0; j < ctr->nskip[w]; j++)
		if (ctr->skip[w][j] == k)
			return 1;
	return 0;
}

int
fz_campaign_worker(const CampaignOptions *o, int64_t campaign_id, int w, CampaignCounters *ctr,
                   double start_time, char *err, size_t errlen)
{
	static Worker wk; /* one per process; too big for the stack */
#ifdef __GLIBC__
	/* Each program's arena is freed before the next one is made: keep the
	 * freed memory in the heap (no trim, no mmap of a chunk per program),
	 * so the next program reuses the same pages instead of faulting fresh
	 * ones in. */
	mallopt(M_TRIM_THRESHOLD, 8 << 20);
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
	if (worker_open(&wk, o, campaign_id, w, ctr, start_time, err, errlen)) {
		ctr->failed[w] = 1;
		return -1;
	}
	int rc = 0;
	/* From the first slot not committed: a fresh start, a restart after
	 * the watchdog, or a resumed campaign. */
	wk.next = ctr->next[w];
	for (long k = ctr->next[w]; !rc; k++) {
		long i = w + k * o->jobs;
		if (ctr->stop || (o->max_programs && i >= o->max_programs) ||
		    (o->files && i >= o->nfiles) ||
		    (!o->files && o->seconds > 0 && fz_now() - start_time >= o->seconds))
			break;
		wk.next = k + 1;
		if (skipped(ctr, w, k))
			continue;
		ctr->since[w] = fz_now();
		ctr->judge[w] = -1;
		ctr->current[w] = k;
		inject_fault(i);
		Arena *a = wk.spare ? wk.spare : ar_new();
		wk.spare = NULL;
		unsigned versions;
		Program *p = campaign_program(o, a, w, k, &versions);
		rc = worker_program(&wk, a, p, versions);
		ctr->current[w] = -1;
	}
	return worker_close(&wk, rc);
}

int
fz_campaign_fault(const CampaignOptions *o, int64_t campaign_id, int w, long k, FindingKind kind,
                  const char *model, const char *message, char *err, size_t errlen)
{
	Db *db = NULL;
	if (db_open(o->db_path, &db, err, errlen))
		return -1;
	Arena *a = ar_new();
	Program *p = fz_campaign_program(o, a, w, k);
	int64_t program_id = 0;
	int rc = 0;
	if (db_begin(db))
		rc = fail(err, errlen, db, "begin");
	if (!rc && p) {
		StrBuf sb;
		sb_init(&sb);
		ir_print_program(&sb, p);
		program_id = db_program(db, ir_hash_program(p), sb.p ? sb.p : "");
		sb_free(&sb);
		if (program_id <= 0)
			rc = fail(err, errlen, db, "store program");
	}
	if (!rc) {
		/* One finding per (kind, model, program): the program is the cause. */
		Finding f = {0};
		f.kind = kind;
		f.model = model;
		f.oracle = "campaign";
		f.rule = kind == FK_TIMEOUT ? "limit: time per case (--case-time)"
		         : kind == FK_OOM   ? "limit: memory per worker (--case-memory)"
		                            : "the worker must not die";
		f.message = (char *)message;
		f.strength = STRENGTH_PROVED;
		f.signature = (p ? ir_hash_program(p) : (uint64_t)(w + k * o->jobs)) ^
		              ((uint64_t)(kind + 1) * 0x9e3779b97f4a7c15ULL);
		int is_new;
		if (db_record_finding(db, campaign_id, program_id, &f, &is_new) <= 0 ||
		    db_campaign_skip(db, campaign_id, w, k) || db_commit(db))
			rc = fail(err, errlen, db, "record");
	}
	if (rc)
		db_rollback(db);
	ar_free(a);
	db_close(db);
	return rc;
}

static unsigned char *
read_file_bytes(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	unsigned char *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			unsigned char *nb = realloc(buf, cap *= 2);
			if (!nb)
				free(buf);
			buf = nb;
		}
	}
	fclose(f);
	*len = n;
	return buf;
}
