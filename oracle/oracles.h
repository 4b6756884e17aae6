/* oracles.h: the input scope of the oracles: a caller judging several
 * outputs of one input program (a judge running several models on it, see
 * orc_share_begin in judge.h) says so, and an oracle may then keep what it
 * computes of the input alone from one output to the next. */
#ifndef FENCEFUZZ_ORACLES_H
#define FENCEFUZZ_ORACLES_H

#include "ir.h"

/* Between orc_input_begin(p) and orc_input_end(), p is not changed (nor
 * freed).  Scopes do not nest. */
void orc_input_begin(const Program *p);
void orc_input_end(void);
/* The current scope's number (a new one for each orc_input_begin, never 0)
 * when f is a function of its program; 0 outside a scope or for any other
 * function (a reduction's candidate judged inside one). */
unsigned long orc_input_epoch(const Func *f);

#endif
