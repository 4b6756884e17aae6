/* report_test.c: the report layer (reports/report_*.c).
 *
 *   report_test unit WORKDIR   checks on databases it builds itself: the HTML
 *                              escaper, SHA-256 known answers, hostile texts
 *                              escaped in the page and the Markdown, excerpts
 *                              of long texts, per-model numbers, sound/minimal
 *                              verdicts without triaged findings, root-cause
 *                              groups (newest model first, new ones marked),
 *                              the worker-summed throughput curve, the page's
 *                              size for many findings, and a missing or
 *                              foreign database refused
 *   report_test fixture DB     adds to a campaign's database what the other
 *                              issues will write (reproducers, hardware runs)
 *                              and a finding whose program, message, witness
 *                              and reproducers hold markup (its id printed),
 *                              one with a long unbreakable root cause and
 *                              message, and one triaged wontfix, for the shell
 *                              and browser tests
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
/* 160 characters without a place to break, and a 400-character line. */
#define W20 "unbreakable_20_chars"
#define LONG_WORD W20 W20 W20 W20 W20 W20 W20 W20
#define LONG_LINE "    T.evaluate(" LONG_WORD LONG_WORD ")  # " LONG_WORD
#define LONG_KERNEL "// line\n// line\n// line\n// line\n// line\n// line\n// line\n" \
	"// line\n// line\n// line\n// line\n// line\n// line\n// line\n// line 15\n// 16\n"

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
	run.kernel_source = LONG_KERNEL;
	if (db_hw_run(db, &run) <= 0)
		return -1;
	HwRun loose = {.device = "NVIDIA H200", .trials = 0, .outcome = "skipped"};
	if (db_hw_run(db, &loose) <= 0)
		return -1;
	/* Words no window is wide enough for, where the page puts names and
	 * messages: they must wrap, not widen it. */
	Finding wide = fixture_finding(FK_UNSOUND_WAR, "tilelang-head", 0x1de1de1deULL,
	                               "fixture: " LONG_WORD, LONG_WORD);
	wide.root_cause = "generic read unseen: " LONG_WORD;
	int64_t w = db_record_finding(db, campaign, prog, &wide, &is_new);
	if (w <= 0 || db_reproducer(db, w, "# reduced\n" LONG_LINE "\n", NULL, NULL) <= 0)
		return -1;
	Finding tri = fixture_finding(FK_UNSOUND, "tilelang-legacy", 0x7e1a9eULL, "fixture: triaged",
	                              "tma_load");
	tri.root_cause = "fixture: wontfix root cause";
	int64_t t = db_record_finding(db, campaign, prog, &tri, &is_new);
	if (t <= 0 || db_finding_set_status(db, t, "wontfix"))
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
	/* Two cause signatures of one root cause. */
	Finding fe = fixture_finding(FK_UNSOUND, "tilelang-head", 0xe, "multicast one", "tma_load_multicast");
	Finding ff = fixture_finding(FK_UNSOUND, "tilelang-head", 0xf, "multicast two", "tma_load_multicast");
	fe.root_cause = ff.root_cause = "async set: tma_load_multicast not async";
	db_record_finding(db, c1, prog, &fe, &is_new);
	db_record_finding(db, c1, prog, &fe, &is_new);
	db_record_finding(db, c1, prog, &ff, &is_new);
	CHECK(db_commit(db) == 0, "commit: %s", db_error(db));
	db_campaign_end(db, c1, 1999, "done");
	/* Campaign 2: one model, no findings, a 100 KB program text. */
	CampaignInfo c2i = {.seed = 6, .models = "tilelang-head", .oracles = "all",
	                    .engine = "builtin", .host = "test", .config = "{\"jobs\": 1}",
	                    .fencefuzz_version = "0.9.1", .fencefuzz_commit = "abc1234",
	                    .model_versions = "{\"tilelang-head\": \"a35008a\"}"};
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
	/* The hostile, the wide and the wontfix findings, first seen in campaign 2. */
	int64_t evil = add_fixture(db, c2);
	CHECK(evil > 0, "fixture: %s", db_error(db));
	db_close(db);

	Report *r;
	CHECK(rp_load(path, &r, err, sizeof err) == 0, "load: %s", err);
	if (!r)
		return;
	CHECK(r->campaigns_total == 2 && r->ncampaigns == 2 && r->campaigns[0].id == c2,
	      "campaigns %ld, newest first", r->campaigns_total);
	CHECK(r->latest == c2 && r->previous == c1, "latest %lld previous %lld", (long long)r->latest,
	      (long long)r->previous);
	CHECK(r->execs_total == 2499, "execs %ld", r->execs_total);
	CHECK(r->findings_total == 9 && r->nfindings == 9, "findings %ld shown %d", r->findings_total,
	      r->nfindings);
	CHECK(r->occurrences_total == 12, "occurrences %ld", r->occurrences_total);
	CHECK(r->reproducers_total == 3 && r->hw_total == 3, "repro %ld hw %ld", r->reproducers_total,
	      r->hw_total);
	CHECK(r->campaigns[0].fencefuzz_version && !strcmp(r->campaigns[0].fencefuzz_version, "0.9.1") &&
	      r->campaigns[0].model_versions && !r->campaigns[1].fencefuzz_commit,
	      "fencefuzz version of campaign 2 only");
	/* Kinds in the oracles' order. */
	CHECK(r->nkinds == 5 && !strcmp(r->kinds[0], "unsound") && !strcmp(r->kinds[1], "unsound-war") &&
	      !strcmp(r->kinds[2], "unnecessary-fence") && !strcmp(r->kinds[4], "handshake"),
	      "kinds %d", r->nkinds);
	/* Newest model first. */
	CHECK(r->nmodels == 3 && !strcmp(r->models[0].name, "tilelang-head") &&
	      !strcmp(r->models[1].name, "tilelang-9f25954") &&
	      !strcmp(r->models[2].name, "tilelang-legacy"), "model order");
	CHECK(rp_model_rank("tilelang-head") < rp_model_rank("tilelang-9f25954") &&
	      rp_model_rank("tilelang-9f25954") < rp_model_rank("tilelang-legacy") &&
	      rp_model_rank("tilelang-legacy") < rp_model_rank("ext:./pass.py"), "model ranks");
	const RpModel *head = &r->models[0], *old = &r->models[1], *legacy = &r->models[2];
	CHECK(head->programs == 2499 && head->campaigns == 2, "head programs");
	CHECK(legacy->programs == 1999 && legacy->campaigns == 1, "legacy programs");
	CHECK(old->programs == 0 && old->verdict.unsound == 1, "a model only in findings");
	/* evil, wide, fe, ff unsound (3 root causes); fb not minimal; fc other. */
	CHECK(head->verdict.unsound == 4 && head->verdict.unsound_causes == 3 &&
	      head->verdict.not_minimal == 1 && head->verdict.not_minimal_causes == 1 &&
	      head->verdict.other == 1 && head->verdict.triaged == 0,
	      "head verdict %ld (%ld causes) %ld %ld", head->verdict.unsound, head->verdict.unsound_causes,
	      head->verdict.not_minimal, head->verdict.other);
	/* The wontfix finding shows in the numbers by kind, not in the verdict. */
	CHECK(legacy->verdict.unsound == 1 && legacy->verdict.triaged == 1 &&
	      legacy->verdict.unsound_causes == 1 && legacy->distinct[0] == 2 &&
	      legacy->occurrences[0] == 4, "legacy verdict without the wontfix finding");
	CHECK(rp_status_counts("new") && rp_status_counts("confirmed") && rp_status_counts("fixed") &&
	      rp_status_counts(NULL) && !rp_status_counts("wontfix") && !rp_status_counts("false-alarm"),
	      "rp_status_counts");
	/* Per campaign: campaign 1 saw fa, fb, fc, fe, ff. */
	const RpCampaign *k1 = &r->campaigns[1];
	CHECK(k1->seen_findings == 5 && k1->new_findings == 5, "campaign 1 seen %ld new %ld",
	      k1->seen_findings, k1->new_findings);
	CHECK(k1->nverdicts == 2 && !strcmp(k1->verdicts[0].model, "tilelang-head") &&
	      k1->verdicts[0].unsound == 2 && k1->verdicts[0].not_minimal == 1 &&
	      k1->verdicts[1].unsound == 1, "campaign 1 verdicts");
	CHECK(r->campaigns[0].nverdicts == 1 && r->campaigns[0].verdicts[0].unsound == 2,
	      "campaign 2: evil and wide (the wontfix finding is legacy's, not in its models)");
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
	/* Root causes: head's first (unsound: the two-finding one, then by
	 * name), then 9f25954's, then legacy's; the wontfix one last, class 3. */
	CHECK(r->ngroups == 8 && r->groups_total == 8, "groups %d", r->ngroups);
	if (r->ngroups == 8) {
		const RpGroup *g = r->groups;
		CHECK(!strcmp(g[0].model, "tilelang-head") && g[0].root_cause &&
		      !strcmp(g[0].root_cause, "async set: tma_load_multicast not async") &&
		      g[0].findings == 2 && g[0].occurrences == 3 && g[0].shown == 2 && !g[0].is_new &&
		      g[0].cls == 0, "the two-signature root cause first");
		CHECK(g[1].root_cause && !strncmp(g[1].root_cause, "generic read unseen", 19) && g[1].is_new,
		      "head's explained unsound-war root cause second");
		CHECK(!g[2].root_cause && !strcmp(g[2].kinds, "unsound") && g[2].is_new,
		      "head's unexplained unsound third");
		CHECK(g[3].cls == 1 && g[4].cls == 2 && !strcmp(g[5].model, "tilelang-9f25954") &&
		      !strcmp(g[6].model, "tilelang-legacy") && g[6].cls == 0, "classes, then models");
		CHECK(g[7].cls == 3 && g[7].counted == 0 && g[7].statuses && !strcmp(g[7].statuses, "wontfix"),
		      "the wontfix root cause greyed, last");
		for (int i = 0; i < r->ngroups; i++)
			for (int k = g[i].first; k < g[i].first + g[i].shown; k++)
				CHECK(r->findings[k].group == i, "finding %d in group %d", k, i);
		CHECK(r->findings[g[0].first].count == 2, "most frequent first in its group");
	}
	CHECK(r->new_total == 3 && r->new_groups == 3, "new %ld in %ld groups", r->new_total,
	      r->new_groups);
	/* The hostile finding: newest reproducer, hardware summed. */
	const RpFinding *ef = NULL, *bigf = NULL;
	for (int i = 0; i < r->nfindings; i++) {
		if (r->findings[i].id == evil)
			ef = &r->findings[i];
		if (!strcmp(r->findings[i].kind, "handshake"))
			bigf = &r->findings[i];
	}
	CHECK(ef && ef->repro_total == 2 && ef->has_reduced && ef->has_pytest && !ef->has_cuda &&
	      ef->is_new && ef->excerpt_reduced, "newest reproducer (no CUDA)");
	CHECK(ef && ef->hw_runs == 2 && ef->hw_trials == 1500 && ef->hw_mismatches == 3 &&
	      ef->hw_reproduced == 1 && ef->hw_rate > 0.00199 && ef->hw_rate < 0.00201, "hw summary");
	/* No reproducer: the first program's lines around 7:9, bounded. */
	CHECK(bigf && !bigf->excerpt_reduced && bigf->excerpt.text && bigf->excerpt.first_line == 4 &&
	      bigf->excerpt.total == 1600 && bigf->excerpt.shown <= RP_EXCERPT_LINES &&
	      strlen(bigf->excerpt.text) <= RP_EXCERPT_BYTES + 3, "excerpt of a long program");
	CHECK(r->nhw == 3 && r->hw[1].kernel.total == 16 && r->hw[1].kernel.shown == RP_EXCERPT_LINES,
	      "kernel excerpt");
	{
		RpExcerpt e = rp_excerpt(r->a, "a\nb\nc\n", 2);
		CHECK(e.text && !strcmp(e.text, "b\nc") && e.first_line == 2 && e.shown == 2 && e.total == 3,
		      "rp_excerpt: %s", e.text ? e.text : "(null)");
		e = rp_excerpt(r->a, NULL, 1);
		CHECK(!e.text && e.total == 0, "rp_excerpt of nothing");
	}

	StrBuf sb;
	sb_init(&sb);
	rp_html(&sb, r);
	const char *page = sb.p;
	CHECK(count_of(page, "<script") == 1, "one script element, %d", count_of(page, "<script"));
	CHECK(!strstr(page, "<img") && !strstr(page, "<b>fixture"), "markup from the database escaped");
	CHECK(count_of(page, EVIL_SCRIPT_ESCAPED) >= 2, "hostile text shown %d times",
	      count_of(page, EVIL_SCRIPT_ESCAPED));
	CHECK(strstr(page, "&lt;img src=x onerror=alert(2)&gt;") != NULL, "img text shown");
	CHECK(!strstr(page, "http://") && !strstr(page, "https://") && !strstr(page, " src=\""),
	      "no network reference");
	CHECK(count_of(page, "<details class=\"finding-row") == 9, "findings rows %d",
	      count_of(page, "<details class=\"finding-row"));
	CHECK(count_of(page, "<details class=\"finding-row triaged\"") == 1, "one greyed row");
	CHECK(strstr(page, "script-src 'sha256-") && strstr(page, "default-src 'none'"), "CSP");
	CHECK(strstr(page, "<svg class=\"chart\"") != NULL, "charts");
	char want[128];
	snprintf(want, sizeof want, "id=\"finding-%lld-tvm\"", (long long)evil);
	CHECK(strstr(page, want) && !strstr(page, "-cuda\""), "anchors of the newest reproducer");
	snprintf(want, sizeof want, "fencefuzz repro %lld --db ", (long long)evil);
	CHECK(strstr(page, want) != NULL, "the command for the whole texts");
	CHECK(!strstr(page, "__global__"), "no whole CUDA text on the page");
	CHECK(strstr(page, "0.2%") != NULL, "hardware rate");
	CHECK(strstr(page, "<span class=\"bad\">not minimal (1 finding, 1 root cause)") &&
	      strstr(page, "<span class=\"bad\">unsound (4 findings, 3 root causes)"), "verdicts shown");
	{
		/* legacy's row: unsound (1 finding) in red, 1 triaged (the wontfix). */
		const char *row = strstr(page, "<tr class=\"model-row\"><td class=\"m\">tilelang-legacy</td>");
		const char *end = row ? strstr(row, "</tr>") : NULL;
		char *want_cells = "<td><span class=\"bad\">unsound (1 finding, 1 root cause)</span></td>"
		                   "<td><span class=\"ok\">minimal</span></td><td class=\"n\">0</td>"
		                   "<td class=\"n\">1</td>";
		const char *at = row ? strstr(row, want_cells) : NULL;
		CHECK(at && at < end, "legacy's verdict leaves out the triaged finding");
	}
	CHECK(strstr(page, "<h2>New since campaign ") && strstr(page, "id=\"new-table\"") &&
	      strstr(page, "<b>3 new findings</b>"), "new section");
	/* The order a person reads: new, verdicts, root causes, findings. */
	const char *pn = strstr(page, "id=\"new\""), *pm = strstr(page, "id=\"models\""),
	           *pc = strstr(page, "id=\"causes\""), *pf = strstr(page, "id=\"findings\"");
	CHECK(pn && pm && pc && pf && pn < pm && pm < pc && pc < pf, "section order");
	CHECK(strstr(page, "fencefuzz 0.9.1 (commit abc1234)") && strstr(page, "not recorded"),
	      "made by");
	CHECK(strstr(page, "(unexplained)") != NULL, "unexplained groups named");
	sb_free(&sb);

	sb_init(&sb);
	rp_markdown(&sb, r);
	const char *md = sb.p;
	CHECK(strstr(md, "2 campaigns, 2499 programs generated, 9 distinct findings (12 occurrences), "
	                 "3 reproducers, 3 hardware runs") != NULL,
	      "markdown headline");
	CHECK(!strstr(md, "<img") && !strstr(md, "<script"), "markdown escaped");
	CHECK(strstr(md, "| tilelang-head | 2 | 2499 |") != NULL, "markdown model row");
	CHECK(strstr(md, "| tilelang-head | async set: tma_load_multicast not async | unsound | 2 | 0 | 3 "),
	      "markdown root cause row");
	CHECK(strstr(md, "**unsound (4 findings, 3 root causes)**") &&
	      strstr(md, "(1 triaged, not counted)"), "markdown verdicts");
	CHECK(count_of(md, "\n| ") >= 3 + 3 + 8 + 2 + 3, "markdown rows %d", count_of(md, "\n| "));
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

/* 1,000 findings with reproducers the size campaigns store (a 1 KB reduced
 * program, 3 KB pytest, 18 KB CUDA, a 4.5 KB first program): the page stays
 * under 2 MB and holds none of the whole texts. */
static void
check_size(const char *dir)
{
	enum { N = 1000 };
	char path[4200], err[512];
	snprintf(path, sizeof path, "%s/size.sqlite", dir);
	remove(path);
	Db *db;
	CHECK(db_open(path, &db, err, sizeof err) == 0, "open: %s", err);
	if (!db)
		return;
	CampaignInfo ci = {.seed = 1, .models = "tilelang-head,tilelang-9f25954,tilelang-legacy",
	                   .oracles = "all", .engine = "builtin", .host = "test", .config = "{}"};
	int64_t c = db_campaign_start(db, &ci);
	StrBuf prog, reduced, pytest, cuda;
	sb_init(&prog), sb_init(&reduced), sb_init(&pytest), sb_init(&cuda);
	for (int i = 0; i < 70; i++)
		sb_puts(&prog, "        B_shared[i_1 * 8 + 3] = T.float16(0.0)  # generic store, some text\n");
	for (int i = 0; i < 5; i++)
		sb_puts(&reduced, "# fencefuzz: unsound [tilelang-head, soundness]: generic write reaches async\n");
	sb_puts(&reduced, "@T.prim_func\ndef main(B_desc: T.handle(\"uint8x128\", \"grid_constant\")):\n");
	for (int i = 0; i < 9; i++)
		sb_puts(&reduced, "    T.tma_load_multicast(B_desc, 0, T.tvm_access_ptr(T.type_annotation(\"float16\"), "
		                  "B_shared.data, 0, 4096, 2), 3, 0, 0)\n");
	for (int i = 0; i < 40; i++)
		sb_puts(&pytest, "    # pytest case of the reduced program, one line of about 75 bytes ...\n");
	for (int i = 0; i < 250; i++)
		sb_puts(&cuda, "  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\"); // CUDA\n");
	const char *models[] = {"tilelang-head", "tilelang-9f25954", "tilelang-legacy"};
	FindingKind kinds[] = {FK_UNSOUND, FK_UNSOUND_WAR, FK_UNNECESSARY_FENCE, FK_ALIAS_FENCE};
	db_begin(db);
	for (int i = 0; i < N; i++) {
		char msg[256], rc[64], what[64];
		snprintf(msg, sizeof msg,
		         "generic write store (B_shared bytes [0, 2), line %d) reaches async write "
		         "tma_load_multicast (B_shared bytes [0, 8192), line 7) with no fence on some path", i);
		snprintf(rc, sizeof rc, "fixture root cause %d", i % 24);
		snprintf(what, sizeof what, "async write tma_load_multicast %d", i);
		Finding f = fixture_finding(kinds[i % 4], models[i % 3], 0x5000 + (uint64_t)i, msg, what);
		f.root_cause = i % 2 ? rc : NULL;
		int is_new;
		int64_t p = db_program(db, 0x90000 + (uint64_t)i, prog.p);
		int64_t id = db_record_finding(db, c, p, &f, &is_new);
		db_reproducer(db, id, reduced.p, pytest.p, cuda.p);
	}
	CHECK(db_commit(db) == 0, "commit: %s", db_error(db));
	db_campaign_end(db, c, 100000, "done");
	db_close(db);
	sb_free(&prog), sb_free(&reduced), sb_free(&pytest), sb_free(&cuda);
	Report *r;
	CHECK(rp_load(path, &r, err, sizeof err) == 0, "load: %s", err);
	if (!r)
		return;
	StrBuf sb;
	sb_init(&sb);
	rp_html(&sb, r);
	CHECK(r->nfindings == N && count_of(sb.p, "<details class=\"finding-row") == N,
	      "all %d findings on the page", N);
	CHECK(sb.len < 2000000, "page of %d findings: %zu bytes", N, sb.len);
	CHECK(!strstr(sb.p, "fence.proxy.async.shared::cta") && !strstr(sb.p, "pytest case of"),
	      "whole texts left out");
	printf("report_test: page of %d findings: %zu bytes\n", N, sb.len);
	sb_free(&sb);
	rp_free(r);
}

/* A file of schema version 1 (no root_cause, no version columns), as an
 * older fencefuzz left it: read as it is (the report never migrates), its
 * findings unexplained, its campaigns without a version. */
static void
check_schema1(const char *dir)
{
	char path[4200], err[512];
	snprintf(path, sizeof path, "%s/schema1.sqlite", dir);
	remove(path);
	sqlite3 *h;
	CHECK(sqlite3_open(path, &h) == SQLITE_OK, "open schema 1 file");
	int rc = sqlite3_exec(h, db_migrations[0], NULL, NULL, NULL);
	rc |= sqlite3_exec(h,
		"PRAGMA user_version = 1;"
		"INSERT INTO campaigns(id, started_at, seed, models, oracles, engine, host, execs, status) "
		"VALUES(1, '2026-01-01T00:00:00Z', '1', 'tilelang-legacy,tilelang-head', 'all', 'builtin', "
		"'h', 10, 'done');"
		"INSERT INTO findings(kind, model, oracle, signature, line, col, message, first_seen, "
		"last_seen, campaign_id) VALUES('unsound', 'tilelang-legacy', 'soundness', 'aa', 1, 1, "
		"'old one', '2026-01-01T00:00:01Z', '2026-01-01T00:00:01Z', 1);",
		NULL, NULL, NULL);
	sqlite3_close(h);
	CHECK(rc == SQLITE_OK, "schema 1 fixture");
	Report *r;
	CHECK(rp_load(path, &r, err, sizeof err) == 0, "load schema 1: %s", err);
	if (!r)
		return;
	CHECK(r->schema == 1 && r->ngroups == 1 && !r->groups[0].root_cause && r->nfindings == 1 &&
	      !r->campaigns[0].fencefuzz_version && r->new_total == 1 &&
	      !strcmp(r->models[0].name, "tilelang-head"), "schema 1 read");
	rp_free(r);
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
	check_size(argv[2]);
	check_schema1(argv[2]);
	return check_summary();
}
