/* reduce.c: the reducer (README, Reducer): shrink a program while it still shows a
 * finding.
 *
 * Greedy and tree-aware: the passes of reduce_edits.c are tried in order
 * (big deletions first, then single statements, unwrapping, headers,
 * expressions, function headers), each over all its sites; an edit is kept
 * when the candidate still shows the finding, and the rounds repeat until
 * one changes nothing (a fixed point: no single edit keeps the finding) or a
 * limit is hit.  Every candidate is printed and read back before it is
 * judged, so what is kept is always a well-formed program that prints and
 * parses, and the finding is judged with source locations of the reduced
 * text.  Only the oracle that reported the finding is run on candidates.
 *
 * "Still shows the finding" = same kind, same model, and the same raw
 * signature (fl_sign: oracle, rule and the end events of the witness; no
 * names or positions), so a reduction cannot wander from one bug to another
 * with the same kind.  One pass is the exception: ED_CANON replaces a call
 * that writes a shared buffer by a plain store to that buffer, and is kept
 * when a finding of the same kind, oracle and rule remains (its witness now
 * starts at the store).  It is kept exactly when the bug does not depend on
 * which generic op wrote, so reduced programs of one bug reached through
 * different generic ops (atomics, cp.async, externs) come out alike, and a
 * bug that is about the generic op (a let-bound atomic the model does not
 * look into) keeps its op.  After a canonical edit the raw signature is the
 * new finding's, and the other passes run again.
 *
 * Every candidate must also keep the finding's root cause (the model's rule
 * to blame, Finding.root_cause): the one of the target, or else of the
 * first matching finding of the program, so that a reduction does not pass
 * from one rule of the model to another with the same raw signature
 * (legacy's missing fence across a declaration and across a back edge).
 */
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "ptrmap.h"
#include "reduce.h"

unsigned
fz_oracles_for_kind(FindingKind k)
{
	switch (k) {
	case FK_UNSOUND:
	case FK_UNSOUND_WAR:
	case FK_GATED: return ORC_SOUNDNESS;
	case FK_UNNECESSARY_FENCE: return ORC_NECESSITY;
	case FK_PLACEMENT: return ORC_PLACEMENT;
	case FK_ALIAS_FENCE: return ORC_ALIAS;
	case FK_NOT_PRESERVED: return ORC_PRESERVATION;
	case FK_NOT_IDEMPOTENT: return ORC_IDEMPOTENCE;
	case FK_HANDSHAKE: return ORC_HANDSHAKE;
	default: return ORC_ALL;
	}
}

int
fz_shows(const ReduceTarget *t, const Program *p, FindingList *fl, Finding *out)
{
	OracleOptions o = t->oracles;
	o.enabled = fz_oracles_for_kind(t->kind);
	int first = fl->n;
	if (t->kind == FK_DIFFERENTIAL)
		orc_differential(t->model, t->other, p, &o, fl);
	else
		orc_check(t->model, p, &o, fl);
	for (int i = first; i < fl->n; i++) {
		const Finding *f = &fl->items[i];
		int same = t->raw_signature ? f->signature == t->raw_signature
		           : t->rule        ? f->oracle && f->rule && !strcmp(f->oracle, t->oracle) &&
		                                  !strcmp(f->rule, t->rule)
		                            : 1;
		if (t->root_cause && (!f->root_cause || strcmp(f->root_cause, t->root_cause)))
			same = 0;
		if (f->kind == t->kind && same) {
			if (out)
				*out = *f;
			return 1;
		}
	}
	return 0;
}

long
fz_count_stmts(const Program *p)
{
	long n = 0;
	for (int i = 0; i < p->nfuncs; i++)
		n += (long)ir_count_stmts(p->funcs[i]->body);
	return n;
}

void
fz_apply_locs(const PtrMap *locs)
{
	for (size_t i = 0; i < locs->cap; i++)
		if (locs->keys[i]) {
			Stmt *s = (Stmt *)locs->keys[i];
			pm_loc_unpack(locs->vals[i], &s->loc.line, &s->loc.col);
		}
}

/* A candidate, printed and read back into its own arena: NULL when it does
 * not read back or verify (an edit removed a definition still in use). */
static Program *
reread(const Program *cand, char **text)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, cand);
	Arena *a = ar_new();
	Diag d;
	Program *q = ir_read(a, "reduced", sb.p, sb.len, &d);
	if (q && ir_verify_program(q, &d))
		q = NULL;
	if (!q) {
		ar_free(a);
		sb_free(&sb);
		return NULL;
	}
	*text = sb_take(&sb);
	return q;
}

/* The passes (the canonicalising one alone when canon) to a fixed point
 * or a limit; *curp and *textp are replaced by each kept candidate. */
static void
run_passes(const ReduceTarget *t, Program **curp, char **textp, ReduceResult *r, double t0,
           double max_s, long max_trials, int canon)
{
	int progress = 1;
	while (progress && !r->hit_limit) {
		progress = 0;
		for (int pass = 0; pass < ED_COUNT && !r->hit_limit; pass++) {
			if ((pass == ED_CANON) != canon)
				continue;
			for (int site = 0;;) {
				if (r->trials >= max_trials || fz_now() - t0 >= max_s) {
					r->hit_limit = 1;
					break;
				}
				Arena *scratch = ar_new();
				Program *cand = fz_edit(scratch, *curp, (EditPass)pass, site);
				if (!cand) {
					ar_free(scratch);
					break;
				}
				char *ctext = NULL;
				Program *q = reread(cand, &ctext);
				ar_free(scratch);
				int keep = 0;
				if (q && !strcmp(ctext, *textp)) {
					/* An edit that changed nothing (a rename with no uses left). */
					ar_free(q->arena);
					free(ctext);
					q = NULL;
					ctext = NULL;
				}
				if (q) {
					r->trials++;
					FindingList fl;
					fl_init(&fl, q->arena);
					keep = fz_shows(t, q, &fl, NULL);
				}
				if (keep) {
					ar_free((*curp)->arena);
					free(*textp);
					*curp = q;
					*textp = ctext;
					r->accepted++;
					progress = 1;
					/* The same site number now names the next site. */
				} else {
					if (q)
						ar_free(q->arena);
					free(ctext);
					site++;
				}
			}
		}
	}

}

int
fz_reduce(Arena *a, const Program *p, const ReduceTarget *t, const ReduceLimits *lim,
          ReduceResult *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	double t0 = fz_now();
	double max_s = lim && lim->max_seconds > 0 ? lim->max_seconds : REDUCE_DEFAULT_SECONDS;
	long max_trials = lim && lim->max_trials > 0 ? lim->max_trials : REDUCE_DEFAULT_TRIALS;
	r->stmts_before = fz_count_stmts(p);

	char *text = NULL;
	Program *cur = reread(p, &text);
	if (!cur) {
		snprintf(err, errlen, "the program does not print and read back");
		return -1;
	}
	ReduceTarget cur_t = *t;
	char root_cause[256];
	{
		FindingList fl;
		Finding f0;
		fl_init(&fl, cur->arena);
		if (!fz_shows(t, cur, &fl, &f0)) {
			snprintf(err, errlen, "the program does not show a %s finding of %s%s",
			         orc_kind_name(t->kind), t->model->name,
			         t->raw_signature ? " with that signature" : "");
			ar_free(cur->arena);
			free(text);
			return -1;
		}
		if (!cur_t.root_cause && f0.root_cause) {
			snprintf(root_cause, sizeof root_cause, "%s", f0.root_cause);
			cur_t.root_cause = root_cause;
		}
	}
	for (;;) {
		run_passes(&cur_t, &cur, &text, r, t0, max_s, max_trials, 0);
		if (r->hit_limit || cur_t.kind == FK_DIFFERENTIAL)
			break;
		/* The canonicalising pass, under the relaxed match. */
		ReduceTarget relaxed = cur_t;
		FindingList fl;
		Finding f;
		fl_init(&fl, cur->arena);
		if (!fz_shows(&cur_t, cur, &fl, &f))
			abort();
		/* Copies: f's strings may live in the arena of a program the pass
		 * replaces. */
		char oracle[128], rule[512];
		snprintf(oracle, sizeof oracle, "%s", f.oracle ? f.oracle : "");
		snprintf(rule, sizeof rule, "%s", f.rule ? f.rule : "");
		relaxed.raw_signature = 0;
		relaxed.oracle = oracle;
		relaxed.rule = rule;
		long before = r->accepted;
		run_passes(&relaxed, &cur, &text, r, t0, max_s, max_trials, 1);
		if (r->accepted == before)
			break;
		fl_init(&fl, cur->arena);
		if (!fz_shows(&relaxed, cur, &fl, &f))
			abort();
		cur_t.raw_signature = f.signature;
	}
	t = &cur_t;

	/* The result, in the caller's arena, with its finding located. */
	Diag d;
	r->reduced = ir_read(a, "reduced", text, strlen(text), &d);
	if (!r->reduced)
		abort(); /* it read back a moment ago */
	ar_free(cur->arena);
	r->text = text;
	fl_init(&r->findings, a);
	if (!fz_shows(t, r->reduced, &r->findings, &r->finding))
		abort(); /* every kept program shows the finding */
	r->cause = fz_cause_signature(r->reduced, &r->finding);
	r->stmts_after = fz_count_stmts(r->reduced);
	r->seconds = fz_now() - t0;
	return 0;
}

void
fz_reduce_result_free(ReduceResult *r)
{
	free(r->text);
	r->text = NULL;
}
