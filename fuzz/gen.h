/* gen.h: the program generator (README, Campaigns) and the decision stream it reads.
 *
 * Every choice the generator makes is one call on a Decider, which has two
 * sources: a splitmix64 PRNG seeded by a uint64 (campaigns, `gen --seed`),
 * or a byte buffer (libFuzzer/AFL++ inputs).  A byte buffer that runs out
 * answers 0, the smallest choice, so every byte string decodes to a valid
 * program, and a short input gives a small, plain one.
 *
 * Swarm testing: the first decision is a feature mask (FZ_F_*); only the
 * enabled constructs are generated, so rare combinations get their turn.
 */
#ifndef FENCEFUZZ_GEN_H
#define FENCEFUZZ_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "ir.h"

typedef struct Decider {
	const uint8_t *bytes; /* NULL: PRNG mode */
	size_t len, pos;
	uint64_t state;       /* splitmix64 state */
} Decider;

/* decisions.c */
void dz_init_seed(Decider *d, uint64_t seed);
void dz_init_bytes(Decider *d, const uint8_t *bytes, size_t len);
uint32_t dz_choose_bytes(Decider *d, uint32_t n); /* dz_choose's byte mode, n > 1 */
uint32_t dz_bits(Decider *d, int nbits);      /* nbits uniform bits, nbits <= 32 */
int dz_exhausted(const Decider *d);           /* byte mode and every byte used */

/* One splitmix64 step: the PRNG mode's next 64 bits. */
static inline uint64_t
dz_splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* In [0, n); 0 when n <= 1 or out of bytes.  Inline: the generator draws
 * one per choice, so the PRNG path is kept free of a call. */
static inline uint32_t
dz_choose(Decider *d, uint32_t n)
{
	if (n <= 1)
		return 0;
	if (!d->bytes)
		return (uint32_t)(((dz_splitmix(&d->state) >> 32) * (uint64_t)n) >> 32);
	return dz_choose_bytes(d, n);
}

/* 1 with that probability; 0 out of bytes.  In PRNG mode dz_choose(d, 100)
 * >= t is (x * 100) >> 32 >= t for the draw's top 32 bits x, that is x >=
 * ceil(t * 2^32 / 100): a constant where percent is one. */
static inline int
dz_flip(Decider *d, unsigned percent)
{
	if (percent >= 100)
		return 1;
	uint64_t t = 100 - percent;
	if (d->bytes)
		return dz_choose(d, 100) >= t;
	return (dz_splitmix(&d->state) >> 32) >= ((t << 32) + 99) / 100;
}

/* Swarm features: each names a family of constructs (fz_feature_name). */
#define FZ_FEATURES(X) \
	X(WARPSPEC,  "warpspec",  "warp-specialized `if tx >= 128:` producer/consumer with else") \
	X(PIPELINE,  "pipeline",  "pipelined `for ko` loops with mbarrier_wait_parity / ptx_arrive_barrier") \
	X(LOOPS,     "loops",     "loop variants: symbolic `n`, zero-trip, stepped range(0, 16, 2), T.unroll") \
	X(TMA_LOAD,  "tma_load",  "TMA loads into shared (tma_load, sometimes im2col) with expect_tx") \
	X(TMA_STORE, "tma_store", "TMA stores, with and without tma_store_arrive/tma_store_wait") \
	X(WGMMA,     "wgmma",     "ptx_wgmma_ss / _rs with descriptor setup") \
	X(TCGEN05,   "tcgen05",   "ptx_tcgen05_mma_ss / _ts") \
	X(BULK,      "bulk",      "ptx_cp_async_bulk into shared") \
	X(CP_ASYNC,  "cp_async",  "ptx_cp_async (tl spelling with tvm_access_ptr) and commit/wait groups") \
	X(MATRIX,    "matrix",    "ptx_stmatrix / ptx_ldmatrix") \
	X(LOCAL,     "local",     "local stores (and slice stores with T.Broadcast)") \
	X(LET,       "let",       "let-bound calls: x: T.int32 = T.call_extern(\"int32\", \"atomicAdd\", ...)") \
	X(WHILE,     "while",     "while loops over a local counter") \
	X(IF,        "if",        "nested ifs on tx / n, with and without else") \
	X(GUARD,     "guard",     "`if T.tl_shuffle_elect(128):` and `if tx == 0:` guarded regions") \
	X(BLOCK,     "block",     "block predicates: with T.block(...): T.where(...)") \
	X(EXTERN,    "extern",    "unknown externs, tvm_access_ptr masks 1/2/3/symbolic, T.address_of") \
	X(FENCE,     "fence",     "existing T.fence_proxy_async() statements") \
	X(ATTR,      "attr",      "T.attr(...) and assert statements") \
	X(ALIAS,     "alias",     "T.allocate + T.Buffer(..., data=...) aliases instead of decl_buffer") \
	X(TARGET,    "target",    "target variants: none, sm_80, sm_100a, sm_90 (else sm_90a)") \
	X(HEAD_OPS,  "head_ops",  "ops only TileLang head has: tma_load_multicast among the TMA loads, sparse " \
	                          "ptx_wgmma_sp_ss among the wgmmas (judged only by models of head)")

enum {
#define X(id, name, help) FZ_BIT_##id,
	FZ_FEATURES(X)
#undef X
	FZ_NFEATURES
};
enum {
#define X(id, name, help) FZ_F_##id = 1u << FZ_BIT_##id,
	FZ_FEATURES(X)
#undef X
	FZ_F_ALL = (1u << FZ_NFEATURES) - 1
};

typedef struct GenOptions {
	int size;          /* target number of statements; <= 0: 30 */
	unsigned features; /* swarm mask; 0: drawn from the decider */
	/* The TileLang versions (VV_* of vocab.h) of the models that will judge
	 * the program; every op it calls is one of theirs (a model refuses a
	 * program with an op its version lacks).  Without VV_HEAD the head_ops
	 * feature is off.  0: every modelled version. */
	unsigned versions;
} GenOptions;

/* gen.c */
/* Builds one function in arena a.  The program verifies and round-trips
 * through the printer and the reader.  *used (may be NULL) gets the
 * features the program actually contains. */
Program *fz_generate(Arena *a, Decider *d, const GenOptions *o);
Program *fz_generate_ex(Arena *a, Decider *d, const GenOptions *o, unsigned *used);
/* fz_generate_ex, and *versions (may be NULL) gets the TileLang versions
 * (VV_*) that have every op the program calls: what the models' vocabulary
 * scan would find (pass_input_versions). */
Program *fz_generate_full(Arena *a, Decider *d, const GenOptions *o, unsigned *used, unsigned *versions);
#define FZ_HAVE_GENERATE_FULL 1 /* (for sources built against older trees too) */
const char *fz_feature_name(int bit);
const char *fz_feature_help(int bit);
/* Parses "all" or a comma list of names; returns 0 and fills *mask, else -1. */
int fz_parse_features(const char *list, unsigned *mask);

#endif
