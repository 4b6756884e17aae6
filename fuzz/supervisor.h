/* supervisor.h: the campaign supervisor (README, Campaigns): forks the
 * workers of fuzz/campaign.c, watches them (time per program, resident
 * memory), records a program whose worker was killed or died as a finding
 * (timeout, oom, crash) and starts the worker again after it, stops them
 * cleanly on request, resumes a killed or interrupted campaign from its row,
 * and runs an external engine (libFuzzer, AFL++) whose output the workers
 * then harvest.  It never exits and never prints usage: errors come back as
 * -1 with a message; what it tells a person (watchdog notes) goes to
 * FzRun.log when one is given. */
#ifndef FENCEFUZZ_SUPERVISOR_H
#define FENCEFUZZ_SUPERVISOR_H

#include <signal.h>
#include <stdio.h>

#include "campaign.h"
#include "store.h"

/* A campaign being run. */
typedef struct FzRun {
	/* Set by the caller before fz_run_open. */
	CampaignOptions o;
	FILE *log; /* watchdog notes and engine lines; NULL: none */
	int tty;   /* the engine's progress line is rewritten in place */
	/* Stop requests (Ctrl-C) counted by the caller's signal handler; NULL:
	 * none.  The first one after sig_base stops the workers cleanly (they
	 * commit), the next kills them. */
	const volatile sig_atomic_t *interrupts;
	int sig_base;
	/* Called about every 50 ms while the workers run (NULL: not called). */
	void (*on_poll)(struct FzRun *run, double now);
	void *ctx;
	/* Filled by the supervisor. */
	int64_t campaign;      /* the campaign row */
	CampaignCounters *ctr; /* shared with the workers (fz_run_open maps it) */
	double start;          /* fz_now() when the workers (or engine) started */
	long restarts;         /* workers started again after a fault */
	int failed;            /* some worker failed: store error, fork, too many faults */
} FzRun;

/* The files an engine left for the workers to harvest. */
typedef struct FzFiles {
	char **v;
	int n, cap;
} FzFiles;

typedef struct FzEngine {
	const char *name;   /* libfuzzer, afl */
	const char *fuzzer; /* target binary */
	const char *corpus; /* libfuzzer corpus / afl output directory */
	const char *seeds;  /* NULL: none */
	char log[4096], artifacts[4096], input[4096];
	FzFiles files;      /* fz_engine_collect: corpus and queue, then crash inputs */
	int crash_from;     /* files.v[crash_from..] are crash inputs */
	long execs;         /* executions the engine reported (-1: unknown) */
} FzEngine;

/* supervisor.c */
/* --resume ID: o takes campaign id's own settings from its row in o->db_path
 * (and its time budget unless time_given); row keeps the strings o points
 * to.  0, or -1 with why in err. */
int fz_resume_load(CampaignOptions *o, long id, CampaignRow *row, int time_given, char *err,
                   size_t errlen);
/* Starts campaign row info in run->o.db_path (or reopens row `resume`, and
 * takes its workers' committed progress) and maps the shared counters.  0,
 * or -1 with err. */
int fz_run_open(FzRun *run, const CampaignInfo *info, long resume, char *err, size_t errlen);
/* Runs the workers to the end: max_programs, the time limit, the files, or a
 * stop request.  Returns 0 when every worker finished, -1 when some failed
 * (run->failed, the reasons said in run->log). */
int fz_run_workers(FzRun *run);
/* Whether a stop was requested (run->interrupts). */
int fz_run_interrupted(const FzRun *run);
/* Totals over the workers: programs judged, findings by kind, new distinct. */
void fz_run_totals(const FzRun *run, long *programs, long *found, long *distinct);
/* Ends the campaign row: done, interrupted or failed, with the programs
 * judged.  0, or -1 with err. */
int fz_run_end(FzRun *run, char *err, size_t errlen);
/* Unmaps the counters (after fz_run_end, or for a run not to be ended). */
void fz_run_free(FzRun *run);

/* Prepares e's directories beside db_path: corpus, artifacts, afl input. */
int fz_engine_prepare(FzEngine *e, const char *db_path, char *err, size_t errlen);
/* Runs e for run->o.seconds in a process group of its own (a stop request
 * is passed on to it; a second one, or the time plus a minute, kills it). */
int fz_engine_run(FzEngine *e, FzRun *run, char *err, size_t errlen);
/* What e left (e->files, e->crash_from, e->execs).  0, or -1 out of memory. */
int fz_engine_collect(FzEngine *e);
void fz_files_clear(FzFiles *l);

#endif
