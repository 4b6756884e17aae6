/* reduce.c: the reducer (README, Reducer): shrink a program while it still shows a
 * finding.
 *
 * Greedy and tree-aware: the passes of reduce_edits.c are tried in order
 * (big deletions first, then single statements, unwrapping, headers,
 * expressions, function headers), each over all its sites; an edit is kept
 * when the candidate still shows the finding, and the rounds repeat until
 * one changes nothing (a fixed point: no single edit keeps the finding) or a
 * limit is hit.  Every candidate is verified (ir_verify_program: an edit
 * may remove a definition still in use) and printed, with the location map
 * of its statements (IrPrintOptions.locs); a well-formed candidate is judged
 * as it is, its statements located where its text puts them, which is what
 * reading the text back would give (check_candidate), without the round
 * trip.  So what is kept is always a well-formed program that prints and
 * parses, judged with the source locations of its text; the result is read
 * back from the last kept text.  Only the oracle that reported the finding
 * is run on candidates.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "ptrmap.h"
#include "reduce.h"

unsigned
fz_oracles_for_kind(FindingKind k)
{
	/* The registry's rows that can emit k (oracles.def); a gated finding is
	 * soundness's, re-labelled by the judge. */
	if (k == FK_GATED)
		k = FK_UNSOUND;
	unsigned mask = 0;
	for (int i = 0; i < ORC_NORACLES; i++)
		if ((orc_oracles[i].kinds >> k) & 1u)
			mask |= orc_oracles[i].bit;
	return mask ? mask : ORC_ALL;
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

/* The program being reduced: the current candidate, its text, where its
 * statements print (their locations), and the arenas its nodes live in (an
 * edit shares what it does not change with the program it edits). */
typedef struct Cur {
	Program *p;
	char *text;
	PtrMap locs;
	Arena **arenas;
	int narenas;
} Cur;

static void
cur_keep_arena(Cur *c, Arena *a)
{
	Arena **v = realloc(c->arenas, sizeof *v * (size_t)(c->narenas + 1));
	if (!v)
		abort();
	c->arenas = v;
	c->arenas[c->narenas++] = a;
}

static void
cur_free(Cur *c)
{
	for (int i = 0; i < c->narenas; i++)
		ar_free(c->arenas[i]);
	free(c->arenas);
	free(c->text);
	pm_free(&c->locs);
	memset(c, 0, sizeof *c);
}

static int
has_block(const Stmt *s)
{
	if (!s)
		return 0;
	if (s->kind == ST_BLOCK)
		return 1;
	if (s->kind == ST_SEQ) {
		for (int i = 0; i < s->u.seq.n; i++)
			if (has_block(s->u.seq.items[i]))
				return 1;
		return 0;
	}
	if (s->kind == ST_IF)
		return has_block(s->u.if_.then_) || has_block(s->u.if_.else_);
	return has_block(ir_body(s));
}

/* What the text of cand reads back as, where that is not cand itself: a
 * function has a root block when it has a root alloc_buffer or any block
 * (ir_read), whatever the `# with T.block("root"):` comment an edit left
 * says.  New nodes in cand's arena; the statements are cand's. */
static void
as_read_back(Program *cand)
{
	for (int i = 0; i < cand->nfuncs; i++) {
		const Func *f = cand->funcs[i];
		int root = f->nroot_allocs > 0 || has_block(f->body);
		if (f->has_root_block != root) {
			Func *g = ar_alloc(cand->arena, sizeof *g);
			*g = *f;
			g->has_root_block = root;
			cand->funcs[i] = g;
		}
	}
}

/* Candidate cand, checked where it is: 0 and its text (malloc'd) and the
 * locations of its statements in *locs when it is well formed (what reading
 * its text back would accept), -1 when not (an edit removed a definition
 * still in use).  A well-formed program is what its text reads back as (up
 * to as_read_back), so the candidate is judged as it is, without a round
 * trip; a debug build (no NDEBUG) also reads every candidate back and
 * aborts if that does not hold. */
static int
check_candidate(Program *cand, char **text, PtrMap *locs)
{
	Diag d;
	int bad = ir_verify_program(cand, &d) != 0;
	char *t = NULL;
	if (!bad) {
		StrBuf sb;
		sb_init(&sb);
		IrPrintOptions po = {.era = cand->era, .locs = locs};
		ir_print_program_opts(&sb, cand, &po);
		t = sb_take(&sb);
	}
#ifndef NDEBUG
	char *rt = NULL;
	Program *q = reread(cand, &rt);
#endif
	if (!bad)
		as_read_back(cand);
#ifndef NDEBUG
	int same = (q == NULL) == bad;
	if (q && !bad)
		same = !strcmp(rt, t) && ir_equal_program(q, cand);
	if (!same) {
		fprintf(stderr, "fencefuzz: internal error: a reducer candidate %s, and its text %s:\n%s\n",
		        bad ? "does not verify" : "verifies", q ? "reads back differently" : "does not read back",
		        rt ? rt : t ? t : "");
		abort();
	}
	if (q)
		ar_free(q->arena);
	free(rt);
#endif
	*text = t;
	return bad ? -1 : 0;
}

/* The passes (the canonicalising one alone when canon) to a fixed point
 * or a limit; *c is replaced by each kept candidate. */
static void
run_passes(const ReduceTarget *t, Cur *c, ReduceResult *r, double t0, double max_s,
           long max_trials, int canon)
{
	int progress = 1;
	/* The judges' nodes of every candidate, in one arena reset between
	 * candidates: a fresh one each time costs a chunk from the system. */
	Arena *judges = ar_new();
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
				Program *cand = fz_edit(scratch, c->p, (EditPass)pass, site);
				if (!cand) {
					ar_free(scratch);
					break;
				}
				char *ctext = NULL;
				PtrMap clocs = {0};
				int keep = 0, judged = 0;
				/* Not well formed, or an edit that changed nothing (a
				 * rename with no uses left): not judged. */
				if (!check_candidate(cand, &ctext, &clocs) && strcmp(ctext, c->text)) {
					r->trials++;
					judged = 1;
					/* Its statements where its text puts them (the nodes it
					 * shares with the current program too), and the judges'
					 * nodes in an arena of their own. */
					fz_apply_locs(&clocs);
					Program jp = *cand;
					jp.arena = judges;
					FindingList fl;
					fl_init(&fl, jp.arena);
					keep = fz_shows(t, &jp, &fl, NULL);
					ar_reset(judges);
				}
				if (keep) {
					cur_keep_arena(c, scratch);
					free(c->text);
					pm_free(&c->locs);
					c->p = cand;
					c->text = ctext;
					c->locs = clocs;
					r->accepted++;
					progress = 1;
					/* The same site number now names the next site. */
				} else {
					if (judged)
						fz_apply_locs(&c->locs); /* the shared nodes back where they were */
					ar_free(scratch);
					free(ctext);
					pm_free(&clocs);
					site++;
				}
			}
		}
	}
	ar_free(judges);
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

	Cur c = {0};
	c.p = reread(p, &c.text);
	if (!c.p) {
		snprintf(err, errlen, "the program does not print and read back");
		return -1;
	}
	cur_keep_arena(&c, c.p->arena);
	{
		StrBuf sb;
		sb_init(&sb);
		IrPrintOptions po = {.era = c.p->era, .locs = &c.locs};
		ir_print_program_opts(&sb, c.p, &po);
		sb_free(&sb);
	}
	ReduceTarget cur_t = *t;
	char root_cause[256];
	{
		FindingList fl;
		Finding f0;
		fl_init(&fl, c.p->arena);
		if (!fz_shows(t, c.p, &fl, &f0)) {
			snprintf(err, errlen, "the program does not show a %s finding of %s%s",
			         orc_kind_name(t->kind), t->model->name,
			         t->raw_signature ? " with that signature" : "");
			cur_free(&c);
			return -1;
		}
		if (!cur_t.root_cause && f0.root_cause) {
			snprintf(root_cause, sizeof root_cause, "%s", f0.root_cause);
			cur_t.root_cause = root_cause;
		}
	}
	for (;;) {
		run_passes(&cur_t, &c, r, t0, max_s, max_trials, 0);
		if (r->hit_limit || cur_t.kind == FK_DIFFERENTIAL)
			break;
		/* The canonicalising pass, under the relaxed match. */
		ReduceTarget relaxed = cur_t;
		FindingList fl;
		Finding f;
		fl_init(&fl, c.p->arena);
		if (!fz_shows(&cur_t, c.p, &fl, &f))
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
		run_passes(&relaxed, &c, r, t0, max_s, max_trials, 1);
		if (r->accepted == before)
			break;
		fl_init(&fl, c.p->arena);
		if (!fz_shows(&relaxed, c.p, &fl, &f))
			abort();
		cur_t.raw_signature = f.signature;
	}
	t = &cur_t;

	/* The result, read back from its text into the caller's arena, with its
	 * finding located. */
	Diag d;
	char *text = c.text;
	c.text = NULL;
	r->reduced = ir_read(a, "reduced", text, strlen(text), &d);
	if (!r->reduced)
		abort(); /* a well-formed program's text reads back */
	cur_free(&c);
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
