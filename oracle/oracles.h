/* oracles.h: the input scope of the oracles: a caller judging several
 * outputs of one input program (a judge running several models on it, see
 * orc_share_begin in judge.h) says so, and an oracle may then keep what it
 * computes of the input alone from one output to the next. */
#ifndef FENCEFUZZ_ORACLES_H
#define FENCEFUZZ_ORACLES_H

#include <string.h>

#include "ir.h"

/* Between orc_input_begin(p) and orc_input_end(), p is not changed (nor
 * freed).  Scopes do not nest. */
void orc_input_begin(const Program *p);
void orc_input_end(void);
/* The current scope's number (a new one for each orc_input_begin, never 0)
 * when f is a function of its program; 0 outside a scope or for any other
 * function (a reduction's candidate judged inside one). */
unsigned long orc_input_epoch(const Func *f);

/* events.c: a scratch array p of *cap bytes, at least need bytes now: the
 * same one when it is large enough, else a fresh one (doubled from 256;
 * the old contents are dropped); *cap updated. */
void *orc_scratch_grow(void *p, size_t *cap, size_t need);

/* soundness.c: many orc_is_sound_graph queries on one graph that read only
 * the given nodes var[0 .. nvar) the other way round (each an EV_FENCE or
 * an EV_NOP, distinct): the graph is cut at those nodes once, and a query
 * searches the cut graph over the given nodes alone.  NULL when the graph
 * has more than 64 given nodes, generic accesses or async accesses (the
 * queries then go to orc_is_sound_graph).  flip: one word, bit j set when
 * var[j] is read the other way round.  The verdict is orc_is_sound_graph's
 * with on[var[j]] = bit j, under the options' war and alias_aware (what
 * depends on them is made at their first query).  g must outlive the cut
 * and not change. */
struct EventGraph;
struct OracleOptions;
typedef struct OrcSoundCut OrcSoundCut;
OrcSoundCut *orc_sound_cut(const struct EventGraph *g, const int *var, int nvar);
int orc_sound_cut_query(OrcSoundCut *cut, const struct OracleOptions *o, const uint64_t *flip);
void orc_sound_cut_free(OrcSoundCut *cut);

/* The decimal text of v, written backwards into d; returns where it starts
 * (the messages' integers, formatted without snprintf). */
static inline const char *
orc_decimal(char d[24], long long v)
{
	int i = 24;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	d[--i] = 0;
	do
		d[--i] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		d[--i] = '-';
	return d + i;
}

/* Appends s to buf[*k ..] within n > 0 bytes (n - 1 characters), as
 * snprintf truncates, and keeps buf terminated: a message put together
 * piece by piece without format parsing. */
static inline void
orc_put_str(char *buf, size_t n, size_t *k, const char *s)
{
	if (!s)
		s = "(null)"; /* as glibc's %s */
	size_t len = strlen(s), room = n - 1 - *k;
	if (len > room)
		len = room;
	memcpy(buf + *k, s, len);
	*k += len;
	buf[*k] = 0;
}

static inline void
orc_put_int(char *buf, size_t n, size_t *k, long long v)
{
	char d[24];
	orc_put_str(buf, n, k, orc_decimal(d, v));
}

#endif
