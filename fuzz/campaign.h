/* campaign.h: the built-in fuzzing campaign (SPEC 7, 9): generate programs
 * from a seed, run the pass models and the oracles on each, and record
 * deduplicated findings in the SQLite store. */
#ifndef FENCEFUZZ_CAMPAIGN_H
#define FENCEFUZZ_CAMPAIGN_H

#include <stdint.h>

#include "oracle.h"
#include "pass.h"

enum { CAMPAIGN_MAX_JOBS = 64, CAMPAIGN_MAX_MODELS = 32 };
#define CAMPAIGN_REDUCE_SECONDS 10.0
#define CAMPAIGN_REDUCE_TRIALS 2000L

typedef struct CampaignOptions {
	double seconds;     /* stop after this long; 0 = no time limit */
	long max_programs;  /* stop after this many programs; 0 = no limit */
	int jobs;           /* worker processes */
	uint64_t seed;
	int size;           /* generator size (statements); 0 = its default */
	const char *db_path;
	const PassModel *models[CAMPAIGN_MAX_MODELS];
	int nmodels;
	OracleOptions oracles;
	int differential;   /* also record every program where models 0 and 1 differ */
	int no_reduce;      /* record raw signatures, store no reproducers */
	double reduce_seconds; /* safety bound per reduction; 0 = CAMPAIGN_REDUCE_SECONDS */
	const char *models_text, *oracles_text; /* as given, for the campaigns table */
} CampaignOptions;

/* Counters the workers share with the parent (in shared memory). */
typedef struct CampaignCounters {
	volatile int stop;                     /* set by the parent: finish and commit */
	volatile long programs[CAMPAIGN_MAX_JOBS];
	volatile long found[CAMPAIGN_MAX_JOBS][FK_COUNT];    /* occurrences */
	volatile long distinct[CAMPAIGN_MAX_JOBS][FK_COUNT]; /* new rows in the DB */
	volatile int failed[CAMPAIGN_MAX_JOBS];              /* a worker's DB error */
	volatile long reductions[CAMPAIGN_MAX_JOBS];         /* programs reduced */
	volatile double reduce_seconds[CAMPAIGN_MAX_JOBS];   /* time spent reducing */
} CampaignCounters;

/* campaign.c */
/* The program of index i of a campaign with this seed: the same for every
 * run, whatever the number of jobs, so equal settings give equal findings. */
uint64_t fz_program_seed(uint64_t campaign_seed, long index);
/* Runs worker w of o->jobs (programs w, w + jobs, ...) until the counters
 * say stop, the time is up or max_programs are done.  Returns 0, or -1 with
 * a message in err on a store error. */
int fz_campaign_worker(const CampaignOptions *o, int64_t campaign_id, int w,
                       CampaignCounters *ctr, double start_time, char *err, size_t errlen);
/* Runs harvest worker w over the given files, in order: each file's bytes
 * decode to a program (dz_init_bytes, fz_generate, as in the engine target
 * fuzz_gen_oracles) judged and recorded as fz_campaign_worker does.  Stops
 * early when the counters say stop.  Returns 0, or -1 as above. */
int fz_campaign_harvest(const CampaignOptions *o, int64_t campaign_id, char *const *files,
                        int nfiles, int w, CampaignCounters *ctr, double start_time, char *err,
                        size_t errlen);
double fz_now(void);

#endif
