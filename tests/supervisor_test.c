/* supervisor_test.c: the campaign supervisor (fuzz/supervisor.c) driven
 * directly, without the command line.
 *
 * - A worker that dies of SIGSEGV on one program (FENCEFUZZ_FAULT=crash:I,
 *   fuzz/campaign.c) is restarted after it: the run completes, the program
 *   is recorded once as a crash finding, and every other program is judged.
 * - A stop requested mid-run (the Ctrl-C counter) ends the workers cleanly
 *   (row status interrupted, fewer programs than asked); resuming that row
 *   finishes it, and with --no-reduce the findings are the very rows of an
 *   uninterrupted run of the same seed.
 * - Resuming a finished campaign is refused with a message, not an exit.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "check.h"
#include "supervisor.h"

/* PROGRAMS for the crash test; RESUME_PROGRAMS for the stop/resume test, long
 * enough that an optimized build is still running when the stop, asked at the
 * first poll that sees a judged program, takes effect (the supervisor polls
 * every 50 ms). */
enum { PROGRAMS = 240, RESUME_PROGRAMS = 2000 };

/* The rows of a query, one line each, columns '|'-separated. */
static void
query(const char *path, const char *sql, char *out, size_t outlen)
{
	sqlite3 *h;
	sqlite3_stmt *s;
	size_t len = 0;
	out[0] = 0;
	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		snprintf(out, outlen, "<cannot open>");
		sqlite3_close(h);
		return;
	}
	if (sqlite3_prepare_v2(h, sql, -1, &s, NULL) == SQLITE_OK) {
		while (sqlite3_step(s) == SQLITE_ROW && len + 1 < outlen) {
			for (int c = 0; c < sqlite3_column_count(s); c++) {
				const unsigned char *t = sqlite3_column_text(s, c);
				len += (size_t)snprintf(out + len, outlen - len, "%s%s", c ? "|" : "",
				                        t ? (const char *)t : "");
				if (len >= outlen)
					len = outlen - 1;
			}
			len += (size_t)snprintf(out + len, outlen - len, "\n");
			if (len >= outlen)
				len = outlen - 1;
		}
		sqlite3_finalize(s);
	} else
		snprintf(out, outlen, "<error: %s>", sqlite3_errmsg(h));
	sqlite3_close(h);
}

static void
options(CampaignOptions *o, const char *db)
{
	memset(o, 0, sizeof *o);
	o->jobs = 2;
	o->seed = 11;
	o->size = 12;
	o->max_programs = PROGRAMS;
	o->db_path = db;
	o->models[0] = pass_find("tilelang-9f25954");
	o->models[1] = pass_find("tilelang-legacy");
	o->nmodels = 2;
	o->models_text = "tilelang-9f25954,tilelang-legacy";
	o->oracles_text = "all";
	orc_defaults(&o->oracles);
	o->no_reduce = 1;
	o->case_seconds = 60;
}

static CampaignInfo
info_of(const CampaignOptions *o)
{
	static char config[160];
	snprintf(config, sizeof config,
	         "{\"programs\": %ld, \"jobs\": 2, \"size\": 12, \"no_reduce\": 1, \"war\": 1}",
	         (long)o->max_programs);
	return (CampaignInfo){.seed = o->seed, .models = o->models_text, .oracles = o->oracles_text,
	                      .engine = "builtin", .config = config};
}

/* Runs a whole campaign in a fresh run; returns the programs judged. */
static long
run_campaign(FzRun *run, long resume, int *rc)
{
	char err[512];
	long programs = -1, found[FK_COUNT], distinct[FK_COUNT];
	CampaignInfo info = info_of(&run->o);
	*rc = -1;
	if (fz_run_open(run, &info, resume, err, sizeof err)) {
		printf("fz_run_open: %s\n", err);
		return -1;
	}
	run->start = fz_now();
	*rc = fz_run_workers(run);
	fz_run_totals(run, &programs, found, distinct);
	if (fz_run_end(run, err, sizeof err))
		printf("fz_run_end: %s\n", err);
	fz_run_free(run);
	return programs;
}

static volatile sig_atomic_t stop_requests;

/* Requests a stop as soon as the workers have judged something. */
static void
stop_early(FzRun *run, double now)
{
	long programs, found[FK_COUNT], distinct[FK_COUNT];
	fz_run_totals(run, &programs, found, distinct);
	if (programs > 0 && !stop_requests)
		stop_requests = 1;
}

static const char *bykind =
	"select kind, model, sum(count) from findings group by kind, model order by kind, model";

static void
test_crash_restart(const char *dir)
{
	char db[4096 + 32], out[8192];
	snprintf(db, sizeof db, "%s/crash.sqlite", dir);
	static FzRun run;
	memset(&run, 0, sizeof run);
	options(&run.o, db);
	setenv("FENCEFUZZ_FAULT", "crash:7", 1);
	int rc;
	long programs = run_campaign(&run, 0, &rc);
	unsetenv("FENCEFUZZ_FAULT");
	CHECK(rc == 0 && !run.failed, "the run failed (rc %d)", rc);
	CHECK(run.restarts == 1, "%ld restarts, want 1", run.restarts);
	CHECK(programs == PROGRAMS - 1, "%ld programs judged, want %d (all but the crash)", programs,
	      PROGRAMS - 1);
	query(db, "select count(*), sum(count) from findings where kind = 'crash'", out, sizeof out);
	CHECK(!strcmp(out, "1|1\n"), "crash findings: %s", out);
	query(db, "select message from findings where kind = 'crash'", out, sizeof out);
	/* signal 11 as raised; 6 under AddressSanitizer, whose SEGV handler aborts */
	CHECK(strstr(out, "judging program 7 ") && (strstr(out, "signal 11") || strstr(out, "signal 6")),
	      "crash message: %s", out);
	query(db, "select status from campaigns", out, sizeof out);
	CHECK(!strcmp(out, "done\n"), "campaign status: %s", out);
}

static void
test_stop_resume(const char *dir)
{
	char ref[4096 + 32], db[4096 + 32], err[512];
	static char a[1 << 20], b[1 << 20];
	snprintf(ref, sizeof ref, "%s/ref.sqlite", dir);
	snprintf(db, sizeof db, "%s/resume.sqlite", dir);
	static FzRun run;
	int rc;

	memset(&run, 0, sizeof run);
	options(&run.o, ref);
	run.o.max_programs = RESUME_PROGRAMS;
	long all = run_campaign(&run, 0, &rc);
	CHECK(rc == 0 && all == RESUME_PROGRAMS, "reference run: rc %d, %ld programs", rc, all);

	memset(&run, 0, sizeof run);
	options(&run.o, db);
	run.o.max_programs = RESUME_PROGRAMS;
	stop_requests = 0;
	run.interrupts = &stop_requests;
	run.on_poll = stop_early;
	long first = run_campaign(&run, 0, &rc);
	CHECK(rc == 0, "stopped run failed");
	CHECK(first > 0 && first < RESUME_PROGRAMS, "the stop did not stop the run: %ld programs", first);
	query(db, "select status from campaigns where id = 1", a, sizeof a);
	CHECK(!strcmp(a, "interrupted\n"), "status after the stop: %s", a);

	static CampaignRow row;
	memset(&run, 0, sizeof run);
	options(&run.o, db);
	run.o.jobs = 1; /* the row's settings replace these */
	run.o.seed = 99;
	CHECK(fz_resume_load(&run.o, 1, &row, 0, err, sizeof err) == 0, "resume: %s", err);
	CHECK(run.o.jobs == 2 && run.o.seed == 11 && run.o.no_reduce == 1 &&
	          run.o.max_programs == RESUME_PROGRAMS,
	      "resumed settings: jobs %d seed %llu", run.o.jobs, (unsigned long long)run.o.seed);
	long total = run_campaign(&run, 1, &rc);
	CHECK(rc == 0 && total == RESUME_PROGRAMS, "resumed run: rc %d, %ld programs in all", rc, total);
	query(db, "select status, execs from campaigns where id = 1", a, sizeof a);
	snprintf(b, sizeof b, "done|%d\n", RESUME_PROGRAMS);
	CHECK(!strcmp(a, b), "status after resuming: %s", a);
	query(ref, bykind, a, sizeof a);
	query(db, bykind, b, sizeof b);
	CHECK(a[0] && !strcmp(a, b), "stopped + resumed findings differ from one run:\n%s---\n%s", a, b);
	query(ref, "select signature, kind, model, count from findings order by 1, 2, 3", a, sizeof a);
	query(db, "select signature, kind, model, count from findings order by 1, 2, 3", b, sizeof b);
	CHECK(!strcmp(a, b), "stopped + resumed rows differ from one run");

	memset(&run, 0, sizeof run);
	options(&run.o, db);
	err[0] = 0;
	CHECK(fz_resume_load(&run.o, 1, &row, 0, err, sizeof err) == -1 && strstr(err, "is done"),
	      "resuming a finished campaign: '%s'", err);
}

int
main(int argc, char **argv)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/supervisor_test.XXXXXX", argc > 1 ? argv[1] : "/tmp");
	if (!mkdtemp(dir)) {
		perror(dir);
		return 2;
	}
	test_crash_restart(dir);
	test_stop_resume(dir);
	if (!nfail) {
		char cmd[4200];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd))
			printf("note: %s left behind\n", dir);
	} else
		printf("databases kept in %s\n", dir);
	return check_summary();
}
