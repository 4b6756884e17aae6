/* vocab.h: the names a TVMScript program may call as T.NAME(...), per
 * modelled TileLang version (the table is vocab.def).
 *
 * The reader uses it to reject names no version knows, the generator and
 * the reducer to use only ops of the versions they target, and the pass
 * runner to refuse a program for a model whose version lacks one of its ops.
 */
#ifndef FENCEFUZZ_VOCAB_H
#define FENCEFUZZ_VOCAB_H

typedef enum {
	VN_SCRIPT, /* TVMScript / tilelang.language builder, frame, dtype, node */
	VN_TIR,    /* TVM op: tir.NAME (seed era), tirx.NAME (head era) */
	VN_TL      /* TileLang op: tl.NAME, tile ops tl.tileop.NAME */
} VocabNs;

/* A mask of modelled TileLang versions. */
enum {
	VV_LEGACY = 1 << 0, /* TileLang a60d619 */
	VV_SEED = 1 << 1,   /* TileLang 9f25954 */
	VV_HEAD = 1 << 2,   /* TileLang a35008a */
	VV_ALL = VV_LEGACY | VV_SEED | VV_HEAD
};

typedef struct VocabEntry {
	const char *name;
	VocabNs ns;
	unsigned versions;
} VocabEntry;

typedef struct VocabAlias {
	const char *spelling; /* what tilelang.language calls it */
	const char *printed;  /* what TVM prints: a VocabEntry name */
	unsigned versions;
} VocabAlias;

const VocabEntry *vocab_lookup(const char *name);     /* NULL: no such entry (aliases not followed) */
const VocabAlias *vocab_alias(const char *spelling);  /* NULL: not an alias */
const char *vocab_canonical(const char *name);        /* an alias's printed name, else name */
int vocab_known(const char *name);                    /* an entry or an alias */
int vocab_is_tl(const char *name);                    /* a tl op (aliases followed) */
unsigned vocab_versions(const char *name);            /* 0 if unknown; aliases: the alias's */
/* vocab_versions(name), with *entry = vocab_lookup(name) and *alias =
 * vocab_alias(name) (at most one of them set), in one look-up. */
unsigned vocab_resolve(const char *name, const VocabEntry **entry, const VocabAlias **alias);
/* The known name nearest to `name` by edit distance (a transposition counts
 * one), or NULL when none is close enough to be a likely misspelling. */
const char *vocab_nearest(const char *name);
/* "legacy", "seed", "head" for one VV_ bit; a list "seed, head" for a mask
 * written into buf. */
const char *vocab_versions_str(unsigned versions, char *buf, unsigned size);
int vocab_count(void);
const VocabEntry *vocab_entry(int i);

#endif
