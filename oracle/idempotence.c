/* idempotence.c: the idempotence oracle (docs/semantics.md §5.6): a model run on its own
 * output must change nothing, M(Q) == Q.
 *
 * The caller runs the model twice and hands both outputs here; the verdict
 * is structural equality (ir_equal_func).  When the second run only inserts
 * fences or handshake calls (legacy re-adds tma_store_arrive/wait after every
 * tma_store), the alignment of preserve.c names them and where they go;
 * otherwise the first divergence it finds is reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

static const char *
kind_word(const Stmt *s)
{
	return s->kind == ST_SEQ || !ir_stmt_nbodies(s) ? "statement" : ir_stmt_word(s->kind);
}

/* "before 12:5", or "at the end of the then branch of the if at 10:5". */
static void
where_phrase(const Inserted *x, char *buf, size_t n)
{
	const Stmt *before = x->p_next && x->p_next->loc.line ? x->p_next
	                     : x->next && x->next->loc.line  ? x->next
	                                                     : NULL;
	const Stmt *parent = x->p_parent ? x->p_parent : x->parent;
	if (before)
		snprintf(buf, n, "before %d:%d", before->loc.line, before->loc.col);
	else if (parent)
		snprintf(buf, n, "at the end of the %s of the %s at %d:%d",
		         parent->kind == ST_IF ? (x->branch ? "else branch" : "then branch") : "body",
		         kind_word(parent),
		         parent->loc.line, parent->loc.col);
	else
		snprintf(buf, n, "at the end of the function");
}

static int
same_place(const Inserted *a, const Inserted *b)
{
	return a->p_next == b->p_next && a->p_parent == b->p_parent && a->branch == b->branch;
}

static const char RULE[] =
	"idempotence (docs/semantics.md \u00a75.6): running the model on its own output must give the same output";

int
orc_idempotence(const Func *q, const Func *qq, const char *model, FindingList *out)
{
	if (orc_func_is_copy(q, qq) || ir_equal_func(q, qq))
		return 0;
	Arena *a = out->arena;
	Inserted *ins = NULL;
	int nins = 0;
	Loc where = {0, 0};
	const char *what = NULL;
	char why[400];
	Finding *f;
	if (orc_align_explain(q, qq, a, &ins, &nins, &where, &what, why, sizeof why) == 0 && nins > 0) {
		where = orc_inserted_loc(&ins[0]);
		f = fl_add(out, FK_NOT_IDEMPOTENT, model, "idempotence", RULE, where);
		/* "tma_store_arrive(), tma_store_wait() before 24:5; ..." by place. */
		StrBuf sb;
		sb_init(&sb);
		int k = 0, shown = 0;
		while (k < nins && shown < 4) {
			int j = k;
			for (; j < nins && same_place(&ins[k], &ins[j]); j++)
				sb_printf(&sb, "%s%s()", j > k ? ", " : shown ? "; " : "",
				          ins[j].stmt->u.eval.value->u.call.name);
			char place[160];
			where_phrase(&ins[k], place, sizeof place);
			sb_printf(&sb, " %s", place);
			shown++;
			k = j;
		}
		char *list = sb_take(&sb);
		fl_set_message(out, f, "a second run inserts %d more statement%s: %s%s", nins,
		               nins == 1 ? "" : "s", list, k < nins ? "; ..." : "");
		free(list);
		for (int i = 0; i < nins && i < 8; i++) {
			char step[96];
			snprintf(step, sizeof step, "re-inserted %s()", ins[i].stmt->u.eval.value->u.call.name);
			fl_add_step(out, f, orc_inserted_loc(&ins[i]), step);
		}
	} else {
		f = fl_add(out, FK_NOT_IDEMPOTENT, model, "idempotence", RULE, where);
		if (what)
			fl_set_message(out, f, "a second run changes the output: %s", why);
		else
			fl_set_message(out, f, "a second run changes the output (structurally)");
		fl_add_step(out, f, where, what ? what : "changed");
	}
	f->strength_note = ar_strdup(a, "structural equality of M(Q) and Q");
	fl_sign(f);
	return 1;
}
