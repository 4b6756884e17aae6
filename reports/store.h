/* store.h: the results store: one SQLite file, default
 * results/fencefuzz.sqlite, and every prototype of the store layer, grouped
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

#define DB_DEFAULT_PATH "results/fencefuzz.sqlite" /* results/ is created when missing */
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
/* Opens (creating the file, not its directory, except the default
 * DB_DEFAULT_PATH's) and migrates.  A file whose
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
/* The same for n sightings of f at once (count + n): what a batch of
 * writes records for a finding it saw n times. */
int64_t db_record_finding_n(Db *db, int64_t campaign, int64_t program, const Finding *f, long n,
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

/* ---- listing and triage (fencefuzz findings, triage) ----------------------
 *
 * A finding's status is one of DB_STATUSES.  new, confirmed and fixed count
 * toward the red verdicts (a model is not sound while it has a counting
 * unsound finding; campaign --fail-on); wontfix and false-alarm are triaged
 * away: kept, listed, and counted nowhere.  A finding's root cause is the
 * model's rule to blame (findings.root_cause; NULL: the model gave none,
 * listed as "(unexplained)"); the findings of one (model, kind, root cause)
 * form one root-cause row, NULLs grouped by model and kind.  A root-cause row
 * is named R<id>, id its smallest finding id (stable: ids only grow). */
#define DB_STATUSES "new, confirmed, wontfix, false-alarm, fixed"
int db_status_valid(const char *status);  /* one of DB_STATUSES */
/* 1 when a finding of this status counts toward red (the report's verdicts,
 * --fail-on); NULL counts.  The one place that says so: DB_COUNTS_SQL is
 * the same test in SQL on a column. */
int db_status_counts(const char *status);
#define DB_COUNTS_SQL(col) "(" col " IS NULL OR " col " NOT IN ('wontfix', 'false-alarm'))"

typedef struct DbFilter {
	const char *model, *kind; /* NULL: any */
	const char *status;       /* NULL: any; "open": those that count (new, confirmed, fixed) */
	int64_t new_since;        /* > 0: first found in a campaign after this one */
	int64_t new_in;           /* > 0: first found in this very campaign */
} DbFilter;

/* One finding; strings valid during the callback only (NULL when NULL). */
typedef struct DbFindingItem {
	int64_t id, first_campaign; /* first_campaign 0: none recorded */
	const char *model, *kind, *oracle, *root_cause, *status, *triage_note, *message,
		*signature, *first_seen, *last_seen;
	long count;
} DbFindingItem;

/* One root cause: the findings of one (model, kind, root_cause) that pass
 * the filter; first_campaign is over all its findings, so --new-since and
 * new_in select root causes none of whose findings was found before. */
typedef struct DbRootCauseItem {
	int64_t id;                 /* the smallest finding id of the root cause (R<id>) */
	const char *model, *kind, *root_cause; /* root_cause NULL: unexplained */
	const char *status;         /* the findings' status when they agree, else "mixed" */
	const char *last_seen;
	int64_t first_campaign;
	long count;                 /* summed occurrences */
	long counting;              /* findings that count toward red */
	const int64_t *findings;    /* ascending */
	long nfindings;
} DbRootCauseItem;

/* Most important first: counting before triaged away, then kind (unsound
 * first, in orc_kind_name order), model, count.  fn returns non-zero to stop. */
int db_findings_list(Db *db, const DbFilter *f, int (*fn)(void *, const DbFindingItem *),
                     void *ctx);
int db_root_causes_list(Db *db, const DbFilter *f,
                        int (*fn)(void *, const DbRootCauseItem *), void *ctx);

/* Triage: sets status and triaged_at (and triage_note when note is not NULL)
 * of one finding, or of every finding of one root cause: the one of finding
 * `of`, or (model, kind, root_cause) given as text (kind NULL: every kind;
 * root_cause NULL: the unexplained ones).  *changed: findings touched;
 * 0 done, 1 no such finding / nothing matched, -1 error.  A new finding whose
 * root cause has only wontfix / false-alarm findings inherits their status
 * and note (db_record_finding), so a root cause triaged away stays away. */
int db_triage_finding(Db *db, int64_t id, const char *status, const char *note, long *changed);
int db_triage_root_cause_of(Db *db, int64_t of, const char *status, const char *note,
                            long *changed);
int db_triage_root_cause(Db *db, const char *model, const char *kind, const char *root_cause,
                         const char *status, const char *note, long *changed);

/* What one campaign found, triage applied (campaign --fail-on): */
typedef struct DbCampaignCounts {
	long seen;            /* distinct findings seen in it that count toward red */
	long unsound;         /* of them, of an unsound kind (rp_kind_is_unsound) */
	long new_findings;    /* findings first found in it that count */
	long new_root_causes; /* root causes first found in it with a finding that counts */
} DbCampaignCounts;
int db_campaign_counts(Db *db, int64_t campaign, DbCampaignCounts *out);
int64_t db_campaign_latest(Db *db); /* the newest campaign id, 0 when none, -1 error */

/* ---- the report layer (reports/report_*.c): HTML and Markdown from the
 * database alone.  rp_load runs every query once into a Report;
 * the HTML and Markdown renderers only format those numbers, so the two
 * cannot disagree.  Everything is bounded (RP_MAX_*): a large database gives
 * a page that says what it left out, not a page of unbounded size.  Long
 * texts (programs, reproducers, kernels) are never on the page in full: it
 * shows their first lines and the command that prints the rest. */

#include "ir.h" /* Arena, StrBuf */

enum {
	RP_MAX_FINDINGS = 1500,     /* finding rows on the page: each root cause's most frequent,
	                             * then the new ones, then the most frequent */
	RP_MAX_GROUPS = 1000,       /* root causes on the page (most findings first) */
	RP_MAX_HW_RUNS = 500,       /* rows of the hardware table (newest first) */
	RP_MAX_CAMPAIGNS = 200,     /* rows of the campaigns table (newest first) */
	RP_MAX_CHARTED = 8,         /* campaigns drawn in the charts (newest) */
	RP_CHART_POINTS = 120,      /* points per charted campaign */
	RP_MAX_LINE = 240,          /* bytes of a message, witness or root cause on the page */
	RP_EXCERPT_LINES = 14,      /* lines of a reproducer / program / kernel shown */
	RP_EXCERPT_BYTES = 1200,    /* bytes of that excerpt at most */
	RP_MAX_CONFIG = 400,        /* bytes of a campaign's config JSON shown */
	RP_MAX_JOBS = 256           /* workers told apart in a campaign's stats rows */
};

typedef struct RpPoint {
	double t;          /* elapsed seconds */
	double programs;   /* all workers together */
	double findings;   /* occurrences recorded, all workers together */
	double rate;       /* programs/s over the interval ending at t */
} RpPoint;

/* One model on one campaign, or on all of them.  Findings triaged wontfix
 * or false-alarm (rp_status_counts) are not in unsound / not_minimal /
 * other: they are in triaged. */
typedef struct RpVerdict {
	const char *model;
	long unsound;              /* distinct unsound / unsound-war / handshake findings */
	long not_minimal;          /* distinct unnecessary-fence / suboptimal-placement / alias */
	long other;                /* every other kind */
	long triaged;              /* wontfix / false-alarm findings, any kind */
	long unsound_causes, not_minimal_causes; /* root causes behind them (models only) */
} RpVerdict;

typedef struct RpCampaign {
	int64_t id;
	const char *started_at, *ended_at, *seed, *models, *oracles, *engine, *host, *config,
		*status;
	const char *fencefuzz_version, *fencefuzz_commit, *model_versions; /* NULL when absent */
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
	long *distinct, *occurrences; /* [Report.nkinds], triaged findings included */
	RpVerdict verdict;         /* over all campaigns */
} RpModel;

/* The first lines of a long text (rp_excerpt). */
typedef struct RpExcerpt {
	const char *text;          /* NULL: nothing to show */
	long first_line;           /* line number of its first line in the whole text */
	long shown, total;         /* lines shown, lines in the whole text */
} RpExcerpt;

typedef struct RpHwRun {
	int64_t id, finding_id;    /* finding_id 0: not tied to a finding */
	const char *device, *driver, *settings, *outcome, *created_at;
	RpExcerpt kernel;          /* the kernel source's first lines; text NULL when none */
	long trials, mismatches;
	double rate;               /* mismatches / trials; < 0 when no trials */
} RpHwRun;

typedef struct RpFinding {
	int64_t id, program_id, campaign_id;
	const char *kind, *model, *oracle, *signature, *rule, *message, *witness, *strength,
		*strength_note, *first_seen, *last_seen, *status, *root_cause, *triage_note;
	int line, col;
	int counts;                /* rp_status_counts(status) */
	int is_new;                /* first seen in the newest campaign */
	int group;                 /* index into Report.groups */
	long count, campaigns_seen;
	/* The newest reproducer: its reduced program's first lines; without one,
	 * the first program's lines around line:col. */
	RpExcerpt excerpt;
	int excerpt_reduced;       /* 1: from the reducer; 0: from the first program */
	int has_reduced, has_pytest, has_cuda; /* what the newest reproducer holds */
	long repro_total;
	long hw_runs, hw_trials, hw_mismatches, hw_reproduced; /* over all its hw_runs */
	long hw_standin;           /* runs reproduced only through a stand-in op (counted apart) */
	double hw_rate;            /* hw_mismatches / hw_trials; < 0 when no trials */
} RpFinding;

/* A root cause of one model: the findings whose findings.root_cause is the
 * same text, or, while it is NULL, the unexplained findings of one kind. */
typedef struct RpGroup {
	const char *model, *root_cause; /* root_cause NULL: "(unexplained)" */
	const char *kinds;         /* "unsound" or "unsound,unsound-war" */
	const char *statuses;      /* "new" or "new,wontfix" */
	const char *first_seen, *last_seen;
	long findings, occurrences;
	long new_findings;         /* first seen in the newest campaign */
	long counted;              /* findings that count (not wontfix / false-alarm) */
	int cls;                   /* 0 unsound, 1 not minimal, 2 other: its worst counted kind;
	                            * 3 when no finding counts */
	int is_new;                /* every finding first seen in the newest campaign */
	int first, shown;          /* its rows in Report.findings: [first, first + shown) */
	int rep;                   /* index of its representative finding, -1 none shown */
} RpGroup;

typedef struct Report {
	Arena *a;                  /* everything below lives here */
	const char *db_path, *generated_at;
	int schema;
	const char **kinds;        /* the finding kinds present, in orc_kind_name order */
	int nkinds;
	RpCampaign *campaigns;     /* newest first */
	int ncampaigns;
	long campaigns_total, execs_total;
	int64_t latest, previous;  /* newest campaign id and the one before; 0 when none */
	RpModel *models;           /* newest model first (rp_model_rank), then by name */
	int nmodels;
	RpGroup *groups;           /* by model (newest first), then class, then findings */
	int ngroups;
	long groups_total;
	long new_total, new_groups; /* findings / root causes first seen in the newest campaign */
	RpFinding *findings;       /* grouped: each group's rows together, most frequent first */
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
int rp_kind_is_unsound(const char *kind);    /* unsound, unsound-war, unsound-cross, handshake */
int rp_kind_is_not_minimal(const char *kind); /* unnecessary-fence, suboptimal-placement, alias */
/* 0 for a finding triaged wontfix or false-alarm (shown, greyed, but not in
 * the verdicts), 1 for every other status (NULL included). */
int rp_status_counts(const char *status);
/* 0 tilelang-head, 1 tilelang-9f25954, 2 tilelang-legacy (newest TileLang
 * first), 3 any other model. */
int rp_model_rank(const char *model);
/* The first RP_EXCERPT_LINES lines (RP_EXCERPT_BYTES at most) of text from
 * line `from` on (1-based), in arena a. */
RpExcerpt rp_excerpt(Arena *a, const char *text, long from);
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
