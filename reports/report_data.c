/* report_data.c: every number of the report, computed once from the SQLite
 * store into a Report that the HTML and Markdown renderers format.
 *
 * The database is opened read-only, so a report can be drawn while a
 * campaign writes (WAL) and a mistyped path is an error, not a new file.
 * Per-model "programs checked" is the sum of campaigns.execs over the
 * campaigns whose models list names the model (each program goes through
 * every model of its campaign); occurrences are findings.count.
 *
 * The stats table has one row per worker flush and no worker column: each
 * row is that worker's running total.  A campaign's curve is rebuilt by
 * giving every row to the worker series it continues, one series per job of
 * the campaign's config: of the series whose totals are not above the row's,
 * the one updated longest ago (workers flush about once a second, in turn).
 * The curve is the sum of the series.  With one job this is exact; with
 * several it is exact whenever the workers flush in turn, and the last point
 * (every worker's final flush) is the campaign's total either way.
 *
 * Findings are shown by root cause: the findings of one model whose
 * findings.root_cause is the same text, or, while it is NULL, the findings of
 * one model and one kind ("(unexplained)").  The groups are aggregated in SQL
 * over every finding; the rows shown are bounded (RP_MAX_FINDINGS), and each
 * group's most frequent finding is always among them.  Two SQL functions,
 * rp_counts(status) and rp_class(kind), are the C predicates below, so the
 * queries and the renderers cannot disagree on what counts.
 */
#include "store.h"

#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

typedef struct Q {
	sqlite3 *h;
	Report *r;
	char *err;
	size_t errlen;
} Q;

/* Maps a row id to its index in an array, by binary search. */
typedef struct IdIndex {
	int64_t id;
	int at;
} IdIndex;

static int
cmp_id(const void *a, const void *b)
{
	int64_t x = ((const IdIndex *)a)->id, y = ((const IdIndex *)b)->id;
	return x < y ? -1 : x > y;
}

static int
find_id(const IdIndex *ix, int n, int64_t id)
{
	IdIndex key = {id, 0};
	const IdIndex *hit = bsearch(&key, ix, (size_t)n, sizeof *ix, cmp_id);
	return hit ? hit->at : -1;
}

static int
sql_fail(Q *q, const char *what)
{
	snprintf(q->err, q->errlen, "%s: %s", what, sqlite3_errmsg(q->h));
	return -1;
}

static sqlite3_stmt *
prep(Q *q, const char *sql)
{
	sqlite3_stmt *s = NULL;
	if (sqlite3_prepare_v2(q->h, sql, -1, &s, NULL) != SQLITE_OK) {
		sql_fail(q, sql);
		return NULL;
	}
	return s;
}

/* Finishes a query loop: 0 when it ran to the end. */
static int
finish(Q *q, sqlite3_stmt *s, int rc, const char *what)
{
	int r = rc == SQLITE_DONE ? 0 : sql_fail(q, what);
	sqlite3_finalize(s);
	return r;
}

/* Runs sql, whose rows are (id, count), and stores each count in the long
 * at `first + stride * item` of the item with that id (ix indexes n items);
 * ids not in ix are skipped.  0 or -1. */
static int
counts_by_id(Q *q, const char *sql, const IdIndex *ix, int n, long *first, size_t stride,
             const char *what)
{
	sqlite3_stmt *s = prep(q, sql);
	if (!s)
		return -1;
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		int i = find_id(ix, n, sqlite3_column_int64(s, 0));
		if (i >= 0)
			*(long *)((char *)first + stride * (size_t)i) = (long)sqlite3_column_int64(s, 1);
	}
	return finish(q, s, rc, what);
}

/* A column as arena text; NULL stays NULL.  Text longer than max bytes is
 * cut at a UTF-8 character boundary and ends with an ellipsis. */
static const char *
col_clip(Q *q, sqlite3_stmt *s, int i, size_t max)
{
	const unsigned char *t = sqlite3_column_text(s, i);
	if (!t)
		return NULL;
	size_t n = (size_t)sqlite3_column_bytes(s, i);
	if (n <= max)
		return ar_strndup(q->r->a, (const char *)t, n);
	size_t cut = max;
	while (cut > 0 && (t[cut] & 0xC0) == 0x80)
		cut--;
	char *out = ar_alloc(q->r->a, cut + 4);
	memcpy(out, t, cut);
	memcpy(out + cut, "\xe2\x80\xa6", 4); /* U+2026 and the NUL */
	return out;
}

/* Short columns (times, names, settings): bounded all the same. */
static const char *
col_text(Q *q, sqlite3_stmt *s, int i)
{
	return col_clip(q, s, i, 1024);
}

static long
one_long(Q *q, const char *sql, long *out)
{
	sqlite3_stmt *s = prep(q, sql);
	if (!s)
		return -1;
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*out = (long)sqlite3_column_int64(s, 0);
		rc = SQLITE_DONE;
	}
	return finish(q, s, rc, sql);
}

int
rp_kind_is_unsound(const char *k)
{
	return !strcmp(k, orc_kind_name(FK_UNSOUND)) || !strcmp(k, orc_kind_name(FK_UNSOUND_WAR)) ||
	       !strcmp(k, orc_kind_name(FK_UNSOUND_CROSS)) ||
	       !strcmp(k, orc_kind_name(FK_HANDSHAKE));
}

int
rp_kind_is_not_minimal(const char *k)
{
	return !strcmp(k, orc_kind_name(FK_UNNECESSARY_FENCE)) ||
	       !strcmp(k, orc_kind_name(FK_PLACEMENT)) || !strcmp(k, orc_kind_name(FK_ALIAS_FENCE));
}

int
rp_status_counts(const char *status)
{
	return db_status_counts(status); /* the store's one rule (store.h) */
}

/* 0 unsound, 1 not minimal, 2 other. */
static int
kind_class(const char *kind)
{
	return rp_kind_is_unsound(kind) ? 0 : rp_kind_is_not_minimal(kind) ? 1 : 2;
}

/* Newest TileLang first: main, then the #1863 commit, then the code before
 * it.  A model not named here (external, mutant) comes after them. */
int
rp_model_rank(const char *model)
{
	static const char *const newest_first[] = {"tilelang-head", "tilelang-9f25954",
	                                           "tilelang-legacy"};
	for (int i = 0; i < 3; i++)
		if (model && !strcmp(model, newest_first[i]))
			return i;
	return 3;
}

static int
cmp_model_name(const char *a, const char *b)
{
	int ra = rp_model_rank(a), rb = rp_model_rank(b);
	return ra != rb ? ra - rb : strcmp(a ? a : "", b ? b : "");
}

RpExcerpt
rp_excerpt(Arena *a, const char *text, long from)
{
	RpExcerpt e = {NULL, from < 1 ? 1 : from, 0, 0};
	if (!text)
		return e;
	for (const char *p = text; *p; p++)
		e.total += *p == '\n' && p[1] != '\0';
	if (*text)
		e.total++;
	if (e.first_line > e.total)
		e.first_line = e.total > 0 ? e.total : 1;
	const char *p = text;
	for (long l = 1; l < e.first_line && (p = strchr(p, '\n')); l++)
		p++;
	if (!p)
		return e;
	StrBuf sb;
	sb_init(&sb);
	while (*p && e.shown < RP_EXCERPT_LINES && sb.len < RP_EXCERPT_BYTES) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		size_t room = RP_EXCERPT_BYTES - sb.len;
		if (sb.len)
			sb_putc(&sb, '\n');
		if (len > room) {
			while (room > 0 && ((unsigned char)p[room] & 0xC0) == 0x80)
				room--;
			sb_putn(&sb, p, room);
			sb_puts(&sb, "\xe2\x80\xa6");
		} else
			sb_putn(&sb, p, len);
		e.shown++;
		if (!nl)
			break;
		p = nl + 1;
	}
	e.text = ar_strndup(a, sb.p ? sb.p : "", sb.len);
	sb_free(&sb);
	return e;
}

void
rp_fmt_duration(char *out, size_t n, double s)
{
	if (s < 0)
		snprintf(out, n, "running");
	else if (s < 120)
		snprintf(out, n, "%.1f s", s);
	else if (s < 7200)
		snprintf(out, n, "%.1f min", s / 60);
	else
		snprintf(out, n, "%.1f h", s / 3600);
}

void
rp_fmt_per_s(char *out, size_t n, double v)
{
	if (v < 0)
		snprintf(out, n, "n/a");
	else
		snprintf(out, n, "%.0f", v);
}

void
rp_fmt_rate(char *out, size_t n, double rate)
{
	if (rate < 0)
		snprintf(out, n, "n/a");
	else
		snprintf(out, n, "%.3g%%", 100 * rate);
}

/* Adds `distinct` findings of kind, of which `counted` count. */
static void
verdict_add(RpVerdict *v, const char *kind, long distinct, long counted)
{
	v->triaged += distinct - counted;
	distinct = counted;
	if (rp_kind_is_unsound(kind))
		v->unsound += distinct;
	else if (rp_kind_is_not_minimal(kind))
		v->not_minimal += distinct;
	else
		v->other += distinct;
}

/* ---- the predicates, as SQL functions ----------------------------------------- */

static void
sql_counts(sqlite3_context *c, int argc, sqlite3_value **v)
{
	(void)argc;
	sqlite3_result_int(c, rp_status_counts((const char *)sqlite3_value_text(v[0])));
}

static void
sql_class(sqlite3_context *c, int argc, sqlite3_value **v)
{
	(void)argc;
	const char *k = (const char *)sqlite3_value_text(v[0]);
	sqlite3_result_int(c, k ? kind_class(k) : 2);
}

static int
add_functions(Q *q)
{
	int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
	if (sqlite3_create_function(q->h, "rp_counts", 1, flags, NULL, sql_counts, NULL, NULL) ||
	    sqlite3_create_function(q->h, "rp_class", 1, flags, NULL, sql_class, NULL, NULL))
		return sql_fail(q, "SQL functions");
	return 0;
}

/* ---- kinds and models ---------------------------------------------------- */

static int
kind_index(const Report *r, const char *kind)
{
	for (int i = 0; i < r->nkinds; i++)
		if (!strcmp(r->kinds[i], kind))
			return i;
	return -1;
}

static int
load_kinds(Q *q)
{
	Report *r = q->r;
	long n = 0;
	if (one_long(q, "SELECT count(DISTINCT kind) FROM findings", &n) < 0)
		return -1;
	r->kinds = ar_alloc(r->a, sizeof *r->kinds * (size_t)(n + 1));
	/* Known kinds first, in the oracles' order; then any other, by name. */
	sqlite3_stmt *s = prep(q, "SELECT DISTINCT kind FROM findings ORDER BY kind");
	if (!s)
		return -1;
	const char **found = ar_alloc(r->a, sizeof *found * (size_t)(n + 1));
	int nfound = 0, rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW && nfound < n)
		found[nfound++] = col_text(q, s, 0);
	if (finish(q, s, rc == SQLITE_ROW ? SQLITE_DONE : rc, "kinds") < 0)
		return -1;
	for (int k = 0; k < FK_COUNT; k++)
		for (int i = 0; i < nfound; i++)
			if (found[i] && !strcmp(found[i], orc_kind_name((FindingKind)k))) {
				r->kinds[r->nkinds++] = found[i];
				found[i] = NULL;
			}
	for (int i = 0; i < nfound; i++)
		if (found[i])
			r->kinds[r->nkinds++] = found[i];
	return 0;
}

static RpModel *
model_get(Report *r, int *cap, const char *name)
{
	for (int i = 0; i < r->nmodels; i++)
		if (!strcmp(r->models[i].name, name))
			return &r->models[i];
	if (r->nmodels == *cap) {
		int ncap = *cap ? *cap * 2 : 8;
		RpModel *m = ar_alloc(r->a, sizeof *m * (size_t)ncap);
		if (r->nmodels)
			memcpy(m, r->models, sizeof *m * (size_t)r->nmodels);
		r->models = m;
		*cap = ncap;
	}
	RpModel *m = &r->models[r->nmodels++];
	m->name = ar_strdup(r->a, name);
	m->verdict.model = m->name;
	m->distinct = ar_alloc(r->a, sizeof *m->distinct * (size_t)(r->nkinds + 1));
	m->occurrences = ar_alloc(r->a, sizeof *m->occurrences * (size_t)(r->nkinds + 1));
	return m;
}

static int
cmp_model(const void *a, const void *b)
{
	return cmp_model_name(((const RpModel *)a)->name, ((const RpModel *)b)->name);
}

/* The model name of an item of a campaign's models list: NAME for an
 * external model given as NAME=ext:COMMAND or NAME=ext-server:COMMAND. */
static size_t
model_name_len(const char *item, size_t len)
{
	const char *eq = memchr(item, '=', len), *colon = memchr(item, ':', len);
	if (eq && eq > item && (!colon || eq < colon) &&
	    (!strncmp(eq + 1, "ext:", 4) || !strncmp(eq + 1, "ext-server:", 11)))
		return (size_t)(eq - item);
	return len;
}

static int
load_models(Q *q)
{
	Report *r = q->r;
	int cap = 0, rc;
	/* Every model a campaign ran, with the programs it checked. */
	sqlite3_stmt *s = prep(q, "SELECT coalesce(models, ''), execs FROM campaigns");
	if (!s)
		return -1;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const char *list = (const char *)sqlite3_column_text(s, 0);
		long execs = (long)sqlite3_column_int64(s, 1);
		char name[512];
		for (const char *p = list; p && *p;) {
			const char *e = strchr(p, ',');
			size_t len = model_name_len(p, e ? (size_t)(e - p) : strlen(p));
			if (len > 0 && len < sizeof name) {
				memcpy(name, p, len);
				name[len] = '\0';
				RpModel *m = model_get(r, &cap, name);
				/* A list naming a model twice still ran each program once per name. */
				m->programs += execs;
				m->campaigns++;
			}
			p = e ? e + 1 : NULL;
		}
	}
	if (finish(q, s, rc, "models of campaigns") < 0)
		return -1;
	s = prep(q, "SELECT model, kind, count(*), sum(count), sum(rp_counts(status)) FROM findings "
	            "GROUP BY model, kind");
	if (!s)
		return -1;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		RpModel *m = model_get(r, &cap, (const char *)sqlite3_column_text(s, 0));
		const char *kind = (const char *)sqlite3_column_text(s, 1);
		int k = kind_index(r, kind);
		long distinct = (long)sqlite3_column_int64(s, 2);
		if (k >= 0) {
			m->distinct[k] += distinct;
			m->occurrences[k] += (long)sqlite3_column_int64(s, 3);
		}
		verdict_add(&m->verdict, kind, distinct, (long)sqlite3_column_int64(s, 4));
	}
	if (finish(q, s, rc, "findings by model") < 0)
		return -1;
	if (r->nmodels > 1)
		qsort(r->models, (size_t)r->nmodels, sizeof *r->models, cmp_model);
	for (int i = 0; i < r->nmodels; i++)
		r->models[i].verdict.model = r->models[i].name;
	return 0;
}

/* ---- campaigns and their curves --------------------------------------------- */

static int
config_jobs(const char *config)
{
	const char *p = config ? strstr(config, "\"jobs\"") : NULL;
	if (!p || !(p = strchr(p, ':')))
		return 1;
	int j = atoi(p + 1);
	return j < 1 ? 1 : j > RP_MAX_JOBS ? RP_MAX_JOBS : j;
}

typedef struct Raw {
	double t, programs, findings;
} Raw;

static int
cmp_raw(const void *a, const void *b)
{
	double x = ((const Raw *)a)->t, y = ((const Raw *)b)->t;
	return x < y ? -1 : x > y;
}

static int
load_series(Q *q, RpCampaign *c)
{
	sqlite3_stmt *s = prep(q, "SELECT elapsed_s, programs, findings FROM stats "
	                          "WHERE campaign_id = ?1 ORDER BY rowid");
	if (!s)
		return -1;
	sqlite3_bind_int64(s, 1, c->id);
	size_t cap = 256, n = 0;
	Raw *raw = malloc(cap * sizeof *raw);
	double last_p[RP_MAX_JOBS] = {0}, last_f[RP_MAX_JOBS] = {0}, sum_p = 0, sum_f = 0;
	double last_t[RP_MAX_JOBS];
	for (int w = 0; w < RP_MAX_JOBS; w++)
		last_t[w] = -1; /* not seen yet: taken first */
	int rc;
	while (raw && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		double t = sqlite3_column_double(s, 0), p = sqlite3_column_double(s, 1),
		       f = sqlite3_column_double(s, 2);
		/* The worker this row continues: every worker flushes about once a
		 * second, so of the series it can continue (totals not above it),
		 * the one that has waited longest. */
		int best = -1;
		for (int pass = 0; pass < 2 && best < 0; pass++)
			for (int w = 0; w < c->jobs; w++)
				if (last_p[w] <= p && (pass || last_f[w] <= f) &&
				    (best < 0 || last_t[w] < last_t[best]))
					best = w;
		if (best < 0) /* below every series (not expected): continue the oldest */
			for (int w = 0; w < c->jobs; w++)
				if (best < 0 || last_t[w] < last_t[best])
					best = w;
		last_t[best] = t;
		sum_p += p - last_p[best];
		sum_f += f - last_f[best];
		last_p[best] = p;
		last_f[best] = f;
		if (n == cap) {
			Raw *more = realloc(raw, 2 * cap * sizeof *raw);
			if (!more) {
				free(raw);
				raw = NULL;
				break;
			}
			raw = more;
			cap *= 2;
		}
		raw[n++] = (Raw){t, sum_p, sum_f};
	}
	if (!raw) {
		sqlite3_finalize(s);
		snprintf(q->err, q->errlen, "stats of campaign %lld: out of memory", (long long)c->id);
		return -1;
	}
	if (finish(q, s, rc, "stats") < 0) {
		free(raw);
		return -1;
	}
	c->stats_rows = (long)n;
	if (n == 0) {
		free(raw);
		return 0;
	}
	/* Workers commit slightly out of elapsed order: sort, keep totals monotone. */
	qsort(raw, n, sizeof *raw, cmp_raw);
	for (size_t i = 1; i < n; i++) {
		if (raw[i].programs < raw[i - 1].programs)
			raw[i].programs = raw[i - 1].programs;
		if (raw[i].findings < raw[i - 1].findings)
			raw[i].findings = raw[i - 1].findings;
	}
	/* Buckets of at least a flush interval (two with several workers, whose
	 * flushes interleave), so the rate is not a ratio of two close commits. */
	double tmax = raw[n - 1].t, width = c->jobs > 1 ? 2.0 : 1.0;
	int buckets = n < RP_CHART_POINTS ? (int)n : RP_CHART_POINTS;
	if (buckets > tmax / width)
		buckets = (int)(tmax / width);
	if (buckets < 1)
		buckets = 1;
	c->series = ar_alloc(q->r->a, sizeof *c->series * (size_t)(buckets + 1));
	c->series[0] = (RpPoint){0, 0, 0, 0};
	size_t at = 0;
	int np = 1;
	for (int b = 1; b <= buckets; b++) {
		double end = b == buckets ? tmax : tmax * b / buckets;
		while (at + 1 < n && raw[at + 1].t <= end)
			at++;
		RpPoint prev = c->series[np - 1];
		RpPoint pt = {raw[at].t, raw[at].programs, raw[at].findings, 0};
		if (pt.t <= prev.t)
			continue; /* no new row in this bucket */
		pt.rate = (pt.programs - prev.programs) / (pt.t - prev.t);
		c->series[np++] = pt;
	}
	c->nseries = np;
	free(raw);
	return 0;
}

static int
load_campaigns(Q *q)
{
	Report *r = q->r;
	if (one_long(q, "SELECT count(*) FROM campaigns", &r->campaigns_total) < 0 ||
	    one_long(q, "SELECT coalesce(sum(execs), 0) FROM campaigns", &r->execs_total) < 0)
		return -1;
	long n = r->campaigns_total < RP_MAX_CAMPAIGNS ? r->campaigns_total : RP_MAX_CAMPAIGNS;
	r->campaigns = ar_alloc(r->a, sizeof *r->campaigns * (size_t)(n + 1));
	sqlite3_stmt *s = prep(q, r->schema >= 2
		? "SELECT id, started_at, ended_at, seed, models, oracles, engine, host, config, execs, "
		  "status, (julianday(ended_at) - julianday(started_at)) * 86400.0, "
		  "fencefuzz_version, fencefuzz_commit, model_versions "
		  "FROM campaigns ORDER BY id DESC LIMIT ?1"
		: "SELECT id, started_at, ended_at, seed, models, oracles, engine, host, config, execs, "
		  "status, (julianday(ended_at) - julianday(started_at)) * 86400.0, NULL, NULL, NULL "
		  "FROM campaigns ORDER BY id DESC LIMIT ?1");
	if (!s)
		return -1;
	sqlite3_bind_int64(s, 1, n);
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW && r->ncampaigns < n) {
		RpCampaign *c = &r->campaigns[r->ncampaigns++];
		c->id = sqlite3_column_int64(s, 0);
		c->started_at = col_text(q, s, 1);
		c->ended_at = col_text(q, s, 2);
		c->seed = col_text(q, s, 3);
		c->models = col_text(q, s, 4);
		c->oracles = col_text(q, s, 5);
		c->engine = col_text(q, s, 6);
		c->host = col_text(q, s, 7);
		/* jobs before the config is cut for the page */
		const char *config = (const char *)sqlite3_column_text(s, 8);
		c->jobs = config_jobs(config);
		c->config = col_clip(q, s, 8, RP_MAX_CONFIG);
		c->execs = (long)sqlite3_column_int64(s, 9);
		c->status = col_text(q, s, 10);
		c->duration_s = sqlite3_column_type(s, 11) == SQLITE_NULL ? -1 : sqlite3_column_double(s, 11);
		c->fencefuzz_version = col_text(q, s, 12);
		c->fencefuzz_commit = col_text(q, s, 13);
		c->model_versions = col_text(q, s, 14);
		c->programs_per_s = c->duration_s > 0 ? c->execs / c->duration_s : -1;
	}
	if (finish(q, s, rc == SQLITE_ROW ? SQLITE_DONE : rc, "campaigns") < 0)
		return -1;
	IdIndex *ix = ar_alloc(r->a, sizeof *ix * (size_t)(r->ncampaigns + 1));
	for (int i = 0; i < r->ncampaigns; i++) {
		ix[i] = (IdIndex){r->campaigns[i].id, i};
		RpCampaign *c = &r->campaigns[i];
		int nm = 1;
		for (const char *p = c->models; p && *p; p++)
			nm += *p == ',';
		c->verdicts = ar_alloc(r->a, sizeof *c->verdicts * (size_t)nm);
		char name[512];
		for (const char *p = c->models; p && *p;) {
			const char *e = strchr(p, ',');
			size_t len = model_name_len(p, e ? (size_t)(e - p) : strlen(p));
			if (len > 0 && len < sizeof name && c->nverdicts < nm) {
				memcpy(name, p, len);
				name[len] = '\0';
				c->verdicts[c->nverdicts++].model = ar_strdup(r->a, name);
			}
			p = e ? e + 1 : NULL;
		}
	}
	qsort(ix, (size_t)r->ncampaigns, sizeof *ix, cmp_id);

	if (r->ncampaigns &&
	    (counts_by_id(q, "SELECT campaign_id, count(*) FROM findings WHERE campaign_id IS NOT NULL "
	                    "GROUP BY campaign_id",
	                 ix, r->ncampaigns, &r->campaigns[0].new_findings, sizeof *r->campaigns,
	                 "new findings per campaign") < 0 ||
	    counts_by_id(q, "SELECT campaign_id, count(DISTINCT finding_id) FROM occurrences "
	                    "GROUP BY campaign_id",
	                 ix, r->ncampaigns, &r->campaigns[0].seen_findings, sizeof *r->campaigns,
	                 "findings seen per campaign") < 0))
		return -1;
	/* A model's verdict on a campaign: the distinct findings it showed there. */
	s = prep(q, "SELECT o.campaign_id, f.model, f.kind, count(DISTINCT f.id), "
	            "count(DISTINCT CASE WHEN rp_counts(f.status) THEN f.id END) "
	            "FROM occurrences o JOIN findings f ON f.id = o.finding_id "
	            "GROUP BY o.campaign_id, f.model, f.kind");
	if (!s)
		return -1;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		int i = find_id(ix, r->ncampaigns, sqlite3_column_int64(s, 0));
		if (i < 0)
			continue;
		RpCampaign *c = &r->campaigns[i];
		const char *model = (const char *)sqlite3_column_text(s, 1);
		for (int v = 0; v < c->nverdicts; v++)
			if (!strcmp(c->verdicts[v].model, model)) {
				verdict_add(&c->verdicts[v], (const char *)sqlite3_column_text(s, 2),
				            (long)sqlite3_column_int64(s, 3), (long)sqlite3_column_int64(s, 4));
				break;
			}
	}
	if (finish(q, s, rc, "verdicts per campaign") < 0)
		return -1;
	if (r->ncampaigns)
		r->latest = r->campaigns[0].id;
	if (r->ncampaigns > 1)
		r->previous = r->campaigns[1].id;
	for (int i = 0; i < r->ncampaigns && i < RP_MAX_CHARTED; i++)
		if (load_series(q, &r->campaigns[i]) < 0)
			return -1;
	return 0;
}

/* ---- root causes, findings, reproducers, hardware runs ----------------------- */

/* The group key of a finding, as SQL over findings f: (model, RC, GK). */
#define RC2 "nullif(f.root_cause, '')"
#define GK(rc) "CASE WHEN " rc " IS NULL THEN f.kind ELSE '' END"

static const char *
rc_expr(const Report *r)
{
	return r->schema >= 2 ? RC2 : "NULL";
}

/* The group of (model, root cause, kind): groups are few (RP_MAX_GROUPS). */
static int
group_of(const Report *r, const char *model, const char *rc, const char *kind)
{
	for (int g = 0; g < r->ngroups; g++) {
		const RpGroup *x = &r->groups[g];
		if (strcmp(x->model, model))
			continue;
		if (rc ? x->root_cause && !strcmp(x->root_cause, rc)
		       : !x->root_cause && !strcmp(x->kinds, kind))
			return g;
	}
	return -1;
}

static int
cmp_group(const void *pa, const void *pb)
{
	const RpGroup *a = pa, *b = pb;
	int c = cmp_model_name(a->model, b->model);
	if (c)
		return c;
	if (a->cls != b->cls)
		return a->cls - b->cls;
	if (a->findings != b->findings)
		return a->findings > b->findings ? -1 : 1;
	if (a->occurrences != b->occurrences)
		return a->occurrences > b->occurrences ? -1 : 1;
	return strcmp(a->root_cause ? a->root_cause : a->kinds, b->root_cause ? b->root_cause : b->kinds);
}

static int
load_groups(Q *q)
{
	Report *r = q->r;
	if (one_long(q, "SELECT count(*) FROM findings WHERE campaign_id = (SELECT max(id) FROM campaigns)",
	             &r->new_total) < 0)
		return -1;
	const char *rc = rc_expr(r);
	char *sql = sqlite3_mprintf(
		"SELECT f.model, %s AS rc, " GK("%s") " AS gk, count(*), sum(f.count), "
		"sum(coalesce(f.campaign_id, 0) = ?1), sum(rp_counts(f.status)), "
		"min(CASE WHEN rp_counts(f.status) THEN rp_class(f.kind) ELSE 3 END), "
		"group_concat(DISTINCT f.kind), group_concat(DISTINCT f.status), min(f.first_seen), "
		"max(f.last_seen) FROM findings f GROUP BY f.model, rc, gk "
		"ORDER BY count(*) DESC, sum(f.count) DESC",
		rc, rc);
	sqlite3_stmt *s = sql ? prep(q, sql) : NULL;
	sqlite3_free(sql);
	if (!s)
		return -1;
	sqlite3_bind_int64(s, 1, r->latest);
	r->groups = ar_alloc(r->a, sizeof *r->groups * RP_MAX_GROUPS);
	int rc_step;
	while ((rc_step = sqlite3_step(s)) == SQLITE_ROW) {
		long n = (long)sqlite3_column_int64(s, 3), nnew = (long)sqlite3_column_int64(s, 5);
		int cls = sqlite3_column_int(s, 7);
		const char *model = (const char *)sqlite3_column_text(s, 0);
		r->groups_total++;
		r->new_groups += nnew > 0;
		/* Root causes per model, over every group (also those cut below). */
		for (int i = 0; i < r->nmodels; i++)
			if (model && !strcmp(r->models[i].name, model)) {
				r->models[i].verdict.unsound_causes += cls == 0;
				r->models[i].verdict.not_minimal_causes += cls == 1;
			}
		if (r->ngroups == RP_MAX_GROUPS)
			continue;
		RpGroup *g = &r->groups[r->ngroups++];
		g->model = col_text(q, s, 0);
		g->root_cause = col_clip(q, s, 1, RP_MAX_LINE);
		g->findings = n;
		g->occurrences = (long)sqlite3_column_int64(s, 4);
		g->new_findings = nnew;
		g->is_new = r->latest && nnew == n;
		g->counted = (long)sqlite3_column_int64(s, 6);
		g->cls = cls;
		g->kinds = col_text(q, s, 8);
		g->statuses = col_text(q, s, 9);
		g->first_seen = col_text(q, s, 10);
		g->last_seen = col_text(q, s, 11);
		g->rep = -1;
		if (!g->model)
			g->model = "";
		if (!g->kinds)
			g->kinds = "";
	}
	if (finish(q, s, rc_step, "root causes") < 0)
		return -1;
	qsort(r->groups, (size_t)r->ngroups, sizeof *r->groups, cmp_group);
	return 0;
}

static int
cmp_finding(const void *pa, const void *pb)
{
	const RpFinding *a = pa, *b = pb;
	if (a->group != b->group)
		return a->group - b->group;
	if (a->counts != b->counts)
		return b->counts - a->counts;
	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/* Where a reduced reproducer's program starts: after its '#' header. */
static long
program_start(const char *text)
{
	long line = 1;
	for (const char *p = text; p && *p; line++) {
		const char *nl = strchr(p, '\n');
		if (*p != '#' && *p != '\n')
			return line;
		if (!nl)
			break;
		p = nl + 1;
	}
	return 1;
}

/* The findings shown (RP_MAX_FINDINGS at most): each group's first row, then the
 * new findings, then the most frequent. */
static int
load_finding_rows(Q *q)
{
	Report *r = q->r;
	long n = r->findings_total < RP_MAX_FINDINGS ? r->findings_total : RP_MAX_FINDINGS;
	r->findings = ar_alloc(r->a, sizeof *r->findings * (size_t)(n + 1));
	const char *rc = rc_expr(r);
	char *sql = sqlite3_mprintf(
		"SELECT * FROM (SELECT f.id, f.kind, f.model, f.oracle, f.signature, f.rule, f.line, "
		"f.col, f.message, f.witness, f.strength, f.strength_note, f.first_seen, f.last_seen, "
		"f.count, f.status, coalesce(f.program_id, 0), coalesce(f.campaign_id, 0) AS cid, %s, %s, "
		"row_number() OVER (PARTITION BY f.model, %s, " GK("%s") " "
		"ORDER BY rp_counts(f.status) DESC, f.count DESC, f.id) AS rn FROM findings f) "
		"ORDER BY rn = 1 DESC, cid = ?1 DESC, count DESC, id LIMIT ?2",
		rc, r->schema >= 2 ? "f.triage_note" : "NULL", rc, rc);
	sqlite3_stmt *s = sql ? prep(q, sql) : NULL;
	sqlite3_free(sql);
	if (!s)
		return -1;
	sqlite3_bind_int64(s, 1, r->latest);
	sqlite3_bind_int64(s, 2, n);
	int rc_step;
	while ((rc_step = sqlite3_step(s)) == SQLITE_ROW && r->nfindings < n) {
		RpFinding *f = &r->findings[r->nfindings];
		f->id = sqlite3_column_int64(s, 0);
		f->kind = col_text(q, s, 1);
		f->model = col_text(q, s, 2);
		f->root_cause = col_clip(q, s, 18, RP_MAX_LINE);
		f->group = group_of(r, f->model ? f->model : "", f->root_cause, f->kind ? f->kind : "");
		if (f->group < 0) /* its root cause was cut from the page */
			continue;
		r->nfindings++;
		f->oracle = col_text(q, s, 3);
		f->signature = col_text(q, s, 4);
		f->rule = col_clip(q, s, 5, RP_MAX_LINE);
		f->line = sqlite3_column_int(s, 6);
		f->col = sqlite3_column_int(s, 7);
		f->message = col_clip(q, s, 8, RP_MAX_LINE);
		f->witness = col_clip(q, s, 9, RP_MAX_LINE);
		f->strength = col_text(q, s, 10);
		f->strength_note = col_clip(q, s, 11, RP_MAX_LINE);
		f->first_seen = col_text(q, s, 12);
		f->last_seen = col_text(q, s, 13);
		f->count = (long)sqlite3_column_int64(s, 14);
		f->status = col_text(q, s, 15);
		f->program_id = sqlite3_column_int64(s, 16);
		f->campaign_id = sqlite3_column_int64(s, 17);
		f->triage_note = col_clip(q, s, 19, RP_MAX_LINE);
		f->counts = rp_status_counts(f->status);
		f->is_new = r->latest && f->campaign_id == r->latest;
		f->hw_rate = -1;
	}
	return finish(q, s, rc_step == SQLITE_ROW ? SQLITE_DONE : rc_step, "findings") < 0 ? -1 : 0;
}

/* The newest reproducer of each finding: what it holds, and its reduced
 * program's first lines; without one, the first program around the finding. */
static int
load_finding_excerpts(Q *q, const IdIndex *ix)
{
	Report *r = q->r;
	int rc_step;
	sqlite3_stmt *s =
		prep(q, "SELECT finding_id, count(*), max(id) FROM reproducers GROUP BY finding_id");
	if (!s)
		return -1;
	sqlite3_stmt *one = prep(q, "SELECT reduced_text, pytest_text IS NOT NULL, "
	                            "cuda_text IS NOT NULL FROM reproducers WHERE id = ?1");
	if (!one) {
		sqlite3_finalize(s);
		return -1;
	}
	while ((rc_step = sqlite3_step(s)) == SQLITE_ROW) {
		int i = find_id(ix, r->nfindings, sqlite3_column_int64(s, 0));
		if (i < 0)
			continue;
		RpFinding *f = &r->findings[i];
		f->repro_total = (long)sqlite3_column_int64(s, 1);
		sqlite3_reset(one);
		sqlite3_bind_int64(one, 1, sqlite3_column_int64(s, 2));
		if (sqlite3_step(one) != SQLITE_ROW)
			continue;
		const char *reduced = (const char *)sqlite3_column_text(one, 0);
		f->has_reduced = reduced != NULL;
		f->has_pytest = sqlite3_column_int(one, 1);
		f->has_cuda = sqlite3_column_int(one, 2);
		if (reduced) {
			f->excerpt = rp_excerpt(r->a, reduced, program_start(reduced));
			f->excerpt_reduced = 1;
		}
	}
	sqlite3_finalize(one);
	if (finish(q, s, rc_step, "reproducers") < 0)
		return -1;
	/* Without a reduced reproducer: the first program around the finding. */
	s = prep(q, "SELECT text FROM programs WHERE id = ?1");
	if (!s)
		return -1;
	for (int i = 0; i < r->nfindings; i++) {
		RpFinding *f = &r->findings[i];
		if (f->excerpt_reduced || !f->program_id)
			continue;
		sqlite3_reset(s);
		sqlite3_bind_int64(s, 1, f->program_id);
		if (sqlite3_step(s) == SQLITE_ROW)
			f->excerpt = rp_excerpt(r->a, (const char *)sqlite3_column_text(s, 0),
			                        f->line > 3 ? f->line - 3 : 1);
	}
	sqlite3_finalize(s);
	return 0;
}

/* Hardware runs per finding: runs, trials, mismatches, outcomes. */
static int
load_finding_hw(Q *q, const IdIndex *ix)
{
	Report *r = q->r;
	int rc_step;
	sqlite3_stmt *s = prep(q, "SELECT finding_id, count(*), sum(trials), sum(mismatches), "
	                          "sum(outcome = 'reproduced'), "
	                          "sum(outcome = 'reproduced-with-stand-in') "
	                          "FROM hw_runs WHERE finding_id IS NOT NULL GROUP BY finding_id");
	if (!s)
		return -1;
	while ((rc_step = sqlite3_step(s)) == SQLITE_ROW) {
		int i = find_id(ix, r->nfindings, sqlite3_column_int64(s, 0));
		if (i < 0)
			continue;
		RpFinding *f = &r->findings[i];
		f->hw_runs = (long)sqlite3_column_int64(s, 1);
		f->hw_trials = (long)sqlite3_column_int64(s, 2);
		f->hw_mismatches = (long)sqlite3_column_int64(s, 3);
		f->hw_reproduced = (long)sqlite3_column_int64(s, 4);
		f->hw_standin = (long)sqlite3_column_int64(s, 5);
		f->hw_rate = f->hw_trials > 0 ? (double)f->hw_mismatches / f->hw_trials : -1;
	}
	return finish(q, s, rc_step, "hardware runs per finding") < 0 ? -1 : 0;
}

/* Each group's rows together; its representative: the first that counts
 * and has a reproducer, else its first. */
static void
group_findings(Report *r)
{
	qsort(r->findings, (size_t)r->nfindings, sizeof *r->findings, cmp_finding);
	for (int i = 0; i < r->nfindings; i++) {
		RpFinding *f = &r->findings[i];
		RpGroup *g = &r->groups[f->group];
		if (!g->shown++)
			g->first = i;
		const RpFinding *rep = g->rep >= 0 ? &r->findings[g->rep] : NULL;
		if (!rep || (!(rep->counts && rep->has_reduced) && f->counts && f->has_reduced))
			g->rep = i;
	}
}

static int
load_findings(Q *q)
{
	Report *r = q->r;
	if (one_long(q, "SELECT count(*) FROM findings", &r->findings_total) < 0 ||
	    one_long(q, "SELECT coalesce(sum(count), 0) FROM findings", &r->occurrences_total) < 0 ||
	    one_long(q, "SELECT count(*) FROM reproducers", &r->reproducers_total) < 0 ||
	    one_long(q, "SELECT count(*) FROM programs", &r->programs_total) < 0)
		return -1;
	if (load_groups(q) < 0)
		return -1;
	if (load_finding_rows(q) < 0)
		return -1;
	IdIndex *ix = ar_alloc(r->a, sizeof *ix * (size_t)(r->nfindings + 1));
	for (int i = 0; i < r->nfindings; i++)
		ix[i] = (IdIndex){r->findings[i].id, i};
	qsort(ix, (size_t)r->nfindings, sizeof *ix, cmp_id);
	if (r->nfindings &&
	    counts_by_id(q, "SELECT finding_id, count(DISTINCT campaign_id) FROM occurrences "
	                    "GROUP BY finding_id",
	                 ix, r->nfindings, &r->findings[0].campaigns_seen, sizeof *r->findings,
	                 "campaigns per finding") < 0)
		return -1;
	if (load_finding_excerpts(q, ix) < 0 || load_finding_hw(q, ix) < 0)
		return -1;
	group_findings(r);
	return 0;
}

static int
load_hw(Q *q)
{
	Report *r = q->r;
	if (one_long(q, "SELECT count(*) FROM hw_runs", &r->hw_total) < 0)
		return -1;
	long n = r->hw_total < RP_MAX_HW_RUNS ? r->hw_total : RP_MAX_HW_RUNS;
	r->hw = ar_alloc(r->a, sizeof *r->hw * (size_t)(n + 1));
	sqlite3_stmt *s = prep(q, "SELECT id, coalesce(finding_id, 0), device, driver, settings, "
	                          "kernel_source, trials, mismatches, outcome, created_at "
	                          "FROM hw_runs ORDER BY id DESC LIMIT ?1");
	if (!s)
		return -1;
	sqlite3_bind_int64(s, 1, n);
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW && r->nhw < n) {
		RpHwRun *h = &r->hw[r->nhw++];
		h->id = sqlite3_column_int64(s, 0);
		h->finding_id = sqlite3_column_int64(s, 1);
		h->device = col_text(q, s, 2);
		h->driver = col_text(q, s, 3);
		h->settings = col_text(q, s, 4);
		const char *kernel = (const char *)sqlite3_column_text(s, 5); /* NULL: none */
		h->kernel = rp_excerpt(r->a, kernel, 1);
		h->trials = (long)sqlite3_column_int64(s, 6);
		h->mismatches = (long)sqlite3_column_int64(s, 7);
		h->outcome = col_text(q, s, 8);
		h->created_at = col_text(q, s, 9);
		h->rate = h->trials > 0 ? (double)h->mismatches / h->trials : -1;
	}
	return finish(q, s, rc == SQLITE_ROW ? SQLITE_DONE : rc, "hardware runs");
}

int
rp_load(const char *db_path, Report **out, char *err, size_t errlen)
{
	*out = NULL;
	Q q = {.err = err, .errlen = errlen};
	if (sqlite3_open_v2(db_path, &q.h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "%s: %s", db_path,
		         q.h ? sqlite3_errmsg(q.h) : "out of memory");
		sqlite3_close(q.h);
		return -1;
	}
	sqlite3_busy_timeout(q.h, DB_BUSY_TIMEOUT_MS);
	Report *r = calloc(1, sizeof *r);
	if (!r) {
		snprintf(err, errlen, "%s: out of memory", db_path);
		sqlite3_close(q.h);
		return -1;
	}
	r->a = ar_new();
	q.r = r;
	r->db_path = ar_strdup(r->a, db_path);
	long version = 0;
	int rc = -1;
	if (one_long(&q, "PRAGMA user_version", &version) < 0)
		goto done;
	if (version < 1 || version > db_nmigrations) {
		snprintf(err, errlen,
		         version < 1 ? "not a fencefuzz database (schema version %ld)"
		                     : "schema version %ld is newer than this fencefuzz knows",
		         version);
		goto done;
	}
	r->schema = (int)version;
	if (add_functions(&q) < 0)
		goto done;
	/* One read transaction: every number comes from the same snapshot, even
	 * while a campaign is writing. */
	if (sqlite3_exec(q.h, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
		sql_fail(&q, "begin");
		goto done;
	}
	sqlite3_stmt *s = prep(&q, "SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now')");
	if (!s)
		goto done;
	if (sqlite3_step(s) == SQLITE_ROW)
		r->generated_at = col_text(&q, s, 0);
	sqlite3_finalize(s);
	if (load_kinds(&q) || load_models(&q) || load_campaigns(&q) || load_findings(&q) ||
	    load_hw(&q))
		goto done;
	rc = 0;
done:
	sqlite3_exec(q.h, "COMMIT", NULL, NULL, NULL);
	if (rc < 0) {
		/* Say which file: the messages above name only the query. */
		char why[512];
		snprintf(why, sizeof why, "%s", err);
		snprintf(err, errlen, "%s: %s", db_path, why);
		rp_free(r);
		r = NULL;
	}
	sqlite3_close(q.h);
	*out = r;
	return rc;
}

void
rp_free(Report *r)
{
	if (!r)
		return;
	ar_free(r->a);
	free(r);
}
