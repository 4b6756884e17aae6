/* campaign.c: one campaign worker.  Program i is generated from
 * fz_program_seed(seed, i), run through every model, judged by the oracles;
 * each finding is recorded in the store, which deduplicates by (signature,
 * model, kind).  The program text is stored only the first time this worker
 * sees a finding, so that the store does not grow with every program.
 * Writes go in batches: what a worker finds is kept in memory and written in
 * one short transaction per second (or per 256 programs with findings), so
 * workers sharing a database do not wait on each other's write lock, and a
 * killed worker loses at most its last second, never consistency. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "campaign.h"
#include "gen.h"
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
 * and 1. */
static int
njudges(const CampaignOptions *o)
{
	return o->nmodels + (o->differential && o->nmodels >= 2);
}

static void
judge(const CampaignOptions *o, int j, const Program *p, FindingList *fl)
{
	if (j < o->nmodels)
		orc_check(o->models[j], p, &o->oracles, fl);
	else
		orc_differential(o->models[0], o->models[1], p, &o->oracles, fl);
}

/* What one program found, kept (with its arena) until the next flush. */
typedef struct Pending {
	Arena *a;          /* owns the program, its text and the findings */
	const char *text;  /* printed program when some finding is first seen here */
	uint64_t hash;
	Finding *f;
	unsigned char *first; /* per finding: store it with this program */
	int n;
} Pending;

enum { FLUSH_PROGRAMS = 256 };

/* One short write transaction for everything found since the last flush:
 * workers compute outside transactions, so several workers sharing one
 * database do not serialise on its write lock. */
static int
flush(Db *db, int64_t campaign_id, Pending *pend, int *npend, int w, CampaignCounters *ctr,
      double elapsed, char *err, size_t errlen)
{
	int rc = 0;
	if (db_begin(db))
		rc = fail(err, errlen, db, "begin");
	for (int i = 0; i < *npend && !rc; i++) {
		int64_t program_id = 0;
		if (pend[i].text && (program_id = db_program(db, pend[i].hash, pend[i].text)) <= 0) {
			rc = fail(err, errlen, db, "store program");
			break;
		}
		for (int k = 0; k < pend[i].n; k++) {
			int is_new = 0;
			const Finding *f = &pend[i].f[k];
			if (db_record_finding(db, campaign_id, pend[i].first[k] ? program_id : 0, f,
			                      &is_new) <= 0) {
				rc = fail(err, errlen, db, "record finding");
				break;
			}
			ctr->found[w][f->kind]++;
			if (is_new)
				ctr->distinct[w][f->kind]++;
		}
	}
	if (!rc) {
		long total = 0;
		for (int k = 0; k < FK_COUNT; k++)
			total += ctr->found[w][k];
		if (db_stats(db, campaign_id, elapsed, ctr->programs[w], total) || db_commit(db))
			rc = fail(err, errlen, db, "commit");
	} else {
		db_rollback(db);
	}
	for (int i = 0; i < *npend; i++)
		ar_free(pend[i].a);
	*npend = 0;
	return rc;
}

int
fz_campaign_worker(const CampaignOptions *o, int64_t campaign_id, int w, CampaignCounters *ctr,
                   double start_time, char *err, size_t errlen)
{
	Db *db = NULL;
	if (db_open(o->db_path, &db, err, errlen))
		return -1;
	/* Signatures this worker has already stored a program for. */
	PtrMap seen = {0};
	GenOptions g = {.size = o->size, .features = 0};
	Pending pend[FLUSH_PROGRAMS];
	int npend = 0, rc = 0;
	double last_flush = fz_now();
	for (long i = w;; i += o->jobs) {
		if (ctr->stop || (o->max_programs && i >= o->max_programs) ||
		    (o->seconds > 0 && fz_now() - start_time >= o->seconds))
			break;
		Arena *a = ar_new();
		Decider d;
		dz_init_seed(&d, fz_program_seed(o->seed, i));
		Program *p = fz_generate(a, &d, &g);
		Pending *pe = &pend[npend];
		memset(pe, 0, sizeof *pe);
		pe->a = a;
		Program *located = NULL; /* p read back from its text: nodes carry locations */
		for (int m = 0; m < njudges(o); m++) {
			FindingList fl, lfl;
			fl_init(&fl, a);
			fl_init(&lfl, a);
			int have_located = 0;
			judge(o, m, p, &fl);
			if (!fl.n)
				continue;
			Finding *f = ar_alloc(a, sizeof *f * (size_t)(pe->n + fl.n));
			unsigned char *first = ar_alloc(a, (size_t)(pe->n + fl.n));
			if (pe->n) {
				memcpy(f, pe->f, sizeof *f * (size_t)pe->n);
				memcpy(first, pe->first, (size_t)pe->n);
			}
			pe->f = f;
			pe->first = first;
			for (int k = 0; k < fl.n; k++) {
				const Finding *cur = &fl.items[k];
				/* The map is keyed by pointers; a (signature, kind, judge)
				 * hash made odd (never NULL) stands in for one. */
				uint64_t key = cur->signature ^ ((uint64_t)cur->kind << 56) ^ ((uint64_t)m << 48);
				int is_first = !pm_get(&seen, (void *)(uintptr_t)(key | 1));
				if (is_first) {
					pm_put(&seen, (void *)(uintptr_t)(key | 1), (void *)1);
					if (!pe->text) {
						StrBuf sb;
						sb_init(&sb);
						ir_print_program(&sb, p);
						Diag dg;
						located = ir_read(a, "program", sb.p, sb.len, &dg);
						pe->text = ar_strndup(a, sb.p, sb.len);
						pe->hash = ir_hash_program(p);
						sb_free(&sb);
					}
					/* The first sighting is stored with the locations of the
					 * stored text: the same judge on the program read back. */
					if (located && !have_located) {
						judge(o, m, located, &lfl);
						have_located = 1;
					}
					for (int j = 0; j < lfl.n; j++)
						if (lfl.items[j].signature == cur->signature &&
						    lfl.items[j].kind == cur->kind) {
							cur = &lfl.items[j];
							break;
						}
				}
				pe->f[pe->n] = *cur;
				pe->first[pe->n] = (unsigned char)is_first;
				pe->n++;
			}
		}
		if (pe->n)
			npend++;
		else
			ar_free(a);
		ctr->programs[w]++;
		double t = fz_now();
		if (npend == FLUSH_PROGRAMS || t - last_flush >= 1.0) {
			if ((rc = flush(db, campaign_id, pend, &npend, w, ctr, t - start_time, err, errlen)))
				goto out;
			last_flush = t;
		}
	}
	rc = flush(db, campaign_id, pend, &npend, w, ctr, fz_now() - start_time, err, errlen);
out:
	for (int i = 0; i < npend; i++)
		ar_free(pend[i].a);
	if (rc)
		ctr->failed[w] = 1;
	pm_free(&seen);
	db_close(db);
	return rc;
}
