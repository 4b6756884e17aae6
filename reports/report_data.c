/* report_data.c: every number of the report, computed once from the SQLite
 * store (SPEC 9) into a Report that the HTML and Markdown renderers format.
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

/* A column as arena text; NULL stays NULL.  Text longer than RP_MAX_TEXT is
 * cut at a UTF-8 character boundary and says how long it was. */
static const char *
col_text(Q *q, sqlite3_stmt *s, int i)
{
	const unsigned char *t = sqlite3_column_text(s, i);
	if (!t)
		return NULL;
	size_t n = (size_t)sqlite3_column_bytes(s, i);
	if (n <= RP_MAX_TEXT)
		return ar_strndup(q->r->a, (const char *)t, n);
	size_t cut = RP_MAX_TEXT;
	while (cut > 0 && (t[cut] & 0xC0) == 0x80)
		cut--;
	char note[96];
	int m = snprintf(note, sizeof note, "\n... [cut: the first %zu of %zu bytes]\n", cut, n);
	char *out = ar_alloc(q->r->a, cut + (size_t)m + 1);
	memcpy(out, t, cut);
	memcpy(out + cut, note, (size_t)m + 1);
	return out;
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
	       !strcmp(k, orc_kind_name(FK_HANDSHAKE));
}

int
rp_kind_is_not_minimal(const char *k)
{
	return !strcmp(k, orc_kind_name(FK_UNNECESSARY_FENCE)) ||
	       !strcmp(k, orc_kind_name(FK_PLACEMENT)) || !strcmp(k, orc_kind_name(FK_ALIAS_FENCE));
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

static void
verdict_add(RpVerdict *v, const char *kind, long distinct)
{
	if (rp_kind_is_unsound(kind))
		v->unsound += distinct;
	else if (rp_kind_is_not_minimal(kind))
		v->not_minimal += distinct;
	else
		v->other += distinct;
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
	return strcmp(((const RpModel *)a)->name, ((const RpModel *)b)->name);
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
			size_t len = e ? (size_t)(e - p) : strlen(p);
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
	s = prep(q, "SELECT model, kind, count(*), sum(count) FROM findings GROUP BY model, kind");
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
		verdict_add(&m->verdict, kind, distinct);
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
	sqlite3_stmt *s = prep(q, "SELECT id, started_at, ended_at, seed, models, oracles, engine, "
	                          "host, config, execs, status, "
	                          "(julianday(ended_at) - julianday(started_at)) * 86400.0 "
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
		c->config = col_text(q, s, 8);
		c->execs = (long)sqlite3_column_int64(s, 9);
		c->status = col_text(q, s, 10);
		c->duration_s = sqlite3_column_type(s, 11) == SQLITE_NULL ? -1 : sqlite3_column_double(s, 11);
		c->jobs = config_jobs(c->config);
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
			size_t len = e ? (size_t)(e - p) : strlen(p);
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
	s = prep(q, "SELECT o.campaign_id, f.model, f.kind, count(DISTINCT f.id) "
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
				            (long)sqlite3_column_int64(s, 3));
				break;
			}
	}
	if (finish(q, s, rc, "verdicts per campaign") < 0)
		return -1;
	for (int i = 0; i < r->ncampaigns && i < RP_MAX_CHARTED; i++)
		if (load_series(q, &r->campaigns[i]) < 0)
			return -1;
	return 0;
}

/* ---- findings, reproducers, hardware runs ------------------------------------ */

static int
load_findings(Q *q)
{
	Report *r = q->r;
	if (one_long(q, "SELECT count(*) FROM findings", &r->findings_total) < 0 ||
	    one_long(q, "SELECT coalesce(sum(count), 0) FROM findings", &r->occurrences_total) < 0 ||
	    one_long(q, "SELECT count(*) FROM reproducers", &r->reproducers_total) < 0 ||
	    one_long(q, "SELECT count(*) FROM programs", &r->programs_total) < 0)
		return -1;
	long n = r->findings_total < RP_MAX_FINDINGS ? r->findings_total : RP_MAX_FINDINGS;
	r->findings = ar_alloc(r->a, sizeof *r->findings * (size_t)(n + 1));
	sqlite3_stmt *s = prep(q,
		"SELECT f.id, f.kind, f.model, f.oracle, f.signature, f.rule, f.line, f.col, f.message, "
		"f.witness, f.strength, f.strength_note, f.first_seen, f.last_seen, f.count, f.status, "
		"coalesce(f.program_id, 0), coalesce(f.campaign_id, 0), p.text "
		"FROM findings f LEFT JOIN programs p ON p.id = f.program_id "
		"ORDER BY f.count DESC, f.id LIMIT ?1");
	if (!s)
		return -1;
	sqlite3_bind_int64(s, 1, n);
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW && r->nfindings < n) {
		RpFinding *f = &r->findings[r->nfindings++];
		f->id = sqlite3_column_int64(s, 0);
		f->kind = col_text(q, s, 1);
		f->model = col_text(q, s, 2);
		f->oracle = col_text(q, s, 3);
		f->signature = col_text(q, s, 4);
		f->rule = col_text(q, s, 5);
		f->line = sqlite3_column_int(s, 6);
		f->col = sqlite3_column_int(s, 7);
		f->message = col_text(q, s, 8);
		f->witness = col_text(q, s, 9);
		f->strength = col_text(q, s, 10);
		f->strength_note = col_text(q, s, 11);
		f->first_seen = col_text(q, s, 12);
		f->last_seen = col_text(q, s, 13);
		f->count = (long)sqlite3_column_int64(s, 14);
		f->status = col_text(q, s, 15);
		f->program_id = sqlite3_column_int64(s, 16);
		f->campaign_id = sqlite3_column_int64(s, 17);
		f->program_text = col_text(q, s, 18);
		f->hw_rate = -1;
	}
	if (finish(q, s, rc == SQLITE_ROW ? SQLITE_DONE : rc, "findings") < 0)
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

	s = prep(q, "SELECT id, finding_id, reduced_text, pytest_text, cuda_text, created_at "
	            "FROM reproducers ORDER BY finding_id, id DESC");
	if (!s)
		return -1;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		int i = find_id(ix, r->nfindings, sqlite3_column_int64(s, 1));
		if (i < 0)
			continue;
		RpFinding *f = &r->findings[i];
		f->repro_total++;
		if (f->nrepro == RP_MAX_REPRODUCERS)
			continue;
		if (!f->repro)
			f->repro = ar_alloc(r->a, sizeof *f->repro * RP_MAX_REPRODUCERS);
		RpReproducer *p = &f->repro[f->nrepro++];
		p->id = sqlite3_column_int64(s, 0);
		p->reduced = col_text(q, s, 2);
		p->pytest = col_text(q, s, 3);
		p->cuda = col_text(q, s, 4);
		p->created_at = col_text(q, s, 5);
	}
	if (finish(q, s, rc, "reproducers") < 0)
		return -1;

	s = prep(q, "SELECT finding_id, count(*), sum(trials), sum(mismatches), "
	            "sum(outcome = 'reproduced'), sum(outcome = 'reproduced-with-stand-in') "
	            "FROM hw_runs WHERE finding_id IS NOT NULL "
	            "GROUP BY finding_id");
	if (!s)
		return -1;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
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
	return finish(q, s, rc, "hardware runs per finding");
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
		h->kernel_source = col_text(q, s, 5);
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
