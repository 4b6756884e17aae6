/* merge.c: `fencefuzz merge`: adds one results database to another (see
 * merge.h for the rules).  The work is SQL over the input ATTACHed as `src`,
 * with temporary maps from the input's ids to the output's, all in one
 * IMMEDIATE transaction: a failed or killed merge changes nothing, and a
 * campaign writing the output at the same time only waits. */
#define _DEFAULT_SOURCE /* realpath */
#include "merge.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store.h"

typedef struct Merge {
	sqlite3 *h;
	char *err;
	size_t errlen;
} Merge;

static int
mfail(Merge *m, const char *what)
{
	snprintf(m->err, m->errlen, "%s: %s", what, sqlite3_errmsg(m->h));
	return -1;
}

static int
mexec(Merge *m, const char *what, const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(m->h, sql, NULL, NULL, &msg) != SQLITE_OK) {
		snprintf(m->err, m->errlen, "%s: %s", what, msg ? msg : sqlite3_errmsg(m->h));
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* A one-row integer query; -1 on error. */
static long
mcount(Merge *m, const char *sql)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(m->h, sql, -1, &s, NULL) != SQLITE_OK)
		return mfail(m, sql);
	long v = -1;
	if (sqlite3_step(s) == SQLITE_ROW)
		v = (long)sqlite3_column_int64(s, 0);
	else
		mfail(m, sql);
	sqlite3_finalize(s);
	return v;
}

/* Rows changed by one statement (-1 on error). */
static long
mchanged(Merge *m, const char *what, const char *sql)
{
	if (mexec(m, what, sql))
		return -1;
	return (long)sqlite3_changes(m->h);
}

/* The same campaign in both databases. */
#define SAME_CAMPAIGN                                                                          \
	"m.host IS s.host AND m.started_at = s.started_at AND m.seed IS s.seed AND "               \
	"m.engine IS s.engine AND m.models IS s.models AND m.oracles IS s.oracles"

static int
merge_rows(Merge *m, MergeResult *r)
{
	long total = mcount(m, "SELECT count(*) FROM src.campaigns");
	long present = mcount(m, "SELECT count(*) FROM src.campaigns s WHERE EXISTS "
	                         "(SELECT 1 FROM main.campaigns m WHERE " SAME_CAMPAIGN ")");
	if (total < 0 || present < 0)
		return -1;
	if (total > 0 && present == total) {
		r->skipped = 1;
		return 0;
	}
	if (present > 0) {
		snprintf(m->err, m->errlen,
		         "%ld of its %ld campaigns are already in the output, so its counts cannot be "
		         "added without counting those twice; merge it into a database that has none "
		         "of them (or all)",
		         present, total);
		return -1;
	}
	/* Campaigns: the input's ids shifted past the output's largest. */
	if (mexec(m, "campaign map",
	          "CREATE TEMP TABLE mc(old INTEGER PRIMARY KEY, new INTEGER NOT NULL);"
	          "INSERT INTO mc SELECT id, id + (SELECT coalesce(max(id), 0) FROM main.campaigns) "
	          "FROM src.campaigns;"
	          "INSERT INTO main.campaigns(id, started_at, ended_at, seed, models, oracles, engine, "
	          "host, config, execs, status) SELECT mc.new, started_at, ended_at, seed, models, "
	          "oracles, engine, host, config, execs, status FROM src.campaigns s "
	          "JOIN mc ON mc.old = s.id"))
		return -1;
	r->campaigns = total;
	/* Programs by hash; a text the output lacks is filled in. */
	r->programs = mcount(m, "SELECT count(*) FROM src.programs");
	r->programs_new = mcount(m, "SELECT count(*) FROM src.programs s WHERE NOT EXISTS "
	                            "(SELECT 1 FROM main.programs m WHERE m.hash = s.hash)");
	if (r->programs < 0 || r->programs_new < 0 ||
	    mexec(m, "programs",
	          "INSERT INTO main.programs(hash, text) SELECT hash, text FROM src.programs WHERE 1 "
	          "ON CONFLICT(hash) DO UPDATE SET text = coalesce(programs.text, excluded.text);"
	          "CREATE TEMP TABLE mp(old INTEGER PRIMARY KEY, new INTEGER NOT NULL);"
	          "INSERT INTO mp SELECT s.id, m.id FROM src.programs s "
	          "JOIN main.programs m ON m.hash = s.hash"))
		return -1;
	/* Findings by (signature, model, kind): counts add up; the output's first
	 * sighting (program, campaign, location, message) stays when it has one. */
	r->findings = mcount(m, "SELECT count(*) FROM src.findings");
	r->findings_new = mcount(m, "SELECT count(*) FROM src.findings s WHERE NOT EXISTS "
	                            "(SELECT 1 FROM main.findings m WHERE m.signature = s.signature "
	                            "AND m.model = s.model AND m.kind = s.kind)");
	if (r->findings < 0 || r->findings_new < 0 ||
	    mexec(m, "findings",
	          "INSERT INTO main.findings(kind, model, oracle, signature, rule, line, col, message, "
	          "witness, strength, strength_note, first_seen, last_seen, count, status, program_id, "
	          "campaign_id) SELECT kind, model, oracle, signature, rule, line, col, message, "
	          "witness, strength, strength_note, first_seen, last_seen, count, status, "
	          "(SELECT new FROM mp WHERE old = s.program_id), "
	          "(SELECT new FROM mc WHERE old = s.campaign_id) FROM src.findings s WHERE 1 "
	          "ON CONFLICT(signature, model, kind) DO UPDATE SET "
	          "count = findings.count + excluded.count, "
	          "first_seen = min(findings.first_seen, excluded.first_seen), "
	          "last_seen = max(findings.last_seen, excluded.last_seen), "
	          "program_id = coalesce(findings.program_id, excluded.program_id), "
	          "campaign_id = coalesce(findings.campaign_id, excluded.campaign_id), "
	          "status = CASE WHEN findings.status = 'new' THEN excluded.status "
	          "ELSE findings.status END;"
	          "CREATE TEMP TABLE mf(old INTEGER PRIMARY KEY, new INTEGER NOT NULL);"
	          "INSERT INTO mf SELECT s.id, m.id FROM src.findings s JOIN main.findings m "
	          "ON m.signature = s.signature AND m.model = s.model AND m.kind = s.kind"))
		return -1;
	r->occurrences = mchanged(
		m, "occurrences",
		"INSERT OR IGNORE INTO main.occurrences(finding_id, campaign_id, program_id, seen_at) "
		"SELECT mf.new, mc.new, mp.new, o.seen_at FROM src.occurrences o "
		"JOIN mf ON mf.old = o.finding_id JOIN mc ON mc.old = o.campaign_id "
		"JOIN mp ON mp.old = o.program_id");
	r->reproducers = mchanged(
		m, "reproducers",
		"INSERT INTO main.reproducers(finding_id, reduced_text, pytest_text, cuda_text, "
		"created_at) SELECT mf.new, r.reduced_text, r.pytest_text, r.cuda_text, r.created_at "
		"FROM src.reproducers r JOIN mf ON mf.old = r.finding_id WHERE NOT EXISTS "
		"(SELECT 1 FROM main.reproducers x WHERE x.finding_id = mf.new "
		"AND x.reduced_text IS r.reduced_text AND x.pytest_text IS r.pytest_text "
		"AND x.cuda_text IS r.cuda_text)");
	r->hw_runs = mchanged(
		m, "hw_runs",
		"INSERT INTO main.hw_runs(finding_id, device, driver, settings, kernel_source, trials, "
		"mismatches, outcome, created_at) SELECT mf.new, h.device, h.driver, h.settings, "
		"h.kernel_source, h.trials, h.mismatches, h.outcome, h.created_at FROM src.hw_runs h "
		"LEFT JOIN mf ON mf.old = h.finding_id WHERE NOT EXISTS (SELECT 1 FROM main.hw_runs x "
		"WHERE x.finding_id IS mf.new AND x.device IS h.device AND x.driver IS h.driver "
		"AND x.settings IS h.settings AND x.kernel_source IS h.kernel_source "
		"AND x.trials = h.trials AND x.mismatches = h.mismatches AND x.outcome IS h.outcome "
		"AND x.created_at = h.created_at)");
	r->stats = mchanged(m, "stats",
	                    "INSERT INTO main.stats(campaign_id, at, elapsed_s, programs, findings) "
	                    "SELECT mc.new, at, elapsed_s, programs, findings FROM src.stats s "
	                    "JOIN mc ON mc.old = s.campaign_id");
	if (r->occurrences < 0 || r->reproducers < 0 || r->hw_runs < 0 || r->stats < 0)
		return -1;
	return 0;
}

int
db_merge(const char *out_path, const char *in_path, MergeResult *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	char a[PATH_MAX], b[PATH_MAX];
	if (!realpath(in_path, b)) {
		snprintf(err, errlen, "%s: cannot open", in_path);
		return -1;
	}
	if (realpath(out_path, a) && !strcmp(a, b)) {
		snprintf(err, errlen, "%s: is the output itself", in_path);
		return -1;
	}
	/* Both through db_open: it creates the output, migrates either to this
	 * binary's schema and refuses a newer one. */
	Db *db;
	if (db_open(in_path, &db, err, errlen))
		return -1;
	db_close(db);
	if (db_open(out_path, &db, err, errlen))
		return -1;
	db_close(db);

	Merge m = {.err = err, .errlen = errlen};
	if (sqlite3_open_v2(out_path, &m.h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "%s: %s", out_path, m.h ? sqlite3_errmsg(m.h) : "out of memory");
		sqlite3_close(m.h);
		return -1;
	}
	sqlite3_busy_timeout(m.h, DB_BUSY_TIMEOUT_MS);
	int rc = -1;
	char *attach = sqlite3_mprintf("ATTACH %Q AS src", in_path);
	if (!attach || mexec(&m, "attach", attach))
		goto out;
	if (mexec(&m, "begin", "BEGIN IMMEDIATE"))
		goto out;
	if (merge_rows(&m, r)) {
		sqlite3_exec(m.h, "ROLLBACK", NULL, NULL, NULL);
		goto out;
	}
	if (mexec(&m, "commit", "COMMIT")) {
		sqlite3_exec(m.h, "ROLLBACK", NULL, NULL, NULL);
		goto out;
	}
	rc = 0;
out:
	if (rc) {
		/* Say which file the reason is about. */
		char why[512];
		snprintf(why, sizeof why, "%s", err);
		snprintf(err, errlen, "%s: %s", in_path, why);
	}
	sqlite3_free(attach);
	sqlite3_close(m.h);
	return rc;
}
