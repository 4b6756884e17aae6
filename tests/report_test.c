/* report_test.c: the report layer (reports/report_*.c).
 *
 *   report_test unit WORKDIR   checks on databases it builds itself: the HTML
 *                              escaper, SHA-256 known answers, hostile texts
 *                              escaped in the page and the Markdown, long
 *                              texts cut, per-model numbers, sound/minimal
 *                              verdicts, the worker-summed throughput curve,
 *                              and a missing or foreign database refused
 *   report_test fixture DB     adds to a campaign's database what the other
 *                              issues will write (reproducers, hardware runs)
 *                              and a finding whose program, message, witness
 *                              and reproducers hold markup, for the shell and
 *                              browser tests
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store.h"
#include "check.h"
#include "finding_fixture.h"

/* The markup a hostile (or merely unlucky) program text could hold. */
#define EVIL_SCRIPT "</script><script>alert(1)</script>"
#define EVIL_IMG "<img src=x onerror=alert(2)>"
#define EVIL_SCRIPT_ESCAPED "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"

static int
count_of(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* Adds the hostile finding and the reproducer and hardware rows; returns
 * the hostile finding's id, -1 on error. */
static int64_t
add_fixture(Db *db, int64_t campaign)
{
	static const char program[] =
		"# fixture: markup in a program text must show as text\n"
		"@T.prim_func\n"
		"def main(A: T.Buffer((128,), \"float16\")):\n"
		"    T.evaluate(0)  # " EVIL_SCRIPT " " EVIL_IMG " & \"quotes\" 'too'\n";
	if (db_begin(db))
		return -1;
	int64_t prog = db_program(db, 0x5c419700e71ULL, program);
	Finding f = fixture_finding(FK_UNSOUND, "tilelang-head", 0xe71e71e71ULL,
	                    "fixture finding: message " EVIL_IMG, "async read " EVIL_SCRIPT);
	int is_new;
	int64_t evil = prog > 0 ? db_record_finding(db, campaign, prog, &f, &is_new) : -1;
	if (evil <= 0 ||
	    db_reproducer(db, evil, "# reduced\n" EVIL_SCRIPT "\n", "def test_fixture():\n    # " EVIL_IMG "\n",
	                  "__global__ void k() { /* " EVIL_SCRIPT " */ }\n") <= 0)
		return -1;
	/* A second reproducer for the same finding, with the CUDA text missing. */
	if (db_reproducer(db, evil, "# reduced, second try\n", "def test_again(): pass\n", NULL) <= 0)
		return -1;
	HwRun run = {.finding_id = evil, .device = "NVIDIA H200 <b>fixture</b>", .driver = "550.54",
	             .settings = "{\"blocks\": 132, \"note\": \"" EVIL_IMG "\"}",
	             .kernel_source = "// " EVIL_SCRIPT "\n", .trials = 1000, .mismatches = 3,
	             .outcome = "reproduced"};
	if (db_hw_run(db, &run) <= 0)
		return -1;
	run.trials = 500, run.mismatches = 0, run.outcome = "not-reproduced";
	if (db_hw_run(db, &run) <= 0)
		return -1;
	HwRun loose = {.device = "NVIDIA H200", .trials = 0, .outcome = "skipped"};
	if (db_hw_run(db, &loose) <= 0)
		return -1;
	if (db_commit(db))
		return -1;
	return evil;
}

static int
fixture(const char *path)
{
	Db *db;
	char err[512];
	if (db_open(path, &db, err, sizeof err)) {
		fprintf(stderr, "report_test: %s\n", err);
		return 2;
	}
	/* The campaign that found the fixture finding: the newest one. */
	sqlite3 *h;
	int64_t campaign = 0;
	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
		sqlite3_stmt *s;
		if (sqlite3_prepare_v2(h, "SELECT max(id) FROM campaigns", -1, &s, NULL) == SQLITE_OK) {
			if (sqlite3_step(s) == SQLITE_ROW)
				campaign = sqlite3_column_int64(s, 0);
			sqlite3_finalize(s);
		}
	}
	sqlite3_close(h);
	int64_t evil = add_fixture(db, campaign);
	if (evil < 0)
		fprintf(stderr, "report_test: fixture: %s\n", db_error(db));
	db_close(db);
	if (evil < 0)
		return 1;
	printf("%lld\n", (long long)evil);
	return 0;
}

static void
check_escape(void)
{
	StrBuf sb;
	sb_init(&sb);
	rp_escape_html(&sb, "a<b>&\"c\"'d'\x01\x7f\ttab\nline");
	rp_escape_html(&sb, NULL);
	CHECK(sb.p && !strcmp(sb.p, "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;&#xFFFD;&#xFFFD;\ttab\nline"),
	      "escaped: %s", sb.p ? sb.p : "(null)");
	sb_free(&sb);
	sb_init(&sb);
	rp_escape_html(&sb, "");
	CHECK(sb.len == 0, "empty string escaped to %zu bytes", sb.len);
	sb_free(&sb);
}

static void
check_sha256(void)
{
	/* FIPS 180-4 examples: one block, two blocks (56 bytes pad to 128), and
	 * the million-a message. */
	static const struct {
		const char *in, *b64;
	} known[] = {
		{"", "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="},
		{"abc", "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		 "sha256-JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE="},
	};
	char out[64];
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		rp_csp_hash(known[i].in, out, sizeof out);
		CHECK(!strcmp(out, known[i].b64), "sha256(%s) = %s", known[i].in, out);
	}
	char *million = malloc(1000001);
	memset(million, 'a', 1000000);
	million[1000000] = '\0';
	rp_csp_hash(million, out, sizeof out);
	free(million);
	CHECK(!strcmp(out, "sha256-zcduXJkU+5KBocfihNc+Z/GAmkiklyAOBG05zMcRLNA="), "million a: %s", out);
}

static void
check_report(const char *dir)
{
	char path[4200], err[512];
	snprintf(path, sizeof path, "%s/unit.sqlite", dir);
	remove(path);
	Db *db;
	CHECK(db_open(path, &db, err, sizeof err) == 0, "open: %s", err);
	if (!db)
		return;
	/* Campaign 1: two models, 2 jobs, 1000 programs each worker, 100/s
	 * each, flushing in turn every second. */
	CampaignInfo ci = {.seed = 5, .models = "tilelang-head,tilelang-legacy", .oracles = "all",
	                   .engine = "builtin", .host = "test",
	                   .config = "{\"time_s\": 10, \"jobs\": 2}"};
	int64_t c1 = db_campaign_start(db, &ci);
	CHECK(c1 > 0, "campaign: %s", db_error(db));
	db_begin(db);
	for (int s = 1; s <= 10; s++) {
		db_stats(db, c1, s, 100L * s, 3L * s);        /* worker 0 */
		db_stats(db, c1, s + 0.05, 100L * s - 1, 2L * s); /* worker 1, a little behind */
	}
	int64_t prog = db_program(db, 0x1111, "def main(): pass\n");
	Finding fa = fixture_finding(FK_UNSOUND, "tilelang-legacy", 0xa, "unsound one", "async read");
	Finding fb = fixture_finding(FK_UNNECESSARY_FENCE, "tilelang-head", 0xb, "extra fence", "fence");
	Finding fc = fixture_finding(FK_NOT_IDEMPOTENT, "tilelang-head", 0xc, "second run adds", "x");
	int is_new;
	for (int i = 0; i < 3; i++)
		db_record_finding(db, c1, prog, &fa, &is_new);
	db_record_finding(db, c1, prog, &fb, &is_new);
	db_record_finding(db, c1, prog, &fc, &is_new);
	CHECK(db_commit(db) == 0, "commit: %s", db_error(db));
	db_campaign_end(db, c1, 1999, "done");
	/* Campaign 2: one model, no findings, a 100 KB program text. */
	CampaignInfo c2i = {.seed = 6, .models = "tilelang-head", .oracles = "all",
	                    .engine = "builtin", .host = "test", .config = "{\"jobs\": 1}"};
	int64_t c2 = db_campaign_start(db, &c2i);
	db_campaign_end(db, c2, 500, "done");
	size_t big = 100 * 1024;
	char *text = malloc(big + 1);
	for (size_t i = 0; i < big; i++)
		text[i] = i % 64 == 63 ? '\n' : "x\xc3\xa9"[i % 3]; /* some two-byte characters */
	text[big] = '\0';
	db_begin(db);
	int64_t bigp = db_program(db, 0x2222, text);
	Finding fd = fixture_finding(FK_HANDSHAKE, "tilelang-9f25954", 0xd, "handshake", "tma_store");
	db_record_finding(db, 0, bigp, &fd, &is_new);
	db_commit(db);
	free(text);
	int64_t evil = add_fixture(db, c2);
	CHECK(evil > 0, "fixture: %s", db_error(db));
	db_close(db);

	Report *r;
	CHECK(rp_load(path, &r, err, sizeof err) == 0, "load: %s", err);
	if (!r)
		return;
	CHECK(r->campaigns_total == 2 && r->ncampaigns == 2 && r->campaigns[0].id == c2,
	      "campaigns %ld, newest first", r->campaigns_total);
	CHECK(r->execs_total == 2499, "execs %ld", r->execs_total);
	CHECK(r->findings_total == 5 && r->nfindings == 5, "findings %ld", r->findings_total);
	CHECK(r->occurrences_total == 7, "occurrences %ld", r->occurrences_total);
	CHECK(r->reproducers_total == 2 && r->hw_total == 3, "repro %ld hw %ld", r->reproducers_total,
	      r->hw_total);
	CHECK(r->findings[0].count == 3 && !strcmp(r->findings[0].kind, "unsound"),
	      "most frequent first");
	/* Kinds in the oracles' order. */
	CHECK(r->nkinds == 4 && !strcmp(r->kinds[0], "unsound") &&
	      !strcmp(r->kinds[1], "unnecessary-fence") && !strcmp(r->kinds[3], "handshake"),
	      "kinds %d", r->nkinds);
	const RpModel *head = NULL, *legacy = NULL, *old = NULL;
	for (int i = 0; i < r->nmodels; i++) {
		if (!strcmp(r->models[i].name, "tilelang-head"))
			head = &r->models[i];
		if (!strcmp(r->models[i].name, "tilelang-legacy"))
			legacy = &r->models[i];
		if (!strcmp(r->models[i].name, "tilelang-9f25954"))
			old = &r->models[i];
	}
	CHECK(head && head->programs == 2499 && head->campaigns == 2, "head programs");
	CHECK(legacy && legacy->programs == 1999 && legacy->campaigns == 1, "legacy programs");
	CHECK(old && old->programs == 0 && old->verdict.unsound == 1, "a model only in findings");
	CHECK(head && head->verdict.unsound == 1 && head->verdict.not_minimal == 1 &&
	      head->verdict.other == 1, "head verdict (fixture finding is unsound)");
	CHECK(legacy && legacy->verdict.unsound == 1 && legacy->verdict.not_minimal == 0 &&
	      legacy->distinct[0] == 1 && legacy->occurrences[0] == 3, "legacy verdict");
	/* Per campaign: campaign 1 saw fa, fb, fc; head not minimal, legacy unsound. */
	const RpCampaign *k1 = &r->campaigns[1];
	CHECK(k1->seen_findings == 3 && k1->new_findings == 3, "campaign 1 seen %ld new %ld",
	      k1->seen_findings, k1->new_findings);
	CHECK(k1->nverdicts == 2 && !strcmp(k1->verdicts[0].model, "tilelang-head") &&
	      k1->verdicts[0].unsound == 0 && k1->verdicts[0].not_minimal == 1 &&
	      k1->verdicts[1].unsound == 1, "campaign 1 verdicts");
	CHECK(k1->jobs == 2 && k1->stats_rows == 20, "jobs %d rows %ld", k1->jobs, k1->stats_rows);
	/* The curve sums both workers: 1999 programs, 50 findings at the end,
	 * about 200 programs/s after the first interval (which has the start). */
	CHECK(k1->nseries >= 2, "series %d", k1->nseries);
	if (k1->nseries >= 2) {
		const RpPoint *last = &k1->series[k1->nseries - 1];
		CHECK(last->programs == 1999 && last->findings == 50, "last point %g %g", last->programs,
		      last->findings);
		for (int i = 2; i < k1->nseries; i++)
			CHECK(k1->series[i].rate > 150 && k1->series[i].rate < 250, "rate %d: %g", i,
			      k1->series[i].rate);
	}
	/* The hostile finding: reproducers newest first, hardware summed. */
	const RpFinding *ef = NULL, *bigf = NULL;
	for (int i = 0; i < r->nfindings; i++) {
		if (r->findings[i].id == evil)
			ef = &r->findings[i];
		if (!strcmp(r->findings[i].kind, "handshake"))
			bigf = &r->findings[i];
	}
	CHECK(ef && ef->nrepro == 2 && ef->repro[0].cuda == NULL && ef->repro[1].cuda != NULL,
	      "reproducers newest first");
	CHECK(ef && ef->hw_runs == 2 && ef->hw_trials == 1500 && ef->hw_mismatches == 3 &&
	      ef->hw_reproduced == 1 && ef->hw_rate > 0.00199 && ef->hw_rate < 0.00201, "hw summary");
	CHECK(bigf && bigf->program_text && strlen(bigf->program_text) < RP_MAX_TEXT + 100 &&
	      strstr(bigf->program_text, "[cut: the first"), "long text cut");

	StrBuf sb;
	sb_init(&sb);
	rp_html(&sb, r);
	const char *page = sb.p;
	CHECK(count_of(page, "<script") == 1, "one script element, %d", count_of(page, "<script"));
	CHECK(!strstr(page, "<img") && !strstr(page, "<b>fixture"), "markup from the database escaped");
	CHECK(count_of(page, EVIL_SCRIPT_ESCAPED) >= 4, "hostile text shown %d times",
	      count_of(page, EVIL_SCRIPT_ESCAPED));
	CHECK(strstr(page, "&lt;img src=x onerror=alert(2)&gt;") != NULL, "img text shown");
	CHECK(!strstr(page, "http://") && !strstr(page, "https://") && !strstr(page, " src=\""),
	      "no network reference");
	CHECK(count_of(page, "class=\"finding-row\"") == 5, "findings rows %d",
	      count_of(page, "class=\"finding-row\""));
	CHECK(strstr(page, "script-src 'sha256-") && strstr(page, "default-src 'none'"), "CSP");
	CHECK(strstr(page, "<svg class=\"chart\"") != NULL, "charts");
	CHECK(strstr(page, "id=\"finding-") && strstr(page, "-tvm\"") && strstr(page, "-cuda\"") == NULL,
	      "anchors of the newest reproducer (it has no CUDA)");
	CHECK(strstr(page, "0.2%") != NULL, "hardware rate");
	CHECK(strstr(page, "not minimal (1)") && strstr(page, "unsound (1)"), "verdicts shown");
	sb_free(&sb);

	sb_init(&sb);
	rp_markdown(&sb, r);
	const char *md = sb.p;
	CHECK(strstr(md, "2 campaigns, 2499 programs generated, 5 distinct findings (7 occurrences), "
	                 "2 reproducers, 3 hardware runs") != NULL,
	      "markdown headline");
	CHECK(!strstr(md, "<img") && !strstr(md, "<script"), "markdown escaped");
	CHECK(strstr(md, "| tilelang-head | 2 | 2499 |") != NULL, "markdown model row");
	CHECK(count_of(md, "\n| ") >= 5 + 3 + 2 + 3, "markdown rows");
	sb_free(&sb);
	rp_free(r);

	/* Refused: a missing file (and not created), a file that is not ours. */
	char missing[4300];
	snprintf(missing, sizeof missing, "%s/missing.sqlite", dir);
	remove(missing);
	CHECK(rp_load(missing, &r, err, sizeof err) < 0 && !r, "missing database loaded");
	FILE *f = fopen(missing, "r");
	CHECK(!f, "missing database created");
	if (f)
		fclose(f);
	char foreign[4300];
	snprintf(foreign, sizeof foreign, "%s/foreign.sqlite", dir);
	remove(foreign);
	sqlite3 *h;
	sqlite3_open(foreign, &h);
	sqlite3_exec(h, "CREATE TABLE t(x)", NULL, NULL, NULL);
	sqlite3_close(h);
	CHECK(rp_load(foreign, &r, err, sizeof err) < 0 && strstr(err, "not a fencefuzz database"),
	      "foreign database: %s", err);
}

int
main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "fixture"))
		return fixture(argv[2]);
	if (argc != 3 || strcmp(argv[1], "unit")) {
		fprintf(stderr, "usage: report_test unit WORKDIR | report_test fixture DB\n");
		return 2;
	}
	check_escape();
	check_sha256();
	check_report(argv[2]);
	return check_summary();
}
