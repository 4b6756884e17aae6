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

#endif
