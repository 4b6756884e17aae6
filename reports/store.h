/* store.h: the results store (SPEC 9): one SQLite file, default
 * reports/fencefuzz.sqlite, and every prototype of the store layer, grouped
 * by the file that defines it.
 *
 * Several workers and campaigns may write the same file at once: WAL mode, a
 * busy timeout, and batches (db_begin ... db_commit) so that a killed
 * campaign loses at most its open batch.  Every function returns a status
 * (0 ok, -1 error; ids are > 0, -1 on error) and leaves the reason in
 * db_error(); nothing here exits.
 */
#ifndef FENCEFUZZ_STORE_H
#define FENCEFUZZ_STORE_H

#include <stdint.h>
#include <stdio.h>

#include "oracle.h"

#define DB_DEFAULT_PATH "reports/fencefuzz.sqlite"
#define DB_BUSY_TIMEOUT_MS 10000

typedef struct Db Db;

typedef struct CampaignInfo {
	uint64_t seed;
	const char *models;  /* "tilelang-head,legacy" */
	const char *oracles; /* "soundness,handshake" */
	const char *engine;  /* "generate", "mutate", "replay" ... */
	const char *host;    /* NULL: gethostname() */
	const char *config;  /* JSON text, stored as given; may be NULL */
	const char *fencefuzz_version, *fencefuzz_commit; /* which fencefuzz; may be NULL */
	const char *model_versions; /* JSON {"model": "version it reported"}; may be NULL */
} CampaignInfo;

typedef struct HwRun {
	int64_t finding_id;  /* 0: not tied to a finding */
	const char *device, *driver, *settings, *kernel_source;
	long trials, mismatches;
	const char *outcome; /* "reproduced", "not-reproduced", "error", "skipped" */
} HwRun;

/* schema.c */
extern const char *const db_migrations[]; /* [i]: user_version i -> i + 1 */
extern const int db_nmigrations;          /* = the schema version this binary writes */

/* store.c */
/* Opens (creating the file, not its directory) and migrates.  A file whose
 * schema is newer than db_nmigrations is refused.  On error *out is NULL and
 * err holds the reason. */
int db_open(const char *path, Db **out, char *err, size_t errlen);
void db_close(Db *db);                /* commits an open batch */
const char *db_error(const Db *db);   /* the last error, "" if none */
int db_schema_version(Db *db);        /* PRAGMA user_version, -1 on error */

int db_begin(Db *db);                 /* BEGIN IMMEDIATE; no-op inside a batch */
int db_commit(Db *db);                /* no-op outside a batch */
int db_rollback(Db *db);
int db_in_batch(const Db *db);

int64_t db_campaign_start(Db *db, const CampaignInfo *c);
/* status: "done", "killed", "error" ... */
int db_campaign_end(Db *db, int64_t campaign, long execs, const char *status);

/* Insert-or-get by hash.  text may be NULL (only the hash is kept); a later
 * call with text fills it in.  Returns the program id. */
int64_t db_program(Db *db, uint64_t hash, const char *text);

/* Deduplicates by (signature, model, kind): a new row (*is_new = 1), or
 * count + 1 and last_seen now.  program 0: none known.  Returns the finding id. */
int64_t db_record_finding(Db *db, int64_t campaign, int64_t program, const Finding *f,
                          int *is_new);
int db_finding_set_status(Db *db, int64_t finding, const char *status);

int64_t db_reproducer(Db *db, int64_t finding, const char *reduced_text,
                      const char *pytest_text, const char *cuda_text);
int64_t db_hw_run(Db *db, const HwRun *r);

/* Resumable campaigns (fencefuzz campaign --resume), in the campaign's
 * config JSON, written in the same transaction as the findings they cover:
 * progress sets next.wW (the next slot worker W would judge) and adds
 * programs to execs; skip appends slot to skip.wW (a program the watchdog
 * killed, recorded as a finding, not to be judged again). */
int db_campaign_progress(Db *db, int64_t campaign, int worker, long next, long programs);
int db_campaign_skip(Db *db, int64_t campaign, int worker, long slot);
typedef struct CampaignRow {
	char seed[24], models[1024], oracles[256], engine[32], status[32];
} CampaignRow;
int db_campaign_get(Db *db, int64_t campaign, CampaignRow *row);
/* json_extract(config, path) as a number; dflt when absent. */
double db_campaign_config(Db *db, int64_t campaign, const char *path, double dflt);
int db_campaign_reopen(Db *db, int64_t campaign); /* status running again */

int db_stats(Db *db, int64_t campaign, double elapsed_s, long programs, long findings);

/* One line per finding, most frequent first:
 * kind model count first_seen last_seen status: message */
int db_findings_summary(Db *db, FILE *out);

/* A finding as stored, for repro and promote; strings malloc'd (NULL when
 * the column is NULL), freed by db_finding_row_free. */
typedef struct FindingRow {
	int64_t id, program_id;
	char *kind, *model, *oracle, *signature, *message, *witness, *status;
	char *program_text;  /* the first program that showed it, if kept */
	long count;
} FindingRow;
/* 0 found, 1 no such finding, -1 error. */
int db_finding_get(Db *db, int64_t id, FindingRow *out);
void db_finding_row_free(FindingRow *r);
/* The newest reproducer of a finding: 0 found, 1 none, -1 error; texts malloc'd. */
int db_reproducer_get(Db *db, int64_t finding, char **reduced, char **pytest, char **cuda);

/* ---- the report layer (reports/report_*.c): HTML and Markdown from the
 * database alone (SPEC 9).  rp_load runs every query once into a Report;
 * the HTML and Markdown renderers only format those numbers, so the two
 * cannot disagree.  Everything is bounded (RP_MAX_*): a large database gives
 * a page that says what it left out, not a page of unbounded size. */

#include "ir.h" /* Arena, StrBuf */

enum {
	RP_MAX_FINDINGS = 2000,     /* rows of the findings table (most frequent first) */
	RP_MAX_REPRODUCERS = 3,     /* per finding, newest first */
	RP_MAX_HW_RUNS = 2000,      /* rows of the hardware table (newest first) */
	RP_MAX_CAMPAIGNS = 500,     /* rows of the campaigns table (newest first) */
	RP_MAX_CHARTED = 8,         /* campaigns drawn in the charts (newest) */
	RP_CHART_POINTS = 120,      /* points per charted campaign */
	RP_MAX_TEXT = 64 * 1024,    /* bytes of one program / reproducer / kernel text */
	RP_MAX_JOBS = 256           /* workers told apart in a campaign's stats rows */
};

typedef struct RpPoint {
	double t;          /* elapsed seconds */
	double programs;   /* all workers together */
	double findings;   /* occurrences recorded, all workers together */
	double rate;       /* programs/s over the interval ending at t */
} RpPoint;

typedef struct RpVerdict {     /* one model on one campaign, or on all of them */
	const char *model;
	long unsound;              /* distinct unsound / unsound-war / handshake findings */
	long not_minimal;          /* distinct unnecessary-fence / suboptimal-placement / alias */
	long other;                /* every other kind */
} RpVerdict;

typedef struct RpCampaign {
	int64_t id;
	const char *started_at, *ended_at, *seed, *models, *oracles, *engine, *host, *config,
		*status;
	long execs;
	double duration_s;         /* ended_at - started_at; < 0 while running */
	double programs_per_s;     /* execs / duration_s; < 0 when unknown */
	int jobs;                  /* from config "jobs"; 1 when absent */
	long new_findings;         /* findings whose first sighting was in this campaign */
	long seen_findings;        /* distinct findings seen in it (occurrences) */
	RpVerdict *verdicts;       /* one per model of its models list */
	int nverdicts;
	RpPoint *series;           /* NULL unless charted and it has stats rows */
	int nseries;
	long stats_rows;
} RpCampaign;

typedef struct RpModel {
	const char *name;
	long programs;             /* sum of execs of the campaigns that ran it */
	long campaigns;
	long *distinct, *occurrences; /* [Report.nkinds] */
	RpVerdict verdict;         /* over all campaigns */
} RpModel;

typedef struct RpReproducer {
	int64_t id;
	const char *reduced, *pytest, *cuda, *created_at; /* NULL when absent */
} RpReproducer;

typedef struct RpHwRun {
	int64_t id, finding_id;    /* finding_id 0: not tied to a finding */
	const char *device, *driver, *settings, *kernel_source, *outcome, *created_at;
	long trials, mismatches;
	double rate;               /* mismatches / trials; < 0 when no trials */
} RpHwRun;

typedef struct RpFinding {
	int64_t id, program_id, campaign_id;
	const char *kind, *model, *oracle, *signature, *rule, *message, *witness, *strength,
		*strength_note, *first_seen, *last_seen, *status;
	const char *program_text;  /* the first program that showed it; NULL when not kept */
	int line, col;
	long count, campaigns_seen;
	RpReproducer *repro;       /* newest first, at most RP_MAX_REPRODUCERS */
	int nrepro;
	long repro_total;
	long hw_runs, hw_trials, hw_mismatches, hw_reproduced; /* over all its hw_runs */
	long hw_standin;           /* runs reproduced only through a stand-in op (counted apart) */
	double hw_rate;            /* hw_mismatches / hw_trials; < 0 when no trials */
} RpFinding;

typedef struct Report {
	Arena *a;                  /* everything below lives here */
	const char *db_path, *generated_at;
	int schema;
	const char **kinds;        /* the finding kinds present, in orc_kind_name order */
	int nkinds;
	RpCampaign *campaigns;     /* newest first */
	int ncampaigns;
	long campaigns_total, execs_total;
	RpModel *models;           /* by name */
	int nmodels;
	RpFinding *findings;       /* most frequent first */
	int nfindings;
	long findings_total, occurrences_total, reproducers_total, programs_total;
	RpHwRun *hw;               /* newest first */
	int nhw;
	long hw_total;
} Report;

/* report_data.c */
/* Opens db_path read-only (a missing file is an error, never created) and
 * runs every query of the report.  On error *out is NULL and err says why. */
int rp_load(const char *db_path, Report **out, char *err, size_t errlen);
void rp_free(Report *r);
int rp_kind_is_unsound(const char *kind);    /* unsound, unsound-war, handshake */
int rp_kind_is_not_minimal(const char *kind); /* unnecessary-fence, suboptimal-placement, alias */
/* The shared number formats, so both renderers print the same figures. */
void rp_fmt_duration(char *out, size_t n, double seconds); /* "62.3 s", "running" */
void rp_fmt_per_s(char *out, size_t n, double per_s);      /* "1234", "n/a" */
void rp_fmt_rate(char *out, size_t n, double rate);        /* "0.3%", "n/a" */

/* report_escape.c */
/* The one HTML escaper: & < > " ' as entities, control bytes as U+FFFD; safe
 * in element text and in quoted attribute values.  NULL appends nothing. */
void rp_escape_html(StrBuf *sb, const char *s);

/* report_chart.c */
typedef struct RpSeries {
	const char *name;
	const double *x, *y;
	int n;
} RpSeries;
/* An inline SVG line chart (no script, no external reference). */
void rp_svg_chart(StrBuf *sb, const char *title, const char *xlabel, const char *ylabel,
                  const RpSeries *series, int nseries);

/* report_sha256.c */
void rp_sha256(const void *data, size_t n, unsigned char out[32]);
/* 'sha256-BASE64' for a Content-Security-Policy source list; out >= 52 bytes. */
void rp_csp_hash(const char *text, char *out, size_t outlen);

/* report_html.c */
/* One self-contained page: inline CSS, one inline script (allowed by its
 * hash in the page's Content-Security-Policy, which forbids everything else:
 * no network, no other script). */
void rp_html(StrBuf *sb, const Report *r);

/* report_markdown.c */
/* The same numbers for CI logs (GitHub step summaries): tables, no charts. */
void rp_markdown(StrBuf *sb, const Report *r);

/* report_write.c */
/* Loads db_path and writes the HTML to html_path and/or the Markdown to
 * md_path (NULL: not written; "-": stdout).  Files are written to PATH.tmp
 * and renamed, so a reader never sees half a page. */
int rp_write(const char *db_path, const char *html_path, const char *md_path, char *err,
             size_t errlen);

#endif
