/* schema.c: the results store's schema, as migrations.
 *
 * db_migrations[i] takes a database from user_version i to i + 1.  db_open
 * applies the missing ones in order, each in the same transaction as the
 * PRAGMA user_version that records it, so a half-migrated file cannot exist.
 * Never edit a migration that has shipped: append a new one.
 *
 * Hashes and signatures are stored as 16 lower-case hex digits (TEXT) so that
 * the sqlite3 shell shows them as fencefuzz prints them; times are UTC ISO
 * 8601 text (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')).
 */
#include "store.h"

static const char migration_1[] =
	"CREATE TABLE campaigns (\n"
	"  id          INTEGER PRIMARY KEY,\n"
	"  started_at  TEXT NOT NULL,\n"
	"  ended_at    TEXT,\n"
	"  seed        TEXT,\n"             /* decimal uint64 */
	"  models      TEXT,\n"             /* comma-separated model names */
	"  oracles     TEXT,\n"             /* comma-separated oracle names */
	"  engine      TEXT,\n"             /* generator / mutator / replay ... */
	"  host        TEXT,\n"
	"  config      TEXT,\n"             /* JSON, as the caller wrote it */
	"  execs       INTEGER NOT NULL DEFAULT 0,\n"
	"  status      TEXT NOT NULL DEFAULT 'running'\n" /* running, done, killed, error */
	");\n"
	"CREATE TABLE programs (\n"
	"  id    INTEGER PRIMARY KEY,\n"
	"  hash  TEXT NOT NULL UNIQUE,\n"   /* ir_hash_program, hex */
	"  text  TEXT\n"                    /* canonical print; NULL when not kept */
	");\n"
	"CREATE TABLE findings (\n"
	"  id            INTEGER PRIMARY KEY,\n"
	"  kind          TEXT NOT NULL,\n"  /* orc_kind_name */
	"  model         TEXT NOT NULL,\n"
	"  oracle        TEXT,\n"
	"  signature     TEXT NOT NULL,\n"  /* Finding.signature, hex */
	"  rule          TEXT,\n"
	"  line          INTEGER,\n"        /* primary location in the first program */
	"  col           INTEGER,\n"
	"  message       TEXT,\n"
	"  witness       TEXT,\n"           /* 'L:C what -> L:C what ...' */
	"  strength      TEXT,\n"           /* proved, bounded, undecided */
	"  strength_note TEXT,\n"
	"  first_seen    TEXT NOT NULL,\n"
	"  last_seen     TEXT NOT NULL,\n"
	"  count         INTEGER NOT NULL DEFAULT 1,\n"
	"  status        TEXT NOT NULL DEFAULT 'new',\n" /* new, confirmed, fixed, wontfix, false-alarm */
	"  program_id    INTEGER REFERENCES programs(id),\n"  /* first program that showed it */
	"  campaign_id   INTEGER REFERENCES campaigns(id),\n" /* first campaign that found it */
	"  UNIQUE (signature, model, kind)\n"
	");\n"
	"CREATE INDEX findings_by_kind ON findings(kind, model);\n"
	"CREATE INDEX findings_by_campaign ON findings(campaign_id);\n"
	/* Which programs (per campaign) showed a finding; one row per distinct
	 * (finding, campaign, program), the first time it was seen. */
	"CREATE TABLE occurrences (\n"
	"  finding_id   INTEGER NOT NULL REFERENCES findings(id),\n"
	"  campaign_id  INTEGER NOT NULL REFERENCES campaigns(id),\n"
	"  program_id   INTEGER NOT NULL REFERENCES programs(id),\n"
	"  seen_at      TEXT NOT NULL,\n"
	"  PRIMARY KEY (finding_id, campaign_id, program_id)\n"
	") WITHOUT ROWID;\n"
	"CREATE INDEX occurrences_by_campaign ON occurrences(campaign_id);\n"
	"CREATE TABLE reproducers (\n"
	"  id           INTEGER PRIMARY KEY,\n"
	"  finding_id   INTEGER NOT NULL REFERENCES findings(id),\n"
	"  reduced_text TEXT,\n"
	"  pytest_text  TEXT,\n"
	"  cuda_text    TEXT,\n"
	"  created_at   TEXT NOT NULL\n"
	");\n"
	"CREATE INDEX reproducers_by_finding ON reproducers(finding_id);\n"
	"CREATE TABLE hw_runs (\n"
	"  id            INTEGER PRIMARY KEY,\n"
	"  finding_id    INTEGER REFERENCES findings(id),\n"
	"  device        TEXT,\n"
	"  driver        TEXT,\n"
	"  settings      TEXT,\n"           /* JSON: clocks, MIG, launch shape ... */
	"  kernel_source TEXT,\n"
	"  trials        INTEGER NOT NULL DEFAULT 0,\n"
	"  mismatches    INTEGER NOT NULL DEFAULT 0,\n"
	"  outcome       TEXT,\n"           /* reproduced, not-reproduced, error, skipped */
	"  created_at    TEXT NOT NULL\n"
	");\n"
	"CREATE INDEX hw_runs_by_finding ON hw_runs(finding_id);\n"
	/* Throughput over time, for the report's charts. */
	"CREATE TABLE stats (\n"
	"  campaign_id  INTEGER NOT NULL REFERENCES campaigns(id),\n"
	"  at           TEXT NOT NULL,\n"
	"  elapsed_s    REAL NOT NULL,\n"
	"  programs     INTEGER NOT NULL,\n"
	"  findings     INTEGER NOT NULL\n"
	");\n"
	"CREATE INDEX stats_by_campaign ON stats(campaign_id, elapsed_s);\n";

/* Root causes and triage (a finding's root_cause: the model's rule to blame,
 * as the model explains its decision at the witness; NULL when the model gave
 * none), and which fencefuzz and which pass versions made a campaign
 * (model_versions: JSON object, model name -> the version it reported). */
static const char migration_2[] =
	"ALTER TABLE findings ADD COLUMN root_cause TEXT;\n"
	"ALTER TABLE findings ADD COLUMN triage_note TEXT;\n"
	"ALTER TABLE findings ADD COLUMN triaged_at TEXT;\n"
	"CREATE INDEX findings_by_root_cause ON findings(model, root_cause);\n"
	"ALTER TABLE campaigns ADD COLUMN fencefuzz_version TEXT;\n"
	"ALTER TABLE campaigns ADD COLUMN fencefuzz_commit TEXT;\n"
	"ALTER TABLE campaigns ADD COLUMN model_versions TEXT;\n";

const char *const db_migrations[] = {
	migration_1,
	migration_2,
};

const int db_nmigrations = (int)(sizeof db_migrations / sizeof db_migrations[0]);
