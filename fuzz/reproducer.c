/* reproducer.c: a reduced finding as the texts a compiler engineer files
 * upstream: the TVMScript program with the finding in its header, and a
 * TileLang pytest case (rendered by repro_pytest.c).
 *
 * The pytest's expected program is what a correct pass must produce, where
 * that can be said without guessing:
 *   unsound, unsound-war  the model's output plus a fence right before the
 *                         witness's async op: where the pass itself puts
 *                         fences (docs/semantics.md §4.2), and sound for that path;
 *   handshake             the output plus tma_store_arrive/tma_store_wait
 *                         before the write that reuses the source;
 *   unnecessary-fence,    a fence count one below the model's;
 *   alias-redundant-fence
 *   not-idempotent        the pass run on its own output must return it;
 *   differential          the model's own output (a pin of the behaviour that
 *                         differs from the other model's, named in the comment).
 * For suboptimal-placement, not-preserved and the model-failure kinds no
 * expected program is derived: the pytest is not emitted and the TVMScript
 * reproducer stands alone.
 */
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "reproducer.h"
#include "repro.h"

static void
header(StrBuf *sb, const ReduceResult *r, const char *prefix)
{
	const Finding *f = &r->finding;
	sb_printf(sb, "%sfencefuzz: %s [%s, %s]: %s\n", prefix, orc_kind_name(f->kind), f->model,
	          f->oracle, f->message ? f->message : "");
	if (f->nwitness) {
		sb_printf(sb, "%s  witness:", prefix);
		for (int i = 0; i < f->nwitness; i++)
			sb_printf(sb, "%s %d:%d %s", i ? " ->" : "", f->witness[i].loc.line,
			          f->witness[i].loc.col, f->witness[i].what);
		sb_putc(sb, '\n');
	}
	if (f->rule)
		sb_printf(sb, "%s  rule: %s\n", prefix, f->rule);
	if (f->root_cause)
		sb_printf(sb, "%s  root cause (the model's rule to blame): %s\n", prefix, f->root_cause);
	sb_printf(sb, "%s  cause signature %016llx, raw signature %016llx\n", prefix,
	          (unsigned long long)r->cause, (unsigned long long)f->signature);
	sb_printf(sb, "%s  reduced: %ld statements -> %ld; %ld candidates judged, %ld kept, %.3f s%s\n",
	          prefix, r->stmts_before, r->stmts_after, r->trials, r->accepted, r->seconds,
	          r->hit_limit ? " (stopped by the limit, not at a fixed point)" : "");
}

char *
fz_repro_tvmscript(const ReduceResult *r)
{
	StrBuf sb;
	sb_init(&sb);
	header(&sb, r, "# ");
	sb_puts(&sb, r->text);
	sb_putc(&sb, '\n');
	return sb_take(&sb);
}

static int
program_fences(const Program *p)
{
	int n = 0;
	for (int i = 0; i < p->nfuncs; i++)
		n += (int)ir_count_call_stmts(p->funcs[i]->body, "fence_proxy_async");
	return n;
}

typedef struct Insert {
	Arena *a;
	Loc at;
	Stmt **ins;
	int nins;
	int done;
} Insert;

/* s with the given statements inserted right before the statement located at
 * `at`; I->done set when it was found. */
static Stmt *
insert_before(Stmt *s, void *ctx)
{
	Insert *I = ctx;
	if (!s || I->done)
		return s;
	if (s->kind != ST_SEQ && s->loc.line == I->at.line && s->loc.col == I->at.col) {
		Stmt **items = ar_alloc(I->a, sizeof *items * (size_t)(I->nins + 1));
		memcpy(items, I->ins, sizeof *items * (size_t)I->nins);
		items[I->nins] = s;
		I->done = 1;
		return ir_seq(I->a, items, I->nins + 1);
	}
	return ir_map_bodies(I->a, s, insert_before, I);
}

static Program *
with_inserted(Arena *a, const Program *q, Loc at, const char *const *names, int n)
{
	Stmt **ins = ar_alloc(a, sizeof *ins * (size_t)n);
	for (int i = 0; i < n; i++)
		ins[i] = ir_eval(a, ir_call(a, names[i], NULL, 0));
	Program *out = ir_program(a);
	*out = *q;
	out->funcs = ar_alloc(a, sizeof *out->funcs * (size_t)(q->nfuncs ? q->nfuncs : 1));
	Insert I = {a, at, ins, n, 0};
	for (int i = 0; i < q->nfuncs; i++) {
		Stmt *b = insert_before(q->funcs[i]->body, &I);
		out->funcs[i] = b == q->funcs[i]->body ? q->funcs[i] : ir_func_with_body(a, q->funcs[i], b);
	}
	return I.done ? out : NULL;
}

/* The test's name: what it tests (kind, root cause or witness shape). */
static void
pytest_name(char *out, size_t n, const Finding *f)
{
	char shape[256] = "";
	size_t len = 0;
	for (int i = 0; i < f->nwitness && len + 8 < sizeof shape; i++)
		len += (size_t)snprintf(shape + len, sizeof shape - len, "%s%s", i ? " -> " : "",
		                        f->witness[i].what ? f->witness[i].what : "");
	if (len >= sizeof shape)
		len = sizeof shape - 1;
	fz_pytest_test_name(out, n, orc_kind_name(f->kind), f->root_cause,
	                    len ? shape : f->message);
}

char *
fz_repro_pytest(const ReduceResult *r, const ReduceTarget *t)
{
	return fz_repro_pytest_api(r, t, fz_pytest_api_for_model(t->model->name));
}

static char *pytest_of(const ReduceResult *r, const ReduceTarget *t, PytestApi api, const char *comment);

char *
fz_repro_pytest_api(const ReduceResult *r, const ReduceTarget *t, PytestApi api)
{
	return pytest_of(r, t, api, NULL);
}

/* The leading "# " comment lines of a stored TVMScript reproducer (the
 * finding's header), without the "# ", up to the TVMScript header line. */
static char *
stored_header(const char *text)
{
	StrBuf sb;
	sb_init(&sb);
	for (const char *l = text; *l == '#';) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		if (n >= 17 && strncmp(l, "# from tvm.script", 17) == 0)
			break;
		size_t skip = n >= 2 && l[1] == ' ' ? 2 : 1;
		sb_putn(&sb, l + skip, n - skip);
		sb_putc(&sb, '\n');
		if (!nl)
			break;
		l = nl + 1;
	}
	return sb_take(&sb);
}

char *
fz_repro_pytest_stored(const char *stored, const ReduceTarget *t, uint64_t cause, PytestApi api)
{
	/* The program without its header, so that the judged locations are
	 * those of the text the pytest is made from. */
	const char *body = strstr(stored, "# from tvm.script");
	body = body ? body : stored;
	Arena *a = ar_new();
	Diag d;
	Program *p = ir_read(a, "reduced", body, strlen(body), &d);
	ReduceResult r;
	memset(&r, 0, sizeof r);
	fl_init(&r.findings, a);
	char *out = NULL;
	if (p && fz_shows(t, p, &r.findings, &r.finding)) {
		r.text = (char *)body;
		r.reduced = p;
		r.cause = cause;
		char *comment = stored_header(stored);
		out = pytest_of(&r, t, api, comment);
		free(comment);
	}
	ar_free(a);
	return out;
}

static char *
pytest_of(const ReduceResult *r, const ReduceTarget *t, PytestApi api, const char *comment)
{
	const Finding *f = &r->finding;
	Arena *a = ar_new();
	Diag d;
	Program *before = ir_read(a, "reduced", r->text, strlen(r->text), &d);
	if (!before) {
		ar_free(a);
		return NULL;
	}
	Program *q = pass_run_ex(t->model, before, &(PassError){0});
	PytestCase c = {0};
	char name[100], note[256];
	pytest_name(name, sizeof name, f);
	c.api = api;
	c.test_name = name;
	c.before = before;
	Loc last = f->nwitness ? f->witness[f->nwitness - 1].loc : f->loc;
	switch (f->kind) {
	case FK_UNSOUND:
	case FK_UNSOUND_WAR:
	case FK_UNSOUND_CROSS: { /* cross: the issuer's fence after its acquire is on the path */
		static const char *const fence[] = {"fence_proxy_async"};
		c.after = q ? with_inserted(a, q, last, fence, 1) : NULL;
		c.expect_mode = "equal";
		snprintf(note, sizeof note,
		         "expected: the model's output plus a fence right before the async op at line %d",
		         last.line);
		break;
	}
	case FK_HANDSHAKE: {
		static const char *const hs[] = {"tma_store_arrive", "tma_store_wait"};
		c.after = q ? with_inserted(a, q, last, hs, 2) : NULL;
		c.expect_mode = "equal";
		snprintf(note, sizeof note,
		         "expected: tma_store_arrive/tma_store_wait before the write at line %d", last.line);
		break;
	}
	case FK_UNNECESSARY_FENCE:
	case FK_ALIAS_FENCE:
		if (!q)
			break;
		c.expect_mode = "fences";
		c.expect_fences = program_fences(q) - 1;
		snprintf(note, sizeof note, "expected: one fence fewer than the %d the pass inserts",
		         program_fences(q));
		break;
	case FK_NOT_IDEMPOTENT:
		if (!q)
			break;
		c.before = q;
		c.after = q;
		c.expect_mode = "equal";
		snprintf(note, sizeof note, "expected: the pass leaves its own output unchanged");
		break;
	case FK_DIFFERENTIAL:
		c.after = q;
		c.expect_mode = "equal";
		snprintf(note, sizeof note, "pins %s's output; %s gives another (see the header)",
		         t->model->name, t->other ? t->other->name : "the other model");
		break;
	default:
		break;
	}
	/* Equality needs the expected program; a fence count needs none. */
	int equal = c.expect_mode && !strcmp(c.expect_mode, "equal");
	if (!c.expect_mode || (equal && !c.after)) {
		ar_free(a);
		return NULL;
	}
	c.fence_note = note;
	if (equal)
		c.expect_fences = program_fences(c.after);
	StrBuf cm;
	sb_init(&cm);
	if (comment)
		sb_puts(&cm, comment);
	else
		header(&cm, r, "");
	c.comment = cm.p;
	StrBuf sb;
	sb_init(&sb);
	char err[256];
	int rc = fz_pytest_text(&sb, &c, err, sizeof err);
	sb_free(&cm);
	ar_free(a);
	if (rc) {
		sb_free(&sb);
		return NULL;
	}
	return sb_take(&sb);
}

char *
fz_repro_cuda(const ReduceResult *r, const ReduceTarget *t)
{
	FindingKind k = r->finding.kind;
	if (k != FK_UNSOUND && k != FK_UNSOUND_WAR && k != FK_UNSOUND_CROSS && k != FK_HANDSHAKE)
		return NULL;
	Arena *a = ar_new();
	Diag d;
	Program *p = ir_read(a, "reduced", r->text, strlen(r->text), &d);
	PassError pe;
	Program *q = p ? pass_run_ex(t->model, p, &pe) : NULL;
	StrBuf sb;
	sb_init(&sb);
	char *out = NULL;
	if (q) {
		header(&sb, r, "// ");
		sb_printf(&sb, "// The output of %s on the reduced program, lowered by fencefuzz lower;\n"
		               "// run it with: fencefuzz confirm FILE (the TVMScript reproducer) --model %s\n",
		          t->model->name, t->model->name);
		LowerOptions lo;
		cu_lower_defaults(&lo);
		LowerInfo info;
		char err[256];
		if (!cu_lower(q, &lo, NULL, &sb, &info, err, sizeof err))
			out = sb_take(&sb);
	}
	sb_free(&sb);
	ar_free(a);
	return out;
}
