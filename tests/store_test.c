/* store_test.c: the SQLite results store (reports/store.c).
 *
 * A fresh file in a temporary directory (under argv[1] when given): schema
 * version and WAL mode, finding deduplication, persistence across reopen,
 * a second campaign on the same file, two connections writing in turn,
 * foreign keys enforced, integrity_check, and a newer schema refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store.h"
#include "check.h"
#include "finding_fixture.h"

/* One value of a one-row query, as text, through a separate connection. */
static void
query(const char *path, const char *sql, char *out, size_t outlen)
{
	sqlite3 *h;
	sqlite3_stmt *s;
	snprintf(out, outlen, "<error>");
	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		sqlite3_close(h);
		return;
	}
	if (sqlite3_prepare_v2(h, sql, -1, &s, NULL) == SQLITE_OK) {
		if (sqlite3_step(s) == SQLITE_ROW) {
			const unsigned char *t = sqlite3_column_text(s, 0);
			snprintf(out, outlen, "%s", t ? (const char *)t : "<null>");
		} else {
			snprintf(out, outlen, "<no row>");
		}
		sqlite3_finalize(s);
	} else {
		fprintf(stderr, "query %s: %s\n", sql, sqlite3_errmsg(h));
	}
	sqlite3_close(h);
}

static long
query_long(const char *path, const char *sql)
{
	char v[64];
	query(path, sql, v, sizeof v);
	return strtol(v, NULL, 10);
}

int
main(int argc, char **argv)
{
	char dir[4096], path[4200], err[512], v[256];
	snprintf(dir, sizeof dir, "%s/fencefuzz-store-XXXXXX", argc > 1 ? argv[1] : "/tmp");
	if (!mkdtemp(dir)) {
		perror(dir);
		return 2;
	}
	snprintf(path, sizeof path, "%s/fencefuzz.sqlite", dir);

	/* A fresh file: latest schema, WAL. */
	Db *db;
	int rc = db_open(path, &db, err, sizeof err);
	CHECK(rc == 0 && db, "open: %s", err);
	if (rc)
		return 1;
	CHECK(db_schema_version(db) == db_nmigrations, "user_version %d", db_schema_version(db));
	query(path, "PRAGMA journal_mode", v, sizeof v);
	CHECK(strcmp(v, "wal") == 0, "journal_mode %s", v);

	CampaignInfo ci = {.seed = 18446744073709551615ULL, .models = "tilelang-head",
	                   .oracles = "soundness", .engine = "generate", .host = NULL,
	                   .config = "{\"programs\": 3}"};
	int64_t c1 = db_campaign_start(db, &ci);
	CHECK(c1 > 0, "campaign start: %s", db_error(db));

	/* Duplicates by (signature, model, kind) are one row. */
	CHECK(db_begin(db) == 0, "begin: %s", db_error(db));
	CHECK(db_in_batch(db), "in batch");
	int64_t p1 = db_program(db, 0x1234abcdULL, "def main(): pass\n");
	int64_t p1b = db_program(db, 0x1234abcdULL, NULL);
	int64_t p2 = db_program(db, 0xffffffffffffffffULL, NULL);
	CHECK(p1 > 0 && p1 == p1b, "program insert-or-get %lld %lld", (long long)p1, (long long)p1b);
	CHECK(p2 > 0 && p2 != p1, "second program %lld", (long long)p2);
	CHECK(db_program(db, 0xffffffffffffffffULL, "text later") == p2, "fill text");

	Finding fa = fixture_finding(FK_UNSOUND, "tilelang-head", 0xaaaa, "missing fence before wgmma", "async read ptx_wgmma_ss");
	Finding fb = fixture_finding(FK_HANDSHAKE, "tilelang-head", 0xbbbb, "tma_store source rewritten", "async read ptx_wgmma_ss");
	Finding fa_other_model = fixture_finding(FK_UNSOUND, "legacy", 0xaaaa, "missing fence (legacy)", "async read ptx_wgmma_ss");
	int is_new = -1;
	int64_t ida = db_record_finding(db, c1, p1, &fa, &is_new);
	CHECK(ida > 0 && is_new == 1, "first finding %lld new %d: %s", (long long)ida, is_new,
	      db_error(db));
	int64_t ida2 = db_record_finding(db, c1, p2, &fa, &is_new);
	CHECK(ida2 == ida && is_new == 0, "duplicate %lld new %d", (long long)ida2, is_new);
	int64_t idb = db_record_finding(db, c1, p2, &fb, &is_new);
	CHECK(idb > 0 && idb != ida && is_new == 1, "different signature %lld", (long long)idb);
	int64_t idc = db_record_finding(db, c1, 0, &fa_other_model, &is_new);
	CHECK(idc > 0 && idc != ida && is_new == 1, "same signature, other model %lld",
	      (long long)idc);
	CHECK(db_stats(db, c1, 1.5, 3, 3) == 0, "stats: %s", db_error(db));
	CHECK(db_commit(db) == 0, "commit: %s", db_error(db));
	CHECK(!db_in_batch(db), "out of batch");

	CHECK(db_reproducer(db, ida, "reduced", "def test(): pass", "__global__ void k() {}") > 0,
	      "reproducer: %s", db_error(db));
	HwRun hw = {.finding_id = ida, .device = "H200", .driver = "560.35", .settings = "{}",
	            .kernel_source = "k", .trials = 1000, .mismatches = 3, .outcome = "reproduced"};
	CHECK(db_hw_run(db, &hw) > 0, "hw run: %s", db_error(db));
	/* Foreign keys are on: a reproducer for no finding is refused. */
	CHECK(db_reproducer(db, 999999, "x", NULL, NULL) < 0, "dangling reproducer accepted");
	CHECK(strstr(db_error(db), "FOREIGN KEY") != NULL, "error: %s", db_error(db));
	CHECK(db_finding_set_status(db, idb, "confirmed") == 0, "status: %s", db_error(db));
	CHECK(db_finding_set_status(db, 999999, "confirmed") < 0, "status of no finding");
	CHECK(db_campaign_end(db, c1, 3, "done") == 0, "campaign end: %s", db_error(db));

	FILE *sum = tmpfile();
	CHECK(sum && db_findings_summary(db, sum) == 0, "summary: %s", db_error(db));
	if (sum) {
		char line[512];
		rewind(sum);
		CHECK(fgets(line, sizeof line, sum) && strncmp(line, "unsound tilelang-head 2 ", 24) == 0,
		      "summary first line: %s", line);
		int lines = 1;
		while (fgets(line, sizeof line, sum))
			lines++;
		CHECK(lines == 3, "summary lines %d", lines);
		fclose(sum);
	}
	db_close(db);

	CHECK(query_long(path, "SELECT count(*) FROM findings") == 3, "findings rows");
	CHECK(query_long(path, "SELECT count FROM findings WHERE signature = '000000000000aaaa' "
	                       "AND model = 'tilelang-head'") == 2,
	      "duplicate count");
	query(path, "SELECT witness FROM findings WHERE signature = '000000000000bbbb'", v, sizeof v);
	CHECK(strcmp(v, "3:5 generic write smem[0] -> 7:9 async read ptx_wgmma_ss") == 0,
	      "witness %s", v);
	query(path, "SELECT seed FROM campaigns WHERE id = 1", v, sizeof v);
	CHECK(strcmp(v, "18446744073709551615") == 0, "seed %s", v);
	query(path, "SELECT hash FROM programs WHERE id = 2", v, sizeof v);
	CHECK(strcmp(v, "ffffffffffffffff") == 0, "hash %s", v);
	CHECK(query_long(path, "SELECT count(*) FROM occurrences") == 3, "occurrences");
	CHECK(query_long(path, "SELECT execs FROM campaigns WHERE id = 1") == 3, "execs");
	query(path, "SELECT status FROM findings WHERE id = 2", v, sizeof v);
	CHECK(strcmp(v, "confirmed") == 0, "status %s", v);

	/* Reopen: data persists, migrations not re-applied (they would fail on
	 * existing tables), a second campaign adds to the same rows. */
	rc = db_open(path, &db, err, sizeof err);
	CHECK(rc == 0, "reopen: %s", err);
	if (rc)
		return 1;
	CHECK(db_schema_version(db) == db_nmigrations, "user_version after reopen");
	int64_t c2 = db_campaign_start(db, &ci);
	CHECK(c2 > c1, "second campaign %lld", (long long)c2);
	int64_t p3 = db_program(db, 0x1234abcdULL, NULL);
	CHECK(p3 == p1, "program persists %lld", (long long)p3);
	CHECK(db_begin(db) == 0 && db_begin(db) == 0, "nested begin is a no-op");
	CHECK(db_record_finding(db, c2, p3, &fa, &is_new) == ida && is_new == 0,
	      "second campaign sees the old finding");
	Finding fd = fixture_finding(FK_PLACEMENT, "tilelang-head", 0xdddd, "cost 32 > optimum 2", "async read ptx_wgmma_ss");
	int64_t idd = db_record_finding(db, c2, p3, &fd, &is_new);
	CHECK(idd > 0 && is_new == 1, "second campaign new finding");
	CHECK(db_rollback(db) == 0, "rollback: %s", db_error(db));
	CHECK(query_long(path, "SELECT count(*) FROM findings") == 3, "rolled-back batch gone");
	CHECK(db_begin(db) == 0, "begin");
	CHECK(db_record_finding(db, c2, p3, &fa, &is_new) == ida && is_new == 0, "again");
	CHECK(db_record_finding(db, c2, p3, &fd, &is_new) > 0 && is_new == 1, "new again");

	/* A second connection opens while the first holds its batch (opening a
	 * current schema takes no write lock); after the commit it writes to
	 * the same rows. */
	Db *db2;
	rc = db_open(path, &db2, err, sizeof err);
	CHECK(rc == 0, "second connection: %s", err);
	CHECK(db_commit(db) == 0, "commit: %s", db_error(db));
	if (rc == 0) {
		CHECK(db_record_finding(db2, c2, p3, &fa, &is_new) == ida && is_new == 0,
		      "second connection: %s", db_error(db2));
		CHECK(db_campaign_end(db2, c2, 10, "killed") == 0, "end: %s", db_error(db2));
		db_close(db2);
	}
	/* db_close commits an open batch. */
	CHECK(db_begin(db) == 0, "begin");
	CHECK(db_stats(db, c2, 2.0, 10, 2) == 0, "stats");
	db_close(db);

	CHECK(query_long(path, "SELECT count(*) FROM findings") == 4, "findings after campaign 2");
	CHECK(query_long(path, "SELECT count FROM findings WHERE id = 1") == 4, "count over campaigns");
	CHECK(query_long(path, "SELECT campaign_id FROM findings WHERE id = 1") == c1,
	      "first campaign kept");
	CHECK(query_long(path, "SELECT campaign_id FROM findings WHERE signature = "
	                       "'000000000000dddd'") == c2,
	      "new finding's campaign");
	CHECK(query_long(path, "SELECT count(*) FROM campaigns") == 2, "campaigns");
	CHECK(query_long(path, "SELECT count(*) FROM stats") == 2, "stats rows");
	CHECK(query_long(path, "SELECT count(DISTINCT campaign_id) FROM occurrences") == 2,
	      "occurrences per campaign");
	query(path, "PRAGMA integrity_check", v, sizeof v);
	CHECK(strcmp(v, "ok") == 0, "integrity_check %s", v);
	query(path, "PRAGMA foreign_key_check", v, sizeof v);
	CHECK(strcmp(v, "<no row>") == 0, "foreign_key_check %s", v);

	/* A newer schema than this binary knows is refused, and left untouched. */
	char sql[64];
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", db_nmigrations + 1);
	query(path, sql, v, sizeof v);
	rc = db_open(path, &db, err, sizeof err);
	CHECK(rc != 0 && db == NULL, "newer schema accepted");
	CHECK(strstr(err, "newer") != NULL, "error: %s", err);
	CHECK(query_long(path, "PRAGMA user_version") == db_nmigrations + 1, "version untouched");

	/* A missing directory is an error, not a crash. */
	char bad[4300];
	snprintf(bad, sizeof bad, "%s/no/such/dir/x.sqlite", dir);
	rc = db_open(bad, &db, err, sizeof err);
	CHECK(rc != 0 && db == NULL && err[0], "missing directory: %s", err);

	char f[4300];
	static const char *const suffixes[] = {"", "-wal", "-shm"};
	for (int i = 0; i < 3; i++) {
		snprintf(f, sizeof f, "%s%s", path, suffixes[i]);
		unlink(f);
	}
	rmdir(dir);
	return check_summary();
}
