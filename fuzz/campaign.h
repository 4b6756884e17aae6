/* campaign.h: the built-in fuzzing campaign (README, Campaigns): generate programs
 * from a seed, run the pass models and the oracles on each, and record
 * deduplicated findings in the SQLite store. */
#ifndef FENCEFUZZ_CAMPAIGN_H
#define FENCEFUZZ_CAMPAIGN_H

#include <stdint.h>

#include "judge.h"
#include "oracle.h"
#include "pass.h"

enum { CAMPAIGN_MAX_JOBS = 64, CAMPAIGN_MAX_MODELS = 32, CAMPAIGN_MAX_SKIPS = 64 };
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
	char *const *files; /* harvest (--engine): the files to decode; NULL: generate */
	int nfiles;
	double case_seconds; /* watchdog: judging one program may take this long (0: no limit) */
	long case_memory_mb; /* watchdog: a worker may use this much memory (0: no limit) */
} CampaignOptions;

/* Counters the workers share with the parent (in shared memory).
 *
 * Worker w judges the slots k = 0, 1, ... of its share: program (or file)
 * index w + k * jobs.  `next` is the first slot not committed: a worker that
 * is killed (by the watchdog, a crash, a SIGKILL of the campaign) is started
 * again from there, so nothing it judged but had not committed is lost, and
 * `campaign --resume` starts from the committed next.wW of the database. */
typedef struct CampaignCounters {
	volatile int stop;                     /* set by the parent: finish and commit */
	volatile long programs[CAMPAIGN_MAX_JOBS];  /* judged (committed or pending) */
	volatile long cprograms[CAMPAIGN_MAX_JOBS]; /* judged and committed */
	volatile long next[CAMPAIGN_MAX_JOBS];      /* first slot not committed */
	volatile long found[CAMPAIGN_MAX_JOBS][FK_COUNT];    /* occurrences, committed */
	volatile long distinct[CAMPAIGN_MAX_JOBS][FK_COUNT]; /* new rows in the DB, committed */
	volatile int failed[CAMPAIGN_MAX_JOBS];              /* a worker's DB error */
	volatile long reductions[CAMPAIGN_MAX_JOBS];         /* programs reduced */
	volatile double reduce_seconds[CAMPAIGN_MAX_JOBS];   /* time spent reducing */
	/* Programs judge j did not judge: they call an op its model's TileLang
	 * version does not have (pass_accepts), so it is not applicable. */
	volatile long not_applicable[CAMPAIGN_MAX_JOBS][CAMPAIGN_MAX_MODELS + 1];
	/* The watchdog's view: the slot being judged (-1: none), since when,
	 * by which judge (index into models). */
	volatile long current[CAMPAIGN_MAX_JOBS];
	volatile double since[CAMPAIGN_MAX_JOBS];
	volatile int judge[CAMPAIGN_MAX_JOBS];
	/* Slots not to judge again: the watchdog recorded them as findings. */
	volatile long skip[CAMPAIGN_MAX_JOBS][CAMPAIGN_MAX_SKIPS];
	volatile int nskip[CAMPAIGN_MAX_JOBS];
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
/* With o->files, the programs are the files' bytes decoded as the engine
 * target fuzz_gen_oracles decodes them (dz_init_bytes, fz_generate). */
/* The program of worker w's slot k (NULL: none, past the files), in a. */
Program *fz_campaign_program(const CampaignOptions *o, Arena *a, int w, long k);
/* Records, in one transaction, a finding of kind (FK_TIMEOUT, FK_OOM,
 * FK_CRASH) for worker w's slot k, with that program, and marks the slot
 * skipped in the campaign row.  Returns 0, or -1 with a message in err. */
int fz_campaign_fault(const CampaignOptions *o, int64_t campaign_id, int w, long k,
                      FindingKind kind, const char *model, const char *message, char *err,
                      size_t errlen);
double fz_now(void);

#endif
