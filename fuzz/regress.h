/* regress.h: the regression corpus (corpus/regress/, issue 5): reduced
 * programs that carry, in comments, what every built-in model must do with
 * them, replayed in CI so that a change of any model's behaviour on a
 * finding ever made fails the build.
 *
 * File format (a TVMScript file the reader takes as it is):
 *
 *   # fencefuzz regress: TITLE                  one or more title lines
 *   # verdict MODEL: KIND xN, KIND ... | ok     one per model: its findings
 *   <the program>
 *   # ==== expect MODEL                          one per model: its output,
 *   # <canonical output, commented>              as in corpus/seed/
 */
#ifndef FENCEFUZZ_REGRESS_H
#define FENCEFUZZ_REGRESS_H

#include <stdio.h>

#include "judge.h"
#include "oracle.h"
#include "pass.h"

#define REGRESS_TITLE "# fencefuzz regress: "
#define REGRESS_VERDICT "# verdict "
#define REGRESS_EXPECT "# ==== expect "

/* regress.c */
/* The verdict of model m on p under the default oracles: "ok" or the kinds
 * of its findings in kind order with counts ("unsound x2, not-idempotent").
 * Written into out. */
void fz_verdict(const PassModel *m, const Program *p, char *out, size_t outlen);
/* A whole regress file: title lines (each without the prefix; NULL-ended),
 * then verdict and expected output of each model for the program `text`.
 * Returns a malloc'd text, or NULL with err set when text does not read. */
char *fz_regress_render(const char *text, const char *const *titles,
                        const PassModel *const *models, int nmodels, char *err, size_t errlen);

typedef struct ReplayOptions {
	const char *const *only;   /* model names to check (NULL: every model in the file) */
	int nonly;
	/* --substitute NAME=MODEL: judge MODEL against NAME's expectations. */
	const char *const *sub_from;
	const PassModel *const *sub_to;
	int nsub;
	int update;                /* rewrite the expectations instead of comparing */
	int verbose;
} ReplayOptions;

/* Checks one regress file; prints one line per change (with the expected
 * and the new verdict, or the first differing output line) to out.
 * Returns the number of models whose behaviour changed, or -1 on bad input
 * (reported as file:line:col: message). *nchecked gets the models checked. */
int fz_replay_file(const char *path, const ReplayOptions *o, FILE *out, int *nchecked);

#endif
