/* gen_roundtrip: the generator's contract (fuzz/gen.h).
 *
 * For seeds 1..2000 at sizes 10, 30, 100, and 2000 byte strings (empty and
 * one-byte ones included) through the byte Decider: the program verifies,
 * prints, reads back structurally equal with an equal hash, and every
 * built-in model's output verifies and reads back equal.  Same seed, same
 * text.  Over the seeds at size 30: every feature appears in at least 10% of
 * programs and every model other than identity inserts fences somewhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "pass.h"
#include "ptrmap.h"

/* Defaults; `gen_roundtrip SEEDS BYTES` overrides them (CTest runs a
 * smaller count under sanitizers, see tests/CMakeLists.txt). */
static int NSEEDS = 2000, NBYTES = 2000;

static int passed, failed;
static int nmodels;
static const PassModel *const *models;
static int changed[16];
static int feature_count[FZ_NFEATURES];

static void
fail(const char *what, const char *how, const char *text)
{
	if (failed < 5) {
		fprintf(stderr, "FAIL %s: %s\n", what, how);
		if (text)
			fprintf(stderr, "%s\n", text);
	}
	failed++;
}

static char *
print(const Program *p)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, p);
	return sb_take(&sb);
}

/* Statement by statement, the printer's location map for p (IrPrintOptions.locs)
 * against the locations of q, p read back: 0 when every one agrees, else -1
 * with *why saying where. */
static int
same_locs(const Stmt *ps, const Stmt *qs, const PtrMap *locs, char *why, size_t n)
{
	if (!ps || !qs) {
		if (ps != qs)
			snprintf(why, n, "a body is missing on one side");
		return ps == qs ? 0 : -1;
	}
	if (ps->kind != qs->kind) {
		snprintf(why, n, "statement kinds differ at %d:%d", qs->loc.line, qs->loc.col);
		return -1;
	}
	int line = 0, col = 0;
	void *v = pm_get(locs, ps);
	if (v)
		pm_loc_unpack(v, &line, &col);
	if (line != qs->loc.line || col != qs->loc.col) {
		snprintf(why, n, "statement of kind %d mapped to %d:%d, read back at %d:%d", ps->kind, line,
		         col, qs->loc.line, qs->loc.col);
		return -1;
	}
	if (ps->kind == ST_SEQ) {
		if (ps->u.seq.n != qs->u.seq.n) {
			snprintf(why, n, "sequence lengths differ at %d:%d", line, col);
			return -1;
		}
		for (int i = 0; i < ps->u.seq.n; i++)
			if (same_locs(ps->u.seq.items[i], qs->u.seq.items[i], locs, why, n))
				return -1;
		return 0;
	}
	if (ps->kind == ST_IF)
		return same_locs(ps->u.if_.then_, qs->u.if_.then_, locs, why, n) ||
		               same_locs(ps->u.if_.else_, qs->u.if_.else_, locs, why, n)
		           ? -1
		           : 0;
	return same_locs(ir_body(ps), ir_body(qs), locs, why, n);
}

/* Verifies p, prints it, reads it back; returns the text (caller frees) or NULL.
 * The printer's location map must give every statement of p the location
 * its copy read back has. */
static char *
roundtrip(const char *what, const Program *p)
{
	Diag d;
	if (ir_verify_program(p, &d)) {
		char *t = print(p);
		fail(what, d.msg, t);
		free(t);
		return NULL;
	}
	char *text = print(p);
	PtrMap locs = {0};
	StrBuf lsb;
	sb_init(&lsb);
	IrPrintOptions po = {.era = p->era, .locs = &locs};
	ir_print_program_opts(&lsb, p, &po);
	Arena *a = ar_new();
	Program *q = ir_read(a, what, text, strlen(text), &d);
	char why[256] = "";
	int ok = 0;
	if (strcmp(lsb.p ? lsb.p : "", text) != 0) {
		fail(what, "printing with a location map changes the text", text);
	} else if (!q) {
		fail(what, d.msg, text);
	} else if (!ir_equal_program(p, q)) {
		fail(what, "read back differs", text);
	} else if (ir_hash_program(p) != ir_hash_program(q)) {
		fail(what, "hash differs after reading back", text);
	} else {
		for (int i = 0; i < p->nfuncs && !why[0]; i++)
			same_locs(p->funcs[i]->body, q->funcs[i]->body, &locs, why, sizeof why);
		if (why[0])
			fail(what, why, text);
		ok = !why[0];
	}
	sb_free(&lsb);
	pm_free(&locs);
	ar_free(a);
	if (ok)
		return text;
	free(text);
	return NULL;
}

static void
check(const char *what, Decider *d, int size, int count_features)
{
	Arena *a = ar_new();
	GenOptions o = {.size = size};
	unsigned used = 0;
	Program *p = fz_generate_ex(a, d, &o, &used);
	char *text = roundtrip(what, p);
	int ok = text != NULL;
	if (ok) {
		for (int m = 0; m < nmodels; m++) {
			if (!pass_accepts(models[m], p, NULL))
				continue; /* an op the model's version lacks */
			Program *q = pass_run(models[m], p);
			Diag vd;
			if (ir_equal_program(p, q)) { /* unchanged: the input's round trip covers it */
				if (ir_verify_program(q, &vd)) {
					fail(models[m]->name, vd.msg, NULL);
					ok = 0;
				}
				continue;
			}
			char name[256];
			snprintf(name, sizeof name, "%s/%s", what, models[m]->name);
			char *qt = roundtrip(name, q);
			if (!qt) {
				ok = 0;
				continue;
			}
			if (count_features && strcmp(qt, text) != 0)
				changed[m]++;
			free(qt);
		}
	}
	if (count_features)
		for (int i = 0; i < FZ_NFEATURES; i++)
			if (used & (1u << i))
				feature_count[i]++;
	if (ok)
		passed++;
	free(text);
	ar_free(a);
}

static char *
gen_text(uint64_t seed)
{
	Arena *a = ar_new();
	Decider d;
	dz_init_seed(&d, seed);
	GenOptions o = {.size = 30};
	char *t = print(fz_generate(a, &d, &o));
	ar_free(a);
	return t;
}

int
main(int argc, char **argv)
{
	if (argc > 1)
		NSEEDS = atoi(argv[1]);
	if (argc > 2)
		NBYTES = atoi(argv[2]);
	if (NSEEDS < 1 || NBYTES < 0) {
		fprintf(stderr, "usage: gen_roundtrip [SEEDS [BYTES]]\n");
		return 2;
	}
	models = pass_models(&nmodels);
	if (nmodels > 16)
		nmodels = 16;
	static const int sizes[] = {10, 30, 100};
	char what[128];
	for (int si = 0; si < 3; si++) {
		for (uint64_t s = 1; s <= (uint64_t)NSEEDS; s++) {
			snprintf(what, sizeof what, "seed %llu size %d", (unsigned long long)s, sizes[si]);
			Decider d;
			dz_init_seed(&d, s);
			check(what, &d, sizes[si], sizes[si] == 30);
		}
	}
	/* Byte inputs: lengths 0..~300 drawn from a PRNG decider, not rand(). */
	Decider lens;
	dz_init_seed(&lens, 0xb17e5);
	uint8_t buf[512];
	for (int i = 0; i < NBYTES; i++) {
		size_t len = i < 2 ? (size_t)i : i < 258 ? 1 : dz_choose(&lens, 320);
		for (size_t k = 0; k < len; k++)
			buf[k] = i >= 2 && i < 258 ? (uint8_t)(i - 2) : (uint8_t)dz_choose(&lens, 256);
		snprintf(what, sizeof what, "bytes #%d (%zu bytes)", i, len);
		Decider d;
		dz_init_bytes(&d, len ? buf : NULL, len);
		check(what, &d, 30, 0);
	}
	/* Determinism. */
	for (uint64_t s = 1; s <= 200; s++) {
		char *x = gen_text(s), *y = gen_text(s);
		snprintf(what, sizeof what, "determinism seed %llu", (unsigned long long)s);
		if (strcmp(x, y) != 0)
			fail(what, "two prints differ", NULL);
		else
			passed++;
		free(x);
		free(y);
	}
	/* Coverage over the size-30 seeds. */
	printf("feature rates over %d seeds (size 30):\n", NSEEDS);
	for (int i = 0; i < FZ_NFEATURES; i++) {
		double r = (double)feature_count[i] / NSEEDS;
		printf("  %-10s %5.1f%%\n", fz_feature_name(i), 100 * r);
		if (r < 0.10) {
			snprintf(what, sizeof what, "feature %s", fz_feature_name(i));
			fail(what, "in fewer than 10% of programs", NULL);
		}
	}
	printf("programs changed by each model (size 30):\n");
	for (int m = 0; m < nmodels; m++) {
		printf("  %-18s %5.1f%%\n", models[m]->name, 100.0 * changed[m] / NSEEDS);
		if (strcmp(models[m]->name, "identity") != 0 && changed[m] == 0) {
			snprintf(what, sizeof what, "model %s", models[m]->name);
			fail(what, "inserts no fence in any program", NULL);
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
