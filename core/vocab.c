/* vocab.c: lookup in the vocabulary of vocab.def (hashed), and the nearest
 * known name for "did you mean" messages. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "ir.h"
#include "vocab.h"

static const VocabEntry entries[] = {
#define VOCAB(name, ns, versions) {#name, ns, versions},
#define VOCAB_ALIAS(spelling, printed, versions)
#include "vocab.def"
#undef VOCAB
#undef VOCAB_ALIAS
};

static const VocabAlias aliases[] = {
#define VOCAB(name, ns, versions)
#define VOCAB_ALIAS(spelling, printed, versions) {#spelling, #printed, versions},
#include "vocab.def"
#undef VOCAB
#undef VOCAB_ALIAS
};

enum {
	N_ENTRIES = sizeof entries / sizeof entries[0],
	N_ALIASES = sizeof aliases / sizeof aliases[0],
	SLOTS = 4096 /* a power of two, well over twice the names */
};

/* Open addressing; a slot holds index+1 into entries (positive) or
 * -(index+1) into aliases, 0 when empty. */
static int slots[SLOTS];
static pthread_once_t slots_once = PTHREAD_ONCE_INIT;

static unsigned
hash(const char *s)
{
	unsigned h = 2166136261u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static const char *
slot_name(int v)
{
	return v > 0 ? entries[v - 1].name : aliases[-v - 1].spelling;
}

static void
insert(const char *name, int v)
{
	unsigned i = hash(name) & (SLOTS - 1);
	while (slots[i]) {
		/* A name listed twice would shadow one of its lines. */
		if (strcmp(slot_name(slots[i]), name) == 0)
			__builtin_trap();
		i = (i + 1) & (SLOTS - 1);
	}
	slots[i] = v;
}

static void
build(void)
{
	_Static_assert(N_ENTRIES + N_ALIASES < SLOTS / 2, "vocab.def outgrew the hash table");
	for (int i = 0; i < N_ENTRIES; i++)
		insert(entries[i].name, i + 1);
	for (int i = 0; i < N_ALIASES; i++)
		insert(aliases[i].spelling, -(i + 1));
}

static int
find(const char *name)
{
	pthread_once(&slots_once, build);
	if (!name)
		return 0;
	for (unsigned i = hash(name) & (SLOTS - 1); slots[i]; i = (i + 1) & (SLOTS - 1))
		if (strcmp(slot_name(slots[i]), name) == 0)
			return slots[i];
	return 0;
}

const VocabEntry *
vocab_lookup(const char *name)
{
	int v = find(name);
	return v > 0 ? &entries[v - 1] : NULL;
}

const VocabAlias *
vocab_alias(const char *spelling)
{
	int v = find(spelling);
	return v < 0 ? &aliases[-v - 1] : NULL;
}

const char *
vocab_canonical(const char *name)
{
	const VocabAlias *a = vocab_alias(name);
	return a ? a->printed : name;
}

int
vocab_known(const char *name)
{
	return find(name) != 0;
}

int
vocab_is_tl(const char *name)
{
	const VocabEntry *e = vocab_lookup(vocab_canonical(name));
	return e && e->ns == VN_TL;
}

unsigned
vocab_resolve(const char *name, const VocabEntry **entry, const VocabAlias **alias)
{
	int v = find(name);
	*entry = v > 0 ? &entries[v - 1] : NULL;
	*alias = v < 0 ? &aliases[-v - 1] : NULL;
	return v > 0 ? entries[v - 1].versions : v < 0 ? aliases[-v - 1].versions : 0;
}

unsigned
vocab_versions(const char *name)
{
	int v = find(name);
	if (v > 0)
		return entries[v - 1].versions;
	return v < 0 ? aliases[-v - 1].versions : 0;
}

int
vocab_count(void)
{
	return N_ENTRIES;
}

const VocabEntry *
vocab_entry(int i)
{
	return i >= 0 && i < N_ENTRIES ? &entries[i] : NULL;
}

const char *
vocab_versions_str(unsigned versions, char *buf, unsigned size)
{
	static const struct { unsigned bit; const char *name; } names[] = {
		{VV_LEGACY, "legacy"}, {VV_SEED, "seed"}, {VV_HEAD, "head"},
	};
	size_t n = 0;
	if (size)
		buf[0] = 0;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if ((versions & names[i].bit) && n < size)
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", names[i].name);
	if (size && !buf[0])
		snprintf(buf, size, "none");
	return buf;
}

/* ---- nearest name -------------------------------------------------------- */

enum { MAX_NEAR = 64 }; /* longer names get no suggestion */

/* Optimal string alignment distance: insertions, deletions, substitutions
 * and adjacent transpositions each cost one; gives up above `limit`. */
static int
edit_distance(const char *a, const char *b, int limit)
{
	int n = (int)strlen(a), m = (int)strlen(b);
	if (n > MAX_NEAR || m > MAX_NEAR || (n > m ? n - m : m - n) > limit)
		return limit + 1;
	int d[MAX_NEAR + 1][MAX_NEAR + 1];
	for (int i = 0; i <= n; i++)
		d[i][0] = i;
	for (int j = 0; j <= m; j++)
		d[0][j] = j;
	for (int i = 1; i <= n; i++) {
		int row_min = limit + 1;
		for (int j = 1; j <= m; j++) {
			int cost = a[i - 1] != b[j - 1];
			int v = d[i - 1][j - 1] + cost;
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
			if (v < row_min)
				row_min = v;
		}
		if (row_min > limit)
			return limit + 1;
	}
	return d[n][m];
}

const char *
vocab_nearest(const char *name)
{
	if (!name || !*name)
		return NULL;
	/* About one edit in three characters, at least one, at most three: a
	 * suggestion further off is more confusing than none. */
	int len = (int)strlen(name);
	int limit = len / 3 < 1 ? 1 : len / 3 > 3 ? 3 : len / 3;
	const char *best = NULL;
	int best_d = limit + 1;
	for (int i = 0; i < N_ENTRIES + N_ALIASES; i++) {
		const char *cand = i < N_ENTRIES ? entries[i].name : aliases[i - N_ENTRIES].spelling;
		int d = edit_distance(name, cand, best_d - 1 < limit ? best_d - 1 : limit);
		if (d < best_d) {
			best_d = d;
			best = cand;
		}
	}
	return best;
}

/* ir.h's name for the reader: the frontend's spellings of ops TVM prints
 * differently (docs/tvmscript.md §8). */
const char *
op_canonical_name(const char *name)
{
	return vocab_canonical(name);
}
