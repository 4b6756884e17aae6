/* judge.c: runs a model and then every enabled oracle on each function of a
 * program (`fencefuzz check`), and the differential oracle on two models.
 *
 * The judge is the one layer that links both the models (it must run the
 * model to get the output it judges) and the oracles; the judging itself
 * happens in oracle/, which never sees a model.
 *
 * Root causes.  Once the oracles have judged a function, each finding is
 * given to the model's explain hook (pass.h), which names its own rule to
 * blame (Finding.root_cause); the oracles' verdict is not changed by it.
 * A model with a target gate (PassModel.ungated) is also run with the gate
 * off on a function the gate changed: an unsound finding that the ungated
 * output does not have exists only because of the gate, and is recorded as
 * FK_GATED, root cause PASS_CAUSE_GATED; one that it has too is left out
 * there (TileLang binds the target first, and programs with one find it). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "oracles.h"

/* The model gave no output to judge: one finding saying why. */
static void
model_failure(const PassModel *m, const Program *p, const PassError *err, const char *when,
              FindingList *out)
{
	FindingKind k = err->kind == PASS_ERR_TIMEOUT      ? FK_MODEL_TIMEOUT
	                : err->kind == PASS_ERR_UNREADABLE ? FK_MODEL_UNREADABLE
	                : err->kind == PASS_ERR_REJECTED   ? FK_MODEL_REJECTED
	                                                   : FK_MODEL_CRASH;
	Loc where = {0, 0};
	if (p->nfuncs && p->funcs[0]->body)
		where = p->funcs[0]->body->loc;
	if (k == FK_MODEL_REJECTED && err->loc.line)
		where = err->loc;
	const char *rule = k == FK_MODEL_REJECTED && !m->contract
	                       ? "a model judges only programs whose ops its TileLang version has"
	                   : m->contract ? m->contract
	                                 : "external model (docs/external-models.md): a command that "
	                                   "reads TVMScript on stdin and writes the transformed "
	                                   "TVMScript on stdout, exit status 0";
	Finding *f = fl_add(out, k, m->name, "model", rule, where);
	if (k == FK_MODEL_REJECTED)
		fl_set_message(out, f, "not judged%s: %s", when, err->msg);
	else
		fl_set_message(out, f, "no output to judge%s: %s", when, err->msg);
	f->strength_note = (char *)(k == FK_MODEL_REJECTED && !m->contract ? "the version's op registrations"
	                                                                   : "one run of the model");
	fl_sign(f);
}

static int
unsound_kind(FindingKind k)
{
	return k == FK_UNSOUND || k == FK_UNSOUND_WAR || k == FK_UNSOUND_CROSS || k == FK_UNSOUND_WRITER;
}

static PassQuestion
question(FindingKind k)
{
	switch (k) {
	case FK_UNSOUND:
	case FK_UNSOUND_CROSS:
	case FK_UNSOUND_WRITER: return PASS_Q_UNFENCED_WRITE;
	case FK_UNSOUND_WAR: return PASS_Q_UNFENCED_READ;
	case FK_UNNECESSARY_FENCE: return PASS_Q_EXTRA_FENCE;
	case FK_ALIAS_FENCE: return PASS_Q_ALIAS_FENCE;
	case FK_PLACEMENT: return PASS_Q_PLACEMENT;
	case FK_NOT_PRESERVED: return PASS_Q_NOT_PRESERVED;
	case FK_NOT_IDEMPOTENT: return PASS_Q_NOT_IDEMPOTENT;
	case FK_HANDSHAKE: return PASS_Q_HANDSHAKE;
	default: return PASS_Q_OTHER;
	}
}

static int share_soundness(const Func *p, const Func *q, const OracleOptions *o, const char *model,
                           FindingList *fl);
static void ungated_check(const FindingList *shared, const Func *ug, const OracleOptions *o,
                          const char *model, FindingList *fl);
static int mode(void);

/* Findings out->items[from..] of function pf -> qf: FK_GATED where only the
 * gate makes them, then the model's explanation of the rest.  sharing (the
 * program of orc_share_begin): the soundness of an ungated output identical
 * to an output judged before is that verdict's. */
static void
explain_findings(const PassModel *m, const Func *pf, const Func *qf, const OracleOptions *o,
                 FindingList *out, int from, const OrcExplainHook *hook, int sharing)
{
	/* The ungated run matters only to unsound findings: none, no run. */
	int unsound = 0;
	for (int i = from; i < out->n && !unsound; i++)
		unsound = unsound_kind(out->items[i].kind);
	if (unsound && m->ungated && (o->enabled & ORC_SOUNDNESS)) {
		Func *ug = m->ungated->run(pf, out->arena);
		if (!orc_func_is_copy(qf, ug) && !ir_equal_func(ug, qf)) {
			FindingList ufl;
			fl_init(&ufl, out->arena);
			if (!sharing || !share_soundness(pf, ug, o, m->name, &ufl))
				orc_soundness(ug, o, m->name, &ufl);
			else if (mode() == 2)
				ungated_check(&ufl, ug, o, m->name, out);
			/* A finding the ungated output has too is the pass's as TileLang
			 * runs it (target bound), and programs with a target find it: on
			 * this program, which TileLang never hands the pass without a
			 * target, it is left out, so every finding of the model on it is
			 * about the gate. */
			int w = from;
			for (int i = from; i < out->n; i++) {
				Finding *f = &out->items[i];
				if (unsound_kind(f->kind)) {
					int kept = 0;
					for (int j = 0; j < ufl.n && !kept; j++)
						kept = ufl.items[j].kind == f->kind && ufl.items[j].signature == f->signature;
					if (kept)
						continue;
					f->kind = FK_GATED;
					f->root_cause = PASS_CAUSE_GATED;
					fl_sign(f);
				}
				out->items[w++] = *f;
			}
			out->n = w;
		}
	}
	if (!m->explain)
		return;
	for (int i = from; i < out->n; i++) {
		Finding *f = &out->items[i];
		PassQuestion qn = question(f->kind);
		if (f->root_cause || qn == PASS_Q_OTHER || (hook && !hook->wanted(f, hook->ctx)))
			continue;
		/* WitnessStep and PassStep say the same; the copy keeps the model
		 * interface free of oracle types. */
		PassStep *steps = ar_alloc(out->arena, sizeof *steps * (size_t)(f->nwitness + 1));
		for (int j = 0; j < f->nwitness; j++) {
			steps[j].loc = f->witness[j].loc;
			steps[j].what = f->witness[j].what;
		}
		PassQuery q = {qn, f->loc, steps, f->nwitness};
		f->root_cause = m->explain(m, pf, qf, &q, out->arena);
	}
}

/* The rows of the registry that run under an enabled mask, bit i for row
 * i: enabled, and the first enabled row of its entry point (rows of a group
 * may share one).  Worked out once per mask (the last one asked of). */
static unsigned
runs_mask(unsigned enabled)
{
	_Static_assert(ORC_NORACLES <= 32, "one bit a row");
	static _Thread_local unsigned for_enabled, mask;
	static _Thread_local int known;
	if (known && for_enabled == enabled)
		return mask;
	unsigned m = 0;
	for (int i = 0; i < ORC_NORACLES; i++) {
		if (!(enabled & orc_oracles[i].bit))
			continue;
		int first = 1;
		for (int j = 0; j < i && first; j++)
			if ((enabled & orc_oracles[j].bit) && orc_oracles[j].run == orc_oracles[i].run)
				first = 0;
		m |= (unsigned)first << i;
	}
	for_enabled = enabled;
	mask = m;
	known = 1;
	return m;
}

/* Row i of the registry runs on this function (runs_mask). */
static inline int
runs(const OracleOptions *o, int i)
{
	return runs_mask(o->enabled) >> i & 1;
}

#ifndef NDEBUG
/* The kinds row i's entry point may emit: those of every row sharing it. */
static uint32_t
entry_kinds(int i)
{
	uint32_t k = 0;
	for (int j = 0; j < ORC_NORACLES; j++)
		if (orc_oracles[j].run == orc_oracles[i].run)
			k |= orc_oracles[j].kinds;
	return k;
}
#endif

/* ---- verdicts shared across the models of one program (orc_share_begin) ---- */

/* What the registry's rows said of one output function, row by row, before
 * the model explained it: findings from[i] .. from[i + 1] - 1 and notes
 * note_from[i] .. note_from[i + 1] - 1 of row i (notes without the model's
 * name in front). */
typedef struct Verdict {
	const Func *p, *q;
	Finding *f;
	const char **notes;
	int from[ORC_NORACLES + 1], note_from[ORC_NORACLES + 1];
} Verdict;

enum { SHARE_MAX = 16 }; /* output functions remembered per program */

static long shared_total; /* verdicts taken over, for orc_share_taken */

static struct {
	int active;
	const Program *p;
	const OracleOptions *o;
	Arena *arena; /* where the findings' strings live: the lists' arena */
	Verdict v[SHARE_MAX];
	int n;
} share;

/* FENCEFUZZ_JUDGE_SHARE: 0 judges every model's output (no sharing);
 * "check" shares and also judges, and aborts where the two differ. */
static int share_mode = -1; /* 0 off, 1 on, 2 check */

static int
mode(void)
{
	if (share_mode < 0) {
		const char *e = getenv("FENCEFUZZ_JUDGE_SHARE");
		share_mode = e && strcmp(e, "0") == 0 ? 0 : e && strcmp(e, "check") == 0 ? 2 : 1;
	}
	return share_mode;
}

void
orc_share_begin(const Program *p, const OracleOptions *o)
{
	pass_input_begin(p);
	orc_input_begin(p);
	if (!mode())
		return;
	share.active = 1;
	share.p = p;
	share.o = o;
	share.arena = NULL;
	share.n = 0;
}

void
orc_share_end(void)
{
	pass_input_end();
	orc_input_end();
	share.active = 0;
	share.p = NULL;
	share.n = 0;
}

/* A row that reads the model itself (its run on its own output) is judged
 * again for each model; every other row reads only the input, the output
 * and the options. */
static int
row_reads_model(int i)
{
	return (orc_oracles[i].needs & ORC_IN_QQ) != 0;
}

/* Remembers what the rows said of c->q (out's items from `first`, notes from
 * `first_note`, row boundaries in from/note_from), when every note starts
 * with the model's name.  The oracles sign every finding with fl_sign, so a
 * copy is signed again under the next model's name
 * (FENCEFUZZ_JUDGE_SHARE=check would catch one that is not). */
static void
share_remember(const OracleCase *c, const FindingList *out, const int *from, const int *note_from)
{
	if (share.n == SHARE_MAX || (share.arena && share.arena != out->arena))
		return;
	size_t mlen = strlen(c->model);
	if (mlen > 64)
		return;
	/* A note is remade as "model: rest", within fl_add_note's 511 bytes
	 * however long the next model's name: only notes well inside it. */
	for (int j = note_from[0]; j < note_from[ORC_NORACLES]; j++)
		if (strncmp(out->notes[j], c->model, mlen) != 0 || strncmp(out->notes[j] + mlen, ": ", 2) != 0 ||
		    strlen(out->notes[j]) > 400)
			return;
	Verdict *v = &share.v[share.n];
	int nf = from[ORC_NORACLES] - from[0], nn = note_from[ORC_NORACLES] - note_from[0];
	v->p = c->p;
	v->q = c->q;
	v->f = nf ? ar_alloc(out->arena, sizeof *v->f * (size_t)nf) : NULL;
	if (nf)
		memcpy(v->f, &out->items[from[0]], sizeof *v->f * (size_t)nf);
	v->notes = nn ? ar_alloc(out->arena, sizeof *v->notes * (size_t)nn) : NULL;
	for (int j = 0; j < nn; j++)
		v->notes[j] = out->notes[note_from[0] + j] + mlen + 2;
	for (int i = 0; i <= ORC_NORACLES; i++) {
		v->from[i] = from[i] - from[0];
		v->note_from[i] = note_from[i] - note_from[0];
	}
	share.arena = out->arena;
	share.n++;
}

/* An earlier model's verdict on an output identical to c->q, or NULL. */
static const Verdict *
share_find(const OracleCase *c, const FindingList *out)
{
	if (out->arena != share.arena)
		return NULL;
	for (int k = 0; k < share.n; k++)
		if (share.v[k].p == c->p && ir_identical_func(share.v[k].q, c->q))
			return &share.v[k];
	return NULL;
}

long
orc_share_taken(int *checked)
{
	if (checked)
		*checked = mode() == 2;
	return shared_total;
}

/* Row i's findings and notes of verdict v, as this model's. */
static void
share_copy_row(const Verdict *v, int i, const char *model, FindingList *out)
{
	for (int j = v->from[i]; j < v->from[i + 1]; j++) {
		Finding *f = fl_add(out, v->f[j].kind, model, v->f[j].oracle, v->f[j].rule, v->f[j].loc);
		*f = v->f[j];
		f->model = model;
		fl_sign(f);
	}
	for (int j = v->note_from[i]; j < v->note_from[i + 1]; j++)
		fl_add_note(out, "%s: %s", model, v->notes[j]);
}

static void judge_func(const OracleCase *c, FindingList *out, int sharing);

/* The soundness row of an earlier verdict on an output identical to q, of
 * the same input function p, into fl as model's findings: 1, or 0 when no
 * verdict has it (the row judges nothing but q and the options). */
static int
share_soundness(const Func *p, const Func *q, const OracleOptions *o, const char *model, FindingList *fl)
{
	if (!share.active || o != share.o || fl->arena != share.arena)
		return 0;
	int row = -1;
	for (int i = 0; i < ORC_NORACLES && row < 0; i++)
		if (orc_oracles[i].bit == ORC_SOUNDNESS && orc_oracles[i].run == orc_run_soundness && runs(o, i))
			row = i;
	if (row < 0)
		return 0;
	for (int k = 0; k < share.n; k++)
		if (share.v[k].p == p && ir_identical_func(share.v[k].q, q)) {
			share_copy_row(&share.v[k], row, model, fl);
			return 1;
		}
	return 0;
}

/* FENCEFUZZ_JUDGE_SHARE=check: the soundness taken over for the ungated
 * output ug (shared) against judging it (what the gate reads: kinds and
 * signatures, in order). */
static void
ungated_check(const FindingList *shared, const Func *ug, const OracleOptions *o, const char *model,
              FindingList *fl)
{
	FindingList again;
	fl_init(&again, fl->arena);
	orc_soundness(ug, o, model, &again);
	int ok = again.n == shared->n;
	for (int j = 0; ok && j < again.n; j++)
		ok = again.items[j].kind == shared->items[j].kind &&
		     again.items[j].signature == shared->items[j].signature;
	if (!ok) {
		fprintf(stderr, "fencefuzz: FENCEFUZZ_JUDGE_SHARE=check: the soundness taken over for the "
		                "ungated output of %s differs from judging it: %d findings shared, %d judged\n",
		        model, shared->n, again.n);
		abort();
	}
}

static int
same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static int
same_finding(const Finding *a, const Finding *b)
{
	if (a->kind != b->kind || !same_text(a->model, b->model) || !same_text(a->oracle, b->oracle) ||
	    !same_text(a->rule, b->rule) || a->loc.line != b->loc.line || a->loc.col != b->loc.col ||
	    !same_text(a->message, b->message) || a->nwitness != b->nwitness || a->strength != b->strength ||
	    !same_text(a->strength_note, b->strength_note) || a->signature != b->signature ||
	    !same_text(a->root_cause, b->root_cause))
		return 0;
	for (int i = 0; i < a->nwitness; i++)
		if (a->witness[i].loc.line != b->witness[i].loc.line || a->witness[i].loc.col != b->witness[i].loc.col ||
		    !same_text(a->witness[i].what, b->witness[i].what))
			return 0;
	return 1;
}

/* FENCEFUZZ_JUDGE_SHARE=check: the verdicts taken over (out's items from
 * `first`, notes from `first_note`) against judging c again. */
static void
share_check(const OracleCase *c, const FindingList *out, int first, int first_note)
{
	FindingList again;
	fl_init(&again, out->arena);
	again.keys_only = out->keys_only; /* a probe's list has no messages, no notes */
	orc_shared_reset(c->shared, out->arena);
	judge_func(c, &again, 0);
	int ok = again.n == out->n - first && again.nnotes == out->nnotes - first_note;
	for (int j = 0; ok && j < again.n; j++)
		ok = same_finding(&again.items[j], &out->items[first + j]);
	for (int j = 0; ok && j < again.nnotes; j++)
		ok = strcmp(again.notes[j], out->notes[first_note + j]) == 0;
	if (!ok) {
		fprintf(stderr, "fencefuzz: FENCEFUZZ_JUDGE_SHARE=check: the verdicts %s took over differ from "
		                "judging its output (function %s): %d findings and %d notes shared, %d and %d judged\n",
		        c->model, c->p->name ? c->p->name : "?", out->n - first, out->nnotes - first_note, again.n,
		        again.nnotes);
		abort();
	}
}

/* Every enabled oracle of the registry (oracle/oracles.def) on one function;
 * sharing (the program of orc_share_begin): an identical output's verdicts
 * are taken over instead of judged again (rows that read the model run
 * anyway). */
static void
judge_func(const OracleCase *c, FindingList *out, int sharing)
{
	const Verdict *v = sharing ? share_find(c, out) : NULL;
	shared_total += v != NULL;
	int from[ORC_NORACLES + 1], note_from[ORC_NORACLES + 1];
	const unsigned rows = runs_mask(c->o->enabled);
	for (int i = 0; i < ORC_NORACLES; i++) {
		from[i] = out->n;
		note_from[i] = out->nnotes;
		if (!(rows >> i & 1))
			continue;
		if (v && !row_reads_model(i)) {
			share_copy_row(v, i, c->model, out);
			continue;
		}
		orc_oracles[i].run(c, out);
		for (int j = from[i]; j < out->n; j++)
			assert((entry_kinds(i) >> out->items[j].kind) & 1); /* oracles.def lists its kinds */
	}
	from[ORC_NORACLES] = out->n;
	note_from[ORC_NORACLES] = out->nnotes;
	if (sharing && !v)
		share_remember(c, out, from, note_from);
	if (v && mode() == 2)
		share_check(c, out, from[0], note_from[0]);
}

int
orc_check(const PassModel *m, const Program *p, const OracleOptions *o, FindingList *out)
{
	return orc_check_hook(m, p, o, out, NULL);
}

int
orc_check_hook(const PassModel *m, const Program *p, const OracleOptions *o, FindingList *out,
               const OrcExplainHook *hook)
{
	int before = out->n;
	PassError err;
	Program *q = pass_run_ex(m, p, &err);
	if (!q) {
		model_failure(m, p, &err, "", out);
		return out->n - before;
	}
	unsigned needs = 0;
	for (int i = 0; i < ORC_NORACLES; i++)
		if (o->enabled & orc_oracles[i].bit)
			needs |= orc_oracles[i].needs;
	Program *qq = NULL;
	if (needs & ORC_IN_QQ) {
		qq = pass_run_ex(m, q, &err);
		if (!qq)
			model_failure(m, p, &err, " for idempotence (the model run on its own output)", out);
	}
	/* One event graph and one alignment of each output function, shared
	 * by the oracles that need them; the graph's buffers serve every call
	 * (one per process: the judge is not reentrant, and nothing of a case
	 * outlives it there). */
	static OracleShared *shared;
	if (!shared)
		shared = orc_shared_new();
	int sharing = share.active && p == share.p && o == share.o;
	for (int i = 0; i < p->nfuncs && i < q->nfuncs; i++) {
		const Func *pf = p->funcs[i], *qf = q->funcs[i];
		int from = out->n;
		orc_shared_reset(shared, out->arena);
		OracleCase c = {pf, qf, qq ? qq->funcs[i] : NULL, o, m->name, shared};
		judge_func(&c, out, sharing);
		explain_findings(m, pf, qf, o, out, from, hook, sharing);
	}
	orc_shared_reset(shared, NULL);
	return out->n - before;
}

/* The location of the first statement where a and b differ, for the report.
 * Nodes a model built carry no location (0:0); the nearest located statement
 * after them is reported instead. */
static Loc
first_difference(const Stmt *a, const Stmt *b)
{
	Loc none = {0, 0};
	if (!a || !b)
		return a ? a->loc : b ? b->loc : none;
	if (ir_equal_stmt(a, b))
		return none;
	if (a->kind == ST_SEQ || b->kind == ST_SEQ) {
		int na = a->kind == ST_SEQ ? a->u.seq.n : 1, nb = b->kind == ST_SEQ ? b->u.seq.n : 1;
		const Stmt *const *ia = a->kind == ST_SEQ ? (const Stmt *const *)a->u.seq.items : &a;
		const Stmt *const *ib = b->kind == ST_SEQ ? (const Stmt *const *)b->u.seq.items : &b;
		int i = 0;
		while (i < na && i < nb && ir_equal_stmt(ia[i], ib[i]))
			i++;
		for (int j = i; j < na; j++)
			if (ia[j]->loc.line)
				return ia[j]->loc;
		for (int j = i; j < nb; j++)
			if (ib[j]->loc.line)
				return ib[j]->loc;
		return none;
	}
	if (a->kind != b->kind)
		return a->loc.line ? a->loc : b->loc;
	const Stmt *ca, *cb;
	if (a->kind == ST_IF) {
		if (!ir_equal_stmt(a->u.if_.then_, b->u.if_.then_)) {
			Loc l = first_difference(a->u.if_.then_, b->u.if_.then_);
			return l.line ? l : a->loc;
		}
		ca = a->u.if_.else_, cb = b->u.if_.else_;
	} else {
		ca = ir_body(a), cb = ir_body(b);
		if (!ca)
			return a->loc;
	}
	Loc l = first_difference(ca, cb);
	return l.line ? l : a->loc;
}

static const char *
verdict(const Func *q, const OracleOptions *o)
{
	OracleOptions strict = *o;
	strict.war = 0;
	if (!orc_is_sound(q, &strict))
		return "unsound (a generic write reaches an async op unfenced)";
	if (o->war && !orc_is_sound(q, o))
		return "unsound only across proxies WAR (generic read -> async write)";
	return "sound";
}

int
orc_differential(const PassModel *a, const PassModel *b, const Program *p,
                 const OracleOptions *o, FindingList *out)
{
	int before = out->n;
	PassError err;
	Program *qa = pass_run_ex(a, p, &err), *qb = qa ? pass_run_ex(b, p, &err) : NULL;
	if (!qa || !qb)
		return 0; /* orc_check reports the failed model */
	for (int i = 0; i < qa->nfuncs && i < qb->nfuncs; i++) {
		const Func *fa = qa->funcs[i], *fb = qb->funcs[i];
		if (ir_equal_func(fa, fb))
			continue;
		Loc where = first_difference(fa->body, fb->body);
		Finding *f = fl_add(out, FK_DIFFERENTIAL, a->name, "differential",
		                    "differential (docs/semantics.md \u00a75.7): two models disagree; the other oracles say who is wrong",
		                    where);
		const char *va = verdict(fa, o), *vb = verdict(fb, o);
		fl_set_message(out, f, "%s and %s differ (function %s): %s is %s; %s is %s", a->name,
		               b->name, fa->name ? fa->name : "?", a->name, va, b->name, vb);
		fl_add_step(out, f, where, a->name);
		fl_add_step(out, f, where, b->name);
		/* The signature groups by who is wrong, not by the program. */
		f->strength_note = (char *)"verdicts by the soundness oracle on each output";
		fl_sign(f);
		uint64_t h = f->signature;
		for (const char *s = va; *s; s++)
			h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
		for (const char *s = vb; *s; s++)
			h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
		f->signature = h;
	}
	return out->n - before;
}
