/* campaign.c: one campaign worker.  Program i is generated from
 * fz_program_seed(seed, i), run through every model, judged by the oracles;
 * each finding is recorded in the store, which deduplicates by (signature,
 * model, kind).  The program text is stored only the first time this worker
 * sees a finding, so that the store does not grow with every program.
 * Writes go in batches: one transaction per second, so a killed worker loses
 * at most its last second and never leaves the database inconsistent. */
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
	double last_commit = fz_now();
	int rc = 0;
	if (db_begin(db)) {
		rc = fail(err, errlen, db, "begin");
		goto out;
	}
	for (long i = w;; i += o->jobs) {
		if (ctr->stop || (o->max_programs && i >= o->max_programs) ||
		    (o->seconds > 0 && fz_now() - start_time >= o->seconds))
			break;
		Arena *a = ar_new();
		Decider d;
		dz_init_seed(&d, fz_program_seed(o->seed, i));
		Program *p = fz_generate(a, &d, &g);
		int64_t program_id = 0;
		Program *located = NULL; /* p read back from its text: nodes carry locations */
		for (int m = 0; m < njudges(o); m++) {
			FindingList fl, lfl;
			fl_init(&fl, a);
			fl_init(&lfl, a);
			int have_located = 0;
			judge(o, m, p, &fl);
			for (int k = 0; k < fl.n; k++) {
				const Finding *f = &fl.items[k];
				/* The map is keyed by pointers; a (signature, kind, model)
				 * hash made odd (never NULL) stands in for one. */
				uint64_t key = f->signature ^ ((uint64_t)f->kind << 56) ^ ((uint64_t)m << 48);
				int first = !pm_get(&seen, (void *)(uintptr_t)(key | 1));
				if (first) {
					pm_put(&seen, (void *)(uintptr_t)(key | 1), (void *)1);
					if (!program_id) {
						StrBuf sb;
						sb_init(&sb);
						ir_print_program(&sb, p);
						Diag dg;
						located = ir_read(a, "program", sb.p, sb.len, &dg);
						program_id = db_program(db, ir_hash_program(p), sb.p);
						sb_free(&sb);
						if (program_id <= 0) {
							ar_free(a);
							rc = fail(err, errlen, db, "store program");
							goto out;
						}
					}
					/* The first sighting is stored with the locations of the
					 * stored text: the same check on the program read back. */
					if (located && !have_located) {
						judge(o, m, located, &lfl);
						have_located = 1;
					}
					for (int j = 0; j < lfl.n; j++)
						if (lfl.items[j].signature == f->signature &&
						    lfl.items[j].kind == f->kind) {
							f = &lfl.items[j];
							break;
						}
				}
				int is_new = 0;
				if (db_record_finding(db, campaign_id, first ? program_id : 0, f, &is_new) <= 0) {
					ar_free(a);
					rc = fail(err, errlen, db, "record finding");
					goto out;
				}
				ctr->found[w][f->kind]++;
				if (is_new)
					ctr->distinct[w][f->kind]++;
			}
		}
		ar_free(a);
		ctr->programs[w]++;
		double t = fz_now();
		if (t - last_commit >= 1.0) {
			long total = 0;
			for (int k = 0; k < FK_COUNT; k++)
				total += ctr->found[w][k];
			if (db_stats(db, campaign_id, t - start_time, ctr->programs[w], total) ||
			    db_commit(db) || db_begin(db)) {
				rc = fail(err, errlen, db, "commit");
				goto out;
			}
			last_commit = t;
		}
	}
	if (db_commit(db))
		rc = fail(err, errlen, db, "commit");
out:
	if (rc)
		ctr->failed[w] = 1;
	pm_free(&seen);
	db_close(db);
	return rc;
}
