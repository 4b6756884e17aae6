/* check.c: runs a model and then every enabled oracle on each function of a
 * program (`fencefuzz check`), and the differential oracle on two models.
 *
 * This is the one oracle file that includes core/pass.h: it must run the
 * model to get the output it judges.  The judging itself happens in the other
 * oracle files, which never see the model. */
#include <string.h>

#include "oracle.h"
#include "pass.h"

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

int
orc_check(const PassModel *m, const Program *p, const OracleOptions *o, FindingList *out)
{
	int before = out->n;
	PassError err;
	Program *q = pass_run_ex(m, p, &err);
	if (!q) {
		model_failure(m, p, &err, "", out);
		return out->n - before;
	}
	Program *qq = NULL;
	if (o->enabled & ORC_IDEMPOTENCE) {
		qq = pass_run_ex(m, q, &err);
		if (!qq)
			model_failure(m, p, &err, " for idempotence (the model run on its own output)", out);
	}
	for (int i = 0; i < p->nfuncs && i < q->nfuncs; i++) {
		const Func *pf = p->funcs[i], *qf = q->funcs[i];
		if (o->enabled & ORC_SOUNDNESS)
			orc_soundness(qf, o, m->name, out);
		if (o->enabled & ORC_HANDSHAKE)
			orc_handshake(qf, o, m->name, out);
		if (o->enabled & ORC_CROSS)
			orc_cross(qf, o, m->name, out);
		if (o->enabled & ORC_PRESERVATION)
			orc_preservation(pf, qf, m->name, out);
		if (qq)
			orc_idempotence(qf, qq->funcs[i], m->name, out);
		if (o->enabled & (ORC_NECESSITY | ORC_PLACEMENT | ORC_ALIAS)) {
			MinimalityStatus st;
			orc_minimality_status(pf, qf, o, m->name, out, &st);
			if ((o->enabled & ORC_PLACEMENT) && st.placement == ORC_PLACEMENT_UNDECIDED)
				fl_add_note(out, "%s: placement undecided in function %s: %s", m->name,
				            pf->name ? pf->name : "?", st.note);
			if (st.necessity_skipped && (o->enabled & (ORC_NECESSITY | ORC_ALIAS)))
				fl_add_note(out, "%s: necessity and alias not judged in function %s: the output is unsound",
				            m->name, pf->name ? pf->name : "?");
		}
	}
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
		                    "SPEC 6 differential: two models disagree; the other oracles say who is wrong",
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
