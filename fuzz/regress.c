/* regress.c: render and replay regression-corpus files (format in
 * regress.h).  A replay compares two things per model: the verdict (the
 * kinds of findings the oracles report on the model's output, with counts)
 * and the output itself (structural equality with the expected section), so
 * a model change that moves a fence without changing any verdict is caught
 * too. */
#include <stdlib.h>
#include <string.h>

#include "regress.h"

/* The expected-output section of a model that refuses the program. */
static const char REFUSED[] = "refused: ";

void
fz_verdict(const PassModel *m, const Program *p, char *out, size_t outlen)
{
	OracleOptions o;
	orc_defaults(&o);
	Arena *a = p->arena;
	FindingList fl;
	fl_init(&fl, a);
	orc_check(m, p, &o, &fl);
	int count[FK_COUNT] = {0};
	for (int i = 0; i < fl.n; i++)
		count[fl.items[i].kind]++;
	size_t n = 0;
	out[0] = 0;
	for (int k = 0; k < FK_COUNT; k++) {
		if (!count[k])
			continue;
		int w = count[k] > 1 ? snprintf(out + n, outlen - n, "%s%s x%d", n ? ", " : "",
		                                orc_kind_name((FindingKind)k), count[k])
		                     : snprintf(out + n, outlen - n, "%s%s", n ? ", " : "",
		                                orc_kind_name((FindingKind)k));
		if (w < 0 || (size_t)w >= outlen - n)
			break;
		n += (size_t)w;
	}
	if (!n)
		snprintf(out, outlen, "ok");
}

static void
put_commented(StrBuf *sb, const char *text)
{
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len)
			sb_puts(sb, "# ");
		else
			sb_puts(sb, "#");
		sb_putn(sb, p, len);
		sb_putc(sb, '\n');
		p += len + (nl != NULL);
	}
}

char *
fz_regress_render(const char *text, const char *const *titles, const PassModel *const *models,
                  int nmodels, char *err, size_t errlen)
{
	Arena *a = ar_new();
	Diag d;
	Program *p = ir_read(a, "program", text, strlen(text), &d);
	if (!p) {
		snprintf(err, errlen, "%d:%d: %s", d.line, d.col, d.msg);
		ar_free(a);
		return NULL;
	}
	StrBuf sb;
	sb_init(&sb);
	for (int i = 0; titles && titles[i]; i++)
		sb_printf(&sb, "%s%s\n", REGRESS_TITLE, titles[i]);
	for (int i = 0; i < nmodels; i++) {
		char v[512];
		fz_verdict(models[i], p, v, sizeof v);
		sb_printf(&sb, "%s%s: %s\n", REGRESS_VERDICT, models[i]->name, v);
	}
	ir_print_program(&sb, p);
	sb_putc(&sb, '\n');
	for (int i = 0; i < nmodels; i++) {
		/* A model whose version lacks one of the program's ops refuses it
		 * (verdict model-rejected): its section says so instead of an output. */
		PassError perr;
		Program *q = pass_run_ex(models[i], p, &perr);
		if (!q && perr.kind != PASS_ERR_REJECTED) { /* an external model failed */
			snprintf(err, errlen, "model %s failed: %s", models[i]->name, perr.msg);
			sb_free(&sb);
			ar_free(a);
			return NULL;
		}
		StrBuf out;
		sb_init(&out);
		if (q)
			ir_print_program(&out, q);
		else
			sb_printf(&out, "%s%s", REFUSED, perr.msg);
		sb_printf(&sb, "%s%s\n", REGRESS_EXPECT, models[i]->name);
		put_commented(&sb, out.p ? out.p : "");
		sb_free(&out);
	}
	ar_free(a);
	return sb_take(&sb);
}

/* ---- replay ------------------------------------------------------------------ */

typedef struct Expect {
	char model[256];
	char verdict[512];
	int verdict_line;
	StrBuf output;      /* the expected output, comment prefixes removed */
	int output_line;    /* line of its mark; 0: no section */
} Expect;

enum { MAX_EXPECT = 32 };

static Expect *
expect_for(Expect *e, int *n, const char *model, size_t len)
{
	for (int i = 0; i < *n; i++)
		if (strlen(e[i].model) == len && !strncmp(e[i].model, model, len))
			return &e[i];
	if (*n == MAX_EXPECT || len >= sizeof e[0].model)
		return NULL;
	Expect *x = &e[(*n)++];
	memset(x, 0, sizeof *x);
	memcpy(x->model, model, len);
	sb_init(&x->output);
	return x;
}

/* Splits the file into per-model expectations; -1 on a malformed line. */
static int
parse_expectations(const char *path, const char *src, Expect *e, int *n, char **titles_out)
{
	StrBuf titles;
	sb_init(&titles);
	Expect *cur = NULL;
	int line = 0;
	for (const char *p = src; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		line++;
		if (len >= strlen(REGRESS_EXPECT) && !strncmp(p, REGRESS_EXPECT, strlen(REGRESS_EXPECT))) {
			const char *m = p + strlen(REGRESS_EXPECT);
			size_t mlen = len - strlen(REGRESS_EXPECT);
			while (mlen && (m[mlen - 1] == ' ' || m[mlen - 1] == '\r'))
				mlen--;
			cur = expect_for(e, n, m, mlen);
			if (!cur) {
				fprintf(stderr, "%s:%d:1: too many models or a model name too long\n", path, line);
				sb_free(&titles);
				return -1;
			}
			cur->output_line = line;
		} else if (cur && len >= 1 && p[0] == '#') {
			const char *t = p + 1;
			size_t tl = len - 1;
			if (tl && *t == ' ')
				t++, tl--;
			sb_putn(&cur->output, t, tl);
			sb_putc(&cur->output, '\n');
		} else if (len >= strlen(REGRESS_VERDICT) &&
		           !strncmp(p, REGRESS_VERDICT, strlen(REGRESS_VERDICT))) {
			cur = NULL;
			const char *m = p + strlen(REGRESS_VERDICT);
			const char *colon = memchr(m, ':', len - strlen(REGRESS_VERDICT));
			if (!colon) {
				fprintf(stderr, "%s:%d:%d: expected '%sMODEL: VERDICT'\n", path, line,
				        (int)strlen(REGRESS_VERDICT) + 1, REGRESS_VERDICT);
				sb_free(&titles);
				return -1;
			}
			Expect *x = expect_for(e, n, m, (size_t)(colon - m));
			if (!x) {
				fprintf(stderr, "%s:%d:1: too many models or a model name too long\n", path, line);
				sb_free(&titles);
				return -1;
			}
			const char *v = colon + 1;
			while (*v == ' ')
				v++;
			size_t vl = (size_t)(p + len - v);
			while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\r'))
				vl--;
			snprintf(x->verdict, sizeof x->verdict, "%.*s", (int)vl, v);
			x->verdict_line = line;
		} else {
			cur = NULL;
			if (len >= strlen(REGRESS_TITLE) && !strncmp(p, REGRESS_TITLE, strlen(REGRESS_TITLE))) {
				sb_putn(&titles, p + strlen(REGRESS_TITLE), len - strlen(REGRESS_TITLE));
				sb_putc(&titles, '\n');
			}
		}
		p += len + (nl != NULL);
	}
	*titles_out = sb_take(&titles);
	return 0;
}

static int
listed(const char *const *names, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return 1;
	return 0;
}

/* The first line where a and b differ (1-based), with both lines. */
static int
first_diff_line(const char *a, const char *b, const char **la, size_t *na, const char **lb,
                size_t *nb)
{
	int line = 1;
	for (;;) {
		const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
		size_t ka = ea ? (size_t)(ea - a) : strlen(a), kb = eb ? (size_t)(eb - b) : strlen(b);
		if (ka != kb || strncmp(a, b, ka) || (!ea) != (!eb)) {
			*la = a, *na = ka, *lb = b, *nb = kb;
			return line;
		}
		if (!ea)
			return 0;
		a = ea + 1, b = eb + 1, line++;
	}
}

int
fz_replay_file(const char *path, const ReplayOptions *o, FILE *out, int *nchecked)
{
	*nchecked = 0;
	Diag d = {0};
	size_t len;
	char *src = ir_read_text(path, &len, &d);
	if (!src) {
		diag_print(stderr, &d);
		return -1;
	}
	Arena *a = ar_new();
	Program *p = ir_read(a, path, src, len, &d);
	if (!p) {
		diag_print(stderr, &d);
		free(src);
		ar_free(a);
		return -1;
	}
	static Expect e[MAX_EXPECT];
	int n = 0;
	char *titles = NULL;
	if (parse_expectations(path, src, e, &n, &titles)) {
		free(src);
		ar_free(a);
		return -1;
	}
	int changed = 0, bad = 0;
	const PassModel *models[MAX_EXPECT];
	int nmodels = 0;
	for (int i = 0; i < n && !bad; i++) {
		Expect *x = &e[i];
		if (o->only && !o->update && !listed(o->only, o->nonly, x->model))
			continue;
		const PassModel *m = NULL;
		for (int s = 0; s < o->nsub; s++)
			if (!strcmp(o->sub_from[s], x->model))
				m = o->sub_to[s];
		if (!m)
			m = pass_find(x->model);
		if (!m) {
			fprintf(stderr, "%s:%d:1: unknown model '%s'\n", path,
			        x->verdict_line ? x->verdict_line : x->output_line, x->model);
			bad = 1;
			break;
		}
		if (!x->verdict_line || !x->output_line) {
			fprintf(stderr, "%s:%d:1: model '%s' has %s but no %s\n", path,
			        x->verdict_line ? x->verdict_line : x->output_line, x->model,
			        x->verdict_line ? "a verdict" : "an expected output",
			        x->verdict_line ? "expected output (# ==== expect)" : "verdict line");
			bad = 1;
			break;
		}
		models[nmodels++] = m;
		(*nchecked)++;
		if (o->update)
			continue;
		const char *as = m == pass_find(x->model) ? "" : " (substituted: ";
		char v[512];
		fz_verdict(m, p, v, sizeof v);
		if (strcmp(v, x->verdict)) {
			fprintf(out, "%s:%d:1: %s%s%s%s: verdict changed\n  - expected: %s\n  + got:      %s\n",
			        path, x->verdict_line, x->model, as, *as ? m->name : "", *as ? ")" : "",
			        x->verdict, v);
			changed++;
		}
		PassError perr;
		Program *q = pass_run_ex(m, p, &perr);
		int want_refused = x->output.p && !strncmp(x->output.p, REFUSED, strlen(REFUSED));
		if (!q || want_refused) {
			if ((q == NULL) != want_refused) {
				fprintf(out, "%s:%d:1: %s%s%s%s: output changed\n  - expected: %.*s\n  + got:      %s%s\n",
				        path, x->output_line, x->model, as, *as ? m->name : "", *as ? ")" : "",
				        want_refused ? (int)strcspn(x->output.p, "\n") : 9,
				        want_refused ? x->output.p : "an output", q ? "an output" : REFUSED,
				        q ? "" : perr.msg);
				changed++;
			}
			continue;
		}
		Diag ed;
		Arena *ea = ar_new();
		Program *want = ir_read(ea, path, x->output.p ? x->output.p : "", x->output.len, &ed);
		if (!want) {
			fprintf(stderr, "%s:%d:1: the expected output of %s does not read: %d:%d: %s\n", path,
			        x->output_line, x->model, ed.line, ed.col, ed.msg);
			ar_free(ea);
			bad = 1;
			break;
		}
		if (!ir_equal_program(q, want)) {
			StrBuf got;
			sb_init(&got);
			ir_print_program(&got, q);
			sb_putc(&got, '\n');
			const char *la = NULL, *lb = NULL;
			size_t na = 0, nb = 0;
			int line = first_diff_line(x->output.p ? x->output.p : "", got.p ? got.p : "", &la, &na,
			                           &lb, &nb);
			fprintf(out, "%s:%d:1: %s%s%s%s: output changed (line %d of the expected output)\n"
			             "  - expected: %.*s\n  + got:      %.*s\n",
			        path, x->output_line, x->model, as, *as ? m->name : "", *as ? ")" : "", line,
			        (int)na, la ? la : "", (int)nb, lb ? lb : "");
			sb_free(&got);
			changed++;
		}
		ar_free(ea);
	}
	for (int i = 0; i < n; i++)
		sb_free(&e[i].output);
	int rc = bad ? -1 : changed;
	if (!bad && o->update) {
		/* Titles kept, expectations written anew for the models of the file. */
		char *tl[64];
		int nt = 0;
		for (char *t = titles, *nl; t && *t && nt < 63; t = nl + 1) {
			nl = strchr(t, '\n');
			*nl = 0;
			tl[nt++] = t;
		}
		tl[nt] = NULL;
		char err[256];
		char *text = fz_regress_render(src, (const char *const *)tl, models, nmodels, err, sizeof err);
		FILE *f = text ? fopen(path, "w") : NULL;
		if (!f || fputs(text, f) < 0 || fclose(f)) {
			fprintf(stderr, "%s: cannot rewrite: %s\n", path, text ? "write failed" : err);
			rc = -1;
		}
		free(text);
	}
	free(titles);
	free(src);
	ar_free(a);
	return rc;
}
