/* findings.c: building, signing and printing oracle findings. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "oracle.h"
#include "oracles.h"

static const char *const kind_names[FK_COUNT] = {
	[FK_UNSOUND] = "unsound",
	[FK_UNSOUND_WAR] = "unsound-war",
	[FK_UNSOUND_CROSS] = "unsound-cross",
	[FK_UNSOUND_WRITER] = "unsound-writer",
	[FK_UNNECESSARY_FENCE] = "unnecessary-fence",
	[FK_PLACEMENT] = "suboptimal-placement",
	[FK_ALIAS_FENCE] = "alias-redundant-fence",
	[FK_NOT_PRESERVED] = "not-preserved",
	[FK_NOT_IDEMPOTENT] = "not-idempotent",
	[FK_HANDSHAKE] = "handshake",
	[FK_DIFFERENTIAL] = "differential",
	[FK_GATED] = "gated",
	[FK_MODEL_CRASH] = "model-crash",
	[FK_MODEL_TIMEOUT] = "model-timeout",
	[FK_MODEL_UNREADABLE] = "model-unreadable",
	[FK_MODEL_REJECTED] = "model-rejected",
	[FK_TIMEOUT] = "timeout",
	[FK_OOM] = "oom",
	[FK_CRASH] = "crash",
};

void
orc_defaults(OracleOptions *o)
{
	memset(o, 0, sizeof *o);
	o->enabled = ORC_ALL;
	o->war = 1; /* docs/semantics.md §2: every NVIDIA source asks for a fence here */
	o->alias_aware = 0;
	o->unknown_trip_weight = 16;
	o->placement_max_gaps = 64; /* the corpus has at most 54; the search stays < 1 ms */
	o->placement_worst_path = 1; /* cost = fences executed on the worst path */
}

const char *
orc_kind_name(FindingKind k)
{
	return k < FK_COUNT ? kind_names[k] : "?";
}

int
orc_kind_parse(const char *name)
{
	for (int k = 0; k < FK_COUNT; k++)
		if (!strcmp(kind_names[k], name))
			return k;
	return -1;
}

int
orc_profile_parse(const char *name)
{
	return !strcmp(name, "program-order") ? ORC_PROFILE_PROGRAM_ORDER
	       : !strcmp(name, "writer")      ? ORC_PROFILE_WRITER
	       : !strcmp(name, "both")        ? ORC_PROFILE_BOTH
	                                      : -1;
}

void
fl_init(FindingList *fl, Arena *a)
{
	memset(fl, 0, sizeof *fl);
	fl->arena = a;
}

Finding *
fl_add(FindingList *fl, FindingKind kind, const char *model, const char *oracle,
       const char *rule, Loc loc)
{
	if (fl->n == fl->cap) {
		int cap = fl->cap ? fl->cap * 2 : 8;
		Finding *items = ar_alloc(fl->arena, sizeof *items * (size_t)cap);
		if (fl->n)
			memcpy(items, fl->items, sizeof *items * (size_t)fl->n);
		fl->items = items;
		fl->cap = cap;
	}
	Finding *f = &fl->items[fl->n++];
	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->model = model;
	f->oracle = oracle;
	f->rule = rule;
	f->loc = loc;
	f->strength = STRENGTH_PROVED;
	return f;
}

void
fl_set_message(FindingList *fl, Finding *f, const char *fmt, ...)
{
	if (fl->keys_only)
		return;
	va_list ap;
	va_start(ap, fmt);
	char buf[1024];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	f->message = ar_strdup(fl->arena, buf);
}

void
fl_add_note(FindingList *fl, const char *fmt, ...)
{
	if (fl->keys_only)
		return;
	va_list ap;
	va_start(ap, fmt);
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	fl_add_note_text(fl, buf);
}

void
fl_add_note_text(FindingList *fl, const char *text)
{
	if (fl->keys_only)
		return;
	size_t n = strlen(text);
	char **notes = ar_alloc(fl->arena, sizeof *notes * (size_t)(fl->nnotes + 1));
	if (fl->nnotes)
		memcpy(notes, fl->notes, sizeof *notes * (size_t)fl->nnotes);
	notes[fl->nnotes++] = ar_strndup(fl->arena, text, n < 511 ? n : 511);
	fl->notes = notes;
}

void
fl_add_step(FindingList *fl, Finding *f, Loc loc, const char *what)
{
	WitnessStep *w = ar_alloc(fl->arena, sizeof *w * (size_t)(f->nwitness + 1));
	if (f->nwitness)
		memcpy(w, f->witness, sizeof *w * (size_t)f->nwitness);
	w[f->nwitness].loc = loc;
	w[f->nwitness].what = ar_strdup(fl->arena, what);
	f->witness = w;
	f->nwitness++;
}

#define FNV_PRIME_64 0x100000001b3ULL

static uint64_t
mix(uint64_t h, const char *s)
{
	/* FNV-1a: stable across runs and machines, which dedup in SQLite needs.
	 * Byte by byte as ever, four to a turn of the loop. */
	if (s) {
		const unsigned char *p = (const unsigned char *)s;
		size_t n = strlen(s);
		for (; n >= 4; n -= 4, p += 4) {
			h = (h ^ p[0]) * FNV_PRIME_64;
			h = (h ^ p[1]) * FNV_PRIME_64;
			h = (h ^ p[2]) * FNV_PRIME_64;
			h = (h ^ p[3]) * FNV_PRIME_64;
		}
		for (; n; n--, p++)
			h = (h ^ *p) * FNV_PRIME_64;
	}
	return (h ^ 0xff) * FNV_PRIME_64;
}

/* The signature's start, mix of the kind's name, the model, the oracle and
 * the rule, remembered for the last combinations seen: most findings share
 * one of a few (the rule is a long text).  Looked up by the four pointers
 * in turn (no hash of addresses whose collisions would depend on where the
 * texts lie), replaced in turn.  An entry holds its own copy of the texts,
 * so a string whose bytes changed at the same address is mixed again. */
enum { SIGN_MEMO = 16 };
static _Thread_local struct SignMemo {
	FindingKind kind;
	const char *model, *oracle, *rule; /* as seen, NULL included */
	char *text;                        /* model, oracle and rule, each NUL-ended ("" for NULL) */
	size_t model_len, oracle_len, cap;
	uint64_t out;
} sign_memo[SIGN_MEMO];
static _Thread_local int sign_memo_next;

static int
same_text(const char *kept, const char *s)
{
	return !s || strcmp(kept, s) == 0; /* the pointers are equal: both NULL, or s to compare */
}

static uint64_t
sign_start(const Finding *f)
{
	struct SignMemo *m = sign_memo;
	for (; m < sign_memo + SIGN_MEMO; m++)
		if (m->rule == f->rule && m->model == f->model && m->oracle == f->oracle &&
		    m->kind == f->kind && m->text)
			break;
	if (m < sign_memo + SIGN_MEMO && same_text(m->text, f->model) &&
	    same_text(m->text + m->model_len + 1, f->oracle) &&
	    same_text(m->text + m->model_len + m->oracle_len + 2, f->rule))
		return m->out;
	if (m == sign_memo + SIGN_MEMO) {
		m = &sign_memo[sign_memo_next];
		sign_memo_next = (sign_memo_next + 1) % SIGN_MEMO;
	}
	uint64_t h = 0xcbf29ce484222325ULL;
	h = mix(h, orc_kind_name(f->kind));
	h = mix(h, f->model);
	h = mix(h, f->oracle);
	h = mix(h, f->rule);
	const char *part[3] = {f->model ? f->model : "", f->oracle ? f->oracle : "", f->rule ? f->rule : ""};
	size_t len[3], need = 0;
	for (int i = 0; i < 3; i++)
		need += (len[i] = strlen(part[i])) + 1;
	m->text = orc_scratch_grow(m->text, &m->cap, need); /* (overwritten whole below) */
	char *t = m->text;
	for (int i = 0; i < 3; i++) {
		memcpy(t, part[i], len[i] + 1);
		t += len[i] + 1;
	}
	m->kind = f->kind;
	m->model = f->model;
	m->oracle = f->oracle;
	m->rule = f->rule;
	m->model_len = len[0];
	m->oracle_len = len[1];
	m->out = h;
	return h;
}

/* mix(mix(h, a), b) for the first and last witness steps' descriptions,
 * remembered by their text: the signatures of a run share a few dozen such
 * pairs, whose copies (made in each finding's arena) are new strings each
 * time.  The slot is chosen from h, the lengths and the last characters (not
 * from addresses); an entry holds its own copy of both texts. */
enum { WITNESS_MEMO = 64 };
static _Thread_local struct WitnessMemo {
	uint64_t in, out;
	char *text; /* a and b, each NUL-ended */
	size_t alen, blen, cap;
} witness_memo[WITNESS_MEMO];

static uint64_t
mix_ends(uint64_t h, const char *a, const char *b)
{
	if (!a)
		a = ""; /* mix reads NULL as "" */
	if (!b)
		b = "";
	size_t la = strlen(a), lb = strlen(b);
	uint64_t key = h ^ (la * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)lb << 32);
	key ^= (uint64_t)(la ? (unsigned char)a[la - 1] : 0) << 8 | (uint64_t)(lb ? (unsigned char)b[lb - 1] : 0) << 16;
	struct WitnessMemo *m = &witness_memo[(key * 0x9e3779b97f4a7c15ULL) >> 58];
	if (m->text && m->in == h && m->alen == la && m->blen == lb && memcmp(m->text, a, la) == 0 &&
	    memcmp(m->text + la + 1, b, lb) == 0)
		return m->out;
	uint64_t out = mix(mix(h, a), b);
	size_t need = la + lb + 2;
	m->text = orc_scratch_grow(m->text, &m->cap, need); /* (overwritten whole below) */
	memcpy(m->text, a, la + 1);
	memcpy(m->text + la + 1, b, lb + 1);
	m->in = h;
	m->out = out;
	m->alen = la;
	m->blen = lb;
	return out;
}

/* The signature names the cause, not the program: kind, model, oracle, rule
 * and the witness steps' descriptions (which name ops and event classes, not
 * locations or buffer names). */
void
fl_sign(Finding *f)
{
	uint64_t h = sign_start(f);
	if (f->nwitness)
		h = mix_ends(h, f->witness[0].what, f->witness[f->nwitness - 1].what);
	f->signature = h;
}

static const char *
strength_name(Strength s)
{
	return s == STRENGTH_PROVED ? "proved" : s == STRENGTH_BOUNDED ? "bounded" : "undecided";
}

void
orc_print_finding(FILE *out, const Finding *f, const char *file, int verbose)
{
	fprintf(out, "%s:%d:%d: %s [%s, %s]: %s", file, f->loc.line, f->loc.col,
	        orc_kind_name(f->kind), f->model, f->oracle, f->message ? f->message : "");
	if (f->nwitness) {
		fprintf(out, "; witness:");
		for (int i = 0; i < f->nwitness; i++)
			fprintf(out, "%s %d:%d %s", i ? " ->" : "", f->witness[i].loc.line,
			        f->witness[i].loc.col, f->witness[i].what);
	}
	fprintf(out, "; %s", strength_name(f->strength));
	if (f->strength_note)
		fprintf(out, " (%s)", f->strength_note);
	if (f->root_cause)
		fprintf(out, "; root cause: %s", f->root_cause);
	fputc('\n', out);
	if (verbose)
		fprintf(out, "  rule: %s\n  signature: %016llx\n", f->rule ? f->rule : "",
		        (unsigned long long)f->signature);
}

static void
json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

void
orc_print_finding_json(FILE *out, const Finding *f, const char *file)
{
	fprintf(out, "{\"kind\": ");
	json_string(out, orc_kind_name(f->kind));
	fprintf(out, ", \"model\": ");
	json_string(out, f->model);
	fprintf(out, ", \"oracle\": ");
	json_string(out, f->oracle);
	fprintf(out, ", \"file\": ");
	json_string(out, file);
	fprintf(out, ", \"line\": %d, \"col\": %d, \"message\": ", f->loc.line, f->loc.col);
	json_string(out, f->message);
	fprintf(out, ", \"rule\": ");
	json_string(out, f->rule);
	fprintf(out, ", \"strength\": ");
	json_string(out, strength_name(f->strength));
	fprintf(out, ", \"strength_note\": ");
	json_string(out, f->strength_note);
	fprintf(out, ", \"witness\": [");
	for (int i = 0; i < f->nwitness; i++) {
		fprintf(out, "%s{\"line\": %d, \"col\": %d, \"what\": ", i ? ", " : "",
		        f->witness[i].loc.line, f->witness[i].loc.col);
		json_string(out, f->witness[i].what);
		fputc('}', out);
	}
	fprintf(out, "], \"root_cause\": ");
	if (f->root_cause)
		json_string(out, f->root_cause);
	else
		fputs("null", out);
	fprintf(out, ", \"signature\": \"%016llx\"}\n", (unsigned long long)f->signature);
}
