/* store.c: the SQLite results store.
 *
 * Every statement the hot path runs is prepared once in db_open and reset
 * after each use; the caller batches them in transactions (db_begin/db_commit)
 * because a commit is an fsync and a campaign records thousands of programs a
 * second.  Writers open transactions with BEGIN IMMEDIATE so that two
 * campaigns on one file wait on the busy timeout instead of deadlocking on a
 * read-to-write upgrade.
 */
#include "store.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#define NOW "strftime('%Y-%m-%dT%H:%M:%fZ','now')"

/* The prepared statements: one line each, expanded into the enum and the
 * SQL table so they cannot drift. */
#define STATEMENTS(X)                                                                     \
	X(S_CAMPAIGN_START,                                                                   \
	  "INSERT INTO campaigns(started_at, seed, models, oracles, engine, host, config, "    \
	  "fencefuzz_version, fencefuzz_commit, model_versions) "                             \
	  "VALUES(" NOW ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")                                          \
	X(S_CAMPAIGN_END,                                                                     \
	  "UPDATE campaigns SET ended_at = " NOW ", execs = ?2, status = ?3 WHERE id = ?1")   \
	X(S_PROGRAM_GET, "SELECT id, text IS NULL FROM programs WHERE hash = ?1")              \
	X(S_PROGRAM_ADD,                                                                      \
	  "INSERT INTO programs(hash, text) VALUES(?1, ?2) ON CONFLICT(hash) DO NOTHING")     \
	X(S_PROGRAM_TEXT, "UPDATE programs SET text = ?2 WHERE id = ?1 AND text IS NULL")      \
	X(S_FINDING_UPSERT,                                                                   \
	  "INSERT INTO findings(kind, model, oracle, signature, rule, line, col, message, "    \
	  "witness, strength, strength_note, first_seen, last_seen, program_id, campaign_id, " \
	  "root_cause) "                                                                      \
	  "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, " NOW ", " NOW ", ?12, ?13, ?14) " \
	  "ON CONFLICT(signature, model, kind) DO UPDATE SET count = count + 1, "              \
	  "last_seen = excluded.last_seen, "                                                  \
	  "root_cause = coalesce(root_cause, excluded.root_cause), "                          \
	  "program_id = coalesce(program_id, excluded.program_id) "                           \
	  "RETURNING id, count")                                                              \
	X(S_FINDING_UPSERT_N,                                                                 \
	  "INSERT INTO findings(kind, model, oracle, signature, rule, line, col, message, "    \
	  "witness, strength, strength_note, first_seen, last_seen, program_id, campaign_id, " \
	  "root_cause, count) "                                                               \
	  "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, " NOW ", " NOW ", ?12, ?13, ?14, ?15) " \
	  "ON CONFLICT(signature, model, kind) DO UPDATE SET count = count + excluded.count, " \
	  "last_seen = excluded.last_seen, "                                                  \
	  "root_cause = coalesce(root_cause, excluded.root_cause), "                          \
	  "program_id = coalesce(program_id, excluded.program_id) "                           \
	  "RETURNING id, count")                                                              \
	X(S_OCCURRENCE,                                                                       \
	  "INSERT OR IGNORE INTO occurrences(finding_id, campaign_id, program_id, seen_at) "   \
	  "VALUES(?1, ?2, ?3, " NOW ")")                                                      \
	X(S_FINDING_STATUS, "UPDATE findings SET status = ?2 WHERE id = ?1")                   \
	X(S_FINDING_INHERIT,                                                                  \
	  "UPDATE findings SET status = t.status, triage_note = t.triage_note, "               \
	  "triaged_at = t.triaged_at FROM (SELECT o.status, o.triage_note, o.triaged_at "      \
	  "FROM findings o, findings n WHERE n.id = ?1 AND o.id <> n.id AND o.model = n.model " \
	  "AND o.kind = n.kind AND o.root_cause IS n.root_cause "                              \
	  "AND o.status IN ('wontfix', 'false-alarm') AND NOT EXISTS (SELECT 1 FROM findings c " \
	  "WHERE c.id <> n.id AND c.model = n.model AND c.kind = n.kind "                      \
	  "AND c.root_cause IS n.root_cause AND " DB_COUNTS_SQL("c.status") ") "              \
	  "ORDER BY o.triaged_at DESC LIMIT 1) AS t WHERE findings.id = ?1")                  \
	X(S_REPRODUCER,                                                                       \
	  "INSERT INTO reproducers(finding_id, reduced_text, pytest_text, cuda_text, "         \
	  "created_at) VALUES(?1, ?2, ?3, ?4, " NOW ")")                                      \
	X(S_HW_RUN,                                                                           \
	  "INSERT INTO hw_runs(finding_id, device, driver, settings, kernel_source, trials, "   \
	  "mismatches, outcome, created_at) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, " NOW ")")  \
	X(S_STATS,                                                                            \
	  "INSERT INTO stats(campaign_id, at, elapsed_s, programs, findings) "                \
	  "VALUES(?1, " NOW ", ?2, ?3, ?4)")                                                  \
	X(S_CAMPAIGN_PROGRESS,                                                                \
	  "UPDATE campaigns SET execs = execs + ?3, "                                         \
	  "config = json_set(coalesce(config, '{}'), '$.next.w' || ?2, ?4) WHERE id = ?1")      \
	X(S_CAMPAIGN_SKIP,                                                                    \
	  "UPDATE campaigns SET config = json_insert(json_set(coalesce(config, '{}'), "          \
	  "'$.skip.w' || ?2, json(coalesce(json_extract(config, '$.skip.w' || ?2), '[]'))), "   \
	  "'$.skip.w' || ?2 || '[#]', ?3) WHERE id = ?1")                                      \
	X(S_CAMPAIGN_GET,                                                                     \
	  "SELECT seed, models, oracles, engine, status FROM campaigns WHERE id = ?1")        \
	X(S_CAMPAIGN_JSON, "SELECT json_extract(config, ?2) FROM campaigns WHERE id = ?1")     \
	X(S_CAMPAIGN_REOPEN,                                                                  \
	  "UPDATE campaigns SET status = 'running', ended_at = NULL WHERE id = ?1")             \
	X(S_BEGIN, "BEGIN IMMEDIATE")                                                         \
	X(S_COMMIT, "COMMIT")

enum {
#define X(name, sql) name,
	STATEMENTS(X)
#undef X
	S_COUNT
};

static const char *const statement_sql[S_COUNT] = {
#define X(name, sql) sql,
	STATEMENTS(X)
#undef X
};

struct Db {
	sqlite3 *h;
	sqlite3_stmt *st[S_COUNT];
	int in_batch;
	char err[512];
};

static void
set_err(Db *db, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(db->err, sizeof db->err, fmt, ap);
	va_end(ap);
}

/* Records sqlite's reason for the failure of `what`; returns -1. */
static int
fail(Db *db, const char *what)
{
	set_err(db, "%s: %s", what, sqlite3_errmsg(db->h));
	return -1;
}

static void
hex64(char out[17], uint64_t v)
{
	snprintf(out, 17, "%016llx", (unsigned long long)v);
}

/* Binding helpers: text NULL binds SQL NULL. */
static int
bind_text(sqlite3_stmt *s, int i, const char *t)
{
	return t ? sqlite3_bind_text(s, i, t, -1, SQLITE_STATIC) : sqlite3_bind_null(s, i);
}

static int
bind_id(sqlite3_stmt *s, int i, int64_t id)
{
	return id > 0 ? sqlite3_bind_int64(s, i, id) : sqlite3_bind_null(s, i);
}

static void
done(sqlite3_stmt *s)
{
	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
}

/* Steps a statement that returns no rows. */
static int
run(Db *db, int which, const char *what)
{
	sqlite3_stmt *s = db->st[which];
	int rc = sqlite3_step(s);
	int r = rc == SQLITE_DONE ? 0 : fail(db, what);
	done(s);
	return r;
}

static int
exec(Db *db, const char *sql, const char *what)
{
	char *msg = NULL;
	if (sqlite3_exec(db->h, sql, NULL, NULL, &msg) != SQLITE_OK) {
		set_err(db, "%s: %s", what, msg ? msg : sqlite3_errmsg(db->h));
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* Runs a one-row, one-column query; the value as text into out. */
static int
query_text(Db *db, const char *sql, char *out, size_t outlen)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
		return fail(db, sql);
	int rc = sqlite3_step(s);
	if (rc != SQLITE_ROW) {
		if (rc == SQLITE_DONE)
			set_err(db, "%s: no row", sql);
		else
			fail(db, sql);
		sqlite3_finalize(s);
		return -1;
	}
	const unsigned char *t = sqlite3_column_text(s, 0);
	snprintf(out, outlen, "%s", t ? (const char *)t : "");
	sqlite3_finalize(s);
	return 0;
}

int
db_schema_version(Db *db)
{
	char v[32];
	if (query_text(db, "PRAGMA user_version", v, sizeof v) < 0)
		return -1;
	return atoi(v);
}

/* Applies the missing migrations, each with its user_version, in one
 * IMMEDIATE transaction: a second process opening the same new file waits
 * and then finds it migrated. */
static int
migrate(Db *db, int version)
{
	if (version == db_nmigrations)
		return 0; /* current: no write lock needed to open */
	if (exec(db, "BEGIN IMMEDIATE", "migrate: begin") < 0)
		return -1;
	int v = db_schema_version(db);
	if (v < 0)
		goto fail;
	if (v > db_nmigrations) {
		set_err(db,
		        "schema version %d is newer than this fencefuzz knows (%d): "
		        "use a newer fencefuzz or another database",
		        v, db_nmigrations);
		goto fail;
	}
	for (; v < db_nmigrations; v++) {
		char what[64], sql[64];
		snprintf(what, sizeof what, "migration %d", v + 1);
		if (exec(db, db_migrations[v], what) < 0)
			goto fail;
		snprintf(sql, sizeof sql, "PRAGMA user_version = %d", v + 1);
		if (exec(db, sql, what) < 0)
			goto fail;
	}
	if (exec(db, "COMMIT", "migrate: commit") < 0)
		goto fail;
	return 0;
fail:
	sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

int
db_open(const char *path, Db **out, char *err, size_t errlen)
{
	*out = NULL;
	Db *db = calloc(1, sizeof *db);
	if (!db) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	/* UPSERT ... RETURNING (db_record_finding) needs 3.35. */
	if (sqlite3_libversion_number() < 3035000) {
		snprintf(err, errlen, "%s: SQLite %s is too old (3.35 or newer needed)", path,
		         sqlite3_libversion());
		free(db);
		return -1;
	}
	char mode[32];
	/* The default database's folder (results/, git-ignored) is made on first
	 * use; any other path's directory is the caller's. */
	if (!strcmp(path, DB_DEFAULT_PATH)) {
		char dir[] = DB_DEFAULT_PATH;
		*strrchr(dir, '/') = '\0';
		if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
			snprintf(err, errlen, "%s: %s", dir, strerror(errno));
			free(db);
			return -1;
		}
	}
	int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
	if (sqlite3_open_v2(path, &db->h, flags, NULL) != SQLITE_OK) {
		set_err(db, "%s", db->h ? sqlite3_errmsg(db->h) : "out of memory");
		goto fail;
	}
	sqlite3_extended_result_codes(db->h, 1);
	if (sqlite3_busy_timeout(db->h, DB_BUSY_TIMEOUT_MS) != SQLITE_OK) {
		fail(db, "busy timeout");
		goto fail;
	}
	/* Refuse a newer schema before changing anything in the file. */
	int v = db_schema_version(db);
	if (v < 0)
		goto fail;
	if (v > db_nmigrations) {
		set_err(db,
		        "schema version %d is newer than this fencefuzz knows (%d): "
		        "use a newer fencefuzz or another database",
		        v, db_nmigrations);
		goto fail;
	}
	if (exec(db, "PRAGMA foreign_keys = ON", "foreign keys") < 0)
		goto fail;
	/* Switching a new file to WAL needs an exclusive lock, which SQLite does
	 * not wait for through the busy handler while another process is opening
	 * the same new database: retry for up to the busy timeout. */
	for (int waited = 0; query_text(db, "PRAGMA journal_mode = WAL", mode, sizeof mode) < 0;
	     waited += 20) {
		if (!strstr(db_error(db), "locked") && !strstr(db_error(db), "busy"))
			goto fail;
		if (waited >= DB_BUSY_TIMEOUT_MS)
			goto fail;
		sqlite3_sleep(20);
	}
	/* An in-memory database answers "memory"; a file must be in WAL. */
	if (strcmp(mode, "wal") != 0 && strcmp(mode, "memory") != 0) {
		set_err(db, "cannot switch to WAL mode (journal_mode is %s)", mode);
		goto fail;
	}
	/* WAL with synchronous=NORMAL: a commit survives a killed process (not a
	 * power cut), at a fraction of the fsyncs. */
	if (exec(db, "PRAGMA synchronous = NORMAL", "synchronous") < 0)
		goto fail;
	if (migrate(db, v) < 0)
		goto fail;
	for (int i = 0; i < S_COUNT; i++)
		if (sqlite3_prepare_v3(db->h, statement_sql[i], -1, SQLITE_PREPARE_PERSISTENT,
		                       &db->st[i], NULL) != SQLITE_OK) {
			fail(db, statement_sql[i]);
			goto fail;
		}
	*out = db;
	return 0;
fail:
	snprintf(err, errlen, "%s: %s", path, db->err);
	db_close(db);
	return -1;
}

void
db_close(Db *db)
{
	if (!db)
		return;
	if (db->in_batch)
		db_commit(db);
	for (int i = 0; i < S_COUNT; i++)
		sqlite3_finalize(db->st[i]);
	sqlite3_close(db->h);
	free(db);
}

const char *
db_error(const Db *db)
{
	return db->err;
}

int
db_begin(Db *db)
{
	if (db->in_batch)
		return 0;
	if (run(db, S_BEGIN, "begin") < 0)
		return -1;
	db->in_batch = 1;
	return 0;
}

int
db_commit(Db *db)
{
	if (!db->in_batch)
		return 0;
	if (run(db, S_COMMIT, "commit") < 0) {
		/* A failed COMMIT (SQLITE_BUSY) leaves the transaction open; roll it
		 * back so the connection is usable, and say what was lost. */
		if (!sqlite3_get_autocommit(db->h))
			sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
		db->in_batch = 0;
		return -1;
	}
	db->in_batch = 0;
	return 0;
}

int
db_rollback(Db *db)
{
	if (!db->in_batch)
		return 0;
	db->in_batch = 0;
	if (sqlite3_get_autocommit(db->h))
		return 0;
	return exec(db, "ROLLBACK", "rollback");
}

int
db_in_batch(const Db *db)
{
	return db->in_batch;
}

int64_t
db_campaign_start(Db *db, const CampaignInfo *c)
{
	char seed[24], host[256];
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)c->seed);
	const char *h = c->host;
	if (!h) {
		if (gethostname(host, sizeof host) != 0)
			snprintf(host, sizeof host, "?");
		host[sizeof host - 1] = '\0';
		h = host;
	}
	sqlite3_stmt *s = db->st[S_CAMPAIGN_START];
	bind_text(s, 1, seed);
	bind_text(s, 2, c->models);
	bind_text(s, 3, c->oracles);
	bind_text(s, 4, c->engine);
	bind_text(s, 5, h);
	bind_text(s, 6, c->config);
	bind_text(s, 7, c->fencefuzz_version);
	bind_text(s, 8, c->fencefuzz_commit);
	bind_text(s, 9, c->model_versions);
	if (run(db, S_CAMPAIGN_START, "campaign start") < 0)
		return -1;
	return sqlite3_last_insert_rowid(db->h);
}

int
db_campaign_end(Db *db, int64_t campaign, long execs, const char *status)
{
	sqlite3_stmt *s = db->st[S_CAMPAIGN_END];
	sqlite3_bind_int64(s, 1, campaign);
	sqlite3_bind_int64(s, 2, execs);
	bind_text(s, 3, status ? status : "done");
	if (run(db, S_CAMPAIGN_END, "campaign end") < 0)
		return -1;
	if (sqlite3_changes(db->h) != 1) {
		set_err(db, "campaign end: no campaign %lld", (long long)campaign);
		return -1;
	}
	return 0;
}

int64_t
db_program(Db *db, uint64_t hash, const char *text)
{
	char hx[17];
	hex64(hx, hash);
	for (int attempt = 0; attempt < 2; attempt++) {
		sqlite3_stmt *g = db->st[S_PROGRAM_GET];
		sqlite3_bind_text(g, 1, hx, -1, SQLITE_STATIC);
		int rc = sqlite3_step(g);
		if (rc == SQLITE_ROW) {
			int64_t id = sqlite3_column_int64(g, 0);
			int no_text = sqlite3_column_int(g, 1);
			done(g);
			if (no_text && text) {
				sqlite3_stmt *u = db->st[S_PROGRAM_TEXT];
				sqlite3_bind_int64(u, 1, id);
				sqlite3_bind_text(u, 2, text, -1, SQLITE_STATIC);
				if (run(db, S_PROGRAM_TEXT, "program text") < 0)
					return -1;
			}
			return id;
		}
		if (rc != SQLITE_DONE) {
			fail(db, "program lookup");
			done(g);
			return -1;
		}
		done(g);
		if (attempt)
			break;
		sqlite3_stmt *a = db->st[S_PROGRAM_ADD];
		sqlite3_bind_text(a, 1, hx, -1, SQLITE_STATIC);
		bind_text(a, 2, text);
		if (run(db, S_PROGRAM_ADD, "program insert") < 0)
			return -1;
		if (sqlite3_changes(db->h) == 1)
			return sqlite3_last_insert_rowid(db->h);
		/* Another writer inserted it between our lookup and insert: look again. */
	}
	set_err(db, "program %s: neither found nor inserted", hx);
	return -1;
}

static const char *
strength_name(Strength s)
{
	switch (s) {
	case STRENGTH_PROVED: return "proved";
	case STRENGTH_BOUNDED: return "bounded";
	case STRENGTH_UNDECIDED: return "undecided";
	}
	return "?";
}

/* 'L:C what -> L:C what ...'; malloc'd, NULL when there is no witness. */
static char *
witness_text(const Finding *f)
{
	if (f->nwitness <= 0)
		return NULL;
	size_t n = 1;
	for (int i = 0; i < f->nwitness; i++)
		n += 32 + (f->witness[i].what ? strlen(f->witness[i].what) : 0);
	char *t = malloc(n), *p = t;
	if (!t)
		return NULL;
	for (int i = 0; i < f->nwitness; i++) {
		const WitnessStep *w = &f->witness[i];
		p += snprintf(p, n - (size_t)(p - t), "%s%d:%d %s", i ? " -> " : "", w->loc.line,
		              w->loc.col, w->what ? w->what : "");
	}
	return t;
}

int64_t
db_record_finding(Db *db, int64_t campaign, int64_t program, const Finding *f, int *is_new)
{
	return db_record_finding_n(db, campaign, program, f, 1, is_new);
}

int64_t
db_record_finding_n(Db *db, int64_t campaign, int64_t program, const Finding *f, long n,
                    int *is_new)
{
	char sig[17];
	hex64(sig, f->signature);
	char *wit = witness_text(f);
	if (f->nwitness > 0 && !wit) {
		set_err(db, "record finding: out of memory");
		return -1;
	}
	if (n < 1)
		n = 1;
	sqlite3_stmt *s = db->st[n == 1 ? S_FINDING_UPSERT : S_FINDING_UPSERT_N];
	if (n > 1)
		sqlite3_bind_int64(s, 15, n);
	bind_text(s, 1, orc_kind_name(f->kind));
	bind_text(s, 2, f->model ? f->model : "");
	bind_text(s, 3, f->oracle);
	bind_text(s, 4, sig);
	bind_text(s, 5, f->rule);
	sqlite3_bind_int(s, 6, f->loc.line);
	sqlite3_bind_int(s, 7, f->loc.col);
	bind_text(s, 8, f->message);
	bind_text(s, 9, wit);
	bind_text(s, 10, strength_name(f->strength));
	bind_text(s, 11, f->strength_note);
	bind_id(s, 12, program);
	bind_id(s, 13, campaign);
	bind_text(s, 14, f->root_cause);
	int64_t id = -1;
	long count = 0;
	if (sqlite3_step(s) == SQLITE_ROW) {
		id = sqlite3_column_int64(s, 0);
		count = (long)sqlite3_column_int64(s, 1);
		/* RETURNING: step to the end so the write is complete. */
		if (sqlite3_step(s) != SQLITE_DONE)
			id = fail(db, "record finding");
	} else {
		fail(db, "record finding");
	}
	done(s);
	free(wit);
	if (id < 0)
		return -1;
	if (is_new)
		*is_new = count == n;
	if (count == n) {
		/* A root cause triaged away stays away (store.h, triage). */
		sqlite3_stmt *t = db->st[S_FINDING_INHERIT];
		sqlite3_bind_int64(t, 1, id);
		if (run(db, S_FINDING_INHERIT, "inherit triage") < 0)
			return -1;
	}
	if (campaign > 0 && program > 0) {
		sqlite3_stmt *o = db->st[S_OCCURRENCE];
		sqlite3_bind_int64(o, 1, id);
		sqlite3_bind_int64(o, 2, campaign);
		sqlite3_bind_int64(o, 3, program);
		if (run(db, S_OCCURRENCE, "record occurrence") < 0)
			return -1;
	}
	return id;
}

int
db_finding_set_status(Db *db, int64_t finding, const char *status)
{
	sqlite3_stmt *s = db->st[S_FINDING_STATUS];
	sqlite3_bind_int64(s, 1, finding);
	bind_text(s, 2, status);
	if (run(db, S_FINDING_STATUS, "finding status") < 0)
		return -1;
	if (sqlite3_changes(db->h) != 1) {
		set_err(db, "finding status: no finding %lld", (long long)finding);
		return -1;
	}
	return 0;
}

int64_t
db_reproducer(Db *db, int64_t finding, const char *reduced_text, const char *pytest_text,
              const char *cuda_text)
{
	sqlite3_stmt *s = db->st[S_REPRODUCER];
	sqlite3_bind_int64(s, 1, finding);
	bind_text(s, 2, reduced_text);
	bind_text(s, 3, pytest_text);
	bind_text(s, 4, cuda_text);
	if (run(db, S_REPRODUCER, "reproducer") < 0)
		return -1;
	return sqlite3_last_insert_rowid(db->h);
}

int64_t
db_hw_run(Db *db, const HwRun *r)
{
	sqlite3_stmt *s = db->st[S_HW_RUN];
	bind_id(s, 1, r->finding_id);
	bind_text(s, 2, r->device);
	bind_text(s, 3, r->driver);
	bind_text(s, 4, r->settings);
	bind_text(s, 5, r->kernel_source);
	sqlite3_bind_int64(s, 6, r->trials);
	sqlite3_bind_int64(s, 7, r->mismatches);
	bind_text(s, 8, r->outcome);
	if (run(db, S_HW_RUN, "hw run") < 0)
		return -1;
	return sqlite3_last_insert_rowid(db->h);
}

int
db_stats(Db *db, int64_t campaign, double elapsed_s, long programs, long findings)
{
	sqlite3_stmt *s = db->st[S_STATS];
	sqlite3_bind_int64(s, 1, campaign);
	sqlite3_bind_double(s, 2, elapsed_s);
	sqlite3_bind_int64(s, 3, programs);
	sqlite3_bind_int64(s, 4, findings);
	return run(db, S_STATS, "stats");
}

int
db_findings_summary(Db *db, FILE *out)
{
	static const char sql[] =
		"SELECT kind, model, count, first_seen, last_seen, status, coalesce(message, '') "
		"FROM findings ORDER BY count DESC, id";
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
		return fail(db, "findings summary");
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const char *col[7];
		for (int i = 0; i < 7; i++) {
			const unsigned char *t = sqlite3_column_text(s, i);
			col[i] = t ? (const char *)t : "";
		}
		fprintf(out, "%s %s %s %s %s %s: %s\n", col[0], col[1], col[2], col[3], col[4], col[5],
		        col[6]);
	}
	int r = rc == SQLITE_DONE ? 0 : fail(db, "findings summary");
	sqlite3_finalize(s);
	return r;
}

/* ---- reading findings back (repro, promote) ------------------------------- */

static char *
col_dup(sqlite3_stmt *s, int i)
{
	const unsigned char *t = sqlite3_column_text(s, i);
	return t ? strdup((const char *)t) : NULL;
}

int
db_finding_get(Db *db, int64_t id, FindingRow *out)
{
	static const char sql[] =
		"SELECT f.id, f.kind, f.model, f.oracle, f.signature, f.message, f.witness, f.status, "
		"f.count, f.program_id, p.text FROM findings f LEFT JOIN programs p ON p.id = f.program_id "
		"WHERE f.id = ?";
	memset(out, 0, sizeof *out);
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
		return fail(db, "finding");
	sqlite3_bind_int64(s, 1, id);
	int rc = sqlite3_step(s), r;
	if (rc == SQLITE_ROW) {
		out->id = sqlite3_column_int64(s, 0);
		out->kind = col_dup(s, 1);
		out->model = col_dup(s, 2);
		out->oracle = col_dup(s, 3);
		out->signature = col_dup(s, 4);
		out->message = col_dup(s, 5);
		out->witness = col_dup(s, 6);
		out->status = col_dup(s, 7);
		out->count = (long)sqlite3_column_int64(s, 8);
		out->program_id = sqlite3_column_int64(s, 9);
		out->program_text = col_dup(s, 10);
		r = 0;
	} else
		r = rc == SQLITE_DONE ? 1 : fail(db, "finding");
	sqlite3_finalize(s);
	return r;
}

void
db_finding_row_free(FindingRow *r)
{
	free(r->kind);
	free(r->model);
	free(r->oracle);
	free(r->signature);
	free(r->message);
	free(r->witness);
	free(r->status);
	free(r->program_text);
	memset(r, 0, sizeof *r);
}

int
db_reproducer_get(Db *db, int64_t finding, char **reduced, char **pytest, char **cuda)
{
	static const char sql[] =
		"SELECT reduced_text, pytest_text, cuda_text FROM reproducers WHERE finding_id = ? "
		"ORDER BY id DESC LIMIT 1";
	*reduced = *pytest = *cuda = NULL;
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
		return fail(db, "reproducer");
	sqlite3_bind_int64(s, 1, finding);
	int rc = sqlite3_step(s), r;
	if (rc == SQLITE_ROW) {
		*reduced = col_dup(s, 0);
		*pytest = col_dup(s, 1);
		*cuda = col_dup(s, 2);
		r = 0;
	} else
		r = rc == SQLITE_DONE ? 1 : fail(db, "reproducer");
	sqlite3_finalize(s);
	return r;
}

int
db_campaign_progress(Db *db, int64_t campaign, int worker, long next, long programs)
{
	sqlite3_stmt *s = db->st[S_CAMPAIGN_PROGRESS];
	sqlite3_bind_int64(s, 1, campaign);
	sqlite3_bind_int(s, 2, worker);
	sqlite3_bind_int64(s, 3, programs);
	sqlite3_bind_int64(s, 4, next);
	return run(db, S_CAMPAIGN_PROGRESS, "campaign progress");
}

int
db_campaign_skip(Db *db, int64_t campaign, int worker, long slot)
{
	sqlite3_stmt *s = db->st[S_CAMPAIGN_SKIP];
	sqlite3_bind_int64(s, 1, campaign);
	sqlite3_bind_int(s, 2, worker);
	sqlite3_bind_int64(s, 3, slot);
	return run(db, S_CAMPAIGN_SKIP, "campaign skip");
}

static void
col_copy(sqlite3_stmt *s, int i, char *out, size_t size)
{
	const unsigned char *t = sqlite3_column_text(s, i);
	snprintf(out, size, "%s", t ? (const char *)t : "");
}

int
db_campaign_get(Db *db, int64_t campaign, CampaignRow *row)
{
	sqlite3_stmt *s = db->st[S_CAMPAIGN_GET];
	sqlite3_bind_int64(s, 1, campaign);
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		col_copy(s, 0, row->seed, sizeof row->seed);
		col_copy(s, 1, row->models, sizeof row->models);
		col_copy(s, 2, row->oracles, sizeof row->oracles);
		col_copy(s, 3, row->engine, sizeof row->engine);
		col_copy(s, 4, row->status, sizeof row->status);
	} else if (rc == SQLITE_DONE)
		set_err(db, "no campaign %lld", (long long)campaign);
	else
		fail(db, "campaign lookup");
	done(s);
	return rc == SQLITE_ROW ? 0 : -1;
}

double
db_campaign_config(Db *db, int64_t campaign, const char *path, double dflt)
{
	sqlite3_stmt *s = db->st[S_CAMPAIGN_JSON];
	sqlite3_bind_int64(s, 1, campaign);
	sqlite3_bind_text(s, 2, path, -1, SQLITE_STATIC);
	double v = dflt;
	if (sqlite3_step(s) == SQLITE_ROW && sqlite3_column_type(s, 0) != SQLITE_NULL)
		v = sqlite3_column_double(s, 0);
	done(s);
	return v;
}

int
db_campaign_reopen(Db *db, int64_t campaign)
{
	sqlite3_stmt *s = db->st[S_CAMPAIGN_REOPEN];
	sqlite3_bind_int64(s, 1, campaign);
	return run(db, S_CAMPAIGN_REOPEN, "campaign reopen");
}

/* ---- listing and triage ----------------------------------------------------- */

static const char *const statuses[] = {"new", "confirmed", "wontfix", "false-alarm", "fixed"};

int
db_status_valid(const char *status)
{
	for (size_t i = 0; status && i < sizeof statuses / sizeof statuses[0]; i++)
		if (!strcmp(status, statuses[i]))
			return 1;
	return 0;
}

int
db_status_counts(const char *status)
{
	return !status || (strcmp(status, "wontfix") && strcmp(status, "false-alarm"));
}

/* ORDER BY key of a kind: its place in orc_kind_name order. */
static const char *
kind_rank_sql(void)
{
	static char sql[4096];
	if (sql[0])
		return sql;
	size_t n = (size_t)snprintf(sql, sizeof sql, "CASE kind");
	for (int k = 0; k < FK_COUNT && n < sizeof sql; k++)
		n += (size_t)snprintf(sql + n, sizeof sql - n, " WHEN '%s' THEN %d",
		                      orc_kind_name((FindingKind)k), k);
	if (n < sizeof sql)
		snprintf(sql + n, sizeof sql - n, " ELSE %d END", FK_COUNT);
	return sql;
}

/* The kinds rp_kind_is_unsound names, as an SQL list: ('unsound', ...). */
static const char *
unsound_kinds_sql(void)
{
	static char sql[1024];
	if (sql[0])
		return sql;
	size_t n = (size_t)snprintf(sql, sizeof sql, "(");
	int first = 1;
	for (int k = 0; k < FK_COUNT && n < sizeof sql; k++)
		if (rp_kind_is_unsound(orc_kind_name((FindingKind)k))) {
			n += (size_t)snprintf(sql + n, sizeof sql - n, "%s'%s'", first ? "" : ", ",
			                      orc_kind_name((FindingKind)k));
			first = 0;
		}
	if (n < sizeof sql)
		snprintf(sql + n, sizeof sql - n, "%s)", first ? "''" : "");
	return sql;
}

/* Every finding with its root cause's id (gid: smallest finding id) and first
 * campaign (gfirst), for the listings. */
#define GROUPED                                                                           \
	"WITH g AS (SELECT f.*, min(id) OVER w AS gid, min(campaign_id) OVER w AS gfirst "    \
	"FROM findings f WINDOW w AS (PARTITION BY model, kind, root_cause)) "
/* The filter on g, ?1-?5 bound by bind_filter; FIRST the first-campaign column. */
#define FILTER(FIRST)                                                                     \
	"(?1 IS NULL OR model = ?1) AND (?2 IS NULL OR kind = ?2) AND (?3 IS NULL OR "        \
	"status = ?3 OR (?3 = 'open' AND " DB_COUNTS_SQL("status") ")) AND "                  \
	"(?4 IS NULL OR " FIRST " > ?4) AND (?5 IS NULL OR " FIRST " = ?5)"

static void
bind_filter(sqlite3_stmt *s, const DbFilter *f)
{
	bind_text(s, 1, f->model);
	bind_text(s, 2, f->kind);
	bind_text(s, 3, f->status);
	bind_id(s, 4, f->new_since);
	bind_id(s, 5, f->new_in);
}

static const char *
col_text(sqlite3_stmt *s, int i)
{
	return (const char *)sqlite3_column_text(s, i);
}

int
db_findings_list(Db *db, const DbFilter *f, int (*fn)(void *, const DbFindingItem *), void *ctx)
{
	char sql[8192];
	snprintf(sql, sizeof sql,
	         GROUPED "SELECT id, campaign_id, model, kind, oracle, root_cause, status, "
	                 "triage_note, message, signature, first_seen, last_seen, count FROM g WHERE "
	         FILTER("campaign_id") " ORDER BY NOT " DB_COUNTS_SQL("status") ", %s, model, "
	                               "root_cause IS NULL, root_cause, count DESC, id",
	         kind_rank_sql());
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
		return fail(db, "findings list");
	bind_filter(s, f);
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		DbFindingItem it = {
			.id = sqlite3_column_int64(s, 0),
			.first_campaign = sqlite3_column_int64(s, 1),
			.model = col_text(s, 2),
			.kind = col_text(s, 3),
			.oracle = col_text(s, 4),
			.root_cause = col_text(s, 5),
			.status = col_text(s, 6),
			.triage_note = col_text(s, 7),
			.message = col_text(s, 8),
			.signature = col_text(s, 9),
			.first_seen = col_text(s, 10),
			.last_seen = col_text(s, 11),
			.count = (long)sqlite3_column_int64(s, 12),
		};
		if (fn(ctx, &it)) {
			rc = SQLITE_DONE;
			break;
		}
	}
	int r = rc == SQLITE_DONE ? 0 : fail(db, "findings list");
	sqlite3_finalize(s);
	return r;
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

int
db_root_causes_list(Db *db, const DbFilter *f, int (*fn)(void *, const DbRootCauseItem *),
                    void *ctx)
{
	char sql[8192];
	snprintf(sql, sizeof sql,
	         GROUPED "SELECT gid, model, kind, root_cause, min(status), max(status), "
	                 "max(last_seen), min(gfirst), sum(count), "
	                 "sum(" DB_COUNTS_SQL("status") "), count(*), group_concat(id, ' ') "
	                 "FROM g WHERE " FILTER("gfirst") " GROUP BY gid "
	                 "ORDER BY sum(" DB_COUNTS_SQL("status") ") = 0, %s, model, "
	                 "root_cause IS NULL, root_cause, sum(count) DESC, gid",
	         kind_rank_sql());
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
		return fail(db, "root causes list");
	bind_filter(s, f);
	int rc, r = 0;
	int64_t *ids = NULL;
	size_t cap = 0;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		long n = (long)sqlite3_column_int64(s, 10);
		if ((size_t)n > cap) {
			int64_t *grown = realloc(ids, sizeof *ids * (size_t)n);
			if (!grown) {
				set_err(db, "root causes list: out of memory");
				r = -1;
				break;
			}
			ids = grown, cap = (size_t)n;
		}
		const char *p = col_text(s, 11);
		long k = 0;
		for (char *end; p && *p && k < n; p = end) {
			ids[k++] = strtoll(p, &end, 10);
			if (end == p)
				break;
		}
		qsort(ids, (size_t)k, sizeof *ids, cmp_i64);
		const char *lo = col_text(s, 4), *hi = col_text(s, 5);
		DbRootCauseItem it = {
			.id = sqlite3_column_int64(s, 0),
			.model = col_text(s, 1),
			.kind = col_text(s, 2),
			.root_cause = col_text(s, 3),
			.status = lo && hi && !strcmp(lo, hi) ? lo : "mixed",
			.last_seen = col_text(s, 6),
			.first_campaign = sqlite3_column_int64(s, 7),
			.count = (long)sqlite3_column_int64(s, 8),
			.counting = (long)sqlite3_column_int64(s, 9),
			.findings = ids,
			.nfindings = k,
		};
		if (fn(ctx, &it)) {
			rc = SQLITE_DONE;
			break;
		}
	}
	if (!r && rc != SQLITE_DONE)
		r = fail(db, "root causes list");
	free(ids);
	sqlite3_finalize(s);
	return r;
}

/* Runs an UPDATE of findings' triage columns with ?1 status, ?2 note and the
 * selection's parameters from ?3 on (bound by the caller through bind). */
static int
triage_update(Db *db, const char *where, const char *status, const char *note, long *changed,
              void (*bind)(sqlite3_stmt *, const void *), const void *arg)
{
	*changed = 0;
	if (!db_status_valid(status)) {
		set_err(db, "unknown status '%s' (%s)", status ? status : "", DB_STATUSES);
		return -1;
	}
	char sql[1024];
	snprintf(sql, sizeof sql,
	         "UPDATE findings SET status = ?1, triage_note = coalesce(?2, triage_note), "
	         "triaged_at = %s WHERE %s",
	         NOW, where);
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
		return fail(db, "triage");
	bind_text(s, 1, status);
	bind_text(s, 2, note);
	bind(s, arg);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return fail(db, "triage");
	*changed = (long)sqlite3_changes(db->h);
	return *changed ? 0 : 1;
}

static void
bind_one_id(sqlite3_stmt *s, const void *arg)
{
	sqlite3_bind_int64(s, 3, *(const int64_t *)arg);
}

int
db_triage_finding(Db *db, int64_t id, const char *status, const char *note, long *changed)
{
	int r = triage_update(db, "id = ?3", status, note, changed, bind_one_id, &id);
	if (r == 1)
		set_err(db, "no finding %lld", (long long)id);
	return r;
}

int
db_triage_root_cause_of(Db *db, int64_t of, const char *status, const char *note, long *changed)
{
	int r = triage_update(db,
	                      "id IN (SELECT f.id FROM findings f, findings o WHERE o.id = ?3 AND "
	                      "f.model = o.model AND f.kind = o.kind AND f.root_cause IS o.root_cause)",
	                      status, note, changed, bind_one_id, &of);
	if (r == 1)
		set_err(db, "no finding %lld", (long long)of);
	return r;
}

typedef struct RootCauseKey {
	const char *model, *kind, *root_cause;
} RootCauseKey;

static void
bind_key(sqlite3_stmt *s, const void *arg)
{
	const RootCauseKey *k = arg;
	bind_text(s, 3, k->model);
	bind_text(s, 4, k->kind);
	bind_text(s, 5, k->root_cause);
}

int
db_triage_root_cause(Db *db, const char *model, const char *kind, const char *root_cause,
                     const char *status, const char *note, long *changed)
{
	RootCauseKey k = {model, kind, root_cause};
	int r = triage_update(db, "model = ?3 AND (?4 IS NULL OR kind = ?4) AND root_cause IS ?5",
	                      status, note, changed, bind_key, &k);
	if (r == 1)
		set_err(db, "no finding of model %s%s%s with root cause %s%s%s", model,
		        kind ? " and kind " : "", kind ? kind : "", root_cause ? "'" : "",
		        root_cause ? root_cause : "(unexplained)", root_cause ? "'" : "");
	return r;
}

/* One count of a query with ?1 the campaign. */
static int
campaign_count(Db *db, int64_t campaign, const char *sql, long *out)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
		return fail(db, "campaign counts");
	sqlite3_bind_int64(s, 1, campaign);
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*out = (long)sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : fail(db, "campaign counts");
}

int
db_campaign_counts(Db *db, int64_t campaign, DbCampaignCounts *out)
{
	char unsound[2048];
	snprintf(unsound, sizeof unsound,
	         "SELECT count(DISTINCT f.id) FROM occurrences o JOIN findings f ON f.id = o.finding_id "
	         "WHERE o.campaign_id = ?1 AND " DB_COUNTS_SQL("f.status") " AND f.kind IN %s",
	         unsound_kinds_sql());
	memset(out, 0, sizeof *out);
	if (campaign_count(db, campaign,
	                   "SELECT count(DISTINCT f.id) FROM occurrences o JOIN findings f "
	                   "ON f.id = o.finding_id WHERE o.campaign_id = ?1 AND "
	                   DB_COUNTS_SQL("f.status"), &out->seen) ||
	    campaign_count(db, campaign, unsound, &out->unsound) ||
	    campaign_count(db, campaign,
	                   "SELECT count(*) FROM findings WHERE campaign_id = ?1 AND "
	                   DB_COUNTS_SQL("status"), &out->new_findings) ||
	    campaign_count(db, campaign,
	                   GROUPED "SELECT count(DISTINCT gid) FROM g WHERE gfirst = ?1 AND "
	                           DB_COUNTS_SQL("status"), &out->new_root_causes))
		return -1;
	return 0;
}

int64_t
db_campaign_latest(Db *db)
{
	char v[32];
	if (query_text(db, "SELECT coalesce(max(id), 0) FROM campaigns", v, sizeof v) < 0)
		return -1;
	return atoll(v);
}
